"""Bingo's view as typed definitions: its own keys (after those of every view,
:class:`ludoteca.viewtypes.ViewBase`), its events and the objects they hold, each
key with what it means. docs/schemas/bingo.view.schema.json is generated from them.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

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
    HandTricks,
    Json,
    LastTrick,
    Nat,
    Play,
    ResultBase,
    SeatNo,
    Tagged,
    Tiles,
    TileText,
    WhatHappened,
    json_range,
    length,
    ref,
)

Phase = Literal["draw", "deal", "lead", "reply", "take", "over"]
EndCode = Literal["reached_70", "closer_failed", "tiles_ran_out"]
SetsCode = Literal["no_trick", "under_30", "at_least_30"]

Double = Annotated[str, Doc("a double"), Json(pattern="^([0-6])-\\1$")]
Doubles = Annotated[list[Double], Doc("doubles"), length(maximum=7, unique=True)]
TRUMP = "the trump suit: the higher number of the turned-up tile"
Trump = Annotated[int, Doc(TRUMP), json_range(0, 6)]
HandNo = Annotated[int, Doc("the hand's number"), json_range(1)]
TrickNo = Annotated[int, Doc("the trick's number in the hand"), json_range(1, 14)]
PerSeat = Annotated[list[Annotated[int, Doc("a seat's number"), json_range(0)]], length(2, 2)]
PerSeat4 = Annotated[list[Annotated[int, Doc("a seat's number"), json_range(0, 4)]], length(2, 2)]
PerSeat7 = Annotated[list[Annotated[int, Doc("a seat's number"), json_range(0, 7)]], length(2, 2)]
PerSeat14 = Annotated[list[Annotated[int, Doc("a seat's number"), json_range(0, 14)]], length(2, 2)]
Why = Doc("why")

# the keys a finished hand's summary shares with the event that ended it
SummaryHand = Annotated[int, Doc("its number, from 1"), json_range(1)]
SummaryWinner = Annotated[SeatNo, Doc("who won it")]
SummaryEnd = Annotated[
    EndCode,
    Doc("how it ended: a player reached 70, the tiles ran out after a close, the tiles ran out"),
]
SummaryPoints = Annotated[
    PerSeat, Doc("each seat's points (a failed close's extra points included)")
]
SummaryTricksWon = Annotated[PerSeat14, Doc("tricks each seat won")]
SummaryClosedBy = Annotated[SeatNo | None, Doc("who closed the stock", null="if no one did")]
Penalty = Annotated[Nat, Doc("the extra points of a failed close (0 for none)")]
SetsWon = Annotated[PerSeat4, Doc("sets each seat won in the hand")]
SetsReason = Annotated[SetsCode, Doc("why the winner won its sets")]
BingoCapturedBy = Annotated[
    SeatNo | None, Doc("who took the trump double with the bingo", null="if no one did")
]
SetsAfter = Annotated[PerSeat, Doc("the sets after the hand")]


class Trick(TypedDict):
    """a finished trick"""

    leader: Annotated[SeatNo, Doc("who led")]
    plays: Annotated[list[Play], Doc("the lead, then the answer"), length(2, 2)]
    shown: Annotated[Doubles, Doc("the doubles shown with the lead")]
    winner: Annotated[SeatNo, Doc("who won it")]
    points: Annotated[Nat, Doc("the points captured")]
    show_points: Annotated[Nat, Doc("the show's points scored with it (0 if none or lost)")]
    following_compulsory: Annotated[bool, Doc("whether the follow rule applied to the answer")]


TrickRef = Annotated[Trick, ref("trick")]


class HandSummary(TypedDict):
    """a finished hand"""

    hand: SummaryHand
    leader: Annotated[SeatNo, Doc("who led it")]
    trump: Trump
    turned_up: Annotated[TileText, Doc("the tile turned up at the deal")]
    closed_by: SummaryClosedBy
    closed_before_trick: Annotated[
        Annotated[int, json_range(1, 14)] | None,
        Doc("the number of the trick the close came before", null="if no one closed"),
    ]
    tricks_played: Annotated[int, Doc("tricks played"), json_range(1, 14)]
    tricks_won: SummaryTricksWon
    points: SummaryPoints
    winner: SummaryWinner
    failed_close_penalty: Penalty
    bingo_capture: BingoCapturedBy
    sets_won: SetsWon
    sets_after: SetsAfter
    end: SummaryEnd
    sets_reason: SetsReason
    tricks: Annotated[
        list[Annotated[TrickRef, Doc("a trick")]], Doc("its tricks"), length(None, 14)
    ]


class Lead(TypedDict):
    """the tile led"""

    seat: Annotated[SeatNo, Doc("who led it")]
    tile: Annotated[TileText, Doc("the tile")]
    shown: Annotated[Doubles, Doc("the doubles shown with it")]


# ------------------------------------------------------------------ scores


class _Score(TypedDict):
    hand: HandNo
    trick: TrickNo
    seat: Annotated[SeatNo, Doc("who scored")]
    points: Annotated[int, Doc("the points"), json_range(1)]


class CaptureScore(_Score):
    """points captured in a trick"""

    reason: Annotated[Literal["capture"], Why]
    tiles: Annotated[Tiles, Doc("the trick's tiles"), length(2, 2)]


class ShowScore(_Score):
    """a show scored with the trick"""

    reason: Annotated[Literal["show"], Why]
    doubles: Annotated[Doubles, Doc("the doubles shown")]


class FailedCloseScore(_Score):
    """the points a closer who failed gives the other player"""

    reason: Annotated[Literal["failed close"], Why]
    closer: Annotated[SeatNo, Doc("who closed")]


Score = CaptureScore | ShowScore | FailedCloseScore

# ------------------------------------------------------------------ sets


class _Sets(TypedDict):
    hand: HandNo
    seat: Annotated[SeatNo, Doc("who won the sets")]


class NoTrickSets(_Sets):
    """sets won: the loser took no trick (3 sets)"""

    sets: Annotated[Literal[3], Doc("how many sets")]
    code: Annotated[Literal["no_trick"], Why]
    loser_points: Annotated[Nat, Doc("the loser's points")]


class Under30Sets(_Sets):
    """sets won: the loser had fewer than 30 points (2 sets)"""

    sets: Annotated[Literal[2], Doc("how many sets")]
    code: Annotated[Literal["under_30"], Why]
    loser_points: Annotated[Nat, Doc("the loser's points")]


class AtLeast30Sets(_Sets):
    """sets won: the loser had at least 30 points (1 set)"""

    sets: Annotated[Literal[1], Doc("how many sets")]
    code: Annotated[Literal["at_least_30"], Why]
    loser_points: Annotated[Nat, Doc("the loser's points")]


class BingoCaptureSet(TypedDict):
    """an extra set for taking the trump double with the bingo (6-6, or 0-0 with the option
    blanks_as_seven)"""

    hand: HandNo
    seat: Annotated[SeatNo, Doc("who won the set")]
    sets: Annotated[Literal[1], Doc("how many sets")]
    code: Annotated[Literal["bingo_capture"], Why]
    trump_double: Annotated[Double, Doc("the trump double taken")]


SetsEvent = NoTrickSets | Under30Sets | AtLeast30Sets | BingoCaptureSet

# ------------------------------------------------------------------ events


class FirstLeader(EventBase):
    """the draw for first leader"""

    code: Annotated[Literal["first_leader"], WhatHappened]
    tiles: Annotated[Tiles, Doc("seat 0's tile, then seat 1's"), length(2, 2)]
    leader: Annotated[SeatNo, Doc("who leads first")]


class HandDealt(EventBase):
    """a deal"""

    code: Annotated[Literal["hand_dealt"], WhatHappened]
    hand: Annotated[HandNo, Doc("the hand's number, from 1")]
    leader: Annotated[SeatNo, Doc("who leads it")]
    trump: Trump
    up: Annotated[TileText, Doc("the turned-up tile")]


class DoublesShown(EventBase):
    """a lead with a show"""

    code: Annotated[Literal["doubles_shown"], WhatHappened]
    seat: Annotated[SeatNo, Doc("who showed")]
    led: Annotated[Double, Doc("the double led")]
    tiles: Annotated[Doubles, Doc("the doubles shown"), length(1)]
    points: Annotated[
        int, Doc("what the show scores if the trick is won, the bonus included"), json_range(1)
    ]
    bingo_bonus: Annotated[Literal[0, 10], Doc("10 when the bingo is led or shown, else 0")]


class TrickWon(EventBase):
    """an answer: the trick is won"""

    code: Annotated[Literal["trick_won"], WhatHappened]
    trick: TrickNo
    leader: Annotated[SeatNo, Doc("who led")]
    tiles: Annotated[Tiles, Doc("the tile led, then the answer"), length(2, 2)]
    winner: Annotated[SeatNo, Doc("who won it")]
    points: Annotated[Nat, Doc("the points captured")]
    show_points: Annotated[Nat, Doc("the show's points scored with it (0 if none or lost)")]


class BingoCaptured(EventBase):
    """the trump double taken with the bingo"""

    code: Annotated[Literal["bingo_capture"], WhatHappened]
    seat: Annotated[SeatNo, Doc("who took it (an extra set)")]
    trump_double: Annotated[Double, Doc("the trump double")]


class Drew(DrewEvent):
    """a tile drawn from the stock"""


class StockClosed(EventBase):
    """a close"""

    code: Annotated[Literal["stock_closed"], WhatHappened]
    seat: Annotated[SeatNo, Doc("who closed")]
    points: Annotated[Nat, Doc("the closer's points then")]
    before_trick: Annotated[int, Doc("the trick the close came before"), json_range(1, 14)]


class LastTwoTaken(EventBase):
    """the trick's winner took one of the last two stock tiles"""

    code: Annotated[Literal["last_two_taken"], WhatHappened]
    seat: Annotated[SeatNo, Doc("who chose")]
    took: Annotated[Literal["up", "hidden"], Doc("the turned-up tile or the hidden one")]
    up_to: Annotated[SeatNo, Doc("who got the turned-up tile")]
    up: Annotated[TileText, Doc("the turned-up tile")]


