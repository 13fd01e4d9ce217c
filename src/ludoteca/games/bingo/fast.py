"""Compact-state Bingo hands for simulation: small ints and masks.

Both follow exactly the rules and the action numbers of
:class:`ludoteca.games.bingo.Bingo` (the tests check them against the engine),
without the Game API's bookkeeping: no history, no notation, no views.

- :func:`random_hand` plays one whole hand with uniformly random decisions in
  one function: the fast path of the benchmark.
- :class:`HandState` is one hand from any position, everything known (a real
  deal or a determinization), played move by move by any policy: the play-outs
  of Monte Carlo players such as the ``expert`` bot. Once following is
  compulsory, :mod:`ludoteca.games.bingo.solver` takes over.

>>> import random
>>> out = random_hand(random.Random(3))
>>> out.winner in (0, 1) and max(out.points) >= 70 or out.closed_by is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import factorial
from typing import TYPE_CHECKING, NamedTuple

from ludoteca.tiles import DOUBLES_MASK

from .tables import (
    BINGO,
    DOUBLE_OF,
    FOLLOW_STEPS,
    SHOW_POINTS,
    SLICE_TILES,
    STRENGTH,
    TRUMP_DOUBLE,
    VALUE,
    config_of,
    show_points,
    tiles_in,
    trump_of,
)

if TYPE_CHECKING:
    from .game import Bingo

__all__ = ["HandOutcome", "HandState", "random_hand", "random_permutation"]

_F28 = factorial(28)
_BITS = _F28.bit_length()
A_SHOW = 28
A_CLOSE = 35
A_TAKE_UP = 36
A_TAKE_HIDDEN = 37

_C0, _C1, _C2, _C3 = SLICE_TILES
# The bit of each double d-d, d = 0 … 6.
_DOUBLE_BITS = tuple(1 << DOUBLE_OF[d] for d in range(7))


def random_permutation(rng: random.Random) -> list[int]:
    """The 28 tile indices in a uniformly random order (one big draw, no bias).

    >>> sorted(random_permutation(random.Random(1))) == list(range(28))
    True
    """
    getrandbits = rng.getrandbits
    r = getrandbits(_BITS)
    while r >= _F28:
        r = getrandbits(_BITS)
    order = list(range(28))
    for i in range(27, 0, -1):
        r, j = divmod(r, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


class HandOutcome(NamedTuple):
    """How a hand ended."""

    winner: int
    points: tuple[int, int]
    """Points at the end, the failed close's extra points included."""
    tricks_won: tuple[int, int]
    sets: tuple[int, int]
    """Sets won in the hand, the extra set for the bingo's capture included."""
    closed_by: int | None
    tricks: int


