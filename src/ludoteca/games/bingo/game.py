"""Bingo: the two-player domino trick-taking game adapted from Sixty-Six.

Seats 0 and 1. A match is played to 7 sets over several hands; the first
leader is drawn, then the lead alternates from hand to hand. The rules live in
:mod:`ludoteca.games.bingo.core`, which emits the events of each move; this module
writes and reads the notation, keeps the history, and shows each seat its view, the
events and the result.

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
>>> g.parse("play 6-6 show")
Move('play', tiles=(Tile(6, 6),), detail='show', text='play 6-6 show')
>>> [e.code for e in g.events[-1]]
['trick_won', 'hand_ended']
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ludoteca.chance import permutation, sample
from ludoteca.errors import IllegalMove
from ludoteca.game import ChanceEvent, Game, Seat, TileDraw
from ludoteca.gametype import TypeInfo
from ludoteca.move import Move
from ludoteca.notation import Notation
from ludoteca.options import OptionSpec
from ludoteca.tiles import ALL_TILES, DOUBLES_MASK, TILE_TEXT, indices_of, tile_index
from ludoteca.viewtypes import without

from .core import (
    A_CLOSE,
    A_SHOW,
    A_TAKE_UP,
    DEAL,
    DRAW,
    END_CODES,
    HAND_SIZE,
    HIDDEN_STOCK,
    LEAD,
    NUM_ACTIONS,
    OVER,
    PHASE_NAMES,
    REACHED_70,
    REPLY,
    SETS_CODES,
    TAKE,
    TARGET_SETS,
    BingoCore,
    HandRecord,
    action_tile,
)
from .notation import NOTATION
from .tables import (
    DOUBLE_OF,
    FOLLOW_STEPS,
    HIGH_END,
    LOW_END,
    follow_step,
    tiles_text,
)
from .viewtypes import (
    BingoCaptureSetSaid,
    BingoResult,
    BingoView,
    HandSaid,
    HandSummary,
    Lead,
    Score,
    SetsEvent,
    SetsEventSaid,
)
from .viewtypes import Trick as TrickJson

if TYPE_CHECKING:
    from .hidden import HandObservation

__all__ = ["Bingo", "refusal_text"]

Trick = tuple[int, int, int, int, int, int, int, bool]


_SHOW_WHAT = {"show": "show doubles", "close": "close the stock"}


def refusal_text(code: str, params: dict[str, Any], who: Any = str) -> str:
    """The English words of a refusal ``code`` with its ``params`` (``who(seat)``
    names a seat).

    >>> refusal_text("not_in_hand", {"tile": "5-4", "hand": ["6-6", "1-0"]})
    '5-4 is not in that hand (6-6 1-0)'
    >>> refusal_text("must_follow", {"led": "6-4", "step": 3, "number": 2, "closed": True,
    ...                              "allowed": ["2-0", "2-1"]})[-62:]
    'this hand holds a trump (a 2), so it must play one of: 2-0 2-1'
    """
    p = params
    if code == "no_such_action":
        return f"there is no action {p['action']}"
    if code == "must_take":
        return (
            f"only the hidden tile and the turned-up {p['up']} are left, and the "
            "trick's winner must choose first: take up or take hidden"
        )
    if code == "take_not_due":
        return "taking is only for the trick's winner when the last two stock tiles are left"
    if code == "leader_only":
        return (
            f"only the leader may {_SHOW_WHAT[p['what']]}, before leading; now a tile must answer"
        )
    if code == "not_in_hand":
        return f"{p['tile']} is not in that hand ({' '.join(p['hand'])})"
    if code == "must_follow":
        why = "the stock is closed" if p["closed"] else "the stock is exhausted"
        need = f"a trump (a {p['number']})" if p["step"] == 3 else f"a tile with a {p['number']}"
        return (
            f"{why}, so following is compulsory: {p['led']} was led and this hand "
            f"holds {need}, so it must play one of: {' '.join(p['allowed'])}"
        )
    if code == "already_closed":
        return f"the stock is already closed (by {who(p['closer'])})"
    if code == "stock_exhausted":
        return "the stock is exhausted: there is nothing left to close"
    if code == "show_needs_doubles":
        return f"a show needs another double in hand besides {p['tile']}"
    if code == "already_shown":
        return (
            f"the other doubles in hand ({' '.join(p['doubles'])}) were already shown "
            "this hand; a double is shown only once"
        )
    text: str = _CHANCE_TEXT[code](p)
    return text


def _bad_tile(p: dict[str, Any]) -> str:
    try:
        tile_index(p["word"])
    except ValueError as e:
        return str(e)
    return f"{p['word']} is not a tile"  # pragma: no cover - only words that fail get here


_CHANCE_TEXT: dict[str, Any] = {
    "no_chance_due": lambda p: "no chance event is due",
    "draw_due": lambda p: "the draw for first leader is due: draw T0 T1",
    "draw_two_tiles": lambda p: "two different tiles must be drawn, seat 0's then seat 1's",
    "deal_due": lambda p: "a deal is due: deal H0 | H1 | up T | stock S",
    "deal_form": lambda p: (
        "a deal is written: deal H0 | H1 | up T | stock S (four parts split by |)"
    ),
    "not_a_tile": _bad_tile,
    "seven_each": lambda p: "each player is dealt seven tiles",
    "stock_size": lambda p: f"the hidden stock holds 13 tiles, and {p['count']} were given",
    "each_tile_once": lambda p: "the 28 tiles must each appear exactly once",
}


def _deal_text(h0: list[int], h1: list[int], up: int, stock: list[int] | tuple[int, ...]) -> str:
    t = TILE_TEXT
    return (
        f"deal {' '.join([t[x] for x in h0])} | {' '.join([t[x] for x in h1])} | up {t[up]} | "
        f"stock {' '.join([t[x] for x in stock])}"
    )


class Bingo(Game):
    """Bingo for two players, a match to 7 sets (see the module's notation).

    ``core`` is the match as a :class:`~ludoteca.games.bingo.core.BingoCore`,
    every tile included: for solvers, tests and fast paths, never for a bot
    (bots see :meth:`view`).
    """

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

    tensor_encoder: ClassVar[str] = "ludoteca.games.bingo.tensor:BingoTensors"
    hand_end_code: ClassVar[str | None] = "hand_ended"
    chance_phase: ClassVar[int] = DEAL
    decision_phases: ClassVar[frozenset[int]] = frozenset((LEAD, REPLY, TAKE))
    over_phase: ClassVar[int] = OVER

    core: BingoCore

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

    def _setup(self) -> None:
        self.core = BingoCore(bool(self.options["blanks_as_seven"]))

    # ------------------------------------------------------------ who and what

    @property
    def following_compulsory(self) -> bool:
        """Whether the follow rule applies now: the stock is closed or exhausted."""
        return self.core.following_compulsory

    def _undo(self, entry: int | str) -> bool:
        self.core.undo()
        return True

    # ------------------------------------------------------------- refusals

    def _refusal(self, action: int) -> tuple[str, dict[str, Any]]:
        core = self.core
        if not 0 <= action < NUM_ACTIONS:
            return "no_such_action", {"action": action}
        phase = core.phase
        hand = core.hands[core.turn] if core.turn >= 0 else 0
        if phase == TAKE:
            return "must_take", {"up": TILE_TEXT[core.up]}
        if action >= A_TAKE_UP:
            return "take_not_due", {}
        if phase == REPLY:
            if action >= A_SHOW:
                return "leader_only", {"what": "show" if action < A_CLOSE else "close"}
            if not hand >> action & 1:
                return "not_in_hand", {"tile": TILE_TEXT[action], "hand": tiles_text(hand)}
            led = core.lead_tile
            cfg = core.cfg
            step = follow_step(cfg, led, action)
            steps = FOLLOW_STEPS[cfg][led]
            held = min(s for s in range(1, step) if hand & steps[s - 1])
            number = (HIGH_END[core.b7][led], LOW_END[core.b7][led], core.trump)[held - 1]
            return "must_follow", {
                "led": TILE_TEXT[led],
                "step": held,
                "number": number,
                "closed": core.closed_by >= 0,
                "allowed": [TILE_TEXT[t] for t in core.legal()],
            }
        if action == A_CLOSE:
            if core.closed_by >= 0:
                return "already_closed", {"closer": core.closed_by}
            return "stock_exhausted", {}
        tile = action_tile(action)
        if not hand >> tile & 1:
            return "not_in_hand", {"tile": TILE_TEXT[tile], "hand": tiles_text(hand)}
        others = hand & DOUBLES_MASK & ~(1 << tile)
        if not others:
            return "show_needs_doubles", {"tile": TILE_TEXT[tile]}
        return "already_shown", {"tile": TILE_TEXT[tile], "doubles": tiles_text(others)}

    def _why_illegal(self, action: int) -> str:
        code, params = self._refusal(action)
        return refusal_text(code, params, self._who)

    # ---------------------------------------------------------------- chance

    def _chance_error(self, text: str, code: str, **params: Any) -> IllegalMove:
        reason = refusal_text(code, params)
        return self._chance_refusal(text, reason, code, params)

    def _parse_tiles(self, text: str, words: list[str]) -> list[int]:
        out = []
        for w in words:
            try:
                out.append(tile_index(w))
            except ValueError:
                raise self._chance_error(text, "not_a_tile", word=w) from None
        return out

    def _read_draw(self, text: str) -> tuple[int, int]:
        words = text.split()
        if not words or words[0].lower() != "draw":
            raise self._chance_error(text, "draw_due")
        tiles = self._parse_tiles(text, words[1:])
        if len(tiles) != 2 or tiles[0] == tiles[1]:
            raise self._chance_error(text, "draw_two_tiles")
        return tiles[0], tiles[1]

    def _read_deal(self, text: str) -> tuple[list[int], list[int], int, list[int]]:
        words = text.split()
        if not words or words[0].lower() != "deal":
            raise self._chance_error(text, "deal_due")
        parts = [p.split() for p in " ".join(words[1:]).split("|")]
        if (
            len(parts) != 4
            or len(parts[2]) != 2
            or parts[2][0].lower() != "up"
            or not parts[3]
            or parts[3][0].lower() != "stock"
        ):
            raise self._chance_error(text, "deal_form")
        h0 = sorted(self._parse_tiles(text, parts[0]), reverse=True)
        h1 = sorted(self._parse_tiles(text, parts[1]), reverse=True)
        up = self._parse_tiles(text, parts[2][1:])[0]
        stock = self._parse_tiles(text, parts[3][1:])
        if len(h0) != HAND_SIZE or len(h1) != HAND_SIZE:
            raise self._chance_error(text, "seven_each")
        if len(stock) != HIDDEN_STOCK:
            raise self._chance_error(text, "stock_size", count=len(stock))
        if len({*h0, *h1, up, *stock}) != 28:
            raise self._chance_error(text, "each_tile_once")
        return h0, h1, up, stock

    def _apply_chance(self, text: str) -> str:
        core = self.core
        if core.phase == DEAL:
            h0, h1, up, stock = self._read_deal(text)
            core.deal(sum(1 << t for t in h0), sum(1 << t for t in h1), up, tuple(stock))
            return _deal_text(h0, h1, up, stock)
        if core.phase == DRAW:
            a, b = self._read_draw(text)
            core.draw_first(a, b)
            return f"draw {TILE_TEXT[a]} {TILE_TEXT[b]}"
        raise self._chance_error(text, "no_chance_due")

    def _sample_chance(self, number: int) -> str:
        if self.core.phase == DRAW:
            a, b = sample(number, 28, 2)
            return f"draw {TILE_TEXT[a]} {TILE_TEXT[b]}"
        order = permutation(number, 28)
        return _deal_text(
            sorted(order[:7], reverse=True),
            sorted(order[7:14], reverse=True),
            order[14],
            order[15:],
        )

    def _auto_chance(self, number: int) -> str:
        core = self.core
        if core.phase == DRAW:
            a, b = sample(number, 28, 2)
            core.draw_first(a, b)
            return f"draw {TILE_TEXT[a]} {TILE_TEXT[b]}"
        order = permutation(number, 28)
        core.deal_order(order)
        return _deal_text(
            sorted(order[:7], reverse=True),
            sorted(order[7:14], reverse=True),
            order[14],
            order[15:],
        )

    def _chance_event(self) -> ChanceEvent:
        """The draw for first leader (seat 0's tile, then seat 1's) or the deal: two
        hands, the turned-up tile, then the hidden stock in drawing order."""
        if self.core.phase == DRAW:
            return TileDraw("draw ", (1, 1), (True, True), ("", ""), " ")
        return TileDraw(
            "deal ", (7, 7, 1, 13), (False, False, True, True), ("", "", "up ", "stock ")
        )

    # ------------------------------------------------------------- notation

    @classmethod
    def _notation_for(cls, options: dict[str, Any]) -> Notation:
        return NOTATION

    def _chance_value(self, text: str) -> Move:
        if self.core.phase == DRAW:
            a, b = self._read_draw(text)
            return Move(
                "draw", (ALL_TILES[a], ALL_TILES[b]), text=f"draw {TILE_TEXT[a]} {TILE_TEXT[b]}"
            )
        h0, h1, up, stock = self._read_deal(text)
        tiles = tuple(ALL_TILES[t] for t in (*h0, *h1, up, *stock))
        return Move("deal", tiles, text=_deal_text(h0, h1, up, stock))

    def _redact(self, entry: str, seat: Seat | None) -> str:
        if not entry.startswith("deal "):
            return entry
        h0, h1, up, _stock = entry[5:].split(" | ")
        hands = (h0, h1)
        shown = [hands[i] if i == seat else "?" for i in (0, 1)]
        return f"deal {shown[0]} | {shown[1]} | {up} | stock ?"

    # ----------------------------------------------------------------- views

    def _view(self, seat: Seat | None) -> BingoView:
        core = self.core
        trick: list[Lead] = []
        if core.lead_tile >= 0:
            trick.append(
                {
                    "seat": 1 - core.turn,
                    "tile": TILE_TEXT[core.lead_tile],
                    "shown": tiles_text(core.lead_show),
                }
            )
        up = core.up_showing
        known = [core.known_held(s) for s in (0, 1)]
        return {
            "phase": PHASE_NAMES[core.phase],
            "options": dict(self.options),
            "sides": [[0], [1]],
            "sets": list(core.sets),
            "target_sets": TARGET_SETS,
            "first_leader_draw": (
                [{"seat": i, "tile": TILE_TEXT[t]} for i, t in enumerate(core.draws)]
                if core.draws
                else []
            ),
            "first_leader": core.first_leader if core.first_leader >= 0 else None,
            "hand_number": core.hand_no,
            "hand_leader": core.hand_leader if core.hand_leader >= 0 else None,
            "trump": core.trump if core.trump >= 0 else None,
            "turned_up_tile": TILE_TEXT[core.trump_tile] if core.trump_tile >= 0 else None,
            "up": TILE_TEXT[up] if up >= 0 else None,
            "turned_up_holder": core.up_holder if core.up_holder >= 0 else None,
            "stock_count": core.stock_count,
            "closed": core.closed_by >= 0,
            "closed_by": core.closed_by if core.closed_by >= 0 else None,
            "following_compulsory": core.following_compulsory,
            "hand": tiles_text(core.hands[seat]) if seat is not None else [],
            "hand_sizes": [h.bit_count() for h in core.hands],
            "points": list(core.points),
            "tricks_won": list(core.tricks_won),
            "shown": [tiles_text(m) for m in core.shown],
            "known_held": [tiles_text(m) for m in known],
            "leader": core.leader if core.leader >= 0 else None,
            "trick": trick,
            "tricks": [_trick_json(t) for t in core.tricks],
            "last_trick": _trick_json(core.tricks[-1]) if core.tricks else None,
            "score_events": self._score_events(),
            # codes and numbers only: the English reasons stay in ``result()``
            "set_events": cast(
                "list[SetsEvent]",
                [without(e, "reason") for e in self._set_events()],
            ),
            # codes and numbers only: how a hand ended in words stays in ``result()``
            "hands_played": cast(
                "list[HandSummary]",
                [without(_summary(h), "ended") for h in core.done],
            ),
            "winner": core.winner if core.winner >= 0 else None,
        }

    def _score_events(self) -> list[Score]:
        """Every score of the match, in order, with its reason."""
        core = self.core
        hands: list[tuple[int, Any, int, int]] = [
            (h.hand, h.tricks, h.penalty, h.winner) for h in core.done
        ]
        if core.hand_no and (not core.done or core.done[-1].hand != core.hand_no):
            hands.append((core.hand_no, core.tricks, 0, -1))
        out: list[Score] = []
        for hand, tricks, penalty, winner in hands:
            for i, (_l, led, reply, won_by, captured, shown, show_pts, _c) in enumerate(tricks, 1):
                out.append(
                    {
                        "hand": hand,
                        "trick": i,
                        "seat": won_by,
                        "points": captured,
                        "reason": "capture",
                        "tiles": tiles_text((1 << led) | (1 << reply)),
                    }
                )
                if show_pts:
                    out.append(
                        {
                            "hand": hand,
                            "trick": i,
                            "seat": won_by,
                            "points": show_pts,
                            "reason": "show",
                            "doubles": tiles_text(shown),
                        }
                    )
            if penalty:
                out.append(
                    {
                        "hand": hand,
                        "trick": len(tricks),
                        "seat": winner,
                        "points": penalty,
                        "reason": "failed close",
                        "closer": 1 - winner,
                    }
                )
        return out

    def _set_events(self) -> list[SetsEventSaid]:
        out: list[SetsEventSaid] = []
        for h in self.core.done:
            loser_points = h.points[1 - h.winner]
            reason = (
                "the loser took no trick",
                f"the loser had {loser_points} points, fewer than 30",
                f"the loser had {loser_points} points, at least 30",
            )[h.sets_why]
            said = {
                "hand": h.hand,
                "seat": h.winner,
                "sets": h.result_sets,
                "reason": reason,
                "code": SETS_CODES[h.sets_why],
                "loser_points": loser_points,
            }
            out.append(cast("SetsEventSaid", said))  # its code and sets go together
            if h.capture >= 0:
                trump_double = TILE_TEXT[DOUBLE_OF[h.trump]]
                captured: BingoCaptureSetSaid = {
                    "hand": h.hand,
                    "seat": h.capture,
                    "sets": 1,
                    "reason": f"captured the trump double {trump_double} with the bingo",
                    "code": "bingo_capture",
                    "trump_double": trump_double,
                }
                out.append(captured)
        return out

    def _result(self) -> BingoResult:
        core = self.core
        return {
            "game": self.name,
            "over": core.phase == OVER,
            "sides": [[0], [1]],
            "scores": list(core.sets),
            "winner": core.winner if core.winner >= 0 else None,
            "target_sets": TARGET_SETS,
            "hands": [_summary(h) for h in core.done],
            "set_events": self._set_events(),
        }

    # ------------------------------------------------------- hidden information

    def observation(self, seat: Seat, hand: int | None = None) -> HandObservation:
        """What ``seat`` saw of a hand (``hand`` numbered from 1; default the current one)."""
        from .hidden import observe  # here: playing needs no inferences about hands

        return observe(self.core, seat, hand)

    def _deal_indices(self) -> list[int]:
        return [i for i, e in enumerate(self._history) if isinstance(e, str) and e[:5] == "deal "]

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
        from .hidden import observe, sampler_for

        new = self.copy()
        assert isinstance(new, Bingo)
        new.seed = rng.getrandbits(63)
        opp = 1 - seat
        core = self.core
        for hand, index in enumerate(self._deal_indices(), 1):
            current = hand > len(core.done)
            dealt = core.dealt if current else core.done[hand - 1].dealt
            stock = list(core.stock if current else core.done[hand - 1].stock)
            draw_log = core.draw_log if current else core.done[hand - 1].draw_log
            hidden_to = core.hidden_to if current else core.done[hand - 1].hidden_to
            obs = observe(core, seat, hand)
            opp_dealt, draws, rest = sampler_for(obs).sample(rng)
            positions = [
                2 * r + (0 if first == opp else 1) for r, (_t, first) in enumerate(draw_log)
            ]
            if hidden_to == opp:
                positions.append(HIDDEN_STOCK - 1)
            for p, t in zip(positions, draws, strict=True):
                stock[p] = t
            for p, t in zip(range(HIDDEN_STOCK - obs.stock_left, HIDDEN_STOCK), rest, strict=True):
                stock[p] = t
            masks = [dealt[0], dealt[1]]
            masks[opp] = opp_dealt
            new._history[index] = _deal_text(
                sorted(indices_of(masks[0]), reverse=True),
                sorted(indices_of(masks[1]), reverse=True),
                core.trump_tile if current else core.done[hand - 1].trump_tile,
                stock,
            )
        new.core = BingoCore(core.b7)
        new.core.sink = new._emitted
        moves = zip(new._history, new._actors, strict=True)
        new._history, new._actors, new._events = [], [], None
        for entry, actor in moves:  # replayed, with the events of the deals drawn
            if isinstance(entry, str):
                new._apply_chance(entry)
            else:
                new.core.apply(entry)
            new._push(entry, actor)
        return new

    # --------------------------------------------------------- fast access

    @property
    def hand_masks(self) -> tuple[int, int]:
        """Both hands as tile masks (all seats: for solvers and tests, not for bots)."""
        return self.core.hands[0], self.core.hands[1]

    @property
    def stock_left(self) -> list[int]:
        """The hidden stock still to be drawn, in order (for tests and solvers)."""
        core = self.core
        return [] if core.up < 0 else list(core.stock[core.drawn :])


def _trick_json(t: Trick) -> TrickJson:
    leader, led, reply, winner, captured, shown, show_pts, compulsory = t
    return {
        "leader": leader,
        "plays": [
            {"seat": leader, "tile": TILE_TEXT[led]},
            {"seat": 1 - leader, "tile": TILE_TEXT[reply]},
        ],
        "shown": tiles_text(shown),
        "winner": winner,
        "points": captured,
        "show_points": show_pts,
        "following_compulsory": compulsory,
    }


def _summary(h: HandRecord) -> HandSaid:
    """A finished hand as ``result()["hands"]`` shows it (a view's ``hands_played``
    leave out ``ended``, how it ended in words; ``end`` is its code)."""
    return {
        "hand": h.hand,
        "leader": h.leader,
        "trump": h.trump,
        "turned_up": TILE_TEXT[h.trump_tile],
        "closed_by": h.closed_by if h.closed_by >= 0 else None,
        "closed_before_trick": h.closed_at + 1 if h.closed_by >= 0 else None,
        "tricks_played": len(h.tricks),
        "tricks_won": list(h.tricks_won),
        "points": list(h.points),
        "ended": "reached 70" if h.end == REACHED_70 else "tiles ran out",
        "winner": h.winner,
        "failed_close_penalty": h.penalty,
        "bingo_capture": h.capture if h.capture >= 0 else None,
        "sets_won": list(h.gained),
        "sets_after": list(h.sets_after),
        "end": END_CODES[h.end],
        "sets_reason": SETS_CODES[h.sets_why],
        "tricks": [_trick_json(t) for t in h.tricks],
    }
