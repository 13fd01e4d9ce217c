"""Five-Up: the domino counting game for 2, 3 or 4 players.

Seats play clockwise (seat ``i + 1``). With 2 or 3 players each plays for
themselves; with 4, partners sit opposite (side 0 = seats 0 and 2, side 1 =
seats 1 and 3).

The rules live in :mod:`.core` (one compact :class:`~.core.State`); this module
is the Game API around it: the notation, the history, the views, the records.

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
>>> g.events[2]
(Event(code='ends_scored', params={'seat': 0, 'side': 0, 'ends': 10, 'points': 2, 'scored': True}, owner=None, secret=()),)
>>> g.parse("play 1-4 on 4-6")
Move('play', tiles=(Tile(4, 1), Tile(6, 4)), numbers=(4,), detail='on', text='play 4-1 on 6-4')
"""  # noqa: E501

from __future__ import annotations

import random
from typing import Any, ClassVar, cast

from ludoteca.chance import permutation, sample
from ludoteca.errors import IllegalMove
from ludoteca.game import ChanceEvent, Game, Seat, TileDraw
from ludoteca.gametype import TypeInfo
from ludoteca.move import Move
from ludoteca.notation import Notation
from ludoteca.options import OptionSpec
from ludoteca.tiles import ALL_TILES, TILE_TEXT, tile_index
from ludoteca.viewtypes import without

from .core import DEAL, DRAW, OVER, PHASE_NAMES, PLAY, TARGET_REACHED, Rules, State, tile_texts
from .layout import build_layout
from .notation import NOTATION
from .tables import (
    A_DRAW,
    A_ON,
    A_OPEN,
    A_PASS,
    ACTION_MOVE,
    ACTION_TEXT,
    IS_DOUBLE,
    NUM_ACTIONS,
    deal_text,
)
from .viewtypes import (
    FiveUpResult,
    FiveUpView,
    HandSaid,
    HandSummary,
    Layout,
    Score,
    ScoreKind,
    ScoreSaid,
)

__all__ = ["FiveUp"]


_TILE: dict[str, int] = {}
"""Tile index by text, either way round (the fast path of chance events)."""
for _t in ALL_TILES:
    _TILE[f"{_t.high}-{_t.low}"] = _TILE[f"{_t.low}-{_t.high}"] = _t.index


def _tiles_text(tiles: list[int]) -> str:
    return " ".join(TILE_TEXT[t] for t in tiles)


_REFUSALS: dict[str, str] = {
    "no_such_action": "there is no action {action}",
    "no_decision_due": "no decision is due",
    "must_open": "the leader opens the hand with any tile: {allowed}",
    "must_play": "a tile fits, and a player who can play must: {allowed}",
    "stock_reserve": "{last} (it holds {left}); nothing fits, so the move is pass",
    "must_draw": "nothing fits but the stock may still be drawn from: the move is draw",
    "name_target": (
        "the hand is already opened: name the tile on the table to join, like play {tile} on …; "
        "allowed now: {allowed}"
    ),
    "not_in_hand": "{tile} is not in that hand; allowed now: {allowed}",
    "table_empty": "the table is empty: the leader opens with a tile alone, like play {tile}",
    "not_on_table": "{target} is not on the table; allowed now: {allowed}",
    "double_closed": (
        "{target} is closed: both its sides and both its tips already hold a tile; "
        "allowed now: {allowed}"
    ),
    "end_not_open": (
        "the {number} end of {target} is not open (it is joined to another tile); "
        "allowed now: {allowed}"
    ),
}
"""The English of each refusal, written from its code and parameters."""


def _short(moves: list[str]) -> str:
    """Allowed moves in a refusal: at most eight, the long lists cut in the middle."""
    if len(moves) > 8:
        moves = [*moves[:6], "…", moves[-1]]
    return ", ".join(moves)


