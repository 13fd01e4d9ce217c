"""Hints and the analysis in words: what values are counted in, the values and
costs themselves, why each move is ranked where it is, and why moves of equal
value come in the order they do — all from the catalogs, from the bots' codes
and parameters (:class:`ludoteca.bots.RankedMove`'s ``code``, ``params``,
``unit`` and ``tie``).

>>> from ludoteca.bots import RankedMove
>>> move = RankedMove("close", 0.727, "", "match_estimate",
...     {"equity": 0.727, "deals": 261, "method": "played_out", "margin": 105.3},
...     unit="match_chance")
>>> say = HintTexts("pt")
>>> say.value("match_chance", 0.727), say.unit("match_chance")
('72,7%', 'chance de ganhar a partida')
>>> say.reason("bingo", move)
'estimativa em 261 distribuições, cada uma jogada até o fim e resolvida; pontos +105,3 nesta mão'
>>> HintTexts("en").cost("marks", 0.5)
'0.5 marks'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from . import N_, Texts, texts
from .moves import describe_move

__all__ = [
    "COST_MESSAGES",
    "TIE_MESSAGES",
    "UNIT_NAMES",
    "HintTexts",
    "RankedLike",
    "hint_payload",
]


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

COST_MESSAGES: dict[str, str] = {
    "match_chance": N_("{cost} less chance of winning the match"),
    "game_chance": N_("{cost} less chance of winning the game"),
    "round_wins_needed": N_("{cost} more round wins needed"),
    "sticks_taken": N_("{cost} fewer sticks taken"),
    "hand_margin": N_("{cost} points of margin"),
}
"""What a decision cost, in each unit (``{cost}`` is positive); marks and points
have plural forms of their own."""

TIE_MESSAGES: dict[str, str] = {
    "sooner_win": N_(
        "Equal chances: a move that wins the hand at once comes first, then the larger "
        "points margin."
    ),
    "same_figure": N_(
        "Equal values: these removals leave the same figure (columns and blocks swapped); "
        "the lowest column is listed first."
    ),
    "fewer_sticks": N_("Equal values: the removal that leaves fewer sticks comes first."),
    "keeps_blocks": N_(
        "Equal values: the removal that keeps more blocks and columns whole comes first."
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
        form = 1 if round(cost, 2) == 1 else 2  # "1 mark", "0.5 marks"
        if unit == "marks":
            return tx.n_("{cost} mark", "{cost} marks", form, cost=amount)
        if unit == "points":
            return tx.n_("{cost} point", "{cost} points", form, cost=amount)
        message = COST_MESSAGES.get(unit)
        return tx._(message, cost=amount) if message else amount

    def tie(self, rule: str) -> str:
        """Why a move comes after another of the same value."""
        message = TIE_MESSAGES.get(rule)
        return self.tx._(message) if message else ""

    # -------------------------------------------------------------- reasons

    def figure(self, leaves: Mapping[str, Any]) -> str:
        """A Cavaleiro figure's summary in words: ``28 sticks: 3 horizontals, 2 intact blocks``."""
        tx = self.tx
        n = int(leaves.get("sticks", 0))
        if not n:
            return tx._("no stick")
        parts = [tx.n_("{n} horizontal", "{n} horizontals", int(leaves.get("horizontals", 0)))]
        intact = int(leaves.get("intact_blocks", 0))
        if intact:
            parts.append(tx.n_("{n} intact block", "{n} intact blocks", intact))
        return tx.n_("{n} stick: {parts}", "{n} sticks: {parts}", n, parts=", ".join(parts))

    def reason(self, game: str, ranked: RankedLike) -> str:
        """Why ``ranked`` is worth its value, in words (for a code this module does
        not know, its English ``reason`` as the older rules say it)."""
        said = self._reason(game, ranked.code, ranked.params)
        if said is None:
            from .reasons import translate

            return translate(game, ranked.reason, self.tx.lang)
        if ranked.params.get("at_once"):
            return self.tx._("wins the hand at once; {rest}", rest=said)
        return said

    def _reason(self, game: str, code: str, p: Mapping[str, Any]) -> str | None:
        tx = self.tx
        pct = tx.percent
        if code == "bid_make_rate":
            return tx._(
                "{contract}: made in {rate} of {deals} deals (average {mean} points)",
                contract=describe_move(game, str(p["contract"]), tx),
                rate=pct(p["rate"]),
                deals=int(p["deals"]),
                mean=tx.decimal(p["mean"], 1),
            )
        if code == "pass_risks_nothing":
            return tx._(
                "passing counts as 0: a bid is worth more when it is made in over "
                "{threshold} of the deals",
                threshold=pct(p.get("threshold", 0.75)),
            )
        if code == "pass_partner_holds":
            return tx._(
                "the partner holds the bid; passing counts as 0: taking it over is worth more "
                "with a bid made in over {threshold} of the deals",
                threshold=pct(p.get("threshold", 0.9)),
            )
        if code == "contract_make_rate":
            return tx._(
                "makes the bid in {rate} of {deals} deals (average {mean} points)",
                rate=pct(p["rate"]),
                deals=int(p["deals"]),
                mean=tx.decimal(p["mean"], 1),
            )
        if code == "play_points":
            params = {
                "points": tx.decimal(p["points"], 1, sign=True),
                "deals": int(p["deals"]),
                "rate": pct(p["rate"]),
            }
            if p["goal"] == "made":
                return tx._(
                    "{points} points this hand on average over {deals} deals (bid made in {rate})",
                    **params,
                )
            return tx._(
                "{points} points this hand on average over {deals} deals (bid set in {rate})",
                **params,
            )
        if code == "play_make_rate":
            params = {
                "rate": pct(p["rate"]),
                "deals": int(p["deals"]),
                "points": tx.decimal(p["points"], 1),
            }
            nello, made = bool(p.get("nello")), p["goal"] == "made"
            if nello and made:
                message = N_(
                    "the nello is made in {rate} of {deals} deals "
                    "(our side {points} points on average)"
                )
            elif nello:
                message = N_(
                    "the nello is set in {rate} of {deals} deals "
                    "(our side {points} points on average)"
                )
            elif made:
                message = N_(
                    "the bid is made in {rate} of {deals} deals "
                    "(our side {points} points on average)"
                )
            else:
                message = N_(
                    "the bid is set in {rate} of {deals} deals "
                    "(our side {points} points on average)"
                )
            return tx._(message, **params)
        if code == "match_exact":
            return tx._(
                "exact, every tile known; points {margin} this hand",
                margin=tx.decimal(p["margin"], 0, sign=True),
            )
        if code == "match_estimate":
            params = {"deals": int(p["deals"]), "margin": tx.decimal(p["margin"], 1, sign=True)}
            if p.get("method") == "solved":
                return tx._(
                    "estimated over {deals} deals, each solved; points {margin} this hand",
                    **params,
                )
            return tx._(
                "estimated over {deals} deals, each played out and solved; "
                "points {margin} this hand",
                **params,
            )
        if code == "win_chance":
            return tx._(
                "exact; leaves {figure}",
                figure=self.figure(p["leaves"]),
            )
        if code == "round_wins_needed":
            return tx._("leaves {figure}", figure=self.figure(p["leaves"]))
        if code == "takes_sticks":
            return tx.n_(
                "takes {n} stick, leaves {figure}",
                "takes {n} sticks, leaves {figure}",
                int(p["sticks"]),
                figure=self.figure(p["leaves"]),
            )
        if code == "nothing_left":
            return tx._("nothing the roll allows is left")
        if code == "hand_margin":
            deals, solved = int(p["deals"]), int(p.get("solved", 0))
            if solved == deals:
                how = tx._("solved exactly on {deals} deals", deals=deals)
            elif solved:
                how = tx._(
                    "{solved} of {deals} deals solved exactly, the others played out",
                    solved=solved,
                    deals=deals,
                )
            else:
                how = tx._("played out on {deals} deals", deals=deals)
            return tx._(
                "margin {margin} for the rest of the hand ({how})",
                margin=tx.decimal(p["margin"], 2, sign=True),
                how=how,
            )
        if code == "only_move":
            return tx._("the only move")
        return None

    # --------------------------------------------------------------- a hint

    def entries(self, game: str, ranked: Sequence[RankedLike]) -> list[dict[str, Any]]:
        """A ranked list said in words, for the apps: each move with its label, its
        value as data and as text, its reason, and the rule of a tie."""
        out = []
        for r in ranked:
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
                }
            )
        return out


def hint_payload(game: str, items: Sequence[Any], lang: str | Texts) -> dict[str, Any]:
    """A hint as the apps show it: the moves said in words (:meth:`HintTexts.entries`),
    the unit of their values, and the rules of their ties. ``items`` are ranked
    moves, or dictionaries with their fields."""
    ranked = [_ranked(item) for item in items]
    say = HintTexts(lang)
    unit = ranked[0].unit if ranked else ""
    ties = list(dict.fromkeys(r.tie for r in ranked if r.tie))
    return {
        "moves": say.entries(game, ranked),
        "unit": unit,
        "unit_text": say.unit(unit) if unit else "",
        "ties": [say.tie(rule) for rule in ties],
    }


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
