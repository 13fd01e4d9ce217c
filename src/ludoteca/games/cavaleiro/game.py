"""Cavaleiro: a race to remove a figure of matchsticks with rolls of four dice.

Two to eight players (option ``players``) each lay out the same figure
(option ``layout``, see :mod:`.layout`). The order of the first round comes
from a roll-off on dice totals; then every round each player rolls four dice
in the current order, the best roll wins the round and only its player
removes sticks, as much as the roll allows. The next round is played in this
round's ranking. The first player to remove their last stick wins.

Notation
--------
Chance events (every one is a roll, rolled by the player whose roll is due,
the dice in the order rolled):

- ``roll a b c d`` — four dice from 1 to 6, for the first-round roll-off and
  for every round's rolls.

Decisions (only the round's winner decides):

- ``remove horizontals`` — all the remaining horizontals (four of a kind);
- ``remove horizontal`` — one horizontal (three of a kind);
- ``remove block B`` — every vertical left in block B (four of a kind);
- ``remove K from column C`` — exactly K verticals of column C, K at most what
  the column holds (three of a kind: K is everything it holds; two pairs with
  a higher pair of 6 or 5: K up to 3; two pairs with a higher pair of 4, 3 or
  2, or a pair of 6 or 5: K up to 2; any other pair or nothing: K is 1);
- ``pass`` — the only move when the roll allows removing nothing that is left.

>>> from ludoteca import new_game
>>> g = new_game("cavaleiro", chance="manual")
>>> g.play("roll 1 2 3 4")   # seat 0 rolls 10 for the order
>>> g.play("roll 6 6 1 2")   # seat 1 rolls 15: seat 1 plays first
>>> g.view()["order"]
[1, 0]
>>> g.play("roll 5 3 2 1")   # round 1: seat 1 rolls nothing
>>> g.play("roll 6 5 2 1")   # seat 0 rolls a better nothing and wins the round
>>> g.to_move, g.legal_moves()[:3]
(0, ['remove 1 from column 1', 'remove 1 from column 2', 'remove 1 from column 3'])
>>> g.play("remove 1 from column 5")
>>> g.view()["order"], g.view()["figures"][0]["columns"]
([0, 1], [3, 3, 3, 3, 2, 3, 3, 3, 3])
>>> [e.code for e in g.events[-1]], g.events[-1][0]["count"]
(['sticks_removed'], 1)

The rules themselves are in :mod:`.core`, which emits an event for every roll, round
won, removal and the end (``docs/games/cavaleiro.md``); this game keeps the history,
notation, views and records around them, and refuses moves with a code and its numbers
(:meth:`Cavaleiro._refusal`, rendered in English by :func:`refusal_text`).
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, ClassVar

from ludoteca.errors import IllegalMove
from ludoteca.game import CHANCE, ChanceEvent, DiceRoll, Game, Seat
from ludoteca.gametype import TypeInfo
from ludoteca.move import Move
from ludoteca.notation import Notation
from ludoteca.options import OptionSpec

from .core import (
    BLOCK,
    HORIZONTAL,
    HORIZONTALS,
    NOTHING,
    ORDER,
    OVER,
    PHASE_NAMES,
    REMOVE,
    ROLL,
    WHAT_NAMES,
    Rules,
    State,
    intact_blocks,
)
from .layout import DEFAULT_LAYOUT, Layout, parse_layout
from .notation import CavaleiroNotation
from .rolls import (
    CATEGORIES,
    COLUMN_LIMIT,
    FOUR_OF_A_KIND,
    R_BLOCK_OR_HORIZONTALS,
    R_COLUMN_OR_HORIZONTAL,
    REMOVAL_CODES,
    ROLL_COUNT,
    ROLL_INDEX,
    ROLL_RANKED,
    ROLL_REMOVAL,
    ROLL_TEXT,
    ROLL_TOTAL,
    ROLLS,
    THREE_OF_A_KIND,
    rank_roll,
    removal_text,
)
from .viewtypes import CavaleiroResult, CavaleiroView, Figure, LastRound, Roll, Stick

__all__ = ["Cavaleiro", "refusal_text"]


@dataclass(frozen=True)
class _Tables:
    """A layout's rules (:class:`~.core.Rules`) with its notation and drawing."""

    rules: Rules
    notation: CavaleiroNotation
    sticks: tuple[Stick, ...]
    column_first_stick: tuple[int, ...]

    @property
    def layout(self) -> Layout:
        return self.rules.layout


