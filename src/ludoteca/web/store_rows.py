"""What the store reads and writes, as the rest of the app holds it: a table with
its seats and moves (:class:`TableData`, :class:`SeatData`), the moves appended to a
table (:class:`Append`), and the one place where these become the database's rows
and come back from them (a field of the data is the column of the same name)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

from .schema import SeatRow, TableRow

__all__ = [
    "Append",
    "MoveTaken",
    "SeatData",
    "TableData",
    "seat_data",
    "seat_row",
    "table_data",
    "table_row",
]


class MoveTaken(Exception):
    """A move of that number is already stored for that table (by another worker)."""


@dataclass(frozen=True)
class Append:
    """Moves to store for one table: numbers ``start``, ``start + 1``, …, with who made
    each (``None``: chance), and whether the game is over after them."""

    table_id: str
    start: int
    moves: tuple[tuple[int | None, str], ...]
    over: bool


@dataclass
class SeatData:
    """A seat as stored."""

    seat: int
    kind: str
    level: str | None
    name: str
    invite_hash: str | None
    token_hash: str | None


@dataclass
class TableData:
    """A table as stored, with its seats and moves."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    bot_delay: float
    over: bool
    created: float = 0.0
    updated: float = 0.0
    """When the table was stored, and when a move was last (the store sets both)."""
    rematch_of: str | None = None
    rematch: str | None = None
    listed: bool = True
    """Shown in the lobby's list (a private table is not: only its links lead to it)."""
    waiting: bool = False
    """Not started: it waits for the invited players to sit (no move is stored yet)."""
    host: int | None = None
    """The seat of the person who created the table (``None``: they do not play)."""
    seen: float | None = None
    """When someone was last connected to the table (``None``: not noted)."""
    seats: list[SeatData] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    move_seats: list[int | None] = field(default_factory=list)
    """Who made each move (``None``: chance)."""


_NOT_COLUMNS = frozenset({"seats", "moves", "move_seats"})
_TABLE_COLUMNS = tuple(f.name for f in dataclasses.fields(TableData) if f.name not in _NOT_COLUMNS)
_SEAT_COLUMNS = tuple(f.name for f in dataclasses.fields(SeatData))


def table_row(data: TableData) -> TableRow:
    """The row of a table (its seats and moves are rows of their own)."""
    values = {name: getattr(data, name) for name in _TABLE_COLUMNS}
    values["options"] = json.dumps(data.options, sort_keys=True)
    return TableRow(**values)


def table_data(row: TableRow) -> TableData:
    """A table as stored in ``row``, without its seats and moves."""
    values = {name: getattr(row, name) for name in _TABLE_COLUMNS}
    values["options"] = json.loads(row.options)
    return TableData(**values)


def seat_row(table_id: str, seat: SeatData) -> SeatRow:
    return SeatRow(table_id=table_id, **dataclasses.asdict(seat))


def seat_data(row: SeatRow) -> SeatData:
    return SeatData(**{name: getattr(row, name) for name in _SEAT_COLUMNS})
