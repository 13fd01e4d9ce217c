"""Every page, in every state a player meets, checked by axe-core for WCAG 2 A/AA
violations (a critical or serious one fails), at a laptop's size and a phone's; and
what axe cannot see: the focus going back to the player's hand, and each move said
aloud in a polite live region in the player's language. Screenshots go to
``artifacts/a11y-*.png``."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from a11y_checks import accessibility_failures
from test_review_browser import ANALYSIS, api, finished_table, open_review
from test_web_browser import (
    board_state,
    click_a_legal_move,
    create_table,
    new_page,
    play_to_hand_end,
    wait_settled,
    wait_turn_or_end,
)
from wording import english_in

import ludoteca
from ludoteca.lessons import load_course

SIZES = {"laptop": (1366, 768), "phone": (390, 844)}


class Checks:
    """axe's findings over a test's pages, said together at its end."""

    def __init__(self) -> None:
        self.failures: list[str] = []

    def __call__(self, page: Any, where: str, artifacts: Path | None = None) -> None:
        """axe at each size, the page's screenshot at each size when ``artifacts`` is given."""
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)  # the layout for the new width
            if artifacts is not None:
                name = where.replace(" ", "-")
                page.screenshot(path=str(artifacts / f"a11y-{name}-{size}.png"), full_page=True)
            self.failures += accessibility_failures(page, f"{where} ({size})")

    def done(self) -> None:
        bad = self.failures
        assert not bad, f"{len(bad)} accessibility violations\n" + "\n".join(bad)


@pytest.mark.parametrize("locale", ["pt-BR", "en-US"])
def test_the_pages_around_the_tables(
    browser: Any, make_server: Any, artifacts: Path, tmp_path: Path, locale: str
) -> None:
    lang = locale[:2]
    check = Checks()
    server = make_server()
    bots = [{"kind": "bot", "level": "random"}] * 2
    api(server.url, "/api/tables", {"game": "bingo", "seats": bots, "bot_delay": 1})
    page = new_page(browser, locale=locale)
    page.goto(server.url + "/")
    page.wait_for_selector("fieldset.seats-box:not([aria-busy])")
    page.wait_for_selector("#tables .table-list li")  # the table listed
    check(page, f"lobby {lang}", artifacts)
    page.goto(server.url + "/learn")
    page.wait_for_selector("#lesson, .lessons, main a[href^='/learn/']")
    check(page, f"lessons {lang}")
    for game in ludoteca.available_games():
        page.goto(f"{server.url}/learn/{game}")
        page.wait_for_selector("#board .board")
        check(page, f"lesson {game} {lang}", artifacts if game == "texas42" else None)
    # the lessons' list with its marks: a lesson done, one skipped, one under way
    lessons = [lesson.id for lesson in load_course("bingo").lessons]
    page.evaluate(
        """(ids) => localStorage.setItem('ludoteca.learn.bingo', JSON.stringify({lessons: {
             [ids[0]]: {reached: 3, done: true, skipped: false},
             [ids[1]]: {reached: 0, done: false, skipped: true},
             [ids[2]]: {reached: 2, done: false, skipped: false}},
           at: {lesson: ids[2], step: 2}}))""",
        lessons,
    )
    page.goto(f"{server.url}/learn/bingo")
    page.wait_for_selector(".lesson-list li.done .badge")
    check(page, f"lessons marked {lang}", artifacts)
    page.goto(server.url + "/rules")
    check(page, f"rules index {lang}")
    for game in ludoteca.available_games():
        page.goto(f"{server.url}/rules/{game}")
        page.wait_for_selector("article.rules figure.diagram svg")
        check(page, f"rules {game} {lang}")
    page.goto(server.url + "/replay")
    check(page, f"replay empty {lang}")
    game = ludoteca.new_game("texas42", seed=3, names=["Ana", "Beto", "Caio", "Duda"])
    rng = random.Random(3)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    record = tmp_path / "game.json"
    ludoteca.save_record(game, record)
    page.set_input_files("#record-file", str(record))
    page.wait_for_selector("#board .board")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('board').dataset.step === '1'")
    check(page, f"replay {lang}", artifacts)
    page.locator("#board .log-panel").focus()  # the log keeps the focus as the moves step on
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('board').dataset.step === '2'")
    assert page.evaluate("() => document.activeElement.matches('#board .log-panel')")
    page.goto(server.url + "/t/nosuchtable")
    check(page, f"table not found {lang}")
    page.goto(server.url + "/no/such/page")
    check(page, f"page not found {lang}", artifacts)
    assert not page.errors
    check.done()


