"""Cavaleiro's rules, written once: the action numbers of a figure, what a winning roll
allows, and a compact game state that plays, undoes and copies itself.

- :class:`Rules`: a layout's action numbers (``pass``, the horizontals, each block, each
  count from each column) and what each action removes.
- :func:`column_takes`, :func:`horizontals_allowed`, :func:`blocks_allowed`: what a
  round won with a roll of a given removal kind (:mod:`.rolls`) lets its player take,
  on any figure; :func:`take` takes it.
- :class:`State`: a game in progress as ints, tuples and flat lists: :meth:`State.legal`,
  :meth:`State.apply` (a decision), :meth:`State.roll` (a chance event), each emitting
  its events, :meth:`State.undo` (either, exactly), :meth:`State.clone` and
  :meth:`State.playout`.

:class:`ludoteca.games.cavaleiro.Cavaleiro` wraps a state with the history, notation,
views and records; the bots' tables ask the same removal rules about figures up to
symmetry.

>>> from ludoteca.games.cavaleiro.layout import parse_layout
>>> from ludoteca.games.cavaleiro.rolls import roll_index
>>> state = State(Rules(parse_layout("3x3x3+3")), 2)
>>> for roll in (roll_index("6666"), roll_index("1111")):   # the roll-off: seat 0 first
...     state.roll(roll)
>>> for roll in (roll_index("5551"), roll_index("6521")):   # round 1: three of a kind wins
...     state.roll(roll)
>>> state.round_winner, state.legal()[:3]
(0, [2, 8, 11])
>>> state.apply(2)        # one horizontal
>>> state.horiz, state.left, state.order
([2, 3], [29, 30], (0, 1))
>>> state.undo(); state.horiz, state.phase == REMOVE
([3, 3], True)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any, get_args

from ludoteca.chance import NUMBER_BITS
from ludoteca.events import Emitted, Event
from ludoteca.turns import CHANCE, ToMove

from .layout import Layout
from .rolls import (
    COLUMN_LIMIT,
    R_BLOCK_OR_HORIZONTALS,
    R_COLUMN_OR_HORIZONTAL,
    REMOVAL_CODES,
    ROLL_COUNT,
    ROLL_RANKED,
    ROLL_REMOVAL,
    ROLL_TOTAL,
    ROLLS,
    round_ranking,
    tie_break_of,
)
from .viewtypes import Phase

__all__ = [
    "A_BLOCK",
    "A_HORIZONTAL",
    "A_HORIZONTALS",
    "A_PASS",
    "BLOCK",
    "COLUMN",
    "HORIZONTAL",
    "HORIZONTALS",
    "NOTHING",
    "ORDER",
    "OVER",
    "PHASE_NAMES",
    "REMOVE",
    "ROLL",
    "WHAT_NAMES",
    "Rules",
    "State",
    "blocks_allowed",
    "column_takes",
    "draw_roll",
    "horizontals_allowed",
    "intact_blocks",
    "take",
]

# Phases.
ORDER, ROLL, REMOVE, OVER = range(4)
PHASE_NAMES: tuple[Phase, ...] = get_args(Phase)

# What a removal takes.
NOTHING, HORIZONTALS, HORIZONTAL, BLOCK, COLUMN = range(5)
WHAT_NAMES = ("nothing", "horizontals", "horizontal", "block", "column")

# Action numbers: the block actions follow, then the column actions, sized by the layout.
A_PASS = NOTHING
A_HORIZONTALS = HORIZONTALS
A_HORIZONTAL = HORIZONTAL
A_BLOCK = BLOCK


# ------------------------------------------------------- what a roll allows


def column_takes(kind: int, held: int) -> tuple[int, ...]:
    """How many verticals a round won with a roll of removal ``kind`` may take from one
    column holding ``held``: everything it holds (three of a kind), 1 up to the roll's
    limit (the pairs and nothing), never more than it holds; none with four of a kind.

    >>> column_takes(2, 3), column_takes(2, 1), column_takes(3, 2), column_takes(4, 3)
    ((1, 2, 3), (1,), (2,), ())
    """
    if not held or kind == R_BLOCK_OR_HORIZONTALS:
        return ()
    if kind == R_COLUMN_OR_HORIZONTAL:
        return (held,)
    return tuple(range(1, min(held, COLUMN_LIMIT[kind]) + 1))


def horizontals_allowed(kind: int, left: int) -> int:
    """What a win of removal ``kind`` may take of ``left`` horizontals: ``HORIZONTALS``
    (all of them: four of a kind), ``HORIZONTAL`` (one: three of a kind) or ``NOTHING``.

    >>> horizontals_allowed(4, 2) == HORIZONTALS, horizontals_allowed(3, 2) == HORIZONTAL
    (True, True)
    >>> horizontals_allowed(4, 0) == horizontals_allowed(2, 3) == NOTHING
    True
    """
    if not left:
        return NOTHING
    if kind == R_BLOCK_OR_HORIZONTALS:
        return HORIZONTALS
    return HORIZONTAL if kind == R_COLUMN_OR_HORIZONTAL else NOTHING


def blocks_allowed(kind: int, intact: Sequence[bool], held: Sequence[int]) -> list[int]:
    """The blocks (0-based) a win of removal ``kind`` may empty, given whether each block
    is intact and how many verticals it holds: four of a kind takes an intact block, or
    any block with a stick left when none is intact; no other roll takes a block.

    >>> blocks_allowed(4, [False, True, True], [5, 9, 9]), blocks_allowed(4, [False] * 2, [0, 4])
    ([1, 2], [1])
    """
    if kind != R_BLOCK_OR_HORIZONTALS:
        return []
    whole = [b for b, x in enumerate(intact) if x]
    return whole or [b for b, n in enumerate(held) if n]


def intact_blocks(rules: Rules, blocks: Sequence[int], at: int = 0) -> list[bool]:
    """Whether each block of figure ``at`` of the flat list ``blocks`` (verticals per
    block) is intact: none of its verticals has gone (the horizontals belong to no block)."""
    nb = rules.n_blocks
    held = blocks[at * nb : at * nb + nb]
    return [h == size for h, size in zip(held, rules.block_sizes, strict=True)]


def take(
    rules: Rules,
    cols: list[int],
    blocks: list[int],
    horizontals: int,
    action: int,
    at: int = 0,
) -> tuple[int, int]:
    """Take what ``action`` removes from one figure: its columns ``cols[at * C:]`` and
    blocks ``blocks[at * B:]`` (C columns, B blocks: figure ``at`` of flat lists) are
    changed in place. Returns the horizontals left and the sticks taken."""
    what, index, count = rules.removals[action]
    if what == COLUMN:
        cols[at * rules.n_columns + index] -= count
        blocks[at * rules.n_blocks + rules.column_block[index]] -= count
        return horizontals, count
    if what == BLOCK:
        base = at * rules.n_columns
        for c in rules.block_columns[index]:
            cols[base + c] = 0
        b = at * rules.n_blocks + index
        taken = blocks[b]
        blocks[b] = 0
        return horizontals, taken
    if what == HORIZONTALS:
        return 0, horizontals
    if what == HORIZONTAL:
        return horizontals - 1, 1
    return horizontals, 0


# ------------------------------------------------------------------ actions


class Rules:
    """A layout's action numbers and what each removes, with the tables the state looks
    up on its hot path.

    Actions: 0 ``pass``, 1 all the horizontals, 2 one horizontal, 3 … 3+B−1 block 1 … B,
    then K verticals of column C (1-based) at ``a_column + (C−1)·Hmax + K−1``, Hmax being
    the tallest column.

    >>> from ludoteca.games.cavaleiro.layout import parse_layout
    >>> rules = Rules(parse_layout("3x3x3+3"))
    >>> rules.num_actions, rules.column_action(8, 3), rules.removals[32]
    (33, 32, (4, 8, 3))
    """

    __slots__ = (
        "a_column",
        "block_columns",
        "block_sizes",
        "column_block",
        "column_choices",
        "columns",
        "horizontals",
        "layout",
        "max_height",
        "n_blocks",
        "n_columns",
        "num_actions",
        "removals",
        "total",
    )

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.columns = layout.columns
        self.n_blocks = len(layout.blocks)
        self.n_columns = len(self.columns)
        self.max_height = max(self.columns)
        self.column_block = layout.column_block
        self.block_columns = tuple(
            tuple(c for c in range(self.n_columns) if self.column_block[c] == b)
            for b in range(self.n_blocks)
        )
        self.block_sizes = layout.block_sizes
        self.horizontals = layout.horizontals
        self.total = layout.total
        self.a_column = A_BLOCK + self.n_blocks
        self.num_actions = self.a_column + self.n_columns * self.max_height
        removals: list[tuple[int, int, int]] = [(NOTHING, -1, 0), (HORIZONTALS, -1, 0)]
        removals.append((HORIZONTAL, -1, 1))
        removals += [(BLOCK, b, 0) for b in range(self.n_blocks)]
        for c in range(self.n_columns):
            removals += [(COLUMN, c, k) for k in range(1, self.max_height + 1)]
        self.removals: tuple[tuple[int, int, int], ...] = tuple(removals)
        """Per action: what it takes (``NOTHING`` … ``COLUMN``), the block or column
        (0-based, −1 for none) and, for a column, how many verticals."""
        self.column_choices: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
            tuple(
                tuple(
                    tuple(self.column_action(c, k) for k in column_takes(kind, held))
                    for held in range(self.max_height + 1)
                )
                for c in range(self.n_columns)
            )
            for kind in range(len(COLUMN_LIMIT))
        )
        """``column_choices[kind][column][held]``: the column actions a removal kind allows."""

    def column_action(self, column: int, count: int) -> int:
        """The action taking ``count`` verticals of ``column`` (0-based)."""
        return self.a_column + column * self.max_height + count - 1

    def action_of(self, what: int, index: int = -1, count: int = 0) -> int:
        """The action taking ``what`` (``NOTHING`` … ``COLUMN``), of block or column
        ``index`` (0-based), ``count`` verticals of a column."""
        if what == COLUMN:
            return self.column_action(index, count)
        return A_BLOCK + index if what == BLOCK else what

    def legal(
        self, kind: int, cols: Sequence[int], blocks: Sequence[int], horizontals: int, at: int = 0
    ) -> list[int]:
        """The actions a win of removal ``kind`` allows on figure ``at`` of flat lists
        (``pass`` alone when it allows nothing that is left)."""
        what = horizontals_allowed(kind, horizontals) if horizontals else NOTHING
        out = [what] if what != NOTHING else []
        if kind == R_BLOCK_OR_HORIZONTALS:
            nb = self.n_blocks
            in_blocks = blocks[at * nb : at * nb + nb]
            intact = intact_blocks(self, blocks, at)
            out += [A_BLOCK + b for b in blocks_allowed(kind, intact, in_blocks)]
        else:
            choices = self.column_choices[kind]
            base = at * self.n_columns
            for c, held in enumerate(cols[base : base + self.n_columns]):
                if held:
                    out += choices[c][held]
        return out or [A_PASS]


def draw_roll(rng: random.Random) -> int:
    """A roll index 0..1295, uniform: four fair dice in the order rolled (drawn as
    the game draws a roll from a chance number, :mod:`ludoteca.chance`)."""
    return rng.getrandbits(NUMBER_BITS) % ROLL_COUNT


# ------------------------------------------------------------------- events
# The state emits each step's events as it takes it, deferred: the numbers they are
# built from (values never changed in place), and one of these builds them when read.


def _removal_events(
    rules: Rules,
    number: int,
    seat: int,
    action: int,
    taken: int,
    left: int,
    end: tuple[int, tuple[int, ...], int, tuple[int, ...]] | None,
) -> tuple[Event, ...]:
    """The events of round ``number``'s decision ``action`` by ``seat``, who took
    ``taken`` sticks and has ``left`` (and of the game's end, ``end``: the winner, the
    sticks left and the rounds won by each seat, and the rounds played)."""
    what, index, _ = rules.removals[action]
    removed = Event(
        "sticks_removed",
        {
            "round": number,
            "seat": seat,
            "what": WHAT_NAMES[what],
            "block": index + 1 if what == BLOCK else None,
            "column": index + 1 if what == COLUMN else None,
            "count": taken,
            "sticks_left": left,
        },
    )
    if end is None:
        return (removed,)
    winner, lefts, rounds, rounds_won = end
    return (
        removed,
        Event(
            "game_over",
            {
                "winner": winner,
                "removed": [rules.total - x for x in lefts],
                "rounds": rounds,
                "rounds_won": list(rounds_won),
            },
        ),
    )


def _roll_events(
    number: int,
    seat: int,
    roll: int,
    rolls: tuple[tuple[int, int], ...],
    ranking: tuple[int, ...],
) -> tuple[Event, ...]:
    """The events of ``seat``'s ``roll`` in round ``number``: the roll, and the round
    won when it was the last (``ranking`` of the round's ``rolls``; empty otherwise)."""
    key = ROLL_RANKED[roll].key
    rolled = Event(
        "roll",
        {
            "round": number,
            "seat": seat,
            "dice": list(ROLLS[roll]),
            "category": key[0],
            "key": list(key),
        },
    )
    if not ranking:
        return (rolled,)
    roll_of = dict(rolls)
    ranked = [roll_of[s] for s in ranking]
    return (
        rolled,
        Event(
            "round_won",
            {
                "round": number,
                "winner": ranking[0],
                "ranking": list(ranking),
                "tie_breaks": [tie_break_of(a, b) for a, b in itertools.pairwise(ranked)],
                "allows": dict(REMOVAL_CODES[ROLL_REMOVAL[ranked[0]]]),
            },
        ),
    )


def _order_roll_events(
    seat: int,
    stage: int,
    roll: int,
    order_rolls: tuple[tuple[tuple[int, int], ...], ...],
    order: tuple[int, ...],
) -> tuple[Event, ...]:
    """The events of ``seat``'s ``roll`` in stage ``stage`` of the roll-off: the roll;
    when it ended the stage (``order_rolls``: every stage done, else empty), the ties
    it left; when it decided the ``order`` (else empty), the order."""
    events = [
        Event(
            "order_roll",
            {"seat": seat, "stage": stage, "dice": list(ROLLS[roll]), "total": ROLL_TOTAL[roll]},
        )
    ]
    if order_rolls:
        totals: dict[int, list[int]] = {}
        for s, r in order_rolls[-1]:
            totals.setdefault(ROLL_TOTAL[r], []).append(s)
        for total, seats in sorted(totals.items(), reverse=True):
            if len(seats) > 1:
                events.append(
                    Event(
                        "order_tie",
                        {"stage": len(order_rolls), "seats": seats, "total": total},
                    )
                )
    if order:
        events.append(
            Event(
                "order_decided",
                {
                    "order": list(order),
                    "stages": [
                        [{"seat": s, "dice": list(ROLLS[r]), "total": ROLL_TOTAL[r]} for s, r in st]
                        for st in order_rolls
                    ],
                },
            )
        )
    return tuple(events)


# -------------------------------------------------------------------- state

# What the trail keeps to undo a step: a roll that did not end a round or a stage of the
# roll-off; a roll that ended a round; a roll that ended a stage of the roll-off; a decision.
# A die of a roll made die by die (the search API), and the last one, which made the roll.
_ROLLED, _ROUND_ENDED, _STAGE_ENDED, _DECIDED, _DIE, _DICE_ROLLED = range(6)
_ROLLED_ENTRY = (_ROLLED,)
_DIE_ENTRY = (_DIE,)
_DIE_OUTCOMES = tuple([(face, 1 / 6) for face in range(6)])
"""Every face of a die (from 0) with its probability: the chance outcomes of a roll due."""
_ROUND_ENDED_ENTRY = (_ROUND_ENDED,)


class State:
    """A Cavaleiro game in progress, compact: every rule of play is here.

    Seats are numbers; a roll is its index 0..1295 (:data:`.rolls.ROLLS`). Fields:
    ``phase`` (``ORDER``, ``ROLL``, ``REMOVE``, ``OVER``); the roll-off's ``slots`` (the
    groups of seats still tied, in order), ``group_at`` (the group rolling),
    ``group_rolls`` and ``order_rolls`` ((seat, roll) of the stage under way and of each
    stage done); ``round``, ``order``, ``rolls`` (this round's (seat, roll)), ``ranking``
    and ``round_winner`` (−1 before every roll is in); the figures as flat lists, seat
    after seat: ``cols`` (verticals per column), ``blocks_left`` (verticals per block),
    ``horiz``, ``left`` (sticks); ``rounds_won``; ``last_round`` ((round, rolls, winner,
    action) of the last round decided); ``allowed`` (the actions of the decision due);
    ``winner``. Tuples are never changed in place (clones share them). ``sink``, when a
    list, receives each roll's and decision's events as it is taken, deferred (one
    :data:`~ludoteca.events.DeferredEvents` a step); clones have none.
    """

    __slots__ = (
        "allowed",
        "blocks_left",
        "cols",
        "dice",
        "group_at",
        "group_rolls",
        "horiz",
        "last_round",
        "left",
        "order",
        "order_rolls",
        "phase",
        "players",
        "ranking",
        "rolls",
        "round",
        "round_winner",
        "rounds_won",
        "rules",
        "sink",
        "slots",
        "trail",
        "winner",
    )

    rules: Rules
    players: int
    phase: int
    order: tuple[int, ...]
    slots: tuple[tuple[int, ...], ...]
    group_at: int
    group_rolls: tuple[tuple[int, int], ...]
    order_rolls: tuple[tuple[tuple[int, int], ...], ...]
    round: int
    rolls: tuple[tuple[int, int], ...]
    ranking: tuple[int, ...]
    round_winner: int
    cols: list[int]
    dice: tuple[int, ...]
    """The dice of a roll being made die by die (the search API), faces from 0."""
    blocks_left: list[int]
    horiz: list[int]
    left: list[int]
    rounds_won: list[int]
    last_round: tuple[int, tuple[tuple[int, int], ...], int, int] | None
    allowed: list[int]
    """Never changed in place (clones share it)."""
    winner: int | None
    sink: list[Emitted] | None
    trail: list[tuple[Any, ...]] | None
    """What undoes each step, last last (``None``: a state that cannot undo)."""

    @property
    def turn(self) -> int:
        """The seat whose decision is due: the round's winner, who removes."""
        return self.round_winner

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.phase = ORDER
        self.order = ()
        self.slots = (tuple(range(players)),)
        self.group_at = 0
        self.group_rolls = ()
        self.order_rolls = ()
        self.round = 0
        self.rolls = ()
        self.ranking = ()
        self.round_winner = -1
        self.cols = list(rules.columns) * players
        self.dice = ()
        self.blocks_left = list(rules.block_sizes) * players
        self.horiz = [rules.horizontals] * players
        self.left = [rules.total] * players
        self.rounds_won = [0] * players
        self.last_round = None
        self.allowed = []
        self.winner = None
        self.trail = []
        self.sink = None

    @property
    def scores(self) -> list[int]:
        """The sticks each seat has removed (the game's score)."""
        total = self.rules.total
        return [total - x for x in self.left]

    @property
    def hands_scored(self) -> int:
        """How many rounds have been decided."""
        return sum(self.rounds_won)

    def clone(self, undo: bool = True) -> State:
        """An independent copy (without what undoes its steps unless ``undo``)."""
        new = State.__new__(State)
        new.rules = self.rules
        new.players = self.players
        new.phase = self.phase
        new.order = self.order
        new.slots = self.slots
        new.group_at = self.group_at
        new.group_rolls = self.group_rolls
        new.order_rolls = self.order_rolls
        new.round = self.round
        new.rolls = self.rolls
        new.ranking = self.ranking
        new.round_winner = self.round_winner
        new.cols = self.cols[:]
        new.dice = self.dice
        new.blocks_left = self.blocks_left[:]
        new.horiz = self.horiz[:]
        new.left = self.left[:]
        new.rounds_won = self.rounds_won[:]
        new.last_round = self.last_round
        new.allowed = self.allowed
        new.winner = self.winner
        new.sink = None
        trail = self.trail
        new.trail = trail[:] if undo and trail is not None else None
        return new

    # ------------------------------------------------------------ search API

    @property
    def to_move(self) -> ToMove:
        """The seat to decide (the round's winner), ``"chance"`` when a roll is due,
        ``None`` once the game is over: the search API
        (:class:`ludoteca.search.SearchState`), which covers the game."""
        phase = self.phase
        if phase == REMOVE:
            return self.round_winner
        return None if phase == OVER else CHANCE

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == OVER

    def returns(self) -> list[int]:
        """Per seat, the sticks it has removed (the game's score)."""
        return self.scores

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        """At a roll due, the next die's faces (from 0, as the game's
        :meth:`~ludoteca.Game.chance_outcomes` number them), each 1/6; empty otherwise.
        A roll is four dice, applied one by one."""
        return _DIE_OUTCOMES if self.phase == ORDER or self.phase == ROLL else ()

    # ------------------------------------------------------------ questions

    def roller(self) -> int:
        """The seat whose roll is due (−1: none)."""
        if self.phase == ROLL:
            return self.order[len(self.rolls)]
        if self.phase == ORDER:
            return self.slots[self.group_at][len(self.group_rolls)]
        return -1

    def legal(self) -> list[int]:
        """The actions of the decision due (empty when none is)."""
        return list(self.allowed)

    def winning_roll(self) -> int:
        """The roll that won the round under way (``REMOVE`` phase) or the last round."""
        winner = self.round_winner
        for seat, roll in self.rolls:
            if seat == winner:
                return roll
        raise ValueError("no round has been won")

    def figure(self, seat: int) -> tuple[list[int], list[int], int]:
        """``seat``'s figure: verticals per column and per block, and horizontals."""
        c, b = self.rules.n_columns, self.rules.n_blocks
        return (
            self.cols[seat * c : seat * c + c],
            self.blocks_left[seat * b : seat * b + b],
            self.horiz[seat],
        )

    # ----------------------------------------------------------------- steps

    def roll(self, roll: int) -> None:
        """The roll due (of the roll-off or of a round), by its index; no checks."""
        if self.phase == ROLL:
            seat = self.order[len(self.rolls)]
            rolls = (*self.rolls, (seat, roll))
            self.rolls = rolls
            if len(rolls) < len(self.order):
                entry = _ROLLED_ENTRY
            else:
                self._end_round(rolls)
                entry = _ROUND_ENDED_ENTRY
            if self.sink is not None:
                self.sink.append((_roll_events, self.round, seat, roll, rolls, self.ranking))
        else:
            entry = self._order_roll(roll)
        if self.trail is not None:
            self.trail.append(entry)

    def roll_round(self, rolls: Sequence[int]) -> None:
        """Every roll of a round not yet rolled, in the round's order, at once: as
        :meth:`roll` of each in turn (the sink receives each roll's events in turn)."""
        done = tuple(zip(self.order, rolls, strict=True))
        self.rolls = done
        self._end_round(done)
        if self.trail is not None:
            self.trail += [_ROLLED_ENTRY] * (len(done) - 1)
            self.trail.append(_ROUND_ENDED_ENTRY)
        sink = self.sink
        if sink is not None:
            number = self.round
            for seat, roll in done[:-1]:
                sink.append((_roll_events, number, seat, roll, (), ()))
            seat, roll = done[-1]
            sink.append((_roll_events, number, seat, roll, done, self.ranking))

    def _end_round(self, rolls: tuple[tuple[int, int], ...]) -> None:
        ranked = round_ranking(rolls)
        self.ranking = tuple([seat for seat, _ in ranked])
        winner, best = ranked[0]
        self.round_winner = winner
        self.allowed = self.rules.legal(
            ROLL_REMOVAL[best], self.cols, self.blocks_left, self.horiz[winner], winner
        )
        self.phase = REMOVE

    def _order_roll(self, roll: int) -> tuple[Any, ...]:
        """A roll of the roll-off: the highest total first; tied seats roll again among
        themselves, the best tied group first, seat order inside a group."""
        slots, at = self.slots, self.group_at
        group = slots[at]
        seat = group[len(self.group_rolls)]
        stage = (*self.group_rolls, (seat, roll))
        number = len(self.order_rolls) + 1
        if len(stage) < len(group):
            self.group_rolls = stage
            if self.sink is not None:
                self.sink.append((_order_roll_events, seat, number, roll, (), ()))
            return _ROLLED_ENTRY
        self.order_rolls = (*self.order_rolls, stage)
        entry = (_STAGE_ENDED, slots, at)
        self.group_rolls = ()
        totals = sorted({ROLL_TOTAL[r] for _, r in stage}, reverse=True)
        split = tuple(tuple(s for s, r in stage if ROLL_TOTAL[r] == total) for total in totals)
        self.slots = slots[:at] + split + slots[at + 1 :]
        for i, slot in enumerate(self.slots):
            if len(slot) > 1:
                self.group_at = i
                break
        else:
            self.order = tuple(slot[0] for slot in self.slots)
            self.slots = ()
            self.group_at = -1
            self.round = 1
            self.phase = ROLL
        if self.sink is not None:
            self.sink.append((_order_roll_events, seat, number, roll, self.order_rolls, self.order))
        return entry

    def _die(self, face: int) -> None:
        """One die of the roll due (its face from 0); the fourth makes the roll."""
        dice = (*self.dice, face)
        if len(dice) < 4:
            self.dice = dice
            if self.trail is not None:
                self.trail.append(_DIE_ENTRY)
            return
        self.dice = ()
        a, b, c, d = dice
        self.roll(((a * 6 + b) * 6 + c) * 6 + d)
        if self.trail is not None:
            self.trail.append((_DICE_ROLLED, dice[:3]))

    def apply(self, action: int) -> None:
        """The round winner's decision, one of :meth:`legal`, or at a roll due one die
        of it (its face from 0: one of :meth:`chance_outcomes`); no checks."""
        if self.phase != REMOVE:
            self._die(action)
            return
        seat = self.round_winner
        rules = self.rules
        before = self.horiz[seat]
        trail = self.trail
        if trail is not None:
            what, index, _ = rules.removals[action]
            base = seat * rules.n_columns
            columns = (
                (index,) if what == COLUMN else rules.block_columns[index] if what == BLOCK else ()
            )
            saved = tuple([self.cols[base + c] for c in columns])
        horizontals, taken = take(rules, self.cols, self.blocks_left, before, action, seat)
        self.horiz[seat] = horizontals
        left = self.left[seat] - taken
        self.left[seat] = left
        self.rounds_won[seat] += 1
        if trail is not None:
            trail.append(
                (_DECIDED, action, saved, before, taken, self.order, self.allowed, self.last_round)
            )
        self.last_round = (self.round, self.rolls, seat, action)
        self.allowed = []
        if not left:
            self.winner = seat
            self.phase = OVER
            if self.sink is not None:
                end = (seat, tuple(self.left), self.round, tuple(self.rounds_won))
                self.sink.append((_removal_events, rules, self.round, seat, action, taken, 0, end))
            return
        if self.sink is not None:
            self.sink.append((_removal_events, rules, self.round, seat, action, taken, left, None))
        self.order = self.ranking
        self.ranking = ()
        self.rolls = ()
        self.round_winner = -1
        self.round += 1
        self.phase = ROLL

    def undo(self, action: int = -1) -> None:
        """Undo the last step, roll or decision, exactly (``action``, what it was, is
        not needed: the search API passes it)."""
        assert self.trail is not None, "this state keeps nothing to undo with"
        entry = self.trail.pop()
        tag = entry[0]
        if tag == _DIE:
            self.dice = self.dice[:-1]
            return
        if tag == _DICE_ROLLED:
            self.dice = entry[1]
            entry = self.trail.pop()
            tag = entry[0]
        if tag == _DECIDED:
            self._undo_decision(entry)
        elif tag == _STAGE_ENDED:
            stage = self.order_rolls[-1]
            self.order_rolls = self.order_rolls[:-1]
            self.group_rolls = stage[:-1]
            self.slots, self.group_at = entry[1], entry[2]
            if self.phase == ROLL:
                self.order = ()
                self.round = 0
                self.phase = ORDER
        elif self.phase == ORDER:
            self.group_rolls = self.group_rolls[:-1]
        else:
            if tag == _ROUND_ENDED:
                self.phase = ROLL
                self.ranking = ()
                self.round_winner = -1
                self.allowed = []
            self.rolls = self.rolls[:-1]

    def _undo_decision(self, entry: tuple[Any, ...]) -> None:
        _, action, saved, horizontals, taken, order, allowed, last_round = entry
        rules = self.rules
        assert self.last_round is not None
        seat = self.last_round[2]
        if self.phase == OVER:
            self.winner = None
        else:
            self.ranking = self.order
            self.order = order
            self.rolls = self.last_round[1]
            self.round -= 1
        self.phase = REMOVE
        self.round_winner = seat
        self.allowed = allowed
        self.last_round = last_round
        self.rounds_won[seat] -= 1
        self.horiz[seat] = horizontals
        self.left[seat] += taken
        what, index, _ = rules.removals[action]
        if what in (COLUMN, BLOCK):
            columns = (index,) if what == COLUMN else rules.block_columns[index]
            base = seat * rules.n_columns
            block = seat * rules.n_blocks + rules.column_block[columns[0]]
            for c, held in zip(columns, saved, strict=True):
                self.blocks_left[block] += held - self.cols[base + c]
                self.cols[base + c] = held

    # -------------------------------------------------------------- search

    def playout(self, rng: random.Random) -> int:
        """Play on to the end, on a copy, with dice and uniformly random decisions drawn
        from ``rng`` (each roll as :func:`draw_roll`, each decision ``rng.choice`` of
        :meth:`legal`); return the winning seat. The state itself is left unchanged."""
        if self.phase == OVER:
            assert self.winner is not None
            return self.winner
        sim = self.clone(undo=False)
        choice = rng.choice
        # what is under way, a step at a time, up to the start of a round
        while sim.phase != ROLL or sim.rolls:
            if sim.phase == REMOVE:
                sim.apply(choice(sim.allowed))
                if sim.winner is not None:
                    return sim.winner
            else:
                sim.roll(draw_roll(rng))
        # then whole rounds: every roll in the round's order, then the winner's removal
        bits = rng.getrandbits
        end_round = sim._end_round
        apply = sim.apply
        while True:
            sim.rolls = done = tuple([(seat, bits(NUMBER_BITS) % ROLL_COUNT) for seat in sim.order])
            end_round(done)
            apply(choice(sim.allowed))
            if sim.winner is not None:
                return sim.winner
