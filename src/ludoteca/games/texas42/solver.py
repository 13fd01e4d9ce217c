"""Exact solver for Texas 42 hands with every hand known.

A position is the play phase of a hand: the contract, the four hands, the trick
on the table and what each team has taken so far. It comes from a real game
(all hands are in the engine) or from a determinization,
``game.sample_hidden(seat, rng)``. The rules are the engine's tables
(:mod:`ludoteca.games.texas42.tables`); the search itself is a C extension
(``_solver.c``), checked against :func:`reference_value`, a plain minimax in
Python.

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

from dataclasses import dataclass
from typing import TYPE_CHECKING, overload

from ludoteca.tiles import TILE_TEXT, indices_of

from .tables import (
    CONTRACT_NAMES,
    COUNT,
    FOLLOW_MASK,
    LED_SUIT,
    NELLO,
    SEVENS,
    SEVENS_RING,
    STRENGTH,
    sevens_choices,
)

if TYPE_CHECKING:
    from ludoteca.game import Game

__all__ = [
    "MoveValue",
    "Position",
    "Solution",
    "can_reach",
    "exact_objective",
    "exact_value",
    "makes_bid",
    "reference_value",
    "solve",
    "solve_position",
]

A_PLAY = 45  # action number of "play 0-0" (see the engine's action layout)
TEAM0 = 0b0101  # seats 0 and 2
TRICK_BONUS = 1
_COUNT_MASKS = tuple(
    (value, sum(1 << t for t in range(28) if COUNT[t] == value))
    for value in sorted(set(COUNT) - {0})
)
"""(count value, tiles worth it) pairs."""

_BUILD_ERROR: str | None = None
try:
    from . import _solver as _c
except ImportError as error:  # pragma: no cover - only without a built extension
    _BUILD_ERROR = str(error)
else:
    _c.init(LED_SUIT, FOLLOW_MASK, STRENGTH, COUNT, SEVENS_RING, SEVENS)


def _check_built() -> None:
    if _BUILD_ERROR is not None:  # pragma: no cover
        raise RuntimeError(
            "the Texas 42 solver's C extension is not built: install the package with "
            f"`pip install -e .` (it needs a C compiler and the Python headers): {_BUILD_ERROR}"
        )


# ------------------------------------------------------------------ positions


@dataclass(frozen=True, slots=True)
class Position:
    """A Texas 42 hand in its play phase with every hand known.

    ``trick`` holds the ``(seat, tile)`` plays on the table, ``points`` what
    each team has taken in finished tricks, ``bidder_tricks`` how many of them
    the bidder won, ``tricks_left`` the tricks not finished (the one on the
    table included). ``sitting_out`` is the seat that sits out (nello) or -1.
    ``bid`` is the winning bid in points (42 a mark).
    """

    hands: tuple[int, int, int, int]
    contract: int
    bidder: int
    bid: int
    sitting_out: int
    to_move: int
    trick: tuple[tuple[int, int], ...]
    points: tuple[int, int]
    bidder_tricks: int
    tricks_left: int

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The position of a Texas 42 game in the play phase."""
        from ludoteca.errors import NotSolvable

        from .game import PHASE_NAMES, PLAY, Texas42

        if not isinstance(game, Texas42):
            raise NotSolvable(f"the Texas 42 solver was given a {game.title} game")
        if game.phase != PLAY:
            raise NotSolvable(
                "a Texas 42 hand can be solved once the contract is known and the "
                f"tricks are being played, not in the {PHASE_NAMES[game.phase]} phase"
            )
        h = game.hands
        return cls(
            hands=(h[0], h[1], h[2], h[3]),
            contract=game.contract,
            bidder=game.bidder,
            bid=game.high,
            sitting_out=game.sitting_out,
            to_move=game.turn,
            trick=tuple(game.trick),
            points=(game.points[0], game.points[1]),
            bidder_tricks=sum(1 for tr in game.tricks if tr["winner"] == game.bidder),
            tricks_left=7 - len(game.tricks),
        )

    @property
    def over(self) -> bool:
        """Whether every trick has been played."""
        return self.tricks_left == 0

    @property
    def nello(self) -> bool:
        return self.contract == NELLO

    @property
    def bidders(self) -> int:
        """The bidding team (0 or 1)."""
        return self.bidder & 1

    @property
    def trick_size(self) -> int:
        return 3 if self.sitting_out >= 0 else 4

    def next_seat(self, seat: int) -> int:
        nxt = (seat + 1) % 4
        return (nxt + 1) % 4 if nxt == self.sitting_out else nxt

    def trick_state(self) -> tuple[int, int, int, int]:
        """``(led suit, best strength, best seat, count on the table)`` of the trick."""
        if not self.trick:
            return 0, 0, 0, 0
        c = self.contract
        led = LED_SUIT[c][self.trick[0][1]]
        strength = STRENGTH[c][led]
        best_seat, first = self.trick[0]
        best = strength[first]
        count = 0
        for seat, t in self.trick:
            count += COUNT[t]
            if strength[t] > best:
                best, best_seat = strength[t], seat
        return led, best, best_seat, count

    def legal_tiles(self) -> list[int]:
        """Tiles the seat to move may play, lowest index first."""
        if self.over:
            return []
        hand = self.hands[self.to_move]
        if self.contract == SEVENS:
            hand = sevens_choices(hand)
        elif self.trick:
            follow = hand & FOLLOW_MASK[self.contract][LED_SUIT[self.contract][self.trick[0][1]]]
            if follow:
                hand = follow
        return list(indices_of(hand))

    def play(self, tile: int) -> Position:
        """The position after the seat to move plays ``tile`` (assumed legal)."""
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] &= ~(1 << tile)
        new_hands = (hands[0], hands[1], hands[2], hands[3])
        trick = (*self.trick, (seat, tile))
        if len(trick) < self.trick_size:
            return Position(
                new_hands,
                self.contract,
                self.bidder,
                self.bid,
                self.sitting_out,
                self.next_seat(seat),
                trick,
                self.points,
                self.bidder_tricks,
                self.tricks_left,
            )
        strength = STRENGTH[self.contract][LED_SUIT[self.contract][trick[0][1]]]
        winner, best_tile = trick[0]
        for s, t in trick[1:]:
            if strength[t] > strength[best_tile]:
                winner, best_tile = s, t
        gained = TRICK_BONUS + sum(COUNT[t] for _, t in trick)
        points = list(self.points)
        points[winner & 1] += gained
        return Position(
            new_hands,
            self.contract,
            self.bidder,
            self.bid,
            self.sitting_out,
            winner,
            (),
            (points[0], points[1]),
            self.bidder_tricks + (winner == self.bidder),
            self.tricks_left - 1,
        )

    def points_out(self) -> int:
        """Points still to be won: a point a trick left plus the count not yet won."""
        out = 0
        for seat in range(4):
            if seat != self.sitting_out:
                out |= self.hands[seat]
        for _, t in self.trick:
            out |= 1 << t
        count = sum(value * (out & mask).bit_count() for value, mask in _COUNT_MASKS)
        return self.tricks_left * TRICK_BONUS + count

    def objective(self) -> int:
        """What the solver optimises, as booked so far: team 0's points, or in
        nello the bidder's tricks."""
        return self.bidder_tricks if self.nello else self.points[0]

    def maximising(self, seat: int) -> bool:
        """Whether ``seat`` wants :meth:`objective` high."""
        if self.nello:
            return seat != self.bidder
        return seat & 1 == 0


