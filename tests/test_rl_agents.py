"""Learning agents against any players: frozen policies, Python agents and engines
as opponents; the global state; Gymnasium's registration; action numbers from
one Cavaleiro figure to another."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test.state_test import test_state_space as check_state_space

import ludoteca
from ludoteca.bots import SeatHandle
from ludoteca.errors import InvalidOption
from ludoteca.protocol import EngineSpec
from ludoteca.rl import (
    GYMNASIUM_IDS,
    action_map,
    action_notations,
    env,
    evaluate,
    gym_env,
)

BROKEN = Path(__file__).resolve().parent / "engines" / "broken.py"


def make_policy(size: int, actions: int, seed: int) -> Any:
    weights = np.random.default_rng(seed).normal(size=(actions, size)).astype(np.float32)

    def policy(observation: np.ndarray, action_mask: np.ndarray) -> int:
        logits = weights @ observation
        logits[action_mask == 0] = -np.inf
        return int(np.argmax(logits))

    return policy


class LastMove:
    def choose(self, handle: SeatHandle) -> str:
        return handle.legal_moves()[-1]


def test_evaluate_takes_a_frozen_policy_an_agent_or_an_engine_as_opponents() -> None:
    g = gym_env("bingo_v0", opponents="random")
    size, actions = g.observation_space["observation"].shape[0], int(g.action_space.n)
    learner, frozen = make_policy(size, actions, 1), make_policy(size, actions, 1)
    against_itself = evaluate(learner, "bingo_v0", opponents=frozen, games=4, seed=3)
    # the same policy on both sides of every deal: each deal is won once from each side
    assert against_itself.games == 4 and against_itself.wins == 2
    assert against_itself.opponents == "policy"

    as_agent = evaluate(LastMove(), "bingo_v0", opponents="greedy", games=2, seed=3)
    assert as_agent.games == 2 and as_agent.opponents == "greedy"

    engine = EngineSpec((sys.executable, str(BROKEN), "fine"), hello_time=60, move_time=60)
    against_engine = evaluate(learner, "bingo_v0", opponents=engine, games=2, seed=3)
    assert against_engine.games == 2 and against_engine.opponents.startswith("cmd:")
    with pytest.raises(TypeError, match="a player is a level"):
        evaluate(learner, "bingo_v0", opponents=3.5, games=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="games is a whole number"):
        evaluate(learner, "bingo_v0", games=0)


def test_gym_env_plays_against_policies_agents_and_engines() -> None:
    size = env("texas42_v0").observation_space("player_0")["observation"].shape[0]
    frozen = make_policy(size, 73, 2)
    e = gym_env("texas42_v0", opponents={1: "random", 2: frozen, 3: LastMove()})
    obs, _ = e.reset(seed=4)
    done = False
    while not done:
        obs, _, done, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.game.is_over

    engine = EngineSpec((sys.executable, str(BROKEN), "fine"), hello_time=60, move_time=60)
    e = gym_env("bingo_v0", opponents=engine)
    for seed in (1, 2):  # one engine process plays every episode
        obs, _ = e.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    seated = list(e._seated.values())
    assert len(seated) == 1 and seated[0].engine.running  # type: ignore[attr-defined]
    e.close()
    assert not seated[0].engine.running  # type: ignore[attr-defined]

    with pytest.raises(InvalidOption, match="opponent of seat 1"):
        gym_env("bingo_v0", opponents="grandmaster")
    with pytest.raises(InvalidOption, match="missing"):
        gym_env("texas42_v0", opponents={1: "random"})


def test_gymnasium_makes_the_registered_environments_with_their_spec() -> None:
    assert GYMNASIUM_IDS == [
        "ludoteca/Texas42-v0",
        "ludoteca/FiveUp-v0",
        "ludoteca/Bingo-v0",
        "ludoteca/Cavaleiro-v0",
    ]
    made = gymnasium.make("ludoteca/Bingo-v0", opponents="random")
    assert made.spec is not None and made.spec.id == "ludoteca/Bingo-v0"
    direct = gym_env("cavaleiro_v0", opponents="greedy", players=3)
    assert direct.spec is not None and direct.spec.id == "ludoteca/Cavaleiro-v0"
    assert direct.spec.kwargs["players"] == 3
    remade = gymnasium.make(direct.spec)
    assert remade.unwrapped.aec.game_options == {"players": 3}  # type: ignore[attr-defined]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gym_env("bingo_v0", opponents="random"), skip_render_check=True)


@pytest.mark.parametrize("name", ["texas42_v0", "bingo_v0", "fiveup_v0", "cavaleiro_v0"])
def test_the_global_state_is_every_seats_observation(name: str) -> None:
    e = env(name)
    check_state_space(e)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    for _agent in e.agent_iter(200):
        obs, _, terminated, truncated, _ = e.last()
        state = e.state()
        assert e.state_space.contains(state)
        parts = np.split(state, len(e.possible_agents))
        for seat, part in enumerate(parts):
            assert np.array_equal(part, e.observe(e.possible_agents[seat])["observation"])
        e.step(
            None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
    # every seat's tiles are in the state: more than in any one observation
    if name != "cavaleiro_v0":
        hands = [set(e.game.view(s)["hand"]) for s in range(e.game.num_seats)]
        assert sum(len(h) for h in hands) > max(len(h) for h in hands)


@pytest.mark.parametrize(
    ("source", "target"),
    [("2x3x3+2", "3x3x3+3"), ("3x3x3+3", "2x2x2+1"), ("333/333/333+3", "33/22+1")],
)
def test_cavaleiro_actions_map_from_one_figure_to_another(source: str, target: str) -> None:
    mapping = action_map("cavaleiro_v0", {"layout": source}, {"layout": target})
    there = action_notations("cavaleiro_v0", layout=target)
    here = action_notations("cavaleiro_v0", layout=source)
    assert len(mapping) == len(here)
    for action, move in enumerate(here):
        if move in there:
            assert there[mapping[action]] == move
        else:
            assert mapping[action] == -1
    # the published numbering: pass, horizontals, horizontal, blocks, then columns
    blocks = sum(m.startswith("remove block") for m in here)
    assert here[:3] == ["pass", "remove horizontals", "remove horizontal"]
    assert here[3 : 3 + blocks] == [f"remove block {b}" for b in range(1, blocks + 1)]
    assert here[3 + blocks] == "remove 1 from column 1"
    # a move played on one figure is the mapped action on the other
    game = ludoteca.new_game("cavaleiro", seed=1, layout=target)
    for action in game.legal_actions():
        back = action_map("cavaleiro_v0", {"layout": target}, {"layout": source})[action]
        if back >= 0:
            assert mapping[back] == action
