"""Helpers shared by the Bingo tests: games with chosen deals, and worked scenarios."""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.games.bingo import Bingo
from ludoteca.tiles import TILE_TEXT, tile_index


def new(leader: int = 0, **options: Any) -> Bingo:
    """A manual-chance game whose first leader is ``leader`` (the heavier draw)."""
    game = ludoteca.new_game("bingo", chance="manual", names=["Ana", "Beto"], **options)
    assert isinstance(game, Bingo)
    game.play("draw 6-6 1-0" if leader == 0 else "draw 1-0 6-6")
    return game


def deal_text(h0: str, h1: str, up: str, stock: str = "") -> str:
    """A deal of these hands and turned-up tile; the stock starts with ``stock`` and
    goes on with the tiles left, highest first."""
    used = [tile_index(w) for w in f"{h0} {h1} {up} {stock}".split()]
    assert len(set(used)) == len(used), "a tile is written twice"
    rest = [TILE_TEXT[t] for t in range(27, -1, -1) if t not in used]
    return f"deal {h0} | {h1} | up {up} | stock {' '.join([*stock.split(), *rest])}"


def dealt(h0: str, h1: str, up: str, stock: str = "", leader: int = 0, **options: Any) -> Bingo:
    game = new(leader, **options)
    game.play(deal_text(h0, h1, up, stock))
    return game


def play(game: Bingo, *moves: str) -> None:
    for move in moves:
        game.play(move)


def fillers(*exclude: str) -> list[str]:
    """Tiles not in ``exclude``, lowest first."""
    return [TILE_TEXT[t] for t in range(28) if TILE_TEXT[t] not in exclude]


# A hand that wins every trick against WEAK (trump 6, turned up 6-1).
STRONG = "0-0 6-6 6-5 6-4 6-3 6-2 5-5"
WEAK = "5-4 4-4 3-3 2-2 1-1 3-2 1-0"

LOW0 = "1-0 1-1 3-1 2-2 4-1 3-3 5-1"  # 28 points
LOW1 = "2-0 2-1 4-0 3-2 5-0 4-2 6-0"  # 31 points: the 14 tiles make 59, nobody reaches 70
LAST_STOCK = "6-6 5-5 4-4 0-0 6-4 6-3 6-2 6-1 5-4 5-3 5-2 4-3 3-0"


def seven_low_tricks(game: Bingo) -> None:
    """Both players play their dealt tiles, in order, for seven tricks."""
    queues = [LOW0.split(), LOW1.split()]
    for _ in range(7):
        for _ in range(2):
            seat = game.to_move
            assert isinstance(seat, int)
            game.play("play " + queues[seat].pop(0))
