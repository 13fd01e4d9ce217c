"""Random play-outs of Five-Up on a compact state, for simulation and search.

:func:`playout` plays a game on from any position to its end with uniformly
random legal moves (and uniformly random deals for later hands), without
touching the game it starts from and without building records, views or score
events: the rules of :mod:`.game` in one tight loop over small ints and tile
masks. Passing a ``trace`` list collects the chance events (as text) and the
decisions (as action numbers), so a play-out can be replayed through the public
API, which is how the tests check that both agree.

>>> import random
>>> from ludoteca import new_game
>>> g = new_game("fiveup", seed=5, players=3)
>>> scores, hands = playout(g, random.Random(1))
>>> max(scores) >= 61, hands >= 1, g.moves == new_game("fiveup", seed=5, players=3).moves
(True, True, True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoteca.tiles import ALL_TILES, TILE_TEXT

from .tables import (
    A_DRAW,
    A_OPEN,
    A_PASS,
    HAS_NUMBER,
    IS_DOUBLE,
    NUMBER_MASK,
    ON_NUMBER,
    ON_OUTER,
    ON_TARGET,
    ON_TILE,
    PIPS,
    PLAY_ON,
    bonus_points,
    deal_text,
)

if TYPE_CHECKING:
    from .game import FiveUp

__all__ = ["playout"]

_NUMBERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(v for v in range(7) if m >> v & 1) for m in range(128)
)
_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(14) if m >> t & 1) for m in range(1 << 14)
)
_PAIRS: dict[int, list[int]] = {}


def _pairs(key: int) -> list[int]:
    tiles, targets = key >> 28, key & 0xFFFFFFF
    acts = [
        PLAY_ON[t * 28 + x]
        for t in range(28)
        if tiles >> t & 1
        for x in range(28)
        if targets >> x & 1
    ]
    if len(_PAIRS) < 200_000:
        _PAIRS[key] = acts
    return acts


def _pips(mask: int) -> int:
    total = 0
    for t in _BITS[mask & 0x3FFF]:
        total += PIPS[t]
    for t in _BITS[mask >> 14]:
        total += PIPS[t + 14]
    return total


def playout(
    game: FiveUp, rng: random.Random, trace: list[int | str] | None = None
) -> tuple[list[int], int]:
    """Play ``game`` on to its end at random, on a private state.

    Returns the final scores and how many hands were dealt on the way.
    """
    n = game.n
    reserve = game.reserve
    side_of = game.side_of
    target: int = game.options["target"]
    exact: bool = game.options["exact_61"]
    winner_leads = game.options["later_lead"] == "winner"
    scores = list(game.scores)
    if game.winner is not None:
        return scores, 0
    rand = rng.random
    pairs = _PAIRS
    numbers = _NUMBERS
    has_number = HAS_NUMBER
    number_mask = NUMBER_MASK
    on_tile, on_target, on_number, on_outer = ON_TILE, ON_TARGET, ON_NUMBER, ON_OUTER
    is_double = IS_DOUBLE
    stock_size = 28 - 5 * n
    leader = game.leader
    hands_dealt = 0
    phase = game.phase  # 0 draw, 1 deal, 2 play (3: the opening tile is due)
    if phase == 0:
        drawn = rng.sample(range(28), n)
        leader = max(range(n), key=lambda s: (ALL_TILES[drawn[s]].pips, ALL_TILES[drawn[s]].high))
        if trace is not None:
            trace.append("draw " + " ".join(TILE_TEXT[t] for t in drawn))
        phase = 1
    if phase == 2:
        hands = list(game.hands)
        stock = list(game.stock)
        pos = game.stock_pos
        tbn = list(game.tbn)
        sides_free = list(game.sides_free)
        tips_free = list(game.tips_free)
        ends = game.ends
        passes = game.passes
        turn = game.turn
        open_mask = 0
        for v in range(7):
            if tbn[v]:
                open_mask |= 1 << v
        if not game.on_table:
            phase = 3  # the opening tile is due
    while True:
        if phase == 1:
            hands_dealt += 1
            order = list(range(28))
            for i in range(27, 0, -1):
                j = int(rand() * (i + 1))
                order[i], order[j] = order[j], order[i]
            hands = [0] * n
            for s in range(n):
                m = 0
                for t in order[5 * s : 5 * s + 5]:
                    m |= 1 << t
                hands[s] = m
            stock = order[5 * n :]
            if trace is not None:
                trace.append(
                    deal_text(
                        [sorted(order[5 * s : 5 * s + 5], reverse=True) for s in range(n)], stock
                    )
                )
            pos = 0
            sides_free = [0] * 28
            tips_free = [0] * 28
            passes = 0
            turn = leader
            phase = 3
        if phase == 3:
            # the opening tile
            hand = hands[turn]
            opening = [*_BITS[hand & 0x3FFF], *(t + 14 for t in _BITS[hand >> 14])]
            t = opening[int(rand() * len(opening))]
            if trace is not None:
                trace.append(A_OPEN + t)
            hands[turn] = hand ^ (1 << t)
            tile = ALL_TILES[t]
            tbn = [0] * 7
            tbn[tile.high] |= 1 << t
            tbn[tile.low] |= 1 << t
            open_mask = (1 << tile.high) | (1 << tile.low)
            if tile.is_double:
                sides_free[t] = 2
            ends = tile.pips
            phase = 2
            if ends and not ends % 5:
                side = side_of[turn]
                gained = scores[side] + ends // 5
                if not (exact and gained > target):
                    scores[side] = gained
                    if gained >= target:
                        return scores, hands_dealt
            turn = turn + 1 if turn + 1 < n else 0
        # one decision
        hand = hands[turn]
        if hand & has_number[open_mask]:
            moves: list[int] = []
            for v in numbers[open_mask]:
                tiles = hand & number_mask[v]
                if tiles:
                    key = tiles << 28 | tbn[v]
                    acts = pairs.get(key)
                    if acts is None:
                        acts = _pairs(key)
                    moves += acts
            a = moves[int(rand() * len(moves))]
            if trace is not None:
                trace.append(a)
            t = on_tile[a]
            x = on_target[a]
            v = on_number[a]
            bit = 1 << t
            hand ^= bit
            hands[turn] = hand
            if is_double[x]:
                if sides_free[x]:
                    sides_free[x] -= 1
                    if not sides_free[x]:
                        ends -= v + v
                        tips_free[x] = 2
                else:
                    tips_free[x] -= 1
                    if not tips_free[x]:
                        tbn[v] ^= 1 << x
            else:
                tbn[v] ^= 1 << x
                ends -= v
            if is_double[t]:
                sides_free[t] = 1
                ends += v + v
                tbn[v] |= bit  # a double joins a non-double: v stays open
            else:
                o = on_outer[a]
                ends += o
                tbn[o] |= bit
                open_mask |= 1 << o
                if not tbn[v]:
                    open_mask &= ~(1 << v)
            passes = 0
            if ends and not ends % 5:
                side = side_of[turn]
                gained = scores[side] + ends // 5
                if not (exact and gained > target):
                    scores[side] = gained
                    if gained >= target:
                        return scores, hands_dealt
            if hand:
                turn = turn + 1 if turn + 1 < n else 0
                continue
            # domino
            side = side_of[turn]
            opp = 0
            for s in range(n):
                if side_of[s] != side:
                    opp += _pips(hands[s])
            points = bonus_points(opp)
            if points:
                gained = scores[side] + points
                if not (exact and gained > target):
                    scores[side] = gained
                    if gained >= target:
                        return scores, hands_dealt
            leader = turn if winner_leads else (leader + 1 if leader + 1 < n else 0)
            phase = 1
            continue
        if stock_size - pos > reserve:
            if trace is not None:
                trace.append(A_DRAW)
            hands[turn] = hand | (1 << stock[pos])
            pos += 1
            continue
        if trace is not None:
            trace.append(A_PASS)
        passes += 1
        if passes < n:
            turn = turn + 1 if turn + 1 < n else 0
            continue
        # blocked
        per_side = [0] * len(scores)
        for s in range(n):
            per_side[side_of[s]] += _pips(hands[s])
        low = min(per_side)
        if per_side.count(low) == 1:
            side = per_side.index(low)
            points = bonus_points(sum(per_side) - low)
            if points:
                gained = scores[side] + points
                if not (exact and gained > target):
                    scores[side] = gained
                    if gained >= target:
                        return scores, hands_dealt
        leader = leader + 1 if leader + 1 < n else 0
        phase = 1
