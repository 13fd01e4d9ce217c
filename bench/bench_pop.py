"""``Game.pop()`` early and late in a game: µs per pop at 7 moves and at 150.

For each game, random games are played on the fast path (``fast.apply``,
chance drawn by the game) to 7 moves and to 150 (or the last decision before the end
when a game is shorter; the table says how long the late games are), and copies of
each position are popped once each. The two lengths alternate round after round in
the same process; a figure is CPU time (``time.process_time``, the collector
paused) per pop, the median of the rounds. A pop that costs the same early and late
gives a late/early ratio near 1 (a pop that wrote out the history grew tenfold).

    .venv/bin/python bench/bench_pop.py [--rounds 7] [--positions 200]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

import ludoteca
from ludoteca.game import Game

GAMES = ("texas42", "fiveup", "bingo", "cavaleiro")
LENGTHS = (7, 150)


def positions(name: str, moves: int, count: int) -> list[Game]:
    """``count`` games of ``name`` with about ``moves`` moves, a decision last."""
    found: list[Game] = []
    seed = 0
    while len(found) < count:
        game = ludoteca.new_game(name, seed=seed)
        rng = random.Random(seed)
        seed += 1
        decisions = 0
        while len(game) < moves:
            game.fast.apply(rng.choice(game.legal_actions()))
            decisions += 1
            if game.is_over:
                game.pop()  # back to before the last decision
                decisions -= 1
                break
        if decisions:  # a decision to undo
            found.append(game)
    return found


def per_pop(games: list[Game], copies: int) -> float:
    """CPU µs of one ``pop()`` of each of ``copies`` copies of every game."""
    twins = [g.copy() for g in games for _ in range(copies)]
    gc.disable()
    try:
        start = time.process_time()
        for twin in twins:
            twin.pop()
        spent = time.process_time() - start
    finally:
        gc.enable()
    return 1e6 * spent / len(twins)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args()
    print(f"CPU µs per pop(), median of {args.rounds} alternating rounds")
    print(f"{'game':10} {'@7':>8} {'late':>8} {'moves':>6} {'late/early':>10}")
    for name in GAMES:
        games = {n: positions(name, n, args.positions) for n in LENGTHS}
        figures: dict[int, list[float]] = {n: [] for n in LENGTHS}
        for r in range(args.rounds):
            for n in LENGTHS if r % 2 == 0 else LENGTHS[::-1]:
                figures[n].append(per_pop(games[n], 5))
        early, late = (statistics.median(figures[n]) for n in LENGTHS)
        moves = statistics.median(len(g) for g in games[LENGTHS[-1]])
        print(f"{name:10} {early:8.2f} {late:8.2f} {moves:6.0f} {late / early:10.2f}")


if __name__ == "__main__":
    main()
