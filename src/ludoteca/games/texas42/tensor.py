"""Texas 42 as float32 vectors: the observation and information state tensors of
:meth:`ludoteca.Game.observation_tensor` and :meth:`ludoteca.Game.information_state_tensor`.

Seats are counted from the observer in playing order: 0 is the observer, 1 the
next to play (an opponent), 2 the partner, 3 the other opponent; "own team"
comes first in every pair of numbers.

Observation (``obs_type="observation"``, 542 numbers):

=====  ==================================================================
size   meaning
=====  ==================================================================
4      phase: bidding, naming trump, playing, over
1      the observer must decide now
4      dealer (relative seat)
2      game score of own team and of the other team (marks over 14, points over 500)
28     tiles in hand
136    each relative seat's bid this hand (34 bids: pass, 30 … 41, marks, plunge, splash)
4      high bidder (relative)
4      declarer, who names trump (relative)
11     contract: trump 0 … 6, doubles, follow-me, nello, sevens
2      points taken this hand by own team and the other team, over 42
112    the trick on the table: each relative seat's tile
8      the suit led to that trick (0 … 6, doubles)
112    tiles each relative seat has played this hand
112    tiles each relative seat is known not to hold (failed to follow)
2      tricks won this hand by own team and the other team, over 7
=====  ==================================================================

Information state (``obs_type="info_state"``, 1156 numbers): the first 316
numbers above (up to the suit led), then the hand as dealt (28), then the
seven tricks of the hand in order (7 × 116: the leader as a relative seat,
then each relative seat's tile), the trick being played included. Earlier
hands are summed up by the game score: their tiles were all redealt.

"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from ludoteca import tensor
from ludoteca.games.texas42.core import (
    A_CONTRACT,
    ACTION_TEXT,
    BID,
    OVER,
    PHASE_NAMES,
    PLAY,
    TRUMP,
    State,
    Trick,
    shown_void,
)
from ludoteca.games.texas42.game import Texas42
from ludoteca.games.texas42.tables import (
    CONTRACT_NAMES,
    FOLLOW_MASK,
    LED_SUIT,
)
from ludoteca.tensor import ONE, TensorEncoder, fractions, mask_f32, put_mask
from ludoteca.tiles import mask_of_texts, tile_index

_new = tuple.__new__  # builds the record without the NamedTuple's Python-level __new__
_BID_ACTION = {text: a for a, text in enumerate(ACTION_TEXT)}
__all__ = ["Texas42Public", "Texas42Tensors"]

_BID, _TRUMP, _PLAY, _OVER = BID, TRUMP, PLAY, OVER
NUM_BIDS = A_CONTRACT
"""Pass and every bid: the actions before the first contract."""

_SHOWN_VOIDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(shown_void(c, follow, t) for follow in FOLLOW_MASK[c] for t in range(28))
    for c in range(len(FOLLOW_MASK))
)
"""For the compiled writer: ``[contract][suit * 28 + tile]``, the tiles a seat shows it
lacks by playing ``tile`` to a trick whose led suit is ``suit`` (:func:`shown_void`)."""
Play = tuple[int, int]


class Texas42Public(NamedTuple):
    """What one Texas 42 seat may know (see the view of :class:`Texas42`)."""

    seat: int
    phase: int
    to_move: int
    dealer: int
    scores: tuple[int, int]
    hand: int
    bids: tuple[tuple[int, int], ...]
    bidder: int
    declarer: int
    contract: int
    points: tuple[int, int]
    tricks: tuple[tuple[Play, ...], ...]
    trick_winners: tuple[int, ...]
    trick: tuple[Play, ...]


def _plays(plays: list[dict[str, Any]]) -> tuple[Play, ...]:
    return tuple((p["seat"], tile_index(p["tile"])) for p in plays)


# Offsets of the common part.
O_PHASE = 0
O_MINE = 4
O_DEALER = 5
O_SCORES = 9
O_HAND = 11
O_BIDS = 39
O_BIDDER = O_BIDS + 4 * NUM_BIDS  # 175
O_DECLARER = O_BIDDER + 4
O_CONTRACT = O_DECLARER + 4
O_POINTS = O_CONTRACT + 11
O_TRICK = O_POINTS + 2
O_LED = O_TRICK + 112
COMMON = O_LED + 8  # 316
# Observation only.
O_PLAYED = COMMON
O_VOIDS = O_PLAYED + 112
O_WON = O_VOIDS + 112
OBSERVATION_SIZE = O_WON + 2  # 542
# Information state only.
O_DEALT = COMMON
O_TRICKS = O_DEALT + 28
TRICK_BLOCK = 4 + 4 * 28
_POINT_FRACTIONS = fractions(42)
_ZERO4 = bytearray(4)
_ZERO_PHASE = bytearray(16)
_ZERO_TRICK = bytearray(4 * (112 + 8))  # the trick on the table and the suit led
_TRICK_FRACTIONS = fractions(7)
# For each observer, the absolute seats' played then voids pieces in relative order.
_ROTATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple((seat + r) % 4 for r in range(4)) + tuple(4 + (seat + r) % 4 for r in range(4))
    for seat in range(4)
)
INFO_STATE_SIZE = O_TRICKS + 7 * TRICK_BLOCK  # 1156


class Texas42Tensors(TensorEncoder[Texas42Public]):
    """The observation and information state vectors of Texas 42."""

    game_name = "texas42"

    def __init__(self, game: Texas42) -> None:
        super().__init__(game)
        self.target = game.target
        self.score_cap = 14 if self.target == 7 else 500
        self.score_fractions = fractions(self.score_cap)
        self.sides = [[0, 2], [1, 3]]
        self.info_state_size = INFO_STATE_SIZE
        self.observation_size = OBSERVATION_SIZE
        # What the completed tricks of a hand add up to, kept from call to call:
        # the tricks folded, then per absolute seat the tiles played and the
        # tiles known not held, and per seat the trick grid of the info state.
        self._fold_key: tuple[int, tuple[tuple[Play, ...], ...]] = (-1, ())
        self._played = [0, 0, 0, 0]
        self._voids = [0, 0, 0, 0]
        self._grids: list[tuple[tuple[tuple[Play, ...], ...], bytearray]] = [((), bytearray())] * 4
        # The played and voids masks of each absolute seat over the completed tricks
        # as bytes: (contract, tricks, 4 played then 4 voids, voids masks).
        self._rendered: tuple[int, Any, list[bytearray], tuple[int, ...]] = (-2, None, [], ())
        self._tricks_cache: tuple[Any, int, Any, Any] = (
            None,
            0,
            (),
            (),
        )
        # Per seat: the bidding part of the common block, with what it was made from.
        self._bidding: list[tuple[Any, bytearray]] = [(None, bytearray())] * 4

    # ------------------------------------------------------------- readers

    def _tricks_of(self, core: State) -> tuple[tuple[tuple[Play, ...], ...], tuple[int, ...]]:
        """The completed tricks' plays and winners, rebuilt only when a trick is added
        (the hand's tuple of finished tricks never changes; its identity marks it)."""
        tricks = core.tricks
        cached = self._tricks_cache
        if cached[0] is tricks:
            return cached[2], cached[3]
        plays = tuple([tr.plays for tr in tricks])
        winners = tuple([tr.winner for tr in tricks])
        self._tricks_cache = (tricks, len(tricks), plays, winners)
        return plays, winners

    def public(self, game: Texas42, seat: int) -> Texas42Public:
        core = game.core
        phase = core.phase
        plays, winners = self._tricks_of(core)
        return _new(
            Texas42Public,
            (
                seat,
                phase,
                core.turn if _BID <= phase <= _PLAY else -1,
                core.dealer,
                core.scores,
                core.hands[seat],
                core.bids,
                core.bidder,
                core.declarer,
                core.contract,
                core.points,
                plays,
                winners,
                tuple(core.trick),
            ),
        )

    def public_from_view(self, view: dict[str, Any]) -> Texas42Public:
        contract = view["contract"]
        return Texas42Public(
            view["seat"],
            PHASE_NAMES.index(view["phase"]),
            tensor.seat_number(view["to_move"]),
            tensor.seat_number(view["dealer"]),
            (view["scores"][0], view["scores"][1]),
            mask_of_texts(view["hand"]),
            tuple((b["seat"], _BID_ACTION[b["bid"]]) for b in view["bids"]),
            tensor.seat_number(view["bidder"]),
            tensor.seat_number(view["declarer"]),
            -1 if contract is None else CONTRACT_NAMES.index(contract),
            (view["points"][0], view["points"][1]),
            tuple(_plays(tr["plays"]) for tr in view["tricks"]),
            tuple(tr["winner"] for tr in view["tricks"]),
            _plays(view["trick"]),
        )

    # ------------------------------------------------------------- writers

    def _bidding_part(
        self,
        seat: int,
        dealer: int,
        bids: tuple[tuple[int, int], ...],
        bidder: int,
        declarer: int,
        contract: int,
    ) -> bytearray:
        """The entries from the dealer to the contract, kept per seat until they change."""
        key = (dealer, bids, bidder, declarer, contract)
        cached = self._bidding[seat]
        if cached[0] == key:
            return cached[1]
        part = bytearray(4 * (O_POINTS - O_DEALER))
        flags = [(dealer - seat) % 4] if dealer >= 0 else []
        for s, a in bids:
            flags.append(O_BIDS - O_DEALER + (s - seat) % 4 * NUM_BIDS + a)
        if bidder >= 0:
            flags.append(O_BIDDER - O_DEALER + (bidder - seat) % 4)
        if declarer >= 0:
            flags.append(O_DECLARER - O_DEALER + (declarer - seat) % 4)
        if contract >= 0:
            flags.append(O_CONTRACT - O_DEALER + contract)
        for i in flags:
            part[4 * i : 4 * i + 4] = ONE
        self._bidding[seat] = (key, part)
        return part

    def _common(self, p: Texas42Public, buf: bytearray) -> None:
        seat = p.seat
        team = seat & 1
        # The bidding (dealer to contract) changes a few times a hand: kept per seat.
        part = self._bidding_part(seat, p.dealer, p.bids, p.bidder, p.declarer, p.contract)
        buf[4 * O_DEALER : 4 * O_POINTS] = part
        put_mask(buf, 4 * O_HAND, p.hand)
        phase = p.phase
        if phase >= _BID:
            k = 4 * (O_PHASE + phase - _BID)
            buf[k : k + 4] = ONE
        if p.to_move == seat:
            buf[4 * O_MINE : 4 * O_MINE + 4] = ONE
        trick = p.trick
        if trick:
            for s, t in trick:
                k = 4 * (O_TRICK + (s - seat) % 4 * 28 + t)
                buf[k : k + 4] = ONE
            k = 4 * (O_LED + LED_SUIT[p.contract][trick[0][1]])
            buf[k : k + 4] = ONE
        scores = p.scores
        cap = self.score_cap
        fr = self.score_fractions
        buf[4 * O_SCORES : 4 * O_SCORES + 8] = (
            fr[min(scores[team], cap)] + fr[min(scores[1 - team], cap)]
        )
        points = p.points
        if points[0] or points[1]:
            fr = _POINT_FRACTIONS
            buf[4 * O_POINTS : 4 * O_POINTS + 8] = fr[points[team]] + fr[points[1 - team]]

    def _fold(self, p: Texas42Public) -> tuple[list[int], list[int]]:
        """Tiles played and known voids per absolute seat over the completed tricks."""
        c = p.contract
        tricks = p.tricks
        key_c, done = self._fold_key
        n = len(done)
        if key_c != c or len(tricks) < n or tricks[:n] != done:
            self._played = [0, 0, 0, 0]
            self._voids = [0, 0, 0, 0]
            n = 0
        if n < len(tricks):
            _fold_plays(c, tricks[n:], self._played, self._voids)
            self._fold_key = (c, tricks)
        return self._played, self._voids

    def write_observation(self, p: Texas42Public, buf: bytearray) -> None:
        self._common(p, buf)
        seat = p.seat
        c = p.contract
        cached = self._rendered
        if cached[0] != c or (cached[1] is not p.tricks and cached[1] != p.tricks):
            played, voids = self._fold(p)
            cached = (
                c,
                p.tricks,
                [mask_f32(m) for m in played] + [mask_f32(m) for m in voids],
                tuple(voids),
            )
            self._rendered = cached
        pieces = cached[2]
        buf[4 * O_PLAYED : 4 * O_PLAYED + 896] = bytearray().join(
            map(pieces.__getitem__, _ROTATIONS[seat])
        )
        trick = p.trick
        if trick:
            known = cached[3]
            suit = FOLLOW_MASK[c][LED_SUIT[c][trick[0][1]]]
            for s, t in trick:
                r = (s - seat) % 4
                k = 4 * (O_PLAYED + 28 * r + t)
                buf[k : k + 4] = ONE
                more = shown_void(c, suit, t)
                if more & ~known[s]:
                    k = 4 * (O_VOIDS + 28 * r)
                    put_mask(buf, k, known[s] | more)
        winners = p.trick_winners
        if winners:
            won = 0
            for w in winners:
                won += (w ^ seat) & 1 == 0
            fr = _TRICK_FRACTIONS
            buf[4 * O_WON : 4 * O_WON + 8] = fr[won] + fr[len(winners) - won]

    def write_info_state(self, p: Texas42Public, buf: bytearray) -> None:
        self._common(p, buf)
        seat = p.seat
        tricks = p.tricks
        kept = self._grids[seat] = tensor.grown_grid(
            self._grids[seat], seat, tricks, TRICK_BLOCK, _grid_plays
        )
        grid = kept[1]
        buf[4 * O_TRICKS : 4 * O_TRICKS + len(grid)] = grid
        if p.trick:
            _grid_plays(seat, (p.trick,), buf, O_TRICKS + len(grid) // 4)
        dealt = p.hand | self._fold(p)[0][seat]
        for s, t in p.trick:
            if s == seat:
                dealt |= 1 << t
        put_mask(buf, 4 * O_DEALT, dealt)

    native_name: ClassVar[str | None] = "Texas42Encoder"

    def native_args(self) -> tuple[Any, ...]:
        return (
            (
                *(O_PHASE, O_MINE, O_DEALER, O_SCORES, O_HAND, O_BIDS, O_BIDDER, O_DECLARER),
                *(O_CONTRACT, O_POINTS, O_TRICK, O_LED, O_PLAYED, O_VOIDS, O_WON, O_DEALT),
                *(O_TRICKS, TRICK_BLOCK, NUM_BIDS, OBSERVATION_SIZE, INFO_STATE_SIZE),
            ),
            LED_SUIT,
            _SHOWN_VOIDS,
            (_BID, _PLAY),
            self.score_cap,
        )

    # ------------------------------------------------------------- patching

    def patch_state(self, game: Texas42, seat: int) -> Any:
        core = game.core
        if not _BID <= core.phase <= _PLAY:
            return None
        voids = [0, 0, 0, 0]
        played = [0, 0, 0, 0]
        tricks = [tr.plays for tr in core.tricks]
        if core.trick:
            tricks.append(tuple(core.trick))
        _fold_plays(core.contract, tuple(tricks), played, voids)
        return (
            core,
            len(core.hand_log),
            core.phase,
            len(core.bids),
            len(core.tricks),
            len(core.trick),
            voids,
        )

    def _rewrite_bidding(self, core: State, seat: int, buf: bytearray) -> None:
        """Rewrite the parts the bidding and naming trump change: the phase, the
        bids and contract, the hand and the game score."""
        buf[4 * O_PHASE : 4 * O_PHASE + 16] = _ZERO_PHASE
        e = 4 * (O_PHASE + core.phase - _BID)
        buf[e : e + 4] = ONE
        buf[4 * O_DEALER : 4 * O_POINTS] = self._bidding_part(
            seat, core.dealer, core.bids, core.bidder, core.declarer, core.contract
        )
        put_mask(buf, 4 * O_HAND, core.hands[seat])  # the bidding region ends there
        cap = self.score_cap
        fr = self.score_fractions
        team = seat & 1
        scores = core.scores
        buf[4 * O_SCORES : 4 * O_SCORES + 8] = (
            fr[min(scores[team], cap)] + fr[min(scores[1 - team], cap)]
        )

    def patch(self, game: Texas42, seat: int, buf: bytearray, state: Any, info: bool) -> Any:
        """Moves within one hand: bids, trump, plays; each new play is added, then
        the small parts are rewritten."""
        core = game.core
        g, hands, phase0, nbids, k0, j0, voids = state
        phase = core.phase
        if g is not core or not _BID <= phase <= _PLAY or len(core.hand_log) != hands:
            return None
        c = core.contract
        if phase != phase0 or len(core.bids) != nbids:
            self._rewrite_bidding(core, seat, buf)
        buf[4 * O_MINE : 4 * O_MINE + 4] = ONE if core.turn == seat else _ZERO4
        if phase != _PLAY:
            return (core, hands, phase, len(core.bids), 0, 0, voids)
        tricks = core.tricks
        current = core.trick
        n_tricks = len(tricks)
        voids = list(voids)
        for k in range(k0, n_tricks + 1):
            plays = tricks[k].plays if k < n_tricks else current
            if not plays:
                continue
            suit = FOLLOW_MASK[c][LED_SUIT[c][plays[0][1]]]
            base = O_TRICKS + k * TRICK_BLOCK
            for i in range(j0 if k == k0 else 0, len(plays)):
                s, t = plays[i]
                r = (s - seat) % 4
                if s == seat:
                    e = 4 * (O_HAND + t)
                    buf[e : e + 4] = _ZERO4
                if info:
                    if i == 0:
                        e = 4 * (base + r)
                        buf[e : e + 4] = ONE
                    e = 4 * (base + 4 + 28 * r + t)
                    buf[e : e + 4] = ONE
                    continue
                e = 4 * (O_PLAYED + 28 * r + t)
                buf[e : e + 4] = ONE
                more = shown_void(c, suit, t)
                if more & ~voids[s]:
                    voids[s] |= more
                    put_mask(buf, 4 * (O_VOIDS + 28 * r), voids[s])
        if n_tricks > k0:  # the trick on the table is a new one
            _clear_table(buf, seat, tricks, info)
            j = 0
        else:
            j = j0
        for i in range(j, len(current)):
            s, t = current[i]
            e = 4 * (O_TRICK + (s - seat) % 4 * 28 + t)
            buf[e : e + 4] = ONE
            if i == 0:
                e = 4 * (O_LED + LED_SUIT[c][t])
                buf[e : e + 4] = ONE
        points = core.points
        team = seat & 1
        buf[4 * O_POINTS : 4 * O_POINTS + 8] = (
            _POINT_FRACTIONS[points[team]] + _POINT_FRACTIONS[points[1 - team]]
        )
        return (core, hands, phase, len(core.bids), n_tricks, len(current), voids)


def _clear_table(buf: bytearray, seat: int, tricks: tuple[Trick, ...], info: bool) -> None:
    """A new trick is on the table: clear the trick and the suit led and, in the
    observation, write the tricks each team has won."""
    buf[4 * O_TRICK : 4 * O_LED + 32] = _ZERO_TRICK
    if not info:
        won = 0
        for tr in tricks:
            won += (tr.winner ^ seat) & 1 == 0
        buf[4 * O_WON : 4 * O_WON + 8] = _TRICK_FRACTIONS[won] + _TRICK_FRACTIONS[len(tricks) - won]


def _fold_plays(
    contract: int, tricks: tuple[tuple[Play, ...], ...], played: list[int], voids: list[int]
) -> None:
    """Add the tiles of ``tricks`` to ``played`` and what they prove to ``voids`` (by seat)."""
    for plays in tricks:
        suit = FOLLOW_MASK[contract][LED_SUIT[contract][plays[0][1]]]
        for s, t in plays:
            played[s] |= 1 << t
            voids[s] |= shown_void(contract, suit, t)


def _grid_plays(seat: int, tricks: tuple[tuple[Play, ...], ...], buf: bytearray, base: int) -> None:
    """Write ``tricks`` into the info-state trick grid ``buf`` from entry ``base`` on."""
    for plays in tricks:
        k = 4 * (base + (plays[0][0] - seat) % 4)
        buf[k : k + 4] = ONE
        for s, t in plays:
            k = 4 * (base + 4 + (s - seat) % 4 * 28 + t)
            buf[k : k + 4] = ONE
        base += TRICK_BLOCK
