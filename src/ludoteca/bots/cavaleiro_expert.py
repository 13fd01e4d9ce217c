"""Cavaleiro ``expert`` level: removals chosen by exact dynamic programming.

Dice decide who wins each round; the only skill is what the winner removes.
The expert removes so as to:

- **need the fewest round wins** (any number of players): the exact
  :class:`~ludoteca.bots.cavaleiro_tables.RoundsTable` gives, for every state
  of the figure up to symmetry, the expected number of round wins it still
  needs, each win's kind weighted by how often the round's best roll is of
  that kind for the number of players. The expert leaves the state that needs
  the fewest.
- **win most often** (two players, once both figures are small enough): the
  exact :class:`~ludoteca.bots.cavaleiro_tables.DuelTable` over both figures
  gives the probability of winning the game; the expert leaves the state that
  maximises it. The table covers every pair of figures of at most ``K``
  sticks; its size grows with the budget (:func:`endgame_sticks`): at the
  default budget of 1 s, 12 sticks each for the default figure (1,742
  states, built in a third of a second, once per process); with 10 s or more,
  the whole game.

The tables are exact (in floating point), built once per figure and process,
and then answer every decision at once. Computed exactly over whole games
(:func:`~ludoteca.bots.cavaleiro_tables.duel_odds`), the win-probability
policy beats the round-wins policy by hundredths of a percentage point: the
round-wins policy is nearly optimal, since luck decides almost everything. With
a budget of 0 the expert uses the round-wins table alone.

:meth:`ExpertCavaleiro.rank` values moves by the probability of winning when
the two-player table answers, otherwise by minus the expected number of round
wins still needed (higher is better either way); the reason says which.

A figure with more states than the tables allow
(:data:`~ludoteca.bots.cavaleiro_tables.MAX_STATES`) is played greedily.

>>> import ludoteca
>>> from ludoteca.bots import make_bot, choose_move
>>> g = ludoteca.new_game("cavaleiro", seed=3, layout="23/1+1")
>>> choose_move(make_bot("cavaleiro", "expert"), g) in g.legal_moves()
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from .base import RankedMove, SeatHandle, mark_ties
from .cavaleiro_greedy import GreedyCavaleiro
from .cavaleiro_tables import (
    MAX_DUEL_STATES,
    DuelPolicy,
    DuelTable,
    FigureSpace,
    IntArray,
    OwnFigurePolicy,
    RoundsTable,
    TooLarge,
    after_action,
    describe,
    figure_from_view,
    summary,
)

__all__ = [
    "DEFAULT_BUDGET",
    "DUEL_STATES_PER_ROOT_SECOND",
    "ExpertCavaleiro",
    "ExpertPolicy",
    "endgame_sticks",
    "endgame_table",
]

DEFAULT_BUDGET = 1.0
"""Seconds per decision when no budget is given."""
DUEL_STATES_PER_ROOT_SECOND = 2000
"""The two-player table over ``n`` states takes about ``(n / 2800)²`` CPU seconds on the
development machine: the expert builds one of at most ``2000 · √budget`` states, about
half its budget, once per figure and process."""


def endgame_sticks(space: FigureSpace, budget: float) -> int:
    """The most sticks a figure may hold for the two-player table to cover it (0: none).

    >>> space = FigureSpace.of("3x3x3+3")
    >>> endgame_sticks(space, 0), endgame_sticks(space, 1.0), endgame_sticks(space, 10.0)
    (0, 12, 30)
    """
    most = min(MAX_DUEL_STATES, int(DUEL_STATES_PER_ROOT_SECOND * math.sqrt(max(budget, 0.0))))
    sticks = 0
    while sticks < space.sticks[-1] and space.groups[sticks + 2] <= most:
        sticks += 1
    return sticks


@functools.cache
def endgame_table(layout_text: str, sticks: int) -> DuelTable:
    """The two-player table over the figures of at most ``sticks`` sticks (cached)."""
    space = FigureSpace.of(layout_text)
    if sticks >= space.sticks[-1]:
        return DuelTable.build(layout_text)
    return DuelTable(space.restricted(range(space.groups[sticks + 1])))


class ExpertCavaleiro(GreedyCavaleiro):
    """Cavaleiro by exact dynamic programming (see the module); the greedy bot's choices
    on figures too large for the tables."""

    level = "expert"

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        view = handle.view()
        seat = handle.seat
        try:
            rounds = RoundsTable.build(view["layout"]["text"], view["players"])
        except TooLarge:
            return super().rank(handle)
        actions = handle.legal_actions()
        moves = [handle.action_to_move(a) for a in actions]
        space = rounds.space
        left = [space.index[after_action(view, seat, a)] for a in actions]
        leaves = [summary(space.states[j]) for j in left]
        wins = self._duel_wins(view, seat, space, left)
        if wins is not None:
            code, numbers = "win_chance", wins
        else:
            code, numbers = "round_wins_needed", [rounds.value(j) for j in left]
        ranked = [
            _removal(move, number, leave, code)
            for move, number, leave in zip(moves, numbers, leaves, strict=True)
        ]
        return _best_first(ranked, left)

    def _duel_wins(
        self, view: dict[str, Any], seat: int, space: FigureSpace, left: list[int]
    ) -> list[float] | None:
        """In a duel whose figures all fit the endgame table, the chance to win the game
        after each removal (leaving the figures ``left``); else ``None``."""
        if view["players"] != 2:
            return None
        theirs = space.index[figure_from_view(view, 1 - seat)]
        budget = DEFAULT_BUDGET if self.budget is None else self.budget
        sticks = endgame_sticks(space, budget)
        if space.sticks[theirs] > sticks or any(space.sticks[j] > sticks for j in left):
            return None
        # the restricted table numbers the states in the same order, from 0
        table = endgame_table(space.layout.text, sticks)
        return [table.after_removal(j, theirs) for j in left]


_REASONS: dict[str, tuple[str, str, int, Callable[[float], str]]] = {
    "win_chance": ("chance", "game_chance", 1, lambda win: f"wins {100 * win:.2f}% of the time"),
    "round_wins_needed": (
        "rounds",
        "round_wins_needed",
        -1,
        lambda need: f"{need:.3f} round wins still needed on average",
    ),
}
"""The expert's two reasons by code: the number's key in the params, the value's unit,
the value's sign (a win chance: higher is better; round wins needed: fewer), and the
number in the reason's text."""


