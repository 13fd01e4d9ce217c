"""Random play-outs through the search API (:mod:`ludoteca.search`) against the same
play-outs on OpenSpiel's Python dominoes: the figures of ``docs/search.md``.

A play-out starts at a decision: ``clone()`` of the state, then uniformly random
``legal()`` actions (and chance outcomes drawn by their probabilities) applied until
``is_terminal()``, then ``returns()``: the loop a user's flat Monte Carlo or MCTS
runs. Ludoteca's states are ``game.search_state(seat=to_move, rng=rng)`` (a
determinization, made once per position, its cost given apart) at decisions of random
games; OpenSpiel's are ``python_block_dominoes`` (two players) and
``python_team_dominoes`` (four) at decisions of random hands, played with
``clone()``, ``legal_actions()``, ``chance_outcomes()``, ``apply_action()``.

A play-out covers what the state covers: the hand (Texas 42, Five-Up, Bingo, and
OpenSpiel's dominoes) or the game (Cavaleiro). The figures: play-outs per CPU second,
and µs per step played (a decision or a chance outcome), the fairer comparison across
games of different lengths. Every case runs ``--seconds`` of CPU time (``time.process_time``)
in each of ``--rounds`` rounds, one case after another in the same process, the order
alternating from round to round; the table gives the medians.

    .venv/bin/python bench/bench_search.py [--rounds 5] [--seconds 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import ludoteca
from ludoteca.search import CHANCE, SearchState

CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("texas42", "texas42", {}),
    ("fiveup 2p", "fiveup", {"players": 2}),
    ("fiveup 4p", "fiveup", {"players": 4}),
    ("bingo", "bingo", {}),
    ("cavaleiro 2p", "cavaleiro", {"players": 2}),
]
SPIEL = ["python_block_dominoes", "python_team_dominoes", "hearts"]
"""OpenSpiel's Python dominoes, and its C++ hearts (through pyspiel) for Texas 42."""
POSITIONS = 40


def playout(state: SearchState, rng: random.Random) -> int:
    """Play ``state`` out at random; the steps played."""
    steps = 0
    choice, choices = rng.choice, rng.choices
    while not state.is_terminal():
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(choices(outcomes, [p for _, p in outcomes])[0][0])
        else:
            state.apply(choice(state.legal()))
        steps += 1
    state.returns()
    return steps


def ludoteca_positions(name: str, options: dict[str, Any]) -> list[ludoteca.Game]:
    """Games at decisions, from early to late in a hand (or a game)."""
    rng = random.Random(1)
    out = []
    seed = 0
    while len(out) < POSITIONS:
        game = ludoteca.new_game(name, seed=seed, **options)
        seed += 1
        for _ in range(rng.randrange(0, 30)):
            if game.is_over:
                break
            game.apply_action(rng.choice(game.legal_actions()))
        if not game.is_over:
            out.append(game)
    return out


def ludoteca_case(name: str, options: dict[str, Any]) -> Callable[[float], tuple[float, float]]:
    rng = random.Random(2)
    states = [
        g.search_state(seat=g.to_move, rng=rng)  # type: ignore[arg-type]
        for g in ludoteca_positions(name, options)
    ]

    def run(seconds: float) -> tuple[float, float]:
        playouts = steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for state in states:
                steps += playout(state.clone(), rng)
            playouts += len(states)
        elapsed = time.process_time() - start
        return playouts / elapsed, elapsed / steps * 1e6

    return run


def spiel_playout(state: Any, rng: random.Random) -> int:
    steps = 0
    choice, choices = rng.choice, rng.choices
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(choices(outcomes, [p for _, p in outcomes])[0][0])
        else:
            state.apply_action(choice(state.legal_actions()))
        steps += 1
    state.returns()
    return steps


def spiel_case(name: str) -> Callable[[float], tuple[float, float]]:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from open_spiel.python.games import (  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
        block_dominoes,
        team_dominoes,
    )

    game = pyspiel.load_game(name)
    rng = random.Random(1)
    states = []
    while len(states) < POSITIONS:
        state = game.new_initial_state()
        target = rng.randrange(0, 30)
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices(outcomes, [p for _, p in outcomes])[0][0])
                continue
            if decisions == target:
                break
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        if not state.is_terminal():
            states.append(state)

    def run(seconds: float) -> tuple[float, float]:
        playouts = steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for state in states:
                steps += spiel_playout(state.clone(), rng)
            playouts += len(states)
        elapsed = time.process_time() - start
        return playouts / elapsed, elapsed / steps * 1e6

    return run


def determinization_cost(name: str, options: dict[str, Any], reps: int = 20) -> tuple[float, float]:
    """CPU µs of one ``search_state(seat=to_move, rng=rng)``: the first at a position
    (a new one each time), and each of ``reps`` more at the same position, as a
    search over determinizations draws them."""
    games = ludoteca_positions(name, options)
    rng = random.Random(3)
    first = again = 0.0
    for g in games:
        start = time.process_time()
        g.search_state(seat=g.to_move, rng=rng)  # type: ignore[arg-type]
        middle = time.process_time()
        for _ in range(reps):
            g.search_state(seat=g.to_move, rng=rng)  # type: ignore[arg-type]
        first += middle - start
        again += time.process_time() - middle
    return first / len(games) * 1e6, again / (reps * len(games)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    runners: dict[str, Callable[[float], tuple[float, float]]] = {
        label: ludoteca_case(name, options) for label, name, options in CASES
    }
    for name in SPIEL:
        runners[name] = spiel_case(name)
    labels = list(runners)
    figures: dict[str, list[tuple[float, float]]] = {label: [] for label in labels}
    for round_no in range(args.rounds):
        order = labels if round_no % 2 == 0 else labels[::-1]
        for label in order:
            figures[label].append(runners[label](args.seconds))
    block = statistics.median(f[1] for f in figures["python_block_dominoes"])
    print(f"{args.rounds} rounds of {args.seconds:g} CPU s a case, alternating; medians")
    print(f"{'case':<24}{'play-outs/s':>12}{'µs/step':>10}{'× block dominoes':>18}")
    for label in labels:
        per_s = statistics.median(f[0] for f in figures[label])
        per_step = statistics.median(f[1] for f in figures[label])
        print(f"{label:<24}{per_s:>12.0f}{per_step:>10.2f}{block / per_step:>18.1f}")
    hearts = statistics.median(f[1] for f in figures["hearts"])
    texas42 = statistics.median(f[1] for f in figures["texas42"])
    print(f"Texas 42 × OpenSpiel's C++ hearts, per step: {hearts / texas42:.1f}")
    print("determinization (search_state(seat=…, rng=…)), µs: first at a position, again")
    for label, name, options in CASES:
        first, again = determinization_cost(name, options)
        print(f"  {label:<22}{first:>10.1f}{again:>10.1f}")


if __name__ == "__main__":
    main()
