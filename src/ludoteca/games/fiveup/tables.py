"""Precomputed Five-Up tables: the action space and per-tile numbers.

Action numbers:

- ``0`` — ``draw``; ``1`` — ``pass``;
- ``2 + t`` — ``play T`` (the opening tile of a hand, ``t`` its index);
- ``30 + k`` — ``play T on X``, one number for each ordered pair of different
  tiles that share a number (294 pairs, ordered by ``T`` then ``X``).

>>> from ludoteca.tiles import Tile
>>> ACTION_TEXT[0], ACTION_TEXT[1], ACTION_TEXT[A_OPEN + Tile(6, 4).index]
('draw', 'pass', 'play 6-4')
>>> a = PLAY_ON[Tile(4, 1).index * 28 + Tile(6, 4).index]
>>> ACTION_TEXT[a], ON_NUMBER[a], ON_OUTER[a]
('play 4-1 on 6-4', 4, 1)
>>> NUM_ACTIONS
324
"""

from __future__ import annotations

from ludoteca.tiles import ALL_TILES, TILE_TEXT

__all__ = [
    "ACTION_TEXT",
    "A_DRAW",
    "A_ON",
    "A_OPEN",
    "A_PASS",
    "HAS_NUMBER",
    "IS_DOUBLE",
    "NUMBERS_OF",
    "NUMBER_MASK",
    "NUM_ACTIONS",
    "ON_NUMBER",
    "ON_OUTER",
    "ON_TARGET",
    "ON_TILE",
    "OUTER",
    "PIPS",
    "PLAY_ON",
    "bonus_points",
    "deal_text",
    "hand_pips",
]

A_DRAW = 0
A_PASS = 1
A_OPEN = 2
A_ON = 30

PIPS: tuple[int, ...] = tuple(t.pips for t in ALL_TILES)
IS_DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in ALL_TILES)
NUMBER_MASK: tuple[int, ...] = tuple(sum(t.bit for t in ALL_TILES if t.has(n)) for n in range(7))
"""``NUMBER_MASK[n]``: the tiles showing ``n`` on an end."""
NUMBERS_OF: tuple[int, ...] = tuple((1 << t.high) | (1 << t.low) for t in ALL_TILES)
"""``NUMBERS_OF[t]``: a 7-bit mask of the numbers tile ``t`` shows."""
HAS_NUMBER: tuple[int, ...] = tuple(
    sum(t.bit for t in ALL_TILES if NUMBERS_OF[t.index] & m) for m in range(128)
)
"""``HAS_NUMBER[m]``: the tiles showing one of the numbers in the 7-bit mask ``m``."""
OUTER: tuple[tuple[int, ...], ...] = tuple(
    tuple(t.other(v) if t.has(v) else -1 for v in range(7)) for t in ALL_TILES
)
"""``OUTER[t][v]``: the number tile ``t`` shows outward when joined on ``v`` (-1 if
it does not show ``v``)."""


def _pairs() -> list[tuple[int, int, int]]:
    out = []
    for t in ALL_TILES:
        for x in ALL_TILES:
            if t is x:
                continue
            shared = NUMBERS_OF[t.index] & NUMBERS_OF[x.index]
            if shared:
                out.append((t.index, x.index, shared.bit_length() - 1))
    return out


_PAIRS = _pairs()
NUM_ACTIONS = A_ON + len(_PAIRS)

_PAIR_ACTION = {(t, x): A_ON + k for k, (t, x, _) in enumerate(_PAIRS)}
PLAY_ON: tuple[int, ...] = tuple(
    _PAIR_ACTION.get((ti, xi), -1) for ti in range(28) for xi in range(28)
)
"""``PLAY_ON[t * 28 + x]``: the action ``play T on X`` (``-1`` if they share no number)."""

ON_TILE: tuple[int, ...] = (-1,) * A_ON + tuple(t for t, _, _ in _PAIRS)
"""The tile played by each ``play T on X`` action (``-1`` for the others)."""
ON_TARGET: tuple[int, ...] = (-1,) * A_ON + tuple(x for _, x, _ in _PAIRS)
"""The tile on the table joined by each ``play T on X`` action."""
ON_NUMBER: tuple[int, ...] = (-1,) * A_ON + tuple(n for _, _, n in _PAIRS)
"""The number where the two tiles meet."""
ON_OUTER: tuple[int, ...] = (-1,) * A_ON + tuple(ALL_TILES[t].other(n) for t, _, n in _PAIRS)
"""The number the played tile shows outward (the same number for a double)."""

ACTION_TEXT: tuple[str, ...] = (
    "draw",
    "pass",
    *(f"play {TILE_TEXT[t]}" for t in range(28)),
    *(f"play {TILE_TEXT[t]} on {TILE_TEXT[x]}" for t, x, _ in _PAIRS),
)


def hand_pips(mask: int) -> int:
    """Pips in a hand given as a tile mask.

    >>> from ludoteca.tiles import Tile, mask_of
    >>> hand_pips(mask_of([Tile(6, 5), Tile(2, 0)]))
    13
    """
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS[low.bit_length() - 1]
        mask ^= low
    return total


def bonus_points(pips: int) -> int:
    """Points for ``pips`` left in opposing hands: one per 5, remainders of 3–4 rounded up.

    >>> bonus_points(22), bonus_points(23), bonus_points(2), bonus_points(0)
    (4, 5, 0, 0)
    """
    return (pips + 2) // 5


def deal_text(hands: list[list[int]], stock: list[int]) -> str:
    """The canonical ``deal H0 | … | stock S`` text (hands as given, stock in order)."""
    return (
        "deal "
        + " | ".join(" ".join(TILE_TEXT[t] for t in h) for h in hands)
        + " | stock "
        + " ".join(TILE_TEXT[t] for t in stock)
    )
