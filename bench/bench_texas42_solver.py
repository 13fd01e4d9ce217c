"""Time to solve a Texas 42 hand exactly from the first lead, on one core.

Random deals, every trump (0 to 6, doubles, follow-me), the bidder a random seat
bidding 30. For each deal, from an empty transposition table each time:

- ``solve``: ``ludoteca.solve(game)``, the full answer (exact value of every legal
  move, final points, principal variation);
- ``value``: the exact final points alone (``solver.exact_value``, null-window searches);
- ``threshold``: ``ludoteca.solve(game, target=30)``, can the bidders make 30
  (one null-window search), and ``target=42`` (a mark: every trick).

Prints, per query, the median, 95th percentile and maximum of the CPU time (and
the median and 95th percentile of the wall time), each the median over
``--runs`` passes, the search speed in nodes per CPU second, and the median,
95th percentile and maximum of the nodes searched. ``--search python`` times the
Python search instead (the solver's fallback when the C extension is not built;
use fewer deals).

``--baseline SRC`` times another build of the solver beside this one, deal by
deal in turn (A B, B A, ...), so that both see the same load: ``SRC`` is the
``src`` directory of another checkout (for instance the main branch's), whose
``ludoteca/games/texas42/solver.py`` and built ``_solver`` extension are loaded
(its rules tables must be the same as this checkout's). Both must give the same
solutions.

Run: ``.venv/bin/python bench/bench_texas42_solver.py [--deals 297] [--runs 3] [--search c]
[--baseline ../main/src]``
"""

from __future__ import annotations

import argparse
import gc
import glob
import importlib.machinery
import importlib.util
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from types import ModuleType

import ludoteca
from ludoteca.games.texas42 import Texas42, solver
from ludoteca.games.texas42.core import PLAY
from ludoteca.games.texas42.tables import (
    COUNT,
    FOLLOW_MASK,
    LED_SUIT,
    SEVENS,
    SEVENS_RING,
    STRENGTH,
)
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


Query = Callable[[ModuleType, Texas42], object]
QUERIES: dict[str, Query] = {
    "solve (all moves + pv)": lambda m, g: m.solve_position(m.position(g)),
    "value (exact points)": lambda m, g: m.exact_value(m.position(g)),
    "threshold: make 30?": lambda m, g: m.can_reach(m.position(g), 30),
    "threshold: make 42?": lambda m, g: m.can_reach(m.position(g), 42),
}
"""The queries, on a solver module (``ludoteca.solve(game)`` and ``ludoteca.solve(game,
target=...)`` call the same functions)."""


def baseline(src: str) -> ModuleType:
    """The solver module of another checkout, with its own compiled search."""
    here = os.path.join(src, "ludoteca", "games", "texas42")
    so = glob.glob(os.path.join(here, "_solver*.so"))
    if not so:
        raise SystemExit(f"no built _solver extension in {here}")
    loader = importlib.machinery.ExtensionFileLoader("baseline._solver", so[0])
    spec = importlib.util.spec_from_file_location("baseline._solver", so[0], loader=loader)
    assert spec is not None
    ext = importlib.util.module_from_spec(spec)
    loader.exec_module(ext)
    ext.init(LED_SUIT, FOLLOW_MASK, STRENGTH, COUNT, SEVENS_RING, SEVENS)
    name = "ludoteca.games.texas42.baseline_solver"  # its relative imports are this checkout's
    spec = importlib.util.spec_from_file_location(name, os.path.join(here, "solver.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    module._c = ext  # type: ignore[attr-defined]
    module.search = module.c_search  # type: ignore[attr-defined]
    return module


def answer(result: object) -> object:
    """What must agree between two builds."""
    moves = getattr(result, "moves", None)  # a Solution, of either build's class
    if moves is None:
        return result
    return (
        getattr(result, "value", None),
        getattr(result, "pv", None),
        [(m.move, m.value) for m in moves],
    )


def measure(
    builds: list[ModuleType], games: list[Texas42], query: Query, runs: int
) -> list[tuple[list[float], list[float], list[float], list[int]]]:
    """For each build: wall and CPU seconds of ``query`` on each game (the least
    of ``runs`` passes), the CPU seconds of each pass, and the nodes on each game."""
    walls = [[float("inf")] * len(games) for _ in builds]
    cpus = [[float("inf")] * len(games) for _ in builds]
    passes: list[list[float]] = [[] for _ in builds]
    nodes = [[0] * len(games) for _ in builds]
    for run in range(runs):
        spent = [0.0] * len(builds)
        for i, game in enumerate(games):
            turn = (i + run) % len(builds)
            answers = []
            for b in builds[turn:] + builds[:turn]:
                k = builds.index(b)
                b.clear_table()
                n0 = b.nodes_searched()
                c0, w0 = time.process_time(), time.perf_counter()
                result = query(b, game)
                wall, cpu = time.perf_counter() - w0, time.process_time() - c0
                walls[k][i] = min(walls[k][i], wall)
                cpus[k][i] = min(cpus[k][i], cpu)
                spent[k] += cpu
                nodes[k][i] = b.nodes_searched() - n0
                answers.append(answer(result))
            if any(a != answers[0] for a in answers):
                raise SystemExit(f"the builds disagree on deal {i}: {answers}")
        for k in range(len(builds)):
            passes[k].append(spent[k])
    return [(walls[k], cpus[k], passes[k], nodes[k]) for k in range(len(builds))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=297, help="deals (spread over the 9 trumps)")
    parser.add_argument("--runs", type=int, default=3, help="passes over the deals")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--search", choices=("c", "python"), default="c")
    parser.add_argument("--baseline", metavar="SRC", help="another checkout's src, timed beside")
    args = parser.parse_args()
    solver.search = solver.c_search if args.search == "c" else solver.python_search
    builds: list[ModuleType] = [solver]
    names = [f"this ({args.search})"]
    if args.baseline:
        builds.append(baseline(args.baseline))
        names.append("baseline")
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    rng = random.Random(args.seed)
    games = [first_lead(rng, CONTRACTS[i % len(CONTRACTS)]) for i in range(args.deals)]
    print(
        f"Texas 42 exact solver: {args.deals} random deals from the first lead (trumps 0-6, "
        f"doubles, follow-me), least of {args.runs} runs a deal, one core"
    )
    print(
        f"{'query':23s} {'build':13s} {'cpu med':>8s} {'cpu p95':>8s} {'cpu max':>8s} "
        f"{'wall med':>8s} {'wall p95':>8s} {'Mnodes/s':>8s} {'nodes med':>9s} {'p95':>8s} "
        f"{'max':>8s}"
    )
    gc.disable()  # the collector's pauses are not the solver's
    for name, query in QUERIES.items():
        for k, (walls, cpus, passes, nodes) in enumerate(measure(builds, games, query, args.runs)):
            ms = [1000 * x for x in (statistics.median(cpus), percentile(cpus, 0.95), max(cpus))]
            wall = [1000 * statistics.median(walls), 1000 * percentile(walls, 0.95)]
            speed = sum(nodes) / statistics.median(passes) / 1e6
            print(
                f"{name:23s} {names[k]:13s} {ms[0]:8.2f} {ms[1]:8.2f} {ms[2]:8.2f} "
                f"{wall[0]:8.2f} {wall[1]:8.2f} {speed:8.1f} {statistics.median(nodes):9.0f} "
                f"{percentile(nodes, 0.95):8.0f} {max(nodes):8.0f}"
            )
    print("goal (issue 6): solve, CPU median <= 1 ms and p95 <= 4 ms")


if __name__ == "__main__":
    main()
