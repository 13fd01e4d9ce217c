"""Exact tables for the Cavaleiro bots: roll odds, figure states, and dynamic programming.

Only the round's winner decides in Cavaleiro, and what it may remove depends
only on the *kind* of its winning roll (one of the five removal kinds of
:mod:`ludoteca.games.cavaleiro.rolls`: one vertical; up to 2 of a column; up
to 3 of a column; a whole column or one horizontal; a block or all the
horizontals). So a figure's future depends on three things only: which kinds
of rolls win, how often, and what is left of the figure.

**Roll odds.** The best of N rolls of four dice is of each kind with a
probability computed exactly from the 1296 ordered rolls and the seed's
ranking (:func:`~ludoteca.games.cavaleiro.rolls.kind_odds`); with ties going to
the earlier roller, the roller at place ``i`` of N wins the round with each kind
with the probability of :func:`~ludoteca.games.cavaleiro.rolls.place_odds`. Both
belong to the game's rules (:mod:`ludoteca.games.cavaleiro.rolls`).

**Figure states.** A figure is kept up to symmetry (:class:`FigureSpace`):
columns of a block may be reordered, blocks may be reordered, and only whether
a block is intact matters beyond its column heights. The default figure has
6,160 such states. What a winner may remove is asked of the engine's rules
(:mod:`ludoteca.games.cavaleiro.core`), on these states as on real figures.

**Tables.**

- :class:`RoundsTable`: the expected number of round wins a figure still needs
  under the removal policy that minimises it, each win's kind weighted by
  :func:`kind_odds` (any number of players).
- :class:`DuelTable`: for two players, the exact probability that the player
  who rolls first this round wins the game, over the joint state (own figure,
  opponent's figure), both sides playing to maximise it.
- :func:`duel_odds`: the exact probability that one removal policy beats
  another over a whole two-player game (the roll-off decides who rolls first).

>>> from fractions import Fraction
>>> odds = kind_odds(2)
>>> sum(odds) == 1, odds[4] == 1 - (1 - Fraction(6, 1296)) ** 2
(True, True)
>>> table = RoundsTable.build("1+0", 2)   # one stick: one round win is needed
>>> table.value(table.space.start)
1.0
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from ludoteca.games.cavaleiro.core import (
    HORIZONTAL,
    HORIZONTALS,
    Rules,
    blocks_allowed,
    column_takes,
    horizontals_allowed,
    intact_blocks,
    take,
)
from ludoteca.games.cavaleiro.layout import Layout, parse_layout
from ludoteca.games.cavaleiro.rolls import KINDS, kind_odds, place_odds

__all__ = [
    "KINDS",
    "MAX_DUEL_STATES",
    "MAX_STATES",
    "Block",
    "DuelPolicy",
    "DuelTable",
    "Figure",
    "FigureSpace",
    "FloatArray",
    "IntArray",
    "OwnFigurePolicy",
    "Policy",
    "RoundsTable",
    "TooLarge",
    "after_action",
    "describe",
    "duel_odds",
    "figure_from_view",
    "kind_odds",
    "place_odds",
    "start_figure",
    "state_bound",
    "sticks_of",
    "successors",
    "summary",
]

MAX_STATES = 20_000
"""Figures with more states than this get no exact table (the expert plays them greedily).
The default figure has 6,160 and its space takes half a second to build; 20,000 take two."""
MAX_DUEL_STATES = 7_000
"""The joint two-player table holds states² probabilities: 6,160² (300 MB) for the default."""

Block = tuple[bool, tuple[int, ...]]
"""A block: whether it is intact, and its non-empty column heights, tallest first."""
Figure = tuple[int, tuple[Block, ...]]
"""A figure up to symmetry: horizontals left, and its non-empty blocks in sorted order."""

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]


class TooLarge(ValueError):
    """The figure has too many states for an exact table."""


# ------------------------------------------------------------- figure states


def _figure(horizontals: int, blocks: Sequence[Block]) -> Figure:
    return horizontals, tuple(sorted(b for b in blocks if b[1]))


def sticks_of(figure: Figure) -> int:
    """Sticks left in a figure."""
    return figure[0] + sum(sum(heights) for _, heights in figure[1])


def start_figure(layout: Layout) -> Figure:
    """The full figure of a layout."""
    return _figure(
        layout.horizontals, [(True, tuple(sorted(block, reverse=True))) for block in layout.blocks]
    )


def successors(figure: Figure, kind: int) -> list[Figure]:
    """The distinct figures a winner with a roll of removal ``kind`` may leave (empty: pass).

    >>> full = start_figure(parse_layout("2/1+1"))
    >>> successors(full, 4)   # four of a kind: the horizontal, or an intact block
    [(0, ((True, (1,)), (True, (2,)))), (1, ((True, (1,)),)), (1, ((True, (2,)),))]
    """
    return sorted(_successor_set(figure, kind))


B = TypeVar("B", bound=Hashable)


def _leave(
    horizontals: int,
    blocks: tuple[B, ...],
    kind: int,
    intact: Callable[[B], bool],
    column_moves: Callable[[B, int], Iterable[B | None]],
) -> set[tuple[int, tuple[B, ...]]]:
    """The figures (horizontals, sorted blocks) a win of removal ``kind`` may leave, the
    blocks written in any form: ``intact(block)`` says whether one is, and
    ``column_moves(block, kind)`` what one may become (``None``: emptied) by the
    engine's rules (:mod:`ludoteca.games.cavaleiro.core`)."""
    out: set[tuple[int, tuple[B, ...]]] = set()
    what = horizontals_allowed(kind, horizontals)
    if what == HORIZONTALS:
        out.add((0, blocks))
    elif what == HORIZONTAL:
        out.add((horizontals - 1, blocks))
    for i in blocks_allowed(kind, [intact(b) for b in blocks], [1] * len(blocks)):
        out.add((horizontals, blocks[:i] + blocks[i + 1 :]))
    for i, block in enumerate(blocks):
        if i and blocks[i - 1] == block:
            continue  # a block like the one before leaves the same figures
        rest = blocks[:i] + blocks[i + 1 :]
        for after in column_moves(block, kind):
            out.add((horizontals, rest if after is None else tuple(sorted((*rest, after)))))  # type: ignore[type-var]
    return out


