"""Five-Up's view as typed definitions: its own keys (after those of every view,
:class:`ludoteca.viewtypes.ViewBase`), its layout, its events and the objects
they hold, each key with what it means. docs/schemas/fiveup.view.schema.json is
generated from them.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from ludoteca.viewtypes import (
    Doc,
    Drawn,
    DrewEvent,
    EventBase,
    FirstLeaderSeat,
    GameEvent,
    GameOptions,
    HandNumber,
    HandSummaries,
    Json,
    Nat,
    ResultBase,
    SeatNo,
    Tiles,
    TileText,
    WhatHappened,
    json_range,
    length,
    ref,
)

Phase = Literal["draw", "deal", "play", "over"]
Direction = Literal["north", "east", "south", "west"]
Place = Literal["opening", "end", "side", "tip"]
EndPlace = Literal["end", "side", "tip"]

SideNo = Annotated[int, ref("side")]
"""A side: a seat with 2 or 3 players, a team with 4."""
Side = Annotated[SideNo, Doc("a side")]
PerSide = Annotated[list[Annotated[Nat, Doc("a side's number")]], length(2, 3)]
PerSeat = Annotated[list[Annotated[Nat, Doc("a seat's number")]], length(2, 4)]
PerSeat22 = Annotated[list[Annotated[int, Doc("a seat's number"), json_range(0, 22)]], length(2, 4)]

# ------------------------------------------------------------------ the layout


class Arm(TypedDict):
    """one of a spinner's four arms"""

    kind: Annotated[Literal["side", "tip"], Doc("a side or a tip of the double")]
    state: Annotated[
        Literal["open", "closed", "taken", "parent"],
        Doc(
            "open: a tile may join there now; closed: a tip while a side is free; taken: a "
            "line starts there; parent: the side the double joins its parent by"
        ),
    ]
    tiles: Annotated[
        list[Annotated[Nat, Doc("a tile's id")]],
        Doc("the ids of the line that starts there (taken), or the parent's id (parent)"),
    ]


ArmRef = Annotated[Arm, ref("arm")]


class Arms(TypedDict):
    """its four arms by direction"""

    north: Annotated[ArmRef, Doc("the north arm")]
    east: Annotated[ArmRef, Doc("the east arm")]
    south: Annotated[ArmRef, Doc("the south arm")]
    west: Annotated[ArmRef, Doc("the west arm")]


class LaidTile(TypedDict):
    """a tile laid"""

    id: Annotated[Nat, Doc("its id: its place in play order, from 0")]
    tile: Annotated[TileText, Doc("the tile")]
    x: Annotated[int, Doc("west edge")]
    y: Annotated[int, Doc("north edge")]
    w: Annotated[int, Doc("width"), Json(enum=[2, 4])]
    h: Annotated[int, Doc("height"), Json(enum=[2, 4])]
    orientation: Annotated[Literal["horizontal", "vertical"], Doc("how it lies")]
    ends: Annotated[
        list[Annotated[int, Doc("a number"), json_range(0, 6)]],
        Doc("its two numbers, west (or north) half first"),
        length(2, 2),
    ]
    double: Annotated[bool, Doc("whether it is a double (a spinner)")]
    heading: Annotated[Direction, Doc("the way its line grows")]
    parent: Annotated[Nat | None, Doc("the id of the tile it joins", null="for the opening tile")]
    joins: Annotated[
        Annotated[int, json_range(0, 6)] | None,
        Doc("the number where it meets its parent", null="for the opening tile"),
    ]
    place: Annotated[
        Place,
        Doc(
            "where it joins: the opening tile, the end of a non-double, the side "
            "or the tip of a double"
        ),
    ]
    turned: Annotated[bool, Doc("whether it was laid at a corner")]


class Spinner(TypedDict):
    """a double"""

    id: Annotated[Nat, Doc("its tile's id")]
    tile: Annotated[str, Doc("the double"), Json(pattern="^([0-6])-\\1$")]
    counts: Annotated[
        int,
        Doc("what it adds to the open ends (both halves while a side is free)"),
        Json(enum=[0, 2, 4, 6, 8, 10, 12]),
    ]
    arms: Arms


class OpenEnd(TypedDict):
    """a place a tile may join now"""

    target: Annotated[Nat, Doc("the id of the tile to join")]
    tile: Annotated[TileText, Doc("that tile")]
    number: Annotated[int, Doc("the number a tile must show to join there"), json_range(0, 6)]
    place: Annotated[
        EndPlace,
        Doc("the end of a non-double, a side or a tip of a double"),
    ]
    x: Annotated[int, Doc("middle of the edge to join")]
    y: Annotated[int, Doc("middle of the edge to join")]
    direction: Annotated[Direction, Doc("the way a tile joined there would grow")]
    counts: Annotated[int, Doc("what this end adds to the total"), json_range(0, 12)]


