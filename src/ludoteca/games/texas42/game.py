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

import functools
import random
from typing import Any, ClassVar, cast

from ludoteca.chance import permutation, sample
from ludoteca.errors import IllegalMove
from ludoteca.game import ChanceEvent, Game, Seat, TileDraw
from ludoteca.gametype import TypeInfo
from ludoteca.notation import Notation
from ludoteca.options import OptionSpec
from ludoteca.tiles import TILE_TEXT, indices_of, tile_index

from .core import (
    ACTION_TEXT,
    BID,
    DEAL,
    DRAW,
    NUM_ACTIONS,
    OVER,
    PHASE_NAMES,
    PLAY,
    SIDES,
    TRUMP,
    HandRecord,
    Rules,
    State,
    Trick,
    bid_marks,
    bid_value,
    deal_masks,
    hand_event,
    hand_mask,
    hand_text,
    trump_name,
)
from .notation import NOTATION
from .tables import CONTRACT_NAMES, LED_SUIT, SUIT_NAMES
from .viewtypes import Bid, PassedOutHand, PlayedHand, Reason, Texas42Result, Texas42View
from .viewtypes import Trick as TrickJson

__all__ = ["Texas42"]

TEAM_OF = (0, 1, 0, 1)


class Texas42(Game):
    """Texas 42 with every option of the rules (see the module's notation).

    The rules live in :attr:`core`, a :class:`~ludoteca.games.texas42.core.State`;
    this class adds the notation, the views, the record and the events' log.
    """

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

    tensor_encoder: ClassVar[str] = "ludoteca.games.texas42.tensor:Texas42Tensors"
    hand_end_code: ClassVar[str | None] = "hand_over"
    chance_phase: ClassVar[int] = DEAL
    decision_phases: ClassVar[frozenset[int]] = frozenset((BID, TRUMP, PLAY))
    over_phase: ClassVar[int] = OVER

    core: State
    """The whole game as numbers: every hand, the trick, the score (for solvers,
    simulations and tests; a bot sees only its seat's view)."""

    @classmethod
    def _type_info(cls, options: dict[str, Any]) -> TypeInfo:
        marks = options["scoring"] == "marks"
        return TypeInfo(
            num_seats=4,
            sides=SIDES,
            num_actions=NUM_ACTIONS,
            score_unit="marks" if marks else "points",
            target=7 if marks else 250,
            hidden_hands=True,
        )

    @property
    def target(self) -> int:
        """Marks (7) or points (250) that win the game."""
        return self.core.rules.target

    def _setup(self) -> None:
        self.core = State(Rules.from_options(self.options))
        self._hands_memo: tuple[tuple[HandRecord, ...], tuple[HandJson, ...]] = ((), ())

    def _hands_json(self) -> list[HandJson]:
        """The scored hands' summaries, each built once: the hand log only grows (an
        undo takes its last hands back), so the summaries of the hands still in it
        are kept with them (copies share them: a summary is never changed)."""
        log = self.core.hand_log
        records, summaries = self._hands_memo
        n = len(log)
        if len(records) != n or (n and records[-1] is not log[-1]):
            kept = 0
            while kept < min(n, len(records)) and records[kept] is log[kept]:
                kept += 1
            summaries = summaries[:kept] + tuple(_build_hand_json(h) for h in log[kept:])
            self._hands_memo = (tuple(log), summaries)
        return list(summaries)

    # ------------------------------------------------------------ who and what

    def _undo(self, entry: int | str) -> bool:
        core = self.core
        if isinstance(entry, int):
            core.undo(entry)
        elif entry.startswith("deal"):
            core.undo_deal()
        else:
            core.undo_draw()
        return True

    # -------------------------------------------------------------- refusals

    def _refusal(self, action: int) -> tuple[str, dict[str, Any]]:
        return self.core.refusal(action)

    def _why_illegal(self, action: int) -> str:
        return self._render(*self.core.refusal(action))

    def _render(self, code: str, params: dict[str, Any]) -> str:
        """A refusal's English text from its code and parameters."""
        words = dict(params)
        if "allowed" in params:
            words["listing"] = _listing(params["allowed"])
            words["tiles"] = " ".join(params["allowed"])
        if code == "bid_too_low":
            words["who"] = self._who(params["bidder"])
        elif code == "must_follow":
            words["suit_name"] = SUIT_NAMES[params["suit"]]
        elif code == "too_few_doubles":
            words["number"] = "four" if params["need"] == 4 else "three"
        elif code == "option_off" and params["option"] in ("plunge", "splash"):
            words["option"] = "the " + params["option"]
            words["name"] = params["option"]
        elif code == "option_off":
            words["name"] = params["option"]
        elif code == "draw_count":
            words["seat_list"] = ", ".join(map(str, params["seats"]))
        return REFUSALS.get(code, REFUSALS["no_decision"]).format(**words)

    # ---------------------------------------------------------------- chance

    def _apply_chance(self, text: str) -> str:
        core = self.core
        words = text.split()
        if core.phase == DRAW:
            if not words or words[0] != "draw":
                raise self._chance_error(text, "draw_due", {})
            tiles = self._parse_tiles(text, words[1:])
            refused = core.draw_refusal(tiles)
            if refused is not None:
                raise self._chance_error(text, *refused)
            core.draw(tiles)
            return "draw " + " ".join(TILE_TEXT[t] for t in tiles)
        if core.phase == DEAL:
            if not words or words[0] != "deal":
                raise self._chance_error(text, "deal_due", {})
            parts = " ".join(words[1:]).split("|")
            if len(parts) != 4:
                raise self._chance_error(text, "deal_four_hands", {})
            hands = [sorted(self._parse_tiles(text, p.split()), reverse=True) for p in parts]
            refused = State.deal_refusal(hands)
            if refused is not None:
                raise self._chance_error(text, *refused)
            masks = [hand_mask(h) for h in hands]
            core.deal(masks)
            return _deal_text(masks)
        raise self._chance_error(text, "no_chance_due", {})

    def _chance_error(self, text: str, code: str, params: dict[str, Any]) -> IllegalMove:
        reason = self._render(code, params)
        return self._chance_refusal(text, reason, code, params)

    def _parse_tiles(self, text: str, words: list[str]) -> list[int]:
        try:
            return [tile_index(w) for w in words]
        except ValueError:
            bad = next(w for w in words if not _is_tile(w))
            raise self._chance_error(text, "not_a_tile", {"word": bad}) from None

    def _sample_chance(self, number: int) -> str:
        if self.core.phase == DRAW:
            tiles = sample(number, 28, len(self.core.draw_seats))
            return "draw " + " ".join(TILE_TEXT[t] for t in tiles)
        return _deal_text(deal_masks(permutation(number, 28)))

    def _auto_chance(self, number: int) -> str:
        core = self.core
        if core.phase == DRAW:
            tiles = sample(number, 28, len(core.draw_seats))
            core.draw(tiles)
            return "draw " + " ".join(TILE_TEXT[t] for t in tiles)
        masks = deal_masks(permutation(number, 28))
        core.deal(masks)
        return _deal_text(masks)

    def _chance_event(self) -> ChanceEvent:
        """The draw for first dealer (one tile per drawing seat: after a tie for
        highest only the tied seats draw) or the deal."""
        core = self.core
        if core.phase != DRAW:
            return TileDraw("deal ", (7, 7, 7, 7), (False,) * 4, ("",) * 4)
        seats = len(core.draw_seats)
        return TileDraw("draw ", (1,) * seats, (True,) * seats, ("",) * seats, " ")

    # ------------------------------------------------------------- notation

    @classmethod
    def _notation_for(cls, options: dict[str, Any]) -> Notation:
        return NOTATION

    def _redact(self, entry: str, seat: Seat | None) -> str:
        if not entry.startswith("deal "):
            return entry
        parts = entry[5:].split(" | ")
        return "deal " + " | ".join(p if i == seat else "?" for i, p in enumerate(parts))

    # ----------------------------------------------------------------- views

    def _view(self, seat: Seat | None) -> Texas42View:
        core = self.core
        contract = core.contract
        trick = core.trick
        tricks = [_trick_json(tr) for tr in core.tricks]
        return {
            "phase": PHASE_NAMES[core.phase],
            "options": dict(self.options),
            "sides": [[0, 2], [1, 3]],
            "team_of": list(TEAM_OF),
            "scoring": self.options["scoring"],
            "target": core.rules.target,
            "scores": list(core.scores),
            "dealer": core.dealer if core.dealer >= 0 else None,
            "first_dealer_draws": [
                [{"seat": s, "tile": TILE_TEXT[t]} for s, t in d] for d in core.draws
            ],
            "hand": _tiles_desc(core.hands[seat]) if seat is not None else [],
            "hand_sizes": [h.bit_count() for h in core.hands],
            "bids": [{"seat": s, "bid": ACTION_TEXT[a]} for s, a in core.bids],
            "high_bid": ACTION_TEXT[core.high_action] if core.high_action >= 0 else None,
            "bidder": core.bidder if core.bidder >= 0 else None,
            "declarer": core.declarer if core.declarer >= 0 else None,
            "contract": CONTRACT_NAMES[contract] if contract >= 0 else None,
            "trump": trump_name(contract) if contract >= 0 else None,
            "sitting_out": core.sitting_out if core.sitting_out >= 0 else None,
            "leader": core.leader if core.leader >= 0 else None,
            "trick": [{"seat": s, "tile": TILE_TEXT[t]} for s, t in trick],
            "led_suit": SUIT_NAMES[LED_SUIT[contract][trick[0][1]]] if trick else None,
            "tricks": tricks,
            "last_trick": tricks[-1] if tricks else None,
            "points": list(core.points),
            "hands_played": self._hands_json(),
            "winner": core.winner if core.winner >= 0 else None,
        }

    def _result(self) -> Texas42Result:
        core = self.core
        return {
            "game": self.name,
            "over": core.phase == OVER,
            "sides": [[0, 2], [1, 3]],
            "scores": list(core.scores),
            "winner": core.winner if core.winner >= 0 else None,
            "scoring": self.options["scoring"],
            "target": core.rules.target,
            "hands": self._hands_json(),
        }

    # ------------------------------------------------------- hidden information

    def known_voids(self) -> list[int]:
        """For each seat, the tiles it is known not to hold (from this hand's play)."""
        return self.core.known_voids()

    def sample_hidden(self, seat: Seat, rng: random.Random) -> Texas42:
        """A copy whose other hands are redealt uniformly among those consistent with
        what ``seat`` has seen (see :meth:`State.sample_hidden`). The copy's
        generator is reseeded from ``rng``, so later deals reveal nothing either."""
        new = self.copy()
        assert isinstance(new, Texas42)
        new.seed = rng.getrandbits(63)
        new.core = self.core.sample_hidden(seat, rng)
        new.core.sink = new._emitted
        return new

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """The four hands as tile masks (all seats: for solvers and tests, not for bots)."""
        return tuple(self.core.hands)