_CACHED_LAYOUTS = 8
"""How many layouts' tables are kept (the least recently used go first): a server
creating games on many figures must not grow without bound."""
_TABLES: OrderedDict[str, _Tables] = OrderedDict()
_TABLES_BY_TEXT: OrderedDict[str, _Tables] = OrderedDict()
"""Tables by the layout as the option was written (saves parsing it again)."""


def _cached(cache: OrderedDict[str, _Tables], key: str) -> _Tables | None:
    found = cache.get(key)
    if found is not None:
        cache.move_to_end(key)
    return found


def _keep(cache: OrderedDict[str, _Tables], key: str, tables: _Tables) -> None:
    cache[key] = tables
    if len(cache) > _CACHED_LAYOUTS:
        cache.popitem(last=False)


def _tables_of_option(options: dict[str, Any]) -> _Tables:
    """The tables of the ``layout`` option, which becomes the layout's canonical text."""
    written = options["layout"]
    tables = _cached(_TABLES_BY_TEXT, written) if isinstance(written, str) else None
    if tables is None:
        tables = _tables_for(parse_layout(written))
        if isinstance(written, str):
            _keep(_TABLES_BY_TEXT, written, tables)
    options["layout"] = tables.layout.text
    return tables


def _tables_for(layout: Layout) -> _Tables:
    cached = _cached(_TABLES, layout.text)
    if cached is not None:
        return cached
    rules = Rules(layout)
    sticks = layout.sticks()
    first: list[int] = []
    for c in range(rules.n_columns):
        first.append(next(s["id"] for s in sticks if s["column"] == c + 1))
    tables = _Tables(
        rules=rules,
        notation=CavaleiroNotation(rules),
        sticks=tuple(sticks),
        column_first_stick=tuple(first),
    )
    _keep(_TABLES, layout.text, tables)
    return tables


def _roll_json(seat: int, roll: int) -> Roll:
    ranked = ROLL_RANKED[roll]
    return {
        "seat": seat,
        "dice": list(ranked.dice),
        "category": ranked.category,
        "key": list(ranked.key),
    }


_REFUSALS = {
    "pass_not_allowed": "a winner may pass only when nothing can be removed",
    "no_horizontal_left": "no horizontal is left in this figure",
    "all_horizontals_not_one": "four of a kind removes all the remaining horizontals, not one",
    "removal_needs": "removing {removal} needs {needs}",
    "block_empty": "block {block} has no stick left",
    "block_not_intact": "block {block} is no longer intact, and four of a kind takes a partial "
    "block only when no block is intact",
    "no_column_with_four_of_a_kind": "four of a kind removes horizontals or a block, "
    "not part of a column",
    "column_empty": "column {column} has no stick left",
    "column_holds_only": "column {column} holds only {held}",
    "whole_column": "three of a kind removes everything left in one column "
    "(remove {held} from column {column})",
    "too_many_from_column": "",
}
_REMOVAL_WORDS = {
    "horizontals": "all the horizontals",
    "horizontal": "one horizontal",
    "block": "a block",
}


def refusal_text(code: str, params: dict[str, Any]) -> str:
    """A decision's refusal (:meth:`Cavaleiro._refusal`) in English.

    >>> said = refusal_text("column_holds_only", {"column": 4, "held": 2, "dice": [6, 6, 1, 2],
    ...     "allows": {"code": "column_up_to", "max": 2}, "allowed": ["remove 1 from column 4"]})
    >>> print(said.replace("; ", ";\\n"))
    column 4 holds only 2;
    one pair (6s) allows 1 or 2 verticals of one column;
    allowed now: remove 1 from column 4
    """
    if code == "no_such_action":
        return f"there is no action {params['action']} (actions are 0 to {params['actions'] - 1})"
    if code == "no_decision_due":
        return "no decision is due"
    allowed = list(params["allowed"])
    if len(allowed) > 6:
        allowed = [*allowed[:3], "…", *allowed[-2:]]
    roll = rank_roll(params["dice"])
    said = f"{roll.name} allows {removal_text(params['allows'])}; allowed now: {', '.join(allowed)}"
    words = dict(params)
    if code == "removal_needs":
        words["removal"] = _REMOVAL_WORDS[params["removal"]]
        words["needs"] = CATEGORIES[params["needs"]]
    why = _REFUSALS[code].format(**words)
    return f"{why}; {said}" if why else said


class _LayoutOption(OptionSpec):
    """The option ``layout``: any value is passed on to :func:`parse_layout`."""

    def allowed(self) -> str:
        return "a figure written like '3x3x3+3' or '333/333/333+3', or {blocks, horizontals}"


