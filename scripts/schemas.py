"""Write the published JSON Schemas of Ludoteca's formats into docs/schemas/.

The record schema is generated from the engines themselves: each game's options
from its option specs, its decisions as the list of its canonical action texts
(Cavaleiro's, which depend on the figure, as a pattern), its chance events as
patterns. ``python scripts/schemas.py`` rewrites the files; the tests check that
the committed files are what this script writes.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca.games.bingo import viewtypes as bingo
from ludoteca.games.cavaleiro import viewtypes as cavaleiro
from ludoteca.games.fiveup import viewtypes as fiveup
from ludoteca.games.texas42 import viewtypes as texas42
from ludoteca.options import OptionSpec
from ludoteca.schemagen import object_schema, schema
from ludoteca.viewtypes import ResultBase, ViewBase

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
                        "description": "the column heights of each block",
                        "type": "array",
                        "items": {"type": "array", "items": {"type": "integer", "minimum": 1}},
                    },
                    "horizontals": {
                        "description": "how many horizontal sticks",
                        "type": "integer",
                        "minimum": 0,
                    },
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


# ------------------------------------------------------------------ views
#
# Each game's view (``game.view(seat)``) as a schema, generated from its typed
# definitions (ludoteca.viewtypes.ViewBase, the keys every view has, then the
# game's own in ludoteca/games/<game>/viewtypes.py; ludoteca.schemagen writes
# every object with all its keys and ``additionalProperties: false``, every
# property with what it means). Written here by hand: what a type cannot say, the
# rules between keys (``allOf``), and what the engines decide (their moves, the
# chance events a seat may see, each game's options).

Schema = dict[str, Any]

TILE_PATTERN = "(?:6-[0-6]|5-[0-5]|4-[0-4]|3-[0-3]|2-[0-2]|1-[01]|0-0)"
"""A tile as the engines write it: high end first."""


def tiles_re(count: int) -> str:
    """``count`` tiles separated by spaces (a hand in a chance event)."""
    return TILE_PATTERN + f"(?: {TILE_PATTERN}){{{count - 1}}}"


def integer(description: str, minimum: int | None = 0, maximum: int | None = None) -> Schema:
    out: Schema = {"description": description, "type": "integer"}
    if minimum is not None:
        out["minimum"] = minimum
    if maximum is not None:
        out["maximum"] = maximum
    return out


def string(description: str, *, pattern: str | None = None) -> Schema:
    out: Schema = {"description": description, "type": "string"}
    if pattern is not None:
        out["pattern"] = pattern
    return out


def enum(description: str, values: Sequence[Any]) -> Schema:
    return {"description": description, "enum": list(values)}


def obj(description: str, properties: dict[str, Schema], *, optional: Sequence[str] = ()) -> Schema:
    """An object with exactly these keys (all required but ``optional``)."""
    return {
        "description": description,
        "type": "object",
        "required": [k for k in properties if k not in optional],
        "additionalProperties": False,
        "properties": properties,
    }


def when(condition: Schema, then: Schema, otherwise: Schema | None = None) -> Schema:
    out: Schema = {"if": condition, "then": then}
    if otherwise is not None:
        out["else"] = otherwise
    return out


def has(**values: Any) -> Schema:
    """A condition: these properties have these values."""
    return {"properties": {k: {"const": v} for k, v in values.items()}, "required": list(values)}


def props(**schemas: Schema) -> Schema:
    return {"properties": schemas}


def rule(description: str, schema: Schema) -> Schema:
    """A condition between keys of a view, saying in words what it checks."""
    return {"description": description, **schema}


def chance_rule(phases: Sequence[str]) -> Schema:
    return rule(
        "a chance event is due exactly in these phases (with manual chance)",
        when(
            has(to_move="chance"),
            props(phase={"enum": list(phases)}),
            props(phase={"not": {"enum": list(phases)}}),
        ),
    )


def own_deal_rule(s: int | None, pattern: str) -> Schema:
    return rule(
        f"seat {s}'s log shows its own dealt tiles only"
        if s is not None
        else "a spectator's log shows no dealt tile",
        when(has(seat=s), props(log={"items": when({"pattern": "^deal "}, {"pattern": pattern})})),
    )


SPECTATOR_HAND = rule(
    "a spectator holds no hand", when(has(seat=None), props(hand={"maxItems": 0}))
)


SEAT = "a seat (0-based)"


INLINED = ("seat", "tile", "side")
"""Definitions written out where they are used (a reference costs validators
more than these few keywords)."""


def inline(schema: Any, defs: dict[str, Schema], names: Sequence[str]) -> Any:
    """``schema`` with the references to ``defs[name]`` replaced by the definition
    (its description by the referring one), and those definitions dropped."""
    if isinstance(schema, list):
        return [inline(x, defs, names) for x in schema]
    if not isinstance(schema, dict):
        return schema
    target = schema.get("$ref", "")
    if target.removeprefix("#/$defs/") in names:
        local = {k: v for k, v in schema.items() if k != "$ref"}
        return {**defs[target.removeprefix("#/$defs/")], **local}
    return {
        k: (
            {d: inline(v, defs, names) for d, v in value.items() if d not in names}
            if k == "$defs"
            else inline(value, defs, names)
        )
        for k, value in schema.items()
    }


SIMPLE = {"type", "minimum", "maximum", "pattern", "items", "minItems", "maxItems"}
"""Keywords that only constrain a value of their type (null passes them)."""


def collapse(schema: Any) -> Any:
    """``schema`` with each ``anyOf: [a simple typed schema, null]`` written as one
    schema whose type may be null (what :func:`nullable` writes when it can)."""
    if isinstance(schema, list):
        return [collapse(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: collapse(v) for k, v in schema.items()}
    options = out.get("anyOf")
    nullable = options is not None and len(options) == 2 and options[1] == {"type": "null"}
    if set(out) == {"description", "anyOf"} and nullable:
        inner = {k: v for k, v in options[0].items() if k != "description"}
        if isinstance(inner.get("type"), str) and set(inner) <= SIMPLE:
            return {"description": out["description"], **inner, "type": [inner["type"], "null"]}
    return out


def decision_pattern(name: str) -> Schema:
    """Every decision of the game (its canonical action texts, or Cavaleiro's
    pattern) as one pattern: validators check it faster than a long enum."""
    found = decisions(name)
    if "pattern" in found:
        return found
    moves: list[str] = found["enum"]
    assert all(re.fullmatch("[a-z0-9 -]+", m) for m in moves)
    return {"pattern": "^(?:" + "|".join(moves) + ")$"}


def log_entry(description: str, *chance_patterns: str) -> Schema:
    """An entry of a view's log: a decision of the game, or a chance event as the
    seat may see it (one of ``chance_patterns``)."""
    return {
        "description": description,
        "type": "string",
        "anyOf": [{"$ref": "#/$defs/decision"}, *({"pattern": p} for p in chance_patterns)],
    }


def view_schema(
    name: str,
    *,
    title: str,
    description: str,
    seats: Sequence[int],
    view: Any,
    event: Any,
    defs: dict[str, Schema],
    log_entry: Schema,
    rules: list[Schema],
    overrides: dict[str, Schema] | None = None,
) -> Schema:
    """A game's view schema: the keys of every view (:class:`ViewBase`), then the
    game's own (the TypedDict ``view``, the schemas of ``overrides`` for their
    keys), its events (the items of ``events``: the tagged union ``event``), and
    ``rules`` (conditions between keys)."""
    cls = ludoteca.game_class(name)
    base = object_schema(ViewBase)["properties"]
    common: dict[str, Schema] = {
        "game": base["game"] | {"const": name},
        "names": base["names"] | {"minItems": min(seats), "maxItems": max(seats)},
        "to_move": enum(base["to_move"]["description"], [*range(max(seats)), "chance", None]),
        "log": base["log"] | {"items": log_entry},
        "log_seats": base["log_seats"]
        | {
            "items": enum(base["log_seats"]["items"]["description"], [*range(max(seats)), "chance"])
        },
        "events": base["events"] | {"items": schema(event)},
    }
    options = obj(
        "the game's options, every one with its value",
        {key: option_schema(spec) for key, spec in cls.option_specs.items()},
    )
    own = object_schema(view, {"options": options, **(overrides or {})})
    properties = base | common | own["properties"]
    over = rule(
        "a game is over exactly when no one is to move, its phase is over and it has a winner",
        when(
            has(over=True),
            props(to_move={"type": "null"}, phase={"const": "over"}, winner={"type": "integer"}),
            props(
                to_move={"not": {"type": "null"}},
                phase={"not": {"const": "over"}},
                winner={"type": "null"},
            ),
        ),
    )
    to_move = [
        rule(
            f"seat {s} has legal moves exactly when it is to move",
            when(
                has(seat=s),
                when(
                    has(to_move=s),
                    props(legal_moves={"minItems": 1}),
                    props(legal_moves={"maxItems": 0}),
                ),
            ),
        )
        for s in range(max(seats))
    ]
    spectator = rule(
        "a spectator has no legal moves", when(has(seat=None), props(legal_moves={"maxItems": 0}))
    )
    decision = {"description": "a decision in canonical notation", "type": "string"}
    return document(
        f"{name}.view",
        title=title,
        description=description,
        properties=properties,
        rules=[over, spectator, *to_move, *rules],
        seats=seats,
        defs={"decision": decision | decision_pattern(name), **defs},
    )


def document(
    file: str,
    *,
    title: str,
    description: str,
    properties: dict[str, Schema],
    rules: Sequence[Schema],
    seats: Sequence[int],
    defs: dict[str, Schema],
) -> Schema:
    """A published schema (docs/schemas/FILE.schema.json): an object with exactly
    ``properties``, ``rules`` between them, and ``defs`` after the seat and the tile."""
    schema_: Schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://ludoteca.example/schemas/{file}.schema.json",
        "title": title,
        "description": description,
        "type": "object",
        "required": list(properties),
        "additionalProperties": False,
        "properties": properties,
        "allOf": list(rules),
        "$defs": {
            "seat": integer(SEAT, 0, max(seats) - 1),
            "tile": string("a tile, high end first", pattern=f"^{TILE_PATTERN}$"),
            **defs,
        },
    }
    return collapse(inline(schema_, schema_["$defs"], INLINED))


def texas42_defs() -> dict[str, Schema]:
    """The objects a Texas 42 view and result refer to."""
    return {
        "play": schema(texas42.Play),
        "trick": schema(texas42.Trick),
        "bid": schema(texas42.Bid),
        "hand": schema(texas42.HandSummary),
    }


TEXAS42_TARGETS = (("marks", 7), ("points", 250))
"""Texas 42's scoring options and the target each sets."""


