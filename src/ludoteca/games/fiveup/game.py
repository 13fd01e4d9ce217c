"""Five-Up: the domino counting game for 2, 3 or 4 players.

Seats play clockwise (seat ``i + 1``). With 2 or 3 players each plays for
themselves; with 4, partners sit opposite (side 0 = seats 0 and 2, side 1 =
seats 1 and 3).

Notation
--------
Chance events:

- ``draw T0 … Tn-1`` — the draw for first leader, one tile per seat in seat
  order; the heaviest tile leads (most pips, then the higher end);
- ``deal H0 | … | Hn-1 | stock S`` — five tiles per seat in seat order, then the
  stock in the order it will be drawn, first drawn first. A ``draw`` decision
  takes the next stock tile, so drawing needs no chance event of its own.

Decisions:

- ``play 6-4`` — the opening tile of a hand;
- ``play 4-1 on 6-4`` — the tile played, then the tile on the table whose open
  end it joins (on a double, sides before tips: no side is named);
- ``draw`` — the only move when nothing fits and the stock may be drawn from;
- ``pass`` — the only move when nothing fits and nothing may be drawn.

>>> from ludoteca import new_game
>>> g = new_game("fiveup", chance="manual")
>>> g.play("draw 6-4 5-5")            # 6-4 beats 5-5 on the higher end: seat 0 leads
>>> g.play("deal 6-4 5-1 4-2 3-3 0-0 | 6-6 6-5 6-1 4-1 1-1 | stock "
...        "5-5 5-4 5-3 5-2 5-0 4-4 4-3 4-0 3-2 3-1 3-0 2-2 2-1 2-0 1-0 6-3 6-2 6-0")
>>> g.play("play 6-4")                # 6 + 4 = 10: two points
>>> g.play("play 4-1 on 6-4")         # 6 + 1 = 7: nothing
>>> g.play("play 5-1 on 4-1")         # 6 + 5 = 11: nothing
>>> g.play("play 6-6 on 6-4")         # 12 + 5 = 17: nothing
>>> g.result()["scores"], [e["reason"] for e in g.result()["events"]]
([2, 0], ['ends 10 → 2'])
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.errors import IllegalMove
from ludoteca.game import CHANCE, ChanceEvent, Game, Seat, TileDraw, ToMove
from ludoteca.gametype import GameType, TypeInfo
from ludoteca.options import OptionSpec
from ludoteca.tiles import ALL_TILES, TILE_TEXT, indices_of, tile_index

from .layout import build_layout
from .tables import (
    A_DRAW,
    A_ON,
    A_OPEN,
    A_PASS,
    ACTION_TEXT,
    IS_DOUBLE,
    NUM_ACTIONS,
    NUMBER_MASK,
    ON_NUMBER,
    ON_OUTER,
    ON_TARGET,
    ON_TILE,
    PLAY_ON,
    bonus_points,
    deal_text,
    hand_pips,
)

if TYPE_CHECKING:
    from ludoteca.tensor import TensorEncoder


__all__ = ["FiveUp"]

# Phases.
DRAW, DEAL, PLAY, OVER = range(4)
PHASE_NAMES = ("draw", "deal", "play", "over")

HAND_SIZE = 5

_PARSE: dict[str, int] = {text: a for a, text in enumerate(ACTION_TEXT)}
for _a in range(A_OPEN, A_ON):
    _t = ALL_TILES[_a - A_OPEN]
    _PARSE[f"play {_t.low}-{_t.high}"] = _a
for _a in range(A_ON, NUM_ACTIONS):
    _t, _x = ALL_TILES[ON_TILE[_a]], ALL_TILES[ON_TARGET[_a]]
    for _ts in {f"{_t.high}-{_t.low}", f"{_t.low}-{_t.high}"}:
        for _xs in {f"{_x.high}-{_x.low}", f"{_x.low}-{_x.high}"}:
            _PARSE[f"play {_ts} on {_xs}"] = _a

MOVE_FORMS = "play 6-4 (the opening tile), play 4-1 on 6-4, draw, pass"

_TILE: dict[str, int] = {}
"""Tile index by text, either way round (the fast path of chance events)."""
for _t in ALL_TILES:
    _TILE[f"{_t.high}-{_t.low}"] = _TILE[f"{_t.low}-{_t.high}"] = _t.index

_PLAYS: dict[int, list[int]] = {}
"""``play T on X`` actions by ``tiles << 28 | targets``, all showing one number."""


def _plays_of(tiles: int, targets: int) -> list[int]:
    acts = [PLAY_ON[t * 28 + x] for t in indices_of(tiles) for x in indices_of(targets)]
    if len(_PLAYS) < 200_000:
        _PLAYS[tiles << 28 | targets] = acts
    return acts


def _desc(mask: int) -> list[str]:
    return [TILE_TEXT[t] for t in sorted(indices_of(mask), reverse=True)]


class FiveUp(Game):
    """Five-Up, every option of the rules (see the module's notation)."""

    name: ClassVar[str] = "fiveup"
    title: ClassVar[str] = "Five-Up"
    option_specs: ClassVar[dict[str, OptionSpec]] = {
        "players": OptionSpec(
            "players",
            2,
            "2 or 3 each for themselves, 4 in two partnerships (opposite seats)",
            choices=(2, 3, 4),
            kind=int,
        ),
        "target": OptionSpec(
            "target", 61, "points that win the game", minimum=1, maximum=10000, kind=int
        ),
        "exact_61": OptionSpec(
            "exact_61",
            False,
            "a score that would take a side past the target is not scored",
            kind=bool,
        ),
        "later_lead": OptionSpec(
            "later_lead",
            "winner",
            "winner: whoever dominoed leads the next hand (after a blocked hand the lead "
            "passes clockwise); clockwise: the lead always passes clockwise",
            choices=("winner", "clockwise"),
            kind=str,
        ),
    }

    # engine state
    n: int
    reserve: int
    side_of: tuple[int, ...]
    sides: list[list[int]]
    next_seat: tuple[int, ...]
    phase: int
    first_draw: list[int]
    first_leader: int
    hand_no: int
    hand_start: int
    leader: int
    turn: int
    hands: list[int]
    stock: list[int]
    stock_pos: int
    tbn: list[int]
    sides_free: list[int]
    tips_free: list[int]
    on_table: int
    ends: int
    passes: int
    drawn: list[int]
    scores: list[int]
    score_events: list[dict[str, Any]]
    hand_log: list[dict[str, Any]]
    winner: int | None
    _hidden_cache: Any
    _legal_key: int
    _legal_list: list[int]

    @classmethod
    def _type_info(cls, options: dict[str, Any]) -> TypeInfo:
        n: int = options["players"]
        return TypeInfo(
            num_seats=n,
            sides=((0, 2), (1, 3)) if n == 4 else tuple((s,) for s in range(n)),
            num_actions=NUM_ACTIONS,
            score_unit="points",
            target=options["target"],
            hidden_hands=True,
        )

    @classmethod
    def _tensor_encoder_for_type(cls, game_type: GameType) -> TensorEncoder[Any]:
        from ludoteca.tensor import encoder_for

        from .tensor import FiveUpTensors

        return encoder_for(game_type, FiveUpTensors)

    def _seat_count(self) -> int:
        n: int = self.options["players"]
        return n

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def target(self) -> int:
        """Points that win the game."""
        t: int = self.options["target"]
        return t

    def _setup(self) -> None:
        n = self.n = self.options["players"]
        self.reserve = 2 if n == 4 else 1
        self.side_of = (0, 1, 0, 1) if n == 4 else tuple(range(n))
        self.sides = [[0, 2], [1, 3]] if n == 4 else [[s] for s in range(n)]
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.phase = DRAW
        self.first_draw = []
        self.first_leader = -1
        self.hand_no = 0
        self.hand_start = -1
        self.leader = -1
        self.turn = -1
        self.hands = [0] * n
        self.stock = []
        self.stock_pos = 0
        self.tbn = [0] * 7
        self.sides_free = [0] * 28
        self.tips_free = [0] * 28
        self.on_table = 0
        self.ends = 0
        self.passes = 0
        self.drawn = [0] * n
        self.scores = [0] * len(self.sides)
        self.score_events = []
        self.hand_log = []
        self.winner = None
        self._hidden_cache = None
        self._legal_key = -1
        self._legal_list = []

    def _copy_into(self, other: Any) -> None:
        d = self.__dict__
        od = other.__dict__
        for k in (
            "n",
            "reserve",
            "side_of",
            "sides",
            "next_seat",
            "phase",
            "first_leader",
            "hand_no",
            "hand_start",
            "leader",
            "turn",
            "stock_pos",
            "on_table",
            "ends",
            "passes",
            "winner",
        ):
            od[k] = d[k]
        od["first_draw"] = list(self.first_draw)
        od["hands"] = list(self.hands)
        od["stock"] = list(self.stock)
        od["tbn"] = list(self.tbn)
        od["sides_free"] = list(self.sides_free)
        od["tips_free"] = list(self.tips_free)
        od["drawn"] = list(self.drawn)
        od["scores"] = list(self.scores)
        od["score_events"] = list(self.score_events)
        od["hand_log"] = list(self.hand_log)
        od["_hidden_cache"] = None
        od["_legal_key"] = -1
        od["_legal_list"] = []

    # ------------------------------------------------------------ who and what

    def _current(self) -> ToMove:
        phase = self.phase
        if phase == PLAY:
            return self.turn
        if phase == OVER:
            return None
        return CHANCE

    def _plays(self, hand: int) -> list[int]:
        """The ``play … on …`` actions of ``hand`` on the layout now."""
        out: list[int] = []
        tbn = self.tbn
        for v in range(7):
            targets = tbn[v]
            if targets:
                tiles = hand & NUMBER_MASK[v]
                if tiles:
                    acts = _PLAYS.get(tiles << 28 | targets)
                    if acts is None:
                        acts = _plays_of(tiles, targets)
                    out += acts
        return out

    def _legal_actions(self) -> list[int]:
        if self.phase != PLAY:
            return []
        key = len(self._history)
        if self._legal_key == key:
            return list(self._legal_list)
        out = self._compute_legal()
        self._legal_key = key
        self._legal_list = out
        return list(out)

    def _compute_legal(self) -> list[int]:
        hand = self.hands[self.turn]
        if not self.on_table:
            return [A_OPEN + t for t in indices_of(hand)]
        out = self._plays(hand)
        if out:
            return out
        if len(self.stock) - self.stock_pos > self.reserve:
            return [A_DRAW]
        return [A_PASS]

    def _why_illegal(self, action: int) -> str:
        if not 0 <= action < NUM_ACTIONS:
            return f"there is no action {action}"
        if self.phase != PLAY:
            return "no decision is due"
        hand = self.hands[self.turn]
        legal = self._legal_actions()
        allowed = self._list(legal)
        if action in (A_DRAW, A_PASS):
            if legal and legal[0] >= A_OPEN:
                if not self.on_table:
                    return f"the leader opens the hand with any tile: {allowed}"
                return f"a tile fits, and a player who can play must: {allowed}"
            if action == A_DRAW:
                left = len(self.stock) - self.stock_pos
                last = (
                    "the last tile of the stock is never drawn"
                    if self.reserve == 1
                    else "the last two tiles of the stock are never drawn"
                )
                return f"{last} (it holds {left}); nothing fits, so the move is pass"
            return "nothing fits but the stock may still be drawn from: the move is draw"
        if action < A_ON:
            t = action - A_OPEN
            if self.on_table:
                return (
                    f"the hand is already opened: name the tile on the table to join, "
                    f"like play {TILE_TEXT[t]} on …; allowed now: {allowed}"
                )
            return f"{TILE_TEXT[t]} is not in that hand; allowed now: {allowed}"
        t, x, v = ON_TILE[action], ON_TARGET[action], ON_NUMBER[action]
        tt, xt = TILE_TEXT[t], TILE_TEXT[x]
        if not self.on_table:
            return f"the table is empty: the leader opens with a tile alone, like play {tt}"
        if not hand & (1 << t):
            return f"{tt} is not in that hand; allowed now: {allowed}"
        if not self.on_table & (1 << x):
            return f"{xt} is not on the table; allowed now: {allowed}"
        if not self.tbn[v] & (1 << x):
            if IS_DOUBLE[x]:
                return (
                    f"{xt} is closed: both its sides and both its tips already hold a "
                    f"tile; allowed now: {allowed}"
                )
            return (
                f"the {v} end of {xt} is not open (it is joined to another tile); "
                f"allowed now: {allowed}"
            )
        return f"allowed now: {allowed}"

    def _list(self, acts: list[int]) -> str:
        texts = [ACTION_TEXT[a] for a in acts]
        if len(texts) > 8:
            texts = [*texts[:6], "…", texts[-1]]
        return ", ".join(texts)

    # ------------------------------------------------------------- decisions

    def _apply(self, action: int) -> None:
        seat = self.turn
        if action >= A_ON:
            t = ON_TILE[action]
            x = ON_TARGET[action]
            v = ON_NUMBER[action]
            bit = 1 << t
            self.hands[seat] ^= bit
            tbn = self.tbn
            ends = self.ends
            if IS_DOUBLE[x]:
                sf = self.sides_free
                if sf[x]:
                    sf[x] -= 1
                    if not sf[x]:
                        ends -= v + v
                        self.tips_free[x] = 2
                else:
                    tf = self.tips_free
                    tf[x] -= 1
                    if not tf[x]:
                        tbn[v] ^= 1 << x
            else:
                tbn[v] ^= 1 << x
                ends -= v
            if IS_DOUBLE[t]:
                self.sides_free[t] = 1
                ends += v + v
                tbn[v] |= bit
            else:
                o = ON_OUTER[action]
                ends += o
                tbn[o] |= bit
            self.ends = ends
            self.on_table |= bit
            self.passes = 0
            if not ends % 5 and ends and self._score_ends(seat, ends):
                return
            if not self.hands[seat]:
                self._domino(seat)
                return
            self.turn = self.next_seat[seat]
        elif action >= A_OPEN:
            t = action - A_OPEN
            tile = ALL_TILES[t]
            bit = 1 << t
            self.hands[seat] ^= bit
            if tile.is_double:
                self.sides_free[t] = 2
            self.tbn[tile.high] |= bit
            self.tbn[tile.low] |= bit
            ends = self.ends = tile.pips
            self.on_table = bit
            self.passes = 0
            if not ends % 5 and ends and self._score_ends(seat, ends):
                return
            self.turn = self.next_seat[seat]
        elif action == A_DRAW:
            self.hands[seat] |= 1 << self.stock[self.stock_pos]
            self.stock_pos += 1
            self.drawn[seat] += 1
        else:
            self.passes += 1
            if self.passes == self.n:
                self._blocked()
            else:
                self.turn = self.next_seat[seat]

    def _award(self, side: int, seat: int | None, kind: str, points: int, what: str) -> bool:
        """Score ``points`` for ``side``; True if that wins the game."""
        before = self.scores[side]
        target = self.options["target"]
        scored = not (self.options["exact_61"] and before + points > target)
        reason = f"{what} → {points}"
        if scored:
            self.scores[side] = before + points
        else:
            reason += f" (not scored: {before} + {points} would pass {target})"
        self.score_events.append(
            {
                "hand": self.hand_no,
                "move": len(self._history),
                "seat": seat,
                "side": side,
                "kind": kind,
                "points": points,
                "scored": scored,
                "reason": reason,
                "scores": list(self.scores),
            }
        )
        if scored and self.scores[side] >= target:
            self.winner = side
            return True
        return False

    def _score_ends(self, seat: int, ends: int) -> bool:
        """Score the ends after a play; True if that ends the game (mid-hand)."""
        if not self._award(self.side_of[seat], seat, "ends", ends // 5, f"ends {ends}"):
            return False
        self.hand_log.append(self._hand_summary("target reached", None, None))
        self.phase = OVER
        self.turn = -1
        return True

    def _domino(self, seat: int) -> None:
        side = self.side_of[seat]
        pips = [hand_pips(h) for h in self.hands]
        opp = sum(p for s, p in enumerate(pips) if self.side_of[s] != side)
        self._end_hand("domino", seat, side, bonus_points(opp), f"domino: {opp} pips")

    def _blocked(self) -> None:
        pips = [hand_pips(h) for h in self.hands]
        per_side = [sum(pips[s] for s in side) for side in self.sides]
        low = min(per_side)
        best = [k for k, p in enumerate(per_side) if p == low]
        if len(best) > 1:
            self._end_hand("blocked", None, None, 0, f"blocked: tie for fewest pips ({low})")
            return
        side = best[0]
        opp = sum(per_side) - low
        what = f"blocked: fewest pips {low}, opponents {opp} pips"
        scorer = self.sides[side][0] if self.n < 4 else None
        self._end_hand("blocked", scorer, side, bonus_points(opp), what)

    def _end_hand(
        self, end: str, seat: int | None, side: int | None, points: int, what: str
    ) -> None:
        """Close a hand: reveal the hands, score the bonus, then the next hand."""
        bonus = f"{what}: nothing scored" if side is None else f"{what} → {points}"
        summary = self._hand_summary(end, seat, bonus)
        summary["bonus_side"] = side
        summary["bonus_points"] = points if side is not None else 0
        self.hand_log.append(summary)
        over = side is not None and points > 0 and self._award(side, seat, end, points, what)
        summary["scores_after"] = list(self.scores)
        if over:
            self.phase = OVER
            self.turn = -1
            return
        if self.options["later_lead"] == "winner" and end == "domino" and seat is not None:
            self.leader = seat
        else:
            self.leader = self.next_seat[self.leader]
        self.phase = DEAL
        self.turn = -1

    def _hand_summary(self, end: str, seat: int | None, reason: str | None) -> dict[str, Any]:
        revealed = end in ("domino", "blocked")
        out: dict[str, Any] = {
            "hand": self.hand_no,
            "leader": self.leader,
            "end": end,
            "domino_by": seat if end == "domino" else None,
            "bonus": reason,
            "bonus_side": None,
            "bonus_points": 0,
            "scores_after": list(self.scores),
        }
        if revealed:
            out["pips_left"] = [hand_pips(h) for h in self.hands]
            out["tiles_left"] = [_desc(h) for h in self.hands]
        return out

    # ---------------------------------------------------------------- chance

    def _apply_chance(self, text: str) -> str:
        words = text.split()
        n = self.n
        if self.phase == DRAW:
            if not words or words[0] != "draw":
                forms = " ".join(f"T{i}" for i in range(n))
                raise self._chance_error(text, f"the draw for first leader is due: draw {forms}")
            tiles = self._parse_tiles(text, words[1:])
            if len(tiles) != n or len(set(tiles)) != n:
                raise self._chance_error(
                    text, f"{n} different tiles must be drawn, one for each seat in seat order"
                )
            self.first_draw = tiles
            self.first_leader = self.leader = max(
                range(n), key=lambda s: (ALL_TILES[tiles[s]].pips, ALL_TILES[tiles[s]].high)
            )
            self.phase = DEAL
            return "draw " + " ".join(TILE_TEXT[t] for t in tiles)
        if self.phase == DEAL:
            return self._deal(text, words)
        raise self._chance_error(text, "no chance event is due")

    def _deal(self, text: str, words: list[str]) -> str:
        n = self.n
        stock_size = 28 - HAND_SIZE * n
        if not words or words[0] != "deal":
            raise self._chance_error(
                text, "a deal is due: deal H0 | … | Hn-1 | stock S (five tiles a seat)"
            )
        parts = " ".join(words[1:]).split("|")
        if len(parts) != n + 1:
            raise self._chance_error(text, f"a deal lists {n} hands then the stock, separated by |")
        stock_words = parts[-1].split()
        if not stock_words or stock_words[0] != "stock":
            raise self._chance_error(text, "the last part of a deal is the stock: stock S")
        hands = [sorted(self._parse_tiles(text, p.split()), reverse=True) for p in parts[:-1]]
        stock = self._parse_tiles(text, stock_words[1:])
        if any(len(h) != HAND_SIZE for h in hands):
            raise self._chance_error(text, "each hand has five tiles")
        if len(stock) != stock_size:
            raise self._chance_error(text, f"the stock has {stock_size} tiles")
        if len(set(stock).union(*hands)) != 28:
            raise self._chance_error(text, "the 28 tiles must each be dealt once")
        self.hand_no += 1
        self.hand_start = len(self._history)
        masks = []
        for h in hands:
            m = 0
            for t in h:
                m |= 1 << t
            masks.append(m)
        self.hands = masks
        self.stock = stock
        self.stock_pos = 0
        self.tbn = [0] * 7
        self.sides_free = [0] * 28
        self.tips_free = [0] * 28
        self.on_table = 0
        self.ends = 0
        self.passes = 0
        self.drawn = [0] * n
        self.turn = self.leader
        self.phase = PLAY
        return deal_text(hands, stock)

    def _chance_error(self, text: str, reason: str) -> IllegalMove:
        return IllegalMove(
            f"chance event {text!r} is not allowed: {reason}", seat=CHANCE, move=text, reason=reason
        )

    def _parse_tiles(self, text: str, words: list[str]) -> list[int]:
        try:
            return [_TILE[w] for w in words]
        except KeyError:
            pass
        try:
            return [tile_index(w) for w in words]
        except ValueError as e:
            raise self._chance_error(text, str(e)) from None

    def _sample_chance(self, rng: random.Random) -> str:
        if self.phase == DRAW:
            tiles = rng.sample(range(28), self.n)
            return "draw " + " ".join(TILE_TEXT[t] for t in tiles)
        order = list(range(28))
        rng.shuffle(order)
        k = HAND_SIZE
        hands = [sorted(order[k * i : k * i + k], reverse=True) for i in range(self.n)]
        return deal_text(hands, order[k * self.n :])

    def _chance_event(self) -> ChanceEvent:
        """The draw for first leader (one tile per seat) or the deal: five tiles a
        seat, then the stock in drawing order."""
        n = self.num_seats
        if self.view(None)["phase"] == "draw":
            return TileDraw("draw ", (1,) * n, (True,) * n, ("",) * n, " ")
        return TileDraw(
            "deal ", (5,) * n + (28 - 5 * n,), (False,) * n + (True,), ("",) * n + ("stock ",)
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
        words = key.split()
        if len(words) == 2 and words[0] == "play":
            return A_OPEN + tile_index(words[1])
        if len(words) == 4 and words[0] == "play" and words[2] == "on":
            t, x = tile_index(words[1]), tile_index(words[3])
            if t == x:
                raise ValueError(f"a tile cannot join itself ({TILE_TEXT[t]})")
            a = PLAY_ON[t * 28 + x]
            if a < 0:
                raise ValueError(
                    f"{TILE_TEXT[t]} and {TILE_TEXT[x]} share no number, and a tile joins "
                    "an open end showing one of its numbers"
                )
            return a
        raise ValueError(f"Five-Up moves are: {MOVE_FORMS}")

    def action_to_move(self, action: int) -> str:
        if 0 <= action < NUM_ACTIONS:
            return ACTION_TEXT[action]
        raise ValueError(f"{action} is not a Five-Up action number (0 to {NUM_ACTIONS - 1})")

    def _redact(self, entry: str, seat: Seat | None) -> str:
        if not entry.startswith("deal "):
            return entry
        parts = entry[5:].split(" | ")
        shown = [p if i == seat else "?" for i, p in enumerate(parts[:-1])]
        return "deal " + " | ".join([*shown, "stock ?"])

    # ----------------------------------------------------------------- views

    def hand_plays(self) -> list[tuple[int, int]]:
        """The plays of the current (or last) hand as ``(tile, target)`` indices.

        The opening tile has target ``-1``.
        """
        out: list[tuple[int, int]] = []
        if self.hand_start < 0:
            return out
        for a in self._history[self.hand_start + 1 :]:
            if isinstance(a, int) and a >= A_OPEN:
                out.append((ON_TILE[a], ON_TARGET[a]) if a >= A_ON else (a - A_OPEN, -1))
        return out

    def layout(self) -> dict[str, Any]:
        """The geometry of the layout on the table (see :mod:`.layout`)."""
        lay = build_layout(self.hand_plays())
        lay["ends_total"] = self.ends if self.hand_start >= 0 else 0
        return lay

    def open_numbers(self) -> int:
        """The numbers open on the layout now, as a 7-bit mask."""
        m = 0
        for v in range(7):
            if self.tbn[v]:
                m |= 1 << v
        return m

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        n = self.n
        left = len(self.stock) - self.stock_pos
        in_hand = self.phase != DRAW and self.hand_start >= 0
        return {
            "phase": PHASE_NAMES[self.phase],
            "options": dict(self.options),
            "sides": [list(s) for s in self.sides],
            "side_of": list(self.side_of),
            "target": self.target,
            "scores": list(self.scores),
            "first_leader_draw": [
                {"seat": s, "tile": TILE_TEXT[t]} for s, t in enumerate(self.first_draw)
            ],
            "first_leader": self.first_leader if self.first_leader >= 0 else None,
            "hand_number": self.hand_no,
            "leader": self.leader if self.leader >= 0 else None,
            "turn": self.turn if self.phase == PLAY else None,
            "hand": _desc(self.hands[seat]) if seat is not None and in_hand else [],
            "hand_sizes": [h.bit_count() for h in self.hands] if in_hand else [0] * n,
            "drawn": list(self.drawn),
            "stock_size": left if in_hand else 0,
            "stock_drawable": max(0, left - self.reserve) if in_hand else 0,
            "passes_in_a_row": self.passes,
            "layout": self.layout(),
            "score_events": list(self.score_events),
            "hands_played": list(self.hand_log),
            "winner": self.winner,
        }

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
            "sides": [list(s) for s in self.sides],
            "scores": list(self.scores),
            "winner": self.winner,
            "target": self.target,
            "exact_61": self.options["exact_61"],
            "events": list(self.score_events),
            "hands": list(self.hand_log),
        }

    # --------------------------------------------------------- fast access

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """The hands as tile masks (all seats: for solvers and tests, not for bots)."""
        return tuple(self.hands)

    @property
    def stock_left(self) -> tuple[int, ...]:
        """The stock still to draw, in order (for solvers and tests, not for bots)."""
        return tuple(self.stock[self.stock_pos :])

    def random_playout(
        self, rng: random.Random, trace: list[int | str] | None = None
    ) -> tuple[list[int], int]:
        """This game played on at random: final scores, hands dealt (the game is untouched).

        The fast path for simulation: see :func:`ludoteca.games.fiveup.fast.playout`.
        """
        from .fast import playout

        return playout(self, rng, trace)

    def hand_hidden(self) -> bool:
        """Whether the current hand still hides tiles (under way, or cut short by the end)."""
        if self.hand_start < 0:
            return False
        if self.phase == PLAY:
            return True
        return self.phase == OVER and self.hand_log[-1]["end"] == "target reached"

    def sample_hidden(self, seat: Seat, rng: random.Random) -> FiveUp:
        """A copy whose other hands and stock order are redrawn for ``seat``.

        The deal of the current hand is drawn uniformly among the deals that agree
        with everything ``seat`` has seen: its own tiles, every play, how many
        tiles each player drew, and that a player who drew or passed held nothing
        playable at that moment (see :mod:`.hidden`).
        """
        from .hidden import sample_hidden

        return sample_hidden(self, seat, rng)
