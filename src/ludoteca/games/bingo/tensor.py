"""Bingo as float32 vectors: the observation and information state tensors of
:meth:`ludoteca.Game.observation_tensor` and :meth:`ludoteca.Game.information_state_tensor`.

Seats are counted from the observer: 0 is the observer, 1 the opponent; the
observer's number comes first in every pair.

Observation (``obs_type="observation"``, 300 numbers):

=====  ==================================================================
size   meaning
=====  ==================================================================
4      phase: leading, answering, taking one of the last two, over
1      the observer must decide now
2      sets won in the match by each seat, over 7
2      who led the hand first (relative seat)
7      trump number
28     the turned-up tile
28     the turned-up tile while it still lies face up (not closed, not taken)
1      tiles left to draw (hidden stock and turned-up tile), over 14
2      who closed the stock (relative seat)
1      following is compulsory (stock closed or exhausted)
28     tiles in hand
1      tiles in the opponent's hand, over 7
2      points this hand of each seat, over 140
2      tricks won this hand by each seat, over 14
14     doubles shown this hand by each seat
28     tiles the opponent is known to hold (shown doubles, the taken turned-up tile)
2      who leads the trick on the table (relative seat)
28     the tile led to it
7      the doubles shown with that lead
56     tiles each seat has played this hand
56     tiles each seat has captured this hand
=====  ==================================================================

Information state (``obs_type="info_state"``, 1126 numbers): the first 188
numbers above (up to the doubles shown with the lead), the hand as dealt (28),
then the fourteen tricks of the hand in order, each 65 numbers: who led it
(relative seat, 2), the tile led (28), the answer (28), the doubles shown with
the lead (7). Tiles drawn are in the hand; the order in which they came tells
nothing about the hidden tiles, so it is not kept.

"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from ludoteca import tensor
from ludoteca.games.bingo.core import LEAD, OVER, PHASE_NAMES, REPLY, TAKE
from ludoteca.games.bingo.game import Bingo
from ludoteca.tensor import ONE, TensorEncoder, fractions, mask_f32, put_mask
from ludoteca.tiles import mask_of_texts, tile_index

_new = tuple.__new__  # builds the record without the NamedTuple's Python-level __new__
__all__ = ["BingoPublic", "BingoTensors"]

_LEAD, _REPLY, _TAKE, _OVER = LEAD, REPLY, TAKE, OVER
# leader, led tile, answer, doubles shown with the lead (a tile mask), winner
Trick = tuple[int, int, int, int, int]


class BingoPublic(NamedTuple):
    """What one Bingo seat may know (see the view of :class:`Bingo`)."""

    seat: int
    phase: int
    to_move: int
    sets: tuple[int, int]
    hand_leader: int
    trump: int
    turned_up: int
    up: int
    stock_count: int
    closed_by: int
    compulsory: bool
    hand: int
    dealt: int
    other_hand_size: int
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    shown: tuple[int, int]
    known_held: int
    lead: int
    lead_shown: int
    tricks: tuple[Trick, ...]


def _dealt_from_log(log: list[str], seat: int) -> int:
    """The seat's hand as dealt in the current hand, read from its redacted log."""
    for entry in reversed(log):
        if entry.startswith("deal "):
            return mask_of_texts(entry[5:].split(" | ")[seat].split())
    return 0


# Offsets of the common part.
O_PHASE = 0
O_MINE = 4
O_SETS = 5
O_HAND_LEADER = 7
O_TRUMP = 9
O_TURNED = 16
O_UP = 44
O_STOCK = 72
O_CLOSED = 73
O_COMPULSORY = 75
O_HAND = 76
O_OTHER_SIZE = 104
O_POINTS = 105
O_WON = 107
O_SHOWN = 109
O_KNOWN = 123
O_LEADER = 151
O_LEAD = 153
O_LEAD_SHOWN = 181
COMMON = 188
# Observation only.
O_PLAYED = COMMON
O_CAPTURED = O_PLAYED + 56
OBSERVATION_SIZE = O_CAPTURED + 56  # 300
# Information state only.
O_DEALT = COMMON
O_TRICKS = O_DEALT + 28
TRICK_BLOCK = 2 + 28 + 28 + 7
INFO_STATE_SIZE = O_TRICKS + 14 * TRICK_BLOCK  # 1126

