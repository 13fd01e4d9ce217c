"""Five-Up in the terminal: one key (or the first move of the list) draws until a
tile fits, or until nothing more may be drawn; each draw stays a move of the
record of its own, and the message line says what was drawn."""

from __future__ import annotations

import pytest
from fiveup_helpers import start
from tui_pilot import painted, region_text, settle, wait_until

from ludoteca.tui.app import PlayApp
from ludoteca.tui.boards import UNTIL_FITS
from ludoteca.tui.hand import HandView
from ludoteca.tui.table import Table

pytestmark = pytest.mark.asyncio

# seat 1 leads the 6-6; seat 0 holds no 6, and the stock gives it three tiles that
# do not fit before the 6-1
HANDS_2 = ["5-0 4-0 3-0 2-0 1-0", "6-6 6-5 6-4 6-3 6-2"]
STOCK_2 = "5-5 4-4 3-3 6-1"
# four players, seat 3 leads the 6-6: seat 0 draws the six tiles it may (the last
# two, both sixes, are never drawn) and none fits
HANDS_4 = ["5-0 4-0 3-0 2-0 1-0", "5-5 5-4 5-3 5-2 5-1", "4-4 4-3 4-2 4-1 3-3",
           "6-6 6-5 6-4 6-3 6-2"]  # fmt: skip
STOCK_4 = "3-2 3-1 2-2 2-1 1-1 0-0 6-1 6-0"


def _app(hands: list[str], stock: str, lang: str) -> PlayApp:
    game = start(hands, stock, leader=len(hands) - 1)
    game.play("play 6-6")
    seats = ["human"] + ["random"] * (len(hands) - 1)
    return PlayApp(Table(game, seats, seed=1), lang=lang, pace=0)


@pytest.mark.parametrize("key", ["d", "1"])
async def test_one_key_draws_until_a_tile_fits(key: str) -> None:
    app = _app(HANDS_2, STOCK_2, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.moves_shown == [UNTIL_FITS, "draw"]
        await painted(pilot, app)
        assert "1. Draw until a tile fits (d)" in region_text(app, "#moves")
        before = len(app.table.game.moves)
        await pilot.press(key)
        await wait_until(pilot, lambda: "You drew" in app.message_text, "the draws")
        await settle(pilot, app)
        new = app.table.game.moves[before:]
        assert [m for m in new if m == "draw"] == ["draw"] * 4  # each draw a move of its own
        assert [app.table.actors[before + i] for i, m in enumerate(new) if m == "draw"] == [0] * 4
        assert app.message_text == "You drew 4 tiles: 5-5, 4-4, 3-3, and 6-1."
        hand = app.query_one(HandView)
        assert hand.playable == {"6-1"} and app.moves_shown == []
        await painted(pilot, app)
        assert "You drew 4 tiles" in region_text(app, "#message")


async def test_nothing_fits_and_the_stock_is_done_in_portuguese() -> None:
    app = _app(HANDS_4, STOCK_4, "pt")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.moves_shown[0] == UNTIL_FITS
        await pilot.press("d")
        await wait_until(pilot, lambda: "comprou" in app.message_text, "the draws")
        assert app.table.game.moves.count("draw") == 6
        assert app.message_text == (
            "Você comprou 6 pedras: 3-2, 3-1, 2-2, 2-1, 1-1 e 0-0. "
            "Nenhuma serve, e não se pode comprar mais: passe a vez."
        )
        assert app.table.game.legal_moves() == ["pass"]


async def test_the_key_says_why_not_when_no_draw_is_due() -> None:
    app = _app(["6-1 4-0 3-0 2-0 1-0", "6-6 6-5 6-4 6-3 6-2"], "5-5 4-4", "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        before = list(app.table.game.moves)
        await pilot.press("d")
        await wait_until(pilot, lambda: bool(app.message_text), "the answer")
        assert app.message_text == "Only a draw goes on until a tile fits."
        assert app.table.game.moves == before