class Bounds(TypedDict):
    """the box around the drawing"""

    x: Annotated[int, Doc("west edge")]
    y: Annotated[int, Doc("north edge")]
    w: Annotated[Nat, Doc("width")]
    h: Annotated[Nat, Doc("height")]


class Layout(TypedDict):
    """the layout on the table as geometry: units are half squares (a tile is 4 by 2), x
    grows east and y south; see docs/games/fiveup.md"""

    tiles: Annotated[list[LaidTile], Doc("the tiles in play order"), length(None, 28)]
    spinners: Annotated[list[Spinner], Doc("every double laid, in play order"), length(None, 7)]
    open_ends: Annotated[list[OpenEnd], Doc("every open end")]
    ends_total: Annotated[Nat, Doc("the sum of the open ends (a multiple of 5 scores)")]
    bounds: Bounds
    overlapping: Annotated[
        bool, Doc("whether the drawing failed to keep tiles apart (always false so far)")
    ]


# ------------------------------------------------------------------ hands and scores

PipsLeft = Annotated[PerSeat, Doc("the pips left in each seat's hand")]
TilesLeft = Annotated[
    list[Annotated[Tiles, Doc("a seat's tiles")]],
    Doc("the tiles left in each seat's hand"),
    length(2, 4),
]
HandNo = Annotated[int, Doc("its number, from 1"), json_range(1)]
HandLeader = Annotated[SeatNo, Doc("who led it")]


class HandSummary(TypedDict):
    """a finished hand"""

    hand: HandNo
    leader: HandLeader
    end: Annotated[
        Literal["domino", "blocked", "target reached"],
        Doc(
            "how it ended: a player went out, every seat passed in a row, or a score "
            "reached the target mid-hand"
        ),
    ]
    domino_by: Annotated[SeatNo | None, Doc("who went out", null="if no one did")]
    bonus_side: Annotated[SideNo | None, Doc("a side", null="when no side took a bonus")]
    bonus_points: Annotated[Nat, Doc("the bonus for going out or for a block (0 for none)")]
    scores_after: Annotated[PerSide, Doc("the scores after the hand")]
    pips_left: NotRequired[PipsLeft]
    tiles_left: NotRequired[TilesLeft]


ScoreKind = Literal["ends", "domino", "blocked"]


class Score(TypedDict):
    """a score"""

    hand: Annotated[int, Doc("the hand's number"), json_range(1)]
    move: Annotated[Nat, Doc("the index in log of the move that scored")]
    seat: Annotated[
        SeatNo | None,
        Doc(
            "who played or went out, or who scores a block (2 or 3 players)",
            null="for a team's block bonus",
        ),
    ]
    side: Side
    kind: Annotated[ScoreKind, Doc("what scored: open ends, going out (domino), a block")]
    points: Annotated[int, Doc("the points"), json_range(1)]
    scored: Annotated[bool, Doc("false when exact_61 refused them")]
    scores: Annotated[PerSide, Doc("the scores after it")]


# ------------------------------------------------------------------ events


class Drew(DrewEvent):
    """a draw from the stock"""


class Passed(EventBase):
    """a pass"""

    code: Annotated[Literal["passed"], WhatHappened]
    seat: Annotated[SeatNo, Doc("who passed")]


class EndsScored(EventBase):
    """a play left open ends adding up to a multiple of 5"""

    code: Annotated[Literal["ends_scored"], WhatHappened]
    seat: Annotated[SeatNo, Doc("who played")]
    side: Side
    ends: Annotated[int, Doc("the sum of the open ends"), json_range(5), Json(multipleOf=5)]
    points: Annotated[int, Doc("the points: ends / 5"), json_range(1)]
    scored: Annotated[bool, Doc("false when exact_61 refused the points")]


class DominoBonus(EventBase):
    """a player went out"""

    code: Annotated[Literal["domino_bonus"], WhatHappened]
    seat: Annotated[SeatNo, Doc("who went out")]
    side: Side
    opponents: Annotated[
        list[Annotated[SeatNo, Doc("an opponent")]], Doc("the opponents' seats"), length(1, 3)
    ]
    pips: Annotated[
        list[Annotated[Nat, Doc("pips")]],
        Doc("the pips left in each opponent's hand, in that order"),
        length(1, 3),
    ]
    total: Annotated[Nat, Doc("the opponents' pips together")]
    rounding: Annotated[
        Literal["down", "up", "none"],
        Doc("how the total was rounded to a multiple of 5: down (1-2), up (3-4), none"),
    ]
    points: Annotated[Nat, Doc("the bonus: the rounded total / 5")]
    scored: Annotated[bool, Doc("false for 0 points or when exact_61 refused them")]


class Blocked(EventBase):
    """every seat passed in a row: the hand is blocked"""

    code: Annotated[Literal["blocked"], WhatHappened]
    pips: Annotated[PerSide, Doc("the pips left per side")]
    side: Annotated[SideNo | None, Doc("a side", null="on a tie for the fewest pips")]
    seat: Annotated[SeatNo | None, Doc("who scores (2 or 3 players)", null="for a team or a tie")]
    points: Annotated[Nat, Doc("the bonus on the other sides' pips")]
    scored: Annotated[bool, Doc("whether the bonus was scored")]


