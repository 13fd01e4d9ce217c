"""The rules of Bingo, once: one compact state played by action numbers.

:class:`BingoCore` holds a whole match in small ints, tile masks and short lists
(``__slots__``): the chance events (the draw for first leader, each deal), the
decisions (:meth:`~BingoCore.legal`, :meth:`~BingoCore.apply`), the events of
each move as it is applied, their exact :meth:`~BingoCore.undo` and a cheap
:meth:`~BingoCore.clone`. It is the only statement of the game's rules in Python: the
:class:`~ludoteca.games.bingo.Bingo` engine wraps it (history, notation, views,
records), and the solver's
search, the bots' play-outs and determinizations and the fast paths play on it.
The C search (``_solver.c``) is the one second implementation, held to this one
by the tests.

Action numbers (every module takes them from here):

- ``0`` … ``27`` (:data:`A_PLAY` + tile index): lead or answer that tile;
- :data:`A_SHOW` + ``d`` (``d`` = 0 … 6): lead the double ``d-d`` and show every
  other double held that was not shown before;
- :data:`A_CLOSE`: close the stock before leading (the same player then leads);
- :data:`A_TAKE_UP` / :data:`A_TAKE_HIDDEN`: the trick's winner, when only the
  hidden and the turned-up tile are left, takes one (the other player gets the other).

A trick is kept as the tuple ``(leader, led, answer, winner, captured points,
doubles shown with the lead (a mask), show points scored, following compulsory)``
(indices :data:`T_LEADER` …); a finished hand as a :class:`HandRecord`.

>>> from ludoteca.tiles import tile_index as t
>>> core = BingoCore(blanks_as_seven=False)
>>> core.draw_first(t("5-4"), t("6-1"))      # 9 pips against 7: seat 0 leads
>>> order = [t(x) for x in "6-6 5-5 4-4 6-2 5-1 3-0 1-0".split()]
>>> order += [t(x) for x in "6-5 6-4 6-3 4-2 3-1 2-1 1-1".split()]
>>> order += [t(x) for x in "6-1 5-4 5-3 5-2 5-0 4-3 4-1 4-0 3-3 3-2 2-2 2-0 6-0 0-0".split()]
>>> core.deal_order(order)
>>> core.trump, PHASE_NAMES[core.phase], core.turn
(6, 'lead', 0)
>>> core.apply(A_SHOW + 6)                     # 6-6, showing 5-5 and 4-4
>>> core.apply(t("6-5"))
>>> core.points, core.tricks[-1][T_SHOW_POINTS]
([79, 0], 40)
>>> PHASE_NAMES[core.phase], core.done[-1].winner, core.done[-1].gained
('deal', 0, (3, 0))
>>> core.undo(); core.undo()
>>> core.points, core.hands[0] == sum(1 << i for i in order[:7])
([0, 0], True)
"""

from __future__ import annotations

import gc
import random
from math import factorial
from typing import Any, Final, NamedTuple, get_args

from ludoteca.events import Emitted, Event
from ludoteca.tiles import ALL_TILES, DOUBLES_MASK, TILE_TEXT

from .tables import (
    BINGO,
    DOUBLE_OF,
    FOLLOW_STEPS,
    STRENGTH,
    TRUMP_DOUBLE,
    VALUE,
    config_of,
    show_points,
    tiles_text,
    trump_of,
)
from .viewtypes import EndCode, Phase, SetsCode

__all__ = [
    "A_CLOSE",
    "A_PLAY",
    "A_SHOW",
    "A_TAKE_HIDDEN",
    "A_TAKE_UP",
    "DEAL",
    "DOUBLE_BIT",
    "DRAW",
    "END_CODES",
    "HAND_SIZE",
    "HIDDEN_STOCK",
    "LEAD",
    "NUM_ACTIONS",
    "OVER",
    "PHASE_NAMES",
    "REPLY",
    "SETS_CODES",
    "TAKE",
    "TARGET_POINTS",
    "TARGET_SETS",
    "BingoCore",
    "HandRecord",
    "action_tile",
    "heavier",
    "random_permutation",
]

# Phases.
DRAW, DEAL, LEAD, REPLY, TAKE, OVER = range(6)
PHASE_NAMES: tuple[Phase, ...] = get_args(Phase)

# Action numbers.
A_PLAY = 0
A_SHOW = 28
A_CLOSE = 35
A_TAKE_UP = 36
A_TAKE_HIDDEN = 37
NUM_ACTIONS = 38

TARGET_POINTS = 70
TARGET_SETS: Final = 7
HAND_SIZE = 7
HIDDEN_STOCK = 13

# The fields of a trick tuple.
T_LEADER, T_LED, T_ANSWER, T_WINNER, T_CAPTURED, T_SHOWN, T_SHOW_POINTS, T_COMPULSORY = range(8)

