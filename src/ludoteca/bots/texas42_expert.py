"""Texas 42 ``expert`` level: simulation on the exact solver.

Every decision is taken over *determinizations*: complete deals drawn
uniformly among those consistent with what the seat has seen
(``handle.sample``), each solved exactly by :func:`ludoteca.solve`.

- **Bidding**: for each promising contract the hand is solved on many deals
  with this seat as bidder and leader; the bid is the highest level made in a
  safe share of the deals (a risk margin for the optimism of perfect-information
  play), never over the partner without a clear gain, and special contracts
  (nello, sevens, plunge, splash) are bid when their options are on and they
  are made more often than anything else.
- **Trump**: the contract that makes the bid most often, then the most points.
- **Play**: every legal tile is scored on every deal — in ``marks``, whether the
  bid is still made (null-window searches), the bidders trying to make it and
  the opponents to set it, with the exact points as a tie-break; in
  ``points``, the exact points of the hand turned into the score it yields.

The budget (seconds per decision) sets the number of deals; the work per deal
is bounded, so a decision takes about the budget, and the same seed always
gives the same decision.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ludoteca.games.texas42.core import (
    A_CONTRACT,
    A_PASS,
    A_PLAY,
    ACTION_TEXT,
    BID,
    NORMAL,
    PLUNGE,
    SPLASH,
    State,
    bid_kind,
    bid_marks,
    bid_value,
)
from ludoteca.games.texas42.game import Texas42
from ludoteca.games.texas42.solver import can_reach, exact_value, position
from ludoteca.games.texas42.tables import CONTRACT_NAMES, NELLO, SEVENS
from ludoteca.tiles import tile_index

from .base import RankedMove, SearchBot, SeatHandle
from .texas42_greedy import hand_value

__all__ = ["ExpertTexas42"]

DEFAULT_BUDGET = 0.5
# rough cost in ms of scoring one move on one deal, by tricks left (threshold and exact searches)
PLAY_COST_MS = (0.0, 0.02, 0.03, 0.06, 0.15, 0.4, 1.2, 3.5)
MIN_PLAY_DEALS = 8
MAX_PLAY_DEALS = 400
BID_DEALS_PER_SECOND = 40
MAKE_MARGIN = 0.75  # share of deals a bid must be made in (perfect information flatters)
SURE_MARGIN = 0.9
TRUMPS = tuple(range(9))  # trump 0 .. 6, doubles, follow-me
KIND_NAMES = ("normal", "plunge", "splash")


_Plan = tuple[int, int]  # (bid kind: NORMAL, PLUNGE or SPLASH; contract)


@dataclass
class _Sim:
    """Bidding simulation results for one contract: the bidders' points per deal."""

    contract: int
    points: list[int]

    def make_rate(self, need: int) -> float:
        return sum(p >= need for p in self.points) / len(self.points)

    @property
    def mean(self) -> float:
        return sum(self.points) / len(self.points)


