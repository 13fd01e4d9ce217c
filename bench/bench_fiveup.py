"""Random Five-Up games per second: public API, fast path, play-outs, beside OpenSpiel.

OpenSpiel's ``python_block_dominoes`` (2 players) and ``python_team_dominoes``
(4 players) games are one hand each, so the fair unit of comparison is a hand: a
Five-Up hand is a deal and its plays, draws and passes. Full games (to 61 points:
about 15 hands with 2 players, 10 with 4) are printed too.

- public: ``play(str)`` of a random move from ``legal_moves()``, chance auto;
- fast: ``legal_actions()`` and ``apply_action_unchecked()``, chance auto;
- playout: ``game.random_playout(rng)``, the engine's compact-state loop.

Times are CPU time of this process (``time.process_time``). Each round measures
OpenSpiel and ours back to back; the ratio printed is the median of the rounds'
ratios, so a change of load on the machine hits both sides alike.

Run: ``.venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/bench_fiveup.py``

Measured on the project's 2-core machine, shared with other jobs (9 rounds)::

    2 players: OpenSpiel python_block_dominoes:     1181 games (hands)/s
      ludoteca fiveup  public:     4431 hands/s =   3.8x OpenSpiel   (   278 full games to 61/s)
      ludoteca fiveup    fast:     6205 hands/s =   4.7x OpenSpiel   (   400 full games to 61/s)
      ludoteca fiveup playout:    25115 hands/s =  20.6x OpenSpiel   (  1746 full games to 61/s)
    4 players: OpenSpiel python_team_dominoes:      530 games (hands)/s
      ludoteca fiveup  public:     3257 hands/s =   6.1x OpenSpiel   (   329 full games to 61/s)
      ludoteca fiveup    fast:     4220 hands/s =   8.0x OpenSpiel   (   438 full games to 61/s)
      ludoteca fiveup playout:    14810 hands/s =  28.0x OpenSpiel   (  1664 full games to 61/s)

The goals (public API at least 3x, fast path at least 20x OpenSpiel, per hand) are
met by the public API and by the play-outs; ``legal_actions()`` plus
``apply_action_unchecked()`` pays the Game API's per-move overhead (two method
calls through the base class, the history, the chance check) and stays near 5-8x.
A full game to 61 points is 10 to 15 hands, so per full game no Python engine of
this game can reach those multiples of a one-hand game.
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
        hands += game.hands_scored
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
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--games", type=int, default=30, help="our full games per round")
    args = parser.parse_args()
    print(f"median of {args.rounds} rounds (CPU time); x = median of the rounds' ratios")
    for players in (2, 4):
        names = ("public", "fast", "playout")
        base_runs: list[float] = []
        runs: dict[str, list[tuple[float, float]]] = {k: [] for k in names}
        ratios: dict[str, list[float]] = {k: [] for k in names}
        for r in range(args.rounds):
            # each round measures OpenSpiel and ours back to back, so that a change
            # of load on the machine hits both
            _, base = measure(openspiel, players, 10 * args.games, r)
            base_runs.append(base)
            for name, fn, games in (
                ("public", public_api, args.games),
                ("fast", fast_path, args.games),
                ("playout", playouts, 5 * args.games),
            ):
                games_s, hands_s = measure(fn, players, games, 1000 * r)
                runs[name].append((games_s, hands_s))
                ratios[name].append(hands_s / base)
        base_med = statistics.median(base_runs)
        print(f"{players} players: OpenSpiel {OPENSPIEL[players]}: {base_med:8.0f} games (hands)/s")
        for name in names:
            games_s = statistics.median(g for g, _ in runs[name])
            hands_s = statistics.median(h for _, h in runs[name])
            ratio = statistics.median(ratios[name])
            print(
                f"  ludoteca fiveup {name:>7}: {hands_s:8.0f} hands/s = {ratio:5.1f}x OpenSpiel"
                f"   ({games_s:6.0f} full games to 61/s)"
            )


if __name__ == "__main__":
    main()
