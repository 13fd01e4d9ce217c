"""Bingo ``expert`` level: determinized search on the exact solver, for the match.

Every decision is scored on *determinizations*: the opponent's hand and the
order of the hidden stock drawn uniformly among the deals consistent with what
the seat has seen (:class:`~ludoteca.bots.bingo_common.Determinizer`). On each
one, every legal move is played and the hand is carried on:

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
are that chance for the seat to move.

The budget (seconds per decision) sets the number of determinizations through
a fixed cost model (work units, not the clock), so the same seed always gives
the same decision.
"""

from __future__ import annotations

import random
from functools import cache

from ludoteca.games.bingo.solver import (
    SCALE,
    Position,
    Searcher,
    Utility,
    searcher,
    utility_table,
)
from ludoteca.games.bingo.tables import (
    BINGO,
    DOUBLE_OF,
    FOLLOW_STEPS,
    SHOW_POINTS,
    STRENGTH,
    TRUMP_DOUBLE,
    VALUE,
)
from ludoteca.tiles import DOUBLES_MASK, FULL_MASK

from .base import Bot, RankedMove, SeatHandle
from .bingo_common import (
    A_CLOSE,
    A_SHOW,
    A_TAKE_UP,
    Determinizer,
    SeatKnowledge,
    action_of,
    heuristic_lead,
    heuristic_reply,
    heuristic_take,
)

__all__ = ["HAND_RESULTS", "ExpertBingo", "match_equity", "match_utility"]

DEFAULT_BUDGET = 0.5
TARGET = 70
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


# ------------------------------------------------------------------ playouts


