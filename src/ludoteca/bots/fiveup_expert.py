"""Five-Up ``expert`` level: determinized search to the end of the hand.

Every decision is taken over *determinizations*: complete deals (the other
hands and the order of the stock) drawn uniformly among those consistent with
what the seat has seen (``handle.sample``, which uses every inference: a player
who drew or passed held nothing that fitted). On each one, every distinct
legal play is made and the hand is carried on to its end:

- while the stock may be drawn from, on a copy of the rules' own state
  (:class:`ludoteca.games.fiveup.core.State`, which applies the rules: what
  fits, the scoring, drawing, passing, the end of the hand) by a play-out
  policy for every player
  (:func:`policy_value`: the points scored now, going out, minus the best
  points the next player can score in reply with the tiles it holds in that
  deal, and a little for laying heavy tiles);
- once the stock is closed in the real game, exactly, by the solver
  (:mod:`ludoteca.games.fiveup.solver`) on each determinization; a
  determinization too large for the node budget is played out instead.

A play's value is the average over the determinizations of the hand's points
margin from then on (the mover's side against each opponent, summed; the
domino or blocked bonus included), a side reaching the target counting
``±WIN_POINTS`` on top: near the target, winning the game is what counts.
:meth:`ExpertFiveUp.rank` gives that value for every legal move.

The budget (seconds per decision) sets the number of determinizations through
a fixed cost model (work units, not the clock), so the same seed always gives
the same decision.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.game import Game
from ludoteca.games.fiveup.core import Play, State
from ludoteca.games.fiveup.game import FiveUp
from ludoteca.games.fiveup.solver import (
    Move,
    Position,
    SearchLimit,
    edge_value,
    move_of,
    searcher,
)
from ludoteca.games.fiveup.tables import ENDS_POINTS, PIPS, bonus_points

from .base import RankedMove, SearchBot, SeatHandle, mark_ties
from .fiveup_common import HandKnowledge

__all__ = ["ExpertFiveUp", "margin", "play_out", "policy_value"]

DEFAULT_BUDGET = 0.5
WIN_POINTS = 30
"""What reaching the target is worth, in points of margin."""
REPLY_WEIGHT = 0.8
OUT_BONUS = 3.0
PIPS_WEIGHT = 0.05
# cost model (milliseconds of one core here, about the 90th percentile): a
# determinization, and one play-out or one exact solve per distinct move, by
# tiles left in the hands and the stock
DEAL_MS = 0.25
PLAYOUT_MS_PER_TILE = 0.006
SOLVE_MS_PER_TILE = 0.03
SOLVE_NODE_LIMIT = 50_000
MIN_DEALS = 8
MAX_DEALS = 2000


def _policy_choice(state: State, moves: list[Play]) -> Play:
    seat = state.turn
    best = moves[0]
    best_value = policy_value(state, seat, best)
    for m in moves[1:]:
        value = policy_value(state, seat, m)
        if value > best_value:
            best, best_value = m, value
    return best


def play_out(state: State) -> None:
    """Play the hand to its end, every player by :func:`policy_value`."""
    state.play_hand(_policy_choice)


def margin(state: State, start: list[int], root: int) -> int:
    """The value for side ``root`` of a hand played on from the scores ``start``:
    its points margin against each opponent, summed, and ``±WIN_POINTS`` if a
    side reached the target."""
    scores = state.scores
    mine = scores[root] - start[root]
    # sum over the opponents of (mine - theirs) = sides * mine - every side's gain
    value = len(scores) * mine - (sum(scores) - sum(start))
    if state.winner >= 0:
        value += WIN_POINTS if state.winner == root else -WIN_POINTS
    return value


def policy_value(state: State, seat: int, move: Play) -> float:
    """The play-out policy's estimate of a play (every hand known)."""
    t, v, kind, e = move
    value = float(ENDS_POINTS[e])
    if state.hands[seat] == 1 << t:
        side = state.rules.side_of[seat]
        return value + OUT_BONUS + bonus_points(state.opponents_pips(side))
    ends, open_mask = state.ends, state.open_mask
    state.lay(t, v, kind)
    reply = 0
    for _, _, _, e2 in state.placements(state.hands[state.nxt[seat]]):
        points = ENDS_POINTS[e2]
        if points > reply:
            reply = points
    state.unlay(t, v, kind, -1, ends, open_mask)
    return value - REPLY_WEIGHT * reply + PIPS_WEIGHT * PIPS[t]


