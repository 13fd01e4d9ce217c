"""Five-Up's rules on one compact state: the only statement of them in Python.

A :class:`State` is a whole game of Five-Up in small ints, tile masks and short
lists: the phase, the scores, the hands, the stock, the layout on the table and
whose turn it is. It lists the legal actions (:meth:`State.legal`), applies one
(:meth:`State.apply`), takes the last change back (:meth:`State.undo`, chance
events included) and copies itself (:meth:`State.clone`). The chance events
are :meth:`State.draw_for_lead` and :meth:`State.deal`, drawn uniformly by
:meth:`State.random_lead_draw` and :meth:`State.random_deal`.

Everything that plays Five-Up runs on it: the engine
(:class:`ludoteca.games.fiveup.FiveUp` wraps one, with the history, the
notation, the views and the records), the exact solver's search, the bots'
play-outs and determinizations, and the play-outs of :meth:`State.random_playout`.
The compiled search (``_solver.c``) is the one other statement of the rules; the
tests hold the two to the same values.

The layout
----------
What matters on the table for play and scoring: ``plain[v]``, the open ends of
non-doubles showing ``v``; ``room[v]``, the places left on the double ``v-v``
(4 with both its sides free: two sides and two tips; 3 with one side free; then
the free tips, 2, 1, 0; 0 too when it is not on the table). A double counts both
halves while a side is free (``room > 2``). ``ends`` is the sum of the open ends,
``open_mask`` the numbers with an open end (a 7-bit mask). A play is a solver
move ``(tile, number, kind)`` (see :data:`~.tables.PLAIN`), and :meth:`State.lay`
puts it on the layout.

The engine also needs to know *which* tile offers each end, for its action
numbers (``play 4-1 on 6-4``): ``tbn[v]`` is the mask of the tiles on the table
with an open end showing ``v`` (a double while it has room). A state made from
counts alone (a hand-made position, a bot's play-out) has ``tbn`` set to
``None`` and is played with solver moves.

>>> import random
>>> s = State(players=2)
>>> s.draw_for_lead([25, 27])          # 6-4 and 6-6: seat 1 leads
>>> s.leader
1
>>> s.deal(*s.random_deal(random.Random(3)))
>>> s.phase == PLAY and s.turn == 1 and len(s.legal()) == 5
True
>>> over = s.apply(s.legal()[0])
>>> s.undo(); s.undo(); s.phase == DEAL
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, get_args

from ludoteca.events import Emitted, Event
from ludoteca.tiles import TILE_TEXT, indices_of

from .tables import (
    A_DRAW,
    A_OPEN,
    A_PASS,
    ACTION_MOVE,
    ENDS_POINTS,
    HAND_SIZE,
    HIGH,
    JOIN,
    JOIN_PLAIN,
    LOW,
    NUMBER_MASK,
    NUMBER_SETS,
    NUMS_HIGH,
    NUMS_LOW,
    OPENING,
    OUTER,
    PASS,
    PIPS,
    PLAIN,
    PLAY_ON,
    SINGLE_NUMBER,
    SPINNER,
    bonus_points,
    deal_text,
    hand_numbers,
    hand_pips,
    rounding,
)
from .viewtypes import Phase

__all__ = [
    "DEAL",
    "DRAW",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "Play",
    "Rules",
    "State",
    "tile_texts",
]

DRAW, DEAL, PLAY, OVER = range(4)
"""The phases: the draw for first leader, a deal due, a hand being played, the end."""
PHASE_NAMES: tuple[Phase, ...] = get_args(Phase)

DOMINO, BLOCKED, TARGET_REACHED = "domino", "blocked", "target reached"
"""How a hand ends (:attr:`State.end`)."""

Play = tuple[int, int, int, int]
"""``(tile, number, kind, ends after)``: a solver move with the sum of the open
ends it leaves (what it scores: a fifth of that when it is a positive multiple
of 5)."""


class Rules(NamedTuple):
    """What stays fixed in a game: the options and the seating."""

    players: int
    target: int
    exact: bool
    """``exact_61``: a score that would take a side past the target is not scored."""
    winner_leads: bool
    """``later_lead="winner"``: whoever dominoed leads the next hand."""
    side_of: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    reserve: int
    """Stock tiles that are never drawn."""

    @classmethod
    def of(
        cls, players: int, target: int = 61, exact: bool = False, later_lead: str = "winner"
    ) -> Rules:
        if players not in (2, 3, 4):
            raise ValueError(f"Five-Up is for 2, 3 or 4 players, not {players!r}")
        four = players == 4
        return cls(
            players,
            target,
            bool(exact),
            later_lead == "winner",
            (0, 1, 0, 1) if four else tuple(range(players)),
            ((0, 2), (1, 3)) if four else tuple((s,) for s in range(players)),
            2 if four else 1,
        )


# ------------------------------------------------------------------ events


def tile_texts(mask: int) -> list[str]:
    """The tiles of a mask in notation, the highest first (as hands are shown)."""
    out = []
    while mask:
        t = mask.bit_length() - 1
        out.append(TILE_TEXT[t])
        mask ^= 1 << t
    return out


_DREW = tuple(
    tuple(Event("drew", {"seat": s, "tile": TILE_TEXT[t]}, s, ("tile",)) for t in range(28))
    for s in range(4)
)
_PASSED = tuple(Event("passed", {"seat": s}) for s in range(4))
_ENDS: dict[tuple[int, int, int, bool], Event] = {}


def _ends_event(seat: int, side: int, ends: int, points: int, scored: bool) -> Event:
    """``ends_scored``: the play left ``ends``, worth ``points`` (events are values:
    the same one serves every game)."""
    key = (seat, side, ends, scored)
    event = _ENDS.get(key)
    if event is None:
        params = {"seat": seat, "side": side, "ends": ends, "points": points, "scored": scored}
        event = _ENDS[key] = Event("ends_scored", params)
    return event


# ------------------------------------------------------------------ plays

_PLAYS: dict[int, list[int]] = {}
"""``play T on X`` actions by ``tiles << 28 | targets``, all showing one number."""


def _plays_of(key: int) -> list[int]:
    tiles, targets = key >> 28, key & 0xFFFFFFF
    acts = [PLAY_ON[t * 28 + x] for t in indices_of(tiles) for x in indices_of(targets)]
    if len(_PLAYS) < 200_000:
        _PLAYS[key] = acts
    return acts


_DRAW_ENTRY = (1,)


class State:
    """A game of Five-Up as small values (see the module's documentation).

    Fixed: ``rules`` (:class:`Rules`), ``n`` (players), ``reserve``, ``nxt`` (the
    next seat clockwise, by seat). The game: ``phase``, ``first_draw``,
    ``first_leader``, ``leader`` (of the hand under way or next), ``hand_no``,
    ``scores`` (per side), ``winner`` (a side, -1 while none). The hand:
    ``hands`` (masks, by seat), ``stock`` and ``stock_pos`` (``stock[stock_pos:]`` is still
    to draw, in order), ``drawn`` (tiles each seat drew), the layout
    (``plain``, ``room``, ``ends``, ``open_mask``, ``tbn``, ``on_table``),
    ``turn``, ``passes`` (in a row), ``end`` (``""`` while the hand goes on, then
    ``domino``, ``blocked`` or ``target reached``) and ``hand_scores`` (the scores
    when it was dealt).

    ``sink`` (a list, or ``None``) receives the events of each change (see
    ``docs/games/fiveup.md``); ``awards``, when a list, each score tried, as
    ``(side, points, scored)``, for the solver. ``trail`` holds what
    :meth:`undo` needs.
    """

    __slots__ = (
        "awards",
        "drawn",
        "end",
        "ends",
        "first_draw",
        "first_leader",
        "hand_no",
        "hand_scores",
        "hands",
        "leader",
        "n",
        "nxt",
        "on_table",
        "open_mask",
        "passes",
        "phase",
        "plain",
        "reserve",
        "room",
        "rules",
        "scores",
        "sink",
        "stock",
        "stock_pos",
        "tbn",
        "trail",
        "turn",
        "winner",
    )

    rules: Rules
    n: int
    reserve: int
    nxt: tuple[int, ...]
    phase: int
    first_draw: tuple[int, ...]
    first_leader: int
    leader: int
    hand_no: int
    scores: list[int]
    winner: int
    hand_scores: tuple[int, ...]
    hands: list[int]
    stock: Sequence[int]
    stock_pos: int
    drawn: list[int]
    plain: list[int]
    room: list[int]
    ends: int
    open_mask: int
    tbn: list[int] | None
    on_table: int
    turn: int
    passes: int
    end: str
    sink: list[Emitted] | None
    awards: list[tuple[int, int, bool]] | None
    trail: Any

    def __init__(
        self,
        players: int = 2,
        target: int = 61,
        exact: bool = False,
        later_lead: str = "winner",
        *,
        rules: Rules | None = None,
    ) -> None:
        rules = rules or Rules.of(players, target, exact, later_lead)
        n = rules.players
        self.rules = rules
        self.n = n
        self.reserve = rules.reserve
        self.nxt = tuple((s + 1) % n for s in range(n))
        self.phase = DRAW
        self.first_draw = ()
        self.first_leader = -1
        self.leader = -1
        self.hand_no = 0
        self.scores = [0] * len(rules.sides)
        self.winner = -1
        self.hand_scores = tuple(self.scores)
        self.hands = [0] * n
        self.stock = ()
        self.stock_pos = 0
        self.drawn = [0] * n
        self.plain = [0] * 7
        self.room = [0] * 7
        self.ends = 0
        self.open_mask = 0
        self.tbn = [0] * 7
        self.on_table = 0
        self.turn = -1
        self.passes = 0
        self.end = ""
        self.sink = None
        self.awards = None
        self.trail = None

    @classmethod
    def from_counts(
        cls,
        rules: Rules,
        hands: Sequence[int],
        plain: Sequence[int],
        room: Sequence[int],
        turn: int,
        passes: int,
        scores: Sequence[int],
    ) -> State:
        """A hand being played, the layout given as counts (no ``tbn``) and the
        stock closed: a position of the solver."""
        new = cls(rules=rules)
        new.phase = PLAY
        new.hand_no = 1
        new.hands = list(hands)
        new.stock = (-1,) * rules.reserve
        new.plain = list(plain)
        new.room = list(room)
        new.tbn = None
        new.ends = sum(v * plain[v] + (v + v if room[v] > 2 else 0) for v in range(7))
        new.open_mask = sum(1 << v for v in range(7) if plain[v] or room[v])
        new.turn = turn
        new.passes = passes
        new.scores = list(scores)
        new.hand_scores = tuple(scores)
        return new

    def clone(self, *, counts_only: bool = False) -> State:
        """An independent copy, :meth:`undo` included (its trail is shared, never
        changed). With ``counts_only`` the copy has no ``tbn``, no events and no
        trail before it: a hand to play on with solver moves."""
        new = State.__new__(State)
        new.rules = self.rules
        new.n = self.n
        new.reserve = self.reserve
        new.nxt = self.nxt
        new.phase = self.phase
        new.first_draw = self.first_draw
        new.first_leader = self.first_leader
        new.leader = self.leader
        new.hand_no = self.hand_no
        new.scores = self.scores[:]
        new.winner = self.winner
        new.hand_scores = self.hand_scores
        new.hands = self.hands[:]
        new.stock = self.stock
        new.stock_pos = self.stock_pos
        new.drawn = self.drawn[:]
        new.plain = self.plain[:]
        new.room = self.room[:]
        new.ends = self.ends
        new.open_mask = self.open_mask
        new.on_table = self.on_table
        new.turn = self.turn
        new.passes = self.passes
        new.end = self.end
        new.sink = None
        new.awards = None
        tbn = self.tbn
        if counts_only or tbn is None:
            new.tbn = None
            new.trail = None
        else:
            new.tbn = tbn[:]
            new.trail = self.trail
        return new

    # ------------------------------------------------------------ chance

    def draw_for_lead(self, tiles: Sequence[int]) -> None:
        """The draw for first leader, one tile per seat: the heaviest leads (most
        pips, then the higher end; two tiles never tie)."""
        self.trail = ((4, self.first_draw, self.first_leader, self.leader, self.phase), self.trail)
        self.first_draw = tuple(tiles)
        self.first_leader = self.leader = max(
            range(self.n), key=lambda s: (PIPS[tiles[s]], HIGH[tiles[s]])
        )
        self.phase = DEAL

    def random_lead_draw(self, rng: random.Random) -> list[int]:
        """A draw for first leader, uniformly."""
        return rng.sample(range(28), self.n)

    def deal(self, hands: Sequence[Sequence[int]], stock: Sequence[int]) -> None:
        """Deal a hand: the tiles of each seat, then the stock in drawing order.
        The leader opens it."""
        tbn = self.tbn
        self.trail = (
            (
                3,
                self.hand_no,
                self.phase,
                self.turn,
                self.passes,
                self.end,
                tuple(self.hands),
                self.stock,
                self.stock_pos,
                tuple(self.drawn),
                tuple(self.plain),
                tuple(self.room),
                self.ends,
                self.open_mask,
                None if tbn is None else tuple(tbn),
                self.on_table,
                self.hand_scores,
            ),
            self.trail,
        )
        masks = []
        for h in hands:
            m = 0
            for t in h:
                m |= 1 << t
            masks.append(m)
        self.hand_no += 1
        self.hands = masks
        self.stock = tuple(stock)
        self.stock_pos = 0
        self.drawn = [0] * self.n
        self.plain = [0] * 7
        self.room = [0] * 7
        self.ends = 0
        self.open_mask = 0
        if tbn is not None:
            self.tbn = [0] * 7
        self.on_table = 0
        self.turn = self.leader
        self.passes = 0
        self.end = ""
        self.hand_scores = tuple(self.scores)
        self.phase = PLAY

    def random_deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """A deal drawn uniformly: the hands (each high tile first), then the stock."""
        order = list(range(28))
        rng.shuffle(order)
        return self.deal_of_order(order)

    def deal_of_order(self, order: list[int]) -> tuple[list[list[int]], list[int]]:
        """The deal of the 28 tiles in ``order``: a hand after another (each high tile
        first), then the stock in that order."""
        k = HAND_SIZE
        n = self.n
        hands = [sorted(order[k * i : k * i + k], reverse=True) for i in range(n)]
        return hands, order[k * n :]

    def deal_refusal(
        self, hands: Sequence[Sequence[int]], stock: Sequence[int]
    ) -> tuple[str, dict[str, Any]] | None:
        """Why a deal does not fit the game, as a code and its parameters (``None``:
        it fits)."""
        if len(hands) != self.n:
            return "deal_parts", {"players": self.n}
        if any(len(h) != HAND_SIZE for h in hands):
            return "deal_hand_size", {"tiles": HAND_SIZE}
        size = 28 - HAND_SIZE * self.n
        if len(stock) != size:
            return "deal_stock_size", {"tiles": size}
        if len(set(stock).union(*hands)) != 28:
            return "deal_tiles_once", {}
        return None

    # ------------------------------------------------------------ search API

    @property
    def to_move(self) -> int | None:
        """The seat to play; ``None`` once the hand is over: the search API
        (:class:`ludoteca.search.SearchState`), which covers a hand."""
        return self.turn if self.phase == PLAY else None

    def is_terminal(self) -> bool:
        """Whether the hand is over (or not dealt yet)."""
        return self.phase != PLAY

    def returns(self) -> list[int]:
        """Per seat, the points its side has scored since the hand was dealt (the
        fives, then the hand's end)."""
        start = self.hand_scores
        scores = self.scores
        return [scores[side] - start[side] for side in self.rules.side_of]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """None: a hand has no chance event once dealt (the stock's order is dealt)."""
        return []

    # ------------------------------------------------------------ decisions

    @property
    def hands_scored(self) -> int:
        """How many hands have been scored (every hand dealt but the one under way)."""
        return self.hand_no - (self.phase == PLAY)

    def legal(self) -> list[int]:
        """The legal action numbers (a new list; empty unless a hand is played)."""
        if self.phase != PLAY:
            return []
        hand = self.hands[self.turn]
        om = self.open_mask
        if not om:
            return [A_OPEN + t for t in indices_of(hand)]
        fits = om & (NUMS_LOW[hand & 0x3FFF] | NUMS_HIGH[hand >> 14])
        if fits:
            tbn: list[int] = self.tbn  # type: ignore[assignment]
            v = SINGLE_NUMBER[fits]
            if v >= 0:
                key = (hand & NUMBER_MASK[v]) << 28 | tbn[v]
                return (_PLAYS.get(key) or _plays_of(key))[:]
            out: list[int] = []
            for v in NUMBER_SETS[fits]:
                key = (hand & NUMBER_MASK[v]) << 28 | tbn[v]
                out += _PLAYS.get(key) or _plays_of(key)
            return out
        if len(self.stock) - self.stock_pos > self.reserve:
            return [A_DRAW]
        return [A_PASS]

    @property
    def can_draw(self) -> bool:
        """Whether the stock holds a tile that may be drawn."""
        return len(self.stock) - self.stock_pos > self.reserve

    def apply(self, action: int) -> bool:
        """Apply a legal action (unchecked): whether it ended the hand."""
        if action >= A_OPEN:
            t, v, kind, x = ACTION_MOVE[action]
            return self.play(t, v, kind, x)
        if action == A_DRAW:
            self.draw()
            return False
        return self.pass_turn()

    def plays(self, seat: int | None = None) -> list[Play]:
        """Every play of ``seat`` (by default the seat to move) on the layout, as
        solver moves with the ends each leaves. Plays on ends showing the same
        number are one play; on an empty table every tile of the hand opens."""
        return self.placements(self.hands[self.turn if seat is None else seat])

    def placements(self, tiles: int) -> list[Play]:
        """Every place on the layout for each of ``tiles`` (a mask), as :meth:`plays`."""
        om = self.open_mask
        if not om:
            return [(t, -1, OPENING, PIPS[t]) for t in indices_of(tiles)]
        plain, room = self.plain, self.room
        ends_after = self.ends_after
        out = []
        for v in NUMBER_SETS[om & hand_numbers(tiles)]:
            for t in indices_of(tiles & NUMBER_MASK[v]):
                if plain[v]:
                    out.append((t, v, PLAIN, ends_after(t, v, PLAIN)))
                if room[v]:
                    out.append((t, v, SPINNER, ends_after(t, v, SPINNER)))
        return out

    def ends_after(self, t: int, v: int, kind: int) -> int:
        """The sum of the open ends once tile ``t`` is laid on ``v`` (``kind``)."""
        if kind == OPENING:
            return PIPS[t]
        return self.ends + JOIN[(t * 7 + v) * 6 + (JOIN_PLAIN if kind == PLAIN else self.room[v])]

    def lay(self, t: int, v: int, kind: int, x: int = -1) -> None:
        """Put tile ``t`` on the layout at ``v`` (``kind``; ``x``, the tile joined,
        when the state keeps ``tbn``): the ends, the counts and the open numbers.
        Nothing else changes (hands, turn, scores): :meth:`unlay` takes it back."""
        plain, room, tbn = self.plain, self.room, self.tbn
        bit = 1 << t
        self.on_table |= bit
        if kind == OPENING:
            hi, lo = HIGH[t], LOW[t]
            if hi == lo:
                room[hi] = 4
            else:
                plain[hi] += 1
                plain[lo] += 1
            self.ends = PIPS[t]
            self.open_mask = (1 << hi) | (1 << lo)
            if tbn is not None:
                tbn[hi] |= bit
                tbn[lo] |= bit
            return
        if kind == PLAIN:
            self.ends += JOIN[(t * 7 + v) * 6 + JOIN_PLAIN]
            plain[v] -= 1
            if tbn is not None:
                tbn[v] ^= 1 << x
        else:
            places = room[v]
            self.ends += JOIN[(t * 7 + v) * 6 + places]
            room[v] = places - 1
            if places == 1 and tbn is not None:
                tbn[v] ^= 1 << x
        o = OUTER[t][v]
        if o == v:  # a double joins: crosswise, v stays open on its free side
            room[v] = 3
            if tbn is not None:
                tbn[v] |= bit
            return
        plain[o] += 1
        if tbn is not None:
            tbn[o] |= bit
        if not (plain[v] or room[v]):
            self.open_mask ^= 1 << v
        self.open_mask |= 1 << o

    def unlay(self, t: int, v: int, kind: int, x: int, ends: int, open_mask: int) -> None:
        """Take back :meth:`lay` (``ends`` and ``open_mask``: as they were before)."""
        plain, room, tbn = self.plain, self.room, self.tbn
        bit = 1 << t
        self.on_table ^= bit
        self.ends = ends
        self.open_mask = open_mask
        if kind == OPENING:
            hi, lo = HIGH[t], LOW[t]
            if hi == lo:
                room[hi] = 0
            else:
                plain[hi] -= 1
                plain[lo] -= 1
            if tbn is not None:
                tbn[hi] &= ~bit
                tbn[lo] &= ~bit
            return
        o = OUTER[t][v]
        if o == v:
            room[v] = 0
        else:
            plain[o] -= 1
        if tbn is not None:
            tbn[o] ^= bit
        if kind == PLAIN:
            plain[v] += 1
            if tbn is not None:
                tbn[v] |= 1 << x
        else:
            room[v] += 1
            if room[v] == 1 and tbn is not None:
                tbn[v] |= 1 << x

    def play(self, t: int, v: int, kind: int, x: int = -1) -> bool:
        """The seat to move plays tile ``t`` on ``v`` (``kind``; ``x`` the tile
        joined when the state keeps ``tbn``): whether that ended the hand.

        The play scores a point per 5 when the ends are a positive multiple of 5
        (the game ends at once if that reaches the target); playing the last tile
        ends the hand with the domino bonus.
        """
        seat = self.turn
        hands = self.hands
        hand = hands[seat] ^ (1 << t)
        hands[seat] = hand
        ends, passes, om = self.ends, self.passes, self.open_mask
        self.lay(t, v, kind, x)
        self.passes = 0
        points = ENDS_POINTS[self.ends]
        if points or not hand:
            self.trail = ((0, t, v, kind, x, seat, ends, passes, om, self._snap()), self.trail)
            return self._scored(seat, points, hand)
        self.turn = self.nxt[seat]
        self.trail = ((0, t, v, kind, x, seat, ends, passes, om, None), self.trail)
        return False

    def play_move(self, move: tuple[int, int, int]) -> bool:
        """:meth:`play` of a solver move, a pass included: whether the hand ended."""
        t, v, kind = move
        if kind == PASS:
            return self.pass_turn()
        return self.play(t, v, kind)

    def draw(self) -> int:
        """The seat to move draws the next tile of the stock and keeps the turn:
        the tile drawn."""
        seat = self.turn
        t = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.hands[seat] |= 1 << t
        self.drawn[seat] += 1
        self.trail = (_DRAW_ENTRY, self.trail)
        if self.sink is not None:
            self.sink.append(_DREW[seat][t])
        return t

    def pass_turn(self) -> bool:
        """The seat to move passes: whether the hand is blocked (every seat passed
        in a row). A blocked hand goes to the side with the fewest pips (none on a
        tie), which scores the bonus on the pips of all the others."""
        seat = self.turn
        passes = self.passes + 1
        if self.sink is not None:
            self.sink.append(_PASSED[seat])
        if passes < self.n:
            self.passes = passes
            self.turn = self.nxt[seat]
            self.trail = ((2, seat, None), self.trail)
            return False
        self.trail = ((2, seat, self._snap()), self.trail)
        self.passes = passes
        self._blocked()
        return True

    # ------------------------------------------------------------ scoring

    def _award(self, side: int, points: int) -> bool:
        """``side`` scores ``points`` unless that passes the target with ``exact``:
        whether it was scored (``winner`` is set when it reaches the target)."""
        rules = self.rules
        total = self.scores[side] + points
        scored = not (rules.exact and total > rules.target)
        if self.awards is not None:
            self.awards.append((side, points, scored))
        if scored:
            self.scores[side] = total
            if total >= rules.target:
                self.winner = side
        return scored

    def _scored(self, seat: int, points: int, hand: int) -> bool:
        side = self.rules.side_of[seat]
        if points:
            scored = self._award(side, points)
            if self.sink is not None:
                self.sink.append(_ends_event(seat, side, self.ends, points, scored))
            if self.winner >= 0:
                self._end_hand(TARGET_REACHED, -1, -1, 0)
                return True
        if not hand:
            self._domino(seat, side)
            return True
        self.turn = self.nxt[seat]
        return False

    def opponents_pips(self, side: int) -> int:
        """The pips in the hands of ``side``'s opponents (what a domino scores on)."""
        side_of = self.rules.side_of
        hands = self.hands
        return sum(hand_pips(hands[s]) for s in range(self.n) if side_of[s] != side)

    def _domino(self, seat: int, side: int) -> None:
        side_of = self.rules.side_of
        opponents = [s for s in range(self.n) if side_of[s] != side]
        pips = [hand_pips(self.hands[s]) for s in opponents]
        total = sum(pips)
        points = bonus_points(total)
        scored = points > 0 and self._award(side, points)
        if self.sink is not None:
            self._emit(
                "domino_bonus",
                seat=seat,
                side=side,
                opponents=opponents,
                pips=pips,
                total=total,
                rounding=rounding(total),
                points=points,
                scored=scored,
            )
        self._end_hand(DOMINO, seat, side, points)

    def _blocked(self) -> None:
        rules = self.rules
        per_side = [0] * len(rules.sides)
        for s in range(self.n):
            per_side[rules.side_of[s]] += hand_pips(self.hands[s])
        low = min(per_side)
        side, seat, points, scored = -1, -1, 0, False
        if per_side.count(low) == 1:
            side = per_side.index(low)
            seat = rules.sides[side][0] if self.n < 4 else -1
            points = bonus_points(sum(per_side) - low)
            scored = points > 0 and self._award(side, points)
        if self.sink is not None:
            self._emit(
                "blocked",
                pips=per_side,
                side=side if side >= 0 else None,
                seat=seat if seat >= 0 else None,
                points=points,
                scored=scored,
            )
        self._end_hand(BLOCKED, -1, side, points)

    def _end_hand(self, end: str, seat: int, side: int, points: int) -> None:
        """The hand is over: ``end`` says how; ``seat`` went out (-1: nobody);
        ``side`` takes the ``points`` of the bonus (-1: none). The next hand, or
        the end of the game."""
        self.end = end
        over = self.winner >= 0
        if self.sink is not None:
            shown = end != TARGET_REACHED
            hands = self.hands
            self._emit(
                "hand_ended",
                hand=self.hand_no,
                leader=self.leader,
                how=end.replace(" ", "_"),
                seat=seat if seat >= 0 else None,
                side=side if side >= 0 else None,
                points=points if side >= 0 else 0,
                gained=[a - b for a, b in zip(self.scores, self.hand_scores, strict=True)],
                scores=self.scores[:],
                pips_left=[hand_pips(h) for h in hands] if shown else None,
                tiles_left=[tile_texts(h) for h in hands] if shown else None,
            )
            if over:
                self._emit("game_over", winner=self.winner, scores=self.scores[:])
        if over:
            self.phase = OVER
        else:
            winner_leads = self.rules.winner_leads and end == DOMINO
            self.leader = seat if winner_leads else self.nxt[self.leader]
            self.phase = DEAL
        self.turn = -1

    def _emit(self, code: str, **params: Any) -> None:
        """Add an event to the sink (the caller checks there is one)."""
        assert self.sink is not None
        self.sink.append(Event(code, params))

    def _snap(self) -> tuple[Any, ...]:
        return (tuple(self.scores), self.winner, self.phase, self.leader, self.end)

    # ------------------------------------------------------------ undo

    def undo(self, action: int = -1) -> None:
        """Take back the last change: a decision or a chance event, exactly (``action``,
        what it was, is not needed: the search API passes it)."""
        if self.trail is None:
            raise ValueError("there is nothing to undo on this state")
        entry, self.trail = self.trail
        tag = entry[0]
        if tag == 0:
            _, t, v, kind, x, seat, ends, passes, om, snap = entry
            if snap is not None:
                self._restore(snap)
            self.hands[seat] |= 1 << t
            self.unlay(t, v, kind, x, ends, om)
            self.passes = passes
            self.turn = seat
        elif tag == 1:
            seat = self.turn
            self.stock_pos -= 1
            self.hands[seat] ^= 1 << self.stock[self.stock_pos]
            self.drawn[seat] -= 1
        elif tag == 2:
            _, seat, snap = entry
            if snap is not None:
                self._restore(snap)
            self.passes -= 1
            self.turn = seat
        elif tag == 3:
            (
                _,
                self.hand_no,
                self.phase,
                self.turn,
                self.passes,
                self.end,
                hands,
                self.stock,
                self.stock_pos,
                drawn,
                plain,
                room,
                self.ends,
                self.open_mask,
                tbn,
                self.on_table,
                self.hand_scores,
            ) = entry
            self.hands = list(hands)
            self.drawn = list(drawn)
            self.plain = list(plain)
            self.room = list(room)
            self.tbn = None if tbn is None else list(tbn)
        else:
            _, self.first_draw, self.first_leader, self.leader, self.phase = entry

    def _restore(self, snap: tuple[Any, ...]) -> None:
        scores, self.winner, self.phase, self.leader, self.end = snap
        self.scores = list(scores)

    # ------------------------------------------------------------ play-outs

    def random_playout(self, rng: random.Random, trace: list[int | str] | None = None) -> int:
        """Play this state on to the end of the game with uniformly random moves
        and deals: how many hands were dealt. With a ``trace``, the chance events
        (as text) and the decisions (as action numbers) are added to it."""
        hands_dealt = 0
        rand = rng.random
        legal = self.legal
        apply = self.apply
        while self.phase != OVER:
            phase = self.phase
            if phase == PLAY:
                acts = legal()
                a = acts[int(rand() * len(acts))] if len(acts) > 1 else acts[0]
                if trace is not None:
                    trace.append(a)
                apply(a)
            elif phase == DEAL:
                hands, stock = self.random_deal(rng)
                if trace is not None:
                    trace.append(deal_text(hands, stock))
                self.deal(hands, stock)
                hands_dealt += 1
            else:
                tiles = self.random_lead_draw(rng)
                if trace is not None:
                    trace.append("draw " + " ".join(TILE_TEXT[t] for t in tiles))
                self.draw_for_lead(tiles)
        return hands_dealt

    def play_hand(self, choose: Callable[[State, list[Play]], Play]) -> None:
        """Play the hand under way to its end: ``choose`` picks each play among
        :meth:`plays` (more than one); a seat with no play draws, or passes."""
        while True:
            moves = self.plays()
            if not moves:
                if self.can_draw:
                    self.draw()
                elif self.pass_turn():
                    return
                continue
            t, v, kind, _ = moves[0] if len(moves) == 1 else choose(self, moves)
            if self.play(t, v, kind):
                return
