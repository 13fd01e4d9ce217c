"""Exceptions. Every one is a ``ValueError``: bad input, never a crash."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "GameNotAvailable",
    "IllegalMove",
    "InvalidOption",
    "InvalidRecord",
    "NotSolvable",
    "TensorNotAvailable",
]


class IllegalMove(ValueError):
    """A move that is not allowed now, or that is not a move at all.

    ``seat`` is who tried it (``"chance"`` for a chance event, ``None`` when the
    game is over), ``move`` what was tried, ``reason`` why it was refused (in
    English, for people reading a traceback). ``code`` and ``params`` say the same
    as data, for programs and for translations: ``code`` names the rule (for
    example ``"must_follow"``) and ``params`` holds its numbers, tiles and seats
    (JSON-serialisable). ``index`` is the 1-based position of the move in a record
    being replayed.

    >>> e = IllegalMove("no", code="must_follow", params={"suit": 5, "allowed": ["5-3"]})
    >>> e.code, e.params["suit"], e.to_json()["allowed"]
    ('must_follow', 5, ['5-3'])
    """

    def __init__(
        self,
        message: str,
        *,
        seat: int | str | None = None,
        move: str | None = None,
        reason: str | None = None,
        index: int | None = None,
        code: str = "illegal",
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.move = move
        self.reason = reason if reason is not None else message
        self.index = index
        self.code = code
        self.params: dict[str, Any] = dict(params or {})

    def to_json(self) -> dict[str, Any]:
        """The refusal as data: its code, its parameters, who tried what."""
        return {"code": self.code, **self.params, "seat": self.seat, "move": self.move}


class InvalidOption(ValueError):
    """An unknown option, or a value the option does not allow."""


class InvalidRecord(ValueError):
    """A game record that is not a ``ludoteca/1`` record."""


class GameNotAvailable(ValueError):
    """A game name that is not known, or whose engine is not built yet."""


class TensorNotAvailable(GameNotAvailable, NotImplementedError):
    """A game that has no observation or information state tensors (also a
    ``NotImplementedError``, as OpenSpiel raises for a game without them)."""


class NotSolvable(ValueError):
    """No exact solver for this game, or not for this position (e.g. hidden
    information still to come, or a phase the solver does not cover)."""
