"""Exact uniform sampling of hidden tiles under hard constraints.

Engines use this for ``Game.sample_hidden``: the tiles a seat cannot see are
shared out among *groups* (other hands, a stock, or part of a hand acquired at
some moment), each with a size and a mask of tiles it may hold. Every complete
assignment that respects the masks, the sizes and the minimum counts is drawn
with the same probability.

Tiles are grouped into *types* by the set of groups allowed to hold them; the
number of completions is counted over types with multinomial weights, so the
cost depends on the number of groups and types, not on the number of tiles.
A problem once counted is kept (the last few, by their masks, sizes and
minimums) with the choices of every step weighed: a bot drawing many deals of
the same position counts once, then each draw is a walk over the types.

>>> import random
>>> from ludoteca.tiles import Tile
>>> a, b, c = Tile(6, 6).bit, Tile(5, 5).bit, Tile(4, 4).bit
>>> count_assignments(a | b | c, [(a | b | c, 1), (a | b | c, 2)])
3
>>> count_assignments(a | b | c, [(a | b | c, 1), (b | c, 2)])  # only group 0 may hold 6-6
1
>>> sample_assignment(a | b | c, [(a | b | c, 1), (b | c, 2)], random.Random(1))[0] == a
True
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from itertools import accumulate
from math import comb

from .tiles import indices_of

__all__ = ["count_assignments", "sample_assignment"]

Group = tuple[int, int]  # (allowed mask, size)
_Node = tuple[int, tuple[int, ...], tuple[int, ...]]  # (type index, caps left, need left)
_Choice = tuple[list[int], list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]]
"""A step's cumulative weights and, for each, (caps left, need left, split)."""

CACHE_SIZE = 16
"""How many problems are kept, counted, between calls."""


def _compositions(m: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Ways to split ``m`` among slots with capacities ``caps`` (each k ≤ cap)."""
    if not caps:
        if m == 0:
            yield ()
        return
    if len(caps) == 1:
        if m <= caps[0]:
            yield (m,)
        return
    rest_cap = sum(caps[1:])
    for k in range(max(0, m - rest_cap), min(m, caps[0]) + 1):
        for tail in _compositions(m - k, caps[1:]):
            yield (k, *tail)


class _Problem:
    def __init__(
        self,
        unknown: int,
        groups: Sequence[Group],
        special: int,
        minimum: Mapping[int, int],
    ) -> None:
        self.groups = list(groups)
        self.special = special
        self.constrained = sorted(g for g, k in minimum.items() if k > 0)
        self.need0 = tuple(minimum[g] for g in self.constrained)
        by_type: dict[tuple[int, bool], list[int]] = {}
        for t in indices_of(unknown):
            sig = 0
            for j, (allowed, _) in enumerate(groups):
                if allowed >> t & 1:
                    sig |= 1 << j
            key = (sig, bool(special >> t & 1))
            by_type.setdefault(key, []).append(t)
        self.types = sorted(by_type.items())
        self.memo: dict[_Node, int] = {}
        self.choices: dict[_Node, _Choice] = {}

    def _moves(
        self, i: int, caps: tuple[int, ...], need: tuple[int, ...]
    ) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], list[int]]]:
        (sig, is_special), tiles = self.types[i]
        members = [j for j in range(len(self.groups)) if sig >> j & 1]
        m = len(tiles)
        for split in _compositions(m, [caps[j] for j in members]):
            ways = 1
            left = m
            new_caps = list(caps)
            new_need = list(need)
            for j, k in zip(members, split, strict=True):
                ways *= comb(left, k)
                left -= k
                new_caps[j] -= k
                if is_special and k and j in self.constrained:
                    c = self.constrained.index(j)
                    new_need[c] = max(0, new_need[c] - k)
            yield ways, tuple(new_caps), tuple(new_need), split, members

    def count(self, i: int, caps: tuple[int, ...], need: tuple[int, ...]) -> int:
        """Completions of types ``i``… with capacities ``caps`` and minimums ``need`` left."""
        if i == len(self.types):
            return 1 if not any(caps) and not any(need) else 0
        key = (i, caps, need)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        total = 0
        for ways, new_caps, new_need, _, _ in self._moves(i, caps, need):
            total += ways * self.count(i + 1, new_caps, new_need)
        self.memo[key] = total
        return total

    def choice(self, i: int, caps: tuple[int, ...], need: tuple[int, ...]) -> _Choice:
        """The ways to share out type ``i`` from this node that can be completed,
        with cumulative weights (the completions each leads to)."""
        key = (i, caps, need)
        hit = self.choices.get(key)
        if hit is not None:
            return hit
        weights: list[int] = []
        options = []
        for ways, new_caps, new_need, split, _ in self._moves(i, caps, need):
            w = ways * self.count(i + 1, new_caps, new_need)
            if w:
                options.append((new_caps, new_need, split))
                weights.append(w)
        made = (list(accumulate(weights)), options)
        self.choices[key] = made
        return made


def _problem(
    unknown: int, groups: Sequence[Group], special: int, minimum: Mapping[int, int]
) -> _Problem:
    """The problem of these constraints, counted before when it was asked lately."""
    return _kept_problem(unknown, tuple(groups), special, tuple(sorted(minimum.items())))


@functools.lru_cache(maxsize=CACHE_SIZE)
def _kept_problem(
    unknown: int, groups: tuple[Group, ...], special: int, minimum: tuple[tuple[int, int], ...]
) -> _Problem:
    # lru_cache keeps its bookkeeping safe when bots on several threads draw at once
    return _Problem(unknown, groups, special, dict(minimum))


def count_assignments(
    unknown: int,
    groups: Sequence[Group],
    *,
    special: int = 0,
    minimum: Mapping[int, int] | None = None,
) -> int:
    """How many ways the ``unknown`` tiles can be shared among ``groups``.

    ``groups`` are ``(allowed mask, size)``; ``minimum`` maps a group index to
    the least number of ``special`` tiles it must hold.
    """
    p = _Problem(unknown, groups, special, minimum or {})
    caps = tuple(size for _, size in groups)
    return p.count(0, caps, p.need0)


def sample_assignment(
    unknown: int,
    groups: Sequence[Group],
    rng: random.Random,
    *,
    special: int = 0,
    minimum: Mapping[int, int] | None = None,
) -> list[int]:
    """One assignment drawn uniformly: a tile mask per group.

    Raises ``ValueError`` if the constraints admit no assignment.
    """
    p = _problem(unknown, groups, special, minimum or {})
    caps = tuple(size for _, size in groups)
    need = p.need0
    if sum(caps) != unknown.bit_count() or p.count(0, caps, need) == 0:
        raise ValueError("no assignment of the hidden tiles fits what is known")
    out = [0] * len(groups)
    for i, ((sig, _), type_tiles) in enumerate(p.types):
        cumulative, options = p.choice(i, caps, need)
        # the first index whose cumulative weight exceeds a uniform draw below the total:
        # each option with probability proportional to its exact integer weight
        caps, need, split = options[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
        tiles = list(type_tiles)
        rng.shuffle(tiles)
        pos = 0
        members = [j for j in range(len(groups)) if sig >> j & 1]
        for j, k in zip(members, split, strict=True):
            for t in tiles[pos : pos + k]:
                out[j] |= 1 << t
            pos += k
    return out