class ExpertTexas42(SearchBot):
    """Texas 42 by determinized exact search (see the module docstring)."""

    level = "expert"
    default_budget = DEFAULT_BUDGET
    min_budget = 0.02

    def __init__(self, *, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed=seed, budget=budget)
        self._sims: dict[tuple[Any, ...], dict[_Plan, _Sim]] = {}

    # ------------------------------------------------------------------ API

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        view = handle.view()
        legal = handle.legal_actions()
        rng = random.Random(self.rng.getrandbits(64))
        if view["phase"] == "bid":
            return self._rank_bids(handle, view, legal, rng)
        if view["phase"] == "trump":
            return self._rank_contracts(handle, legal, rng)
        return self._rank_plays(handle, view, legal, rng)

    # -------------------------------------------------------------- bidding

    def _simulate(
        self, handle: SeatHandle, view: dict[str, Any], rng: random.Random, plans: list[_Plan]
    ) -> dict[_Plan, _Sim]:
        """Points the bidding team takes under each plan (bid kind and contract), per deal."""
        key = (len(view["hands_played"]), len(view["bids"]), *view["hand"], *plans)
        cached = self._sims.get(key)
        if cached is not None:
            return cached
        deals = max(6, int(self.seconds * BID_DEALS_PER_SECOND * 4 / max(4, len(plans))))
        sims = {plan: _Sim(plan[1], []) for plan in plans}
        for _ in range(deals):
            sample = _sample(handle, rng)
            for plan in plans:
                state = _as_bidder(sample, handle.seat, plan)
                if state is None:
                    continue
                value = exact_value(position(state))
                if plan[1] == NELLO:
                    value = 42 if value == 0 else 0  # a made nello counts like a made mark
                sims[plan].points.append(value)
        result = {plan: sim for plan, sim in sims.items() if sim.points}
        self._sims = {key: result}
        return result

    def _plans(self, handle: SeatHandle, view: dict[str, Any], legal: list[int]) -> list[_Plan]:
        """Bid kinds and contracts worth simulating for this hand."""
        hand = [tile_index(t) for t in view["hand"]]
        ranked = sorted(range(8), key=lambda c: -hand_value(hand, c))
        trumps = ranked[:3]
        if 8 not in trumps:
            trumps.append(8)  # follow-me
        plans: list[_Plan] = [(NORMAL, t) for t in trumps]
        opts = handle.options
        if any(bid_value(a) >= 42 for a in legal if a != A_PASS):
            if opts.get("nello"):
                plans.append((NORMAL, NELLO))
            if opts.get("sevens"):
                plans.append((NORMAL, SEVENS))
        for kind in (PLUNGE, SPLASH):
            if any(a != A_PASS and bid_kind(a) == kind for a in legal):
                plans.extend((kind, t) for t in trumps[:2])
        return plans

    def _rank_bids(
        self, handle: SeatHandle, view: dict[str, Any], legal: list[int], rng: random.Random
    ) -> list[RankedMove]:
        sims = self._simulate(handle, view, rng, self._plans(handle, view, legal))
        scoring = handle.options["scoring"]
        rates: dict[int, float] = {}
        ranked: list[RankedMove] = []
        for action in legal:
            if action == A_PASS:
                continue
            need = bid_value(action)
            marks = bid_marks(need)
            kind = bid_kind(action)
            fits = [p for p in sims if p[0] == kind and _contract_fits(p[1], need)]
            if not fits:
                continue
            best = max(fits, key=lambda p: (sims[p].make_rate(need), sims[p].mean))
            sim = sims[best]
            rate = rates[action] = sim.make_rate(need)
            if scoring == "points":
                value = rate * sim.mean - (1 - rate) * (need + 42 - sim.mean)
            else:
                value = (2 * rate - 1) * marks
            contract = CONTRACT_NAMES[best[1]]
            ranked.append(
                RankedMove(
                    ACTION_TEXT[action],
                    value,
                    f"made in {rate:.0%} of {len(sim.points)} deals with {contract} "
                    f"(average {sim.mean:.1f} points)",
                    code="bid_make_rate",
                    params={
                        "rate": rate,
                        "deals": len(sim.points),
                        "contract": contract,
                        "mean": round(sim.mean, 1),
                    },
                )
            )
        partner_high = view["bidder"] == (handle.seat + 2) % 4
        choice = _pick_bid(rates, legal, partner_high, scoring)
        out = []
        if A_PASS in legal:
            out.append(RankedMove("pass", 0.0, "passing risks nothing", code="pass_risks_nothing"))
        out.extend(ranked)
        out.sort(key=lambda r: (r.move != ACTION_TEXT[choice], -r.value))
        return out

    # -------------------------------------------------------------- contract

    def _rank_contracts(
        self, handle: SeatHandle, legal: list[int], rng: random.Random
    ) -> list[RankedMove]:
        # Every legal contract is simulated on the same deals, so that hints and the
        # analysis judge every choice; the work is shared out within the budget.
        deals = max(6, int(self.seconds * BID_DEALS_PER_SECOND * 5 / max(5, len(legal))))
        results: dict[int, list[tuple[bool, int]]] = {a: [] for a in legal}
        for _ in range(deals):
            sample = _sample(handle, rng)
            need = min(sample.high, 42)
            for action in legal:
                child = sample.clone()
                child.apply(action)
                value = exact_value(position(child))
                if action - A_CONTRACT == NELLO:
                    results[action].append((value == 0, 42 if value == 0 else 0))
                else:
                    results[action].append((value >= need, value))
        ranked = []
        for action, rows in results.items():
            if not rows:
                continue
            rate = sum(made for made, _ in rows) / len(rows)
            mean = sum(p for _, p in rows) / len(rows)
            ranked.append(
                RankedMove(
                    ACTION_TEXT[action],
                    rate + mean / 1000,
                    f"makes the bid in {rate:.0%} of {len(rows)} deals (average {mean:.1f} points)",
                    code="contract_make_rate",
                    params={"rate": rate, "deals": len(rows), "mean": round(mean, 1)},
                )
            )
        ranked.sort(key=lambda r: -r.value)
        return ranked

    # ------------------------------------------------------------------ play

    def _rank_plays(
        self, handle: SeatHandle, view: dict[str, Any], legal: list[int], rng: random.Random
    ) -> list[RankedMove]:
        mine = handle.seat % 2
        bidding = view["bidder"] % 2 == mine
        nello = view["contract"] == CONTRACT_NAMES[NELLO]
        scoring = handle.options["scoring"]
        tricks_left = 7 - len(view["tricks"])
        hands_before = len(view["hands_played"])
        cost = PLAY_COST_MS[tricks_left] * len(legal)
        deals = min(MAX_PLAY_DEALS, max(MIN_PLAY_DEALS, int(self.seconds * 1000 / cost)))
        exact_every = 1 if scoring == "points" or tricks_left <= 5 else 3
        made = dict.fromkeys(legal, 0)
        points = dict.fromkeys(legal, 0.0)
        utility = dict.fromkeys(legal, 0.0)
        exact_n = 0
        need = 0
        for i in range(deals):
            sample = _sample(handle, rng)
            need = min(sample.high, 42)
            exact = i % exact_every == 0
            exact_n += exact
            for action in legal:
                child = sample.clone()
                child.play(action - A_PLAY)
                ok, pts = _outcome(child, hands_before, exact=exact)
                made[action] += ok
                if pts is not None:
                    points[action] += pts
                    utility[action] += _hand_score(ok, pts, need, bidding)
        ranked = []
        goal = "made" if bidding else "set"
        for action in legal:
            rate = made[action] / deals
            own_rate = rate if bidding else 1 - rate
            mean = points[action] / exact_n
            own_points = mean if bidding else 42 - mean
            if scoring == "points":
                value = utility[action] / exact_n
                reason = (
                    f"{value:+.1f} points this hand on average over {deals} deals "
                    f"(bid {goal} in {own_rate:.0%})"
                )
                code = "play_points"
                params = {"points": round(value, 1), "deals": deals, "goal": goal, "rate": own_rate}
            else:
                value = own_rate + own_points / 1000
                what = "nello" if nello else "bid"
                reason = (
                    f"the {what} is {goal} in {own_rate:.0%} of {deals} deals "
                    f"(our side {own_points:.1f} points on average)"
                )
                code = "play_make_rate"
                params = {
                    "rate": own_rate,
                    "deals": deals,
                    "goal": goal,
                    "nello": nello,
                    "points": round(own_points, 1),
                }
            ranked.append(RankedMove(ACTION_TEXT[action], value, reason, code=code, params=params))
        ranked.sort(key=lambda r: (-r.value, r.move))
        return ranked


