"""Five-Up ``expert`` level: determinized search to the end of the hand.

Every decision is taken over *determinizations*: complete deals (the other
hands and the order of the stock) drawn uniformly among those consistent with
what the seat has seen (``handle.sample``, which uses every inference: a player
who drew or passed held nothing that fitted). On each one, every distinct
legal play is made and the hand is carried on to its end:

- while the stock may be drawn from, by a play-out policy for every player
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

from ludoteca.game import Game
from ludoteca.games.fiveup.game import FiveUp
from ludoteca.games.fiveup.solver import (
    OPENING,
    PLAIN,
    SPINNER,
    Move,
    Position,
    SearchLimit,
    edge_value,
    move_of,
    searcher,
)
from ludoteca.games.fiveup.tables import IS_DOUBLE, NUMBER_MASK, PIPS
from ludoteca.tiles import ALL_TILES

from .base import Bot, RankedMove, SeatHandle
from .fiveup_common import OUTER, HandKnowledge

__all__ = ["ExpertFiveUp", "HandState", "policy_value"]

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


class HandState:
    """One determinized hand in small ints and masks, for play-outs."""

    __slots__ = (
        "dist",
        "ends",
        "exact",
        "hands",
        "passes",
        "plain",
        "players",
        "reserve",
        "room",
        "root",
        "side_of",
        "spos",
        "stock",
        "turn",
        "weight",
    )

    def __init__(self, game: FiveUp, root_side: int) -> None:
        self.players = game.n
        self.side_of = game.side_of
        self.hands = list(game.hands)
        self.stock = game.stock
        self.spos = game.stock_pos
        self.reserve = game.reserve
        plain = [0] * 7
        room = [0] * 7
        for v in range(7):
            m = game.tbn[v]
            while m:
                low = m & -m
                x = low.bit_length() - 1
                m ^= low
                if IS_DOUBLE[x]:
                    sides = game.sides_free[x]
                    room[v] = sides + 2 if sides else game.tips_free[x]
                else:
                    plain[v] += 1
        self.plain = plain
        self.room = room
        self.ends = game.ends
        self.turn = game.turn
        self.passes = game.passes
        target = game.target
        self.dist = [target - s for s in game.scores]
        self.exact = bool(game.options["exact_61"])
        self.root = root_side
        sides = len(game.scores)
        self.weight = [sides - 1 if s == root_side else -1 for s in range(sides)]

    def copy(self) -> HandState:
        new = HandState.__new__(HandState)
        new.players = self.players
        new.side_of = self.side_of
        new.hands = list(self.hands)
        new.stock = self.stock
        new.spos = self.spos
        new.reserve = self.reserve
        new.plain = list(self.plain)
        new.room = list(self.room)
        new.ends = self.ends
        new.turn = self.turn
        new.passes = self.passes
        new.dist = list(self.dist)
        new.exact = self.exact
        new.root = self.root
        new.weight = self.weight
        return new

    # ---------------------------------------------------------------- rules

    def plays(self, seat: int) -> list[tuple[int, int, int, int]]:
        """``(tile, number, kind, ends after)`` of every play of ``seat``."""
        hand = self.hands[seat]
        plain, room, ends = self.plain, self.room, self.ends
        out = []
        for v in range(7):
            if not (plain[v] or room[v]):
                continue
            m = hand & NUMBER_MASK[v]
            while m:
                low = m & -m
                t = low.bit_length() - 1
                m ^= low
                o = OUTER[t][v]
                if plain[v]:
                    out.append((t, v, PLAIN, ends + v if o == v else ends + o - v))
                if room[v]:
                    out.append((t, v, SPINNER, ends + o - (2 * v if room[v] == 3 else 0)))
        return out

    def lay(self, t: int, v: int, kind: int, e: int) -> None:
        """Put the play on the layout (the hand is not changed)."""
        if kind == OPENING:
            tile = ALL_TILES[t]
            if tile.is_double:
                self.room[tile.high] = 4
            else:
                self.plain[tile.high] += 1
                self.plain[tile.low] += 1
            self.ends = e
            return
        if kind == PLAIN:
            self.plain[v] -= 1
        else:
            self.room[v] -= 1
        if IS_DOUBLE[t]:
            self.room[v] = 3
        else:
            self.plain[OUTER[t][v]] += 1
        self.ends = e

    def unlay(self, t: int, v: int, kind: int, e: int) -> None:
        """Take back :meth:`lay` (``e``: the ends before)."""
        self.ends = e
        if kind == OPENING:
            tile = ALL_TILES[t]
            self.room[tile.high] = self.plain[tile.high] = self.plain[tile.low] = 0
            return
        if IS_DOUBLE[t]:
            self.room[v] = 0
        else:
            self.plain[OUTER[t][v]] -= 1
        if kind == PLAIN:
            self.plain[v] += 1
        else:
            self.room[v] += 1

    def score(self, side: int, points: int) -> tuple[int, bool]:
        """``side`` scores ``points``: (value for the root side, target reached)."""
        d = self.dist[side]
        if self.exact and points > d:
            return 0, False
        if points >= d:
            won = WIN_POINTS if side == self.root else -WIN_POINTS
            return won + self.weight[side] * points, True
        self.dist[side] = d - points
        return self.weight[side] * points, False

    def opponents_pips(self, side: int) -> int:
        total = 0
        for s in range(self.players):
            if self.side_of[s] != side:
                h = self.hands[s]
                while h:
                    low = h & -h
                    total += PIPS[low.bit_length() - 1]
                    h ^= low
        return total

    def play(self, t: int, v: int, kind: int, e: int) -> tuple[int, bool]:
        """The mover plays: (value of its scores for the root side, hand over)."""
        seat = self.turn
        self.hands[seat] ^= 1 << t
        self.lay(t, v, kind, e)
        self.passes = 0
        side = self.side_of[seat]
        value = 0
        if e and not e % 5:
            value, won = self.score(side, e // 5)
            if won:
                return value, True
        if not self.hands[seat]:
            bonus = (self.opponents_pips(side) + 2) // 5
            if bonus:
                gained, _ = self.score(side, bonus)
                value += gained
            return value, True
        self.turn = seat + 1 if seat + 1 < self.players else 0
        return value, False

    def blocked_value(self) -> int:
        per = [0] * len(self.dist)
        for s in range(self.players):
            h = self.hands[s]
            while h:
                low = h & -h
                per[self.side_of[s]] += PIPS[low.bit_length() - 1]
                h ^= low
        low_pips = min(per)
        if per.count(low_pips) != 1:
            return 0
        bonus = (sum(per) - low_pips + 2) // 5
        if not bonus:
            return 0
        value, _ = self.score(per.index(low_pips), bonus)
        return value

    # -------------------------------------------------------------- play-out

    def play_out(self) -> int:
        """Play the hand to its end by :func:`policy_value`: the value for the root side."""
        total = 0
        n = self.players
        stock = self.stock
        while True:
            seat = self.turn
            moves = self.plays(seat)
            if not moves:
                if len(stock) - self.spos > self.reserve:
                    self.hands[seat] |= 1 << stock[self.spos]
                    self.spos += 1
                    continue
                self.passes += 1
                if self.passes == n:
                    return total + self.blocked_value()
                self.turn = seat + 1 if seat + 1 < n else 0
                continue
            if len(moves) > 1:
                best = moves[0]
                best_value = policy_value(self, seat, best)
                for m in moves[1:]:
                    pv = policy_value(self, seat, m)
                    if pv > best_value:
                        best, best_value = m, pv
            else:
                best = moves[0]
            value, over = self.play(*best)
            total += value
            if over:
                return total


def policy_value(state: HandState, seat: int, move: tuple[int, int, int, int]) -> float:
    """The play-out policy's estimate of a play (every hand known)."""
    t, v, kind, e = move
    now = e // 5 if e and not e % 5 else 0
    value = float(now)
    hand = state.hands[seat]
    if hand == 1 << t:
        value += OUT_BONUS + (state.opponents_pips(state.side_of[seat]) + 2) // 5
        return value
    nxt = seat + 1 if seat + 1 < state.players else 0
    before = state.ends
    state.lay(t, v, kind, e)
    reply = 0
    other = state.hands[nxt]
    plain, room = state.plain, state.room
    for w in range(7):
        if not (plain[w] or room[w]):
            continue
        m = other & NUMBER_MASK[w]
        while m:
            low = m & -m
            x = low.bit_length() - 1
            m ^= low
            o = OUTER[x][w]
            if plain[w]:
                e2 = e + w if o == w else e + o - w
                if e2 and not e2 % 5 and e2 // 5 > reply:
                    reply = e2 // 5
            if room[w]:
                e2 = e + o - (2 * w if room[w] == 3 else 0)
                if e2 and not e2 % 5 and e2 // 5 > reply:
                    reply = e2 // 5
    state.unlay(t, v, kind, before)
    return value - REPLY_WEIGHT * reply + PIPS_WEIGHT * PIPS[t]


