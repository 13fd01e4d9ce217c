"""Exact solver for Five-Up hands once the stock can no longer be drawn from.

Once the stock is down to the tile(s) that are never drawn (the last one; the
last two with four players), nothing is left to chance: each player in turn
must play a tile that fits or pass, and the hand ends by a domino, by a block,
or the moment a side reaches the target. With every hand known (a real game,
or a determinization ``game.sample_hidden(seat, rng)``) the rest of the hand
is a game of perfect information, solved here exactly by alpha-beta search
with a transposition table.

What is optimised
-----------------
The side to move at the position solved is the *root side*. The objective,
from the root side's point of view:

- if a side reaches the target before the hand is over (the game ends at once,
  see the engine), ``+WIN`` when it is the root side and ``-WIN`` otherwise:
  near the target, winning the game is all that counts;
- otherwise the **points margin** of the rest of the hand, the domino or
  blocked bonus included: the points the root side scores from here on minus
  those each opponent scores, summed over the opponents. With two sides (two
  players, or four in partnerships) that is the plain point difference
  ``mine - theirs``; with three players it is ``(mine - a) + (mine - b)``.

Two sides play a zero-sum game on it. With three players the solver is
**paranoid**: the player to move maximises the objective, the two others
minimise it together, as a coalition. (Max-n, each player for their own score,
has no such pruning and is far slower; paranoid play is the safe assumption
for the player asking, and it is what the expert bot needs.)

What happens after the hand (the next deal, who leads it) is not part of the
objective. With the option ``exact_61`` a score that would pass the target is
not scored, as in the engine.

A position can be written by hand. The layout is the opening 6-1 (ends 7);
seat 0 holds 6-6 and 6-4, seat 1 holds 3-3 and 1-1, and the stock is closed.
Scoring now with 6-4 (ends 5: 1 point) leaves 6-6 stuck: the hand blocks and
seat 1, with fewer pips, takes 2. Laying 6-6 first lets seat 0 go out with 6-4
and take the 6 pips of 3-3 (1 point):

>>> from ludoteca.tiles import mask_of, parse_tiles
>>> hands = (mask_of(parse_tiles("6-6 6-4")), mask_of(parse_tiles("3-3 1-1")))
>>> pos = Position(players=2, side_of=(0, 1), hands=hands, plain=(0, 1, 0, 0, 0, 0, 1),
...                room=(0,) * 7, turn=0, passes=0, scores=(30, 30), target=61, exact=False)
>>> pos.ends
7
>>> values, _ = solve_position(pos)
>>> [(move_text(m), v) for m, v in values]
[('6-6 on 6', 1), ('6-4 on 6', -1)]

``ludoteca.solve(game)`` does the same for a game (a real one, or a
determinization), with every legal move in the engine's notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, overload

from ludoteca.errors import NotSolvable
from ludoteca.solution import RankedSolution
from ludoteca.tiles import TILE_TEXT

from .core import PHASE_NAMES, PLAY, Rules, State
from .tables import (
    ACTION_MOVE,
    ENDS_POINTS,
    IS_DOUBLE,
    NUMBER_MASK,
    OPENING,
    OUTER,
    PASS,
    PIPS,
    PLAIN,
    SPINNER,
)

if TYPE_CHECKING:
    from ludoteca.game import Game

__all__ = [
    "MAX_NODES",
    "OPENING",
    "PASS",
    "PASS_MOVE",
    "PLAIN",
    "SPINNER",
    "WIN",
    "Move",
    "MoveValue",
    "Position",
    "Searcher",
    "Solution",
    "move_of",
    "move_text",
    "reference_value",
    "searcher",
    "solve",
    "solve_position",
]

WIN = 10_000
"""The value of reaching the target (larger than any points margin)."""
MAX_NODES = 20_000_000
"""The default node limit of :func:`solve` (a few seconds of search)."""
INF = 1 << 30

Move = tuple[int, int, int]
"""``(tile, number, kind)``: the tile played, the number it joins, and where:
``PLAIN`` (the open end of a non-double), ``SPINNER`` (a place on the double of
that number) or ``OPENING`` (the first tile of the hand; number -1). ``PASS`` is
``(-1, -1, PASS)``."""
PASS_MOVE: Move = (-1, -1, PASS)


def move_text(move: Move) -> str:
    """A move in short: ``6-4 on 6`` (a plain end), ``6-4 on 6-6``, ``6-4`` (opening), ``pass``."""
    t, v, kind = move
    if kind == PASS:
        return "pass"
    if kind == OPENING:
        return TILE_TEXT[t]
    return f"{TILE_TEXT[t]} on {v}-{v}" if kind == SPINNER else f"{TILE_TEXT[t]} on {v}"


def move_of(action: int) -> Move:
    """The solver's move for an engine action (``play …``; ``pass``, and ``draw``,
    as :data:`PASS_MOVE`)."""
    t, v, kind, _ = ACTION_MOVE[action]
    return t, v, kind


# ------------------------------------------------------------------ positions


@dataclass(frozen=True, slots=True)
class Position:
    """A Five-Up hand with the stock closed, every hand known.

    The layout is kept as what matters for play and scoring: ``plain[v]`` open
    ends of non-doubles showing ``v``, and ``room[v]`` the places left on the
    double ``v-v`` (free sides plus 2 tips while a side is free, then the free
    tips; 0 when it is not on the table or is closed). A double counts both
    halves while a side is free (``room > 2``). ``scores`` are the sides'
    game scores; ``end`` is set once the hand is over, as in the engine's hand
    log (``domino``, ``blocked``, or ``target reached`` when a play's ends reach
    the target mid-hand) and ``winner`` once a side has reached the target.
    """

    players: int
    side_of: tuple[int, ...]
    hands: tuple[int, ...]
    plain: tuple[int, ...]
    room: tuple[int, ...]
    turn: int
    passes: int
    scores: tuple[int, ...]
    target: int
    exact: bool
    end: str = ""
    winner: int = -1

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The position of a Five-Up game in a hand whose stock is closed."""
        from .game import FiveUp

        if not isinstance(game, FiveUp):
            raise NotSolvable(f"the Five-Up solver was given a {game.title} game")
        state = game.core
        if state.phase != PLAY:
            raise NotSolvable(
                "a Five-Up hand can be solved while it is played, not in the "
                f"{PHASE_NAMES[state.phase]} phase"
            )
        left = len(state.stock) - state.stock_pos
        if left > state.reserve:
            raise NotSolvable(
                f"{left - state.reserve} tile(s) may still be drawn from the stock: draws to "
                "come make the hand a game of hidden information (it is solvable once only "
                "the tile(s) never drawn are left)"
            )
        return cls.of_state(state)

    @classmethod
    def of_state(cls, state: State, start: Position | None = None) -> Position:
        """The position of a state (``start``: the position it was played on from,
        whose seat to move it keeps once the hand is over)."""
        rules = state.rules
        over = bool(state.end)
        return cls(
            players=rules.players,
            side_of=rules.side_of,
            hands=tuple(state.hands),
            plain=tuple(state.plain),
            room=tuple(state.room),
            turn=start.turn if over and start is not None else state.turn,
            passes=state.passes,
            scores=tuple(state.scores),
            target=rules.target,
            exact=rules.exact,
            end=state.end,
            winner=state.winner,
        )

    def state(self) -> State:
        """The position as a state of the rules, to play on."""
        rules = Rules.of(self.players, self.target, self.exact)
        if rules.side_of != tuple(self.side_of):
            raise ValueError(f"the seats of {self.players} players play for {rules.side_of}")
        state = State.from_counts(
            rules, self.hands, self.plain, self.room, self.turn, self.passes, self.scores
        )
        state.end = self.end
        state.winner = self.winner
        return state

    @property
    def over(self) -> bool:
        return bool(self.end)

    @property
    def sides(self) -> int:
        return len(self.scores)

    @property
    def ends(self) -> int:
        """The sum of the open ends."""
        return self.state().ends

    def moves(self) -> list[Move]:
        """The distinct moves of the player to move (plays on equivalent ends are one move)."""
        if self.over:
            return []
        return [(t, v, kind) for t, v, kind, _ in self.state().plays()] or [PASS_MOVE]

    def play(self, move: Move) -> Position:
        """The position after the player to move makes ``move`` (assumed legal)."""
        state = self.state()
        state.play_move(move)
        return Position.of_state(state, self)

    def objective(self, start: Position, root_side: int, win: int = WIN) -> int:
        """The objective of this finished hand for ``root_side``, from ``start``
        (``win``: the value of reaching the target)."""
        gains = [a - b for a, b in zip(self.scores, start.scores, strict=True)]
        margin = sum(gains[root_side] - g for s, g in enumerate(gains) if s != root_side)
        if self.winner >= 0:
            return margin + (win if self.winner == root_side else -win)
        return margin