# ---------------------------------------------------------------- helpers


def _sample(handle: SeatHandle, rng: random.Random) -> State:
    """A determinization of the seat's game, as the core state."""
    sample = handle.sample(rng)
    assert isinstance(sample, Texas42)
    return sample.core


def _contract_fits(contract: int, need: int) -> bool:
    """Nello and sevens need a bid of a mark or more."""
    return need >= 42 or contract not in (NELLO, SEVENS)


def _pick_bid(rates: dict[int, float], legal: list[int], partner_high: bool, scoring: str) -> int:
    """The bid to make: the cheapest legal bid, when it is made in a safe share of deals.

    Every point bid is worth one mark, so bidding higher than needed only adds
    risk; a mark bid (or a special contract) is made only when no point bid is
    safe and it is.
    """
    if not rates:
        return A_PASS if A_PASS in legal else legal[0]
    if A_PASS not in legal:  # the forced dealer bids the safest
        return max(rates, key=lambda a: (rates[a], -bid_value(a)))
    plain = [a for a in rates if bid_kind(a) == NORMAL]
    cheapest = min(plain, key=bid_value) if plain else None
    if partner_high:
        # take over from the partner only for a sure thing
        if cheapest is not None and rates[cheapest] >= SURE_MARGIN:
            return cheapest
        return A_PASS
    if cheapest is not None and rates[cheapest] >= MAKE_MARGIN:
        return cheapest
    if scoring == "marks":
        others = [a for a in rates if a != cheapest and rates[a] >= SURE_MARGIN]
        if others:
            return min(others, key=bid_value)
    return A_PASS


def _as_bidder(sample: State, seat: int, plan: _Plan) -> State | None:
    """The sample with ``seat`` winning the bidding under ``plan`` and its contract declared."""
    kind, contract = plan
    state = sample.clone()
    bids = [a for a in state.legal() if a != A_PASS and bid_kind(a) == kind]
    if contract in (NELLO, SEVENS):
        bids = [a for a in bids if bid_value(a) >= 42]
    if not bids:
        return None
    state.apply(min(bids, key=bid_value))
    while state.phase == BID and A_PASS in state.legal() and state.turn != seat:
        state.apply(A_PASS)
    if A_CONTRACT + contract not in state.legal():
        return None
    state.apply(A_CONTRACT + contract)
    return state


def _outcome(child: State, hands_before: int, *, exact: bool) -> tuple[bool, int | None]:
    """Whether the bid is made with best play from here, and (if ``exact``) the
    bidders' final points."""
    if len(child.hand_log) > hands_before:  # the move ended the hand
        last = child.hand_log[hands_before]
        return last.made, last.points[last.bidder % 2]
    pos = position(child)
    if exact:
        value = exact_value(pos)
        if pos.contract == NELLO:
            return value == 0, 42 if value == 0 else 0
        return value >= min(pos.high, 42), value
    return can_reach(pos, 0 if pos.contract == NELLO else min(pos.high, 42)), None


def _hand_score(made: bool, bidder_points: int, need: int, bidding: bool) -> float:
    """Points this hand is worth to one side, minus what it gives the other (points scoring)."""
    opp = 42 - bidder_points
    diff = bidder_points - opp if made else -(opp + need)
    return diff if bidding else -diff