class Cavaleiro(Game):
    """Cavaleiro for 2 to 8 players on any figure (see the module's notation).

    The rules are those of its :attr:`core` (:class:`~.core.State`); the game keeps the
    history, the notation, the views and the records around it.
    """

    name: ClassVar[str] = "cavaleiro"
    title: ClassVar[str] = "Cavaleiro"
    option_specs: ClassVar[dict[str, OptionSpec]] = {
        "players": OptionSpec("players", 2, "number of players", minimum=2, maximum=8, kind=int),
        "layout": _LayoutOption(
            "layout",
            DEFAULT_LAYOUT,
            "the figure every player lays out: B blocks x C columns x H verticals "
            "+ K horizontals, or column heights per block",
        ),
    }

    tensor_encoder: ClassVar[str] = "ludoteca.games.cavaleiro.tensor:CavaleiroTensors"
    chance_phase: ClassVar[int] = ROLL
    decision_phases: ClassVar[frozenset[int]] = frozenset((REMOVE,))
    over_phase: ClassVar[int] = OVER

    tables: _Tables
    core: State
    """The game's state: every rule of play, events included (see :mod:`.core`)."""

    def _validate_options(self) -> None:
        self.tables = _tables_of_option(self.options)
        self.__dict__["_notation"] = self.tables.notation

    @classmethod
    def _type_info(cls, options: dict[str, Any]) -> TypeInfo:
        tables = _tables_of_option(options)
        n: int = options["players"]
        return TypeInfo(
            num_seats=n,
            sides=tuple((s,) for s in range(n)),
            num_actions=tables.rules.num_actions,
            score_unit="sticks",
            target=tables.rules.total,
            hidden_hands=False,
        )

    @property
    def layout(self) -> Layout:
        """The figure every player lays out."""
        return self.tables.layout

    def _setup(self) -> None:
        self.core = State(self.tables.rules, self.options["players"])

    # ------------------------------------------------------------ who and what

    def _refusal(self, action: int) -> tuple[str, dict[str, Any]]:
        """Why ``action`` is not allowed now: a code (see the module) and its numbers,
        with what the round winner's roll allows (``seat``, ``dice``, ``category``,
        ``key``, ``allows`` as a code, ``allowed``: the moves allowed now)."""
        rules = self.tables.rules
        core = self.core
        if not (isinstance(action, int) and 0 <= action < rules.num_actions):
            return "no_such_action", {"action": action, "actions": rules.num_actions}
        if core.phase != REMOVE:
            return "no_decision_due", {}
        seat = core.round_winner
        roll = core.winning_roll()
        kind = ROLL_REMOVAL[roll]
        what, index, count = rules.removals[action]
        params: dict[str, Any] = {}
        if what == NOTHING:
            code = "pass_not_allowed"
        elif what in (HORIZONTALS, HORIZONTAL):
            if not core.horiz[seat]:
                code = "no_horizontal_left"
            elif what == HORIZONTAL and kind == R_BLOCK_OR_HORIZONTALS:
                code = "all_horizontals_not_one"
            else:
                code = "removal_needs"
                params = {
                    "removal": WHAT_NAMES[what],
                    "needs": FOUR_OF_A_KIND if what == HORIZONTALS else THREE_OF_A_KIND,
                }
        elif what == BLOCK:
            if kind != R_BLOCK_OR_HORIZONTALS:
                code = "removal_needs"
                params = {"removal": "block", "needs": FOUR_OF_A_KIND}
            elif not core.blocks_left[seat * rules.n_blocks + index]:
                code, params = "block_empty", {"block": index + 1}
            else:
                code, params = "block_not_intact", {"block": index + 1}
        else:
            held = core.cols[seat * rules.n_columns + index]
            column = index + 1
            if kind == R_BLOCK_OR_HORIZONTALS:
                code = "no_column_with_four_of_a_kind"
            elif not held:
                code, params = "column_empty", {"column": column}
            elif count > held:
                code, params = "column_holds_only", {"column": column, "held": held}
            elif kind == R_COLUMN_OR_HORIZONTAL:
                code, params = "whole_column", {"column": column, "held": held}
            else:
                code = "too_many_from_column"
                params = {"column": column, "count": count, "max": COLUMN_LIMIT[kind]}
        return code, {
            **params,
            "seat": seat,
            "dice": list(ROLLS[roll]),
            "category": ROLL_RANKED[roll].rank,
            "key": list(ROLL_RANKED[roll].key),
            "allows": dict(REMOVAL_CODES[kind]),
            "allowed": [self.tables.notation.texts[a] for a in core.allowed],
        }

    def _why_illegal(self, action: int) -> str:
        code, params = self._refusal(action)
        return refusal_text(code, params)

    def _undo(self, entry: int | str) -> bool:
        self.core.undo()
        return True

    # ---------------------------------------------------------------- chance

    def _advance(self) -> None:
        if self._chance_mode == "auto" and self.core.phase == ROLL and not self.core.rolls:
            self._roll_round()
        else:
            super()._advance()

    def _roll_round(self) -> None:
        """Draw and apply every roll of the round to come at once (chance auto): the
        core emits each roll's events in turn, filed each under its roll."""
        core = self.core
        history = self._history
        start = len(history)
        rolls = [n % ROLL_COUNT for n in self._chance.numbers(start, len(core.order))]
        core.roll_round(rolls)
        history += [ROLL_TEXT[roll] for roll in rolls]
        self._actors += [CHANCE] * len(rolls)
        events = self._events
        for i, made in enumerate(self._emitted, start):
            events = (i, (made,), events)
        self._events = events
        self._emitted.clear()

    def _apply_chance(self, text: str) -> str:
        roll = ROLL_INDEX.get(text)
        if roll is None:
            roll = self._parse_roll(text)
        if self.core.phase not in (ROLL, ORDER):
            raise self._chance_error(text, "no_roll_due")
        self.core.roll(roll)
        return ROLL_TEXT[roll]

    def _auto_chance(self, number: int) -> str:
        """Draw the roll due and apply it without writing and re-reading its text."""
        roll = number % ROLL_COUNT
        self.core.roll(roll)
        return ROLL_TEXT[roll]

    @property
    def to_roll(self) -> int | None:
        """The seat whose roll is the chance event due now (``None``: no roll is due).

        >>> import ludoteca
        >>> game = ludoteca.new_game("cavaleiro", chance="manual")
        >>> game.to_roll, game.to_move
        (0, 'chance')
        """
        return self._roller()

    def _roller(self) -> int | None:
        """The seat whose roll is due, if one is."""
        seat = self.core.roller()
        return None if seat < 0 else seat

    def _parse_roll(self, text: str) -> int:
        words = text.lower().split()
        if not words or words[0] != "roll":
            raise self._chance_error(text, "not_a_roll")
        roll = ROLL_INDEX.get("roll " + " ".join(words[1:]))
        if roll is None:
            raise self._chance_error(text, "bad_dice")
        return roll

    def _chance_error(self, text: str, code: str) -> IllegalMove:
        """A refused chance event: ``no_roll_due``, ``not_a_roll`` or ``bad_dice``, with
        the roll due (``seat``, ``round``: 0 for the roll-off) when one is."""
        seat = self._roller()
        params: dict[str, Any] = {}
        if seat is not None and code != "no_roll_due":
            params = {"seat": seat, "round": self.core.round}
        if code == "no_roll_due" or not params:
            reason = "no roll is due"
        else:
            what = "for the order of play" if not params["round"] else f"in round {params['round']}"
            reason = f"the roll of {self._who(params['seat'])} {what} is due: roll a b c d"
        if code == "bad_dice":
            reason = f"a roll is four dice from 1 to 6, like 'roll 6 5 2 1'; {reason}"
        return self._chance_refusal(text, reason, code, params)

    def _sample_chance(self, number: int) -> str:
        return ROLL_TEXT[number % ROLL_COUNT]

    def _chance_event(self) -> ChanceEvent:
        """Every chance event is a roll of four dice."""
        return DiceRoll("roll ", 4)

    def sample_hidden(self, seat: Seat, rng: random.Random) -> Cavaleiro:
        """A plain copy: Cavaleiro hides nothing, every figure and roll is public.

        Future dice are not part of the state (they come only from chance
        events), so the copy's own generator is reseeded from ``rng``: in auto
        mode its rolls are independent of the ones this game will draw.
        """
        if not (isinstance(seat, int) and 0 <= seat < self.num_seats):
            raise ValueError(f"{seat!r} is not a seat of this game")
        twin = self.copy()
        assert isinstance(twin, Cavaleiro)
        twin.seed = rng.getrandbits(63)
        return twin

    # ------------------------------------------------------------- notation

    @classmethod
    def _notation_for(cls, options: dict[str, Any]) -> Notation:
        return _tables_of_option(options).notation

    def _parse(self, move: str | Move) -> int:
        try:
            return self.tables.notation.action_of(move)
        except ValueError:
            if str(move).lower().split()[:1] != ["roll"]:
                raise
        if self.core.phase == REMOVE:
            raise ValueError(
                f"no roll is due: {self._who(self.core.round_winner)} won round "
                f"{self.core.round} and must say what to remove"
            )
        raise ValueError("no roll is due now")

    def _chance_value(self, text: str) -> Move:
        """A roll as a value (numbers: the four dice as rolled)."""
        roll = ROLL_INDEX.get(text)
        if roll is not None:
            return Move("roll", numbers=ROLLS[roll], text=text)
        return Move.from_text(text)

    def _redact(self, entry: str, seat: Seat | None) -> str:
        return entry

    # ----------------------------------------------------------------- views

    def figure(self, seat: int) -> Figure:
        """``seat``'s figure: what is left of it, column by column and stick by stick."""
        t = self.tables
        rules = t.rules
        cols, blocks, horizontals = self.core.figure(seat)
        present = [False] * len(t.sticks)
        for c, k in enumerate(cols):
            first = t.column_first_stick[c]
            for i in range(first, first + k):
                present[i] = True
        h0 = rules.layout.verticals
        for i in range(horizontals):
            present[h0 + i] = True
        return {
            "seat": seat,
            "name": self.names[seat],
            "sticks_left": self.core.left[seat],
            "horizontals": horizontals,
            "columns": cols,
            "blocks": blocks,
            "intact_blocks": [
                b + 1 for b, whole in enumerate(intact_blocks(rules, blocks)) if whole
            ],
            "present": present,
        }

    def _view(self, seat: Seat | None) -> CavaleiroView:
        t = self.tables
        core = self.core
        stages = list(core.order_rolls)
        if core.phase == ORDER and core.group_rolls:
            stages.append(core.group_rolls)
        allows_code = None
        if core.phase == REMOVE:
            allows_code = REMOVAL_CODES[ROLL_REMOVAL[core.winning_roll()]].copy()
        last: LastRound | None = None
        if core.last_round is not None:
            number, rolls, won, action = core.last_round
            last = {
                "round": number,
                "rolls": [_roll_json(s, r) for s, r in rolls],
                "winner": won,
                "removal": t.notation.texts[action],
            }
        return {
            "phase": PHASE_NAMES[core.phase],
            "options": dict(self.options),
            "players": self.num_seats,
            "sides": [[s] for s in range(self.num_seats)],
            "layout": t.layout.as_json(),
            "sticks": [s.copy() for s in t.sticks],
            "figures": [self.figure(s) for s in range(self.num_seats)],
            "order_rolloff": [
                [{"seat": s, "dice": list(ROLLS[r]), "total": ROLL_TOTAL[r]} for s, r in stage]
                for stage in stages
            ],
            "order_groups": [list(slot) for slot in core.slots],
            "order": list(core.order),
            "round": core.round,
            "to_roll": self._roller(),
            "rolls": [_roll_json(s, r) for s, r in core.rolls],
            "round_winner": core.round_winner if core.round_winner >= 0 else None,
            "ranking": list(core.ranking) if core.ranking else None,
            "allowed_removal_code": allows_code,
            "last_round": last,
            "rounds_won": list(core.rounds_won),
            "winner": core.winner,
        }

    def _result(self) -> CavaleiroResult:
        core = self.core
        total = self.tables.rules.total
        over = core.phase == OVER
        return {
            "game": self.name,
            "over": over,
            "sides": [[s] for s in range(self.num_seats)],
            "scores": [total - x for x in core.left],
            "winner": core.winner,
            "sticks_left": list(core.left),
            "rounds": core.round if over else core.round - 1 if core.round else 0,
            "rounds_won": list(core.rounds_won),
            "layout": self.tables.layout.text,
        }

    # --------------------------------------------------------- fast access

    @property
    def sticks_left(self) -> tuple[int, ...]:
        """Sticks left in each seat's figure."""
        return tuple(self.core.left)

    def playout(self, rng: random.Random) -> int:
        """Play on to the end, on a copy, with dice and uniformly random removals drawn
        from ``rng``; return the winning seat. The game itself is left unchanged.

        For Monte Carlo search: no history, no checks (:meth:`.core.State.playout`). It
        draws exactly as a caller of the public API would, each roll with
        :meth:`sample_chance` and each decision with ``rng.choice(legal_moves())``.
        """
        return self.core.playout(rng)
