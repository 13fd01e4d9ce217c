"""Snapshots of the terminal app's main screens, at 120×40 and 80×24 with fixed seeds.

Each snapshot is kept twice in ``tests/snapshots/tui/``: the screen's text
(``.txt``, compared exactly, readable in a diff) and Textual's SVG screenshot
(``.svg``, compared exactly: colours and styles included; open it in a browser
to see the screen). After a deliberate change of the screens, rewrite them with
``LUDOTECA_UPDATE_SNAPSHOTS=1 pytest tests/test_tui_snapshots.py`` and review the
diff.
"""

from __future__ import annotations

import os
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from tui_pilot import SIZE, make_app, painted, play_turn, screen_text, settle, wait_until
from wording import english_in, notation_in

import ludoteca
from ludoteca.tui.app import PlayApp
from ludoteca.tui.screens import HandEndScreen, TextScreen

SNAPSHOTS = Path(__file__).parent / "snapshots" / "tui"
UPDATE = os.environ.get("LUDOTECA_UPDATE_SNAPSHOTS") == "1"

Steps = Callable[[Pilot[Any], PlayApp], Awaitable[None]]


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Screens look the same whatever the terminal's settings (NO_COLOR, Textual's own)."""
    for name in list(os.environ):
        if name == "NO_COLOR" or name.startswith("TEXTUAL_"):
            monkeypatch.delenv(name)


def _svg(app: PlayApp, name: str) -> str:
    svg = app.export_screenshot(title=name)
    # The ids Rich derives from the content are stable; keep only what the screen shows.
    return re.sub(r"\s+\n", "\n", svg)


def check(app: PlayApp, name: str) -> None:
    text = screen_text(app) + "\n"
    svg = _svg(app, name)
    txt_path = SNAPSHOTS / f"{name}.txt"
    svg_path = SNAPSHOTS / f"{name}.svg"
    if UPDATE or not txt_path.exists():
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        txt_path.write_text(text, encoding="utf-8")
        svg_path.write_text(svg, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"snapshot {name} was missing and has been written; check it and rerun")
        return
    assert text == txt_path.read_text(encoding="utf-8"), f"the screen {name} changed"
    assert svg == svg_path.read_text(encoding="utf-8"), f"the colours or styles of {name} changed"


async def _turns(pilot: Pilot[Any], app: PlayApp, n: int) -> None:
    for _ in range(n):
        await settle(pilot, app)
        while isinstance(app.screen, HandEndScreen):  # a hand ended: on to the next
            await pilot.press("enter")
            await settle(pilot, app)
        await play_turn(pilot, app)
    await settle(pilot, app)


async def _texas42_play(pilot: Pilot[Any], app: PlayApp) -> None:
    for _ in range(60):
        await settle(pilot, app)
        view = app.table.game.view(0)
        if view["phase"] == "play" and view["trick"]:
            return
        await play_turn(pilot, app, index=len(app.moves_shown) - 1 if view["phase"] == "bid" else 0)
    pytest.fail("no trick in play")


async def _rules(pilot: Pilot[Any], app: PlayApp) -> None:
    await settle(pilot, app)
    await painted(pilot, app)  # the table is painted before the rules cover it
    await pilot.press("r")
    await wait_until(pilot, lambda: isinstance(app.screen, TextScreen), "the rules")


async def _hot_seat(pilot: Pilot[Any], app: PlayApp) -> None:
    await settle(pilot, app)


async def _over(pilot: Pilot[Any], app: PlayApp) -> None:
    from tui_pilot import play_to_end

    await play_to_end(pilot, app)


CASES: list[tuple[str, str, list[str], dict[str, Any], str, Steps]] = [
    (
        "texas42_bidding_pt",
        "texas42",
        ["human", "random", "random", "random"],
        {},
        "pt",
        lambda p, a: _turns(p, a, 0),
    ),
    (
        "texas42_trick_en",
        "texas42",
        ["human", "random", "random", "random"],
        {},
        "en",
        _texas42_play,
    ),
    ("bingo_pt", "bingo", ["human", "random"], {}, "pt", lambda p, a: _turns(p, a, 3)),
    (
        "cavaleiro_en",
        "cavaleiro",
        ["human", "random", "random"],
        {},
        "en",
        lambda p, a: _turns(p, a, 8),
    ),
    ("fiveup_en", "fiveup", ["human", "random"], {}, "en", lambda p, a: _turns(p, a, 5)),
    (
        "texas42_trick_pt",
        "texas42",
        ["human", "expert", "random", "greedy"],
        {},
        "pt",
        _texas42_play,
    ),
    (
        "cavaleiro_pt",
        "cavaleiro",
        ["human", "random", "expert"],
        {},
        "pt",
        lambda p, a: _turns(p, a, 8),
    ),
    ("fiveup_pt", "fiveup", ["human", "greedy"], {}, "pt", lambda p, a: _turns(p, a, 5)),
    ("hot_seat_pass_pt", "bingo", ["human", "human"], {}, "pt", _hot_seat),
    ("rules_bingo_en", "bingo", ["human", "random"], {}, "en", _rules),
    (
        "game_over_cavaleiro_pt",
        "cavaleiro",
        ["human", "random"],
        {"layout": "2x1x2+1"},
        "pt",
        _over,
    ),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("name", "game", "seats", "options", "lang", "steps"), CASES, ids=[c[0] for c in CASES]
)
async def test_snapshot(
    name: str, game: str, seats: list[str], options: dict[str, Any], lang: str, steps: Steps
) -> None:
    if game not in ludoteca.available_games():
        pytest.skip(f"the {game} engine is not built")
    app = make_app(game, seats, seed=17, lang=lang, **options)
    async with app.run_test(size=SIZE) as pilot:
        await steps(pilot, app)
        await painted(pilot, app)
        check(app, name)


# The same screens on the classic 80×24 terminal (each game, both languages between them)
SMALL = ("texas42_trick_pt", "texas42_bidding_pt", "bingo_pt", "cavaleiro_en", "fiveup_en")


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("name", "game", "seats", "options", "lang", "steps"),
    [c for c in CASES if c[0] in SMALL],
    ids=[c[0] for c in CASES if c[0] in SMALL],
)
async def test_snapshot_at_80x24(
    name: str, game: str, seats: list[str], options: dict[str, Any], lang: str, steps: Steps
) -> None:
    app = make_app(game, seats, seed=17, lang=lang, **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await steps(pilot, app)
        await painted(pilot, app)
        check(app, f"{name}_80x24")


# Words a Portuguese screen must not show: the notation and the English level names.
NOTATION = re.compile(
    r"\b(play|bid|pass|roll|draw|remove|trump) |\bpass\b|\((random|greedy|expert)\)"
)


def test_portuguese_screens_say_no_english_notation() -> None:
    screens = sorted(SNAPSHOTS.glob("*_pt.txt"))
    assert len(screens) >= 7
    for path in screens:
        text = path.read_text(encoding="utf-8")
        assert not NOTATION.search(text), (path.name, NOTATION.search(text))
        assert not english_in(text), (path.name, english_in(text))
        assert not notation_in(text, code=False), (path.name, notation_in(text, code=False))
