"""Random full games of Cavaleiro per second, and OpenSpiel's python_block_dominoes for scale.

Run: ``.venv/bin/python bench/bench_cavaleiro.py [--runs 5] [--seconds 1.0] [--players 2 6]``

Figures are medians over ``--runs`` interleaved runs of about ``--seconds`` of this
process's CPU time each (``time.process_time``: other work on the machine disturbs
them less than wall time would):

- public API: ``new_game`` then ``play(str)`` of a random move of ``legal_moves()``
  until the game is over (chance auto);
- fast path: ``legal_actions()`` and ``apply_action_unchecked`` (chance auto);
- playout: ``Cavaleiro.playout(rng)``, the engine's own loop without history
  (for Monte Carlo search), from a new game;
- OpenSpiel ``python_block_dominoes``: random legal actions, chance outcomes drawn
  by their probabilities, measured in the same run (if OpenSpiel is installed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import ludoteca
from ludoteca.games.cavaleiro import Cavaleiro


def per_second(play_one: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Games per second and moves per game, playing games for about ``seconds``."""
    games = moves = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        moves += play_one(games)
        games += 1
        now = time.process_time()
        if now >= deadline:
            return games / (now - start), moves / games


def public_api(players: int) -> Callable[[int], int]:
    rng = random.Random(1)

    def play_one(seed: int) -> int:
        game = ludoteca.new_game("cavaleiro", seed=seed, players=players)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        return len(game)

    return play_one


def fast_path(players: int) -> Callable[[int], int]:
    rng = random.Random(1)
    cls = ludoteca.game_class("cavaleiro")

    def play_one(seed: int) -> int:
        game = cls(seed=seed, players=players)
        choice = rng.choice
        legal = game.legal_actions
        apply = game.apply_action_unchecked
        while not game.is_over:
            apply(choice(legal()))
        return len(game)

    return play_one


def playout(players: int) -> Callable[[int], int]:
    rng = random.Random(1)
    cls = ludoteca.game_class("cavaleiro")

    def play_one(seed: int) -> int:
        game = cls(seed=seed, players=players)
        assert isinstance(game, Cavaleiro)
        game.playout(rng)
        return 0

    return play_one


def openspiel_block_dominoes() -> Callable[[int], int] | None:
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    rng = random.Random(1)

    def play_one(seed: int) -> int:
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return moves

    return play_one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6])
    args = parser.parse_args()
    contenders: list[tuple[str, Callable[[int], int]]] = []
    for players in args.players:
        contenders.append((f"cavaleiro {players} players, public API", public_api(players)))
        contenders.append((f"cavaleiro {players} players, fast path", fast_path(players)))
        contenders.append((f"cavaleiro {players} players, playout", playout(players)))
    spiel = openspiel_block_dominoes()
    if spiel is not None:
        contenders.append(("OpenSpiel python_block_dominoes", spiel))
    # the runs are interleaved, so that a change in the machine's load hits every contender
    rates: dict[str, list[float]] = {label: [] for label, _ in contenders}
    lengths: dict[str, list[float]] = {label: [] for label, _ in contenders}
    for _ in range(args.runs):
        for label, play_one in contenders:
            rate, length = per_second(play_one, args.seconds)
            rates[label].append(rate)
            lengths[label].append(length)
    print(f"median of {args.runs} interleaved runs of {args.seconds:g} CPU s each")
    for label, _ in contenders:
        rate = statistics.median(rates[label])
        length = statistics.median(lengths[label])
        detail = f"  ({length:.0f} moves a game, {rate * length:,.0f} moves/s)" if length else ""
        print(f"{label:38}: {rate:8.0f} games/s{detail}")
    if spiel is None:
        print("OpenSpiel python_block_dominoes: not installed (pip install open-spiel==2.0.2)")


if __name__ == "__main__":
    main()
