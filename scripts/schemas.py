"""Write the published JSON Schemas of Ludoteca's formats into docs/schemas/.

The record schema is generated from the engines themselves: each game's options
from its option specs, its decisions as the list of its canonical action texts
(Cavaleiro's, which depend on the figure, as a pattern), its chance events as
patterns. ``python scripts/schemas.py`` rewrites the files; the tests check that
the committed files are what this script writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca.options import OptionSpec

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "docs" / "schemas"
TILE = "[0-6]-[0-6]"
TILES = f"{TILE}(?: {TILE})*"

CHANCE: dict[str, list[str]] = {
    "texas42": [
        f"draw {TILE}(?: {TILE}){{0,3}}",
        f"deal {TILES} \\| {TILES} \\| {TILES} \\| {TILES}",
    ],
    "fiveup": [
        f"draw {TILE}(?: {TILE}){{1,3}}",
        f"deal {TILES}(?: \\| {TILES}){{1,3}} \\| stock(?: {TILE})*",
    ],
    "bingo": [
        f"draw {TILE} {TILE}",
        f"deal {TILES} \\| {TILES} \\| up {TILE} \\| stock(?: {TILE})*",
    ],
    "cavaleiro": ["roll [1-6] [1-6] [1-6] [1-6]"],
}
"""Each game's chance events (the engines check the tiles and counts)."""

CAVALEIRO_DECISIONS = (
    "pass|remove horizontals|remove horizontal|remove block [1-9][0-9]*"
    "|remove [1-9][0-9]* from column [1-9][0-9]*"
)


def option_schema(spec: OptionSpec) -> dict[str, Any]:
    out: dict[str, Any] = {"description": spec.doc, "default": spec.default}
    if spec.choices is not None:
        out["enum"] = list(spec.choices)
    elif spec.kind is bool:
        out["type"] = "boolean"
    elif spec.kind is int:
        out["type"] = "integer"
        if spec.minimum is not None:
            out["minimum"] = spec.minimum
        if spec.maximum is not None:
            out["maximum"] = spec.maximum
    elif spec.name == "layout":
        out["oneOf"] = [
            {"type": "string"},
            {
                "type": "object",
                "required": ["blocks", "horizontals"],
                "additionalProperties": False,
                "properties": {
                    "blocks": {
                        "type": "array",
                        "items": {"type": "array", "items": {"type": "integer", "minimum": 1}},
                    },
                    "horizontals": {"type": "integer", "minimum": 0},
                },
            },
        ]
    return out


def decisions(name: str) -> dict[str, Any]:
    if name == "cavaleiro":
        return {"pattern": f"^(?:{CAVALEIRO_DECISIONS})$"}
    t = ludoteca.game_type(name)
    game = t.new_game(seed=0)
    return {"enum": [game.action_to_move(a) for a in range(t.num_actions)]}


def record_schema() -> dict[str, Any]:
    games = ludoteca.available_games()
    variants = []
    for name in games:
        cls = ludoteca.game_class(name)
        chance = "|".join(CHANCE[name])
        variants.append(
            {
                "if": {"properties": {"game": {"const": name}}},
                "then": {
                    "properties": {
                        "options": {
                            "type": "object",
                            "additionalProperties": False,
                            "required": list(cls.option_specs),
                            "properties": {
                                key: option_schema(spec) for key, spec in cls.option_specs.items()
                            },
                        },
                        "moves": {
                            "items": {
                                "anyOf": [
                                    {"pattern": f"^(?:{chance})$"},
                                    decisions(name),
                                ]
                            }
                        },
                    }
                },
            }
        )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://ludoteca.example/schemas/record.schema.json",
        "title": "A Ludoteca game record (ludoteca/1)",
        "description": (
            "Every chance event and every decision of a game, in order, in each game's "
            "canonical notation (docs/games/): replaying them rebuilds the game exactly. "
            "The schema checks the form; whether each move was allowed is the engine's "
            "question (ludoteca replay FILE)."
        ),
        "type": "object",
        "required": ["format", "game", "options", "players", "moves"],
        "properties": {
            "format": {"const": ludoteca.RECORD_FORMAT},
            "game": {"enum": games},
            "options": {"type": "object"},
            "players": {"type": "array", "items": {"type": "string"}, "minItems": 2},
            "seats": {
                "description": (
                    "who sat in each seat (as many as players): 'human' or a bot level"
                ),
                "type": "array",
                "items": {"type": "string"},
                "minItems": 2,
            },
            "moves": {"type": "array", "items": {"type": "string"}},
        },
        "allOf": variants,
    }


def write(path: Path, schema: dict[str, Any]) -> bool:
    text = json.dumps(schema, indent=1, ensure_ascii=False) + "\n"
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def main() -> int:
    SCHEMAS.mkdir(parents=True, exist_ok=True)
    changed = write(SCHEMAS / "record.schema.json", record_schema())
    print("docs/schemas/record.schema.json", "written" if changed else "unchanged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
