"""Every game at the classic 80×24 terminal and at 100×30, in both languages: at
each of the player's turns the hand's playable tiles or the list of moves, the
whole table (no scrolling), the score and the newest move are on the screen, and
no player's name is cut."""

from __future__ import annotations

from typing import Any

import pytest
from tui_pilot import make_app, painted, play_turn, region_text, settle

from ludoteca.i18n.events import log_lines
from ludoteca.tui.app import PlayApp
from ludoteca.tui.hand import HandView
from ludoteca.tui.moves import MovesView
from ludoteca.tui.screens import HandEndScreen, PassScreen

pytestmark = pytest.mark.asyncio

GAMES: dict[str, tuple[str, list[str], dict[str, Any]]] = {
    "texas42": ("texas42", ["human", "random", "random", "random"], {}),
    "fiveup": ("fiveup", ["human", "random"], {}),
    "fiveup4": ("fiveup", ["human", "random", "random", "random"], {"players": 4}),
    "bingo": ("bingo", ["human", "random"], {}),
    "cavaleiro": ("cavaleiro", ["human", "random", "random"], {"players": 3}),
    "cavaleiro2": ("cavaleiro", ["human", "random"], {}),
}
CASES = [
    (game, lang, size) for game in GAMES for lang in ("pt", "en") for size in ((80, 24), (100, 30))
]


def check_screen(app: PlayApp) -> None:
    """What a player needs at their turn is on the screen, whole."""
    height = app.size.height
    board = app.query_one("#board-scroll")
    assert board.max_scroll_y == 0 and board.max_scroll_x == 0, "the table scrolls"
    hand = app.query_one(HandView)
    if hand.display and hand.active and hand.playable:
        assert hand.region.bottom <= height - 2, "the hand is cut"
        shown = region_text(app, "#hand")
        for tile in hand.playable:
            a, b = tile.split("-")
            assert f"[{a}|{b}]" in shown, f"{tile} is not in view: {shown}"
    moves = app.query_one(MovesView)
    if app.moves_shown:
        assert moves.region.bottom <= height - 2, "the list of moves is cut"
        shown = region_text(app, "#moves")
        for label in moves.labels:
            assert " ".join(label.split()) in shown, f"{label!r} is not in view: {shown}"
    else:
        assert hand.active and hand.playable, "no move is in view"
    game = app.table.game
    lines = log_lines(game.name, game.view(0), app.lang, app.display_names(), 0, moves=1)
    if lines:
        newest = " ".join(lines[-1].text.split())
        assert newest in region_text(app, "#log-scroll"), f"{newest!r} is not in the log's view"
    table = region_text(app, "#board-scroll").split()
    for name in app.display_names():
        for word in name.split():
            assert word in table, f"{name!r} is cut on the table: {' '.join(table)}"
    info = app.query_one("#info-scroll")
    assert info.scroll_y == 0 and info.region.y < height // 2, "the score is not in view"


@pytest.mark.parametrize(
    ("game", "lang", "size"), CASES, ids=[f"{g}-{lang}-{w}x{h}" for g, lang, (w, h) in CASES]
)
async def test_the_turn_is_in_view(game: str, lang: str, size: tuple[int, int]) -> None:
    name, seats, options = GAMES[game]
    app = make_app(name, seats, seed=4, lang=lang, **options)
    async with app.run_test(size=size) as pilot:
        checked = 0
        for _ in range(14):
            await settle(pilot, app)
            if app.table.game.is_over:
                break
            if isinstance(app.screen, (HandEndScreen, PassScreen)):
                await pilot.press("enter")
                continue
            await painted(pilot, app)
            check_screen(app)
            checked += 1
            await play_turn(pilot, app)
        assert checked >= 6
