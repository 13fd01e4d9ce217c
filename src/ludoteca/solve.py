"""Exact solvers for perfect-information positions, one per game that has one.

``solve(game)`` looks the game up in :data:`SOLVERS` and hands it to that
game's solver module, which defines ``solve(game, *, target=None)``: without a
target it returns the game's solution (a frozen dataclass with at least
``best_move``, ``best_moves``, ``moves`` and ``pv``: see :mod:`ludoteca.solution`);
with a target, whether the side the game's solver names can reach it (a fast
null-window search). A game is added by one line in :data:`SOLVERS`.

>>> import ludoteca
>>> ludoteca.solve(ludoteca.new_game("cavaleiro", seed=1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ludoteca.errors.NotSolvable: there is no exact solver for Cavaleiro; solvers exist for: ...texas42
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, overload

from .errors import NotSolvable
from .solution import Solution

if TYPE_CHECKING:
    from .game import Game

__all__ = ["SOLVERS", "NotSolvable", "Solution", "solve"]

SOLVERS: dict[str, str] = {
    "texas42": "ludoteca.games.texas42.solver",
    "bingo": "ludoteca.games.bingo.solver",
    "fiveup": "ludoteca.games.fiveup.solver",
}
"""Game name -> module that defines ``solve(game, *, target=None)``."""


@overload
def solve(game: Game, *, target: None = None) -> Solution: ...


@overload
def solve(game: Game, *, target: int) -> bool: ...


def solve(game: Game, *, target: int | None = None) -> Solution | bool:
    """Solve ``game``'s current position exactly (see the game's solver for what
    the values mean); with ``target``, only whether the target is reachable."""
    from .game import require_game

    require_game(game, "solve")
    if target is not None and (not isinstance(target, int) or isinstance(target, bool)):
        raise TypeError(f"target is a whole number or None, not {target!r}")
    module_name = SOLVERS.get(game.name)
    if module_name is None:
        raise NotSolvable(
            f"there is no exact solver for {game.title}; solvers exist for: "
            f"{', '.join(sorted(SOLVERS))}"
        )
    module = importlib.import_module(module_name)
    result: Solution | bool = module.solve(game, target=target)
    return result
