"""Bingo ``expert`` level: determinized search on the exact solver, for the match.

Every decision is scored on *determinizations*: the opponent's hand and the
order of the hidden stock drawn uniformly among the deals consistent with what
the seat has seen (the engine's :class:`~ludoteca.games.bingo.hidden.DealSampler`,
read from the seat's view). On each one, every legal move is played and the
hand is carried on, on the engine's compact state
(:class:`~ludoteca.games.bingo.core.BingoCore`: the rules of play live in the
engine package, not here):

- while the stock lasts, by both players' ``greedy`` rules (the playout
  policy) until the stock is closed or exhausted or the hand ends;
- from there, exactly, by the solver (:mod:`ludoteca.games.bingo.solver`).

So closing (the closed position is solved at once), showing doubles and the
last-two choice (each choice leads to a solved position) are decided by
search, not by fixed rules; once the stock is exhausted the opponent's hand is
known (every tile is played, in one hand or in the other) and the one
determinization is the true position: play is exact.

What is maximised is the chance of winning the match, not the hand's points:
each hand outcome (who wins, how many sets, the extra set) is worth the match
equity of the set score it leads to (:func:`match_equity`: both players equal
from then on, hand results distributed as in :data:`HAND_RESULTS`), with the
final point difference as a tie-break. The values of :meth:`ExpertBingo.rank`
are that chance for the seat to move; each reason's ``code`` is
``match_exact`` (``equity``, ``margin``) or ``match_estimate`` (``equity``,
``deals``, ``method``: ``solved`` or ``played_out``, ``margin``).

The budget (seconds per decision) sets the number of determinizations through
a fixed cost model (work units, not the clock), so the same seed always gives
the same decision.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from ludoteca.games.bingo.core import A_CLOSE, REPLY, BingoCore
from ludoteca.games.bingo.hidden import observe_view, position_from_view, sampler_for
from ludoteca.games.bingo.solver import SCALE, Searcher, Utility, searcher, utility_table

from .base import RankedMove, SearchBot, SeatHandle, mark_ties
from .bingo_common import greedy_action

__all__ = ["HAND_RESULTS", "ExpertBingo", "match_equity", "match_utility"]

DEFAULT_BUDGET = 0.5
EQUITY_UNITS = 1000
"""The solver's utility is the match equity in thousandths."""

HAND_RESULTS: dict[tuple[int, int], float] = {
    (1, 0): 0.2794,
    (1, 1): 0.0157,
    (1, -1): 0.0052,
    (2, 0): 0.4217,
    (2, 1): 0.0256,
    (3, 0): 0.2514,
    (3, 1): 0.0010,
}
"""How hands end between sound players, measured over 2 108 hands of greedy
self-play: ``(sets of the hand's result, extra set)`` → frequency, the extra
set 0 for nobody, 1 for the hand's winner, -1 for its loser."""

# cost model (milliseconds of one core here, about the 90th percentile): per
# determinization, and per move on it, by tricks played (stock phase: a playout
# and a solve) or by tiles in hand (following compulsory: a solve)
DEAL_MS = 0.02
PLAYOUT_MS = (0.12, 0.10, 0.10, 0.09, 0.08, 0.065, 0.05, 0.05)
SOLVE_MS = (0.005, 0.005, 0.008, 0.01, 0.015, 0.025, 0.04, 0.08)
MIN_DEALS = 12
MAX_DEALS = 2000
CLOSE_MS = 0.45


@cache
def match_equity(mine: int, theirs: int, target: int = 7) -> float:
    """The chance of winning the match from ``mine`` sets to ``theirs``, before a
    hand that each player wins half the time (results as in :data:`HAND_RESULTS`).

    >>> round(match_equity(0, 0), 3), round(match_equity(6, 6), 3)
    (0.5, 0.5)
    >>> match_equity(6, 0) > match_equity(5, 0) > match_equity(5, 1)
    True
    """
    if mine >= target or theirs >= target:
        raise ValueError("the match is over")
    total = 0.0
    for (sets, extra), p in HAND_RESULTS.items():
        for winner_is_me in (True, False):
            gain_me = sets if winner_is_me else 0
            gain_them = 0 if winner_is_me else sets
            if extra:
                if (extra == 1) == winner_is_me:
                    gain_me += 1
                else:
                    gain_them += 1
            total += p / 2 * _after(mine + gain_me, theirs + gain_them, winner_is_me, target)
    return total / sum(HAND_RESULTS.values())


def _after(mine: int, theirs: int, won_hand: bool, target: int) -> float:
    if mine >= target and theirs >= target:
        return 1.0 if won_hand else 0.0
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return match_equity(mine, theirs, target)


def match_utility(sets: tuple[int, int], target: int = 7) -> Utility:
    """The solver's utility for a hand played at match score ``sets``: seat 0's
    match equity after the hand, in thousandths."""

    def value(winner: int, won: int, capture: int) -> int:
        gained = [0, 0]
        gained[winner] += won
        if capture >= 0:
            gained[capture] += 1
        eq = _after(sets[0] + gained[0], sets[1] + gained[1], winner == 0, target)
        return round(EQUITY_UNITS * eq)

    return utility_table(value)


# ------------------------------------------------------------------ the bot