def _successor_set(figure: Figure, kind: int) -> set[Figure]:
    def column_moves(block: Block, kind: int) -> list[Block | None]:
        return [(False, left) if left else None for left in _column_removals(block[1], kind)]

    return _leave(figure[0], figure[1], kind, lambda block: block[0], column_moves)


@functools.cache
def _column_removals(heights: tuple[int, ...], kind: int) -> tuple[tuple[int, ...], ...]:
    """The column heights a block may keep after a removal of ``kind`` from one of its columns."""
    out: set[tuple[int, ...]] = set()
    for j, k in enumerate(heights):
        if j and heights[j - 1] == k:
            continue  # a column of the same height leaves the same block
        for t in column_takes(kind, k):
            rest = [*heights[:j], k - t, *heights[j + 1 :]]
            out.add(tuple(sorted((x for x in rest if x), reverse=True)))
    return tuple(sorted(out))


def summary(figure: Figure) -> dict[str, int]:
    """A figure as numbers: sticks, horizontals and intact blocks left.

    >>> summary(start_figure(parse_layout("3x3x3+3")))
    {'sticks': 30, 'horizontals': 3, 'intact_blocks': 3}
    """
    return {
        "sticks": sticks_of(figure),
        "horizontals": figure[0],
        "intact_blocks": sum(1 for b in figure[1] if b[0]),
    }


def describe(figure: Figure | dict[str, int]) -> str:
    """A figure (or its :func:`summary`) in words: sticks, horizontals, intact blocks.

    >>> describe(start_figure(parse_layout("3x3x3+3")))
    '30 sticks: 3 horizontals, 3 intact blocks'
    """
    said = figure if isinstance(figure, dict) else summary(figure)
    n, h, intact = said["sticks"], said["horizontals"], said["intact_blocks"]
    if not n:
        return "no stick"
    parts = [f"{h} horizontal{'s' if h != 1 else ''}"]
    if intact:
        parts.append(f"{intact} intact block{'s' if intact != 1 else ''}")
    return f"{n} stick{'s' if n != 1 else ''}: " + ", ".join(parts)


