"""The ``greedy`` level's rules of thumb for Bingo, on the engine's compact state.

A bot sees the game only through its seat's view; it reads the hand under way
into a :class:`~ludoteca.games.bingo.core.BingoCore` with the unknown tiles left
out (:func:`ludoteca.games.bingo.hidden.position_from_view`), and the ``expert``
fills them in with the engine's uniform sampler. Every rule of play and every
action number is the engine's; what lives here is only how to choose:

- :func:`heuristic_lead`, :func:`heuristic_reply` and :func:`heuristic_take`,
  the ``greedy`` level's rules on masks;
- :func:`greedy_action`, those rules for the player to move in a hand, from
  what that player may know of it (also the ``expert``'s play-out policy).
"""

from __future__ import annotations

from ludoteca.games.bingo.core import (
    A_CLOSE,
    A_SHOW,
    A_TAKE_HIDDEN,
    A_TAKE_UP,
    REPLY,
    TAKE,
    TARGET_POINTS,
    BingoCore,
)
from ludoteca.games.bingo.tables import (
    ABOVE,
    BINGO,
    DOUBLE_OF,
    STRENGTH,
    TRUMP_MASK,
    VALUE,
    tiles_in,
)
from ludoteca.tiles import DOUBLES_MASK, FULL_MASK

__all__ = [
    "greedy_action",
    "heuristic_lead",
    "heuristic_reply",
    "heuristic_take",
    "opponent_known",
    "possible_for_opponent",
    "sure_winners",
]

_DOUBLE_INDEX = {DOUBLE_OF[d]: d for d in range(7)}


def opponent_known(core: BingoCore, seat: int) -> int:
    """Tiles ``seat`` knows to be in its opponent's hand: the doubles it showed and
    has not played, the turned-up tile if it took it and has not played it."""
    opp = 1 - seat
    known = core.shown[opp]
    if core.up_holder == opp:
        known |= 1 << core.trump_tile
    return known & ~core.played


def possible_for_opponent(core: BingoCore, seat: int) -> int:
    """Tiles ``seat``'s opponent may hold, as far as ``seat`` can tell: none of
    ``seat``'s own, none played, not the turned-up tile while it lies in the stock."""
    out = FULL_MASK & ~core.hands[seat] & ~core.played
    if core.up >= 0:
        out &= ~(1 << core.trump_tile)
    return out


def sure_winners(cfg: int, hand: int, possible_opp: int) -> int:
    """The tiles of ``hand`` that no tile the opponent may hold can beat."""
    above = ABOVE[cfg]
    out = 0
    for t in tiles_in(hand):
        if not possible_opp & above[t]:
            out |= 1 << t
    return out


def heuristic_lead(
    cfg: int,
    hand: int,
    shown: int,
    possible_opp: int,
    points: int,
    compulsory: bool,
    can_close: bool,
) -> int:
    """The ``greedy`` lead (an action number): close when the sure tricks clearly
    make 70; show doubles behind a double that is sure to win (or nearly, for a
    show of two or more); take a trick that makes 70; cash sure tiles once
    following is compulsory; otherwise lead the cheapest tile, trumps last."""
    value, strength = VALUE[cfg], STRENGTH[cfg]
    sure = sure_winners(cfg, hand, possible_opp)
    sure_points = sum(value[t] + 4 for t in tiles_in(sure))
    if can_close and not compulsory and sure and points + sure_points >= TARGET_POINTS:
        return A_CLOSE
    doubles = hand & DOUBLES_MASK
    fresh = doubles & ~shown
    trumps = TRUMP_MASK[cfg] | 1 << BINGO
    if doubles and fresh:
        above = ABOVE[cfg]
        # behind a double nothing can beat, or at most two tiles when two or more are shown
        candidates = [
            t
            for t in tiles_in(doubles)
            if fresh & ~(1 << t)
            and (
                sure >> t & 1
                or (
                    (possible_opp & above[t]).bit_count() <= 2
                    and (fresh & ~(1 << t)).bit_count() >= 2
                )
            )
        ]
        if candidates:
            # a double already shown leads a show of every fresh one
            best = max(candidates, key=lambda t: (not fresh >> t & 1, strength[t]))
            return A_SHOW + _DOUBLE_INDEX[best]
    tiles = tiles_in(hand)
    for t in sorted(tiles, key=lambda t: -value[t]):
        if sure >> t & 1 and points + value[t] >= TARGET_POINTS:
            return t
    if compulsory and sure:
        return max(tiles_in(sure), key=lambda t: (value[t], strength[t]))
    return min(tiles, key=lambda t: (trumps >> t & 1, value[t], strength[t]))


def heuristic_reply(cfg: int, legal: int, led: int, show: int, points: int) -> int:
    """The ``greedy`` answer: win a trick worth it as cheaply as possible (a
    non-trump, or the weakest trump when the trick is worth 10 or more, denies a
    show, or makes 70), else throw the cheapest tile, trumps last."""
    value, strength = VALUE[cfg], STRENGTH[cfg]
    trumps = TRUMP_MASK[cfg] | 1 << BINGO
    led_strength = strength[led]
    tiles = tiles_in(legal)
    winners = [t for t in tiles if strength[t] > led_strength]
    if winners:
        best = min(winners, key=lambda t: (trumps >> t & 1, strength[t]))
        worth = value[led] >= 10 or bool(show) or points + value[led] + value[best] >= TARGET_POINTS
        if worth or not trumps >> best & 1:
            return best
    return min(tiles, key=lambda t: (trumps >> t & 1, value[t], strength[t]))


def heuristic_take(cfg: int, up: int, unseen: int) -> int:
    """Take the turned-up tile unless the unseen tiles are stronger on average."""
    strength = STRENGTH[cfg]
    tiles = tiles_in(unseen)
    if tiles and sum(strength[t] for t in tiles) / len(tiles) > strength[up]:
        return A_TAKE_HIDDEN
    return A_TAKE_UP


def greedy_action(core: BingoCore) -> int:
    """The greedy decision of the player to move in ``core``'s hand, from what that
    player may know of it (the opponent's hand and the stock are not read, so
    they may be unknown)."""
    seat = core.turn
    cfg = core.cfg
    possible = possible_for_opponent(core, seat)
    phase = core.phase
    if phase == TAKE:
        return heuristic_take(cfg, core.trump_tile, possible & ~opponent_known(core, seat))
    if phase == REPLY:
        allowed = 0
        for t in core.legal():
            allowed |= 1 << t
        return heuristic_reply(cfg, allowed, core.lead_tile, core.lead_show, core.points[seat])
    compulsory = core.following_compulsory
    return heuristic_lead(
        cfg,
        core.hands[seat],
        core.shown[seat],
        possible,
        core.points[seat],
        compulsory,
        not compulsory,
    )
