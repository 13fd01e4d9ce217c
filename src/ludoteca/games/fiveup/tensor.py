"""Five-Up as float32 vectors: the observation and information state tensors of
:meth:`ludoteca.Game.observation_tensor` and :meth:`ludoteca.Game.information_state_tensor`.

Seats are counted from the observer in playing order (0 is the observer);
sides likewise (the observer's side first; with four players the partners
share a side). With ``P`` players and ``S`` sides the observation holds:

=========  ===============================================================
size       meaning
=========  ===============================================================
2          phase: playing, over
1          the observer must decide now
S          each side's score over the target (capped at the target)
28         tiles in hand
P          tiles in each relative seat's hand, over 28
P          tiles each relative seat drew this hand, over 28
2          tiles left in the stock, and how many may still be drawn, over 28
1          passes in a row, over P
1          the count of the open ends, over 60 (a multiple of 5 scores)
P          who led the hand (relative seat)
28         tiles on the table
196        for each number 0 … 6, the tiles on the table with an open end of it
P × 28     tiles each relative seat has played this hand
P × 28     tiles each relative seat is known not to hold: those showing a number
           that was open when it last drew or passed (nothing it has held
           since fitted then)
=========  ===============================================================

Information state (``obs_type="info_state"``): the part above up to the open
ends, then the hand as dealt (28), then the hand's plays in order, 28 slots of
``58 + P`` numbers: the tile (28), the tile it joined (28, none for the
opening), who played it (P), how many tiles that player drew just before it
(over 28) and how many passes came just before it (over P). Draws and passes
fall between plays in turn order, so this is every move of the hand.

"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from ludoteca import tensor
from ludoteca.games.fiveup.core import DRAW, OVER, PHASE_NAMES, PLAY, State
from ludoteca.games.fiveup.game import FiveUp
from ludoteca.games.fiveup.hidden import dealt_to
from ludoteca.games.fiveup.tables import (
    A_DRAW,
    A_ON,
    A_OPEN,
    A_PASS,
    ACTION_MOVE,
    ACTION_OF,
    HAS_NUMBER,
    NUM_ACTIONS,
    ON_TARGET,
    ON_TILE,
    PLAIN,
    SPINNER,
)
from ludoteca.gametype import GameType
from ludoteca.tensor import ONE, TensorEncoder, fractions, put_mask
from ludoteca.tiles import mask_of_texts, tile_index

_new = tuple.__new__  # builds the record without the NamedTuple's Python-level __new__
__all__ = ["FiveUpPublic", "FiveUpTensors"]

_PLAY, _OVER = PLAY, OVER
_F28 = fractions(28)
_ENDS_CAP = 60
_F60 = fractions(_ENDS_CAP)
_ZERO4 = bytearray(4)
_ZERO_MASK = bytearray(112)
_ZERO_OPEN = bytearray(784)


class FiveUpPublic(NamedTuple):
    """What one Five-Up seat may know (see the view of :class:`FiveUp`)."""

    seat: int
    phase: int
    to_move: int
    scores: tuple[int, ...]
    hand: int
    dealt: int
    hand_sizes: tuple[int, ...]
    drawn: tuple[int, ...]
    stock_size: int
    stock_drawable: int
    passes: int
    ends_total: int
    leader: int
    moves: tuple[int, ...]
    """The decisions of the current hand, in order."""
    open_ends: tuple[int, ...]
    """For each number, the tiles on the table with an open end showing it."""


class _HandFacts(NamedTuple):
    """What the moves of a hand show, by absolute seat."""

    movers: tuple[int, ...]
    played: tuple[int, ...]
    voids: tuple[int, ...]
    table: int
    open_numbers: int


LAYS, PASSES, DRAWS = range(3)
"""What a move does, as the hand is followed: lays a tile (the turn passes on),
passes (the turn passes on; the seat held nothing that fitted the open numbers),
draws (the seat keeps the turn; what it held then is sure only once it moves again)."""

EFFECT: tuple[int, ...] = tuple(
    DRAWS if a == A_DRAW else PASSES if a == A_PASS else LAYS for a in range(NUM_ACTIONS)
)
"""Each action's :data:`LAYS`, :data:`PASSES` or :data:`DRAWS`."""