# The doubles of a tile mask as seven float32 0/1 entries (d-d → entry d).
_DOUBLE_INDEX = tuple(n * (n + 1) // 2 + n for n in range(7))
_DOUBLES_ONLY = sum(1 << i for i in _DOUBLE_INDEX)


class _DoublesTable(dict[int, bytearray]):
    def __missing__(self, mask: int) -> bytearray:
        out = bytearray().join(ONE if mask >> i & 1 else bytes(4) for i in _DOUBLE_INDEX)
        self[mask] = out
        return out


_DOUBLES = _DoublesTable()
_SEVENTHS = fractions(7)
_FOURTEENTHS = fractions(14)
_POINTS = fractions(140)
_ZERO_FLAGS = bytearray(4 * O_SETS)  # the phase and whose move it is
_ZERO_DYNAMIC = bytearray(4 * (COMMON - O_UP))  # from the turned-up tile to the lead


class BingoTensors(TensorEncoder[BingoPublic]):
    """The observation and information state vectors of Bingo."""

    game_name = "bingo"

    def __init__(self, game: Bingo) -> None:
        super().__init__(game)
        self.sides = [[0], [1]]
        self.info_state_size = INFO_STATE_SIZE
        self.observation_size = OBSERVATION_SIZE
        # Per seat, the parts over the completed tricks kept from call to call:
        # (tricks, played and captured bytes) and (tricks, info-state trick grid).
        # The played and captured blocks over the completed tricks, as each seat sees them.
        self._rendered: tuple[Any, tuple[bytearray, bytearray]] = (
            (),
            (bytearray(448), bytearray(448)),
        )
        self._tricks_cache: tuple[Any, int, tuple[Trick, ...]] = (None, 0, ())
        self._grids: list[tuple[tuple[Trick, ...], bytearray]] = [((), bytearray())] * 2

    # ------------------------------------------------------------- readers

    def _tricks_of(self, game: Bingo) -> tuple[Trick, ...]:
        """The hand's tricks, rebuilt only when one is added (a trick record never
        changes once made; its identity marks it)."""
        tricks = game.core.tricks
        last = tricks[-1] if tricks else None
        cached = self._tricks_cache
        if cached[0] is last and cached[1] == len(tricks):
            return cached[2]
        out = tuple([(t[0], t[1], t[2], t[5], t[3]) for t in tricks])
        self._tricks_cache = (last, len(tricks), out)
        return out

    def public(self, game: Bingo, seat: int) -> BingoPublic:
        core = game.core
        phase = core.phase
        in_hand = _LEAD <= phase <= _TAKE
        other = 1 - seat
        return _new(
            BingoPublic,
            (
                seat,
                phase,
                core.turn if in_hand else -1,
                (core.sets[0], core.sets[1]),
                core.hand_leader,
                core.trump,
                core.trump_tile,
                core.up_showing,
                core.stock_count,
                core.closed_by,
                core.following_compulsory,
                core.hands[seat],
                core.dealt[seat],
                core.hands[other].bit_count(),
                (core.points[0], core.points[1]),
                (core.tricks_won[0], core.tricks_won[1]),
                (core.shown[0], core.shown[1]),
                core.known_held(other),
                core.lead_tile,
                core.lead_show,
                self._tricks_of(game),
            ),
        )

    def public_from_view(self, view: dict[str, Any]) -> BingoPublic:
        seat = view["seat"]
        trick = view["trick"]
        shown = view["shown"]
        up = view["up"]
        turned = view["turned_up_tile"]
        return BingoPublic(
            seat,
            PHASE_NAMES.index(view["phase"]),
            tensor.seat_number(view["to_move"]),
            (view["sets"][0], view["sets"][1]),
            tensor.seat_number(view["hand_leader"]),
            -1 if view["trump"] is None else view["trump"],
            -1 if turned is None else tile_index(turned),
            -1 if up is None else tile_index(up),
            view["stock_count"],
            tensor.seat_number(view["closed_by"]),
            view["following_compulsory"],
            mask_of_texts(view["hand"]),
            _dealt_from_log(view["log"], seat),
            view["hand_sizes"][1 - seat],
            (view["points"][0], view["points"][1]),
            (view["tricks_won"][0], view["tricks_won"][1]),
            (mask_of_texts(shown[0]), mask_of_texts(shown[1])),
            mask_of_texts(view["known_held"][1 - seat]),
            tile_index(trick[0]["tile"]) if trick else -1,
            mask_of_texts(trick[0]["shown"]) if trick else 0,
            tuple(
                (
                    t["leader"],
                    tile_index(t["plays"][0]["tile"]),
                    tile_index(t["plays"][1]["tile"]),
                    mask_of_texts(t["shown"]),
                    t["winner"],
                )
                for t in view["tricks"]
            ),
        )

    # ------------------------------------------------------------- writers

    def _common(self, p: BingoPublic, buf: bytearray) -> None:
        seat = p.seat
        other = 1 - seat
        flags = []
        phase = p.phase
        if phase >= _LEAD:
            flags.append(O_PHASE + phase - _LEAD)
        if p.to_move == seat:
            flags.append(O_MINE)
        if p.hand_leader >= 0:
            flags.append(O_HAND_LEADER + (p.hand_leader ^ seat))
        if p.trump >= 0:
            flags.append(O_TRUMP + p.trump)
        if p.turned_up >= 0:
            flags.append(O_TURNED + p.turned_up)
        if p.up >= 0:
            flags.append(O_UP + p.up)
        if p.closed_by >= 0:
            flags.append(O_CLOSED + (p.closed_by ^ seat))
        if p.compulsory:
            flags.append(O_COMPULSORY)
        if p.lead >= 0:
            flags.append(O_LEADER + (1 if p.to_move == seat else 0))
            flags.append(O_LEAD + p.lead)
        for i in flags:
            buf[4 * i : 4 * i + 4] = ONE
        put_mask(buf, 4 * O_HAND, p.hand)
        shown = p.shown
        if shown[0] or shown[1]:
            buf[4 * O_SHOWN : 4 * O_SHOWN + 56] = _DOUBLES[shown[seat]] + _DOUBLES[shown[other]]
        if p.known_held:
            put_mask(buf, 4 * O_KNOWN, p.known_held)
        if p.lead_shown:
            buf[4 * O_LEAD_SHOWN : 4 * O_LEAD_SHOWN + 28] = _DOUBLES[p.lead_shown]
        buf[4 * O_OTHER_SIZE : 4 * O_OTHER_SIZE + 4] = _SEVENTHS[p.other_hand_size]
        sets = p.sets
        buf[4 * O_SETS : 4 * O_SETS + 8] = (
            _FOURTEENTHS[min(sets[seat], 14)] + _FOURTEENTHS[min(sets[other], 14)]
        )
        buf[4 * O_STOCK : 4 * O_STOCK + 4] = _FOURTEENTHS[p.stock_count]
        points = p.points
        if points[0] or points[1]:
            buf[4 * O_POINTS : 4 * O_POINTS + 8] = (
                _POINTS[min(points[seat], 140)] + _POINTS[min(points[other], 140)]
            )
        won = p.tricks_won
        buf[4 * O_WON : 4 * O_WON + 8] = _FOURTEENTHS[won[seat]] + _FOURTEENTHS[won[other]]

    def write_observation(self, p: BingoPublic, buf: bytearray) -> None:
        self._common(p, buf)
        seat = p.seat
        tricks = p.tricks
        cached = self._played_captured(tricks)
        buf[4 * O_PLAYED : 4 * O_PLAYED + 448] = cached[seat]
        if p.lead >= 0:  # the leader of the trick on the table is the one not to move
            k = 4 * (O_PLAYED + (28 if p.to_move == seat else 0) + p.lead)
            buf[k : k + 4] = ONE

    def write_info_state(self, p: BingoPublic, buf: bytearray) -> None:
        self._common(p, buf)
        seat = p.seat
        put_mask(buf, 4 * O_DEALT, p.dealt)
        grid = self._grid(seat, p.tricks)
        buf[4 * O_TRICKS : 4 * O_TRICKS + len(grid)] = grid

    def _played_captured(self, tricks: tuple[Trick, ...]) -> tuple[bytearray, bytearray]:
        """The played and captured blocks over ``tricks``, as seat 0 and seat 1 see them."""
        cached = self._rendered
        if cached[0] is not tricks and cached[0] != tricks:
            played = [0, 0]
            captured = [0, 0]
            for leader, led, answer, _shown, winner in tricks:
                played[leader] |= 1 << led
                played[1 - leader] |= 1 << answer
                captured[winner] |= (1 << led) | (1 << answer)
            pieces = [mask_f32(m) for m in (*played, *captured)]
            cached = (
                tricks,
                (
                    bytearray().join([pieces[0], pieces[1], pieces[2], pieces[3]]),
                    bytearray().join([pieces[1], pieces[0], pieces[3], pieces[2]]),
                ),
            )
            self._rendered = cached
        return cached[1]

    def _grid(self, seat: int, tricks: tuple[Trick, ...]) -> bytearray:
        """The information state's tricks in order, as ``seat`` sees them."""
        kept = self._grids[seat] = tensor.grown_grid(
            self._grids[seat], seat, tricks, TRICK_BLOCK, _grid_tricks
        )
        return kept[1]

    native_name: ClassVar[str | None] = "BingoEncoder"

    def native_args(self) -> tuple[Any, ...]:
        offsets = (
            *(O_PHASE, O_MINE, O_SETS, O_HAND_LEADER, O_TRUMP, O_TURNED, O_UP, O_STOCK),
            *(O_CLOSED, O_COMPULSORY, O_HAND, O_OTHER_SIZE, O_POINTS, O_WON, O_SHOWN),
            *(O_KNOWN, O_LEADER, O_LEAD, O_LEAD_SHOWN, O_PLAYED, O_CAPTURED, O_DEALT),
            *(O_TRICKS, TRICK_BLOCK, OBSERVATION_SIZE, INFO_STATE_SIZE),
        )
        return (offsets, (_LEAD, _TAKE))

    # ------------------------------------------------------------- patching

    def patch_state(self, game: Bingo, seat: int) -> Any:
        core = game.core
        if not _LEAD <= core.phase <= _TAKE:
            return None
        return (game, core.hand_no)

    def patch(self, game: Bingo, seat: int, buf: bytearray, state: Any, info: bool) -> Any:
        """Moves within one hand: what moves change is rewritten from the game's
        public fields (the dealt hand, trump and sets stay); the tricks come from
        the blocks kept over them."""
        g, hand_no = state
        core = game.core
        phase = core.phase
        if g is not game or not _LEAD <= phase <= _TAKE or core.hand_no != hand_no:
            return None
        other = 1 - seat
        buf[0 : 4 * O_SETS] = _ZERO_FLAGS
        buf[4 * O_UP : 4 * COMMON] = _ZERO_DYNAMIC
        flags = [O_PHASE + phase - _LEAD]
        turn = core.turn
        if turn == seat:
            flags.append(O_MINE)
        up = core.up_showing
        if up >= 0:
            flags.append(O_UP + up)
        closed_by = core.closed_by
        if closed_by >= 0:
            flags.append(O_CLOSED + (closed_by ^ seat))
        if core.following_compulsory:
            flags.append(O_COMPULSORY)
        lead = core.lead_tile
        if lead >= 0:
            flags.append(O_LEADER + (1 if turn == seat else 0))
            flags.append(O_LEAD + lead)
            if core.lead_show:
                buf[4 * O_LEAD_SHOWN : 4 * O_LEAD_SHOWN + 28] = _DOUBLES[core.lead_show]
        for i in flags:
            buf[4 * i : 4 * i + 4] = ONE
        hands = core.hands
        put_mask(buf, 4 * O_HAND, hands[seat])
        shown = core.shown
        if shown[0] or shown[1]:
            buf[4 * O_SHOWN : 4 * O_SHOWN + 56] = _DOUBLES[shown[seat]] + _DOUBLES[shown[other]]
        known = core.known_held(other)
        if known:
            put_mask(buf, 4 * O_KNOWN, known)
        buf[4 * O_STOCK : 4 * O_STOCK + 4] = _FOURTEENTHS[core.stock_count]
        points = core.points
        won = core.tricks_won
        buf[4 * O_OTHER_SIZE : 4 * O_SHOWN] = (
            _SEVENTHS[hands[other].bit_count()]
            + _POINTS[min(points[seat], 140)]
            + _POINTS[min(points[other], 140)]
            + _FOURTEENTHS[won[seat]]
            + _FOURTEENTHS[won[other]]
        )
        tricks = self._tricks_of(game)
        if info:
            grid = self._grid(seat, tricks)
            buf[4 * O_TRICKS : 4 * O_TRICKS + len(grid)] = grid
        else:
            buf[4 * O_PLAYED : 4 * O_PLAYED + 448] = self._played_captured(tricks)[seat]
            if lead >= 0:
                e = 4 * (O_PLAYED + (28 if turn == seat else 0) + lead)
                buf[e : e + 4] = ONE
        return state


def _grid_tricks(seat: int, tricks: tuple[Trick, ...], buf: bytearray, entry: int) -> None:
    """Write ``tricks`` into the info-state trick grid ``buf`` from entry ``entry`` on."""
    base = 4 * entry
    for leader, led, answer, shown, _winner in tricks:
        for i in (leader ^ seat, 2 + led, 30 + answer):
            buf[base + 4 * i : base + 4 * i + 4] = ONE
        if shown:
            buf[base + 232 : base + 260] = _DOUBLES[shown]
        base += 4 * TRICK_BLOCK
