"""Information state and observation strings against the tensors.

The strings render the seat's view: equal strings always mean equal vectors.
The vectors sum up a few things the view shows in full (earlier hands by the
score, the draw for first leader, Cavaleiro's dice by their rank); equal
vectors mean equal strings except in exactly those fields.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from tensor_helpers import OPTION_CASES

from ludoteca.game import Game
from ludoteca.registry import new_game

# Fields of the view the vectors sum up instead of showing them whole (the history
# of the hand among them: its log, who made each move and what each move did).
HISTORY = {"log", "log_seats", "events"}
SUMMED_UP: dict[str, set[str]] = {
    "texas42": {"first_dealer_draws", "hands_played"} | HISTORY,
    "bingo": {"first_leader_draw", "first_leader", "hands_played", "score_events", "set_events"}
    | HISTORY,
    "fiveup": {"first_leader_draw", "first_leader", "hands_played", "score_events"} | HISTORY,
    "cavaleiro": {"order_rolloff", "rolls", "last_round"} | HISTORY,
}


def _fields(text: str) -> dict[str, str]:
    return dict(line.split(": ", 1) for line in text.splitlines())


def _positions(name: str, options: dict[str, Any], games: int, steps: int) -> list[Game]:
    rng = random.Random(7)
    out = []
    for g in range(games):
        game = new_game(name, seed=g, **options)
        for _ in range(steps):
            out.append(game.copy())
            if game.is_over:
                break
            game.apply_action(rng.choice(game.legal_actions()))
    return out


@pytest.mark.parametrize(("name", "options"), OPTION_CASES)
def test_strings_against_tensors(name: str, options: dict[str, Any]) -> None:
    positions = _positions(name, options, games=40, steps=50)
    for information in (True, False):
        by_string: dict[tuple[int, str], bytes] = {}
        by_tensor: dict[tuple[int, bytes], str] = {}
        for game in positions:
            for seat in range(game.num_seats):
                if information:
                    text = game.information_state_string(seat)
                    vector = bytes(game.information_state_tensor(seat))
                else:
                    text = game.observation_string(seat)
                    vector = bytes(game.observation_tensor(seat))
                assert by_string.setdefault((seat, text), vector) == vector
                seen = by_tensor.setdefault((seat, vector), text)
                if seen != text:
                    a, b = _fields(seen), _fields(text)
                    differ = {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}
                    assert differ <= SUMMED_UP[name], differ
        assert len(by_string) > 1000


@pytest.mark.parametrize("name", ["texas42", "bingo", "fiveup", "cavaleiro"])
def test_strings_hide_what_the_seat_cannot_see(name: str) -> None:
    rng = random.Random(2)
    for seed in range(20):
        game = new_game(name, seed=seed)
        for _ in range(rng.randrange(40)):
            if game.is_over:
                break
            game.apply_action(rng.choice(game.legal_actions()))
        for seat in range(game.num_seats):
            twin = game.sample_hidden(seat, rng)
            assert twin.information_state_string(seat) == game.information_state_string(seat)
            assert twin.observation_string(seat) == game.observation_string(seat)
        text = game.information_state_string(0)
        assert text.startswith("seat: 0\n") and "names" not in _fields(text)
        assert game.information_state_string(1) != text


def test_strings_ignore_names_and_legal_moves() -> None:
    a = new_game("bingo", seed=4, names=["Ana", "Beto"])
    b = new_game("bingo", seed=4)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert "legal_moves" not in _fields(a.information_state_string(a.to_move))
    with pytest.raises(ValueError):
        a.observation_string(2)
