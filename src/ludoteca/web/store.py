"""Storage of the web app's tables: SQLite by default, PostgreSQL on request.

Three tables hold everything: the game tables (game, options, the chance seed
of the current run), their seats (who sits there, hashed tokens), and the moves
(append-only, one row per move, chance events included). A game is rebuilt by
replaying its moves, so a move is safe the moment its row is committed.
"""

from __future__ import annotations

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .schema import (
    Base,
    default_database_url,
    hash_secret,
    migrate_schema,
    normalise_database_url,
    sqlite_pragmas,
)
from .store_reads import StoreReads
from .store_rows import Append, MoveTaken, SeatData, TableData
from .store_writes import StoreWrites

__all__ = [
    "Append",
    "IntegrityError",
    "MoveTaken",
    "SeatData",
    "Store",
    "TableData",
    "default_database_url",
    "hash_secret",
    "normalise_database_url",
]


class Store(StoreReads, StoreWrites):
    """The database behind the web app: its reads (:mod:`.store_reads`) and writes
    (:mod:`.store_writes`) of the data (:mod:`.store_rows`)."""

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
        the database's other connections of the same user are closed first: a
        forgotten one in a transaction would hold its tables, and dropping them would
        wait for ever (the server's own workers, such as autovacuum, are not ours to
        end, and a user who is not a superuser may not)."""
        if self.engine.dialect.name == "postgresql":
            with self.engine.begin() as conn:
                conn.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                        "AND usename = current_user AND backend_type = 'client backend'"
                    )
                )
        Base.metadata.drop_all(self.engine)
        with self.engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
        migrate_schema(self.engine)
