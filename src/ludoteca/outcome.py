"""The result of a game as a typed value (``game.outcome()``).

``result()`` keeps its dict layout for records and protocols; an
:class:`Outcome` says the same for programs that would rather not key on a
game's name: who won, each side's score and its unit, and each hand's summary.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Outcome"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won and by how much (final once ``over``)."""

    over: bool
    winner: int | None
    """The winning side's index in ``sides``; ``None`` while the game goes on or
    when no side won."""
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    """One per side, in ``unit``."""
    unit: str
    """``marks``, ``points``, ``sets`` or ``sticks``."""
    hands: tuple[Mapping[str, Any], ...] = ()
    """A summary of each hand (deal, or round) scored so far, in order."""

    @property
    def margin(self) -> int:
        """The winner's lead over the best other side (0 while nobody has won)."""
        if self.winner is None:
            return 0
        others = [s for i, s in enumerate(self.scores) if i != self.winner]
        return self.scores[self.winner] - max(others, default=0)

    def seat_won(self, seat: int) -> bool:
        """Whether ``seat`` is on the winning side."""
        return self.winner is not None and seat in self.sides[self.winner]
