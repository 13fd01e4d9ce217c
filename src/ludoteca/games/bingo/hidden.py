"""What one Bingo player knows of a hand, and exact uniform draws of the rest.

For one hand and one observing seat, the unknowns are the opponent's dealt hand
and the hidden stock positions the observer did not draw. A *slot group* is a
set of places a tile of the opponent can have come from, with the moment it
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
counts of completions (:class:`DealSampler`; :func:`sampler_for` keeps the last few
counted, so that many draws at one position count it once).

A :class:`HandObservation` is read from the engine's state
(:func:`observe`, for ``game.sample_hidden``) or from the seat's view alone
(:func:`observe_view`, for the bots): the tests hold the two to the same
observation. :func:`position_from_view` is the seat's hand as a
:class:`~ludoteca.games.bingo.core.BingoCore` with the unknown tiles left out,
for a bot to fill in with :meth:`DealSampler.fill`.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from math import comb
from typing import Any

from ludoteca.tiles import DOUBLES_MASK, FULL_MASK, tile_index

from .core import HIDDEN_STOCK, BingoCore, HandRecord
from .tables import BINGO, TRUMP_DOUBLE, config_of, follow_step, forbidden_before

__all__ = [
    "DealSampler",
    "HandObservation",
    "assignments",
    "count_deals",
    "count_placements",
    "observe",
    "observe_view",
    "position_from_view",
    "sampler_for",
]

NEVER = 1 << 30
TAKE_AFTER = HIDDEN_STOCK // 2 + 1
"""The trick after which the last two stock tiles are shared out (the seventh: both
players drew after each of the six before)."""


@dataclass(frozen=True)
class HandObservation:
    """One hand as the observing seat saw it."""

    seat: int
    cfg: int
    up: int
    """The turned-up tile."""
    known: int
    """The tiles the observer held at some time this hand, and the turned-up tile."""
    tricks: tuple[tuple[int, int, int, int, bool], ...]
    """``(leader, tile led, answer, doubles shown with the lead, following compulsory)``."""
    draw_after: tuple[int, ...]
    """The tricks after which both players drew, in order."""
    hidden_to: int
    """Who got the hidden tile at the last-two choice (``-1``: not made yet)."""
    stock_left: int
    """Hidden stock tiles not drawn yet."""
    pending_lead: tuple[int, int, int] | None = None
    """``(leader, tile, shown doubles)`` of a trick led and not yet answered."""

    @property
    def opp(self) -> int:
        return 1 - self.seat

    def opp_played(self) -> int:
        """The tiles the opponent has played this hand (the one on the table included)."""
        out = 0
        for leader, led, answer, _shown, _c in self.tricks:
            out |= 1 << (led if leader == self.opp else answer)
        if self.pending_lead is not None and self.pending_lead[0] == self.opp:
            out |= 1 << self.pending_lead[1]
        return out


def observe(core: BingoCore, seat: int, hand: int | None = None) -> HandObservation:
    """What ``seat`` saw of a hand of ``core`` (``hand`` numbered from 1; by default
    the current one, or the last finished one between hands)."""
    if hand is None:
        hand = core.hand_no
    if hand == core.hand_no and (not core.done or core.done[-1].hand != hand):
        return _observation(
            seat,
            core.cfg,
            core.trump_tile,
            core.dealt[seat],
            core.stock,
            core.drawn,
            core.tricks,
            core.draw_log,
            core.hidden_to,
            (1 - core.turn, core.lead_tile, core.lead_show) if core.lead_tile >= 0 else None,
        )
    record: HandRecord = core.done[hand - 1]
    drawn = 2 * len(record.draw_log) + (1 if record.hidden_to >= 0 else 0)
    return _observation(
        seat,
        config_of(record.trump, core.b7),
        record.trump_tile,
        record.dealt[seat],
        record.stock,
        drawn,
        record.tricks,
        record.draw_log,
        record.hidden_to,
        None,
    )


def _observation(
    seat: int,
    cfg: int,
    up: int,
    dealt: int,
    stock: tuple[int, ...],
    drawn: int,
    tricks: Any,
    draw_log: Any,
    hidden_to: int,
    pending: tuple[int, int, int] | None,
) -> HandObservation:
    known = dealt | 1 << up
    for r, (_trick, first) in enumerate(draw_log):
        known |= 1 << stock[2 * r + (0 if first == seat else 1)]
    if hidden_to == seat:
        known |= 1 << stock[HIDDEN_STOCK - 1]
    return HandObservation(
        seat=seat,
        cfg=cfg,
        up=up,
        known=known,
        tricks=tuple((t[0], t[1], t[2], t[5], t[7]) for t in tricks),
        draw_after=tuple(trick for trick, _ in draw_log),
        hidden_to=hidden_to,
        stock_left=HIDDEN_STOCK - drawn,
        pending_lead=pending,
    )


# ------------------------------------------------------------------ views


def _mask(names: list[str]) -> int:
    out = 0
    for name in names:
        out |= 1 << tile_index(name)
    return out


def observe_view(view: Mapping[str, Any]) -> HandObservation:
    """The observation of the hand under way, read from a seat's view alone."""
    seat = view["seat"]
    b7 = bool(view["options"].get("blanks_as_seven", False))
    cfg = config_of(view["trump"], b7)
    up = tile_index(view["turned_up_tile"])
    known = _mask(view["hand"]) | 1 << up
    tricks = []
    draw_after = []
    for i, t in enumerate(view["tricks"], 1):
        lead, answer = t["plays"]
        led, ans = tile_index(lead["tile"]), tile_index(answer["tile"])
        known |= 1 << (led if t["leader"] == seat else ans)
        compulsory = t["following_compulsory"]
        tricks.append((t["leader"], led, ans, _mask(t["shown"]), compulsory))
        if not compulsory and i < TAKE_AFTER:
            draw_after.append(i)
    pending = None
    if view["trick"]:
        lead = view["trick"][0]
        pending = (lead["seat"], tile_index(lead["tile"]), _mask(lead["shown"]))
        if lead["seat"] == seat:
            known |= 1 << pending[1]
    holder = view.get("turned_up_holder")
    up_lying = holder is None
    return HandObservation(
        seat=seat,
        cfg=cfg,
        up=up,
        known=known,
        tricks=tuple(tricks),
        draw_after=tuple(draw_after),
        hidden_to=-1 if holder is None else 1 - holder,
        stock_left=view["stock_count"] - (1 if up_lying else 0),
        pending_lead=pending,
    )


