"""The store's reads: a table with everything stored of it, its moves since some
number, its seats, and the tables the lobby lists."""

from __future__ import annotations

import time
from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .schema import MoveRow, SeatRow, TableRow
from .store_rows import SeatData, TableData, seat_data, table_data

__all__ = ["StoreReads"]


class StoreReads:
    """What :class:`~.store.Store` reads."""

    engine: Engine

    def load_table(self, table_id: str) -> TableData | None:
        """The table with its seats and every move, or ``None``."""
        with Session(self.engine) as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            data = table_data(row)
            data.seats = _seats(s, table_id)
            for m in s.scalars(
                select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.idx)
            ):
                data.moves.append(m.move)
                data.move_seats.append(m.seat)
            return data

    def moves_since(self, table_id: str, start: int) -> list[tuple[int | None, str]]:
        """The moves of a table from number ``start`` on, with who made each."""
        with Session(self.engine) as s:
            rows = s.execute(
                select(MoveRow.idx, MoveRow.seat, MoveRow.move)
                .where(MoveRow.table_id == table_id, MoveRow.idx >= start)
                .order_by(MoveRow.idx)
            ).all()
        out: list[tuple[int | None, str]] = []
        for expected, (idx, seat, move) in enumerate(rows, start):
            if idx != expected:  # never: moves are stored without gaps
                raise ValueError(f"move {expected} of table {table_id} is missing")
            out.append((seat, move))
        return out

    def seats_of(self, table_id: str) -> tuple[list[SeatData], str | None, bool]:
        """A table's seats as stored now, its rematch, and whether it waits for its players."""
        with Session(self.engine) as s:
            seats = _seats(s, table_id)
            row = s.execute(
                select(TableRow.rematch, TableRow.waiting).where(TableRow.id == table_id)
            ).first()
        if row is None:
            return seats, None, False
        return seats, row[0], bool(row[1])

    def recent_tables(
        self, limit: int = 30, *, idle: float | None = None
    ) -> list[tuple[TableData, int]]:
        """The most recently active tables (seats, no moves) with their move counts;
        ``idle``: without the unfinished ones where nothing moved and nobody was
        connected for that many seconds."""
        query = select(TableRow).where(TableRow.listed.is_(True))
        if idle is not None:
            cutoff = time.time() - idle
            query = query.where(
                TableRow.over.is_(True)
                | (TableRow.updated >= cutoff)
                | (func.coalesce(TableRow.seen, 0.0) >= cutoff)
            )
        with Session(self.engine) as s:
            rows = list(s.scalars(query.order_by(TableRow.updated.desc()).limit(limit)))
            return self._summaries(s, rows)

    def tables_by_id(self, table_ids: Sequence[str]) -> list[tuple[TableData, int]]:
        """These tables (seats, no moves) with their move counts; those unknown left out."""
        with Session(self.engine) as s:
            rows = list(s.scalars(select(TableRow).where(TableRow.id.in_(list(table_ids)))))
            return self._summaries(s, rows)

    @staticmethod
    def _summaries(s: Session, rows: list[TableRow]) -> list[tuple[TableData, int]]:
        if not rows:
            return []
        ids = [r.id for r in rows]
        counts: dict[str, int] = {
            str(tid): int(n)
            for tid, n in s.execute(
                select(MoveRow.table_id, func.count())
                .where(MoveRow.table_id.in_(ids))
                .group_by(MoveRow.table_id)
            ).all()
        }
        seats: dict[str, list[SeatData]] = {i: [] for i in ids}
        for seat in s.scalars(
            select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
        ):
            seats[seat.table_id].append(seat_data(seat))
        out = []
        for row in rows:
            d = table_data(row)
            d.seats = seats[row.id]
            out.append((d, counts.get(row.id, 0)))
        return out

    def unfinished_table_ids(self, *, bots: bool = False) -> list[str]:
        """The tables whose game is not over (``bots``: only those where a bot sits),
        most recently active first."""
        query = select(TableRow.id).where(TableRow.over.is_(False))
        if bots:
            query = query.where(
                select(SeatRow.seat)
                .where(SeatRow.table_id == TableRow.id, SeatRow.kind == "bot")
                .exists()
            )
        with Session(self.engine) as s:
            return list(s.scalars(query.order_by(TableRow.updated.desc())))


def _seats(s: Session, table_id: str) -> list[SeatData]:
    """A table's seats as stored, in order."""
    rows = s.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
    return [seat_data(r) for r in rows]
