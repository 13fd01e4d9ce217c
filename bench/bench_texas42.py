"""Random Texas 42 games per second: public API, fast path, and OpenSpiel's team dominoes.

OpenSpiel's ``python_team_dominoes`` game is one hand (a deal and 28 plays), so the
fair unit of comparison is a hand: ours is a deal, the bidding, the trump and the
tricks. Full games (to 7 marks, about 5 to 6 hands) are printed too.

Run: ``.venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/bench_texas42.py``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import ludoteca
from ludoteca.games.texas42 import Texas42


def public_api(games: int, seed: int) -> tuple[int, int]:
    """Random games through ``legal_moves()`` and ``play(str)``; returns (games, hands)."""
    hands = 0
    for i in range(games):
        game = ludoteca.new_game("texas42", seed=seed + i)
        rng = random.Random(seed + i)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        hands += len(game.result()["hands"])
    return games, hands


def fast_path(games: int, seed: int) -> tuple[int, int]:
    """Random games through ``legal_actions()`` and ``apply_action_unchecked``."""
    hands = 0
    for i in range(games):
        game = ludoteca.new_game("texas42", seed=seed + i)
        assert isinstance(game, Texas42)
        rng = random.Random(seed + i)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply_action_unchecked(legal[int(rng.random() * len(legal))])
        hands += len(game.hand_log)
    return games, hands


def openspiel(games: int, seed: int) -> tuple[int, int]:
    """Random games of OpenSpiel's python_team_dominoes (one hand each)."""
    import pyspiel
    from open_spiel.python.games import team_dominoes  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_team_dominoes")
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [o for o, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(outcomes))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return games, games


def measure(
    fn: Callable[[int, int], tuple[int, int]], games: int, seed: int
) -> tuple[float, float]:
    start = time.process_time()  # CPU time: fair when other work shares the machine
    g, h = fn(games, seed)
    elapsed = time.process_time() - start
    return g / elapsed, h / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=200, help="our games per round")
    args = parser.parse_args()
    runs: dict[str, list[tuple[float, float]]] = {"public": [], "fast": [], "openspiel": []}
    for r in range(args.rounds):
        runs["openspiel"].append(measure(openspiel, args.games, r))
        runs["public"].append(measure(public_api, args.games // 2, 1000 * r))
        runs["fast"].append(measure(fast_path, args.games, 1000 * r))
    med = {
        k: (statistics.median(g for g, _ in v), statistics.median(h for _, h in v))
        for k, v in runs.items()
    }
    base = med["openspiel"][1]
    print(f"median of {args.rounds} interleaved rounds, CPU time of this process")
    print(f"OpenSpiel python_team_dominoes: {base:9.0f} games (hands)/s")
    for name in ("public", "fast"):
        games_s, hands_s = med[name]
        print(
            f"ludoteca texas42 {name:>6}: {hands_s:9.0f} hands/s = {hands_s / base:5.1f}x OpenSpiel"
            f"   ({games_s:7.0f} full games to 7 marks/s)"
        )


if __name__ == "__main__":
    main()
