"""The list of moves allowed now (bids, trumps, draws, passes, rolls…), laid out in
as many columns as the room allows, so that a long list (Texas 42's bids) stays
in view on a small terminal; chosen with the arrows and Enter, a number or a click."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import BindingType
from textual.message import Message
from textual.widget import Widget

from .bindings import silent

__all__ = ["MovesView"]

GAP = 2
"""Spaces between two columns."""
PICKED = Style(color="black", bgcolor="yellow", bold=True)


class MovesView(Widget, can_focus=True):
    """Moves in columns, numbered 1 to 9; nothing is picked among several until
    the player moves to one (a stray Enter plays nothing)."""

    DEFAULT_CSS = """
    MovesView { height: auto; padding: 0 1; }
    MovesView:focus { background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = silent(
        {
            "left": "step(-1)",
            "right": "step(1)",
            "up": "row(-1)",
            "down": "row(1)",
            "home": "step(-99)",
            "end": "step(99)",
            "enter,space": "pick",
        }
    )

    class Chosen(Message):
        """A move of the list was chosen (its index)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.labels: list[str] = []
        self.highlighted: int | None = None

    @property
    def count(self) -> int:
        return len(self.labels)

    def set_moves(self, labels: Sequence[str]) -> None:
        """Show ``labels``; one move is picked (Enter plays it), several are not."""
        self.labels = list(labels)
        self.highlighted = 0 if len(self.labels) == 1 else None
        self.refresh(layout=True)

    def cells(self) -> list[str]:
        return [f"{i + 1}. {x}" if i < 9 else f"   {x}" for i, x in enumerate(self.labels)]

    def columns(self, width: int | None = None) -> int:
        """How many columns fit ``width`` (the widget's own by default)."""
        room = self.size.width if width is None else width
        cells = self.cells()
        if not cells:
            return 1
        cell = max(len(c) for c in cells) + GAP
        return max(1, min(len(cells), (room + GAP) // cell))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        columns = self.columns(width)
        if columns > 1:
            return -(-self.count // columns)
        return sum(self._rows(c, width) for c in self.cells())

    def _rows(self, cell: str, width: int) -> int:
        """The rows ``cell`` takes wrapped at its words to ``width``."""
        return max(1, len(Text(cell).wrap(self.app.console, max(1, width))))

    def render(self) -> Text:
        cells = self.cells()
        columns = self.columns()
        out = Text()
        if columns == 1:  # one a line, a long one wrapped at its words
            for i, cell in enumerate(cells):
                if i:
                    out.append("\n")
                out.append(cell, style=PICKED if i == self.highlighted else "")
            return out
        wide = max(len(c) for c in cells)
        for i, cell in enumerate(cells):
            if i and i % columns == 0:
                out.append("\n")
            elif i:
                out.append(" " * GAP)
            out.append(cell.ljust(wide), style=PICKED if i == self.highlighted else "")
        return out

    def action_step(self, step: int) -> None:
        """Move the pick by ``step`` moves, stopping at either end (±99: to the end)."""
        if not self.labels:
            return
        if self.highlighted is None:
            self.highlighted = 0 if step > 0 else self.count - 1
        else:
            self.highlighted = max(0, min(self.count - 1, self.highlighted + step))
        self.refresh()

    def action_row(self, rows: int) -> None:
        """Move the pick a row down (or up)."""
        if self.highlighted is None:
            self.action_step(rows)
        else:
            self.action_step(rows * self.columns())

    def action_pick(self) -> None:
        if self.highlighted is not None and self.highlighted < self.count:
            self.post_message(self.Chosen(self.highlighted))

    def on_click(self, event: events.Click) -> None:
        index = self.index_at(event.x - 1, event.y)
        if index is not None:
            self.highlighted = index
            self.refresh()
            self.post_message(self.Chosen(index))

    def index_at(self, x: int, y: int) -> int | None:
        """The move drawn at column ``x``, row ``y`` of the content, if any."""
        cells = self.cells()
        if not cells or x < 0:
            return None
        columns = self.columns()
        if columns == 1:
            room = max(1, self.size.width)
            row = 0
            for i, cell in enumerate(cells):
                row += self._rows(cell, room)
                if y < row:
                    return i
            return None
        step = max(len(c) for c in cells) + GAP
        column = x // step
        index = y * columns + column
        if column < columns and x % step < step - GAP and index < len(cells):
            return index
        return None