class FollowingCompulsory(EventBase):
    """from now on the follow rule applies"""

    code: Annotated[Literal["following_compulsory"], WhatHappened]
    why: Annotated[Literal["closed", "exhausted"], Doc("the stock was closed, or is exhausted")]


class HandEnded(EventBase):
    """the answer that ended a hand"""

    code: Annotated[Literal["hand_ended"], WhatHappened]
    hand: SummaryHand
    winner: SummaryWinner
    end: SummaryEnd
    points: SummaryPoints
    tricks_won: SummaryTricksWon
    closed_by: SummaryClosedBy
    failed_close_penalty: Penalty
    sets_won: SetsWon
    sets_reason: SetsReason
    bingo_capture: BingoCapturedBy
    sets_after: SetsAfter


class GameOver(EventBase):
    """the answer that ended the match"""

    code: Annotated[Literal["game_over"], WhatHappened]
    winner: Annotated[SeatNo, Doc("who won the match")]
    sets: Annotated[PerSeat, Doc("the final sets")]


Event = (
    FirstLeader
    | HandDealt
    | DoublesShown
    | TrickWon
    | BingoCaptured
    | Drew
    | StockClosed
    | LastTwoTaken
    | FollowingCompulsory
    | HandEnded
    | GameOver
)

# ------------------------------------------------------------------ the view