def reference_value(pos: Position, root_side: int | None = None, win: int = WIN) -> int:
    """The objective by plain minimax over :meth:`Position.play` (no pruning, no
    table): the definition the search is tested against. Small endings only."""
    root = pos.side_of[pos.turn] if root_side is None else root_side

    def value(p: Position) -> int:
        if p.over:
            return p.objective(pos, root, win)
        values = [value(p.play(m)) for m in p.moves()]
        return max(values) if p.side_of[p.turn] == root else min(values)

    return value(pos)


# ------------------------------------------------------------------ search


def _weights(sides: int, root_side: int) -> tuple[int, ...]:
    """How one point of each side counts in the objective of ``root_side``."""
    return tuple(sides - 1 if s == root_side else -1 for s in range(sides))


def _order(e: int, hand: int, t: int) -> int:
    """Move ordering: the points scored now, then going out, then heavy tiles first."""
    return ENDS_POINTS[e] * 64 + (32 if hand == 1 << t else 0) + PIPS[t]


_Entry = tuple[int, int, int, tuple[int, ...]]
"""A table entry: lower bound, upper bound, best move (index in the node's move
order), reach."""


class SearchLimit(NotSolvable):
    """The search went past its node limit (the position is too large to solve in it)."""


def _too_large(limit: int) -> str:
    return (
        f"this ending is too large to solve exactly within {limit:,} nodes of search "
        "(solve(game, max_nodes=0) searches without a limit)"
    )


