"""Hints and the analysis in words, from the bots' codes: why each move is worth
its value (:func:`say_hint`, from a ranked move's ``code`` and ``params``, the
one way a reason is said), what values are counted in, the values and costs
themselves, and why moves of equal value come in the order they do
(:class:`HintTexts`, from ``unit`` and ``tie``): numbers, percentages and signs
written the language's way, the trump by its suit.

>>> say_hint("texas42", "bid_make_rate", {"rate": 0.85, "deals": 20,
...     "contract": "trump 5", "mean": 33.5}, "pt")
'cumprido em 85% de 20 distribuições com os cincos como trunfo (média de 33,5 pontos)'
>>> say_hint("cavaleiro", "round_wins_needed", {"rounds": 17.227,
...     "leaves": {"sticks": 0, "horizontals": 0, "intact_blocks": 0}}, "pt")
'ainda faltam 17,227 rodadas ganhas, em média, deixando nenhum palito'
>>> from ludoteca.bots import RankedMove
>>> move = RankedMove("close", 0.727, "", "match_estimate",
...     {"equity": 0.727, "deals": 261, "method": "played_out", "margin": 105.3},
...     unit="match_chance")
>>> say = HintTexts("pt")
>>> say.value("match_chance", 0.727), say.unit("match_chance")
('72,7%', 'chance de ganhar o jogo')
>>> HintTexts("en").cost("marks", 0.5)
'0.5 marks'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from . import N_, NN_, NP_, Texts, texts
from .moves import describe_move
from .voice import Voice
from .why import Facts, say_why
from .words import Words

__all__ = [
    "COST_MESSAGES",
    "HINTS",
    "TIE_MESSAGES",
    "UNIT_NAMES",
    "HintTexts",
    "RankedLike",
    "hint_payload",
    "say_hint",
]

Say = Callable[[Texts, Mapping[str, Any]], str]
NowOf = Callable[[str], Mapping[str, Any]] | None
"""What a move does at once, by move (:func:`ludoteca.effects.move_now`), if known."""


def _rate(tx: Texts, p: Mapping[str, Any], key: str = "rate") -> str:
    return tx.percent(float(p.get(key) or 0.0))


def contract_words(tx: Texts, contract: str) -> str:
    """A Texas 42 contract as a hint names it: ``os cincos como trunfo``, ``nel-O``
    (the contract parsed by the game; other contracts as the move says them)."""
    move = Voice.of("texas42", tx).decision(contract)
    if move is not None and move.kind == "trump" and (move.numbers or move.detail == "doubles"):
        suit = move.numbers[0] if move.numbers else "doubles"
        return tx.p_("texas42", "{suit} as trump", suit=Words(tx).suit(suit))
    return describe_move("texas42", contract, tx)


# ---------------------------------------------------------------- Texas 42


def _deals(tx: Texts, p: Mapping[str, Any]) -> str:
    """How many deals a Texas 42 estimate looked at: ``2.000 distribuições``."""
    return tx.np_("texas42", "{n} deal", "{n} deals", int(p.get("deals") or 0))


def _points(tx: Texts, value: float, *, sign: bool = False) -> str:
    """Texas 42 points, an average: ``33,5 pontos``, ``1 ponto``."""
    amount = tx.decimal(value, sign=sign)
    form = tx.count(amount)
    return tx.np_("texas42", "{amount} point", "{amount} points", form, amount=amount)


def _bid_make_rate(tx: Texts, p: Mapping[str, Any]) -> str:
    return tx.p_(
        "texas42",
        "made in {rate} of {deals} with {contract} (average {mean})",
        rate=_rate(tx, p),
        deals=_deals(tx, p),
        contract=contract_words(tx, str(p.get("contract"))),
        mean=_points(tx, float(p.get("mean") or 0.0)),
    )


def _play_make_rate(tx: Texts, p: Mapping[str, Any]) -> str:
    values = {
        "rate": _rate(tx, p),
        "deals": _deals(tx, p),
        "points": _points(tx, float(p.get("points") or 0.0)),
    }
    message = _PLAY_MAKE_RATE[bool(p.get("nello")), p.get("goal") == "made"]
    return tx.p_("texas42", message, **values)


_PLAY_MAKE_RATE = {
    (True, True): NP_(
        "texas42", "the nello is made in {rate} of {deals} (our side {points} on average)"
    ),
    (True, False): NP_(
        "texas42", "the nello is set in {rate} of {deals} (our side {points} on average)"
    ),
    (False, True): NP_(
        "texas42", "the bid is made in {rate} of {deals} (our side {points} on average)"
    ),
    (False, False): NP_(
        "texas42", "the bid is set in {rate} of {deals} (our side {points} on average)"
    ),
}
"""How a play's chance of making the bid is said, by (nello?, the bid to make?)."""


