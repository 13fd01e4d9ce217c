"""The typed definitions of views and results: what every game's ``game.view(seat)``
and ``game.result()`` hold.

A view or a result is a plain dict at run time (a :class:`~typing.TypedDict` costs nothing);
its type says each key's type for ``mypy``, and, through :class:`Doc` and
:class:`Json` in its ``Annotated`` metadata, what the key means and the limits a
type cannot say. The published JSON Schemas (docs/schemas/) are generated from
these definitions (:mod:`ludoteca.schemagen`), so each description is written
once, here and beside each engine.

>>> from typing import get_type_hints
>>> get_type_hints(ViewBase, include_extras=True)["over"].__metadata__
(Doc(text='whether the game is over', null=None),)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypedDict, TypeVar

__all__ = [
    "Count",
    "Decision",
    "Doc",
    "Drawn",
    "DrawnTile",
    "DrewEvent",
    "EventBase",
    "FirstLeaderSeat",
    "GameEvent",
    "GameOptions",
    "HandNumber",
    "HandSummaries",
    "HandTricks",
    "Json",
    "LastTrick",
    "Nat",
    "Play",
    "ResultBase",
    "SeatNo",
    "Tagged",
    "TileText",
    "Tiles",
    "ViewBase",
    "WhatHappened",
    "json_range",
    "length",
    "ref",
    "without",
]


@dataclass(frozen=True, slots=True)
class Doc:
    """What a key (or an item, or a nested object) means; for a type that may be
    ``None``, ``null`` says what ``None`` means."""

    text: str
    null: str | None = None


@dataclass(frozen=True, slots=True, init=False)
class Json:
    """JSON Schema keywords a type cannot say (a range, a pattern, a length)."""

    keywords: dict[str, Any]

    def __init__(self, **keywords: Any) -> None:
        object.__setattr__(self, "keywords", keywords)

    def __hash__(self) -> int:
        return hash(repr(self.keywords))


@dataclass(frozen=True, slots=True)
class Tagged:
    """A union of TypedDicts told apart by the literal value of ``key``."""

    key: str


def ref(name: str) -> Json:
    """A reference to a shared definition of the schema (``$defs``)."""
    return Json(**{"$ref": f"#/$defs/{name}"})


def json_range(minimum: int | None = 0, maximum: int | None = None) -> Json:
    """An integer from ``minimum`` to ``maximum`` (either may be open)."""
    out: dict[str, Any] = {}
    if minimum is not None:
        out["minimum"] = minimum
    if maximum is not None:
        out["maximum"] = maximum
    return Json(**out)


def length(minimum: int | None = None, maximum: int | None = None, *, unique: bool = False) -> Json:
    """An array of ``minimum`` to ``maximum`` items (and no item twice)."""
    out: dict[str, Any] = {}
    if minimum is not None:
        out["minItems"] = minimum
    if maximum is not None:
        out["maxItems"] = maximum
    if unique:
        out["uniqueItems"] = True
    return Json(**out)


SeatNo = Annotated[int, ref("seat")]
"""A seat (0-based)."""
TileText = Annotated[str, ref("tile")]
"""A tile, high end first (``"6-4"``)."""
Decision = Annotated[str, ref("decision")]
"""A decision in canonical notation."""
Nat = Annotated[int, json_range(0)]
"""A whole number from 0."""
Count = Nat
Tiles = Annotated[list[Annotated[TileText, Doc("a tile")]], length(unique=True)]
"""Tiles, none twice."""


class ViewBase(TypedDict):
    """The keys every game's view has (:meth:`ludoteca.Game.view`); each game's
    own keys follow in its own definition."""

    game: Annotated[str, Doc("the game")]
    seat: Annotated[SeatNo | None, Doc("the seat this view is for", null="for a spectator")]
    names: Annotated[
        list[Annotated[str, Doc("a player's name")]],
        Doc("the players' names, one per seat (not part of the game: they may change at any time)"),
    ]
    to_move: Annotated[
        int | Literal["chance"] | None,
        Doc(
            'who acts now: a seat, "chance" when a chance event is due (manual chance '
            "only), null once the game is over"
        ),
    ]
    over: Annotated[bool, Doc("whether the game is over")]
    legal_moves: Annotated[
        list[Annotated[Decision, Doc("a decision in canonical notation")]],
        Doc(
            "the decisions this seat may make now (empty unless this seat is to move; "
            "always empty for a spectator)"
        ),
        length(unique=True),
    ]
    log: Annotated[
        list[str],
        Doc(
            "every move so far, in order: decisions in canonical notation, chance events as "
            "this seat may see them (tiles it may not see written ?)"
        ),
    ]
    log_seats: Annotated[
        list[
            Annotated[
                int | Literal["chance"],
                Doc('who made the move of log at the same index: a seat, or "chance"'),
            ]
        ],
        Doc("who made each move of log"),
    ]
    events: Annotated[
        list[dict[str, Any]], Doc("what the moves did, in order, as this seat may know it")
    ]


class ResultBase(TypedDict):
    """The keys every game's result has (:meth:`ludoteca.Game.result`) before its
    sides, scores and winner; each game's own keys follow in its own definition."""

    game: Annotated[str, Doc("the game")]
    over: Annotated[bool, Doc("whether the game is over: the result is then final")]