def random_hand(
    rng: random.Random,
    leader: int = 0,
    blanks_as_seven: bool = False,
    order: list[int] | None = None,
    trace: list[tuple[tuple[int, ...], int]] | None = None,
) -> HandOutcome:
    """Play one hand with uniformly random decisions and return how it ended.

    ``order`` is the shuffled set (seat 0's seven tiles, seat 1's, the turned-up
    tile, then the hidden stock in draw order); by default a random one.
    ``trace`` (if given) receives ``(legal actions, chosen action)`` per decision.
    """
    if order is None:
        order = random_permutation(rng)
    getrandbits = rng.getrandbits
    h0 = h1 = 0
    for t in order[:7]:
        h0 |= 1 << t
    for t in order[7:14]:
        h1 |= 1 << t
    hands = [h0, h1]
    up = order[14]
    stock = order[15:]
    cfg = config_of(trump_of(up, blanks_as_seven), blanks_as_seven)
    strength = STRENGTH[cfg]
    value = VALUE[cfg]
    follow = FOLLOW_STEPS[cfg]
    trump_double = TRUMP_DOUBLE[cfg]
    points = [0, 0]
    won = [0, 0]
    shown = [0, 0]
    drawn = 0
    closed = -1
    compulsory = False
    capture = -1
    turn = leader
    tricks = 0
    while True:
        # the lead
        hand = hands[turn]
        acts = [*_C0[hand & 127], *_C1[hand >> 7 & 127], *_C2[hand >> 14 & 127], *_C3[hand >> 21]]
        doubles = hand & DOUBLES_MASK
        if doubles:
            fresh = doubles & ~shown[turn]
            if fresh:
                for d in range(7):
                    bit = _DOUBLE_BITS[d]
                    if doubles & bit and fresh & ~bit:
                        acts.append(A_SHOW + d)
        if not compulsory:
            acts.append(A_CLOSE)
        n = len(acts)
        k = getrandbits(n.bit_length())
        while k >= n:
            k = getrandbits(n.bit_length())
        a = acts[k]
        if trace is not None:
            trace.append((tuple(acts), a))
        if a == A_CLOSE:
            closed = turn
            compulsory = True
            acts.pop()
            n = len(acts)
            k = getrandbits(n.bit_length())
            while k >= n:
                k = getrandbits(n.bit_length())
            a = acts[k]
            if trace is not None:
                trace.append((tuple(acts), a))
        show = 0
        if a >= A_SHOW:
            a = DOUBLE_OF[a - A_SHOW]
            hand ^= 1 << a
            show = hand & DOUBLES_MASK & ~shown[turn]
            shown[turn] |= show
        else:
            hand ^= 1 << a
        hands[turn] = hand
        # the reply
        other = 1 - turn
        hand = hands[other]
        legal = hand
        if compulsory:
            m1, m2, m3 = follow[a]
            legal = hand & m1 or hand & m2 or hand & m3 or hand
        acts = [
            *_C0[legal & 127],
            *_C1[legal >> 7 & 127],
            *_C2[legal >> 14 & 127],
            *_C3[legal >> 21],
        ]
        n = len(acts)
        k = getrandbits(n.bit_length())
        while k >= n:
            k = getrandbits(n.bit_length())
        b = acts[k]
        if trace is not None:
            trace.append((tuple(acts), b))
        hands[other] = hand ^ (1 << b)
        tricks += 1
        winner = other if strength[b] > strength[a] else turn
        gain = value[a] + value[b]
        if show and winner == turn:
            gain += SHOW_POINTS[show.bit_count()] + (10 if a == BINGO or show & 1 else 0)
        points[winner] += gain
        won[winner] += 1
        if trump_double and (a == BINGO or b == BINGO) and (a == trump_double or b == trump_double):
            capture = winner
        if points[winner] >= 70:
            break
        turn = winner
        if compulsory:
            if not hands[other]:
                if closed >= 0:
                    winner = 1 - closed
                elif points[0] != points[1]:
                    winner = 0 if points[0] > points[1] else 1
                break
            continue
        if drawn < 12:
            hands[winner] |= 1 << stock[drawn]
            hands[1 - winner] |= 1 << stock[drawn + 1]
            drawn += 2
            continue
        a = A_TAKE_HIDDEN if getrandbits(1) else A_TAKE_UP
        if trace is not None:
            trace.append(((A_TAKE_UP, A_TAKE_HIDDEN), a))
        gets_up = winner if a == A_TAKE_UP else 1 - winner
        hands[gets_up] |= 1 << up
        hands[1 - gets_up] |= 1 << stock[12]
        compulsory = True
    loser = 1 - winner
    if closed == loser:
        points[winner] += max(70 - points[loser], 7)
    sets = [0, 0]
    sets[winner] = 3 if not won[loser] else 2 if points[loser] < 30 else 1
    if capture >= 0:
        sets[capture] += 1
    return HandOutcome(
        winner,
        (points[0], points[1]),
        (won[0], won[1]),
        (sets[0], sets[1]),
        closed if closed >= 0 else None,
        tricks,
    )


TARGET_POINTS = 70


