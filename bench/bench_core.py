"""The shared Game base's costs, the same measure for every game.

- **decision**: random games from ``new_game(seed)`` to the end through
  ``legal_actions()`` and ``fast.apply()`` (the generic fast path),
  CPU time over the decisions made (creation and chance events in the time);
- **copy** and **apply**: ``copy()`` of positions where a decision is due, and
  ``copy()`` then one ``fast.apply`` less the copy (a move that draws no
  chance event), µs a position; **copy/apply** their ratio;
- **copy late**: ``copy()`` of positions from the last fifth of long games (the
  history and its events are long there).

Each figure is the median over the rounds. With ``--against SRC`` (another checkout's
``src`` folder, its C extensions built in place) every round runs twice in fresh
processes, once on each tree, alternating which goes first, and the table gives
both medians and their ratio (this tree over the other) round by round.

Run: ``.venv/bin/python bench/bench_core.py [--rounds 7] [--against /path/to/other/src]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from timing import copy_and_apply_cost, unchecked

GAMES: dict[str, dict[str, Any]] = {
    "texas42": {},
    "bingo": {},
    "fiveup": {"players": 2},
    "cavaleiro": {"players": 2},
}


def per_decision(name: str, options: dict[str, Any], games: int, seed: int) -> float:
    """CPU µs a decision of random games on the generic fast path."""
    import ludoteca

    decisions = 0
    start = time.process_time()
    for i in range(games):
        game = ludoteca.new_game(name, seed=seed + i, **options)
        rng = random.Random(seed + i)
        legal_actions = game.legal_actions
        apply = unchecked(game)
        while not game.is_over:
            legal = legal_actions()
            apply(legal[int(rng.random() * len(legal))])
            decisions += 1
    return 1e6 * (time.process_time() - start) / decisions


def positions(name: str, options: dict[str, Any], count: int, late: bool) -> list[Any]:
    """Decision points of random games (with ``late``, from their last fifth only)."""
    import ludoteca

    rng = random.Random(7)
    out: list[Any] = []
    i = 0
    while len(out) < count:
        game = ludoteca.new_game(name, seed=7000 + i, **options)
        i += 1
        seen = []
        while not game.is_over:
            seen.append(game.copy())
            unchecked(game)(rng.choice(game.legal_actions()))
        if late:
            seen = seen[len(seen) * 4 // 5 :]
        out.extend(g for g in seen if rng.random() < 0.2)
    return out[:count]


def quiet_move(game: Any) -> int:
    """A legal action of ``game`` after which no chance event is drawn (else the first)."""
    for a in game.legal_actions():
        twin = game.copy()
        unchecked(twin)(a)
        if twin.to_move is not None and len(twin.moves) == len(game.moves) + 1:
            return int(a)
    return int(game.legal_actions()[0])


def copy_apply(found: list[Any], reps: int) -> tuple[float, float]:
    """CPU µs of ``copy()``, and of one ``fast.apply`` after it."""
    return copy_and_apply_cost(found, [quiet_move(g) for g in found], reps)


def one_round(seed: int, games: int) -> dict[str, float]:
    """Every figure once."""
    out: dict[str, float] = {}
    for name, options in GAMES.items():
        per_decision(name, options, 2, seed)  # imports and tables made once, untimed
        out[f"{name} decision µs"] = per_decision(name, options, games, seed)
        found = positions(name, options, 300, late=False)
        c, a = copy_apply(found, 10)
        out[f"{name} copy µs"] = c
        out[f"{name} apply µs"] = a
        out[f"{name} copy/apply"] = c / a
        late = positions(name, options, 300, late=True)
        out[f"{name} copy late µs"] = copy_apply(late, 10)[0]
    return out


def run_tree(src: Path, seed: int, games: int) -> dict[str, float]:
    """One round in a fresh process on the package in ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    args = [sys.executable, __file__, "--one-round", str(seed), "--games", str(games)]
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=20, help="random games a round, per game")
    parser.add_argument("--against", type=Path, help="another checkout's src folder")
    parser.add_argument("--one-round", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_round is not None:
        print(json.dumps(one_round(args.one_round, args.games)))
        return
    here = Path(__file__).resolve().parent.parent / "src"
    trees: dict[str, Path] = {"this": here}
    if args.against is not None:
        trees = {"other": args.against.resolve(), "this": here}
    results: dict[str, list[dict[str, float]]] = {k: [] for k in trees}
    for r in range(args.rounds):
        order = list(trees.items())
        if r % 2:
            order.reverse()
        for label, src in order:
            results[label].append(run_tree(src, 1000 * r + 1, args.games))

    def median(label: str, key: str) -> float:
        return statistics.median(x[key] for x in results[label])

    keys = list(results["this"][0])
    print(
        f"{args.rounds} rounds, CPU time, medians"
        + (" (low-high of this/other)" * bool(args.against))
    )
    for key in keys:
        line = f"  {key:28} this {median('this', key):8.2f}"
        if args.against is not None:
            ratios = [
                t[key] / o[key] for t, o in zip(results["this"], results["other"], strict=True)
            ]
            line += (
                f"   other {median('other', key):8.2f}   this/other "
                f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
            )
        print(line)


if __name__ == "__main__":
    main()
