"""Chance outcomes with exact probabilities: every chance event played part by
part (a tile or a die at a time) through ``chance_outcomes`` and ``play``."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tensor_helpers import OPTION_CASES

import ludoteca
from ludoteca import IllegalMove
from ludoteca.game import DiceRoll, Game, TileDraw
from ludoteca.tiles import ALL_TILES, tile_index


def _events_of(game: Game) -> int:
    """How many different whole chance events are due now, counted from the rules
    (not from the structure the game reports)."""
    view = game.view(None)
    n = game.num_seats
    if game.name == "cavaleiro":
        return 6**4
    if view["phase"] == "draw":
        seats = n
        if game.name == "texas42" and view["first_dealer_draws"]:
            pips = [ALL_TILES[tile_index(d["tile"])].pips for d in view["first_dealer_draws"][-1]]
            seats = pips.count(max(pips))
        return math.perm(28, seats)
    hand = {"texas42": 7, "bingo": 7, "fiveup": 5}[game.name]
    return math.factorial(28) // math.factorial(hand) ** n


def _play_event_by_parts(game: Game, rng: random.Random) -> Fraction:
    """Play the chance event due part by part, each part drawn by its probability;
    check every list of outcomes; return the probability of the path taken."""
    before = len(game)
    probability = Fraction(1)
    while len(game) == before:
        outcomes = game.chance_outcomes()
        assert outcomes, "a chance event under way always has a next part"
        assert sum(o.probability for o in outcomes) == 1
        assert all(o.probability > 0 for o in outcomes)
        assert len({o.move for o in outcomes}) == len(outcomes)
        assert len({o.code for o in outcomes}) == len(outcomes)
        assert game.chance_probabilities() == [(o.code, float(o.probability)) for o in outcomes]
        weights = [float(o.probability) for o in outcomes]
        chosen = rng.choices(outcomes, weights)[0]
        probability *= chosen.probability
        game.play(chosen.move)
    return probability


@pytest.mark.parametrize(("name", "options"), OPTION_CASES)
@settings(max_examples=25)
@given(seed=st.integers(0, 2**32))
def test_parts_have_exact_probabilities_and_make_the_usual_records(
    name: str, options: dict[str, Any], seed: int
) -> None:
    rng = random.Random(seed)
    game = ludoteca.new_game(name, chance="manual", **options)
    whole = ludoteca.new_game(name, chance="manual", **options)
    events = 0
    while not game.is_over and events < 4:
        if game.to_move == "chance":
            count = _events_of(game)
            probability = _play_event_by_parts(game, rng)
            # each whole event is reached by one path, with probability 1/count: uniform
            assert probability == Fraction(1, count)
            whole.play(game.moves[-1])
            events += 1
        else:
            move = rng.choice(game.legal_moves())
            game.play(move)
            whole.play(move)
        assert game.moves == whole.moves
    assert ludoteca.replay(game.record()).moves == game.moves


def test_every_roll_is_one_path_of_four_dice() -> None:
    game = ludoteca.new_game("cavaleiro", chance="manual")
    texts = set()
    for faces in range(6**4):
        copy = game.copy()
        for k in range(4):
            copy.apply_chance_outcome(faces // 6**k % 6)
        texts.add(copy.moves[-1])
    assert len(texts) == 6**4
    rng = random.Random(3)
    assert {game.sample_chance(rng) for _ in range(20000)} <= texts


def test_the_draw_for_first_leader_lists_every_ordered_pair_once() -> None:
    game = ludoteca.new_game("bingo", chance="manual")
    paths: dict[str, Fraction] = {}
    for first in game.chance_outcomes():
        one = game.copy()
        one.play(first.move)
        for second in one.chance_outcomes():
            two = one.copy()
            two.play(second.move)
            paths[two.moves[-1]] = first.probability * second.probability
    assert len(paths) == 28 * 27
    assert set(paths.values()) == {Fraction(1, 28 * 27)}
    rng = random.Random(5)
    assert {game.sample_chance(rng) for _ in range(3000)} <= set(paths)


def _seat0_counts(deals: list[str]) -> Counter[tuple[int, str]]:
    """How often each tile lies in each part of a Texas 42 deal."""
    counts: Counter[tuple[int, str]] = Counter()
    for deal in deals:
        for part, hand in enumerate(deal.removeprefix("deal ").split(" | ")):
            for tile in hand.split():
                counts[part, tile] += 1
    return counts


def test_assembled_deals_are_distributed_as_sampled_ones() -> None:
    """Texas 42 deals assembled tile by tile and drawn by ``sample_chance``: each
    tile lies in each hand a quarter of the time in both, within five standard
    deviations (fixed seeds: the test is deterministic)."""
    n = 1500
    start = ludoteca.new_game("texas42", chance="manual")
    start.play("draw 6-6 5-4 3-1 0-0")
    rng = random.Random(11)
    assembled = []
    for _ in range(n):
        game = start.copy()
        _play_event_by_parts(game, rng)
        assembled.append(game.moves[-1])
    sampled = [start.sample_chance(rng) for _ in range(n)]
    sd = math.sqrt(n * 0.25 * 0.75)
    for counts in (_seat0_counts(assembled), _seat0_counts(sampled)):
        assert len(counts) == 4 * 28
        assert all(abs(c - n / 4) < 5 * sd for c in counts.values())


def test_structures_reported() -> None:
    texas = ludoteca.new_game("texas42", chance="manual")
    draw = texas.chance_event()
    assert isinstance(draw, TileDraw) and draw.groups == (1, 1, 1, 1)
    texas.play("draw 6-6 6-5 5-5 0-0")  # 12, 11, 10, 0: no tie
    assert texas.chance_event() == TileDraw("deal ", (7,) * 4, (False,) * 4, ("",) * 4)
    tied = ludoteca.new_game("texas42", chance="manual")
    tied.play("draw 6-6 6-0 5-1 0-0")  # 12, 6, 6, 0: seat 0 deals
    assert tied.chance_event().groups == (7, 7, 7, 7)
    tie = ludoteca.new_game("texas42", chance="manual")
    tie.play("draw 6-5 4-1 6-4 5-5")  # 11, 5, 10, 10: seat 0 deals
    assert tie.chance_event().prefix == "deal "
    tie = ludoteca.new_game("texas42", chance="manual")
    tie.play("draw 6-4 4-1 5-5 0-0")  # 10, 5, 10, 0: seats 0 and 2 draw again
    assert tie.chance_event().groups == (1, 1)
    bingo = ludoteca.new_game("bingo", chance="manual")
    bingo.play("draw 5-4 6-1")
    assert bingo.chance_event().groups == (7, 7, 1, 13)
    five = ludoteca.new_game("fiveup", chance="manual", players=3)
    five.play("draw 6-4 5-5 1-0")
    assert five.chance_event().groups == (5, 5, 5, 13)
    assert ludoteca.new_game("cavaleiro", chance="manual").chance_event() == DiceRoll("roll ", 4)


def test_bad_parts_are_refused_and_change_nothing() -> None:
    game = ludoteca.new_game("bingo", chance="manual")
    game.play("draw 5-4 6-1")
    game.play("tile 6-6")
    game.play("tile 5-5")
    assert game.chance_parts == ["tile 6-6", "tile 5-5"]
    before = game.chance_outcomes()
    for bad in ("tile 6-6", "tile 6-5", "die 3", "tile 9-9", "deal 6-6"):
        with pytest.raises(IllegalMove) as err:
            game.play(bad)
        assert err.value.seat == "chance"
        assert game.chance_parts == ["tile 6-6", "tile 5-5"]
        assert game.chance_outcomes() == before
    # 6-5 is above 5-5: within a hand the tiles come highest first
    assert "tile 6-5" not in [o.move for o in before]
    assert "tile 5-4" in [o.move for o in before]
    copy = game.copy()
    copy.play("tile 5-4")
    assert game.chance_parts == ["tile 6-6", "tile 5-5"]
    assert copy.chance_parts == [*game.chance_parts, "tile 5-4"]
    with pytest.raises(IllegalMove):
        game.apply_chance_outcome(27)


def test_no_chance_outcomes_without_a_chance_event_due() -> None:
    game = ludoteca.new_game("texas42", seed=1)
    with pytest.raises(IllegalMove):
        game.chance_outcomes()
    with pytest.raises(IllegalMove):
        game.play("tile 6-6")
