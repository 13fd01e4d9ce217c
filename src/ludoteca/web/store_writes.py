"""The store's writes: a new table, the moves appended to tables (many tables in one
transaction), the seats taken and the tables started, and the notes beside (who is
connected, the rematch). A move is safe the moment its row is committed."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .schema import MoveRow, SeatRow, TableRow
from .store_rows import Append, MoveTaken, SeatData, TableData, seat_row, table_row

__all__ = ["StoreWrites"]


SQLITE_ROWS = 500
"""Most rows a statement of SQLite's writes (four parameters each; SQLite takes
32,766 parameters a statement)."""

T = TypeVar("T")


def _chunks(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


class _Undone(Exception):
    """A transaction given up (rolled back)."""


class StoreWrites:
    """What :class:`~.store.Store` writes."""

    engine: Engine
    is_sqlite: bool

    def create_table(self, table: TableData) -> None:
        """Store a new table with its seats and first moves (the opening chance events;
        none when it is ``waiting`` for its invited players); it is created and
        updated now, and the rematch of the table it is ``rematch_of``."""
        now = time.time()
        with Session(self.engine) as s, s.begin():
            s.add(table_row(dataclasses.replace(table, created=now, updated=now, rematch=None)))
            s.flush()
            s.add_all(seat_row(table.id, seat) for seat in table.seats)
            s.add_all(_move_rows(table.id, zip(table.move_seats, table.moves, strict=True)))
            if table.rematch_of is not None:
                s.execute(
                    update(TableRow)
                    .where(TableRow.id == table.rematch_of, TableRow.rematch.is_(None))
                    .values(rematch=table.id)
                )

    def append_moves(
        self, table_id: str, start: int, moves: Sequence[tuple[int | None, str]], *, over: bool
    ) -> None:
        """Append moves ``start``, ``start + 1``, … in one transaction.

        :class:`MoveTaken` if a move of that number is already stored (nothing is
        written then).
        """
        self.commit_batch([Append(table_id, start, tuple(moves), over)])

    def commit_batch(self, batch: Sequence[Append]) -> None:
        """Append the moves of many tables in one transaction (a group commit).

        :class:`MoveTaken` if any move of that number is already stored: nothing
        of the batch is written then.
        """
        now = time.time()
        rows = [
            (a.table_id, a.start + i, who, move)
            for a in batch
            for i, (who, move) in enumerate(a.moves)
        ]
        # the driver's own calls: this runs for every move of the server, in a
        # thread beside the event loop, so it holds the interpreter as little as it
        # can; with PostgreSQL, one statement each (arrays), as every round trip
        # waits for the interpreter again
        conn = self.engine.raw_connection()
        try:
            cur = conn.cursor()
            if self.is_sqlite:
                # a statement for many rows: the driver lets the interpreter go around
                # each step, and the writer then waits for it again, behind the loop
                for chunk in _chunks(rows, SQLITE_ROWS):
                    cur.execute(
                        "INSERT INTO ludoteca_moves (table_id, idx, seat, move) VALUES "
                        + ", ".join(["(?, ?, ?, ?)"] * len(chunk)),
                        [x for row in chunk for x in row],
                    )
                over = {a.table_id: a.over for a in batch}  # a table's last append says
                for tables in _chunks(list(over.items()), SQLITE_ROWS):
                    cur.execute(
                        "UPDATE ludoteca_tables SET updated = ?, over = v.column2 FROM (VALUES "
                        + ", ".join(["(?, ?)"] * len(tables))
                        + ") AS v WHERE ludoteca_tables.id = v.column1",
                        [now, *(x for row in tables for x in row)],
                    )
            else:
                if rows:
                    cur.execute(
                        "INSERT INTO ludoteca_moves (table_id, idx, seat, move) "
                        "SELECT * FROM unnest(%s::text[], %s::int[], %s::int[], %s::text[])",
                        [list(column) for column in zip(*rows, strict=True)],
                    )
                cur.execute(
                    "UPDATE ludoteca_tables AS t SET updated = %s, over = v.over "
                    "FROM unnest(%s::text[], %s::boolean[]) AS v(id, over) WHERE t.id = v.id",
                    [now, [a.table_id for a in batch], [a.over for a in batch]],
                )
            cur.close()
            conn.commit()
        except BaseException as e:
            conn.rollback()
            dbapi = self.engine.dialect.dbapi
            if dbapi is not None and isinstance(e, dbapi.IntegrityError):
                raise MoveTaken(f"a move of this number is already stored: {e}") from e
            raise
        finally:
            conn.close()

    def truncate_moves(self, table_id: str, keep: int, *, over: bool) -> int:
        """Take back a table's moves from number ``keep`` on (an undo): its first
        ``keep`` moves stay, the others are deleted, in one transaction with the
        table's ``over``; how many were deleted."""
        with Session(self.engine) as s, s.begin():
            gone = delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.idx >= keep)
            res = s.execute(gone)
            s.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(over=over, updated=time.time())
            )
            return int(getattr(res, "rowcount", 0) or 0)

    def claim_seat(
        self,
        table_id: str,
        seat: int,
        invite_hash: str,
        name: str,
        token_hash: str,
        opening: Sequence[tuple[int | None, str]] = (),
    ) -> tuple[bool, bool]:
        """Give a free human seat to whoever holds its invitation: whether it was
        given (``False``: taken, or the invitation does not match), and whether the
        table started with it. A table waiting for its players starts when its last
        free seat is taken: its ``opening`` moves (the chance events drawn for the
        start) are stored in the same transaction."""
        with Session(self.engine) as s, s.begin():
            waiting = self._lock_waiting(s, table_id)
            res = s.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.invite_hash == invite_hash,
                    SeatRow.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash)
            )
            if getattr(res, "rowcount", 0) != 1:
                return False, False
            if not waiting or self._free_seats(s, table_id):
                return True, False
            self._start(s, table_id, opening)
            return True, True

    def start_with_bots(
        self,
        table_id: str,
        bots: Sequence[SeatData],
        opening: Sequence[tuple[int | None, str]],
    ) -> bool:
        """Start a waiting table now: its free seats become the ``bots`` given (the
        same seats), and its ``opening`` moves are stored, in one transaction.
        ``False`` (nothing written) if the table no longer waits or one of those
        seats was taken meanwhile."""
        try:
            with Session(self.engine) as s, s.begin():
                if not self._lock_waiting(s, table_id):
                    return False
                for bot in bots:
                    res = s.execute(
                        update(SeatRow)
                        .where(
                            SeatRow.table_id == table_id,
                            SeatRow.seat == bot.seat,
                            SeatRow.kind == "human",
                            SeatRow.token_hash.is_(None),
                        )
                        .values(kind="bot", level=bot.level, name=bot.name, invite_hash=None)
                    )
                    if getattr(res, "rowcount", 0) != 1:
                        raise _Undone
                if self._free_seats(s, table_id):
                    raise _Undone
                self._start(s, table_id, opening)
                return True
        except _Undone:  # the transaction was rolled back
            return False

    @staticmethod
    def _lock_waiting(s: Session, table_id: str) -> bool:
        """Whether the table waits for its players, its row locked for the rest of
        the transaction (on PostgreSQL; SQLite writes one transaction at a time)."""
        return bool(
            s.scalar(select(TableRow.waiting).where(TableRow.id == table_id).with_for_update())
        )

    @staticmethod
    def _free_seats(s: Session, table_id: str) -> int:
        return int(
            s.scalar(
                select(func.count())
                .select_from(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.kind == "human",
                    SeatRow.token_hash.is_(None),
                )
            )
            or 0
        )

    @staticmethod
    def _start(s: Session, table_id: str, opening: Sequence[tuple[int | None, str]]) -> None:
        """A waiting table starts: its opening moves stored (it has none before)."""
        s.add_all(_move_rows(table_id, opening))
        s.execute(
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(waiting=False, updated=time.time())
        )

    def note_seen(self, table_ids: Sequence[str]) -> None:
        """Someone is connected to these tables now (the lobby lists them as alive)."""
        if not table_ids:
            return
        with Session(self.engine) as s, s.begin():
            s.execute(
                update(TableRow).where(TableRow.id.in_(list(table_ids))).values(seen=time.time())
            )

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(update(TableRow).where(TableRow.id == table_id).values(rematch=rematch_id))


def _move_rows(table_id: str, moves: Iterable[tuple[int | None, str]]) -> list[MoveRow]:
    """The rows of a table's first moves (numbers 0, 1, …), with who made each."""
    return [
        MoveRow(table_id=table_id, idx=i, seat=who, move=move)
        for i, (who, move) in enumerate(moves)
    ]