# ------------------------------------------------------------------ search


def _search(pos: Position, alpha: int, beta: int) -> int:
    """Fail-soft value of the remaining tricks (same objective as :meth:`Position.objective`)."""
    if _BUILD_ERROR is not None:  # pragma: no cover
        _check_built()
    if pos.nello:
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
            pos.to_move,
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


def _rest_bound(pos: Position) -> int:
    return pos.tricks_left if pos.nello else pos.points_out()


def _exact_rest(pos: Position, guess: int | None = None) -> int:
    """Exact value of the remaining tricks, by null-window searches: the first
    at ``guess``, the next ones halving the interval the fail-soft results leave."""
    lower, upper = 0, _rest_bound(pos)
    probe = None if guess is None else min(max(guess, lower), upper)
    while lower < upper:
        if probe is None or not lower < probe <= upper:
            probe = (lower + upper + 1) // 2
        g = _search(pos, probe - 1, probe)
        if g >= probe:
            lower = g
        else:
            upper = g
        # after a guess, step from the last result (MTD(f)); else bisect
        probe = None if guess is None else g if g > lower else g + 1
    return lower


def exact_objective(pos: Position, guess: int | None = None) -> int:
    """The final :meth:`Position.objective` of the hand under optimal play."""
    booked = pos.objective()
    rest_guess = None if guess is None else guess - booked
    return booked + _exact_rest(pos, rest_guess)


