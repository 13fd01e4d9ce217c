"""Dominoes of a double-six set, as values and as bits.

A :class:`Tile` is written high end first, ``6-4``; parsing accepts either
order. Every tile has an index from 0 (``0-0``) to 27 (``6-6``), so a set of
tiles fits in a 28-bit integer mask, the form the engines use on hot paths.

>>> Tile(4, 6)
Tile(6, 4)
>>> str(Tile.parse("4-6"))
'6-4'
>>> Tile(6, 4).index, Tile(6, 4).pips
(25, 10)
>>> [str(t) for t in tiles_of(mask_of([Tile(1, 0), Tile(6, 6)]))]
['1-0', '6-6']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import ClassVar

__all__ = [
    "ALL_TILES",
    "DOUBLES_MASK",
    "FULL_MASK",
    "Tile",
    "format_tiles",
    "mask_of",
    "mask_of_texts",
    "parse_tiles",
    "popcount",
    "tiles_of",
]


class Tile:
    """One domino of the double-six set; immutable and interned.

    >>> Tile(5, 5).is_double, Tile(3, 2).has(2), Tile(3, 2).other(3)
    (True, True, 2)
    >>> Tile(6, 4) is Tile.parse("4-6")
    True
    """

    __slots__ = ("bit", "high", "index", "low", "pips")
    _interned: ClassVar[dict[tuple[int, int], Tile]] = {}

    high: int
    low: int
    index: int
    bit: int
    pips: int

    def __new__(cls, a: int, b: int) -> Tile:
        try:
            key = (a, b) if a >= b else (b, a)
        except TypeError:
            raise TypeError(f"a tile's ends are numbers from 0 to 6, not {a!r} and {b!r}") from None
        tile = cls._interned.get(key)
        if tile is not None:
            return tile
        if not (isinstance(a, int) and isinstance(b, int) and 0 <= a <= 6 and 0 <= b <= 6):
            raise ValueError(f"a tile's ends are numbers from 0 to 6, not {a!r} and {b!r}")
        tile = super().__new__(cls)
        high, low = key
        object.__setattr__(tile, "high", high)
        object.__setattr__(tile, "low", low)
        object.__setattr__(tile, "index", high * (high + 1) // 2 + low)
        object.__setattr__(tile, "bit", 1 << (high * (high + 1) // 2 + low))
        object.__setattr__(tile, "pips", high + low)
        cls._interned[key] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"6-4"`` (or ``"4-6"``, ``"6|4"``, ``"64"``) as a tile.

        >>> Tile.parse(" 0-6 ")
        Tile(6, 0)
        >>> Tile.parse("7-1")
        Traceback (most recent call last):
        ...
        ValueError: '7-1' is not a tile: write two numbers from 0 to 6, like 6-4
        """
        s = text.strip()
        digits = [c for c in s if c not in "-|:[] "]
        if len(digits) == 2 and all(c in "0123456" for c in digits) and len(s) <= 5:
            return cls(int(digits[0]), int(digits[1]))
        raise ValueError(f"{text!r} is not a tile: write two numbers from 0 to 6, like 6-4")

    @classmethod
    def from_index(cls, index: int) -> Tile:
        """The tile with this index (0 for ``0-0`` … 27 for ``6-6``)."""
        return ALL_TILES[index]

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def has(self, end: int) -> bool:
        """Whether one of the tile's ends shows ``end``."""
        return self.high == end or self.low == end

    def other(self, end: int) -> int:
        """The end opposite ``end`` (``end`` itself on a double)."""
        if end == self.high:
            return self.low
        if end == self.low:
            return self.high
        raise ValueError(f"{self} has no end {end}")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index


ALL_TILES: tuple[Tile, ...] = tuple(Tile(h, lo) for h in range(7) for lo in range(h + 1))
FULL_MASK = (1 << 28) - 1
DOUBLES_MASK = sum(t.bit for t in ALL_TILES if t.is_double)

# Text of each tile by index, for fast formatting.
TILE_TEXT: tuple[str, ...] = tuple(str(t) for t in ALL_TILES)
_TEXT_INDEX: dict[str, int] = {}
for _t in ALL_TILES:
    _TEXT_INDEX[f"{_t.high}-{_t.low}"] = _t.index
    _TEXT_INDEX[f"{_t.low}-{_t.high}"] = _t.index


def tile_index(text: str) -> int:
    """Index of the tile written ``text`` (either order); ``ValueError`` if it is not one."""
    i = _TEXT_INDEX.get(text)
    if i is None:
        return Tile.parse(text).index
    return i


def mask_of_texts(texts: Iterable[str]) -> int:
    """The bit mask of the tiles written ``texts`` (as :func:`tile_index` reads them).

    >>> mask_of_texts(["0-0", "1-0"]) == Tile(0, 0).bit | Tile(1, 0).bit
    True
    """
    m = 0
    for t in texts:
        m |= 1 << tile_index(t)
    return m


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bit mask of some tiles."""
    m = 0
    for t in tiles:
        m |= t.bit
    return m


def indices_of(mask: int) -> Iterator[int]:
    """The indices of the tiles in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def tiles_of(mask: int) -> list[Tile]:
    """The tiles in ``mask``, lowest index first."""
    return [ALL_TILES[i] for i in indices_of(mask)]


def popcount(mask: int) -> int:
    return mask.bit_count()


def parse_tiles(text: str) -> list[Tile]:
    """Tiles written one after another, separated by spaces or commas.

    >>> parse_tiles("6-4 4-6")
    [Tile(6, 4), Tile(6, 4)]
    """
    return [Tile.parse(part) for part in text.replace(",", " ").split()]


def format_tiles(tiles: Iterable[Tile | int]) -> str:
    """Tiles (or their indices) written the canonical way, separated by spaces."""
    return " ".join(TILE_TEXT[t] if isinstance(t, int) else str(t) for t in tiles)