REFUSALS = {
    "no_such_action": "there is no action {action}",
    "bidding_now": "it is the bidding; allowed now: {listing}",
    "dealer_must_bid": "after three passes the dealer must bid (option all_pass is forced)",
    "option_off": "{option} is not played at this table (option {name} is off)",
    "too_few_doubles": "a {bid} needs {number} doubles in hand, and this hand has {doubles}",
    "special_bid_level": "the {bid} bid now is: {listing}",
    "bid_too_low": "a bid must exceed the high bid, {high_bid} by {who}",
    "marks_ladder": "a bid of {marks} marks may only follow a bid of {after} marks",
    "not_allowed_now": "allowed now: {listing}",
    "name_trump_first": "the bid winner must name trump first; allowed now: {listing}",
    "needs_mark_bid": "{contract} needs a bid of at least 1 mark, made as a plain bid",
    "tricks_now": "the tricks are being played; allowed now: {listing}",
    "not_in_hand": "{tile} is not in that hand",
    "sevens_nearest": "in sevens a player must play a tile nearest to 7 pips: {tiles}",
    "must_follow": "the lead was {suit_name}s and this hand must follow suit with {tiles}",
    "no_decision": "no decision is due",
    "draw_due": "the draw for first dealer is due: draw T0 T1 T2 T3",
    "draw_count": "{count} different tiles must be drawn, one for each of seats {seat_list}",
    "deal_due": "a deal is due: deal H0 | H1 | H2 | H3",
    "deal_four_hands": "a deal lists four hands separated by |",
    "deal_seven_each": "each hand has seven tiles",
    "deal_every_tile_once": "the 28 tiles must each be dealt once",
    "not_a_tile": "{word!r} is not a tile: write two numbers from 0 to 6, like 6-4",
    "no_chance_due": "no chance event is due",
}
"""The English text of every refusal code (its parameters in braces)."""


