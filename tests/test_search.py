"""The search API (:mod:`ludoteca.search`): one conformance test for every game type,
as OpenSpiel runs one test over every game.

Random walks on ``game.search_state()`` beside the game itself: at every step the
state's ``legal()`` and ``to_move`` are the game's, its chance outcomes are the game's
(numbers and probabilities, adding up to 1),
``undo`` puts back exactly the state before (every field compared), a clone is
independent, and once terminal ``returns()`` is what the game's outcome says the
state's hand (or game) gave each seat. A determinization for a seat is a function of
that seat's view: two games that look the same to the seat give the same state.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tensor_helpers import OPTION_CASES

import ludoteca
from ludoteca.game import Game
from ludoteca.search import CHANCE, SearchError, SearchState

UNDO_FIELDS = frozenset({"sink", "trail", "stack", "past"})
"""What a core keeps to undo with or to emit to: not part of the position itself."""

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def snapshot(state: Any, *, with_undo: bool = True) -> tuple[Any, ...]:
    """Every field of a core (lists as tuples), its undo trail included unless not
    ``with_undo``."""
    out = []
    for name in sorted(type(state).__slots__):
        if name == "sink" or (not with_undo and name in UNDO_FIELDS):
            continue
        value = getattr(state, name)
        out.append((name, tuple(value) if isinstance(value, list) else value))
    return tuple(out)


def started(name: str, options: dict[str, Any], seed: int, moves: int) -> Game:
    """A game after ``moves`` random decisions (fewer if it ends), chance drawn by
    the game; manual chance from then on, so that the game waits at a deal or a roll."""
    game = ludoteca.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply_action(rng.choice(game.legal_actions()))
    game.chance_mode = "manual"
    return game


def hand_gains(game: Game) -> list[int]:
    """Per seat, what the game's outcome says its side gained with the last hand
    scored (Cavaleiro: the sticks removed in the game)."""
    outcome = game.outcome()
    side_of = {seat: i for i, side in enumerate(outcome.sides) for seat in side}
    if game.name == "cavaleiro":
        return [outcome.scores[side_of[s]] for s in range(game.num_seats)]
    key = "sets_after" if game.name == "bingo" else "scores_after"
    after = outcome.hands[-1][key]
    before = outcome.hands[-2][key] if len(outcome.hands) > 1 else [0] * len(after)
    return [after[side_of[s]] - before[side_of[s]] for s in range(game.num_seats)]


def check_agrees(state: SearchState, game: Game) -> None:
    """The state says what the game says now."""
    if state.is_terminal():
        assert state.to_move is None and state.legal() == []
        assert not state.chance_outcomes()
        assert game.to_move in (None, CHANCE)
        if game.name == "cavaleiro":
            assert game.is_over
        return
    assert state.to_move == game.to_move
    if state.to_move == CHANCE:
        outcomes = state.chance_outcomes()
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        assert all(p > 0 for _, p in outcomes)
        assert len({a for a, _ in outcomes}) == len(outcomes)
        assert list(outcomes) == game.chance_probabilities(), "the game's own numbers"
        assert state.legal() == []
    else:
        assert state.legal() == game.legal_actions()
        assert not state.chance_outcomes()


@pytest.mark.parametrize(("name", "options"), OPTION_CASES)
@SETTINGS
@given(
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
    walk=st.integers(0, 2**32),
)
def test_a_random_walk_agrees_with_the_game_and_undoes_exactly(
    name: str, options: dict[str, Any], seed: int, moves: int, walk: int
) -> None:
    game = started(name, options, seed, moves)
    state = game.search_state()
    assert isinstance(state, SearchState)
    start = snapshot(state)
    twin = state.clone()
    path: list[tuple[int, tuple[Any, ...]]] = []
    rng = random.Random(walk)
    for _ in range(1000):  # a hand, or most of a Cavaleiro game (a die is a step)
        pick = rng.randrange(2**16)
        check_agrees(state, game)
        if state.is_terminal():
            break
        before = snapshot(state)
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[pick % len(outcomes)][0]
            game.apply_chance_outcome(action)
        else:
            legal = state.legal()
            action = legal[pick % len(legal)]
            game.apply_action(action)
        state.apply(action)
        path.append((action, before))
    if state.is_terminal():
        assert state.returns() == hand_gains(game)
    assert len(state.returns()) == game.num_seats
    assert snapshot(twin) == start, "a clone is independent"
    for action, before in reversed(path):
        state.undo(action)
        assert snapshot(state) == before
    assert snapshot(state) == start


@pytest.mark.parametrize(("name", "options"), OPTION_CASES)
@SETTINGS
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 40), draws=st.integers(0, 2**32))
def test_a_determinization_depends_only_on_the_seats_view(
    name: str, options: dict[str, Any], seed: int, moves: int, draws: int
) -> None:
    game = started(name, options, seed, moves)
    game.chance_mode = "auto"
    if game.is_over:
        return
    seat = random.Random(draws).randrange(game.num_seats)
    # another game the seat cannot tell from this one: its hidden tiles redrawn
    lookalike = game.sample_hidden(seat, random.Random(draws + 1))
    assert lookalike.view(seat) == game.view(seat)
    mine = game.search_state(seat=seat, rng=random.Random(draws))
    theirs = lookalike.search_state(seat=seat, rng=random.Random(draws))
    assert snapshot(mine, with_undo=False) == snapshot(theirs, with_undo=False)
    assert mine.legal() == theirs.legal()
    if game.to_move == seat:
        assert mine.legal() == game.legal_actions()
    # the seat's own tiles are what they are
    whole = game.search_state()
    hands, my_hands = getattr(whole, "hands", None), getattr(mine, "hands", None)
    if hands is not None:
        assert my_hands is not None and my_hands[seat] == hands[seat]


@pytest.mark.parametrize(("name", "options"), OPTION_CASES)
def test_the_whole_state_is_the_games_and_leaves_it_alone(
    name: str, options: dict[str, Any]
) -> None:
    game = ludoteca.new_game(name, seed=5, **options)
    before = game.view(None)
    state = game.search_state()
    assert snapshot(state, with_undo=False) == snapshot(game.core, with_undo=False)
    rng = random.Random(5)
    while not state.is_terminal():
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal()))
    assert game.view(None) == before
    assert len(state.returns()) == game.num_seats


def test_a_determinization_needs_both_a_seat_and_a_generator() -> None:
    game = ludoteca.new_game("texas42", seed=1)
    with pytest.raises(SearchError, match="rng"):
        game.search_state(seat=0)
    with pytest.raises(SearchError, match="seat"):
        game.search_state(rng=random.Random(1))
    with pytest.raises(ValueError, match="not a seat"):
        game.search_state(seat=4, rng=random.Random(1))
    with pytest.raises(TypeError, match=r"random\.Random"):
        game.search_state(seat=0, rng=1)  # type: ignore[arg-type]


def test_a_roll_under_way_goes_on_die_by_die_in_the_state() -> None:
    game = ludoteca.new_game("cavaleiro", seed=3, chance="manual")
    game.play("die 3")
    state = game.search_state()
    assert list(state.chance_outcomes()) == game.chance_probabilities()
    for face in (5, 0, 2):
        state.apply(face)
        game.apply_chance_outcome(face)
    assert game.moves == ["roll 3 6 1 3"]
    assert snapshot(state, with_undo=False) == snapshot(game.core, with_undo=False)
