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

from ludoteca.game import Game
from ludoteca.games.texas42.solver import Position, exact_objective, solve
from ludoteca.tiles import tile_index

from .base import Bot, RankedMove, SeatHandle
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
TRUMPS = [f"trump {c}" for c in range(7)] + ["trump doubles", "trump follow-me"]


_Plan = tuple[str, str]  # (bid kind: normal, plunge or splash; contract)


@dataclass
class _Sim:
    """Bidding simulation results for one contract: the bidders' points per deal."""

    contract: str
    points: list[int]

    def make_rate(self, need: int) -> float:
        return sum(p >= need for p in self.points) / len(self.points)

    @property
    def mean(self) -> float:
        return sum(self.points) / len(self.points)


class ExpertTexas42(Bot):
    """Texas 42 by determinized exact search (see the module docstring)."""

    level = "expert"

    def __init__(self, *, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed=seed, budget=budget)
        self._sims: dict[tuple[Any, ...], dict[_Plan, _Sim]] = {}

    @property
    def _seconds(self) -> float:
        return DEFAULT_BUDGET if self.budget is None else max(0.02, self.budget)

    # ------------------------------------------------------------------ API

    def choose(self, handle: SeatHandle) -> str:
        legal = handle.legal_moves()
        if len(legal) == 1:
            return legal[0]
        return self.rank(handle)[0].move

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        view = handle.view()
        legal = handle.legal_moves()
        rng = random.Random(self.rng.getrandbits(64))
        if view["phase"] == "bid":
            return self._rank_bids(handle, view, legal, rng)
        if view["phase"] == "trump":
            return self._rank_contracts(handle, view, legal, rng)
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
        deals = max(6, int(self._seconds * BID_DEALS_PER_SECOND * 4 / max(4, len(plans))))
        sims = {plan: _Sim(plan[1], []) for plan in plans}
        for _ in range(deals):
            sample = handle.sample(rng)
            for plan in plans:
                position = _as_bidder(sample, handle.seat, plan)
                if position is None:
                    continue
                value = _exact_value(position)
                if plan[1] == "nello":
                    value = 42 if value == 0 else 0  # a made nello counts like a made mark
                sims[plan].points.append(value)
        result = {plan: sim for plan, sim in sims.items() if sim.points}
        self._sims = {key: result}
        return result

    def _plans(self, handle: SeatHandle, view: dict[str, Any], legal: list[str]) -> list[_Plan]:
        """Bid kinds and contracts worth simulating for this hand."""
        hand = [tile_index(t) for t in view["hand"]]
        ranked = sorted(range(8), key=lambda c: -hand_value(hand, c))
        trumps = [TRUMPS[c] for c in ranked[:3]]
        if "trump follow-me" not in trumps:
            trumps.append("trump follow-me")
        plans: list[_Plan] = [("normal", t) for t in trumps]
        opts = handle.options
        if any(_bid_need(m)[0] >= 42 for m in legal if m != "pass"):
            if opts.get("nello"):
                plans.append(("normal", "nello"))
            if opts.get("sevens"):
                plans.append(("normal", "sevens"))
        for kind in ("plunge", "splash"):
            if any(m.endswith(kind) for m in legal):
                plans.extend((kind, t) for t in trumps[:2])
        return plans

    def _rank_bids(
        self, handle: SeatHandle, view: dict[str, Any], legal: list[str], rng: random.Random
    ) -> list[RankedMove]:
        sims = self._simulate(handle, view, rng, self._plans(handle, view, legal))
        scoring = handle.options["scoring"]
        rates: dict[str, float] = {}
        ranked: list[RankedMove] = []
        for move in legal:
            if move == "pass":
                continue
            need, marks, _ = _bid_need(move)
            kind = move.split()[-1] if move.endswith(("plunge", "splash")) else "normal"
            fits = [p for p in sims if p[0] == kind and _contract_fits(p[1], need)]
            if not fits:
                continue
            best = max(fits, key=lambda p: (sims[p].make_rate(need), sims[p].mean))
            sim = sims[best]
            rate = rates[move] = sim.make_rate(need)
            if scoring == "points":
                value = rate * sim.mean - (1 - rate) * (need + 42 - sim.mean)
            else:
                value = (2 * rate - 1) * marks
            ranked.append(
                RankedMove(
                    move,
                    value,
                    f"made in {rate:.0%} of {len(sim.points)} deals with {best[1]} "
                    f"(average {sim.mean:.1f} points)",
                )
            )
        partner_high = view["bidder"] == (handle.seat + 2) % 4
        choice = _pick_bid(rates, legal, partner_high, scoring)
        out = [RankedMove("pass", 0.0, "passing risks nothing")] if "pass" in legal else []
        out.extend(ranked)
        out.sort(key=lambda r: (r.move != choice, -r.value))
        return out

    # -------------------------------------------------------------- contract

    def _rank_contracts(
        self, handle: SeatHandle, view: dict[str, Any], legal: list[str], rng: random.Random
    ) -> list[RankedMove]:
        # Every legal contract is simulated on the same deals, so that hints and the
        # analysis judge every choice; the work is shared out within the budget.
        contracts = legal
        need = min(_bid_need(view["high_bid"])[0], 42)
        deals = max(6, int(self._seconds * BID_DEALS_PER_SECOND * 5 / max(5, len(contracts))))
        results: dict[str, list[tuple[bool, int]]] = {c: [] for c in contracts}
        for _ in range(deals):
            sample = handle.sample(rng)
            for contract in contracts:
                child = sample.copy()
                child.play(contract)
                value = _exact_value(child)
                if contract == "nello":
                    results[contract].append((value == 0, 42 if value == 0 else 0))
                else:
                    results[contract].append((value >= need, value))
        ranked = []
        for contract, rows in results.items():
            if not rows:
                continue
            rate = sum(made for made, _ in rows) / len(rows)
            mean = sum(p for _, p in rows) / len(rows)
            ranked.append(
                RankedMove(
                    contract,
                    rate + mean / 1000,
                    f"makes the bid in {rate:.0%} of {len(rows)} deals (average {mean:.1f} points)",
                )
            )
        ranked.sort(key=lambda r: -r.value)
        return ranked

    # ------------------------------------------------------------------ play

    def _rank_plays(
        self, handle: SeatHandle, view: dict[str, Any], legal: list[str], rng: random.Random
    ) -> list[RankedMove]:
        mine = handle.seat % 2
        bidding = view["bidder"] % 2 == mine
        contract = view["contract"]
        need = min(_bid_need(view["high_bid"])[0], 42)
        scoring = handle.options["scoring"]
        tricks_left = 7 - len(view["tricks"])
        hands_before = len(view["hands_played"])
        cost = PLAY_COST_MS[tricks_left] * len(legal)
        deals = min(MAX_PLAY_DEALS, max(MIN_PLAY_DEALS, int(self._seconds * 1000 / cost)))
        exact_every = 1 if scoring == "points" or tricks_left <= 5 else 3
        made = dict.fromkeys(legal, 0)
        points = dict.fromkeys(legal, 0.0)
        utility = dict.fromkeys(legal, 0.0)
        exact_n = 0
        for i in range(deals):
            sample = handle.sample(rng)
            exact = i % exact_every == 0
            exact_n += exact
            for move in legal:
                child = sample.copy()
                child.play(move)
                ok, pts = _outcome(child, hands_before, need, contract, exact=exact)
                made[move] += ok
                if pts is not None:
                    points[move] += pts
                    utility[move] += _hand_score(ok, pts, need, bidding)
        ranked = []
        for move in legal:
            rate = made[move] / deals
            own_rate = rate if bidding else 1 - rate
            mean = points[move] / exact_n
            own_points = mean if bidding else 42 - mean
            goal = "made" if bidding else "set"
            if scoring == "points":
                value = utility[move] / exact_n
                reason = (
                    f"{value:+.1f} points this hand on average over {deals} deals "
                    f"(bid {goal} in {own_rate:.0%})"
                )
            else:
                value = own_rate + own_points / 1000
                what = "nello" if contract == "nello" else "bid"
                reason = (
                    f"the {what} is {goal} in {own_rate:.0%} of {deals} deals "
                    f"(our side {own_points:.1f} points on average)"
                )
            ranked.append(RankedMove(move, value, reason))
        ranked.sort(key=lambda r: (-r.value, r.move))
        return ranked


