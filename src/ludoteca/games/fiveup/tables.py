"""Precomputed Five-Up tables: the action space, per-tile numbers, the arithmetic
of the open ends and of the bonus.

Every action number and rule table of Five-Up is here, once; the rules that use
them are in :mod:`.core`.

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

from ludoteca.tiles import ALL_TILES, TILE_TEXT, Tile

__all__ = [
    "ACTION_MOVE",
    "ACTION_OF",
    "ACTION_TEXT",
    "A_DRAW",
    "A_ON",
    "A_OPEN",
    "A_PASS",
    "DOUBLE_OF",
    "ENDS_POINTS",
    "HAND_SIZE",
    "HAS_NUMBER",
    "HIGH",
    "IS_DOUBLE",
    "JOIN",
    "JOIN_PLAIN",
    "LOW",
    "NUMBERS_OF",
    "NUMBER_MASK",
    "NUMBER_SETS",
    "NUMS_HIGH",
    "NUMS_LOW",
    "NUM_ACTIONS",
    "ON_NUMBER",
    "ON_OUTER",
    "ON_TARGET",
    "ON_TILE",
    "OPENING",
    "OUTER",
    "PASS",
    "PIPS",
    "PLAIN",
    "PLAY_ON",
    "SINGLE_NUMBER",
    "SPINNER",
    "bonus_points",
    "deal_text",
    "ends_points",
    "hand_numbers",
    "hand_pips",
    "rounding",
]

A_DRAW = 0
A_PASS = 1
A_OPEN = 2
A_ON = 30

HAND_SIZE = 5
"""Tiles dealt to each seat."""

PLAIN, SPINNER, OPENING, PASS = range(4)
"""Where a tile goes: on the open end of a non-double (``PLAIN``), on a place of the
double of that number (``SPINNER``), alone on the empty table (``OPENING``); ``PASS``
is no tile at all. A play as ``(tile, number, kind)`` is the solver's move."""

PIPS: tuple[int, ...] = tuple(t.pips for t in ALL_TILES)
IS_DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in ALL_TILES)
HIGH: tuple[int, ...] = tuple(t.high for t in ALL_TILES)
LOW: tuple[int, ...] = tuple(t.low for t in ALL_TILES)
DOUBLE_OF: tuple[int, ...] = tuple(Tile(v, v).index for v in range(7))
"""``DOUBLE_OF[v]``: the index of the double ``v-v``."""
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
JOIN_PLAIN = 5
"""The place of :data:`JOIN` for the open end of a non-double."""
JOIN: tuple[int, ...] = tuple(
    (
        (2 * v if OUTER[t][v] == v else OUTER[t][v])
        - (v if place == JOIN_PLAIN else 2 * v if place == 3 else 0)
        if OUTER[t][v] >= 0
        else 0
    )
    for t in range(28)
    for v in range(7)
    for place in range(6)
)
"""``JOIN[(t * 7 + v) * 6 + place]``: how the sum of the open ends changes when
tile ``t`` joins an open end showing ``v``; ``place`` is :data:`JOIN_PLAIN` for
the end of a non-double (which stops counting), else the places left on the
double ``v-v`` (4 to 1: it counts both halves while a side is free, so covering
its second side, from 3 places to 2, takes them off). The tile's outer end then
counts (a double, lying crosswise, both its halves).

>>> from ludoteca.tiles import Tile
>>> JOIN[(Tile(4, 1).index * 7 + 4) * 6 + JOIN_PLAIN], JOIN[(Tile(6, 3).index * 7 + 6) * 6 + 3]
(-3, -9)
"""

NUMBER_SETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(v for v in range(7) if m >> v & 1) for m in range(128)
)
"""``NUMBER_SETS[m]``: the numbers in the 7-bit mask ``m``, lowest first."""
SINGLE_NUMBER: tuple[int, ...] = tuple(ns[0] if len(ns) == 1 else -1 for ns in NUMBER_SETS)
"""``SINGLE_NUMBER[m]``: the number of a 7-bit mask holding just one, else -1."""


