"""Exact solver for Texas 42 hands with every hand known.

A position is a :class:`~ludoteca.games.texas42.core.State` in its play phase:
the contract, the four hands, the trick on the table and what each team has
taken so far. It comes from a real game (all hands are in the engine), from a
determinization (``game.sample_hidden(seat, rng)``), or is built by hand with
:meth:`State.in_play <ludoteca.games.texas42.core.State.in_play>`. The rules are
the core's; the search runs in C (``_solver.c``) when the extension is built and
otherwise in Python (:func:`python_search`, the same search on the core's own
moves), and both are checked against :func:`reference_value`, a plain minimax
over the core.

What is optimised (every remaining trick is played out, whatever the scoring
would do with an early end):

- **Point contracts** (a trump, doubles, follow-me, sevens; plunge and splash
  are trump contracts): the *points* of the hand, 1 a trick plus the count of
  its tiles, 42 in all. Team 0 maximises its points and team 1 minimises them
  (the same as maximising its own, since the two add up to 42).
  :attr:`Solution.value` is the bidding team's final points.
- **Nello**: the number of tricks the bidder takes in the whole hand. The
  bidder minimises it, the opponents maximise it; 0 means the nello is made.
  :attr:`Solution.value` is that number of tricks.

>>> from ludoteca import new_game
>>> g = new_game("texas42", chance="manual")
>>> g.play("draw 6-6 5-4 3-1 0-0")
>>> g.play("deal 6-6 6-5 6-4 6-3 6-2 6-1 6-0 | 5-5 5-4 5-3 5-2 5-1 5-0 4-4 | "
...        "4-3 4-2 4-1 4-0 3-3 3-2 3-1 | 3-0 2-2 2-1 2-0 1-1 1-0 0-0")
>>> for move in ("bid 30", "pass", "pass", "pass", "trump 6"):
...     g.play(move)
>>> s = solve(g)   # seat 1 bid 30 and named sixes, but seat 0 holds all seven
>>> s.points, s.value, s.made, s.best_move, len(s.best_moves)
((42, 0), 0, False, 'play 5-5', 7)
>>> solve(g, target=0), solve(g, target=1)   # can the bidders reach 0 points? 1 point?
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, overload

from ludoteca.errors import NotSolvable
from ludoteca.solution import RankedSolution
from ludoteca.tiles import indices_of

from . import tables
from .core import A_PLAY, ACTION_TEXT, PHASE_NAMES, PLAY, State, points_to_make
from .tables import CONTRACT_NAMES, COUNT, LED_SUIT, NELLO, STRENGTH

if TYPE_CHECKING:
    from ludoteca.game import Game

__all__ = [
    "MoveValue",
    "Solution",
    "c_search",
    "can_reach",
    "clear_table",
    "exact_objective",
    "exact_value",
    "makes_bid",
    "nodes_searched",
    "objective",
    "points_out",
    "position",
    "python_search",
    "reference_value",
    "search",
    "solve",
    "solve_position",
]

TEAM0 = 0b0101  # seats 0 and 2
_COUNT_MASKS = tuple(
    (value, sum(1 << t for t in range(28) if COUNT[t] == value))
    for value in sorted(set(COUNT) - {0})
)
"""(count value, tiles worth it) pairs."""

BUILD_ERROR: str | None = None
"""Why the C search is not available (``None`` when it is)."""
try:
    from . import _solver as _c
except ImportError as error:  # pragma: no cover - only without a built extension
    BUILD_ERROR = str(error)
else:
    _c.init(LED_SUIT, tables.FOLLOW_MASK, STRENGTH, COUNT, tables.SEVENS_RING, tables.SEVENS)


# ------------------------------------------------------------------ positions


def position(game: Game | State) -> State:
    """The search position of a Texas 42 game (or core state) in its play phase:
    a copy of its state that plays every trick and scores nothing."""
    state = getattr(game, "core", game)
    if not isinstance(state, State):
        title = getattr(game, "title", type(game).__name__)
        raise NotSolvable(f"the Texas 42 solver was given a {title} game")
    if state.phase != PLAY:
        raise NotSolvable(
            "a Texas 42 hand can be solved once the contract is known and the "
            f"tricks are being played, not in the {PHASE_NAMES[state.phase]} phase"
        )
    return state.search_copy()


def over(pos: State) -> bool:
    """Whether every trick of the hand has been played."""
    return not pos.hands[pos.turn]


def objective(pos: State) -> int:
    """What the solver optimises, as booked so far: team 0's points, or in nello
    the bidder's tricks."""
    if pos.contract == NELLO:
        bidder = pos.bidder
        return sum(1 for tr in pos.tricks if tr.winner == bidder)
    return pos.points[0]


