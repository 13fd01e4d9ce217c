"""Cavaleiro bots: the exact tables, the exact strength of the policies, and arena matches.

Run from the repository root (about 15 minutes on two free cores; ``--quick`` for a
smoke run with a tenth of the games):

    .venv/bin/python bench/arena_cavaleiro.py [--quick] [--parts tables,exact,timing,arena]

1. The tables: figure states, the expected round wins from the start, the
   size and CPU time of the two-player tables; the expert's decision times.
2. Exact two-player odds on the default figure (``duel_odds``: every roll
   and every decision accounted for, no sampling) between the policies: the
   expert at its default budget, the expert with the whole two-player table
   (budget 10 s), the expert on round wins alone (budget 0), and greedy.
3. Arena matches with duplicate deals, each printed with the ``ludoteca arena``
   command that reproduces it. In Cavaleiro duplicate replays the same seed
   with the seats swapped, and since the dice never depend on the decisions,
   every seat rolls the same dice in both games of a deal: the luck of the dice
   cancels, and only the removals differ. The pair counts below the table say
   how often the removals changed the winner.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from typing import Any

from ludoteca import new_game
from ludoteca.arena import MatchResult, run_match
from ludoteca.bots import choose_move, make_bot
from ludoteca.bots.cavaleiro_expert import ExpertPolicy, endgame_sticks, endgame_table
from ludoteca.bots.cavaleiro_greedy import greedy_policy
from ludoteca.bots.cavaleiro_tables import DuelTable, FigureSpace, RoundsTable, duel_odds

LAYOUT = "3x3x3+3"


def cpu(f: Any, *args: Any) -> tuple[Any, float]:
    start = time.process_time()
    out = f(*args)
    return out, time.process_time() - start


def tables() -> DuelTable:
    print("## Tables (default figure 3x3x3+3; CPU seconds on one core)\n")
    space, t_space = cpu(FigureSpace, FigureSpace.of(LAYOUT).layout)
    print(f"figure states up to symmetry: {len(space):,} (built in {t_space:.2f} s)")
    for players in (2, 3, 4, 6, 8):
        table, t = cpu(RoundsTable.build, LAYOUT, players)
        print(
            f"  {players} players: {table.value(table.space.start):.3f} round wins needed "
            f"from the start (round-wins table in {t:.2f} s)"
        )
    space = FigureSpace.of(LAYOUT)
    sticks = endgame_sticks(space, 1.0)
    _, t_end = cpu(endgame_table, LAYOUT, sticks)
    states = space.groups[sticks + 1]
    print(
        f"two-player endgame table at the default budget: figures of at most {sticks} sticks, "
        f"{states:,} states, {states**2:,} pairs, built in {t_end:.2f} s"
    )
    duel, t_duel = cpu(DuelTable.build, LAYOUT)
    print(
        f"whole two-player table: {len(space) ** 2:,} pairs ({8 * len(space) ** 2 / 1e6:.0f} MB), "
        f"built in {t_duel:.2f} s; the first roller of a round at the start wins "
        f"{100 * duel.value(space.start, space.start):.3f}%\n"
    )
    return duel


def exact(duel: DuelTable) -> None:
    print("## Exact two-player odds over whole games (default figure)\n")
    space = FigureSpace.of(LAYOUT)
    rounds = RoundsTable.build(LAYOUT, 2)
    policies = {
        "expert": ExpertPolicy(rounds, duel, budget=1.0),
        "expert:10": ExpertPolicy(rounds, duel, budget=10.0),
        "expert:0": ExpertPolicy(rounds),
        "greedy": greedy_policy(space),
    }
    pairs = [
        ("expert", "expert:0"),
        ("expert:10", "expert:0"),
        ("expert:10", "expert"),
        ("expert", "greedy"),
        ("expert:0", "greedy"),
        ("expert:10", "greedy"),
    ]
    print(f"{'match':<24}{'P(first wins)':>16}{'games for a clear 95% CI':>28}")
    for one, two in pairs:
        p, t = cpu(duel_odds, space, policies[one], policies[two])
        edge = abs(p - 0.5)
        needed = f"{(1.96 * 0.5 / edge) ** 2:,.0f}" if edge > 0 else "never"
        print(f"{one + ' vs ' + two:<24}{100 * p:>15.4f}%{needed:>28}   ({t:.0f} s)")
    print()


def timing() -> None:
    print("## Expert decision time (CPU seconds, default budget)\n")
    for players in (2, 3):
        RoundsTable.build.cache_clear()
        endgame_table.cache_clear()
        FigureSpace.of.cache_clear()
        times = []
        for seed in range(20):
            game = new_game("cavaleiro", seed=seed, players=players)
            bots = [make_bot("cavaleiro", "expert", seed=s) for s in range(players)]
            while not game.is_over:
                seat = game.to_move
                assert isinstance(seat, int)
                start = time.process_time()
                move = choose_move(bots[seat], game)
                times.append(time.process_time() - start)
                game.play(move)
        first = times[0]
        rest = sorted(times[1:])
        print(
            f"{players} players: first decision {first:.2f} s (builds the figure's tables); "
            f"then {len(rest)} decisions: median {1000 * statistics.median(rest):.2f} ms, "
            f"p95 {1000 * rest[int(0.95 * len(rest))]:.2f} ms, max {1000 * rest[-1]:.2f} ms"
        )
    print()


def pairs_line(result: MatchResult) -> str:
    """How the duplicate deals went: both games to one bot, or split."""
    by_deal: dict[int, list[tuple[tuple[int, ...], int | None]]] = {}
    for o in result.outcomes:
        by_deal.setdefault(o.deal, []).append((o.arrangement, o.winner))
    tally: Counter[str] = Counter()
    for games in by_deal.values():
        winners = {arr[w] for arr, w in games if w is not None}
        if len(winners) == 1 and len(games) > 1:
            tally[result.bots[winners.pop()]] += 1
        else:
            tally["split"] += 1
    swept = ", ".join(f"{bot} won both {tally[bot]}" for bot in result.bots)
    return f"deals: {len(by_deal)}; {swept}; split (the dice decided) {tally['split']}"


def arena(games: int, bots: list[str], players: int = 2) -> None:
    options = {"players": players} if players != 2 else {}
    cmd = f"ludoteca arena cavaleiro --bots {','.join(bots)} --games {games} --duplicate --jobs 2"
    if players != 2:
        cmd += f" -o players={players}"
    print(f"$ {cmd}")
    start = time.perf_counter()
    result = run_match(
        "cavaleiro", bots, games=games, duplicate=True, jobs=2, seed=0, options=options
    )
    print(result.table())
    if players == 2:
        print(pairs_line(result))
    print(f"({time.perf_counter() - start:.0f} s wall)\n")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument(
        "--parts", default="tables,exact,timing,arena", help="which parts to run (default all)"
    )
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    scale = 10 if args.quick else 1
    if "timing" in parts:
        timing()
    if parts & {"tables", "exact"}:
        duel = tables()
        if "exact" in parts:
            exact(duel)
        del duel
        DuelTable.build.cache_clear()  # 300 MB: not needed by the matches
    if "arena" not in parts:
        return
    print("## Arena matches (duplicate deals, seed 0)\n")
    arena(2000 // scale, ["greedy", "random"])
    arena(2000 // scale, ["expert", "random"])
    arena(20000 // scale, ["expert", "greedy"])
    arena(4000 // scale, ["expert", "expert:0"])
    arena(3000 // scale, ["expert", "greedy", "random"], players=3)


if __name__ == "__main__":
    main()
