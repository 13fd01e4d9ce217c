"""The lobby lists tables by their last activity: an index on ``updated``.

Revision ID: r0002
"""

from __future__ import annotations

from alembic import op

revision = "r0002"
down_revision = "r0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_ludoteca_tables_updated", "ludoteca_tables", ["updated"])


def downgrade() -> None:
    op.drop_index("ix_ludoteca_tables_updated", "ludoteca_tables")