# How a hand ended, and why its winner got the sets it got.
REACHED_70, CLOSER_FAILED, TILES_RAN_OUT = range(3)
END_CODES: tuple[EndCode, ...] = get_args(EndCode)
NO_TRICK, UNDER_30, AT_LEAST_30 = range(3)
SETS_CODES: tuple[SetsCode, ...] = get_args(SetsCode)

DOUBLE_BIT: tuple[int, ...] = tuple(1 << DOUBLE_OF[d] for d in range(7))
"""The mask of the double ``d-d``, d = 0 … 6."""

# What the undo stack records: the kind of each move (the rest is read from the state).
_U_DRAW, _U_DEAL, _U_LEAD, _U_CLOSE, _U_ANSWER, _U_TAKE = range(6)

# Every field a deal replaces (saved by the deal, for its undo).
_HAND_FIELDS = (
    "dealt",
    "hands",
    "stock",
    "drawn",
    "trump_tile",
    "up",
    "up_holder",
    "hidden_to",
    "trump",
    "cfg",
    "closed_by",
    "closed_at",
    "hand_leader",
    "leader",
    "turn",
    "lead_tile",
    "lead_show",
    "points",
    "tricks_won",
    "shown",
    "tricks",
    "draw_log",
    "bingo_capture",
    "played",
)
_LIST_FIELDS = frozenset({"hands", "points", "tricks_won", "shown", "tricks", "draw_log"})


def _subsets(bits: range) -> tuple[tuple[int, ...], ...]:
    """Every subset of ``bits``, lowest first, indexed by its mask over them (built
    with the collector paused, as Texas 42's table of play actions: no cycles in it)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        out: list[tuple[int, ...]] = [()]
        for b in bits:
            out += [(*s, b) for s in out]
        return tuple(out)
    finally:
        if paused:
            gc.enable()


# The tiles of a mask's low and high 14 bits, lowest first (a hand's play actions).
_LOW = _subsets(range(14))
_HIGH = _subsets(range(14, 28))
# The show actions of the doubles of a mask, by mask of doubles.
_SHOWS: dict[int, tuple[int, ...]] = {
    sum(DOUBLE_BIT[d] for d in range(7) if sub >> d & 1): tuple(
        A_SHOW + d for d in range(7) if sub >> d & 1
    )
    for sub in range(128)
}

_F28 = factorial(28)
_BITS = _F28.bit_length()


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


def heavier(a: int, b: int) -> bool:
    """Whether tile ``a`` is heavier than tile ``b`` (higher total, then higher end).

    >>> from ludoteca.tiles import tile_index as t
    >>> heavier(t("5-4"), t("6-1")), heavier(t("6-3"), t("5-4"))
    (True, True)
    """
    ta, tb = ALL_TILES[a], ALL_TILES[b]
    return (ta.pips, ta.high) > (tb.pips, tb.high)


def action_tile(action: int) -> int:
    """The tile an action plays (``-1`` for a close or a take).

    >>> action_tile(A_SHOW + 6), action_tile(5), action_tile(A_CLOSE)
    (27, 5, -1)
    """
    if action < A_SHOW:
        return action
    if action < A_CLOSE:
        return DOUBLE_OF[action - A_SHOW]
    return -1


class HandRecord(NamedTuple):
    """A finished hand: how it was dealt and played, how it ended and what it scored."""

    hand: int
    leader: int
    """Who led the hand's first trick."""
    trump: int
    trump_tile: int
    dealt: tuple[int, int]
    stock: tuple[int, ...]
    """The hidden stock in draw order."""
    tricks: tuple[tuple[int, int, int, int, int, int, int, bool], ...]
    draw_log: tuple[tuple[int, int], ...]
    """``(trick, its winner)`` for each trick after which both players drew."""
    hidden_to: int
    """Who got the hidden tile at the last-two choice (``-1``: never made)."""
    closed_by: int
    closed_at: int
    """How many tricks were played when the stock was closed (``-1``: never closed)."""
    tricks_won: tuple[int, int]
    points: tuple[int, int]
    """Final points, the failed close's extra points included."""
    end: int
    """:data:`REACHED_70`, :data:`CLOSER_FAILED` or :data:`TILES_RAN_OUT`."""
    winner: int
    penalty: int
    """The failed close's extra points, to the winner."""
    capture: int
    """Who captured the trump double with the bingo (``-1``: nobody)."""
    result_sets: int
    """The sets the hand's result gives its winner: 3, 2 or 1."""
    sets_why: int
    """:data:`NO_TRICK`, :data:`UNDER_30` or :data:`AT_LEAST_30`."""
    gained: tuple[int, int]
    """Sets gained by each seat, the extra set included."""
    sets_after: tuple[int, int]


# Builds a record without the NamedTuple's Python-level __new__ (once a hand, on the hot path).
_new_record: Any = tuple.__new__


def _with_bingo(led: int, shown: int) -> bool:
    """Whether a show scores the bingo's 10 points: the bingo led, or among the doubles shown."""
    return led == BINGO or bool(shown >> BINGO & 1)