def texas42_view() -> Schema:
    hand7 = tiles_re(7)
    deal = f"deal (?:{hand7}|\\?)(?: \\| (?:{hand7}|\\?)){{3}}"

    def own_deal(s: int | None) -> str:
        parts = [hand7 if i == s else "\\?" for i in range(4)]
        return "^deal " + " \\| ".join(parts) + "$"

    rules: list[Schema] = [
        rule(
            f"scoring {scoring}: the target is {target}",
            when(
                {"properties": {"options": has(scoring=scoring)}},
                props(scoring={"const": scoring}, target={"const": target}),
            ),
        )
        for scoring, target in TEXAS42_TARGETS
    ]
    rules.append(chance_rule(["draw", "deal"]))
    for option, banned in (
        ("nello", "^nello$"),
        ("sevens", "^sevens$"),
        ("plunge", " plunge$"),
        ("splash", " splash$"),
    ):
        off = {"not": {"type": "string", "pattern": banned}}
        rules.append(
            rule(
                f"without the option {option}, no {option} is bid, named or allowed",
                when(
                    {"properties": {"options": has(**{option: False})}},
                    props(
                        legal_moves={"items": off},
                        bids={"items": {"properties": {"bid": off}}},
                        high_bid=off,
                        contract=off,
                    ),
                ),
            )
        )
    rules += [own_deal_rule(s, own_deal(s)) for s in (None, 0, 1, 2, 3)]
    rules.append(SPECTATOR_HAND)
    return view_schema(
        "texas42",
        title="A seat's view of a Texas 42 game",
        description=(
            "game.view(seat) for Texas 42: everything that seat may know (null: a spectator). "
            "See docs/games/texas42.md."
        ),
        seats=(4,),
        view=texas42.Texas42View,
        event=texas42.EVENT,
        defs=texas42_defs(),
        log_entry=log_entry(
            "a move: a decision, the draw for first dealer, or a deal",
            f"^draw {TILE_PATTERN}(?: {TILE_PATTERN}){{1,3}}$",
            f"^{deal}$",
        ),
        rules=rules,
    )


