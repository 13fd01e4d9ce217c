"""The rules of Texas 42, stated once: a compact state that knows what is legal,
applies a move, undoes it exactly and clones itself.

:class:`State` holds a whole game (the draw for first dealer, every hand, the
match score) in ints, tile bitmasks and small tuples. Moves are the action
numbers of the game's fixed action space (the layout below); chance events are
:meth:`State.draw` and :meth:`State.deal`. The :class:`~ludoteca.games.texas42.Texas42`
game wraps one state and adds notation, views and records; the solver's search,
the bots' simulations, the resampling of hidden hands and the learning
environments' fast path all run on the state itself.

>>> s = State(Rules.from_options({}))
>>> s.draw([27, 0, 1, 2])                 # seat 0 drew 6-6: seat 0 deals
>>> s.deal([0x7F << 21, 0x7F << 14, 0x7F << 7, 0x7F])
>>> s.turn, [ACTION_TEXT[a] for a in s.legal()[:3]]
(1, ['pass', 'bid 30', 'bid 31'])
>>> for a in (A_BID_POINTS, A_PASS, A_PASS, A_PASS, A_CONTRACT + 6):
...     s.apply(a)
>>> s.phase == PLAY, s.turn, len(s.legal())
(True, 1, 7)
>>> twin = s.clone()
>>> s.apply(s.legal()[0]); s.undo(twin.legal()[0])
>>> s.key() == twin.key()
True

The rules tables (suits, following, trick strength per contract) are in
:mod:`ludoteca.games.texas42.tables`; the C solver (``_solver.c``) is the one
other statement of the trick rules, tested against this module.
"""

from __future__ import annotations

import gc
import random
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Any, Literal, NamedTuple, get_args

from ludoteca.events import Emitted, Event
from ludoteca.sampling import sample_assignment
from ludoteca.tiles import ALL_TILES, DOUBLES_MASK, TILE_TEXT

from .tables import (
    CONTRACT_NAMES,
    COUNT,
    FOLLOW_MASK,
    LED_SUIT,
    NELLO,
    SEVENS,
    SEVENS_DISTANCE,
    SEVENS_RING,
    STRENGTH,
    sevens_choices,
)

__all__ = [
    "ACTION_TEXT",
    "A_BID_MARKS",
    "A_BID_POINTS",
    "A_CONTRACT",
    "A_PASS",
    "A_PLAY",
    "A_PLUNGE",
    "A_SPLASH",
    "BID",
    "DEAL",
    "DRAW",
    "NUM_ACTIONS",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "TRUMP",
    "HandRecord",
    "Rules",
    "State",
    "Trick",
    "bid_kind",
    "bid_marks",
    "bid_value",
    "hand_mask",
    "hand_text",
    "random_deal",
    "score_hand",
    "shown_void",
    "trump_name",
]

# Phases of a game.
DRAW, DEAL, BID, TRUMP, PLAY, OVER = range(6)
Phase = Literal["draw", "deal", "bid", "trump", "play", "over"]
PHASE_NAMES: tuple[Phase, ...] = get_args(Phase)

# The action space of decisions.
A_PASS = 0
A_BID_POINTS = 1  # bid 30 .. bid 41
A_BID_MARKS = 13  # bid 1 mark .. bid 7 marks
A_PLUNGE = 20  # bid 1..7 marks plunge (from 4 on)
A_SPLASH = 27  # bid 1..7 marks splash (from 2 on)
A_CONTRACT = 34  # trump 0..6, doubles, follow-me, nello, sevens
A_PLAY = 45  # play 0-0 .. play 6-6, by tile index
NUM_ACTIONS = 73

MAX_MARKS = 7  # one bid per seat, one mark more each: a plunge of 4, then 5, 6, 7
NORMAL, PLUNGE, SPLASH = 0, 1, 2
KIND_WORDS = ("", "plunge", "splash")
DOUBLES_NEEDED = (0, 4, 3)
"""Doubles in hand a bid of each kind needs."""
SIDES = ((0, 2), (1, 3))


def bid_value(action: int) -> int:
    """The value of a bid action in points (a mark is 42)."""
    if A_BID_POINTS <= action < A_BID_MARKS:
        return 29 + action
    return 42 * (((action - A_BID_MARKS) % MAX_MARKS) + 1)


def bid_kind(action: int) -> int:
    """``NORMAL``, ``PLUNGE`` or ``SPLASH``."""
    if action < A_PLUNGE:
        return NORMAL
    return PLUNGE if action < A_SPLASH else SPLASH


def points_to_make(value: int) -> int:
    """Points the bidders must take to make a bid of ``value`` (a bid of marks: all 42).

    >>> points_to_make(34), points_to_make(84)
    (34, 42)
    """
    return value if value < 42 else 42


def bid_marks(value: int) -> int:
    """Marks at stake for a bid of ``value`` points (1 for 30–42)."""
    return 1 if value <= 42 else value // 42


