"""Cavaleiro's view as typed definitions: its own keys (after those of every view,
:class:`ludoteca.viewtypes.ViewBase`), its events and the objects they hold, each
key with what it means. docs/schemas/cavaleiro.view.schema.json is generated from
them (a roll's ranking key, whose length depends on its first number, is written
out by hand there).
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from ludoteca.viewtypes import (
    Decision,
    Doc,
    EventBase,
    GameEvent,
    GameOptions,
    Json,
    Nat,
    ResultBase,
    SeatNo,
    Tagged,
    WhatHappened,
    json_range,
    length,
    ref,
)

Phase = Literal["order", "roll", "remove", "over"]
What = Literal["nothing", "horizontals", "horizontal", "block", "column"]
Category = Literal["nothing", "one pair", "two pairs", "three of a kind", "four of a kind"]
LAYOUT_PATTERN = "^(?:[1-9]x[1-9]x[1-9]|[1-9]+(?:/[1-9]+)*)\\+[0-9]$"
"""A figure in its canonical notation."""

Dice = Annotated[
    list[Annotated[int, Doc("a die"), json_range(1, 6)]],
    Doc("the four dice, in the order rolled"),
    length(4, 4),
]
Total = Annotated[int, Doc("the dice's total"), json_range(4, 24)]
Key = Annotated[list[int], Doc("the roll's ranking key"), ref("key")]
Seats = Annotated[list[Annotated[SeatNo, Doc("a seat")]], Doc("seats"), length(None, 8)]
PerSeat = Annotated[
    list[Annotated[Nat, Doc("a seat's number")]], Doc("one number per seat"), length(2, 8)
]
RoundNo = Annotated[int, Doc("the round"), json_range(1)]


class Rolled(TypedDict):
    """a roll of the roll-off"""

    seat: Annotated[SeatNo, Doc("who rolled")]
    dice: Dice
    total: Total


class Roll(TypedDict):
    """a roll of a round"""

    seat: Annotated[SeatNo, Doc("who rolled")]
    dice: Dice
    category: Annotated[Category, Doc("the roll's category, in words")]
    key: Key


RolledRef = Annotated[Rolled, Doc("a roll"), ref("rolled")]
RollRef = Annotated[Roll, Doc("a roll"), ref("roll")]
Stages = list[Annotated[list[RolledRef], Doc("a stage's rolls"), length(1)]]

# ------------------------------------------------------------------ removals, tie-breaks


class ColumnUpTo(TypedDict):
    """1 to max verticals of one column"""

    code: Annotated[Literal["column_up_to"], Doc("the removal")]
    max: Annotated[int, Doc("the most verticals"), json_range(1, 3)]


class ColumnOrHorizontal(TypedDict):
    """one horizontal, or everything left in one column (three of a kind)"""

    code: Annotated[Literal["column_or_horizontal"], Doc("the removal")]


class BlockOrHorizontals(TypedDict):
    """all the remaining horizontals, or the verticals of one intact block; of any block
    when none is intact (four of a kind)"""

    code: Annotated[Literal["block_or_horizontals"], Doc("the removal")]


Removal = Annotated[
    ColumnUpTo | ColumnOrHorizontal | BlockOrHorizontals,
    Doc("what a winning roll allows: a code with its numbers"),
    Tagged("code"),
]

TieBreakCode = Doc("the tie-break")


class ByCategory(TypedDict):
    """a better category"""

    code: Annotated[Literal["category"], TieBreakCode]


class ByNumber(TypedDict):
    """the higher number of the four or the three"""

    code: Annotated[Literal["number"], TieBreakCode]


class ByHigherPair(TypedDict):
    """the higher pair of two pairs"""

    code: Annotated[Literal["higher_pair"], TieBreakCode]


class ByLowerPair(TypedDict):
    """the lower pair of two pairs"""

    code: Annotated[Literal["lower_pair"], TieBreakCode]


class ByPair(TypedDict):
    """the higher pair"""

    code: Annotated[Literal["pair"], TieBreakCode]


class ByRolledFirst(TypedDict):
    """the rolls tie: the earlier roller ranks ahead"""

    code: Annotated[Literal["rolled_first"], TieBreakCode]


class ByDie(TypedDict):
    """two rolls of nothing: the first die, counted from the highest, that differs"""

    code: Annotated[Literal["die"], TieBreakCode]
    die: Annotated[int, Doc("which die"), json_range(1, 4)]


TieBreak = Annotated[
    ByCategory | ByNumber | ByHigherPair | ByLowerPair | ByPair | ByRolledFirst | ByDie,
    Doc("what put a seat behind the one before it in the ranking"),
    Tagged("code"),
]

# ------------------------------------------------------------------ events


class OrderRoll(EventBase):
    """a roll of the roll-off for the order of play"""

    code: Annotated[Literal["order_roll"], WhatHappened]
    seat: Annotated[SeatNo, Doc("who rolled")]
    stage: Annotated[int, Doc("1 the first roll, 2… the re-rolls"), json_range(1)]
    dice: Dice
    total: Total


class OrderTie(EventBase):
    """a roll-off stage left seats tied: they roll again"""

    code: Annotated[Literal["order_tie"], WhatHappened]
    stage: Annotated[int, Doc("the stage"), json_range(1)]
    seats: Annotated[Seats, length(2)]
    total: Annotated[int, Doc("their total"), json_range(4, 24)]


class OrderDecided(EventBase):
    """the last roll of the roll-off"""

    code: Annotated[Literal["order_decided"], WhatHappened]
    order: Annotated[Seats, Doc("the order of the first round"), length(2)]
    stages: Annotated[Stages, Doc("every stage of the roll-off"), length(1)]


class RollEvent(EventBase):
    """a roll of a round"""

    code: Annotated[Literal["roll"], WhatHappened]
    round: RoundNo
    seat: Annotated[SeatNo, Doc("who rolled")]
    dice: Dice
    category: Annotated[
        int,
        Doc(
            "the roll's category: 0 nothing, 1 one pair, 2 two pairs, 3 three of a kind, 4 four "
            "of a kind"
        ),
        json_range(0, 4),
    ]
    key: Key


class RoundWon(EventBase):
    """the round's last roll"""

    code: Annotated[Literal["round_won"], WhatHappened]
    round: RoundNo
    winner: Annotated[SeatNo, Doc("who won the round")]
    ranking: Annotated[Seats, Doc("the seats, best first: the next round's order"), length(2)]
    tie_breaks: Annotated[
        list[TieBreak],
        Doc("what put each seat of ranking behind the one before it"),
        length(1, 7),
    ]
    allows: Removal


