"""Five-Up bots: decision times and arena matches with duplicate deals.

Run from the repository root (about 40 minutes on two free cores: an expert
decision costs about 0.3 s, a game to 61 holds about 40 of them per expert;
``--quick`` for a smoke run with a tenth of the games; ``--parts`` to pick
what runs):

    .venv/bin/python bench/arena_fiveup.py [--quick] [--parts timing,arena,teams] [--jobs 2]

1. ``timing``: the expert's decision times at its default budget (CPU seconds
   of one core, ``time.process_time``), over whole games against greedy (two
   players, then four in partnerships), by kind of decision: while the stock
   may be drawn from (play-outs), once it is closed (the exact solver on
   determinizations); and all decisions with more than one distinct play. The
   goal is p95 <= 1 s.
2. ``arena``: two-player games to 61 with duplicate deals (every deal played
   twice, the seats swapped), each printed with the ``ludoteca arena`` command
   that reproduces it: greedy against random, expert against greedy, expert
   against random.
3. ``teams``: four players in partnerships, a team of two experts against a
   team of two greedy bots (duplicate: the same deal with the teams swapped).
"""

from __future__ import annotations

import argparse
import statistics
import time

from arena_common import percentile, print_match

import ludoteca
from ludoteca.bots import choose_move, make_bot
from ludoteca.bots.fiveup_common import HandKnowledge
from ludoteca.games.fiveup.solver import move_of

MATCHES = [
    ("greedy,random", 400, {}),
    ("expert,greedy", 60, {}),
    ("expert,random", 30, {}),
]
TEAMS = [("expert,greedy", 100, {"players": 4})]


def timing(games: int, players: int) -> None:
    print(
        f"## Expert decision times, {players} players (default budget, CPU seconds of one core)\n"
    )
    kinds: dict[str, list[float]] = {"stock open": [], "stock closed": []}
    for g in range(games):
        game = ludoteca.new_game("fiveup", seed=30_000 + g, players=players)
        side_of = game.view(None)["side_of"]
        expert_side = g % 2
        bots = [
            make_bot("fiveup", "expert" if side_of[s] == expert_side else "greedy", seed=g + s)
            for s in range(players)
        ]
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            several = len({move_of(a) for a in game.legal_actions()}) > 1
            if side_of[seat] != expert_side or not several:
                game.play(choose_move(bots[seat], game))
                continue
            k = HandKnowledge.from_view(game.view(seat))
            kind = "stock closed" if k.stock_drawable == 0 else "stock open"
            start = time.process_time()
            move = choose_move(bots[seat], game)
            kinds[kind].append(time.process_time() - start)
            game.play(move)
    every = [t for ts in kinds.values() for t in ts]
    print(f"{'decisions':<14}{'count':>7}{'median s':>10}{'p95 s':>8}{'max s':>8}")
    for name, ts in [*kinds.items(), ("all", every)]:
        if ts:
            print(
                f"{name:<14}{len(ts):>7}{statistics.median(ts):>10.3f}"
                f"{percentile(ts, 0.95):>8.3f}{max(ts):>8.3f}"
            )
    print(
        f"({games} games to 61, the expert on alternate sides against greedy; "
        "decisions with more than one distinct play)\n",
        flush=True,
    )


def matches(
    title: str, plan: list[tuple[str, int, dict[str, int]]], scale: float, jobs: int, seed: int
) -> None:
    print(f"## {title}\n")
    for bots, games, options in plan:
        n = max(2, int(games * scale) // 2 * 2)
        print_match("fiveup", bots, n, jobs=jobs, seed=seed, options=options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--parts", default="timing,arena,teams")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0
    parts = args.parts.split(",")
    if "timing" in parts:
        timing(2 if args.quick else 10, 2)
        timing(1 if args.quick else 4, 4)
    if "arena" in parts:
        matches(
            "Arena: two players, games to 61, duplicate deals", MATCHES, scale, args.jobs, args.seed
        )
    if "teams" in parts:
        matches(
            "Arena: partnerships (four players), games to 61", TEAMS, scale, args.jobs, args.seed
        )


if __name__ == "__main__":
    main()
