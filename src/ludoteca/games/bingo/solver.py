"""Exact solver for Bingo hands once the stock is closed or exhausted.

From the moment the stock is closed, or exhausted (the last two taken), nobody
draws any more: the rest of the hand is played with the tiles in the two hands,
following compulsory. With both hands known (a real game, or a determinization
``game.sample_hidden(seat, rng)``) it is a two-player game of perfect
information of at most seven tricks, solved here exactly by alpha-beta search
with a transposition table. The last-two choice (``take up`` / ``take hidden``)
is solved too: each choice leads to such a position.

What is optimised
-----------------
A hand ends the moment a player reaches 70, or when the tiles run out. What
counts for the match is its outcome: who won it, how many sets (1, 2 or 3 by
the loser's points and tricks), and who took the extra set for capturing the
trump double with the bingo. Points beyond that do not carry over (the failed
close's extra points change no set). So the objective is lexicographic:

1. the hand's **utility**, by default the **set difference** seen from seat 0:
   the sets seat 0 wins in this hand minus the sets seat 1 wins (from -4 to 4).
   A caller (the expert bot) may pass another utility table, such as the
   chance of winning the match after the hand;
2. as a tie-break, the **point difference** at the end of the hand, seat 0's
   points minus seat 1's, the failed close's extra points included.

Seat 0 maximises, seat 1 minimises. Move values are given from the mover's
side (higher is better): :attr:`MoveValue.value` the utility (by default the
mover's sets minus the other's) and :attr:`MoveValue.margin` the final point
difference.

>>> from ludoteca import new_game
>>> g = new_game("bingo", chance="manual")
>>> g.play("draw 6-6 1-0")   # seat 0 leads
>>> g.play("deal 0-0 6-5 6-4 6-3 6-2 5-5 4-4 | 6-6 5-4 3-3 2-2 1-1 3-2 4-3 | up 6-1 | "
...        "stock 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-1 3-0 2-1 2-0 6-0 1-0")
>>> g.play("close")   # seat 1's only trump is 6-6: led the bingo, it must give it up
>>> s = solve(g)
>>> s.value, s.sets, s.points   # every trick (3 sets) and the extra set
(4, (4, 0), (111, 0))
>>> s.pv   # 5-5 shows 4-4 and 0-0 (50), 5-4 must follow (69); the bingo takes 6-6 (111)
('play 5-5 show', 'play 5-4', 'play 0-0', 'play 6-6')
>>> [(m.move, m.value) for m in s.moves][:5]
[('play 5-5 show', 4), ('play 5-5', 4), ('play 0-0', 4), ('play 0-0 show', 4), ('play 6-2', 1)]
>>> solve(g, target=4), solve(g, target=5)   # can the mover make a set difference of 4? 5?
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, overload

from ludoteca.tiles import DOUBLES_MASK, TILE_TEXT

from .tables import (
    BINGO,
    DOUBLE_OF,
    FOLLOW_STEPS,
    SHOW_POINTS,
    STRENGTH,
    TRUMP_DOUBLE,
    VALUE,
    tiles_in,
)

if TYPE_CHECKING:
    from ludoteca.game import Game

__all__ = [
    "SCALE",
    "MoveValue",
    "Position",
    "Searcher",
    "Solution",
    "Utility",
    "move_values",
    "reference_value",
    "set_difference",
    "solve",
    "solve_position",
    "utility_table",
]

TARGET = 70
A_SHOW = 28
A_TAKE_UP = 36
A_TAKE_HIDDEN = 37
SCALE = 1024
"""Weight of one unit of utility against one point of the tie-break (the point
difference never reaches half of it)."""
INF = 1 << 40

Utility = tuple[tuple[tuple[int, ...], ...], ...]
"""``table[winner][sets][capture + 1]``: the value for seat 0 of a hand won by
``winner`` (0 or 1) with ``sets`` (1, 2 or 3; index 0 unused) won by the hand's
result, the extra set having gone to ``capture`` (0, 1, or -1 for nobody)."""


def utility_table(value: Callable[[int, int, int], int]) -> Utility:
    """The utility table of ``value(winner, sets, capture)`` (seat 0's view)."""
    return tuple(tuple(tuple(value(w, k, c) for c in (-1, 0, 1)) for k in range(4)) for w in (0, 1))


def _set_difference(winner: int, sets: int, capture: int) -> int:
    diff = sets if winner == 0 else -sets
    return diff + (0 if capture < 0 else 1 if capture == 0 else -1)


set_difference: Utility = utility_table(_set_difference)
"""The default utility: seat 0's sets in the hand minus seat 1's."""


def _show_gain(led: int, shown: int) -> int:
    return SHOW_POINTS[shown.bit_count()] + (10 if led == BINGO or shown & 1 else 0)


def _action_text(action: int) -> str:
    if action < A_SHOW:
        return "play " + TILE_TEXT[action]
    if action < A_TAKE_UP:
        return "play " + TILE_TEXT[DOUBLE_OF[action - A_SHOW]] + " show"
    return "take up" if action == A_TAKE_UP else "take hidden"


# ------------------------------------------------------------------ positions


@dataclass(frozen=True, slots=True)
class Position:
    """A Bingo hand with following compulsory (stock closed or exhausted), both
    hands known.

    ``led`` is the tile on the table (-1 at a lead) and ``show`` the doubles
    shown with it; ``won`` has bit ``s`` set once seat ``s`` has taken a trick;
    ``shown`` the doubles each seat has shown this hand; ``capture`` who took
    the trump double with the bingo (-1: nobody yet); ``closed_by`` who closed
    the stock (-1: it ran out). Once the hand is over, ``winner`` is set and
    ``points`` include the failed close's extra points.
    """

    cfg: int
    hands: tuple[int, int]
    to_move: int
    points: tuple[int, int]
    won: int = 0
    shown: tuple[int, int] = (0, 0)
    closed_by: int = -1
    capture: int = -1
    led: int = -1
    show: int = 0
    winner: int = -1

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The position of a Bingo game whose following is compulsory (at a lead or an answer)."""
        from ludoteca.errors import NotSolvable

        from .game import LEAD, PHASE_NAMES, REPLY, TAKE, Bingo

        if not isinstance(game, Bingo):
            raise NotSolvable(f"the Bingo solver was given a {game.title} game")
        if game.phase not in (LEAD, REPLY):
            if game.phase == TAKE:
                raise NotSolvable("the last-two choice is solved by solve(game), not as a position")
            raise NotSolvable(
                "a Bingo hand can be solved while its tricks are played, not in the "
                f"{PHASE_NAMES[game.phase]} phase"
            )
        if not game.following_compulsory:
            left = game.view(None)["stock_count"]
            raise NotSolvable(
                f"the stock still holds {left} tiles and is not closed: draws to come make the "
                "hand a game of hidden information (it is solvable once the stock is closed or "
                "exhausted, or at the last-two choice)"
            )
        won = (1 if game.tricks_won[0] else 0) | (2 if game.tricks_won[1] else 0)
        reply = game.phase == REPLY
        return cls(
            cfg=game.cfg,
            hands=(game.hands[0], game.hands[1]),
            to_move=game.turn,
            points=(game.points[0], game.points[1]),
            won=won,
            shown=(game.shown[0], game.shown[1]),
            closed_by=game.closed_by,
            capture=game.bingo_capture,
            led=game.lead_tile if reply else -1,
            show=game.lead_show if reply else 0,
        )

    @property
    def over(self) -> bool:
        return self.winner >= 0

    @property
    def tricks_left(self) -> int:
        """Tricks not finished (the one on the table included)."""
        if self.over:
            return 0
        return max(self.hands[0].bit_count(), self.hands[1].bit_count())

    def legal_actions(self) -> list[int]:
        """Action numbers (the engine's) of the legal moves."""
        if self.over:
            return []
        hand = self.hands[self.to_move]
        if self.led >= 0:
            m1, m2, m3 = FOLLOW_STEPS[self.cfg][self.led]
            return tiles_in(hand & m1 or hand & m2 or hand & m3 or hand)
        acts = tiles_in(hand)
        doubles = hand & DOUBLES_MASK
        fresh = doubles & ~self.shown[self.to_move]
        for d in range(7):
            bit = 1 << DOUBLE_OF[d]
            if doubles & bit and fresh & ~bit:
                acts.append(A_SHOW + d)
        return acts

    def play(self, action: int) -> Position:
        """The position after the mover plays ``action`` (assumed legal)."""
        seat = self.to_move
        hands = [self.hands[0], self.hands[1]]
        if self.led < 0:
            show = 0
            shown = self.shown
            if action >= A_SHOW:
                tile = DOUBLE_OF[action - A_SHOW]
                hands[seat] ^= 1 << tile
                show = hands[seat] & DOUBLES_MASK & ~shown[seat]
                both = [shown[0], shown[1]]
                both[seat] |= show
                shown = (both[0], both[1])
            else:
                tile = action
                hands[seat] ^= 1 << tile
            return replace(
                self, hands=(hands[0], hands[1]), to_move=1 - seat, led=tile, show=show, shown=shown
            )
        leader, led, tile = 1 - seat, self.led, action
        hands[seat] ^= 1 << tile
        strength = STRENGTH[self.cfg]
        winner = seat if strength[tile] > strength[led] else leader
        value = VALUE[self.cfg]
        gain = value[led] + value[tile]
        if self.show and winner == leader:
            gain += _show_gain(led, self.show)
        points = [self.points[0], self.points[1]]
        points[winner] += gain
        capture = self.capture
        td = TRUMP_DOUBLE[self.cfg]
        if td != BINGO and {led, tile} == {BINGO, td}:
            capture = winner
        after = replace(
            self,
            hands=(hands[0], hands[1]),
            to_move=winner,
            points=(points[0], points[1]),
            won=self.won | 1 << winner,
            capture=capture,
            led=-1,
            show=0,
        )
        if points[winner] >= TARGET:
            return after._ended(winner)
        if not hands[0] and not hands[1]:
            if self.closed_by >= 0:
                return after._ended(1 - self.closed_by)
            if points[0] != points[1]:
                return after._ended(0 if points[0] > points[1] else 1)
            return after._ended(winner)
        return after

    def _ended(self, winner: int) -> Position:
        loser = 1 - winner
        points = [self.points[0], self.points[1]]
        if self.closed_by == loser:
            points[winner] += max(TARGET - points[loser], 7)
        return replace(self, points=(points[0], points[1]), winner=winner, to_move=-1)

    @property
    def sets(self) -> tuple[int, int]:
        """Sets each seat wins with this hand (once it is over)."""
        if not self.over:
            raise ValueError("the hand is not over")
        out = [0, 0]
        out[self.winner] = self.hand_sets()
        if self.capture >= 0:
            out[self.capture] += 1
        return out[0], out[1]

    def hand_sets(self) -> int:
        """The sets the hand's result gives its winner: 3, 2 or 1."""
        loser = 1 - self.winner
        if not self.won >> loser & 1:
            return 3
        return 2 if self.points[loser] < 30 else 1

    def outcome_value(self, utility: Utility = set_difference, points: bool = True) -> int:
        """The objective of a finished hand for seat 0 (utility, then point difference)."""
        u = utility[self.winner][self.hand_sets()][self.capture + 1]
        return u * SCALE + self.points[0] - self.points[1] if points else u


# ------------------------------------------------------------------ search

_BUILD_ERROR: str | None = None
try:
    from . import _solver as _c
except ImportError as error:  # pragma: no cover - only without a built extension
    _BUILD_ERROR = str(error)
else:
    _c.init(STRENGTH, VALUE, FOLLOW_STEPS, TRUMP_DOUBLE, SHOW_POINTS, DOUBLE_OF)


class _CSearch:
    """The same search in C (``_solver.c``), with its table kept between calls."""

    def __init__(self, cfg: int, closed_by: int, utility: Utility, points: bool) -> None:
        self.cfg = cfg
        self.closed_by = closed_by
        self.points = points
        scale = SCALE if points else 1
        self.flat = tuple(u * scale for table in utility for row in table for u in row)
        self.start = _c.nodes()

    @property
    def nodes(self) -> int:
        return _c.nodes() - self.start

    def value(self, pos: Position, alpha: int = -INF, beta: int = INF) -> int:
        """Seat 0's value of ``pos`` (exact inside the window, a bound outside)."""
        if pos.over:
            u = self.flat[pos.winner * 12 + pos.hand_sets() * 3 + pos.capture + 1]
            return u + pos.points[0] - pos.points[1] if self.points else u
        return int(
            _c.search(
                pos.hands[0],
                pos.hands[1],
                self.cfg,
                self.closed_by,
                1 if self.points else 0,
                self.flat,
                pos.to_move,
                pos.led,
                pos.show,
                pos.points[0],
                pos.points[1],
                pos.won,
                pos.shown[0],
                pos.shown[1],
                pos.capture,
                max(alpha, -C_INF),
                min(beta, C_INF),
            )
        )


C_INF = (1 << 30) - 1


class _Search:
    """Alpha-beta with a transposition table over trick boundaries.

    Values are the objective (utility, then point difference) seen from seat 0,
    negated for seat 1 (negamax); the table is kept between searches of the
    same hand, since every stored entry is a bound on a full position's value.
    """

    def __init__(self, cfg: int, closed_by: int, utility: Utility, points: bool) -> None:
        self.strength = STRENGTH[cfg]
        self.worth = VALUE[cfg]
        self.follow = FOLLOW_STEPS[cfg]
        td = TRUMP_DOUBLE[cfg]
        self.capture_pair = (1 << BINGO | 1 << td) if td != BINGO else -1
        self.closed_by = closed_by
        self.points = points
        scale = SCALE if points else 1
        self.utility = tuple(
            tuple(tuple(u * scale for u in row) for row in table) for table in utility
        )
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0

    def end(self, winner: int, p0: int, p1: int, won: int, cap: int) -> int:
        """Seat 0's value of a hand ended with these points, tricks and capture."""
        loser = 1 - winner
        lp = p1 if winner == 0 else p0
        if not won >> loser & 1:
            k = 3
        elif lp < 30:
            k = 2
        else:
            k = 1
        u = self.utility[winner][k][cap + 1]
        if not self.points:
            return u
        if self.closed_by == loser:
            pen = TARGET - lp if lp < TARGET - 7 else 7
            if winner == 0:
                p0 += pen
            else:
                p1 += pen
        return u + p0 - p1

    def lead(
        self,
        h0: int,
        h1: int,
        turn: int,
        p0: int,
        p1: int,
        won: int,
        s0: int,
        s1: int,
        cap: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Value for the leader ``turn`` of the position at a lead."""
        self.nodes += 1
        s0 &= h0
        s1 &= h1
        key = (h0, h1, turn, p0, p1, won, s0, s1, cap)
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        alpha0 = alpha
        hand = h0 if turn == 0 else h1
        shown = s0 if turn == 0 else s1
        strength = self.strength
        moves = sorted(tiles_in(hand), key=strength.__getitem__, reverse=True)
        doubles = hand & DOUBLES_MASK
        fresh = doubles & ~shown
        if doubles and fresh:
            for d in range(6, -1, -1):
                t = DOUBLE_OF[d]
                if doubles >> t & 1 and fresh & ~(1 << t):
                    moves.insert(moves.index(t), A_SHOW + d)
        if first >= 0 and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        best = -INF
        best_move = moves[0]
        answer = self.answer
        for m in moves:
            if m >= A_SHOW:
                t = DOUBLE_OF[m - A_SHOW]
                rest = hand ^ (1 << t)
                show = rest & DOUBLES_MASK & ~shown
            else:
                t = m
                rest = hand ^ (1 << t)
                show = 0
            a = alpha if alpha > best else best
            if turn == 0:
                ns0 = s0 | show
                v = answer(rest, h1, 0, t, show, p0, p1, won, ns0, s1, cap, a, beta)
            else:
                ns1 = s1 | show
                v = answer(h0, rest, 1, t, show, p0, p1, won, s0, ns1, cap, a, beta)
            if v > best:
                best = v
                best_move = m
                if best >= beta:
                    break
        lo, hi = -INF, INF
        if entry is not None:
            lo, hi = entry[0], entry[1]
        if best <= alpha0:
            hi = best
        elif best >= beta:
            lo = best
        else:
            lo = hi = best
        self.tt[key] = (lo, hi, best_move)
        return best

    def answer(
        self,
        h0: int,
        h1: int,
        leader: int,
        led: int,
        show: int,
        p0: int,
        p1: int,
        won: int,
        s0: int,
        s1: int,
        cap: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Value for ``leader`` once ``led`` is on the table: the follower's best answer."""
        strength = self.strength
        value = self.worth
        hand = h1 if leader == 0 else h0
        m1, m2, m3 = self.follow[led]
        legal = hand & m1 or hand & m2 or hand & m3 or hand
        led_strength = strength[led]
        led_value = value[led]
        tiles = tiles_in(legal)
        if len(tiles) > 1:
            # winning answers first, the cheapest first; then the cheapest losing ones
            tiles.sort(
                key=lambda t: (
                    (0, strength[t])
                    if strength[t] > led_strength
                    else (1, value[t] * 64 + strength[t])
                )
            )
        worst = INF
        follower = 1 - leader
        for t in tiles:
            winner = follower if strength[t] > led_strength else leader
            gain = led_value + value[t]
            if show and winner == leader:
                gain += _show_gain(led, show)
            n0, n1 = (h0, h1 ^ (1 << t)) if follower == 1 else (h0 ^ (1 << t), h1)
            q0, q1 = (p0 + gain, p1) if winner == 0 else (p0, p1 + gain)
            ncap = cap
            if (1 << led | 1 << t) == self.capture_pair:
                ncap = winner
            nwon = won | 1 << winner
            a = alpha
            b = beta if beta < worst else worst
            if (q0 if winner == 0 else q1) >= TARGET:
                v = self.end(winner, q0, q1, nwon, ncap)
                if leader == 1:
                    v = -v
            elif not n0 and not n1:
                if self.closed_by >= 0:
                    w = 1 - self.closed_by
                elif q0 != q1:
                    w = 0 if q0 > q1 else 1
                else:
                    w = winner
                v = self.end(w, q0, q1, nwon, ncap)
                if leader == 1:
                    v = -v
            elif winner == leader:
                v = self.lead(n0, n1, winner, q0, q1, nwon, s0, s1, ncap, a, b)
            else:
                v = -self.lead(n0, n1, winner, q0, q1, nwon, s0, s1, ncap, -b, -a)
            if v < worst:
                worst = v
                if worst <= alpha:
                    break
        return worst

    def value(self, pos: Position, alpha: int = -INF, beta: int = INF) -> int:
        """Seat 0's value of ``pos`` (exact inside the window, a bound outside)."""
        if pos.over:
            return self._final(pos)
        h0, h1 = pos.hands
        s0, s1 = pos.shown
        p0, p1 = pos.points
        if pos.led < 0:
            turn = pos.to_move
            if turn == 0:
                return self.lead(h0, h1, 0, p0, p1, pos.won, s0, s1, pos.capture, alpha, beta)
            return -self.lead(h0, h1, 1, p0, p1, pos.won, s0, s1, pos.capture, -beta, -alpha)
        leader = 1 - pos.to_move
        args = (h0, h1, leader, pos.led, pos.show, p0, p1, pos.won, s0, s1, pos.capture)
        if leader == 0:
            return self.answer(*args, alpha, beta)
        return -self.answer(*args, -beta, -alpha)

    def _final(self, pos: Position) -> int:
        u = self.utility[pos.winner][pos.hand_sets()][pos.capture + 1]
        return u + pos.points[0] - pos.points[1] if self.points else u


Searcher = _Search | _CSearch
"""A search over the positions of one hand: ``value(position, alpha, beta)``
gives seat 0's value (exact inside the window, a bound outside)."""


def searcher(
    cfg: int, closed_by: int, utility: Utility = set_difference, points: bool = True
) -> Searcher:
    """A search for positions of one hand (the C one when it is built)."""
    if _BUILD_ERROR is None:
        return _CSearch(cfg, closed_by, utility, points)
    return _Search(cfg, closed_by, utility, points)  # pragma: no cover


# ------------------------------------------------------------------ results


@dataclass(frozen=True, slots=True)
class MoveValue:
    """The value of one legal move, both players playing on perfectly.

    ``value`` is the utility from the mover's side (by default the mover's sets
    in the hand minus the other's), ``margin`` the final point difference from
    the mover's side (``0`` for a solution without the tie-break), ``score``
    both in one number in the utility's unit, ``value + margin / SCALE`` (a
    point is worth 1/1024 of a set), by which moves are sorted.
    """

    move: str
    action: int
    value: int
    margin: int
    score: float


@dataclass(frozen=True, slots=True)
class Solution:
    """The exact solution of a Bingo position.

    ``value`` and ``margin``: the utility (by default the set difference) and
    the point difference of the hand under optimal play, from the side to move.
    ``winner``, ``sets`` (won by each seat in this hand, the extra set
    included) and ``points`` (final, the failed close's extra points included)
    along the principal variation ``pv``; ``moves`` every legal move with its
    value, best first.
    """

    game: str
    objective: str
    to_move: int
    value: int
    margin: int
    winner: int
    sets: tuple[int, int]
    points: tuple[int, int]
    moves: tuple[MoveValue, ...]
    pv: tuple[str, ...]
    nodes: int

    @property
    def best_move(self) -> str:
        """An optimal move (the first of :attr:`moves`)."""
        return self.moves[0].move

    @property
    def best_moves(self) -> tuple[str, ...]:
        """Every optimal move."""
        top = self.moves[0].score
        return tuple(m.move for m in self.moves if m.score == top)


def _split(score: int, points: bool) -> tuple[int, int]:
    """(utility, point difference) of a combined score."""
    if not points:
        return score, 0
    value = (score + SCALE // 2) // SCALE
    return value, score - value * SCALE


def move_values(
    choices: Sequence[tuple[int, Position]],
    mover: int,
    search: Searcher,
) -> list[MoveValue]:
    """Exact values of the positions reached by each ``(action, position)``, for ``mover``."""
    out = []
    for action, child in choices:
        v0 = search.value(child)
        combined = v0 if mover == 0 else -v0
        value, margin = _split(combined, search.points)
        out.append(MoveValue(_action_text(action), action, value, margin, value + margin / SCALE))
    out.sort(key=lambda m: -m.score)
    return out


def _principal_variation(pos: Position, search: Searcher) -> tuple[list[str], Position]:
    line: list[str] = []
    while not pos.over:
        mover = pos.to_move
        best = max(
            ((a, pos.play(a)) for a in pos.legal_actions()),
            key=lambda pair: search.value(pair[1]) * (1 if mover == 0 else -1),
        )
        line.append(_action_text(best[0]))
        pos = best[1]
    return line, pos


def solve_position(
    pos: Position, *, utility: Utility = set_difference, points: bool = True
) -> Solution:
    """Solve a position exactly: every legal move's value and a principal variation.

    ``points=False`` drops the point tie-break (faster; margins are then 0).
    """
    if pos.over:
        raise ValueError("the hand is over")
    search = searcher(pos.cfg, pos.closed_by, utility, points)
    choices = [(a, pos.play(a)) for a in pos.legal_actions()]
    return _solution(pos.to_move, choices, search, utility)


def _solution(
    mover: int, choices: list[tuple[int, Position]], search: Searcher, utility: Utility
) -> Solution:
    moves = move_values(choices, mover, search)
    best = next(child for action, child in choices if action == moves[0].action)
    line, final = _principal_variation(best, search)
    return Solution(
        game="bingo",
        objective="set difference" if utility is set_difference else "utility",
        to_move=mover,
        value=moves[0].value,
        margin=moves[0].margin,
        winner=final.winner,
        sets=final.sets,
        points=final.points,
        moves=tuple(moves),
        pv=(moves[0].move, *line),
        nodes=search.nodes,
    )


def take_choices(game: Game) -> list[tuple[int, Position]]:
    """The two positions of the last-two choice: ``take up`` and ``take hidden``."""
    from .game import Bingo

    assert isinstance(game, Bingo)
    out = []
    for action in (A_TAKE_UP, A_TAKE_HIDDEN):
        child = game.copy()
        child.apply_action(action)
        out.append((action, Position.from_game(child)))
    return out


@overload
def solve(game: Game, *, target: None = None, utility: Utility = ...) -> Solution: ...


@overload
def solve(game: Game, *, target: int, utility: Utility = ...) -> bool: ...


def solve(
    game: Game, *, target: int | None = None, utility: Utility = set_difference
) -> Solution | bool:
    """Solve a Bingo game whose stock is closed or exhausted, or at the last-two choice.

    Without ``target``, the full :class:`Solution`; with ``target``, whether the
    player to move can make the hand's utility (by default its sets minus the
    other's) at least ``target`` — one null-window search without the tie-break.
    """
    from ludoteca.errors import NotSolvable

    from .game import TAKE, Bingo

    if isinstance(game, Bingo) and game.phase == TAKE:
        mover = game.turn
        choices = take_choices(game)
        cfg, closed_by = choices[0][1].cfg, -1
    else:
        pos = Position.from_game(game)
        mover = pos.to_move
        choices = [(a, pos.play(a)) for a in pos.legal_actions()]
        cfg, closed_by = pos.cfg, pos.closed_by
    if target is not None:
        search = searcher(cfg, closed_by, utility, False)
        sign = 1 if mover == 0 else -1
        for _, child in choices:
            bound = target if mover == 0 else -target
            if mover == 0:
                v = search.value(child, bound - 1, bound)
            else:
                v = search.value(child, bound, bound + 1)
            if sign * v >= target:
                return True
        return False
    if not choices:
        raise NotSolvable("there is no move to make")
    return _solution(mover, choices, searcher(cfg, closed_by, utility, True), utility)


# ------------------------------------------------------------ reference


def reference_value(pos: Position, utility: Utility = set_difference, points: bool = True) -> int:
    """Seat 0's objective by plain minimax over :meth:`Position.play` (no pruning,
    no table): the definition the search is tested against. Small endings only."""
    if pos.over:
        return pos.outcome_value(utility, points)
    values = [reference_value(pos.play(a), utility, points) for a in pos.legal_actions()]
    return max(values) if pos.to_move == 0 else min(values)
