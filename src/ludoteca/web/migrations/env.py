"""Alembic's environment: migrations run on the connection they are given."""

from __future__ import annotations

import contextlib
from typing import Any

from alembic import context


def run(config: Any) -> None:
    context.configure(connection=config.attributes["connection"], render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


_config: Any = None
with contextlib.suppress(AttributeError):  # imported outside a migration (doctests)
    _config = context.config
if _config is not None:
    run(_config)