class _Search:
    """Alpha-beta with a transposition table, in Python, on the rules' state (the
    C search's twin).

    Values are the objective of the rest of the hand for the root side
    (maximising at its seats, minimising at the others). A node's value
    depends on the sides' distances to the target only if some score on the
    paths searched came that close: with each value the search returns the
    largest gain each side made on those paths (its *reach*, scores refused by
    ``exact_61`` included). A table entry whose reach stays below the
    distances holds for any larger distances and is keyed without them; the
    others are keyed with the distances.
    """

    def __init__(self, pos: Position, root_side: int, node_limit: int = 0, win: int = WIN) -> None:
        self.node_limit = node_limit
        self.win = win
        self.side_of = pos.side_of
        self.stop = -1
        self.sides = pos.sides
        self.root_side = root_side
        self.weight = _weights(pos.sides, root_side)
        self.target = pos.target
        self.free: dict[tuple[int, ...], _Entry] = {}
        self.fixed: dict[tuple[tuple[int, ...], tuple[int, ...]], _Entry] = {}
        self.nodes = 0
        self.state = pos.state()

    def value(self, pos: Position, alpha: int = -INF, beta: int = INF) -> int:
        """The objective of ``pos`` for the root side (exact inside the window)."""
        if pos.over:
            raise ValueError("the hand is over")
        self.state = pos.state()
        self.state.awards = []
        self.stop = self.node_limit + 1 if self.node_limit else -1
        value, _ = self._node(alpha, beta)
        return value

    # one recursive function, kept whole: it mirrors the C search line by line
    def _node(self, alpha: int, beta: int) -> tuple[int, tuple[int, ...]]:  # noqa: C901
        self.nodes += 1
        if self.nodes == self.stop:
            raise SearchLimit(_too_large(self.node_limit))
        s = self.state
        hp = 0
        for h in s.hands:
            hp = hp << 28 | h
        key = (hp, *s.plain, *s.room, s.turn, s.passes)
        dist = tuple(self.target - x for x in s.scores)
        entry = self.free.get(key)
        fixed = False
        if entry is not None and not all(r < d for r, d in zip(entry[3], dist, strict=True)):
            entry = self.fixed.get((key, dist))
            fixed = True
        first = -1
        lo, hi = -INF, INF
        if entry is not None:
            lo, hi, first, ereach = entry
            if lo >= beta:
                return lo, ereach
            if hi <= alpha:
                return hi, ereach
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        alpha0, beta0 = alpha, beta
        side = self.side_of[s.turn]
        maxing = side == self.root_side
        moves = self._moves()
        best = -INF if maxing else INF
        best_index = 0
        reach: tuple[int, ...] = (0,) * self.sides
        if not moves:
            best, reach = self._child(-1, -1, PASS, alpha, beta)
        else:
            order = list(range(len(moves)))
            if 0 < first < len(moves):
                order.remove(first)
                order.insert(0, first)
            for i in order:
                _, t, v, kind = moves[i]
                value, r = self._child(t, v, kind, alpha, beta)
                reach = tuple(max(a, b) for a, b in zip(reach, r, strict=True))
                if maxing:
                    if value > best:
                        best, best_index = value, i
                        if best > alpha:
                            alpha = best
                else:
                    if value < best:
                        best, best_index = value, i
                        if best < beta:
                            beta = best
                if alpha >= beta:
                    break
        new_lo, new_hi = lo, hi
        if best <= alpha0:
            new_hi = min(hi, best)
        elif best >= beta0:
            new_lo = max(lo, best)
        else:
            new_lo = new_hi = best
        if all(r < d for r, d in zip(reach, dist, strict=True)):
            if entry is not None and not fixed:
                reach = tuple(max(a, b) for a, b in zip(reach, entry[3], strict=True))
            self.free[key] = (new_lo, new_hi, best_index, reach)
        else:
            self.fixed[(key, dist)] = (new_lo, new_hi, best_index, reach)
        return best, reach

    def _moves(self) -> list[tuple[int, int, int, int]]:
        """``(order, tile, number, kind)``, best first."""
        s = self.state
        hand = s.hands[s.turn]
        moves = [(_order(e, hand, t), t, v, kind) for t, v, kind, e in s.plays()]
        moves.sort(key=lambda m: (-m[0], m[1], m[3]))
        return moves

    def _child(
        self, t: int, v: int, kind: int, alpha: int, beta: int
    ) -> tuple[int, tuple[int, ...]]:
        """Make the move (a pass when ``kind`` is ``PASS``), value the rest of the
        hand (this move's scores included), take it back."""
        s = self.state
        before = tuple(s.scores)
        awards = s.awards
        assert awards is not None
        awards.clear()
        over = s.play_move((t, v, kind))
        value = 0
        for w, a, b in zip(self.weight, s.scores, before, strict=True):
            value += w * (a - b)
        if s.winner >= 0:
            value += self.win if s.winner == self.root_side else -self.win
        # the largest gain each side touched in this move (a refused score included)
        touch = [0] * self.sides
        scored = [0] * self.sides
        for side, points, ok in awards:
            touch[side] = max(touch[side], scored[side] + points)
            if ok:
                scored[side] += points
        if over:
            reach = tuple(touch)
        else:
            cv, cr = self._node(alpha - value, beta - value)
            value += cv
            reach = tuple(max(tc, c + sc) for tc, c, sc in zip(touch, cr, scored, strict=True))
        s.undo()
        return value, reach


