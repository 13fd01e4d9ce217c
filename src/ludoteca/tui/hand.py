"""The hand of the player to move: tiles in rows, the playable ones marked, picked
with the arrows and Enter or a click."""

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
from .draw import TILE_DIM, TILE_PICK, TILE_STYLE, Block, compact_tile, row_of, tile_block

__all__ = ["COMPACT_W", "TILE_H", "TILE_W", "HandView"]

TILE_W = 7
TILE_H = 9
COMPACT_W = 5


class HandView(Widget, can_focus=True):
    """The tiles of the hand, drawn with their pips; pick one with ←/→ and Enter, or a click."""

    DEFAULT_CSS = """
    HandView { height: auto; padding: 0 1; }
    HandView:focus { background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = silent(
        {
            "left": "cursor(-1)",
            "right": "cursor(1)",
            "home": "cursor(-99)",
            "end": "cursor(99)",
            "enter,space": "pick",
        }
    )

    class Picked(Message):
        """A tile of the hand was chosen."""

        def __init__(self, tile: str) -> None:
            super().__init__()
            self.tile = tile

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tiles: list[str] = []
        self.playable: set[str] = set()
        self.active = False
        self.cursor = 0
        self.title = ""
        self.compact = False
        """Small terminals: tiles in one line each, ``[6|4]``, instead of pips."""

    def set_hand(self, tiles: Sequence[str], playable: set[str], active: bool, title: str) -> None:
        old = self.tiles[self.cursor] if self.tiles and self.cursor < len(self.tiles) else None
        shape_before = (len(self.tiles), self.active and bool(self.playable), self.compact)
        self.tiles = list(tiles)
        self.playable = playable
        self.active = active
        self.title = title
        if old in self.tiles:
            self.cursor = self.tiles.index(old)
        elif active and playable:
            self.cursor = next(i for i, x in enumerate(self.tiles) if x in playable)
        self.cursor = min(self.cursor, max(0, len(self.tiles) - 1))
        shape = (len(self.tiles), self.active and bool(self.playable), self.compact)
        self.refresh(layout=shape != shape_before)

    def _tile_size(self) -> tuple[int, int]:
        return (COMPACT_W, 1) if self.compact else (TILE_W, TILE_H)

    def _height(self, width: int | None = None) -> int:
        rows = -(-len(self.tiles) // self._per_row(width))
        return 1 + rows * (self._tile_size()[1] + (1 if self.active and self.playable else 0))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return self._height(width)

    def _per_row(self, width: int | None = None) -> int:
        tile_w, _ = self._tile_size()
        room = max((self.size.width - 2) if width is None else width, tile_w)
        return max(1, (room + 1) // (tile_w + 1))

    def render(self) -> Text:
        out = Text(self.title, style=Style(bold=True))
        if not self.tiles:
            return out
        per_row = self._per_row()
        for start in range(0, len(self.tiles), per_row):
            blocks = []
            for i in range(start, min(start + per_row, len(self.tiles))):
                tile = self.tiles[i]
                style = TILE_STYLE
                if self.active and self.playable and tile not in self.playable:
                    style = TILE_DIM
                if self.active and self.playable and i == self.cursor:
                    style = TILE_PICK
                if self.compact:
                    blocks.append(Block([compact_tile(tile, style)]))
                else:
                    blocks.append(tile_block(tile, style=style))
            for line in row_of(blocks).lines:
                out.append("\n")
                out.append_text(line)
            if self.active and self.playable and start <= self.cursor < start + per_row:
                tile_w = self._tile_size()[0]
                caret = " " * ((self.cursor - start) * (tile_w + 1) + tile_w // 2) + "▲"
                out.append("\n" + caret, style=Style(color="yellow", bold=True))
        return out

    def action_cursor(self, step: int) -> None:
        """Move the cursor by ``step`` tiles, stopping at either end (Home and End go there)."""
        if self.tiles:
            self.cursor = max(0, min(len(self.tiles) - 1, self.cursor + step))
            self.refresh()

    def action_pick(self) -> None:
        if self.tiles:
            self.post_message(self.Picked(self.tiles[self.cursor]))

    def on_click(self, event: events.Click) -> None:
        if not self.tiles or event.y < 1:
            return
        per_row = self._per_row()
        tile_w, tile_h = self._tile_size()
        row_height = tile_h + (1 if self.active and self.playable else 0)
        row = (event.y - 1) // row_height
        x = event.x - 1
        if x < 0 or x % (tile_w + 1) == tile_w:
            return
        index = row * per_row + x // (tile_w + 1)
        if 0 <= index < len(self.tiles) and x // (tile_w + 1) < per_row:
            self.cursor = index
            self.refresh()
            self.post_message(self.Picked(self.tiles[index]))