# ------------------------------------------------------------------ events
# The core emits each move's events as it applies it, deferred: the numbers they are
# built from (values never changed in place), and one of these builds them when read.


def _first_leader_events(a: int, b: int, leader: int) -> tuple[Event, ...]:
    return (Event("first_leader", {"tiles": [TILE_TEXT[a], TILE_TEXT[b]], "leader": leader}),)


def _dealt_events(hand: int, leader: int, trump: int, up: int) -> tuple[Event, ...]:
    return (
        Event("hand_dealt", {"hand": hand, "leader": leader, "trump": trump, "up": TILE_TEXT[up]}),
    )


def _shown_events(seat: int, led: int, shown: int) -> tuple[Event, ...]:
    bingo = _with_bingo(led, shown)
    return (
        Event(
            "doubles_shown",
            {
                "seat": seat,
                "led": TILE_TEXT[led],
                "tiles": tiles_text(shown),
                "points": show_points(shown.bit_count(), bingo),
                "bingo_bonus": 10 if bingo else 0,
            },
        ),
    )


def _closed_events(seat: int, points: int, tricks: int) -> tuple[Event, ...]:
    return (
        Event("stock_closed", {"seat": seat, "points": points, "before_trick": tricks + 1}),
        Event("following_compulsory", {"why": "closed"}),
    )


def _drew(seat: int, tile: int) -> Event:
    """``seat`` drew ``tile`` (only that seat sees which)."""
    return Event("drew", {"seat": seat, "tile": TILE_TEXT[tile]}, seat, ("tile",))


def _taken_events(seat: int, up: bool, up_tile: int, hidden: int) -> tuple[Event, ...]:
    up_to = seat if up else 1 - seat
    return (
        Event(
            "last_two_taken",
            {
                "seat": seat,
                "took": "up" if up else "hidden",
                "up_to": up_to,
                "up": TILE_TEXT[up_tile],
            },
        ),
        _drew(1 - up_to, hidden),
        Event("following_compulsory", {"why": "exhausted"}),
    )


def _hand_ended(h: HandRecord) -> Event:
    return Event(
        "hand_ended",
        {
            "hand": h.hand,
            "winner": h.winner,
            "end": END_CODES[h.end],
            "points": list(h.points),
            "tricks_won": list(h.tricks_won),
            "closed_by": h.closed_by if h.closed_by >= 0 else None,
            "failed_close_penalty": h.penalty,
            "sets_won": list(h.gained),
            "sets_reason": SETS_CODES[h.sets_why],
            "bingo_capture": h.capture if h.capture >= 0 else None,
            "sets_after": list(h.sets_after),
        },
    )


def _trick_events(
    trick: tuple[int, int, int, int, int, int, int, bool],
    number: int,
    capture: bool,
    stock: tuple[int, ...] = (),
    drawn: int = -1,
    record: HandRecord | None = None,
    winner: int = -1,
) -> tuple[Event, ...]:
    """The events of the answer that completed ``trick``, the hand's ``number``-th: the
    trick won, the trump double captured with the bingo (``capture``), the two tiles
    drawn from ``stock`` at ``drawn`` (``-1``: none), the hand's end (its ``record``)
    and the match's (its ``winner``, ``-1`` while it goes on)."""
    leader, led, answer, won_by, captured, _shown, show_pts, _c = trick
    out = [
        Event(
            "trick_won",
            {
                "trick": number,
                "leader": leader,
                "tiles": [TILE_TEXT[led], TILE_TEXT[answer]],
                "winner": won_by,
                "points": captured,
                "show_points": show_pts,
            },
        )
    ]
    if capture:
        trump_double = answer if led == BINGO else led
        out.append(
            Event("bingo_capture", {"seat": won_by, "trump_double": TILE_TEXT[trump_double]})
        )
    if drawn >= 0:
        out += (_drew(won_by, stock[drawn]), _drew(1 - won_by, stock[drawn + 1]))
    if record is not None:
        out.append(_hand_ended(record))
        if winner >= 0:
            out.append(Event("game_over", {"winner": winner, "sets": list(record.sets_after)}))
    return tuple(out)