_BUILD_ERROR: str | None = None
try:
    from . import _solver as _c
except ImportError as error:  # pragma: no cover - only without a built extension
    _BUILD_ERROR = str(error)
else:
    _c.init(NUMBER_MASK, OUTER, PIPS, IS_DOUBLE)


class _CSearch:
    """The same search in C (``_solver.c``); its table entries are its own."""

    def __init__(self, pos: Position, root_side: int, node_limit: int = 0, win: int = WIN) -> None:
        self.players = pos.players
        self.node_limit = node_limit
        self.win = win
        self.root_side = root_side
        self.target = pos.target
        self.exact = 1 if pos.exact else 0
        self.id = _c.new_id()
        self.start = _c.nodes()

    @property
    def nodes(self) -> int:
        return int(_c.nodes()) - self.start

    def _left(self) -> int:
        """Nodes the search may still visit (0: no limit)."""
        if not self.node_limit:
            return 0
        left = self.node_limit - self.nodes
        if left <= 0:
            raise SearchLimit(_too_large(self.node_limit))
        return left

    def value(self, pos: Position, alpha: int = -INF, beta: int = INF) -> int:
        """The objective of ``pos`` for the root side (exact inside the window)."""
        if pos.over:
            raise ValueError("the hand is over")
        h = pos.hands
        lay = 0
        for v in range(7):
            lay |= pos.plain[v] << (3 * v) | pos.room[v] << (21 + 3 * v)
        d = [self.target - s for s in pos.scores] + [0, 0]
        value = _c.search(
            self.id,
            self.players,
            self.root_side,
            self.exact,
            self.win,
            h[0],
            h[1],
            h[2] if self.players > 2 else 0,
            h[3] if self.players > 3 else 0,
            lay,
            pos.turn,
            pos.passes,
            d[0],
            d[1],
            d[2],
            max(alpha, -INF),
            min(beta, INF),
            self._left(),
        )
        if value is None:
            raise SearchLimit(_too_large(self.node_limit))
        return value


