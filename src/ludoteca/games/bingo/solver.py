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
from dataclasses import dataclass
from typing import TYPE_CHECKING, overload

from ludoteca.errors import NotSolvable
from ludoteca.solution import RankedSolution
from ludoteca.tiles import DOUBLES_MASK

from .core import (
    A_SHOW,
    A_TAKE_HIDDEN,
    A_TAKE_UP,
    LEAD,
    PHASE_NAMES,
    REPLY,
    TAKE,
    BingoCore,
    action_tile,
)
from .tables import DOUBLE_OF, FOLLOW_STEPS, SHOW_POINTS, STRENGTH, TRUMP_DOUBLE, VALUE

if TYPE_CHECKING:
    from ludoteca.game import Game

__all__ = [
    "SCALE",
    "MoveValue",
    "Searcher",
    "Solution",
    "Utility",
    "move_values",
    "position_of",
    "reference_value",
    "searcher",
    "set_difference",
    "solve",
    "solve_position",
    "utility_table",
]

SCALE = 1024
"""Weight of one unit of utility against one point of the tie-break (the point
difference never reaches half of it)."""
INF = 1 << 40
C_INF = (1 << 30) - 1

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


def _action_text(action: int) -> str:
    from .notation import ACTION_TEXT

    return ACTION_TEXT[action]


# ------------------------------------------------------------------ positions


def position_of(game: Game) -> BingoCore:
    """A copy of a Bingo game's hand whose following is compulsory (at a lead or an
    answer); ``NotSolvable`` saying why when it is not one."""
    from .game import Bingo

    if not isinstance(game, Bingo):
        raise NotSolvable(f"the Bingo solver was given a {game.title} game")
    core = game.core
    if core.phase not in (LEAD, REPLY):
        if core.phase == TAKE:
            raise NotSolvable("the last-two choice is solved by solve(game), not as a position")
        raise NotSolvable(
            "a Bingo hand can be solved while its tricks are played, not in the "
            f"{PHASE_NAMES[core.phase]} phase"
        )
    if not core.following_compulsory:
        raise NotSolvable(
            f"the stock still holds {core.stock_count} tiles and is not closed: draws to come "
            "make the hand a game of hidden information (it is solvable once the stock is "
            "closed or exhausted, or at the last-two choice)"
        )
    return core.clone()


def _final(core: BingoCore, utility: Utility, points: bool) -> int:
    """Seat 0's objective of a position whose hand has just ended."""
    h = core.done[-1]
    u = utility[h.winner][h.result_sets][h.capture + 1]
    return u + h.points[0] - h.points[1] if points else u


def _in_play(core: BingoCore) -> bool:
    return core.phase == LEAD or core.phase == REPLY


# ------------------------------------------------------------------ search

_BUILD_ERROR: str | None = None
try:
    from . import _solver as _c
except ImportError as error:  # pragma: no cover - only without a built extension
    _BUILD_ERROR = str(error)
else:
    _c.init(STRENGTH, VALUE, FOLLOW_STEPS, TRUMP_DOUBLE, SHOW_POINTS, DOUBLE_OF)


class _CSearch:
    """The search in C (``_solver.c``), with its table kept between calls."""

    def __init__(self, cfg: int, closed_by: int, utility: Utility, points: bool) -> None:
        self.cfg = cfg
        self.closed_by = closed_by
        self.points = points
        scale = SCALE if points else 1
        self.utility = tuple(
            tuple(tuple(u * scale for u in row) for row in table) for table in utility
        )
        self.flat = tuple(u for table in self.utility for row in table for u in row)
        self.start = _c.nodes()

    @property
    def nodes(self) -> int:
        return int(_c.nodes()) - self.start

    def value(self, core: BingoCore, alpha: int = -INF, beta: int = INF) -> int:
        """Seat 0's value of ``core`` (exact inside the window, a bound outside)."""
        if not _in_play(core):
            return _final(core, self.utility, self.points)
        return int(
            _c.search(
                core.hands[0],
                core.hands[1],
                self.cfg,
                self.closed_by,
                1 if self.points else 0,
                self.flat,
                core.turn,
                core.lead_tile,
                core.lead_show,
                core.points[0],
                core.points[1],
                core.won_mask,
                core.shown[0],
                core.shown[1],
                core.bingo_capture,
                max(alpha, -C_INF),
                min(beta, C_INF),
            )
        )


class _Search:
    """Alpha-beta over the core's moves (:meth:`BingoCore.apply` and
    :meth:`~BingoCore.undo`), with a transposition table at the leads.

    Values are the objective (utility, then point difference) seen from seat 0;
    seat 0 maximises, seat 1 minimises. The table is kept between searches of
    the same hand, since every stored entry is a bound on a full position's value.
    """

    def __init__(self, cfg: int, closed_by: int, utility: Utility, points: bool) -> None:
        self.strength = STRENGTH[cfg]
        self.worth = VALUE[cfg]
        self.points = points
        scale = SCALE if points else 1
        self.utility = tuple(
            tuple(tuple(u * scale for u in row) for row in table) for table in utility
        )
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0

    def value(self, core: BingoCore, alpha: int = -INF, beta: int = INF) -> int:
        """Seat 0's value of ``core`` (exact inside the window, a bound outside)."""
        return self._value(core.clone(), alpha, beta)

    def _ordered(self, core: BingoCore, first: int) -> list[int]:
        strength = self.strength
        if core.phase == REPLY:
            led = strength[core.lead_tile]
            worth = self.worth
            # winning answers first, the cheapest first; then the cheapest losing ones
            return sorted(
                core.legal(),
                key=lambda t: (
                    (0, strength[t]) if strength[t] > led else (1, worth[t] * 64 + strength[t])
                ),
            )
        # the strongest leads first, a double's show before the plain lead
        moves = sorted(core.legal(), key=lambda a: (-strength[action_tile(a)], a < A_SHOW))
        if first >= 0 and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def _value(self, core: BingoCore, alpha: int, beta: int) -> int:
        if not _in_play(core):
            return _final(core, self.utility, self.points)
        key: tuple[int, ...] | None = None
        first = -1
        lo, hi = -INF, INF
        if core.phase == LEAD:
            self.nodes += 1
            h0, h1 = core.hands
            key = (
                h0,
                h1,
                core.turn,
                core.points[0],
                core.points[1],
                core.won_mask,
                core.shown[0] & h0 & DOUBLES_MASK,
                core.shown[1] & h1 & DOUBLES_MASK,
                core.bingo_capture,
            )
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi, first = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        alpha0, beta0 = alpha, beta
        maximizing = core.turn == 0
        best = -INF if maximizing else INF
        best_move = -1
        for action in self._ordered(core, first):
            core.apply(action)
            v = self._value(core, alpha, beta)
            core.undo()
            if maximizing:
                if v > best:
                    best, best_move = v, action
                    alpha = max(alpha, v)
            elif v < best:
                best, best_move = v, action
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            if best <= alpha0:
                hi = best
            elif best >= beta0:
                lo = best
            else:
                lo = hi = best
            self.tt[key] = (lo, hi, best_move)
        return best


