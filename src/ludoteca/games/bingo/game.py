"""Bingo: the two-player domino trick-taking game adapted from Sixty-Six.

Seats 0 and 1. A match is played to 7 sets over several hands; the first
leader is drawn, then the lead alternates from hand to hand.

Notation
--------
Chance events:

- ``draw T0 T1`` — the draw for first leader, seat 0's tile then seat 1's (the
  heavier tile leads: higher total, then higher end);
- ``deal H0 | H1 | up T | stock S`` — seven tiles per seat (each hand sorted,
  high first), the turned-up tile, then the thirteen hidden stock tiles in the
  order they will be drawn (first drawn first).

Decisions:

- ``play 6-4`` (either way round) — lead or answer a tile;
- ``play 6-6 show`` — lead a double and show every other double held that was
  not shown before;
- ``close`` — before leading, close the stock (the same player then leads);
- ``take up`` / ``take hidden`` — the trick's winner, when only the hidden and
  the turned-up tile are left, takes one of them (the other player gets the other).

>>> from ludoteca import new_game
>>> g = new_game("bingo", chance="manual")
>>> g.play("draw 5-4 6-1")          # 9 pips against 7: seat 0 leads
>>> g.play("deal 6-6 5-5 4-4 6-2 5-1 3-0 1-0 | 6-5 6-4 6-3 4-2 3-1 2-1 1-1 | "
...        "up 6-1 | stock 5-4 5-3 5-2 5-0 4-3 4-1 4-0 3-3 3-2 2-2 2-0 6-0 0-0")
>>> g.view(0)["trump"], g.to_move
(6, 0)
>>> [m for m in g.legal_moves() if "show" in m or m == "close"]
['play 4-4 show', 'play 5-5 show', 'play 6-6 show', 'close']
>>> g.play("play 6-6 show"); g.play("play 6-5")
>>> g.view(1)["points"], g.view(1)["shown"]
([79, 0], [['5-5', '4-4'], []])
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.errors import IllegalMove
from ludoteca.game import CHANCE, ChanceEvent, Game, Seat, TileDraw, ToMove
from ludoteca.gametype import GameType, TypeInfo
from ludoteca.options import OptionSpec
from ludoteca.tiles import ALL_TILES, DOUBLES_MASK, TILE_TEXT, indices_of, tile_index

from .fast import random_permutation
from .hidden import HandObservation, sample_deal
from .tables import (
    BINGO,
    DOUBLE_OF,
    FOLLOW_STEPS,
    HIGH_END,
    LOW_END,
    STRENGTH,
    TRUMP_DOUBLE,
    VALUE,
    config_of,
    follow_step,
    show_points,
    tiles_in,
    trump_of,
)

if TYPE_CHECKING:
    from ludoteca.tensor import TensorEncoder


__all__ = ["Bingo"]

# Phases.
DRAW, DEAL, LEAD, REPLY, TAKE, OVER = range(6)
PHASE_NAMES = ("draw", "deal", "lead", "reply", "take", "over")

# Action numbers.
A_PLAY = 0  # play tile 0 … 27
A_SHOW = 28  # play d-d show, d = 0 … 6
A_CLOSE = 35
A_TAKE_UP = 36
A_TAKE_HIDDEN = 37
NUM_ACTIONS = 38

TARGET_POINTS = 70
TARGET_SETS = 7
HAND_SIZE = 7
HIDDEN_STOCK = 13

# Score event kinds.
CAPTURE, SHOW, FAILED_CLOSE = 0, 1, 2
EVENT_NAMES = ("capture", "show", "failed close")

DOUBLE_BIT: tuple[int, ...] = tuple(1 << DOUBLE_OF[d] for d in range(7))


def _format_action(a: int) -> str:
    if a < A_SHOW:
        return "play " + TILE_TEXT[a]
    if a < A_CLOSE:
        return "play " + TILE_TEXT[DOUBLE_OF[a - A_SHOW]] + " show"
    return ("close", "take up", "take hidden")[a - A_CLOSE]


ACTION_TEXT: tuple[str, ...] = tuple(_format_action(a) for a in range(NUM_ACTIONS))
_PARSE: dict[str, int] = {text: a for a, text in enumerate(ACTION_TEXT)}
for _t in ALL_TILES:
    _PARSE[f"play {_t.low}-{_t.high}"] = _t.index
_PARSE["take turned-up"] = A_TAKE_UP
_PARSE["take the turned-up"] = A_TAKE_UP

MOVE_FORMS = "play 6-4, play 6-6 show, close, take up, take hidden"


def heavier(a: int, b: int) -> bool:
    """Whether tile ``a`` is heavier than tile ``b`` (higher total, then higher end)."""
    ta, tb = ALL_TILES[a], ALL_TILES[b]
    return (ta.pips, ta.high) > (tb.pips, tb.high)


def _desc(mask: int) -> list[str]:
    """The tiles of ``mask`` written out, highest first."""
    if not mask:
        return []
    return [TILE_TEXT[t] for t in reversed(tiles_in(mask))]


class Bingo(Game):
    """Bingo for two players, a match to 7 sets (see the module's notation)."""

    name: ClassVar[str] = "bingo"
    title: ClassVar[str] = "Bingo"
    option_specs: ClassVar[dict[str, OptionSpec]] = {
        "blanks_as_seven": OptionSpec(
            "blanks_as_seven",
            False,
            "a blank counts as seven: for the trump (a turned-up blank makes blanks trump), "
            "for strength and for capture points (6-0 is worth 13)",
            kind=bool,
        ),
    }

    # match state
    phase: int
    draws: list[tuple[int, int]]
    first_leader: int
    hand_no: int
    sets: list[int]
    hand_log: list[dict[str, Any]]
    set_events: list[dict[str, Any]]
    winner: int | None
    # hand state
    b7: bool
    dealt: list[int]
    hands: list[int]
    stock: list[int]
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

    @classmethod
    def _type_info(cls, options: dict[str, Any]) -> TypeInfo:
        return TypeInfo(
            num_seats=2,
            sides=((0,), (1,)),
            num_actions=NUM_ACTIONS,
            score_unit="sets",
            target=TARGET_SETS,
            hidden_hands=True,
        )

    @classmethod
    def _tensor_encoder_for_type(cls, game_type: GameType) -> TensorEncoder[Any]:
        from ludoteca.tensor import encoder_for

        from .tensor import BingoTensors

        return encoder_for(game_type, BingoTensors)

    def _seat_count(self) -> int:
        return 2

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def _setup(self) -> None:
        self.phase = DRAW
        self.draws = []
        self.first_leader = -1
        self.hand_no = 0
        self.sets = [0, 0]
        self.hand_log = []
        self.set_events = []
        self.winner = None
        self.b7 = bool(self.options["blanks_as_seven"])
        self._reset_hand()

    def _reset_hand(self) -> None:
        self.dealt = [0, 0]
        self.hands = [0, 0]
        self.stock = []
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

    def _copy_into(self, other: Any) -> None:
        d = self.__dict__
        od = other.__dict__
        for k in (
            "phase",
            "first_leader",
            "hand_no",
            "winner",
            "b7",
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
            "bingo_capture",
        ):
            od[k] = d[k]
        od["draws"] = list(self.draws)
        od["sets"] = list(self.sets)
        od["hand_log"] = list(self.hand_log)
        od["set_events"] = list(self.set_events)
        od["dealt"] = list(self.dealt)
        od["hands"] = list(self.hands)
        od["stock"] = list(self.stock)
        od["points"] = list(self.points)
        od["tricks_won"] = list(self.tricks_won)
        od["shown"] = list(self.shown)
        od["tricks"] = list(self.tricks)
        od["draw_log"] = list(self.draw_log)

    # ------------------------------------------------------------ who and what

    def _current(self) -> ToMove:
        phase = self.phase
        if phase >= LEAD:
            return None if phase == OVER else self.turn
        return CHANCE

    @property
    def following_compulsory(self) -> bool:
        """Whether the follow rule applies now: the stock is closed or exhausted."""
        return self.phase in (LEAD, REPLY, TAKE) and (self.closed_by >= 0 or self.up < 0)

    def _legal_actions(self) -> list[int]:
        """Action numbers of the legal decisions (empty at a chance point or the end)."""
        phase = self.phase
        turn = self.turn
        if phase == REPLY:
            hand = self.hands[turn]
            if self.closed_by >= 0 or self.up < 0:
                m1, m2, m3 = FOLLOW_STEPS[self.cfg][self.lead_tile]
                hand = hand & m1 or hand & m2 or hand & m3 or hand
            return tiles_in(hand)
        if phase == LEAD:
            hand = self.hands[turn]
            acts = tiles_in(hand)
            doubles = hand & DOUBLES_MASK
            if doubles:
                fresh = doubles & ~self.shown[turn]
                if fresh:
                    for d in range(7):
                        bit = DOUBLE_BIT[d]
                        if doubles & bit and fresh & ~bit:
                            acts.append(A_SHOW + d)
            if self.closed_by < 0 and self.up >= 0:
                acts.append(A_CLOSE)
            return acts
        if phase == TAKE:
            return [A_TAKE_UP, A_TAKE_HIDDEN]
        return []

    # The base method without its phase check (``_legal_actions`` makes it): one call
    # less on the hot path.
    legal_actions = _legal_actions

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def apply_action_unchecked(self, action: int) -> None:
        # The base method with the dispatch inlined: this is the hot path.
        phase = self.phase
        seat = self._current()
        if phase == REPLY:
            self._answer(action)
        elif phase == LEAD and action < A_SHOW:
            self._lead(action, False)
        else:
            self._apply(action)
        self._push(action, seat)  # type: ignore[arg-type]
        if self.phase == DEAL and self._chance_mode == "auto":
            self._advance()

    def _why_illegal(self, action: int) -> str:
        if not 0 <= action < NUM_ACTIONS:
            return f"there is no action {action}"
        phase = self.phase
        turn = self.turn
        hand = self.hands[turn] if turn >= 0 else 0
        if phase == TAKE:
            return (
                f"only the hidden tile and the turned-up {TILE_TEXT[self.up]} are left, and the "
                "trick's winner must choose first: take up or take hidden"
            )
        if action >= A_TAKE_UP:
            return "taking is only for the trick's winner when the last two stock tiles are left"
        if phase == REPLY:
            if action >= A_SHOW:
                what = "show doubles" if action < A_CLOSE else "close the stock"
                return f"only the leader may {what}, before leading; now a tile must answer"
            if not hand >> action & 1:
                return f"{TILE_TEXT[action]} is not in that hand ({' '.join(_desc(hand))})"
            led = self.lead_tile
            step = follow_step(self.cfg, led, action)
            legal = " ".join(TILE_TEXT[t] for t in self._legal_actions())
            why = "the stock is closed" if self.closed_by >= 0 else "the stock is exhausted"
            needs = (
                f"a tile with a {HIGH_END[self.b7][led]}",
                f"a tile with a {LOW_END[self.b7][led]}",
                f"a trump (a {self.trump})",
            )
            held = min(s for s in range(1, 4) if s < step and self._holds_step(led, s))
            return (
                f"{why}, so following is compulsory: {TILE_TEXT[led]} was led and this hand "
                f"holds {needs[held - 1]}, so it must play one of: {legal}"
            )
        # LEAD
        if action == A_CLOSE:
            if self.closed_by >= 0:
                return f"the stock is already closed (by {self._who(self.closed_by)})"
            return "the stock is exhausted: there is nothing left to close"
        tile = action if action < A_SHOW else DOUBLE_OF[action - A_SHOW]
        if not hand >> tile & 1:
            return f"{TILE_TEXT[tile]} is not in that hand ({' '.join(_desc(hand))})"
        # a show of a double in hand
        others = hand & DOUBLES_MASK & ~(1 << tile)
        if not others:
            return f"a show needs another double in hand besides {TILE_TEXT[tile]}"
        return (
            f"the other doubles in hand ({' '.join(_desc(others))}) were already shown "
            "this hand; a double is shown only once"
        )

    def _holds_step(self, led: int, step: int) -> bool:
        return bool(self.hands[self.turn] & FOLLOW_STEPS[self.cfg][led][step - 1])

    # ------------------------------------------------------------- decisions

    def _apply(self, action: int) -> None:
        if self.phase == REPLY:
            self._answer(action)
        elif action < A_SHOW:
            self._lead(action, False)
        elif action < A_CLOSE:
            self._lead(DOUBLE_OF[action - A_SHOW], True)
        elif action == A_CLOSE:
            self.closed_by = self.turn
            self.closed_at = len(self.tricks)
        else:
            self._take(action == A_TAKE_UP)

    def _lead(self, tile: int, show: bool) -> None:
        seat = self.turn
        hand = self.hands[seat] ^ (1 << tile)
        self.hands[seat] = hand
        self.lead_tile = tile
        if show:
            fresh = hand & DOUBLES_MASK & ~self.shown[seat]
            self.lead_show = fresh
            self.shown[seat] |= fresh
        self.turn = 1 - seat
        self.phase = REPLY

    def _answer(self, tile: int) -> None:
        seat = self.turn
        leader = 1 - seat
        hands = self.hands
        hands[seat] ^= 1 << tile
        led = self.lead_tile
        cfg = self.cfg
        strength = STRENGTH[cfg]
        winner = seat if strength[tile] > strength[led] else leader
        value = VALUE[cfg]
        captured = value[led] + value[tile]
        gain = captured
        shown = self.lead_show
        show_pts = 0
        if shown:
            self.lead_show = 0
            if winner == leader:
                show_pts = show_points(shown.bit_count(), led == BINGO or bool(shown & 1))
                gain += show_pts
        points = self.points
        total = points[winner] + gain
        points[winner] = total
        self.tricks_won[winner] += 1
        compulsory = self.closed_by >= 0 or self.up < 0
        tricks = self.tricks
        tricks.append((leader, led, tile, winner, captured, shown, show_pts, compulsory))
        self.lead_tile = -1
        if led == BINGO or tile == BINGO:
            trump_double = TRUMP_DOUBLE[cfg]
            if trump_double != BINGO and trump_double in (led, tile):
                self.bingo_capture = winner
        if total >= TARGET_POINTS:
            self._end_hand(winner, "reached 70")
            return
        self.leader = self.turn = winner
        self.phase = LEAD
        if compulsory:
            if not hands[seat]:
                self._tiles_ran_out(winner)
            return
        drawn = self.drawn
        if drawn < HIDDEN_STOCK - 1:
            stock = self.stock
            hands[winner] |= 1 << stock[drawn]
            hands[1 - winner] |= 1 << stock[drawn + 1]
            self.drawn = drawn + 2
            self.draw_log.append((len(tricks), winner))
        else:
            self.phase = TAKE

    def _take(self, up: bool) -> None:
        seat = self.turn
        hidden = self.stock[self.drawn]
        self.drawn += 1
        got_up = seat if up else 1 - seat
        self.hands[got_up] |= 1 << self.up
        self.hands[1 - got_up] |= 1 << hidden
        self.up_holder = got_up
        self.hidden_to = 1 - got_up
        self.up = -1
        self.phase = LEAD

    def _tiles_ran_out(self, last_winner: int) -> None:
        if self.closed_by >= 0:
            self._end_hand(1 - self.closed_by, "tiles ran out")
            return
        p0, p1 = self.points
        winner = 0 if p0 > p1 else 1 if p1 > p0 else last_winner
        self._end_hand(winner, "tiles ran out")

    def _end_hand(self, winner: int, how: str) -> None:
        loser = 1 - winner
        points = self.points
        penalty = 0
        if self.closed_by == loser:
            penalty = max(TARGET_POINTS - points[loser], 7)
            points[winner] += penalty
        if self.tricks_won[loser] == 0:
            won, why = 3, "the loser took no trick"
        elif points[loser] < 30:
            won, why = 2, f"the loser had {points[loser]} points, fewer than 30"
        else:
            won, why = 1, f"the loser had {points[loser]} points, at least 30"
        gained = [0, 0]
        gained[winner] = won
        self.set_events.append({"hand": self.hand_no, "seat": winner, "sets": won, "reason": why})
        if self.bingo_capture >= 0:
            gained[self.bingo_capture] += 1
            self.set_events.append(
                {
                    "hand": self.hand_no,
                    "seat": self.bingo_capture,
                    "sets": 1,
                    "reason": "captured the trump double "
                    f"{TILE_TEXT[TRUMP_DOUBLE[self.cfg]]} with the bingo",
                }
            )
        sets = self.sets
        sets[0] += gained[0]
        sets[1] += gained[1]
        self.hand_log.append(
            {
                "hand": self.hand_no,
                "leader": self.hand_leader,
                "trump": self.trump,
                "turned_up": TILE_TEXT[self.trump_tile],
                "closed_by": self.closed_by if self.closed_by >= 0 else None,
                "closed_before_trick": self.closed_at + 1 if self.closed_by >= 0 else None,
                "tricks_played": len(self.tricks),
                "tricks_won": list(self.tricks_won),
                "points": list(points),
                "ended": how,
                "winner": winner,
                "failed_close_penalty": penalty,
                "bingo_capture": self.bingo_capture if self.bingo_capture >= 0 else None,
                "sets_won": gained,
                "sets_after": list(sets),
                "_tricks": self.tricks,
                "_draw_log": self.draw_log,
                "_hidden_to": self.hidden_to,
            }
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

    # ---------------------------------------------------------------- chance

    def _chance_error(self, text: str, reason: str) -> IllegalMove:
        return IllegalMove(
            f"chance event {text!r} is not allowed: {reason}", seat=CHANCE, move=text, reason=reason
        )

    def _parse_tiles(self, text: str, words: list[str]) -> list[int]:
        try:
            return [tile_index(w) for w in words]
        except ValueError as e:
            raise self._chance_error(text, str(e)) from None

    def _apply_chance(self, text: str) -> str:
        if self.phase == DEAL:
            h0, h1, up, stock = self._read_deal(text)
            self._deal(h0, h1, up, stock)
            return _deal_text(h0, h1, up, stock)
        if self.phase == DRAW:
            words = text.split()
            if not words or words[0].lower() != "draw":
                raise self._chance_error(text, "the draw for first leader is due: draw T0 T1")
            tiles = self._parse_tiles(text, words[1:])
            if len(tiles) != 2 or tiles[0] == tiles[1]:
                raise self._chance_error(
                    text, "two different tiles must be drawn, seat 0's then seat 1's"
                )
            self.draws.append((tiles[0], tiles[1]))
            self.first_leader = 0 if heavier(tiles[0], tiles[1]) else 1
            self.phase = DEAL
            return "draw " + " ".join(TILE_TEXT[t] for t in tiles)
        raise self._chance_error(text, "no chance event is due")

    def _read_deal(self, text: str) -> tuple[list[int], list[int], int, list[int]]:
        words = text.split()
        if not words or words[0].lower() != "deal":
            raise self._chance_error(text, "a deal is due: deal H0 | H1 | up T | stock S")
        parts = [p.split() for p in " ".join(words[1:]).split("|")]
        if (
            len(parts) != 4
            or len(parts[2]) != 2
            or parts[2][0].lower() != "up"
            or not parts[3]
            or parts[3][0].lower() != "stock"
        ):
            raise self._chance_error(
                text, "a deal is written: deal H0 | H1 | up T | stock S (four parts split by |)"
            )
        h0 = sorted(self._parse_tiles(text, parts[0]), reverse=True)
        h1 = sorted(self._parse_tiles(text, parts[1]), reverse=True)
        up = self._parse_tiles(text, parts[2][1:])[0]
        stock = self._parse_tiles(text, parts[3][1:])
        if len(h0) != HAND_SIZE or len(h1) != HAND_SIZE:
            raise self._chance_error(text, "each player is dealt seven tiles")
        if len(stock) != HIDDEN_STOCK:
            raise self._chance_error(
                text, f"the hidden stock holds 13 tiles, and {len(stock)} were given"
            )
        if len({*h0, *h1, up, *stock}) != 28:
            raise self._chance_error(text, "the 28 tiles must each appear exactly once")
        return h0, h1, up, stock

    def _deal(self, h0: list[int], h1: list[int], up: int, stock: list[int]) -> None:
        self._reset_hand()
        self.hand_no += 1
        m0 = m1 = 0
        for t in h0:
            m0 |= 1 << t
        for t in h1:
            m1 |= 1 << t
        self.dealt = [m0, m1]
        self.hands = [m0, m1]
        self.stock = list(stock)
        self.trump_tile = self.up = up
        self.trump = trump_of(up, self.b7)
        self.cfg = config_of(self.trump, self.b7)
        leader = self.first_leader if self.hand_no % 2 else 1 - self.first_leader
        self.hand_leader = self.leader = self.turn = leader
        self.phase = LEAD

    def _sample_chance(self, rng: random.Random) -> str:
        if self.phase == DRAW:
            a, b = rng.sample(range(28), 2)
            return f"draw {TILE_TEXT[a]} {TILE_TEXT[b]}"
        order = random_permutation(rng)
        h0 = sorted(order[:7], reverse=True)
        h1 = sorted(order[7:14], reverse=True)
        up = order[14]
        stock = order[15:]
        return _deal_text(h0, h1, up, stock)

    def _auto_chance(self, rng: random.Random) -> str:
        if self.phase != DEAL:
            return self._apply_chance(self._sample_chance(rng))
        order = random_permutation(rng)
        h0 = sorted(order[:7], reverse=True)
        h1 = sorted(order[7:14], reverse=True)
        self._deal(h0, h1, order[14], order[15:])
        return _deal_text(h0, h1, order[14], order[15:])

    def _chance_event(self) -> ChanceEvent:
        """The draw for first leader (seat 0's tile, then seat 1's) or the deal: two
        hands, the turned-up tile, then the hidden stock in drawing order."""
        if self.view(None)["phase"] == "draw":
            return TileDraw("draw ", (1, 1), (True, True), ("", ""), " ")
        return TileDraw(
            "deal ", (7, 7, 1, 13), (False, False, True, True), ("", "", "up ", "stock ")
        )

    # ------------------------------------------------------------- notation

    def _parse(self, move: str) -> int:
        a = _PARSE.get(move)
        if a is not None:
            return a
        key = " ".join(move.lower().split())
        a = _PARSE.get(key)
        if a is not None:
            return a
        if key.startswith("play "):
            rest = key[5:]
            show = rest.endswith(" show")
            if show:
                rest = rest[:-5]
            t = tile_index(rest.strip())
            if not show:
                return t
            tile = ALL_TILES[t]
            if tile.is_double:
                return A_SHOW + tile.high
            raise ValueError(f"only a double may be led with a show, and {tile} is not a double")
        raise ValueError(f"Bingo moves are: {MOVE_FORMS}")

    def action_to_move(self, action: int) -> str:
        if 0 <= action < NUM_ACTIONS:
            return ACTION_TEXT[action]
        raise ValueError(f"{action} is not a Bingo action number (0 to {NUM_ACTIONS - 1})")

    def _redact(self, entry: str, seat: Seat | None) -> str:
        if not entry.startswith("deal "):
            return entry
        h0, h1, up, _stock = entry[5:].split(" | ")
        hands = (h0, h1)
        shown = [hands[i] if i == seat else "?" for i in (0, 1)]
        return f"deal {shown[0]} | {shown[1]} | {up} | stock ?"

    # ----------------------------------------------------------------- views

    def _known_held(self, seat: int) -> int:
        """Tiles both players know to be in ``seat``'s hand: shown doubles, the taken up tile."""
        known = self.shown[seat]
        if self.up_holder == seat:
            known |= 1 << self.trump_tile
        return known & self.hands[seat]

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        trick: list[dict[str, Any]] = []
        if self.lead_tile >= 0:
            trick.append(
                {
                    "seat": 1 - self.turn,
                    "tile": TILE_TEXT[self.lead_tile],
                    "shown": _desc(self.lead_show),
                }
            )
        up_visible = self.up >= 0 and self.closed_by < 0
        stock_count = 0
        if self.trump_tile >= 0:  # a hand was dealt: what is left of its stock
            stock_count = HIDDEN_STOCK - self.drawn + (1 if self.up >= 0 else 0)
        return {
            "phase": PHASE_NAMES[self.phase],
            "options": dict(self.options),
            "sides": [[0], [1]],
            "sets": list(self.sets),
            "target_sets": TARGET_SETS,
            "first_leader_draw": (
                [{"seat": i, "tile": TILE_TEXT[t]} for i, t in enumerate(self.draws[0])]
                if self.draws
                else []
            ),
            "first_leader": self.first_leader if self.first_leader >= 0 else None,
            "hand_number": self.hand_no,
            "hand_leader": self.hand_leader if self.hand_leader >= 0 else None,
            "trump": self.trump if self.trump >= 0 else None,
            "turned_up_tile": TILE_TEXT[self.trump_tile] if self.trump_tile >= 0 else None,
            "up": TILE_TEXT[self.up] if up_visible else None,
            "stock_count": stock_count,
            "closed": self.closed_by >= 0,
            "closed_by": self.closed_by if self.closed_by >= 0 else None,
            "following_compulsory": self.following_compulsory,
            "hand": _desc(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "points": list(self.points),
            "tricks_won": list(self.tricks_won),
            "shown": [_desc(m) for m in self.shown],
            "known_held": [_desc(self._known_held(s)) for s in (0, 1)],
            "leader": self.leader if self.leader >= 0 else None,
            "trick": trick,
            "tricks": [_trick_json(t) for t in self.tricks],
            "last_trick": _trick_json(self.tricks[-1]) if self.tricks else None,
            "score_events": self._score_events(),
            "set_events": list(self.set_events),
            "hands_played": [_public_summary(h) for h in self.hand_log],
            "winner": self.winner,
        }

    def _score_events(self) -> list[dict[str, Any]]:
        """Every score of the match, in order, with its reason."""
        hands: list[tuple[int, list[Any], int, int]] = [
            (h["hand"], h["_tricks"], h["failed_close_penalty"], h["winner"]) for h in self.hand_log
        ]
        if self.hand_no and (not self.hand_log or self.hand_log[-1]["hand"] != self.hand_no):
            hands.append((self.hand_no, self.tricks, 0, -1))
        out = []
        for hand, tricks, penalty, winner in hands:
            for i, (_l, led, reply, won_by, captured, shown, show_pts, _c) in enumerate(tricks, 1):
                out.append(
                    _event_json((hand, i, won_by, captured, CAPTURE, (1 << led) | (1 << reply)))
                )
                if show_pts:
                    out.append(_event_json((hand, i, won_by, show_pts, SHOW, shown)))
            if penalty:
                out.append(
                    _event_json((hand, len(tricks), winner, penalty, FAILED_CLOSE, 1 - winner))
                )
        return out

    def side_scores(self) -> list[int]:
        return list(self.sets)

    def winning_side(self) -> int | None:
        return self.winner

    @property
    def hands_scored(self) -> int:
        return len(self.hand_log)

    def result(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "over": self.phase == OVER,
            "sides": [[0], [1]],
            "scores": list(self.sets),
            "winner": self.winner,
            "target_sets": TARGET_SETS,
            "hands": [_public_summary(h) for h in self.hand_log],
            "set_events": list(self.set_events),
        }

    # ------------------------------------------------------- hidden information

    def observation(self, seat: Seat, hand: int | None = None) -> HandObservation:
        """What ``seat`` saw of a hand (``hand`` numbered from 1; default the current one)."""
        if hand is None:
            hand = self.hand_no
        if hand == self.hand_no:
            pending = None
            if self.phase == REPLY:
                pending = (1 - self.turn, self.lead_tile, self.lead_show)
            return HandObservation(
                seat=seat,
                cfg=self.cfg,
                own_dealt=self.dealt[seat],
                up=self.trump_tile,
                stock=list(self.stock),
                tricks=list(self.tricks),
                draw_log=list(self.draw_log),
                hidden_to=self.hidden_to,
                pending_lead=pending,
            )
        summary = self.hand_log[hand - 1]
        h0, h1, up, stock = self._read_deal(self._deal_entries()[hand - 1][1])
        own = 0
        for t in (h0, h1)[seat]:
            own |= 1 << t
        trump = trump_of(up, self.b7)
        return HandObservation(
            seat=seat,
            cfg=config_of(trump, self.b7),
            own_dealt=own,
            up=up,
            stock=stock,
            tricks=summary["_tricks"],
            draw_log=summary["_draw_log"],
            hidden_to=summary["_hidden_to"],
        )

    def _deal_entries(self) -> list[tuple[int, str]]:
        return [
            (i, e) for i, e in enumerate(self._history) if isinstance(e, str) and e[:5] == "deal "
        ]

    def sample_hidden(self, seat: Seat, rng: random.Random) -> Bingo:
        """A copy in which everything ``seat`` has not seen is redrawn uniformly.

        Every hand's deal is redrawn among the deals consistent with what ``seat``
        saw of it (its own tiles and draws, the turned-up tile, every tile played
        or shown, and the hard inferences: a show reveals every unshown double
        held; a failed step of the follow rule means none of those tiles was
        held), and rewritten in the copy's history, so the copy replays. The
        copy's future chance comes from ``rng``.
        """
        if not (isinstance(seat, int) and not isinstance(seat, bool) and seat in (0, 1)):
            raise ValueError(f"{seat!r} is not a seat of Bingo: seats are 0 and 1")
        new = self.copy()
        assert isinstance(new, Bingo)
        new.seed = rng.getrandbits(63)
        opp = 1 - seat
        for hand, (index, _entry) in enumerate(self._deal_entries(), 1):
            obs = self.observation(seat, hand)
            opp_dealt, stock = sample_deal(obs, rng)
            hands = [obs.own_dealt, opp_dealt] if seat == 0 else [opp_dealt, obs.own_dealt]
            text = _deal_text(
                sorted(indices_of(hands[0]), reverse=True),
                sorted(indices_of(hands[1]), reverse=True),
                obs.up,
                stock,
            )
            new._history[index] = text
            if hand == self.hand_no:
                new.dealt[opp] = opp_dealt
                new.stock = stock
                held = opp_dealt
                for r in range(len(self.draw_log)):
                    first = self.draw_log[r][1]
                    held |= 1 << stock[2 * r + (0 if first == opp else 1)]
                if self.hidden_to == opp:
                    held |= 1 << stock[HIDDEN_STOCK - 1]
                elif self.up_holder == opp:
                    held |= 1 << self.trump_tile
                for leader, led, reply, *_ in self.tricks:
                    held &= ~(1 << (led if leader == opp else reply))
                if self.phase == REPLY and self.turn == seat:
                    held &= ~(1 << self.lead_tile)
                new.hands[opp] = held
        return new

    # --------------------------------------------------------- fast access

    @property
    def hand_masks(self) -> tuple[int, int]:
        """Both hands as tile masks (all seats: for solvers and tests, not for bots)."""
        return self.hands[0], self.hands[1]

    @property
    def stock_left(self) -> list[int]:
        """The hidden stock still to be drawn, in order (for tests and solvers)."""
        return [] if self.up < 0 else self.stock[self.drawn :]


def _deal_text(h0: list[int], h1: list[int], up: int, stock: list[int]) -> str:
    text = TILE_TEXT.__getitem__
    return (
        f"deal {' '.join(map(text, h0))} | {' '.join(map(text, h1))} | up {TILE_TEXT[up]} | "
        f"stock {' '.join(map(text, stock))}"
    )


def _trick_json(t: tuple[int, int, int, int, int, int, int, bool]) -> dict[str, Any]:
    leader, led, reply, winner, captured, shown, show_pts, compulsory = t
    return {
        "leader": leader,
        "plays": [
            {"seat": leader, "tile": TILE_TEXT[led]},
            {"seat": 1 - leader, "tile": TILE_TEXT[reply]},
        ],
        "shown": _desc(shown),
        "winner": winner,
        "points": captured,
        "show_points": show_pts,
        "following_compulsory": compulsory,
    }


def _event_json(e: tuple[int, int, int, int, int, int]) -> dict[str, Any]:
    hand, trick, seat, pts, kind, payload = e
    out: dict[str, Any] = {
        "hand": hand,
        "trick": trick,
        "seat": seat,
        "points": pts,
        "reason": EVENT_NAMES[kind],
    }
    if kind == CAPTURE:
        out["tiles"] = _desc(payload)
    elif kind == SHOW:
        out["doubles"] = _desc(payload)
    else:
        out["closer"] = payload
    return out


def _public_summary(h: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in h.items() if not k.startswith("_")}
    out["tricks"] = [_trick_json(t) for t in h["_tricks"]]
    return out