def _open_ends_change(action: int) -> tuple[int, ...]:
    """How laying ``action`` changes the count of open ends showing each number:
    the rules' own :meth:`State.lay`, on a layout where the play fits."""
    if EFFECT[action] != LAYS:
        return (0,) * 7
    t, v, kind, x = ACTION_MOVE[action]
    layout = State(2)
    if kind == PLAIN:
        layout.plain[v] = 1
    elif kind == SPINNER:
        layout.room[v] = 4
    before = [p + r for p, r in zip(layout.plain, layout.room, strict=True)]
    layout.lay(t, v, kind, x)
    return tuple(p + r - b for p, r, b in zip(layout.plain, layout.room, before, strict=True))


OPEN_ENDS_CHANGE: tuple[tuple[int, ...], ...] = tuple(
    _open_ends_change(a) for a in range(NUM_ACTIONS)
)
"""Per action, the change in the open ends showing each number 0 … 6."""


class _Follow:
    """Follows the moves of a hand: who made each, what each seat played, and
    what each seat cannot hold, by :data:`EFFECT` (the compiled writer follows the
    same tables).

    A seat that drew or passed held nothing that fitted an open end then; once
    it moves again, the tile it drew did not fit either or was played at once,
    so nothing in its hand fits those numbers until it draws again. The open
    numbers are those of the layout, laid play by play by the rules' state.
    """

    __slots__ = (
        "_facts",
        "layout",
        "leader",
        "movers",
        "moves",
        "n",
        "pending",
        "played",
        "seat",
        "voids",
    )

    def __init__(self, n: int, leader: int) -> None:
        self.n = n
        self._start(leader)

    def _start(self, leader: int) -> None:
        """Follow a new hand, opened by ``leader``."""
        n = self.n
        self.leader = leader
        self.moves: tuple[int, ...] = ()
        self.movers: list[int] = []
        self.played = [0] * n
        self.voids = [0] * n
        self.pending = [-1] * n  # open numbers at a seat's latest draw, until its next move
        self.layout = State(n)
        self.seat = leader
        self._facts: _HandFacts | None = None

    @property
    def table(self) -> int:
        """The tiles on the table (a mask)."""
        return self.layout.on_table

    def extend(self, moves: tuple[int, ...]) -> None:
        """Follow ``moves[len(self.moves):]`` (``moves`` continues what was followed)."""
        n = self.n
        played, voids, pending, layout = self.played, self.voids, self.pending, self.layout
        seat = self.seat
        for a in moves[len(self.moves) :]:
            self.movers.append(seat)
            if pending[seat] >= 0:  # the tile drawn did not fit, or it was played at once
                voids[seat] = HAS_NUMBER[pending[seat]]
                pending[seat] = -1
            effect = EFFECT[a]
            if effect == LAYS:
                t, v, kind, x = ACTION_MOVE[a]
                layout.lay(t, v, kind, x)
                played[seat] |= 1 << t
                seat = (seat + 1) % n
            elif effect == PASSES:
                voids[seat] = HAS_NUMBER[layout.open_mask]
                seat = (seat + 1) % n
            else:
                voids[seat] = 0
                pending[seat] = layout.open_mask
        self.seat = seat
        self.moves = moves
        self._facts = None

    def facts_of(self, leader: int, moves: tuple[int, ...]) -> _HandFacts:
        """The facts of the hand ``leader`` opened, ``moves`` so far: followed on from
        what was followed when they continue it, else from the hand's start."""
        done = self.moves
        if self.leader != leader or len(moves) < len(done) or moves[: len(done)] != done:
            self._start(leader)
        if len(moves) > len(self.moves):
            self.extend(moves)
        return self.facts()

    def facts(self) -> _HandFacts:
        if self._facts is None:
            self._facts = _HandFacts(
                tuple(self.movers),
                tuple(self.played),
                tuple(self.voids),
                self.layout.on_table,
                self.layout.open_mask,
            )
        return self._facts


def _hand_facts(n: int, leader: int, moves: tuple[int, ...]) -> _HandFacts:
    """Who made each move of a hand, what each seat played, what it cannot hold
    (see :class:`_Follow`)."""
    follow = _Follow(n, leader)
    follow.extend(moves)
    return follow.facts()


