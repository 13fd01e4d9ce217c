"""The figure of matchsticks each Cavaleiro player lays out, kept as data.

A figure is a row of *blocks*, each a row of adjacent *columns* of vertical
sticks, plus some *horizontal* sticks laid across. The default (RULES.md) is 3
blocks of 3 columns of 3 verticals, plus 3 horizontals: 30 sticks.

A layout is written in one of two ways (the option ``layout`` takes either, or
an object ``{"blocks": [[3, 3, 3], ...], "horizontals": 3}``):

- ``BxCxH+K``: B blocks of C columns of H verticals each, plus K horizontals
  (``3x3x3+3``, the default);
- column heights per block, blocks separated by ``/``, plus K horizontals
  (``333/333/333+3``; ``33/3333+2``; commas between heights are allowed).

Each number is a single digit: 1–9 blocks, 1–9 columns per block, 1–9
verticals per column, 0–9 horizontals.

>>> fig = parse_layout("3x3x3+3")
>>> fig.columns, fig.horizontals, fig.total
((3, 3, 3, 3, 3, 3, 3, 3, 3), 3, 30)
>>> parse_layout({"blocks": [[2, 3], [4]], "horizontals": 1}).text
'23/4+1'
>>> parse_layout("333/333/333+3").text
'3x3x3+3'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.errors import InvalidOption

from .viewtypes import FigureLayout, Stick

__all__ = ["DEFAULT_LAYOUT", "Layout", "parse_layout"]

DEFAULT_LAYOUT = "3x3x3+3"
MAX_DIGIT = 9

FORMS = (
    "write it as BxCxH+K (B blocks of C columns of H verticals, plus K horizontals, "
    "e.g. '3x3x3+3') or as column heights per block separated by '/', plus K "
    "horizontals (e.g. '333/333/333+3'), each number a single digit"
)

STICK_GAP = 0.5
"""Distance between two columns of a block, in stick lengths (a stick is 1 long)."""
BLOCK_GAP = 1.0
"""Distance between the last column of a block and the first of the next."""


@dataclass(frozen=True)
class Layout:
    """A figure: the column heights of each block, and the number of horizontals."""

    blocks: tuple[tuple[int, ...], ...]
    horizontals: int

    @property
    def columns(self) -> tuple[int, ...]:
        """Height of every column, numbered left to right across the blocks."""
        return tuple(h for block in self.blocks for h in block)

    @property
    def column_block(self) -> tuple[int, ...]:
        """The block (0-based) of each column."""
        return tuple(b for b, block in enumerate(self.blocks) for _ in block)

    @property
    def block_sizes(self) -> tuple[int, ...]:
        """Verticals in each full block."""
        return tuple(sum(block) for block in self.blocks)

    @property
    def verticals(self) -> int:
        return sum(self.columns)

    @property
    def total(self) -> int:
        """Sticks in the whole figure."""
        return self.verticals + self.horizontals

    @property
    def text(self) -> str:
        """The canonical way to write it (``BxCxH+K`` when every column and block
        is alike, else the heights per block)."""
        first = self.blocks[0]
        if all(block == first for block in self.blocks) and len(set(first)) == 1:
            return f"{len(self.blocks)}x{len(first)}x{first[0]}+{self.horizontals}"
        body = "/".join("".join(map(str, block)) for block in self.blocks)
        return f"{body}+{self.horizontals}"

    def sticks(self) -> list[Stick]:
        """Every stick with the geometry to draw it, verticals first.

        Coordinates are in stick lengths, ``y`` upwards from the table: the
        columns stand side by side (``STICK_GAP`` apart, ``BLOCK_GAP`` between
        blocks), each column a stack of sticks end to end from ``y = 0``; the
        horizontals lie end to end in one row half a stick above the tallest
        column, centred over the figure. Row 0 is the bottom stick of a column;
        a column loses its top sticks first, the horizontals their last first.
        """
        out: list[Stick] = []
        x = 0.0
        column = 0
        for b, block in enumerate(self.blocks):
            if b:
                x += BLOCK_GAP
            for i, height in enumerate(block):
                if i:
                    x += STICK_GAP
                for row in range(height):
                    out.append(
                        {
                            "id": len(out),
                            "kind": "vertical",
                            "block": b + 1,
                            "column": column + 1,
                            "row": row,
                            "x1": x,
                            "y1": float(row),
                            "x2": x,
                            "y2": float(row + 1),
                        }
                    )
                column += 1
        width = x
        top = max(self.columns) + 0.5
        start = (width - self.horizontals) / 2
        for i in range(self.horizontals):
            out.append(
                {
                    "id": len(out),
                    "kind": "horizontal",
                    "block": None,
                    "column": None,
                    "row": i,
                    "x1": start + i,
                    "y1": top,
                    "x2": start + i + 1,
                    "y2": top,
                }
            )
        return out

    def as_json(self) -> FigureLayout:
        return {
            "text": self.text,
            "blocks": [list(block) for block in self.blocks],
            "horizontals": self.horizontals,
            "total": self.total,
        }


def _bad(value: Any, why: str) -> InvalidOption:
    return InvalidOption(f"cavaleiro option layout={value!r} is not a figure: {why}; {FORMS}")


def _check(value: Any, blocks: list[list[int]], horizontals: int) -> Layout:
    if not blocks:
        raise _bad(value, "it has no block")
    if len(blocks) > MAX_DIGIT:
        raise _bad(value, f"it has {len(blocks)} blocks, and at most {MAX_DIGIT} are allowed")
    for b, block in enumerate(blocks, 1):
        if not block:
            raise _bad(value, f"block {b} has no column")
        if len(block) > MAX_DIGIT:
            raise _bad(value, f"block {b} has {len(block)} columns, at most {MAX_DIGIT}")
        for h in block:
            if not 1 <= h <= MAX_DIGIT:
                raise _bad(value, f"a column holds 1 to {MAX_DIGIT} verticals, not {h}")
    if not 0 <= horizontals <= MAX_DIGIT:
        raise _bad(value, f"there are 0 to {MAX_DIGIT} horizontals, not {horizontals}")
    return Layout(tuple(tuple(block) for block in blocks), horizontals)


def _whole(value: Any, x: Any, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise _bad(value, f"{what} must be a whole number, not {x!r}")
    return x


def _parse_text(value: str) -> Layout:
    text = "".join(value.split()).lower()
    body, plus, horiz = text.partition("+")
    if not plus:
        raise _bad(value, "it must end with +K, the number of horizontals (+0 for none)")
    if not horiz.isdigit() or len(horiz) > 1:
        raise _bad(value, f"the horizontals after '+' must be one digit, not {horiz!r}")
    horizontals = int(horiz)
    if "x" in body:
        parts = body.split("x")
        if len(parts) != 3 or not all(p.isdigit() and len(p) == 1 for p in parts):
            raise _bad(value, "the compact form is three digits joined by 'x'")
        nb, nc, h = (int(p) for p in parts)
        if nb == 0 or nc == 0:
            raise _bad(value, "it needs at least one block of at least one column")
        return _check(value, [[h] * nc for _ in range(nb)], horizontals)
    blocks: list[list[int]] = []
    for part in body.split("/"):
        digits = part.replace(",", "")
        if not digits.isdigit():
            raise _bad(value, f"block {len(blocks) + 1} is {part!r}, not column heights")
        blocks.append([int(ch) for ch in digits])
    return _check(value, blocks, horizontals)


def parse_layout(value: Any) -> Layout:
    """The :class:`Layout` written ``value``; ``InvalidOption`` saying what is wrong."""
    if isinstance(value, Layout):
        return _check(value, [list(b) for b in value.blocks], value.horizontals)
    if isinstance(value, str):
        return _parse_text(value)
    if isinstance(value, Mapping):
        extra = set(value) - {"blocks", "horizontals"}
        if extra or "blocks" not in value or "horizontals" not in value:
            raise _bad(value, 'an object has exactly the keys "blocks" and "horizontals"')
        raw_blocks = value["blocks"]
        if isinstance(raw_blocks, str) or not isinstance(raw_blocks, Sequence):
            raise _bad(value, '"blocks" is a list of lists of column heights')
        blocks: list[list[int]] = []
        for raw in raw_blocks:
            if isinstance(raw, str) or not isinstance(raw, Sequence):
                raise _bad(value, '"blocks" is a list of lists of column heights')
            blocks.append([_whole(value, h, "a column height") for h in raw])
        return _check(value, blocks, _whole(value, value["horizontals"], "horizontals"))
    raise _bad(value, f"a layout is text or an object, not {type(value).__name__}")
