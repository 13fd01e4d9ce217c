"""Random Five-Up games per second: public API, fast path, play-outs, beside OpenSpiel.

OpenSpiel's ``python_block_dominoes`` (2 players) and ``python_team_dominoes``
(4 players) games are one hand each, so the fair unit of comparison is a hand: a
Five-Up hand is a deal and its plays, draws and passes. Full games (to 61 points:
about 15 hands with 2 players, 10 with 4) are printed too.

- public: ``play(str)`` of a random move from ``legal_moves()``, chance auto;
- fast: ``legal_actions()`` and ``apply_action_unchecked()``, chance auto;
- playout: ``game.random_playout(rng)``, the engine's compact-state loop.

Times are CPU time of this process (``time.process_time``), medians of several
rounds, so other work on the machine disturbs them little.

Run: ``.venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/bench_fiveup.py``

Measured on the project's 2-core machine (median of 5 rounds)::

    players  OpenSpiel hands/s  public hands/s (x)   fast hands/s (x)   playout hands/s (x)
    2        see the closing note of the issue for the figures of a run
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import ludoteca
from ludoteca.games.fiveup import FiveUp

OPENSPIEL = {2: "python_block_dominoes", 4: "python_team_dominoes"}


def public_api(players: int, games: int, seed: int) -> tuple[int, int]:
    """Random games through ``legal_moves()`` and ``play(str)``; (games, hands)."""
    hands = 0
    for i in range(games):
        game = ludoteca.new_game("fiveup", seed=seed + i, players=players)
        rng = random.Random(seed + i)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        hands += len(game.result()["hands"])
    return games, hands


def fast_path(players: int, games: int, seed: int) -> tuple[int, int]:
    """Random games through ``legal_actions()`` and ``apply_action_unchecked``."""
    hands = 0
    for i in range(games):
        game = ludoteca.new_game("fiveup", seed=seed + i, players=players)
        assert isinstance(game, FiveUp)
        rng = random.Random(seed + i)
        legal = game.legal_actions
        apply = game.apply_action_unchecked
        rand = rng.random
        while not game.is_over:
            acts = legal()
            apply(acts[int(rand() * len(acts))])
        hands += game.hand_no
    return games, hands


def playouts(players: int, games: int, seed: int) -> tuple[int, int]:
    """Random games by ``random_playout`` from a fresh game."""
    game = ludoteca.new_game("fiveup", seed=seed, players=players)
    assert isinstance(game, FiveUp)
    rng = random.Random(seed)
    hands = 0
    for _ in range(games):
        hands += game.random_playout(rng)[1]
    return games, hands


def openspiel(players: int, games: int, seed: int) -> tuple[int, int]:
    """Random games of OpenSpiel's block (2) or team (4) dominoes: one hand each."""
    import pyspiel
    from open_spiel.python.games import block_dominoes, team_dominoes  # noqa: F401

    game = pyspiel.load_game(OPENSPIEL[players])
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
    fn: Callable[[int, int, int], tuple[int, int]], players: int, games: int, seed: int
) -> tuple[float, float]:
    start = time.process_time()
    g, h = fn(players, games, seed)
    elapsed = time.process_time() - start
    return g / elapsed, h / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=40, help="our full games per round")
    args = parser.parse_args()
    print(f"median of {args.rounds} rounds (CPU time)")
    for players in (2, 4):
        runs: dict[str, list[tuple[float, float]]] = {
            "openspiel": [],
            "public": [],
            "fast": [],
            "playout": [],
        }
        for r in range(args.rounds):
            runs["openspiel"].append(measure(openspiel, players, 15 * args.games, r))
            runs["public"].append(measure(public_api, players, args.games, 1000 * r))
            runs["fast"].append(measure(fast_path, players, args.games, 1000 * r))
            runs["playout"].append(measure(playouts, players, 5 * args.games, 1000 * r))
        med = {
            k: (statistics.median(g for g, _ in v), statistics.median(h for _, h in v))
            for k, v in runs.items()
        }
        base = med["openspiel"][1]
        print(f"{players} players: OpenSpiel {OPENSPIEL[players]}: {base:8.0f} games (hands)/s")
        for name in ("public", "fast", "playout"):
            games_s, hands_s = med[name]
            print(
                f"  ludoteca fiveup {name:>7}: {hands_s:8.0f} hands/s = {hands_s / base:5.1f}x"
                f" OpenSpiel   ({games_s:6.0f} full games to 61/s = {games_s / base:4.2f}x)"
            )


if __name__ == "__main__":
    main()