class _Hand:
    """One determinized hand, in small ints and masks, played by the greedy rules."""

    __slots__ = (
        "capture",
        "cfg",
        "closed_by",
        "hands",
        "led",
        "phase",
        "played",
        "points",
        "show",
        "shown",
        "stock",
        "turn",
        "up",
        "up_lying",
        "winner",
        "won",
    )

    LEAD, REPLY, TAKE, OVER = range(4)

    def __init__(self, k: SeatKnowledge, opp_hand: int, stock: list[int]) -> None:
        self.cfg = k.cfg
        hands = [0, 0]
        hands[k.seat] = k.hand
        hands[k.opp] = opp_hand
        self.hands = hands
        self.stock = stock
        self.up = k.up
        self.up_lying = k.up_lying
        self.closed_by = k.closed_by
        self.points = [k.points[0], k.points[1]]
        self.won = k.won
        self.shown = [k.shown[0], k.shown[1]]
        self.capture = k.capture
        self.turn = k.seat
        self.led = k.led
        self.show = k.lead_show
        self.played = k.played
        self.phase = self.TAKE if k.phase == "take" else self.REPLY if k.led >= 0 else self.LEAD
        self.winner = -1

    def copy(self) -> _Hand:
        new = _Hand.__new__(_Hand)
        for name in _Hand.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = list(self.hands)
        new.points = list(self.points)
        new.shown = list(self.shown)
        return new

    @property
    def compulsory(self) -> bool:
        return self.closed_by >= 0 or not self.up_lying

    def apply(self, action: int) -> None:
        """Play the mover's ``action`` (legal)."""
        seat = self.turn
        if self.phase == self.TAKE:
            gets_up = seat if action == A_TAKE_UP else 1 - seat
            self.hands[gets_up] |= 1 << self.up
            self.hands[1 - gets_up] |= 1 << self.stock[0]
            self.stock = []
            self.up_lying = False
            self.phase = self.LEAD
            return
        if self.phase == self.LEAD:
            if action == A_CLOSE:
                self.closed_by = seat
                return
            show = 0
            if action >= A_SHOW:
                tile = DOUBLE_OF[action - A_SHOW]
                self.hands[seat] ^= 1 << tile
                show = self.hands[seat] & DOUBLES_MASK & ~self.shown[seat]
                self.shown[seat] |= show
            else:
                tile = action
                self.hands[seat] ^= 1 << tile
            self.led = tile
            self.show = show
            self.played |= 1 << tile
            self.turn = 1 - seat
            self.phase = self.REPLY
            return
        self._answer(action)

    def _answer(self, tile: int) -> None:
        seat = self.turn
        leader = 1 - seat
        led = self.led
        cfg = self.cfg
        hands = self.hands
        hands[seat] ^= 1 << tile
        self.played |= 1 << tile
        strength = STRENGTH[cfg]
        winner = seat if strength[tile] > strength[led] else leader
        value = VALUE[cfg]
        gain = value[led] + value[tile]
        show = self.show
        if show and winner == leader:
            gain += SHOW_POINTS[show.bit_count()] + (10 if led == BINGO or show & 1 else 0)
        self.points[winner] += gain
        self.won |= 1 << winner
        td = TRUMP_DOUBLE[cfg]
        if td != BINGO and (led == BINGO or tile == BINGO) and (led == td or tile == td):
            self.capture = winner
        self.led = -1
        self.show = 0
        self.turn = winner
        self.phase = self.LEAD
        points = self.points
        if points[winner] >= TARGET:
            self._end(winner)
        elif self.closed_by >= 0 or not self.up_lying:
            if not hands[0] and not hands[1]:
                if self.closed_by >= 0:
                    self._end(1 - self.closed_by)
                elif points[0] != points[1]:
                    self._end(0 if points[0] > points[1] else 1)
                else:
                    self._end(winner)
        elif len(self.stock) >= 2:
            stock = self.stock
            hands[winner] |= 1 << stock[0]
            hands[1 - winner] |= 1 << stock[1]
            self.stock = stock[2:]
        else:
            self.phase = self.TAKE

    def _end(self, winner: int) -> None:
        self.winner = winner
        self.phase = self.OVER

    def policy(self) -> int:
        """The greedy rules' decision for the player to move."""
        seat = self.turn
        cfg = self.cfg
        hand = self.hands[seat]
        possible = FULL_MASK & ~hand & ~self.played
        if self.up_lying:
            possible &= ~(1 << self.up)
        if self.phase == self.TAKE:
            unseen = possible & ~(self.shown[1 - seat] & self.hands[1 - seat])
            return heuristic_take(cfg, self.up, unseen)
        compulsory = self.compulsory
        if self.phase == self.REPLY:
            legal = hand
            if compulsory:
                m1, m2, m3 = FOLLOW_STEPS[cfg][self.led]
                legal = hand & m1 or hand & m2 or hand & m3 or hand
            return heuristic_reply(cfg, legal, self.led, self.show, self.points[seat])
        return heuristic_lead(
            cfg, hand, self.shown[seat], possible, self.points[seat], compulsory, not compulsory
        )

    def position(self) -> Position:
        """The solver's position (following compulsory)."""
        return Position(
            cfg=self.cfg,
            hands=(self.hands[0], self.hands[1]),
            to_move=self.turn,
            points=(self.points[0], self.points[1]),
            won=self.won,
            shown=(self.shown[0], self.shown[1]),
            closed_by=self.closed_by,
            capture=self.capture,
            led=self.led,
            show=self.show,
        )

    def final_value(self, utility: Utility) -> int:
        """Seat 0's objective once the hand is over (utility, then point difference)."""
        winner = self.winner
        loser = 1 - winner
        points = list(self.points)
        if self.closed_by == loser:
            points[winner] += max(TARGET - points[loser], 7)
        sets = 3 if not self.won >> loser & 1 else 2 if points[loser] < 30 else 1
        u = utility[winner][sets][self.capture + 1]
        return u * SCALE + points[0] - points[1]


# ------------------------------------------------------------------ the bot


