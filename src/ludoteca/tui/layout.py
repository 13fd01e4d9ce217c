"""Five-Up's line of play in a terminal: each tile outlined at its place in the
engine's geometry, a blank half an empty box, drawn as large as the room allows
(pips, or the numbers), and cut to the room around the open ends when even the
numbers do not fit.

>>> layout = {
...     "bounds": {"x": 0, "y": 0, "w": 6, "h": 4},
...     "tiles": [
...         {"x": 0, "y": 1, "w": 4, "h": 2, "orientation": "horizontal", "ends": [3, 0]},
...         {"x": 4, "y": 0, "w": 2, "h": 4, "orientation": "vertical", "ends": [0, 0]},
...     ],
...     "open_ends": [],
... }
>>> print(draw_layout(layout, pips=False).plain())
        ┌───┐
┌───────┤ 0 │
│ 3 │ 0 │───│
└───────┤ 0 │
        └───┘
"""

from __future__ import annotations

from typing import Any

from rich.style import Style

from .draw import TILE_STYLE, Block, Canvas, pip_rows

FRAME = Style(color="bright_white")
"""The outlines, on the table's colour: each tile a white box inside its own."""

__all__ = ["draw_layout", "fit_layout"]

_LINKS: dict[str, tuple[int, int, int, int]] = {
    "─": (0, 1, 0, 1),
    "│": (1, 0, 1, 0),
    "┌": (0, 1, 1, 0),
    "┐": (0, 0, 1, 1),
    "└": (1, 1, 0, 0),
    "┘": (1, 0, 0, 1),
    "├": (1, 1, 1, 0),
    "┤": (1, 0, 1, 1),
    "┬": (0, 1, 1, 1),
    "┴": (1, 1, 0, 1),
    "┼": (1, 1, 1, 1),
}
"""Each line's ends in the cell: up, right, down, left."""
_BOX = {links: ch for ch, links in _LINKS.items()}

SCALES = ((3, 2, True), (2, 1, False), (1, 1, False))
"""Cells a unit across, rows a unit down and whether the halves show pips: the
largest first."""


class _Lines:
    """A canvas on which lines meeting in a cell join (``┬``, ``┼``…)."""

    def __init__(self, width: int, height: int) -> None:
        self.canvas = Canvas(width, height)
        self.links: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def line(self, x: int, y: int, links: tuple[int, int, int, int], style: Style) -> None:
        old = self.links.get((x, y), (0, 0, 0, 0))
        joined = (
            old[0] | links[0],
            old[1] | links[1],
            old[2] | links[2],
            old[3] | links[3],
        )
        self.links[(x, y)] = joined
        self.canvas.put(x, y, _BOX.get(joined, "┼"), style)

    def box(self, x0: int, y0: int, x1: int, y1: int, style: Style) -> None:
        """The outline of the rectangle with corners (x0, y0) and (x1, y1)."""
        for x in range(x0, x1 + 1):
            for y in (y0, y1):
                self.line(x, y, (0, int(x < x1), 0, int(x > x0)), style)
        for y in range(y0, y1 + 1):
            for x in (x0, x1):
                self.line(x, y, (int(y > y0), 0, int(y < y1), 0), style)


def _half(n: int, pips: bool, width: int) -> list[str]:
    """One half's rows: its pips (a blank half is an empty box), or its number
    centred (a blank's is 0, as the hand, the moves and the log write it)."""
    if pips:
        return pip_rows(n)
    return [str(n).center(width)]


def draw_layout(layout: dict[str, Any], *, pips: bool, scale: int | None = None) -> Block:
    """The layout drawn from its geometry, every tile outlined (neighbours share a
    line). With ``pips`` a unit is 3 cells across and 2 rows down and each half a
    3×3 grid of pips; otherwise each half shows its number, a unit 2 cells across
    and 1 row down (``scale`` 1: 1 cell, the tightest)."""
    tiles: list[dict[str, Any]] = layout["tiles"]
    if not tiles:
        return Block()
    bounds = layout["bounds"]
    sx, sy, _ = SCALES[0] if pips else SCALES[1 if scale is None else 2]
    style, frame = TILE_STYLE, FRAME
    lines = _Lines(bounds["w"] * sx + 1, bounds["h"] * sy + 1)
    for tile in tiles:
        x0 = (tile["x"] - bounds["x"]) * sx
        y0 = (tile["y"] - bounds["y"]) * sy
        x1 = x0 + tile["w"] * sx
        y1 = y0 + tile["h"] * sy
        a, b = tile["ends"]
        if tile["orientation"] == "horizontal":
            half = (x1 - x0 - 2) // 2
            ha, hb = _half(a, pips, half), _half(b, pips, half)
            bar = "-" if half == 1 else "│"  # the tightest: 6-4, as the moves write it
            for dy, (x, y) in enumerate(zip(ha, hb, strict=True)):
                lines.canvas.put(x0 + 1, y0 + 1 + dy, f"{x:^{half}}{bar}{y:^{half}}", style)
            lines.box(x0, y0, x1, y1, frame)
        else:
            inner = x1 - x0 - 1
            half_rows = (y1 - y0 - 2) // 2
            rows = [*_half(a, pips, inner), *_half(b, pips, inner)]
            for dy in range(half_rows):
                lines.canvas.put(x0 + 1, y0 + 1 + dy, f"{rows[dy]:^{inner}}", style)
                top = y0 + 2 + half_rows + dy
                lines.canvas.put(x0 + 1, top, f"{rows[half_rows + dy]:^{inner}}", style)
            lines.box(x0, y0, x1, y1, frame)
            lines.canvas.put(x0 + 1, y0 + 1 + half_rows, "─" * inner, style)
    return Block(list(lines.canvas.text().split("\n")))


def fit_layout(layout: dict[str, Any], width: int, height: int) -> Block:
    """The layout as large as fits ``width`` × ``height`` (0: any height); when not
    even the numbers fit, the numbers cut to the room around the open ends."""
    bounds = layout["bounds"]
    for sx, sy, pips in SCALES:
        w, h = bounds["w"] * sx + 1, bounds["h"] * sy + 1
        if w <= width and (not height or h <= height):
            return draw_layout(layout, pips=pips, scale=sx if sx == 1 else None)
    drawing = draw_layout(layout, pips=False, scale=1)
    sx, sy, _ = SCALES[2]
    ends = layout["open_ends"] or layout["tiles"]
    xs = [(e["x"] - bounds["x"]) * sx for e in ends]
    ys = [(e["y"] - bounds["y"]) * sy for e in ends]
    return _window(drawing, (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2, width, height)


def _window(block: Block, cx: int, cy: int, width: int, height: int) -> Block:
    """The part of ``block`` ``width`` × ``height`` around (cx, cy), kept inside it."""
    height = height or block.height
    left = max(0, min(block.width - width, cx - width // 2))
    top = max(0, min(block.height - height, cy - height // 2))
    return Block([line[left : left + width] for line in block.lines[top : top + height]])
