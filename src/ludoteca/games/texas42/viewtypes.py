"""Texas 42's view as typed definitions: its own keys (after those of every view,
:class:`ludoteca.viewtypes.ViewBase`), its events and the objects they hold, each
key with what it means. docs/schemas/texas42.view.schema.json is generated from them.

The bids and contracts are the engine's own texts (:data:`BIDS`, the contracts'
names), given to the schema as enums.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from ludoteca.viewtypes import (
    Doc,
    EventBase,
    GameEvent,
    GameOptions,
    HandSummaries,
    HandTricks,
    Json,
    LastTrick,
    Play,
    ResultBase,
    SeatNo,
    Tagged,
    TileText,
    WhatHappened,
    json_range,
    length,
    ref,
)

from .core import ACTION_TEXT, Phase
from .tables import CONTRACT_NAMES

BIDS = [m for m in ACTION_TEXT if m == "pass" or m.startswith("bid ")]
"""Every bid in notation, ``pass`` first."""
TRUMPS = [*map(str, range(7)), "doubles", "follow-me"]
"""The trump suits as a view names them."""

TEAM = "a team: 0 (seats 0 and 2) or 1 (seats 1 and 3)"
Team = Annotated[int, Doc(TEAM), json_range(0, 1)]
PerTeam = Annotated[list[Annotated[int, Doc("a team's number"), json_range(0)]], length(2, 2)]
PerTeam42 = Annotated[list[Annotated[int, Doc("a team's number"), json_range(0, 42)]], length(2, 2)]
BidText = Annotated[str, Json(enum=BIDS)]
HighBid = Annotated[str, Doc("the winning bid, in notation"), Json(enum=BIDS[1:])]
Contract = Annotated[str, Doc("the contract named"), Json(enum=list(CONTRACT_NAMES))]
TrumpSuit = Annotated[str, Doc("the trump suit"), Json(enum=TRUMPS)]
Trump = Annotated[TrumpSuit | None, Doc("the trump suit", null="for nello and sevens")]
TrickPoints = Annotated[int, Doc("1 for the trick plus the count of its tiles"), json_range(1, 31)]


PlayRef = Annotated[Play, ref("play")]


class Trick(TypedDict):
    """a finished trick"""

    leader: Annotated[SeatNo, Doc("who led")]
    plays: Annotated[
        list[Annotated[PlayRef, Doc("a play")]], Doc("the plays in order"), length(3, 4)
    ]
    winner: Annotated[SeatNo, Doc("who won it")]
    points: TrickPoints


TrickRef = Annotated[Trick, ref("trick")]


class Bid(TypedDict):
    """a bid (or a pass)"""

    seat: Annotated[SeatNo, Doc("who bid")]
    bid: Annotated[BidText, Doc("the bid in notation")]


Bids = Annotated[
    list[Annotated[Bid, Doc("a bid"), ref("bid")]],
    Doc("the bids of the hand in order"),
    length(None, 4),
]

# the keys of a hand's summary and of the event that ends it
HandNo = Annotated[int, Doc("the hand's number, from 1"), json_range(1)]
Dealer = Annotated[SeatNo, Doc("who dealt it")]
ScoresAfter = Annotated[PerTeam, Doc("the scores after the hand")]
Bidder = Annotated[SeatNo, Doc("who won the bidding")]
Made = Annotated[bool, Doc("whether the bidders made their bid")]
Reason = Annotated[
    Literal["bid_reached", "bid_out_of_reach", "nello_no_trick", "nello_took_a_trick"],
    Doc(
        "why: bid_reached, bid_out_of_reach (set), nello_no_trick (made), nello_took_a_trick (set)"
    ),
]
HandPoints = Annotated[PerTeam42, Doc("the points each team took in the hand")]
Gained = Annotated[PerTeam, Doc("marks or points each team gained")]
TricksPlayed = Annotated[int, Doc("tricks played before the hand was decided"), json_range(1, 7)]
AllPassed = Annotated[Literal[True], Doc("every seat passed: the hand was redealt")]
APlayedHand = Annotated[Literal[False], Doc("a bid won: the hand was played")]
NoBidder = Annotated[None, Doc("no bidder"), Json(const=None)]
NothingMade = Annotated[None, Doc("nothing was made"), Json(const=None)]
AllPassedReason = Annotated[Literal["all_passed"], Doc("why the hand ended")]
NothingGained = Annotated[list[int], Doc("nothing was gained"), Json(const=[0, 0])]


class _SummaryHead(TypedDict):
    """The keys a hand's summary starts with."""

    hand: HandNo
    dealer: Dealer
    bids: Bids