class SticksRemoved(EventBase):
    """the round winner's decision"""

    code: Annotated[Literal["sticks_removed"], WhatHappened]
    round: RoundNo
    seat: Annotated[SeatNo, Doc("who removed")]
    what: Annotated[What, Doc("what was removed")]
    block: Annotated[
        Annotated[int, json_range(1, 9)] | None,
        Doc("the block, from 1", null="when the removal names none"),
    ]
    column: Annotated[
        Annotated[int, json_range(1, 81)] | None,
        Doc("the column, from 1", null="when the removal names none"),
    ]
    count: Annotated[Nat, Doc("sticks taken")]
    sticks_left: Annotated[Nat, Doc("sticks left in the figure")]


class GameOver(EventBase):
    """the decision that emptied a figure"""

    code: Annotated[Literal["game_over"], WhatHappened]
    winner: Annotated[SeatNo, Doc("who emptied the figure")]
    removed: Annotated[PerSeat, Doc("sticks removed per seat")]
    rounds: Annotated[int, Doc("rounds played"), json_range(1)]
    rounds_won: Annotated[PerSeat, Doc("rounds won per seat")]


EVENT = GameEvent[
    OrderRoll | OrderTie | OrderDecided | RollEvent | RoundWon | SticksRemoved | GameOver
]
"""An item of a Cavaleiro view's ``events``."""

# ------------------------------------------------------------------ the figure


class Stick(TypedDict):
    """a stick, with its segment in stick lengths (y up)"""

    id: Annotated[Nat, Doc("its id (index in sticks)")]
    kind: Annotated[Literal["vertical", "horizontal"], Doc("vertical (in a column) or horizontal")]
    block: Annotated[
        Annotated[int, json_range(1, 9)] | None,
        Doc("its block, from 1", null="for a horizontal"),
    ]
    column: Annotated[
        Annotated[int, json_range(1, 81)] | None,
        Doc("its column, from 1 across the blocks", null="for a horizontal"),
    ]
    row: Annotated[Nat, Doc("its place in the column from the bottom, or among the horizontals")]
    x1: Annotated[float, Doc("x of one end")]
    y1: Annotated[float, Doc("y of one end")]
    x2: Annotated[float, Doc("x of the other end")]
    y2: Annotated[float, Doc("y of the other end")]


class FigureLayout(TypedDict):
    """the figure every player lays out"""

    text: Annotated[str, Doc("its canonical notation"), Json(pattern=LAYOUT_PATTERN)]
    blocks: Annotated[
        list[
            Annotated[
                list[Annotated[int, Doc("a number"), json_range(1, 9)]],
                Doc("the column heights of a block"),
                length(1, 9),
            ]
        ],
        Doc("the blocks"),
        length(1, 9),
    ]
    horizontals: Annotated[int, Doc("the horizontals"), json_range(0, 9)]
    total: Annotated[int, Doc("the sticks of the figure"), json_range(1)]


