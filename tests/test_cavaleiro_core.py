"""Cavaleiro's core: undo restores every state exactly, clones are independent, and the
game built on it pops every move, over many random games and figures."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.cavaleiro import Cavaleiro
from ludoteca.games.cavaleiro.core import OVER, REMOVE, Rules, State, draw_roll
from ludoteca.games.cavaleiro.layout import parse_layout

layouts = st.one_of(
    st.sampled_from(["3x3x3+3", "2x2x2+1", "12/3+0", "1x2x5+2", "1x1x1+0"]),
    st.builds(
        lambda blocks, horizontals: {"blocks": blocks, "horizontals": horizontals},
        st.lists(st.lists(st.integers(1, 4), min_size=1, max_size=3), min_size=1, max_size=3),
        st.integers(0, 3),
    ),
)


def fields(state: State) -> dict[str, Any]:
    """Everything a state holds but what undoes it (lists copied)."""
    return {
        name: list(value) if isinstance(value, list) else value
        for name in State.__slots__
        if name != "trail"
        for value in [getattr(state, name)]
    }


def step(state: State, rng: random.Random) -> None:
    if state.phase == REMOVE:
        state.apply(rng.choice(state.legal()))
    else:
        state.roll(draw_roll(rng))


@given(st.integers(0, 2**32), st.integers(2, 8), layouts)
def test_undo_takes_the_state_back_through_every_step_to_the_start(
    seed: int, players: int, layout: Any
) -> None:
    rules = Rules(parse_layout(layout))
    state = State(rules, players)
    rng = random.Random(seed)
    seen = [fields(state)]
    while state.phase != OVER:
        step(state, rng)
        seen.append(fields(state))
    assert state.trail is not None and len(state.trail) == len(seen) - 1
    while len(seen) > 1:
        seen.pop()
        state.undo()
        assert fields(state) == seen[-1]
    assert fields(state) == fields(State(rules, players)) and state.trail == []


@given(st.integers(0, 2**32), st.integers(2, 8), layouts, st.integers(0, 200))
def test_a_clone_and_its_original_go_their_own_ways(
    seed: int, players: int, layout: Any, steps: int
) -> None:
    state = State(Rules(parse_layout(layout)), players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.phase == OVER:
            break
        step(state, rng)
    before = fields(state)
    twin = state.clone()
    assert fields(twin) == before
    other = random.Random(seed + 1)
    while twin.phase != OVER:
        step(twin, other)
    assert fields(state) == before  # the original did not move
    while state.phase != OVER:
        step(state, rng)
    while twin.trail:
        twin.undo()
    assert fields(twin) == fields(State(state.rules, players))  # nor did the clone's past


def snapshot(game: ludoteca.Game) -> str:
    views = [game.view(s) for s in [None, *range(game.num_seats)]]
    return json.dumps([views, game.history, game.result(), game.to_move, game.legal_actions()])


@settings(max_examples=35)
@given(st.integers(0, 2**32), st.integers(2, 6), layouts, st.sampled_from(["auto", "manual"]))
def test_the_game_pops_every_move_and_plays_it_again_the_same(
    seed: int, players: int, layout: Any, chance: str
) -> None:
    game = ludoteca.new_game(
        "cavaleiro",
        seed=seed,
        players=players,
        layout=layout,
        chance=chance,  # type: ignore[arg-type]
    )
    rng = random.Random(seed)
    states = [snapshot(game)]
    moves = []
    while not game.is_over and len(moves) < 150:
        if game.to_move == "chance":
            move = game.sample_chance(rng)
        else:
            move = rng.choice(game.legal_moves())
        game.play(move)
        moves.append(move)
        states.append(snapshot(game))
    after, final = game.moves, states[-1]
    for move in reversed(moves):
        assert game.pop() == move
        states.pop()
        assert snapshot(game) == states[-1]
    for move in moves:
        game.play(move)
    assert game.moves == after and snapshot(game) == final


def test_the_compiled_encoder_refuses_a_state_it_cannot_read() -> None:
    from ludoteca import tensor
    from ludoteca.games.cavaleiro.tensor import CavaleiroTensors

    if tensor.native is None:
        from web_helpers import unavailable

        unavailable("the C extension is not built")
    game = ludoteca.new_game("cavaleiro", seed=2, players=3)
    encoder = CavaleiroTensors(game).native_encoder()
    assert encoder is not None
    size = game.observation_tensor_size
    out = bytearray(4 * size)
    assert encoder.observation(game, 1, out) == game.observation_tensor(1)
    for bad in (
        ludoteca.new_game("cavaleiro", seed=2, players=3, layout="2x2x2+1"),  # other figures
        ludoteca.new_game("cavaleiro", seed=2, players=2),  # other seats
    ):
        with pytest.raises(ValueError, match="figures"):
            encoder.observation(bad, 0, out)
    broken = game.copy()
    assert isinstance(broken, Cavaleiro)
    broken.core.rolls = ((0, 5000),)
    with pytest.raises(ValueError, match="roll"):
        encoder.observation(broken, 0, out)
    broken.core.rolls = ((7, 1),)
    with pytest.raises(ValueError, match="seat"):
        encoder.observation(broken, 0, out)
    broken.core.rolls = ()
    broken.core.order = (0, 1, 9)
    with pytest.raises(ValueError, match="order"):
        encoder.observation(broken, 0, out)
    with pytest.raises(AttributeError):
        encoder.observation(object(), 0, out)
