"""The parts of the Game API every game shares: the game type, moves as values,
history with actors, undo, events, outcomes and the chance generator."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ludoteca
from ludoteca import IllegalMove, Move

GAMES = ludoteca.available_games()
OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("texas42", {}),
    ("texas42", {"scoring": "points", "nello": True, "sevens": True}),
    ("fiveup", {}),
    ("fiveup", {"players": 3}),
    ("fiveup", {"players": 4, "target": 121}),
    ("bingo", {}),
    ("cavaleiro", {}),
    ("cavaleiro", {"players": 5, "layout": "2x2x2+1"}),
]


def snapshot(game: ludoteca.Game) -> tuple[Any, ...]:
    views = [game.view(s) for s in range(game.num_seats)]
    return (game.moves, game.history, views, game.view(None), game.result(), game.to_move)


@pytest.mark.parametrize(("name", "options"), OPTIONS)
def test_the_game_type_answers_what_a_game_would(name: str, options: dict[str, Any]) -> None:
    t = ludoteca.game_type(name, **options)
    game = ludoteca.new_game(name, seed=1, **options)
    assert t == game.type
    assert t.num_seats == game.num_seats and t.num_actions == game.num_actions
    assert [list(s) for s in t.sides] == game.result()["sides"]
    assert dict(t.options) == game.options
    assert t.option_specs is type(game).option_specs
    assert t.observation_tensor_size == game.observation_tensor_size
    assert t.information_state_tensor_size == game.information_state_tensor_size
    assert all(seat in t.sides[t.side_of[seat]] for seat in range(t.num_seats))
    assert t.new_game(seed=1).moves == game.moves
    assert t.hidden_hands == (name != "cavaleiro")


def test_the_game_type_refuses_bad_options() -> None:
    with pytest.raises(ValueError, match="players"):
        ludoteca.game_type("fiveup", players=9)
    with pytest.raises(ValueError, match="no game called"):
        ludoteca.game_type("chess")
    with pytest.raises(ValueError, match="seed"):
        ludoteca.game_type("bingo", seed=1)


@pytest.mark.parametrize(("name", "options"), OPTIONS)
def test_every_legal_move_parses_to_a_value_that_plays_the_same(
    name: str, options: dict[str, Any]
) -> None:
    rng = random.Random(5)
    game = ludoteca.new_game(name, seed=5, **options)
    for _ in range(120):
        if game.is_over:
            break
        moves = game.legal_moves()
        for text in moves:
            move = game.parse(text)
            assert isinstance(move, Move) and str(move) == text
            assert eval(repr(move), {"Move": Move, "Tile": ludoteca.Tile}) == move
            assert game.move_to_action(move) == game.move_to_action(text)
        chosen = game.parse(rng.choice(moves))
        twin = game.copy()
        game.play(chosen)
        twin.play(chosen.text)
        assert twin.moves == game.moves


def test_parse_gives_the_canonical_form_and_refuses_what_is_no_move() -> None:
    game = ludoteca.new_game("texas42", seed=1)
    assert str(game.parse("  BID   42 ")) == "bid 42"
    assert str(game.parse("bid 1 mark")) == "bid 42"
    with pytest.raises(IllegalMove) as e:
        game.parse("castle kingside")
    assert e.value.code == "not_a_move"
    with pytest.raises(IllegalMove) as e:
        game.parse(42)  # type: ignore[arg-type]
    assert e.value.code == "not_text"


@pytest.mark.parametrize(("name", "options"), OPTIONS)
@pytest.mark.parametrize("chance", ["auto", "manual"])
def test_pop_undoes_every_move_exactly(name: str, options: dict[str, Any], chance: str) -> None:
    rng = random.Random(11)
    game = ludoteca.new_game(name, seed=11, chance=chance, **options)  # type: ignore[arg-type]
    for _ in range(40):
        if game.is_over:
            break
        before = snapshot(game)
        if game.to_move == "chance":
            move = game.sample_chance(rng)
        else:
            move = rng.choice(game.legal_moves())
        game.play(move)
        after = snapshot(game)
        assert game.pop() == move
        assert snapshot(game) == before
        game.play(move)
        assert snapshot(game) == after  # the same chance events are drawn again


@pytest.mark.parametrize(("name", "options"), OPTIONS)
def test_views_and_results_never_change_once_taken(name: str, options: dict[str, Any]) -> None:
    """A view or a result is the game's state when it was taken: later moves and undos
    leave it as it was (the web server's deltas compare a view with the last sent as
    values, so nothing in it may be shared with the game and changed later)."""
    rng = random.Random(9)
    game = ludoteca.new_game(name, seed=9, **options)
    taken: list[tuple[Any, Any]] = []
    while not game.is_over and len(game) < 600:
        if rng.random() < 0.3:
            seat = rng.choice([None, *range(game.num_seats)])
            for kept in (game.view(seat), game.view(seat, log_from=len(game)), game.result()):
                taken.append((kept, copy.deepcopy(kept)))
        if len(game) > 3 and rng.random() < 0.05:
            game.pop()
        else:
            game.play(rng.choice(game.legal_moves()))
    assert len(taken) > 10
    for kept, as_taken in taken:
        assert kept == as_taken


@pytest.mark.parametrize(("name", "options"), OPTIONS)
def test_a_view_from_a_move_on_is_the_tail_of_the_whole_view(
    name: str, options: dict[str, Any]
) -> None:
    """``view(seat, log_from=k)``: the log, its seats and the events of the moves from
    ``k`` on, the rest of the view as the whole one, for every seat and every ``k``."""
    rng = random.Random(5)
    game = ludoteca.new_game(name, seed=5, **options)
    for step in range(120):
        if game.is_over:
            break
        if step % 7 == 0:
            n = len(game.moves)
            for seat in [None, *range(game.num_seats)]:
                whole = game.view(seat)
                assert whole == game.view(seat, log_from=0)
                for k in {0, 1, n // 2, n - 1, n}:
                    tail = game.view(seat, log_from=k)
                    assert tail["log"] == whole["log"][k:]
                    assert tail["log_seats"] == whole["log_seats"][k:]
                    assert tail["events"] == [e for e in whole["events"] if e["n"] >= k]
                    rest = {key for key in whole if key not in ("log", "log_seats", "events")}
                    assert {key: tail[key] for key in rest} == {key: whole[key] for key in rest}
        game.play(rng.choice(game.legal_moves()))
    n = len(game.moves)
    for bad in (-1, n + 1, True, 1.0, "0"):
        with pytest.raises(ValueError, match="log_from"):
            game.view(0, log_from=bad)  # type: ignore[arg-type]


def test_pop_in_auto_mode_takes_the_drawn_chance_events_with_the_decision() -> None:
    game = ludoteca.new_game("texas42", seed=2)
    while len(game.moves) == len(ludoteca.new_game("texas42", seed=2).moves) or not any(
        m.startswith("deal") for m in game.moves[2:]
    ):
        game.play(game.legal_moves()[0])
    last_decision = max(i for i, (actor, _) in enumerate(game.history) if actor != "chance")
    assert game.history[-1][0] == "chance"  # a deal followed the last decision
    decision = game.moves[last_decision]
    assert game.pop() == decision
    assert len(game.moves) == last_decision


def test_pop_with_nothing_to_undo_is_refused() -> None:
    with pytest.raises(IllegalMove) as e:
        ludoteca.new_game("bingo", seed=1).pop()  # only the automatic draw and deal so far
    assert e.value.code == "nothing_to_undo"
    with pytest.raises(IllegalMove):
        ludoteca.new_game("bingo", chance="manual").pop()


@pytest.mark.parametrize("name", GAMES)
def test_history_names_who_made_each_move(name: str) -> None:
    game = ludoteca.new_game(name, seed=3)
    rng = random.Random(3)
    actors = []
    for _ in range(60):
        if game.is_over:
            break
        chance_before = len(game.moves)
        seat = game.to_move
        game.play(rng.choice(game.legal_moves()))
        actors.append((chance_before, seat))
    history = game.history
    assert [m for _, m in history] == game.moves
    for index, seat in actors:
        assert history[index][0] == seat
    assert all(actor == "chance" for actor, m in history if m.split()[0] in ("deal", "roll"))
    assert game.view(None)["log_seats"] == [actor for actor, _ in history]


@given(seed=st.integers(0, 2**63 - 1), name=st.sampled_from(GAMES))
def test_a_copy_draws_the_same_chance_as_its_original(seed: int, name: str) -> None:
    game = ludoteca.new_game(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(60)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    twin = game.copy()
    for _ in range(80):
        if game.is_over:
            break
        move = rng.choice(game.legal_moves())
        game.play(move)
        twin.play(move)
    assert twin.moves == game.moves and twin.view(0) == game.view(0)


@pytest.mark.parametrize("name", GAMES)
def test_chance_mode_switches_to_auto_and_draws_what_is_due(name: str) -> None:
    game = ludoteca.new_game(name, seed=9, chance="manual")
    assert game.to_move == "chance"
    game.chance_mode = "auto"
    assert game.to_move != "chance" and game.chance_mode == "auto"
    assert game.moves == ludoteca.new_game(name, seed=9).moves
    with pytest.raises(ValueError, match="auto"):
        game.chance_mode = "sometimes"  # type: ignore[assignment]


@pytest.mark.parametrize(("name", "options"), OPTIONS)
def test_the_outcome_says_what_the_result_says(name: str, options: dict[str, Any]) -> None:
    rng = random.Random(4)
    game = ludoteca.new_game(name, seed=4, **options)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    outcome, result = game.outcome(), game.result()
    assert outcome.over and result["over"]
    assert outcome.winner == result["winner"] == game.fast.winning_side()
    assert list(outcome.scores) == result["scores"] == game.fast.side_scores()
    assert [list(s) for s in outcome.sides] == result["sides"]
    assert outcome.unit == game.type.score_unit
    winners = [s for s in range(game.num_seats) if outcome.seat_won(s)]
    assert winners == (list(outcome.sides[outcome.winner]) if outcome.winner is not None else [])
    if outcome.winner is not None:
        assert outcome.margin == outcome.scores[outcome.winner] - max(
            s for i, s in enumerate(outcome.scores) if i != outcome.winner
        )


def test_refusals_carry_a_code() -> None:
    game = ludoteca.new_game("bingo", seed=1)
    with pytest.raises(IllegalMove) as e:
        game.play("fly away")
    assert e.value.code == "not_a_move" and e.value.to_json()["move"] == "fly away"
    while not game.is_over:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMove) as e:
        game.play("close")
    assert e.value.code == "game_over"