Sides = Annotated[list[list[int]], Doc("one side per seat"), Json(const=[[0], [1]])]
Sets = Annotated[PerSeat, Doc("each seat's sets")]
TargetSets = Annotated[Literal[7], Doc("the sets that win the match")]
Winner = Annotated[SeatNo | None, Doc("who won the match", null="while it goes on")]


class BingoView(TypedDict):
    """Bingo's own keys of a view (``Bingo._view``)."""

    phase: Annotated[
        Phase,
        Doc(
            "the part of the game: the draw for first leader, the deal, a lead, an answer, the "
            "choice of the last two stock tiles, over"
        ),
    ]
    options: GameOptions
    sides: Sides
    sets: Sets
    target_sets: TargetSets
    first_leader_draw: Annotated[
        list[Drawn], Doc("the draw for first leader (empty before it)"), length(None, 2)
    ]
    first_leader: FirstLeaderSeat
    hand_number: HandNumber
    hand_leader: Annotated[
        SeatNo | None, Doc("who led the current hand", null="before the first deal")
    ]
    trump: Annotated[Trump | None, Doc(TRUMP, null="before the first deal")]
    turned_up_tile: Annotated[
        TileText | None,
        Doc("the tile turned up at the deal (always shown)", null="before the first deal"),
    ]
    up: Annotated[
        TileText | None,
        Doc("the turned-up tile while it lies face up", null="once closed or taken"),
    ]
    turned_up_holder: Annotated[
        SeatNo | None,
        Doc("who took the turned-up tile at the last-two choice", null="until then"),
    ]
    stock_count: Annotated[
        int, Doc("tiles left to draw, the turned-up one included"), json_range(0, 14)
    ]
    closed: Annotated[bool, Doc("whether the stock is closed")]
    closed_by: Annotated[SeatNo | None, Doc("who closed the stock", null="while it is open")]
    following_compulsory: Annotated[bool, Doc("whether the follow rule applies now")]
    hand: Annotated[
        Tiles, Doc("this seat's tiles, high first (empty for a spectator)"), length(None, 7)
    ]
    hand_sizes: Annotated[PerSeat7, Doc("how many tiles each seat holds")]
    points: Annotated[PerSeat, Doc("each seat's points this hand")]
    tricks_won: Annotated[PerSeat14, Doc("tricks each seat won this hand")]
    shown: Annotated[list[Doubles], Doc("the doubles each seat showed this hand"), length(2, 2)]
    known_held: Annotated[
        list[Annotated[Tiles, Doc("tiles")]],
        Doc(
            "tiles known to be in each hand: shown doubles not yet played, the turned-up tile "
            "once taken"
        ),
        length(2, 2),
    ]
    leader: Annotated[
        SeatNo | None, Doc("who leads the current trick", null="before the first deal")
    ]
    trick: Annotated[
        list[Lead], Doc("the tile on the table (empty before the lead)"), length(None, 1)
    ]
    tricks: Annotated[HandTricks[TrickRef], length(None, 14)]
    last_trick: LastTrick[TrickRef]
    score_events: Annotated[
        list[Annotated[Score, Doc("a score: its reason says which"), Tagged("reason")]],
        Doc("every score of the match, in order"),
    ]
    set_events: Annotated[
        list[Annotated[SetsEvent, Doc("sets won: the code says why"), Tagged("code")]],
        Doc("every award of sets, in order"),
    ]
    hands_played: HandSummaries[HandSummary]
    winner: Winner


