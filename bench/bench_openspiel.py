"""Steps per CPU second of the OpenSpiel adapter against OpenSpiel's own Python
dominoes, every game driven by the same pyspiel loop.

Each step is a chance outcome (drawn by its probability) or a random legal
action, applied with ``state.apply_action``; with ``--tensor`` every decision
also asks the player's information state tensor (as a learning loop would).
Games alternate in rounds of ``--seconds`` CPU seconds each (median of
``--rounds``), so a busy machine slows them alike.

    .venv/bin/python bench/bench_openspiel.py --rounds 5 --seconds 2 [--tensor]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
from open_spiel.python import games  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401

import ludoteca.openspiel  # noqa: F401 - registers the games

GAMES = [
    "python_block_dominoes",
    "python_team_dominoes",
    "python_ludoteca_bingo",
    "python_ludoteca_fiveup",
    "python_ludoteca_texas42",
    "python_ludoteca_cavaleiro",
]


def steps_per_second(game: Any, seconds: float, tensor: bool, rng: random.Random) -> float:
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probabilities)[0]
            else:
                if tensor:
                    state.information_state_tensor()
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--tensor", action="store_true", help="ask the info state tensor too")
    args = parser.parse_args()
    loaded = {name: pyspiel.load_game(name) for name in GAMES}
    runs: dict[str, list[float]] = {name: [] for name in GAMES}
    rng = random.Random(0)
    for _ in range(args.rounds):
        for name, game in loaded.items():
            runs[name].append(steps_per_second(game, args.seconds, args.tensor, rng))
    base = statistics.median(runs["python_block_dominoes"])
    print(f"{'game':<28}{'steps/s':>10}{'× block dominoes':>18}")
    for name in GAMES:
        figure = statistics.median(runs[name])
        print(f"{name:<28}{figure:>10.0f}{figure / base:>18.2f}")


if __name__ == "__main__":
    main()
