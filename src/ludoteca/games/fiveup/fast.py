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

from ludoteca.tiles import ALL_TILES, TILE_TEXT, indices_of

from .tables import (
    A_DRAW,
    A_OPEN,
    A_PASS,
    IS_DOUBLE,
    NUMBER_MASK,
    NUMBERS_OF,
    ON_NUMBER,
    ON_OUTER,
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
_SINGLE: tuple[int, ...] = tuple(ns[0] if len(ns) == 1 else -1 for ns in _NUMBERS)
"""The number of a 7-bit mask holding just one, else -1."""
_ALL = list(range(28))
Move = tuple[int, int, int, int, int, int, int, int, int, int]
_PAIRS: dict[int, list[Move]] = {}
"""The plays of some tiles on some targets, all showing one number, by
``tiles << 28 | targets``: ``(action, tile, target, number, outer number, tile bit,
target bit, number bit, outer bit, kind)``; kind 0 is a non-double joining a
non-double, 1 a non-double joining a double, 2 a double joining a non-double."""


def _half_table(base: int, pips: bool) -> tuple[int, ...]:
    """For each 14-bit half of a hand: its pips, or the numbers it shows (7-bit mask)."""
    table = [0] * (1 << 14)
    for m in range(1, 1 << 14):
        low = m & -m
        t = base + low.bit_length() - 1
        table[m] = table[m ^ low] + PIPS[t] if pips else table[m ^ low] | NUMBERS_OF[t]
    return tuple(table)


_NUMS_LOW = _half_table(0, False)
_NUMS_HIGH = _half_table(14, False)
_PIPS_LOW = _half_table(0, True)
_PIPS_HIGH = _half_table(14, True)


def _pairs(key: int) -> list[Move]:
    tiles, targets = key >> 28, key & 0xFFFFFFF
    moves = []
    for t in range(28):
        if not tiles >> t & 1:
            continue
        for x in range(28):
            if not targets >> x & 1:
                continue
            a = PLAY_ON[t * 28 + x]
            v, o = ON_NUMBER[a], ON_OUTER[a]
            kind = 2 if IS_DOUBLE[t] else 1 if IS_DOUBLE[x] else 0
            moves.append((a, t, x, v, o, 1 << t, 1 << x, 1 << v, 1 << o, kind))
    if len(_PAIRS) < 200_000:
        _PAIRS[key] = moves
    return moves


def _pips(mask: int) -> int:
    return _PIPS_LOW[mask & 0x3FFF] + _PIPS_HIGH[mask >> 14]


def playout(
    game: FiveUp, rng: random.Random, trace: list[int | str] | None = None
) -> tuple[list[int], int]:
    """Play ``game`` on to its end at random, on a private state.

    Returns the final scores and how many hands were dealt on the way. In the
    hand under way the stock is drawn in its order; in new hands each draw takes
    a uniformly random tile of those left, which is the same as drawing from a
    shuffled stock without shuffling it all (with a ``trace``, the deal written
    there lists the tiles drawn in order, then the others shuffled).
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
    tracing = trace is not None
    log: list[int | str] = trace if trace is not None else []
    numbers_of = NUMBERS_OF
    pairs = _PAIRS
    numbers = _NUMBERS
    single = _SINGLE
    nums_low, nums_high = _NUMS_LOW, _NUMS_HIGH
    pips_low, pips_high = _PIPS_LOW, _PIPS_HIGH
    number_mask = NUMBER_MASK
    nxt = game.next_seat
    leader = game.leader
    hands_dealt = 0
    # the stock: pool[:left] are the tiles still to draw; drawn in order from
    # the end when ``ordered``, else picked at random
    pool: list[int] = []
    left = 0
    ordered = False
    deal_at = -1  # where the current deal goes in the trace
    dealt: list[list[int]] = []
    drawn_seq: list[int] = []
    phase = game.phase  # 0 draw, 1 deal, 2 play
    if phase == 0:
        drawn = rng.sample(range(28), n)
        leader = max(range(n), key=lambda s: (ALL_TILES[drawn[s]].pips, ALL_TILES[drawn[s]].high))
        if tracing:
            log.append("draw " + " ".join(TILE_TEXT[t] for t in drawn))
    hands: list[int] = []
    tbn: list[int] = []
    room: list[int] = []
    ends = passes = turn = open_mask = 0
    resume = phase == 2  # the hand under way goes on first
    if resume:
        hands = list(game.hands)
        pool = game.stock[game.stock_pos :][::-1]
        left = len(pool)
        ordered = True
        tbn = list(game.tbn)
        room = [
            side + 2 if side else tip
            for side, tip in zip(game.sides_free, game.tips_free, strict=True)
        ]
        ends = game.ends
        passes = game.passes
        turn = game.turn
        for v in range(7):
            if tbn[v]:
                open_mask |= 1 << v
    over = False
    while not over:
        # ------------------------------------------------------------ a hand
        if not resume:
            hands_dealt += 1
            pool = _ALL[:]
            left = 28
            hands = [0] * n
            first = 0
            for s in range(n):
                m = 0
                for _ in range(5):
                    j = int(rand() * left)
                    left -= 1
                    t = pool[j]
                    m |= 1 << t
                    pool[j] = pool[left]
                hands[s] = m
                if s == leader:
                    # the leader's last tile dealt is a uniform pick of its hand: it opens
                    first = t
            ordered = False
            if tracing:
                deal_at = len(log)
                log.append("")
                dealt = [[t for t in range(27, -1, -1) if h >> t & 1] for h in hands]
                drawn_seq = []
            room = [0] * 28
            passes = 0
            turn = leader
        if not resume or not game.on_table:
            # the opening tile
            hand = hands[turn]
            if resume:
                opening = list(indices_of(hand))
                t = opening[int(rand() * len(opening))]
            else:
                t = first
            if tracing:
                log.append(A_OPEN + t)
            hands[turn] = hand ^ (1 << t)
            tile = ALL_TILES[t]
            tbn = [0] * 7
            tbn[tile.high] |= 1 << t
            tbn[tile.low] |= 1 << t
            open_mask = (1 << tile.high) | (1 << tile.low)
            if tile.is_double:
                room[t] = 4
            ends = tile.pips
            if not ends % 5 and ends:
                side = side_of[turn]
                gained = scores[side] + ends // 5
                if not (exact and gained > target):
                    scores[side] = gained
                    if gained >= target:
                        break
            turn = nxt[turn]
        resume = False
        while True:
            # -------------------------------------------------------- a decision
            hand = hands[turn]
            fits = open_mask & (nums_low[hand & 0x3FFF] | nums_high[hand >> 14])
            if fits:
                v = single[fits]
                if v >= 0:
                    key = (hand & number_mask[v]) << 28 | tbn[v]
                    moves = pairs.get(key) or _pairs(key)
                else:
                    moves = []
                    for v in numbers[fits]:
                        key = (hand & number_mask[v]) << 28 | tbn[v]
                        moves += pairs.get(key) or _pairs(key)
                a, t, x, v, o, bit, xbit, vbit, obit, kind = (
                    moves[int(rand() * len(moves))] if len(moves) > 1 else moves[0]
                )
                if tracing:
                    log.append(a)
                hand ^= bit
                hands[turn] = hand
                if kind == 0:
                    ends += o - v
                    tbn[v] ^= xbit
                    tbn[o] |= bit
                    open_mask |= obit
                    if not tbn[v]:
                        open_mask ^= vbit
                elif kind == 1:
                    # places left on a double: its free sides, then its two tips; it
                    # counts while a side is free (more than two places left)
                    r = room[x] - 1
                    room[x] = r
                    if r == 2:
                        ends -= v + v
                    elif not r:
                        tbn[v] ^= xbit
                    ends += o
                    tbn[o] |= bit
                    open_mask |= obit
                    if not tbn[v]:
                        open_mask ^= vbit
                else:
                    # a double joins a non-double: v stays open, on the double
                    tbn[v] = tbn[v] ^ xbit | bit
                    room[t] = 3
                    ends += v
                passes = 0
                if not ends % 5 and ends:
                    side = side_of[turn]
                    gained = scores[side] + ends // 5
                    if not (exact and gained > target):
                        scores[side] = gained
                        if gained >= target:
                            over = True
                            break
                if hand:
                    turn = nxt[turn]
                    continue
                # domino
                side = side_of[turn]
                opp = 0
                for s in range(n):
                    if side_of[s] != side:
                        h = hands[s]
                        opp += pips_low[h & 0x3FFF] + pips_high[h >> 14]
                points = (opp + 2) // 5  # bonus_points
                if points:
                    gained = scores[side] + points
                    if not (exact and gained > target):
                        scores[side] = gained
                        over = gained >= target
                leader = turn if winner_leads else nxt[leader]
                break
            if left > reserve:
                # draw until a tile fits or the stock is down to what is never drawn
                while True:
                    left -= 1
                    if ordered:
                        t = pool[left]
                    else:
                        j = int(rand() * (left + 1))
                        t = pool[j]
                        pool[j] = pool[left]
                    hand |= 1 << t
                    if tracing:
                        log.append(A_DRAW)
                        drawn_seq.append(t)
                    if numbers_of[t] & open_mask or left == reserve:
                        break
                hands[turn] = hand
                continue
            if tracing:
                log.append(A_PASS)
            passes += 1
            if passes < n:
                turn = nxt[turn]
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
                        over = gained >= target
            leader = nxt[leader]
            break
        if tracing and deal_at >= 0:
            _write_deal(log, deal_at, dealt, drawn_seq, pool[:left], rng)
            deal_at = -1
    if tracing and deal_at >= 0:
        _write_deal(log, deal_at, dealt, drawn_seq, pool[:left], rng)
    return scores, hands_dealt


def _write_deal(
    trace: list[int | str],
    at: int,
    dealt: list[list[int]],
    drawn: list[int],
    rest: list[int],
    rng: random.Random,
) -> None:
    """Write a play-out's deal into its trace: the tiles drawn in order, then the others."""
    rng.shuffle(rest)
    trace[at] = deal_text(dealt, drawn + rest)
