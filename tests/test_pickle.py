"""Games, copies and environments pickle and deep-copy, and run on in processes
started without fork (``spawn``, ``forkserver``): vectorised environments, Ray
workers and checkpoints need it."""

from __future__ import annotations

import copy
import functools
import multiprocessing
import pickle
import random
from typing import Any

import gymnasium
import numpy as np
import pytest

import ludoteca
from ludoteca.game import Game
from ludoteca.rl import env, gym_env
from ludoteca.rl.aec import LudotecaEnv

GAMES = ["texas42", "bingo", "fiveup", "cavaleiro"]


def _play_some(game: Game, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        if game.is_over:
            return
        game.apply_action(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_games_pickle_after_their_tensors_were_asked_for(name: str) -> None:
    rng = random.Random(1)
    game = ludoteca.new_game(name, seed=5)
    _play_some(game, 9, rng)
    vectors = [game.information_state_tensor(s) for s in range(game.num_seats)]
    for again in (
        pickle.loads(pickle.dumps(game)),
        copy.deepcopy(game),
        pickle.loads(pickle.dumps(game.copy())),
    ):
        assert again.moves == game.moves
        assert [again.information_state_tensor(s) for s in range(game.num_seats)] == vectors
        # the same generator state: both go on with the same chance
        _play_some(again, 30, random.Random(2))
    twin = game.copy()
    _play_some(twin, 30, random.Random(2))
    assert again.moves == twin.moves


def test_a_chance_event_under_way_pickles() -> None:
    game = ludoteca.new_game("texas42", chance="manual")
    game.play("draw 6-6 5-4 3-1 0-0")
    game.play("tile 6-6")
    again = pickle.loads(pickle.dumps(game))
    assert again.chance_parts == ["tile 6-6"]
    assert again.chance_outcomes() == game.chance_outcomes()


def _aec_moves(e: LudotecaEnv, steps: int, seed: int) -> list[Any]:
    """Play ``steps`` steps of random legal actions; what each step showed."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(steps):
        if not e.agents:
            break
        obs, reward, terminated, _, _ = e.last()
        out.append((e.agent_selection, obs["observation"].tobytes(), reward, terminated))
        action = None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
    return out


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("obs_type", ["observation", "info_state"])
def test_aec_environments_pickle_and_deepcopy(name: str, obs_type: str) -> None:
    e = env(f"{name}_v0", obs_type=obs_type)
    e.reset(seed=3)
    _aec_moves(e, 12, 0)
    for again in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
        assert _aec_moves(again, 40, 1) == _aec_moves(copy.deepcopy(e), 40, 1)
    assert _aec_moves(pickle.loads(pickle.dumps(e)), 40, 1) == _aec_moves(e, 40, 1)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_environments_pickle_and_deepcopy(name: str) -> None:
    g = gym_env(f"{name}_v0", opponents="greedy")
    g.reset(seed=4)
    g.step(int(np.flatnonzero(g.action_masks())[0]))
    copies = [pickle.loads(pickle.dumps(g)), copy.deepcopy(g), g]
    results = []
    for x in copies:
        steps = []
        for _ in range(10):
            obs, reward, terminated, _, _ = x.step(int(np.flatnonzero(x.action_masks())[0]))
            steps.append((obs["observation"].tobytes(), reward, terminated))
            if terminated:
                break
        results.append(steps)
    assert results[0] == results[1] == results[2]


def _continue(e: LudotecaEnv) -> list[Any]:
    return _aec_moves(e, 60, 9)


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_aec_environments_run_on_in_processes_started_without_fork(method: str) -> None:
    """An environment in mid-game goes to a worker started with ``spawn`` or
    ``forkserver`` (pickled there) and plays on exactly as it would here."""
    envs = []
    for name in GAMES:
        e = env(f"{name}_v0")
        e.reset(seed=6)
        _aec_moves(e, 10, 2)
        envs.append(e)
    expected = [_continue(copy.deepcopy(e)) for e in envs]
    with multiprocessing.get_context(method).Pool(2) as pool:
        assert pool.map(_continue, envs) == expected


def _same(e: Any) -> Any:
    return e


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
@pytest.mark.parametrize("name", ["bingo", "cavaleiro"])
def test_gymnasium_vector_environment_without_fork(method: str, name: str) -> None:
    """Gymnasium's ``AsyncVectorEnv`` (subprocesses, as SB3's ``SubprocVecEnv``)
    with environments pickled into ``spawn``/``forkserver`` workers gives what the
    same environments give in this process."""
    made = [gym_env(f"{name}_v0", opponents="random") for _ in range(2)]
    remote = gymnasium.vector.AsyncVectorEnv(
        [functools.partial(_same, copy.deepcopy(m)) for m in made], context=method
    )
    local = gymnasium.vector.SyncVectorEnv([functools.partial(_same, m) for m in made])
    try:
        for vec in (remote, local):
            vec.reset(seed=[11, 12])
        for _ in range(40):
            masks = local.call("action_masks")
            # a finished game's mask is empty: its action is ignored (the next step resets)
            actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks])
            a = remote.step(actions)
            b = local.step(actions)
            assert (a[0]["observation"] == b[0]["observation"]).all()
            assert (a[1] == b[1]).all() and (a[2] == b[2]).all()
    finally:
        remote.close()
        local.close()