Searcher = _Search | _CSearch
"""A search over the positions of one hand for one root side: ``value(position,
alpha, beta)`` gives the objective (exact inside the window, a bound outside)."""


def searcher(
    pos: Position,
    root_side: int | None = None,
    *,
    node_limit: int = 0,
    win: int = WIN,
    python: bool = False,
) -> Searcher:
    """A search for the positions of ``pos``'s hand, valued for ``root_side`` (by
    default the side to move): the C one when it is built, unless ``python``.

    ``win`` is the value of reaching the target (:data:`WIN` by default). With a
    ``node_limit``, ``value`` raises :class:`SearchLimit` once the search has
    visited that many nodes in all (over every call).
    """
    root = pos.side_of[pos.turn] if root_side is None else root_side
    if python or _BUILD_ERROR is not None:
        return _Search(pos, root, node_limit, win)
    return _CSearch(pos, root, node_limit, win)


def edge_value(before: Position, after: Position, root_side: int, win: int = WIN) -> int:
    """What the scores made between two positions of a hand are worth to ``root_side``
    (``±WIN`` if the target was reached)."""
    weight = _weights(before.sides, root_side)
    margin = sum(w * (a - b) for w, a, b in zip(weight, after.scores, before.scores, strict=True))
    if after.winner >= 0:
        return margin + (win if after.winner == root_side else -win)
    return margin


def move_value(pos: Position, move: Move, search: Searcher) -> int:
    """The exact objective of ``move`` for the search's root side."""
    child = pos.play(move)
    now = edge_value(pos, child, search.root_side, search.win)
    if child.over:
        return now
    return now + search.value(child)


# ------------------------------------------------------------------ results


@dataclass(frozen=True, slots=True)
class MoveValue:
    """The exact value of one legal move, everybody playing on perfectly.

    ``value`` is the objective for the mover's side (the points margin of the
    rest of the hand, or ``±WIN`` when a side reaches the target) and ``score``
    the same number, by which moves are sorted (higher is better).
    """

    move: str
    action: int
    value: int
    score: int


