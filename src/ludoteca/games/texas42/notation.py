"""Texas 42's decisions written out: bids, trumps and tiles (see docs/games/texas42.md)."""

from __future__ import annotations

from ludoteca.move import Move
from ludoteca.notation import Notation
from ludoteca.tiles import Tile, tile_index

from .core import (
    A_BID_MARKS,
    A_CONTRACT,
    A_PASS,
    A_PLAY,
    A_PLUNGE,
    A_SPLASH,
    ACTION_TEXT,
    KIND_WORDS,
    MAX_MARKS,
    NUM_ACTIONS,
    bid_kind,
    bid_value,
)
from .tables import DOUBLES, NELLO, SEVENS

__all__ = ["MOVES", "NOTATION", "Texas42Notation"]

_CONTRACT_ALIASES = {
    "trump blanks": 0,
    "trump follow me": 8,
    "trump followme": 8,
    "trump no-trump": 8,
    "trump notrump": 8,
    "trump nello": NELLO,
    "trump sevens": SEVENS,
    "trump 7s": SEVENS,
}


def _aliases() -> dict[str, int]:
    reads: dict[str, int] = {}
    for m in range(1, MAX_MARKS + 1):
        marks = f"{m} mark{'s' if m > 1 else ''}"
        reads[f"bid {marks}"] = reads[f"bid {42 * m}"] = A_BID_MARKS + m - 1
        reads[f"bid {42 * m} plunge"] = reads[f"bid {marks} plunge"] = A_PLUNGE + m - 1
        reads[f"bid {42 * m} splash"] = reads[f"bid {marks} splash"] = A_SPLASH + m - 1
    for alias, contract in _CONTRACT_ALIASES.items():
        reads[alias] = A_CONTRACT + contract
    return reads


MOVE_FORMS = (
    "pass, bid 30 … bid 41, bid 42 (1 mark), bid 84 (2 marks), bid 3 marks …, "
    "bid N marks plunge, bid N marks splash, trump 0 … trump 6, trump doubles, "
    "trump follow-me, nello, sevens, play 6-4"
)


def _move_of(action: int) -> Move:
    text = ACTION_TEXT[action]
    if action == A_PASS:
        return Move("pass", text=text)
    if action < A_CONTRACT:
        return Move(
            "bid", numbers=(bid_value(action),), detail=KIND_WORDS[bid_kind(action)], text=text
        )
    if action < A_PLAY:
        contract = action - A_CONTRACT
        if contract < DOUBLES:
            return Move("trump", numbers=(contract,), text=text)
        if contract < NELLO:
            return Move("trump", detail=text.split()[1], text=text)
        return Move(text, text=text)
    return Move("play", tiles=(Tile.from_index(action - A_PLAY),), text=text)


MOVES: tuple[Move, ...] = tuple(_move_of(a) for a in range(NUM_ACTIONS))
"""Each action number's move as a value."""


class Texas42Notation(Notation):
    """Bids by points or marks, trumps by name or number, and tiles either way round."""

    __slots__ = ()

    def read(self, key: str) -> int:
        if key.startswith("play "):
            return A_PLAY + tile_index(key[5:].strip())
        return super().read(key)


NOTATION = Texas42Notation("Texas 42", ACTION_TEXT, MOVES, _aliases(), MOVE_FORMS)
"""The notation of every Texas 42 game (the options change which moves are legal, not how
they are written)."""
