"""The published JSON Schemas (docs/schemas/) are what the engines write, and
every record of thousands of random games, of every game and option, is valid."""

from __future__ import annotations

import copy
import json
import random
import runpy
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import ludoteca

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "docs" / "schemas" / "record.schema.json").read_text("utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
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