Searcher = _Search | _CSearch
"""A search over the positions of one hand: ``value(core, alpha, beta)`` gives
seat 0's value (exact inside the window, a bound outside), ``core`` unchanged."""


def searcher(
    cfg: int,
    closed_by: int,
    utility: Utility = set_difference,
    points: bool = True,
    *,
    implementation: str = "auto",
) -> Searcher:
    """A search for positions of one hand with trump configuration ``cfg`` and
    closer ``closed_by``: the C one when it is built (``implementation="auto"``),
    or the one asked for, ``"c"`` or ``"python"`` (the fallback and the reference
    the C search is tested against)."""
    if implementation not in ("auto", "c", "python"):
        raise ValueError(f"the searches are 'auto', 'c' and 'python', not {implementation!r}")
    if implementation == "python" or (implementation == "auto" and _BUILD_ERROR is not None):
        return _Search(cfg, closed_by, utility, points)
    if _BUILD_ERROR is not None:  # pragma: no cover - only without a built extension
        raise NotSolvable(f"the C search is not built: {_BUILD_ERROR}")
    return _CSearch(cfg, closed_by, utility, points)


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
class Solution(RankedSolution):
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


def _split(score: int, points: bool) -> tuple[int, int]:
    """(utility, point difference) of a combined score."""
    if not points:
        return score, 0
    value = (score + SCALE // 2) // SCALE
    return value, score - value * SCALE


def _children(core: BingoCore) -> list[tuple[int, BingoCore]]:
    out = []
    for action in core.legal():
        child = core.clone()
        child.apply(action)
        out.append((action, child))
    return out


def move_values(
    choices: Sequence[tuple[int, BingoCore]],
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


def _principal_variation(core: BingoCore, search: Searcher) -> tuple[list[str], BingoCore]:
    line: list[str] = []
    while _in_play(core):
        sign = 1 if core.turn == 0 else -1
        action, core = max(_children(core), key=lambda pair: search.value(pair[1]) * sign)
        line.append(_action_text(action))
    return line, core


def solve_position(
    core: BingoCore, *, utility: Utility = set_difference, points: bool = True
) -> Solution:
    """Solve a position exactly (a hand whose following is compulsory): every legal
    move's value and a principal variation. ``points=False`` drops the point
    tie-break (faster; margins are then 0)."""
    if not _in_play(core) or not core.following_compulsory:
        raise ValueError("a position to solve is a hand in play with following compulsory")
    search = searcher(core.cfg, core.closed_by, utility, points)
    return _solution(core.turn, _children(core), search, utility)


def _solution(
    mover: int, choices: list[tuple[int, BingoCore]], search: Searcher, utility: Utility
) -> Solution:
    moves = move_values(choices, mover, search)
    best = next(child for action, child in choices if action == moves[0].action)
    line, final = _principal_variation(best, search)
    record = final.done[-1]
    return Solution(
        game="bingo",
        objective="set difference" if utility is set_difference else "utility",
        to_move=mover,
        value=moves[0].value,
        margin=moves[0].margin,
        winner=record.winner,
        sets=record.gained,
        points=record.points,
        moves=tuple(moves),
        pv=(moves[0].move, *line),
        nodes=search.nodes,
    )


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
    from .game import Bingo

    if isinstance(game, Bingo) and game.core.phase == TAKE:
        core = game.core
        mover = core.turn
        choices = []
        for action in (A_TAKE_UP, A_TAKE_HIDDEN):
            child = core.clone()
            child.apply(action)
            choices.append((action, child))
        closed_by = -1
    else:
        core = position_of(game)
        mover = core.turn
        choices = _children(core)
        closed_by = core.closed_by
    cfg = core.cfg
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


def reference_value(core: BingoCore, utility: Utility = set_difference, points: bool = True) -> int:
    """Seat 0's objective by plain minimax over the core's moves (no pruning, no
    table): the definition the searches are tested against. Small endings only."""
    scale = SCALE if points else 1
    scaled = tuple(tuple(tuple(u * scale for u in row) for row in t) for t in utility)
    return _minimax(core.clone(), scaled, points)


def _minimax(core: BingoCore, utility: Utility, points: bool) -> int:
    if not _in_play(core):
        return _final(core, utility, points)
    values = []
    for action in core.legal():
        core.apply(action)
        values.append(_minimax(core, utility, points))
        core.undo()
    return max(values) if core.turn == 0 else min(values)
