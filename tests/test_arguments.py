"""Public functions refuse a wrong argument with a ValueError or a TypeError
saying what they take, and change nothing."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import ludoteca
from ludoteca.arena import run_match
from ludoteca.bots import SeatHandle, choose_move, make_bot
from ludoteca.rl import action_to_notation, evaluate


def texas42() -> ludoteca.Game:
    return ludoteca.new_game("texas42", seed=1)


CASES: list[tuple[str, Callable[[ludoteca.Game], Any], type[Exception], str]] = [
    (
        "sample_hidden with a NumPy generator",
        lambda g: g.sample_hidden(g.to_move, np.random.default_rng(1)),
        TypeError,
        r"random\.Random \(random\.Random\(seed\)\), not Generator",
    ),
    (
        "sample_hidden of no seat",
        lambda g: g.sample_hidden("north", random.Random(1)),
        ValueError,
        "seats are 0 to 3",
    ),
    (
        "a handle's sample with a seed",
        lambda g: SeatHandle(g, g.to_move).sample(7),
        TypeError,
        "random.Random",
    ),
    (
        "names as one string",
        lambda g: ludoteca.new_game("bingo", names="AB"),
        TypeError,
        "one per seat",
    ),
    ("an action as text", lambda g: g.apply_action("bid 30"), TypeError, "whole number"),
    ("an action's notation of text", lambda g: g.action_to_move("bid"), TypeError, "whole number"),
    ("a move as a number", lambda g: g.move_to_action(30), ValueError, "written as text"),
    ("a tensor of no seat", lambda g: g.observation_tensor(7), ValueError, "seats are 0 to 3"),
    ("record players as a number", lambda g: g.record(players=3), TypeError, "a list, one a seat"),
    ("solve a name", lambda g: ludoteca.solve("texas42"), TypeError, "takes a ludoteca game"),  # type: ignore[call-overload]
    ("hint a name", lambda g: ludoteca.hint("texas42"), TypeError, "takes a ludoteca game"),  # type: ignore[arg-type]
    (
        "save a name",
        lambda g: ludoteca.save_record("x", "x.json"),
        TypeError,
        "takes a ludoteca game",
    ),  # type: ignore[arg-type]
    ("a bot of a number", lambda g: make_bot(3, "random"), TypeError, "a game or a game's name"),  # type: ignore[arg-type]
    (
        "a bot of another game",
        lambda g: choose_move(make_bot("bingo", "greedy"), g),
        ValueError,
        "plays bingo, not texas42",
    ),
    ("a bot given a game", lambda g: make_bot(g, "random").choose(g), TypeError, "SeatHandle"),  # type: ignore[arg-type]
    (
        "a budget as text",
        lambda g: make_bot(g, "expert", budget="fast"),
        ValueError,
        "number of seconds",
    ),  # type: ignore[arg-type]
    ("a tile of letters", lambda g: ludoteca.Tile("a", 3), TypeError, "numbers from 0 to 6"),  # type: ignore[arg-type]
    ("a move of a number", lambda g: ludoteca.Move.from_text(3), TypeError, "written as text"),  # type: ignore[arg-type]
    ("a view of text", lambda g: g.tensor_from_view("view"), TypeError, "a view is a dict"),  # type: ignore[arg-type]
    (
        "match options as a list",
        lambda g: run_match("bingo", ["random", "random"], games=1, options=[1]),
        TypeError,
        "dict",
    ),  # type: ignore[arg-type]
    (
        "no games",
        lambda g: run_match("bingo", ["random", "random"], games=0),
        ValueError,
        "1 or more",
    ),
    (
        "an action number of text",
        lambda g: action_to_notation("bingo_v0", "x"),
        TypeError,
        "whole number",
    ),
    (
        "a policy of a number",
        lambda g: evaluate(3, "bingo_v0", games=1),
        TypeError,
        "a player is a level",
    ),
]


@pytest.mark.parametrize(("what", "call", "error", "said"), CASES, ids=[c[0] for c in CASES])
def test_a_wrong_argument_is_refused_saying_what_is_taken(
    what: str, call: Callable[[ludoteca.Game], Any], error: type[Exception], said: str
) -> None:
    game = texas42()
    before = game.record()
    with pytest.raises(error, match=said):
        call(game)
    assert game.record() == before
