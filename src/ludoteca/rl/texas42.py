"""Texas 42 for learning agents.

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
2      game score of own team and of the other team (marks over 14, points over 255)
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

Rewards: when a hand is scored each seat receives (own team's gain − other
team's gain) / target, the target being 7 marks or 250 points; when the game
ends the winning team's seats receive +1 and the others −1 more.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ludoteca.games.texas42.game import _PARSE, PHASE_NAMES, Texas42
from ludoteca.games.texas42.tables import (
    CONTRACT_NAMES,
    FOLLOW_MASK,
    LED_SUIT,
    SEVENS,
    SEVENS_DISTANCE,
    SEVENS_RING,
)
from ludoteca.tiles import tile_index

from .adapter import Adapter, FloatArray, mask_bytes

__all__ = ["Texas42Adapter", "Texas42Public"]

_BID, _TRUMP, _PLAY, _OVER = 2, 3, 4, 5
NUM_BIDS = 34
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


def _mask(texts: list[str]) -> int:
    m = 0
    for t in texts:
        m |= 1 << tile_index(t)
    return m


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
INFO_STATE_SIZE = O_TRICKS + 7 * TRICK_BLOCK  # 1156


class Texas42Adapter(Adapter[Texas42Public]):
    """Encoders and rewards of Texas 42."""

    game_name = "texas42"
    reward_note = (
        "per scored hand: (own team's gain - other team's gain) / target "
        "(7 marks or 250 points); at the end: +1 to the winners, -1 to the losers"
    )

    def __init__(self, game: Texas42) -> None:
        super().__init__(game)
        self.target = game.target
        self.reward_scale = float(self.target)
        self.score_cap = 14 if self.target == 7 else 255
        self.sides = [[0, 2], [1, 3]]
        self.info_state_size = INFO_STATE_SIZE
        self.observation_size = OBSERVATION_SIZE
        # What the completed tricks of a hand add up to, kept from call to call:
        # the tricks folded, then per absolute seat the tiles played and the
        # tiles known not held, and per seat the trick grid of the info state.
        self._fold_key: tuple[int, tuple[tuple[Play, ...], ...]] = (-1, ())
        self._played = [0, 0, 0, 0]
        self._voids = [0, 0, 0, 0]
        self._grids: list[tuple[tuple[tuple[Play, ...], ...], bytes]] = [((), b"")] * 4
        # Per seat: the played and voids part of the observation over the completed
        # tricks, as (contract, tricks, bytes, played by seat, voids by seat).
        self._rendered: list[tuple[int, Any, bytes, tuple[int, ...], tuple[int, ...]]] = [
            (-2, (), b"", (), ())
        ] * 4

    # ------------------------------------------------------------- readers

    def public(self, game: Texas42, seat: int) -> Texas42Public:
        phase = game.phase
        return Texas42Public(
            seat,
            phase,
            game.turn if _BID <= phase <= _PLAY else -1,
            game.dealer,
            (game.scores[0], game.scores[1]),
            game.hands[seat],
            tuple(game.bids),
            game.bidder,
            game.declarer,
            game.contract,
            (game.points[0], game.points[1]),
            tuple(tuple(tr["plays"]) for tr in game.tricks),
            tuple(tr["winner"] for tr in game.tricks),
            tuple(game.trick),
        )

    def public_from_view(self, view: dict[str, Any]) -> Texas42Public:
        contract = view["contract"]
        to_move = view["to_move"]
        return Texas42Public(
            view["seat"],
            PHASE_NAMES.index(view["phase"]),
            to_move if isinstance(to_move, int) else -1,
            -1 if view["dealer"] is None else view["dealer"],
            (view["scores"][0], view["scores"][1]),
            _mask(view["hand"]),
            tuple((b["seat"], _PARSE[b["bid"]]) for b in view["bids"]),
            -1 if view["bidder"] is None else view["bidder"],
            -1 if view["declarer"] is None else view["declarer"],
            -1 if contract is None else CONTRACT_NAMES.index(contract),
            (view["points"][0], view["points"][1]),
            tuple(_plays(tr["plays"]) for tr in view["tricks"]),
            tuple(tr["winner"] for tr in view["tricks"]),
            _plays(view["trick"]),
        )

    # ------------------------------------------------------------- writers

    def scales(self) -> tuple[FloatArray, FloatArray]:
        obs = np.ones(OBSERVATION_SIZE, np.float32)
        info = np.ones(INFO_STATE_SIZE, np.float32)
        for v in (obs, info):
            v[O_SCORES : O_SCORES + 2] = 1.0 / self.score_cap
            v[O_POINTS : O_POINTS + 2] = 1.0 / 42
        obs[O_WON : O_WON + 2] = 1.0 / 7
        return obs, info

    def _common(self, p: Texas42Public, buf: bytearray) -> None:
        seat = p.seat
        team = seat & 1
        buf[O_HAND : O_HAND + 28] = mask_bytes(p.hand)
        phase = p.phase
        if phase >= _BID:
            buf[O_PHASE + phase - _BID] = 1
        if p.to_move == seat:
            buf[O_MINE] = 1
        if p.dealer >= 0:
            buf[O_DEALER + (p.dealer - seat) % 4] = 1
        for s, a in p.bids:
            buf[O_BIDS + (s - seat) % 4 * NUM_BIDS + a] = 1
        if p.bidder >= 0:
            buf[O_BIDDER + (p.bidder - seat) % 4] = 1
        if p.declarer >= 0:
            buf[O_DECLARER + (p.declarer - seat) % 4] = 1
        c = p.contract
        if c >= 0:
            buf[O_CONTRACT + c] = 1
        trick = p.trick
        if trick:
            for s, t in trick:
                buf[O_TRICK + (s - seat) % 4 * 28 + t] = 1
            buf[O_LED + LED_SUIT[c][trick[0][1]]] = 1
        cap = self.score_cap
        scores = p.scores
        buf[O_SCORES] = min(scores[team], cap)
        buf[O_SCORES + 1] = min(scores[1 - team], cap)
        points = p.points
        buf[O_POINTS] = points[team]
        buf[O_POINTS + 1] = points[1 - team]

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
        cached = self._rendered[seat]
        if cached[0] != c or cached[1] != p.tricks:
            played, voids = self._fold(p)
            region = bytearray(224)
            for r in range(4):
                a = (seat + r) % 4
                if played[a]:
                    region[28 * r : 28 * r + 28] = mask_bytes(played[a])
                if voids[a]:
                    region[112 + 28 * r : 140 + 28 * r] = mask_bytes(voids[a])
            cached = (c, p.tricks, bytes(region), tuple(played), tuple(voids))
            self._rendered[seat] = cached
        buf[O_PLAYED : O_PLAYED + 224] = cached[2]
        trick = p.trick
        if trick:
            known = cached[4]
            suit = FOLLOW_MASK[c][LED_SUIT[c][trick[0][1]]]
            for s, t in trick:
                r = (s - seat) % 4
                buf[O_PLAYED + 28 * r + t] = 1
                if c == SEVENS:
                    more = 0
                    for ring in range(SEVENS_DISTANCE[t]):
                        more |= SEVENS_RING[ring]
                elif not suit >> t & 1:
                    more = suit
                else:
                    continue
                if more & ~known[s]:
                    buf[O_VOIDS + 28 * r : O_VOIDS + 28 * r + 28] = mask_bytes(known[s] | more)
        if p.trick_winners:
            won = 0
            for w in p.trick_winners:
                won += (w ^ seat) & 1 == 0
            buf[O_WON] = won
            buf[O_WON + 1] = len(p.trick_winners) - won

    def write_info_state(self, p: Texas42Public, buf: bytearray) -> None:
        self._common(p, buf)
        seat = p.seat
        tricks = p.tricks
        done, grid = self._grids[seat]
        n = len(done)
        if len(tricks) < n or tricks[:n] != done:
            n, grid = 0, b""
        if n < len(tricks):
            block = bytearray(grid) + bytearray(TRICK_BLOCK * (len(tricks) - n))
            _grid_plays(seat, tricks[n:], block, n * TRICK_BLOCK)
            grid = bytes(block)
            self._grids[seat] = (tricks, grid)
        buf[O_TRICKS : O_TRICKS + len(grid)] = grid
        if p.trick:
            _grid_plays(seat, (p.trick,), buf, O_TRICKS + len(grid))
        dealt = p.hand | self._fold(p)[0][seat]
        for s, t in p.trick:
            if s == seat:
                dealt |= 1 << t
        buf[O_DEALT : O_DEALT + 28] = mask_bytes(dealt)

    # ------------------------------------------------------------- rewards

    def hands_done(self, game: Texas42) -> int:
        return len(game.hand_log)

    def side_scores(self, game: Texas42) -> list[int]:
        return list(game.scores)


def _fold_plays(
    contract: int, tricks: tuple[tuple[Play, ...], ...], played: list[int], voids: list[int]
) -> None:
    """Add the tiles of ``tricks`` to ``played`` and what they prove to ``voids`` (by seat)."""
    for plays in tricks:
        suit = FOLLOW_MASK[contract][LED_SUIT[contract][plays[0][1]]]
        for s, t in plays:
            played[s] |= 1 << t
            if contract == SEVENS:
                for ring in range(SEVENS_DISTANCE[t]):
                    voids[s] |= SEVENS_RING[ring]
            elif not suit >> t & 1:
                voids[s] |= suit


def _grid_plays(seat: int, tricks: tuple[tuple[Play, ...], ...], buf: bytearray, base: int) -> None:
    """Write ``tricks`` into the info-state trick grid ``buf`` from ``base`` on."""
    for plays in tricks:
        buf[base + (plays[0][0] - seat) % 4] = 1
        for s, t in plays:
            buf[base + 4 + (s - seat) % 4 * 28 + t] = 1
        base += TRICK_BLOCK
