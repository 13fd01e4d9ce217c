"""Precomputed Bingo tables: trump, strength, capture values and the follow rule.

A *configuration* is the trump number together with the ``blanks_as_seven``
option: ``config = trump + 7 * blanks_as_seven``. Every table is indexed by
configuration, then by tile index (``Tile.index``: ``0-0`` is 0, ``6-6`` is 27).

>>> from ludoteca.tiles import Tile
>>> trump_of(Tile(6, 2).index, False), trump_of(Tile(5, 5).index, False)
(6, 5)
>>> trump_of(Tile(6, 0).index, False), trump_of(Tile(6, 0).index, True)
(6, 0)
>>> cfg = config_of(2, False)
>>> VALUE[cfg][Tile(2, 2).index], VALUE[cfg][Tile(0, 0).index], VALUE[cfg][Tile(3, 0).index]
(28, 14, 10)
>>> VALUE[config_of(0, False)][Tile(0, 0).index], VALUE[config_of(6, True)][Tile(6, 0).index]
(28, 13)
"""

from __future__ import annotations

from ludoteca.tiles import ALL_TILES, TILE_TEXT

__all__ = [
    "ABOVE",
    "BINGO",
    "CONFIGS",
    "DOUBLE_OF",
    "FOLLOW_STEPS",
    "HIGH_END",
    "LOW_END",
    "SHOW_POINTS",
    "SLICE_TILES",
    "STRENGTH",
    "TRUMP_DOUBLE",
    "TRUMP_MASK",
    "VALUE",
    "config_of",
    "end_value",
    "follow_step",
    "forbidden_before",
    "show_points",
    "tiles_in",
    "tiles_text",
    "trump_of",
]

BINGO = 0
"""Tile index of ``0-0``, the bingo."""

CONFIGS = 14

SHOW_POINTS: tuple[int, ...] = (0, 20, 40, 50, 60, 70, 70)
"""Points for showing 0 … 6 doubles (five or six: 70)."""

DOUBLE_OF: tuple[int, ...] = tuple(n * (n + 1) // 2 + n for n in range(7))
"""Tile index of the double ``n-n``."""


def show_points(count: int, with_bingo: bool) -> int:
    """Points for a won show of ``count`` doubles (+10 when the bingo is among them).

    >>> show_points(1, False), show_points(3, True), show_points(6, False)
    (20, 60, 70)
    """
    return SHOW_POINTS[count] + (10 if with_bingo and count else 0)


def end_value(end: int, blanks_as_seven: bool) -> int:
    """The worth of one end: its pips, or 7 for a blank with ``blanks_as_seven``."""
    return 7 if blanks_as_seven and end == 0 else end


def _ends(t: int, blanks_as_seven: bool) -> tuple[int, int]:
    """(higher end, lower end) of tile ``t``; with ``blanks_as_seven`` a blank is the higher."""
    tile = ALL_TILES[t]
    if blanks_as_seven and tile.low == 0:
        return 0, tile.high
    return tile.high, tile.low


def trump_of(up: int, blanks_as_seven: bool) -> int:
    """The trump number set by the turned-up tile ``up``: its higher end."""
    return _ends(up, blanks_as_seven)[0]


def config_of(trump: int, blanks_as_seven: bool) -> int:
    """The configuration index of a trump number and the option."""
    return trump + (7 if blanks_as_seven else 0)


def _number_mask(n: int) -> int:
    return sum(t.bit for t in ALL_TILES if t.has(n))


NUMBER_MASK: tuple[int, ...] = tuple(_number_mask(n) for n in range(7))


def _pips(t: int, b7: bool) -> int:
    tile = ALL_TILES[t]
    return end_value(tile.high, b7) + end_value(tile.low, b7)


def _strength(cfg: int, t: int) -> int:
    trump, b7 = cfg % 7, cfg >= 7
    if t == BINGO:
        return 200
    if t == DOUBLE_OF[trump]:
        return 150
    if ALL_TILES[t].has(trump):
        return 100 + _pips(t, b7)
    return _pips(t, b7)


def _value(cfg: int, t: int) -> int:
    trump, b7 = cfg % 7, cfg >= 7
    if t == DOUBLE_OF[trump]:
        return 28
    if t == BINGO:
        return 14
    tile = ALL_TILES[t]
    if (tile.high, tile.low) == (3, 0):
        return 10
    return _pips(t, b7)


def _follow_steps(cfg: int, led: int) -> tuple[int, int, int]:
    trump, b7 = cfg % 7, cfg >= 7
    high, low = _ends(led, b7)
    return NUMBER_MASK[high], NUMBER_MASK[low], NUMBER_MASK[trump]


STRENGTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(_strength(c, t) for t in range(28)) for c in range(CONFIGS)
)
"""``STRENGTH[config][tile]``: bingo 200, trump double 150, trumps 100 + pips,
the rest their pips. The reply wins only with a strictly higher strength."""

