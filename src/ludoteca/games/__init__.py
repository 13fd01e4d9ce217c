"""The rules engines: pure, deterministic, and driven through :class:`ludoteca.Game`."""
