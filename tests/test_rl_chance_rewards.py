"""The environments at chance points (manual chance), the helpers' game options,
and rewards paid before the learner's first decision."""

from __future__ import annotations

import numpy as np
import pytest

from ludoteca import InvalidOption, new_game, replay
from ludoteca.rl import (
    action_notations,
    action_to_notation,
    env,
    gym_env,
    notation_to_action,
    record_to_trajectory,
)


def test_helpers_take_every_game_option_even_target() -> None:
    game = new_game("fiveup", seed=0, target=121)
    assert action_notations("fiveup_v0", target=121) == [
        game.action_to_move(a) for a in range(game.num_actions)
    ]
    assert action_to_notation("fiveup_v0", 5, target=121) == game.action_to_move(5)
    assert notation_to_action("fiveup_v0", "draw", target=121) == game.move_to_action("draw")
    # the option reaches the game: a value it does not allow is refused
    with pytest.raises(InvalidOption):
        action_notations("fiveup_v0", target=-3)
    with pytest.raises(InvalidOption):
        action_to_notation("fiveup_v0", 0, target=-3)


def test_manual_chance_environment_selects_an_agent_and_waits_for_chance() -> None:
    e = env("bingo_v0")
    e.start(new_game("bingo", chance="manual", seed=3))
    assert e.chance_due and e.agent_selection == "player_0"
    obs, reward, terminated, truncated, _ = e.last()
    assert not obs["action_mask"].any() and reward == 0 and not terminated and not truncated
    assert list(e.agent_iter()) == []
    with pytest.raises(ValueError, match="chance event is due"):
        e.step(0)
    rng = np.random.default_rng(0)
    hands_seen = 0
    last_decider = None
    while e.agents:
        if e.chance_due:
            if last_decider is not None:
                hands_seen += 1
                # between hands: the last decider stays selected, with nothing to do
                assert e.agent_selection == last_decider
                assert not e.last()[0]["action_mask"].any()
            e.play_chance(e.game.sample_chance())
            continue
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            last_decider = agent
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert hands_seen >= 2
    assert e.game.is_over
    assert replay(e.record()).moves == e.game.moves


def test_cavaleiro_rewards_before_the_first_decision_come_with_the_first_step() -> None:
    early = 0
    for seed in range(12):
        g = gym_env("cavaleiro_v0", players=8, opponents="greedy")
        g.reset(seed=seed)
        early += g.aec._cumulative_rewards[g.agent] != 0
        total = 0.0
        done = False
        while not done:
            mask = g.action_masks()
            action = int(np.flatnonzero(mask)[0]) if mask.any() else 0
            _, reward, done, _, _ = g.step(action)
            total += reward
        returns = record_to_trajectory(g.game.record()).returns
        assert total == pytest.approx(returns[g.agent])
    assert early > 0


def test_a_game_over_before_the_learner_decides_ends_at_the_first_step() -> None:
    """A one-stick figure among eight players: most games end in the first round,
    won by a bot; the first step ends the episode with the learner's share."""
    ended = 0
    for seed in range(10):
        g = gym_env("cavaleiro_v0", players=8, layout="1x1x1+0", opponents="random")
        obs, _ = g.reset(seed=seed)
        if not g.game.is_over:
            continue
        ended += 1
        assert not obs["action_mask"].any()
        _, reward, terminated, truncated, _ = g.step(0)
        assert terminated and not truncated
        assert reward == pytest.approx(record_to_trajectory(g.game.record()).returns[g.agent])
        assert reward < 0
        with pytest.raises(RuntimeError):
            g.step(0)
    assert ended > 0
