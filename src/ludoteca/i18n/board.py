"""The words on a game's table, from a seat's view: said once, drawn by every app.

:func:`board_words` says what a table shows besides its tiles, sticks and dice:
each seat's badges (who deals, leads, bid, the tricks won), the note on the
felt, the panels beside the table (the score, the bidding, this hand's points,
the round's ranking), the score in one line, and the labels of the table's
things (the stock, the turned-up tile, the open ends). The terminal app draws
them with rich; the web server sends them and the pages draw them.

>>> import ludoteca
>>> game = ludoteca.new_game("texas42", seed=1, names=["Ana", "Bia", "Caio", "Davi"])
>>> words = board_words(game.view(0), Voice.of("texas42", "pt", game.names, me=0))
>>> words["panels"][0]["title"], words["panels"][0]["rows"]
('Marcas (até 7)', [['Nós (Ana e Caio)', '0'], ['Eles (Bia e Davi)', '0']])
>>> words["score_line"]
'Nós 0 – Eles 0'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import N_
from .moves import marks
from .voice import Voice, capitalize

__all__ = ["board_words", "listed_events", "picked_events"]

Line = dict[str, Any]
"""A line of a panel: ``text``, and optionally ``label`` (said before the tiles),
``tiles``, ``kind`` (``warn``, ``last-hand``…) and ``code`` (the event's)."""


def board_words(view: Mapping[str, Any], voice: Voice) -> dict[str, Any]:
    """The words of ``view``'s table, said by ``voice``:

    - ``badges``: for each seat, its badges (``{"text", "kind"}``),
    - ``felt``: the note in the middle of the table, or ``None``,
    - ``panels``: ``{"title", "kind", "rows", "lines"}``, the score panel first,
    - ``score_line``: the score in one short line,
    - ``labels``: the game's things by name (``stock``, ``up``, ``ends``…),
    - ``choices``: the legal moves named as answers to the question the table asks,
      where they have shorter names (Texas 42's trump choice: ``quatros``,
      ``siga-me``; where a Five-Up tile goes: ``na 6-4``).
    """
    say = _GAMES[voice.game]
    out: dict[str, Any] = {
        "badges": [[] for _ in voice.game_type.side_of],
        "felt": None,
        "panels": [_score_panel(view, voice)],
        "score_line": _score_line(view, voice),
        "labels": {},
        "choices": {m: c for m in view["legal_moves"] if (c := voice.choice(m))},
    }
    say(view, voice, out)
    return out


def _scores(view: Mapping[str, Any], voice: Voice) -> list[int]:
    unit = voice.game_type.score_unit
    if unit == "sets":
        return list(view["sets"])
    if unit == "sticks":
        return [f["sticks_left"] for f in view["figures"]]
    return list(view["scores"])


def _score_panel(view: Mapping[str, Any], voice: Voice) -> dict[str, Any]:
    title, rows, _ = voice.score_words(_scores(view, voice))
    return _panel(title, [], "score", [list(row) for row in rows])


def _score_line(view: Mapping[str, Any], voice: Voice) -> str:
    return voice.score_words(_scores(view, voice))[2]


def _badge(text: str, kind: str = "") -> dict[str, str]:
    return {"text": text, "kind": kind}


def _took(voice: Voice, trick: Mapping[str, Any], extra: int = 0) -> str:
    # games: texas42 bingo
    return voice.g_(
        "{name} took it (+{points})",
        name=capitalize(voice.name(trick["winner"])),
        points=trick["points"] + extra,
    )


def _panel(
    title: str | None,
    lines: Sequence[Line],
    kind: str = "info",
    rows: Any = (),
    rows_title: str | None = None,
) -> dict[str, Any]:
    """A panel: its ``title``, its ``lines``, then ``rows`` (a label and a value each)
    under ``rows_title``."""
    return {
        "title": title,
        "kind": kind,
        "lines": list(lines),
        "rows_title": rows_title,
        "rows": [list(r) for r in rows],
    }


def _listing(
    title: str | None,
    codes: Sequence[str],
    *,
    since: str | None = None,
    last: int = 6,
    newest_first: bool = False,
) -> dict[str, Any]:
    """A panel that lists events of the game as they were said (``said["events"]``):
    the ``last`` of ``codes``, from after the last event of code ``since`` that came
    before the last move (so a hand just ended keeps its own events). The apps fill
    it with :func:`listed_events` (the web pages with :func:`picked_events`'s rule,
    from the events and sentences they hold), so the panel needs no history to be said."""
    return {
        **_panel(title, [], "events"),
        "codes": list(codes),
        "since": since,
        "last": last,
        "newest_first": newest_first,
    }


def picked_events(
    panel: Mapping[str, Any], events: Sequence[Mapping[str, Any]], moves: int
) -> list[int]:
    """The indexes in ``events`` (a view's) of the events an events panel
    (:func:`_listing`) lists, in the order shown; ``moves``: the moves played."""
    start = 0
    if panel["since"] is not None:
        for e in reversed(events):
            if e["code"] == panel["since"] and e["n"] < moves - 1:
                start = e["n"] + 1
                break
    picked = [i for i, e in enumerate(events) if e["n"] >= start and e["code"] in panel["codes"]]
    picked = picked[-panel["last"] :]
    return picked[::-1] if panel["newest_first"] else picked


def listed_events(panel: Mapping[str, Any], view: Mapping[str, Any], voice: Voice) -> list[Line]:
    """The lines of an events panel for a whole ``view``: each event said, with its
    code and tiles."""
    from .events import say_event

    events = view.get("events") or []
    return [
        {
            "text": say_event(voice.game, events[i], voice),
            "code": events[i]["code"],
            "tiles": list(events[i].get("tiles") or []),
        }
        for i in picked_events(panel, events, len(view["log"]))
    ]


# ---------------------------------------------------------------- Texas 42


def _texas42(view: Mapping[str, Any], v: Voice, out: dict[str, Any]) -> None:
    for seat, badges in enumerate(out["badges"]):
        if view["dealer"] == seat:
            badges.append(_badge(v.tx.p_("texas42", "deals")))
        bids = [b["bid"] for b in view["bids"] if b["seat"] == seat]
        if bids:
            badges.append(_badge(v.move(bids[-1]), "bid"))
        if view["declarer"] == seat and view["contract"]:
            badges.append(_badge(v.move(view["contract"]), "trump"))
        if view["sitting_out"] == seat:
            badges.append(_badge(v.tx.p_("texas42", "sits out")))
        if view["phase"] == "play" and view["leader"] == seat:
            badges.append(_badge(v.tx.p_("texas42", "leads")))
    last = view["last_trick"]
    if not view["trick"] and last:
        out["felt"] = v.tx.p_("texas42", "Last trick") + " — " + _took(v, last)
    elif view["phase"] in ("bid", "trump"):
        out["felt"] = capitalize(v.words.phase("texas42", view["phase"]))
    lines: list[Line] = []
    if view["high_bid"]:
        bid = capitalize(
            v.tx.p_(
                "texas42",
                "{bid}, by {name}",
                bid=v.move(view["high_bid"]),
                name=v.name(view["bidder"]),
            )
        )
    else:
        bid = v.tx.p_("texas42", "No bid yet")
    lines.append({"text": bid})
    if view["contract"]:
        lines.append(
            {"text": v.tx.p_("texas42", "Trump: {contract}", contract=v.contract(view["contract"]))}
        )
    if view["phase"] == "play":
        a, b = view["points"]
        points = v.tx.p_(
            "texas42",
            "Points this hand: {a} {x} – {b} {y}",
            a=v.side_label(0, short=True),
            x=a,
            b=v.side_label(1, short=True),
            y=b,
        )
        lines.append({"text": points, "kind": "hand-points"})
    if view["trick"] and last:
        lines.append(
            {
                "label": v.tx.p_("texas42", "Last trick"),
                "tiles": [p["tile"] for p in last["plays"]],
                "text": _took(v, last),
                "kind": "last-trick",
            }
        )
    out["panels"].append(_panel(v.tx.p_("texas42", "Bidding"), lines))
    out["panels"].append(_listing(None, [v.hand_end_code], last=1))


# ------------------------------------------------------------------ Bingo


def _bingo(view: Mapping[str, Any], v: Voice, out: dict[str, Any]) -> None:
    for seat, badges in enumerate(out["badges"]):
        if view["leader"] == seat and not view["over"] and view["phase"] != "deal":
            badges.append(_badge(v.tx.p_("bingo", "leads")))
        badges.append(
            _badge(v.tx.np_("bingo", "{n} trick", "{n} tricks", view["tricks_won"][seat]))
        )
        if view["shown"][seat]:
            shown = v.tx.p_("bingo", "Doubles shown: {tiles}", tiles=v.tiles(view["shown"][seat]))
            badges.append(_badge(shown))
    labels = out["labels"]
    labels["stock"] = v.tx.p_("bingo", "Stock: {n}", n=view["stock_count"])
    labels["up"] = v.tx.p_("bingo", "Turned up")
    if view["closed"]:
        labels["closed"] = v.tx.p_(
            "bingo", "{name} closed the stock", name=capitalize(v.name(view["closed_by"]))
        )
    if view["trick"] and view["trick"][0].get("shown"):
        labels["shown"] = v.tx.p_(
            "bingo", "Doubles shown: {tiles}", tiles=v.tiles(view["trick"][0]["shown"])
        )
    last = view["last_trick"]
    if not view["trick"] and last:
        out["felt"] = (
            v.tx.p_("bingo", "Last trick") + " — " + _took(v, last, last.get("show_points") or 0)
        )
    lines: list[Line] = [{"text": v.hand_title(view["hand_number"])}]
    if view["trump"] is not None:
        trump = v.tx.p_(
            "bingo", "Trump: {suit} ({number})", suit=v.suit(view["trump"]), number=view["trump"]
        )
        labels["trump"] = trump
        lines.append({"text": trump, "kind": "trump"})
    if view["following_compulsory"]:
        labels["following"] = v.tx.p_("bingo", "Following is compulsory")
        lines.append({"text": labels["following"], "kind": "warn"})
    points = [[capitalize(v.name(s)), str(p)] for s, p in enumerate(view["points"])]
    out["panels"].append(
        _panel(
            v.tx.p_("bingo", "This hand"),
            lines,
            rows=points,
            rows_title=v.tx.p_("bingo", "Points (to 70)"),
        )
    )
    out["panels"].append(_listing(None, [v.hand_end_code], last=1))
    codes = ["trick_won", "doubles_shown", "bingo_capture", "stock_closed"]
    out["panels"].append(_listing(None, codes, since=v.hand_end_code))


# -------------------------------------------------------------- Cavaleiro


def _cavaleiro(view: Mapping[str, Any], v: Voice, out: dict[str, Any]) -> None:
    for seat, badges in enumerate(out["badges"]):
        fig = view["figures"][seat]
        badges.append(_badge(v.words.sticks(fig["sticks_left"])))
        badges.append(
            _badge(
                v.tx.np_("cavaleiro", "{n} round won", "{n} rounds won", view["rounds_won"][seat])
            )
        )
        if view["round_winner"] == seat:
            won = v.tx.p_("cavaleiro", "{name} won the round", name=capitalize(v.name(seat)))
            badges.append(_badge(won, "trump"))
    labels = out["labels"]
    allowed = view.get("allowed_removal_code")
    if allowed:
        labels["may_remove"] = v.tx.p_(
            "cavaleiro", "May remove: {what}", what=v.words.removal_code(allowed)
        )
    out["round"] = _round(view, v)
    lines: list[Line] = []
    if view["order"]:
        order = v.tx.join(capitalize(v.name(s)) for s in view["order"])
        lines.append({"text": v.tx.p_("cavaleiro", "Order: {names}", names=order)})
    if allowed and view["round_winner"] is not None:
        lines.append({"text": labels["may_remove"]})
    out["panels"].append(_panel(v.tx.p_("cavaleiro", "Round {n}", n=view["round"] or 1), lines))
    if view.get("order_rolloff") and (view["round"] or 0) <= 2:
        rolloff = [
            {
                "text": capitalize(v.name(r["seat"])),
                "dice": list(r["dice"]),
                "after": f"= {r['total']}",
            }
            for stage in view["order_rolloff"]
            for r in stage
        ]
        out["panels"].append(
            _panel(v.tx.p_("cavaleiro", "Roll for order (totals)"), rolloff, "rolloff")
        )


def _round(view: Mapping[str, Any], v: Voice) -> dict[str, Any] | None:
    """The ranking of the round just played: this one once everyone rolled, else the
    last one (whose ranking is this round's order)."""
    last_round: Mapping[str, Any] = view.get("last_round") or {}
    if view["ranking"]:
        number, ranking, rolls = view["round"], view["ranking"], view["rolls"]
    elif last_round:
        number, ranking, rolls = last_round["round"], view["order"], last_round["rolls"]
    else:
        return None
    roll_of = {r["seat"]: r for r in rolls}
    rows = []
    for i, seat in enumerate(ranking):
        roll = roll_of.get(seat)
        before = roll_of.get(ranking[i - 1]) if i else None
        tie = roll is not None and before is not None and roll["key"] == before["key"]
        note = v.tx.p_(
            "cavaleiro", "the same roll: {name} rolled first", name=v.name(ranking[i - 1])
        )
        rows.append(
            {
                "seat": seat,
                "name": capitalize(v.name(seat)),
                "dice": list(roll["dice"]) if roll else [],
                "roll": v.words.roll(roll["key"]) if roll else "",
                "note": note if tie else "",
            }
        )
    if not view["ranking"]:
        after = v.tx.p_(
            "cavaleiro",
            "{name} took: {removal}",
            name=capitalize(v.name(last_round["winner"])),
            removal=v.move(last_round["removal"]),
        )
    elif view.get("allowed_removal_code"):
        after = v.tx.p_(
            "cavaleiro",
            "{name} may remove: {what}",
            name=capitalize(v.name(ranking[0])),
            what=v.words.removal_code(view["allowed_removal_code"]),
        )
    else:
        after = ""
    title = v.tx.p_("cavaleiro", "Round {n}: the ranking", n=number)
    return {"title": title, "number": number, "rows": rows, "after": after}


# ---------------------------------------------------------------- Five-Up


def _fiveup(view: Mapping[str, Any], v: Voice, out: dict[str, Any]) -> None:
    layout = view["layout"]
    for seat, badges in enumerate(out["badges"]):
        if view["leader"] == seat and not layout["tiles"] and not view["over"]:
            badges.append(_badge(v.tx.p_("fiveup", "leads")))
        drawn = (view.get("drawn") or [0] * len(out["badges"]))[seat]
        if drawn:
            badges.append(_badge(v.tx.np_("fiveup", "drew {n}", "drew {n}", drawn)))
    labels = out["labels"]
    labels["stock"] = v.tx.p_(
        "fiveup",
        "Stock: {n} ({drawable} to draw)",
        n=view["stock_size"],
        drawable=view["stock_drawable"],
    )
    counting = [str(e["counts"]) for e in layout["open_ends"] if e["counts"]]
    if counting:
        labels["ends"] = v.tx.p_(
            "fiveup",
            "Open ends: {ends} = {total}",
            ends=" + ".join(counting),
            total=layout["ends_total"],
        )
    if not layout["tiles"] and isinstance(view["leader"], int):
        out["felt"] = v.tx.p_("fiveup", "{name} leads", name=capitalize(v.name(view["leader"])))
    # this hand's points as the engine said them (the ends, the domino, the blocked
    # hand); a hand just ended keeps its own until the next deal
    codes = ["ends_scored", "domino_bonus", "blocked", v.hand_end_code]
    title = v.hand_title(view["hand_number"] or 1)
    out["panels"].append(_listing(title, codes, since=v.hand_end_code, newest_first=True))


_GAMES: dict[str, Callable[[Mapping[str, Any], Voice, dict[str, Any]], None]] = {
    "texas42": _texas42,
    "bingo": _bingo,
    "cavaleiro": _cavaleiro,
    "fiveup": _fiveup,
}


# ------------------------------------------------------ whose step, and the end


_STATUS: dict[str, str] = {
    "turn": N_("Your turn, {name}"),
    "roll": N_("Your roll, {name}"),
    "thinking": N_("{name} is thinking…"),
    "rolls": N_("{name} rolls…"),
    "waiting": N_("Waiting for {name} to join"),
    "to_play": N_("{name} to play"),
}
"""The status lines that name a seat (``{name}``), by step."""


def say_status(voice: Voice, step: str, seat: int | None = None) -> str:
    """What the table waits for, in a status line: ``step`` is ``turn`` or ``roll``
    (the player's own, ``seat``), ``thinking`` (a bot's decision), ``rolls`` (another
    seat rolls), ``waiting`` (for a friend to take the seat), ``to_play`` (another
    person's decision), ``chance`` (a deal or a draw), ``hand_over`` (a hand ended:
    the table waits a moment or for a person).

    >>> say_status(Voice.of("bingo", "pt", ["Ana", "Robô 2 (guloso)"], me=0), "thinking", 1)
    'Robô 2 (guloso) está pensando…'
    """
    message = _STATUS.get(step)
    if message is not None:
        return voice.tx._(message, name=voice.plain(seat) if isinstance(seat, int) else "—")
    if step == "hand_over":
        # games: texas42 fiveup bingo
        return voice.g_("The hand is over.")
    return voice.g_("Drawing…")


def outcome_words(result: Mapping[str, Any], voice: Voice) -> dict[str, Any]:
    """A finished game's end as every app shows it: ``title``, the ``verdict`` for
    the seat looking (``won``: whether it won, ``None`` for a spectator or nobody's
    win) and each side's final score with its unit (``rows``)."""
    winner = result.get("winner")
    sides = result.get("sides") or []
    won: bool | None = None
    if winner is None:
        verdict = voice.tx._("Nobody won.")
    elif voice.me is not None:
        won = voice.me in sides[winner]
        verdict = voice.tx._("You won!") if won else voice.tx._("You lost.")
    else:
        verdict = voice.tx._("{name} won!", name=voice.side_label(winner))
    unit = voice.game_type.score_unit
    rows = []
    for k, score in enumerate(result.get("scores") or []):
        if unit == "marks":
            said = marks(voice.tx, score)
        elif unit == "sets":
            said = voice.tx.np_("bingo", "{n} set", "{n} sets", score)
        elif unit == "sticks":
            said = voice.tx.np_("cavaleiro", "{n} stick removed", "{n} sticks removed", score)
        else:
            said = voice.points(score)
        rows.append([voice.side_label(k), said])
    return {"title": voice.tx._("Game over"), "verdict": verdict, "won": won, "rows": rows}
