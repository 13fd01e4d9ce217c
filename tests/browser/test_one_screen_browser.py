"""One screen per table: at each screen size people use, the player's decision
(their whole hand with the legal moves, whose turn it is, the score and the
trick or line in play) and a hand's end (its summary and Continue) are in view
without scrolling, and nothing scrolls sideways; a lesson's words sit beside its
table."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_learn_browser import open_at, wait_step
from test_web_browser import click_a_legal_move, create_table, new_page, wait_turn_or_end

SIZES = {
    "laptop-1366x768": (1366, 768),
    "laptop-1280x800": (1280, 800),
    "laptop-1440x900": (1440, 900),
    "tablet-768x1024": (768, 1024),
    "tablet-1024x768": (1024, 768),
    "phone-390x844": (390, 844),
    "phone-360x740": (360, 740),
}

# (game, options, players): every game and every player count it is played with
TABLES = [
    ("texas42", {}, 4),
    ("fiveup", {"players": "2"}, 2),
    ("fiveup", {"players": "3"}, 3),
    ("fiveup", {"players": "4"}, 4),
    ("bingo", {}, 2),
    ("cavaleiro", {"players": "2"}, 2),
    ("cavaleiro", {"players": "4"}, 4),
    ("cavaleiro", {"players": "8"}, 8),
]

# What must be in view at the player's decision; each selector names every
# element of its kind (all of them must be in view), the legal moves included.
AT_DECISION = {
    "whose turn": "#status",
    "score": "#scoreline",  # the sidebar's first panel on wide screens, see at_sizes
    "table": "#board :is(.felt, .mine-row)",
    "hand": "#board .me .tile-btn, #board .mine-row",
    "legal moves": "#board :is(.tile-btn, .move-btn).legal",
}
AT_HAND_END = {
    "summary": "#hand-summary #summary-title",
    "continue": "#continue-btn",
}

FRAMES_DRAWN = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

BOXES = """sels => {
  const out = {};
  for (const [what, sel] of Object.entries(sels)) {
    out[what] = [...document.querySelectorAll(sel)]
      .filter((e) => e.getClientRects().length)
      .map((e) => {
        const r = e.getBoundingClientRect();
        const name = (e.id || e.className.baseVal || e.className || e.tagName).toString();
        return [r.left, r.top, r.right, r.bottom, name.slice(0, 40)];
      });
  }
  out.sideways = [document.documentElement.scrollWidth - innerWidth];
  return out;
}"""


def out_of_view(page: Any, wanted: dict[str, str], width: int, height: int) -> list[str]:
    """What of ``wanted`` is missing or not wholly inside the viewport, as the page
    leaves its scroll (the test never scrolls)."""
    boxes = page.evaluate(BOXES, wanted)
    problems = []
    if boxes.pop("sideways")[0] > 0:
        problems.append("the page scrolls sideways")
    for what, rects in boxes.items():
        if not rects:
            problems.append(f"no {what}")
        for left, top, right, bottom, name in rects:
            if left < -0.5 or top < -0.5 or right > width + 0.5 or bottom > height + 0.5:
                box = f"({left:.0f},{top:.0f})-({right:.0f},{bottom:.0f})"
                problems.append(f"{what} {name} at {box}")
    return problems


def at_sizes(page: Any, wanted: dict[str, str], tag: str, artifacts: Path) -> list[str]:
    problems = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(FRAMES_DRAWN)
        here = dict(wanted)
        if "score" in here and width >= 1000:  # wide: the sidebar's first panel, not the line
            here["score"] = ".table-wrap > .sidebar > .panel:first-child"
        found = out_of_view(page, here, width, height)
        page.screenshot(path=str(artifacts / f"screen-{tag}-{size}.png"))
        problems += [f"{size}: {p}" for p in found]
    return problems


@pytest.mark.parametrize(("game", "options", "players"), TABLES, ids=lambda v: str(v))
def test_the_decision_and_the_hands_end_fit_every_screen(
    browser: Any,
    make_server: Any,
    artifacts: Path,
    game: str,
    options: dict[str, str],
    players: int,
) -> None:
    server = make_server()
    page = new_page(browser, locale="pt-BR")
    tag = f"{game}{players}"

    def screens() -> list[str] | None:
        """What does not fit at two of the player's decisions (early in the hand, and
        some moves later) and at the hand's end; ``None`` if the game was over first."""
        create_table(page, server.url, game, ["you", *["bot:random"] * (players - 1)], options)
        rng = random.Random(3)
        problems: list[str] = []
        for moves, shot in ((3, "decision"), (6, "later")):
            for _ in range(moves):
                if not wait_turn_or_end(page):
                    return None
                click_a_legal_move(page, rng)
            if not wait_turn_or_end(page):
                return None
            if not page.locator("#continue-btn").count():
                problems += at_sizes(page, AT_DECISION, f"{tag}-{shot}", artifacts)
        for _ in range(400):
            if page.locator("#continue-btn").count() or not wait_turn_or_end(page):
                break
            click_a_legal_move(page, rng)
        if page.locator("#continue-btn").count():
            problems += at_sizes(page, AT_HAND_END, f"{tag}-hand-end", artifacts)
        elif game != "cavaleiro":  # Cavaleiro has no hands
            return None
        return problems

    # random bots may bid a whole Texas 42 game away in a hand or two: a new table then
    problems = next((p for p in (screens() for _ in range(6)) if p is not None), None)
    assert problems is not None, "every game was over before its screens"
    assert not problems, "\n".join(problems)
    assert not page.errors