EVENT = GameEvent[Event]
"""An item of a Bingo view's ``events``."""


# ------------------------------------------------------------------ the result


class _Reason(TypedDict):
    reason: Annotated[str, Doc("why, in English words (code says it for programs)")]


class NoTrickSetsSaid(NoTrickSets, _Reason):
    """sets won: the loser took no trick (3 sets)"""


class Under30SetsSaid(Under30Sets, _Reason):
    """sets won: the loser had fewer than 30 points (2 sets)"""


class AtLeast30SetsSaid(AtLeast30Sets, _Reason):
    """sets won: the loser had at least 30 points (1 set)"""


class BingoCaptureSetSaid(BingoCaptureSet, _Reason):
    """an extra set for taking the trump double with the bingo (6-6, or 0-0 with the option
    blanks_as_seven)"""


SetsEventSaid = NoTrickSetsSaid | Under30SetsSaid | AtLeast30SetsSaid | BingoCaptureSetSaid


class HandSaid(HandSummary):
    """a finished hand"""

    ended: Annotated[
        Literal["reached 70", "tiles ran out"],
        Doc("how it ended, in English words (end is its code)"),
    ]


class BingoResult(ResultBase):
    """Bingo's result (``Bingo.result()``)."""

    sides: Sides
    scores: Sets
    winner: Winner
    target_sets: TargetSets
    hands: HandSummaries[HandSaid]
    set_events: Annotated[
        list[Annotated[SetsEventSaid, Doc("sets won: the code says why"), Tagged("code")]],
        Doc("every award of sets, in order"),
    ]
