"""The tables, seats and moves, as the first version of the web app made them.

Revision ID: r0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0001"
down_revision = None
branch_labels = None
depends_on = None


def _table_id() -> sa.Column[str]:
    """The column of a row's table, first of its primary key (the row goes with the table)."""
    return sa.Column(
        "table_id",
        sa.String(40),
        sa.ForeignKey("ludoteca_tables.id", ondelete="CASCADE"),
        primary_key=True,
    )


def upgrade() -> None:
    op.create_table(
        "ludoteca_tables",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("bot_delay", sa.Float(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
        sa.Column("rematch_of", sa.String(40), nullable=True),
        sa.Column("rematch", sa.String(40), nullable=True),
    )
    op.create_index("ix_ludoteca_tables_created", "ludoteca_tables", ["created"])
    op.create_index("ix_ludoteca_tables_over", "ludoteca_tables", ["over"])
    op.create_table(
        "ludoteca_seats",
        _table_id(),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "ludoteca_moves",
        _table_id(),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("move", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ludoteca_moves")
    op.drop_table("ludoteca_seats")
    op.drop_table("ludoteca_tables")
