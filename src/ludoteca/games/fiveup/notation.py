"""Five-Up's decisions written out: the opening tile, a tile on a tile, draw and pass."""

from __future__ import annotations

from ludoteca.move import Move
from ludoteca.notation import Notation
from ludoteca.tiles import ALL_TILES, TILE_TEXT, tile_index

from .tables import (
    A_DRAW,
    A_ON,
    A_OPEN,
    A_PASS,
    ACTION_TEXT,
    NUM_ACTIONS,
    ON_NUMBER,
    ON_TARGET,
    ON_TILE,
    PLAY_ON,
)

__all__ = ["MOVES", "NOTATION", "FiveUpNotation"]


def _aliases() -> dict[str, int]:
    """Each tile either way round."""
    reads: dict[str, int] = {}
    for a in range(A_OPEN, A_ON):
        tile = ALL_TILES[a - A_OPEN]
        reads[f"play {tile.low}-{tile.high}"] = a
    for a in range(A_ON, NUM_ACTIONS):
        tile, target = ALL_TILES[ON_TILE[a]], ALL_TILES[ON_TARGET[a]]
        for t in {f"{tile.high}-{tile.low}", f"{tile.low}-{tile.high}"}:
            for x in {f"{target.high}-{target.low}", f"{target.low}-{target.high}"}:
                reads[f"play {t} on {x}"] = a
    return reads


MOVE_FORMS = "play 6-4 (the opening tile), play 4-1 on 6-4, draw, pass"


def _move_of(action: int) -> Move:
    if action == A_DRAW:
        return Move("draw", text="draw")
    if action == A_PASS:
        return Move("pass", text="pass")
    if action < A_ON:
        return Move("play", (ALL_TILES[action - A_OPEN],), text=ACTION_TEXT[action])
    tiles = (ALL_TILES[ON_TILE[action]], ALL_TILES[ON_TARGET[action]])
    return Move("play", tiles, (ON_NUMBER[action],), "on", ACTION_TEXT[action])


MOVES: tuple[Move, ...] = tuple(_move_of(a) for a in range(NUM_ACTIONS))
"""Each action number's move as a value."""


class FiveUpNotation(Notation):
    """Tiles either way round; says why a tile cannot join the one it names."""

    __slots__ = ()

    def read(self, key: str) -> int:
        words = key.split()
        if len(words) == 2 and words[0] == "play":
            return A_OPEN + tile_index(words[1])
        if len(words) == 4 and words[0] == "play" and words[2] == "on":
            t, x = tile_index(words[1]), tile_index(words[3])
            if t == x:
                raise ValueError(f"a tile cannot join itself ({TILE_TEXT[t]})")
            if PLAY_ON[t * 28 + x] < 0:
                raise ValueError(
                    f"{TILE_TEXT[t]} and {TILE_TEXT[x]} share no number, and a tile joins "
                    "an open end showing one of its numbers"
                )
            return PLAY_ON[t * 28 + x]
        return super().read(key)


NOTATION = FiveUpNotation("Five-Up", ACTION_TEXT, MOVES, _aliases(), MOVE_FORMS)
"""The notation of every Five-Up game."""
