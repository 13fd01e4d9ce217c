"""Five-Up's speed beside OpenSpiel's Python dominoes, per decision and per hand.

OpenSpiel's ``python_block_dominoes`` (2 players) and ``python_team_dominoes``
(4 players) are one hand a game; a Five-Up game to 61 is 10 to 15 hands. Both
sides are timed on whole random games, game creation and chance events
included (CPU time of this process), then divided by the decisions made (moves
of a player, not chance) and by the hands dealt.

- ``fast``: ``legal_actions()`` and ``fast.apply()`` (chance auto),
  the generic fast path every game has;
- ``public``: ``play(str)`` of a move from ``legal_moves()``;
- ``playout``: ``game.random_playout(rng)``, on a copy of the rules' state.

Each round times OpenSpiel and each of ours back to back (A, B, A, B …), so a
change of load on the machine hits both; the ratio printed is the median of the
rounds' ratios, with the lowest and highest in brackets.

The copy: ``game.copy()`` and the rules' ``state.clone()`` against applying one
move, at positions of random games (the median over the positions).

Run: ``.venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/bench_fiveup.py``

Measured on the project's 2-core machine while other jobs kept both cores busy
(7 rounds of 15 games; CPU time, ratios of the same round)::

    2 players, OpenSpiel python_block_dominoes:  42.71 us a decision,   443.1 us a hand
      fiveup    fast:   5.66 us a decision =    7.9x [7.1-20.3],   100.6 us a hand =    4.5x
      fiveup  public:   8.09 us a decision =    5.3x [5.0-5.8],   142.6 us a hand =    3.2x
      fiveup playout:   3.62 us a decision =   11.8x [11.5-12.5],    68.6 us a hand =    6.5x
    4 players, OpenSpiel python_team_dominoes:  42.31 us a decision,   948.2 us a hand
      fiveup    fast:   5.75 us a decision =    7.2x [7.0-7.6],   118.0 us a hand =    7.8x
      fiveup  public:   8.46 us a decision =    5.0x [4.8-5.2],   175.0 us a hand =    5.3x
      fiveup playout:   4.01 us a decision =   10.5x [9.2-10.8],    92.8 us a hand =   10.0x
    copy: game.copy() 1.66 us, one move 1.09 us: a copy costs 1.5x [0.0-3.0] moves

The fast path does not reach 20 times OpenSpiel per decision. Where its time
goes (a sampling profile of random two-player games): the automatic chance
events about 29% (the generator made for each from the seed and the move index,
``random.Random(f"{seed}:{index}")``, alone about 10%; the shuffle, the deal's
text), ``legal_actions`` about 16%, the rules' ``apply`` about 27% (scores and the
end of the hand with their events included), creating the game about 8%, the
loop itself the rest. Without events and with one generator for every chance
event it would reach about 11 times.
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

Run = Callable[[int, int, int], tuple[int, int]]
"""``(players, games, seed)`` to ``(decisions, hands)``."""


def fast_path(players: int, games: int, seed: int) -> tuple[int, int]:
    """Random games through ``legal_actions()`` and ``fast.apply``."""
    decisions = hands = 0
    for i in range(games):
        game = ludoteca.new_game("fiveup", seed=seed + i, players=players)
        rand = random.Random(seed + i).random
        legal = game.legal_actions
        apply = game.fast.apply
        while not game.is_over:
            acts = legal()
            apply(acts[int(rand() * len(acts))])
            decisions += 1
        hands += game.fast.hands_scored
    return decisions, hands


def public_api(players: int, games: int, seed: int) -> tuple[int, int]:
    """Random games through ``legal_moves()`` and ``play(str)``."""
    decisions = hands = 0
    for i in range(games):
        game = ludoteca.new_game("fiveup", seed=seed + i, players=players)
        rng = random.Random(seed + i)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            decisions += 1
        hands += game.fast.hands_scored
    return decisions, hands


def playouts(players: int, games: int, seed: int) -> tuple[int, int]:
    """Random games by ``random_playout`` from a new game (decisions from a trace)."""
    decisions = hands = 0
    for i in range(games):
        game = ludoteca.new_game("fiveup", seed=seed + i, players=players)
        assert isinstance(game, FiveUp)
        trace: list[int | str] = []
        hands += game.random_playout(random.Random(seed + i), trace)[1]
        decisions += sum(isinstance(m, int) for m in trace)
    return decisions, hands


def openspiel(players: int, games: int, seed: int) -> tuple[int, int]:
    """Random games of OpenSpiel's block (2) or team (4) dominoes: one hand each."""
    import pyspiel
    from open_spiel.python.games import block_dominoes, team_dominoes  # noqa: F401

    game = pyspiel.load_game(OPENSPIEL[players])
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [o for o, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(outcomes))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions, games


