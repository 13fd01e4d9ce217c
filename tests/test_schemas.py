"""The published JSON Schemas (docs/schemas/) are what the engines write, and
every record of thousands of random games, of every game and option, is valid;
so are the views of random games, seat by seat, and the view schemas refuse a
view that shows what its seat may not know."""

from __future__ import annotations

import copy
import json
import random
import runpy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import ludoteca

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "docs" / "schemas"
SCHEMA = json.loads((SCHEMAS / "record.schema.json").read_text("utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
VIEW_SCHEMAS = {
    name: json.loads((SCHEMAS / f"{name}.view.schema.json").read_text("utf-8"))
    for name in ludoteca.available_games()
}
VIEW_VALIDATORS = {
    name: jsonschema.Draft202012Validator(schema) for name, schema in VIEW_SCHEMAS.items()
}
RESULT_SCHEMAS = {
    name: json.loads((SCHEMAS / f"{name}.result.schema.json").read_text("utf-8"))
    for name in ludoteca.available_games()
}
RESULT_VALIDATORS = {
    name: jsonschema.Draft202012Validator(schema) for name, schema in RESULT_SCHEMAS.items()
}
OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("texas42", {}),
    ("texas42", {"scoring": "points", "nello": True, "sevens": True, "plunge": True}),
    ("texas42", {"splash": True, "all_pass": "forced", "play_out": True}),
    ("fiveup", {}),
    ("fiveup", {"players": 3, "exact_61": True}),
    ("fiveup", {"players": 4, "later_lead": "clockwise"}),
    ("bingo", {}),
    ("bingo", {"blanks_as_seven": True}),
    ("cavaleiro", {"players": 3}),
    ("cavaleiro", {"players": 8, "layout": "2x2x2+1"}),
]


def test_the_committed_schemas_are_what_the_script_writes() -> None:
    module = runpy.run_path(str(ROOT / "scripts" / "schemas.py"))
    assert module["record_schema"]() == SCHEMA
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert set(module["VIEWS"]) == set(ludoteca.available_games())
    for name, build in module["VIEWS"].items():
        assert build() == VIEW_SCHEMAS[name], f"docs/schemas/{name}.view.schema.json is stale"
        jsonschema.Draft202012Validator.check_schema(VIEW_SCHEMAS[name])
    assert set(module["RESULTS"]) == set(ludoteca.available_games())
    for name, build in module["RESULTS"].items():
        assert build() == RESULT_SCHEMAS[name], f"docs/schemas/{name}.result.schema.json is stale"
        jsonschema.Draft202012Validator.check_schema(RESULT_SCHEMAS[name])
    assert {p.name for p in SCHEMAS.iterdir()} == {
        "record.schema.json",
        *(f"{name}.view.schema.json" for name in module["VIEWS"]),
        *(f"{name}.result.schema.json" for name in module["RESULTS"]),
    }


@pytest.mark.parametrize(("name", "options"), OPTIONS)
def test_records_of_random_games_are_valid(name: str, options: dict[str, Any]) -> None:
    rng = random.Random(name)
    for seed in range(60):
        game = ludoteca.new_game(name, seed=seed, **options)
        while not game.is_over and len(game.moves) < 400:
            game.play(rng.choice(game.legal_moves()))
        record = json.loads(json.dumps(game.record()))
        errors = list(VALIDATOR.iter_errors(record))
        assert not errors, errors[0].message
        assert ludoteca.replay(record).moves == game.moves


@pytest.mark.parametrize(("name", "options"), OPTIONS)
def test_results_of_random_games_are_valid(name: str, options: dict[str, Any]) -> None:
    """``result()`` of random games, taken as they go and at their end, is valid and
    is JSON as it is; the ends reached show every way a hand ends that the schema lists."""
    validator = RESULT_VALIDATORS[name]
    rng = random.Random(name)
    finished = 0
    for seed in range(30):
        game = ludoteca.new_game(name, seed=seed, **options)
        while True:
            if game.is_over or rng.random() < 0.05:
                result = game.result()
                assert json.loads(json.dumps(result)) == result
                error = jsonschema.exceptions.best_match(validator.iter_errors(result))
                assert error is None, (
                    f"{name} {options} seed {seed} after {len(game)} moves: "
                    f"{error.json_path}: {error.message[:300]}"
                )
                assert result["over"] == game.is_over
            if game.is_over or len(game) >= 1500:
                break
            game.play(rng.choice(game.legal_moves()))
        finished += game.is_over
    assert finished >= 25


def finished_result(name: str) -> dict[str, Any]:
    rng = random.Random(7)
    game = ludoteca.new_game(name, seed=7)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game.result()


BROKEN_RESULTS: list[tuple[str, Any]] = [
    ("a winner while the game goes on", lambda r: r | {"over": False}),
    ("no winner at the end", lambda r: r | {"winner": None}),
    ("a key no result has", lambda r: r | {"moves": []}),
    ("a key missing", lambda r: {k: v for k, v in r.items() if k != "sides"}),
    ("another game's name", lambda r: r | {"game": "chess"}),
    ("a negative score", lambda r: r | {"scores": [-1, *r["scores"][1:]]}),
]


@pytest.mark.parametrize("name", sorted(RESULT_SCHEMAS))
@pytest.mark.parametrize(("case", "break_it"), BROKEN_RESULTS, ids=[c for c, _ in BROKEN_RESULTS])
def test_a_result_schema_refuses_a_broken_result(name: str, case: str, break_it: Any) -> None:
    result = finished_result(name)
    assert RESULT_VALIDATORS[name].is_valid(result)
    assert not RESULT_VALIDATORS[name].is_valid(break_it(copy.deepcopy(result))), case


def test_texas42_result_schema_holds_the_target_to_the_scoring() -> None:
    result = finished_result("texas42")
    assert result["scoring"] == "marks"
    assert not RESULT_VALIDATORS["texas42"].is_valid(result | {"target": 250})
    hand = result["hands"][0]
    broken = result | {"hands": [{k: v for k, v in hand.items() if k != "scores_after"}]}
    assert not RESULT_VALIDATORS["texas42"].is_valid(broken)


def test_a_record_saying_who_sat_where_is_valid() -> None:
    game = ludoteca.new_game("texas42", seed=3)
    game.play(game.legal_moves()[0])
    record = game.record(players=["Ana", "Bia", "Caio", "Duda"], seats=["human", "expert"] * 2)
    assert not list(VALIDATOR.iter_errors(json.loads(json.dumps(record))))
    assert record["seats"] == ["human", "expert", "human", "expert"]
    assert ludoteca.replay(record).moves == game.moves
    bad = dict(record, seats="human")
    assert list(VALIDATOR.iter_errors(bad))


def valid_record() -> dict[str, Any]:
    game = ludoteca.new_game("bingo", seed=1)
    game.play(game.legal_moves()[0])
    return game.record()


@pytest.mark.parametrize(
    "break_it",
    [
        lambda r: r.pop("moves"),
        lambda r: r.update(format="ludoteca/2"),
        lambda r: r.update(game="chess"),
        lambda r: r["options"].update(colour="red"),
        lambda r: r["options"].update(blanks_as_seven="yes"),
        lambda r: r["moves"].append("play 7-7"),
        lambda r: r["moves"].append("bid 30"),  # a Texas 42 move in a Bingo record
        lambda r: r["moves"].insert(0, 42),
        lambda r: r.update(players="Ana"),
    ],
)
def test_broken_records_are_refused(break_it: Any) -> None:
    record = copy.deepcopy(valid_record())
    assert VALIDATOR.is_valid(record)
    break_it(record)
    assert not VALIDATOR.is_valid(record)


# ------------------------------------------------------------------ views

VIEW_OPTIONS: dict[str, list[tuple[dict[str, Any], int]]] = {
    "texas42": [
        ({}, 16),
        ({"scoring": "points", "nello": True, "sevens": True}, 14),
        ({"plunge": True, "splash": True, "nello": True, "all_pass": "forced"}, 16),
        ({"play_out": True, "sevens": True, "splash": True}, 10),
    ],
    "fiveup": [
        ({"target": 21}, 22),
        ({"players": 3, "target": 31, "exact_61": True}, 18),
        ({"players": 4, "target": 21, "later_lead": "clockwise"}, 22),
        ({"players": 2, "exact_61": True}, 4),
    ],
    "bingo": [({}, 22), ({"blanks_as_seven": True}, 22)],
    "cavaleiro": [
        ({}, 6),
        ({"players": 3, "layout": "2x2x2+2"}, 16),
        ({"players": 5, "layout": "12/3+1"}, 14),
        ({"players": 8, "layout": "1x2x2+1"}, 14),
    ],
}
"""For each game, the options that change its view, with how many random games to
play with each (a checked view costs milliseconds: about three seconds a game)."""

HISTORY = ("log", "log_seats", "events", "hands_played", "score_events", "set_events")
"""The lists of a view that only grow, their items never changing."""

CHECK_RATE = 0.03
"""The chance of checking the view after a move (besides the first two positions
and the last)."""


def random_games(
    name: str,
) -> Iterator[tuple[ludoteca.Game, int | None, list[tuple[int, dict[str, Any]]]]]:
    """Random games of ``name`` with each option set of :data:`VIEW_OPTIONS`, half of
    them with manual chance, each seen by one viewer (the spectator, then each seat in
    turn): yields each game once it is over, its viewer and the views taken (with the
    number of moves played then).

    A view is taken at the start, after the first move, after a random few moves and
    at the end; as JSON (what a client receives), with the lists of :data:`HISTORY`
    cut to the items added since the viewer's previous view: they only grow, so every
    item of the last view is in exactly one of the views taken.
    """
    for options, games in VIEW_OPTIONS[name]:
        rng = random.Random(f"{name} {sorted(options.items())}")
        for seed in range(games):
            chance = "manual" if seed % 2 else "auto"
            game = ludoteca.new_game(name, seed=seed, chance=chance, **options)
            viewers: list[int | None] = [None, *range(game.num_seats)]
            viewer = viewers[seed % len(viewers)]
            seen = dict.fromkeys(HISTORY, 0)
            views: list[tuple[int, dict[str, Any]]] = []
            while True:
                if len(game.moves) < 2 or game.is_over or rng.random() < CHECK_RATE:
                    view = json.loads(json.dumps(game.view(viewer)))
                    cut = {k: v[seen[k] :] if k in HISTORY else v for k, v in view.items()}
                    views.append((len(game.moves), cut))
                    seen = {k: len(view.get(k, ())) for k in HISTORY}
                if game.is_over:
                    break
                if game.to_move == "chance":
                    game.play(game.sample_chance(rng))
                else:
                    moves = game.legal_moves()
                    # the first legal move now and then: more passes in the bidding (all
                    # four pass), more draws in Five-Up
                    game.play(moves[0] if rng.random() < 0.25 else rng.choice(moves))
            yield game, viewer, views


def codes_in(schema: dict[str, Any], key: str) -> set[str]:
    """The codes a view schema lists for the items of the view's list ``key``."""
    return set(schema["properties"][key]["items"]["properties"]["code"]["enum"])


@pytest.mark.parametrize("name", sorted(VIEW_OPTIONS))
def test_views_of_random_games_are_valid(name: str) -> None:
    """Every view taken of random games (:func:`random_games`) is valid, and between
    them they show every phase, every event code and every seat's view."""
    validator = VIEW_VALIDATORS[name]
    schema = VIEW_SCHEMAS[name]
    phases: set[str] = set()
    codes: set[str] = set()
    viewers: set[int | None] = set()
    games = views = items = 0
    for game, viewer, taken in random_games(name):
        games += 1
        viewers.add(viewer)
        for moves, view in taken:
            error = jsonschema.exceptions.best_match(validator.iter_errors(view))
            assert error is None, (
                f"{name} {game.options} seed {game.seed} seat {viewer} after {moves} moves: "
                f"{error.json_path}: {error.message[:300]}"
            )
            views += 1
            items += sum(len(view[k]) for k in HISTORY if k in view)
            phases.add(view["phase"])
            codes.update(e["code"] for e in view["events"])
            codes.update(e["code"] for e in view.get("set_events", ()))
        assert taken[-1][1]["over"]
    # the random games reach every phase and every event the schema describes
    assert phases == set(schema["properties"]["phase"]["enum"])
    assert codes == codes_in(schema, "events") | (
        codes_in(schema, "set_events") if "set_events" in schema["properties"] else set()
    )
    seats = max(ludoteca.game_type(name, **options).num_seats for options, _ in VIEW_OPTIONS[name])
    assert viewers == {None, *range(seats)}
    print(f"{name}: {games} games, {views} views, {items} history items")


ROUND_TRIP_GAMES = [
    pytest.param(name, options, id=f"{name}-{i}")
    for name in ("texas42", "fiveup", "bingo", "cavaleiro")
    for i, (options, _) in enumerate(VIEW_OPTIONS[name])
]


@pytest.mark.parametrize(("name", "options"), ROUND_TRIP_GAMES)
def test_views_are_json_as_they_are(name: str, options: dict[str, Any]) -> None:
    """Every view is JSON data as it is: written and read back it is equal (no tuple,
    no object that JSON would change), whoever looks and whenever."""
    rng = random.Random(name)
    for seed in range(2):
        game = ludoteca.new_game(name, seed=seed, chance=("auto", "manual")[seed], **options)
        while True:
            if game.is_over or rng.random() < 0.2:
                for viewer in [None, *range(game.num_seats)]:
                    view = game.view(viewer)
                    assert json.loads(json.dumps(view)) == view
                    assert len(view["log"]) == len(view["log_seats"]) == len(game.moves)
                    assert all(0 <= e["n"] < len(game.moves) for e in view["events"])
            if game.is_over:
                break
            if game.to_move == "chance":
                game.play(game.sample_chance(rng))
            else:
                game.play(rng.choice(game.legal_moves()))


def view_when(
    name: str, viewer: int | None, wanted: Any, **options: Any
) -> tuple[ludoteca.Game, dict[str, Any]]:
    """A random game of ``name`` played until ``wanted(view)`` holds for ``viewer``'s
    view; the game and that view (as JSON)."""
    rng = random.Random(3)
    game = ludoteca.new_game(name, seed=7, **options)
    while True:
        view = json.loads(json.dumps(game.view(viewer)))
        if wanted(view):
            return game, view
        assert not game.is_over, "the game ended first"
        game.play(rng.choice(game.legal_moves()))


def drew(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """The first ``drew`` event of ``seat`` in ``view``."""
    return next(e for e in view["events"] if e["code"] == "drew" and e["seat"] == seat)


def reveal_deal(game: ludoteca.Game, view: dict[str, Any]) -> None:
    """Put the last deal in ``view``'s log as it was dealt, every hand showing."""
    last = max(i for i, move in enumerate(game.moves) if move.startswith("deal "))
    view["log"][last] = game.moves[last]


def both_drew(view: dict[str, Any]) -> bool:
    seats = {e["seat"] for e in view["events"] if e["code"] == "drew"}
    return {0, 1} <= seats and view["phase"] != "over"


def in_tricks(view: dict[str, Any]) -> bool:
    return view["phase"] == "play" and bool(view["hands_played"]) and view["to_move"] != 1


BROKEN_VIEWS: list[tuple[str, int | None, Any, Any]] = [
    # (game, viewer, when to look, how to break the view)
    ("texas42", 1, in_tricks, lambda g, v: v.update(secret=1)),
    ("texas42", 1, in_tricks, lambda g, v: v.pop("trick")),
    ("texas42", 1, in_tricks, lambda g, v: v["hand"].append("7-7")),
    ("texas42", 1, in_tricks, lambda g, v: v["hand"].append("4-6")),
    ("texas42", 1, in_tricks, lambda g, v: v.update(scores="0-0")),
    ("texas42", 1, in_tricks, lambda g, v: v.update(seat=4)),
    ("texas42", 1, in_tricks, lambda g, v: v.update(phase="shuffle")),
    ("texas42", 1, in_tricks, lambda g, v: v.update(legal_moves=g.legal_moves())),
    ("texas42", 1, in_tricks, lambda g, v: v.update(contract="nello")),  # the option is off
    ("texas42", 1, in_tricks, lambda g, v: v["hands_played"][0].update(reason="bid made")),
    ("texas42", 1, in_tricks, lambda g, v: v["events"].append({"n": 1, "code": "bonus"})),
    (
        "texas42",
        1,
        in_tricks,
        lambda g, v: next(e for e in v["events"] if e["code"] == "trick").pop("winner"),
    ),
    # another seat's hand: in the spectator's hand, in the log's deal
    ("texas42", None, in_tricks, lambda g, v: v.update(hand=g.view(0)["hand"])),
    ("texas42", 1, in_tricks, reveal_deal),
    ("fiveup", 0, both_drew, lambda g, v: drew(v, 1).update(tile="6-6")),
    ("fiveup", 0, both_drew, lambda g, v: drew(v, 0).update(tile=None)),
    ("fiveup", None, both_drew, lambda g, v: drew(v, 1).update(tile="6-6")),
    ("fiveup", None, both_drew, reveal_deal),
    ("fiveup", 1, both_drew, lambda g, v: v["layout"]["tiles"][0].update(w=3)),
    ("fiveup", 1, both_drew, lambda g, v: v["layout"].update(turns=0)),
    ("bingo", 1, both_drew, lambda g, v: drew(v, 0).update(tile="6-6")),
    ("bingo", None, both_drew, lambda g, v: v.update(hand=["6-6"])),
    ("bingo", 1, both_drew, reveal_deal),
    ("bingo", None, both_drew, reveal_deal),
    ("bingo", 1, both_drew, lambda g, v: v.update(up="7-7")),
    ("bingo", 1, both_drew, lambda g, v: v["known_held"].append([])),
    (
        "cavaleiro",
        0,
        lambda v: bool(v["last_round"]),
        lambda g, v: v["rolls"].append(
            {"seat": 0, "dice": [7, 1, 1, 1], "category": "nothing", "key": [0, 7, 1, 1, 1]}
        ),
    ),
    ("cavaleiro", 0, lambda v: bool(v["last_round"]), lambda g, v: v.update(players=3)),
    (
        "cavaleiro",
        0,
        lambda v: bool(v["last_round"]),
        lambda g, v: v["events"][-1].update(round="1"),
    ),
]


@pytest.mark.parametrize(("name", "viewer", "wanted", "break_it"), BROKEN_VIEWS)
def test_a_view_schema_refuses_a_broken_view(
    name: str, viewer: int | None, wanted: Any, break_it: Any
) -> None:
    """A view that shows what its seat may not know, or a key, a type or a code the
    schema does not list, is refused."""
    game, view = view_when(name, viewer, wanted)
    validator = VIEW_VALIDATORS[name]
    assert validator.is_valid(view)
    break_it(game, view)
    assert not validator.is_valid(view)
