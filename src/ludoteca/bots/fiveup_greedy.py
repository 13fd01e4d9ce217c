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

from typing import Any

from ludoteca.games.fiveup.core import State
from ludoteca.games.fiveup.solver import move_of
from ludoteca.games.fiveup.tables import ENDS_POINTS, HAS_NUMBER, PIPS, bonus_points, hand_pips

from .base import RankedMove, RankingBot, SeatHandle
from .fiveup_common import HandKnowledge

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


def best_reply_points(tiles: int, layout: State) -> list[int]:
    """For each tile of ``tiles`` that fits the layout, the most it scores at once."""
    best: dict[int, int] = {}
    for t, _, _, e in layout.placements(tiles):
        points = ENDS_POINTS[e]
        if points > best.get(t, -1):
            best[t] = points
    return list(best.values())


Estimate = tuple[float, str, str, dict[str, Any]]
"""A play's value, its reason in English, and the same as a code with parameters."""


def play_estimates(k: HandKnowledge, actions: list[int]) -> list[Estimate]:
    """The greedy estimate of each action (plays; draw and pass get 0) with a reason."""
    unseen = k.unseen
    n_unseen = unseen.bit_count()
    nxt = (k.seat + 1) % k.players
    allowed = unseen & ~HAS_NUMBER[k.lacks[nxt]]
    n_allowed = allowed.bit_count()
    p_next = min(1.0, k.hand_sizes[nxt] / n_allowed) if n_allowed else 0.0
    opponents = k.opponents()
    avg_pips = hand_pips(unseen) / n_unseen if n_unseen else 0.0
    close = min(k.hand_sizes[s] for s in opponents) <= 2
    w_pips = PIPS_WEIGHT_LATE if close else PIPS_WEIGHT
    layout = k.layout
    out: list[Estimate] = []
    for a in actions:
        t, v, kind = move_of(a)
        if t < 0:
            out.append((0.0, "the only move", "only_move", {}))
            continue
        e = layout.ends_after(t, v, kind)
        now = ENDS_POINTS[e]
        rest = k.hand & ~(1 << t)
        value = float(now)
        parts = [f"ends {e}" + (f" → {now}" if now else "")]
        params: dict[str, Any] = {"ends": e, "points": now, "goes_out": not rest}
        if not rest:
            expect = sum(k.hand_sizes[s] for s in opponents) * avg_pips
            bonus = bonus_points(round(expect))
            value += bonus
            parts.append(f"goes out (about {bonus})")
            params["bonus"] = bonus
        ends, open_mask = layout.ends, layout.open_mask
        layout.lay(t, v, kind)
        risk = expected_best(best_reply_points(allowed, layout), p_next)
        fits = (rest & HAS_NUMBER[layout.open_mask]).bit_count()
        layout.unlay(t, v, kind, -1, ends, open_mask)
        value -= RISK_WEIGHT * risk
        if risk >= 0.05:
            parts.append(f"next player may score {risk:.1f}")
            params["reply"] = round(risk, 1)
        value += FIT_WEIGHT * min(fits, 3) + w_pips * PIPS[t]
        out.append((value, ", ".join(parts), "play_estimate", params))
    return out


class GreedyFiveUp(RankingBot):
    """Five-Up by a one-move estimate: score now, deny the next player, shed weight."""

    level = "greedy"

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        """Every legal move with its one-move estimate in points, best first."""
        actions = handle.legal_actions()
        k = HandKnowledge.from_view(handle.view())
        scored = play_estimates(k, actions)
        ranked = [
            (value, i, RankedMove(handle.action_to_move(a), round(value, 3), reason, code, params))
            for i, (a, (value, reason, code, params)) in enumerate(
                zip(actions, scored, strict=True)
            )
        ]
        ranked.sort(key=lambda r: (-r[0], r[1]))
        return [r for _, _, r in ranked]