class ExpertFiveUp(Bot):
    """Five-Up by determinized play-outs and, once the stock is closed, exact search."""

    level = "expert"

    @property
    def _seconds(self) -> float:
        return DEFAULT_BUDGET if self.budget is None else max(0.01, self.budget)

    def choose(self, handle: SeatHandle) -> str:
        actions = handle.legal_actions()
        if len(actions) == 1:
            return handle.action_to_move(actions[0])
        distinct = {move_of(a) for a in actions}
        if len(distinct) == 1:
            return handle.action_to_move(actions[0])
        return self.rank(handle)[0].move

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        """Every legal move with its estimated points margin for the rest of the hand."""
        actions = handle.legal_actions()
        if move_of(actions[0])[0] < 0:  # draw or pass: the only move
            return [RankedMove(handle.action_to_move(actions[0]), 0.0, "the only move")]
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
        for i, a in enumerate(actions):
            value = by_move[move_of(a)]
            if exact and solved == deals:
                how = f"solved exactly on {deals} deals"
            elif solved:
                how = f"{solved} of {deals} deals solved exactly, the others played out"
            else:
                how = f"played out on {deals} deals"
            reason = f"margin {value:+.2f} for the rest of the hand ({how})"
            ranked.append((value, i, RankedMove(handle.action_to_move(a), round(value, 3), reason)))
        ranked.sort(key=lambda r: (-r[0], r[1]))
        return [r for _, _, r in ranked]

    def _deals(self, k: HandKnowledge, n_moves: int, exact: bool) -> int:
        """How many determinizations the budget pays for (a fixed cost model)."""
        tiles = sum(k.hand_sizes) + k.stock_drawable
        per_move = SOLVE_MS_PER_TILE if exact else PLAYOUT_MS_PER_TILE
        per = DEAL_MS + per_move * tiles * n_moves
        deals = int(self._seconds * 1000 / per)
        return max(MIN_DEALS, min(MAX_DEALS, deals))


def _play_out_all(world: Game, moves: list[Move], root: int) -> list[float]:
    assert isinstance(world, FiveUp)
    base = HandState(world, root)
    out = []
    for t, v, kind in moves:
        state = base.copy()
        e = _ends_after(state, t, v, kind)
        value, over = state.play(t, v, kind, e)
        if not over:
            value += state.play_out()
        out.append(float(value))
    return out


def _ends_after(state: HandState, t: int, v: int, kind: int) -> int:
    o = OUTER[t][v]
    if kind == PLAIN:
        return state.ends + v if o == v else state.ends + o - v
    if kind == SPINNER:
        return state.ends + o - (2 * v if state.room[v] == 3 else 0)
    return PIPS[t]


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