@dataclass(frozen=True, slots=True)
class Solution(RankedSolution):
    """The exact solution of a Five-Up hand with the stock closed.

    ``value``: the objective for the side to move (``root_side``) under
    optimal play; ``objective`` names it. Along the principal variation
    ``pv`` (to the end of the hand, or to the target): ``points``, the sides'
    game scores at the end, ``end`` (``domino``, ``blocked`` or ``target reached``)
    and ``winner`` (the side that reaches the target, else ``None``).
    ``moves``: every legal move with its value, best first.
    """

    game: str
    objective: str
    to_move: int
    root_side: int
    value: int
    points: tuple[int, ...]
    end: str
    winner: int | None
    moves: tuple[MoveValue, ...]
    pv: tuple[str, ...]
    nodes: int


def solve_position(pos: Position) -> tuple[list[tuple[Move, int]], Searcher]:
    """Every distinct move of ``pos`` with its exact value for the side to move,
    best first, and the search (whose table the caller may reuse)."""
    if pos.over:
        raise ValueError("the hand is over")
    search = searcher(pos)
    out = [(m, move_value(pos, m, search)) for m in pos.moves()]
    out.sort(key=lambda mv: -mv[1])
    return out, search


def _objective_name(sides: int) -> str:
    if sides == 2:
        return "points margin"
    return "points margin against each opponent, summed (paranoid)"


@overload
def solve(game: Game, *, target: None = None, max_nodes: int = ...) -> Solution: ...


@overload
def solve(game: Game, *, target: int, max_nodes: int = ...) -> bool: ...


def solve(game: Game, *, target: int | None = None, max_nodes: int = MAX_NODES) -> Solution | bool:
    """Solve a Five-Up hand whose stock is closed.

    Without ``target``, the full :class:`Solution`; with ``target``, whether
    the side to move can make the objective at least ``target`` (one
    null-window search). An ending too large to solve within ``max_nodes``
    nodes of search (0: no limit) raises :class:`SearchLimit`, a
    ``NotSolvable``.
    """
    pos = Position.from_game(game)
    search = searcher(pos, node_limit=max_nodes)
    if target is not None:
        return search.value(pos, target - 1, target) >= target
    values: dict[Move, int] = {}
    moves = []
    for action in game.legal_actions():
        m = move_of(action)
        if m not in values:
            values[m] = move_value(pos, m, search)
        v = values[m]
        moves.append(MoveValue(game.action_to_move(action), action, v, v))
    if not moves:
        raise NotSolvable("there is no move to make")
    moves.sort(key=lambda mv: -mv.score)
    pv, final = _principal_variation(game, moves[0].action, search)
    return Solution(
        game="fiveup",
        objective=_objective_name(pos.sides),
        to_move=pos.turn,
        root_side=search.root_side,
        value=moves[0].value,
        points=final.scores,
        end=final.end,
        winner=final.winner if final.winner >= 0 else None,
        moves=tuple(moves),
        pv=tuple(pv),
        nodes=search.nodes,
    )


def _principal_variation(game: Game, first: int, search: Searcher) -> tuple[list[str], Position]:
    """The best line from ``game`` starting with ``first``, through the engine.

    The value of each position on the line is known, so each step only looks
    for a move that keeps it, by null-window searches."""
    line = game.copy()
    pos = Position.from_game(line)
    out = [line.action_to_move(first)]
    line.apply_action(first)
    final = pos.play(move_of(first))
    root = search.root_side
    value = search.value(final) if not final.over else 0
    while not final.over:
        pos = final
        maxing = pos.side_of[pos.turn] == root
        chosen = -1
        for action in line.legal_actions():
            child = pos.play(move_of(action))
            edge = edge_value(pos, child, root, search.win)
            need = value - edge
            if child.over:
                keeps = need == 0
            elif maxing:
                keeps = search.value(child, need - 1, need) >= need
            else:
                keeps = search.value(child, need, need + 1) <= need
            if keeps:
                chosen = action
                value = need
                final = child
                break
        assert chosen >= 0, "no move keeps the value of the line"
        out.append(line.action_to_move(chosen))
        line.apply_action(chosen)
    return out, final
