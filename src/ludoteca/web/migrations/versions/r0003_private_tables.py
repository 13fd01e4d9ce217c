"""A table may be private: ``listed`` says whether the lobby lists it.

Revision ID: r0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0003"
down_revision = "r0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ALTER TABLE: a copy of the table would cascade its seats away on SQLite
    op.add_column(
        "ludoteca_tables",
        sa.Column("listed", sa.Boolean(), nullable=False, server_default=sa.true()),
    )


def downgrade() -> None:
    with op.batch_alter_table("ludoteca_tables") as batch:
        batch.drop_column("listed")
