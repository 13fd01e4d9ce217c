"""What the arena benches share: a percentile, and a match printed with the
``ludoteca arena`` command that reproduces it."""

from __future__ import annotations

import time
from collections.abc import Mapping

from ludoteca.arena import MatchResult, run_match


def percentile(values: list[float], p: float) -> float:
    """The ``p`` quantile of ``values`` (nearest rank, as the benches quote p95)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def print_match(
    game: str,
    bots: str,
    games: int,
    *,
    jobs: int,
    seed: int,
    options: Mapping[str, object] | None = None,
) -> MatchResult:
    """Play a duplicate-deal match of ``bots`` (``"expert,greedy"``) and print the
    command that reproduces it, its table and its wall time."""
    options = dict(options or {})
    start = time.perf_counter()
    result = run_match(
        game, bots.split(","), games=games, duplicate=True, jobs=jobs, seed=seed, options=options
    )
    took = time.perf_counter() - start
    extra = "".join(f" -o {k}={v}" for k, v in options.items())
    print(
        f"$ ludoteca arena {game} --bots {bots} --games {games} --duplicate "
        f"--jobs {jobs} --seed {seed}{extra}"
    )
    print(result.table())
    print(f"({took:.0f} s)\n", flush=True)
    return result