def _is_tile(word: str) -> bool:
    try:
        tile_index(word)
    except ValueError:
        return False
    return True


def _listing(texts: list[str]) -> str:
    """Moves in a refusal: all of them, or the first three and the last two."""
    if len(texts) > 6:
        texts = [*texts[:3], "…", *texts[-2:]]
    return ", ".join(texts)


def _deal_text(masks: list[int]) -> str:
    return "deal " + " | ".join([hand_text(m) for m in masks])


def _tiles_desc(mask: int) -> list[str]:
    return [TILE_TEXT[t] for t in sorted(indices_of(mask), reverse=True)]


@functools.lru_cache(maxsize=1 << 14)
def _trick_json(tr: Trick) -> TrickJson:
    """A finished trick's JSON, built once per trick (records are values; the JSON
    is shared, never changed)."""
    return _build_trick_json(tr)


def _build_trick_json(tr: Trick) -> TrickJson:
    return {
        "leader": tr.leader,
        "plays": [{"seat": s, "tile": TILE_TEXT[t]} for s, t in tr.plays],
        "winner": tr.winner,
        "points": tr.points,
    }


HandJson = PassedOutHand | PlayedHand


def _build_hand_json(h: HandRecord) -> PassedOutHand | PlayedHand:
    bids: list[Bid] = [{"seat": s, "bid": ACTION_TEXT[a]} for s, a in h.bids]
    if h.all_passed:  # the numbers of its hand_over event, its bids after its dealer
        numbers = hand_event(h)
        head = {"hand": numbers.pop("hand"), "dealer": numbers.pop("dealer"), "bids": bids}
        return cast("PassedOutHand", head | numbers)
    value = bid_value(h.high_action)
    return {
        "hand": h.number,
        "dealer": h.dealer,
        "bids": bids,
        "all_passed": False,
        "bidder": h.bidder,
        "bid": ACTION_TEXT[h.high_action],
        "bid_value": value,
        "marks_at_stake": bid_marks(value),
        "declarer": h.declarer,
        "contract": CONTRACT_NAMES[h.contract],
        "trump": trump_name(h.contract),
        "points": list(h.points),
        "tricks_played": len(h.tricks),
        "tricks": [_trick_json(tr) for tr in h.tricks],
        "made": h.made,
        "reason": cast("Reason", h.reason),
        "gained": list(h.gained),
        "scores_after": list(h.scores_after),
    }
