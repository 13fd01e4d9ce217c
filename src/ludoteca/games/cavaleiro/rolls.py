"""Rolls of four dice: their category, their rank and the removal they allow.

The seed ranks a roll, best first: four of a kind, three of a kind, two pairs,
one pair, nothing. Inside a category the seed's tie-breaks apply: the number of
the four or of the three; the higher pair, then the lower pair; the pair; for
nothing, the dice read from highest to lowest. What those leave equal (the odd
die beside a three, the two odd dice beside a pair) does not count: such rolls
tie, and the one rolled first wins the tie.

>>> rank_roll([6, 5, 2, 1]).beats(rank_roll([5, 3, 2, 1]))
True
>>> rank_roll("6521").beats(rank_roll("6432"))
True
>>> rank_roll("6432").beats(rank_roll("6521"))
False
>>> r = rank_roll("3 5 3 5")
>>> r.category, r.key, r.name
('two pairs', (2, 5, 3), 'two pairs (5s and 3s)')
>>> r.removal
'1, 2 or 3 verticals of one column'
>>> REMOVAL_CODES[ROLL_REMOVAL[roll_index("3 5 3 5")]]
{'code': 'column_up_to', 'max': 3}

A round is won by the best roll, a tie by the earlier roller (:func:`round_ranking`);
:func:`place_odds` and :func:`kind_odds` give the exact chances that follow from it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any, get_args

from .viewtypes import Category, ColumnUpTo, Removal

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "CATEGORIES",
    "FOUR_OF_A_KIND",
    "KINDS",
    "NOTHING",
    "ONE_PAIR",
    "REMOVAL_CODES",
    "REMOVAL_TEXT",
    "THREE_OF_A_KIND",
    "TWO_PAIRS",
    "RankedRoll",
    "kind_odds",
    "place_odds",
    "rank_roll",
    "removal_text",
    "roll_index",
    "round_ranking",
    "tie_break",
    "tie_break_of",
]

# Categories, worst first (the category number is the first element of a key).
NOTHING, ONE_PAIR, TWO_PAIRS, THREE_OF_A_KIND, FOUR_OF_A_KIND = range(5)
CATEGORIES: tuple[Category, ...] = get_args(Category)

# What a winning roll lets its player remove: the removal kinds.
R_ONE, R_UP_TO_2, R_UP_TO_3, R_COLUMN_OR_HORIZONTAL, R_BLOCK_OR_HORIZONTALS = range(5)
KINDS = 5
COLUMN_LIMIT: tuple[int, ...] = (1, 2, 3, 0, 0)
"""For the pair-like removals, how many verticals of one column may be taken."""
REMOVAL_CODES: tuple[Removal, ...] = (
    *(ColumnUpTo(code="column_up_to", max=most) for most in COLUMN_LIMIT[:R_COLUMN_OR_HORIZONTAL]),
    {"code": "column_or_horizontal"},
    {"code": "block_or_horizontals"},
)
"""Each removal kind as a code with its numbers (how the view and the events say it):
``column_up_to`` (1 to ``max`` verticals of one column), ``column_or_horizontal`` (one
horizontal, or everything left in one column), ``block_or_horizontals`` (all the
remaining horizontals, or the verticals of one intact block; of any block when none is
intact)."""


def removal_text(removal: Mapping[str, Any]) -> str:
    """A coded removal (one of :data:`REMOVAL_CODES`) in English.

    >>> removal_text({"code": "column_up_to", "max": 2})
    '1 or 2 verticals of one column'
    """
    code = removal["code"]
    if code == "column_up_to":
        most = int(removal["max"])
        if most == 1:
            return "one vertical"
        counts = [str(k) for k in range(1, most + 1)]
        return f"{', '.join(counts[:-1])} or {counts[-1]} verticals of one column"
    if code == "column_or_horizontal":
        return "one horizontal, or everything left in one column"
    if code == "block_or_horizontals":
        return (
            "all the remaining horizontals, or all the verticals of one intact block "
            "(the remaining verticals of one block when no block is intact)"
        )
    raise ValueError(f"{code!r} is not a Cavaleiro removal")


REMOVAL_TEXT: tuple[str, ...] = tuple(removal_text(code) for code in REMOVAL_CODES)


@dataclass(frozen=True)
class RankedRoll:
    """A roll of four dice with its place in the seed's ranking.

    ``key`` compares like the rolls: a higher key is a better roll, equal keys
    tie (and the earlier roller wins a tie). ``dice`` are as rolled.
    """

    dice: tuple[int, int, int, int]
    category: Category
    key: tuple[int, ...]
    name: str
    removal: str

    @property
    def rank(self) -> int:
        """The category as a number: 0 nothing … 4 four of a kind."""
        return self.key[0]

    def beats(self, other: RankedRoll) -> bool:
        """Whether this roll wins against ``other`` rolled earlier (a tie does not)."""
        return self.key > other.key


def _dice_of(dice: Sequence[int] | str) -> tuple[int, int, int, int]:
    if isinstance(dice, str):
        values: list[int] = []
        for ch in dice:
            if ch.isdigit():
                values.append(int(ch))
            elif not (ch.isspace() or ch in ",-"):
                raise ValueError(f"a roll is four dice from 1 to 6, like '6 5 2 1', not {dice!r}")
    else:
        values = list(dice)
    if len(values) != 4 or not all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in values
    ):
        raise ValueError(f"a roll is four dice from 1 to 6, like '6 5 2 1', not {dice!r}")
    return values[0], values[1], values[2], values[3]


def _classify(dice: tuple[int, int, int, int]) -> tuple[tuple[int, ...], str, int]:
    """The key, the name and the removal kind of a roll."""
    counts = [0] * 7
    for d in dice:
        counts[d] += 1
    by_count = sorted(((c, v) for v, c in enumerate(counts) if c), reverse=True)
    shape = [c for c, _ in by_count]
    top = by_count[0][1]
    if shape == [4]:
        return (FOUR_OF_A_KIND, top), f"four of a kind ({top}s)", R_BLOCK_OR_HORIZONTALS
    if shape == [3, 1]:
        return (THREE_OF_A_KIND, top), f"three of a kind ({top}s)", R_COLUMN_OR_HORIZONTAL
    if shape == [2, 2]:
        low = by_count[1][1]
        removal = R_UP_TO_3 if top >= 5 else R_UP_TO_2
        return (TWO_PAIRS, top, low), f"two pairs ({top}s and {low}s)", removal
    if shape == [2, 1, 1]:
        return (ONE_PAIR, top), f"one pair ({top}s)", R_UP_TO_2 if top >= 5 else R_ONE
    high_first = tuple(sorted(dice, reverse=True))
    return (NOTHING, *high_first), "nothing (" + " ".join(map(str, high_first)) + ")", R_ONE


def rank_roll(dice: Sequence[int] | str) -> RankedRoll:
    """The category, comparable key and allowed removal of four dice.

    ``dice`` is four numbers from 1 to 6 (a list, or text like ``"6521"`` or
    ``"6 5 2 1"``).

    >>> rank_roll("4444").key > rank_roll("6663").key > rank_roll("6655").key
    True
    >>> rank_roll("2221").key > rank_roll("6654").key   # three of a kind beats two pairs
    True
    >>> rank_roll("6612").key == rank_roll("6634").key  # a pair ties on the pair alone
    True
    >>> rank_roll("5 4 3 1").category
    'nothing'
    """
    d = _dice_of(dice)
    key, name, removal = _classify(d)
    return RankedRoll(d, CATEGORIES[key[0]], key, name, REMOVAL_TEXT[removal])


# ------------------------------------------------------------------ tables
# Every ordered roll has an index 0..1295 (the dice in base 6).

ROLLS: tuple[tuple[int, int, int, int], ...] = tuple(
    (a, b, c, d) for a, b, c, d in product(range(1, 7), repeat=4)
)
ROLL_COUNT = len(ROLLS)
ROLL_TEXT: tuple[str, ...] = tuple("roll " + " ".join(map(str, r)) for r in ROLLS)
"""Canonical chance text of each roll."""
ROLL_INDEX: dict[str, int] = {text: i for i, text in enumerate(ROLL_TEXT)}
ROLL_TOTAL: tuple[int, ...] = tuple(sum(r) for r in ROLLS)


def _ranked_rolls() -> tuple[tuple[RankedRoll, ...], tuple[int, ...]]:
    """Every roll ranked (as :func:`rank_roll`) and the removal kind it allows: each of
    the 126 sets of four dice classified once, not each of the 1296 orders."""
    classes: dict[tuple[int, ...], tuple[tuple[int, ...], str, int]] = {}
    ranked = []
    removal = []
    for dice in ROLLS:
        held = tuple(sorted(dice))
        found = classes.get(held)
        if found is None:
            found = classes[held] = _classify(dice)
        key, name, kind = found
        ranked.append(RankedRoll(dice, CATEGORIES[key[0]], key, name, REMOVAL_TEXT[kind]))
        removal.append(kind)
    return tuple(ranked), tuple(removal)


_RANKED, ROLL_REMOVAL = _ranked_rolls()
ROLL_RANKED: tuple[RankedRoll, ...] = _RANKED
_STRENGTH_OF = {key: s for s, key in enumerate(sorted({r.key for r in _RANKED}))}
ROLL_STRENGTH: tuple[int, ...] = tuple(_STRENGTH_OF[r.key] for r in _RANKED)
"""Each roll's key as a small int: higher is better, equal ties."""
_WEAKNESS: tuple[int, ...] = tuple(-s for s in ROLL_STRENGTH)