class HandState:
    """One Bingo hand with every tile known, played on move by move by the rules.

    ``hands`` and ``shown`` are per seat (masks); ``stock`` the hidden stock tiles
    still to be drawn, in draw order (the turned-up tile ``up`` apart); ``won`` has
    bit ``s`` set once seat ``s`` has taken a trick; ``played`` every tile played
    this hand; ``capture`` who took the trump double with the bingo (-1: nobody);
    ``closed_by`` who closed the stock (-1: nobody); ``led`` and ``show`` the
    tile on the table and the doubles shown with it (-1 and 0 at a lead).
    ``phase`` is :attr:`LEAD`, :attr:`REPLY`, :attr:`TAKE` (the last-two choice)
    or :attr:`OVER`; then :attr:`winner` is set. Actions are the engine's.

    >>> from ludoteca import new_game
    >>> g = new_game("bingo", seed=4)
    >>> h = HandState.from_game(g)
    >>> sorted(h.legal_actions()) == sorted(g.legal_actions())
    True
    >>> while not h.is_over:
    ...     h.apply(h.legal_actions()[0])
    >>> h.winner in (0, 1) and 1 <= h.sets_won() <= 3
    True
    """

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

    def __init__(
        self,
        cfg: int,
        hands: Sequence[int],
        stock: Sequence[int],
        up: int,
        turn: int,
        *,
        up_lying: bool = True,
        closed_by: int = -1,
        points: Sequence[int] = (0, 0),
        won: int = 0,
        shown: Sequence[int] = (0, 0),
        capture: int = -1,
        led: int = -1,
        show: int = 0,
        played: int = 0,
        taking: bool = False,
    ) -> None:
        self.cfg = cfg
        self.hands = [hands[0], hands[1]]
        self.stock = list(stock)
        self.up = up
        """The turned-up tile."""
        self.up_lying = up_lying
        """Whether the turned-up tile is still in the stock (not yet taken)."""
        self.turn = turn
        """The seat to move."""
        self.closed_by = closed_by
        self.points = [points[0], points[1]]
        self.won = won
        self.shown = [shown[0], shown[1]]
        self.capture = capture
        self.led = led
        self.show = show
        self.played = played
        self.phase = self.TAKE if taking else self.REPLY if led >= 0 else self.LEAD
        self.winner = -1

    @classmethod
    def from_game(cls, game: Bingo) -> HandState:
        """The current hand of an engine game (at a lead, an answer or the last-two
        choice), every tile as it truly lies."""
        from .game import LEAD, REPLY, TAKE

        if game.phase not in (LEAD, REPLY, TAKE):
            raise ValueError("a hand state is taken while the hand is played")
        played = 0
        for _leader, led, reply, *_rest in game.tricks:
            played |= 1 << led | 1 << reply
        led = game.lead_tile if game.phase == REPLY else -1
        if led >= 0:
            played |= 1 << led
        up_lying = game.up >= 0
        return cls(
            game.cfg,
            game.hands,
            game.stock[game.drawn :] if up_lying else (),
            game.trump_tile,
            game.turn,
            up_lying=up_lying,
            closed_by=game.closed_by,
            points=game.points,
            won=(1 if game.tricks_won[0] else 0) | (2 if game.tricks_won[1] else 0),
            shown=game.shown,
            capture=game.bingo_capture,
            led=led,
            show=game.lead_show if led >= 0 else 0,
            played=played,
            taking=game.phase == TAKE,
        )

    def copy(self) -> HandState:
        """An independent copy (the stock list is shared: it is never changed in place)."""
        new = HandState.__new__(HandState)
        new.cfg = self.cfg
        new.hands = [self.hands[0], self.hands[1]]
        new.stock = self.stock
        new.up = self.up
        new.up_lying = self.up_lying
        new.turn = self.turn
        new.closed_by = self.closed_by
        new.points = [self.points[0], self.points[1]]
        new.won = self.won
        new.shown = [self.shown[0], self.shown[1]]
        new.capture = self.capture
        new.led = self.led
        new.show = self.show
        new.played = self.played
        new.phase = self.phase
        new.winner = self.winner
        return new

    @property
    def following_compulsory(self) -> bool:
        """Whether the follow rule applies (the stock is closed or exhausted); then
        nobody draws any more and the solver can finish the hand."""
        return self.closed_by >= 0 or not self.up_lying

    @property
    def is_over(self) -> bool:
        return self.phase == self.OVER

    def answers(self) -> int:
        """The tiles the player to move may answer with (a mask; at an answer)."""
        hand = self.hands[self.turn]
        if self.closed_by >= 0 or not self.up_lying:
            m1, m2, m3 = FOLLOW_STEPS[self.cfg][self.led]
            return hand & m1 or hand & m2 or hand & m3 or hand
        return hand

    def legal_actions(self) -> list[int]:
        """The legal actions of the player to move (empty once the hand is over)."""
        phase = self.phase
        if phase == self.REPLY:
            return tiles_in(self.answers())
        if phase == self.TAKE:
            return [A_TAKE_UP, A_TAKE_HIDDEN]
        if phase == self.OVER:
            return []
        seat = self.turn
        hand = self.hands[seat]
        acts = tiles_in(hand)
        doubles = hand & DOUBLES_MASK
        fresh = doubles & ~self.shown[seat]
        if fresh:
            for d in range(7):
                bit = _DOUBLE_BITS[d]
                if doubles & bit and fresh & ~bit:
                    acts.append(A_SHOW + d)
        if not self.following_compulsory:
            acts.append(A_CLOSE)
        return acts

    def apply(self, action: int) -> None:
        """Play the legal ``action`` of the player to move (not checked)."""
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
            gain += show_points(show.bit_count(), led == BINGO or bool(show & 1))
        points = self.points
        points[winner] += gain
        self.won |= 1 << winner
        td = TRUMP_DOUBLE[cfg]
        if td != BINGO and (led == BINGO or tile == BINGO) and (led == td or tile == td):
            self.capture = winner
        self.led = -1
        self.show = 0
        self.turn = winner
        self.phase = self.LEAD
        if points[winner] >= TARGET_POINTS:
            self._end(winner)
        elif self.closed_by >= 0 or not self.up_lying:
            if not hands[seat]:
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

    def final_points(self) -> tuple[int, int]:
        """Both seats' points once the hand is over, a failed close's extra points
        included (the closer's opponent gets what the closer lacked to 70, at least 7)."""
        points = [self.points[0], self.points[1]]
        winner = self.winner
        if self.closed_by == 1 - winner:
            points[winner] += max(TARGET_POINTS - points[1 - winner], 7)
        return points[0], points[1]

    def sets_won(self) -> int:
        """The sets the hand's winner scores (the bingo's capture apart): 3 if the
        loser took no trick, 2 if it has fewer than 30 points, else 1."""
        loser = 1 - self.winner
        if not self.won >> loser & 1:
            return 3
        return 2 if self.final_points()[loser] < 30 else 1
