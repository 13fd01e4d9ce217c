"""The hidden-tile sampler: exact and uniform on every call, the problems it keeps
between calls included."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from ludoteca.sampling import CACHE_SIZE, count_assignments, sample_assignment

TILES = [1 << t for t in range(7)]
UNKNOWN = sum(TILES)
# three groups of 3, 2 and 2 tiles; group 1 may not hold tiles 0 and 1, group 2 not tile 6
GROUPS = [(UNKNOWN, 3), (UNKNOWN & ~0b11, 2), (UNKNOWN & ~(1 << 6), 2)]
SPECIAL = TILES[2] | TILES[3] | TILES[4]
MINIMUM = {2: 1}  # group 2 holds at least one of tiles 2, 3, 4


def fits(masks: list[int], groups: list[tuple[int, int]]) -> bool:
    return (
        sum(masks) == UNKNOWN
        and all(
            m & ~allowed == 0 and m.bit_count() == size
            for m, (allowed, size) in zip(masks, groups, strict=True)
        )
        and (masks[2] & SPECIAL).bit_count() >= 1
    )


def all_assignments() -> list[tuple[int, ...]]:
    out = []
    for first in itertools.combinations(range(7), 3):
        rest = [t for t in range(7) if t not in first]
        for second in itertools.combinations(rest, 2):
            third = [t for t in rest if t not in second]
            masks = [sum(1 << t for t in part) for part in (first, second, third)]
            if fits(masks, GROUPS):
                out.append(tuple(masks))
    return out


def test_repeated_draws_of_one_problem_are_uniform() -> None:
    every = all_assignments()
    assert count_assignments(UNKNOWN, GROUPS, special=SPECIAL, minimum=MINIMUM) == len(every)
    rng = random.Random(7)
    draws = 300 * len(every)
    seen = Counter(
        tuple(sample_assignment(UNKNOWN, GROUPS, rng, special=SPECIAL, minimum=MINIMUM))
        for _ in range(draws)
    )
    assert set(seen) == set(every)
    # 300 expected each: a count outside 300 ± 75 is over 4 standard deviations off
    assert all(225 <= n <= 375 for n in seen.values()), seen


def test_problems_kept_between_calls_do_not_mix() -> None:
    rng = random.Random(3)
    other = [(UNKNOWN, 4), (UNKNOWN & ~0b1, 3)]  # group 1 never holds tile 0
    for i in range(4 * CACHE_SIZE):
        if i % 2:
            masks = sample_assignment(UNKNOWN, other, rng)
            assert masks[0] & 1 and masks[0] | masks[1] == UNKNOWN
        else:
            masks = sample_assignment(UNKNOWN, GROUPS, rng, special=SPECIAL, minimum=MINIMUM)
            assert fits(masks, GROUPS)
        # a problem of its own each time, the kept ones pushed out
        lone = sample_assignment(1 << (20 + i % 8), [(1 << (20 + i % 8), 1)], rng)
        assert lone == [1 << (20 + i % 8)]
