"""Every game's events are emitted by its core as each move is applied: the events seen
move by move while playing are those a replay of the record reads afterwards, whichever
way the moves were made (notation, the fast path, chance played by hand), and pop()
takes back exactly the events of what it undoes."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoteca
from ludoteca.events import Event

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("bingo", {}, 60),
    ("bingo", {"blanks_as_seven": True}, 30),
    ("cavaleiro", {"players": 2}, 60),
    ("cavaleiro", {"players": 5, "layout": "2x3x2+2"}, 30),
    ("texas42", {}, 6),
    ("fiveup", {"players": 3}, 10),
]

WAYS = ("notation", "fast path", "chance by hand")


def one_move(game: ludoteca.Game, rng: random.Random, way: str) -> None:
    """A random move of ``game``, made the ``way`` given."""
    if game.to_move == "chance":
        game.play(game.sample_chance(rng))
    elif way == "fast path":
        game.fast.apply(rng.choice(game.legal_actions()))
    else:
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize(("name", "options", "games"), GAMES)
def test_events_seen_while_playing_are_those_of_the_replayed_record(
    name: str, options: dict[str, Any], games: int
) -> None:
    codes: set[str] = set()
    pops = 0
    for seed in range(games):
        way = WAYS[seed % len(WAYS)]
        chance = "manual" if way == "chance by hand" else "auto"
        game = ludoteca.new_game(name, seed=seed, chance=chance, **options)
        rng = random.Random(seed)
        seen: list[tuple[Event, ...]] = game.events_since(0)  # what was drawn before a decision
        while not game.is_over:
            start = len(game)
            one_move(game, rng, way)
            made = game.events_since(start)
            assert len(made) == len(game) - start
            assert made[-1] == game.last_events()
            if rng.random() < 0.15:
                # pop() takes the move back (with the chance events drawn after it) and
                # its events with it; played again, it emits the same events
                move = game.moves_since(start)[0]
                assert game.pop() == move
                pops += 1
                assert len(game) == start
                assert game.events == seen
                game.play(move)
                assert game.events_since(start) == made
            seen += made
            codes.update(e.code for events in made for e in events)
        again = ludoteca.replay(game.record())
        assert again.events == seen
        assert game.events == seen
    assert pops > games
    assert "game_over" in codes and len(codes) >= 4
