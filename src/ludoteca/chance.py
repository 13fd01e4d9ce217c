"""Chance numbers: what a game draws its chance events from.

The chance event at move index ``k`` of a game with seed ``s`` is drawn from one
number, :meth:`ChanceSource.number` of ``k``: the BLAKE2b hash of ``s`` and ``k``
(a counter-based generator, so no generator is seeded and nothing is carried
from one event to the next). A copy therefore shares nothing with its original,
and undoing a move and playing it again draws the same events.

A number is uniform on ``[0, 2**256)``; :func:`sample` and :func:`permutation`
read it as digits in a mixed radix, which is uniform to within ``2**-150`` for
anything drawn from 28 tiles (28! is below ``2**98``).

>>> source = ChanceSource(7)
>>> source.number(3) == ChanceSource(7).number(3) != source.number(4)
True
>>> sorted(permutation(source.number(0), 28)) == list(range(28))
True
>>> sample(12345, 28, 3)
[25, 9, 18]
"""

from __future__ import annotations

from hashlib import blake2b
from typing import Any

__all__ = ["NUMBER_BITS", "ChanceSource", "permutation", "sample"]

NUMBER_BITS = 256
"""How many bits a chance number has (:meth:`random.Random.getrandbits` of this many
gives a number of the same kind from another generator)."""

_PERSON = b"ludoteca chance"


class ChanceSource:
    """The chance numbers of one seed (any whole number)."""

    __slots__ = ("_prefix", "seed")

    seed: int

    def __init__(self, seed: int) -> None:
        self.seed = seed
        size = seed.bit_length() // 8 + 1
        self._prefix = blake2b(
            seed.to_bytes(size, "little", signed=True), digest_size=32, person=_PERSON
        )

    def number(self, index: int) -> int:
        """The number of the chance event at move index ``index``: uniform on
        ``[0, 2**256)``, a function of the seed and ``index`` only."""
        h = self._prefix.copy()
        h.update(index.to_bytes(8, "little"))
        return int.from_bytes(h.digest(), "little")

    def numbers(self, start: int, count: int) -> list[int]:
        """The numbers of the ``count`` chance events at move indices ``start``,
        ``start + 1`` … (as :meth:`number` of each)."""
        prefix = self._prefix
        out = []
        for index in range(start, start + count):
            h = prefix.copy()
            h.update(index.to_bytes(8, "little"))
            out.append(int.from_bytes(h.digest(), "little"))
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        return ChanceSource, (self.seed,)


def sample(number: int, population: int, k: int) -> list[int]:
    """``k`` distinct values of ``range(population)`` in order drawn, read from
    ``number``: a partial Fisher–Yates shuffle whose swap ``i`` takes the next digit,
    in radix ``population - i``."""
    order = list(range(population))
    plan = _PLANS.get((population, k))
    if plan is None:
        plan = _PLANS[population, k] = _plan(population, k)
    for product, steps in plan:
        chunk = number % product
        number //= product
        for i, radix in steps:
            j = chunk % radix + i
            chunk //= radix
            order[i], order[j] = order[j], order[i]
    return order if k == population else order[:k]


def permutation(number: int, n: int) -> list[int]:
    """``range(n)`` in an order read from ``number`` (every order equally likely)."""
    return sample(number, n, n)


_Plan = tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
_PLANS: dict[tuple[int, int], _Plan] = {}
"""The digits of each (population, k) drawn so far, grouped in chunks below ``2**30``
(CPython's one-digit numbers: dividing them is cheapest)."""


def _plan(population: int, k: int) -> _Plan:
    steps = [(i, population - i) for i in range(min(k, population - 1))]
    plan = []
    while steps:
        product = 1
        chunk: list[tuple[int, int]] = []
        while steps and (not chunk or product * steps[0][1] < 2**30):
            product *= steps[0][1]
            chunk.append(steps.pop(0))
        plan.append((product, tuple(chunk)))
    return tuple(plan)
