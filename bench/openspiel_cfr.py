"""CFR on a Texas 42 ending through OpenSpiel: NashConv as the iterations go.

The game is ``python_ludoteca_texas42`` with ``ending_seed`` (see
``ludoteca.openspiel``): the last tricks of a hand from a random game, the tiles
not yet played dealt afresh among the deals that fit the play so far.

    .venv/bin/python bench/openspiel_cfr.py --seed 60 --tricks 2 --iterations 16
"""

from __future__ import annotations

import argparse
import time

import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
from open_spiel.python.algorithms import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
    cfr,
    exploitability,
    external_sampling_mccfr,
)

from ludoteca.openspiel import texas42_ending  # (the import registers the games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=60)
    parser.add_argument("--tricks", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=16)
    parser.add_argument("--solver", choices=["cfr", "mccfr"], default="cfr")
    args = parser.parse_args()
    game = pyspiel.load_game(
        "python_ludoteca_texas42",
        {"ending_seed": args.seed, "ending_tricks": args.tricks, "scoring": "points"},
    )
    deals = texas42_ending(args.seed, args.tricks, scoring="points")[1]
    print(f"{game}: {len(deals)} deals fit the play so far")
    start = time.process_time()
    if args.solver == "cfr":
        solver = cfr.CFRSolver(game)
        step = solver.evaluate_and_update_policy
    else:
        solver = external_sampling_mccfr.ExternalSamplingSolver(game)
        step = solver.iteration
    print(f"{'iterations':>10} {'NashConv':>10} {'CPU s':>8}")
    checkpoints = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, args.iterations}
    for i in range(1, args.iterations + 1):
        step()
        if i in checkpoints:
            conv = exploitability.nash_conv(game, solver.average_policy())
            print(f"{i:>10} {conv:>10.5f} {time.process_time() - start:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