def drew_rules(seats: Sequence[int]) -> list[Schema]:
    """Another seat's drawn tile is null in a seat's view (always for a spectator)."""

    def for_seat(s: int | None) -> Schema:
        if s is None:
            drew = props(tile={"type": "null"})
        else:
            drew = when(
                has(seat=s), props(tile={"$ref": "#/$defs/tile"}), props(tile={"type": "null"})
            )
        return rule(
            f"only seat {s} sees the tiles it draws"
            if s is not None
            else "a spectator sees no drawn tile",
            when(has(seat=s), props(events={"items": when(has(code="drew"), drew)})),
        )

    return [for_seat(s) for s in (None, *seats)]


def fiveup_hand(summary: Any) -> Schema:
    """A Five-Up hand's summary (``summary``, a TypedDict): the pips and tiles left
    are there unless a score reached the target mid-hand."""
    pips_and_tiles = ["pips_left", "tiles_left"]
    return schema(summary) | {
        "allOf": [
            when(
                has(end="target reached"),
                {"not": {"anyOf": [{"required": [k]} for k in pips_and_tiles]}},
                {"required": pips_and_tiles},
            )
        ]
    }


FIVEUP_SIDE = integer("a side: a seat with 2 or 3 players, a team with 4 (see sides)", 0, 2)


