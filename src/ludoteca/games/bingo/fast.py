"""A compact-state Bingo hand for simulation: one function, small ints and masks.

:func:`random_hand` plays one whole hand with uniformly random decisions, with
exactly the rules and the action numbers of :class:`ludoteca.games.bingo.Bingo`
(the tests replay its traces through the engine), but without the Game API's
bookkeeping: no history, no notation, no views. It is the fast path of the
benchmark and a building block for Monte Carlo players.

>>> import random
>>> out = random_hand(random.Random(3))
>>> out.winner in (0, 1) and max(out.points) >= 70 or out.closed_by is not None
True
"""

from __future__ import annotations

import random
from math import factorial
from typing import NamedTuple

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
    trump_of,
)

__all__ = ["HandOutcome", "random_hand", "random_permutation"]

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
