"""Drawing the table in a terminal: dominoes with their pips, dice, matchsticks.

Everything here is pure: it turns tile texts, dice and stick geometry into
lines of styled text (:class:`Block`), and a :class:`Canvas` places blocks at
positions, so each game's board is drawn the way players lay it out.

>>> print(tile_block("6-4").plain())
┌─────┐
│●   ●│
│●   ●│
│●   ●│
├─────┤
│●   ●│
│     │
│●   ●│
└─────┘
>>> print(tile_block("3-0", horizontal=True).plain())
┌─────┬─────┐
│●    │     │
│  ●  │     │
│    ●│     │
└─────┴─────┘
>>> print(die_block(5).plain())
┌─────┐
│●   ●│
│  ●  │
│●   ●│
└─────┘
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

__all__ = [
    "Block",
    "Canvas",
    "back_block",
    "compact_tile",
    "die_block",
    "pip_rows",
    "stick_figure",
    "tile_block",
]

PIP = "●"

# Pip positions on a 3×3 grid (row, column), as on dice and dominoes.
_PIP_CELLS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)),
}

TILE_STYLE = Style(color="black", bgcolor="bright_white")
TILE_DIM = Style(color="grey50", bgcolor="grey85")
TILE_PICK = Style(color="black", bgcolor="yellow", bold=True)
BACK_STYLE = Style(color="bright_white", bgcolor="dark_blue")
DIE_STYLE = Style(color="black", bgcolor="bright_white", bold=True)


def pip_rows(n: int) -> list[str]:
    """The three rows of a face with ``n`` pips (0 to 6), five cells wide
    (a pip every other cell, so the face looks square in a terminal).

    >>> pip_rows(2)
    ['●    ', '     ', '    ●']
    """
    if not 0 <= n <= 6:
        raise ValueError(f"a face has 0 to 6 pips, not {n}")
    grid = [[" "] * 3 for _ in range(3)]
    for r, c in _PIP_CELLS[n]:
        grid[r][c] = PIP
    return [" ".join(row) for row in grid]


@dataclass
class Block:
    """A rectangle of styled text lines, all of one width."""

    lines: list[Text] = field(default_factory=list)

    @classmethod
    def of(cls, rows: Iterable[str], style: Style | str = "") -> Block:
        rows = list(rows)
        width = max((len(r) for r in rows), default=0)
        return cls([Text(r.ljust(width), style=style) for r in rows])

    @property
    def width(self) -> int:
        return max((t.cell_len for t in self.lines), default=0)

    @property
    def height(self) -> int:
        return len(self.lines)

    def plain(self) -> str:
        return "\n".join(t.plain for t in self.lines)

    def styled(self, style: Style | str) -> Block:
        out = []
        for line in self.lines:
            copy = line.copy()
            copy.stylize(style)
            out.append(copy)
        return Block(out)


def tile_block(text: str, *, horizontal: bool = False, style: Style = TILE_STYLE) -> Block:
    """A domino drawn with its pips; ``text`` is ``"6-4"`` (the first end on top or left)."""
    a, b = (int(x) for x in text.split("-"))
    top, bottom = pip_rows(a), pip_rows(b)
    if horizontal:
        rows = [
            "┌─────┬─────┐",
            *[f"│{x}│{y}│" for x, y in zip(top, bottom, strict=True)],
            "└─────┴─────┘",
        ]
    else:
        rows = [
            "┌─────┐",
            *[f"│{x}│" for x in top],
            "├─────┤",
            *[f"│{x}│" for x in bottom],
            "└─────┘",
        ]
    return Block.of(rows, style)


def back_block(*, horizontal: bool = False) -> Block:
    """A domino face down."""
    if horizontal:
        rows = ["┌───────────┐", *["│░░░░░░░░░░░│"] * 3, "└───────────┘"]
    else:
        rows = ["┌─────┐", *["│░░░░░│"] * 7, "└─────┘"]
    return Block.of(rows, BACK_STYLE)


def compact_tile(text: str | None, style: Style = TILE_STYLE) -> Text:
    """A domino in one line, for logs and small spaces: ``[6|4]``."""
    if text is None:
        return Text("[?|?]", style=BACK_STYLE)
    a, _, b = text.partition("-")
    return Text(f"[{a}|{b}]", style=style)


def die_block(value: int, *, style: Style = DIE_STYLE) -> Block:
    """A die showing ``value`` (1 to 6)."""
    if not 1 <= value <= 6:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    return Block.of(["┌─────┐", *[f"│{r}│" for r in pip_rows(value)], "└─────┘"], style)


def row_of(blocks: Sequence[Block], gap: int = 1) -> Block:
    """Blocks side by side, tops aligned."""
    if not blocks:
        return Block()
    height = max(b.height for b in blocks)
    lines = []
    for y in range(height):
        line = Text()
        for i, b in enumerate(blocks):
            if i:
                line.append(" " * gap)
            if y < b.height:
                part = b.lines[y]
                line.append_text(part)
                line.append(" " * (b.width - part.cell_len))
            else:
                line.append(" " * b.width)
        lines.append(line)
    return Block(lines)


class Canvas:
    """A grid of cells to place text and blocks on, then read as rich text."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self._chars = [[" "] * width for _ in range(height)]
        self._styles: list[list[Style | str]] = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str | Text, style: Style | str = "") -> None:
        """Write one line of text at column ``x``, row ``y`` (clipped to the canvas)."""
        if not 0 <= y < self.height:
            return
        if isinstance(text, Text):
            for i, ch in enumerate(text.plain):
                spans = [s.style for s in text.spans if s.start <= i < s.end]
                st: Style | str = text.style if not spans else spans[-1]
                self._set(x + i, y, ch, st or style)
            return
        for i, ch in enumerate(text):
            self._set(x + i, y, ch, style)

    def _set(self, x: int, y: int, ch: str, style: Style | str) -> None:
        if 0 <= x < self.width:
            self._chars[y][x] = ch
            self._styles[y][x] = style

    def blit(self, x: int, y: int, block: Block) -> None:
        for dy, line in enumerate(block.lines):
            self.put(x, y + dy, line)

    def text(self) -> Text:
        out = Text()
        for y in range(self.height):
            if y:
                out.append("\n")
            run = ""
            run_style: Style | str = ""
            for ch, st in zip(self._chars[y], self._styles[y], strict=True):
                if st != run_style and run:
                    out.append(run, style=run_style)
                    run = ""
                run_style = st
                run += ch
            if run:
                out.append(run, style=run_style)
        return out