def position_from_view(view: Mapping[str, Any]) -> BingoCore:
    """The hand under way as the seat knows it: the opponent's hand empty and the
    stock unknown, for :meth:`DealSampler.fill` to complete."""
    seat = view["seat"]
    b7 = bool(view["options"].get("blanks_as_seven", False))
    played = 0
    for t in view["tricks"]:
        for p in t["plays"]:
            played |= 1 << tile_index(p["tile"])
    led, show = -1, 0
    if view["trick"]:
        led = tile_index(view["trick"][0]["tile"])
        show = _mask(view["trick"][0]["shown"])
    capture = -1
    trump_double = TRUMP_DOUBLE[config_of(view["trump"], b7)]
    for t in view["tricks"]:
        tiles = {tile_index(p["tile"]) for p in t["plays"]}
        if trump_double != BINGO and tiles == {BINGO, trump_double}:
            capture = t["winner"]
    hands = (_mask(view["hand"]), 0) if seat == 0 else (0, _mask(view["hand"]))
    holder = view.get("turned_up_holder")
    up_lying = holder is None
    stock_left = view["stock_count"] - (1 if up_lying else 0)
    return BingoCore.position(
        trump_tile=tile_index(view["turned_up_tile"]),
        hands=hands,
        turn=seat,
        stock=(-1,) * stock_left,
        blanks_as_seven=b7,
        up_lying=up_lying,
        up_holder=-1 if holder is None else holder,
        closed_by=-1 if view["closed_by"] is None else view["closed_by"],
        points=(view["points"][0], view["points"][1]),
        tricks_won=(view["tricks_won"][0], view["tricks_won"][1]),
        shown=(_mask(view["shown"][0]), _mask(view["shown"][1])),
        capture=capture,
        led=led,
        show=show,
        played=played,
        taking=view["phase"] == "take",
        sets=(view["sets"][0], view["sets"][1]),
    )


# ------------------------------------------------------------------ counting


@dataclass
class _Problem:
    caps: list[int]
    types: list[tuple[int, int, tuple[int, ...]]]  # (lo group, hi group, tiles)


