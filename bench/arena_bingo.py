"""Bingo bots: decision times and arena matches with duplicate deals.

Run from the repository root (about 30 minutes on two cores shared with other
jobs, nearly all of it the expert's 100 games; ``--quick`` for a smoke run with a
tenth of the games):

    .venv/bin/python bench/arena_bingo.py [--quick] [--parts timing,arena,hands]

1. ``timing``: the expert's decision times at its default budget (CPU seconds
   of one core), over whole matches against greedy, by kind of decision: while
   the stock lasts (playouts and the solver), once the stock is closed (the
   solver on determinizations), once it is exhausted (one exact solve), the
   last-two choice; and all decisions with more than one legal move.
2. ``arena``: whole matches to 7 sets (the arena's unit of a game) with
   duplicate deals, each printed with the ``ludoteca arena`` command that
   reproduces it.
3. ``hands``: how the expert's hands go against greedy: hands won, sets per
   hand, closes made and how often they reached 70, shows.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from arena_common import percentile, print_match

import ludoteca
from ludoteca.bots import choose_move, make_bot

MATCHES = [
    ("greedy,random", 1000),
    ("expert,greedy", 100),
]


def timing(matches: int) -> None:
    print("## Expert decision times (default budget, CPU seconds of one core)\n")
    kinds: dict[str, list[float]] = {"stock": [], "closed": [], "exhausted": [], "take": []}
    for m in range(matches):
        game = ludoteca.new_game("bingo", seed=10_000 + m)
        bots = [make_bot("bingo", "expert", seed=m), make_bot("bingo", "greedy", seed=m)]
        if m % 2:
            bots.reverse()
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            bot = bots[seat]
            if bot.level != "expert" or len(game.legal_moves()) < 2:
                game.play(choose_move(bot, game))
                continue
            view = game.view(seat)
            if view["phase"] == "take":
                kind = "take"
            elif not view["following_compulsory"]:
                kind = "stock"
            else:
                kind = "closed" if view["closed"] else "exhausted"
            start = time.process_time()
            move = choose_move(bot, game)
            kinds[kind].append(time.process_time() - start)
            game.play(move)
    every = [t for ts in kinds.values() for t in ts]
    print(f"{'decisions':<12}{'count':>7}{'median s':>10}{'p95 s':>8}{'max s':>8}")
    for name, ts in [*kinds.items(), ("all", every)]:
        if ts:
            print(
                f"{name:<12}{len(ts):>7}{statistics.median(ts):>10.3f}"
                f"{percentile(ts, 0.95):>8.3f}{max(ts):>8.3f}"
            )
    print()


def arena(scale: float, jobs: int, seed: int) -> None:
    print("## Arena: matches to 7 sets, duplicate deals\n")
    for bots, games in MATCHES:
        n = max(2, int(games * scale) // 2 * 2)
        print_match("bingo", bots, n, jobs=jobs, seed=seed)


def hands(matches: int) -> None:
    print("## The expert's hands against greedy\n")
    stats: Counter[str] = Counter()
    sets: Counter[int] = Counter()
    for m in range(matches):
        game = ludoteca.new_game("bingo", seed=20_000 + m)
        expert_seat = m % 2
        bots = [make_bot("bingo", "greedy", seed=m), make_bot("bingo", "greedy", seed=m)]
        bots[expert_seat] = make_bot("bingo", "expert", seed=m)
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            game.play(choose_move(bots[seat], game))
        for hand in game.result()["hands"]:
            stats["hands"] += 1
            won = hand["winner"] == expert_seat
            stats["won"] += won
            if won:
                sets[hand["sets_won"][expert_seat]] += 1
            for who, name in ((expert_seat, "expert"), (1 - expert_seat, "greedy")):
                if hand["closed_by"] == who:
                    stats[f"{name} closes"] += 1
                    stats[f"{name} closes made"] += hand["winner"] == who
                for trick in hand["tricks"]:
                    if trick["leader"] == who and trick["shown"]:
                        stats[f"{name} shows"] += 1
                        stats[f"{name} shows won"] += trick["show_points"] > 0
    n = stats["hands"]
    print(f"hands: {n}, won by the expert: {stats['won']} ({100 * stats['won'] / n:.1f}%)")
    print(
        "sets taken by the expert in the hands it won: "
        + ", ".join(f"{k}: {sets[k]}" for k in sorted(sets))
    )
    for name in ("expert", "greedy"):
        print(
            f"{name}: closes {stats[f'{name} closes']} (made {stats[f'{name} closes made']}), "
            f"shows {stats[f'{name} shows']} (won {stats[f'{name} shows won']})"
        )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--parts", default="timing,arena,hands")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0
    parts = args.parts.split(",")
    if "timing" in parts:
        timing(2 if args.quick else 8)
    if "arena" in parts:
        arena(scale, args.jobs, args.seed)
    if "hands" in parts:
        hands(4 if args.quick else 40)


if __name__ == "__main__":
    main()