def roll_index(dice: Sequence[int] | str) -> int:
    """The index (0..1295) of four dice in the order rolled, as in :data:`ROLLS`."""
    return ROLLS.index(_dice_of(dice))


# ----------------------------------------------------------- who wins a round


def round_ranking(rolls: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """A round's (seat, roll index) pairs, in rolling order, ranked best first: the
    stronger roll (:data:`ROLL_STRENGTH`) ahead, and of equal rolls the earlier one.

    >>> six, four, one = roll_index("6666"), roll_index("4444"), roll_index("6521")
    >>> [seat for seat, _ in round_ranking([(2, four), (0, six), (1, six), (3, one)])]
    [0, 1, 2, 3]
    """
    return sorted(rolls, key=lambda seat_roll: _WEAKNESS[seat_roll[1]])  # a stable sort


def tie_break_of(ahead: int, behind: int) -> dict[str, Any]:
    """:func:`tie_break` of two rolls by their indexes (from a table: for events)."""
    code, die = _tie_breaks()[ROLL_STRENGTH[ahead]][ROLL_STRENGTH[behind]]
    return {"code": code, "die": die} if die else {"code": code}


def tie_break(ahead: Sequence[int], behind: Sequence[int]) -> dict[str, Any]:
    """What ranks the roll with key ``ahead`` before the one with key ``behind``, both of
    a round's ranking, as a code with its numbers: ``category``, ``number`` (of the four
    or the three), ``higher_pair``, ``lower_pair``, ``pair``, ``die`` (``die``: which die
    counted from the highest, 1 to 4, decided between two rolls of nothing) or
    ``rolled_first`` (the rolls tie: the earlier roller ranks ahead).

    >>> tie_break(rank_roll("6622").key, rank_roll("6611").key)
    {'code': 'lower_pair'}
    >>> tie_break(rank_roll("6531").key, rank_roll("6521").key)
    {'code': 'die', 'die': 3}
    """
    for i, (a, b) in enumerate(zip(ahead, behind, strict=False)):
        if a != b:
            if i == 0:
                return {"code": "category"}
            category = ahead[0]
            if category == NOTHING:
                return {"code": "die", "die": i}
            if category == TWO_PAIRS:
                return {"code": "higher_pair" if i == 1 else "lower_pair"}
            return {"code": "pair" if category == ONE_PAIR else "number"}
    return {"code": "rolled_first"}


@functools.cache
def _levels() -> tuple[list[int], list[int], list[int], list[int]]:
    """Per strength: how many of the 1296 rolls have it, the removal kind it allows, and
    how many rolls rank behind it when rolled before it, and when rolled after it."""
    count = [0] * (max(ROLL_STRENGTH) + 1)
    kind = [-1] * len(count)
    for roll in range(ROLL_COUNT):
        s = ROLL_STRENGTH[roll]
        count[s] += 1
        if kind[s] not in (-1, ROLL_REMOVAL[roll]):  # equal rolls always allow the same
            raise AssertionError("two equal rolls allow different removals")
        kind[s] = ROLL_REMOVAL[roll]
    levels = range(len(count))
    roll_of = [ROLL_STRENGTH.index(s) for s in levels]  # a roll of each strength

    def ahead(first: int, second: int, mine: int) -> bool:
        ranked = round_ranking([(0, roll_of[first]), (1, roll_of[second])])
        return ranked[0][0] == mine

    before = [sum(count[t] for t in levels if ahead(t, s, 1)) for s in levels]
    after = [sum(count[t] for t in levels if ahead(s, t, 0)) for s in levels]
    return count, kind, before, after


@functools.cache
def place_odds(players: int, place: int) -> tuple[Fraction, ...]:
    """P(the roller at ``place`` (0 = rolls first) of ``players`` wins the round with each
    removal kind), exactly, by :func:`round_ranking`'s rule.

    >>> first, second = place_odds(2, 0), place_odds(2, 1)
    >>> sum(first) + sum(second) == 1 and sum(first) > sum(second)
    True
    """
    if not 0 <= place < players:
        raise ValueError(f"place {place} is not one of 0 to {players - 1}")
    from fractions import Fraction  # here: a game never needs the exact odds

    count, kind, before, after = _levels()
    odds = [0] * KINDS
    for s, c in enumerate(count):
        # every earlier roll ranks behind it, and every later one
        odds[kind[s]] += c * before[s] ** place * after[s] ** (players - 1 - place)
    total = ROLL_COUNT**players
    return tuple(Fraction(x, total) for x in odds)


@functools.cache
def kind_odds(players: int) -> tuple[Fraction, ...]:
    """P(the round's best roll of ``players`` rolls allows each removal kind), exactly.

    >>> [round(float(p), 4) for p in kind_odds(2)]
    [0.4201, 0.3214, 0.0735, 0.1758, 0.0092]
    """
    if players < 1:
        raise ValueError("at least one player rolls")
    from fractions import Fraction

    return tuple(
        sum((place_odds(players, i)[r] for i in range(players)), Fraction(0)) for r in range(KINDS)
    )


@functools.cache
def _tie_breaks() -> list[list[tuple[str, int]]]:
    """:func:`tie_break` for every pair of strengths, as (code, die or 0): made when
    first read (a round's events), not when a game starts."""
    key_of = {ROLL_STRENGTH[r]: ROLL_RANKED[r].key for r in range(ROLL_COUNT)}
    table = []
    for a in range(len(key_of)):
        row = []
        for b in range(len(key_of)):
            said = tie_break(key_of[a], key_of[b])
            row.append((said["code"], said.get("die", 0)))
        table.append(row)
    return table
