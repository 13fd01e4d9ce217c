"""The games as OpenSpiel games: pyspiel's own checks, observers, resampling,
serialization, and OpenSpiel's MCTS, IS-MCTS and CFR running through them."""

from __future__ import annotations

import importlib
import pickle
import random
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from web_helpers import unavailable

try:
    pyspiel: ModuleType | None = importlib.import_module("pyspiel")
except ImportError:
    pyspiel = None

CASES: list[tuple[str, dict[str, Any]]] = [
    ("texas42", {}),
    ("texas42", {"scoring": "points", "nello": True, "plunge": True, "sevens": True}),
    ("fiveup", {}),
    ("fiveup", {"players": 3, "target": 31}),
    ("fiveup", {"players": 4}),
    ("bingo", {}),
    ("cavaleiro", {}),
    ("cavaleiro", {"players": 5, "layout": "23/4+1"}),
]


@pytest.fixture(scope="module")
def spiel() -> ModuleType:
    if pyspiel is None:
        unavailable("open-spiel is not installed: pip install -e '.[openspiel]'")
    importlib.import_module("ludoteca.openspiel")
    assert pyspiel is not None
    return pyspiel


def _load(spiel: ModuleType, name: str, options: dict[str, Any]) -> Any:
    return spiel.load_game(f"python_ludoteca_{name}", options)


def _walk(state: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "options"), CASES)
def test_pyspiel_random_simulations_with_serialization(
    spiel: ModuleType, name: str, options: dict[str, Any]
) -> None:
    game = _load(spiel, name, options)
    spiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_observers_give_the_games_tensors_and_strings(
    spiel: ModuleType, name: str, options: dict[str, Any]
) -> None:
    game = _load(spiel, name, options)
    rng = random.Random(3)
    state = game.new_initial_state()
    checked = 0
    while checked < 40 and not state.is_terminal():
        if not state.is_chance_node():
            position = state.game
            for p in range(game.num_players()):
                assert np.array_equal(
                    state.information_state_tensor(p),
                    np.frombuffer(position.information_state_tensor(p), np.float32),
                )
                assert np.array_equal(
                    state.observation_tensor(p),
                    np.frombuffer(position.observation_tensor(p), np.float32),
                )
                assert state.information_state_string(p) == position.information_state_string(p)
                assert state.observation_string(p) == position.observation_string(p)
            checked += 1
        else:
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
        _walk(state, rng, 1)
    assert checked > 0


@pytest.mark.parametrize("name", ["texas42", "fiveup", "bingo"])
def test_resample_from_infostate_keeps_what_the_player_knows(spiel: ModuleType, name: str) -> None:
    game = _load(spiel, name, {})
    rng = random.Random(4)
    state = _walk(game.new_initial_state(), rng, 80)
    while state.is_chance_node():
        _walk(state, rng, 1)
    player = state.current_player()
    sampler = spiel.UniformProbabilitySampler(0.0, 1.0)
    changed = False
    for _ in range(10):
        twin = state.resample_from_infostate(player, sampler)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.legal_actions() == state.legal_actions()
        changed |= any(
            twin.game.view(o)["hand"] != state.game.view(o)["hand"]
            for o in range(game.num_players())
            if o != player
        )
        _walk(twin, rng, 30)  # the resampled state plays on
    assert changed


def test_games_and_states_pickle(spiel: ModuleType) -> None:
    game = _load(spiel, "fiveup", {"players": 3})
    state = _walk(game.new_initial_state(), random.Random(5), 50)
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state)
    assert again.history() == state.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    text = spiel.serialize_game_and_state(game, state)
    game2, state2 = spiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)


def test_mcts_plays_cavaleiro(spiel: ModuleType) -> None:
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots import uniform_random

    game = _load(spiel, "cavaleiro", {"layout": "2x2x2+1"})
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2.0, 30, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    for _ in range(2):
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), [bot, uniform_random.UniformRandomBot(1, rng)], rng
        )
        assert sorted(returns) == [-1.0, 1.0]


def test_ismcts_plays_the_domino_games(spiel: ModuleType) -> None:
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    import ludoteca.openspiel as adapter

    for name in ("texas42", "fiveup", "bingo"):
        game = _load(spiel, name, {})
        state = _walk(game.new_initial_state(), random.Random(6), 60)
        while state.is_chance_node():
            _walk(state, random.Random(6), 1)
        bot = adapter.ismcts_bot(game, simulations=4, seed=2)
        assert bot.step(state) in state.legal_actions()
    # a whole (short) game: a Texas 42 ending, IS-MCTS partners against random ones
    ending = _load(spiel, "texas42", {"ending_seed": 469, "scoring": "points"})
    rng = np.random.RandomState(3)
    bots = [
        adapter.ismcts_bot(ending, simulations=8, seed=s)
        if s % 2 == 0
        else uniform_random.UniformRandomBot(s, rng)
        for s in range(4)
    ]
    returns = evaluate_bots.evaluate_bots(ending.new_initial_state(), bots, rng)
    assert returns[0] == returns[2] == -returns[1] == -returns[3]


def test_an_ending_starts_from_every_deal_that_fits(spiel: ModuleType) -> None:
    import ludoteca.openspiel as adapter

    moves, deals = adapter.texas42_ending(469, 2, scoring="points")
    assert len(deals) == len(set(deals)) > 1
    game = _load(spiel, "texas42", {"ending_seed": 469, "scoring": "points"})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == len(deals)
    state.apply_action(0)
    assert state.game.moves[: len(moves)][-3:] == moves[-3:]
    assert not state.is_chance_node()
    assert all(len(h) == 2 for h in [state.game.view(s)["hand"] for s in range(4)])


def test_cfr_lowers_nash_conv_on_an_ending(spiel: ModuleType) -> None:
    from open_spiel.python.algorithms import cfr, exploitability

    game = _load(spiel, "texas42", {"ending_seed": 469, "scoring": "points"})
    solver = cfr.CFRSolver(game)
    convs = []
    for _ in range(2):
        solver.evaluate_and_update_policy()
        convs.append(exploitability.nash_conv(game, solver.average_policy()))
    assert convs[0] > convs[1] >= 0


def test_ismcts_refuses_a_perfect_information_game(spiel: ModuleType) -> None:
    import ludoteca.openspiel as adapter

    cavaleiro = _load(spiel, "cavaleiro", {"layout": "2x2x2+1"})
    with pytest.raises(ValueError, match=r"perfect-information game.*MCTSBot"):
        adapter.ismcts_bot(cavaleiro)
    with pytest.raises(ValueError, match="simulations"):
        adapter.ismcts_bot(_load(spiel, "bingo", {}), simulations=0)


def test_the_determinized_mcts_does_not_see_the_hidden_tiles(spiel: ModuleType) -> None:
    """Two states a player cannot tell apart (its hidden tiles redrawn) get the same
    move from the same bot: the search draws its own worlds from what the player knows."""
    import ludoteca.openspiel as adapter

    game = _load(spiel, "texas42", {"ending_seed": 469, "scoring": "points"})
    state = game.new_initial_state()
    state.apply_action(0)
    player = state.current_player()
    rng = np.random.RandomState(5)
    twins = [state.resample_from_infostate(player, rng.random_sample) for _ in range(6)]
    hands = {tuple(t.game.hand_masks) for t in twins}
    assert len(hands) > 1  # the twins differ in what the player cannot see
    moves = {
        adapter.determinized_mcts_bot(game, simulations=24, determinizations=3, seed=1).step(t)
        for t in twins
    }
    assert len(moves) == 1 and moves <= set(state.legal_actions())