def _play_points(tx: Texts, p: Mapping[str, Any]) -> str:
    values = {
        "points": _points(tx, float(p.get("points") or 0.0), sign=True),
        "deals": _deals(tx, p),
        "rate": _rate(tx, p),
    }
    message = _PLAY_POINTS[p.get("goal") == "made"]
    return tx.p_("texas42", message, **values)


_PLAY_POINTS = {
    True: NP_("texas42", "{points} this hand on average over {deals} (bid made in {rate})"),
    False: NP_("texas42", "{points} this hand on average over {deals} (bid set in {rate})"),
}
"""How a play's points are said, by whether the bid is to be made (or set)."""


def _contract_make_rate(tx: Texts, p: Mapping[str, Any]) -> str:
    said = tx.p_(
        "texas42",
        "makes the bid in {rate} of {deals} (average {mean})",
        rate=_rate(tx, p),
        deals=_deals(tx, p),
        mean=_points(tx, float(p.get("mean") or 0.0)),
    )
    if p.get("contract"):
        return tx.p_(
            "texas42",
            "{contract}: {said}",
            contract=contract_words(tx, str(p["contract"])),
            said=said,
        )
    return said


TEXAS42: dict[str, Say] = {
    "bid_make_rate": _bid_make_rate,
    "pass_risks_nothing": lambda tx, p: tx.p_(
        "texas42",
        "passing counts as 0: a bid is worth more when it is made in over {threshold} of the deals",
        threshold=tx.percent(float(p.get("threshold", 0.75))),
    ),
    "pass_partner_holds": lambda tx, p: tx.p_(
        "texas42",
        "the partner holds the bid; passing counts as 0: taking it over is worth more "
        "with a bid made in over {threshold} of the deals",
        threshold=tx.percent(float(p.get("threshold", 0.9))),
    ),
    "contract_make_rate": _contract_make_rate,
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
        return tx.p_(
            "bingo",
            "match won {equity} on average over {deals} deals, solved (points {margin} this hand)",
            **values,
        )
    return tx.p_(
        "bingo",
        "match won {equity} on average over {deals} deals, played out and solved "
        "(points {margin} this hand)",
        **values,
    )


BINGO: dict[str, Say] = {
    "match_exact": lambda tx, p: tx.p_(
        "bingo",
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
        parts = [tx.p_("fiveup", "ends {ends} → {points}", ends=p.get("ends"), points=points)]
    else:
        parts = [tx.p_("fiveup", "ends {ends}", ends=p.get("ends"))]
    if p.get("goes_out"):
        parts.append(tx.p_("fiveup", "goes out (about {bonus})", bonus=p.get("bonus")))
    if p.get("reply"):
        parts.append(
            tx.p_(
                "fiveup", "the next player may score {points}", points=tx.decimal(float(p["reply"]))
            )
        )
    return ", ".join(parts)


def _hand_margin(tx: Texts, p: Mapping[str, Any]) -> str:
    deals = int(p.get("deals") or 0)
    solved = int(p.get("solved") or 0)
    if solved and solved == deals:
        how = tx.p_("fiveup", "solved exactly on {deals} deals", deals=deals)
    elif solved:
        how = tx.p_(
            "fiveup",
            "{solved} of {deals} deals solved exactly, the others played out",
            solved=solved,
            deals=deals,
        )
    else:
        how = tx.p_("fiveup", "played out on {deals} deals", deals=deals)
    margin = tx.decimal(float(p.get("margin") or 0.0), 2, sign=True)
    return tx.p_(
        "fiveup", "margin {margin} for the rest of the hand ({how})", margin=margin, how=how
    )


FIVEUP: dict[str, Say] = {
    "only_move": lambda tx, p: tx.p_("fiveup", "the only move"),
    "play_estimate": _play_estimate,
    "hand_margin": _hand_margin,
}

# -------------------------------------------------------------- Cavaleiro


def figure_words(tx: Texts, leaves: Mapping[str, Any]) -> str:
    """What a Cavaleiro figure keeps: ``21 palitos: 2 horizontais, 1 bloco inteiro``."""
    sticks = int(leaves.get("sticks") or 0)
    if not sticks:
        return tx.p_("cavaleiro", "no stick")
    parts = [Words(tx).horizontals(int(leaves.get("horizontals") or 0))]
    intact = int(leaves.get("intact_blocks") or 0)
    if intact:
        parts.append(tx.np_("cavaleiro", "{n} intact block", "{n} intact blocks", intact))
    return tx.np_(
        "cavaleiro", "{n} stick: {parts}", "{n} sticks: {parts}", sticks, parts=", ".join(parts)
    )


def _round_wins(tx: Texts, value: float) -> str:
    """Round wins, an average: ``2,333 rodadas ganhas``."""
    amount = tx.decimal(value, 3)
    form = tx.count(amount)
    return tx.np_("cavaleiro", "{amount} round win", "{amount} round wins", form, amount=amount)


CAVALEIRO: dict[str, Say] = {
    "win_chance": lambda tx, p: tx.p_(
        "cavaleiro",
        "wins {chance} of the time, leaving {figure}",
        chance=tx.percent(float(p.get("chance") or 0.0), 2),
        figure=figure_words(tx, p.get("leaves") or {}),
    ),
    "round_wins_needed": lambda tx, p: tx.p_(
        "cavaleiro",
        "{rounds} still needed on average, leaving {figure}",
        rounds=_round_wins(tx, float(p.get("rounds") or 0.0)),
        figure=figure_words(tx, p.get("leaves") or {}),
    ),
    "takes_sticks": lambda tx, p: tx.np_(
        "cavaleiro",
        "takes {n} stick, leaving {figure}",
        "takes {n} sticks, leaving {figure}",
        int(p.get("sticks") or 0),
        figure=figure_words(tx, p.get("leaves") or {}),
    ),
    "nothing_left": lambda tx, p: tx.p_("cavaleiro", "nothing the roll allows is left"),
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


class RankedLike(Protocol):
    """What a ranked move offers (:class:`ludoteca.bots.RankedMove`)."""

    @property
    def move(self) -> str: ...
    @property
    def value(self) -> float: ...
    @property
    def reason(self) -> str: ...
    @property
    def code(self) -> str: ...
    @property
    def params(self) -> Mapping[str, Any]: ...
    @property
    def unit(self) -> str: ...
    @property
    def tie(self) -> str: ...


UNIT_NAMES: dict[str, str] = {
    "match_chance": N_("chance of winning the match"),
    "game_chance": N_("chance of winning the game"),
    "round_wins_needed": N_("round wins still needed (fewer is better)"),
    "sticks_taken": N_("sticks taken (a horizontal counts three)"),
    "marks": N_("marks expected this hand (ours minus theirs)"),
    "points": N_("points expected this hand (ours minus theirs)"),
    "hand_margin": N_("points margin over the rest of the hand (against each opponent, summed)"),
}
"""Each unit a value is counted in, in words."""

COST_MESSAGES: dict[str, tuple[str, str]] = {
    "match_chance": (N_("{cost} less chance of winning the match"), ""),
    "game_chance": (N_("{cost} less chance of winning the game"), ""),
    "round_wins_needed": NN_("{cost} more round win needed", "{cost} more round wins needed"),
    "sticks_taken": NN_("{cost} fewer stick taken", "{cost} fewer sticks taken"),
    "hand_margin": NN_("{cost} point of margin", "{cost} points of margin"),
    "marks": NN_("{cost} mark", "{cost} marks"),
    "points": NN_("{cost} point", "{cost} points"),
}
"""What a decision cost, in each unit (``{cost}`` is positive): its message, and its
plural for the units that count things."""

TIE_MESSAGES: dict[str, str] = {
    "sooner_win": N_(
        "Equal chances: a move that wins the hand at once comes first, then the larger "
        "points margin.",
    ),
    "same_figure": N_(
        "Equal values: these removals leave the same figure (columns and blocks swapped); "
        "the lowest column is listed first.",
    ),
    "fewer_sticks": N_("Equal values: the removal that leaves fewer sticks comes first."),
    "keeps_blocks": N_(
        "Equal values: the removal that keeps more blocks and columns whole comes first.",
    ),
    "more_points": N_("Equal values: the move with more points on average comes first."),
    "cheaper_bid": N_("Equal values: passing, then the cheaper bid, comes first."),
    "same_play": N_("Equal values: the same tile laid the same way on another end."),
    "move_order": N_("Equal values: listed in the order of the legal moves."),
}
"""Why a move comes after another of the same value, by rule."""

_CHANCES = ("match_chance", "game_chance")


class HintTexts:
    """Hints and costs said in one language."""

    def __init__(self, lang: str | Texts) -> None:
        self.tx = lang if isinstance(lang, Texts) else texts(lang)

    # ---------------------------------------------------------------- units

    def unit(self, unit: str) -> str:
        """What values are counted in (an unknown unit as it is)."""
        message = UNIT_NAMES.get(unit)
        return self.tx._(message) if message else unit

    def value(self, unit: str, value: float) -> str:
        """A value as the unit is read: ``72,7%``, ``+0,5``, ``20,366``."""
        tx = self.tx
        if unit in _CHANCES:
            return tx.percent(value, 1)
        if unit == "round_wins_needed":
            return tx.decimal(-value, 3)
        if unit == "sticks_taken":
            return tx.decimal(value, 0)
        if unit == "marks":
            return tx.decimal(value, 2, sign=True)
        if unit in UNIT_NAMES:
            return tx.decimal(value, 1, sign=True)
        return tx.decimal(value, 2)

    def cost(self, unit: str, cost: float) -> str:
        """What a decision cost (a positive difference of values), with its unit."""
        tx = self.tx
        if unit in _CHANCES:
            amount = tx.percent(cost, 1)
        elif unit == "round_wins_needed":
            amount = tx.decimal(cost, 3)
        elif unit == "marks":
            amount = tx.decimal(cost, 2)
        else:
            amount = tx.decimal(cost, 1)
        messages = COST_MESSAGES.get(unit)
        if messages is None:
            return amount
        one, many = messages
        if not many:  # a share: "72,7% less chance"
            return tx._(one, cost=amount)
        return tx.n_(one, many, tx.count(amount), cost=amount)  # "0.5 marks", "0,5 marca"

    def tie(self, rule: str) -> str:
        """Why a move comes after another of the same value."""
        message = TIE_MESSAGES.get(rule)
        return self.tx._(message) if message else ""

    # -------------------------------------------------------------- reasons

    def reason(self, game: str, ranked: RankedLike) -> str:
        """Why ``ranked`` is worth its value, in words (:func:`say_hint`), with the
        word that it wins the hand at once when it does."""
        said = say_hint(game, ranked.code, ranked.params, self.tx, ranked.value)
        if ranked.params.get("at_once"):
            return self.tx._("wins the hand at once; {rest}", rest=said)
        return said

    def why(
        self, game: str, unit: str, better: RankedLike, other: RankedLike, now: NowOf = None
    ) -> str:
        """Why ``better`` is better than ``other``, in one sentence (:func:`say_why`);
        ``now`` tells what a move does at once."""
        return say_why(game, unit, _facts(better, now), _facts(other, now), self.tx)

    # --------------------------------------------------------------- a hint

    def entries(
        self, game: str, ranked: Sequence[RankedLike], now: NowOf = None
    ) -> list[dict[str, Any]]:
        """A ranked list said in words, for the apps: each move with its label, its
        value as data and as text, its reason, the rule of a tie, and ``why`` the
        best move is better than it (the best: than the runner-up)."""
        out = []
        for i, r in enumerate(ranked):
            if i == 0:
                why = self.why(game, r.unit, r, ranked[1], now) if len(ranked) > 1 else ""
            else:
                why = self.why(game, r.unit, ranked[0], r, now)
            out.append(
                {
                    "move": r.move,
                    "label": describe_move(game, r.move, self.tx),
                    "value": round(float(r.value), 6),
                    "value_text": self.value(r.unit, r.value),
                    "unit": r.unit,
                    "reason": self.reason(game, r),
                    "code": r.code,
                    "params": _plain(r.params),
                    "tie": r.tie,
                    "tie_text": self.tie(r.tie) if r.tie else "",
                    "why": why,
                }
            )
        return out


def hint_payload(
    game: str, items: Sequence[Any], lang: str | Texts, now: NowOf = None
) -> dict[str, Any]:
    """A hint as the apps show it: the moves said in words (:meth:`HintTexts.entries`),
    the unit of their values, and the rules of their ties. ``items`` are ranked
    moves, or dictionaries with their fields; ``now`` tells what a move does at
    once (:func:`ludoteca.effects.move_now` on the game the hint is for)."""
    ranked = [_ranked(item) for item in items]
    say = HintTexts(lang)
    unit = ranked[0].unit if ranked else ""
    ties = list(dict.fromkeys(r.tie for r in ranked if r.tie))
    return {
        "moves": say.entries(game, ranked, now),
        "unit": unit,
        "unit_text": say.unit(unit) if unit else "",
        "ties": [say.tie(rule) for rule in ties],
    }


def _facts(r: RankedLike, now: NowOf) -> Facts:
    return Facts(r.move, float(r.value), r.code, r.params, now(r.move) if now else {})


def _ranked(item: Any) -> RankedLike:
    from ludoteca.bots import RankedMove

    if isinstance(item, RankedMove):
        return item
    if isinstance(item, Mapping):
        params = item.get("params")
        return RankedMove(
            move=str(item.get("move", "")),
            value=float(item.get("value") or 0.0),
            reason=str(item.get("reason") or ""),
            code=str(item.get("code") or "value"),
            params=params if isinstance(params, Mapping) else {},
            unit=str(item.get("unit") or ""),
            tie=str(item.get("tie") or ""),
        )
    return RankedMove(str(item), 0.0, "")


def _plain(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as JSON holds them, floats rounded (no ``0.5999999999999999``)."""
    out: dict[str, Any] = {}
    for k, v in params.items():
        if isinstance(v, float):
            out[k] = round(v, 6)
        elif isinstance(v, Mapping):
            out[k] = _plain(v)
        else:
            out[k] = v
    return out