class HandEnded(EventBase):
    """a hand is over"""

    code: Annotated[Literal["hand_ended"], WhatHappened]
    hand: HandNo
    leader: HandLeader
    how: Annotated[Literal["domino", "blocked", "target_reached"], Doc("how it ended")]
    seat: Annotated[SeatNo | None, Doc("who went out", null="if no one did")]
    side: Annotated[SideNo | None, Doc("a side", null="when no side took a bonus")]
    points: Annotated[Nat, Doc("the bonus taken (0 for none)")]
    gained: Annotated[PerSide, Doc("the points each side scored in the hand")]
    scores: Annotated[PerSide, Doc("the scores after it")]
    pips_left: Annotated[
        PipsLeft | None,
        Doc("the pips left in each seat's hand", null="when the target was reached mid-hand"),
    ]
    tiles_left: Annotated[
        TilesLeft | None,
        Doc(
            "the tiles left in each seat's hand",
            null="when the target was reached mid-hand (the hands are not shown)",
        ),
    ]


class GameOver(EventBase):
    """a side reached the target"""

    code: Annotated[Literal["game_over"], WhatHappened]
    winner: Side
    scores: Annotated[PerSide, Doc("the final scores")]


EVENT = GameEvent[Drew | Passed | EndsScored | DominoBonus | Blocked | HandEnded | GameOver]
"""An item of a Five-Up view's ``events``."""

# ------------------------------------------------------------------ the view


SideSeats = Annotated[list[Annotated[SeatNo, Doc("a seat")]], Doc("a side's seats"), length(1, 2)]


Sides = Annotated[
    list[Annotated[list[Annotated[SeatNo, Doc("a seat")]], Doc("a side's seats"), length(1, 2)]],
    Doc(
        "the seats of each side: one side per seat with 2 or 3 players, two teams (0 and 2, "
        "1 and 3) with 4"
    ),
    length(2, 3),
]
Target = Annotated[int, Doc("the score that wins (the option target)"), json_range(1, 10000)]
Scores = Annotated[PerSide, Doc("each side's score")]
Winner = Annotated[SideNo | None, Doc("a side", null="while the game goes on")]


class FiveUpView(TypedDict):
    """Five-Up's own keys of a view (``FiveUp._view``)."""

    phase: Annotated[
        Phase,
        Doc("the part of the game: the draw for first leader, the deal, the play, over"),
    ]
    options: GameOptions
    sides: Sides
    side_of: Annotated[list[Side], Doc("each seat's side"), length(2, 4)]
    target: Target
    scores: Scores
    first_leader_draw: Annotated[
        list[Drawn],
        Doc("the draw for first leader, one tile per seat (empty before it)"),
        length(None, 4),
    ]
    first_leader: FirstLeaderSeat
    hand_number: HandNumber
    leader: Annotated[
        SeatNo | None,
        Doc("who leads the current hand (or the next one)", null="before the draw"),
    ]
    turn: Annotated[SeatNo | None, Doc("whose turn it is in the play", null="outside the play")]
    hand: Annotated[
        Tiles,
        Doc("this seat's tiles, high first (empty for a spectator and between hands)"),
        length(None, 22),
    ]
    hand_sizes: Annotated[PerSeat22, Doc("how many tiles each seat holds")]
    drawn: Annotated[
        PerSeat22,
        Doc("how many tiles each seat drew this hand (the count is public, the tiles are not)"),
    ]
    stock_size: Annotated[int, Doc("tiles left in the stock"), json_range(0, 18)]
    stock_drawable: Annotated[
        int, Doc("tiles that may still be drawn (the last one or two never are)"), json_range(0, 17)
    ]
    passes_in_a_row: Annotated[int, Doc("passes since the last play or draw"), json_range(0, 4)]
    layout: Layout
    score_events: Annotated[list[Score], Doc("every score of the game, in order")]
    hands_played: HandSummaries[HandSummary]
    winner: Winner


# ------------------------------------------------------------------ the result


class ScoreSaid(Score):
    """a score"""

    reason: Annotated[str, Doc("what scored, in English words")]


class HandSaid(HandSummary):
    """a finished hand"""

    bonus: Annotated[str | None, Doc("the bonus, in English words", null="when the hand had none")]


class FiveUpResult(ResultBase):
    """Five-Up's result (``FiveUp.result()``)."""

    sides: Sides
    scores: Scores
    winner: Winner
    target: Target
    exact_61: Annotated[
        bool, Doc("the option exact_61: a score that would pass the target is not scored")
    ]
    events: Annotated[list[ScoreSaid], Doc("every score of the game, in order")]
    hands: HandSummaries[HandSaid]