def fiveup_view() -> Schema:
    hand5 = tiles_re(5)
    part = f"(?:{hand5}|\\?)"
    hand_summary = fiveup_hand(fiveup.HandSummary)
    rules: list[Schema] = [chance_rule(["draw", "deal"])]
    for n in (2, 3, 4):
        t = ludoteca.game_type("fiveup", players=n)
        sides = [list(s) for s in t.sides]
        seat_max = {"maximum": n - 1}
        exact = {"minItems": n, "maxItems": n}
        deal_n = "^deal " + " \\| ".join([part] * n) + " \\| stock \\?$"
        rules.append(
            rule(
                f"{n} players: {n} seats, {len(sides)} sides",
                when(
                    {"properties": {"options": has(players=n)}},
                    props(
                        names=exact,
                        seat=seat_max,
                        to_move=seat_max,
                        sides={"const": sides},
                        side_of={"const": list(t.side_of)},
                        scores={"minItems": len(sides), "maxItems": len(sides)},
                        first_leader_draw={"maxItems": n},
                        leader=seat_max,
                        turn=seat_max,
                        hand_sizes=exact,
                        drawn=exact,
                        passes_in_a_row={"maximum": n},
                        log={"items": when({"pattern": "^deal "}, {"pattern": deal_n})},
                    ),
                ),
            )
        )
    for s in (None, 0, 1, 2, 3):
        own = (
            "^deal \\?(?: \\| \\?)* \\| stock \\?$"
            if s is None
            else ("^deal " + "\\? \\| " * s + hand5 + "(?: \\| \\?)* \\| stock \\?$")
        )
        rules.append(own_deal_rule(s, own))
    rules += drew_rules(range(4))
    rules.append(SPECTATOR_HAND)
    return view_schema(
        "fiveup",
        title="A seat's view of a Five-Up game",
        description=(
            "game.view(seat) for Five-Up: everything that seat may know (null: a spectator). "
            "See docs/games/fiveup.md."
        ),
        seats=(2, 3, 4),
        view=fiveup.FiveUpView,
        event=fiveup.EVENT,
        defs={
            "side": FIVEUP_SIDE,
            "arm": schema(fiveup.Arm),
            "hand": hand_summary,
        },
        log_entry=log_entry(
            "a move: a decision, the draw for first leader, or a deal",
            f"^draw {TILE_PATTERN}(?: {TILE_PATTERN}){{1,3}}$",
            f"^deal {part}(?: \\| {part}){{1,3}} \\| stock \\?$",
        ),
        rules=rules,
    )