def without(entry: Mapping[str, Any], key: str) -> dict[str, Any]:
    """``entry`` less ``key``: a view's item made from a result's, the result's words
    left out.

    >>> without({"end": "domino", "bonus": "domino: 12 pips → 2"}, "bonus")
    {'end': 'domino'}
    """
    return {k: v for k, v in entry.items() if k != key}


class EventBase(TypedDict):
    """What every event of a view's ``events`` holds before its code and numbers."""

    n: Annotated[Nat, Doc("the index in log of the move that did it")]


WhatHappened = Doc("what happened")
"""The description of every event's ``code``."""

DrawnTile = Annotated[
    TileText | None,
    Doc("the tile drawn", null="for every other seat: only the drawer sees it"),
]
"""A ``drew`` event's tile: only the seat that drew it sees it."""


class DrewEvent(EventBase):
    """A ``drew`` event: a tile drawn from the stock, which only the drawer sees."""

    code: Annotated[Literal["drew"], WhatHappened]
    seat: Annotated[SeatNo, Doc("who drew")]
    tile: DrawnTile


EventT = TypeVar("EventT")
SummaryT = TypeVar("SummaryT")
TrickT = TypeVar("TrickT")

GameEvent = Annotated[
    EventT, Doc("an event: a code with its numbers (docs/games/)"), Tagged("code")
]
"""An item of a view's ``events``: one of the game's events, told apart by its code."""

GameOptions = Annotated[dict[str, Any], Doc("the game's options, every one with its value")]
"""A view's ``options``."""

HandSummaries = Annotated[
    list[Annotated[SummaryT, Doc("a hand"), ref("hand")]],
    Doc("a summary of every finished hand"),
]
"""The summaries of the finished hands (of a domino game's view or result)."""


class Play(TypedDict):
    """a tile played"""

    seat: Annotated[SeatNo, Doc("who played it")]
    tile: Annotated[TileText, Doc("the tile")]


class Drawn(TypedDict):
    """a tile drawn"""

    seat: Annotated[SeatNo, Doc("who drew it")]
    tile: Annotated[TileText, Doc("the tile")]


FirstLeaderSeat = Annotated[SeatNo | None, Doc("who led the first hand", null="before the draw")]
"""A view's ``first_leader``, in the games that draw for it."""
HandNumber = Annotated[Nat, Doc("the current hand's number (0 before the first deal)")]
"""A view's ``hand_number``."""

HandTricks = Annotated[list[Annotated[TrickT, Doc("a trick")]], Doc("this hand's finished tricks")]
"""A view's ``tricks``, in the trick-taking games (each game says how many a hand has)."""
LastTrick = Annotated[
    TrickT | None, Doc("the last finished trick of this hand", null="before the first")
]
"""A view's ``last_trick``, in the trick-taking games."""