def _block_catalogue(layout: Layout) -> tuple[list[Block], list[list[tuple[int, ...]]]]:
    """Every state a block of the layout can be in, sorted, and per removal kind the
    states each may become by a removal from one of its columns (-1: emptied)."""
    seen: set[Block] = {(True, tuple(sorted(b, reverse=True))) for b in layout.blocks}
    todo = list(seen)
    while todo:
        block = todo.pop()
        for r in range(KINDS):
            for left in _column_removals(block[1], r):
                nxt = (False, left)
                if left and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    blocks = sorted(seen)
    number = {b: i for i, b in enumerate(blocks)}
    following = [
        [
            tuple(number[(False, left)] if left else -1 for left in _column_removals(b[1], r))
            for b in blocks
        ]
        for r in range(KINDS)
    ]
    return blocks, following


def state_bound(layout: Layout) -> int:
    """An upper bound on the states of a layout's figure up to symmetry (cheap to compute).

    >>> state_bound(parse_layout("3x3x3+3")) >= 6160
    True
    """
    alike = Counter(tuple(sorted(block)) for block in layout.blocks)
    total = layout.horizontals + 1
    for heights, count in alike.items():
        # a block: one state per multiset of column heights (0 to the tallest), or intact
        per_block = math.comb(max(heights) + len(heights), len(heights)) + 1
        total *= math.comb(per_block + count - 1, count)
    return total


class FigureSpace:
    """Every state of a layout's figure up to symmetry, with the moves between them.

    States are numbered by sticks left, then in a fixed order; state 0 is the
    empty figure. ``moves[kind][i]`` are the states a winner of that kind may
    leave from state ``i`` (sorted, empty when it must pass).
    """

    layout: Layout
    states: list[Figure]
    index: dict[Figure, int]
    start: int
    sticks: list[int]
    moves: list[list[tuple[int, ...]]]
    groups: list[int]

    def __init__(self, layout: Layout, limit: int = MAX_STATES) -> None:
        if state_bound(layout) > 20 * limit:
            raise TooLarge(
                f"the figure {layout.text} has far more than {limit} states up to symmetry: "
                "too many for an exact table"
            )
        # a figure is worked on as (horizontals, sorted block numbers of the catalogue)
        blocks, following = _block_catalogue(layout)
        intact = [b[0] for b in blocks]
        number = {b: i for i, b in enumerate(blocks)}
        first = (
            layout.horizontals,
            tuple(sorted(number[(True, tuple(sorted(b, reverse=True)))] for b in layout.blocks)),
        )
        seen = {first}
        todo = [first]
        edges: dict[tuple[int, tuple[int, ...]], list[set[tuple[int, tuple[int, ...]]]]] = {}
        while todo:
            fig = todo.pop()
            h, ids = fig
            per_kind: list[set[tuple[int, tuple[int, ...]]]] = []
            for r in range(KINDS):
                out = _leave(
                    h,
                    ids,
                    r,
                    intact.__getitem__,
                    lambda b, r: (nb if nb >= 0 else None for nb in following[r][b]),
                )
                per_kind.append(out)
                for nxt in out:
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            edges[fig] = per_kind
            if len(seen) > limit:
                raise TooLarge(
                    f"the figure {layout.text} has more than {limit} states up to "
                    "symmetry: too many for an exact table"
                )
        figure_of = {f: (f[0], tuple(blocks[b] for b in f[1])) for f in seen}
        order = sorted(seen, key=lambda f: (sticks_of(figure_of[f]), figure_of[f]))
        position = {f: i for i, f in enumerate(order)}
        self._setup(
            layout,
            [figure_of[f] for f in order],
            [
                [tuple(sorted(position[n] for n in edges[f][r])) for f in order]
                for r in range(KINDS)
            ],
            position[first],
        )

    def _setup(
        self, layout: Layout, states: list[Figure], moves: list[list[tuple[int, ...]]], start: int
    ) -> None:
        self.layout = layout
        self.states = states
        self.index = {f: i for i, f in enumerate(states)}
        self.start = start
        self.sticks = [sticks_of(f) for f in states]
        self.moves = moves
        # states with n sticks are the range groups[n] .. groups[n + 1]
        top = self.sticks[-1]
        self.groups = [0] * (top + 2)
        at = 0
        for n in range(top + 2):
            while at < len(states) and self.sticks[at] < n:
                at += 1
            self.groups[n] = at

    def restricted(self, keep: Sequence[int]) -> FigureSpace:
        """The space of the states ``keep`` (sorted, closed under moves, holding the
        empty figure), numbered in the same order (``start`` is 0 unless kept)."""
        renumber = {old: new for new, old in enumerate(keep)}
        if renumber.get(0) != 0:
            raise ValueError("a restricted space keeps the empty figure as state 0")
        sub = object.__new__(FigureSpace)
        sub._setup(
            self.layout,
            [self.states[i] for i in keep],
            [[tuple(renumber[j] for j in self.moves[r][i]) for i in keep] for r in range(KINDS)],
            renumber.get(self.start, 0),
        )
        return sub

    @functools.cached_property
    def reach(self) -> list[int]:
        """Per state, the states it can still become (itself included), as a bit set."""
        out = [0] * len(self)
        for i in range(len(self)):
            bits = 1 << i
            for r in range(KINDS):
                for j in self.moves[r][i]:
                    bits |= out[j]
            out[i] = bits
        return out

    def __len__(self) -> int:
        return len(self.states)

    def group(self, n: int) -> range:
        """The states with ``n`` sticks left."""
        return range(self.groups[n], self.groups[n + 1])

    @staticmethod
    @functools.cache
    def of(layout_text: str) -> FigureSpace:
        """The space of a layout (cached)."""
        return FigureSpace(parse_layout(layout_text))


