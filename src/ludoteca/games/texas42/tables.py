"""Precomputed Texas 42 tables: suits, following and trick strength per contract.

A *contract* is what the bid winner declared: trump suit 0–6, ``DOUBLES``
(doubles are trump), ``FOLLOW_ME`` (no trump), ``NELLO`` (no trump, doubles a
suit of their own) or ``SEVENS`` (tiles nearest to 7 pips win). Suits are 0–6
by number and 7 for the doubles when they form a suit.

>>> from ludoteca.tiles import Tile
>>> LED_SUIT[4][Tile(5, 3).index], LED_SUIT[4][Tile(5, 4).index]
(5, 4)
>>> # trump 4, five led: 5-0 follows, 4-5 is a trump and does not
>>> bool(FOLLOW_MASK[4][5] & Tile(5, 0).bit), bool(FOLLOW_MASK[4][5] & Tile(5, 4).bit)
(True, False)
"""

from __future__ import annotations

from ludoteca.tiles import ALL_TILES, DOUBLES_MASK, FULL_MASK

DOUBLES = 7
FOLLOW_ME = 8
NELLO = 9
SEVENS = 10
CONTRACTS = 11
DOUBLES_SUIT = 7

CONTRACT_NAMES: tuple[str, ...] = (
    "trump 0",
    "trump 1",
    "trump 2",
    "trump 3",
    "trump 4",
    "trump 5",
    "trump 6",
    "trump doubles",
    "trump follow-me",
    "nello",
    "sevens",
)
SUIT_NAMES: tuple[str, ...] = ("0", "1", "2", "3", "4", "5", "6", "doubles")

COUNT: tuple[int, ...] = tuple(
    10 if (t.high, t.low) in ((5, 5), (6, 4)) else 5 if t.pips == 5 else 0 for t in ALL_TILES
)
"""Count of each tile: 5-5 and 6-4 are worth 10, 5-0, 4-1 and 3-2 worth 5."""

SEVENS_DISTANCE: tuple[int, ...] = tuple(abs(t.pips - 7) for t in ALL_TILES)


def _number_mask(n: int) -> int:
    m = 0
    for t in ALL_TILES:
        if t.has(n):
            m |= t.bit
    return m


NUMBER_MASK: tuple[int, ...] = tuple(_number_mask(n) for n in range(7))


def _trump_mask(c: int) -> int:
    if c < 7:
        return NUMBER_MASK[c]
    if c == DOUBLES:
        return DOUBLES_MASK
    return 0


def _doubles_apart(c: int) -> bool:
    return c in (DOUBLES, NELLO)


def _led_suit(c: int, t: int) -> int:
    tile = ALL_TILES[t]
    if c < 7 and tile.has(c):
        return c
    if _doubles_apart(c) and tile.is_double:
        return DOUBLES_SUIT
    return tile.high


def _follow_mask(c: int, s: int) -> int:
    if c == SEVENS:
        return FULL_MASK
    if s == DOUBLES_SUIT:
        return DOUBLES_MASK if _doubles_apart(c) else 0
    m = NUMBER_MASK[s]
    if c < 7 and s != c:
        m &= ~NUMBER_MASK[c]
    if _doubles_apart(c):
        m &= ~DOUBLES_MASK
    return m


def _rank_in_suit(c: int, s: int, t: int) -> int:
    tile = ALL_TILES[t]
    if s == DOUBLES_SUIT:
        return tile.high
    if tile.is_double:
        return 7
    return tile.other(s)


def _strength(c: int, s: int, t: int) -> int:
    if c == SEVENS:
        return 10 - SEVENS_DISTANCE[t]
    bit = 1 << t
    trump = _trump_mask(c)
    if trump & bit:
        trump_suit = DOUBLES_SUIT if c == DOUBLES else c
        return 100 + _rank_in_suit(c, trump_suit, t)
    if _follow_mask(c, s) & bit:
        return 50 + _rank_in_suit(c, s, t)
    return 0


TRUMP_MASK: tuple[int, ...] = tuple(_trump_mask(c) for c in range(CONTRACTS))
LED_SUIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(_led_suit(c, t) for t in range(28)) for c in range(CONTRACTS)
)
FOLLOW_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(_follow_mask(c, s) for s in range(8)) for c in range(CONTRACTS)
)
STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_strength(c, s, t) for t in range(28)) for s in range(8)) for c in range(CONTRACTS)
)
"""``STRENGTH[contract][led suit][tile]``: the higher wins the trick; the first
played wins a tie (only possible in sevens)."""

SEVENS_RING: tuple[int, ...] = tuple(
    sum(t.bit for t in ALL_TILES if abs(t.pips - 7) == d) for d in range(8)
)
"""Tiles by distance from 7 pips."""


def sevens_choices(hand: int) -> int:
    """The tiles of ``hand`` nearest to 7 pips (in sevens a player must play one)."""
    for ring in SEVENS_RING:
        if hand & ring:
            return hand & ring
    return 0
