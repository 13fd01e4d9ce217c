"""The Game API contract, checked on every game whose engine is built."""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca import IllegalMove, InvalidOption, InvalidRecord

GAMES = ludoteca.available_games()


def random_game(name: str, seed: int, max_moves: int = 100_000) -> ludoteca.Game:
    game = ludoteca.new_game(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(max_moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(ValueError, match="texas42, fiveup, bingo, cavaleiro"):
        ludoteca.new_game("chess")


@pytest.mark.parametrize("name", GAMES)
def test_unknown_option_lists_the_valid_ones(name: str) -> None:
    with pytest.raises(InvalidOption) as err:
        ludoteca.new_game(name, colour="blue")
    assert "colour" in str(err.value)
    for option in ludoteca.game_class(name).option_specs:
        assert option in str(err.value)


@pytest.mark.parametrize("name", GAMES)
def test_bad_option_value_says_what_is_allowed(name: str) -> None:
    specs = ludoteca.game_class(name).option_specs
    option = next(iter(specs))
    with pytest.raises(InvalidOption, match="must be"):
        ludoteca.new_game(name, **{option: object()})


def test_bad_chance_mode() -> None:
    with pytest.raises(ValueError, match="auto"):
        ludoteca.new_game("texas42", chance="sometimes")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    a = random_game(name, 11)
    b = random_game(name, 11)
    assert a.moves == b.moves
    assert a.result() == b.result()
    c = random_game(name, 12)
    assert c.moves != a.moves


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(5))
def test_record_replays_and_is_json(name: str, seed: int) -> None:
    game = random_game(name, seed)
    assert game.is_over and game.to_move is None
    record = json.loads(json.dumps(game.record()))
    assert record["format"] == "ludoteca/1"
    assert record["game"] == name
    again = ludoteca.replay(record)
    assert again.moves == game.moves
    assert again.result() == game.result()
    json.dumps(game.result())


@pytest.mark.parametrize("name", GAMES)
def test_replay_names_the_first_bad_move(name: str) -> None:
    record = random_game(name, 3).record()
    moves = record["moves"]
    # the first decision (a move that is not a chance event) replaced by a chance-like string
    record["moves"] = [*moves[:4], "nonsense", *moves[5:]]
    with pytest.raises(IllegalMove) as err:
        ludoteca.replay(record)
    assert err.value.index == 5
    assert "move 5" in str(err.value)


def test_replay_refuses_what_is_not_a_record() -> None:
    with pytest.raises(InvalidRecord):
        ludoteca.replay({"format": "other/1"})
    with pytest.raises(InvalidRecord):
        ludoteca.replay([])  # type: ignore[arg-type]
    with pytest.raises(InvalidRecord, match="lacks"):
        ludoteca.replay({"format": "ludoteca/1", "game": "texas42"})


@pytest.mark.parametrize("name", GAMES)
def test_illegal_moves_change_nothing(name: str) -> None:
    game = ludoteca.new_game(name, seed=5)
    rng = random.Random(5)
    checked = 0
    while not game.is_over and checked < 60:
        before_moves = game.moves
        before_view = json.dumps(game.view(None))
        for bad in ("nonsense", "play 9-9", "pass pass", ""):
            with pytest.raises(IllegalMove) as err:
                game.play(bad)
            assert str(err.value)
        legal = set(game.legal_actions())
        illegal = [a for a in range(game.num_actions) if a not in legal]
        if illegal:
            a = rng.choice(illegal)
            with pytest.raises(IllegalMove) as err:
                game.apply_action(a)
            assert "not allowed" in str(err.value)
        assert game.moves == before_moves
        assert json.dumps(game.view(None)) == before_view
        game.play(rng.choice(game.legal_moves()))
        checked += 1


@pytest.mark.parametrize("name", GAMES)
def test_actions_and_moves_map_one_to_one(name: str) -> None:
    game = random_game(name, 8, max_moves=40)
    for a in range(game.num_actions):
        assert game.move_to_action(game.action_to_move(a)) == a


@pytest.mark.parametrize("name", GAMES)
def test_copy_is_independent(name: str) -> None:
    game = random_game(name, 9, max_moves=10)
    twin = game.copy()
    rng = random.Random(1)
    while not twin.is_over:
        twin.play(rng.choice(twin.legal_moves()))
    assert len(game.moves) < len(twin.moves)
    assert twin.moves[: len(game.moves)] == game.moves
    # the copy carries the generator: the same moves give the same chance events
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    assert game.moves == twin.moves


@pytest.mark.parametrize("name", GAMES)
def test_manual_chance_is_asked_for(name: str) -> None:
    game = ludoteca.new_game(name, chance="manual")
    assert game.to_move == "chance"
    assert game.legal_moves() == []
    event = game.sample_chance(random.Random(1))
    game.play(event)
    assert game.moves == [event]


@pytest.mark.parametrize("name", GAMES)
def test_views_are_json_and_show_legal_moves_to_the_mover(name: str) -> None:
    game = random_game(name, 4, max_moves=15)
    for seat in [None, *range(game.num_seats)]:
        view = json.loads(json.dumps(game.view(seat)))
        assert view["seat"] == seat
        if seat == game.to_move:
            assert view["legal_moves"] == game.legal_moves()
        else:
            assert view["legal_moves"] == []
    with pytest.raises(ValueError, match="not a seat"):
        game.view(game.num_seats)


@pytest.mark.parametrize("name", GAMES)
def test_over_game_refuses_moves(name: str) -> None:
    game = random_game(name, 2)
    with pytest.raises(IllegalMove, match="over"):
        game.play("pass")