def test_the_trump_choice_with_every_contract_fits_every_screen(
    browser: Any, make_server: Any, artifacts: Path
) -> None:
    """Texas 42's longest list of moves: the bid winner's trump choice with nello and
    sevens on. The greedy bots never bid a mark, so a mark bid always wins."""
    server = make_server()
    page = new_page(browser, locale="pt-BR", width=360, height=740)
    contracts = {key: "true" for key in ("nello", "sevens", "plunge", "splash")}
    create_table(page, server.url, "texas42", ["you", *["bot:greedy"] * 3], contracts)
    assert wait_turn_or_end(page)
    problems = at_sizes(page, AT_DECISION, "texas42-bid", artifacts)
    page.set_viewport_size({"width": 360, "height": 740})
    page.click("#bid-marks")
    page.click("#bid-btn")
    page.wait_for_selector("#board .me .actions.named")
    buttons = page.locator("#board .me .actions.named .move-btn")
    assert buttons.count() == 11  # seven suits, doubles, follow-me, nello, sevens
    for i in range(buttons.count()):  # each called by its whole words, its name among them
        shown, called = buttons.nth(i).inner_text(), buttons.nth(i).get_attribute("aria-label")
        assert called and shown.strip().split()[-1] in called and len(called) > len(shown)
    problems += at_sizes(page, AT_DECISION, "texas42-trump", artifacts)
    assert not problems, "\n".join(problems)
    assert not page.errors


@pytest.mark.parametrize(("game", "lesson"), [("texas42", "following"), ("fiveup", "fives")])
def test_a_lessons_words_sit_beside_its_table(
    browser: Any, make_server: Any, artifacts: Path, game: str, lesson: str
) -> None:
    server = make_server()
    page = new_page(browser, locale="pt-BR", width=1366, height=768)
    open_at(page, server.url, game, lesson, 1)
    wait_step(page, lesson, 1)
    wanted = {"the lesson's question": "#say", "hand": "#board .me .tile-btn"}
    problems = []
    for size in ("laptop-1366x768", "laptop-1280x800", "laptop-1440x900"):
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        problems += [f"{size}: {p}" for p in out_of_view(page, wanted, width, height)]
        page.screenshot(path=str(artifacts / f"screen-learn-{game}-{size}.png"))
    assert not problems, "\n".join(problems)
    assert not page.errors
