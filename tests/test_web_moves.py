"""The pages read moves in their parsed form, never notation: every frame and payload
that names decisions carries them parsed by the game (``moves``), a seated player's
frame the moves a click may try (``tries``). The frames of whole games are checked
in ``web_helpers.check_frame``; here the parser itself, the replay, the lessons and
the review."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")

from starlette.testclient import TestClient

import ludoteca
from ludoteca.game import CHANCE, Game
from ludoteca.lessons import load_course, position
from ludoteca.registry import GAMES
from ludoteca.tiles import TILE_TEXT
from ludoteca.web.app import create_app
from ludoteca.web.moves import parsed_decisions, parsed_move, tries

KINDS: list[tuple[str, dict[str, Any]]] = [
    ("texas42", {"nello": True, "sevens": True, "plunge": True, "splash": True}),
    ("fiveup", {"players": 4}),
    ("fiveup", {"players": 2}),
    ("bingo", {}),
    ("cavaleiro", {"players": 3}),
    ("cavaleiro", {"players": 2, "layout": "23/4+1"}),
]
KIND_IDS = [f"{name}-{i}" for i, (name, _) in enumerate(KINDS)]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0, analysis_budget=0.02)
    with TestClient(app) as c:
        yield c


def random_record(game: str, seed: int, **options: Any) -> dict[str, Any]:
    g = ludoteca.new_game(game, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over and len(g.moves) < 3000:
        g.play(rng.choice(g.legal_moves()))
    return g.record()


def decisions_of(game: Game) -> set[str]:
    """The moves of ``game`` its seats made (its chance events left out)."""
    return {move for who, move in game.history if who != CHANCE}


# ------------------------------------------------------------------- the parser


@settings(max_examples=12, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**31))
def test_a_decision_parses_the_same_in_every_state(kind: tuple[str, Any], seed: int) -> None:
    """What the parsed forms rest on (each is made once per game): a decision parses
    as it did when it was legal in any later state, a chance point included, and no
    chance event is taken for a decision."""
    name, options = kind
    game = ludoteca.new_game(name, seed=seed, chance="manual", **options)
    rng = random.Random(seed)
    seen: dict[str, dict[str, Any]] = {}
    chance_points = 0
    while not game.is_over and len(game.moves) < 600:
        if game.to_move == CHANCE:
            chance_points += 1
            if chance_points % 4 == 1:
                for text, move in seen.items():
                    assert game.parse(text).to_json() == move
            event = game.sample_chance(rng)
            with pytest.raises(ValueError):
                game.move_to_action(event)
            assert parsed_move(game, event) is None
            game.play(event)
        else:
            for move in game.legal_moves():
                seen[move] = game.parse(move).to_json()
            game.play(rng.choice(game.legal_moves()))
    assert chance_points and seen
    for text, move in seen.items():
        assert game.parse(text).to_json() == move
    assert parsed_decisions(game, seen) == seen
    for seat in (None, *range(game.num_seats)):  # the log as each seat sees it
        log = game.view(seat)["log"]
        assert set(parsed_decisions(game, log)) == decisions_of(game) & set(log)


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
def test_the_tries_are_every_plain_play_or_every_removal(kind: tuple[str, Any]) -> None:
    name, options = kind
    game = ludoteca.new_game(name, seed=1, **options)
    found = tries(game)
    every = [game.type.action_to_move(a) for a in range(game.type.num_actions)]
    for text, move in found.items():
        assert text in every and move == game.parse(text).to_json()
    if name == "cavaleiro":
        removals = {t for t in every if game.parse(t).kind == "remove"}
        assert set(found) == removals and len(removals) > 10
        details = {m["detail"] for m in found.values()}
        assert details == {"column", "block", "horizontal", "horizontals"}
    else:  # a click on any tile of the hand asks for its plain play
        assert sorted(m["tiles"][0] for m in found.values()) == sorted(TILE_TEXT)
        assert all(m["kind"] == "play" and not m["detail"] for m in found.values())


def test_the_tries_follow_the_figure() -> None:
    small = tries(ludoteca.new_game("cavaleiro", layout="23/4+1"))
    default = tries(ludoteca.new_game("cavaleiro"))
    columns = {m["numbers"][1] for m in small.values() if m["detail"] == "column"}
    assert columns == {1, 2, 3}
    assert max(m["numbers"][0] for m in small.values() if m["detail"] == "column") == 4
    assert {m["numbers"][1] for m in default.values() if m["detail"] == "column"} == set(
        range(1, 10)
    )


# ------------------------------------------------------------------ the payloads


def check_moves(data: dict[str, Any], decisions: set[str], game: Game) -> None:
    """``data``'s ``moves``: every decision among its labels, as ``game`` parses it."""
    wanted = decisions & set(data["labels"])
    assert set(data["moves"]) == wanted
    for text, move in data["moves"].items():
        assert move == game.parse(text).to_json()


@pytest.mark.parametrize("kind", KINDS[:5], ids=KIND_IDS[:5])
def test_each_replay_step_carries_its_decisions_parsed(
    client: TestClient, kind: tuple[str, Any]
) -> None:
    name, options = kind
    record = random_record(name, 3, **options)
    full = ludoteca.replay(record)
    decisions = decisions_of(full)
    count = len(record["moves"])
    for step in sorted({0, 1, 2, count // 3, count // 2, count - 1, count}):
        data = client.post("/api/replay", json={"record": record, "step": step}).json()
        assert data["step"] == step
        check_moves(data, decisions, full)
        if data["next"] in decisions:  # the move about to be played, for the review's marks
            assert data["moves"][data["next"]]["text"] == data["next"]


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_step_carries_its_decisions_parsed_and_the_tries(
    client: TestClient, game: str
) -> None:
    course = load_course(game)
    for lesson in course.lessons:
        for index, step in enumerate(lesson.steps, 1):
            data = client.get(f"/api/learn/{game}/{lesson.id}/{index}").json()
            where = position(course, step)
            check_moves(data, decisions_of(where) | set(where.legal_moves()), where)
            assert data["tries"] == tries(where) and data["tries"]
            if index == 1:  # the right move: the position after it, parsed too
                body = {"lesson": lesson.id, "step": 1, "move": step.expect[0]}
                right = client.post(f"/api/learn/{game}/try", json=body).json()
                assert right["kind"] == "right"
                after = position(course, step)
                after.play(step.expect[0])
                wanted = {m for m in right["labels"] if m in decisions_of(after)}
                assert set(right["moves"]) >= wanted and right["tries"] == data["tries"]
                for text, move in right["moves"].items():
                    assert move == after.parse(text).to_json()


@pytest.mark.parametrize("game", ["bingo", "cavaleiro"])
def test_the_review_carries_the_played_and_best_moves_parsed(client: TestClient, game: str) -> None:
    record = random_record(game, 7)
    full = ludoteca.replay(record)
    deadline = time.monotonic() + 120
    while True:
        data = client.post("/api/review", json={"record": record}).json()
        assert data["status"] in ("running", "done"), data
        if data["status"] == "done":
            break
        assert time.monotonic() < deadline, "the review took too long"
        time.sleep(0.1)
    assert data["decisions"]
    named = {m for d in data["decisions"] for m in (d["played"], d["best"])}
    assert set(data["moves"]) == named
    for text, move in data["moves"].items():
        assert move == full.parse(text).to_json()