def _format_action(a: int) -> str:
    if a == A_PASS:
        return "pass"
    if a < A_BID_MARKS:
        return f"bid {29 + a}"
    if a < A_CONTRACT:
        kind = bid_kind(a)
        marks = (a - A_BID_MARKS) % MAX_MARKS + 1
        if kind == NORMAL and marks <= 2:
            return f"bid {42 * marks}"
        word = f" {KIND_WORDS[kind]}" if kind else ""
        return f"bid {marks} mark{'s' if marks > 1 else ''}{word}"
    if a < A_PLAY:
        return CONTRACT_NAMES[a - A_CONTRACT]
    return "play " + TILE_TEXT[a - A_PLAY]


ACTION_TEXT: tuple[str, ...] = tuple(_format_action(a) for a in range(NUM_ACTIONS))
"""The canonical notation of each action number."""


def trump_name(contract: int) -> str | None:
    """The trump of a contract as the view names it (``"4"``, ``"doubles"``,
    ``"follow-me"``), ``None`` for nello and sevens."""
    if contract < 7:
        return str(contract)
    return ("doubles", "follow-me", None, None)[contract - 7]


def _subsets(actions: range) -> tuple[list[int], ...]:
    """Every subset of ``actions``, lowest first, indexed by its mask over them.

    Built with the collector paused: the table holds no cycles, and its 16384 new lists
    would set off collections that walk everything imported so far, many times."""
    paused = gc.isenabled()
    gc.disable()
    try:
        out: list[list[int]] = [[]]
        for a in actions:
            out += [[*s, a] for s in out]
        return tuple(out)
    finally:
        if paused:
            gc.enable()


# Play actions of every 14-bit half of a hand mask, for fast move lists (never changed).
_PLAYS_LOW = _subsets(range(A_PLAY, A_PLAY + 14))
_PLAYS_HIGH = _subsets(range(A_PLAY + 14, A_PLAY + 28))

# Per contract, by the tile that led the trick: what follows it, and every
# tile's strength in that trick.
_FOLLOW_LED: tuple[tuple[int, ...], ...] = tuple(
    tuple(FOLLOW_MASK[c][LED_SUIT[c][t]] for t in range(28)) for c in range(len(LED_SUIT))
)
_STRENGTH_LED: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(STRENGTH[c][LED_SUIT[c][t]] for t in range(28)) for c in range(len(LED_SUIT))
)
_NEXT: tuple[tuple[int, ...], ...] = tuple(
    tuple((s + 2) % 4 if (s + 1) % 4 == out else (s + 1) % 4 for s in range(4))
    for out in (-1, 0, 1, 2, 3)
)
"""``_NEXT[sitting_out + 1][seat]``: the next seat to play."""
_BIDS_CACHE: dict[int, tuple[int, ...]] = {}
"""The bids allowed, by the high bid and whether the bid is forced, a plunge or a splash."""
_PIPS = tuple(t.pips for t in ALL_TILES)
_new = tuple.__new__  # builds a record without the NamedTuple's Python-level __new__


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a table that the rules read."""

    marks: bool = True
    """Scoring in marks (first to 7); else in points (first to 250)."""
    forced: bool = False
    """After three passes the dealer must bid (option ``all_pass="forced"``)."""
    play_out: bool = False
    nello: bool = False
    plunge: bool = False
    splash: bool = False
    sevens: bool = False
    scored: bool = True
    """False for search positions: every trick is played and the hand is not scored."""
    target: Literal[7, 250] = field(init=False)
    """Marks (7) or points (250) that win the game."""
    may_stop: bool = field(init=False)
    """Whether a hand stops once its outcome is decided."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "target", 7 if self.marks else 250)
        object.__setattr__(self, "may_stop", self.marks and not self.play_out and self.scored)

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Rules:
        """The rules of a game's (validated) options."""
        key = tuple(options.items())
        found = _RULES.get(key)
        if found is None:
            found = _RULES[key] = cls(
                marks=options.get("scoring", "marks") == "marks",
                forced=options.get("all_pass", "redeal") == "forced",
                play_out=bool(options.get("play_out", False)),
                nello=bool(options.get("nello", False)),
                plunge=bool(options.get("plunge", False)),
                splash=bool(options.get("splash", False)),
                sevens=bool(options.get("sevens", False)),
            )
        return found

    def allows(self, contract: int) -> bool:
        """Whether the table plays ``contract`` (nello and sevens are options)."""
        if contract == NELLO:
            return self.nello
        if contract == SEVENS:
            return self.sevens
        return True


_RULES: dict[tuple[tuple[str, Any], ...], Rules] = {}
_SEARCHING: dict[Rules, Rules] = {}
"""The rules of a table as the solver plays them: every trick, nothing scored."""


class Trick(NamedTuple):
    """A finished trick: who led, the ``(seat, tile)`` plays in order, who won it
    and the points it took (1 plus the count of its tiles)."""

    leader: int
    plays: tuple[tuple[int, int], ...]
    winner: int
    points: int


class HandRecord(NamedTuple):
    """A scored hand (or four passes): what the result's hand summary says."""

    number: int
    dealer: int
    bids: tuple[tuple[int, int], ...]
    all_passed: bool
    bidder: int
    high_action: int
    declarer: int
    contract: int
    points: tuple[int, int]
    tricks: tuple[Trick, ...]
    made: bool
    reason: str
    """``bid_reached``, ``bid_out_of_reach``, ``nello_no_trick``,
    ``nello_took_a_trick`` or ``all_passed``."""
    gained: tuple[int, int]
    scores_after: tuple[int, int]