def _half_table(base: int, pips: bool) -> tuple[int, ...]:
    """For each 14-bit half of a hand: its pips, or the numbers it shows (7-bit mask)."""
    table = [0]
    for t in range(base, base + 14):
        if pips:
            table += [x + PIPS[t] for x in table]
        else:
            table += [x | NUMBERS_OF[t] for x in table]
    return tuple(table)


_NUMS_LOW = _half_table(0, False)
_NUMS_HIGH = _half_table(14, False)
_PIPS_LOW = _half_table(0, True)
_PIPS_HIGH = _half_table(14, True)


NUMS_LOW, NUMS_HIGH = _NUMS_LOW, _NUMS_HIGH
"""The numbers shown by each 14-bit half of a hand (see :func:`hand_numbers`)."""


def hand_numbers(mask: int) -> int:
    """The numbers the tiles of a hand show, as a 7-bit mask.

    >>> from ludoteca.tiles import Tile, mask_of
    >>> bin(hand_numbers(mask_of([Tile(6, 5), Tile(2, 0)])))
    '0b1100101'
    """
    return _NUMS_LOW[mask & 0x3FFF] | _NUMS_HIGH[mask >> 14]


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
ACTION_OF: dict[str, int] = {text: a for a, text in enumerate(ACTION_TEXT)}
"""The action number of each move in canonical notation."""

ACTION_MOVE: tuple[tuple[int, int, int, int], ...] = (
    (-1, -1, PASS, -1),
    (-1, -1, PASS, -1),
    *((t, -1, OPENING, -1) for t in range(28)),
    *((t, n, SPINNER if IS_DOUBLE[x] else PLAIN, x) for t, x, n in _PAIRS),
)
"""``ACTION_MOVE[a]``: ``(tile, number, kind, target)`` of a play (``target`` the tile
joined, -1 for an opening); draw and pass are ``(-1, -1, PASS, -1)``."""


def hand_pips(mask: int) -> int:
    """Pips in a hand given as a tile mask.

    >>> from ludoteca.tiles import Tile, mask_of
    >>> hand_pips(mask_of([Tile(6, 5), Tile(2, 0)]))
    13
    """
    return _PIPS_LOW[mask & 0x3FFF] + _PIPS_HIGH[mask >> 14]


ENDS_POINTS: tuple[int, ...] = tuple(0 if e % 5 else e // 5 for e in range(256))
"""``ENDS_POINTS[e]``: what a play scores when it leaves open ends summing to ``e``:
a point per 5 pips when ``e`` is a multiple of 5 (a total of 0 scores nothing)."""


def ends_points(ends: int) -> int:
    """What a play scores when the open ends sum to ``ends`` (see :data:`ENDS_POINTS`).

    >>> ends_points(15), ends_points(7), ends_points(0)
    (3, 0, 0)
    """
    return ENDS_POINTS[ends]


def bonus_points(pips: int) -> int:
    """Points for ``pips`` left in opposing hands: one per 5, remainders of 3–4 rounded up.

    >>> bonus_points(22), bonus_points(23), bonus_points(2), bonus_points(0)
    (4, 5, 0, 0)
    """
    return (pips + 2) // 5


def rounding(pips: int) -> str:
    """How :func:`bonus_points` rounds ``pips``: ``"down"`` (a remainder of 1 or 2),
    ``"up"`` (3 or 4) or ``"none"`` (a multiple of 5).

    >>> rounding(22), rounding(23), rounding(25)
    ('down', 'up', 'none')
    """
    rest = pips % 5
    return "none" if not rest else "down" if rest < 3 else "up"


def deal_text(hands: list[list[int]], stock: list[int]) -> str:
    """The canonical ``deal H0 | … | stock S`` text (hands as given, stock in order)."""
    return (
        "deal "
        + " | ".join(" ".join(TILE_TEXT[t] for t in h) for h in hands)
        + " | stock "
        + " ".join(TILE_TEXT[t] for t in stock)
    )
