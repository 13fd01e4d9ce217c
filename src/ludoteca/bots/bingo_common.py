"""What a Bingo bot knows, how it guesses the rest, and a one-move heuristic.

- :class:`SeatKnowledge` reads one seat's view into masks: its hand, the tiles
  played, the turned-up tile and where it is, the points, the tricks of the
  hand with the order of the draws, and the inferences they allow.
- :class:`Determinizer` draws the opponent's hand and the order of the hidden
  stock uniformly among the deals consistent with that knowledge (the same
  distribution as ``game.sample_hidden``, for the current hand only, which is
  all a decision needs), exactly: a small dynamic programme counts, for each
  choice of the "late" doubles (those the opponent cannot have held when it
  showed), how many histories of the opponent's deal and draws fit; then the
  rest is uniform.
- :func:`heuristic_lead`, :func:`heuristic_reply` and :func:`heuristic_take`
  are the ``greedy`` level's rules on masks, also the playout policy of the
  ``expert``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from ludoteca.games.bingo.fast import TARGET_POINTS as TARGET
from ludoteca.games.bingo.tables import (
    BINGO,
    DOUBLE_OF,
    STRENGTH,
    TRUMP_DOUBLE,
    TRUMP_MASK,
    VALUE,
    config_of,
    follow_choices,
    follow_step,
    forbidden_before,
    tiles_in,
)
from ludoteca.tiles import DOUBLES_MASK, FULL_MASK, tile_index

__all__ = [
    "ABOVE",
    "A_CLOSE",
    "A_SHOW",
    "A_TAKE_HIDDEN",
    "A_TAKE_UP",
    "Determinizer",
    "SeatKnowledge",
    "action_of",
    "follow_mask",
    "heuristic_lead",
    "heuristic_reply",
    "heuristic_take",
    "sure_winners",
]

A_SHOW = 28
A_CLOSE = 35
A_TAKE_UP = 36
A_TAKE_HIDDEN = 37

ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << u for u in range(28) if STRENGTH[c][u] > STRENGTH[c][t]) for t in range(28))
    for c in range(len(STRENGTH))
)
"""``ABOVE[config][tile]``: the tiles that beat ``tile`` when it is led."""

_DOUBLE_INDEX = {DOUBLE_OF[d]: d for d in range(7)}


def action_of(move: str) -> int:
    """The action number of a Bingo move written in notation."""
    if move == "close":
        return A_CLOSE
    if move == "take up":
        return A_TAKE_UP
    if move == "take hidden":
        return A_TAKE_HIDDEN
    words = move.split()
    tile = tile_index(words[1])
    return A_SHOW + _DOUBLE_INDEX[tile] if len(words) == 3 else tile


def _mask(names: list[str]) -> int:
    out = 0
    for name in names:
        out |= 1 << tile_index(name)
    return out


# ------------------------------------------------------------------ knowledge


@dataclass
class SeatKnowledge:
    """One seat's knowledge of the current hand, as masks (read from its view)."""

    seat: int
    cfg: int
    phase: str
    hand: int
    opp_size: int
    played: int
    """Every tile played this hand (the tile on the table included)."""
    up: int
    """The turned-up tile (index)."""
    up_lying: bool
    """Whether the turned-up tile is still in the stock (face up, or face down after a close)."""
    up_holder: int
    """Who took the turned-up tile at the last-two choice (-1: nobody yet)."""
    hidden_left: int
    """Hidden stock tiles not yet drawn (the turned-up one not counted)."""
    closed_by: int
    compulsory: bool
    points: tuple[int, int]
    won: int
    shown: tuple[int, int]
    capture: int
    led: int
    lead_show: int
    tricks: list[tuple[int, int, int, int, int, bool]]
    """(leader, tile led, answer, winner, doubles shown, following compulsory) per trick."""
    draws_after: list[int]
    """The tricks after which both players drew (1 … 6)."""
    sets: tuple[int, int]
    target_sets: int

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> SeatKnowledge:
        seat = view["seat"]
        b7 = bool(view["options"].get("blanks_as_seven", False))
        cfg = config_of(view["trump"], b7)
        tricks = []
        played = 0
        draws_after = []
        for i, t in enumerate(view["tricks"], 1):
            (lead, reply) = t["plays"]
            led, ans = tile_index(lead["tile"]), tile_index(reply["tile"])
            played |= 1 << led | 1 << ans
            compulsory = t["following_compulsory"]
            tricks.append((t["leader"], led, ans, t["winner"], _mask(t["shown"]), compulsory))
            if not compulsory and i <= 6:
                draws_after.append(i)
        led, lead_show = -1, 0
        if view["trick"]:
            led = tile_index(view["trick"][0]["tile"])
            lead_show = _mask(view["trick"][0]["shown"])
            played |= 1 << led
        up = tile_index(view["turned_up_tile"])
        up_holder = -1
        stock_count = view["stock_count"]
        if view["up"] is None and not view["closed"]:
            up_holder = _up_holder(view, tricks)
        up_lying = up_holder < 0
        hidden_left = stock_count - (1 if up_lying else 0)
        capture = -1
        td = TRUMP_DOUBLE[cfg]
        if td != BINGO:
            for _l, a, b, w, _s, _c in tricks:
                if {a, b} == {BINGO, td}:
                    capture = w
        won = (1 if view["tricks_won"][0] else 0) | (2 if view["tricks_won"][1] else 0)
        return cls(
            seat=seat,
            cfg=cfg,
            phase=view["phase"],
            hand=_mask(view["hand"]),
            opp_size=view["hand_sizes"][1 - seat],
            played=played,
            up=up,
            up_lying=up_lying,
            up_holder=up_holder,
            hidden_left=hidden_left,
            closed_by=-1 if view["closed_by"] is None else view["closed_by"],
            compulsory=view["following_compulsory"],
            points=(view["points"][0], view["points"][1]),
            won=won,
            shown=(_mask(view["shown"][0]), _mask(view["shown"][1])),
            capture=capture,
            led=led,
            lead_show=lead_show,
            tricks=tricks,
            draws_after=draws_after,
            sets=(view["sets"][0], view["sets"][1]),
            target_sets=view["target_sets"],
        )

    @property
    def opp(self) -> int:
        return 1 - self.seat

    @property
    def opp_known(self) -> int:
        """Tiles known to be in the opponent's hand: its shown doubles not played, the
        turned-up tile if it took it."""
        known = self.shown[self.opp]
        if self.up_holder == self.opp:
            known |= 1 << self.up
        return known & ~self.played

    @property
    def possible_opp(self) -> int:
        """Tiles the opponent may hold (as far as the table shows)."""
        out = FULL_MASK & ~self.hand & ~self.played
        if self.up_lying:
            out &= ~(1 << self.up)
        return out | self.opp_known

    @property
    def stock_open(self) -> bool:
        """Whether tiles are still to be drawn (not closed, not exhausted)."""
        return self.closed_by < 0 and self.up_lying


