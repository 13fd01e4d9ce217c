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
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.errors import IllegalMove
from ludoteca.game import CHANCE, Game, Seat, ToMove
from ludoteca.gametype import GameType, TypeInfo
from ludoteca.options import OptionSpec

from .layout import DEFAULT_LAYOUT, Layout, parse_layout
from .rolls import (
    COLUMN_LIMIT,
    R_BLOCK_OR_HORIZONTALS,
    R_COLUMN_OR_HORIZONTAL,
    REMOVAL_TEXT,
    ROLL_COUNT,
    ROLL_INDEX,
    ROLL_RANKED,
    ROLL_REMOVAL,
    ROLL_STRENGTH,
    ROLL_TEXT,
    ROLL_TOTAL,
    ROLLS,
)

if TYPE_CHECKING:
    from ludoteca.tensor import TensorEncoder


__all__ = ["Cavaleiro"]

# Phases.
ORDER, ROLL, REMOVE, OVER = range(4)
PHASE_NAMES = ("order", "roll", "remove", "over")

# Action numbers (the block and column actions follow, sized by the layout).
A_PASS = 0
A_HORIZONTALS = 1
A_HORIZONTAL = 2
A_BLOCK = 3


@dataclass(frozen=True)
class _Tables:
    """Everything about a layout that the engine looks up on its hot path."""

    layout: Layout
    n_blocks: int
    n_columns: int
    max_height: int
    columns: tuple[int, ...]
    column_block: tuple[int, ...]
    block_columns: tuple[tuple[int, ...], ...]
    block_sizes: tuple[int, ...]
    a_column: int
    num_actions: int
    action_text: tuple[str, ...]
    parse: dict[str, int]
    sticks: tuple[dict[str, Any], ...]
    total: int
    """Sticks in the whole figure."""
    column_first_stick: tuple[int, ...]
    move_forms: str
    column_choices: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    """``column_choices[kind][column][held]``: the column actions a removal kind allows."""

    def column_action(self, column: int, k: int) -> int:
        """``remove k from column column+1`` (``column`` 0-based)."""
        return self.a_column + column * self.max_height + k - 1


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
    columns = layout.columns
    n_blocks = len(layout.blocks)
    n_columns = len(columns)
    max_height = max(columns)
    column_block = layout.column_block
    a_column = A_BLOCK + n_blocks
    texts = ["pass", "remove horizontals", "remove horizontal"]
    texts += [f"remove block {b + 1}" for b in range(n_blocks)]
    for c in range(n_columns):
        texts += [f"remove {k} from column {c + 1}" for k in range(1, max_height + 1)]
    parse = {t: a for a, t in enumerate(texts)}
    parse["remove all horizontals"] = A_HORIZONTALS
    parse["remove one horizontal"] = A_HORIZONTAL
    parse["remove 1 horizontal"] = A_HORIZONTAL
    sticks = layout.sticks()
    first: list[int] = []
    for c in range(n_columns):
        first.append(next(s["id"] for s in sticks if s["column"] == c + 1))
    forms = (
        f"pass, remove horizontals, remove horizontal, remove block B (B = 1 to {n_blocks}), "
        f"remove K from column C (C = 1 to {n_columns}, K = 1 to {max_height})"
    )
    choices = []
    for kind in range(len(COLUMN_LIMIT)):
        per_column = []
        for c in range(n_columns):
            lowest = a_column + c * max_height
            per_held: list[tuple[int, ...]] = [()]
            for held in range(1, max_height + 1):
                if kind == R_BLOCK_OR_HORIZONTALS:
                    per_held.append(())
                elif kind == R_COLUMN_OR_HORIZONTAL:
                    per_held.append((lowest + held - 1,))
                else:
                    per_held.append(tuple(range(lowest, lowest + min(held, COLUMN_LIMIT[kind]))))
            per_column.append(tuple(per_held))
        choices.append(tuple(per_column))
    tables = _Tables(
        layout=layout,
        n_blocks=n_blocks,
        n_columns=n_columns,
        max_height=max_height,
        columns=columns,
        column_block=column_block,
        block_columns=tuple(
            tuple(c for c in range(n_columns) if column_block[c] == b) for b in range(n_blocks)
        ),
        block_sizes=layout.block_sizes,
        a_column=a_column,
        num_actions=a_column + n_columns * max_height,
        action_text=tuple(texts),
        parse=parse,
        sticks=tuple(sticks),
        total=layout.total,
        column_first_stick=tuple(first),
        move_forms=forms,
        column_choices=tuple(choices),
    )
    _keep(_TABLES, layout.text, tables)
    return tables