def maximising(pos: State, seat: int) -> bool:
    """Whether ``seat`` wants :func:`objective` high."""
    if pos.contract == NELLO:
        return seat != pos.bidder
    return seat & 1 == 0


def points_out(pos: State) -> int:
    """Points still to be won: a point a trick left plus the count not yet won."""
    out = 0
    for seat in range(4):
        if seat != pos.sitting_out:
            out |= pos.hands[seat]
    for _, t in pos.trick:
        out |= 1 << t
    count = sum(value * (out & mask).bit_count() for value, mask in _COUNT_MASKS)
    return pos.tricks_left + count


# ------------------------------------------------------------------ search


def c_search(pos: State, alpha: int, beta: int) -> int:
    """The C search (see ``_solver.c``): what :func:`python_search` computes, faster.
    ``RuntimeError`` when the extension is not built."""
    if BUILD_ERROR is not None:  # pragma: no cover - only without a built extension
        raise RuntimeError(
            "the Texas 42 solver's C extension is not built: install the package with "
            f"`pip install -e .` (it needs a C compiler and the Python headers): {BUILD_ERROR}"
        )
    if pos.contract == NELLO:
        mode, scorer = 1, 1 << pos.bidder
        maxer = 0b1111 & ~scorer & ~(1 << pos.sitting_out)
    else:
        mode, scorer, maxer = 0, TEAM0, TEAM0
    led, best, best_seat, trick_pts = pos.trick_state()
    h = pos.hands
    return int(
        _c.search(
            h[0],
            h[1],
            h[2],
            h[3],
            pos.contract,
            pos.sitting_out,
            mode,
            scorer,
            maxer,
            pos.turn,
            len(pos.trick),
            led,
            best,
            best_seat,
            pos.tricks_left,
            trick_pts,
            alpha,
            beta,
        )
    )


_TABLE: dict[tuple[int, ...], tuple[int, int]] = {}
"""The Python search's transposition table: bounds on the rest of a hand, by the
four hands, the leader and what is optimised."""
_TABLE_LIMIT = 1 << 21
_python_nodes = 0