class ExpertBingo(Bot):
    """Bingo by determinized search on the exact solver (see the module docstring)."""

    level = "expert"
    close_by_lead = True
    """Value a close by its best lead over all deals, not by each deal's best lead:
    the closer does not see the opponent's hand, so its lead cannot depend on the deal."""

    @property
    def _seconds(self) -> float:
        return DEFAULT_BUDGET if self.budget is None else max(0.01, self.budget)

    def choose(self, handle: SeatHandle) -> str:
        legal = handle.legal_moves()
        if len(legal) == 1:
            return legal[0]
        return self.rank(handle)[0].move

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        """Every legal move with the estimated chance of winning the match, best first."""
        legal = handle.legal_moves()
        rng = random.Random(self.rng.getrandbits(64))
        k = SeatKnowledge.from_view(handle.view())
        actions = [action_of(m) for m in legal]
        utility = match_utility(k.sets, k.target_sets)
        determinizer = Determinizer(k)
        exact = k.compulsory and determinizer.stock_size == 0 and k.phase != "take"
        deals = 1 if exact else self._deals(k, len(actions), A_CLOSE in actions)
        start = _Hand(k, 0, [])
        totals = [0.0] * len(actions)
        close_leads: dict[int, float] = {}
        searchers: dict[int, Searcher] = {}
        for _ in range(deals):
            opp_hand, stock = determinizer.sample(rng)
            base = start.copy()
            base.hands[k.opp] = opp_hand
            base.stock = stock
            for i, action in enumerate(actions):
                hand = base.copy()
                hand.apply(action)
                if action == A_CLOSE and self.close_by_lead:
                    _close_leads(hand, utility, searchers, close_leads)
                else:
                    totals[i] += _finish(hand, utility, searchers)
        sign = 1 if k.seat == 0 else -1
        if close_leads:
            # the lead after closing is chosen once for every deal (not per deal)
            best = max(sign * total for total in close_leads.values())
            totals[actions.index(A_CLOSE)] = sign * best
        ranked = []
        for move, total in zip(legal, totals, strict=True):
            score = sign * total / deals
            equity = _equity(score)
            margin = score - round(score / SCALE) * SCALE
            if exact:
                reason = f"exact: the match is won {equity:.0%} (points {margin:+.0f} this hand)"
            else:
                how = "solved" if k.compulsory or k.phase == "take" else "played out and solved"
                reason = (
                    f"match won {equity:.0%} on average over {deals} deals, {how} "
                    f"(points {margin:+.1f} this hand)"
                )
            ranked.append((score, RankedMove(move, equity, reason)))
        ranked.sort(key=lambda pair: (-pair[0], pair[1].move))
        return [r for _, r in ranked]

    def _deals(self, k: SeatKnowledge, n_moves: int, can_close: bool = False) -> int:
        """How many determinizations the budget pays for (a fixed cost model)."""
        if k.compulsory or k.phase == "take":
            cost = SOLVE_MS[min(7, k.hand.bit_count())]
        else:
            cost = PLAYOUT_MS[min(7, len(k.tricks))]
        extra = CLOSE_MS if can_close and self.close_by_lead else 0.0
        deals = int(self._seconds * 1000 / (DEAL_MS + extra + cost * n_moves))
        return max(MIN_DEALS, min(MAX_DEALS, deals))


def _equity(score: float) -> float:
    """Chance of winning the match from a combined score (utility then points)."""
    return max(0.0, min(1.0, (score + SCALE / 2) // SCALE / EQUITY_UNITS))


def _close_leads(
    hand: _Hand, utility: Utility, searchers: dict[int, Searcher], sums: dict[int, float]
) -> None:
    """Add each lead's exact value after the close (seat 0's view) to ``sums``."""
    pos = hand.position()
    search = searchers.get(hand.closed_by)
    if search is None:
        search = searchers[hand.closed_by] = searcher(hand.cfg, hand.closed_by, utility, True)
    for action in pos.legal_actions():
        sums[action] = sums.get(action, 0.0) + search.value(pos.play(action))


def _finish(hand: _Hand, utility: Utility, searchers: dict[int, Searcher]) -> int:
    """Play the hand on (greedy rules while the stock lasts, then exactly): seat 0's value."""
    while hand.phase != _Hand.OVER and not hand.compulsory:
        hand.apply(hand.policy())
    if hand.phase == _Hand.OVER:
        return hand.final_value(utility)
    search = searchers.get(hand.closed_by)
    if search is None:
        search = searchers[hand.closed_by] = searcher(hand.cfg, hand.closed_by, utility, True)
    return search.value(hand.position())
