"""Exceptions. Every one is a ``ValueError``: bad input, never a crash."""

from __future__ import annotations

__all__ = [
    "GameNotAvailable",
    "IllegalMove",
    "InvalidOption",
    "InvalidRecord",
    "TensorNotAvailable",
]


class IllegalMove(ValueError):
    """A move that is not allowed now, or that is not a move at all.

    ``seat`` is who tried it (``"chance"`` for a chance event, ``None`` when the
    game is over), ``move`` what was tried, ``reason`` why it was refused.
    ``index`` is the 1-based position of the move in a record being replayed.
    """

    def __init__(
        self,
        message: str,
        *,
        seat: int | str | None = None,
        move: str | None = None,
        reason: str | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.move = move
        self.reason = reason if reason is not None else message
        self.index = index


class InvalidOption(ValueError):
    """An unknown option, or a value the option does not allow."""


class InvalidRecord(ValueError):
    """A game record that is not a ``ludoteca/1`` record."""


class GameNotAvailable(ValueError):
    """A game name that is not known, or whose engine is not built yet."""


class TensorNotAvailable(GameNotAvailable, NotImplementedError):
    """A game that has no observation or information state tensors (also a
    ``NotImplementedError``, as OpenSpiel raises for a game without them)."""
