"""The compiled observation encoders against the Python ones, the environment
without the C extension, and the rewards of every move against their formula."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from ludoteca.game import Game
from ludoteca.registry import new_game
from ludoteca.rl import LudotecaEnv, env, env_names
from ludoteca.rl import adapter as rl_adapter
from ludoteca.rl.aec import _adapter_class

ENVS = env_names()
OBS_TYPES = ("observation", "info_state")
NATIVE = rl_adapter.native is not None
needs_native = pytest.mark.skipif(not NATIVE, reason="the C extension is not built")

# Every game with its default options and with options that change the vectors
# (number of seats, scales, contracts, figures).
CASES = [
    ("texas42", {}),
    (
        "texas42",
        {
            "scoring": "points",
            "nello": True,
            "plunge": True,
            "splash": True,
            "sevens": True,
            "play_out": True,
            "all_pass": "forced",
        },
    ),
    ("fiveup", {}),
    ("fiveup", {"players": 3, "exact_61": True, "later_lead": "clockwise", "target": 31}),
    ("fiveup", {"players": 4}),
    ("bingo", {}),
    ("bingo", {"blanks_as_seven": True}),
    ("cavaleiro", {}),
    ("cavaleiro", {"players": 5, "layout": "23/4+1"}),
]
CASES = [c for c in CASES if f"{c[0]}_v0" in ENVS]


def _positions(name: str, options: dict[str, Any], games: int) -> Iterator[Game]:
    """Every position of random games, decisions, chance points (manual chance in
    every other game) and the end included."""
    rng = random.Random(len(options))
    for g in range(games):
        manual = g % 2 == 1
        game = new_game(name, seed=g, chance="manual" if manual else "auto", **options)
        while True:
            yield game
            if game.is_over:
                break
            if game.to_move == "chance":
                game.play(game.sample_chance(rng))
            else:
                game.apply_action(rng.choice(game.legal_actions()))


@needs_native
@pytest.mark.parametrize(("name", "options"), CASES)
def test_native_encoders_write_the_python_vectors(name: str, options: dict[str, Any]) -> None:
    """At every position, for every seat, the compiled encoder writes exactly the
    vectors of the Python encoders (a fresh adapter, nothing kept), and
    ``observe`` adds the mask of the legal actions; redealing what the seat
    cannot see leaves the compiled vectors unchanged."""
    cls = _adapter_class(name)
    encoder = None
    rng = random.Random(1)
    checked = 0
    for game in _positions(name, options, games=4):
        if encoder is None:
            encoder = cls(game).native_encoder()
            assert encoder is not None
            encoder.set_output(False, np.empty, np.float32, np.int8, game.num_actions)
        to_move = game.to_move
        for seat in range(game.num_seats):
            reference = cls(game)
            public = reference.public(game, seat)
            want = (reference.observation(public), reference.info_state(public))
            got = (np.full(want[0].shape, 7.0, np.float32), np.full(want[1].shape, 7.0, np.float32))
            encoder.observation(game, seat, got[0])  # every entry is written
            encoder.info_state(game, seat, got[1])
            assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
            legal = game.legal_actions() if seat == to_move else None
            observed = encoder.observe(game, seat, legal)
            assert sorted(observed) == ["action_mask", "observation"]
            assert np.array_equal(observed["observation"], want[0])
            mask = observed["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (game.num_actions,)
            assert np.flatnonzero(mask).tolist() == sorted(legal or [])
            checked += 1
            if checked % 7 == 0 and not game.is_over and to_move != "chance":
                twin = game.sample_hidden(seat, random.Random(rng.random()))
                again = np.empty_like(want[1])
                encoder.info_state(twin, seat, again)
                assert np.array_equal(again, want[1])
    assert checked > 200


@needs_native
def test_native_encoder_refuses_bad_input() -> None:
    game = new_game("bingo", seed=1)
    encoder = _adapter_class("bingo")(game).native_encoder()
    assert encoder is not None
    size = env("bingo_v0").adapter.observation_size
    with pytest.raises(ValueError, match="float32 entries"):
        encoder.observation(game, 0, np.empty(size + 1, np.float32))
    with pytest.raises(ValueError, match="no such seat"):
        encoder.observation(game, 2, np.empty(size, np.float32))
    with pytest.raises(AttributeError):
        encoder.observation(object(), 0, np.empty(size, np.float32))
    frozen = np.empty(size, np.float32)
    frozen.flags.writeable = False
    with pytest.raises((BufferError, TypeError, ValueError)):
        encoder.observation(game, 0, frozen)
    with pytest.raises(RuntimeError, match="set_output"):
        encoder.observe(game, 0, None)
    encoder.set_output(False, np.empty, np.float32, np.int8, game.num_actions)
    with pytest.raises(IndexError, match="outside the mask"):
        encoder.observe(game, 0, [game.num_actions])


def _python_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Environments made from now on use the Python encoders."""
    for cls in rl_adapter.Adapter.__subclasses__():
        monkeypatch.setattr(cls, "native_encoder", lambda self: None)


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
    assert all(e._native is not None for e in native.values())
    assert all(e._native is None for e in python.values())
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
