"""Exact uniform resampling of what one Bingo player cannot see.

For one hand and one observing seat, the unknowns are the opponent's dealt hand
and the hidden stock positions the observer did not draw. A *slot group* is
a set of places a tile of the opponent can have come from, with the moment it
arrived: the deal (seven places, time 0), each of the opponent's draws (one
place each) and the stock still lying face down (its remaining positions, time
infinity). What the observer saw restricts each unknown tile to an interval of
groups in time order:

- a tile the opponent played or showed at time ``q`` arrived before ``q``;
- a double the opponent did not hold when showing at time ``p`` (every double
  held and not shown before must be shown) arrived after ``p``;
- a tile the opponent could not have held when failing a step of the follow
  rule (no draws happen after following becomes compulsory) is still in the stock.

Deals consistent with the observation are then exactly the assignments of the
unknown tiles to the groups' places within their intervals; they are counted
by a small dynamic programme over the groups (tiles with the same interval are
interchangeable) and drawn uniformly, group by group, in proportion to the
counts of completions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from ludoteca.tiles import DOUBLES_MASK, FULL_MASK

from .tables import follow_step, forbidden_before

__all__ = ["HandObservation", "assignments", "count_deals", "sample_deal"]

HIDDEN_STOCK = 13
NEVER = 1 << 30


@dataclass
class HandObservation:
    """One hand as the observing seat saw it (the true deal is used only for what
    that seat saw: its own hand, the turned-up tile and the stock tiles it drew)."""

    seat: int
    cfg: int
    own_dealt: int
    up: int
    stock: Sequence[int]
    tricks: Sequence[tuple[int, int, int, int, int, int, int, bool]]
    draw_log: Sequence[tuple[int, int]]
    hidden_to: int
    pending_lead: tuple[int, int, int] | None = None
    """(leader, tile, shown doubles) of a trick led and not yet answered."""
    take_after: int = 7
    """The trick after which the last two stock tiles are shared out."""


@dataclass
class _Problem:
    caps: list[int]
    positions: list[int]  # stock position of each draw group (index 1 …), deal: -1
    remaining_positions: list[int]
    known_positions: dict[int, int]
    types: list[tuple[int, int, tuple[int, ...]]]  # (lo group, hi group, tiles)


def _build(obs: HandObservation) -> _Problem:
    seat, opp, cfg = obs.seat, 1 - obs.seat, obs.cfg
    stock = obs.stock
    group_times = [0]
    positions = [-1]
    known_positions: dict[int, int] = {}
    reveal: dict[int, int] = {}
    show_times: list[int] = []
    forbidden = 0
    rounds = {trick_no: winner for trick_no, winner in obs.draw_log}
    drawn = 0
    time = 1

    def lead(leader: int, tile: int, shown: int) -> None:
        if leader != opp:
            return
        for t in (tile, *_bits(shown)):
            reveal.setdefault(t, time)
        if shown:
            show_times.append(time)

    for i, (leader, led, reply, _winner, _pts, shown, _sp, compulsory) in enumerate(obs.tricks):
        trick_no = i + 1
        lead(leader, led, shown)
        time += 1
        if leader == seat:
            reveal.setdefault(reply, time)
            if compulsory:
                forbidden |= forbidden_before(cfg, led, follow_step(cfg, led, reply))
        time += 1
        if trick_no in rounds:
            first = rounds[trick_no]
            for pos, who in ((drawn, first), (drawn + 1, 1 - first)):
                if who == opp:
                    group_times.append(time)
                    positions.append(pos)
                else:
                    known_positions[pos] = stock[pos]
            drawn += 2
            time += 1
        elif obs.hidden_to >= 0 and trick_no == obs.take_after:
            if obs.hidden_to == opp:
                group_times.append(time)
                positions.append(drawn)
            else:
                known_positions[drawn] = stock[drawn]
            drawn += 1
            time += 1
    if obs.pending_lead is not None:
        lead(*obs.pending_lead)

    known = obs.own_dealt | (1 << obs.up)
    for t in known_positions.values():
        known |= 1 << t
    pool = FULL_MASK & ~known
    remaining_positions = [p for p in range(drawn, HIDDEN_STOCK)]
    caps = [7] + [1] * (len(group_times) - 1) + [len(remaining_positions)]
    stock_group = len(caps) - 1
    if pool.bit_count() != sum(caps):
        raise ValueError("the observation does not fit a Bingo deal")

    def first_group_after(p: int) -> int:
        for g, gt in enumerate(group_times):
            if gt > p:
                return g
        return stock_group

    by_interval: dict[tuple[int, int], list[int]] = {}
    for t in _bits(pool):
        bit = 1 << t
        q = reveal.get(t, NEVER)
        lo = 0
        if bit & DOUBLES_MASK:
            before = [p for p in show_times if p < q]
            if before:
                lo = first_group_after(max(before))
        if q == NEVER:
            hi = stock_group
            if forbidden & bit:
                lo = stock_group
        else:
            hi = max(g for g, gt in enumerate(group_times) if gt < q)
        by_interval.setdefault((lo, hi), []).append(t)
    types = [(lo, hi, tuple(ts)) for (lo, hi), ts in sorted(by_interval.items())]
    return _Problem(caps, positions, remaining_positions, known_positions, types)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _compositions(
    cap: int, slots: list[tuple[int, int, bool]]
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Ways to take ``cap`` tiles from types ``(type, available, must take all)``."""
    if not slots:
        if cap == 0:
            yield ()
        return
    (i, avail, must), rest = slots[0], slots[1:]
    rest_max = sum(a for _, a, _ in rest)
    lo = avail if must else max(0, cap - rest_max)
    for k in range(lo, min(avail, cap) + 1):
        for tail in _compositions(cap - k, rest):
            yield ((i, k), *tail)


