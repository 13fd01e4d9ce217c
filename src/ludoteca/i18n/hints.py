"""The bots' reasons for a hint said in words, from their codes and numbers.

Each ranked move (:class:`ludoteca.bots.RankedMove`) says why as a ``code``
with ``params`` (each game's codes are in ``docs/bots.md``); :func:`say_hint`
says it in the player's language: numbers, percentages and signs written the
language's way, the trump by its suit.

>>> say_hint("texas42", "bid_make_rate", {"rate": 0.85, "deals": 20,
...     "contract": "trump 5", "mean": 33.5}, "pt")
'cumprido em 85% de 20 distribuições com os cincos como trunfo (média de 33,5 pontos)'
>>> say_hint("cavaleiro", "round_wins_needed", {"rounds": 17.227,
...     "leaves": {"sticks": 0, "horizontals": 0, "intact_blocks": 0}}, "pt")
'ainda faltam 17,227 rodadas ganhas, em média, deixando nenhum palito'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import N_, Texts, texts
from .words import Words

__all__ = ["HINTS", "say_hint"]

Say = Callable[[Texts, Mapping[str, Any]], str]


def _rate(tx: Texts, p: Mapping[str, Any], key: str = "rate") -> str:
    return tx.percent(float(p.get(key) or 0.0))


def contract_words(tx: Texts, contract: str) -> str:
    """A Texas 42 contract as a hint names it: ``os cincos como trunfo``, ``nel-O``."""
    words = contract.split()
    if len(words) == 2 and words[0] == "trump":
        if words[1] in ("doubles", *"0123456"):
            return tx._("{suit} as trump", suit=Words(tx).suit(words[1]))
        if words[1] == "follow-me":
            return tx._("follow-me (no trump)")
    if contract == "nello":
        return tx._("nello (lose every trick)")
    if contract == "sevens":
        return tx._("sevens (the tile nearest 7 wins)")
    return contract


# ---------------------------------------------------------------- Texas 42


def _bid_make_rate(tx: Texts, p: Mapping[str, Any]) -> str:
    return tx._(
        "made in {rate} of {deals} deals with {contract} (average {mean} points)",
        rate=_rate(tx, p),
        deals=p.get("deals"),
        contract=contract_words(tx, str(p.get("contract"))),
        mean=tx.decimal(float(p.get("mean") or 0.0)),
    )


def _play_make_rate(tx: Texts, p: Mapping[str, Any]) -> str:
    values = {
        "rate": _rate(tx, p),
        "deals": p.get("deals"),
        "points": tx.decimal(float(p.get("points") or 0.0)),
    }
    made = p.get("goal") == "made"
    if p.get("nello"):
        if made:
            return tx._(
                "the nello is made in {rate} of {deals} deals "
                "(our side {points} points on average)",
                **values,
            )
        return tx._(
            "the nello is set in {rate} of {deals} deals (our side {points} points on average)",
            **values,
        )
    if made:
        return tx._(
            "the bid is made in {rate} of {deals} deals (our side {points} points on average)",
            **values,
        )
    return tx._(
        "the bid is set in {rate} of {deals} deals (our side {points} points on average)",
        **values,
    )


def _play_points(tx: Texts, p: Mapping[str, Any]) -> str:
    values = {
        "points": tx.decimal(float(p.get("points") or 0.0), sign=True),
        "deals": p.get("deals"),
        "rate": _rate(tx, p),
    }
    if p.get("goal") == "made":
        return tx._(
            "{points} points this hand on average over {deals} deals (bid made in {rate})",
            **values,
        )
    return tx._(
        "{points} points this hand on average over {deals} deals (bid set in {rate})", **values
    )


TEXAS42: dict[str, Say] = {
    "bid_make_rate": _bid_make_rate,
    "pass_risks_nothing": lambda tx, p: tx._("passing risks nothing"),
    "contract_make_rate": lambda tx, p: tx._(
        "makes the bid in {rate} of {deals} deals (average {mean} points)",
        rate=_rate(tx, p),
        deals=p.get("deals"),
        mean=tx.decimal(float(p.get("mean") or 0.0)),
    ),
    "play_make_rate": _play_make_rate,
    "play_points": _play_points,
}

# ------------------------------------------------------------------ Bingo


def _match_estimate(tx: Texts, p: Mapping[str, Any]) -> str:
    values = {
        "equity": _rate(tx, p, "equity"),
        "deals": p.get("deals"),
        "margin": tx.decimal(float(p.get("margin") or 0.0), sign=True),
    }
    if p.get("method") == "solved":
        return tx._(
            "match won {equity} on average over {deals} deals, solved (points {margin} this hand)",
            **values,
        )
    return tx._(
        "match won {equity} on average over {deals} deals, played out and solved "
        "(points {margin} this hand)",
        **values,
    )


BINGO: dict[str, Say] = {
    "match_exact": lambda tx, p: tx._(
        "exact: the match is won {equity} (points {margin} this hand)",
        equity=_rate(tx, p, "equity"),
        margin=tx.decimal(float(p.get("margin") or 0), 0, sign=True),
    ),
    "match_estimate": _match_estimate,
}

# ---------------------------------------------------------------- Five-Up


def _play_estimate(tx: Texts, p: Mapping[str, Any]) -> str:
    points = int(p.get("points") or 0)
    if points:
        parts = [tx._("ends {ends} → {points}", ends=p.get("ends"), points=points)]
    else:
        parts = [tx._("ends {ends}", ends=p.get("ends"))]
    if p.get("goes_out"):
        parts.append(tx._("goes out (about {bonus})", bonus=p.get("bonus")))
    if p.get("reply"):
        parts.append(
            tx._("the next player may score {points}", points=tx.decimal(float(p["reply"])))
        )
    return ", ".join(parts)


def _hand_margin(tx: Texts, p: Mapping[str, Any]) -> str:
    deals = int(p.get("deals") or 0)
    solved = int(p.get("solved") or 0)
    if solved and solved == deals:
        how = tx._("solved exactly on {deals} deals", deals=deals)
    elif solved:
        how = tx._(
            "{solved} of {deals} deals solved exactly, the others played out",
            solved=solved,
            deals=deals,
        )
    else:
        how = tx._("played out on {deals} deals", deals=deals)
    margin = tx.decimal(float(p.get("margin") or 0.0), 2, sign=True)
    return tx._("margin {margin} for the rest of the hand ({how})", margin=margin, how=how)


FIVEUP: dict[str, Say] = {
    "only_move": lambda tx, p: tx._("the only move"),
    "play_estimate": _play_estimate,
    "hand_margin": _hand_margin,
}

# -------------------------------------------------------------- Cavaleiro


def figure_words(tx: Texts, leaves: Mapping[str, Any]) -> str:
    """What a Cavaleiro figure keeps: ``21 palitos: 2 horizontais, 1 bloco inteiro``."""
    sticks = int(leaves.get("sticks") or 0)
    if not sticks:
        return tx._("no stick")
    parts = [tx.n_("{n} horizontal", "{n} horizontals", int(leaves.get("horizontals") or 0))]
    intact = int(leaves.get("intact_blocks") or 0)
    if intact:
        parts.append(tx.n_("{n} intact block", "{n} intact blocks", intact))
    return tx.n_("{n} stick: {parts}", "{n} sticks: {parts}", sticks, parts=", ".join(parts))


CAVALEIRO: dict[str, Say] = {
    "win_chance": lambda tx, p: tx._(
        "wins {chance} of the time, leaving {figure}",
        chance=tx.percent(float(p.get("chance") or 0.0), 2),
        figure=figure_words(tx, p.get("leaves") or {}),
    ),
    "round_wins_needed": lambda tx, p: tx._(
        "{rounds} round wins still needed on average, leaving {figure}",
        rounds=tx.decimal(float(p.get("rounds") or 0.0), 3),
        figure=figure_words(tx, p.get("leaves") or {}),
    ),
    "takes_sticks": lambda tx, p: tx.n_(
        "takes {n} stick, leaving {figure}",
        "takes {n} sticks, leaving {figure}",
        int(p.get("sticks") or 0),
        figure=figure_words(tx, p.get("leaves") or {}),
    ),
    "nothing_left": lambda tx, p: tx._("nothing the roll allows is left"),
}

HINTS: dict[str, dict[str, Say]] = {
    "texas42": TEXAS42,
    "bingo": BINGO,
    "fiveup": FIVEUP,
    "cavaleiro": CAVALEIRO,
}
"""Each game's hint reasons by code (``docs/bots.md``)."""

VALUE = N_("estimated value {value}")
"""A reason with no code of its own: the bot's value alone."""


def say_hint(
    game: str, code: str, params: Mapping[str, Any] | None, lang: str | Texts, value: float = 0.0
) -> str:
    """A bot's reason for a ranked move, said in ``lang`` from its ``code`` and ``params``."""
    tx = lang if isinstance(lang, Texts) else texts(lang)
    say = HINTS.get(game, {}).get(code)
    if say is None:
        return tx._(VALUE, value=tx.decimal(value, 3))
    return say(tx, params or {})
