"""This tree against another checkout of Ludoteca, and both against OpenSpiel: the
figures of the search-speed issue side by side.

Run: ``.venv/bin/python bench/bench_speed.py --against ../other-checkout [--rounds 5]``

Each round runs every case once in a fresh process for each tree, the order of the
trees swapped every other round (A B, B A …), so that a change of load on the machine
hits both; a case measures CPU time (``time.process_time``) inside its process. The
table gives the median of the rounds with the lowest and highest in brackets, and the
ratio of the medians (other / this: above 1, this tree is faster). Cases:

- ``<game> fast``: µs per decision of random games played to the end with
  ``legal_actions`` and ``fast.apply`` (chance drawn by the game, creation
  counted); OpenSpiel's ``python_block_dominoes`` (two players) and
  ``python_team_dominoes`` (four) the same way, beside them, as × OpenSpiel;
- ``texas42 deal``: µs to draw and apply a deal by switching a copy at a deal due
  to automatic chance (the shuffle included);
- ``texas42 pop @N``: µs of ``pop()`` after ``N`` moves;
- ``import`` and ``<game> first game``: ms of ``import ludoteca`` and of the first
  ``new_game`` in a fresh interpreter (bytecode cached, as an installed package).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = r"""
import json, random, sys, time
case = sys.argv[1]
out = {}

def unchecked(game):
    return game.fast.apply if hasattr(type(game), "fast") else game.apply_action_unchecked

def fast(name, games, **options):
    import ludoteca
    cls = ludoteca.game_class(name)
    rng = random.Random(1)
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        game = cls(seed=seed, **options)
        legal, apply = game.legal_actions, unchecked(game)
        while not game.is_over:
            apply(rng.choice(legal()))
            decisions += 1
    return (time.process_time() - start) / decisions * 1e6

def spiel(name, games):
    import pyspiel
    from open_spiel.python.games import block_dominoes, team_dominoes  # noqa: F401
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return (time.process_time() - start) / decisions * 1e6

def deal():
    import ludoteca
    games = []
    for seed in range(200):
        game = ludoteca.new_game("texas42", seed=seed, chance="manual")
        rng = random.Random(seed)
        while game.to_move == "chance":
            game.play(game.sample_chance(rng))
        while game.to_move != "chance":
            game.play(rng.choice(game.legal_moves()))
            if game.is_over:
                break
        if game.to_move == "chance" and game.chance_event().prefix == "deal ":
            games.append(game)
    twins = [g.copy() for g in games for _ in range(20)]
    start = time.process_time()
    for twin in twins:
        twin.chance_mode = "auto"
    return (time.process_time() - start) / len(twins) * 1e6

def pop(moves):
    import ludoteca
    twins = []
    for seed in range(400):
        game = ludoteca.new_game("texas42", seed=seed)
        rng = random.Random(seed)
        while len(game) < moves and not game.is_over:
            unchecked(game)(rng.choice(game.legal_actions()))
        if not game.is_over and len(game) >= moves:
            twins += [game.copy() for _ in range(5)]
    start = time.process_time()
    for twin in twins:
        twin.pop()
    return (time.process_time() - start) / len(twins) * 1e6

if case == "import":
    start = time.process_time(); import ludoteca; out[case] = (time.process_time() - start) * 1e3
elif case.endswith(" first game"):
    import ludoteca
    start = time.process_time()
    ludoteca.new_game(case.split()[0], seed=1)
    out[case] = (time.process_time() - start) * 1e3
elif case == "cavaleiro fast 2p":
    out[case] = fast("cavaleiro", 300, players=2)
elif case == "texas42 fast":
    out[case] = fast("texas42", 40)
elif case == "fiveup fast 2p":
    out[case] = fast("fiveup", 20, players=2)
elif case == "fiveup fast 4p":
    out[case] = fast("fiveup", 20, players=4)
elif case == "bingo fast":
    out[case] = fast("bingo", 30)
elif case == "texas42 deal":
    out[case] = deal()
elif case.startswith("texas42 pop @"):
    out[case] = pop(int(case.split("@")[1]))
elif case == "openspiel block":
    out[case] = spiel("python_block_dominoes", 300)
elif case == "openspiel team":
    out[case] = spiel("python_team_dominoes", 100)
print(json.dumps(out))
"""

TREE_CASES = [
    "import",
    *(f"{g} first game" for g in ("texas42", "fiveup", "bingo", "cavaleiro")),
    "cavaleiro fast 2p",
    "texas42 fast",
    "fiveup fast 2p",
    "fiveup fast 4p",
    "bingo fast",
    "texas42 deal",
    "texas42 pop @7",
    "texas42 pop @100",
]
SPIEL_CASES = ["openspiel block", "openspiel team"]
SPIEL_OF = {
    "cavaleiro fast 2p": "openspiel block",
    "fiveup fast 2p": "openspiel block",
    "bingo fast": "openspiel block",
    "texas42 fast": "openspiel team",
    "fiveup fast 4p": "openspiel team",
}


def run(src: Path, case: str, cache: str) -> float:
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONPYCACHEPREFIX=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(
        [sys.executable, "-c", CASES, case], env=env, capture_output=True, text=True, check=True
    )
    value: float = json.loads(done.stdout.splitlines()[-1])[case]
    return value


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):9.2f} [{min(values):.2f}-{max(values):.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, help="the other checkout")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    trees = {
        "this": Path(__file__).resolve().parent.parent / "src",
        "other": args.against.resolve() / "src",
    }
    cache = tempfile.mkdtemp(prefix="bench-speed-")
    figures: dict[tuple[str, str], list[float]] = {}
    for name, src in trees.items():  # write the bytecode first
        for case in TREE_CASES[:5]:
            run(src, case, f"{cache}/{name}")
    for r in range(args.rounds):
        order = list(trees.items()) if r % 2 == 0 else list(trees.items())[::-1]
        for case in TREE_CASES:
            for name, src in order:
                figures.setdefault((name, case), []).append(run(src, case, f"{cache}/{name}"))
        for case in SPIEL_CASES:
            figures.setdefault(("spiel", case), []).append(run(trees["this"], case, cache))
    print(f"CPU time, median [lowest-highest] of {args.rounds} alternating rounds")
    print(f"{'case':22} {'other':>24} {'this':>24} {'other/this':>10}")
    for case in TREE_CASES:
        unit = "ms" if case == "import" or case.endswith("first game") else "µs"
        other, this = figures["other", case], figures["this", case]
        ratio = statistics.median(other) / statistics.median(this)
        print(f"{case + ' ' + unit:22} {spread(other):>24} {spread(this):>24} {ratio:10.2f}")
    for case in SPIEL_CASES:
        print(f"{case + ' µs':22} {spread(figures['spiel', case]):>24}")
    print("per decision, × OpenSpiel (its median over each tree's median):")
    for case, spiel in SPIEL_OF.items():
        theirs = statistics.median(figures["spiel", spiel])
        other = theirs / statistics.median(figures["other", case])
        this = theirs / statistics.median(figures["this", case])
        print(f"{case:22} {other:8.1f}x {this:8.1f}x  (against {spiel})")


if __name__ == "__main__":
    main()