class _Counter:
    def __init__(self, problem: _Problem) -> None:
        self.p = problem
        self.ways = lru_cache(maxsize=None)(self._ways)

    def options(self, g: int, counts: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """(weight, counts taken per type) for each way to fill group ``g``."""
        p = self.p
        slots = []
        for i, (lo, hi, _) in enumerate(p.types):
            n = counts[i]
            if not n:
                continue
            if hi < g:
                return []
            if lo <= g:
                slots.append((i, n, hi == g))
            elif hi == g:
                return []
        out = []
        for comp in _compositions(p.caps[g], slots):
            taken = [0] * len(counts)
            w = 1
            for i, k in comp:
                taken[i] = k
                w *= comb(counts[i], k)
            rest = tuple(c - k for c, k in zip(counts, taken, strict=True))
            w *= self.ways(g + 1, rest)
            if w:
                out.append((w, tuple(taken)))
        return out

    def _ways(self, g: int, counts: tuple[int, ...]) -> int:
        if g == len(self.p.caps):
            return 0 if any(counts) else 1
        return sum(w for w, _ in self.options(g, counts))


def count_deals(obs: HandObservation) -> int:
    """How many assignments of the unknown tiles to the opponent's groups and the
    stock are consistent with ``obs`` (each stands for the same number of stock orders)."""
    problem = _build(obs)
    counts = tuple(len(ts) for _, _, ts in problem.types)
    return _Counter(problem).ways(0, counts)


def assignments(obs: HandObservation) -> tuple[list[int], list[int], list[int]]:
    """The unknown pool as the sampler sees it: (the tiles, their lowest group, their
    highest group), with groups numbered 0 (the deal) … last (the stock)."""
    problem = _build(obs)
    tiles, los, his = [], [], []
    for lo, hi, ts in problem.types:
        for t in ts:
            tiles.append(t)
            los.append(lo)
            his.append(hi)
    return tiles, los, his


def sample_deal(obs: HandObservation, rng: random.Random) -> tuple[int, list[int]]:
    """A deal drawn uniformly among those consistent with ``obs``.

    Returns the opponent's dealt hand (a mask) and the full hidden stock in draw
    order (the positions the observer drew keep their tiles).
    """
    problem = _build(obs)
    counter = _Counter(problem)
    counts = tuple(len(ts) for _, _, ts in problem.types)
    left = [list(ts) for _, _, ts in problem.types]
    chosen: list[list[int]] = []
    for g in range(len(problem.caps)):
        options = counter.options(g, counts)
        total = sum(w for w, _ in options)
        if not total:
            raise ValueError("no deal is consistent with the observation")
        r = rng.randrange(total)
        taken = options[-1][1]
        for w, option in options:
            if r < w:
                taken = option
                break
            r -= w
        group: list[int] = []
        for i, k in enumerate(taken):
            if k:
                pick = rng.sample(left[i], k)
                group.extend(pick)
                left[i] = [t for t in left[i] if t not in pick]
        chosen.append(group)
        counts = tuple(c - k for c, k in zip(counts, taken, strict=True))
    stock = list(obs.stock)
    for g in range(1, len(problem.caps) - 1):
        stock[problem.positions[g]] = chosen[g][0]
    rest = chosen[-1]
    rng.shuffle(rest)
    for pos, t in zip(problem.remaining_positions, rest, strict=True):
        stock[pos] = t
    opp_dealt = 0
    for t in chosen[0]:
        opp_dealt |= 1 << t
    return opp_dealt, stock
