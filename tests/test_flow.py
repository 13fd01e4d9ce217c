"""What happens next, said once by the game (``Game.next_step``), in every game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ludoteca
from ludoteca.flow import Step, ended_hand, hand_just_ended

CASES = [
    ("texas42", {}),
    ("texas42", {"all_pass": "forced", "nello": True}),
    ("fiveup", {}),
    ("fiveup", {"players": 4}),
    ("bingo", {}),
    ("cavaleiro", {"players": 3}),
]


@pytest.mark.parametrize(("name", "options"), CASES)
@given(seed=st.integers(0, 10_000))
def test_the_next_step_agrees_with_the_game_at_every_move(
    name: str, options: dict[str, object], seed: int
) -> None:
    game = ludoteca.new_game(name, seed=seed, chance="manual", **options)
    rng = random.Random(seed)
    seen = set()
    while len(game) < 400:
        step = game.next_step()
        seen.add(step.kind)
        ended = any(e.code == game.type.hand_end_code for e in game.last_events())
        if step.kind == "over":
            assert game.is_over and step.seat is None
            break
        if step.kind == "decision":
            assert step.seat == game.to_move and step.seat in range(game.num_seats)
            game.play(rng.choice(game.legal_moves()))
            continue
        assert game.to_move == "chance"
        assert (step.kind == "deal") == ended == hand_just_ended(game)
        assert (step.kind == "roll") == (game.to_roll is not None and not ended)
        if step.kind == "roll":
            assert step.seat == game.to_roll
        game.play(game.sample_chance(rng))
    assert ("decision" in seen and "chance" in seen) or "roll" in seen


def test_steps_are_values() -> None:
    assert Step("decision", 2) == Step("decision", 2) and repr(Step("deal")) == "Step('deal')"
    assert eval(repr(Step("roll", seat=1)), {"Step": Step}) == Step("roll", 1)
    game = ludoteca.new_game("texas42", seed=1)
    assert not ended_hand(game.type, []) and not hand_just_ended(game)
