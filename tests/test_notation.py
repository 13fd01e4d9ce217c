"""Each game type's one notation: every action written and read back, its values, the
writings it accepts, and the same object for the type and each of its games."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca import IllegalMove
from ludoteca.move import Move
from ludoteca.notation import Notation
from ludoteca.tiles import Tile

TYPES = [
    ("texas42", {}),
    ("fiveup", {}),
    ("fiveup", {"players": 4}),
    ("bingo", {}),
    ("cavaleiro", {}),
    ("cavaleiro", {"players": 3, "layout": "2x3x2+1"}),
]


@pytest.mark.parametrize(("name", "options"), TYPES)
def test_every_action_reads_back(name: str, options: dict[str, object]) -> None:
    game_type = ludoteca.game_type(name, **options)
    notation = game_type.notation
    assert isinstance(notation, Notation)
    assert notation.num_actions == game_type.num_actions
    for action, text in enumerate(notation.texts):
        assert notation.move_to_action(text) == action
        assert notation.move_to_action(f"  {text.upper()} ") == action
        assert notation.action_to_move(action) == text
        value = notation.value(action)
        assert value.text == text and str(value) == text
        assert game_type.parse(text) == value


@pytest.mark.parametrize(("name", "options"), TYPES)
def test_games_share_their_types_notation(name: str, options: dict[str, object]) -> None:
    notation = ludoteca.game_type(name, **options).notation
    for seed in range(3):
        game = ludoteca.new_game(name, seed=seed, **options)
        assert game.notation is notation
        assert game.copy().notation is notation
        rng = random.Random(seed)
        for _ in range(40):
            if game.is_over:
                break
            legal = game.legal_actions()
            for action in legal:
                text = game.action_to_move(action)
                assert game.move_to_action(text) == action
                assert game.parse(text) == notation.value(action)
            game.apply_action(rng.choice(legal))


@pytest.mark.parametrize(
    ("name", "written", "canonical"),
    [
        ("texas42", "bid 2 marks", "bid 84"),
        ("texas42", "BID 1 MARK", "bid 42"),
        ("texas42", "trump blanks", "trump 0"),
        ("texas42", "play 4-6", "play 6-4"),
        ("fiveup", "play 1-4 on 4-6", "play 4-1 on 6-4"),
        ("fiveup", "play 2-5", "play 5-2"),
        ("bingo", "play 6-6   show", "play 6-6 show"),
        ("bingo", "take the turned-up", "take up"),
        ("cavaleiro", "remove all horizontals", "remove horizontals"),
    ],
)
def test_other_writings_read_as_the_canonical_one(name: str, written: str, canonical: str) -> None:
    notation = ludoteca.game_type(name).notation
    assert notation.texts[notation.move_to_action(written)] == canonical


@pytest.mark.parametrize(
    ("name", "written", "says"),
    [
        ("texas42", "bid fifty", "Texas 42 moves are: pass, bid 30"),
        ("fiveup", "play 6-6 on 1-0", "share no number"),
        ("fiveup", "play 3-3 on 3-3", "cannot join itself"),
        ("bingo", "play 6-4 show", "only a double may be led with a show"),
        ("cavaleiro", "remove block 9", "the figure has blocks 1 to"),
        ("cavaleiro", "remove 1 from column 99", "the figure has columns 1 to"),
    ],
)
def test_a_writing_that_is_no_move_says_what_moves_look_like(
    name: str, written: str, says: str
) -> None:
    game_type = ludoteca.game_type(name)
    with pytest.raises(ValueError, match=says):
        game_type.notation.move_to_action(written)
    with pytest.raises(IllegalMove, match=says) as refused:
        game_type.move_to_action(written)
    assert refused.value.code == "not_a_move"
    assert refused.value.move == written


def test_an_action_out_of_range_is_refused() -> None:
    notation = ludoteca.game_type("bingo").notation
    with pytest.raises(ValueError, match=r"0 to \d+"):
        notation.action_to_move(notation.num_actions)
    with pytest.raises(TypeError, match="whole number"):
        notation.action_to_move("1")  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "options"), TYPES)
def test_a_move_is_its_fields(name: str, options: dict[str, object]) -> None:
    """A value rebuilt from its fields alone (no text) equals the game's value and
    finds the same action; every value of a type is a different move."""
    notation = ludoteca.game_type(name, **options).notation
    assert len(set(notation.moves)) == notation.num_actions
    for action, value in enumerate(notation.moves):
        bare = Move(value.kind, value.tiles, value.numbers, value.detail)
        assert bare == value and hash(bare) == hash(value)
        assert notation.action_of(bare) == action
        assert eval(repr(value), {"Move": Move, "Tile": Tile}) == value


@pytest.mark.parametrize(("name", "options"), TYPES)
def test_games_play_move_values_as_their_writing(name: str, options: dict[str, object]) -> None:
    """Over random games, playing each chosen decision as a value built from its
    fields leaves the same game as playing its text."""
    rng = random.Random(f"values {name} {options}")
    for seed in range(12):
        by_text = ludoteca.new_game(name, seed=seed, **options)
        by_value = ludoteca.new_game(name, seed=seed, **options)
        while not by_text.is_over:
            text = rng.choice(by_text.legal_moves())
            value = by_text.parse(text)
            by_text.play(text)
            by_value.play(Move(value.kind, value.tiles, value.numbers, value.detail))
            assert by_value.history == by_text.history
        assert by_value.result() == by_text.result()


def test_a_value_read_from_other_words_is_played_as_the_game_reads_it() -> None:
    game = ludoteca.new_game("texas42", seed=3)
    game.play(Move("pass"))
    game.play(Move.from_text("bid 2 marks"))
    assert game.moves[-2:] == ["pass", "bid 84"]
    assert game.type.parse(Move.from_text("bid 2 marks")) == Move("bid", numbers=(84,))
    with pytest.raises(IllegalMove) as refused:
        game.play(Move("bid", numbers=(7,)))
    assert refused.value.move == "bid 7" and refused.value.code == "not_a_move"
    assert game.moves[-1] == "bid 84"