def exact_value(pos: Position) -> int:
    """:attr:`Solution.value` alone, without valuing every move: the bidding team's
    final points (the bidder's tricks in nello) under optimal play."""
    return _value_for_bidders(pos, exact_objective(pos))


def objective_at_least(pos: Position, bound: int) -> bool:
    """Whether the final objective under optimal play is at least ``bound`` (one
    null-window search)."""
    need = bound - pos.objective()
    if need <= 0:
        return True
    if need > _rest_bound(pos):
        return False
    return _search(pos, need - 1, need) >= need


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
class Solution:
    """The exact solution of a Texas 42 position.

    ``value``: the bidding team's final points in the hand (point contracts),
    or the number of tricks the bidder takes in the whole hand (nello).
    ``points``: final points of teams 0 and 1 in the hand (in nello, along the
    principal variation); ``rest_points``: the part of them still to be won
    from this position. ``moves``: every legal move with its value, best first for the
    side to move. ``pv``: a line of optimal play to the end of the hand.
    ``made``: whether the bid is made under optimal play (the bidders reach
    ``min(bid, 42)`` points; in nello, the bidder takes no trick).
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

    @property
    def best_move(self) -> str:
        """An optimal move (the first of :attr:`moves`)."""
        return self.moves[0].move

    @property
    def best_moves(self) -> tuple[str, ...]:
        """Every optimal move."""
        top = self.moves[0].score
        return tuple(m.move for m in self.moves if m.score == top)


def _value_for_bidders(pos: Position, objective: int) -> int:
    """Turn the objective (team 0's points, or the bidder's tricks) into :attr:`Solution.value`."""
    if pos.nello or pos.bidders == 0:
        return objective
    return pos.points[0] + pos.points[1] + pos.points_out() - objective


def _points(pos: Position, objective: int) -> tuple[int, int]:
    total = pos.points[0] + pos.points[1] + pos.points_out()
    return objective, total - objective


def _score(pos: Position, seat: int, objective: int) -> int:
    if pos.nello:
        return objective if pos.maximising(seat) else -objective
    team0, team1 = _points(pos, objective)
    return team1 if seat & 1 else team0


def _principal_variation(pos: Position, objective: int) -> tuple[list[str], Position]:
    line: list[str] = []
    while not pos.over:
        for t in _ordered(pos.legal_tiles(), pos):
            child = pos.play(t)
            need = objective - child.objective()
            # the child's rest equals ``need`` exactly: test both sides of it
            if _search(child, need - 1, need + 1) == need:
                line.append("play " + TILE_TEXT[t])
                pos = child
                break
        else:  # pragma: no cover - a sound search always finds the move
            raise AssertionError("no move keeps the solved value")
    return line, pos


def _ordered(tiles: list[int], pos: Position) -> list[int]:
    # strongest tile first: a deterministic, readable choice among equal moves
    if not pos.trick:
        return sorted(
            tiles, key=lambda t: (-STRENGTH[pos.contract][LED_SUIT[pos.contract][t]][t], -t)
        )
    led = LED_SUIT[pos.contract][pos.trick[0][1]]
    return sorted(tiles, key=lambda t: (-STRENGTH[pos.contract][led][t], -t))


def solve_position(pos: Position) -> Solution:
    """Solve a position exactly: the value of every legal move and a principal variation."""
    if pos.over:
        raise ValueError("every trick of this hand has been played")
    start = _c.nodes() if _BUILD_ERROR is None else 0
    seat = pos.to_move
    scored: list[tuple[int, MoveValue]] = []
    guess: int | None = None
    for t in _ordered(pos.legal_tiles(), pos):
        obj = exact_objective(pos.play(t), guess)
        guess = obj
        move = MoveValue(
            move="play " + TILE_TEXT[t],
            action=A_PLAY + t,
            value=_value_for_bidders(pos, obj),
            score=_score(pos, seat, obj),
            points=None if pos.nello else _points(pos, obj),
        )
        scored.append((obj, move))
    scored.sort(key=lambda pair: -pair[1].score)
    objective = scored[0][0]
    values = [move for _, move in scored]
    line, final = _principal_variation(pos, objective)
    points = final.points
    value = objective if pos.nello else points[pos.bidders]
    made = value == 0 if pos.nello else value >= min(pos.bid, 42)
    return Solution(
        game="texas42",
        contract=CONTRACT_NAMES[pos.contract],
        objective="bidder tricks" if pos.nello else "points",
        to_move=seat,
        bidder=pos.bidder,
        value=value,
        points=points,
        rest_points=(points[0] - pos.points[0], points[1] - pos.points[1]),
        made=made,
        moves=tuple(values),
        pv=tuple(line),
        nodes=_c.nodes() - start,
    )


def can_reach(pos: Position, target: int) -> bool:
    """Whether the bidding team reaches ``target`` against best defence.

    Point contracts: the bidding team ends the hand with at least ``target``
    points. Nello: the bidder ends the hand with at most ``target`` tricks
    (``target=0``: the nello is made). One null-window search.
    """
    if pos.nello:
        return not objective_at_least(pos, target + 1)
    if pos.bidders == 0:
        return objective_at_least(pos, target)
    total = pos.points[0] + pos.points[1] + pos.points_out()
    # team 1 reaches target  <=>  team 0 ends with at most total - target
    return not objective_at_least(pos, total - target + 1)


@overload
def solve(game: Game, *, target: None = None) -> Solution: ...


@overload
def solve(game: Game, *, target: int) -> bool: ...


def solve(game: Game, *, target: int | None = None) -> Solution | bool:
    """Solve a Texas 42 game in the play phase (see the module docstring).

    Without ``target``, the full :class:`Solution`; with ``target``, whether
    the bidding team reaches it (:func:`can_reach`).
    """
    pos = Position.from_game(game)
    if target is not None:
        return can_reach(pos, target)
    return solve_position(pos)


def makes_bid(game: Game) -> bool:
    """Whether the bid is made under optimal play by both teams."""
    pos = Position.from_game(game)
    return can_reach(pos, 0 if pos.nello else min(pos.bid, 42))


# ------------------------------------------------------------ reference


def reference_value(pos: Position) -> int:
    """The final :meth:`Position.objective` by plain minimax in Python (no pruning,
    no table): the definition the C search is tested against. Small endings only."""
    if pos.over:
        return pos.objective()
    values = [reference_value(pos.play(t)) for t in pos.legal_tiles()]
    return max(values) if pos.maximising(pos.to_move) else min(values)