def _draw_roll(rng: random.Random) -> int:
    """A roll index 0..1295, uniform: four fair dice in the order rolled."""
    bits = rng.getrandbits
    while True:
        roll = bits(11)
        if roll < ROLL_COUNT:
            return roll


def _roll_json(seat: int, roll: int) -> dict[str, Any]:
    ranked = ROLL_RANKED[roll]
    return {
        "seat": seat,
        "dice": list(ranked.dice),
        "category": ranked.category,
        "name": ranked.name,
        "key": list(ranked.key),
        "allows": ranked.removal,
    }


class _LayoutOption(OptionSpec):
    """The option ``layout``: any value is passed on to :func:`parse_layout`."""

    def allowed(self) -> str:
        return "a figure written like '3x3x3+3' or '333/333/333+3', or {blocks, horizontals}"


class Cavaleiro(Game):
    """Cavaleiro for 2 to 8 players on any figure (see the module's notation)."""

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

    # engine state
    tables: _Tables
    phase: int
    order: list[int]
    slots: list[list[int]]
    group_at: int
    group_rolls: list[tuple[int, int]]
    order_rolls: list[tuple[tuple[int, int], ...]]
    round: int
    rolls: list[tuple[int, int]]
    ranking: list[int]
    round_winner: int
    cols: list[int]
    blocks_left: list[int]
    horiz: list[int]
    left: list[int]
    rounds_won: list[int]
    last_round: tuple[int, tuple[tuple[int, int], ...], int, int] | None
    legal: list[int]
    winner: int | None

    def _validate_options(self) -> None:
        self.tables = _tables_of_option(self.options)

    @classmethod
    def _type_info(cls, options: dict[str, Any]) -> TypeInfo:
        tables = _tables_of_option(options)
        n: int = options["players"]
        return TypeInfo(
            num_seats=n,
            sides=tuple((s,) for s in range(n)),
            num_actions=tables.num_actions,
            score_unit="sticks",
            target=tables.layout.total,
            hidden_hands=False,
        )

    @classmethod
    def _tensor_encoder_for_type(cls, game_type: GameType) -> TensorEncoder[Any]:
        from ludoteca.tensor import encoder_for

        from .tensor import CavaleiroTensors

        return encoder_for(game_type, CavaleiroTensors)

    def _seat_count(self) -> int:
        players: int = self.options["players"]
        return players

    @property
    def num_actions(self) -> int:
        return self.tables.num_actions

    @property
    def layout(self) -> Layout:
        """The figure every player lays out."""
        return self.tables.layout

    def _setup(self) -> None:
        n = self.options["players"]
        t = self.tables
        self.phase = ORDER
        self.order = []
        self.slots = [list(range(n))]
        self.group_at = 0
        self.group_rolls = []
        self.order_rolls = []
        self.round = 0
        self.rolls = []
        self.ranking = []
        self.round_winner = -1
        self.cols = list(t.columns) * n
        self.blocks_left = list(t.block_sizes) * n
        self.horiz = [t.layout.horizontals] * n
        self.left = [t.layout.total] * n
        self.rounds_won = [0] * n
        self.last_round = None
        self.legal = []
        self.winner = None

    def _copy_into(self, other: Any) -> None:
        d = self.__dict__
        od = other.__dict__
        for k in ("tables", "phase", "group_at", "round", "round_winner", "last_round", "winner"):
            od[k] = d[k]
        od["order"] = list(self.order)
        od["slots"] = [list(s) for s in self.slots]
        od["group_rolls"] = list(self.group_rolls)
        od["order_rolls"] = list(self.order_rolls)
        od["rolls"] = list(self.rolls)
        od["ranking"] = list(self.ranking)
        od["cols"] = list(self.cols)
        od["blocks_left"] = list(self.blocks_left)
        od["horiz"] = list(self.horiz)
        od["left"] = list(self.left)
        od["rounds_won"] = list(self.rounds_won)
        od["legal"] = list(self.legal)

    # ------------------------------------------------------------ who and what

    def _current(self) -> ToMove:
        phase = self.phase
        if phase == REMOVE:
            return self.round_winner
        if phase == OVER:
            return None
        return CHANCE

    def _legal_actions(self) -> list[int]:
        if self.phase == REMOVE:
            return list(self.legal)
        return []

    def _removal_kind(self) -> int:
        """What the round winner's roll allows (an ``R_*`` of :mod:`.rolls`)."""
        for seat, roll in self.rolls:
            if seat == self.round_winner:
                return ROLL_REMOVAL[roll]
        raise AssertionError("the round winner has no roll")

    def _compute_legal(self, seat: int, kind: int) -> list[int]:
        t = self.tables
        n_columns = t.n_columns
        cols = self.cols[seat * n_columns : (seat + 1) * n_columns]
        out: list[int] = []
        if kind == R_BLOCK_OR_HORIZONTALS:
            if self.horiz[seat]:
                out.append(A_HORIZONTALS)
            n_blocks = t.n_blocks
            blocks = self.blocks_left[seat * n_blocks : (seat + 1) * n_blocks]
            sizes = t.block_sizes
            intact = [b for b in range(n_blocks) if blocks[b] == sizes[b]]
            if not intact:
                intact = [b for b in range(n_blocks) if blocks[b]]
            out.extend(A_BLOCK + b for b in intact)
            return out or [A_PASS]
        if kind == R_COLUMN_OR_HORIZONTAL and self.horiz[seat]:
            out.append(A_HORIZONTAL)
        choices = t.column_choices[kind]
        for c in range(n_columns):
            out.extend(choices[c][cols[c]])
        return out or [A_PASS]

    def _why_illegal(self, action: int) -> str:
        t = self.tables
        if not 0 <= action < t.num_actions:
            return f"there is no action {action} (actions are 0 to {t.num_actions - 1})"
        if self.phase != REMOVE:
            return "no decision is due"
        seat = self.round_winner
        kind = self._removal_kind()
        ranked = next(ROLL_RANKED[r] for s, r in self.rolls if s == seat)
        allowed = f"{ranked.name} allows {ranked.removal}; allowed now: {self._list_legal()}"
        if action == A_PASS:
            return f"a winner may pass only when nothing can be removed; {allowed}"
        if action in (A_HORIZONTALS, A_HORIZONTAL):
            if not self.horiz[seat]:
                return f"no horizontal is left in this figure; {allowed}"
            if action == A_HORIZONTAL and kind == R_BLOCK_OR_HORIZONTALS:
                return f"four of a kind removes all the remaining horizontals, not one; {allowed}"
            need = "four of a kind" if action == A_HORIZONTALS else "three of a kind"
            what = "all the horizontals" if action == A_HORIZONTALS else "one horizontal"
            return f"removing {what} needs {need}; {allowed}"
        if action < t.a_column:
            b = action - A_BLOCK
            if kind != R_BLOCK_OR_HORIZONTALS:
                return f"removing a block needs four of a kind; {allowed}"
            if not self.blocks_left[seat * t.n_blocks + b]:
                return f"block {b + 1} has no stick left; {allowed}"
            return (
                f"block {b + 1} is no longer intact, and four of a kind takes a partial "
                f"block only when no block is intact; {allowed}"
            )
        c, k1 = divmod(action - t.a_column, t.max_height)
        k = k1 + 1
        held = self.cols[seat * t.n_columns + c]
        if kind == R_BLOCK_OR_HORIZONTALS:
            return f"four of a kind removes horizontals or a block, not part of a column; {allowed}"
        if not held:
            return f"column {c + 1} has no stick left; {allowed}"
        if k > held:
            return f"column {c + 1} holds only {held}; {allowed}"
        if kind == R_COLUMN_OR_HORIZONTAL:
            return (
                f"three of a kind removes everything left in one column "
                f"(remove {held} from column {c + 1}); {allowed}"
            )
        return allowed

    def _list_legal(self) -> str:
        texts = [self.tables.action_text[a] for a in self.legal]
        if len(texts) > 6:
            texts = [*texts[:3], "…", *texts[-2:]]
        return ", ".join(texts)

    # ------------------------------------------------------------- decisions

    def _apply(self, action: int) -> None:
        seat = self.round_winner
        self._remove(seat, action)
        self.rounds_won[seat] += 1
        self.last_round = (self.round, tuple(self.rolls), seat, action)
        self.legal = []
        if not self.left[seat]:
            self.winner = seat
            self.phase = OVER
            return
        self.order = self.ranking
        self.ranking = []
        self.rolls = []
        self.round_winner = -1
        self.round += 1
        self.phase = ROLL

    def _remove(self, seat: int, action: int) -> None:
        """Take the sticks ``action`` names from ``seat``'s figure."""
        t = self.tables
        if action == A_HORIZONTALS:
            self.left[seat] -= self.horiz[seat]
            self.horiz[seat] = 0
        elif action == A_HORIZONTAL:
            self.left[seat] -= 1
            self.horiz[seat] -= 1
        elif action >= t.a_column:
            c, k1 = divmod(action - t.a_column, t.max_height)
            self.cols[seat * t.n_columns + c] -= k1 + 1
            self.blocks_left[seat * t.n_blocks + t.column_block[c]] -= k1 + 1
            self.left[seat] -= k1 + 1
        elif action != A_PASS:
            b = action - A_BLOCK
            base = seat * t.n_columns
            for c in t.block_columns[b]:
                self.cols[base + c] = 0
            self.left[seat] -= self.blocks_left[seat * t.n_blocks + b]
            self.blocks_left[seat * t.n_blocks + b] = 0

    # ---------------------------------------------------------------- chance

    def _apply_chance(self, text: str) -> str:
        roll = ROLL_INDEX.get(text)
        if roll is None:
            roll = self._parse_roll(text)
        if self.phase == ROLL:
            self._round_roll(roll)
        elif self.phase == ORDER:
            self._order_roll(roll)
        else:
            raise self._chance_error(text, "no roll is due")
        return ROLL_TEXT[roll]

    def _auto_chance(self, rng: random.Random) -> str:
        """Draw the roll due and apply it without writing and re-reading its text."""
        roll = _draw_roll(rng)
        if self.phase == ROLL:
            self._round_roll(roll)
        else:
            self._order_roll(roll)
        return ROLL_TEXT[roll]

    def _round_roll(self, roll: int) -> None:
        rolls = self.rolls
        rolls.append((self.order[len(rolls)], roll))
        if len(rolls) < len(self.order):
            return
        ranked = sorted(rolls, key=lambda sr: -ROLL_STRENGTH[sr[1]])
        self.ranking = [s for s, _ in ranked]
        winner, best = ranked[0]
        self.round_winner = winner
        self.legal = self._compute_legal(winner, ROLL_REMOVAL[best])
        self.phase = REMOVE

    def _order_roll(self, roll: int) -> None:
        group = self.slots[self.group_at]
        self.group_rolls.append((group[len(self.group_rolls)], roll))
        if len(self.group_rolls) < len(group):
            return
        stage = tuple(self.group_rolls)
        self.order_rolls.append(stage)
        self.group_rolls = []
        totals = sorted({ROLL_TOTAL[r] for _, r in stage}, reverse=True)
        split = [[s for s, r in stage if ROLL_TOTAL[r] == total] for total in totals]
        self.slots[self.group_at : self.group_at + 1] = split
        for i, slot in enumerate(self.slots):
            if len(slot) > 1:
                self.group_at = i
                return
        self.order = [slot[0] for slot in self.slots]
        self.slots = []
        self.group_at = -1
        self.round = 1
        self.phase = ROLL

    def _roller(self) -> int | None:
        """The seat whose roll is due, if one is."""
        if self.phase == ROLL:
            return self.order[len(self.rolls)]
        if self.phase == ORDER:
            return self.slots[self.group_at][len(self.group_rolls)]
        return None

    def _parse_roll(self, text: str) -> int:
        words = text.lower().split()
        if not words or words[0] != "roll":
            raise self._chance_error(text, self._roll_due())
        key = "roll " + " ".join(words[1:])
        roll = ROLL_INDEX.get(key)
        if roll is None:
            raise self._chance_error(
                text, f"a roll is four dice from 1 to 6, like 'roll 6 5 2 1'; {self._roll_due()}"
            )
        return roll

    def _roll_due(self) -> str:
        seat = self._roller()
        if seat is None:
            return "no roll is due"
        what = "for the order of play" if self.phase == ORDER else f"in round {self.round}"
        return f"the roll of {self._who(seat)} {what} is due: roll a b c d"

    def _chance_error(self, text: str, reason: str) -> IllegalMove:
        return IllegalMove(
            f"chance event {text!r} is not allowed: {reason}", seat=CHANCE, move=text, reason=reason
        )

    def _sample_chance(self, rng: random.Random) -> str:
        return ROLL_TEXT[_draw_roll(rng)]

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

    def _parse(self, move: str) -> int:
        key = " ".join(move.lower().split())
        t = self.tables
        a = t.parse.get(key)
        if a is not None:
            return a
        words = key.split()
        if words[:1] == ["roll"]:
            if self.phase == REMOVE:
                raise ValueError(
                    f"no roll is due: {self._who(self.round_winner)} won round {self.round} "
                    "and must say what to remove"
                )
            raise ValueError("no roll is due now")
        if words[:2] == ["remove", "block"] and len(words) == 3:
            raise ValueError(f"the figure has blocks 1 to {t.n_blocks}, not {words[2]!r}")
        if len(words) == 5 and words[0] == "remove" and words[2:4] == ["from", "column"]:
            if not words[4].isdigit() or not 1 <= int(words[4]) <= t.n_columns:
                raise ValueError(f"the figure has columns 1 to {t.n_columns}, not {words[4]!r}")
            raise ValueError(
                f"a column holds 1 to {t.max_height} sticks: K is 1 to {t.max_height}, "
                f"not {words[1]!r}"
            )
        raise ValueError(f"Cavaleiro moves are: {t.move_forms}")

    def action_to_move(self, action: int) -> str:
        t = self.tables
        if 0 <= action < t.num_actions:
            return t.action_text[action]
        raise ValueError(f"{action} is not a Cavaleiro action number (0 to {t.num_actions - 1})")

    def _redact(self, entry: str, seat: Seat | None) -> str:
        return entry

    # ----------------------------------------------------------------- views

    def figure(self, seat: int) -> dict[str, Any]:
        """``seat``'s figure: what is left of it, column by column and stick by stick."""
        t = self.tables
        cols = self.cols[seat * t.n_columns : (seat + 1) * t.n_columns]
        blocks = self.blocks_left[seat * t.n_blocks : (seat + 1) * t.n_blocks]
        present = [False] * len(t.sticks)
        for c, k in enumerate(cols):
            first = t.column_first_stick[c]
            for i in range(first, first + k):
                present[i] = True
        h0 = t.layout.verticals
        for i in range(self.horiz[seat]):
            present[h0 + i] = True
        return {
            "seat": seat,
            "name": self.names[seat],
            "sticks_left": self.left[seat],
            "horizontals": self.horiz[seat],
            "columns": cols,
            "blocks": blocks,
            "intact_blocks": [b + 1 for b in range(t.n_blocks) if blocks[b] == t.block_sizes[b]],
            "present": present,
        }

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        t = self.tables
        roller = self._roller()
        if self.phase == ORDER:
            stages = list(self.order_rolls)
            if self.group_rolls:
                stages.append(tuple(self.group_rolls))
        else:
            stages = list(self.order_rolls)
        allows = None
        if self.phase == REMOVE:
            allows = REMOVAL_TEXT[self._removal_kind()]
        last = None
        if self.last_round is not None:
            number, rolls, won, action = self.last_round
            last = {
                "round": number,
                "rolls": [_roll_json(s, r) for s, r in rolls],
                "winner": won,
                "removal": t.action_text[action],
            }
        return {
            "phase": PHASE_NAMES[self.phase],
            "options": dict(self.options),
            "players": self.num_seats,
            "sides": [[s] for s in range(self.num_seats)],
            "layout": t.layout.as_json(),
            "sticks": [dict(s) for s in t.sticks],
            "figures": [self.figure(s) for s in range(self.num_seats)],
            "order_rolloff": [
                [{"seat": s, "dice": list(ROLLS[r]), "total": ROLL_TOTAL[r]} for s, r in stage]
                for stage in stages
            ],
            "order_groups": [list(slot) for slot in self.slots],
            "order": list(self.order),
            "round": self.round,
            "to_roll": roller,
            "rolls": [_roll_json(s, r) for s, r in self.rolls],
            "round_winner": self.round_winner if self.round_winner >= 0 else None,
            "ranking": list(self.ranking) if self.ranking else None,
            "allowed_removal": allows,
            "last_round": last,
            "rounds_won": list(self.rounds_won),
            "winner": self.winner,
        }

    def side_scores(self) -> list[int]:
        total = self.tables.total
        return [total - x for x in self.left]

    def winning_side(self) -> int | None:
        return self.winner

    @property
    def hands_scored(self) -> int:
        return sum(self.rounds_won)

    def result(self) -> dict[str, Any]:
        total = self.tables.layout.total
        return {
            "game": self.name,
            "over": self.phase == OVER,
            "sides": [[s] for s in range(self.num_seats)],
            "scores": [total - x for x in self.left],
            "winner": self.winner,
            "sticks_left": list(self.left),
            "rounds": self.round if self.phase == OVER else self.round - 1 if self.round else 0,
            "rounds_won": list(self.rounds_won),
            "layout": self.tables.layout.text,
        }

    # --------------------------------------------------------- fast access

    @property
    def sticks_left(self) -> tuple[int, ...]:
        """Sticks left in each seat's figure."""
        return tuple(self.left)

    def playout(self, rng: random.Random) -> int:
        """Play on to the end, on a copy, with dice and uniformly random removals drawn
        from ``rng``; return the winning seat. The game itself is left unchanged.

        For Monte Carlo search: no history, no checks, whole rounds at a time. It
        draws exactly as a caller of the public API would, each roll with
        :meth:`sample_chance` and each decision with ``rng.choice(legal_moves())``.
        """
        if self.phase == OVER:
            assert self.winner is not None
            return self.winner
        sim = self.copy()
        assert isinstance(sim, Cavaleiro)
        choice = rng.choice
        # finish what is under way, one step at a time, up to the start of a round
        while sim.phase != ROLL or sim.rolls:
            phase = sim.phase
            if phase == ROLL:
                sim._round_roll(_draw_roll(rng))
            elif phase == REMOVE:
                sim._apply(choice(sim.legal))
            elif phase == ORDER:
                sim._order_roll(_draw_roll(rng))
            else:
                assert sim.winner is not None
                return sim.winner
        # then whole rounds: everyone rolls, the best roll removes
        bits = rng.getrandbits
        strength = ROLL_STRENGTH
        removal = ROLL_REMOVAL
        legal_for = sim._compute_legal
        remove = sim._remove
        left = sim.left
        order = sim.order
        count = ROLL_COUNT
        while True:
            ranked = []
            for position, seat in enumerate(order):
                roll = bits(11)
                while roll >= count:
                    roll = bits(11)
                ranked.append((-strength[roll], position, seat, roll))
            ranked.sort()
            _, _, winner, roll = ranked[0]
            remove(winner, choice(legal_for(winner, removal[roll])))
            if not left[winner]:
                return winner
            order = [r[2] for r in ranked]
