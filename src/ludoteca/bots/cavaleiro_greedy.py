"""Cavaleiro ``greedy`` level: take as much as the roll allows, keep big removals available.

Among the removals the winning roll allows, it takes the most, counting a
horizontal as three verticals (only three and four of a kind can take a
horizontal, while any winning roll takes a vertical); between equal takes it
keeps the most intact blocks (four of a kind takes a whole one), then keeps the
sticks in as few, tall columns as it can (three of a kind takes a whole
column): the figure after the move with the largest sum of squared column
heights. It looks one move ahead only.

>>> import ludoteca
>>> from ludoteca.bots import make_bot, choose_move
>>> g = ludoteca.new_game("cavaleiro", seed=3)
>>> choose_move(make_bot("cavaleiro", "greedy"), g) in g.legal_moves()
True
"""

from __future__ import annotations

from .base import RankedMove, RankingBot, SeatHandle, mark_ties
from .cavaleiro_tables import (
    Figure,
    FigureSpace,
    OwnFigurePolicy,
    after_action,
    describe,
    figure_from_view,
    sticks_of,
    summary,
)

__all__ = ["HORIZONTAL_WORTH", "GreedyCavaleiro", "greedy_key", "greedy_policy"]


HORIZONTAL_WORTH = 3
"""How many verticals the greedy bot counts a horizontal as."""


def greedy_key(before: Figure, after: Figure) -> tuple[int, int, int]:
    """How the greedy bot rates leaving ``after`` (smaller is better): minus the sticks
    taken (a horizontal counting as :data:`HORIZONTAL_WORTH`), minus the intact blocks
    kept, minus the sum of squared column heights.

    >>> greedy_key((0, ((True, (3, 3)),)), (0, ((False, (3,)),)))
    (-3, 0, -9)
    >>> greedy_key((2, ((True, (3, 3)),)), (1, ((True, (3, 3)),)))
    (-3, -1, -18)
    """
    horizontals = before[0] - after[0]
    verticals = sticks_of(before) - sticks_of(after) - horizontals
    intact = sum(1 for block in after[1] if block[0])
    squares = sum(h * h for block in after[1] for h in block[1])
    return -(verticals + HORIZONTAL_WORTH * horizontals), -intact, -squares


def _ranked(handle: SeatHandle) -> list[RankedMove]:
    view = handle.view(log_from=handle.move_count)  # the present is enough
    seat = handle.seat
    before = figure_from_view(view, seat)
    rated = []
    for action in handle.legal_actions():
        after = after_action(view, seat, action)
        rated.append((greedy_key(before, after), after, action))
    # equal ratings: the smaller figure (as the tables number them), then the move order
    rated.sort(key=lambda x: (x[0], x[1]))
    out = []
    for key, after, action in rated:
        taken = sticks_of(before) - sticks_of(after)
        move = handle.action_to_move(action)
        if taken:
            leaves = summary(after)
            reason = f"takes {taken} stick{'s' if taken != 1 else ''}, leaves {describe(leaves)}"
            out.append(
                RankedMove(
                    move,
                    float(-key[0]),
                    reason,
                    "takes_sticks",
                    {"sticks": taken, "leaves": leaves},
                    unit="sticks_taken",
                )
            )
        else:
            out.append(
                RankedMove(
                    move,
                    float(-key[0]),
                    "nothing the roll allows is left",
                    "nothing_left",
                    unit="sticks_taken",
                )
            )
    return mark_ties(out, lambda a, b: "keeps_blocks")


class GreedyCavaleiro(RankingBot):
    """Cavaleiro by one-move habits: the biggest removal, keeping blocks and columns whole.

    :meth:`rank` values a move by the sticks it takes, a horizontal counting three.
    """

    level = "greedy"

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        return _ranked(handle)


def greedy_policy(space: FigureSpace) -> OwnFigurePolicy:
    """The greedy bot's choices over a figure space, for exact evaluation
    (:func:`~ludoteca.bots.cavaleiro_tables.duel_odds`)."""
    return OwnFigurePolicy.from_key(
        space, lambda i, j: greedy_key(space.states[i], space.states[j])
    )