class FiveUp(Game):
    """Five-Up, every option of the rules (see the module's notation).

    :attr:`core` is the game's compact :class:`~.core.State` (read it; work on a
    :meth:`~.core.State.clone`).
    """

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

    tensor_encoder: ClassVar[str] = "ludoteca.games.fiveup.tensor:FiveUpTensors"
    hand_end_code: ClassVar[str | None] = "hand_ended"
    chance_phase: ClassVar[int] = DEAL
    decision_phases: ClassVar[frozenset[int]] = frozenset((PLAY,))
    over_phase: ClassVar[int] = OVER

    core: State
    hand_start: int
    """The index in the history of the current (or last) hand's deal; -1 before."""
    _earlier_starts: tuple[int, Any] | None
    """The ``hand_start`` of each earlier hand, newest first: ``(start, older)``, so
    that undoing a deal finds the one before without reading the history (never
    changed in place: a copy shares it)."""
    _records_cache: tuple[int, list[ScoreSaid], list[HandSaid]] | None
    _hidden_cache: Any

    @classmethod
    def _type_info(cls, options: dict[str, Any]) -> TypeInfo:
        rules = cls._rules(options)
        return TypeInfo(
            num_seats=rules.players,
            sides=rules.sides,
            num_actions=NUM_ACTIONS,
            score_unit="points",
            target=rules.target,
            hidden_hands=True,
        )

    @staticmethod
    def _rules(options: dict[str, Any]) -> Rules:
        return Rules.of(
            options["players"], options["target"], options["exact_61"], options["later_lead"]
        )

    @property
    def target(self) -> int:
        """Points that win the game."""
        t: int = self.options["target"]
        return t

    def _setup(self) -> None:
        self.core = State(rules=self._rules(self.options))
        self.hand_start = -1
        self._earlier_starts = None
        self._records_cache = None
        self._hidden_cache = None

    # ------------------------------------------------------------ who and what

    def _undo(self, entry: int | str) -> bool:
        self.core.undo()
        if isinstance(entry, str) and entry.startswith("deal ") and self._earlier_starts:
            self.hand_start, self._earlier_starts = self._earlier_starts
        self._records_cache = None
        self._hidden_cache = None
        return True

    # ---------------------------------------------------------------- refusals

    def _refusal(self, action: int) -> tuple[str, dict[str, Any]]:
        if not 0 <= action < NUM_ACTIONS:
            return "no_such_action", {"action": action, "actions": NUM_ACTIONS}
        s = self.core
        if s.phase != PLAY:
            return "no_decision_due", {}
        legal = s.legal()
        allowed = [ACTION_TEXT[a] for a in legal]
        opened = s.open_mask != 0
        if action in (A_DRAW, A_PASS):
            if legal[0] >= A_OPEN:
                return ("must_play" if opened else "must_open"), {"allowed": allowed}
            if action == A_DRAW:
                left = len(s.stock) - s.stock_pos
                return "stock_reserve", {"left": left, "reserve": s.reserve}
            return "must_draw", {}
        t, v, _, x = ACTION_MOVE[action]
        if action < A_ON:
            if opened:
                ends = [n for n in range(7) if s.open_mask >> n & 1]
                return "name_target", {"tile": TILE_TEXT[t], "ends": ends, "allowed": allowed}
            return "not_in_hand", {"tile": TILE_TEXT[t], "allowed": allowed}
        if not opened:
            return "table_empty", {"tile": TILE_TEXT[t]}
        if not s.hands[s.turn] >> t & 1:
            return "not_in_hand", {"tile": TILE_TEXT[t], "allowed": allowed}
        target = TILE_TEXT[x]
        if not s.on_table >> x & 1:
            return "not_on_table", {"target": target, "allowed": allowed}
        if IS_DOUBLE[x]:
            return "double_closed", {"target": target, "allowed": allowed}
        return "end_not_open", {"number": v, "target": target, "allowed": allowed}

    def _why_illegal(self, action: int) -> str:
        code, params = self._refusal(action)
        words = dict(params, allowed=_short(params.get("allowed", [])))
        if code == "stock_reserve":
            words["last"] = (
                "the last tile of the stock is never drawn"
                if params["reserve"] == 1
                else "the last two tiles of the stock are never drawn"
            )
        return _REFUSALS[code].format(**words)

    # ---------------------------------------------------------------- chance

    def _apply_chance(self, text: str) -> str:
        words = text.split()
        s = self.core
        n = s.n
        if s.phase == DRAW:
            if not words or words[0] != "draw":
                forms = " ".join(f"T{i}" for i in range(n))
                raise self._chance_error(
                    text, f"the draw for first leader is due: draw {forms}", "draw_due"
                )
            tiles = self._parse_tiles(text, words[1:])
            if len(tiles) != n or len(set(tiles)) != n:
                raise self._chance_error(
                    text,
                    f"{n} different tiles must be drawn, one for each seat in seat order",
                    "draw_tiles",
                    players=n,
                )
            s.draw_for_lead(tiles)
            return "draw " + _tiles_text(tiles)
        if s.phase == DEAL:
            return self._deal(text, words)
        raise self._chance_error(text, "no chance event is due", "no_chance_due")

    def _deal(self, text: str, words: list[str]) -> str:
        s = self.core
        n = s.n
        if not words or words[0] != "deal":
            raise self._chance_error(
                text, "a deal is due: deal H0 | … | Hn-1 | stock S (five tiles a seat)", "deal_due"
            )
        parts = " ".join(words[1:]).split("|")
        if len(parts) != n + 1:
            raise self._chance_error(
                text,
                f"a deal lists {n} hands then the stock, separated by |",
                "deal_parts",
                players=n,
            )
        stock_words = parts[-1].split()
        if not stock_words or stock_words[0] != "stock":
            raise self._chance_error(
                text, "the last part of a deal is the stock: stock S", "deal_stock_part"
            )
        hands = [sorted(self._parse_tiles(text, p.split()), reverse=True) for p in parts[:-1]]
        stock = self._parse_tiles(text, stock_words[1:])
        refusal = s.deal_refusal(hands, stock)
        if refusal is not None:
            code, params = refusal
            reason = {
                "deal_hand_size": "each hand has five tiles",
                "deal_stock_size": f"the stock has {params.get('tiles')} tiles",
                "deal_tiles_once": "the 28 tiles must each be dealt once",
            }.get(code, f"a deal lists {n} hands then the stock, separated by |")
            raise self._chance_error(text, reason, code, **params)
        self._start_hand()
        s.deal(hands, stock)
        return deal_text(hands, stock)

    def _auto_chance(self, number: int) -> str:
        s = self.core
        if s.phase == DRAW:
            tiles = sample(number, 28, s.n)
            s.draw_for_lead(tiles)
            return "draw " + _tiles_text(tiles)
        hands, stock = s.deal_of_order(permutation(number, 28))
        self._start_hand()
        s.deal(hands, stock)
        return deal_text(hands, stock)

    def _start_hand(self) -> None:
        """The deal about to be pushed starts a hand: the last one's start is kept."""
        self._earlier_starts = (self.hand_start, self._earlier_starts)
        self.hand_start = len(self._history)

    def _chance_error(self, text: str, reason: str, code: str, **params: Any) -> IllegalMove:
        return self._chance_refusal(text, reason, code, params)

    def _parse_tiles(self, text: str, words: list[str]) -> list[int]:
        try:
            return [_TILE[w] for w in words]
        except KeyError:
            pass
        try:
            return [tile_index(w) for w in words]
        except ValueError as e:
            raise self._chance_error(text, str(e), "bad_tile") from None

    def _sample_chance(self, number: int) -> str:
        s = self.core
        if s.phase == DRAW:
            return "draw " + _tiles_text(sample(number, 28, s.n))
        return deal_text(*s.deal_of_order(permutation(number, 28)))

    def _chance_event(self) -> ChanceEvent:
        """The draw for first leader (one tile per seat) or the deal: five tiles a
        seat, then the stock in drawing order."""
        n = self.num_seats
        if self.core.phase == DRAW:
            return TileDraw("draw ", (1,) * n, (True,) * n, ("",) * n, " ")
        return TileDraw(
            "deal ", (5,) * n + (28 - 5 * n,), (False,) * n + (True,), ("",) * n + ("stock ",)
        )

    # ------------------------------------------------------------- notation

    @classmethod
    def _notation_for(cls, options: dict[str, Any]) -> Notation:
        return NOTATION

    def _chance_value(self, text: str) -> Move:
        move = Move.from_text(text)
        if move.kind == "deal":
            # the tiles of each hand in seat order, then the stock; numbers: the sizes
            sizes = tuple(len(p.split()) for p in text[5:].split("|"))
            return Move("deal", move.tiles, (*sizes[:-1], sizes[-1] - 1), "stock", text)
        return move

    def _redact(self, entry: str, seat: Seat | None) -> str:
        if not entry.startswith("deal "):
            return entry
        parts = entry[5:].split(" | ")
        shown = [p if i == seat else "?" for i, p in enumerate(parts[:-1])]
        return "deal " + " | ".join([*shown, "stock ?"])

    # ----------------------------------------------------------------- views

    def hand_record(self) -> tuple[str | None, tuple[int, ...]]:
        """The current (or last) hand: its ``deal`` chance event (every tile in it:
        for solvers and encoders, not for bots; ``None`` before the first deal) and
        its decisions since, as action numbers."""
        start = self.hand_start
        if start < 0:
            return None, ()
        deal = self._history[start]
        assert isinstance(deal, str)
        return deal, tuple(self._history[start + 1 :])  # type: ignore[arg-type]

    def hand_plays(self) -> list[tuple[int, int]]:
        """The plays of the current (or last) hand as ``(tile, target)`` indices.

        The opening tile has target ``-1``.
        """
        out: list[tuple[int, int]] = []
        if self.hand_start < 0:
            return out
        for a in self._history[self.hand_start + 1 :]:
            if isinstance(a, int) and a >= A_OPEN:
                t, _, _, x = ACTION_MOVE[a]
                out.append((t, x))
        return out

    def layout(self) -> Layout:
        """The geometry of the layout on the table (see :mod:`.layout`)."""
        lay = build_layout(self.hand_plays())
        lay["ends_total"] = self.core.ends if self.hand_start >= 0 else 0
        return lay

    def open_numbers(self) -> int:
        """The numbers open on the layout now, as a 7-bit mask."""
        return self.core.open_mask

    def _view(self, seat: Seat | None) -> FiveUpView:
        s = self.core
        n = s.n
        left = len(s.stock) - s.stock_pos
        in_hand = s.phase != DRAW and self.hand_start >= 0
        score_events, hands_played = self._records()
        return {
            "phase": PHASE_NAMES[s.phase],
            "options": dict(self.options),
            "sides": [list(side) for side in s.rules.sides],
            "side_of": list(s.rules.side_of),
            "target": self.target,
            "scores": list(s.scores),
            "first_leader_draw": [
                {"seat": seat_, "tile": TILE_TEXT[t]} for seat_, t in enumerate(s.first_draw)
            ],
            "first_leader": s.first_leader if s.first_leader >= 0 else None,
            "hand_number": s.hand_no,
            "leader": s.leader if s.leader >= 0 else None,
            "turn": s.turn if s.phase == PLAY else None,
            "hand": tile_texts(s.hands[seat]) if seat is not None and in_hand else [],
            "hand_sizes": [h.bit_count() for h in s.hands] if in_hand else [0] * n,
            "drawn": list(s.drawn),
            "stock_size": left if in_hand else 0,
            "stock_drawable": max(0, left - s.reserve) if in_hand else 0,
            "passes_in_a_row": s.passes,
            "layout": self.layout(),
            # codes and numbers only: the English reasons stay in ``result()``
            "score_events": cast("list[Score]", [without(e, "reason") for e in score_events]),
            "hands_played": cast("list[HandSummary]", [without(h, "bonus") for h in hands_played]),
            "winner": s.winner if s.winner >= 0 else None,
        }

    def _result(self) -> FiveUpResult:
        s = self.core
        score_events, hands_played = self._records()
        return {
            "game": self.name,
            "over": s.phase == OVER,
            "sides": [list(side) for side in s.rules.sides],
            "scores": list(s.scores),
            "winner": s.winner if s.winner >= 0 else None,
            "target": self.target,
            "exact_61": self.options["exact_61"],
            "events": score_events,
            "hands": hands_played,
        }

    def _records(self) -> tuple[list[ScoreSaid], list[HandSaid]]:
        """Every score and every hand's summary, in words for people (``result()``'s
        ``events`` and ``hands``), read from the events."""
        cached = self._records_cache
        if cached is None or cached[0] != len(self._history):
            scores, hands = self._read_events()
            cached = self._records_cache = (len(self._history), scores, hands)
        return list(cached[1]), list(cached[2])

    def _read_events(self) -> tuple[list[ScoreSaid], list[HandSaid]]:
        rules = self.core.rules
        target = rules.target
        scores = [0] * len(rules.sides)
        hand_no = 0
        history = self._history
        out: list[ScoreSaid] = []
        hands: list[HandSaid] = []
        deals = [i for i, e in enumerate(history) if isinstance(e, str) and e[:5] == "deal "]
        bonus: str | None = None
        kind: ScoreKind
        for index, events in self._events_by_move():
            while hand_no < len(deals) and deals[hand_no] <= index:
                hand_no += 1
            for e in events:
                code = e.code
                if code == "hand_ended":
                    hands.append(self._hand_entry(e.params, bonus, scores))
                    bonus = None
                    continue
                if code == "ends_scored":
                    kind, seat, what = "ends", e["seat"], f"ends {e['ends']}"
                elif code == "domino_bonus":
                    kind, seat, what = "domino", e["seat"], f"domino: {e['total']} pips"
                    bonus = f"{what} → {e['points']}"
                elif code == "blocked":
                    pips = e["pips"]
                    low = min(pips)
                    if e["side"] is None:
                        bonus = f"blocked: tie for fewest pips ({low}): nothing scored"
                        continue
                    kind, seat = "blocked", e["seat"]
                    what = f"blocked: fewest pips {low}, opponents {sum(pips) - low} pips"
                    bonus = f"{what} → {e['points']}"
                else:
                    continue
                points, side = e["points"], e["side"]
                if not points:
                    continue
                reason = f"{what} → {points}"
                if e["scored"]:
                    scores[side] += points
                else:
                    reason += f" (not scored: {scores[side]} + {points} would pass {target})"
                out.append(
                    {
                        "hand": hand_no,
                        "move": index,
                        "seat": seat,
                        "side": side,
                        "kind": kind,
                        "points": points,
                        "scored": e["scored"],
                        "reason": reason,
                        "scores": list(scores),
                    }
                )
        return out, hands

    @staticmethod
    def _hand_entry(p: Any, bonus: str | None, scores: list[int]) -> HandSaid:
        end = p["how"].replace("_", " ")
        out: HandSaid = {
            "hand": p["hand"],
            "leader": p["leader"],
            "end": end,
            "domino_by": p["seat"],
            "bonus": bonus,
            "bonus_side": p["side"],
            "bonus_points": p["points"],
            "scores_after": list(scores),
        }
        if end != TARGET_REACHED:
            out["pips_left"] = list(p["pips_left"])
            out["tiles_left"] = [list(t) for t in p["tiles_left"]]
        return out

    # --------------------------------------------------------- fast access

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """The hands as tile masks (all seats: for solvers and tests, not for bots)."""
        return tuple(self.core.hands)

    @property
    def stock_left(self) -> tuple[int, ...]:
        """The stock still to draw, in order (for solvers and tests, not for bots)."""
        s = self.core
        return tuple(s.stock[s.stock_pos :])

    def random_playout(
        self, rng: random.Random, trace: list[int | str] | None = None
    ) -> tuple[list[int], int]:
        """This game played on at random: final scores, hands dealt (the game is
        untouched). Every move and deal is drawn uniformly with ``rng``; with a
        ``trace`` list, the chance events (as text) and the decisions (as action
        numbers) are added to it, so the play-out replays through the public API."""
        s = self.core.clone()
        hands = s.random_playout(rng, trace)
        return list(s.scores), hands

    def hand_hidden(self) -> bool:
        """Whether the current hand still hides tiles (under way, or cut short by the end)."""
        s = self.core
        if self.hand_start < 0:
            return False
        if s.phase == PLAY:
            return True
        return s.phase == OVER and s.end == TARGET_REACHED

    def sample_hidden(self, seat: Seat, rng: random.Random) -> FiveUp:
        """A copy whose other hands and stock order are redrawn for ``seat``.

        The deal of the current hand is drawn uniformly among the deals that agree
        with everything ``seat`` has seen: its own tiles, every play, how many
        tiles each player drew, and that a player who drew or passed held nothing
        playable at that moment (see :mod:`.hidden`).
        """
        if not (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.num_seats
        ):
            raise ValueError(
                f"{seat!r} is not a seat of this game: seats are 0 to {self.num_seats - 1}"
            )
        new = self.copy()
        assert isinstance(new, FiveUp)
        new.seed = rng.getrandbits(63)
        if not self.hand_hidden():
            return new
        from .hidden import hand_model

        # the deal in the key: a copy shares the cache, and a redrawn copy has its own deal
        key = (len(self._history), seat, self._history[self.hand_start])
        cached = self._hidden_cache
        if cached is not None and cached[0] == key:
            model = cached[1]
        else:
            deal, actions = self.hand_record()
            assert deal is not None
            model = hand_model(self.core.rules, self.core.leader, deal, actions, seat)
            self._hidden_cache = (key, model)
        hands, stock = model.sample(rng)
        hands = [sorted(h, reverse=True) for h in hands]
        # each seat's tiles: those dealt and those drawn, less those on the table
        held = [sum(1 << t for t in h) for h in hands]
        for k in range(model.stock_pos):
            held[model.draws_by[k]] |= 1 << stock[k]
        s = new.core
        s.hands = [h & ~s.on_table for h in held]
        s.stock = tuple(stock)
        new._history[self.hand_start] = deal_text(hands, stock)
        assert s.hands[seat] == self.core.hands[seat]
        return new
