"""Five-Up ``greedy`` level: the best play by a one-move estimate.

Each legal play is valued from what the seat knows (:class:`HandKnowledge`):

- the points it scores now (the ends a multiple of 5), and, if it is the last
  tile, the domino bonus on the pips the opponents are expected to hold;
- minus the points the next player (an opponent) is expected to score at once
  in reply: each unseen tile that player may hold (none showing a number it is
  known to lack) is held with the same chance, and the expected best of the
  replies is counted;
- plus a little for keeping tiles that fit the new layout (a player who cannot
  play must draw), and for laying heavy tiles (pips left in hand count for the
  opponents when the hand ends), more so once an opponent is close to going out.

``draw`` and ``pass`` are never a choice. :meth:`GreedyFiveUp.rank` gives every
legal move with that estimate (in points).
"""

from __future__ import annotations

from ludoteca.games.fiveup.solver import move_of
from ludoteca.games.fiveup.tables import HAS_NUMBER, PIPS, bonus_points

from .base import Bot, RankedMove, SeatHandle
from .fiveup_common import (
    HandKnowledge,
    best_reply_points,
    ends_after,
    fitting,
    laid,
    pips,
    play_points,
)

__all__ = ["GreedyFiveUp", "play_estimates"]

RISK_WEIGHT = 0.8
FIT_WEIGHT = 0.25
PIPS_WEIGHT = 0.04
PIPS_WEIGHT_LATE = 0.15


def expected_best(values: list[int], p: float) -> float:
    """The expected best of ``values`` when each is present with chance ``p``.

    >>> expected_best([3, 1], 0.5)
    1.75
    """
    total = 0.0
    miss = 1.0
    for v in sorted(values, reverse=True):
        if v <= 0:
            break
        total += v * p * miss
        miss *= 1 - p
    return total


def play_estimates(k: HandKnowledge, actions: list[int]) -> list[tuple[float, str]]:
    """The greedy estimate of each action (plays; draw and pass get 0) with a reason."""
    unseen = k.unseen
    n_unseen = unseen.bit_count()
    nxt = (k.seat + 1) % k.players
    allowed = unseen & ~HAS_NUMBER[k.lacks[nxt]]
    n_allowed = allowed.bit_count()
    p_next = min(1.0, k.hand_sizes[nxt] / n_allowed) if n_allowed else 0.0
    opponents = k.opponents()
    avg_pips = pips(unseen) / n_unseen if n_unseen else 0.0
    close = min(k.hand_sizes[s] for s in opponents) <= 2
    w_pips = PIPS_WEIGHT_LATE if close else PIPS_WEIGHT
    out: list[tuple[float, str]] = []
    for a in actions:
        move = move_of(a)
        t = move[0]
        if t < 0:
            out.append((0.0, "the only move"))
            continue
        e = ends_after(k.ends, k.room, move)
        now = play_points(e)
        rest = k.hand & ~(1 << t)
        plain, room = laid(k.plain, k.room, move)
        value = float(now)
        parts = [f"ends {e}" + (f" → {now}" if now else "")]
        if not rest:
            expect = sum(k.hand_sizes[s] for s in opponents) * avg_pips
            bonus = bonus_points(round(expect))
            value += bonus
            parts.append(f"goes out (about {bonus})")
        risk = expected_best(best_reply_points(allowed, plain, room, e), p_next)
        value -= RISK_WEIGHT * risk
        if risk >= 0.05:
            parts.append(f"next player may score {risk:.1f}")
        fits = fitting(rest, plain, room).bit_count()
        value += FIT_WEIGHT * min(fits, 3) + w_pips * PIPS[t]
        out.append((value, ", ".join(parts)))
    return out


class GreedyFiveUp(Bot):
    """Five-Up by a one-move estimate: score now, deny the next player, shed weight."""

    level = "greedy"

    def choose(self, handle: SeatHandle) -> str:
        actions = handle.legal_actions()
        if len(actions) == 1:
            return handle.action_to_move(actions[0])
        return self.rank(handle)[0].move

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        """Every legal move with its one-move estimate in points, best first."""
        actions = handle.legal_actions()
        k = HandKnowledge.from_view(handle.view())
        scored = play_estimates(k, actions)
        ranked = [
            (value, i, RankedMove(handle.action_to_move(a), round(value, 3), reason))
            for i, (a, (value, reason)) in enumerate(zip(actions, scored, strict=True))
        ]
        ranked.sort(key=lambda r: (-r[0], r[1]))
        return [r for _, _, r in ranked]
