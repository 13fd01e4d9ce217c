"""The database schema's migrations (Alembic), applied by :func:`ludoteca.web.store.migrate`."""
