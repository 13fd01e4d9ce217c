"""Random Bingo hands per second: public API, fast paths, and OpenSpiel's block dominoes.

A Bingo hand is a deal and its tricks (draws, the last-two choice, a close, shows)
up to the moment a player reaches 70 or the tiles run out; a match is several hands
to 7 sets. OpenSpiel's ``python_block_dominoes`` game is one hand of two-player
block dominoes (a deal and the plays), so the unit of comparison is a hand.

- public API: matches through ``new_game``, ``legal_moves()`` and ``play(str)``
  (chance auto), counting the hands played;
- fast path: the same through ``legal_actions()`` and ``apply_action_unchecked``;
- compact fast path: :func:`ludoteca.games.bingo.fast.random_hand`, one hand in
  small ints and masks, with the engine's rules and action numbers;
- OpenSpiel ``python_block_dominoes``: random legal actions, chance outcomes drawn
  uniformly among those offered (all equally likely), measured in the same run.

Run: ``.venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/bench_bingo.py``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import ludoteca
from ludoteca.games.bingo import Bingo
from ludoteca.games.bingo.fast import random_hand


def public_api(seconds: float, seed: int) -> float:
    """Hands per second of random matches through notation."""
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    i = 0
    while True:
        game = ludoteca.new_game("bingo", seed=seed * 100_000 + i)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        hands += len(game.result()["hands"])
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed


def fast_path(seconds: float, seed: int) -> float:
    """Hands per second of random matches through action numbers."""
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    i = 0
    while True:
        game = Bingo(seed=seed * 100_000 + i)
        choice = rng.choice
        legal = game.legal_actions
        apply = game.apply_action_unchecked
        while not game.is_over:
            apply(choice(legal()))
        hands += game.hand_no
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed


def compact(seconds: float, seed: int) -> float:
    """Hands per second of :func:`random_hand`."""
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    while True:
        for _ in range(200):
            random_hand(rng, hands & 1)
            hands += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed


def openspiel(seconds: float, seed: int) -> float:
    """Games (hands) per second of OpenSpiel's python_block_dominoes."""
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_block_dominoes")
    rng = random.Random(seed)
    games = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each measurement")
    args = parser.parse_args()
    measures: dict[str, Callable[[float, int], float]] = {
        "openspiel": openspiel,
        "public": public_api,
        "fast": fast_path,
        "compact": compact,
    }
    runs: dict[str, list[float]] = {k: [] for k in measures}
    for r in range(args.rounds):
        for name, fn in measures.items():
            runs[name].append(fn(args.seconds, r + 1))
    med = {k: statistics.median(v) for k, v in runs.items()}
    base = med["openspiel"]
    print(f"median of {args.rounds} rounds of {args.seconds:g} s each, hands per second")
    labels = {
        "public": "bingo public API (play of legal_moves)",
        "fast": "bingo fast path (apply_action_unchecked)",
        "compact": "bingo compact fast path (random_hand)",
    }
    width = max(len(label) for label in labels.values())
    print(f"{'OpenSpiel python_block_dominoes':{width}}: {base:8.0f} games (hands)/s")
    goals = {"public": 3, "fast": 20, "compact": 20}
    for name, label in labels.items():
        ratio = med[name] / base
        print(
            f"{label:{width}}: {med[name]:8.0f} hands/s = {ratio:5.1f}x OpenSpiel "
            f"(goal {goals[name]}x)"
        )


if __name__ == "__main__":
    main()