VALUE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_value(c, t) for t in range(28)) for c in range(CONFIGS)
)
"""``VALUE[config][tile]``: capture points (trump double 28, bingo 14 or 28 when
it is the trump double, 3-0 10, the rest their pips)."""

ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << u for u in range(28) if STRENGTH[c][u] > STRENGTH[c][t]) for t in range(28))
    for c in range(CONFIGS)
)
"""``ABOVE[config][tile]``: the tiles that beat ``tile`` when it is led."""

TRUMP_MASK: tuple[int, ...] = tuple(NUMBER_MASK[c % 7] for c in range(CONFIGS))
"""The trumps: every tile holding the trump number."""

TRUMP_DOUBLE: tuple[int, ...] = tuple(DOUBLE_OF[c % 7] for c in range(CONFIGS))

FOLLOW_STEPS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(_follow_steps(c, t) for t in range(28)) for c in range(CONFIGS)
)
"""``FOLLOW_STEPS[config][led tile]``: the masks of the follow rule's first three
steps (the led tile's higher end, its lower end, a trump); the fourth is any tile."""

HIGH_END: tuple[tuple[int, ...], ...] = tuple(
    tuple(_ends(t, b7)[0] for t in range(28)) for b7 in (False, True)
)
LOW_END: tuple[tuple[int, ...], ...] = tuple(
    tuple(_ends(t, b7)[1] for t in range(28)) for b7 in (False, True)
)


def follow_step(cfg: int, led: int, tile: int) -> int:
    """The first step of the follow rule that ``tile`` satisfies (4: none of the first three)."""
    bit = 1 << tile
    for step, mask in enumerate(FOLLOW_STEPS[cfg][led], 1):
        if mask & bit:
            return step
    return 4


def forbidden_before(cfg: int, led: int, step: int) -> int:
    """The tiles a follower who answered at ``step`` cannot have held (steps 1 … step-1)."""
    out = 0
    for mask in FOLLOW_STEPS[cfg][led][: step - 1]:
        out |= mask
    return out


SLICE_TILES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(7 * k + i for i in range(7) if v >> i & 1) for v in range(128)) for k in range(4)
)
"""``SLICE_TILES[k][v]``: the tile indices of the bits ``v`` of a mask's k-th 7-bit slice."""
_C0, _C1, _C2, _C3 = SLICE_TILES


def tiles_in(mask: int) -> list[int]:
    """The tile indices of ``mask``, lowest first (also the play actions of a hand).

    >>> tiles_in(0b1000000000000000000000000101)
    [0, 2, 27]
    """
    return [*_C0[mask & 127], *_C1[mask >> 7 & 127], *_C2[mask >> 14 & 127], *_C3[mask >> 21]]


def tiles_text(mask: int) -> list[str]:
    """The tiles of ``mask`` written out, highest first.

    >>> tiles_text(0b1000000000000000000000000101)
    ['6-6', '1-1', '0-0']
    """
    if not mask:
        return []
    return [TILE_TEXT[t] for t in reversed(tiles_in(mask))]