class ExpertBingo(SearchBot):
    """Bingo by determinized search on the exact solver (see the module docstring)."""

    level = "expert"
    default_budget = DEFAULT_BUDGET
    close_by_lead = True
    """Value a close by its best lead over all deals, not by each deal's best lead:
    the closer does not see the opponent's hand, so its lead cannot depend on the deal."""

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        """Every legal move with the estimated chance of winning the match, best first."""
        actions = handle.legal_actions()
        view = handle.view()
        seat = view["seat"]
        rng = random.Random(self.rng.getrandbits(64))
        utility = match_utility((view["sets"][0], view["sets"][1]), view["target_sets"])
        sampler = sampler_for(observe_view(view))
        start = position_from_view(view)
        taking = view["phase"] == "take"
        compulsory = view["following_compulsory"]
        exact = compulsory and sampler.obs.stock_left == 0 and not taking
        deals = 1 if exact else self.deals(view, len(actions), A_CLOSE in actions)
        totals = [0] * len(actions)  # seat 0's utility, summed over the deals
        margins = [0] * len(actions)  # seat 0's final point difference, summed
        at_once = [True] * len(actions)  # the move wins the hand this trick in every deal
        close_leads: dict[int, list[int]] = {}
        searchers: dict[int, Searcher] = {}
        for _ in range(deals):
            base = sampler.fill(start, rng)
            for i, action in enumerate(actions):
                hand = base.clone()
                hand.apply(action)
                if at_once[i]:
                    at_once[i] = _wins_this_trick(hand, seat)
                if action == A_CLOSE and self.close_by_lead:
                    _close_leads(hand, utility, searchers, close_leads)
                else:
                    value = _finish(hand, utility, searchers)
                    totals[i] += _utility_of(value)
                    margins[i] += value - _utility_of(value) * SCALE
        sign = 1 if seat == 0 else -1
        if close_leads:
            # the lead after closing is chosen once for every deal (not per deal)
            lead = max(
                close_leads, key=lambda a: (sign * close_leads[a][0], sign * close_leads[a][1], -a)
            )
            i = actions.index(A_CLOSE)
            totals[i], margins[i] = close_leads[lead]
        rows = []
        for i, action in enumerate(actions):
            # the mover's chance of winning the match, from the utility alone (the
            # points decide only between moves of equal chances)
            mean = sign * totals[i] / deals
            equity = round(max(0.0, min(1.0, mean / EQUITY_UNITS + (seat == 1))), 9)
            margin = sign * margins[i] / deals
            now = at_once[i] and action != A_CLOSE
            if exact:
                reason = f"exact: the match is won {equity:.0%} (points {margin:+.0f} this hand)"
                code = "match_exact"
                params: dict[str, Any] = {"equity": equity, "margin": round(margin)}
            else:
                method = "solved" if compulsory or taking else "played_out"
                how = "solved" if method == "solved" else "played out and solved"
                reason = (
                    f"match won {equity:.0%} on average over {deals} deals, {how} "
                    f"(points {margin:+.1f} this hand)"
                )
                code = "match_estimate"
                params = {"equity": equity, "deals": deals, "method": method, "margin": margin}
            if now:
                reason = "wins the hand at once; " + reason
                params["at_once"] = True
            move = handle.action_to_move(action)
            ranked = RankedMove(move, equity, reason, code, params, unit="match_chance")
            rows.append(((-sign * totals[i], not now, -margin, move), ranked))
        rows.sort(key=lambda row: row[0])
        return mark_ties([r for _, r in rows], _tie_rule)

    def deals(self, view: Mapping[str, Any], n_moves: int, can_close: bool = False) -> int:
        """How many determinizations the budget pays for at the decision ``view``
        shows (a fixed cost model: the work, not the clock)."""
        if view["following_compulsory"] or view["phase"] == "take":
            cost = SOLVE_MS[min(7, len(view["hand"]))]
        else:
            cost = PLAYOUT_MS[min(7, len(view["tricks"]))]
        extra = CLOSE_MS if can_close and self.close_by_lead else 0.0
        deals = int(self.seconds * 1000 / (DEAL_MS + extra + cost * n_moves))
        return max(MIN_DEALS, min(MAX_DEALS, deals))


def _tie_rule(before: RankedMove, after: RankedMove) -> str:
    return "sooner_win"


def _wins_this_trick(hand: BingoCore, seat: int) -> bool:
    """Whether ``seat``, having just led in ``hand``, wins the hand by the end of
    this trick whatever the answer (a show or a capture that makes 70)."""
    if not hand.in_hand:
        return hand.done[-1].winner == seat
    if hand.phase != REPLY:
        return False
    for answer in hand.legal():
        after = hand.clone()
        after.apply(answer)
        if after.in_hand or after.done[-1].winner != seat:
            return False
    return True


def _utility_of(value: int) -> int:
    """The utility part of one deal's combined value (utility · SCALE + point difference)."""
    return (value + SCALE // 2) // SCALE


def _search(hand: BingoCore, utility: Utility, searchers: dict[int, Searcher]) -> Searcher:
    search = searchers.get(hand.closed_by)
    if search is None:
        search = searchers[hand.closed_by] = searcher(hand.cfg, hand.closed_by, utility, True)
    return search


def _close_leads(
    hand: BingoCore, utility: Utility, searchers: dict[int, Searcher], sums: dict[int, list[int]]
) -> None:
    """Add each lead's exact value after the close (seat 0's view) to ``sums``: the
    utility and the point difference."""
    search = _search(hand, utility, searchers)
    for action in hand.legal():
        child = hand.clone()
        child.apply(action)
        value = search.value(child)
        acc = sums.get(action)
        if acc is None:
            acc = sums[action] = [0, 0]
        utility_part = _utility_of(value)
        acc[0] += utility_part
        acc[1] += value - utility_part * SCALE


def _finish(hand: BingoCore, utility: Utility, searchers: dict[int, Searcher]) -> int:
    """Play the hand on (greedy rules while the stock lasts, then exactly): seat 0's
    value (utility · SCALE + the final point difference)."""
    while hand.in_hand and not hand.following_compulsory:
        hand.apply(greedy_action(hand))
    return _search(hand, utility, searchers).value(hand)