def bingo_view() -> Schema:
    hand7 = tiles_re(7)
    part = f"(?:{hand7}|\\?)"
    rules: list[Schema] = [chance_rule(["draw", "deal"])]
    for s in (None, 0, 1):
        parts = [hand7 if i == s else "\\?" for i in (0, 1)]
        own = f"^deal {parts[0]} \\| {parts[1]} \\| up {TILE_PATTERN} \\| stock \\?$"
        rules.append(own_deal_rule(s, own))
    rules += drew_rules(range(2))
    rules.append(SPECTATOR_HAND)
    return view_schema(
        "bingo",
        title="A seat's view of a Bingo game",
        description=(
            "game.view(seat) for Bingo: everything that seat may know (null: a spectator). "
            "See docs/games/bingo.md."
        ),
        seats=(2,),
        view=bingo.BingoView,
        event=bingo.EVENT,
        defs={"trick": schema(bingo.Trick), "hand": schema(bingo.HandSummary)},
        log_entry=log_entry(
            "a move: a decision, the draw for first leader, or a deal",
            f"^draw {TILE_PATTERN} {TILE_PATTERN}$",
            f"^deal {part} \\| {part} \\| up {TILE_PATTERN} \\| stock \\?$",
        ),
        rules=rules,
    )


def cavaleiro_view() -> Schema:
    face = {"type": "integer", "minimum": 1, "maximum": 6}
    key = {
        "description": (
            "the roll's ranking key (a higher key is a better roll, equal keys tie): "
            "[4, n], [3, n], [2, high pair, low pair], [1, pair], [0, the dice high first]"
        ),
        "type": "array",
        "prefixItems": [{"type": "integer", "minimum": 0, "maximum": 4}],
        "items": face,
        "anyOf": [
            {"prefixItems": [{"const": c}], "minItems": length, "maxItems": length}
            for c, length in ((0, 5), (1, 2), (2, 3), (3, 2), (4, 2))
        ],
    }
    sticks = object_schema(cavaleiro.CavaleiroView)["properties"]["sticks"]
    sticks["items"]["allOf"] = [
        rule(
            "a vertical has a block and a column, a horizontal neither",
            when(
                has(kind="vertical"),
                props(block={"type": "integer"}, column={"type": "integer"}),
                props(block={"type": "null"}, column={"type": "null"}),
            ),
        )
    ]
    rules: list[Schema] = [
        rule(
            "a roll is due (manual chance) exactly when to_roll names the seat to roll",
            when(
                has(to_move="chance"),
                props(to_roll={"type": "integer"}, phase={"enum": ["order", "roll"]}),
                props(to_roll={"type": "null"}),
            ),
        ),
        rule(
            "the allowed removal is given exactly while the round winner removes",
            when(
                has(phase="remove"),
                props(allowed_removal_code={"type": "object"}),
                props(allowed_removal_code={"type": "null"}),
            ),
        ),
        rule(
            "the option layout is written in its canonical notation",
            props(options=props(layout={"type": "string", "pattern": cavaleiro.LAYOUT_PATTERN})),
        ),
    ]
    for n in range(2, 9):
        seat_max = {"maximum": n - 1}
        exact = {"minItems": n, "maxItems": n}
        rules.append(
            rule(
                f"{n} players: {n} seats",
                when(
                    {"properties": {"options": has(players=n)}},
                    props(
                        names=exact,
                        seat=seat_max,
                        to_move=seat_max,
                        players={"const": n},
                        sides={"const": [[s] for s in range(n)]},
                        figures=exact,
                        order={"maxItems": n},
                        to_roll=seat_max,
                        rolls={"maxItems": n},
                        round_winner=seat_max,
                        ranking={"minItems": n, "maxItems": n},
                        rounds_won=exact,
                        winner=seat_max,
                    ),
                ),
            )
        )
    return view_schema(
        "cavaleiro",
        title="A seat's view of a Cavaleiro game",
        description=(
            "game.view(seat) for Cavaleiro: nothing is hidden, so every seat's view and a "
            "spectator's are the same but for seat and legal_moves. See docs/games/cavaleiro.md."
        ),
        seats=range(2, 9),
        view=cavaleiro.CavaleiroView,
        event=cavaleiro.EVENT,
        defs={
            "key": key,
            "rolled": schema(cavaleiro.Rolled),
            "roll": schema(cavaleiro.Roll),
        },
        log_entry=log_entry("a move: a decision, or a roll", "^roll [1-6] [1-6] [1-6] [1-6]$"),
        rules=rules,
        overrides={"sticks": sticks},
    )