# ---------------------------------------------------------------- helpers


def _bid_need(move: str) -> tuple[int, int, bool]:
    """(points needed, marks at stake, special) of a bid written in notation."""
    words = move.split()
    special = words[-1] in ("plunge", "splash")
    if "mark" in move or "marks" in move:
        marks = int(words[1])
        return 42 * marks, marks, special
    value = int(words[1])
    if value >= 42:
        return value, value // 42, special
    return value, 1, special


def _contract_fits(contract: str, need: int) -> bool:
    """Nello and sevens need a bid of a mark or more."""
    return need >= 42 or contract not in ("nello", "sevens")


def _pick_bid(rates: dict[str, float], legal: list[str], partner_high: bool, scoring: str) -> str:
    """The bid to make: the cheapest legal bid, when it is made in a safe share of deals.

    Every point bid is worth one mark, so bidding higher than needed only adds
    risk; a mark bid (or a special contract) is made only when no point bid is
    safe and it is.
    """
    if not rates:
        return "pass" if "pass" in legal else legal[0]
    if "pass" not in legal:  # the forced dealer bids the safest
        return max(rates, key=lambda m: (rates[m], -_bid_need(m)[0]))
    plain = [m for m in rates if not _bid_need(m)[2]]
    cheapest = min(plain, key=lambda m: _bid_need(m)[0]) if plain else None
    if partner_high:
        # take over from the partner only for a sure thing
        if cheapest is not None and rates[cheapest] >= SURE_MARGIN:
            return cheapest
        return "pass"
    if cheapest is not None and rates[cheapest] >= MAKE_MARGIN:
        return cheapest
    if scoring == "marks":
        others = [m for m in rates if m != cheapest and rates[m] >= SURE_MARGIN]
        if others:
            return min(others, key=lambda m: _bid_need(m)[0])
    return "pass"