HEAD = Style(color="red", bold=True)
WOOD = Style(color="yellow")
GONE = Style(color="grey35")


def stick_figure(
    sticks: Sequence[dict[str, object]],
    present: Sequence[bool],
    *,
    scale_x: int = 4,
    compact: bool = False,
) -> Block:
    """A figure of matchsticks drawn from its geometry (see the Cavaleiro view).

    Coordinates are in stick lengths, ``y`` upwards; a vertical stick is drawn
    two rows tall (head on top), a horizontal one ``scale_x`` cells long (head
    on the right). Removed sticks are drawn faintly. ``compact`` draws a stick
    one row tall and half as wide, for tables of many players.
    """
    if not sticks:
        return Block()
    if compact:
        return _compact_figure(sticks, present)
    xs = [float(str(s[k])) for s in sticks for k in ("x1", "x2")]
    ys = [float(str(s[k])) for s in sticks for k in ("y1", "y2")]
    min_x, max_x = min(xs), max(xs)
    max_y = max(ys)
    width = round((max_x - min_x) * scale_x) + 1
    height = max(1, round(max_y * 2))
    canvas = Canvas(width, height)
    for stick, here in zip(sticks, present, strict=True):
        x1 = float(str(stick["x1"])) - min_x
        y1 = float(str(stick["y1"]))
        x2 = float(str(stick["x2"])) - min_x
        y2 = float(str(stick["y2"]))
        if stick["kind"] == "vertical":
            col = round(x1 * scale_x)
            top = height - round(max(y1, y2) * 2)
            if here:
                canvas.put(col, top, "●", HEAD)
                canvas.put(col, top + 1, "┃", WOOD)
            else:
                canvas.put(col, top, "╷", GONE)
                canvas.put(col, top + 1, "╎", GONE)
        else:
            row = height - round(y1 * 2)
            start = round(min(x1, x2) * scale_x) + 1
            length = max(1, round(abs(x2 - x1) * scale_x) - 1)
            if here:
                canvas.put(start, row, "━" * (length - 1), WOOD)
                canvas.put(start + length - 1, row, "●", HEAD)
            else:
                canvas.put(start, row, "╌" * length, GONE)
    return Block(list(canvas.text().split("\n")))


def _compact_figure(sticks: Sequence[dict[str, object]], present: Sequence[bool]) -> Block:
    """A figure one row a stick and two cells a stick length, horizontals on top."""
    xs = [float(str(s[k])) for s in sticks for k in ("x1", "x2")]
    ys = [float(str(s[k])) for s in sticks for k in ("y1", "y2")]
    min_x, max_x = min(xs), max(xs)
    height = max(1, math.ceil(max(ys)))
    canvas = Canvas(round((max_x - min_x) * 2) + 1, height)
    for stick, here in zip(sticks, present, strict=True):
        x1 = float(str(stick["x1"])) - min_x
        x2 = float(str(stick["x2"])) - min_x
        if stick["kind"] == "vertical":
            top = height - math.ceil(max(float(str(stick["y1"])), float(str(stick["y2"]))))
            canvas.put(round(x1 * 2), top, "┃" if here else "╎", WOOD if here else GONE)
        else:
            start = round(min(x1, x2) * 2)
            length = max(1, round(abs(x2 - x1) * 2))
            text = "━" * (length - 1) + "●" if here else "╌" * length
            canvas.put(start, 0, text, HEAD if here else GONE)
    return Block(list(canvas.text().split("\n")))
