"""Texas 42 bots: decision times and arena matches.

Run from the repository root (long: the expert thinks about half a second per
decision, and a game to 7 marks holds about 200 decisions; ``--games`` scales it):

    .venv/bin/python bench/arena_texas42.py [--games 100] [--jobs 2] [--parts timing,arena]

1. Timing: CPU seconds per expert decision (median, p95, max) by phase, over
   whole games against greedy bots; the budget's goal is p95 <= 1 s on one core.
2. Arena matches with duplicate deals, each printed with the ``ludoteca arena``
   command that reproduces it: greedy against random, expert against greedy
   (a team of two experts against a team of two greedy bots, games to 7 marks).
   In Texas 42 duplicate replays the same seed with the teams swapped: the
   deals are the same in both games of a pair for as long as the games last.
"""

from __future__ import annotations

import argparse
import statistics
import time

from arena_common import print_match

from ludoteca import new_game
from ludoteca.bots import choose_move, make_bot


def timing(games: int) -> None:
    print("## Expert decision times (CPU seconds, default budget)\n")
    times: dict[str, list[float]] = {"bid": [], "trump": [], "play": []}
    for g in range(games):
        game = new_game("texas42", seed=500 + g)
        bots = [
            make_bot("texas42", "expert" if s % 2 == 0 else "greedy", seed=10 * g + s)
            for s in range(4)
        ]
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            phase = game.view(seat)["phase"]
            several = len(game.legal_moves()) > 1
            start = time.process_time()
            move = choose_move(bots[seat], game)
            spent = time.process_time() - start
            if seat % 2 == 0 and several:
                times[phase].append(spent)
            game.play(move)
    everything = sorted(t for ts in times.values() for t in ts)
    for phase, ts in [*times.items(), ("all", everything)]:
        ts = sorted(ts)
        if ts:
            p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
            print(
                f"{phase:>6}: {len(ts):5} decisions  median {statistics.median(ts):.3f}  "
                f"p95 {p95:.3f}  max {ts[-1]:.3f}"
            )
    print()


def arena(games: int, jobs: int) -> None:
    print("## Arena (duplicate deals, games to 7 marks)\n")
    for bots in ("greedy,random", "expert,greedy"):
        print_match("texas42", bots, games, jobs=jobs, seed=7)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timing-games", type=int, default=4)
    parser.add_argument("--parts", default="timing,arena")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    if "timing" in parts:
        timing(args.timing_games)
    if "arena" in parts:
        arena(args.games, args.jobs)


if __name__ == "__main__":
    main()