class _EventHead(EventBase):
    """The keys a ``hand_over`` event starts with."""

    code: Annotated[Literal["hand_over"], WhatHappened]
    hand: HandNo
    dealer: Dealer


class _PassedOut(TypedDict):
    """The numbers of a hand every seat passed."""

    all_passed: AllPassed
    bidder: NoBidder
    made: NothingMade
    reason: AllPassedReason
    gained: NothingGained
    scores_after: ScoresAfter


class _BidWon(TypedDict):
    """Who won the bidding, and with what."""

    all_passed: APlayedHand
    bidder: Bidder
    bid: HighBid


class _Contract(TypedDict):
    """The contract a summary adds: the bid's worth, who named what, the tricks."""

    bid_value: Annotated[int, Doc("the bid in points (a mark is 42)"), json_range(30, 294)]
    marks_at_stake: Annotated[int, Doc("marks the bid is worth"), json_range(1, 7)]
    declarer: Annotated[SeatNo, Doc("who named the contract")]
    trump: Trump
    tricks: Annotated[list[Annotated[TrickRef, Doc("a trick")]], Doc("its tricks"), length(None, 7)]


class _Played(TypedDict):
    """The numbers of a hand played."""

    contract: Contract
    made: Made
    reason: Reason
    points: HandPoints
    gained: Gained
    scores_after: ScoresAfter
    tricks_played: TricksPlayed


class PassedOutHand(_SummaryHead, _PassedOut):
    """a hand every seat passed"""


class PlayedHand(_SummaryHead, _BidWon, _Contract, _Played):
    """a hand played"""


HandSummary = Annotated[PassedOutHand | PlayedHand, Doc("a finished hand"), Tagged("all_passed")]

# ------------------------------------------------------------------ events


class ContractNamed(EventBase):
    """trump (or nello, sevens) named"""

    code: Annotated[Literal["contract"], WhatHappened]
    seat: Annotated[SeatNo, Doc("the declarer")]
    bidder: Bidder
    bid: HighBid
    contract: Contract
    trump: Trump
    sitting_out: Annotated[
        SeatNo | None, Doc("the nello bidder's partner", null="when no one sits out")
    ]


class TrickWon(EventBase):
    """a trick won, on its last play"""

    code: Annotated[Literal["trick"], WhatHappened]
    trick: Annotated[int, Doc("the trick's number in the hand"), json_range(1, 7)]
    leader: Annotated[SeatNo, Doc("who led")]
    seats: Annotated[
        list[Annotated[SeatNo, Doc("a seat")]], Doc("who played, in order"), length(3, 4)
    ]
    tiles: Annotated[
        list[Annotated[TileText, Doc("a tile")]],
        Doc("the tiles played, in order"),
        length(3, 4, unique=True),
    ]
    winner: Annotated[SeatNo, Doc("who won it")]
    points: TrickPoints


class PassedOutOver(_EventHead, _PassedOut):
    """a hand every seat passed"""


class PlayedOver(_EventHead, _BidWon, _Played):
    """a hand played to its end"""


class GameOver(EventBase):
    """a team reached the target"""

    code: Annotated[Literal["game_over"], WhatHappened]
    winner: Team
    scores: Annotated[PerTeam, Doc("the final scores")]


HandOver = Annotated[PassedOutOver | PlayedOver, Tagged("all_passed")]

EVENT = GameEvent[ContractNamed | TrickWon | HandOver | GameOver]
"""An item of a Texas 42 view's ``events``."""

