"""The environment with the compiled encoders and without them, and the rewards of
every move against their formula."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from tensor_helpers import OPTION_CASES

from ludoteca import tensor
from ludoteca.rl import LudotecaEnv, aec, env, env_names

ENVS = env_names()
OBS_TYPES = ("observation", "info_state")
NATIVE = tensor.native is not None and aec._observe is not None
needs_native = pytest.mark.skipif(not NATIVE, reason="the C extension is not built")

CASES = [c for c in OPTION_CASES if f"{c[0]}_v0" in ENVS]


def _python_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games and environments made from now on use the Python encoders and the
    Python ``observe``."""
    monkeypatch.setattr(tensor, "native", None)
    monkeypatch.setattr(aec, "_observe", None)


def _compiled(e: LudotecaEnv) -> bool:
    """Whether ``e`` observes with compiled code (the encoder and ``observe``)."""
    return e._observer is not None and not hasattr(e._tensor, "__func__")


@needs_native
@pytest.mark.parametrize(("name", "options"), CASES)
def test_environment_without_the_extension_is_the_same(
    monkeypatch: pytest.MonkeyPatch, name: str, options: dict[str, Any]
) -> None:
    """The environment with the compiled encoder and the one with the Python
    encoders (kept vectors brought up to date move by move) give every agent the
    same observation, mask and rewards at every step."""
    native = {t: env(name, obs_type=t, **options) for t in OBS_TYPES}
    _python_only(monkeypatch)
    python = {t: env(name, obs_type=t, **options) for t in OBS_TYPES}
    assert all(_compiled(e) for e in native.values())
    assert not any(_compiled(e) for e in python.values())
    for obs_type in OBS_TYPES:
        a, b = native[obs_type], python[obs_type]
        rng = random.Random(2)
        for seed in range(2):
            a.reset(seed=seed)
            b.reset(seed=seed)
            for agent in a.agent_iter():
                assert b.agent_selection == agent
                for other in a.agents:
                    x, y = a.observe(other), b.observe(other)
                    assert np.array_equal(x["observation"], y["observation"])
                    assert np.array_equal(x["action_mask"], y["action_mask"])
                    assert x["observation"].dtype == y["observation"].dtype == np.float32
                assert a.rewards == b.rewards
                assert a._cumulative_rewards == b._cumulative_rewards
                obs, _r, term, trunc, _i = a.last()
                act = None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]))
                a.step(act)
                b.step(act)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_rewards_of_every_move_follow_the_formula(name: str, options: dict[str, Any]) -> None:
    """After each move, each seat's reward is exactly (its side's gain − the other
    sides' total gain / (sides − 1)) / scale over the hand that just ended (0
    while a hand goes on), plus +1 or −1/(sides − 1) on the game's last move:
    the numbers of the documented formula, computed here from ``result()``."""
    for hand_rewards in (True, False):
        e = env(name, hand_rewards=hand_rewards, **options)
        rng = random.Random(3)
        for seed in range(2):
            e.reset(seed=seed)
            scores = e.game.result()["scores"]
            hands = e.adapter.hands_done(e.game)
            while not e.game.is_over:
                e.step(rng.choice(e.game.legal_actions()))
                result = e.game.result()
                sides = result["sides"]
                others = len(sides) - 1
                want = [0.0] * e.game.num_seats
                now = e.adapter.hands_done(e.game)
                if now != hands or result["over"]:
                    if hand_rewards:
                        gains = [x - y for x, y in zip(result["scores"], scores, strict=True)]
                        scale = e.adapter.reward_scale
                        for i, seats in enumerate(sides):
                            r = (gains[i] - (sum(gains) - gains[i]) / others) / scale
                            for s in seats:
                                want[s] += r
                    if result["over"] and result["winner"] is not None:
                        for i, seats in enumerate(sides):
                            for s in seats:
                                want[s] += 1.0 if i == result["winner"] else -1.0 / others
                    scores = result["scores"]
                    hands = now
                got = [e.rewards[a] for a in e.possible_agents]
                assert got == want
                assert all(type(r) is float for r in got)


def test_agent_iter_is_pettingzoos() -> None:
    """``agent_iter`` yields what PettingZoo's would: the agent to act until every
    agent is done, at most ``max_iter`` times, afresh for each loop."""
    e: LudotecaEnv = env("bingo_v0")
    e.reset(seed=4)
    seen = []
    for agent in e.agent_iter(max_iter=5):
        seen.append(agent)
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert len(seen) == 5
    iterable = e.agent_iter(max_iter=3)
    assert list(iterable) == [e.agent_selection] * 3 == list(iterable)