# one recursive function, kept whole: it mirrors the C search line by line
def python_search(pos: State, alpha: int, beta: int) -> int:  # noqa: C901
    """Fail-soft alpha-beta value of the tricks still to play (the objective of
    the rest of the hand: exact inside ``(alpha, beta)``, a bound on the side it
    fails), searched on the core's own moves with a transposition table at trick
    boundaries. The fallback of the C search and its differential reference."""
    global _python_nodes
    pos.check()
    work = pos.search_copy()
    nello = work.contract == NELLO
    bidder = work.bidder
    config = (work.contract, bidder if nello else -1, work.sitting_out)
    if len(_TABLE) > _TABLE_LIMIT:
        _TABLE.clear()
    nodes = 0
    strength_of = STRENGTH[work.contract]
    led_of = LED_SUIT[work.contract]

    def booked() -> int:
        if nello:
            return sum(1 for tr in work.tricks if tr.winner == bidder)
        return work.points[0]

    def ab(alpha: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        hands = work.hands
        seat = work.turn
        if not hands[seat]:
            return booked()
        key = None
        base = 0
        if not work.trick:
            base = booked()
            key = (hands[0], hands[1], hands[2], hands[3], seat, *config)
            hit = _TABLE.get(key)
            if hit is not None:
                lo, hi = hit[0] + base, hit[1] + base
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
            strength = None
        else:
            strength = strength_of[led_of[work.trick[0][1]]]
        tiles = list(indices_of(work.legal_tiles()))
        if strength is None:
            tiles.sort(key=lambda t: -strength_of[led_of[t]][t])
        else:
            tiles.sort(key=lambda t: -strength[t])
        up = maximising(work, seat)
        best = -1 if up else 1 << 20
        a, b = alpha, beta
        for t in tiles:
            work.play(t)
            v = ab(a, b)
            work.undo(A_PLAY + t)
            if up:
                if v > best:
                    best = v
                    a = max(a, v)
            elif v < best:
                best = v
                b = min(b, v)
            if a >= b:
                break
        if key is not None:
            lo, hi = _TABLE.get(key, (0, 1 << 20))
            rest = best - base
            if alpha < best < beta:
                lo = hi = rest
            elif best <= alpha:
                hi = min(hi, rest)
            else:
                lo = max(lo, rest)
            _TABLE[key] = (lo, hi)
        return best

    start = booked()
    value = ab(alpha + start, beta + start) - start
    _python_nodes += nodes
    return value


search: Callable[[State, int, int], int] = python_search if BUILD_ERROR else c_search
"""The search used: the C one when built, else :func:`python_search`. Fail-soft
value of the rest of the hand within ``(alpha, beta)``."""


def nodes_searched() -> int:
    """Nodes searched so far, by both searches."""
    return _python_nodes + (0 if BUILD_ERROR else _c.nodes())


def clear_table() -> None:
    """Empty the transposition tables."""
    _TABLE.clear()
    if BUILD_ERROR is None:
        _c.clear()


def _rest_bound(pos: State) -> int:
    return pos.tricks_left if pos.contract == NELLO else points_out(pos)


def _exact_rest(pos: State, guess: int | None = None) -> int:
    """Exact value of the remaining tricks, by null-window searches. The first
    probes ``guess`` (else the middle of the interval); while the fail-soft
    results keep falling on the same side, the probes step away from the last
    bound by 1, 2, 4, ... points (a guess is usually close); once the value is
    bracketed, they halve the interval."""
    lower, upper = 0, _rest_bound(pos)
    probe = (lower + upper + 1) // 2 if guess is None else guess
    step, side = 1, 0
    while lower < upper:
        probe = min(max(probe, lower + 1), upper)
        g = search(pos, probe - 1, probe)
        if g >= probe:
            lower, now = g, 1
        else:
            upper, now = g, -1
        if side and now != side:
            step = 0
        side = now
        if step:
            probe = lower + step if now > 0 else upper + 1 - step
            step *= 2
        else:
            probe = (lower + upper + 1) // 2
    return lower


def exact_objective(pos: State, guess: int | None = None) -> int:
    """The final :func:`objective` of the hand under optimal play."""
    booked = objective(pos)
    rest_guess = None if guess is None else guess - booked
    return booked + _exact_rest(pos, rest_guess)


def exact_value(pos: State) -> int:
    """:attr:`Solution.value` alone, without valuing every move: the bidding team's
    final points (the bidder's tricks in nello) under optimal play."""
    return _value_for_bidders(pos, exact_objective(pos))


def objective_at_least(pos: State, bound: int) -> bool:
    """Whether the final objective under optimal play is at least ``bound`` (one
    null-window search)."""
    need = bound - objective(pos)
    if need <= 0:
        return True
    if need > _rest_bound(pos):
        return False
    return search(pos, need - 1, need) >= need


# ------------------------------------------------------------------ results


@dataclass(frozen=True, slots=True)
class MoveValue:
    """The value of one legal move, both sides playing on perfectly.

    ``value`` has the meaning of :attr:`Solution.value`; ``score`` is the same
    seen from the mover's side, higher is better: the final points of the
    mover's team, or in nello the bidder's tricks for an opponent of the bidder
    and minus them for the bidder. ``points`` are the final points of teams 0
    and 1 (``None`` in nello, where points are not what is played for).
    """

    move: str
    action: int
    value: int
    score: int
    points: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class Solution(RankedSolution):
    """The exact solution of a Texas 42 position.

    ``value``: the bidding team's final points in the hand (point contracts),
    or the number of tricks the bidder takes in the whole hand (nello).
    ``points``: final points of teams 0 and 1 in the hand (in nello, along the
    principal variation); ``rest_points``: the part of them still to be won
    from this position. ``moves``: every legal move with its value, best first for the
    side to move. ``pv``: a line of optimal play to the end of the hand.
    ``made``: whether the bid is made under optimal play (the bidders reach
    ``points_to_make(bid)`` points; in nello, the bidder takes no trick).
    """

    game: str
    contract: str
    objective: str
    to_move: int
    bidder: int
    value: int
    points: tuple[int, int]
    rest_points: tuple[int, int]
    made: bool
    moves: tuple[MoveValue, ...]
    pv: tuple[str, ...]
    nodes: int


def _total(pos: State) -> int:
    return pos.points[0] + pos.points[1] + points_out(pos)


def _value_for_bidders(pos: State, objective: int) -> int:
    """Turn the objective (team 0's points, or the bidder's tricks) into :attr:`Solution.value`."""
    if pos.contract == NELLO or pos.bidder & 1 == 0:
        return objective
    return _total(pos) - objective


def _points(pos: State, objective: int) -> tuple[int, int]:
    return objective, _total(pos) - objective


def _score(pos: State, seat: int, objective: int) -> int:
    if pos.contract == NELLO:
        return objective if maximising(pos, seat) else -objective
    team0, team1 = _points(pos, objective)
    return team1 if seat & 1 else team0


def _ordered(pos: State) -> list[int]:
    """The legal tiles, strongest first: a deterministic, readable choice among
    equal moves."""
    c = pos.contract
    tiles = list(indices_of(pos.legal_tiles()))
    if not pos.trick:
        return sorted(tiles, key=lambda t: (-STRENGTH[c][LED_SUIT[c][t]][t], -t))
    led = LED_SUIT[c][pos.trick[0][1]]
    return sorted(tiles, key=lambda t: (-STRENGTH[c][led][t], -t))


def _principal_variation(pos: State, final: int, first: int) -> tuple[list[str], State]:
    """A line of optimal play from ``pos`` (solved to ``final``), starting with tile
    ``first``: at each turn the first of :func:`_ordered`'s tiles that keeps the
    value (the last one needs no search, as some tile does)."""
    line = [ACTION_TEXT[A_PLAY + first]]
    pos = pos.clone()
    pos.play(first)
    while not over(pos):
        tiles = _ordered(pos)
        for t in tiles:
            pos.play(t)
            if t == tiles[-1]:
                break
            need = final - objective(pos)
            # the child's rest equals ``need`` exactly: test both sides of it
            if search(pos, need - 1, need + 1) == need:
                break
            pos.undo(A_PLAY + t)
        line.append(ACTION_TEXT[A_PLAY + t])
    return line, pos


def solve_position(pos: State) -> Solution:
    """Solve a position exactly: the value of every legal move and a principal variation."""
    pos = position(pos)
    if over(pos):
        raise ValueError("every trick of this hand has been played")
    start = nodes_searched()
    seat = pos.turn
    nello = pos.contract == NELLO
    scored: list[tuple[int, MoveValue]] = []
    guess: int | None = None
    for t in _ordered(pos):
        pos.play(t)
        obj = exact_objective(pos, guess)
        pos.undo(A_PLAY + t)
        guess = obj
        move = MoveValue(
            move=ACTION_TEXT[A_PLAY + t],
            action=A_PLAY + t,
            value=_value_for_bidders(pos, obj),
            score=_score(pos, seat, obj),
            points=None if nello else _points(pos, obj),
        )
        scored.append((obj, move))
    scored.sort(key=lambda pair: -pair[1].score)
    best = scored[0][0]
    # the first of the best moves in _ordered's order (the sort is stable)
    line, final = _principal_variation(pos, best, scored[0][1].action - A_PLAY)
    points = final.points
    bidders = pos.bidder & 1
    value = best if nello else points[bidders]
    made = value == 0 if nello else value >= points_to_make(pos.high)
    return Solution(
        game="texas42",
        contract=CONTRACT_NAMES[pos.contract],
        objective="bidder tricks" if nello else "points",
        to_move=seat,
        bidder=pos.bidder,
        value=value,
        points=points,
        rest_points=(points[0] - pos.points[0], points[1] - pos.points[1]),
        made=made,
        moves=tuple(move for _, move in scored),
        pv=tuple(line),
        nodes=nodes_searched() - start,
    )


def can_reach(pos: State, target: int) -> bool:
    """Whether the bidding team reaches ``target`` against best defence.

    Point contracts: the bidding team ends the hand with at least ``target``
    points. Nello: the bidder ends the hand with at most ``target`` tricks
    (``target=0``: the nello is made). One null-window search.
    """
    if pos.contract == NELLO:
        return not objective_at_least(pos, target + 1)
    if pos.bidder & 1 == 0:
        return objective_at_least(pos, target)
    # team 1 reaches target  <=>  team 0 ends with at most total - target
    return not objective_at_least(pos, _total(pos) - target + 1)


def need(pos: State) -> int:
    """What the bidders must reach: :func:`can_reach`'s target for making the bid."""
    return 0 if pos.contract == NELLO else points_to_make(pos.high)


@overload
def solve(game: Game, *, target: None = None) -> Solution: ...


@overload
def solve(game: Game, *, target: int) -> bool: ...


def solve(game: Game, *, target: int | None = None) -> Solution | bool:
    """Solve a Texas 42 game in the play phase (see the module docstring).

    Without ``target``, the full :class:`Solution`; with ``target``, whether
    the bidding team reaches it (:func:`can_reach`).
    """
    pos = position(game)
    if target is not None:
        return can_reach(pos, target)
    return solve_position(pos)


def makes_bid(game: Game | State) -> bool:
    """Whether the bid is made under optimal play by both teams."""
    pos = position(game)
    return can_reach(pos, need(pos))


# ------------------------------------------------------------ reference


def reference_value(pos: State) -> int:
    """The final :func:`objective` by plain minimax over the core's moves (no
    pruning, no table): the definition both searches are tested against. Small
    endings only."""
    work = position(pos)

    def value() -> int:
        if over(work):
            return objective(work)
        values = []
        for t in indices_of(work.legal_tiles()):
            work.play(t)
            values.append(value())
            work.undo(A_PLAY + t)
        return max(values) if maximising(work, work.turn) else min(values)

    return value()
