"""Random Bingo play beside OpenSpiel's ``python_block_dominoes``, per decision and per hand.

OpenSpiel's ``python_block_dominoes`` is one hand of two-player block dominoes (a deal
and the plays); a Bingo hand is a deal and its tricks (draws, the last-two choice, a
close, shows) until a player reaches 70 or the tiles run out, a match several hands to
7 sets. Both sides play random legal decisions drawn the same way (``rng.choice``),
chance events included, and games are created inside the timing:

- ``openspiel``: ``new_initial_state``, ``legal_actions``, ``apply_action``, chance
  outcomes drawn uniformly among those offered (all equally likely);
- ``fast``: the generic fast path of the Game API, ``legal_actions()`` and
  ``fast.apply()``, chance auto (the deals drawn by the engine);
- ``public``: ``legal_moves()`` and ``play(str)``;
- ``core``: the engine's compact state alone (``BingoCore.legal`` and ``apply``, each
  deal drawn with the same generator as the engine's), the loop of the bots' play-outs.

Times are CPU time of this process. Each round measures OpenSpiel, then each of ours,
back to back (so that a change of load on the machine hits both); the ratios printed
are the medians of the rounds' ratios, with their lowest and highest. A decision is a
move of a player (OpenSpiel's chance nodes and our deals are not counted, but their
time is). Then the cost of ``copy()`` against one ``fast.apply`` of a
legal move that does not end the hand, over positions of random matches.

Run: ``.venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/bench_bingo.py``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from timing import copy_and_apply_cost

import ludoteca
from ludoteca.games.bingo import Bingo
from ludoteca.games.bingo.core import DEAL, OVER, BingoCore, random_permutation

Run = Callable[[int, int], tuple[float, int, int]]
"""``run(games, seed)``: (CPU seconds, decisions, hands)."""


def openspiel(games: int, seed: int) -> tuple[float, int, int]:
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_block_dominoes")
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
    return time.process_time() - start, decisions, games


def fast(games: int, seed: int) -> tuple[float, int, int]:
    rng = random.Random(seed)
    choice = rng.choice
    decisions = hands = 0
    start = time.process_time()
    for i in range(games):
        game = Bingo(seed=seed * 100_000 + i)
        legal = game.legal_actions
        apply = game.fast.apply
        while not game.is_over:
            apply(choice(legal()))
            decisions += 1
        hands += game.fast.hands_scored
    return time.process_time() - start, decisions, hands


def public(games: int, seed: int) -> tuple[float, int, int]:
    rng = random.Random(seed)
    choice = rng.choice
    decisions = hands = 0
    start = time.process_time()
    for i in range(games):
        game = ludoteca.new_game("bingo", seed=seed * 100_000 + i)
        while not game.is_over:
            game.play(choice(game.legal_moves()))
            decisions += 1
        hands += game.fast.hands_scored
    return time.process_time() - start, decisions, hands


def core(games: int, seed: int) -> tuple[float, int, int]:
    rng = random.Random(seed)
    choice = rng.choice
    decisions = hands = 0
    start = time.process_time()
    for i in range(games):
        state = BingoCore()
        a, b = random.Random(f"{seed}:{i}:0").sample(range(28), 2)
        state.draw_first(a, b)
        legal = state.legal
        apply = state.apply
        while state.phase != OVER:
            if state.phase == DEAL:
                deal = random.Random(f"{seed}:{i}:{decisions}")
                state.deal_order(random_permutation(deal))
                continue
            apply(choice(legal()))
            decisions += 1
        hands += len(state.done)
    return time.process_time() - start, decisions, hands


def positions(count: int, seed: int) -> list[Bingo]:
    """Decision points of random matches (every hand and phase)."""
    rng = random.Random(seed)
    out: list[Bingo] = []
    i = 0
    while len(out) < count:
        game = Bingo(seed=seed * 1000 + i)
        i += 1
        while not game.is_over and len(out) < count:
            if rng.random() < 0.1:
                out.append(game.copy())  # type: ignore[arg-type]
            game.fast.apply(rng.choice(game.legal_actions()))
    return out


def copy_cost(games: list[Bingo], reps: int) -> tuple[float, float]:
    """CPU µs of ``copy()`` and of one ``fast.apply`` (a move that does not
    end a hand: no deal drawn), averaged over ``games``."""
    actions = []
    for g in games:
        for a in g.legal_actions():
            twin = g.copy()
            twin.fast.apply(a)
            if twin.fast.hands_scored == g.fast.hands_scored:
                break
        actions.append(a)
    return copy_and_apply_cost(games, actions, reps)


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):6.1f}x ({min(values):.1f}–{max(values):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=100, help="our matches per round")
    args = parser.parse_args()
    ours: dict[str, Run] = {"fast": fast, "public": public, "core": core}
    base_dec: list[float] = []
    base_hand: list[float] = []
    per_dec: dict[str, list[float]] = {k: [] for k in ours}
    per_hand: dict[str, list[float]] = {k: [] for k in ours}
    ratio_dec: dict[str, list[float]] = {k: [] for k in ours}
    ratio_hand: dict[str, list[float]] = {k: [] for k in ours}
    for r in range(args.rounds):
        for name, run in ours.items():
            seconds, decisions, games = openspiel(5 * args.games, r)
            os_dec, os_hand = seconds / decisions, seconds / games
            base_dec.append(os_dec)
            base_hand.append(os_hand)
            seconds, decisions, hands = run(args.games, 1000 * r + 1)
            per_dec[name].append(seconds / decisions)
            per_hand[name].append(seconds / hands)
            ratio_dec[name].append(os_dec / (seconds / decisions))
            ratio_hand[name].append(os_hand / (seconds / hands))
    print(f"{args.rounds} rounds, CPU time; ratio: OpenSpiel's time / ours (median, low–high)")
    print(
        f"  OpenSpiel python_block_dominoes: {1e6 * statistics.median(base_dec):7.2f} µs a "
        f"decision, {1e6 * statistics.median(base_hand):8.1f} µs a hand"
    )
    labels = {
        "fast": "bingo fast path (legal_actions + fast.apply)",
        "public": "bingo public API (legal_moves + play)",
        "core": "bingo core (BingoCore.legal + apply)",
    }
    for name, label in labels.items():
        print(f"  {label}:")
        print(
            f"    per decision {1e6 * statistics.median(per_dec[name]):6.2f} µs = "
            f"{spread(ratio_dec[name])} OpenSpiel"
        )
        print(
            f"    per hand     {1e6 * statistics.median(per_hand[name]):6.1f} µs = "
            f"{spread(ratio_hand[name])} OpenSpiel"
        )
    games = positions(400, 7)
    copies, applies = [], []
    for _ in range(args.rounds):
        c, a = copy_cost(games, 20)
        copies.append(c)
        applies.append(a)
    ratios = [c / a for c, a in zip(copies, applies, strict=True)]
    print(
        f"  copy() {statistics.median(copies):.2f} µs, one fast.apply "
        f"{statistics.median(applies):.2f} µs: a copy costs {spread(ratios)} applies"
    )


if __name__ == "__main__":
    main()