# ------------------------------------------------------------------ the view


Sides = Annotated[list[list[int]], Doc("the seats of each team"), Json(const=[[0, 2], [1, 3]])]
Scoring = Annotated[
    Literal["marks", "points"],
    Doc("the option scoring: marks (first to 7) or points (first to 250)"),
]
Target = Annotated[Literal[7, 250], Doc("the score that wins: 7 marks or 250 points")]
Scores = Annotated[PerTeam, Doc("each team's score, in marks or points")]
HandsPlayed = HandSummaries[HandSummary]
Winner = Annotated[Team | None, Doc(TEAM, null="while the game goes on")]


class Texas42View(TypedDict):
    """Texas 42's own keys of a view (``Texas42._view``)."""

    phase: Annotated[
        Phase,
        Doc(
            "the part of the game: the draw for first dealer, the deal, the bidding, naming "
            "trump, the tricks, over"
        ),
    ]
    options: GameOptions
    sides: Sides
    team_of: Annotated[list[int], Doc("each seat's team"), Json(const=[0, 1, 0, 1])]
    scoring: Scoring
    target: Target
    scores: Scores
    dealer: Annotated[
        SeatNo | None,
        Doc("the dealer of the current hand", null="before the draw for first dealer"),
    ]
    first_dealer_draws: Annotated[
        list[
            Annotated[
                list[Annotated[PlayRef, Doc("a tile drawn")]],
                Doc("a draw: one tile per drawing seat"),
                length(2, 4),
            ]
        ],
        Doc("the draws for first dealer (after a tie for highest, the tied seats draw again)"),
    ]
    hand: Annotated[
        list[Annotated[TileText, Doc("a tile")]],
        Doc("this seat's tiles, high first (empty for a spectator)"),
        length(None, 7, unique=True),
    ]
    hand_sizes: Annotated[
        list[Annotated[int, Doc("tiles in a seat's hand"), json_range(0, 7)]],
        Doc("how many tiles each seat holds"),
        length(4, 4),
    ]
    bids: Bids
    high_bid: Annotated[
        Annotated[str, Json(enum=BIDS[1:])] | None,
        Doc("the winning bid, in notation", null="while no one has bid"),
    ]
    bidder: Annotated[SeatNo | None, Doc("who made the high bid", null="while no one has bid")]
    declarer: Annotated[
        SeatNo | None,
        Doc(
            "who names the contract (the bidder, or the partner of a plunge or splash bidder)",
            null="before the bidding ends",
        ),
    ]
    contract: Annotated[
        Annotated[str, Json(enum=list(CONTRACT_NAMES))] | None,
        Doc("the contract named", null="before it is named"),
    ]
    trump: Annotated[
        Annotated[str, Json(enum=TRUMPS)] | None,
        Doc("the trump suit", null="before it is named, and for nello and sevens"),
    ]
    sitting_out: Annotated[
        SeatNo | None,
        Doc("the nello bidder's partner, who sits the hand out", null="unless nello is played"),
    ]
    leader: Annotated[SeatNo | None, Doc("who leads the current trick", null="outside the tricks")]
    trick: Annotated[
        list[Annotated[PlayRef, Doc("a play")]],
        Doc("the tiles on the table, in order"),
        length(None, 3),
    ]
    led_suit: Annotated[
        Annotated[str, Json(enum=[*map(str, range(7)), "doubles"])] | None,
        Doc("the suit led in the current trick", null="when no tile is on the table"),
    ]
    tricks: Annotated[HandTricks[TrickRef], length(None, 7)]
    last_trick: LastTrick[TrickRef]
    points: Annotated[PerTeam42, Doc("the points each team has taken this hand")]
    hands_played: HandsPlayed
    winner: Winner


# ------------------------------------------------------------------ the result


class Texas42Result(ResultBase):
    """Texas 42's result (``Texas42.result()``)."""

    sides: Sides
    scores: Scores
    winner: Winner
    scoring: Scoring
    target: Target
    hands: HandsPlayed