def timed(run: Run, players: int, games: int, seed: int) -> tuple[float, float]:
    """Microseconds of CPU time per decision and per hand."""
    start = time.process_time()
    decisions, hands = run(players, games, seed)
    elapsed = (time.process_time() - start) * 1e6
    return elapsed / decisions, elapsed / hands


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):6.1f}x [{min(values):.1f}-{max(values):.1f}]"


def compare(players: int, rounds: int, games: int) -> None:
    ours: dict[str, Run] = {"fast": fast_path, "public": public_api, "playout": playouts}
    base: list[tuple[float, float]] = []
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in ours}
    per_decision: dict[str, list[float]] = {k: [] for k in ours}
    per_hand: dict[str, list[float]] = {k: [] for k in ours}
    for run in ours.values():  # a first round, not counted: imports and caches
        timed(openspiel, players, games, 0)
        timed(run, players, 2, 0)
    for r in range(rounds):
        for name, run in ours.items():
            os_dec, os_hand = timed(openspiel, players, 15 * games, r)
            dec, hand = timed(run, players, games, 1000 * r)
            base.append((os_dec, os_hand))
            times[name].append((dec, hand))
            per_decision[name].append(os_dec / dec)
            per_hand[name].append(os_hand / hand)
    os_dec = statistics.median(d for d, _ in base)
    os_hand = statistics.median(h for _, h in base)
    print(
        f"{players} players, OpenSpiel {OPENSPIEL[players]}: "
        f"{os_dec:6.2f} us a decision, {os_hand:7.1f} us a hand"
    )
    for name in ours:
        dec = statistics.median(d for d, _ in times[name])
        hand = statistics.median(h for _, h in times[name])
        print(
            f"  fiveup {name:>7}: {dec:6.2f} us a decision = {spread(per_decision[name])},"
            f" {hand:7.1f} us a hand = {spread(per_hand[name])}"
        )


def copy_cost(positions: int) -> None:
    """``game.copy()`` and ``state.clone()`` against one move, at random positions."""
    rng = random.Random(7)
    ratios: list[float] = []
    core_ratios: list[float] = []
    copies: list[float] = []
    applies: list[float] = []
    for i in range(positions):
        game = ludoteca.new_game("fiveup", seed=i, players=2 + i % 3)
        assert isinstance(game, FiveUp)
        for _ in range(rng.randrange(1, 120)):
            if game.is_over:
                break
            game.fast.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            continue
        action = rng.choice(game.legal_actions())
        n = 300
        start = time.process_time()
        for _ in range(n):
            game.copy()
        copy = (time.process_time() - start) / n
        twins = [game.copy() for _ in range(n)]
        start = time.process_time()
        for twin in twins:
            twin.fast.apply(action)
        apply = (time.process_time() - start) / n
        state = game.core
        start = time.process_time()
        for _ in range(n):
            state.clone()
        clone = (time.process_time() - start) / n
        states = [state.clone() for _ in range(n)]
        start = time.process_time()
        for s in states:
            s.apply(action)
        core_apply = (time.process_time() - start) / n
        copies.append(copy * 1e6)
        applies.append(apply * 1e6)
        ratios.append(copy / apply)
        core_ratios.append(clone / core_apply)
    print(
        f"copy: game.copy() {statistics.median(copies):.2f} us, one move "
        f"{statistics.median(applies):.2f} us: a copy costs {spread(ratios).strip()} moves; "
        f"state.clone() costs {spread(core_ratios).strip()} of the state's moves "
        f"({len(ratios)} positions)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--games", type=int, default=20, help="our full games per round")
    args = parser.parse_args()
    print(f"{args.rounds} rounds, CPU time; ratio = OpenSpiel's time / ours (median [range])")
    for players in (2, 4):
        compare(players, args.rounds, args.games)
    copy_cost(60)


if __name__ == "__main__":
    main()
