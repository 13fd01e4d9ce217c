"""Keys that work without being listed in a footer."""

from __future__ import annotations

from textual.binding import Binding, BindingType

__all__ = ["silent"]


def silent(keys: dict[str, str]) -> list[BindingType]:
    """Bindings of ``keys`` (a key, or keys with commas, to its action), none shown."""
    return [Binding(key, action, show=False) for key, action in keys.items()]
