"""Timing helpers shared by the benchmarks (CPU time, the collector paused)."""

from __future__ import annotations

import gc
import time
from collections.abc import Sequence
from typing import Any


def unchecked(game: Any) -> Any:
    """``game.fast.apply``, or ``apply_action_unchecked`` in a tree from before it
    (another checkout measured against this one)."""
    return game.fast.apply if hasattr(type(game), "fast") else game.apply_action_unchecked


def copy_and_apply_cost(
    games: Sequence[Any], actions: Sequence[int], reps: int
) -> tuple[float, float]:
    """CPU µs of one ``copy()`` of each game, and of one ``fast.apply`` of
    its action on a copy (the copy's own cost taken out), means over ``reps`` passes."""
    gc.disable()
    try:
        start = time.process_time()
        for _ in range(reps):
            for g in games:
                g.copy()
        copying = time.process_time() - start
        has_fast = bool(games) and hasattr(type(games[0]), "fast")
        start = time.process_time()
        for _ in range(reps):
            for g, a in zip(games, actions, strict=True):
                c = g.copy()
                if has_fast:
                    c.fast.apply(a)
                else:
                    c.apply_action_unchecked(a)
        both = time.process_time() - start
    finally:
        gc.enable()
    n = reps * len(games)
    return 1e6 * copying / n, 1e6 * (both - copying) / n
