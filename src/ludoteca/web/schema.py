"""The web app's database schema: the game tables, their seats and their moves, brought
to the newest revision by the Alembic migrations; the database URLs and the hashing of
the secrets stored there."""

from __future__ import annotations

import hashlib
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
    false,
    inspect,
    true,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "Base",
    "MoveRow",
    "SeatRow",
    "TableRow",
    "default_database_url",
    "hash_secret",
    "migrate_schema",
    "normalise_database_url",
    "sqlite_pragmas",
]


class Base(DeclarativeBase):
    pass


class TableRow(Base):
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
    waiting: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    host: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seen: Mapped[float | None] = mapped_column(Float, nullable=True)


class SeatRow(Base):
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


class MoveRow(Base):
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


def sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
