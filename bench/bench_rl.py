"""Environment steps per second: every Ludoteca AEC environment beside PettingZoo's
classic ``texas_holdem_v4`` and ``leduc_holdem_v4``, in one run, one loop.

Every environment is driven by the same loop: ``env.last()``, then a uniformly
random legal action from the action mask (``None`` for a finished agent),
then ``env.step``; a finished game is followed by ``env.reset()``. Each figure
is the median of several timed runs of a few seconds, the runs of all the
environments interleaved. Time is the process's CPU time, so other work on the
machine slows every figure less and all of them alike.

Run: ``.venv/bin/python bench/bench_rl.py [--seconds 2] [--runs 5] [--ceiling]``
(the classic environments need ``pip install -e '.[bench]'``). ``--ceiling`` also
measures each Ludoteca environment with an observation that costs nothing (a
kept vector copied, the mask still built): what the game's moves, the AEC
bookkeeping and this loop allow, the most any encoder could reach.
``--without-observe`` also measures each environment without the compiled
``ludoteca.rl._observe`` (the vector from the game's tensor writer, the mask built
in Python): what that extension buys.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ludoteca.rl import env as ludoteca_env
from ludoteca.rl import env_names


def steps_per_second(make: Callable[[], Any], seconds: float, seed: int) -> float:
    """Env steps per CPU second of random legal play for about ``seconds``."""
    e = make()
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(len(legal))])
            e.step(action)
            steps += 1
        if time.process_time() >= deadline:
            break
        e.reset()
    return steps / (time.process_time() - start)


def _free(name: str) -> Any:
    """An environment whose observation is a kept vector copied (the mask is built)."""
    e = ludoteca_env(name)
    kept = bytearray(4 * e.adapter.observation_size)

    def observe(agent: str) -> dict[str, Any]:
        mask = bytearray(e.num_actions)
        if agent == e.agent_selection:
            for a in e.legal_actions():
                mask[a] = 1
        return {
            "observation": np.frombuffer(bytearray(kept), np.float32),
            "action_mask": np.frombuffer(mask, np.int8),
        }

    e.observe = observe
    return e


def _without_observe(name: str, obs_type: str) -> Any:
    """An environment made as if ``ludoteca.rl._observe`` were not built."""
    from ludoteca.rl import aec

    compiled = aec._observe
    aec._observe = None
    try:
        return ludoteca_env(name, obs_type=obs_type)
    finally:
        aec._observe = compiled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per environment")
    parser.add_argument(
        "--ceiling", action="store_true", help="also measure with observations that cost nothing"
    )
    parser.add_argument(
        "--without-observe",
        action="store_true",
        help="also measure without the compiled observer (ludoteca.rl._observe)",
    )
    args = parser.parse_args()

    cases: list[tuple[str, Callable[[], Any]]] = []
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

        cases.append(("pettingzoo texas_holdem_v4", texas_holdem_v4.env))
        cases.append(("pettingzoo leduc_holdem_v4", leduc_holdem_v4.env))
    except ImportError as e:  # pragma: no cover - depends on the bench extra
        print(f"PettingZoo classic environments unavailable ({e}); pip install -e '.[bench]'")
    for name in env_names():
        for obs_type in ("observation", "info_state"):

            def make(name: str = name, obs_type: str = obs_type) -> Any:
                return ludoteca_env(name, obs_type=obs_type)

            cases.append((f"ludoteca {name} ({obs_type})", make))
            if args.without_observe:

                def plain(name: str = name, obs_type: str = obs_type) -> Any:
                    return _without_observe(name, obs_type)

                cases.append((f"  {name} without _observe ({obs_type})", plain))
        if args.ceiling:
            cases.append((f"ceiling {name} (free observation)", lambda name=name: _free(name)))

    # Runs are interleaved, so a change of load on the machine hits every case alike.
    runs: dict[str, list[float]] = {label: [] for label, _ in cases}
    for seed in range(args.runs):
        for label, make in cases:
            runs[label].append(steps_per_second(make, args.seconds, seed))
    results = {label: statistics.median(values) for label, values in runs.items()}
    reference = max(
        (v for k, v in results.items() if k.startswith("pettingzoo")), default=float("nan")
    )
    print(f"{'environment':45} {'steps/s':>10} {'× best classic':>15}")
    for label, value in results.items():
        print(f"{label:45} {value:10.0f} {value / reference:15.1f}")


if __name__ == "__main__":
    main()