class BingoCore:
    """A Bingo match as one compact state (see the module's documentation).

    Match: ``phase``, ``draws`` (the draw for first leader, or ``None``),
    ``first_leader``, ``hand_no`` (hands dealt), ``sets``, ``done`` (the finished
    hands), ``winner`` (``-1`` while the match goes on), ``b7`` (blanks as seven).

    The hand being played (or the last one, until the next deal): ``dealt`` and
    ``hands`` (masks by seat), ``stock`` (the 13 hidden tiles in draw order) and
    ``drawn`` (how many were drawn), ``trump_tile`` (the turned-up tile), ``up``
    (the turned-up tile while it lies in the stock, else ``-1``), ``up_holder``
    and ``hidden_to`` (who got each of the last two), ``trump``, ``cfg`` (the
    table configuration), ``closed_by`` and ``closed_at``, ``hand_leader``,
    ``leader`` and ``turn``, ``lead_tile`` and ``lead_show`` (the tile on the
    table and the doubles shown with it), ``points``, ``tricks_won``, ``shown``
    (doubles shown by each seat), ``tricks``, ``draw_log``, ``bingo_capture``
    (who took the trump double with the bingo), ``played`` (tiles played this
    hand, the one on the table included). ``-1`` stands for nobody or nothing.
    ``sink``, when a list, receives each move's events as it is applied, deferred
    (one :data:`~ludoteca.events.DeferredEvents` a move that has any); clones have none.
    """

    __slots__ = (
        *_HAND_FIELDS,
        "b7",
        "done",
        "draws",
        "first_leader",
        "hand_no",
        "phase",
        "sets",
        "sink",
        "stack",
        "winner",
    )

    phase: int
    draws: tuple[int, int] | None
    first_leader: int
    hand_no: int
    sets: list[int]
    done: tuple[HandRecord, ...]
    winner: int
    b7: bool
    sink: list[Emitted] | None
    stack: Any
    """The undo stack: ``(kind, saved, rest)`` cells, ``None`` when empty."""
    dealt: tuple[int, int]
    hands: list[int]
    stock: tuple[int, ...]
    drawn: int
    trump_tile: int
    up: int
    up_holder: int
    hidden_to: int
    trump: int
    cfg: int
    closed_by: int
    closed_at: int
    hand_leader: int
    leader: int
    turn: int
    lead_tile: int
    lead_show: int
    points: list[int]
    tricks_won: list[int]
    shown: list[int]
    tricks: list[tuple[int, int, int, int, int, int, int, bool]]
    draw_log: list[tuple[int, int]]
    bingo_capture: int
    played: int

    def __init__(self, blanks_as_seven: bool = False) -> None:
        self.phase = DRAW
        self.draws = None
        self.first_leader = -1
        self.hand_no = 0
        self.sets = [0, 0]
        self.done = ()
        self.winner = -1
        self.b7 = blanks_as_seven
        self.stack = None
        self.sink = None
        self._clear_hand()

    def _clear_hand(self) -> None:
        self.dealt = (0, 0)
        self.hands = [0, 0]
        self.stock = ()
        self.drawn = 0
        self.trump_tile = -1
        self.up = -1
        self.up_holder = -1
        self.hidden_to = -1
        self.trump = -1
        self.cfg = 0
        self.closed_by = -1
        self.closed_at = -1
        self.hand_leader = -1
        self.leader = -1
        self.turn = -1
        self.lead_tile = -1
        self.lead_show = 0
        self.points = [0, 0]
        self.tricks_won = [0, 0]
        self.shown = [0, 0]
        self.tricks = []
        self.draw_log = []
        self.bingo_capture = -1
        self.played = 0

    @classmethod
    def position(
        cls,
        *,
        trump_tile: int,
        hands: tuple[int, int],
        turn: int,
        stock: tuple[int, ...] = (),
        blanks_as_seven: bool = False,
        up_lying: bool = True,
        up_holder: int = -1,
        closed_by: int = -1,
        points: tuple[int, int] = (0, 0),
        tricks_won: tuple[int, int] = (0, 0),
        shown: tuple[int, int] = (0, 0),
        capture: int = -1,
        led: int = -1,
        show: int = 0,
        played: int = 0,
        taking: bool = False,
        sets: tuple[int, int] = (0, 0),
    ) -> BingoCore:
        """A hand in play, given field by field (a seat's knowledge with the hidden
        tiles filled in, or a position to solve): ``stock`` is the hidden stock
        still to be drawn, in draw order; ``up_lying`` whether the turned-up tile
        is still in it, else ``up_holder`` who took it; ``led`` and ``show`` the
        tile on the table (-1 at a lead) and the doubles shown with it; ``taking``
        the last-two choice. The trick history before is not kept (its counts
        are: ``tricks_won``)."""
        core = cls(blanks_as_seven)
        core.hand_no = 1
        core.sets = [sets[0], sets[1]]
        core.trump_tile = trump_tile
        core.trump = trump_of(trump_tile, blanks_as_seven)
        core.cfg = config_of(core.trump, blanks_as_seven)
        core.dealt = (0, 0)
        core.hands = [hands[0], hands[1]]
        core.stock = (-1,) * (HIDDEN_STOCK - len(stock)) + tuple(stock)
        core.drawn = HIDDEN_STOCK - len(stock)
        core.up = trump_tile if up_lying else -1
        if not up_lying and up_holder >= 0:
            core.up_holder, core.hidden_to = up_holder, 1 - up_holder
        core.closed_by = closed_by
        core.closed_at = 0 if closed_by >= 0 else -1
        core.points = [points[0], points[1]]
        core.tricks_won = [tricks_won[0], tricks_won[1]]
        core.shown = [shown[0], shown[1]]
        core.bingo_capture = capture
        core.played = played | (1 << led if led >= 0 else 0)
        core.lead_tile = led
        core.lead_show = show if led >= 0 else 0
        core.turn = turn
        core.leader = 1 - turn if led >= 0 else turn
        core.hand_leader = core.leader
        core.phase = TAKE if taking else REPLY if led >= 0 else LEAD
        return core

    @property
    def scores(self) -> list[int]:
        """The sets each seat has won (the match's score)."""
        return self.sets

    @property
    def hands_scored(self) -> int:
        """How many hands have been scored."""
        return len(self.done)

    def clone(self) -> BingoCore:
        """An independent copy (what is never changed in place is shared)."""
        new = BingoCore.__new__(BingoCore)
        new.phase = self.phase
        new.draws = self.draws
        new.first_leader = self.first_leader
        new.hand_no = self.hand_no
        new.sets = self.sets[:]
        new.done = self.done
        new.winner = self.winner
        new.sink = None
        new.b7 = self.b7
        new.stack = self.stack
        new.dealt = self.dealt
        new.hands = self.hands[:]
        new.stock = self.stock
        new.drawn = self.drawn
        new.trump_tile = self.trump_tile
        new.up = self.up
        new.up_holder = self.up_holder
        new.hidden_to = self.hidden_to
        new.trump = self.trump
        new.cfg = self.cfg
        new.closed_by = self.closed_by
        new.closed_at = self.closed_at
        new.hand_leader = self.hand_leader
        new.leader = self.leader
        new.turn = self.turn
        new.lead_tile = self.lead_tile
        new.lead_show = self.lead_show
        new.points = self.points[:]
        new.tricks_won = self.tricks_won[:]
        new.shown = self.shown[:]
        new.tricks = self.tricks[:]
        new.draw_log = self.draw_log[:]
        new.bingo_capture = self.bingo_capture
        new.played = self.played
        return new

    # ------------------------------------------------------------ search API

    @property
    def to_move(self) -> int | None:
        """The seat to decide; ``None`` once the hand is over: the search API
        (:class:`ludoteca.search.SearchState`), which covers a hand."""
        return self.turn if LEAD <= self.phase <= TAKE else None

    def is_terminal(self) -> bool:
        """Whether the hand is over (or not dealt yet)."""
        return not LEAD <= self.phase <= TAKE

    def returns(self) -> list[int]:
        """Per seat, the sets it won with this hand (the bingo's included): zeros
        until the hand ends."""
        if LEAD <= self.phase <= TAKE or not self.done:
            return [0, 0]
        return list(self.done[-1].gained)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """None: a hand has no chance event once dealt (the stock's order is dealt)."""
        return []

    # ------------------------------------------------------------ questions

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being played (a lead, an answer or the last-two choice)."""
        return LEAD <= self.phase <= TAKE

    @property
    def following_compulsory(self) -> bool:
        """Whether the follow rule applies: the stock is closed or exhausted (in a hand)."""
        return LEAD <= self.phase <= TAKE and (self.closed_by >= 0 or self.up < 0)

    @property
    def won_mask(self) -> int:
        """Bit ``s`` set once seat ``s`` has taken a trick this hand."""
        return (1 if self.tricks_won[0] else 0) | (2 if self.tricks_won[1] else 0)

    @property
    def up_showing(self) -> int:
        """The turned-up tile while it lies face up on a stock not closed, else ``-1``."""
        return self.up if self.up >= 0 and self.closed_by < 0 else -1

    def known_held(self, seat: int) -> int:
        """The tiles of ``seat``'s hand that both seats know it holds: the doubles it
        showed, and the turned-up tile once it took it."""
        known = self.shown[seat]
        if self.up_holder == seat:
            known |= 1 << self.trump_tile
        return known & self.hands[seat]

    @property
    def stock_count(self) -> int:
        """Tiles left to draw: the hidden stock and the turned-up tile while it lies."""
        if self.trump_tile < 0:
            return 0
        return HIDDEN_STOCK - self.drawn + (1 if self.up >= 0 else 0)

    def legal(self) -> list[int]:
        """The action numbers allowed now (empty at a chance event or the end)."""
        phase = self.phase
        if phase == REPLY:
            hand = self.hands[self.turn]
            if self.closed_by >= 0 or self.up < 0:
                m1, m2, m3 = FOLLOW_STEPS[self.cfg][self.lead_tile]
                hand = hand & m1 or hand & m2 or hand & m3 or hand
            return [*_LOW[hand & 16383], *_HIGH[hand >> 14]]
        if phase == LEAD:
            turn = self.turn
            hand = self.hands[turn]
            doubles = hand & DOUBLES_MASK
            if doubles:
                fresh = doubles & ~self.shown[turn]
                if fresh:
                    # a double may lead a show of the others: all of them if two or
                    # more are fresh, every double but the fresh one if one is
                    shows = _SHOWS[doubles if fresh & (fresh - 1) else doubles & ~fresh]
                    if self.closed_by < 0 and self.up >= 0:
                        return [*_LOW[hand & 16383], *_HIGH[hand >> 14], *shows, A_CLOSE]
                    return [*_LOW[hand & 16383], *_HIGH[hand >> 14], *shows]
            if self.closed_by < 0 and self.up >= 0:
                return [*_LOW[hand & 16383], *_HIGH[hand >> 14], A_CLOSE]
            return [*_LOW[hand & 16383], *_HIGH[hand >> 14]]
        if phase == TAKE:
            return [A_TAKE_UP, A_TAKE_HIDDEN]
        return []

    def show_of(self, action: int) -> int:
        """The doubles a show action would show now (a mask; 0 for other actions)."""
        if not A_SHOW <= action < A_CLOSE:
            return 0
        turn = self.turn
        return self.hands[turn] & DOUBLES_MASK & ~self.shown[turn] & ~DOUBLE_BIT[action - A_SHOW]

    # ------------------------------------------------------------- chance

    def draw_first(self, a: int, b: int) -> None:
        """The draw for first leader: seat 0 drew tile ``a``, seat 1 tile ``b``."""
        self.draws = (a, b)
        self.first_leader = leader = 0 if heavier(a, b) else 1
        self.phase = DEAL
        self.stack = (_U_DRAW, None, self.stack)
        if self.sink is not None:
            self.sink.append((_first_leader_events, a, b, leader))

    def deal(self, h0: int, h1: int, up: int, stock: tuple[int, ...]) -> None:
        """Deal the next hand: both hands (masks), the turned-up tile and the hidden
        stock in draw order."""
        # what the deal replaces, in the order of _HAND_FIELDS, for its undo
        saved = (
            self.dealt,
            self.hands,
            self.stock,
            self.drawn,
            self.trump_tile,
            self.up,
            self.up_holder,
            self.hidden_to,
            self.trump,
            self.cfg,
            self.closed_by,
            self.closed_at,
            self.hand_leader,
            self.leader,
            self.turn,
            self.lead_tile,
            self.lead_show,
            self.points,
            self.tricks_won,
            self.shown,
            self.tricks,
            self.draw_log,
            self.bingo_capture,
            self.played,
        )
        self.stack = (_U_DEAL, saved, self.stack)
        self._clear_hand()
        self.hand_no = hand_no = self.hand_no + 1
        self.dealt = (h0, h1)
        self.hands = [h0, h1]
        self.stock = stock
        self.trump_tile = self.up = up
        trump = self.trump = trump_of(up, self.b7)
        self.cfg = config_of(trump, self.b7)
        leader = self.first_leader if hand_no % 2 else 1 - self.first_leader
        self.hand_leader = self.leader = self.turn = leader
        self.phase = LEAD
        if self.sink is not None:
            self.sink.append((_dealt_events, hand_no, leader, trump, up))

    def deal_order(self, order: list[int]) -> None:
        """Deal from a shuffled set: seat 0's seven tiles, seat 1's, the turned-up
        tile, then the hidden stock in draw order."""
        h0 = h1 = 0
        for t in order[:7]:
            h0 |= 1 << t
        for t in order[7:14]:
            h1 |= 1 << t
        self.deal(h0, h1, order[14], tuple(order[15:]))

    # ------------------------------------------------------------ decisions

    def apply(self, action: int) -> None:
        """Play a legal ``action`` of the player to move (not checked)."""
        phase = self.phase
        if phase == LEAD and action < A_SHOW:  # a lead (in line, as an answer: the hot path)
            seat = self.turn
            bit = 1 << action
            self.hands[seat] ^= bit
            self.played |= bit
            self.lead_tile = action
            self.turn = 1 - seat
            self.phase = REPLY
            self.stack = (_U_LEAD, None, self.stack)
            return
        if phase != REPLY:
            if phase == LEAD:
                self._show_or_close(action)
            else:
                self._take(action == A_TAKE_UP)
            return
        # an answer: the trick is won
        seat = self.turn
        leader = 1 - seat
        hands = self.hands
        bit = 1 << action
        hands[seat] ^= bit
        self.played |= bit
        led = self.lead_tile
        cfg = self.cfg
        strength = STRENGTH[cfg]
        winner = seat if strength[action] > strength[led] else leader
        value = VALUE[cfg]
        captured = value[led] + value[action]
        shown = self.lead_show
        show_pts = 0
        if shown:
            self.lead_show = 0
            if winner == leader:
                show_pts = show_points(shown.bit_count(), _with_bingo(led, shown))
        points = self.points
        total = points[winner] + captured + show_pts
        points[winner] = total
        self.tricks_won[winner] += 1
        compulsory = self.closed_by >= 0 or self.up < 0
        tricks = self.tricks
        trick = (leader, led, action, winner, captured, shown, show_pts, compulsory)
        tricks.append(trick)
        self.lead_tile = -1
        self.stack = (_U_ANSWER, None, self.stack)
        capture = False
        if led == BINGO or action == BINGO:
            capture = self._bingo_captured(led, action, winner)
        if total < TARGET_POINTS:
            if not compulsory:
                drawn = self.drawn
                if drawn < HIDDEN_STOCK - 1:  # both draw, the winner first
                    self.leader = self.turn = winner
                    self.phase = LEAD
                    stock = self.stock
                    hands[winner] |= 1 << stock[drawn]
                    hands[1 - winner] |= 1 << stock[drawn + 1]
                    self.drawn = drawn + 2
                    number = len(tricks)
                    self.draw_log.append((number, winner))
                    sink = self.sink
                    if sink is not None:
                        sink.append((_trick_events, trick, number, capture, stock, drawn))
                    return
            elif hands[seat]:  # the follow rule, and the hand goes on
                self.leader = self.turn = winner
                self.phase = LEAD
                sink = self.sink
                if sink is not None:
                    sink.append((_trick_events, trick, len(tricks), capture))
                return
        self._no_draw(trick, total, capture)

    def _show_or_close(self, action: int) -> None:
        """A lead that shows doubles, or a close."""
        seat = self.turn
        if action == A_CLOSE:
            self.closed_by = seat
            self.closed_at = played = len(self.tricks)
            self.stack = (_U_CLOSE, None, self.stack)
            if self.sink is not None:
                self.sink.append((_closed_events, seat, self.points[seat], played))
            return
        tile = DOUBLE_OF[action - A_SHOW]
        bit = 1 << tile
        hand = self.hands[seat] ^ bit
        self.hands[seat] = hand
        self.played |= bit
        self.lead_tile = tile
        fresh = hand & DOUBLES_MASK & ~self.shown[seat]
        self.lead_show = fresh
        self.shown[seat] |= fresh
        self.turn = 1 - seat
        self.phase = REPLY
        self.stack = (_U_LEAD, None, self.stack)
        if self.sink is not None:
            self.sink.append((_shown_events, seat, tile, fresh))

    def _bingo_captured(self, led: int, answer: int, winner: int) -> bool:
        """Whether the trick of ``led`` and ``answer``, one of them the bingo, captured
        the trump double with it (``winner`` then has the extra set)."""
        trump_double = TRUMP_DOUBLE[self.cfg]
        if trump_double != BINGO and trump_double in (led, answer):
            self.bingo_capture = winner
            return True
        return False

    def _no_draw(
        self, trick: tuple[int, int, int, int, int, int, int, bool], total: int, capture: bool
    ) -> None:
        """After a trick that reached ``total`` points, or the last one before the last
        two tiles, or the last of the hand's tiles: the hand's end, or the last-two choice."""
        winner = trick[T_WINNER]
        if total >= TARGET_POINTS:
            self._end_hand(winner, REACHED_70)
        elif not trick[T_COMPULSORY]:
            self.leader = self.turn = winner
            self.phase = TAKE
        else:
            self.leader = self.turn = winner
            self.phase = LEAD
            self._tiles_ran_out(winner)
        sink = self.sink
        if sink is not None:
            number = len(self.tricks)
            if self.phase == TAKE:
                sink.append((_trick_events, trick, number, capture))
            else:  # the hand's end, and the match's
                record = self.done[-1]
                sink.append((_trick_events, trick, number, capture, (), -1, record, self.winner))

    def _take(self, up: bool) -> None:
        seat = self.turn
        hidden = self.stock[self.drawn]
        self.drawn += 1
        got_up = seat if up else 1 - seat
        self.hands[got_up] |= 1 << self.up
        self.hands[1 - got_up] |= 1 << hidden
        self.up_holder = got_up
        self.hidden_to = 1 - got_up
        if self.sink is not None:
            self.sink.append((_taken_events, seat, up, self.up, hidden))
        self.up = -1
        self.phase = LEAD
        self.stack = (_U_TAKE, None, self.stack)

    def _tiles_ran_out(self, last_winner: int) -> None:
        if self.closed_by >= 0:
            self._end_hand(1 - self.closed_by, CLOSER_FAILED)
            return
        p0, p1 = self.points
        self._end_hand(0 if p0 > p1 else 1 if p1 > p0 else last_winner, TILES_RAN_OUT)

    def _end_hand(self, winner: int, end: int) -> None:
        loser = 1 - winner
        points = self.points
        penalty = 0
        if self.closed_by == loser:
            penalty = max(TARGET_POINTS - points[loser], 7)
            points[winner] += penalty
        if self.tricks_won[loser] == 0:
            result_sets, why = 3, NO_TRICK
        elif points[loser] < 30:
            result_sets, why = 2, UNDER_30
        else:
            result_sets, why = 1, AT_LEAST_30
        gained = [0, 0]
        gained[winner] = result_sets
        capture = self.bingo_capture
        if capture >= 0:
            gained[capture] += 1
        sets = self.sets
        sets[0] += gained[0]
        sets[1] += gained[1]
        self.done = (
            *self.done,
            _new_record(
                HandRecord,
                (
                    self.hand_no,
                    self.hand_leader,
                    self.trump,
                    self.trump_tile,
                    self.dealt,
                    self.stock,
                    tuple(self.tricks),
                    tuple(self.draw_log),
                    self.hidden_to,
                    self.closed_by,
                    self.closed_at,
                    (self.tricks_won[0], self.tricks_won[1]),
                    (points[0], points[1]),
                    end,
                    winner,
                    penalty,
                    capture,
                    result_sets,
                    why,
                    (gained[0], gained[1]),
                    (sets[0], sets[1]),
                ),
            ),
        )
        self.turn = -1
        if sets[0] >= TARGET_SETS or sets[1] >= TARGET_SETS:
            if sets[0] >= TARGET_SETS and sets[1] >= TARGET_SETS:
                self.winner = winner
            else:
                self.winner = 0 if sets[0] >= TARGET_SETS else 1
            self.phase = OVER
        else:
            self.phase = DEAL

    # ----------------------------------------------------------------- undo

    def undo(self, action: int = -1) -> None:
        """Take back the last move (a decision, a deal or the draw for first leader)
        exactly; ``IndexError`` when there is none. ``action``, the move, is not
        needed (the search API passes it)."""
        cell = self.stack
        if cell is None:
            raise IndexError("there is no move to undo")
        kind, saved, self.stack = cell
        if kind == _U_ANSWER:
            self._undo_answer()
        elif kind == _U_LEAD:
            seat = 1 - self.turn
            bit = 1 << self.lead_tile
            self.hands[seat] |= bit
            self.played ^= bit
            self.shown[seat] &= ~self.lead_show
            self.lead_show = 0
            self.lead_tile = -1
            self.turn = seat
            self.phase = LEAD
        elif kind == _U_CLOSE:
            self.closed_by = -1
            self.closed_at = -1
        elif kind == _U_TAKE:
            got_up = self.up_holder
            self.up = self.trump_tile
            self.drawn -= 1
            self.hands[got_up] ^= 1 << self.up
            self.hands[1 - got_up] ^= 1 << self.stock[self.drawn]
            self.up_holder = self.hidden_to = -1
            self.phase = TAKE
        elif kind == _U_DEAL:
            for name, value in zip(_HAND_FIELDS, saved, strict=True):
                setattr(self, name, value[:] if name in _LIST_FIELDS else value)
            self.hand_no -= 1
            self.phase = DEAL
        else:  # the draw for first leader
            self.draws = None
            self.first_leader = -1
            self.phase = DRAW

    def _undo_answer(self) -> None:
        leader, led, tile, winner, captured, shown, show_pts, _ = self.tricks.pop()
        hands = self.hands
        if self.phase == DEAL or self.phase == OVER:  # the trick ended the hand
            record = self.done[-1]
            self.done = self.done[:-1]
            self.sets[0] -= record.gained[0]
            self.sets[1] -= record.gained[1]
            self.points[record.winner] -= record.penalty
            self.winner = -1
        elif self.phase == LEAD and self.draw_log and self.draw_log[-1][0] == len(self.tricks) + 1:
            self.draw_log.pop()
            drawn = self.drawn - 2
            hands[winner] ^= 1 << self.stock[drawn]
            hands[1 - winner] ^= 1 << self.stock[drawn + 1]
            self.drawn = drawn
        follower = 1 - leader
        self.points[winner] -= captured + show_pts
        self.tricks_won[winner] -= 1
        bit = 1 << tile
        hands[follower] |= bit
        self.played ^= bit
        if led == BINGO or tile == BINGO:
            trump_double = TRUMP_DOUBLE[self.cfg]
            if trump_double != BINGO and trump_double in (led, tile):
                self.bingo_capture = -1
        self.lead_tile = led
        self.lead_show = shown
        self.leader = leader
        self.turn = follower
        self.phase = REPLY

    # ---------------------------------------------------------------- hands

    @property
    def last_hand(self) -> HandRecord:
        """The last finished hand (``IndexError`` before the first ends)."""
        return self.done[-1]

    def random_playout(self, rng: random.Random) -> HandRecord:
        """Play the current hand to its end with uniformly random decisions; its record."""
        legal = self.legal
        apply = self.apply
        getrandbits = rng.getrandbits
        while LEAD <= self.phase <= TAKE:
            acts = legal()
            n = len(acts)
            k = getrandbits(n.bit_length())
            while k >= n:
                k = getrandbits(n.bit_length())
            apply(acts[k])
        return self.done[-1]