@dataclass
class _Timeline:
    """The hand as the observer saw it, on one clock: the moments the opponent's
    groups arrived and what the opponent's plays revealed."""

    group_times: list[int]
    """When each of the opponent's groups (the deal, then each draw) arrived."""
    reveal: dict[int, int]
    """Tile -> the first moment the opponent played or showed it."""
    show_times: list[int]
    """The moments the opponent showed doubles."""
    forbidden: int
    """The tiles the opponent could not have held when it failed a step of the follow rule."""

    def opponent_led(self, time: int, tile: int, shown: int) -> None:
        """Note a lead of the opponent, with the doubles it showed."""
        for t in (tile, *_bits(shown)):
            self.reveal.setdefault(t, time)
        if shown:
            self.show_times.append(time)

    def first_group_after(self, moment: int, stock_group: int) -> int:
        """The first group that arrived after ``moment`` (the stock if none did)."""
        for g, gt in enumerate(self.group_times):
            if gt > moment:
                return g
        return stock_group

    def interval(self, tile: int, stock_group: int) -> tuple[int, int]:
        """The groups ``tile`` can have come from, first and last."""
        bit = 1 << tile
        q = self.reveal.get(tile, NEVER)
        lo = 0
        if bit & DOUBLES_MASK:
            # every double held is shown: one not shown at a showing before q came later
            before = [p for p in self.show_times if p < q]
            if before:
                lo = self.first_group_after(max(before), stock_group)
        if q == NEVER:
            hi = stock_group
            if self.forbidden & bit:
                lo = stock_group
        else:
            hi = max(g for g, gt in enumerate(self.group_times) if gt < q)
        return lo, hi


def _timeline(obs: HandObservation) -> _Timeline:
    """Walk the observed tricks: one tick per lead, per answer and per draw."""
    seat, opp, cfg = obs.seat, obs.opp, obs.cfg
    timeline = _Timeline(group_times=[0], reveal={}, show_times=[], forbidden=0)
    rounds = set(obs.draw_after)
    time = 1
    for trick_no, (leader, led, reply, shown, compulsory) in enumerate(obs.tricks, 1):
        if leader == opp:
            timeline.opponent_led(time, led, shown)
        time += 1
        if leader == seat:
            timeline.reveal.setdefault(reply, time)
            if compulsory:
                step = follow_step(cfg, led, reply)
                timeline.forbidden |= forbidden_before(cfg, led, step)
        time += 1
        if trick_no in rounds:
            timeline.group_times.append(time)
            time += 1
        elif obs.hidden_to >= 0 and trick_no == TAKE_AFTER:
            if obs.hidden_to == opp:
                timeline.group_times.append(time)
            time += 1
    if obs.pending_lead is not None:
        leader, tile, shown = obs.pending_lead
        if leader == opp:
            timeline.opponent_led(time, tile, shown)
    return timeline


def _build(obs: HandObservation) -> _Problem:
    """The counting problem of ``obs``: the groups' sizes, and the unknown tiles
    sorted by the interval of groups each can have come from."""
    timeline = _timeline(obs)
    pool = FULL_MASK & ~obs.known
    caps = [7] + [1] * (len(timeline.group_times) - 1) + [obs.stock_left]
    stock_group = len(caps) - 1
    if pool.bit_count() != sum(caps):
        raise ValueError("the observation does not fit a Bingo deal")
    by_interval: dict[tuple[int, int], list[int]] = {}
    for t in _bits(pool):
        by_interval.setdefault(timeline.interval(t, stock_group), []).append(t)
    types = [(lo, hi, tuple(ts)) for (lo, hi), ts in sorted(by_interval.items())]
    return _Problem(caps, types)


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


_Choice = tuple[list[int], tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[int, ...], ...]]
"""The ways to fill a group: cumulative weights, ``(type, how many)`` taken, counts left."""


