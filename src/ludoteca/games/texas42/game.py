"""Texas 42: four players in two teams, bidding, trump and seven tricks.

Seats 0–3 play clockwise; partners sit opposite (team 0 = seats 0 and 2,
team 1 = seats 1 and 3).

Notation
--------
Chance events:

- ``draw T0 T1 T2 T3`` — the draw for first dealer, one tile per drawing seat in
  seat order (after a tie for highest only the tied seats draw again);
- ``deal H0 | H1 | H2 | H3`` — seven tiles per seat, in seat order.

Decisions:

- ``pass``; ``bid 30`` … ``bid 41``; ``bid 42`` (or ``bid 1 mark``); ``bid 84``
  (or ``bid 2 marks``); ``bid 3 marks`` … ``bid 7 marks``;
- ``bid N marks plunge`` (option ``plunge``: four doubles or more; N is 4, or
  two marks over the high bid if that is more) and ``bid N marks splash``
  (option ``splash``: three doubles or more; N is 2, or one mark over the high
  bid if that is more) — the bidder's partner then names trump and leads;
- ``trump 0`` … ``trump 6``, ``trump doubles``, ``trump follow-me``; with a
  bid of a mark or more, ``nello`` (option ``nello``) and ``sevens`` (option
  ``sevens``) instead of a trump;
- ``play 6-4`` (either way round).

>>> from ludoteca import new_game
>>> g = new_game("texas42", chance="manual")
>>> g.play("draw 6-6 5-4 3-1 0-0")   # seat 0 drew the heaviest: seat 0 deals
>>> g.play("deal 6-6 6-5 6-4 6-3 6-2 6-1 6-0 | 5-5 5-4 5-3 5-2 5-1 5-0 4-4 | "
...        "4-3 4-2 4-1 4-0 3-3 3-2 3-1 | 3-0 2-2 2-1 2-0 1-1 1-0 0-0")
>>> g.to_move, g.legal_moves()[:3]
(1, ['pass', 'bid 30', 'bid 31'])
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.errors import IllegalMove
from ludoteca.game import CHANCE, ChanceEvent, Game, Seat, TileDraw, ToMove
from ludoteca.gametype import GameType, TypeInfo
from ludoteca.options import OptionSpec
from ludoteca.sampling import sample_assignment
from ludoteca.tiles import ALL_TILES, DOUBLES_MASK, TILE_TEXT, Tile, indices_of, tile_index

from .tables import (
    CONTRACT_NAMES,
    COUNT,
    FOLLOW_MASK,
    LED_SUIT,
    NELLO,
    SEVENS,
    SEVENS_RING,
    STRENGTH,
    SUIT_NAMES,
    sevens_choices,
)

if TYPE_CHECKING:
    from ludoteca.tensor import TensorEncoder


__all__ = ["Texas42"]

# Phases of a hand.
DRAW, DEAL, BID, TRUMP, PLAY, OVER = range(6)
PHASE_NAMES = ("draw", "deal", "bid", "trump", "play", "over")

MAX_MARKS = 7  # one bid per seat, one mark more each: a plunge of 4, then 5, 6, 7

# Action numbers.
A_PASS = 0
A_BID_POINTS = 1  # bid 30 .. bid 41
A_BID_MARKS = 13  # bid 1 mark .. bid 7 marks
A_PLUNGE = 20  # bid 1..7 marks plunge (from 4 on)
A_SPLASH = 27  # bid 1..7 marks splash (from 2 on)
A_CONTRACT = 34  # trump 0..6, doubles, follow-me, nello, sevens
A_PLAY = 45
NUM_ACTIONS = 73

NORMAL, PLUNGE, SPLASH = 0, 1, 2
KIND_NAMES = ("", " plunge", " splash")
TEAM_OF = (0, 1, 0, 1)

_CONTRACT_ALIASES = {
    "trump blanks": 0,
    "trump follow me": 8,
    "trump followme": 8,
    "trump no-trump": 8,
    "trump notrump": 8,
    "trump nello": NELLO,
    "trump sevens": SEVENS,
    "trump 7s": SEVENS,
}


def bid_value(action: int) -> int:
    """The value of a bid action in points (a mark is 42)."""
    if A_BID_POINTS <= action < A_BID_MARKS:
        return 29 + action
    return 42 * (((action - A_BID_MARKS) % MAX_MARKS) + 1)


def bid_kind(action: int) -> int:
    if action < A_PLUNGE:
        return NORMAL
    return PLUNGE if action < A_SPLASH else SPLASH


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
        return f"bid {marks} mark{'s' if marks > 1 else ''}{KIND_NAMES[kind]}"
    if a < A_PLAY:
        return CONTRACT_NAMES[a - A_CONTRACT]
    if a < NUM_ACTIONS:
        return "play " + TILE_TEXT[a - A_PLAY]
    raise ValueError(f"{a} is not a Texas 42 action number (0 to {NUM_ACTIONS - 1})")


ACTION_TEXT: tuple[str, ...] = tuple(_format_action(a) for a in range(NUM_ACTIONS))
_PARSE: dict[str, int] = {text: a for a, text in enumerate(ACTION_TEXT)}
for _m in range(1, MAX_MARKS + 1):
    _PARSE[f"bid {_m} mark{'s' if _m > 1 else ''}"] = A_BID_MARKS + _m - 1
    _PARSE[f"bid {42 * _m}"] = A_BID_MARKS + _m - 1
    _PARSE[f"bid {42 * _m} plunge"] = A_PLUNGE + _m - 1
    _PARSE[f"bid {42 * _m} splash"] = A_SPLASH + _m - 1
    _PARSE[f"bid {_m} mark{'s' if _m > 1 else ''} plunge"] = A_PLUNGE + _m - 1
    _PARSE[f"bid {_m} mark{'s' if _m > 1 else ''} splash"] = A_SPLASH + _m - 1
for _alias, _c in _CONTRACT_ALIASES.items():
    _PARSE[_alias] = A_CONTRACT + _c

# Play actions of every 14-bit half of a hand mask, for fast move lists.
_PLAYS_LOW: tuple[list[int], ...] = tuple(
    [A_PLAY + t for t in range(14) if m >> t & 1] for m in range(1 << 14)
)
_PLAYS_HIGH: tuple[list[int], ...] = tuple(
    [A_PLAY + 14 + t for t in range(14) if m >> t & 1] for m in range(1 << 14)
)

MOVE_FORMS = (
    "pass, bid 30 … bid 41, bid 42 (1 mark), bid 84 (2 marks), bid 3 marks …, "
    "bid N marks plunge, bid N marks splash, trump 0 … trump 6, trump doubles, "
    "trump follow-me, nello, sevens, play 6-4"
)


_BIDS_CACHE: dict[tuple[int, bool, bool, bool], list[int]] = {}


class Texas42(Game):
    """Texas 42 with every option of the rules (see the module's notation)."""

    name: ClassVar[str] = "texas42"
    title: ClassVar[str] = "Texas 42"
    option_specs: ClassVar[dict[str, OptionSpec]] = {
        "scoring": OptionSpec(
            "scoring",
            "marks",
            "marks: a made bid scores its marks, first to 7; points: teams score the "
            "points they took, first to 250",
            choices=("marks", "points"),
            kind=str,
        ),
        "all_pass": OptionSpec(
            "all_pass",
            "redeal",
            "redeal: four passes reshuffle and the deal passes; forced: after three "
            "passes the dealer must bid",
            choices=("redeal", "forced"),
            kind=str,
        ),
        "play_out": OptionSpec(
            "play_out",
            False,
            "play every trick even once the hand is decided (always so in points scoring)",
            kind=bool,
        ),
        "nello": OptionSpec("nello", False, "allow nello after a bid of a mark or more", kind=bool),
        "plunge": OptionSpec("plunge", False, "allow the plunge bid (four doubles)", kind=bool),
        "splash": OptionSpec("splash", False, "allow the splash bid (three doubles)", kind=bool),
        "sevens": OptionSpec(
            "sevens", False, "allow sevens after a bid of a mark or more", kind=bool
        ),
    }

    # engine state
    phase: int
    draw_seats: list[int]
    draws: list[list[tuple[int, int]]]
    dealer: int
    hands: list[int]
    dealt: list[int]
    bids: list[tuple[int, int]]
    high: int
    high_action: int
    bidder: int
    declarer: int
    contract: int
    leader: int
    turn: int
    sitting_out: int
    trick: list[tuple[int, int]]
    led_suit: int
    tricks: list[dict[str, Any]]
    points: list[int]
    scores: list[int]
    hand_log: list[dict[str, Any]]
    winner: int | None

    @classmethod
    def _type_info(cls, options: dict[str, Any]) -> TypeInfo:
        marks = options["scoring"] == "marks"
        return TypeInfo(
            num_seats=4,
            sides=((0, 2), (1, 3)),
            num_actions=NUM_ACTIONS,
            score_unit="marks" if marks else "points",
            target=7 if marks else 250,
            hidden_hands=True,
        )

    @classmethod
    def _tensor_encoder_for_type(cls, game_type: GameType) -> TensorEncoder[Any]:
        from ludoteca.tensor import encoder_for

        from .tensor import Texas42Tensors

        return encoder_for(game_type, Texas42Tensors)

    def _seat_count(self) -> int:
        return 4

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def target(self) -> int:
        """Marks (7) or points (250) that win the game."""
        return 7 if self.options["scoring"] == "marks" else 250

    def _setup(self) -> None:
        self.phase = DRAW
        self.draw_seats = [0, 1, 2, 3]
        self.draws = []
        self.dealer = -1
        self.hands = [0, 0, 0, 0]
        self.dealt = [0, 0, 0, 0]
        self.scores = [0, 0]
        self.hand_log = []
        self.winner = None
        self._reset_hand()

    def _reset_hand(self) -> None:
        self.bids = []
        self.high = 0
        self.high_action = -1
        self.bidder = -1
        self.declarer = -1
        self.contract = -1
        self.leader = -1
        self.turn = -1
        self.sitting_out = -1
        self.trick = []
        self.led_suit = -1
        self.tricks = []
        self.points = [0, 0]

    def _copy_into(self, other: Any) -> None:
        d = self.__dict__
        od = other.__dict__
        for k in (
            "phase",
            "dealer",
            "high",
            "high_action",
            "bidder",
            "declarer",
            "contract",
            "leader",
            "turn",
            "sitting_out",
            "led_suit",
            "winner",
        ):
            od[k] = d[k]
        od["draw_seats"] = list(self.draw_seats)
        od["draws"] = [list(x) for x in self.draws]
        od["hands"] = list(self.hands)
        od["dealt"] = list(self.dealt)
        od["bids"] = list(self.bids)
        od["trick"] = list(self.trick)
        od["tricks"] = list(self.tricks)
        od["points"] = list(self.points)
        od["scores"] = list(self.scores)
        od["hand_log"] = list(self.hand_log)

    # ------------------------------------------------------------ who and what

    def _current(self) -> ToMove:
        phase = self.phase
        if phase in (PLAY, BID, TRUMP):
            return self.turn
        if phase == OVER:
            return None
        return CHANCE

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[self.turn]
            if self.trick:
                follow = hand & FOLLOW_MASK[self.contract][self.led_suit]
                if follow:
                    hand = follow
            if self.contract == SEVENS:
                hand = sevens_choices(hand)
            return _PLAYS_LOW[hand & 0x3FFF] + _PLAYS_HIGH[hand >> 14]
        if phase == BID:
            return self._legal_bids()
        if phase == TRUMP:
            return self._legal_contracts()
        return []

    def _legal_bids(self) -> list[int]:
        high = self.high
        forced = self.options["all_pass"] == "forced" and len(self.bids) == 3 and high == 0
        doubles = (self.hands[self.turn] & DOUBLES_MASK).bit_count()
        key = (
            high,
            forced,
            doubles >= 4 and self.options["plunge"],
            doubles >= 3 and self.options["splash"],
        )
        cached = _BIDS_CACHE.get(key)
        if cached is None:
            cached = _BIDS_CACHE[key] = self._compute_bids(*key)
        return list(cached)

    @staticmethod
    def _compute_bids(high: int, forced: bool, plunge: bool, splash: bool) -> list[int]:
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
        return out

    def _legal_contracts(self) -> list[int]:
        out = [A_CONTRACT + c for c in range(9)]
        if self.high >= 42 and bid_kind(self.high_action) == NORMAL:
            if self.options["nello"]:
                out.append(A_CONTRACT + NELLO)
            if self.options["sevens"]:
                out.append(A_CONTRACT + SEVENS)
        return out

    def _why_illegal(self, action: int) -> str:
        phase = self.phase
        if not 0 <= action < NUM_ACTIONS:
            return f"there is no action {action}"
        if phase == BID:
            if action >= A_CONTRACT:
                return f"it is the bidding; allowed now: {self._list_legal()}"
            if action == A_PASS:
                return "after three passes the dealer must bid (option all_pass is forced)"
            kind = bid_kind(action)
            value = bid_value(action)
            if kind == PLUNGE and not self.options["plunge"]:
                return "the plunge is not played at this table (option plunge is off)"
            if kind == SPLASH and not self.options["splash"]:
                return "the splash is not played at this table (option splash is off)"
            doubles = (self.hands[self.turn] & DOUBLES_MASK).bit_count()
            if kind == PLUNGE and doubles < 4:
                return f"a plunge needs four doubles in hand, and this hand has {doubles}"
            if kind == SPLASH and doubles < 3:
                return f"a splash needs three doubles in hand, and this hand has {doubles}"
            if kind != NORMAL:
                return f"the {('', 'plunge', 'splash')[kind]} bid now is: {self._list_legal()}"
            if value <= self.high:
                return (
                    f"a bid must exceed the high bid, {ACTION_TEXT[self.high_action]} by "
                    f"{self._who(self.bidder)}"
                )
            if value > 84:
                return (
                    f"a bid of {value // 42} marks may only follow a bid of {value // 42 - 1} marks"
                )
            return f"allowed now: {self._list_legal()}"
        if phase == TRUMP:
            if action < A_CONTRACT or action >= A_PLAY:
                return f"the bid winner must name trump first; allowed now: {self._list_legal()}"
            c = action - A_CONTRACT
            name = CONTRACT_NAMES[c]
            if not self.options[name]:
                return f"{name} is not played at this table (option {name} is off)"
            return f"{name} needs a bid of at least 1 mark, made as a plain bid"
        if phase == PLAY:
            if action < A_PLAY:
                return f"the tricks are being played; allowed now: {self._list_legal()}"
            t = action - A_PLAY
            if not self.hands[self.turn] & (1 << t):
                return f"{TILE_TEXT[t]} is not in that hand"
            legal = " ".join(TILE_TEXT[a - A_PLAY] for a in self._legal_actions())
            if self.contract == SEVENS:
                return f"in sevens a player must play a tile nearest to 7 pips: {legal}"
            suit = SUIT_NAMES[self.led_suit]
            return f"the lead was {suit}s and this hand must follow suit with {legal}"
        return "no decision is due"

    def _list_legal(self) -> str:
        acts = self._legal_actions()
        texts = [ACTION_TEXT[a] for a in acts]
        if len(texts) > 6:
            texts = [*texts[:3], "…", *texts[-2:]]
        return ", ".join(texts)

    # ------------------------------------------------------------- decisions

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == PLAY:
            self._play_tile(action - A_PLAY)
        elif phase == BID:
            self._bid(action)
        else:
            self._declare(action - A_CONTRACT)

    def apply_action_unchecked(self, action: int) -> None:
        # The base method with the common case inlined (a tile that does not end
        # the trick): this is the hot path of simulations.
        seat = self.turn
        self._history.append(action)
        self._actors.append(seat)
        if self.phase == PLAY:
            trick = self.trick
            if trick and len(trick) < (2 if self.sitting_out >= 0 else 3):
                t = action - A_PLAY
                self.hands[seat] &= ~(1 << t)
                trick.append((seat, t))
                nxt = (seat + 1) & 3
                self.turn = (nxt + 1) & 3 if nxt == self.sitting_out else nxt
                return
            self._play_tile(action - A_PLAY)
        else:
            self._apply(action)
        if self._emitted:
            self._events[len(self._history) - 1] = tuple(self._emitted)
            self._emitted.clear()
        if self.phase == DEAL and self._chance_mode == "auto":
            self._advance()

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        if self.phase == PLAY:
            hand = self.hands[self.turn]
            if self.trick:
                follow = hand & FOLLOW_MASK[self.contract][self.led_suit]
                if follow:
                    hand = follow
            if self.contract == SEVENS:
                hand = sevens_choices(hand)
            return _PLAYS_LOW[hand & 0x3FFF] + _PLAYS_HIGH[hand >> 14]
        return super().legal_actions()

    def _bid(self, action: int) -> None:
        seat = self.turn
        self.bids.append((seat, action))
        if action != A_PASS:
            self.high = bid_value(action)
            self.high_action = action
            self.bidder = seat
        if len(self.bids) < 4:
            self.turn = (seat + 1) % 4
            return
        if self.bidder < 0:
            self.hand_log.append(self._hand_summary(all_passed=True))
            self.dealer = (self.dealer + 1) % 4
            self.phase = DEAL
            return
        kind = bid_kind(self.high_action)
        self.declarer = self.bidder if kind == NORMAL else (self.bidder + 2) % 4
        self.turn = self.declarer
        self.phase = TRUMP

    def _declare(self, contract: int) -> None:
        self.contract = contract
        self.phase = PLAY
        if contract == NELLO:
            self.sitting_out = (self.bidder + 2) % 4
        self.leader = self.turn = self.declarer

    def _play_tile(self, t: int) -> None:
        seat = self.turn
        self.hands[seat] &= ~(1 << t)
        trick = self.trick
        if not trick:
            self.led_suit = LED_SUIT[self.contract][t]
        trick.append((seat, t))
        size = 3 if self.sitting_out >= 0 else 4
        if len(trick) < size:
            nxt = (seat + 1) % 4
            if nxt == self.sitting_out:
                nxt = (nxt + 1) % 4
            self.turn = nxt
            return
        strength = STRENGTH[self.contract][self.led_suit]
        best_seat, best_tile = trick[0]
        best = strength[best_tile]
        count = 1 + COUNT[best_tile]
        for s, x in trick[1:]:
            count += COUNT[x]
            v = strength[x]
            if v > best:
                best, best_seat = v, s
        team = best_seat & 1
        self.points[team] += count
        self.tricks.append(
            {
                "leader": trick[0][0],
                "plays": trick,
                "winner": best_seat,
                "points": count,
            }
        )
        self.trick = []
        self.leader = self.turn = best_seat
        self._after_trick()

    def _after_trick(self) -> None:
        bidders = self.bidder & 1
        pts = self.points
        played = len(self.tricks)
        if self.contract == NELLO:
            made = played == 7 and pts[bidders] == 0
            lost = any(tr["winner"] == self.bidder for tr in self.tricks[-1:])
            decided = made or lost
        else:
            need = min(self.high, 42)
            made = pts[bidders] >= need
            lost = pts[1 - bidders] > 42 - need
            decided = made or lost
        if played < 7 and not (decided and self._may_stop()):
            return
        if self.contract == NELLO:
            made = not any(tr["winner"] == self.bidder for tr in self.tricks)
        else:
            made = pts[bidders] >= min(self.high, 42)
        self._score_hand(made)

    def _may_stop(self) -> bool:
        return self.options["scoring"] == "marks" and not self.options["play_out"]

    def _score_hand(self, made: bool) -> None:
        bidders = self.bidder & 1
        gained = [0, 0]
        if self.options["scoring"] == "marks":
            gained[bidders if made else 1 - bidders] = bid_marks(self.high)
        else:
            pts = self.points
            if made:
                if self.contract == NELLO:
                    gained[bidders] = self.high
                else:
                    gained[bidders] = pts[bidders]
                    gained[1 - bidders] = pts[1 - bidders]
            else:
                gained[1 - bidders] = pts[1 - bidders] + self.high
        self.scores[0] += gained[0]
        self.scores[1] += gained[1]
        self.hand_log.append(self._hand_summary(made=made, gained=gained))
        target = self.target
        reached = [s >= target for s in self.scores]
        if reached[0] and reached[1]:
            self.winner = bidders
        elif reached[0] or reached[1]:
            self.winner = 0 if reached[0] else 1
        if self.winner is not None:
            self.phase = OVER
            self.turn = -1
            return
        self.dealer = (self.dealer + 1) % 4
        self.phase = DEAL

    def _hand_summary(
        self, *, all_passed: bool = False, made: bool = False, gained: list[int] | None = None
    ) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hand": len(self.hand_log) + 1,
            "dealer": self.dealer,
            "bids": [{"seat": s, "bid": ACTION_TEXT[a]} for s, a in self.bids],
        }
        if all_passed:
            out.update({"all_passed": True, "bidder": None, "made": None, "gained": [0, 0]})
            return out
        out.update(
            {
                "all_passed": False,
                "bidder": self.bidder,
                "bid": ACTION_TEXT[self.high_action],
                "bid_value": self.high,
                "marks_at_stake": bid_marks(self.high),
                "declarer": self.declarer,
                "contract": CONTRACT_NAMES[self.contract],
                "trump": _trump_name(self.contract),
                "points": list(self.points),
                "tricks_played": len(self.tricks),
                "tricks": [_trick_json(tr) for tr in self.tricks],
                "made": made,
                "gained": list(gained or [0, 0]),
                "scores_after": list(self.scores),
            }
        )
        return out

    # ---------------------------------------------------------------- chance

    def _apply_chance(self, text: str) -> str:
        words = text.split()
        if self.phase == DRAW:
            if not words or words[0] != "draw":
                raise self._chance_error(text, "the draw for first dealer is due: draw T0 T1 T2 T3")
            tiles = self._parse_tiles(text, words[1:])
            n = len(self.draw_seats)
            if len(tiles) != n or len(set(tiles)) != n:
                raise self._chance_error(
                    text,
                    f"{n} different tiles must be drawn, one for each of seats "
                    f"{', '.join(map(str, self.draw_seats))}",
                )
            pairs = list(zip(self.draw_seats, tiles, strict=True))
            self.draws.append(pairs)
            best = max(ALL_TILES[t].pips for _, t in pairs)
            tied = [s for s, t in pairs if ALL_TILES[t].pips == best]
            if len(tied) == 1:
                self.dealer = tied[0]
                self.phase = DEAL
            else:
                self.draw_seats = tied
            return "draw " + " ".join(TILE_TEXT[t] for t in tiles)
        if self.phase == DEAL:
            if not words or words[0] != "deal":
                raise self._chance_error(text, "a deal is due: deal H0 | H1 | H2 | H3")
            parts = " ".join(words[1:]).split("|")
            if len(parts) != 4:
                raise self._chance_error(text, "a deal lists four hands separated by |")
            hands = [sorted(self._parse_tiles(text, p.split()), reverse=True) for p in parts]
            if any(len(h) != 7 for h in hands):
                raise self._chance_error(text, "each hand has seven tiles")
            if len({t for h in hands for t in h}) != 28:
                raise self._chance_error(text, "the 28 tiles must each be dealt once")
            self._deal_masks([sum(1 << t for t in h) for h in hands])
            return "deal " + " | ".join(" ".join(TILE_TEXT[t] for t in h) for h in hands)
        raise self._chance_error(text, "no chance event is due")

    def _chance_error(self, text: str, reason: str) -> IllegalMove:
        return IllegalMove(
            f"chance event {text!r} is not allowed: {reason}", seat=CHANCE, move=text, reason=reason
        )

    def _parse_tiles(self, text: str, words: list[str]) -> list[int]:
        try:
            return [tile_index(w) for w in words]
        except ValueError as e:
            raise self._chance_error(text, str(e)) from None

    def _sample_chance(self, rng: random.Random) -> str:
        if self.phase == DRAW:
            tiles = rng.sample(range(28), len(self.draw_seats))
            return "draw " + " ".join(TILE_TEXT[t] for t in tiles)
        return _deal_text(_random_deal(rng))

    def _auto_chance(self, rng: random.Random) -> str:
        if self.phase != DEAL:
            return self._apply_chance(self._sample_chance(rng))
        hands = _random_deal(rng)
        self._deal_masks([sum(1 << t for t in h) for h in hands])
        return _deal_text(hands)

    def _deal_masks(self, masks: list[int]) -> None:
        self._reset_hand()
        self.hands = list(masks)
        self.dealt = list(masks)
        self.phase = BID
        self.turn = (self.dealer + 1) % 4

    def _chance_event(self) -> ChanceEvent:
        """The draw for first dealer (one tile per drawing seat) or the deal, read
        from the public view: after a tie for highest only the tied seats draw."""
        view = self.view(None)
        if view["phase"] != "draw":
            return TileDraw("deal ", (7, 7, 7, 7), (False,) * 4, ("",) * 4)
        seats = 4
        if view["first_dealer_draws"]:
            pips = [Tile.parse(d["tile"]).pips for d in view["first_dealer_draws"][-1]]
            seats = pips.count(max(pips))
        return TileDraw("draw ", (1,) * seats, (True,) * seats, ("",) * seats, " ")

    # ------------------------------------------------------------- notation

    def _parse(self, move: str) -> int:
        key = " ".join(move.lower().split())
        a = _PARSE.get(key)
        if a is not None:
            return a
        if key.startswith("play "):
            return A_PLAY + tile_index(key[5:].strip())
        raise ValueError(f"Texas 42 moves are: {MOVE_FORMS}")

    def action_to_move(self, action: int) -> str:
        if 0 <= action < NUM_ACTIONS:
            return ACTION_TEXT[action]
        raise ValueError(f"{action} is not a Texas 42 action number (0 to {NUM_ACTIONS - 1})")

    def _redact(self, entry: str, seat: Seat | None) -> str:
        if not entry.startswith("deal "):
            return entry
        parts = entry[5:].split(" | ")
        return "deal " + " | ".join(p if i == seat else "?" for i, p in enumerate(parts))

    # ----------------------------------------------------------------- views

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "phase": PHASE_NAMES[self.phase],
            "options": dict(self.options),
            "sides": [[0, 2], [1, 3]],
            "team_of": list(TEAM_OF),
            "scoring": self.options["scoring"],
            "target": self.target,
            "scores": list(self.scores),
            "dealer": self.dealer if self.dealer >= 0 else None,
            "first_dealer_draws": [
                [{"seat": s, "tile": TILE_TEXT[t]} for s, t in d] for d in self.draws
            ],
            "hand": _tiles_desc(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "bids": [{"seat": s, "bid": ACTION_TEXT[a]} for s, a in self.bids],
            "high_bid": ACTION_TEXT[self.high_action] if self.high_action >= 0 else None,
            "bidder": self.bidder if self.bidder >= 0 else None,
            "declarer": self.declarer if self.declarer >= 0 else None,
            "contract": CONTRACT_NAMES[self.contract] if self.contract >= 0 else None,
            "trump": _trump_name(self.contract) if self.contract >= 0 else None,
            "sitting_out": self.sitting_out if self.sitting_out >= 0 else None,
            "leader": self.leader if self.leader >= 0 else None,
            "trick": [{"seat": s, "tile": TILE_TEXT[t]} for s, t in self.trick],
            "led_suit": SUIT_NAMES[self.led_suit] if self.trick else None,
            "tricks": [_trick_json(tr) for tr in self.tricks],
            "last_trick": _trick_json(self.tricks[-1]) if self.tricks else None,
            "points": list(self.points),
            "hands_played": list(self.hand_log),
            "winner": self.winner,
        }
        return out

    def side_scores(self) -> list[int]:
        return list(self.scores)

    def winning_side(self) -> int | None:
        return self.winner

    @property
    def hands_scored(self) -> int:
        return len(self.hand_log)

    def result(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "over": self.phase == OVER,
            "sides": [[0, 2], [1, 3]],
            "scores": list(self.scores),
            "winner": self.winner,
            "scoring": self.options["scoring"],
            "target": self.target,
            "hands": list(self.hand_log),
        }

    # ------------------------------------------------------- hidden information

    def known_voids(self) -> list[int]:
        """For each seat, the tiles it is known not to hold (from this hand's play).

        A seat that did not follow the led suit holds none of it; in sevens a
        seat that played a tile holds none nearer to 7 pips.
        """
        voids = [0, 0, 0, 0]
        if self.contract < 0:
            return voids
        c = self.contract
        tricks = [tr["plays"] for tr in self.tricks]
        if self.trick:
            tricks.append(self.trick)
        for plays in tricks:
            led = LED_SUIT[c][plays[0][1]]
            suit = FOLLOW_MASK[c][led]
            for seat, t in plays:
                if c == SEVENS:
                    d = abs(ALL_TILES[t].pips - 7)
                    for ring in range(d):
                        voids[seat] |= SEVENS_RING[ring]
                elif not suit >> t & 1:
                    voids[seat] |= suit
        return voids

    def sample_hidden(self, seat: Seat, rng: random.Random) -> Texas42:
        """A copy whose other hands are redealt uniformly among those consistent with
        what ``seat`` has seen: its own hand, every tile played, the suits each
        seat failed to follow (in sevens, the tiles nearer to 7 it did not play),
        and the doubles a plunge or splash bid proved. The copy's generator is
        reseeded from ``rng``, so later deals reveal nothing either."""
        new = self.copy()
        assert isinstance(new, Texas42)
        new.seed = rng.getrandbits(63)
        if self.phase not in (BID, TRUMP, PLAY):
            return new
        played = [0, 0, 0, 0]
        for tr in self.tricks:
            for s, t in tr["plays"]:
                played[s] |= 1 << t
        for s, t in self.trick:
            played[s] |= 1 << t
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
                need = (4 if kind == PLUNGE else 3) - (played[s] & DOUBLES_MASK).bit_count()
                j = others.index(s)
                minimum[j] = max(minimum.get(j, 0), need)
        masks = sample_assignment(unknown, groups, rng, special=DOUBLES_MASK, minimum=minimum)
        for o, m in zip(others, masks, strict=True):
            new.hands[o] = m
            new.dealt[o] = m | played[o]
        return new

    # --------------------------------------------------------- fast access

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """The four hands as tile masks (all seats: for solvers and tests, not for bots)."""
        return tuple(self.hands)


def _random_deal(rng: random.Random) -> list[list[int]]:
    """Four hands of seven tiles, each sorted high first; every deal equally likely."""
    keys = [rng.random() for _ in range(28)]
    order = sorted(range(28), key=keys.__getitem__)
    return [sorted(order[7 * i : 7 * i + 7], reverse=True) for i in range(4)]


def _deal_text(hands: list[list[int]]) -> str:
    return "deal " + " | ".join(" ".join([TILE_TEXT[t] for t in h]) for h in hands)


def _tiles_desc(mask: int) -> list[str]:
    return [TILE_TEXT[t] for t in sorted(indices_of(mask), reverse=True)]


def _trump_name(contract: int) -> str | None:
    if contract < 7:
        return str(contract)
    return ("doubles", "follow-me", None, None)[contract - 7]


def _trick_json(tr: dict[str, Any]) -> dict[str, Any]:
    return {
        "leader": tr["leader"],
        "plays": [{"seat": s, "tile": TILE_TEXT[t]} for s, t in tr["plays"]],
        "winner": tr["winner"],
        "points": tr["points"],
    }
