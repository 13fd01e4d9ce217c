"""Cavaleiro's speed: per decision and per game, copy() against apply, and pop().

Run: ``.venv/bin/python bench/bench_cavaleiro.py [--runs 7] [--seconds 0.5] [--players 2 6]``

Every figure is CPU time (``time.process_time``), the median of ``--runs`` rounds with
the lowest and highest beside it; in each round every contender runs once, in turn (the
order reversed every other round), so that a change in the machine's load hits them all.

- **games**: a new game (created inside the timing) played to its end with random
  decisions, chance drawn by the game (auto); per decision and per game:

  - public API: ``play(str)`` of a random move of ``legal_moves()``;
  - fast path: ``legal_actions()`` and ``fast.apply``;
  - playout: ``Cavaleiro.playout(rng)``, the engine's own loop without history (for
    Monte Carlo search);
  - OpenSpiel ``python_block_dominoes`` for scale (if installed; Cavaleiro has no
    OpenSpiel counterpart), per decision of a player.

  A Cavaleiro decision is a whole round: it comes with every player's roll.
- **copy**: ``copy()`` of positions where a decision is due, against
  ``fast.apply`` of that decision, once with chance auto (the decision and
  the next round's rolls) and once with chance manual (the decision alone: one move);
  and ``pop()`` of that decision. These hold thousands of copies alive, so the garbage
  collector is paused while they are timed (as ``timeit`` does): its passes over them
  would otherwise land at random in the timings.

Last, each path's speed per decision as a multiple of OpenSpiel's, round by round (the
goal: the fast path at least 8×).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable

import ludoteca
from ludoteca.games.cavaleiro import Cavaleiro

Measure = Callable[[], tuple[float, int]]
"""Runs for a while; returns the CPU seconds spent and how many units were timed."""


def games_for(
    seconds: float, play_one: Callable[[int], tuple[int, int]]
) -> Callable[[], dict[str, float]]:
    """A contender that plays games for about ``seconds``: seconds per game and per
    decision. ``play_one(seed)`` plays a game and returns (decisions, moves)."""
    seeds = iter(range(10**9))

    def run() -> dict[str, float]:
        games = decisions = 0
        start = time.process_time()
        deadline = start + seconds
        while True:
            d, _ = play_one(next(seeds))
            games += 1
            decisions += d
            now = time.process_time()
            if now >= deadline:
                spent = now - start
                out = {"game": spent / games}
                if decisions:
                    out["decision"] = spent / decisions
                return out

    return run


def public_api(players: int) -> Callable[[int], tuple[int, int]]:
    rng = random.Random(1)

    def play_one(seed: int) -> tuple[int, int]:
        game = ludoteca.new_game("cavaleiro", seed=seed, players=players)
        decisions = 0
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            decisions += 1
        return decisions, len(game)

    return play_one


def fast_path(players: int) -> Callable[[int], tuple[int, int]]:
    rng = random.Random(1)
    cls = ludoteca.game_class("cavaleiro")

    def play_one(seed: int) -> tuple[int, int]:
        game = cls(seed=seed, players=players)
        choice = rng.choice
        legal = game.legal_actions
        apply = game.fast.apply
        decisions = 0
        while not game.is_over:
            apply(choice(legal()))
            decisions += 1
        return decisions, len(game)

    return play_one


def playout(players: int) -> Callable[[int], tuple[int, int]]:
    rng = random.Random(1)
    cls = ludoteca.game_class("cavaleiro")

    def play_one(seed: int) -> tuple[int, int]:
        game = cls(seed=seed, players=players)
        assert isinstance(game, Cavaleiro)
        game.playout(rng)
        return 0, 0  # the playout keeps no count: per game only

    return play_one


def openspiel_block_dominoes() -> Callable[[int], tuple[int, int]] | None:
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    rng = random.Random(1)

    def play_one(seed: int) -> tuple[int, int]:
        state = game.new_initial_state()
        moves = decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            moves += 1
        return decisions, moves

    return play_one


def positions(players: int, count: int = 300) -> list[ludoteca.Game]:
    """Games where a decision is due, at every stage of a game."""
    out = []
    for seed in range(count):
        game = ludoteca.new_game("cavaleiro", seed=seed, players=players)
        rng = random.Random(seed)
        for _ in range(rng.randrange(40)):
            if game.is_over:
                break
            game.fast.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            out.append(game)
    return out


def copy_apply_pop(players: int) -> dict[str, Callable[[], dict[str, float]]]:
    """Contenders timing copy(), apply (auto and manual chance) and pop() per position."""
    found = positions(players)
    choices = [random.Random(i).choice(g.legal_actions()) for i, g in enumerate(found)]
    repeat = 10

    def copies() -> dict[str, float]:
        start = time.process_time()
        for _ in range(repeat):
            for game in found:
                game.copy()
        return {"copy": (time.process_time() - start) / (repeat * len(found))}

    def applies(mode: str) -> Callable[[], dict[str, float]]:
        def run() -> dict[str, float]:
            twins = []
            for game in found:
                for _ in range(repeat):
                    twin = game.copy()
                    twin.chance_mode = mode  # type: ignore[assignment]
                    twins.append(twin)
            actions = [a for a in choices for _ in range(repeat)]
            start = time.process_time()
            for twin, action in zip(twins, actions, strict=True):
                twin.fast.apply(action)
            spent = time.process_time() - start
            return {f"apply ({mode})": spent / len(twins)}

        return run

    def pops() -> dict[str, float]:
        twins = []
        for game, action in zip(found, choices, strict=True):
            for _ in range(2):
                twin = game.copy()
                twin.fast.apply(action)
                twins.append(twin)
        start = time.process_time()
        for twin in twins:
            twin.pop()
        return {"pop (auto)": (time.process_time() - start) / len(twins)}

    def without_gc(run: Callable[[], dict[str, float]]) -> Callable[[], dict[str, float]]:
        def timed() -> dict[str, float]:
            gc.collect()
            gc.disable()
            try:
                return run()
            finally:
                gc.enable()

        return timed

    return {
        "copy": without_gc(copies),
        "apply (auto)": without_gc(applies("auto")),
        "apply (manual)": without_gc(applies("manual")),
        "pop (auto)": without_gc(pops),
    }


def spread(values: list[float], scale: float) -> str:
    return (
        f"{statistics.median(values) * scale:9.2f} "
        f"[{min(values) * scale:.2f}-{max(values) * scale:.2f}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6])
    args = parser.parse_args()
    contenders: list[tuple[str, Callable[[], dict[str, float]]]] = []
    for players in args.players:
        p = f"{players}p"
        contenders.append((f"{p} public API", games_for(args.seconds, public_api(players))))
        contenders.append((f"{p} fast path", games_for(args.seconds, fast_path(players))))
        contenders.append((f"{p} playout", games_for(args.seconds, playout(players))))
        for label, run in copy_apply_pop(players).items():
            contenders.append((f"{p} {label}", run))
    spiel = openspiel_block_dominoes()
    if spiel is not None:
        contenders.append(("OpenSpiel python_block_dominoes", games_for(args.seconds, spiel)))
    figures: dict[str, dict[str, list[float]]] = {label: {} for label, _ in contenders}
    for r in range(args.runs):
        for label, run in contenders if r % 2 == 0 else contenders[::-1]:
            for what, value in run().items():
                figures[label].setdefault(what, []).append(value)
    print(f"CPU time, median [lowest-highest] of {args.runs} alternating rounds, in µs")
    for label, _ in contenders:
        for what, values in figures[label].items():
            print(f"{label:34} {what:16} {spread(values, 1e6)}")
    for players in args.players:
        p = f"{players}p"
        copy = statistics.median(figures[f"{p} copy"]["copy"])
        for mode in ("auto", "manual"):
            apply = statistics.median(figures[f"{p} apply ({mode})"][f"apply ({mode})"])
            print(f"{p} copy / apply ({mode}): {copy / apply:.2f}")
    if spiel is None:
        print("OpenSpiel python_block_dominoes: not installed (pip install -e '.[bench]')")
        return
    print("per decision, × OpenSpiel python_block_dominoes, median [lowest-highest] of rounds:")
    spiel_rounds = figures["OpenSpiel python_block_dominoes"]["decision"]
    for players in args.players:
        for path in ("public API", "fast path"):
            ours = figures[f"{players}p {path}"]["decision"]
            ratios = [theirs / mine for theirs, mine in zip(spiel_rounds, ours, strict=True)]
            print(f"{players}p {path:12} {spread(ratios, 1)}")


if __name__ == "__main__":
    main()