VIEWS = {
    "texas42": texas42_view,
    "fiveup": fiveup_view,
    "bingo": bingo_view,
    "cavaleiro": cavaleiro_view,
}
"""Each game's view schema, written to docs/schemas/GAME.view.schema.json."""


def result_schema(
    name: str,
    *,
    title: str,
    seats: Sequence[int],
    result: Any,
    defs: dict[str, Schema],
    rules: Sequence[Schema] = (),
) -> Schema:
    """A game's result schema: the keys of every result (:class:`ResultBase`), then
    the game's own (the TypedDict ``result``), and ``rules`` (conditions between keys)."""
    base = object_schema(ResultBase)["properties"]
    own = object_schema(result)["properties"]  # ResultBase's keys first, as it has them
    properties = own | {"game": base["game"] | {"const": name}}
    over = rule(
        "a game is over exactly when it has a winner",
        when(has(over=True), props(winner={"type": "integer"}), props(winner={"type": "null"})),
    )
    return document(
        f"{name}.result",
        title=title,
        description=(
            f"game.result() for {ludoteca.game_class(name).title}: the scores and the winner so "
            f"far (final once over), and what the game adds. See docs/games/{name}.md."
        ),
        properties=properties,
        rules=[over, *rules],
        seats=seats,
        defs=defs,
    )


RESULTS = {
    "texas42": lambda: result_schema(
        "texas42",
        title="The result of a Texas 42 game",
        seats=(4,),
        result=texas42.Texas42Result,
        defs=texas42_defs(),
        rules=[
            rule(
                f"scoring {scoring}: the target is {target}",
                when(has(scoring=scoring), props(target={"const": target})),
            )
            for scoring, target in TEXAS42_TARGETS
        ],
    ),
    "fiveup": lambda: result_schema(
        "fiveup",
        title="The result of a Five-Up game",
        seats=(2, 3, 4),
        result=fiveup.FiveUpResult,
        defs={"side": FIVEUP_SIDE, "hand": fiveup_hand(fiveup.HandSaid)},
    ),
    "bingo": lambda: result_schema(
        "bingo",
        title="The result of a Bingo match",
        seats=(2,),
        result=bingo.BingoResult,
        defs={"trick": schema(bingo.Trick), "hand": schema(bingo.HandSaid)},
    ),
    "cavaleiro": lambda: result_schema(
        "cavaleiro",
        title="The result of a Cavaleiro game",
        seats=range(2, 9),
        result=cavaleiro.CavaleiroResult,
        defs={},
    ),
}
"""Each game's result schema, written to docs/schemas/GAME.result.schema.json."""


def write(path: Path, schema: dict[str, Any]) -> bool:
    text = json.dumps(schema, indent=1, ensure_ascii=False) + "\n"
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def main() -> int:
    SCHEMAS.mkdir(parents=True, exist_ok=True)
    schemas = {"record.schema.json": record_schema()}
    for name, build in VIEWS.items():
        schemas[f"{name}.view.schema.json"] = build()
    for name, build in RESULTS.items():
        schemas[f"{name}.result.schema.json"] = build()
    for file, written in schemas.items():
        changed = write(SCHEMAS / file, written)
        print(f"docs/schemas/{file}", "written" if changed else "unchanged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