# ----------------------------------------------------- reading the real game


def figure_from_view(view: dict[str, Any], seat: int) -> Figure:
    """The state of ``seat``'s figure in a Cavaleiro view."""
    fig = view["figures"][seat]
    columns: list[int] = fig["columns"]
    intact = set(fig["intact_blocks"])
    blocks: list[Block] = []
    at = 0
    for b, block in enumerate(view["layout"]["blocks"]):
        heights = columns[at : at + len(block)]
        at += len(block)
        blocks.append((b + 1 in intact, tuple(sorted((x for x in heights if x), reverse=True))))
    return _figure(fig["horizontals"], blocks)


@functools.lru_cache(maxsize=8)
def _rules(layout_text: str) -> Rules:
    return Rules(parse_layout(layout_text))


def after_action(view: dict[str, Any], seat: int, action: int) -> Figure:
    """The state of ``seat``'s figure once it makes the decision ``action`` (an action
    number of the game), by the engine's own removal
    (:func:`~ludoteca.games.cavaleiro.core.take`)."""
    rules = _rules(view["layout"]["text"])
    fig = view["figures"][seat]
    columns: list[int] = list(fig["columns"])
    held: list[int] = list(fig["blocks"])
    horizontals, _ = take(rules, columns, held, fig["horizontals"], action)
    intact = intact_blocks(rules, held)
    blocks: list[Block] = []
    for b, block_columns in enumerate(rules.block_columns):
        heights = sorted((columns[c] for c in block_columns if columns[c]), reverse=True)
        blocks.append((intact[b], tuple(heights)))
    return _figure(horizontals, blocks)


# ------------------------------------------------- expected round wins needed


class RoundsTable:
    """Expected round wins still needed by each figure state, removing to minimise it.

    ``values[i]`` for state ``i`` of :attr:`space`: each round won is of
    removal kind ``r`` with probability ``weights[r]``; a winner that can
    remove nothing passes (the round is spent). With :class:`~fractions.Fraction`
    weights the values are exact fractions.

    >>> from fractions import Fraction
    >>> t = RoundsTable.build("2+0", 2)    # one column of two sticks
    >>> p_one = kind_odds(2)[0]              # only "one vertical" leaves a stick
    >>> t.value(t.space.start) == float(1 + p_one)
    True
    """

    def __init__(self, space: FigureSpace, weights: Sequence[Any]) -> None:
        self.space = space
        self.weights = tuple(weights)
        zero = weights[0] * 0
        values: list[Any] = [zero] * len(space)
        for i in range(1, len(space)):
            total = zero + 1
            stuck = zero
            for r in range(KINDS):
                nexts = space.moves[r][i]
                if nexts:
                    total += weights[r] * min(values[j] for j in nexts)
                else:
                    stuck += weights[r]
            values[i] = total / (1 - stuck)
        self.values = values

    def value(self, state: int) -> float:
        return float(self.values[state])

    @staticmethod
    @functools.cache
    def build(layout_text: str, players: int) -> RoundsTable:
        """The float table of a layout for a number of players (cached)."""
        weights = [float(p) for p in kind_odds(players)]
        return RoundsTable(FigureSpace.of(parse_layout(layout_text).text), weights)


