"""Cavaleiro ``expert`` level: removals chosen by exact dynamic programming.

Dice decide who wins each round; the only skill is what the winner removes.
The expert removes so as to:

- **need the fewest round wins** (any number of players): the exact
  :class:`~ludoteca.bots.cavaleiro_tables.RoundsTable` gives, for every state
  of the figure up to symmetry, the expected number of round wins it still
  needs, each win's kind weighted by how often the round's best roll is of
  that kind for the number of players. The expert leaves the state that needs
  the fewest.
- **win most often** (two players, once the game is small enough): the exact
  :class:`~ludoteca.bots.cavaleiro_tables.DuelTable` over both figures gives
  the probability of winning the game; the expert leaves the state that
  maximises it. Building it costs time that grows with the square of the
  states the two figures can still reach, so the expert switches to it when
  the states reachable from the two figures number at most
  ``DUEL_STATES_PER_ROOT_SECOND · √budget`` (1,000 at the default budget of
  1 s: the table then takes about an eighth of the budget, and covers roughly
  the last quarter of a game; with a budget of 38 s or more, the whole game of
  the default figure). The table is built once a game and then answers every
  later decision at once. With a budget of 0 the expert uses the round-wins
  table alone.

Both tables are exact (in floating point). Computed exactly over a whole game
(:func:`~ludoteca.bots.cavaleiro_tables.duel_odds`), the win-probability
policy beats the round-wins policy by a few hundredths of a percentage point:
the round-wins policy is nearly optimal, since luck decides almost everything.

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

import math
from dataclasses import dataclass

import numpy as np

from .base import Bot, RankedMove, SeatHandle
from .cavaleiro_greedy import _ranked as _greedy_ranked
from .cavaleiro_tables import (
    MAX_DUEL_STATES,
    DuelPolicy,
    DuelTable,
    FigureSpace,
    IntArray,
    OwnFigurePolicy,
    RoundsTable,
    TooLarge,
    after_move,
    describe,
    figure_from_view,
)

__all__ = [
    "DEFAULT_BUDGET",
    "DUEL_STATES_PER_ROOT_SECOND",
    "ExpertCavaleiro",
    "ExpertPolicy",
    "duel_limit",
]

DEFAULT_BUDGET = 1.0
"""Seconds per decision when no budget is given."""
DUEL_STATES_PER_ROOT_SECOND = 1000
"""The two-player table over ``n`` states takes about ``(n / 2800)²`` CPU seconds on the
development machine: the expert spends at most about an eighth of its budget on it."""


def duel_limit(budget: float) -> int:
    """The most states the two figures may still reach for the expert to build the
    two-player table, for a budget in seconds.

    >>> duel_limit(0), duel_limit(1.0), duel_limit(4.0)
    (0, 1000, 2000)
    """
    return min(MAX_DUEL_STATES, int(DUEL_STATES_PER_ROOT_SECOND * math.sqrt(max(budget, 0.0))))


@dataclass
class _Duel:
    """A two-player table over the states reachable from two figures."""

    table: DuelTable
    covers: int  # the full space's states it holds, as a bit set
    renumber: dict[int, int]  # full-space state -> table state


class ExpertCavaleiro(Bot):
    """Cavaleiro by exact dynamic programming (see the module)."""

    level = "expert"

    def __init__(self, *, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed=seed, budget=budget)
        self._duel: _Duel | None = None

    @property
    def duel_limit(self) -> int:
        return duel_limit(DEFAULT_BUDGET if self.budget is None else self.budget)

    def choose(self, handle: SeatHandle) -> str:
        moves = handle.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.rank(handle)[0].move

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        view = handle.view()
        seat = handle.seat
        moves = handle.legal_moves()
        try:
            rounds = RoundsTable.build(view["layout"]["text"], view["players"])
        except TooLarge:
            return _greedy_ranked(view, seat, moves)
        space = rounds.space
        mine = space.index[figure_from_view(view, seat)]
        left = [space.index[after_move(view, seat, move)] for move in moves]
        duel = None
        if view["players"] == 2:
            theirs = space.index[figure_from_view(view, 1 - seat)]
            duel = self._duel_for(space, mine, theirs)
        if duel is not None:
            other = duel.renumber[theirs]
            wins = [duel.table.after_removal(duel.renumber[j], other) for j in left]
            order = sorted(range(len(moves)), key=lambda i: (-wins[i], left[i], i))
            return [
                RankedMove(
                    moves[i],
                    wins[i],
                    f"wins {100 * wins[i]:.2f}% of the time, leaving {self._what(space, left[i])}",
                )
                for i in order
            ]
        needed = [rounds.value(j) for j in left]
        order = sorted(range(len(moves)), key=lambda i: (needed[i], left[i], i))
        return [
            RankedMove(
                moves[i],
                -needed[i],
                f"{needed[i]:.3f} round wins still needed on average, leaving "
                f"{self._what(space, left[i])}",
            )
            for i in order
        ]

    @staticmethod
    def _what(space: FigureSpace, state: int) -> str:
        return describe(space.states[state])

    def _duel_for(self, space: FigureSpace, mine: int, theirs: int) -> _Duel | None:
        """The two-player table for this position, if the budget allows it."""
        reach = space.reach
        if reach[mine].bit_count() + reach[theirs].bit_count() > self.duel_limit:
            return None
        wanted = reach[mine] | reach[theirs]
        duel = self._duel
        if (
            duel is not None
            and duel.table.space.layout == space.layout
            and wanted & ~duel.covers == 0
        ):
            return duel
        keep = [i for i, bit in enumerate(reversed(bin(wanted)[2:])) if bit == "1"]
        table = DuelTable(space.restricted(keep))
        self._duel = _Duel(table, wanted, {old: new for new, old in enumerate(keep)})
        return self._duel


class ExpertPolicy:
    """The expert's choices over a figure space, for exact evaluation
    (:func:`~ludoteca.bots.cavaleiro_tables.duel_odds`).

    ``duel`` is the two-player table of the whole space (its values are those of
    the smaller tables the bot builds during a game); ``budget`` is the bot's.
    """

    def __init__(
        self, rounds: RoundsTable, duel: DuelTable | None = None, budget: float = DEFAULT_BUDGET
    ) -> None:
        space = rounds.space
        self.space = space
        self.limit = duel_limit(budget) if duel is not None else 0
        self.rounds = OwnFigurePolicy.from_key(space, lambda i, j: rounds.values[j])
        self.duel = DuelPolicy(duel) if duel is not None else None
        self.reach_size = np.array([bits.bit_count() for bits in space.reach])

    def choose_block(self, kind: int, mine: int, theirs: int) -> IntArray:
        own = self.rounds.choose_block(kind, mine, theirs)
        if self.duel is None:
            return own
        g = self.space.groups
        small = (
            self.reach_size[g[mine] : g[mine + 1]][:, None]
            + self.reach_size[g[theirs] : g[theirs + 1]][None, :]
            <= self.limit
        )
        if not small.any():
            return own
        chosen: IntArray = np.where(small, self.duel.choose_block(kind, mine, theirs), own)
        return chosen
