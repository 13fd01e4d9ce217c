"""A table may wait for its invited players: ``waiting`` says it has not started
(no chance event drawn, no move taken), ``host`` is the seat of the person who
created it (who may start it with bots in the empty seats), and ``seen`` when
someone was last connected to it (the lobby leaves out tables long idle).

Revision ID: r0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0004"
down_revision = "r0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTER TABLEs: a copy of the table would cascade its seats away on SQLite
    op.add_column(
        "ludoteca_tables",
        sa.Column("waiting", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("ludoteca_tables", sa.Column("host", sa.Integer(), nullable=True))
    op.add_column("ludoteca_tables", sa.Column("seen", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ludoteca_tables") as batch:
        batch.drop_column("seen")
        batch.drop_column("host")
        batch.drop_column("waiting")