# ---------------------------------------------------------- two-player duel


class _GroupMoves:
    """The moves of a space laid out for array work, stick group by stick group.

    ``options[kind][n]``: for the states with ``n`` sticks, their successors
    padded (with the first) to the widest of the group; 0 where the state must
    pass. ``movable[kind]``: whether each state can remove anything.
    ``sorted_options[kind][n]`` holds the same rows, most successors first
    (``row_order`` gives their rows in ``options``; ``active[j]`` is how many
    rows have more than ``j`` successors), so that padding costs no work.
    """

    def __init__(self, space: FigureSpace) -> None:
        self.options: list[list[IntArray]] = []
        self.sorted_options: list[list[IntArray]] = []
        self.row_order: list[list[IntArray]] = []
        self.active: list[list[list[int]]] = []
        self.movable: list[npt.NDArray[np.bool_]] = []
        for r in range(KINDS):
            per_group, per_group_sorted, per_group_order, per_group_active = [], [], [], []
            for n in range(len(space.groups) - 1):
                states = space.group(n)
                lengths = [max(1, len(space.moves[r][i])) for i in states]
                width = max([1, *lengths])
                table = np.zeros((len(states), width), dtype=np.intp)
                for row, i in enumerate(states):
                    m = space.moves[r][i]
                    if m:
                        table[row, : len(m)] = m
                        table[row, len(m) :] = m[0]
                order = np.array(
                    sorted(range(len(states)), key=lambda row: -lengths[row]), dtype=np.intp
                )
                per_group.append(table)
                per_group_sorted.append(table[order])
                per_group_order.append(order)
                per_group_active.append([sum(1 for x in lengths if x > j) for j in range(width)])
            self.options.append(per_group)
            self.sorted_options.append(per_group_sorted)
            self.row_order.append(per_group_order)
            self.active.append(per_group_active)
            self.movable.append(np.array([bool(m) for m in space.moves[r]]))

    def best(self, table: FloatArray, kind: int, n: int) -> FloatArray:
        """For each state with ``n`` sticks (rows) and each column of ``table``, the
        largest ``table[successor, column]`` over the state's successors of ``kind``."""
        options = self.sorted_options[kind][n]
        active = self.active[kind][n]
        best = table[options[:, 0]]
        for j in range(1, options.shape[1]):
            rows = active[j]
            np.maximum(best[:rows], table[options[:rows, j]], out=best[:rows])
        out = np.empty_like(best)
        out[self.row_order[kind][n]] = best
        return out


def _best_choice(table: FloatArray, options: IntArray) -> IntArray:
    """Row-wise over ``options``: the option with the largest ``table[option]`` (the
    first of equals, i.e. the lowest state number)."""
    best = table[options[:, 0]]
    chosen = np.repeat(options[:, :1], best.shape[1], axis=1)
    for j in range(1, options.shape[1]):
        candidate = table[options[:, j]]
        chosen = np.where(candidate > best, options[:, j : j + 1], chosen)
        np.maximum(best, candidate, out=best)
    return chosen


def _group_pairs(space: FigureSpace) -> list[tuple[int, int]]:
    """Pairs of stick counts (both non-zero), by total, so that every move leads to a done pair."""
    top = space.sticks[-1]
    return sorted(
        ((m, n) for m in range(1, top + 1) for n in range(1, top + 1)),
        key=lambda p: (p[0] + p[1], p),
    )


def _column_groups(space: FigureSpace, first_row: float) -> list[FloatArray]:
    """A states × states table stored by groups of columns, row 0 set to ``first_row``."""
    out = []
    for n in range(len(space.groups) - 1):
        part = np.zeros((len(space), len(space.group(n))))
        part[0, :] = first_row
        out.append(part)
    return out