def _up_holder(view: dict[str, Any], tricks: list[tuple[int, int, int, int, int, bool]]) -> int:
    """Who took the turned-up tile: the winner of the seventh trick chose (the log says how)."""
    taker = tricks[6][3]
    log = view["log"]
    for entry in reversed(log):
        if entry.startswith("take "):
            return taker if entry == "take up" else 1 - taker
        if entry.startswith("deal "):
            break
    raise ValueError("the last two were shared out, but the log does not say how")


# ------------------------------------------------------------ determinization


class Determinizer:
    """Uniform draws of the opponent's hand and the hidden stock's order, given what
    one seat knows of the current hand (see the module docstring).

    The opponent's tiles came from *groups*, in time order: its deal (seven
    places), then one place per draw it made (after each trick while the stock
    lasted, and the hidden tile if it got it at the last-two choice). A tile the
    opponent played or showed at trick ``j`` came from a group before ``j``; a
    double it did not show when it showed at trick ``p`` came from a group after
    ``p`` (or lies in the stock); a tile it could not hold when it failed a step
    of the follow rule (nobody draws then) lies in the stock.
    """

    def __init__(self, k: SeatKnowledge) -> None:
        opp = k.opp
        cfg = k.cfg
        times = [0, *k.draws_after]
        took_hidden = k.up_holder == k.seat and len(k.tricks) >= 7
        if took_hidden:
            times.append(7)
        caps = [7] + [1] * (len(times) - 1)
        last = len(times) - 1

        def hi_before(j: int) -> int:
            return max(g for g, t in enumerate(times) if t < j)

        def lo_after(p: int) -> int | None:
            for g, t in enumerate(times):
                if t >= p:
                    return g
            return None

        mine = k.hand
        reveal: dict[int, int] = {}
        shows: list[tuple[int, int]] = []  # (trick, doubles held then and not shown: excluded)
        forbidden = 0
        for j, (leader, led, ans, _w, shown, compulsory) in enumerate(k.tricks, 1):
            if leader == opp:
                for t in (led, *tiles_in(shown)):
                    reveal.setdefault(t, j)
                if shown:
                    shows.append((j, led))
                mine |= 1 << ans
            else:
                mine |= 1 << led
                reveal.setdefault(ans, j)
                if compulsory:
                    forbidden |= forbidden_before(cfg, led, follow_step(cfg, led, ans))
        if k.led >= 0:  # the opponent led the trick on the table
            j = len(k.tricks) + 1
            for t in (k.led, *tiles_in(k.lead_show)):
                reveal.setdefault(t, j)
            if k.lead_show:
                shows.append((j, k.led))
        if k.up_holder == k.seat:
            mine |= 1 << k.up
        pool = FULL_MASK & ~mine & ~(1 << k.up)
        # every tile of the pool: its interval of groups (lo, hi); hi = last + 1 is the stock
        stock_g = last + 1
        self.stock_only = 0
        self.intervals: dict[int, tuple[int, int]] = {}
        """Each unknown tile's groups (lowest, highest): 0 the deal, then the
        opponent's draws, ``len(times)`` the stock."""
        self.caps = [*caps, k.hidden_left]
        """The places in each group."""
        plain_hi: list[int] = []  # revealed tiles that may come from any group up to hi
        late: list[tuple[int, int, int]] = []  # (tile, lo, hi) with lo > 0
        unrevealed_late: list[tuple[int, int]] = []  # (tile, lo)
        plain_unrevealed: list[int] = []
        for t in tiles_in(pool):
            bit = 1 << t
            q = reveal.get(t)
            lo = 0
            if bit & DOUBLES_MASK:
                for p, led in shows:
                    if (q is None or p < q) and led != t:
                        g = lo_after(p)
                        lo = max(lo, stock_g if g is None else g)
            if q is None:
                self.intervals[t] = (lo, stock_g)
                if lo >= stock_g or forbidden & bit:
                    self.intervals[t] = (stock_g, stock_g)
                    self.stock_only |= bit
                elif lo:
                    unrevealed_late.append((t, lo))
                else:
                    plain_unrevealed.append(t)
            else:
                hi = hi_before(q)
                self.intervals[t] = (lo, hi)
                if lo > hi:
                    raise ValueError("the history is not consistent with any deal")
                if lo:
                    late.append((t, lo, hi))
                else:
                    plain_hi.append(hi)
        known_held = k.opp_known
        self.opp_known = known_held
        self.need = k.opp_size - known_held.bit_count()
        self.stock_size = k.hidden_left
        self.plain = plain_unrevealed
        unknown = len(plain_unrevealed) + len(unrevealed_late) + self.stock_only.bit_count()
        if unknown != self.need + self.stock_size:
            raise ValueError("the view does not add up to a Bingo deal")
        # weight of each choice of the late unrevealed doubles held now
        self.choices: list[tuple[int, int]] = []  # (cumulative weight, mask of late doubles)
        total = 0
        n_late = len(unrevealed_late)
        for sub in range(1 << n_late):
            chosen = [unrevealed_late[i] for i in range(n_late) if sub >> i & 1]
            rest = self.need - len(chosen)
            if rest < 0 or rest > len(plain_unrevealed):
                continue
            items_late = late + [(t, lo, last) for t, lo in chosen]
            plain = [*plain_hi, *([last] * rest)]
            w = _count(caps, plain, items_late) * comb(len(plain_unrevealed), rest)
            if w:
                total += w
                mask = 0
                for t, _lo in chosen:
                    mask |= 1 << t
                self.choices.append((total, mask))
        if not total:
            raise ValueError("no deal is consistent with what this seat saw")
        self.total = total
        self.late_unrevealed = 0
        for t, _lo in unrevealed_late:
            self.late_unrevealed |= 1 << t

    def probability(self, opp_hand: int) -> Fraction:
        """The chance that the opponent holds exactly ``opp_hand`` now."""
        late = opp_hand & self.late_unrevealed
        rest = opp_hand & ~late & ~self.opp_known
        plain = _mask_of(self.plain)
        if opp_hand & self.opp_known != self.opp_known or rest & ~plain:
            return Fraction(0)
        if opp_hand.bit_count() != self.opp_known.bit_count() + self.need:
            return Fraction(0)
        before = 0
        for cumulative, mask in self.choices:
            if mask == late:
                weight = cumulative - before
                return Fraction(weight, self.total * comb(len(self.plain), rest.bit_count()))
            before = cumulative
        return Fraction(0)

    def sample(self, rng: random.Random) -> tuple[int, list[int]]:
        """The opponent's hand (a mask) and the hidden stock in draw order."""
        r = rng.randrange(self.total)
        late = self.choices[-1][1]
        for cumulative, mask in self.choices:
            if r < cumulative:
                late = mask
                break
        rest = self.need - late.bit_count()
        hand = self.opp_known | late
        for t in rng.sample(self.plain, rest):
            hand |= 1 << t
        stock_mask = (self.stock_only | self.late_unrevealed | _mask_of(self.plain)) & ~hand
        stock = tiles_in(stock_mask)
        rng.shuffle(stock)
        return hand, stock


