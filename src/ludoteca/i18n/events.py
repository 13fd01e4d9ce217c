"""Events said in words: what each move did, from the engines' codes and numbers.

Every engine says what a move did as events (``game.events``, a view's
``events``; each game's table is in ``docs/games/<game>.md``). :func:`say_event`
says one as a sentence in the player's language: the players by name (the seat
looking is *você*), plurals and numbers the language's way, the game's own
words. :func:`log_lines` is the log of a game as the apps show it: the moves in
words, each followed by what it did.

The pages' script ``web/static/events.js`` is this module's twin: it says the
same events with the same messages, word for word (the browser tests compare
them).

>>> say_event("texas42", {"code": "trick", "winner": 0, "points": 6}, "pt", ["Ana", "Bia"])
'Ana ganha a vaza: 6 pontos'
>>> say_event("fiveup", {"code": "ends_scored", "seat": 1, "side": 1, "ends": 10, "points": 2,
...     "scored": True}, "pt", ["Ana", "Bia"])
'Bia fez 10 nas pontas: 2 pontos'
>>> drew = {"code": "drew", "seat": 0, "tile": "6-4"}
>>> say_event("fiveup", drew, "pt", ["Ana", "Bia"], me=0)
'Você comprou 6-4'
>>> say_event("bingo", dict(drew, seat=1, tile=None), "pt", ["Ana", "Bia"], me=0)
'Bia comprou do monte'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.events import Event

from . import N_, Texts
from .voice import Voice, capitalize

__all__ = ["EVENTS", "SAYS_MOVE", "LogLine", "log_lines", "say_event"]

Say = Callable[[Voice, Mapping[str, Any]], str]

NOT_SCORED = N_("(not scored: it would pass the target)")


def _score(v: Voice, points: Any) -> str:
    """Points as a phrase: ``2 pontos``, or ``nada marcado`` for none."""
    n = int(points or 0)
    if not n:
        return v.tx._("nothing scored")
    return v.tx.n_("{n} point", "{n} points", n)


def _unless_scored(v: Voice, p: Mapping[str, Any], said: str) -> str:
    """``said``, noting a score the target refused (Five-Up's ``exact_61``)."""
    if p.get("scored", True) or not p.get("points"):
        return said
    return said + " " + v.tx._(NOT_SCORED)


# ---------------------------------------------------------------- Texas 42


def _bid_phrase(v: Voice, bid: Any, contract: Any) -> str:
    """The contract a hand was played for: ``o lance de 30``, ``o nel-O`` (the bid
    parsed by the game: its value in points, 42 a mark, and plunge or splash)."""
    if contract == "nello":
        return v.tx.p_("Texas 42 contract", "nello")
    if contract == "sevens":
        return v.tx.p_("Texas 42 contract", "sevens")
    move = v.decision(bid)
    value = move.numbers[0] if move is not None and move.kind == "bid" else 0
    if value and move is not None and move.detail == "plunge":
        return v.tx.n_("the plunge of {n} mark", "the plunge of {n} marks", value // 42)
    if value and move is not None and move.detail == "splash":
        return v.tx.n_("the splash of {n} mark", "the splash of {n} marks", value // 42)
    if value and value % 42 == 0:
        return v.tx.n_("the bid of {n} mark", "the bid of {n} marks", value // 42)
    return v.tx._("the bid of {value}", value=value)


def _contract(v: Voice, p: Mapping[str, Any]) -> str:
    name = v.name(p.get("seat"))
    contract = p.get("contract")
    if contract == "nello":
        partner = v.name(p.get("sitting_out"))
        return v.tx._("{name} declared nello: {partner} sits out", name=name, partner=partner)
    if contract == "sevens":
        return v.tx._("{name} declared sevens", name=name)
    if p.get("trump") == "follow-me":
        return v.tx._("{name} named no trump (follow-me)", name=name)
    return v.tx._("{name} named trump: {suit}", name=name, suit=v.suit(p.get("trump")))


def _trick(v: Voice, p: Mapping[str, Any]) -> str:
    return v.tx._(
        "{name} won the trick: {score}", name=v.name(p.get("winner")), score=_score(v, p["points"])
    )


def _gains_42(v: Voice, gained: Sequence[int]) -> str:
    marks = v.options.get("scoring", "marks") == "marks"
    out = []
    for side, n in enumerate(gained):
        if not n:
            continue
        if marks:
            out.append(v.tx.n_("{side} +{n} mark", "{side} +{n} marks", n, side=v.side(side)))
        else:
            out.append(v.tx.n_("{side} +{n} point", "{side} +{n} points", n, side=v.side(side)))
    return ", ".join(out)


def _hand_over(v: Voice, p: Mapping[str, Any]) -> str:
    hand = p.get("hand")
    if p.get("all_passed"):
        return v.tx._("End of hand {hand}: everyone passed; the tiles are dealt again", hand=hand)
    team = int(p.get("bidder") or 0) % 2
    points = p.get("points") or [0, 0]
    values = {
        "hand": hand,
        "side": v.side(team),
        "bid": _bid_phrase(v, p.get("bid"), p.get("contract")),
        "a": points[team],
        "b": points[1 - team],
    }
    if p.get("made"):
        said = v.tx._("End of hand {hand}: {side} made {bid}, {a} to {b}", **values)
    else:
        said = v.tx._("End of hand {hand}: {side} were set on {bid}, {a} to {b}", **values)
    gains = _gains_42(v, p.get("gained") or [])
    return f"{said}; {gains}" if gains else said


def _game_over(v: Voice, p: Mapping[str, Any]) -> str:
    winner = p.get("winner")
    values = {"name": v.side(winner), "scores": v.scores(p.get("scores", p.get("sets")) or [])}
    sides = v.sides()
    if isinstance(winner, int) and 0 <= winner < len(sides) and len(sides[winner]) > 1:
        return v.tx.p_("a team", "Game over: {name} won ({scores})", **values)
    return v.tx.p_("a player", "Game over: {name} won ({scores})", **values)


TEXAS42: dict[str, Say] = {
    "contract": _contract,
    "trick": _trick,
    "hand_over": _hand_over,
    "game_over": _game_over,
}

# ---------------------------------------------------------------- Five-Up


def _drew(context: str) -> Say:
    def say(v: Voice, p: Mapping[str, Any]) -> str:
        name = v.name(p.get("seat"))
        if p.get("tile"):
            return v.tx._("{name} drew {tile}", name=name, tile=p["tile"])
        if context == "Bingo":
            return v.tx.p_("Bingo", "{name} drew from the stock", name=name)
        return v.tx.p_("Five-Up", "{name} drew from the stock", name=name)

    return say


def _ends_scored(v: Voice, p: Mapping[str, Any]) -> str:
    said = v.tx._(
        "{name} made {ends} on the ends: {score}",
        name=v.name(p.get("seat")),
        ends=p.get("ends"),
        score=_score(v, p.get("points")),
    )
    return _unless_scored(v, p, said)


def _domino_bonus(v: Voice, p: Mapping[str, Any]) -> str:
    values = {
        "name": v.name(p.get("seat")),
        "total": p.get("total"),
        "score": _score(v, p.get("points")),
    }
    if len(p.get("opponents") or []) == 1:
        said = v.tx._("{name} went out: {total} pips in the opponent's hand, {score}", **values)
    else:
        said = v.tx._("{name} went out: {total} pips in the opponents' hands, {score}", **values)
    return _unless_scored(v, p, said)


def _blocked(v: Voice, p: Mapping[str, Any]) -> str:
    pips = p.get("pips") or [0]
    if p.get("side") is None:
        return v.tx._(
            "The hand is blocked: a tie for the fewest pips ({pips}), nothing scored",
            pips=min(pips),
        )
    said = v.tx._(
        "The hand is blocked: fewest pips, {name} ({pips}): {score}",
        name=v.side(p["side"]),
        pips=pips[p["side"]],
        score=_score(v, p.get("points")),
    )
    return _unless_scored(v, p, said)


def _hand_ended(v: Voice, p: Mapping[str, Any]) -> str:
    hand = p.get("hand")
    gains = v.scores(p.get("gained") or [])
    how = p.get("how")
    if how == "domino":
        name = v.name(p.get("seat"))
        return v.tx._(
            "End of hand {hand}: {name} went out; points this hand: {gains}",
            hand=hand,
            name=name,
            gains=gains,
        )
    if how == "blocked":
        return v.tx._(
            "End of hand {hand}, blocked; points this hand: {gains}", hand=hand, gains=gains
        )
    return v.tx._("End of hand {hand}: the target was reached", hand=hand)


FIVEUP: dict[str, Say] = {
    "drew": _drew("Five-Up"),
    "passed": lambda v, p: v.tx._("{name} passed", name=v.name(p.get("seat"))),
    "ends_scored": _ends_scored,
    "domino_bonus": _domino_bonus,
    "blocked": _blocked,
    "hand_ended": _hand_ended,
    "game_over": _game_over,
}

# ------------------------------------------------------------------ Bingo

_SETS_WHY = {
    "no_trick": N_("({name} took no trick)"),
    "under_30": N_("({name} made fewer than 30)"),
    "at_least_30": N_("({name} made 30 or more)"),
}


def _first_leader(v: Voice, p: Mapping[str, Any]) -> str:
    tiles = p.get("tiles") or ["", ""]
    return v.tx._(
        "Draw for the first lead: {a} {ta}, {b} {tb}; first to lead: {leader}",
        a=v.name(0),
        ta=tiles[0],
        b=v.name(1),
        tb=tiles[1],
        leader=v.name(p.get("leader")),
    )


def _hand_dealt(v: Voice, p: Mapping[str, Any]) -> str:
    return v.tx._(
        "Hand {hand}: {up} turned up, {suit} are trump; first to lead: {leader}",
        hand=p.get("hand"),
        up=p.get("up"),
        suit=v.suit(p.get("trump")),
        leader=v.name(p.get("leader")),
    )


def _doubles_shown(v: Voice, p: Mapping[str, Any]) -> str:
    return v.tx._(
        "{name} showed {tiles} with {led}: {score} if the trick is won",
        name=v.name(p.get("seat")),
        tiles=v.tiles(p.get("tiles") or []),
        led=p.get("led"),
        score=_score(v, p.get("points")),
    )


def _trick_won(v: Voice, p: Mapping[str, Any]) -> str:
    if not p.get("show_points"):
        return _trick(v, p)
    return v.tx._(
        "{name} won the trick: {score}, and {show} for the show",
        name=v.name(p.get("winner")),
        score=_score(v, p.get("points")),
        show=_score(v, p.get("show_points")),
    )


def _stock_closed(v: Voice, p: Mapping[str, Any]) -> str:
    name = v.name(p.get("seat"))
    points = int(p.get("points") or 0)
    if not points:
        return v.tx._("{name} closed the stock before scoring", name=name)
    return v.tx.n_(
        "{name} closed the stock with {n} point",
        "{name} closed the stock with {n} points",
        points,
        name=name,
    )


def _last_two_taken(v: Voice, p: Mapping[str, Any]) -> str:
    seat = p.get("seat")
    other = 1 - seat if isinstance(seat, int) else None
    if p.get("took") == "up":
        return v.tx._(
            "{name} took the turned-up {up}; the hidden tile goes to {other}",
            name=v.name(seat),
            up=p.get("up"),
            other=v.name(other),
        )
    return v.tx._(
        "{name} took the hidden tile; the turned-up {up} goes to {other}",
        name=v.name(seat),
        up=p.get("up"),
        other=v.name(p.get("up_to")),
    )


def _following(v: Voice, p: Mapping[str, Any]) -> str:
    if p.get("why") == "closed":
        return v.tx._("From now on the answer must follow: the stock is closed")
    return v.tx._("From now on the answer must follow: the stock is exhausted")


def _bingo_hand_ended(v: Voice, p: Mapping[str, Any]) -> str:
    winner = p.get("winner")
    seat = winner if isinstance(winner, int) else 0
    points = p.get("points") or [0, 0]
    sets = (p.get("sets_won") or [0, 0])[seat]
    said = v.tx.n_(
        "End of hand {hand}: {name} won, {a} to {b}: {n} set",
        "End of hand {hand}: {name} won, {a} to {b}: {n} sets",
        sets,
        hand=p.get("hand"),
        name=v.name(seat),
        a=points[seat],
        b=points[1 - seat],
    )
    why = _SETS_WHY.get(str(p.get("sets_reason")))
    if why:
        said += " " + v.tx._(why, name=v.name(1 - seat))
    penalty = int(p.get("failed_close_penalty") or 0)
    if penalty:
        said += "; " + v.tx.n_(
            "{closer} closed the stock and fell short of 70: {n} point to {name}",
            "{closer} closed the stock and fell short of 70: {n} points to {name}",
            penalty,
            closer=v.name(p.get("closed_by")),
            name=v.name(seat),
        )
    return said


BINGO: dict[str, Say] = {
    "first_leader": _first_leader,
    "hand_dealt": _hand_dealt,
    "doubles_shown": _doubles_shown,
    "trick_won": _trick_won,
    "bingo_capture": lambda v, p: v.tx._(
        "{name} took the trump double {tile} with the bingo: one more set",
        name=v.name(p.get("seat")),
        tile=p.get("trump_double"),
    ),
    "drew": _drew("Bingo"),
    "stock_closed": _stock_closed,
    "last_two_taken": _last_two_taken,
    "following_compulsory": _following,
    "hand_ended": _bingo_hand_ended,
    "game_over": _game_over,
}

# -------------------------------------------------------------- Cavaleiro

_TIE_BREAKS = {
    "number": N_("(tie broken on the higher number)"),
    "higher_pair": N_("(tie broken on the higher pair)"),
    "lower_pair": N_("(tie broken on the lower pair)"),
    "pair": N_("(tie broken on the pair)"),
    "die": N_("(tie broken on die {die}, counted from the highest)"),
    "rolled_first": N_("(tie broken: rolled first)"),
}


def _dice(p: Mapping[str, Any]) -> str:
    return " ".join(str(d) for d in p.get("dice") or [])


def _round_won(v: Voice, p: Mapping[str, Any]) -> str:
    said = v.tx._(
        "{name} won round {round} and may remove {removal}",
        name=v.name(p.get("winner")),
        round=p.get("round"),
        removal=v.words.removal_code(p.get("allows") or {}),
    )
    breaks = p.get("tie_breaks") or []
    code = breaks[0].get("code") if breaks else None
    if code in _TIE_BREAKS:
        said += " " + v.tx._(_TIE_BREAKS[code], die=breaks[0].get("die"))
    return said


def _sticks_removed(v: Voice, p: Mapping[str, Any]) -> str:
    name = v.name(p.get("seat"))
    what = p.get("what")
    count = int(p.get("count") or 0)
    if what == "horizontals":
        return v.tx.n_(
            "{name} removed {n} horizontal", "{name} removed the {n} horizontals", count, name=name
        )
    if what == "horizontal":
        return v.tx._("{name} removed a horizontal", name=name)
    if what == "block":
        return v.tx.n_(
            "{name} removed block {block}: {n} stick",
            "{name} removed block {block}: {n} sticks",
            count,
            name=name,
            block=p.get("block"),
        )
    if what == "column":
        return v.tx.n_(
            "{name} removed {n} stick from column {column}",
            "{name} removed {n} sticks from column {column}",
            count,
            name=name,
            column=p.get("column"),
        )
    return v.tx._("{name} removed nothing", name=name)


CAVALEIRO: dict[str, Say] = {
    "order_roll": lambda v, p: v.tx._(
        "{name} rolled {dice} for the order: {total}",
        name=v.name(p.get("seat")),
        dice=_dice(p),
        total=p.get("total"),
    ),
    "order_tie": lambda v, p: v.tx._(
        "{names} tied on {total} and roll again",
        names=v.tiles(v.name(s) for s in p.get("seats") or []),
        total=p.get("total"),
    ),
    "order_decided": lambda v, p: v.tx._(
        "Order of play: {names}", names=", ".join(v.name(s) for s in p.get("order") or [])
    ),
    "roll": lambda v, p: v.tx._(
        "{name} rolled {dice}: {roll}",
        name=v.name(p.get("seat")),
        dice=_dice(p),
        roll=v.words.roll(p.get("key") or [0]),
    ),
    "round_won": _round_won,
    "sticks_removed": _sticks_removed,
    "game_over": lambda v, p: v.tx.n_(
        "Game over: {name} removed the last stick, after {n} round",
        "Game over: {name} removed the last stick, after {n} rounds",
        int(p.get("rounds") or 0),
        name=v.name(p.get("winner")),
    ),
}

EVENTS: dict[str, dict[str, Say]] = {
    "texas42": TEXAS42,
    "fiveup": FIVEUP,
    "bingo": BINGO,
    "cavaleiro": CAVALEIRO,
}
"""Each game's events by code."""

SAYS_MOVE: dict[str, frozenset[str]] = {
    "texas42": frozenset({"contract"}),
    "fiveup": frozenset({"drew", "passed"}),
    "bingo": frozenset({"stock_closed", "last_two_taken"}),
    "cavaleiro": frozenset({"sticks_removed"}),
}
"""Events that say their move better than the move in words: the log shows them instead."""


def say_event(
    game: str,
    event: Event | Mapping[str, Any],
    lang: str | Texts | Voice,
    names: Sequence[str] = (),
    me: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> str:
    """``event`` (an :class:`~ludoteca.Event`, or a view's ``{"code": …}``) as a
    sentence in ``lang``; ``""`` for a code the game does not have."""
    voice = lang if isinstance(lang, Voice) else Voice.of(game, lang, names, me, options)
    data = event.to_json() if isinstance(event, Event) else event
    say = EVENTS.get(game, {}).get(str(data.get("code")))
    return capitalize(say(voice, data)) if say is not None else ""


@dataclass(frozen=True)
class LogLine:
    """One line of a game's log: a move in words, or what a move did."""

    n: int
    """The move's index in the log."""
    seat: int | None
    """Who made the move (``None``: chance, or a line that names its players)."""
    text: str
    event: bool
    """A line saying what the move did (an event)."""
    notation: str
    """The move in notation."""
    first: bool = True
    """The line that stands for its move (numbered in the log): the move in words,
    or the first event of a move its events say."""

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "seat": self.seat,
            "text": self.text,
            "event": self.event,
            "notation": self.notation,
            "first": self.first,
        }


def log_lines(
    game: str,
    view: Mapping[str, Any],
    lang: str | Texts | Voice,
    names: Sequence[str] = (),
    me: int | None = None,
    *,
    moves: int | None = None,
    notation: bool = False,
    words: Callable[[str], str] | None = None,
    log_from: int = 0,
) -> list[LogLine]:
    """The log of the last ``moves`` moves of ``view`` (all by default): each
    move in words (``words``, by default :func:`~ludoteca.i18n.moves.describe_move`)
    followed by what it did. A chance event, and a move one of whose events says
    it better (:data:`SAYS_MOVE`), is shown by its events alone; with
    ``notation`` every move is shown in notation, then its events. A view made
    with ``log_from=k`` holds the moves from ``k`` on: say the same ``log_from``."""
    voice = (
        lang if isinstance(lang, Voice) else Voice.of(game, lang, names, me, view.get("options"))
    )
    say = words or voice.move
    log: list[str] = list(view.get("log") or [])
    seats = list(view.get("log_seats") or [])
    by_move: dict[int, list[Mapping[str, Any]]] = {}
    for event in view.get("events") or []:
        by_move.setdefault(int(event["n"]) - log_from, []).append(event)
    quiet = SAYS_MOVE.get(game, frozenset())
    start = 0 if moves is None else max(0, len(log) - moves)
    out: list[LogLine] = []
    for i in range(start, len(log)):
        seat = seats[i] if i < len(seats) and isinstance(seats[i], int) else None
        events = by_move.get(i, [])
        said = [(e, say_event(game, e, voice)) for e in events]
        said = [(e, text) for e, text in said if text]
        replaced = bool(said) and (seat is None or any(e["code"] in quiet for e, _ in said))
        n = i + log_from
        if notation or not replaced:
            out.append(LogLine(n, seat, log[i] if notation else say(log[i]), False, log[i]))
        first = not (notation or not replaced)
        for _, text in said:
            out.append(LogLine(n, None, text, True, log[i], first))
            first = False
    return out
