"""Cavaleiro's ranking of four dice: the seed's examples, every category and tie-break."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest

from ludoteca.games.cavaleiro import CATEGORIES, RankedRoll, rank_roll


def beats(a: str, b: str) -> bool:
    return rank_roll(a).beats(rank_roll(b))


def ties(a: str, b: str) -> bool:
    return rank_roll(a).key == rank_roll(b).key


# ------------------------------------------------------------- the seed


def test_seed_example_6521_beats_5321_and_6432() -> None:
    assert beats("6521", "5321")
    assert beats("6521", "6432")
    assert not beats("5321", "6521")
    assert not beats("6432", "6521")


def test_categories_in_the_seed_order() -> None:
    assert CATEGORIES == ("nothing", "one pair", "two pairs", "three of a kind", "four of a kind")
    ladder = ["1111", "6665", "2211", "6655", "1123", "6612", "6542", "4321"]
    names = [rank_roll(r).category for r in ladder]
    assert names == [
        "four of a kind",
        "three of a kind",
        "two pairs",
        "two pairs",
        "one pair",
        "one pair",
        "nothing",
        "nothing",
    ]
    # the weakest of each category beats the best of the next one down
    assert beats("1111", "6665")
    assert beats("1112", "6655")
    assert beats("2211", "6654")
    assert beats("1123", "6543")


# ------------------------------------------------------- one per category


def test_four_of_a_kind_higher_number_wins() -> None:
    r = rank_roll([5, 5, 5, 5])
    assert r.category == "four of a kind" and r.rank == 4
    assert beats("6666", "5555")
    assert beats("2222", "1111")
    assert r.removal.startswith("all the remaining horizontals, or all the verticals")


def test_three_of_a_kind_higher_triple_wins_and_the_odd_die_does_not_count() -> None:
    r = rank_roll("4 4 1 4")
    assert r.category == "three of a kind"
    assert beats("4441", "3336")
    assert ties("4441", "4446")
    assert r.removal == "one horizontal, or everything left in one column"


def test_two_pairs_higher_pair_then_lower_pair() -> None:
    r = rank_roll("3 6 6 3")
    assert r.category == "two pairs" and r.key == (2, 6, 3)
    assert beats("6611", "5544")  # higher pair decides first
    assert beats("6633", "6622")  # then the lower pair
    assert ties("6633", "3636")


def test_two_pairs_removal_depends_on_the_higher_pair() -> None:
    assert rank_roll("6611").removal == "1, 2 or 3 verticals of one column"
    assert rank_roll("5544").removal == "1, 2 or 3 verticals of one column"
    for roll in ("4411", "3322", "2211", "4433"):
        assert rank_roll(roll).removal == "1 or 2 verticals of one column"


def test_one_pair_higher_pair_wins_and_the_odd_dice_do_not_count() -> None:
    r = rank_roll("2 6 5 5")
    assert r.category == "one pair" and r.key == (1, 5)
    assert beats("5526", "4465")
    assert ties("6612", "6654")
    assert rank_roll("6612").removal == "1 or 2 verticals of one column"
    assert rank_roll("5512").removal == "1 or 2 verticals of one column"
    for roll in ("4412", "3312", "2213", "1123"):
        assert rank_roll(roll).removal == "one vertical"


def test_nothing_reads_the_dice_from_highest_to_lowest() -> None:
    r = rank_roll("1 5 2 6")
    assert r.category == "nothing" and r.key == (0, 6, 5, 2, 1)
    assert r.removal == "one vertical"
    assert beats("6541", "6532")  # second die decides
    assert beats("6431", "6421")  # third die decides
    assert beats("6432", "6431")  # fourth die decides
    assert ties("6521", "1256")


def test_dice_are_kept_as_rolled_and_named() -> None:
    r = rank_roll("2 5 1 6")
    assert r.dice == (2, 5, 1, 6)
    assert r.name == "nothing (6 5 2 1)"
    assert rank_roll("1 1 1 1").name == "four of a kind (1s)"
    assert rank_roll("3 1 3 1").name == "two pairs (3s and 1s)"


def test_ranked_roll_is_frozen() -> None:
    r = rank_roll("6666")
    assert isinstance(r, RankedRoll)
    with pytest.raises(AttributeError):
        r.category = "nothing"  # type: ignore[misc]


@pytest.mark.parametrize(
    "bad", ["652", "65210", "7111", "0123", [1, 2, 3], [1, 2, 3, True], "6x21"]
)
def test_bad_dice_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="four dice from 1 to 6"):
        rank_roll(bad)  # type: ignore[arg-type]


# ----------------------------------- against an independent reference


def reference_order(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The seed's ranking written out a second way: pattern strength then tie values."""
    counts = Counter(dice)
    pattern = sorted(counts.values(), reverse=True)
    pairs = sorted((v for v, c in counts.items() if c == 2), reverse=True)
    if pattern == [4]:
        return (40, dice[0])
    if pattern == [3, 1]:
        return (30, next(v for v, c in counts.items() if c == 3))
    if pattern == [2, 2]:
        return (20, pairs[0], pairs[1])
    if pattern == [2, 1, 1]:
        return (10, pairs[0])
    return (0, *sorted(dice, reverse=True))


def test_ranking_agrees_with_a_reference_on_every_pair_of_rolls() -> None:
    rolls = list(combinations_with_replacement(range(1, 7), 4))
    assert len(rolls) == 126
    for a in rolls:
        ka, ra = rank_roll(a).key, reference_order(a)
        for b in rolls:
            kb, rb = rank_roll(b).key, reference_order(b)
            assert (ka > kb) == (ra > rb), (a, b)
            assert (ka == kb) == (ra == rb), (a, b)