class Figure(TypedDict):
    """a seat's figure"""

    seat: Annotated[SeatNo, Doc("whose")]
    name: Annotated[str, Doc("the player's name")]
    sticks_left: Annotated[Nat, Doc("sticks left")]
    horizontals: Annotated[int, Doc("horizontals left"), json_range(0, 9)]
    columns: Annotated[
        list[Annotated[int, Doc("sticks left in a column"), json_range(0, 9)]],
        Doc("sticks left per column"),
        length(1),
    ]
    blocks: Annotated[
        list[Annotated[Nat, Doc("verticals left in a block")]],
        Doc("verticals left per block"),
        length(1, 9),
    ]
    intact_blocks: Annotated[
        list[Annotated[int, Doc("a block, from 1"), json_range(1, 9)]],
        Doc("the blocks still whole"),
        length(None, 9, unique=True),
    ]
    present: Annotated[
        list[Annotated[bool, Doc("whether the stick is still there")]],
        Doc("one per stick of sticks, by id"),
        length(1),
    ]


class LastRound(TypedDict):
    """the previous finished round"""

    round: Annotated[int, Doc("its number"), json_range(1)]
    rolls: Annotated[list[RollRef], Doc("its rolls, in order"), length(2, 8)]
    winner: Annotated[SeatNo, Doc("who won it")]
    removal: Annotated[Decision, Doc("what the winner removed")]


# ------------------------------------------------------------------ the view


Sides = Annotated[
    list[Annotated[list[Annotated[SeatNo, Doc("a seat")]], Doc("a side: one seat"), length(1, 1)]],
    Doc("one side per seat"),
    length(2, 8),
]
RoundsWon = Annotated[PerSeat, Doc("rounds won per seat")]
Winner = Annotated[
    SeatNo | None, Doc("who emptied their figure first", null="while the game goes on")
]


class CavaleiroView(TypedDict):
    """Cavaleiro's own keys of a view (``Cavaleiro._view``)."""

    phase: Annotated[
        Phase,
        Doc(
            "the part of the game: the roll-off for the order, the rolls of a round, the round "
            "winner's removal, over"
        ),
    ]
    options: GameOptions
    players: Annotated[int, Doc("how many players"), json_range(2, 8)]
    sides: Sides
    layout: FigureLayout
    sticks: Annotated[list[Stick], Doc("every stick of the figure, verticals first"), length(1)]
    figures: Annotated[list[Figure], Doc("each seat's figure"), length(2, 8)]
    order_rolloff: Annotated[
        Stages,
        Doc("the roll-off, one list per stage (the first roll, then each group's re-roll)"),
    ]
    order_groups: Annotated[
        list[Annotated[Seats, length(1)]],
        Doc(
            "while the roll-off lasts, the groups by rank, best first (a group of several rolls "
            "again)"
        ),
    ]
    order: Annotated[
        Seats, Doc("the order of play of the current round (empty during the roll-off)")
    ]
    round: Annotated[Nat, Doc("the round (0 during the roll-off)")]
    to_roll: Annotated[SeatNo | None, Doc("whose roll is due", null="when no roll is due")]
    rolls: Annotated[list[RollRef], Doc("this round's rolls so far, in order"), length(None, 8)]
    round_winner: Annotated[
        SeatNo | None, Doc("who won the round", null="until everyone has rolled")
    ]
    ranking: Annotated[
        Seats | None,
        Doc("this round's ranking, best first: the next order", null="until everyone has rolled"),
    ]
    allowed_removal_code: Annotated[
        Removal | None,
        Doc("what a winning roll allows: a code with its numbers", null="outside the removal"),
    ]
    last_round: Annotated[
        LastRound | None,
        Doc("the previous finished round", null="before the first round ends"),
    ]
    rounds_won: RoundsWon
    winner: Winner


# ------------------------------------------------------------------ the result


class CavaleiroResult(ResultBase):
    """Cavaleiro's result (``Cavaleiro.result()``)."""

    sides: Sides
    scores: Annotated[PerSeat, Doc("the sticks each seat has removed from its figure")]
    winner: Winner
    sticks_left: Annotated[PerSeat, Doc("the sticks left in each seat's figure")]
    rounds: Annotated[Nat, Doc("the rounds finished")]
    rounds_won: RoundsWon
    layout: Annotated[
        str, Doc("the figure, in its canonical notation"), Json(pattern=LAYOUT_PATTERN)
    ]