def _removal(move: str, number: float, leave: dict[str, int], code: str) -> RankedMove:
    """A removal ranked by the ``number`` of its reason ``code`` (:data:`_REASONS`), with
    the figure it leaves."""
    key, unit, sign, said = _REASONS[code]
    return RankedMove(
        move,
        sign * number,
        f"{said(number)}, leaving {describe(leave)}",
        code,
        {key: number, "leaves": leave},
        unit=unit,
    )


def _best_first(ranked: list[RankedMove], left: list[int]) -> list[RankedMove]:
    """The removals ``ranked`` (in the order of the legal moves, ``left`` the figures
    they leave) best first: by value, then by the figure left; ties marked."""
    order = sorted(range(len(ranked)), key=lambda i: (-ranked[i].value, left[i], i))
    moves = [r.move for r in ranked]
    return mark_ties([ranked[i] for i in order], _tie_rule(moves, left))


def _tie_rule(moves: list[str], left: list[int]) -> Callable[[RankedMove, RankedMove], str]:
    """Why a removal of the same value comes after another: the same figure left
    (up to the symmetries the tables fold), listed by column; else fewer sticks left."""
    state = dict(zip(moves, left, strict=True))

    def rule(before: RankedMove, after: RankedMove) -> str:
        return "same_figure" if state[before.move] == state[after.move] else "fewer_sticks"

    return rule


class ExpertPolicy:
    """The two-player expert's choices over a figure space, for exact evaluation
    (:func:`~ludoteca.bots.cavaleiro_tables.duel_odds`).

    ``duel`` is the two-player table of the whole space (on the figures it
    covers, the smaller table the bot uses holds the same values); ``budget``
    is the bot's. Without ``duel``, the round-wins policy alone.
    """

    def __init__(
        self, rounds: RoundsTable, duel: DuelTable | None = None, budget: float = DEFAULT_BUDGET
    ) -> None:
        space = rounds.space
        self.space = space
        self.sticks = endgame_sticks(space, budget) if duel is not None else 0
        self.rounds = OwnFigurePolicy.from_key(space, lambda i, j: rounds.values[j])
        self.duel = DuelPolicy(duel) if duel is not None else None
        # per kind, the most sticks a state's removals may leave
        self.most_left = [
            np.array([max((space.sticks[j] for j in m), default=0) for m in space.moves[r]])
            for r in range(len(space.moves))
        ]

    def choose_block(self, kind: int, mine: int, theirs: int) -> IntArray:
        own = self.rounds.choose_block(kind, mine, theirs)
        if self.duel is None or theirs > self.sticks:
            return own
        g = self.space.groups
        covered = self.most_left[kind][g[mine] : g[mine + 1]] <= self.sticks
        if not covered.any():
            return own
        chosen: IntArray = np.where(
            covered[:, None], self.duel.choose_block(kind, mine, theirs), own
        )
        return chosen
