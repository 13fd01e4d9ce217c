"""Storage of the web app's tables: SQLite by default, PostgreSQL on request.

Three tables hold everything: the game tables (game, options, the chance seed
of the current run), their seats (who sits there, hashed tokens), and the moves
(append-only, one row per move, chance events included). A game is rebuilt by
replaying its moves, so a move is safe the moment its row is committed.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

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


class _Base(DeclarativeBase):
    pass


class _TableRow(_Base):
    __tablename__ = "ludoteca_tables"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    bot_delay: Mapped[float] = mapped_column(Float)
    created: Mapped[float] = mapped_column(Float, index=True)
    updated: Mapped[float] = mapped_column(Float, index=True)
    over: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    rematch_of: Mapped[str | None] = mapped_column(String(40), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(40), nullable=True)
    listed: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class _SeatRow(_Base):
    __tablename__ = "ludoteca_seats"

    table_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("ludoteca_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class _MoveRow(_Base):
    __tablename__ = "ludoteca_moves"

    table_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("ludoteca_tables.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    move: Mapped[str] = mapped_column(Text)


MIGRATIONS = Path(__file__).parent / "migrations"


def migrate_schema(engine: Engine) -> str:
    """Bring the database's schema to the newest revision (Alembic); the revision.

    A database made before migrations (the tables there, no ``alembic_version``)
    is taken as the first revision and moved on from there.
    """
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        current = MigrationContext.configure(conn).get_current_revision()
        if current is None and inspect(conn).has_table("ludoteca_tables"):
            command.stamp(config, "r0001")
        command.upgrade(config, "head")
        revision = MigrationContext.configure(conn).get_current_revision()
    return str(revision)


def hash_secret(secret: str) -> str:
    """The SHA-256 of a token, as stored (tokens themselves are never stored)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def default_database_url() -> str:
    """SQLite in the user's data directory (created if needed)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("ludoteca", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ludoteca.db'}"


def normalise_database_url(url: str) -> str:
    """A database URL as SQLAlchemy wants it: ``postgresql://`` uses psycopg 3.

    >>> normalise_database_url("postgresql://u:p@localhost/db")
    'postgresql+psycopg://u:p@localhost/db'
    >>> normalise_database_url("sqlite:///games.db")
    'sqlite:///games.db'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    if url.startswith(("sqlite:", "postgresql+psycopg:")):
        return url
    raise ValueError(
        f"the database URL {url!r} is not supported: use sqlite:///PATH or postgresql://USER@HOST/DB"
    )


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
            event.listen(self.engine, "connect", _sqlite_pragmas)
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
        _Base.metadata.drop_all(self.engine)
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
    ) -> None:
        """Store a new table with its seats and first moves (the opening chance events)."""
        now = time.time()
        with Session(self.engine) as s, s.begin():
            s.add(
                _TableRow(
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
                )
            )
            s.flush()
            for seat in seats:
                s.add(_SeatRow(table_id=table_id, **asdict(seat)))
            for i, (who, move) in enumerate(moves):
                s.add(_MoveRow(table_id=table_id, idx=i, seat=who, move=move))
            if rematch_of is not None:
                s.execute(
                    update(_TableRow)
                    .where(_TableRow.id == rematch_of, _TableRow.rematch.is_(None))
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
        self, table_id: str, seat: int, invite_hash: str, name: str, token_hash: str
    ) -> bool:
        """Give a free human seat to whoever holds its invitation; ``False`` if it
        is taken or the invitation does not match."""
        with Session(self.engine) as s, s.begin():
            res = s.execute(
                update(_SeatRow)
                .where(
                    _SeatRow.table_id == table_id,
                    _SeatRow.seat == seat,
                    _SeatRow.kind == "human",
                    _SeatRow.invite_hash == invite_hash,
                    _SeatRow.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash)
            )
            return bool(getattr(res, "rowcount", 0) == 1)

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(update(_TableRow).where(_TableRow.id == table_id).values(rematch=rematch_id))

    # ------------------------------------------------------------------ reads

    def load_table(self, table_id: str) -> TableData | None:
        """The table with its seats and every move, or ``None``."""
        with Session(self.engine) as s:
            row = s.get(_TableRow, table_id)
            if row is None:
                return None
            data = _table_data(row)
            seats = s.scalars(
                select(_SeatRow).where(_SeatRow.table_id == table_id).order_by(_SeatRow.seat)
            )
            data.seats = [_seat_data(r) for r in seats]
            for m in s.scalars(
                select(_MoveRow).where(_MoveRow.table_id == table_id).order_by(_MoveRow.idx)
            ):
                data.moves.append(m.move)
                data.move_seats.append(m.seat)
            return data

    def moves_since(self, table_id: str, start: int) -> list[tuple[int | None, str]]:
        """The moves of a table from number ``start`` on, with who made each."""
        with Session(self.engine) as s:
            rows = s.execute(
                select(_MoveRow.idx, _MoveRow.seat, _MoveRow.move)
                .where(_MoveRow.table_id == table_id, _MoveRow.idx >= start)
                .order_by(_MoveRow.idx)
            ).all()
        out: list[tuple[int | None, str]] = []
        for expected, (idx, seat, move) in enumerate(rows, start):
            if idx != expected:  # never: moves are stored without gaps
                raise ValueError(f"move {expected} of table {table_id} is missing")
            out.append((seat, move))
        return out

    def seats_of(self, table_id: str) -> tuple[list[SeatData], str | None]:
        """A table's seats as stored now, and its rematch."""
        with Session(self.engine) as s:
            seats = [
                _seat_data(r)
                for r in s.scalars(
                    select(_SeatRow).where(_SeatRow.table_id == table_id).order_by(_SeatRow.seat)
                )
            ]
            rematch = s.scalar(select(_TableRow.rematch).where(_TableRow.id == table_id))
        return seats, rematch

    def recent_tables(self, limit: int = 30) -> list[tuple[TableData, int]]:
        """The most recently active tables (seats, no moves) with their move counts."""
        with Session(self.engine) as s:
            rows = list(
                s.scalars(
                    select(_TableRow)
                    .where(_TableRow.listed.is_(True))
                    .order_by(_TableRow.updated.desc())
                    .limit(limit)
                )
            )
            if not rows:
                return []
            ids = [r.id for r in rows]
            counts: dict[str, int] = {
                str(tid): int(n)
                for tid, n in s.execute(
                    select(_MoveRow.table_id, func.count())
                    .where(_MoveRow.table_id.in_(ids))
                    .group_by(_MoveRow.table_id)
                ).all()
            }
            seats: dict[str, list[SeatData]] = {i: [] for i in ids}
            for seat in s.scalars(
                select(_SeatRow).where(_SeatRow.table_id.in_(ids)).order_by(_SeatRow.seat)
            ):
                seats[seat.table_id].append(_seat_data(seat))
            out = []
            for row in rows:
                d = _table_data(row)
                d.seats = seats[row.id]
                out.append((d, counts.get(row.id, 0)))
            return out

    def unfinished_table_ids(self, *, bots: bool = False) -> list[str]:
        """The tables whose game is not over (``bots``: only those where a bot sits),
        most recently active first."""
        query = select(_TableRow.id).where(_TableRow.over.is_(False))
        if bots:
            query = query.where(
                select(_SeatRow.seat)
                .where(_SeatRow.table_id == _TableRow.id, _SeatRow.kind == "bot")
                .exists()
            )
        with Session(self.engine) as s:
            return list(s.scalars(query.order_by(_TableRow.updated.desc())))


def _seat_data(row: _SeatRow) -> SeatData:
    return SeatData(row.seat, row.kind, row.level, row.name, row.invite_hash, row.token_hash)


def _table_data(row: _TableRow) -> TableData:
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
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


__all__ += ["IntegrityError"]