class _Counter:
    def __init__(self, problem: _Problem) -> None:
        self.p = problem
        self.ways = lru_cache(maxsize=None)(self._ways)
        self.options = lru_cache(maxsize=None)(self._options)
        self.choice = lru_cache(maxsize=None)(self._choice)

    def _choice(self, g: int, counts: tuple[int, ...]) -> _Choice:
        """The ways to fill group ``g``, weighed: their cumulative weights, the
        ``(type, how many)`` each takes, and the counts each leaves."""
        options = self.options(g, counts)
        return (
            list(accumulate(w for w, _ in options)),
            tuple(tuple((i, k) for i, k in enumerate(taken) if k) for _, taken in options),
            tuple(tuple(c - k for c, k in zip(counts, taken, strict=True)) for _, taken in options),
        )

    def _options(self, g: int, counts: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """(weight, counts taken per type) for each way to fill group ``g``."""
        p = self.p
        slots = []
        for i, (lo, hi, _) in enumerate(p.types):
            n = counts[i]
            if not n:
                continue
            if hi < g:
                return ()
            if lo <= g:
                slots.append((i, n, hi == g))
            elif hi == g:
                return ()
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
        return tuple(out)

    def _ways(self, g: int, counts: tuple[int, ...]) -> int:
        if g == len(self.p.caps):
            return 0 if any(counts) else 1
        return sum(w for w, _ in self.options(g, counts))


def count_placements(caps: Sequence[int], intervals: Sequence[tuple[int, int]]) -> int:
    """Ways to place distinguishable items in groups holding exactly ``caps[g]``
    items each, item ``i`` in a group from ``intervals[i][0]`` to ``intervals[i][1]``:
    the count the sampler draws by (the items of a deal are its unknown tiles).

    >>> count_placements([1, 1], [(0, 1), (0, 1)]), count_placements([2, 1], [(0, 0)] * 3)
    (2, 0)
    """
    by_interval: dict[tuple[int, int], list[int]] = {}
    for i, interval in enumerate(intervals):
        by_interval.setdefault(interval, []).append(i)
    problem = _Problem(list(caps), [(lo, hi, tuple(ts)) for (lo, hi), ts in by_interval.items()])
    if len(intervals) != sum(caps):
        return 0
    return _Counter(problem).ways(0, tuple(len(ts) for _, _, ts in problem.types))


def count_deals(obs: HandObservation) -> int:
    """How many assignments of the unknown tiles to the opponent's groups and the
    stock are consistent with ``obs`` (each stands for the same number of stock orders)."""
    return DealSampler(obs).total


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


SAMPLERS_KEPT = 16
"""How many observations' samplers :func:`sampler_for` keeps, counted."""


@lru_cache(maxsize=SAMPLERS_KEPT)
def sampler_for(obs: HandObservation) -> DealSampler:
    """The :class:`DealSampler` of ``obs``, counted once while it is among the last
    few asked: a search drawing many deals of one position counts it once.

    >>> import ludoteca
    >>> game = ludoteca.new_game("bingo", seed=2)
    >>> sampler_for(observe(game.core, 0)) is sampler_for(observe(game.core, 0))
    True
    """
    # lru_cache keeps its bookkeeping safe when bots on several threads draw at once
    return DealSampler(obs)


class DealSampler:
    """Deals drawn uniformly among those consistent with one observation (the
    counting done once, for many draws).

    >>> import random, ludoteca
    >>> game = ludoteca.new_game("bingo", seed=2)
    >>> sampler = DealSampler(observe(game.core, 0))   # 20 unseen tiles: 7 dealt, 13 in stock
    >>> dealt, draws, rest = sampler.sample(random.Random(1))
    >>> dealt.bit_count(), draws, len(rest), sampler.total == comb(20, 7)
    (7, [], 13, True)
    """

    def __init__(self, obs: HandObservation) -> None:
        self.obs = obs
        problem = _build(obs)
        self._problem = problem
        self._counter = _Counter(problem)
        self._counts = tuple(len(ts) for _, _, ts in problem.types)
        self.total: int = self._counter.ways(0, self._counts)
        """How many deals are consistent with the observation."""
        if not self.total:
            raise ValueError("no deal is consistent with what this seat saw")

    def sample(self, rng: random.Random) -> tuple[int, list[int], list[int]]:
        """One deal: the opponent's dealt hand (a mask), the tiles of its draws in
        order, and the stock tiles still hidden, in a uniformly random order."""
        problem = self._problem
        choice = self._counter.choice
        counts = self._counts
        left = [list(ts) for _, _, ts in problem.types]
        groups: list[list[int]] = []
        for g in range(len(problem.caps)):
            cumulative, takes, leaves = choice(g, counts)
            j = bisect_right(cumulative, rng.randrange(cumulative[-1]))
            group: list[int] = []
            for i, k in takes[j]:
                pick = rng.sample(left[i], k)
                group += pick
                left[i] = [t for t in left[i] if t not in pick]
            groups.append(group)
            counts = leaves[j]
        dealt = 0
        for t in groups[0]:
            dealt |= 1 << t
        rest = groups[-1]
        rng.shuffle(rest)
        return dealt, [g[0] for g in groups[1:-1]], rest

    def hidden_now(self, rng: random.Random) -> tuple[int, list[int]]:
        """The opponent's hand now (a mask) and the hidden stock left in draw order,
        from one uniform deal."""
        obs = self.obs
        dealt, draws, rest = self.sample(rng)
        held = dealt
        for t in draws:
            held |= 1 << t
        if obs.hidden_to == obs.seat:  # the opponent took the turned-up tile
            held |= 1 << obs.up
        return held & ~obs.opp_played(), rest

    def fill(self, position: BingoCore, rng: random.Random) -> BingoCore:
        """A copy of the seat's ``position`` (:func:`position_from_view`) with the
        opponent's hand and the stock drawn uniformly."""
        hand, rest = self.hidden_now(rng)
        out = position.clone()
        out.hands[self.obs.opp] = hand
        out.stock = out.stock[: HIDDEN_STOCK - len(rest)] + tuple(rest)
        return out
