"""Refusals said in words: why a move is not allowed, from its code and parameters.

An engine refuses a move with :class:`ludoteca.IllegalMove`, whose ``code`` and
``params`` say why as data (each game's table is in ``docs/games/<game>.md``).
:func:`say_refusal` says it in the player's language and the game's words:
what was wrong and what is allowed, moves said in words, never notation to
type.

>>> say_refusal("fiveup", "name_target", {"tile": "5-5", "ends": [3, 4],
...     "allowed": ["draw"]}, "pt")
'5-5 não encaixa em nenhuma ponta aberta (3, 4); nenhuma pedra sua serve: compre da reserva'
>>> say_refusal("texas42", "must_follow", {"suit": 5, "trump_led": False,
...     "allowed": ["5-3", "5-1"]}, "pt")
'é preciso seguir a família de cincos: 5-3 ou 5-1'
>>> say_refusal("bingo", "already_closed", {"closer": 0}, "en", names=["Ana", "Bia"])
'Ana already closed the stock'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import NG_, NNP_, NP_, Texts
from .moves import marks
from .voice import Voice

__all__ = ["REFUSALS", "say_refusal"]

Say = Callable[[Voice, Mapping[str, Any]], str]


def _fixed(message: str) -> Say:
    """A refusal said by a message without numbers (in the game's words: the message
    is marked with its game's context, or for every game)."""
    return lambda v, p: v.g_(message)


def _with(message: str, **names: str) -> Say:
    """A refusal said by a message filled with its parameters (``names`` maps a
    placeholder to the parameter that fills it, when they are named apart)."""

    def say(v: Voice, p: Mapping[str, Any]) -> str:
        values = {k: p.get(k) for k in _placeholders(message)}
        values.update({k: p.get(src) for k, src in names.items()})
        return v.g_(message, **values)

    return say


def _counted(message: tuple[str, str, str], key: str, default: int = 0) -> Say:
    """A refusal said by a message with plural forms (marked with ``NNP_``), counted by
    the parameter ``key`` (``default`` when it is missing) and filled with the others."""

    def say(v: Voice, p: Mapping[str, Any]) -> str:
        values = {k: p.get(k) for k in _placeholders(message[2]) if k != "n"}
        return v.tx.np_(*message, int(p.get(key) or default), **values)

    return say


def _placeholders(message: str) -> list[str]:
    import re

    return re.findall(r"\{(\w+)\}", message)


def _allowed(v: Voice, p: Mapping[str, Any], message: str, **params: Any) -> str:
    """``message`` (filled with ``params``), then the moves allowed now, in words."""
    moves = p.get("allowed") or []
    return v.g_(message, moves=v.moves(moves), **params)


# ------------------------------------------------------------------ common

COMMON: dict[str, Say] = {
    "no_such_action": _with(NG_("there is no action {action}")),
    "no_decision": _fixed(NG_("no decision is due now")),
    "no_decision_due": _fixed(NG_("no decision is due now")),
    "nothing_to_undo": _fixed(NG_("there is nothing to undo")),
    "not_text": _fixed(NG_("a move is a short text naming the move")),
    "not_a_move": lambda v, p: v.g_("that is not a move of {game}", game=_title(v.game)),
    "game_over": _fixed(NG_("the game is over")),
    "chance_due": _fixed(NG_("the tiles or the dice are drawn now, not a decision")),
    "no_chance_due": _fixed(NG_("nothing is drawn or rolled now")),
    "illegal": _fixed(NG_("this move is not allowed now")),
}
"""The Game API's own refusals, the same in every game."""


def _title(game: str) -> str:
    from .words import GAME_TITLES

    return GAME_TITLES.get(game, game)


# ---------------------------------------------------------------- Texas 42


def _contract(v: Voice, name: Any) -> str:
    return v.option_contract(name)


def _must_follow_42(v: Voice, p: Mapping[str, Any]) -> str:
    tiles = v.tiles(p.get("allowed") or [], "or")
    if p.get("trump_led"):
        return v.tx.p_(
            "texas42",
            "trump was led: you must play a trump ({suit}): {tiles}",
            suit=v.suit(p["suit"]),
            tiles=tiles,
        )
    return v.tx.p_(
        "texas42",
        "you must follow the suit of {suit}: {tiles}",
        suit=v.suit(p["suit"]),
        tiles=tiles,
    )


def _too_few_doubles(v: Voice, p: Mapping[str, Any]) -> str:
    message = (
        NP_("texas42", "the plunge needs {need} in hand, and you hold {n}")
        if p.get("bid") == "plunge"
        else NP_("texas42", "the splash needs {need} in hand, and you hold {n}")
    )
    need = v.tx.np_("texas42", "{n} double", "{n} doubles", int(p.get("need") or 0))
    return v.tx.p_("texas42", message, need=need, n=p.get("doubles"))


def _special_level(v: Voice, p: Mapping[str, Any]) -> str:
    if p.get("bid") == "plunge":
        return _allowed(v, p, NP_("texas42", "the plunge bid allowed now is: {moves}"))
    return _allowed(v, p, NP_("texas42", "the splash bid allowed now is: {moves}"))


TEXAS42: dict[str, Say] = {
    "bidding_now": lambda v, p: _allowed(
        v, p, NP_("texas42", "it is time to bid; allowed now: {moves}")
    ),
    "dealer_must_bid": _fixed(NP_("texas42", "after three passes the dealer must bid")),
    "option_off": lambda v, p: v.tx.p_(
        "texas42", "{contract} is not played at this table", contract=_contract(v, p.get("option"))
    ),
    "too_few_doubles": _too_few_doubles,
    "special_bid_level": _special_level,
    "bid_too_low": lambda v, p: v.tx.p_(
        "texas42",
        "a bid must be higher than the high bid ({bid}, by {name})",
        bid=v.move(str(p.get("high_bid"))),
        name=v.name(p.get("bidder")),
    ),
    "marks_ladder": lambda v, p: v.tx.p_(
        "texas42",
        "a bid of {marks} may only follow a bid of {after}",
        marks=marks(v.tx, int(p.get("marks") or 0)),
        after=marks(v.tx, int(p.get("after") or 0)),
    ),
    "not_allowed_now": lambda v, p: _allowed(
        v, p, NP_("texas42", "that bid is not allowed now; allowed now: {moves}")
    ),
    "name_trump_first": lambda v, p: _allowed(
        v, p, NP_("texas42", "the bid winner names trump first; allowed now: {moves}")
    ),
    "needs_mark_bid": lambda v, p: v.tx.p_(
        "texas42",
        "{contract} needs a plain bid of at least 1 mark",
        contract=_contract(v, p.get("contract")),
    ),
    "tricks_now": lambda v, p: _allowed(
        v, p, NP_("texas42", "the tricks are being played; allowed now: {moves}")
    ),
    "not_in_hand": _with(NP_("texas42", "{tile} is not in your hand")),
    "must_follow": _must_follow_42,
    "sevens_nearest": lambda v, p: v.tx.p_(
        "texas42",
        "in sevens you must play a tile nearest to 7 pips: {tiles}",
        tiles=v.tiles(p.get("allowed") or [], "or"),
    ),
    "draw_due": _fixed(NP_("texas42", "the draw for the first dealer is due")),
    "draw_count": lambda v, p: v.tx.p_(
        "texas42",
        "one different tile must be drawn for each seat that draws ({seats})",
        seats=", ".join(v.name(s) for s in p.get("seats") or []),
    ),
    "not_a_tile": _with(
        NP_("texas42", "{word} is not a tile: a tile has two numbers from 0 to 6, like 6-4")
    ),
    "deal_due": _fixed(NP_("texas42", "the deal is due")),
    "deal_four_hands": _fixed(NP_("texas42", "a deal gives four hands")),
    "deal_seven_each": _fixed(NP_("texas42", "each hand has seven tiles")),
    "deal_every_tile_once": _fixed(NP_("texas42", "each of the 28 tiles is dealt exactly once")),
}


# ---------------------------------------------------------------- Five-Up


def _name_target(v: Voice, p: Mapping[str, Any]) -> str:
    tile = str(p.get("tile"))
    allowed: list[str] = list(p.get("allowed") or [])
    places = [m for m in allowed if m.startswith(f"play {tile} on ")]
    if places:
        return v.tx.p_(
            "fiveup", "choose where to play {tile}: {moves}", tile=tile, moves=v.moves(places)
        )
    ends = ", ".join(str(n) for n in p.get("ends") or [])
    said = v.tx.p_("fiveup", "{tile} matches no open end ({ends})", tile=tile, ends=ends)
    return said + "; " + _fiveup_else(v, allowed)


def _fiveup_else(v: Voice, allowed: Sequence[str]) -> str:
    """What a Five-Up player may do instead, in words."""
    if list(allowed) == ["draw"]:
        return v.tx.p_("fiveup", "none of your tiles fits: draw from the stock")
    if list(allowed) == ["pass"]:
        return v.tx.p_("fiveup", "none of your tiles fits and none may be drawn: pass")
    return v.tx.p_("fiveup", "allowed now: {moves}", moves=v.moves(allowed))


def _stock_reserve(v: Voice, p: Mapping[str, Any]) -> str:
    if p.get("reserve") == 2:
        return v.tx.p_(
            "fiveup", "nothing fits, and the last two tiles of the stock are never drawn: pass"
        )
    return v.tx.p_("fiveup", "nothing fits, and the last tile of the stock is never drawn: pass")


FIVEUP: dict[str, Say] = {
    "must_open": _fixed(NP_("fiveup", "you lead: open the hand with any tile of yours")),
    "must_play": lambda v, p: _allowed(
        v, p, NP_("fiveup", "a tile of yours fits, and a player who can play must: {moves}")
    ),
    "must_draw": _fixed(NP_("fiveup", "nothing fits, but the stock may still be drawn from: draw")),
    "stock_reserve": _stock_reserve,
    "table_empty": _with(NP_("fiveup", "the table is empty: open the hand with {tile} alone")),
    "name_target": _name_target,
    "not_in_hand": _with(NP_("fiveup", "{tile} is not in your hand")),
    "not_on_table": _with(NP_("fiveup", "{target} is not on the table")),
    "double_closed": _with(
        NP_("fiveup", "{target} has no free place: both sides and both tips are taken")
    ),
    "end_not_open": _with(NP_("fiveup", "the {number} end of {target} is already taken")),
    "no_such_action": _with(NP_("fiveup", "there is no action {action}")),
    "draw_due": _fixed(NP_("fiveup", "the draw for the first lead is due")),
    "draw_tiles": _counted(
        NNP_(
            "fiveup",
            "{n} different tile must be drawn, one for each seat",
            "{n} different tiles must be drawn, one for each seat",
        ),
        "players",
        2,
    ),
    "deal_due": _fixed(NP_("fiveup", "the deal is due")),
    "deal_parts": _counted(
        NNP_(
            "fiveup",
            "a deal gives {n} hand and then the stock",
            "a deal gives {n} hands and then the stock",
        ),
        "players",
        2,
    ),
    "deal_stock_part": _fixed(NP_("fiveup", "the last part of a deal is the stock")),
    "deal_hand_size": _fixed(NP_("fiveup", "each hand has five tiles")),
    "deal_stock_size": _counted(
        NNP_("fiveup", "the stock has {n} tile", "the stock has {n} tiles"), "tiles"
    ),
    "deal_tiles_once": _fixed(NP_("fiveup", "each of the 28 tiles is dealt exactly once")),
    "bad_tile": _fixed(NP_("fiveup", "a tile has two numbers from 0 to 6, like 6-4")),
}


# ------------------------------------------------------------------ Bingo

_FOLLOW = {
    (True, False): NP_(
        "bingo",
        "the stock is closed, so you must follow: answer {led} with a tile holding a {number}: "
        "{tiles}",
    ),
    (False, False): NP_(
        "bingo",
        "the stock is exhausted, so you must follow: answer {led} with a tile holding a "
        "{number}: {tiles}",
    ),
    (True, True): NP_(
        "bingo",
        "the stock is closed, so you must follow: answer {led} with a trump ({suit}): {tiles}",
    ),
    (False, True): NP_(
        "bingo",
        "the stock is exhausted, so you must follow: answer {led} with a trump ({suit}): {tiles}",
    ),
}


def _must_follow_bingo(v: Voice, p: Mapping[str, Any]) -> str:
    trump = p.get("step") == 3
    message = _FOLLOW[bool(p.get("closed")), trump]
    return v.tx.p_(
        "bingo",
        message,
        led=p.get("led"),
        number=p.get("number"),
        suit=v.suit(p.get("number")) if trump else "",
        tiles=v.tiles(p.get("allowed") or [], "or"),
    )


BINGO: dict[str, Say] = {
    "not_in_hand": _with(NP_("bingo", "{tile} is not in your hand")),
    "must_follow": _must_follow_bingo,
    "leader_only": lambda v, p: (
        v.tx.p_("bingo", "only the leader may show doubles, before leading; now answer with a tile")
        if p.get("what") == "show"
        else v.tx.p_(
            "bingo", "only the leader may close the stock, before leading; now answer with a tile"
        )
    ),
    "must_take": _with(
        NP_(
            "bingo",
            "only the hidden tile and the turned-up {up} are left: choose which one to take",
        )
    ),
    "take_not_due": _fixed(
        NP_(
            "bingo",
            "the trick's winner chooses a tile when the last two tiles of the stock are left",
        )
    ),
    "already_closed": lambda v, p: v.tx.p_(
        "bingo", "{name} already closed the stock", name=v.name(p.get("closer"))
    ),
    "stock_exhausted": _fixed(
        NP_("bingo", "the stock is exhausted: there is nothing left to close")
    ),
    "show_needs_doubles": _with(NP_("bingo", "to show, you need another double besides {tile}")),
    "already_shown": lambda v, p: v.tx.p_(
        "bingo",
        "your other doubles ({tiles}) were already shown this hand; a double is shown only once",
        tiles=v.tiles(p.get("doubles") or []),
    ),
    "draw_due": _fixed(NP_("bingo", "the draw for the first lead is due")),
    "draw_two_tiles": _fixed(NP_("bingo", "two different tiles are drawn, one for each player")),
    "deal_due": _fixed(NP_("bingo", "the deal is due")),
    "deal_form": _fixed(NP_("bingo", "a deal gives two hands, the turned-up tile and the stock")),
    "not_a_tile": _with(
        NP_("bingo", "{word} is not a tile: a tile has two numbers from 0 to 6, like 6-4")
    ),
    "seven_each": _fixed(NP_("bingo", "each player is dealt seven tiles")),
    "stock_size": lambda v, p: v.tx.p_(
        "bingo", "the hidden stock holds 13 tiles, not {count}", count=p.get("count")
    ),
    "each_tile_once": _fixed(NP_("bingo", "each of the 28 tiles is dealt exactly once")),
}


# -------------------------------------------------------------- Cavaleiro

_REMOVAL_NEEDS = {
    "horizontals": NP_("cavaleiro", "removing all the horizontals needs four of a kind"),
    "horizontal": NP_("cavaleiro", "removing one horizontal needs three of a kind"),
    "block": NP_("cavaleiro", "removing a block needs four of a kind"),
}


def _cavaleiro(why: Say | None) -> Say:
    """A refused removal: why, then what the winning roll allows and the moves allowed now."""

    def say(v: Voice, p: Mapping[str, Any]) -> str:
        parts = [why(v, p)] if why is not None else []
        key = p.get("key")
        if key and p.get("allows"):
            parts.append(
                v.tx.p_(
                    "cavaleiro",
                    "your roll, {roll}, allows {removal}",
                    roll=v.words.roll(key),
                    removal=v.words.removal_code(p["allows"]),
                )
            )
        if p.get("allowed"):
            parts.append(v.tx.p_("cavaleiro", "allowed now: {moves}", moves=v.moves(p["allowed"])))
        return "; ".join(parts)

    return say


CAVALEIRO: dict[str, Say] = {
    "pass_not_allowed": _cavaleiro(
        _fixed(
            NP_(
                "cavaleiro", "a round's winner may remove nothing only when nothing allowed is left"
            )
        )
    ),
    "no_horizontal_left": _cavaleiro(_fixed(NP_("cavaleiro", "no horizontal is left"))),
    "all_horizontals_not_one": _cavaleiro(
        _fixed(NP_("cavaleiro", "four of a kind removes all the horizontals left, not one"))
    ),
    "removal_needs": _cavaleiro(
        lambda v, p: v.tx.p_(
            "cavaleiro", _REMOVAL_NEEDS.get(str(p.get("removal")), _REMOVAL_NEEDS["block"])
        )
    ),
    "block_empty": _cavaleiro(_with(NP_("cavaleiro", "block {block} has no stick left"))),
    "block_not_intact": _cavaleiro(
        _with(
            NP_(
                "cavaleiro",
                "block {block} is no longer whole, and four of a kind takes part of a block "
                "only when no block is whole",
            )
        )
    ),
    "no_column_with_four_of_a_kind": _cavaleiro(
        _fixed(
            NP_(
                "cavaleiro",
                "four of a kind removes the horizontals or a block, not part of a column",
            )
        )
    ),
    "column_empty": _cavaleiro(_with(NP_("cavaleiro", "column {column} has no stick left"))),
    "column_holds_only": _cavaleiro(
        _counted(
            NNP_(
                "cavaleiro",
                "column {column} holds only {n} stick",
                "column {column} holds only {n} sticks",
            ),
            "held",
        )
    ),
    "whole_column": _cavaleiro(
        _counted(
            NNP_(
                "cavaleiro",
                "three of a kind removes everything left in a column: {n} stick from column "
                "{column}",
                "three of a kind removes everything left in a column: {n} sticks from column "
                "{column}",
            ),
            "held",
        )
    ),
    "too_many_from_column": _cavaleiro(None),
    "no_such_action": lambda v, p: v.tx.p_(
        "cavaleiro",
        "there is no action {action} (actions are 0 to {last})",
        action=p.get("action"),
        last=int(p.get("actions") or 1) - 1,
    ),
    "not_a_roll": _fixed(NP_("cavaleiro", "a roll is due: four dice from 1 to 6")),
    "bad_dice": _fixed(NP_("cavaleiro", "a roll is four dice from 1 to 6")),
    "no_roll_due": _fixed(NP_("cavaleiro", "no roll is due now")),
}

REFUSALS: dict[str, dict[str, Say]] = {
    "texas42": TEXAS42,
    "fiveup": FIVEUP,
    "bingo": BINGO,
    "cavaleiro": CAVALEIRO,
}
"""Each game's refusals by code (the Game API's own are in :data:`COMMON`)."""


def say_refusal(
    game: str,
    code: str,
    params: Mapping[str, Any] | None,
    lang: str | Texts,
    *,
    names: Sequence[str] = (),
    me: int | None = None,
) -> str:
    """Why a move was refused, in ``lang``: its ``code`` and ``params`` said in words.

    ``names`` are the players' names by seat (a refusal may name the high
    bidder or the closer); ``me`` is the seat that tried the move.
    """
    voice = Voice.of(game, lang, names, me)
    say = REFUSALS.get(game, {}).get(code) or COMMON.get(code) or COMMON["illegal"]
    return say(voice, params or {})