TABLES = [("texas42", "pt-BR"), ("fiveup", "en-US"), ("bingo", "pt-BR"), ("cavaleiro", "en-US")]


@pytest.mark.parametrize(("game", "locale"), TABLES)
def test_a_table_at_a_decision_a_hands_end_and_watched(
    browser: Any, make_server: Any, artifacts: Path, game: str, locale: str
) -> None:
    lang = locale[:2]
    check = Checks()
    server = make_server()
    page = new_page(browser, locale=locale)
    n = ludoteca.new_game(game, seed=0).num_seats
    table_id = create_table(page, server.url, game, ["you", *["bot:random"] * (n - 1)])
    rng = random.Random(4)
    assert wait_turn_or_end(page)
    if page.get_attribute("#board", "data-awaits") == "roll":  # Cavaleiro: the dice first
        click_a_legal_move(page, rng)
        assert wait_turn_or_end(page)
    check(page, f"{game} decision {lang}", artifacts)
    if game == "bingo":  # the expert's suggestions beside the board
        page.click("#hint-btn")
        page.wait_for_selector("#hint .hint table", timeout=60_000)
        check(page, f"{game} hint {lang}", artifacts)
        page.keyboard.press("Escape")
        page.wait_for_selector("#hint", state="hidden")
    # a spectator of the same table
    eve = new_page(browser, locale=locale)
    eve.goto(f"{server.url}/t/{table_id}")
    eve.wait_for_selector("#board .board")
    eve.wait_for_function("() => document.querySelectorAll('#board .log li').length > 0")
    check(eve, f"{game} spectator {lang}", artifacts)
    if game == "cavaleiro":  # no hands: the game's end instead
        while wait_turn_or_end(page):
            click_a_legal_move(page, rng)
        page.wait_for_selector("#result .winner")
        check(page, f"{game} over {lang}", artifacts)
    else:
        play_to_hand_end(page, rng)
        assert page.locator("#continue-btn").is_visible()
        check(page, f"{game} hand end {lang}", artifacts)
    assert not page.errors and not eve.errors
    check.done()


@pytest.mark.parametrize("locale", ["pt-BR", "en-US"])
def test_a_table_of_two_people_waiting_playing_and_away(
    browser: Any, make_server: Any, artifacts: Path, locale: str
) -> None:
    lang = locale[:2]
    check = Checks()
    server = make_server()
    ana = new_page(browser, locale=locale)
    create_table(ana, server.url, "bingo", ["you", "human"])
    ana.wait_for_selector('[data-key="link-invite-1"]')
    check(ana, f"waiting {lang}", artifacts)  # the invitations
    link = ana.locator('[data-key="link-invite-1"]').input_value()
    bia = new_page(browser, locale=locale)
    bia.goto(link)
    check(bia, f"joining {lang}")  # the dialog asking her name
    bia.fill("#join-name", "Bia")
    bia.click("#join-submit")
    bia.wait_for_selector("#board .board .hand")
    ana.wait_for_selector("#board .seat .name >> text=Bia")
    check(bia, f"bingo second player {lang}")
    bia.context.close()  # she leaves: away
    ana.wait_for_selector("#board .badge.away", timeout=30000)
    check(ana, f"bingo away {lang}", artifacts)
    assert not ana.errors
    check.done()


@pytest.mark.parametrize(("game", "locale"), TABLES)
def test_the_review(
    browser: Any, make_server: Any, artifacts: Path, game: str, locale: str
) -> None:
    check = Checks()
    server = make_server(args=ANALYSIS)
    seats = ludoteca.new_game(game, seed=0).num_seats
    options: dict[str, Any] = {"layout": "2x1x2+1"} if game == "cavaleiro" else {}
    if game == "fiveup":
        options = {"target": 11}
    table = finished_table(server.url, game, seats, **options)
    page = new_page(browser, locale=locale)
    open_review(page, server.url, table, mistakes=False)
    check(page, f"{game} review {locale[:2]}", artifacts if game == "texas42" else None)
    assert not page.errors
    check.done()


# ------------------------------------------------------- what axe cannot see

IN_HAND = "() => !!document.activeElement.closest('#board .me, #board #hand-summary')"
"""The focus is on the player's hand (a tile, or a move asked of them), or on the
Continue of a hand's end."""
HEARD = """() => { window.heard = [];
  new MutationObserver(() => window.heard.push(document.getElementById('announcer').textContent))
    .observe(document.getElementById('announcer'), {childList: true, characterData: true,
                                                    subtree: true}); }"""