@lru_cache(maxsize=256)
def _own_part_of_deal(entry: str, seat: int) -> int:
    """The tiles ``seat`` was dealt in the ``deal …`` chance event ``entry`` (a mask)."""
    m = 0
    for t in dealt_to(entry, seat):
        m |= 1 << t
    return m


class FiveUpTensors(TensorEncoder[FiveUpPublic]):
    """The observation and information state vectors of Five-Up for 2, 3 or 4 players."""

    game_name = "fiveup"

    def __init__(self, game: FiveUp | GameType) -> None:
        super().__init__(game)
        n = self.num_seats
        kind = game if isinstance(game, GameType) else game.type
        self.sides = [list(s) for s in kind.sides]
        self.side_of = kind.side_of
        target = kind.target
        assert target is not None
        self.target = target
        self.score_fractions = fractions(self.target)
        self.pass_fractions = fractions(n)
        n_sides = len(self.sides)
        # Each observer's sides in order, own side first.
        self.side_order = tuple(
            tuple(dict.fromkeys(self.side_of[(seat + r) % n] for r in range(n)))
            for seat in range(n)
        )
        self.o_phase = 0
        self.o_mine = 2
        self.o_scores = 3
        self.o_hand = self.o_scores + n_sides
        self.o_sizes = self.o_hand + 28
        self.o_drawn = self.o_sizes + n
        self.o_stock = self.o_drawn + n
        self.o_passes = self.o_stock + 2
        self.o_ends = self.o_passes + 1
        self.o_leader = self.o_ends + 1
        self.o_table = self.o_leader + n
        self.o_open = self.o_table + 28
        common = self.o_open + 7 * 28
        self.o_played = common
        self.o_voids = common + 28 * n
        self.observation_size = self.o_voids + 28 * n
        self.o_dealt = common
        self.o_seq = common + 28
        self.slot = 58 + n
        self.info_state_size = self.o_seq + 28 * self.slot
        self.orders = tuple(tuple((seat + r) % n for r in range(n)) for seat in range(n))
        self._follow = _Follow(n, 0)
        # Per seat: the moves and movers of the hand so far, their grid, the draws
        # and passes since the last play (a hand of another game may start alike).
        self._grids: list[tuple[Any, Any, bytearray, int, int]] = [((), (), bytearray(), 0, 0)] * n

    # ------------------------------------------------------------- readers

    def public(self, game: FiveUp, seat: int) -> FiveUpPublic:
        entry, moves = game.hand_record()
        started = entry is not None
        dealt = 0 if entry is None else _own_part_of_deal(entry, seat)
        s = game.core
        phase = s.phase
        in_hand = phase != DRAW and started
        left = len(s.stock) - s.stock_pos
        return _new(
            FiveUpPublic,
            (
                seat,
                phase,
                s.turn if phase == _PLAY else -1,
                tuple(s.scores),
                s.hands[seat] if in_hand else 0,
                dealt,
                tuple([h.bit_count() for h in s.hands]) if in_hand else (0,) * s.n,
                tuple(s.drawn),
                left if in_hand else 0,
                max(0, left - s.reserve) if in_hand else 0,
                s.passes,
                s.ends if started else 0,
                s.leader,
                moves,
                tuple(s.tbn or (0,) * 7) if started else (0,) * 7,
            ),
        )

    def public_from_view(self, view: dict[str, Any]) -> FiveUpPublic:
        seat = view["seat"]
        log = view["log"]
        moves: list[int] = []
        dealt = 0
        deals = [i for i, entry in enumerate(log) if entry.startswith("deal ")]
        if deals:
            dealt = _own_part_of_deal(log[deals[-1]], seat)
            moves = [ACTION_OF[entry] for entry in log[deals[-1] + 1 :]]
        layout = view["layout"]
        open_ends = [0] * 7
        for end in layout["open_ends"]:
            open_ends[end["number"]] |= 1 << tile_index(end["tile"])
        return FiveUpPublic(
            seat,
            PHASE_NAMES.index(view["phase"]),
            tensor.seat_number(view["to_move"]),
            tuple(view["scores"]),
            mask_of_texts(view["hand"]),
            dealt,
            tuple(view["hand_sizes"]),
            tuple(view["drawn"]),
            view["stock_size"],
            view["stock_drawable"],
            view["passes_in_a_row"],
            layout["ends_total"],
            tensor.seat_number(view["leader"]),
            tuple(moves),
            tuple(open_ends),
        )

    # ------------------------------------------------------------- writers

    def _hand(self, p: FiveUpPublic) -> _HandFacts:
        return self._follow.facts_of(max(p.leader, 0), p.moves)

    def _scores_part(self, seat: int, scores: Sequence[int]) -> bytearray:
        """Each side's score over the target, the observer's side first."""
        fr = self.score_fractions
        target = self.target
        part = bytearray()
        for side in self.side_order[seat]:
            part += fr[min(scores[side], target)]
        return part

    def _common(self, p: FiveUpPublic, buf: bytearray, facts: _HandFacts) -> None:
        n = self.num_seats
        seat = p.seat
        flags = []
        if p.phase >= _PLAY:
            flags.append(self.o_phase + p.phase - _PLAY)
        if p.to_move == seat:
            flags.append(self.o_mine)
        if p.leader >= 0:
            flags.append(self.o_leader + (p.leader - seat) % n)
        for i in flags:
            buf[4 * i : 4 * i + 4] = ONE
        k = 4 * self.o_scores
        buf[k : k + 4 * len(self.sides)] = self._scores_part(seat, p.scores)
        k = 4 * self.o_hand
        put_mask(buf, k, p.hand)
        order = self.orders[seat]
        part = bytearray()
        for s in order:
            part += _F28[p.hand_sizes[s]]
        for s in order:
            part += _F28[p.drawn[s]]
        part += _F28[p.stock_size]
        part += _F28[p.stock_drawable]
        part += self.pass_fractions[min(p.passes, n)]
        part += _F60[min(p.ends_total, _ENDS_CAP)]
        k = 4 * self.o_sizes
        buf[k : k + 8 * n + 16] = part
        if facts.table:
            k = 4 * self.o_table
            put_mask(buf, k, facts.table)
            _put_open_ends(buf, 4 * self.o_open, p.open_ends)

    def write_observation(self, p: FiveUpPublic, buf: bytearray) -> None:
        facts = self._hand(p)
        self._common(p, buf, facts)
        n = self.num_seats
        seat = p.seat
        for r in range(n):
            s = (seat + r) % n
            if facts.played[s]:
                k = 4 * (self.o_played + 28 * r)
                put_mask(buf, k, facts.played[s])
            if facts.voids[s]:
                k = 4 * (self.o_voids + 28 * r)
                put_mask(buf, k, facts.voids[s])

    def write_info_state(self, p: FiveUpPublic, buf: bytearray) -> None:
        facts = self._hand(p)
        self._common(p, buf, facts)
        seat = p.seat
        k = 4 * self.o_dealt
        put_mask(buf, k, p.dealt)
        grid = self._grid(seat, p.moves, facts.movers)
        k = 4 * self.o_seq
        buf[k : k + len(grid)] = grid

    def _grid(self, seat: int, moves: tuple[int, ...], movers: tuple[int, ...]) -> bytearray:
        """The plays of the hand in order, as ``seat`` sees them (kept per seat and
        extended move by move)."""
        n = self.num_seats
        done, done_movers, grid, draws, passes = self._grids[seat]
        k = len(done)
        if len(moves) < k or moves[:k] != done or movers[:k] != done_movers:
            done, grid, draws, passes = (), bytearray(), 0, 0
        if len(moves) > len(done):
            block = bytearray(grid)
            slot = self.slot
            for a, mover in zip(moves[len(done) :], movers[len(done) :], strict=True):
                if a == A_DRAW:
                    draws += 1
                    continue
                if a == A_PASS:
                    passes += 1
                    continue
                t, _, _, x = ACTION_MOVE[a]
                row = bytearray(4 * slot)
                who = 56 + (mover - seat) % n
                for i in (t, who) if x < 0 else (t, 28 + x, who):
                    row[4 * i : 4 * i + 4] = ONE
                row[4 * (56 + n) : 4 * (58 + n)] = (
                    _F28[min(draws, 28)] + self.pass_fractions[min(passes, n)]
                )
                block += row
                draws = passes = 0
            grid = block
            self._grids[seat] = (moves, movers, grid, draws, passes)
        return grid

    native_name: ClassVar[str | None] = "FiveUpEncoder"

    def native_args(self) -> tuple[Any, ...]:
        return (
            (
                *(self.o_phase, self.o_mine, self.o_scores, self.o_hand, self.o_sizes),
                *(self.o_leader, self.o_table, self.o_open, self.o_played, self.o_voids),
                *(self.o_dealt, self.o_seq, self.slot, self.observation_size),
                self.info_state_size,
            ),
            self.num_seats,
            self.target,
            self.side_order,
            (A_DRAW, A_PASS, A_OPEN, A_ON),
            ON_TILE,
            ON_TARGET,
            EFFECT,
            OPEN_ENDS_CHANGE,
            HAS_NUMBER,
            _own_part_of_deal,
            (DRAW, _PLAY, _ENDS_CAP),
        )

    # ------------------------------------------------------------- patching

    def patch_state(self, game: FiveUp, seat: int) -> Any:
        if game.core.phase != _PLAY:
            return None
        facts = self._follow.facts()
        return (game, game.core.hand_no, facts.played, facts.voids)

    def patch(self, game: FiveUp, seat: int, buf: bytearray, state: Any, info: bool) -> Any:
        """Moves within one hand: the parts that moves change are rewritten from the
        game's public counts; tiles played and what seats cannot hold are added."""
        g, hand_no, played0, voids0 = state
        s = game.core
        if g is not game or s.phase != _PLAY or s.hand_no != hand_no:
            return None
        n = self.num_seats
        _, moves = game.hand_record()
        follow = self._follow
        done = follow.moves
        if follow.leader != s.leader or len(moves) < len(done) or moves[: len(done)] != done:
            return None
        follow.extend(moves)
        facts = follow.facts()
        e = 4 * self.o_mine
        buf[e : e + 4] = ONE if s.turn == seat else _ZERO4
        e = 4 * self.o_scores
        buf[e : e + 4 * len(self.sides)] = self._scores_part(seat, s.scores)
        e = 4 * self.o_hand
        buf[e : e + 112] = _ZERO_MASK
        put_mask(buf, e, s.hands[seat])
        order = self.orders[seat]
        hands = s.hands
        part = bytearray()
        for r in order:
            part += _F28[hands[r].bit_count()]
        drawn = s.drawn
        for r in order:
            part += _F28[drawn[r]]
        left = len(s.stock) - s.stock_pos
        part += _F28[left]
        part += _F28[max(0, left - s.reserve)]
        part += self.pass_fractions[min(s.passes, n)]
        part += _F60[min(s.ends, _ENDS_CAP)]
        e = 4 * self.o_sizes
        buf[e : e + 8 * n + 16] = part
        put_mask(buf, 4 * self.o_table, facts.table)
        base = 4 * self.o_open
        buf[base : base + 784] = _ZERO_OPEN
        _put_open_ends(buf, base, s.tbn or ())
        if info:
            grid = self._grid(seat, moves, facts.movers)
            e = 4 * self.o_seq
            buf[e : e + len(grid)] = grid
        else:
            for r in range(n):
                k = (seat + r) % n
                if facts.played[k] != played0[k]:
                    put_mask(buf, 4 * (self.o_played + 28 * r), facts.played[k])
                if facts.voids[k] != voids0[k]:
                    e = 4 * (self.o_voids + 28 * r)
                    buf[e : e + 112] = _ZERO_MASK
                    put_mask(buf, e, facts.voids[k])
        return (game, hand_no, facts.played, facts.voids)


def _put_open_ends(buf: bytearray, base: int, open_ends: Sequence[int]) -> None:
    """Mark, number by number, the tiles with an open end (a few each: one by one)."""
    for m in open_ends:
        while m:
            low = m & -m
            k = base + 4 * (low.bit_length() - 1)
            buf[k : k + 4] = ONE
            m ^= low
        base += 112
