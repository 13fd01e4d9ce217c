"""Time to solve a Bingo hand exactly once the stock is exhausted or closed, on one core.

Positions (random deals, a fresh set each run):

- ``exhausted``: both players follow the greedy rules, never closing, until the
  last two are shared out; the position is the first lead with the stock
  exhausted (seven tricks to play, seven tiles in each hand, the points of the
  seven tricks before). Hands that end before are skipped.
- ``closed at once``: the leader closes at the first lead (seven tricks, no
  points yet: the largest searches).

For each, from an empty transposition table each time:

- ``solve``: ``ludoteca.solve(game)``, the full answer (every legal move's exact
  value with the point tie-break, the principal variation);
- ``value``: the exact value alone (one search, set difference then points);
- ``target``: ``ludoteca.solve(game, target=1)``, can the player to move win the
  hand by a set or more (null-window searches without the tie-break).

Prints the median and 95th percentile of wall and CPU time per query, the
maximum CPU time, each the median over ``--runs`` passes, the median number of
lead nodes a query visits, and the search speed in nodes per second.

Run: ``.venv/bin/python bench/bench_bingo_solver.py [--positions 300] [--runs 3]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import ludoteca
from ludoteca.bots.bingo_common import greedy_action
from ludoteca.games.bingo import Bingo, solver
from ludoteca.games.bingo import _solver as engine
from ludoteca.games.bingo.core import A_CLOSE, LEAD


def exhausted(rng: random.Random) -> Bingo:
    """A random deal played by the greedy rules (no close) to the stock's exhaustion."""
    while True:
        game = ludoteca.new_game("bingo", seed=rng.randrange(10**9))
        assert isinstance(game, Bingo)
        while game.core.hand_no == 1 and not game.is_over:
            if game.core.phase == LEAD and game.following_compulsory:
                return game
            # the greedy rules read only what the player to move may know
            action = greedy_action(game.core)
            if action == A_CLOSE:
                action = next(a for a in game.legal_actions() if a != A_CLOSE)
            game.apply_action(action)


def closed_at_once(rng: random.Random) -> Bingo:
    game = ludoteca.new_game("bingo", seed=rng.randrange(10**9))
    assert isinstance(game, Bingo)
    game.play("close")
    return game


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def timed(
    query: Callable[[Bingo], object], games: list[Bingo]
) -> tuple[list[float], list[float], list[int]]:
    """Wall and CPU seconds of ``query`` on each game, from an empty table; lead nodes."""
    walls, cpus, nodes = [], [], []
    for game in games:
        engine.clear()
        n = engine.nodes()
        w, c = time.perf_counter(), time.process_time()
        query(game)
        cpus.append(time.process_time() - c)
        walls.append(time.perf_counter() - w)
        nodes.append(engine.nodes() - n)
    return walls, cpus, nodes


def value_only(game: Bingo) -> int:
    pos = solver.position_of(game)
    return solver.searcher(pos.cfg, pos.closed_by).value(pos)


QUERIES: dict[str, Callable[[Bingo], object]] = {
    "solve": ludoteca.solve,
    "value": value_only,
    "target": lambda g: ludoteca.solve(g, target=1),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Bingo solver, {args.positions} positions of each kind, median of {args.runs} runs")
    print(
        f"{'position':<16}{'query':<8}{'median ms':>11}{'p95 ms':>9}{'cpu med':>9}"
        f"{'cpu p95':>9}{'cpu max':>9}{'nodes med':>10}"
    )
    speeds = []
    for kind, make in (("exhausted", exhausted), ("closed at once", closed_at_once)):
        table: dict[str, list[tuple[float, ...]]] = {q: [] for q in QUERIES}
        for run in range(args.runs):
            rng = random.Random(args.seed * 1000 + run)
            games = [make(rng) for _ in range(args.positions)]
            for name, query in QUERIES.items():
                walls, cpus, nodes = timed(query, games)
                if name == "solve":
                    speeds.append(sum(nodes) / sum(cpus))
                table[name].append(
                    (
                        statistics.median(walls),
                        percentile(walls, 0.95),
                        statistics.median(cpus),
                        percentile(cpus, 0.95),
                        max(cpus),
                        statistics.median(nodes) / 1000,
                    )
                )
        for name, rows in table.items():
            cols = [1000 * statistics.median(r[i] for r in rows) for i in range(6)]
            print(
                f"{kind:<16}{name:<8}{cols[0]:>11.2f}{cols[1]:>9.2f}{cols[2]:>9.2f}{cols[3]:>9.2f}"
                f"{cols[4]:>9.2f}{cols[5]:>10.0f}"
            )
    print(f"search speed: {statistics.median(speeds) / 1e6:.2f} M lead nodes per CPU second")


if __name__ == "__main__":
    main()
