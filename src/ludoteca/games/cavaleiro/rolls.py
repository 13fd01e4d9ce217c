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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

__all__ = [
    "CATEGORIES",
    "FOUR_OF_A_KIND",
    "NOTHING",
    "ONE_PAIR",
    "REMOVAL_TEXT",
    "THREE_OF_A_KIND",
    "TWO_PAIRS",
    "RankedRoll",
    "rank_roll",
]

# Categories, worst first (the category number is the first element of a key).
NOTHING, ONE_PAIR, TWO_PAIRS, THREE_OF_A_KIND, FOUR_OF_A_KIND = range(5)
CATEGORIES: tuple[str, ...] = (
    "nothing",
    "one pair",
    "two pairs",
    "three of a kind",
    "four of a kind",
)

# What a winning roll lets its player remove.
R_ONE, R_UP_TO_2, R_UP_TO_3, R_COLUMN_OR_HORIZONTAL, R_BLOCK_OR_HORIZONTALS = range(5)
REMOVAL_TEXT: tuple[str, ...] = (
    "one vertical",
    "1 or 2 verticals of one column",
    "1, 2 or 3 verticals of one column",
    "one horizontal, or everything left in one column",
    "all the remaining horizontals, or all the verticals of one intact block "
    "(the remaining verticals of one block when no block is intact)",
)
COLUMN_LIMIT: tuple[int, ...] = (1, 2, 3, 0, 0)
"""For the pair-like removals, how many verticals of one column may be taken."""


@dataclass(frozen=True)
class RankedRoll:
    """A roll of four dice with its place in the seed's ranking.

    ``key`` compares like the rolls: a higher key is a better roll, equal keys
    tie (and the earlier roller wins a tie). ``dice`` are as rolled.
    """

    dice: tuple[int, int, int, int]
    category: str
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
_RANKED: tuple[RankedRoll, ...] = tuple(rank_roll(r) for r in ROLLS)
ROLL_RANKED: tuple[RankedRoll, ...] = _RANKED
_KEYS_SORTED = sorted({r.key for r in _RANKED})
ROLL_STRENGTH: tuple[int, ...] = tuple(_KEYS_SORTED.index(r.key) for r in _RANKED)
"""Each roll's key as a small int: higher is better, equal ties."""
ROLL_REMOVAL: tuple[int, ...] = tuple(_classify(r)[2] for r in ROLLS)
