"""Time to solve a Five-Up hand exactly once its stock is closed, on one core.

Positions: random games (2, 3 and 4 players, every move chosen at random) up to
the first decision with the stock down to the tiles that are never drawn (the
last one; the last two with four players): the whole ending of that hand, the
largest search the solver is asked for in it. For each, ``ludoteca.solve(game)``
(every legal move's exact value and the principal variation), each from a table
of its own as always.

Prints, per number of players, the median, 95th percentile and maximum of the
CPU time, and of the nodes searched; endings beyond the solver's default node
limit (``SearchLimit``) are counted apart, their time included.

Run: ``.venv/bin/python bench/bench_fiveup_solver.py [--positions 200] [--seed 1]``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import ludoteca
from ludoteca.games.fiveup import FiveUp
from ludoteca.games.fiveup.solver import SearchLimit, Solution


def stock_closed(rng: random.Random, players: int) -> FiveUp:
    """A random game played at random to the first decision with the stock closed."""
    reserve = 2 if players == 4 else 1
    while True:
        game = ludoteca.new_game("fiveup", seed=rng.randrange(10**9), players=players)
        assert isinstance(game, FiveUp)
        while not game.is_over:
            if isinstance(game.to_move, int) and len(game.stock_left) <= reserve:
                return game
            game.apply_action(rng.choice(game.legal_actions()))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="endings per player count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    print(f"Five-Up exact solver: solve(game) once the stock is closed, {args.positions} endings")
    print(
        f"{'players':>7s} {'cpu median ms':>14s} {'p95 ms':>8s} {'max ms':>8s} "
        f"{'nodes median':>13s} {'p95':>9s} {'max':>10s} {'over limit':>10s}"
    )
    for players in (2, 3, 4):
        rng = random.Random(args.seed * 10 + players)
        games = [stock_closed(rng, players) for _ in range(args.positions)]
        cpus: list[float] = []
        nodes: list[float] = []
        over = 0
        for game in games:
            start = time.process_time()
            try:
                solution = ludoteca.solve(game)
            except SearchLimit:
                over += 1
            else:
                assert isinstance(solution, Solution)
                nodes.append(solution.nodes)
            cpus.append(time.process_time() - start)
        ms = [1000 * x for x in (statistics.median(cpus), percentile(cpus, 0.95), max(cpus))]
        print(
            f"{players:>7d} {ms[0]:>14.2f} {ms[1]:>8.2f} {ms[2]:>8.2f} "
            f"{statistics.median(nodes):>13.0f} {percentile(nodes, 0.95):>9.0f} "
            f"{max(nodes):>10.0f} {over:>10d}"
        )


if __name__ == "__main__":
    main()
