"""The ``random`` level: a uniformly random legal move."""

from __future__ import annotations

from .base import Bot, SeatHandle


class RandomBot(Bot):
    """Plays a legal move chosen uniformly at random."""

    level = "random"

    def choose(self, handle: SeatHandle) -> str:
        return self.rng.choice(handle.legal_moves())
