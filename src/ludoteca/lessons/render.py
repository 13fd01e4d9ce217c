"""The engines' refusals and events said in words, from their codes and numbers.

A lesson shows why a move is refused and what a move did as the engine says
them: an :class:`~ludoteca.errors.IllegalMove`'s ``code`` and ``params``, and
the :class:`~ludoteca.events.Event` codes of ``game.events``. Each code is a
message of the catalogs filled with its numbers, tiles and names; a refusal
whose code has no message here is said from the engine's English reason
(translated as the apps do until they render every code).

>>> refusal("texas42", "must_follow", {"suit": 5, "allowed": ["5-0"]}, "", "en")
'The suit led is fives, and this hand holds some: it must follow suit with 5-0.'
>>> event("texas42", {"code": "trick", "winner": 1, "points": 11, "tiles": ["5-5"]},
...       ["Amanda", "Beth", "André", "Bruno"], "en")
'Beth takes the trick: 11 points.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ludoteca.i18n import N_, Texts, texts
from ludoteca.i18n.moves import describe_move
from ludoteca.i18n.reasons import translate
from ludoteca.i18n.words import Words

__all__ = ["event", "refusal"]


class _Say:
    """What a message needs: the language, the players' names, the games' words."""

    def __init__(self, lang: str, names: Sequence[str]) -> None:
        self.tx: Texts = texts(lang)
        self.words = Words(self.tx)
        self.names = list(names)
        self.lang = lang

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "—"

    def tiles(self, tiles: Sequence[str]) -> str:
        return self.tx.join(list(tiles))

    def seats(self, seats: Sequence[int]) -> str:
        return self.tx.join([self.name(s) for s in seats])


Render = Callable[[_Say, Mapping[str, Any]], str]


def _suit(s: _Say, suit: Any) -> str:
    return s.words.suit("doubles" if suit == 7 else suit)


# -------------------------------------------------------------------- refusals

_REFUSALS: dict[tuple[str, str], Render] = {
    ("texas42", "must_follow"): lambda s, p: s.tx._(
        "The suit led is {suit}, and this hand holds some: it must follow suit with {allowed}.",
        suit=_suit(s, p["suit"]),
        allowed=s.tiles(p["allowed"]),
    ),
    ("texas42", "bid_too_low"): lambda s, p: s.tx._(
        "A bid must be higher than the high bid ({bid}, by {name}).",
        bid=describe_move("texas42", p["high_bid"], s.lang),
        name=s.name(p["bidder"]),
    ),
    ("texas42", "marks_ladder"): lambda s, p: s.tx.n_(
        "A bid of {n} marks may only follow a bid of {after} mark.",
        "A bid of {n} marks may only follow a bid of {after} marks.",
        p["marks"],
        after=p["after"],
    ),
    ("texas42", "name_trump_first"): lambda s, p: s.tx._(
        "The bid winner must name the trump first."
    ),
    ("texas42", "bidding_now"): lambda s, p: s.tx._("It is the bidding: bid or pass."),
    ("texas42", "tricks_now"): lambda s, p: s.tx._(
        "The tricks are being played: play a tile of your hand."
    ),
    ("texas42", "not_allowed_now"): lambda s, p: s.tx._("That move is not allowed now."),
    ("fiveup", "must_play"): lambda s, p: s.tx._(
        "A player who can play must play: a tile of this hand fits an open end."
    ),
    ("fiveup", "must_open"): lambda s, p: s.tx._("The leader opens the hand with any tile."),
    ("fiveup", "must_draw"): lambda s, p: s.tx._(
        "Nothing fits, but the stock may still be drawn from: draw until a tile fits."
    ),
    ("fiveup", "stock_reserve"): lambda s, p: (
        s.tx._("The last tile of the stock is never drawn: nobody may draw it.")
        if p["reserve"] == 1
        else s.tx._(
            "With four players the last two tiles of the stock are never drawn: nobody may draw "
            "them."
        )
    ),
    ("fiveup", "name_target"): lambda s, p: s.tx._(
        "The hand is already opened: say which tile on the table {tile} joins."
    ),
    ("fiveup", "table_empty"): lambda s, p: s.tx._(
        "The table is empty: the first tile is laid alone."
    ),
    ("fiveup", "not_on_table"): lambda s, p: s.tx._(
        "{target} is not on the table.", target=p["target"]
    ),
    ("fiveup", "double_closed"): lambda s, p: s.tx._(
        "The double {target} has no free side or tip left.", target=p["target"]
    ),
    ("fiveup", "end_not_open"): lambda s, p: s.tx._(
        "That end of {target} is already taken.", target=p["target"]
    ),
    ("bingo", "must_follow"): lambda s, p: _bingo_follow(s, p),
    ("bingo", "must_take"): lambda s, p: s.tx._(
        "Only the hidden tile and the turned-up {up} are left: the trick's winner first chooses "
        "which one to take.",
        up=p["up"],
    ),
    ("bingo", "take_not_due"): lambda s, p: s.tx._(
        "Taking is only for the trick's winner when the last two tiles of the stock are left."
    ),
    ("bingo", "leader_only"): lambda s, p: s.tx._(
        "Only the leader may show doubles or close the stock, before leading."
    ),
    ("bingo", "already_closed"): lambda s, p: s.tx._(
        "The stock is already closed (by {name}).", name=s.name(p["closer"])
    ),
    ("bingo", "stock_exhausted"): lambda s, p: s.tx._(
        "The stock is exhausted: there is nothing left to close."
    ),
    ("bingo", "show_needs_doubles"): lambda s, p: s.tx._(
        "A show needs another double in hand besides {tile}.", tile=p["tile"]
    ),
    ("bingo", "already_shown"): lambda s, p: s.tx._(
        "The other doubles in hand were already shown this hand: a double is shown only once."
    ),
    ("cavaleiro", "pass_not_allowed"): lambda s, p: s.tx._(
        "The round's winner may pass only when nothing can be removed."
    ),
    ("cavaleiro", "no_horizontal_left"): lambda s, p: s.tx._(
        "No horizontal is left in this figure."
    ),
    ("cavaleiro", "all_horizontals_not_one"): lambda s, p: s.tx._(
        "Four of a kind removes all the remaining horizontals, not one."
    ),
    ("cavaleiro", "removal_needs"): lambda s, p: _removal_needs(s, p),
    ("cavaleiro", "block_empty"): lambda s, p: s.tx._(
        "Block {block} has no stick left.", block=p["block"]
    ),
    ("cavaleiro", "block_not_intact"): lambda s, p: s.tx._(
        "Block {block} is no longer whole, and four of a kind takes what is left of a block "
        "only when no block is whole.",
        block=p["block"],
    ),
    ("cavaleiro", "no_column_with_four_of_a_kind"): lambda s, p: s.tx._(
        "Four of a kind removes the horizontals or a block, not part of a column."
    ),
    ("cavaleiro", "column_empty"): lambda s, p: s.tx._(
        "Column {column} has no stick left.", column=p["column"]
    ),
    ("cavaleiro", "column_holds_only"): lambda s, p: s.tx.n_(
        "Column {column} holds only {n} stick.",
        "Column {column} holds only {n} sticks.",
        p["held"],
        column=p["column"],
    ),
    ("cavaleiro", "whole_column"): lambda s, p: s.tx.n_(
        "Three of a kind removes everything left in one column: all {n} stick of column {column}.",
        "Three of a kind removes everything left in one column: all {n} sticks of column {column}.",
        p["held"],
        column=p["column"],
    ),
    ("cavaleiro", "too_many_from_column"): lambda s, p: s.tx._(
        "That is more than this roll allows from one column."
    ),
    ("*", "not_in_hand"): lambda s, p: s.tx._("{tile} is not in this hand.", tile=p["tile"]),
    ("*", "game_over"): lambda s, p: s.tx._("The game is over."),
}

_ALLOWS: dict[str, str] = {
    "column_or_horizontal": N_(
        "{roll}: one horizontal, or everything left in one column (three of a kind)."
    ),
    "block_or_horizontals": N_(
        "{roll}: all the remaining horizontals, or all the verticals of one whole block "
        "(four of a kind)."
    ),
}


def _roll_allows(s: _Say, p: Mapping[str, Any]) -> str:
    """What the winning roll of a Cavaleiro refusal allows."""
    from ludoteca.games.cavaleiro import rank_roll

    roll = s.words.roll(list(rank_roll(p["dice"]).key))
    allows = p.get("allows") or {}
    if allows.get("code") == "column_up_to":
        return s.tx.n_(
            "{roll}: at most {n} vertical of one column.",
            "{roll}: 1 to {n} verticals of one column.",
            allows["max"],
            roll=roll,
        )
    message = _ALLOWS.get(str(allows.get("code")))
    return s.tx._(message, roll=roll) if message else roll


def _removal_needs(s: _Say, p: Mapping[str, Any]) -> str:
    if p["removal"] == "block":
        return s.tx._("Removing a block needs four of a kind.")
    if p["removal"] == "horizontals":
        return s.tx._("Removing all the horizontals needs four of a kind.")
    return s.tx._("Removing a horizontal needs three of a kind or better.")


def _bingo_follow(s: _Say, p: Mapping[str, Any]) -> str:
    why = (
        s.tx._("The stock is closed, so following is compulsory.")
        if p["closed"]
        else s.tx._("The stock is exhausted, so following is compulsory.")
    )
    if p["step"] == 1:
        need = s.tx._(
            "{led} was led and this hand holds its higher number, {number}: it must play one of "
            "{allowed}.",
            led=p["led"],
            number=p["number"],
            allowed=s.tiles(p["allowed"]),
        )
    elif p["step"] == 2:
        need = s.tx._(
            "{led} was led; this hand has no {high} but holds its lower number, {number}: it "
            "must play one of {allowed}.",
            led=p["led"],
            high=max(int(x) for x in str(p["led"]).split("-")),
            number=p["number"],
            allowed=s.tiles(p["allowed"]),
        )
    else:
        need = s.tx._(
            "{led} was led; this hand holds neither of its numbers but has a trump: it must "
            "play one of {allowed}.",
            led=p["led"],
            allowed=s.tiles(p["allowed"]),
        )
    return why + " " + need


def refusal(
    game: str,
    code: str,
    params: Mapping[str, Any],
    reason: str,
    lang: str,
    names: Sequence[str] = (),
) -> str:
    """Why the engine refused a move, in ``lang``, from its ``code`` and ``params``
    (``reason``, the engine's English, when the code has no message)."""
    render = _REFUSALS.get((game, code)) or _REFUSALS.get(("*", code))
    if render is None:
        return translate(game, reason, lang) if reason else code
    s = _Say(lang, names)
    try:
        text = render(s, params)
    except (KeyError, TypeError, ValueError):
        return translate(game, reason, lang) if reason else code
    if game == "cavaleiro" and "dice" in params:
        text += " " + _roll_allows(s, params)
    return text


# ---------------------------------------------------------------------- events


def _t42_hand_over(s: _Say, p: Mapping[str, Any]) -> str:
    if p.get("all_passed"):
        return s.tx._("Everyone passed: the tiles are shuffled and dealt again.")
    bidder = p["bidder"]
    team = bidder % 2
    words = {
        "team": s.seats(sorted((bidder, (bidder + 2) % 4))),
        "bid": describe_move("texas42", p["bid"], s.lang),
        "a": p["points"][team],
        "b": p["points"][1 - team],
        "sa": p["scores_after"][0],
        "sb": p["scores_after"][1],
    }
    if p["made"]:
        return s.tx._(
            "{team} made the bid ({bid}): {a} points to {b}. Score: {sa} – {sb}.", **words
        )
    return s.tx._("{team} were set ({bid}): {a} points to {b}. Score: {sa} – {sb}.", **words)


def _side_name(s: _Say, side: Any, sides: Sequence[Sequence[int]] | None) -> str:
    if sides is None or not isinstance(side, int) or side >= len(sides):
        return "—"
    return s.seats(sides[side])


def _fiveup_bonus(s: _Say, p: Mapping[str, Any]) -> str:
    rounding = {
        "down": s.tx._("rounded down"),
        "up": s.tx._("rounded up"),
        "none": s.tx._("no remainder"),
    }.get(p.get("rounding", "none"), "")
    return s.tx.n_(
        "{name} dominoes: {pips} pips left in the other hands, {rounding}: {n} point.",
        "{name} dominoes: {pips} pips left in the other hands, {rounding}: {n} points.",
        p["points"],
        name=s.name(p["seat"]),
        pips=p["total"],
        rounding=rounding,
    )


def _tie_break(s: _Say, tb: Mapping[str, Any]) -> str:
    code = tb.get("code")
    if code == "category":
        return s.tx._("a better kind of roll")
    if code == "number":
        return s.tx._("higher numbers")
    if code == "higher_pair":
        return s.tx._("the higher pair")
    if code == "lower_pair":
        return s.tx._("the lower pair, the higher pairs being equal")
    if code == "pair":
        return s.tx._("the higher pair")
    if code == "die":
        return s.tx._("die {n} counted from the highest", n=tb.get("die", 0))
    if code == "rolled_first":
        return s.tx._("a tie: the one who rolled first wins")
    return str(code)


def _round_won(s: _Say, p: Mapping[str, Any]) -> str:
    ranking = list(p["ranking"])
    reasons = [
        s.tx._("{a} ahead of {b} ({why})", a=s.name(a), b=s.name(b), why=_tie_break(s, tb))
        for a, b, tb in zip(ranking, ranking[1:], p.get("tie_breaks", []), strict=False)
    ]
    head = s.tx._("{name} wins round {n}.", name=s.name(p["winner"]), n=p["round"])
    if reasons:
        head += " " + s.tx._("Ranking: {why}.", why="; ".join(reasons))
    return head


def _sticks_removed(s: _Say, p: Mapping[str, Any]) -> str:
    what = p["what"]
    if what == "nothing":
        return s.tx._("{name} removes nothing.", name=s.name(p["seat"]))
    return s.tx.n_(
        "{name} removes {n} stick: {left} left.",
        "{name} removes {n} sticks: {left} left.",
        p["count"],
        name=s.name(p["seat"]),
        left=p["sticks_left"],
    )


def _bingo_sets(s: _Say, p: Mapping[str, Any]) -> str:
    reason = {
        "no_trick": s.tx._("the loser took no trick"),
        "under_30": s.tx._("the loser has fewer than 30 points"),
        "at_least_30": s.tx._("the loser has at least 30 points"),
    }.get(p.get("sets_reason", ""), "")
    winner = p["winner"]
    a, b = p["points"]
    return s.tx.n_(
        "{name} wins the hand, {a} to {b}: {n} set ({reason}).",
        "{name} wins the hand, {a} to {b}: {n} sets ({reason}).",
        p["sets_won"][winner],
        name=s.name(winner),
        a=a,
        b=b,
        reason=reason,
    )


_EVENTS: dict[tuple[str, str], Render] = {
    ("texas42", "contract"): lambda s, p: s.tx._(
        "{name} names the trump: {contract}.",
        name=s.name(p["seat"]),
        contract=describe_move("texas42", p["contract"], s.lang),
    ),
    ("texas42", "trick"): lambda s, p: (
        s.tx._(
            "{name} takes the trick: {points} points.", name=s.name(p["winner"]), points=p["points"]
        )
        if p["points"] != 1
        else s.tx._("{name} takes the trick: 1 point.", name=s.name(p["winner"]))
    ),
    ("texas42", "hand_over"): _t42_hand_over,
    ("*", "game_over"): lambda s, p: s.tx._("The game is over."),
    ("fiveup", "drew"): lambda s, p: (
        s.tx._("{name} draws {tile}.", name=s.name(p["seat"]), tile=p["tile"])
        if p.get("tile")
        else s.tx._("{name} draws a tile.", name=s.name(p["seat"]))
    ),
    ("fiveup", "passed"): lambda s, p: s.tx._("{name} passes.", name=s.name(p["seat"])),
    ("fiveup", "ends_scored"): lambda s, p: s.tx.n_(
        "The open ends add up to {ends}, a multiple of 5: {name} scores {n} point.",
        "The open ends add up to {ends}, a multiple of 5: {name} scores {n} points.",
        p["points"],
        ends=p["ends"],
        name=s.name(p["seat"]),
    ),
    ("fiveup", "domino_bonus"): _fiveup_bonus,
    ("fiveup", "blocked"): lambda s, p: (
        s.tx._(
            "Nobody can play: the hand is blocked. Pips left: {pips}.",
            pips=" – ".join(str(x) for x in p["pips"]),
        )
        + " "
        + (
            s.tx.n_(
                "Fewest pips: {n} point from the others' pips.",
                "Fewest pips: {n} points from the others' pips.",
                p["points"],
            )
            if p.get("side") is not None
            else s.tx._("A tie for fewest pips: nobody scores.")
        )
    ),
    ("fiveup", "hand_ended"): lambda s, p: s.tx._(
        "Hand {hand} over. Score: {scores}.",
        hand=p["hand"],
        scores=" – ".join(str(x) for x in p["scores"]),
    ),
    ("bingo", "doubles_shown"): lambda s, p: s.tx._(
        "{name} leads {led} and shows {tiles}: worth {points} if the trick is won.",
        name=s.name(p["seat"]),
        led=p["led"],
        tiles=s.tiles(p["tiles"]),
        points=p["points"],
    ),
    ("bingo", "trick_won"): lambda s, p: (
        s.tx._(
            "{name} takes the trick: {points} points captured.",
            name=s.name(p["winner"]),
            points=p["points"],
        )
        + (" " + s.tx._("The show scores {n}.", n=p["show_points"]) if p.get("show_points") else "")
    ),
    ("bingo", "bingo_capture"): lambda s, p: s.tx._(
        "The bingo took the trump double {tile}: an extra set for {name}.",
        tile=p["trump_double"],
        name=s.name(p["seat"]),
    ),
    ("bingo", "drew"): lambda s, p: (
        s.tx._("{name} draws {tile}.", name=s.name(p["seat"]), tile=p["tile"])
        if p.get("tile")
        else s.tx._("{name} draws a tile.", name=s.name(p["seat"]))
    ),
    ("bingo", "stock_closed"): lambda s, p: s.tx._(
        "{name} closes the stock with {points} points: from now on following is compulsory.",
        name=s.name(p["seat"]),
        points=p["points"],
    ),
    ("bingo", "last_two_taken"): lambda s, p: s.tx._(
        "{name} takes the turned-up {up}.", name=s.name(p["up_to"]), up=p["up"]
    ),
    ("bingo", "following_compulsory"): lambda s, p: (
        s.tx._("The stock is gone: following is compulsory from now on.")
        if p.get("why") == "exhausted"
        else ""
    ),
    ("bingo", "hand_ended"): _bingo_sets,
    ("cavaleiro", "roll"): lambda s, p: s.tx._(
        "{name} rolls {dice}: {roll}.",
        name=s.name(p["seat"]),
        dice=" ".join(str(d) for d in p["dice"]),
        roll=s.words.roll(p["key"]),
    ),
    ("cavaleiro", "round_won"): _round_won,
    ("cavaleiro", "sticks_removed"): _sticks_removed,
    ("cavaleiro", "order_roll"): lambda s, p: s.tx._(
        "{name} rolls {dice} = {total}.",
        name=s.name(p["seat"]),
        dice=" ".join(str(d) for d in p["dice"]),
        total=p["total"],
    ),
    ("cavaleiro", "order_decided"): lambda s, p: s.tx._(
        "Order of play: {names}.", names=s.seats(p["order"])
    ),
}

_SIDED = {("fiveup", "game_over"), ("texas42", "game_over"), ("bingo", "game_over")}


def event(
    game: str,
    ev: Mapping[str, Any],
    names: Sequence[str],
    lang: str,
    sides: Sequence[Sequence[int]] | None = None,
) -> str | None:
    """An event (its JSON: ``code`` and parameters) in words; ``None`` when a lesson
    does not say it (a deal, a tile drawn for first leader)."""
    code = str(ev.get("code"))
    s = _Say(lang, names)
    if (game, code) in _SIDED or (game == "cavaleiro" and code == "game_over"):
        winner = ev.get("winner")
        if game == "cavaleiro":
            return s.tx._("{name} removed the last stick and wins the game!", name=s.name(winner))
        return s.tx._("Game over: {name} won the game.", name=_side_name(s, winner, sides))
    render = _EVENTS.get((game, code))
    if render is None:
        return None
    try:
        text = render(s, ev)
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    return text or None
