"""Why the better move is better, in one plain sentence of the game's words: what it
wins or saves against the move played (or considered), from what the bots' reasons
know (make rates, chances, points, sticks) and what each move does at once
(:func:`ludoteca.effects.move_now`); a comparison of values when nothing more
concrete is known. The numbers behind it are the hint's reasons (:mod:`.hints`).

>>> better = Facts("play 5-5", 0.6, now={"trick_points": 11, "trick_ours": True})
>>> other = Facts("play 6-2", 0.1, now={"trick_points": 11, "trick_ours": False})
>>> say_why("texas42", "marks", better, other, "pt")
'Com o 5-5 a sua dupla leva a vaza e os 11 pontos dela; com o 6-2 quem leva é a dupla adversária.'
>>> say_why("fiveup", "hand_margin", Facts("a", 3, now={"points": 2, "ends": 10}),
...     Facts("b", 1), "en")
'Scores 2 points now: the ends add up to 10.'
>>> say_why("bingo", "match_chance", Facts("a", 0.7), Facts("b", 0.4), "pt")
'Assim você ganha o jogo mais vezes: 7 em 10 contra 4 em 10.'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import NN_, NNP_, NP_, Texts, texts

__all__ = ["Facts", "say_decision_why", "say_why"]


@dataclass(frozen=True)
class Facts:
    """What is known of one move: its value (in the decision's unit), the bot's
    reason (``code`` and ``params``) when it ranked the move, and what the move
    does at once (``now``)."""

    move: str
    value: float
    code: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)
    now: Mapping[str, Any] = field(default_factory=dict)


Why = Callable[[Texts, Facts, Facts], str | None]


def _tile(move: str) -> str:
    found = re.search(r"\d-\d", move)
    return found.group(0) if found else ""


def _tens(rate: float) -> int:
    """A rate in tenths, as players say it ("7 in 10"): 0 and 10 only when certain (0.96
    is "9 in 10", not "10 in 10").

    >>> _tens(0.96), _tens(0.04), _tens(1.0), _tens(0.0), _tens(0.44)
    (9, 1, 10, 0, 4)
    """
    r = float(rate)
    return min(9, max(1, round(r * 10))) if 0 < r < 1 else round(r * 10)


def _rate(f: Facts, key: str) -> float | None:
    value = f.params.get(key)
    return float(value) if isinstance(value, (int, float)) else None


def _takes_trick(tx: Texts, b: Facts, o: Facts, message: tuple[str, str, str]) -> str | None:
    """The better move takes the trick it completes, the other move lets the other side
    take it: ``message`` (``NNP_``) with both tiles, counted by the trick's points."""
    if not b.now.get("trick_ours") or o.now.get("trick_ours") is not False:
        return None
    tb, to = _tile(b.move), _tile(o.move)
    if not tb or not to:
        return None
    return tx.np_(*message, int(b.now["trick_points"]), better=tb, other=to)


def _more_often(tx: Texts, context: str, message: str, better: float, other: float) -> str | None:
    """Two rates that differ in tenths, in ``message`` (``{better} in 10 against {other}
    in 10``)."""
    if _tens(better) == _tens(other):
        return None
    return tx.p_(context, message, better=_tens(better), other=_tens(other))


def _more_on_average(
    tx: Texts, b: Facts, o: Facts, key: str, message: tuple[str, str, str]
) -> str | None:
    """The better move's mean of ``key`` is higher (to one decimal): ``message``
    (``NNP_``) with how much higher, as ``{amount}``."""
    more, less = _rate(b, key), _rate(o, key)
    if more is None or less is None or round(more - less, 1) <= 0:
        return None
    amount = tx.decimal(more - less)
    return tx.np_(*message, tx.count(amount), amount=amount)


# ---------------------------------------------------------------- Texas 42


def _texas42_trick(tx: Texts, b: Facts, o: Facts) -> str | None:
    return _takes_trick(
        tx,
        b,
        o,
        NNP_(
            "texas42",
            "With the {better} your team takes the trick and its {n} point; "
            "with the {other} the other team takes it.",
            "With the {better} your team takes the trick and its {n} points; "
            "with the {other} the other team takes it.",
        ),
    )


def _texas42_rates(tx: Texts, b: Facts, o: Facts) -> str | None:
    rb, ro = _rate(b, "rate"), _rate(o, "rate")
    if b.code == "bid_make_rate" and o.code.startswith("pass"):
        if rb is None:
            return None
        return tx.p_(
            "texas42",
            "This bid is made {n} in 10 times: worth more than passing, which counts as 0.",
            n=_tens(rb),
        )
    if b.code.startswith("pass") and o.code == "bid_make_rate":
        if ro is None:
            return None
        if ro < 0.05:
            return tx.p_("texas42", "Passing risks nothing: that bid would almost never be made.")
        return tx.p_(
            "texas42",
            "Passing risks nothing: that bid would be made only {n} in 10 times.",
            n=_tens(ro),
        )
    if rb is None or ro is None or b.code != o.code:
        return None
    nello, made = bool(b.params.get("nello")), b.params.get("goal") != "set"
    message = _MORE_OFTEN[nello, made] if b.code.startswith("play") else _MORE_OFTEN[False, True]
    return _more_often(tx, "texas42", message, rb, ro) or _more_on_average(
        tx,
        b,
        o,
        "points",
        NNP_(
            "texas42",
            "This way your team takes {amount} point more on average this hand.",
            "This way your team takes {amount} points more on average this hand.",
        ),
    )


_MORE_OFTEN = {
    (False, True): NP_(
        "texas42",
        "This way your team makes the bid more often: {better} in 10 against {other} in 10.",
    ),
    (False, False): NP_(
        "texas42",
        "This way your team sets the bid more often: {better} in 10 against {other} in 10.",
    ),
    (True, True): NP_(
        "texas42", "This way the nello is made more often: {better} in 10 against {other} in 10."
    ),
    (True, False): NP_(
        "texas42", "This way the nello is set more often: {better} in 10 against {other} in 10."
    ),
}


def _texas42(tx: Texts, b: Facts, o: Facts) -> str | None:
    return _texas42_trick(tx, b, o) or _texas42_rates(tx, b, o)


# ------------------------------------------------------------------ Bingo


def _bingo(tx: Texts, b: Facts, o: Facts) -> str | None:
    trick = NNP_(
        "bingo",
        "With the {better} you take the trick and its {n} point; "
        "with the {other} your opponent takes it.",
        "With the {better} you take the trick and its {n} points; "
        "with the {other} your opponent takes it.",
    )
    more_often = NP_(
        "bingo", "This way you win the game more often: {better} in 10 against {other} in 10."
    )
    more_points = NNP_(
        "bingo",
        "This way you take {amount} point more on average this hand.",
        "This way you take {amount} points more on average this hand.",
    )
    return (
        _takes_trick(tx, b, o, trick)
        or _more_often(tx, "bingo", more_often, b.value, o.value)
        or _more_on_average(tx, b, o, "margin", more_points)
    )


# ---------------------------------------------------------------- Five-Up


def _fiveup(tx: Texts, b: Facts, o: Facts) -> str | None:
    if b.now.get("goes_out") and not o.now.get("goes_out"):
        return tx.p_("fiveup", "You go out now and the hand ends in your favour.")
    pb, po = int(b.now.get("points") or 0), int(o.now.get("points") or 0)
    if pb > po:
        if po:
            return tx.np_(
                "fiveup",
                "Scores {n} point now (the ends add up to {ends}), against {other} "
                "with the other move.",
                "Scores {n} points now (the ends add up to {ends}), against {other} "
                "with the other move.",
                pb,
                ends=b.now.get("ends"),
                other=po,
            )
        return tx.np_(
            "fiveup",
            "Scores {n} point now: the ends add up to {ends}.",
            "Scores {n} points now: the ends add up to {ends}.",
            pb,
            ends=b.now.get("ends"),
        )
    rb, ro = _rate(b, "reply"), _rate(o, "reply")
    if rb is not None and ro is not None and round(ro - rb, 1) > 0:
        return tx.np_(
            "fiveup",
            "Leaves the next player less to score: about {better} point against {other}.",
            "Leaves the next player less to score: about {better} points against {other}.",
            tx.count(tx.decimal(rb)),
            better=tx.decimal(rb),
            other=tx.decimal(ro),
        )
    return None


# -------------------------------------------------------------- Cavaleiro


def _cavaleiro(tx: Texts, b: Facts, o: Facts) -> str | None:
    more_often = NP_(
        "cavaleiro",
        "This way you win the game more often: {better} in 10 against {other} in 10.",
    )
    if b.code == "win_chance" and o.code == "win_chance":
        said = _more_often(tx, "cavaleiro", more_often, b.value, o.value)
        if said:
            return said
    sb, so = b.now.get("sticks"), o.now.get("sticks")
    if isinstance(sb, int) and isinstance(so, int) and sb > so:
        return tx.np_(
            "cavaleiro",
            "Removes {n} stick now, against {other} with the other move.",
            "Removes {n} sticks now, against {other} with the other move.",
            sb,
            other=so,
        )
    rb, ro = _rate(b, "rounds"), _rate(o, "rounds")
    if (
        b.code == o.code == "round_wins_needed"
        and rb is not None
        and ro is not None
        and round(ro, 1) > round(rb, 1)
    ):
        return tx.p_(
            "cavaleiro",
            "This way you need fewer round wins to finish: about {better} against {other}.",
            better=tx.decimal(rb),
            other=tx.decimal(ro),
        )
    return None


WHYS: dict[str, Why] = {
    "texas42": _texas42,
    "bingo": _bingo,
    "fiveup": _fiveup,
    "cavaleiro": _cavaleiro,
}
"""Each game's concrete reasons, ``None`` when it knows nothing concrete."""

# ---------------------------------------------------------------- values

MORE_BY_UNIT: dict[str, tuple[str, str]] = {
    "marks": NN_(
        "On average this move is worth {amount} mark more.",
        "On average this move is worth {amount} marks more.",
    ),
    "points": NN_(
        "On average this move is worth {amount} point more.",
        "On average this move is worth {amount} points more.",
    ),
    "hand_margin": NN_(
        "On average this move is worth {amount} point more of margin.",
        "On average this move is worth {amount} points more of margin.",
    ),
    "sticks_taken": NN_(
        "This move takes {amount} stick more.",
        "This move takes {amount} sticks more.",
    ),
    "round_wins_needed": NN_(
        "On average this move needs {amount} round win fewer.",
        "On average this move needs {amount} round wins fewer.",
    ),
}
"""The plain comparison of two values, by unit."""


def _by_values(tx: Texts, unit: str, b: Facts, o: Facts) -> str:
    gain = float(b.value) - float(o.value)
    if round(gain, 3) <= 0:
        return tx._("Both moves are worth the same: either one does as well.")
    if unit in ("match_chance", "game_chance"):
        return tx._("This move wins more often: {amount} more chance.", amount=tx.percent(gain, 1))
    digits = 2 if unit in ("round_wins_needed", "marks") else 1
    if round(gain, digits) == 0:
        return tx._("The two moves are worth almost the same.")
    amount = tx.decimal(gain, digits)
    one, many = MORE_BY_UNIT.get(
        unit,
        NN_(
            "On average this move is worth {amount} more.",
            "On average this move is worth {amount} more.",
        ),
    )
    return tx.n_(one, many, tx.count(amount), amount=amount)


def say_why(game: str, unit: str, better: Facts, other: Facts, lang: str | Texts) -> str:
    """Why ``better`` is better than ``other``, in one sentence of ``lang``."""
    tx = lang if isinstance(lang, Texts) else texts(lang)
    concrete = WHYS.get(game)
    said = concrete(tx, better, other) if concrete is not None else None
    return said or _by_values(tx, unit, better, other)


def say_decision_why(
    game: str,
    unit: str,
    best: str,
    played: str,
    values: Mapping[str, float],
    facts: Mapping[str, Mapping[str, Any]],
    lang: str | Texts,
) -> str:
    """Why a judged decision's ``best`` move is better than the one ``played`` (the
    best played: than the other move of ``facts``, the runner-up), in one sentence;
    ``facts`` are :attr:`ludoteca.analysis.Decision.facts`."""
    others = [m for m in facts if m != best]
    other = played if played != best else (others[0] if others else "")
    if not other:
        return ""

    def of(move: str) -> Facts:
        known = facts.get(move, {})
        return Facts(
            move,
            values.get(move, 0.0),
            known.get("code", ""),
            known.get("params", {}),
            known.get("now", {}),
        )

    return say_why(game, unit, of(best), of(other), lang)
