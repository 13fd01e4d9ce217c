"""Texas 42's fast path against OpenSpiel's python_team_dominoes, per decision and per hand.

Both sides play random games from the creation of the game to its end, timed in CPU
time, the rounds alternating A (OpenSpiel) and B (ours):

- ``fast``: ``new_game(seed)`` then ``legal_actions()`` and ``fast.apply()``
  until the game is over (full games to 7 marks; the game draws its deals itself);
- ``fast points``: the same with ``scoring="points"`` (games to 250 points, every
  trick of every hand played: more decisions a deal);
- ``public``: the same through ``legal_moves()`` and ``play(text)``;
- ``openspiel``: ``python_team_dominoes`` (one hand a game: 28 chance events dealing
  the tiles one by one, then the plays), through ``chance_outcomes()``,
  ``legal_actions()`` and ``apply_action()``.

Per decision: CPU time over the decisions made (game creation and chance events are
in the time, not in the count). Per hand: CPU time over the hands played (a deal,
the bidding, the trump and the tricks for Texas 42). Each figure is the median over
the rounds, with the lowest and highest in brackets; the ratios are taken round by
round. Then the cost of ``copy()`` against applying one move, on positions from
random games (bidding and play), as the median over positions.

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

Run = tuple[float, int, int]
"""CPU seconds, decisions, hands."""


def fast_path(games: int, seed: int, **options: str) -> Run:
    """Random games through ``legal_actions()`` and ``fast.apply``."""
    decisions = hands = 0
    start = time.process_time()
    for i in range(games):
        game = ludoteca.new_game("texas42", seed=seed + i, **options)
        rng = random.Random(seed + i)
        legal_actions = game.legal_actions
        apply = game.fast.apply
        while not game.is_over:
            legal = legal_actions()
            apply(legal[int(rng.random() * len(legal))])
            decisions += 1
        hands += game.fast.hands_scored
    return time.process_time() - start, decisions, hands


def fast_points(games: int, seed: int) -> Run:
    """The fast path in points scoring."""
    return fast_path(games, seed, scoring="points")


def public_api(games: int, seed: int) -> Run:
    """Random games through ``legal_moves()`` and ``play(str)``."""
    decisions = hands = 0
    start = time.process_time()
    for i in range(games):
        game = ludoteca.new_game("texas42", seed=seed + i)
        rng = random.Random(seed + i)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            decisions += 1
        hands += game.fast.hands_scored
    return time.process_time() - start, decisions, hands


def openspiel(games: int, seed: int) -> Run:
    """Random games (one hand each) of OpenSpiel's python_team_dominoes."""
    import pyspiel
    from open_spiel.python.games import team_dominoes  # noqa: F401  (registers the game)

    decisions = 0
    rng = random.Random(seed)
    start = time.process_time()
    game = pyspiel.load_game("python_team_dominoes")
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [o for o, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(outcomes))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return time.process_time() - start, decisions, games


def positions(count: int, seed: int) -> list[Texas42]:
    """Games stopped at random decisions (bidding, trump and play)."""
    rng = random.Random(seed)
    out: list[Texas42] = []
    while len(out) < count:
        game = ludoteca.new_game("texas42", seed=rng.randrange(1 << 30))
        assert isinstance(game, Texas42)
        for _ in range(rng.randrange(1, 30)):
            if game.is_over:
                break
            game.apply_action(rng.choice(game.legal_actions()))
        if not game.is_over:
            out.append(game)
    return out


def copy_and_apply(game: Texas42, repeat: int) -> tuple[float, float, float]:
    """CPU seconds of one ``copy()``, one ``core.clone()`` and one apply of a legal
    move (on fresh copies), each the mean of ``repeat``."""
    copies = [game.copy() for _ in range(repeat)]
    action = game.legal_actions()[0]
    start = time.process_time()
    for c in copies:
        c.fast.apply(action)
    apply = (time.process_time() - start) / repeat
    copy = game.copy
    start = time.process_time()
    for _ in range(repeat):
        copy()
    copied = (time.process_time() - start) / repeat
    clone = game.core.clone
    start = time.process_time()
    for _ in range(repeat):
        clone()
    cloned = (time.process_time() - start) / repeat
    return copied, cloned, apply


def spread(values: list[float], fmt: str) -> str:
    return f"{statistics.median(values):{fmt}} [{min(values):{fmt}} – {max(values):{fmt}}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=60, help="our full games per round")
    parser.add_argument("--hands", type=int, default=150, help="OpenSpiel hands per round")
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args()
    sides: dict[str, Callable[[int, int], Run]] = {
        "openspiel": openspiel,
        "fast": fast_path,
        "points": fast_points,
        "public": public_api,
    }
    ours = [name for name in sides if name != "openspiel"]
    per_decision: dict[str, list[float]] = {k: [] for k in sides}
    per_hand: dict[str, list[float]] = {k: [] for k in sides}
    ratio_decision: dict[str, list[float]] = {k: [] for k in ours}
    ratio_hand: dict[str, list[float]] = {k: [] for k in ours}
    counts = {"openspiel": args.hands, "fast": args.games, "points": args.games // 4}
    counts["public"] = args.games // 2
    for fn in sides.values():  # warm up: imports, tables, caches
        fn(2, 10**6)
    for r in range(args.rounds):
        runs: dict[str, Run] = {}
        for name, fn in sides.items():  # A, then B, round after round
            runs[name] = fn(counts[name], 1000 * r)
        for name, (cpu, decisions, hands) in runs.items():
            per_decision[name].append(1e6 * cpu / decisions)
            per_hand[name].append(1e6 * cpu / hands)
        for name in ours:
            ratio_decision[name].append(per_decision["openspiel"][-1] / per_decision[name][-1])
            ratio_hand[name].append(per_hand["openspiel"][-1] / per_hand[name][-1])
    print(f"{args.rounds} rounds alternating the sides, CPU time; median [lowest – highest]")
    print(f"{'':34s} {'µs per decision':>24s} {'µs per hand':>26s}")
    labels = {
        "openspiel": "OpenSpiel python_team_dominoes",
        "fast": "texas42 fast path",
        "points": "texas42 fast path, points",
        "public": "texas42 legal_moves + play",
    }
    for name, label in labels.items():
        print(
            f"{label:34s} {spread(per_decision[name], '7.2f'):>24s} "
            f"{spread(per_hand[name], '8.1f'):>26s}"
        )
    for name in ours:
        print(
            f"{labels[name]:34s} {spread(ratio_decision[name], '5.1f')} x OpenSpiel per decision, "
            f"{spread(ratio_hand[name], '5.1f')} x per hand"
        )
    copies, clones, applies, ratios = [], [], [], []
    for game in positions(args.positions, 7):
        copied, cloned, applied = copy_and_apply(game, 200)
        copies.append(1e6 * copied)
        clones.append(1e6 * cloned)
        applies.append(1e6 * applied)
        ratios.append(copied / applied)
    print(
        f"copy(): {spread(copies, '.2f')} µs, core.clone(): {spread(clones, '.2f')} µs, "
        f"apply of one move: {spread(applies, '.2f')} µs; "
        f"copy / apply {statistics.median(ratios):.2f} (median over {args.positions} positions)"
    )


if __name__ == "__main__":
    main()