class ExpertFiveUp(SearchBot):
    """Five-Up by determinized play-outs and, once the stock is closed, exact search."""

    level = "expert"
    default_budget = DEFAULT_BUDGET

    def choose(self, handle: SeatHandle) -> str:
        actions = handle.legal_actions()
        if len({move_of(a) for a in actions}) == 1:  # one move of the solver: nothing to rank
            return handle.action_to_move(actions[0])
        return super().choose(handle)

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        """Every legal move with its estimated points margin for the rest of the hand."""
        actions = handle.legal_actions()
        if move_of(actions[0])[0] < 0:  # draw or pass: the only move
            move = handle.action_to_move(actions[0])
            return [RankedMove(move, 0.0, "the only move", "only_move", unit="hand_margin")]
        rng = random.Random(self.rng.getrandbits(64))
        k = HandKnowledge.from_view(handle.view())
        root = k.side_of[k.seat]
        moves: list[Move] = []
        for a in actions:
            m = move_of(a)
            if m not in moves:
                moves.append(m)
        exact = k.stock_drawable == 0
        deals = self._deals(k, len(moves), exact)
        totals = [0.0] * len(moves)
        solved = 0
        for _ in range(deals):
            world = handle.sample(rng)
            assert isinstance(world, FiveUp)
            values = _solve_all(world, moves, root) if exact else None
            if values is not None:
                solved += 1
            else:
                values = _play_out_all(world, moves, root)
            for i, v in enumerate(values):
                totals[i] += v
        by_move = {m: totals[i] / deals for i, m in enumerate(moves)}
        ranked = []
        if exact and solved == deals:
            how = f"solved exactly on {deals} deals"
        elif solved:
            how = f"{solved} of {deals} deals solved exactly, the others played out"
        else:
            how = f"played out on {deals} deals"
        for i, a in enumerate(actions):
            value = by_move[move_of(a)]
            reason = f"margin {value:+.2f} for the rest of the hand ({how})"
            params: dict[str, Any] = {"margin": round(value, 2), "deals": deals, "solved": solved}
            value = round(value, 3)
            ranked_move = RankedMove(
                handle.action_to_move(a), value, reason, "hand_margin", params, unit="hand_margin"
            )
            ranked.append((value, i, ranked_move))
        ranked.sort(key=lambda r: (-r[0], r[1]))
        play_of = {handle.action_to_move(a): move_of(a) for a in actions}
        return mark_ties(
            [r for _, _, r in ranked],
            lambda a, b: "same_play" if play_of[a.move] == play_of[b.move] else "move_order",
        )

    def _deals(self, k: HandKnowledge, n_moves: int, exact: bool) -> int:
        """How many determinizations the budget pays for (a fixed cost model)."""
        tiles = sum(k.hand_sizes) + k.stock_drawable
        per_move = SOLVE_MS_PER_TILE if exact else PLAYOUT_MS_PER_TILE
        per = DEAL_MS + per_move * tiles * n_moves
        deals = int(self.seconds * 1000 / per)
        return max(MIN_DEALS, min(MAX_DEALS, deals))


def _play_out_all(world: Game, moves: list[Move], root: int) -> list[float]:
    assert isinstance(world, FiveUp)
    base = world.core.clone(counts_only=True)
    out = []
    for t, v, kind in moves:
        state = base.clone(counts_only=True)
        if not state.play(t, v, kind):
            play_out(state)
        out.append(float(margin(state, base.scores, root)))
    return out


def _solve_all(world: Game, moves: list[Move], root: int) -> list[float] | None:
    """Exact values of the moves on one determinization (None past the node limit)."""
    pos = Position.from_game(world)
    search = searcher(pos, root, node_limit=SOLVE_NODE_LIMIT, win=WIN_POINTS)
    out = []
    try:
        for m in moves:
            child = pos.play(m)
            value = edge_value(pos, child, root, WIN_POINTS)
            if not child.over:
                value += search.value(child)
            out.append(float(value))
    except SearchLimit:
        return None
    return out