def _as_bidder(sample: Game, seat: int, plan: _Plan) -> Game | None:
    """The sample with ``seat`` winning the bidding under ``plan`` and its contract declared."""
    kind, contract = plan
    game = sample.copy()
    bids = [m for m in game.legal_moves() if m != "pass"]
    if kind == "normal":
        bids = [m for m in bids if not m.endswith(("plunge", "splash"))]
    else:
        bids = [m for m in bids if m.endswith(kind)]
    if contract in ("nello", "sevens"):
        bids = [m for m in bids if _bid_need(m)[0] >= 42]
    if not bids:
        return None
    game.play(min(bids, key=lambda m: _bid_need(m)[0]))
    while "pass" in game.legal_moves() and game.to_move != seat:
        game.play("pass")
    if contract not in game.legal_moves():
        return None
    game.play(contract)
    return game


def _exact_value(game: Game) -> int:
    """The bidding team's final points with best play (nello: the bidder's tricks)."""
    pos = Position.from_game(game)
    objective = exact_objective(pos)
    if pos.nello or pos.bidders == 0:
        return objective
    return pos.points[0] + pos.points[1] + pos.points_out() - objective


def _outcome(
    child: Game, hands_before: int, need: int, contract: str, *, exact: bool
) -> tuple[bool, int | None]:
    """Whether the bid is made with best play from here, and (if ``exact``) the
    bidders' final points."""
    hands = child.result()["hands"]
    if len(hands) > hands_before:  # the move ended the hand
        last = hands[hands_before]
        return bool(last["made"]), last["points"][last["bidder"] % 2]
    if exact:
        value = _exact_value(child)
        if contract == "nello":
            return value == 0, 42 if value == 0 else 0
        return value >= need, value
    return bool(solve(child, target=0 if contract == "nello" else need)), None


def _hand_score(made: bool, bidder_points: int, need: int, bidding: bool) -> float:
    """Points this hand is worth to one side, minus what it gives the other (points scoring)."""
    opp = 42 - bidder_points
    diff = bidder_points - opp if made else -(opp + need)
    return diff if bidding else -diff