_HAND_FIELDS = (
    "phase",
    "hands",
    "bids",
    "high",
    "high_action",
    "bidder",
    "declarer",
    "contract",
    "sitting_out",
    "turn",
    "trick",
    "tricks",
    "points",
    "size",
    "nxt",
    "follow",
    "strength",
)
"""What a deal replaces (and its undo puts back)."""
_hand_fields = attrgetter(*_HAND_FIELDS)


class State:
    """A game of Texas 42 as numbers (see the module's documentation).

    Hands and the tiles dealt are 28-bit tile masks, per seat; ``trick`` the
    ``(seat, tile)`` plays on the table; ``tricks`` the finished :class:`Trick`
    records of the hand; ``hand_log`` the :class:`HandRecord` of every hand
    scored. ``-1`` stands for "none" in the seat and contract fields. ``sink``,
    when a list, receives the :class:`~ludoteca.events.Event` objects the moves
    emit (the game's event log); clones have none.
    """

    __slots__ = (
        "bidder",
        "bids",
        "contract",
        "dealer",
        "declarer",
        "draws",
        "follow",
        "hand_log",
        "hands",
        "high",
        "high_action",
        "nxt",
        "past",
        "phase",
        "points",
        "rules",
        "scores",
        "sink",
        "sitting_out",
        "size",
        "strength",
        "trick",
        "tricks",
        "turn",
    )

    rules: Rules
    phase: int
    draws: tuple[tuple[tuple[int, int], ...], ...]
    dealer: int
    hands: list[int]
    bids: tuple[tuple[int, int], ...]
    high: int
    high_action: int
    bidder: int
    declarer: int
    contract: int
    sitting_out: int
    turn: int
    trick: list[tuple[int, int]]
    tricks: tuple[Trick, ...]
    points: tuple[int, int]
    scores: tuple[int, int]
    hand_log: tuple[HandRecord, ...]
    size: int
    """Plays per trick: 4, or 3 when a seat sits out."""
    nxt: tuple[int, ...]
    """The next seat to play, by seat."""
    follow: tuple[int, ...]
    """By the tile led: the tiles that follow it (the contract's)."""
    strength: tuple[tuple[int, ...], ...]
    """By the tile led: each tile's strength in that trick (the contract's)."""
    past: Any
    """The hand state before each deal, newest first: ``(fields, older)`` or ``None``."""
    sink: list[Emitted] | None

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.phase = DRAW
        self.draws = ()
        self.dealer = -1
        self.scores = (0, 0)
        self.hand_log = ()
        self.past = None
        self.sink = None
        self._new_hand([0, 0, 0, 0])
        self.phase = DRAW

    def _new_hand(self, hands: list[int]) -> None:
        self.phase = BID
        self.hands = hands
        self.bids = ()
        self.high = 0
        self.high_action = -1
        self.bidder = -1
        self.declarer = -1
        self.turn = (self.dealer + 1) % 4 if self.dealer >= 0 else -1
        self.trick = []
        self.tricks = ()
        self.points = (0, 0)
        self._no_contract()

    def _no_contract(self) -> None:
        """No contract named yet: no one sits out, four play each trick, and the trick
        tables are the first contract's until one is named."""
        self.contract = -1
        self.sitting_out = -1
        self.size = 4
        self.nxt = _NEXT[0]
        self.follow = _FOLLOW_LED[0]
        self.strength = _STRENGTH_LED[0]

    def clone(self) -> State:
        """An independent copy (without the event log)."""
        new = _new_state(State)
        new.rules = self.rules
        new.phase = self.phase
        new.draws = self.draws
        new.dealer = self.dealer
        new.hands = self.hands[:]
        new.bids = self.bids
        new.high = self.high
        new.high_action = self.high_action
        new.bidder = self.bidder
        new.declarer = self.declarer
        new.contract = self.contract
        new.sitting_out = self.sitting_out
        new.turn = self.turn
        new.trick = self.trick[:]
        new.tricks = self.tricks
        new.points = self.points
        new.scores = self.scores
        new.hand_log = self.hand_log
        new.size = self.size
        new.nxt = self.nxt
        new.follow = self.follow
        new.strength = self.strength
        new.past = self.past
        new.sink = None
        return new

    def key(self) -> tuple[Any, ...]:
        """Every field but the event log, for comparing states."""
        return tuple(
            list(v) if isinstance(v, list) else v
            for v in (getattr(self, f) for f in self.__slots__ if f != "sink")
        )

    @classmethod
    def in_play(
        cls,
        hands: list[int] | tuple[int, ...],
        contract: int,
        *,
        bidder: int = 0,
        bid: int = 30,
        to_move: int | None = None,
        trick: tuple[tuple[int, int], ...] = (),
        points: tuple[int, int] = (0, 0),
    ) -> State:
        """A position built by hand: ``bidder`` bid ``bid`` points and named
        ``contract``; ``hands`` (tile masks) are what each seat still holds,
        ``trick`` the ``(seat, tile)`` plays on the table, ``points`` what each
        team took in the tricks before. Every trick is played and nothing is
        scored, as in a search; :meth:`check` says whether it is a position."""
        state = cls(
            Rules(play_out=True, nello=contract == NELLO, sevens=contract == SEVENS, scored=False)
        )
        state.dealer = (bidder + 3) % 4
        state.phase = BID
        state._new_hand(list(hands))
        action = A_BID_POINTS + bid - 30 if bid < 42 else A_BID_MARKS + bid // 42 - 1
        state.bids = ((bidder, action),)
        state.high, state.high_action, state.bidder = bid_value(action), action, bidder
        state.declarer = state.turn = bidder
        state.declare(contract)
        state.trick = list(trick)
        if to_move is not None:
            state.turn = to_move
        state.points = points
        return state

    def check(self) -> None:
        """``ValueError`` unless this is a position of the play phase: disjoint
        hands, each playing seat holding one tile a trick left (less the one it
        put on the table)."""
        seen = 0
        ok = self.phase == PLAY and 0 <= self.turn <= 3
        for _, t in self.trick:
            ok = ok and not seen >> t & 1
            seen |= 1 << t
        for h in self.hands:
            ok = ok and 0 <= h < 1 << 28 and not seen & h
            seen |= h
        if ok:
            left = self.tricks_left
            on_table = {s for s, _ in self.trick}
            for s in range(4):
                if s != self.sitting_out:
                    ok = ok and self.hands[s].bit_count() == left - (s in on_table)
        if not ok:
            raise ValueError("not a position: the hands must be disjoint and hold one tile a trick")

    def search_copy(self) -> State:
        """A clone that plays every trick of the hand and scores nothing: the
        position the solver searches."""
        new = self.clone()
        rules = _SEARCHING.get(self.rules)
        if rules is None:
            rules = _SEARCHING[self.rules] = replace(self.rules, scored=False)
        new.rules = rules
        return new

    # ------------------------------------------------------------ search API

    @property
    def to_move(self) -> int | None:
        """The seat to decide; ``None`` once the hand is over (or before it is dealt):
        the search API (:class:`ludoteca.search.SearchState`), which covers a hand."""
        if BID <= self.phase <= PLAY and (self.phase != PLAY or self.hands[self.turn]):
            return self.turn
        return None

    def is_terminal(self) -> bool:
        """Whether the hand is over: scored, or every trick played (a search copy)."""
        return self.to_move is None

    def returns(self) -> list[int]:
        """Per seat, the marks (or points, by the table's scoring) its team gained
        with this hand: zeros until it is scored."""
        if BID <= self.phase <= PLAY or not self.hand_log:
            return [0, 0, 0, 0]
        g = self.hand_log[-1].gained
        return [g[0], g[1], g[0], g[1]]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """None: the hand has no chance event once dealt (the next deal starts another)."""
        return []

    # ------------------------------------------------------------ who and what

    @property
    def hands_scored(self) -> int:
        """How many hands have been scored."""
        return len(self.hand_log)

    @property
    def winner(self) -> int:
        """The winning team once the game is over (-1 before): the first to the
        target, or when both pass it on the same hand, the bidding team."""
        if self.phase != OVER:
            return -1
        target = self.rules.target
        first, second = self.scores[0] >= target, self.scores[1] >= target
        return self.hand_log[-1].bidder & 1 if first and second else (0 if first else 1)

    @property
    def leader(self) -> int:
        """Who leads the trick on the table, or the next one (once the hand is
        over, the winner of its last trick); -1 before the play."""
        if self.trick:
            return self.trick[0][0]
        if self.phase == PLAY:
            return self.turn
        return self.tricks[-1].winner if self.tricks else -1

    @property
    def dealt(self) -> tuple[int, ...]:
        """The hands as dealt: what each seat holds and has played this hand."""
        played = self.played_by()
        return tuple(h | p for h, p in zip(self.hands, played, strict=True))

    @property
    def deciding(self) -> bool:
        """Whether a seat has a decision to make (not a chance event, not over)."""
        return BID <= self.phase <= PLAY

    @property
    def tricks_left(self) -> int:
        """Tricks of the hand not finished, the one on the table included."""
        if self.phase != PLAY:
            return 0
        return self.hands[self.turn].bit_count()  # the seat to move has not played to it

    def legal(self) -> list[int]:
        """The action numbers allowed now (empty at a chance event or the end)."""
        phase = self.phase
        if phase == PLAY:
            tiles = self.legal_tiles()
            return _PLAYS_LOW[tiles & 0x3FFF] + _PLAYS_HIGH[tiles >> 14]
        if phase == BID:
            return list(self._legal_bids())
        if phase == TRUMP:
            return self._legal_contracts()
        return []

    def legal_tiles(self) -> int:
        """The tiles the seat to move may play, as a mask (play phase)."""
        hand = self.hands[self.turn]
        trick = self.trick
        if trick:
            follow = hand & self.follow[trick[0][1]]
            if follow:
                hand = follow
        if self.contract == SEVENS:
            hand = sevens_choices(hand)
        return hand

    def doubles_in_hand(self) -> int:
        return (self.hands[self.turn] & DOUBLES_MASK).bit_count()

    def _legal_bids(self) -> tuple[int, ...]:
        rules = self.rules
        high = self.high
        key = high << 3
        if rules.forced and high == 0 and len(self.bids) == 3:
            key |= 4
        if rules.plunge or rules.splash:
            doubles = self.doubles_in_hand()
            key |= (doubles >= 4 and rules.plunge) << 1 | (doubles >= 3 and rules.splash)
        cached = _BIDS_CACHE.get(key)
        if cached is None:
            cached = _BIDS_CACHE[key] = _ladder(high, bool(key & 4), bool(key & 2), bool(key & 1))
        return cached

    def _legal_contracts(self) -> list[int]:
        out = [A_CONTRACT + c for c in range(9)]
        if self.high >= 42 and bid_kind(self.high_action) == NORMAL:
            if self.rules.nello:
                out.append(A_CONTRACT + NELLO)
            if self.rules.sevens:
                out.append(A_CONTRACT + SEVENS)
        return out

    # ------------------------------------------------------------- decisions

    def apply(self, action: int) -> None:
        """Apply a legal decision (unchecked: an illegal one corrupts the state)."""
        if action >= A_PLAY:
            self.play(action - A_PLAY)
        elif action >= A_CONTRACT:
            self.declare(action - A_CONTRACT)
        else:
            self.bid(action)

    def bid(self, action: int) -> None:
        """The seat to move bids (or passes: ``A_PASS``)."""
        seat = self.turn
        self.bids = (*self.bids, (seat, action))
        if action != A_PASS:
            self.high = bid_value(action)
            self.high_action = action
            self.bidder = seat
        if len(self.bids) < 4:
            self.turn = (seat + 1) % 4
            return
        if self.bidder < 0:
            self._record_hand(False, "all_passed", (0, 0))
            self.dealer = (self.dealer + 1) % 4
            self.phase = DEAL
            return
        kind = bid_kind(self.high_action)
        self.declarer = self.bidder if kind == NORMAL else (self.bidder + 2) % 4
        self.turn = self.declarer
        self.phase = TRUMP

    def declare(self, contract: int) -> None:
        """The declarer names the contract and leads."""
        self.contract = contract
        self.phase = PLAY
        if contract == NELLO:
            self.sitting_out = (self.bidder + 2) % 4
            self.size = 3
        self.nxt = _NEXT[self.sitting_out + 1]
        self.follow = _FOLLOW_LED[contract]
        self.strength = _STRENGTH_LED[contract]
        self.turn = self.declarer
        if self.sink is not None:
            self.sink.append(
                Event(
                    "contract",
                    {
                        "seat": self.declarer,
                        "bidder": self.bidder,
                        "bid": ACTION_TEXT[self.high_action],
                        "contract": CONTRACT_NAMES[contract],
                        "trump": trump_name(contract),
                        "sitting_out": None if self.sitting_out < 0 else self.sitting_out,
                    },
                )
            )

    def play(self, tile: int) -> None:
        """The seat to move plays ``tile``; a full trick is won, and a decided
        hand is scored."""
        seat = self.turn
        self.hands[seat] ^= 1 << tile
        trick = self.trick
        trick.append((seat, tile))
        if len(trick) < self.size:
            self.turn = self.nxt[seat]
        else:
            self._take(trick)

    def trick_state(self) -> tuple[int, int, int, int]:
        """``(suit led, best strength, seat playing it, count)`` of the trick on the
        table (zeros before the lead): the highest wins, the first played a tie."""
        trick = self.trick
        if not trick:
            return 0, 0, 0, 0
        leader, lead = trick[0]
        strength = self.strength[lead]
        count = COUNT
        best_seat = leader
        best = strength[lead]
        points = 0
        for s, t in trick:
            points += count[t]
            if strength[t] > best:
                best, best_seat = strength[t], s
        return LED_SUIT[self.contract][lead], best, best_seat, points

    def _take(self, trick: list[tuple[int, int]]) -> None:
        """The full ``trick`` goes to its winner; a decided hand is scored."""
        leader = trick[0][0]
        _, _, winner, count = self.trick_state()
        points = 1 + count
        self.tricks = (*self.tricks, _new(Trick, (leader, tuple(trick), winner, points)))
        self.trick = []
        p = self.points
        p = self.points = (p[0] + points, p[1]) if winner & 1 == 0 else (p[0], p[1] + points)
        self.turn = winner
        if self.sink is not None:
            seats, tiles = [], []
            for seat, tile in trick:
                seats.append(seat)
                tiles.append(TILE_TEXT[tile])
            self.sink.append(
                Event(
                    "trick",
                    {
                        "trick": len(self.tricks),
                        "leader": leader,
                        "seats": seats,
                        "tiles": tiles,
                        "winner": winner,
                        "points": points,
                    },
                )
            )
        rules = self.rules
        if self.hands[winner]:
            if not rules.may_stop:
                return
            if self.contract == NELLO:
                if winner != self.bidder:
                    return
            else:
                need = points_to_make(self.high)
                bidders = self.bidder & 1
                if p[bidders] < need and p[1 - bidders] <= 42 - need:
                    return
        elif not rules.scored:
            return
        self._end_hand()

    def _end_hand(self) -> None:
        """Score the hand just decided (or played out)."""
        made, reason, gained = score_hand(
            self.rules, self.bidder, self.high, self.contract, self.points
        )
        self._record_hand(made, reason, gained)
        scores = self.scores
        target = self.rules.target
        first, second = scores[0] >= target, scores[1] >= target
        if first or second:
            self.phase = OVER
            if self.sink is not None:
                self.sink.append(
                    Event("game_over", {"winner": self.winner, "scores": list(self.scores)})
                )
            return
        self.dealer = (self.dealer + 1) % 4
        self.phase = DEAL

    def _record_hand(self, made: bool, reason: str, gained: tuple[int, int]) -> None:
        s = self.scores
        scores = (s[0] + gained[0], s[1] + gained[1])
        self.scores = scores
        all_passed = reason == "all_passed"
        record = _new(
            HandRecord,
            (
                len(self.hand_log) + 1,
                self.dealer,
                self.bids,
                all_passed,
                self.bidder,
                self.high_action,
                self.declarer,
                self.contract,
                self.points,
                self.tricks,
                made,
                reason,
                gained,
                scores,
            ),
        )
        self.hand_log = (*self.hand_log, record)
        if self.sink is not None:
            self.sink.append(Event("hand_over", hand_event(record)))

    # ------------------------------------------------------------------- undo

    def undo(self, action: int) -> None:
        """Undo ``action``, the last decision applied (exactly: the state is as
        it was before it)."""
        if self.phase == DEAL or self.phase == OVER:
            record = self.hand_log[-1]
            self.hand_log = self.hand_log[:-1]
            s, g = self.scores, record.gained
            self.scores = (s[0] - g[0], s[1] - g[1])
            self.dealer = record.dealer
            self.phase = BID if record.all_passed else PLAY
        if action >= A_PLAY:
            self._unplay(action - A_PLAY)
        elif action >= A_CONTRACT:
            self.phase = TRUMP
            self.turn = self.declarer
            self._no_contract()
        else:
            self._unbid()

    def _unplay(self, tile: int) -> None:
        trick = self.trick
        if not trick:
            record = self.tricks[-1]
            self.tricks = self.tricks[:-1]
            trick = self.trick = list(record.plays)
            p, w = self.points, record.points
            self.points = (p[0] - w, p[1]) if record.winner & 1 == 0 else (p[0], p[1] - w)
        seat = trick.pop()[0]
        self.hands[seat] |= 1 << tile
        self.turn = seat

    def _unbid(self) -> None:
        bids = self.bids[:-1]
        self.bids = bids
        self.phase = BID
        self.declarer = -1
        self.turn = (self.dealer + 1 + len(bids)) % 4
        self.high, self.high_action, self.bidder = 0, -1, -1
        for seat, action in bids:
            if action != A_PASS:
                self.high, self.high_action, self.bidder = bid_value(action), action, seat

    # ---------------------------------------------------------------- chance

    def draw(self, tiles: list[int]) -> None:
        """The draw for first dealer: one tile for each of ``draw_seats`` (checked
        by :meth:`draw_refusal`). The heaviest deals; a tie draws again."""
        self.draws = (*self.draws, tuple(zip(self.draw_seats, tiles, strict=True)))
        tied = self.draw_seats
        if len(tied) == 1:
            self.dealer = tied[0]
            self.phase = DEAL

    @property
    def draw_seats(self) -> tuple[int, ...]:
        """The seats that draw for first dealer next: all, or those tied for the
        heaviest tile in the last draw (one seat once the dealer is known)."""
        if not self.draws:
            return (0, 1, 2, 3)
        pips = _PIPS
        pairs = self.draws[-1]
        best = max([pips[t] for _, t in pairs])
        return tuple([s for s, t in pairs if pips[t] == best])

    def undo_draw(self) -> None:
        self.draws = self.draws[:-1]
        self.dealer = -1
        self.phase = DRAW

    def deal(self, masks: list[int]) -> None:
        """Deal the four hands (tile masks, checked by :meth:`deal_refusal`);
        the seat after the dealer bids first."""
        self.past = (_hand_fields(self), self.past)
        self._new_hand(masks)

    def undo_deal(self) -> None:
        """Undo the last deal: the hand before it is back as it ended."""
        fields, self.past = self.past
        for name, value in zip(_HAND_FIELDS, fields, strict=True):
            setattr(self, name, value)

    def draw_refusal(self, tiles: list[int]) -> tuple[str, dict[str, Any]] | None:
        """Why a draw of ``tiles`` is not the one due now, or ``None``."""
        n = len(self.draw_seats)
        if len(tiles) != n or len(set(tiles)) != n:
            return "draw_count", {"count": n, "seats": list(self.draw_seats)}
        return None

    @staticmethod
    def deal_refusal(hands: list[list[int]]) -> tuple[str, dict[str, Any]] | None:
        """Why four hands of tiles are not a deal, or ``None``."""
        if len(hands) != 4:
            return "deal_four_hands", {}
        if any(len(h) != 7 for h in hands):
            return "deal_seven_each", {}
        if len({t for h in hands for t in h}) != 28:
            return "deal_every_tile_once", {}
        return None

    # --------------------------------------------------------------- refusals

    def refusal(self, action: int) -> tuple[str, dict[str, Any]]:
        """Why ``action`` is not allowed now: a code and its parameters."""
        phase = self.phase
        if not 0 <= action < NUM_ACTIONS:
            return "no_such_action", {"action": action}
        if phase == BID:
            return self._bid_refusal(action)
        if phase == TRUMP:
            if action < A_CONTRACT or action >= A_PLAY:
                return "name_trump_first", {"allowed": self._allowed()}
            contract = action - A_CONTRACT
            name = CONTRACT_NAMES[contract]
            if not self.rules.allows(contract):
                return "option_off", {"option": name}
            return "needs_mark_bid", {"contract": name}
        if phase == PLAY:
            if action < A_PLAY:
                return "tricks_now", {"allowed": self._allowed()}
            tile = action - A_PLAY
            if not self.hands[self.turn] >> tile & 1:
                return "not_in_hand", {"tile": TILE_TEXT[tile]}
            allowed = [ACTION_TEXT[a][5:] for a in self.legal()]
            if self.contract == SEVENS:
                return "sevens_nearest", {"allowed": allowed}
            suit = LED_SUIT[self.contract][self.trick[0][1]]
            trump_led = trump_name(self.contract) == (str(suit) if suit < 7 else "doubles")
            return "must_follow", {"suit": suit, "trump_led": trump_led, "allowed": allowed}
        return "no_decision", {}

    def _bid_refusal(self, action: int) -> tuple[str, dict[str, Any]]:
        if action >= A_CONTRACT:
            return "bidding_now", {"allowed": self._allowed()}
        if action == A_PASS:
            return "dealer_must_bid", {}
        kind = bid_kind(action)
        if kind != NORMAL:
            word = KIND_WORDS[kind]
            if not (self.rules.plunge if kind == PLUNGE else self.rules.splash):
                return "option_off", {"option": word}
            doubles = self.doubles_in_hand()
            if doubles < DOUBLES_NEEDED[kind]:
                return "too_few_doubles", {
                    "bid": word,
                    "need": DOUBLES_NEEDED[kind],
                    "doubles": doubles,
                }
            return "special_bid_level", {"bid": word, "allowed": self._allowed()}
        value = bid_value(action)
        if value <= self.high:
            return "bid_too_low", {
                "high_bid": ACTION_TEXT[self.high_action],
                "bidder": self.bidder,
            }
        if value > 84:
            return "marks_ladder", {"marks": value // 42, "after": value // 42 - 1}
        return "not_allowed_now", {"allowed": self._allowed()}

    def _allowed(self) -> list[str]:
        return [ACTION_TEXT[a] for a in self.legal()]

    # ------------------------------------------------------ hidden information

    def played_by(self) -> list[int]:
        """For each seat, the tiles it has played this hand."""
        played = [0, 0, 0, 0]
        for tr in self.tricks:
            for s, t in tr.plays:
                played[s] |= 1 << t
        for s, t in self.trick:
            played[s] |= 1 << t
        return played

    def known_voids(self) -> list[int]:
        """For each seat, the tiles it is known not to hold (from this hand's play):
        see :func:`shown_void`."""
        voids = [0, 0, 0, 0]
        c = self.contract
        if c < 0:
            return voids
        plays = [tr.plays for tr in self.tricks]
        if self.trick:
            plays.append(tuple(self.trick))
        for trick in plays:
            suit = self.follow[trick[0][1]]
            for seat, t in trick:
                voids[seat] |= shown_void(c, suit, t)
        return voids

    def sample_hidden(self, seat: int, rng: random.Random) -> State:
        """A clone whose other hands are redealt uniformly among those consistent
        with what ``seat`` has seen: its own hand, every tile played, the suits
        each seat failed to follow (in sevens, the tiles nearer to 7 it did not
        play), and the doubles a plunge or splash bid proved."""
        new = self.clone()
        if not self.deciding:
            return new
        played = self.played_by()
        others = [o for o in range(4) if o != seat]
        unknown = 0
        for o in others:
            unknown |= self.hands[o]
        voids = self.known_voids()
        groups = [(unknown & ~voids[o], self.hands[o].bit_count()) for o in others]
        minimum: dict[int, int] = {}
        for s, a in self.bids:
            kind = bid_kind(a) if a != A_PASS else NORMAL
            if kind != NORMAL and s != seat:
                need = DOUBLES_NEEDED[kind] - (played[s] & DOUBLES_MASK).bit_count()
                j = others.index(s)
                minimum[j] = max(minimum.get(j, 0), need)
        masks = sample_assignment(unknown, groups, rng, special=DOUBLES_MASK, minimum=minimum)
        for o, m in zip(others, masks, strict=True):
            new.hands[o] = m
        return new


_new_state = object.__new__


def _ladder(high: int, forced: bool, plunge: bool, splash: bool) -> tuple[int, ...]:
    """The bids allowed over ``high``."""
    out: list[int] = []
    if not forced:
        out.append(A_PASS)
    for v in range(max(30, high + 1), 42):
        out.append(A_BID_POINTS + v - 30)
    high_marks = high // 42
    for m in range(1, MAX_MARKS + 1):
        ok = 42 * m > high if m <= 2 else high_marks == m - 1 and high == 42 * (m - 1)
        if ok:
            out.append(A_BID_MARKS + m - 1)
    if plunge:
        m = max(4, high_marks + 2)
        if m <= MAX_MARKS:
            out.append(A_PLUNGE + m - 1)
    if splash:
        m = max(2, high_marks + 1)
        if m <= MAX_MARKS:
            out.append(A_SPLASH + m - 1)
    return tuple(out)


_NEARER_TO_SEVEN: tuple[int, ...] = tuple(
    sum(SEVENS_RING[ring] for ring in range(SEVENS_DISTANCE[t])) for t in range(28)
)


def shown_void(contract: int, suit: int, tile: int) -> int:
    """The tiles a seat shows it does not hold by playing ``tile`` to a trick that
    asks for ``suit`` (the follow mask of the tile led): the whole suit when it did
    not follow; in sevens, every tile nearer to 7 pips."""
    if contract == SEVENS:
        return _NEARER_TO_SEVEN[tile]
    return 0 if suit >> tile & 1 else suit


def score_hand(
    rules: Rules, bidder: int, high: int, contract: int, points: tuple[int, int]
) -> tuple[bool, str, tuple[int, int]]:
    """Whether a hand is made, why (a reason code of :class:`HandRecord`), and what
    each team gains, from the points each team took.

    >>> score_hand(Rules(marks=False), 0, 38, 4, (35, 7))  # the seed's example
    (False, 'bid_out_of_reach', (0, 45))
    """
    bidders = bidder & 1
    if contract == NELLO:
        made = points[bidders] == 0  # every trick is worth a point
        reason = "nello_no_trick" if made else "nello_took_a_trick"
    else:
        made = points[bidders] >= points_to_make(high)
        reason = "bid_reached" if made else "bid_out_of_reach"
    if rules.marks:
        marks = bid_marks(high)
        gained = (marks, 0) if (bidders == 0) == made else (0, marks)
    elif made and contract == NELLO:
        gained = (high, 0) if bidders == 0 else (0, high)
    elif made:
        gained = points
    else:
        other = points[1 - bidders] + high
        gained = (other, 0) if bidders == 1 else (0, other)
    return made, reason, gained


def hand_event(record: HandRecord) -> dict[str, Any]:
    """The parameters of a ``hand_over`` event: the numbers of the hand's summary."""
    if record.all_passed:
        return {
            "hand": record.number,
            "dealer": record.dealer,
            "all_passed": True,
            "bidder": None,
            "made": None,
            "reason": record.reason,
            "gained": list(record.gained),
            "scores_after": list(record.scores_after),
        }
    return {
        "hand": record.number,
        "dealer": record.dealer,
        "all_passed": False,
        "bidder": record.bidder,
        "bid": ACTION_TEXT[record.high_action],
        "contract": CONTRACT_NAMES[record.contract],
        "made": record.made,
        "reason": record.reason,
        "points": list(record.points),
        "gained": list(record.gained),
        "scores_after": list(record.scores_after),
        "tricks_played": len(record.tricks),
    }


_R28 = range(28)
_BIT = tuple(1 << t for t in _R28)


def random_deal(rng: random.Random) -> list[int]:
    """Four hands of seven tiles as masks, in seat order; every deal equally likely."""
    r = rng.random
    keys = [r() for _ in _R28]
    return deal_masks(sorted(_R28, key=keys.__getitem__))


def deal_masks(o: list[int]) -> list[int]:
    """The four hands of the 28 tiles in order ``o`` as masks: seven by seven, in seat order."""
    b = _BIT
    return [
        b[o[0]] | b[o[1]] | b[o[2]] | b[o[3]] | b[o[4]] | b[o[5]] | b[o[6]],
        b[o[7]] | b[o[8]] | b[o[9]] | b[o[10]] | b[o[11]] | b[o[12]] | b[o[13]],
        b[o[14]] | b[o[15]] | b[o[16]] | b[o[17]] | b[o[18]] | b[o[19]] | b[o[20]],
        b[o[21]] | b[o[22]] | b[o[23]] | b[o[24]] | b[o[25]] | b[o[26]] | b[o[27]],
    ]


def hand_mask(tiles: list[int]) -> int:
    """The tile mask of a list of tile indices."""
    bit = _BIT
    m = 0
    for t in tiles:
        m |= bit[t]
    return m


# The tiles of each 7-bit piece of a mask, high first, each followed by a space.
_PIECES: tuple[tuple[str, ...], ...] = tuple(
    tuple(
        "".join(TILE_TEXT[base + t] + " " for t in range(6, -1, -1) if m >> t & 1)
        for m in range(128)
    )
    for base in (0, 7, 14, 21)
)


def hand_text(mask: int) -> str:
    """The tiles of ``mask``, high first, separated by spaces (the deal's notation)."""
    p0, p1, p2, p3 = _PIECES
    return (p3[mask >> 21] + p2[mask >> 14 & 127] + p1[mask >> 7 & 127] + p0[mask & 127])[:-1]
