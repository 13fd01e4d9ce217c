"""A game rebuilt from a seat's view: the same view and legal moves, at every
decision of every game, and a fair redraw of what the seat cannot see."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import ludoteca
from ludoteca.bots import SeatHandle
from ludoteca.rebuild import InvalidView, ViewRebuilder, game_from_view

CASES: list[tuple[str, dict[str, Any]]] = [
    ("texas42", {}),
    ("texas42", {"nello": True, "plunge": True, "splash": True, "sevens": True}),
    ("bingo", {}),
    ("fiveup", {}),
    ("fiveup", {"players": 3}),
    ("fiveup", {"players": 4, "target": 31}),
    ("cavaleiro", {"players": 3, "layout": "2x3x3+2"}),
]


def random_game(name: str, options: dict[str, Any], seed: int, moves: int) -> ludoteca.Game:
    rng = random.Random(seed)
    game = ludoteca.new_game(name, seed=seed, **options)
    while not game.is_over and len(game) < moves:
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize(("name", "options"), CASES)
def test_every_decision_of_a_game_rebuilds_to_the_same_view(
    name: str, options: dict[str, Any]
) -> None:
    rng = random.Random(7)
    game = ludoteca.new_game(name, seed=7, **options)
    rebuilders: dict[int, ViewRebuilder] = {}
    checked = 0
    while not game.is_over and len(game) < 500:
        seat = game.to_move
        assert isinstance(seat, int)
        view = game.view(seat)
        twin = rebuilders.setdefault(seat, ViewRebuilder()).rebuild(view)
        assert twin.view(seat) == view
        assert twin.legal_moves() == game.legal_moves()
        # what the seat cannot see is redrawn: a sample keeps the seat's view
        sample = twin.sample_hidden(seat, random.Random(checked))
        assert sample.view(seat) == view
        checked += 1
        game.play(rng.choice(game.legal_moves()))
    assert checked > 20


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_view_sent_as_json_rebuilds_from_scratch(name: str, options: dict[str, Any]) -> None:
    for seed in (1, 2):
        game = random_game(name, options, seed, 60 + 25 * seed)
        if game.is_over:
            continue
        seat = game.to_move
        assert isinstance(seat, int)
        view = json.loads(json.dumps(game.view(seat)))
        twin = game_from_view(view, rng=random.Random(seed))
        assert json.loads(json.dumps(twin.view(seat))) == view
        handle = SeatHandle.from_view(view)
        assert handle.legal_moves() == game.legal_moves()
        assert handle.seat == seat


def test_the_hidden_tiles_of_a_rebuilt_game_are_a_provisional_choice() -> None:
    game = random_game("texas42", {}, 3, 12)
    seat = game.to_move
    assert isinstance(seat, int)
    twins = [game_from_view(game.view(seat), rng=random.Random(s)) for s in range(6)]
    others = {tuple(t.hand_masks[s] for s in range(4) if s != seat) for t in twins}  # type: ignore[attr-defined]
    mine = {t.hand_masks[seat] for t in twins}  # type: ignore[attr-defined]
    assert mine == {game.hand_masks[seat]}  # type: ignore[attr-defined]
    assert len(others) > 1


def test_a_view_no_game_gives_is_refused() -> None:
    game = random_game("bingo", {}, 4, 9)
    seat = game.to_move
    assert isinstance(seat, int)
    view = game.view(seat)
    # a move the log never had
    altered = json.loads(json.dumps(view))
    altered["log"][-1] = "play 6-6" if altered["log"][-1] != "play 6-6" else "play 0-0"
    with pytest.raises(InvalidView):
        game_from_view(altered)
    # the seat's own hand changed
    altered = json.loads(json.dumps(view))
    altered["hand"] = list(reversed(altered["hand"]))[:-1]
    with pytest.raises(InvalidView):
        game_from_view(altered)
    with pytest.raises(InvalidView, match="log"):
        game_from_view({**view, "log_seats": view["log_seats"][:-1]})
    with pytest.raises(InvalidView, match="seat's view"):
        game_from_view(game.view(None))
    with pytest.raises(ValueError, match="no game called"):
        game_from_view({**view, "game": "chess"})
    with pytest.raises(TypeError, match="dict"):
        game_from_view("a view")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"random\.Random"):
        game_from_view(view, rng=3)  # type: ignore[arg-type]
