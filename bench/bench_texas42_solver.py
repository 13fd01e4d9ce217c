"""Time to solve a Texas 42 hand exactly from the first lead, on one core.

Random deals, every trump (0 to 6, doubles, follow-me), the bidder a random seat
bidding 30. For each deal, from an empty transposition table each time:

- ``solve``: ``ludoteca.solve(game)``, the full answer (exact value of every legal
  move, final points, principal variation);
- ``value``: the exact final points alone (``solver.exact_value``, null-window searches);
- ``threshold``: ``ludoteca.solve(game, target=30)``, can the bidders make 30
  (one null-window search), and ``target=42`` (a mark: every trick).

Prints the median and 95th percentile of wall time (and of CPU time) per query,
each the median over ``--runs`` passes, and the search speed in nodes per second.
``--search python`` times the Python search instead (the solver's fallback when
the C extension is not built; use fewer deals).

Run: ``.venv/bin/python bench/bench_texas42_solver.py [--deals 297] [--runs 3] [--search c]``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import ludoteca
from ludoteca.games.texas42 import Texas42, solver
from ludoteca.games.texas42.core import PLAY
from ludoteca.tiles import TILE_TEXT

CONTRACTS = [f"trump {n}" for n in range(7)] + ["trump doubles", "trump follow-me"]


def first_lead(rng: random.Random, contract: str) -> Texas42:
    """A random deal at its first lead: a random seat bid 30 and named ``contract``."""
    game = ludoteca.new_game("texas42", chance="manual")
    assert isinstance(game, Texas42)
    game.play("draw 6-6 5-4 3-1 0-0")  # seat 0 deals
    tiles = list(range(28))
    rng.shuffle(tiles)
    game.play(
        "deal "
        + " | ".join(" ".join(TILE_TEXT[t] for t in tiles[7 * i : 7 * i + 7]) for i in range(4))
    )
    bidder = rng.randrange(4)
    for seat in (1, 2, 3, 0):
        game.play("bid 30" if seat == bidder else "pass")
    game.play(contract)
    assert game.core.phase == PLAY
    return game


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def timed(
    games: list[Texas42], query: Callable[[Texas42], object]
) -> tuple[list[float], list[float], int]:
    """Wall and CPU seconds of ``query`` on each game, from an empty table; nodes searched."""
    walls, cpus = [], []
    nodes = 0
    for game in games:
        solver.clear_table()
        n0 = solver.nodes_searched()
        c0, w0 = time.process_time(), time.perf_counter()
        query(game)
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
        nodes += solver.nodes_searched() - n0
    return walls, cpus, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=297, help="deals (spread over the 9 trumps)")
    parser.add_argument("--runs", type=int, default=3, help="passes over the deals (medians)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--search", choices=("c", "python"), default="c")
    args = parser.parse_args()
    solver.search = solver.c_search if args.search == "c" else solver.python_search
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    rng = random.Random(args.seed)
    games = [first_lead(rng, CONTRACTS[i % len(CONTRACTS)]) for i in range(args.deals)]
    queries: dict[str, Callable[[Texas42], object]] = {
        "solve (all moves + pv)": lambda g: ludoteca.solve(g),
        "value (exact points)": lambda g: solver.exact_value(solver.position(g)),
        "threshold: make 30?": lambda g: ludoteca.solve(g, target=30),
        "threshold: make 42?": lambda g: ludoteca.solve(g, target=42),
    }
    print(
        f"Texas 42 exact solver ({args.search} search): {args.deals} random deals from the "
        f"first lead (trumps 0-6, doubles, follow-me), {args.runs} runs, one core"
    )
    print(
        f"{'query':26s} {'median ms':>10s} {'p95 ms':>8s} {'max ms':>8s} {'cpu med':>8s} "
        f"{'cpu p95':>8s} {'Mnodes/s':>9s} {'nodes med':>10s}"
    )
    for name, query in queries.items():
        med, p95, top, cmed, cp95, speed = [], [], [], [], [], []
        per_game_nodes: list[int] = []
        for _ in range(args.runs):
            walls, cpus, nodes = timed(games, query)
            med.append(statistics.median(walls))
            p95.append(percentile(walls, 0.95))
            top.append(max(walls))
            cmed.append(statistics.median(cpus))
            cp95.append(percentile(cpus, 0.95))
            speed.append(nodes / sum(cpus) / 1e6 if sum(cpus) else 0.0)
        for game in games:
            solver.clear_table()
            n0 = solver.nodes_searched()
            query(game)
            per_game_nodes.append(solver.nodes_searched() - n0)
        ms = [1000 * statistics.median(x) for x in (med, p95, top, cmed, cp95)]
        print(
            f"{name:26s} {ms[0]:10.1f} {ms[1]:8.1f} {ms[2]:8.1f} {ms[3]:8.1f} {ms[4]:8.1f} "
            f"{statistics.median(speed):9.1f} {statistics.median(per_game_nodes):10.0f}"
        )
    print("goal (issue 6): solve median <= 50 ms, p95 <= 250 ms")


if __name__ == "__main__":
    main()
