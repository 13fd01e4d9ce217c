"""Storage of the web app's tables: SQLite by default, PostgreSQL on request.

Three tables hold everything: the game tables (game, options, the chance seed
of the current run), their seats (who sits there, hashed tokens), and the moves
(append-only, one row per move, chance events included). A game is rebuilt by
replaying its moves, so a move is safe the moment its row is committed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    create_engine,
    event,
    func,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .schema import (
    Base,
    MoveRow,
    SeatRow,
    TableRow,
    default_database_url,
    hash_secret,
    migrate_schema,
    normalise_database_url,
    sqlite_pragmas,
)

__all__ = [
    "Append",
    "MoveTaken",
    "SeatData",
    "Store",
    "TableData",
    "default_database_url",
    "hash_secret",
    "normalise_database_url",
]


class _Undone(Exception):
    """A transaction given up (rolled back)."""


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
    created: float
    updated: float
    over: bool
    rematch_of: str | None
    rematch: str | None
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


class Store:
    """The database behind the web app."""

    def __init__(self, url: str, *, migrate: bool = True) -> None:
        self.url = normalise_database_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        if self.is_sqlite:
            self.engine: Engine = create_engine(
                self.url, connect_args={"check_same_thread": False, "timeout": 30}
            )
            event.listen(self.engine, "connect", sqlite_pragmas)
        else:
            self.engine = create_engine(self.url, pool_pre_ping=True)
        if migrate:
            migrate_schema(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def drop_everything(self) -> None:
        """Remove the app's tables and create them empty (for tests). On PostgreSQL
        the database's other connections are closed first: a forgotten one in a
        transaction would hold its tables, and dropping them would wait for ever."""
        if self.engine.dialect.name == "postgresql":
            with self.engine.begin() as conn:
                conn.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
                )
        Base.metadata.drop_all(self.engine)
        with self.engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
        migrate_schema(self.engine)

    # ----------------------------------------------------------------- writes

    def create_table(
        self,
        *,
        table_id: str,
        game: str,
        options: dict[str, Any],
        seed: int,
        bot_delay: float,
        seats: Sequence[SeatData],
        moves: Sequence[tuple[int | None, str]],
        over: bool,
        rematch_of: str | None = None,
        listed: bool = True,
        waiting: bool = False,
        host: int | None = None,
    ) -> None:
        """Store a new table with its seats and first moves (the opening chance events;
        none when it is ``waiting`` for its invited players)."""
        now = time.time()
        with Session(self.engine) as s, s.begin():
            s.add(
                TableRow(
                    id=table_id,
                    game=game,
                    options=json.dumps(options, sort_keys=True),
                    seed=seed,
                    bot_delay=bot_delay,
                    created=now,
                    updated=now,
                    over=over,
                    rematch_of=rematch_of,
                    rematch=None,
                    listed=listed,
                    waiting=waiting,
                    host=host,
                )
            )
            s.flush()
            for seat in seats:
                s.add(
                    SeatRow(
                        table_id=table_id,
                        seat=seat.seat,
                        kind=seat.kind,
                        level=seat.level,
                        name=seat.name,
                        invite_hash=seat.invite_hash,
                        token_hash=seat.token_hash,
                    )
                )
            for i, (who, move) in enumerate(moves):
                s.add(MoveRow(table_id=table_id, idx=i, seat=who, move=move))
            if rematch_of is not None:
                s.execute(
                    update(TableRow)
                    .where(TableRow.id == rematch_of, TableRow.rematch.is_(None))
                    .values(rematch=table_id)
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
                if rows:
                    cur.executemany(
                        "INSERT INTO ludoteca_moves (table_id, idx, seat, move) "
                        "VALUES (?, ?, ?, ?)",
                        rows,
                    )
                cur.executemany(
                    "UPDATE ludoteca_tables SET updated = ?, over = ? WHERE id = ?",
                    [(now, a.over, a.table_id) for a in batch],
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
        for i, (who, move) in enumerate(opening):
            s.add(MoveRow(table_id=table_id, idx=i, seat=who, move=move))
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

    # ------------------------------------------------------------------ reads

    def load_table(self, table_id: str) -> TableData | None:
        """The table with its seats and every move, or ``None``."""
        with Session(self.engine) as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            data = _table_data(row)
            seats = s.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
            data.seats = [
                SeatData(r.seat, r.kind, r.level, r.name, r.invite_hash, r.token_hash)
                for r in seats
            ]
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
            seats = [
                SeatData(r.seat, r.kind, r.level, r.name, r.invite_hash, r.token_hash)
                for r in s.scalars(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
            ]
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
            seats[seat.table_id].append(
                SeatData(
                    seat.seat,
                    seat.kind,
                    seat.level,
                    seat.name,
                    seat.invite_hash,
                    seat.token_hash,
                )
            )
        out = []
        for row in rows:
            d = _table_data(row)
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


def _table_data(row: TableRow) -> TableData:
    return TableData(
        id=row.id,
        game=row.game,
        options=json.loads(row.options),
        seed=row.seed,
        bot_delay=row.bot_delay,
        created=row.created,
        updated=row.updated,
        over=row.over,
        rematch_of=row.rematch_of,
        rematch=row.rematch,
        listed=row.listed,
        waiting=row.waiting,
        host=row.host,
        seen=row.seen,
    )


__all__ += ["IntegrityError"]