"""Keep every text the live region says, in ``window.heard``."""
LOG_LINES = "() => [...document.querySelectorAll('#board .log li')].map((e) => e.innerText.trim())"


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_the_focus_comes_back_to_the_hand_and_each_move_is_said(
    browser: Any, make_server: Any, artifacts: Path, locale: str
) -> None:
    server = make_server()
    page = new_page(browser, locale=locale)
    # greedy bots never bid a mark: the game outlasts the moves played here
    create_table(page, server.url, "texas42", ["you", "bot:greedy", "bot:greedy", "bot:greedy"])
    live = page.locator("#announcer")
    assert live.get_attribute("aria-live") == "polite"
    page.evaluate(HEARD)
    assert wait_turn_or_end(page)
    # the keys' help, closed with Esc or its button: the focus is back on the hand
    for close in ("Escape", "button"):
        page.keyboard.press("?")
        assert page.locator("#keys-dialog").is_visible()
        if close == "Escape":
            page.keyboard.press("Escape")
        else:
            page.locator("#keys-dialog button").click()
        assert page.locator("#keys-dialog").count() == 0
        assert page.evaluate(IN_HAND), f"the focus after {close}: not on the hand"
    # the move log: a labelled region reached with Tab, kept focused as frames come
    log = page.locator("#board .log-panel")
    assert log.get_attribute("tabindex") == "0"
    assert log.get_attribute("aria-labelledby") == "log-title"
    log.focus()
    seen = int(page.get_attribute("#board", "data-n") or 0)
    page.keyboard.press("1")  # a bid with its key: its frame comes, and the bots' answers
    page.wait_for_function("n => Number(document.getElementById('board').dataset.n) > n", arg=seen)
    assert page.evaluate("() => document.activeElement.dataset.key") == "log"
    assert wait_turn_or_end(page)
    page.locator("#board :is(#continue-btn, .tile-btn.legal, .move-btn.legal)").first.focus()
    # play on by the keyboard: after each move and each trick the focus is on the hand
    mine = 0
    while mine < 14 and wait_turn_or_end(page):
        before = board_state(page)
        assert page.evaluate(IN_HAND), f"after {mine} moves: the focus left the hand"
        if page.get_attribute("#board", "data-awaits") == "continue":
            page.keyboard.press("c")  # a hand's end (or everybody passed): the next deal
        elif page.locator("#board .actions .move-btn").count():
            page.keyboard.press("1")
        else:
            page.keyboard.press("Enter")  # the legal tile the focus is on
        wait_settled(page, before)
        refused = page.locator("#refusal")
        assert refused.is_hidden(), refused.inner_text()  # the key played what the focus was on
        mine += 1
        assert page.evaluate("() => document.activeElement !== document.body")
    assert mine >= 8
    page.screenshot(path=str(artifacts / f"a11y-focus-{locale[:2]}.png"), full_page=True)
    # every move and event was said, in the player's language, as the log writes it
    heard = [line for said in page.evaluate("() => window.heard") for line in said.split("\n")]
    heard = [line for line in heard if line]
    assert len(heard) >= mine * 2  # the player's moves and the bots' answers
    logged = page.evaluate(LOG_LINES)
    missing = [line for line in heard if line not in logged]
    assert not missing, f"said but not in the log: {missing[:5]}"
    if locale == "pt-BR":
        assert english_in(" ".join(heard)) == [], heard
    assert not page.errors


SHIFTS = """() => new Promise((done) => {
  const out = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) out.push(e.value); })
    .observe({type: "layout-shift", buffered: true});
  setTimeout(() => done(out), 300);
})"""
"""The page's layout shifts so far (each a fraction of the screen moved, as Chromium
measures them for the Cumulative Layout Shift)."""


@pytest.mark.parametrize("size", list(SIZES))
def test_nothing_moves_as_the_lobby_loads(browser: Any, make_server: Any, size: str) -> None:
    server = make_server()
    width, height = SIZES[size]
    page = new_page(browser, width=width, height=height)

    def slow(route: Any) -> None:  # the games come late, as on a slow line
        time.sleep(0.4)
        route.continue_()

    page.route("**/api/games", slow)
    page.goto(server.url + "/")
    page.wait_for_selector("fieldset.seats-box:not([aria-busy])")
    page.wait_for_selector("#create-btn", state="visible")
    shifts = page.evaluate(SHIFTS)
    assert sum(shifts) < 0.01, f"the lobby moved as it loaded: {shifts}"
    assert not page.errors
