"""Bingo's decisions written out: a tile, a double led with a show, close and the takes."""

from __future__ import annotations

from ludoteca.move import Move
from ludoteca.notation import Notation
from ludoteca.tiles import ALL_TILES, TILE_TEXT, tile_index

from .core import A_CLOSE, A_SHOW, A_TAKE_UP, NUM_ACTIONS, action_tile
from .tables import DOUBLE_OF

__all__ = ["ACTION_TEXT", "MOVES", "NOTATION", "BingoNotation"]


def _format_action(a: int) -> str:
    if a < A_SHOW:
        return "play " + TILE_TEXT[a]
    if a < A_CLOSE:
        return "play " + TILE_TEXT[DOUBLE_OF[a - A_SHOW]] + " show"
    return ("close", "take up", "take hidden")[a - A_CLOSE]


ACTION_TEXT: tuple[str, ...] = tuple(_format_action(a) for a in range(NUM_ACTIONS))
"""Each action number's canonical text."""


def _aliases() -> dict[str, int]:
    reads = {f"play {tile.low}-{tile.high}": tile.index for tile in ALL_TILES}
    reads["take turned-up"] = reads["take the turned-up"] = A_TAKE_UP
    return reads


MOVE_FORMS = "play 6-4, play 6-6 show, close, take up, take hidden"


def _move_of(a: int) -> Move:
    if a < A_SHOW:
        return Move("play", (ALL_TILES[a],), text=ACTION_TEXT[a])
    if a < A_CLOSE:
        return Move("play", (ALL_TILES[action_tile(a)],), detail="show", text=ACTION_TEXT[a])
    if a == A_CLOSE:
        return Move("close", text="close")
    return Move("take", detail=ACTION_TEXT[a][5:], text=ACTION_TEXT[a])


MOVES: tuple[Move, ...] = tuple(_move_of(a) for a in range(NUM_ACTIONS))
"""Each action number's move as a value."""


class BingoNotation(Notation):
    """Tiles either way round; a show only with a double."""

    __slots__ = ()

    def read(self, key: str) -> int:
        if not key.startswith("play "):
            return super().read(key)
        rest = key[5:]
        show = rest.endswith(" show")
        t = tile_index((rest[:-5] if show else rest).strip())
        if not show:
            return t
        tile = ALL_TILES[t]
        if tile.is_double:
            return A_SHOW + tile.high
        raise ValueError(f"only a double may be led with a show, and {tile} is not a double")


NOTATION = BingoNotation("Bingo", ACTION_TEXT, MOVES, _aliases(), MOVE_FORMS)
"""The notation of every Bingo game."""