def _mask_of(tiles: list[int]) -> int:
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


def _count(caps: list[int], plain_hi: list[int], late: list[tuple[int, int, int]]) -> int:
    """Ways to place distinguishable items in groups of the given capacities (the
    first group a set of ``caps[0]``, the others one place each), each item in a
    group within its interval: ``plain_hi`` items may go to any group up to their
    ``hi``; each ``(tile, lo, hi)`` of ``late`` to a group from ``lo`` to ``hi``.

    Groups are filled from the last to the first; the plain items left are then
    told apart only by count, the late ones by which are placed.
    """
    n_groups = len(caps)
    if len(plain_hi) + len(late) != sum(caps):
        return 0
    avail_from = [0] * (n_groups + 1)  # plain items with hi >= g
    for hi in plain_hi:
        avail_from[hi] += 1
    for g in range(n_groups - 2, -1, -1):
        avail_from[g] += avail_from[g + 1]
    n_late = len(late)
    full = (1 << n_late) - 1
    ways: dict[int, int] = {0: 1}  # late items placed -> ways
    slots_done = 0
    for g in range(n_groups - 1, -1, -1):
        cap = caps[g]
        new: dict[int, int] = {}
        for placed, w in ways.items():
            plain_left = avail_from[g] - (slots_done - placed.bit_count())
            if g == 0:
                if placed == full and plain_left == cap:
                    new[placed] = new.get(placed, 0) + w
                continue
            # one place: a plain item, or one late item whose interval holds g
            if plain_left > 0:
                new[placed] = new.get(placed, 0) + w * plain_left
            for i, (_t, lo, hi) in enumerate(late):
                if not placed >> i & 1 and lo <= g <= hi:
                    key = placed | 1 << i
                    new[key] = new.get(key, 0) + w
        # a late item not placed by its lowest group can no longer be
        ways = {
            p: w
            for p, w in new.items()
            if all(p >> i & 1 or lo < g for i, (_t, lo, _hi) in enumerate(late))
        }
        slots_done += cap
    return sum(ways.values())


# ------------------------------------------------------------------ heuristics


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
    if can_close and not compulsory and sure and points + sure_points >= TARGET:
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
        if sure >> t & 1 and points + value[t] >= TARGET:
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
        worth = value[led] >= 10 or bool(show) or points + value[led] + value[best] >= TARGET
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


def follow_mask(cfg: int, led: int, hand: int) -> int:
    """The tiles of ``hand`` allowed to answer ``led`` when following is compulsory
    (the engine's rule, :func:`ludoteca.games.bingo.tables.follow_choices`)."""
    return follow_choices(cfg, led, hand)[0]
