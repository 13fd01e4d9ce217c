"""The end of a hand in words, from the events of the move that ended it.

Texas 42's ``hand_over`` and Five-Up's and Bingo's ``hand_ended`` (with the
bonus events of the same move) become the summary the terminal shows until the
player continues: the contract made or set, the points per side, the marks,
sets or points gained and why, the tiles left and the domino bonus.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.style import Style
from rich.text import Text

from ludoteca.events import Event
from ludoteca.i18n import Texts, texts
from ludoteca.i18n.moves import describe_move

from .boards import contract_name

__all__ = ["HAND_ENDS", "hand_end_summary"]

HAND_ENDS = frozenset({"hand_over", "hand_ended"})
TITLE = Style(bold=True)
GAIN = Style(bold=True, color="green")


def hand_end_summary(
    game: str, view: dict[str, Any], events: Sequence[Event], lang: str
) -> Text | None:
    """The summary of the hand that ``events`` (one move's) ended, or ``None``."""
    end = next((e for e in events if e.code in HAND_ENDS), None)
    if end is None:
        return None
    found = {e.code: e.params for e in events}
    tx = texts(lang)
    names: list[str] = view["names"]
    if game == "texas42":
        return _texas42(end.params, view, names, tx, lang)
    if game == "bingo":
        return _bingo(end.params, view, names, tx)
    if game == "fiveup":
        return _fiveup(end.params, found, view, names, tx)
    return None


def _rows(out: Text, names: Sequence[str], values: Sequence[object]) -> None:
    width = max(len(n) for n in names)
    for name, value in zip(names, values, strict=True):
        out.append(f"  {name:<{width}}  {value}\n")


def _texas42(
    e: Mapping[str, Any], view: dict[str, Any], names: list[str], tx: Texts, lang: str
) -> Text:
    sides = [" & ".join(names[s] for s in side) for side in view["sides"]]
    out = Text()
    out.append(tx._("Hand {n}", n=e["hand"]) + "\n\n", style=TITLE)
    if e["all_passed"]:
        out.append(tx._("Everybody passed: the tiles are shuffled and dealt again.") + "\n")
    else:
        bidders = view["team_of"][e["bidder"]]
        out.append(
            tx._(
                "{name} won the bidding with {bid}; trump: {contract}.",
                name=names[e["bidder"]],
                bid=describe_move("texas42", e["bid"], lang),
                contract=contract_name(e["contract"], lang),
            )
            + "\n"
        )
        reasons = {
            "bid_reached": tx._("the bidders took {points} points", points=e["points"][bidders]),
            "bid_out_of_reach": tx._(
                "the opponents took {points} points, more than the bid leaves them",
                points=e["points"][1 - bidders],
            ),
            "nello_no_trick": tx._("the bidder took no trick"),
            "nello_took_a_trick": tx._("the bidder took a trick"),
        }
        why = reasons.get(e["reason"], e["reason"])
        verdict = tx._("Made: {why}.", why=why) if e["made"] else tx._("Set: {why}.", why=why)
        out.append(verdict + "\n\n", style=GAIN if e["made"] else Style(bold=True, color="red"))
        out.append(tx._("Points this hand") + "\n", style=TITLE)
        _rows(out, sides, e["points"])
        if e["tricks_played"] < 7:
            out.append(
                tx.n_(
                    "Decided after {n} trick.",
                    "Decided after {n} tricks.",
                    e["tricks_played"],
                )
                + "\n"
            )
        for team, gained in enumerate(e["gained"]):
            if not gained:
                continue
            if view["scoring"] == "marks":
                gain = tx.n_("+{n} mark", "+{n} marks", gained)
            else:
                gain = tx.n_("+{n} point", "+{n} points", gained)
            text = (
                tx._("{side}: {gain}, because the bid was made", side=sides[team], gain=gain)
                if e["made"]
                else tx._("{side}: {gain}, because the bid was set", side=sides[team], gain=gain)
            )
            out.append(text + "\n", style=GAIN)
    out.append("\n")
    if view["scoring"] == "marks":
        out.append(tx._("Marks (to {n})", n=view["target"]) + "\n", style=TITLE)
    else:
        out.append(tx._("Points (to {n})", n=view["target"]) + "\n", style=TITLE)
    _rows(out, sides, e["scores_after"])
    return out


def _bingo(e: Mapping[str, Any], view: dict[str, Any], names: list[str], tx: Texts) -> Text:
    out = Text()
    winner = names[e["winner"]]
    out.append(tx._("Hand {n}: {name} wins", n=e["hand"], name=winner) + "\n\n", style=TITLE)
    closer = names[e["closed_by"]] if e.get("closed_by") is not None else ""
    how = {
        "reached_70": tx._("{name} reached 70 points.", name=winner),
        "closer_failed": tx._("{name} closed the stock and did not reach 70.", name=closer),
        "tiles_ran_out": tx._("The tiles ran out; {name} has more points.", name=winner),
    }.get(e["end"], e["end"])
    out.append(how + "\n\n")
    out.append(tx._("Points this hand") + "\n", style=TITLE)
    _rows(out, names, e["points"])
    if e.get("failed_close_penalty"):
        out.append(
            tx._(
                "{name} {points}: the close failed",
                name=winner,
                points=f"+{e['failed_close_penalty']}",
            )
            + "\n"
        )
    base = {"no_trick": 3, "under_30": 2, "at_least_30": 1}.get(e["sets_reason"], 0)
    why = {
        "no_trick": tx._("the loser took no trick"),
        "under_30": tx._("the loser had fewer than 30 points"),
        "at_least_30": tx._("the loser had 30 points or more"),
    }.get(e["sets_reason"], e["sets_reason"])
    out.append(
        tx.n_("{name} +{n} set: {why}", "{name} +{n} sets: {why}", base, name=winner, why=why)
        + "\n",
        style=GAIN,
    )
    if e.get("bingo_capture") is not None:
        out.append(
            tx._(
                "{name} +1 set: took the trump double with the bingo",
                name=names[e["bingo_capture"]],
            )
            + "\n",
            style=GAIN,
        )
    out.append("\n" + tx._("Sets (to {n})", n=view["target_sets"]) + "\n", style=TITLE)
    _rows(out, names, e["sets_after"])
    return out


def _fiveup(
    e: Mapping[str, Any],
    found: dict[str, Mapping[str, Any]],
    view: dict[str, Any],
    names: list[str],
    tx: Texts,
) -> Text:
    sides = [" & ".join(names[s] for s in side) for side in view["sides"]]
    out = Text()
    out.append(tx._("Hand {n}", n=e["hand"]) + "\n\n", style=TITLE)

    def points(n: int) -> str:
        return tx.n_("{n} point", "{n} points", n)

    def pips(n: int) -> str:
        return tx.n_("{n} pip", "{n} pips", n)

    def not_scored(x: Mapping[str, Any]) -> str:
        return "" if x.get("scored") else " " + tx._("(not scored: it would pass the target)")

    if e["how"] == "domino":
        out.append(tx._("{name} went out.", name=names[e["seat"]]) + "\n")
    elif e["how"] == "blocked":
        out.append(tx._("Nobody could play: the hand is blocked.") + "\n")
    else:
        over = found.get("game_over")
        k = over["winner"] if over else e["scores"].index(max(e["scores"]))
        out.append(
            tx._(
                "{side} reached {target} during the hand.",
                side=sides[k],
                target=points(view["target"]),
            )
            + "\n"
        )
    bonus = found.get("domino_bonus")
    if bonus and bonus["points"]:
        held = ", ".join(
            f"{names[s]} {pips(p)}" for s, p in zip(bonus["opponents"], bonus["pips"], strict=True)
        )
        text = tx._(
            "Domino bonus for {side}: {held} → +{points}",
            side=sides[bonus["side"]],
            held=held,
            points=points(bonus["points"]),
        )
        out.append(text + not_scored(bonus) + "\n", style=GAIN)
    blocked = found.get("blocked")
    if blocked:
        if blocked["side"] is None:
            out.append(tx._("The fewest pips are tied: nobody scores the bonus.") + "\n")
        elif blocked["points"]:
            text = tx._(
                "{side} holds the fewest pips ({pips}) → +{points}",
                side=sides[blocked["side"]],
                pips=pips(blocked["pips"][blocked["side"]]),
                points=points(blocked["points"]),
            )
            out.append(text + not_scored(blocked) + "\n", style=GAIN)
    out.append("\n" + tx._("Points this hand") + "\n", style=TITLE)
    _rows(out, sides, [f"+{g}" for g in e["gained"]])
    if e.get("tiles_left"):
        out.append("\n" + tx._("Tiles left") + "\n", style=TITLE)
        left = [
            (" ".join(tiles) if tiles else tx._("none")) + f" ({pips(e['pips_left'][s])})"
            for s, tiles in enumerate(e["tiles_left"])
        ]
        _rows(out, names, left)
    out.append("\n" + tx._("Points (to {n})", n=view["target"]) + "\n", style=TITLE)
    _rows(out, sides, e["scores"])
    return out
