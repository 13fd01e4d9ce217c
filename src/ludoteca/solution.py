"""What every game's exact solution offers (see :func:`ludoteca.solve`).

A game's solver returns a frozen dataclass of its own (what the values mean
differs from game to game) built on :class:`RankedSolution`, which gives the
best move and every optimal move from its ``moves``, sorted best first.
"""

from __future__ import annotations

from typing import Any, Protocol

__all__ = ["RankedSolution", "Solution"]


class Solution(Protocol):
    """What every game's solution offers."""

    @property
    def best_move(self) -> str: ...

    @property
    def best_moves(self) -> tuple[str, ...]: ...

    @property
    def moves(self) -> tuple[Any, ...]: ...

    @property
    def pv(self) -> tuple[str, ...]: ...


class RankedSolution:
    """The best moves of a solution whose ``moves`` are every legal move with its
    ``move`` (notation) and ``score`` (higher is better for the side to move),
    best first."""

    __slots__ = ()

    moves: tuple[Any, ...]

    @property
    def best_move(self) -> str:
        """An optimal move (the first of :attr:`moves`)."""
        move: str = self.moves[0].move
        return move

    @property
    def best_moves(self) -> tuple[str, ...]:
        """Every optimal move."""
        top = self.moves[0].score
        return tuple(m.move for m in self.moves if m.score == top)
