"""The refusal every layer of the web app raises: a code, its parameters, an HTTP status."""

from __future__ import annotations

from typing import Any

__all__ = ["Refused"]


def _sendable(value: Any) -> Any:
    """Text with any lone surrogate replaced, so a refusal that echoes input can be sent."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    return value


class Refused(Exception):
    """A request refused: ``code`` for programs, a message for people."""

    def __init__(self, code: str, params: dict[str, Any] | None = None, status: int = 400) -> None:
        super().__init__(code)
        self.code = code
        self.params = {k: _sendable(v) for k, v in (params or {}).items()}
        self.status = status