class DuelTable:
    """Two players: the exact probability that the first roller of a round wins the game.

    :meth:`value` ``(a, b)``: at the start of a round, the player who rolls
    first (the last round's winner) has figure state ``a`` and the other ``b``;
    both remove to maximise their own chance of winning. The round's rolls
    decide who wins it and with which kind (:func:`place_odds`: ties go to the
    first roller); the winner removes and rolls first next round. A player who
    has just removed their last stick has won.

    The table is kept by groups of columns (``columns[n]`` holds the pairs
    whose second state has ``n`` sticks), which keeps the work contiguous.
    """

    def __init__(self, space: FigureSpace) -> None:
        if len(space) > MAX_DUEL_STATES:
            raise TooLarge(
                f"the figure {space.layout.text} has {len(space)} states: the two-player table "
                f"would hold {len(space) ** 2:,} probabilities"
            )
        self.space = space
        q = [float(x) for x in place_odds(2, 0)]
        s = [float(x) for x in place_odds(2, 1)]
        moves = _GroupMoves(space)
        movable = moves.movable
        columns = _column_groups(space, 1.0)
        # per state: P(I win the round with kind r and can remove), rolling first or second
        first_moves = [q[r] * movable[r].astype(np.float64) for r in range(KINDS)]
        second_moves = [s[r] * movable[r].astype(np.float64) for r in range(KINDS)]
        second_total = np.zeros(len(space))
        stay = np.ones(len(space))  # 1 - P(I roll first, win the round, pass: nothing changes)
        handed = np.zeros(len(space))  # P(I roll second, win, pass: the first roll is mine)
        for r in range(KINDS):
            second_total += second_moves[r]
            stay -= q[r] * ~movable[r]
            handed += s[r] * ~movable[r]
        g = space.groups
        for m, k in _group_pairs(space):
            if m > k:
                continue  # solved together with (k, m)
            a = slice(g[m], g[m + 1])
            b = slice(g[k], g[k + 1])
            # c1: the (a, b) equations without passes; c2: the (b, a) ones, laid out as [a, b]
            c1 = np.zeros((a.stop - a.start, b.stop - b.start))
            c2 = np.zeros_like(c1)
            for r in range(KINDS):
                # the best the round's winner (of kind r) can leave, per pair
                best_ab = moves.best(columns[k], r, m)
                best_ba = moves.best(columns[m], r, k).T
                c1 += first_moves[r][a][:, None] * best_ab
                c1 -= second_moves[r][b][None, :] * best_ba
                c2 += first_moves[r][b][None, :] * best_ba
                c2 -= second_moves[r][a][:, None] * best_ab
            # a win of the second roller counts 1 - (its chance): the 1s
            c1 += second_total[b][None, :]
            c2 += second_total[a][:, None]
            pa = stay[a][:, None]
            pb = stay[b][None, :]
            sa = handed[a][:, None]
            sb = handed[b][None, :]
            # x = value(a, b), y = value(b, a); a pass keeps or hands over the first roll:
            #   pa x + sb y = c1 + sb ;  sa x + pb y = c2 + sa
            det = pa * pb - sa * sb
            x = ((c1 + sb) * pb - sb * (c2 + sa)) / det
            y = (pa * (c2 + sa) - sa * (c1 + sb)) / det
            columns[k][a, :] = x
            columns[m][b, :] = y.T
        self.columns = columns
        self.moves = moves

    def value(self, first: int, second: int) -> float:
        """P(the first roller, with state ``first``, wins against ``second``)."""
        n = self.space.sticks[second]
        return float(self.columns[n][first, second - self.space.groups[n]])

    def after_removal(self, mine: int, theirs: int) -> float:
        """My chance of winning once I leave state ``mine`` (I then roll first)."""
        return 1.0 if mine == 0 else self.value(mine, theirs)

    @staticmethod
    @functools.cache
    def build(layout_text: str) -> DuelTable:
        """The table of a layout (cached; seconds and 300 MB for the default figure)."""
        return DuelTable(FigureSpace.of(parse_layout(layout_text).text))


# ------------------------------------------- exact strength of policies


class Policy(Protocol):
    """A removal policy over figure states, for :func:`duel_odds`."""

    def choose_block(self, kind: int, mine: int, theirs: int) -> IntArray:
        """For every pair of my state with ``mine`` sticks and theirs with ``theirs``
        sticks, where I won the round with ``kind``, the state I leave (any state
        where I must pass)."""
        ...


class OwnFigurePolicy:
    """A policy that looks only at its own figure: ``choice[kind][state]``."""

    def __init__(self, space: FigureSpace, choice: Sequence[Sequence[int]]) -> None:
        self.space = space
        self.choice = [np.asarray(c, dtype=np.intp) for c in choice]

    def choose_block(self, kind: int, mine: int, theirs: int) -> IntArray:
        g = self.space.groups
        column = self.choice[kind][g[mine] : g[mine + 1]][:, None]
        return np.repeat(column, len(self.space.group(theirs)), axis=1)

    @staticmethod
    def from_key(space: FigureSpace, key: Callable[[int, int], Any]) -> OwnFigurePolicy:
        """Leave, from each state, the successor with the smallest ``key(state, successor)``
        (ties to the lowest state number)."""

        def best(i: int, nexts: tuple[int, ...]) -> int:
            return min(nexts, key=lambda j: (key(i, j), j)) if nexts else 0

        choice = [[best(i, nexts) for i, nexts in enumerate(space.moves[r])] for r in range(KINDS)]
        return OwnFigurePolicy(space, choice)


class DuelPolicy:
    """The policy of :class:`DuelTable`: leave the state that maximises my chance."""

    def __init__(self, table: DuelTable) -> None:
        self.table = table

    def choose_block(self, kind: int, mine: int, theirs: int) -> IntArray:
        t = self.table
        return _best_choice(t.columns[theirs], t.moves.options[kind][mine])


def duel_odds(space: FigureSpace, one: Policy, two: Policy) -> float:
    """Exactly P(policy ``one`` beats policy ``two``) in a two-player game from the start.

    The roll-off makes each the first roller with probability 1/2 (it is
    symmetric); from then on :func:`place_odds` decides every round.
    """
    q = [float(x) for x in place_odds(2, 0)]
    s = [float(x) for x in place_odds(2, 1)]
    movable = _GroupMoves(space).movable
    # first[k]: one rolls first; second[k]: two rolls first; both hold one's chance
    # of winning, by groups of columns (the other player's sticks)
    first = _column_groups(space, 1.0)
    second = _column_groups(space, 0.0)
    stuck_first: FloatArray = np.zeros(len(space))
    stuck_second: FloatArray = np.zeros(len(space))
    for r in range(KINDS):
        stuck_first += q[r] * ~movable[r]
        stuck_second += s[r] * ~movable[r]
    g = space.groups
    for m, k in _group_pairs(space):
        a = slice(g[m], g[m + 1])  # one's states
        b = slice(g[k], g[k + 1])  # two's states
        c1 = np.zeros((a.stop - a.start, b.stop - b.start))  # one first with a, two has b
        c2 = np.zeros_like(c1)  # two first with b, one has a (laid out as [a, b])
        for r in range(KINDS):
            ma = movable[r][a][:, None]
            mb = movable[r][b][None, :]
            # one wins the round from a and then rolls first; likewise two from b
            after_one = np.take_along_axis(first[k], one.choose_block(r, m, k), axis=0)
            after_two = np.take_along_axis(second[m], two.choose_block(r, k, m), axis=0).T
            c1 += q[r] * ma * after_one + s[r] * mb * after_two
            c2 += q[r] * mb * after_two + s[r] * ma * after_one
        pa = stuck_first[a][:, None]
        pb = stuck_first[b][None, :]
        sa = stuck_second[a][:, None]
        sb = stuck_second[b][None, :]
        # x = one first (a, b), y = two first (b, a):
        #   (1 - pa) x - sb y = c1 ;  -sa x + (1 - pb) y = c2
        det = (1 - pa) * (1 - pb) - sa * sb
        x = (c1 * (1 - pb) + sb * c2) / det
        y = ((1 - pa) * c2 + sa * c1) / det
        first[k][a, :] = x
        second[m][b, :] = y.T
    n = space.sticks[space.start]
    at = space.start - g[n]
    return float(0.5 * first[n][space.start, at] + 0.5 * second[n][space.start, at])
