"""The end of a hand in words, from the events of the move that ended it.

Texas 42's ``hand_over`` and Five-Up's and Bingo's ``hand_ended`` (with the
bonus events of the same move) become the summary every app shows until the
players go on: the contract made or set, the points per side, the marks, sets
or points gained and why, the tiles left and the domino bonus. The summary is a
title and a list of :class:`Block` values (sentences, headings, rows), said
once here; the terminal draws it with rich, the web pages as HTML.

>>> import ludoteca
>>> game = ludoteca.new_game("bingo", seed=5, names=["Ana", "Bia"])
>>> while not any(ended_hand(game.type, events) for events in game.events):
...     game.play(game.legal_moves()[0])
>>> ended = next(events for events in game.events if ended_hand(game.type, events))
>>> voice = Voice.of("bingo", "pt", ["Ana", "Bia"], me=0)
>>> summary = hand_summary(game.view(0), ended, voice)
>>> summary.title
'Partida 1: Bia vence'
>>> [b.kind for b in summary.blocks][:3]
['text', 'heading', 'rows']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ludoteca.events import Event
from ludoteca.flow import ended_hand

from .events import NOT_SCORED
from .voice import Voice, capitalize

if TYPE_CHECKING:
    pass

__all__ = ["Block", "HandSummary", "ended_hand", "hand_summary"]


@dataclass(frozen=True)
class Block:
    """One part of a summary.

    ``kind`` is ``text`` (a sentence), ``made`` or ``set`` (the verdict on a
    bid), ``gain`` (points, marks or sets won, and why), ``note`` (a remark),
    ``heading``, ``rows`` (``rows``: a label and a value each) or ``tiles``
    (``rows``: a label, and the value said after ``tiles``, one list per row).
    """

    kind: str
    text: str = ""
    rows: tuple[tuple[str, str], ...] = ()
    tiles: tuple[tuple[str, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.text:
            out["text"] = self.text
        if self.rows:
            out["rows"] = [list(r) for r in self.rows]
        if self.tiles:
            out["tiles"] = [list(t) for t in self.tiles]
        return out


@dataclass(frozen=True)
class HandSummary:
    """A hand's end: its title and what it said, in one language."""

    title: str
    blocks: tuple[Block, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "blocks": [b.to_json() for b in self.blocks]}


def hand_summary(
    view: Mapping[str, Any], events: Sequence[Event | Mapping[str, Any]], voice: Voice
) -> HandSummary | None:
    """The summary of the hand that ``events`` (one move's, as in ``game.events``
    or a view's ``events``) ended, said by ``voice``; ``None`` if they end none."""
    said = [e.to_json() if isinstance(e, Event) else dict(e) for e in events]
    found = {str(e.get("code")): e for e in said}
    end = found.get(voice.game_type.hand_end_code or "")
    if end is None:
        return None
    if voice.game == "texas42":
        return _texas42(end, view, voice)
    if voice.game == "bingo":
        return _bingo(end, view, voice)
    return _fiveup(end, found, view, voice)


def _rows(voice: Voice, values: Sequence[object]) -> Block:
    """One row per side: its players and its value."""
    return Block(
        "rows",
        rows=tuple((capitalize(voice.side(k)), str(v)) for k, v in enumerate(values)),
    )


def _texas42(e: Mapping[str, Any], view: Mapping[str, Any], v: Voice) -> HandSummary:
    out: list[Block] = []
    marks = view["scoring"] == "marks"
    if e["all_passed"]:
        out.append(
            Block(
                "text",
                v.tx.p_("texas42", "Everybody passed: the tiles are shuffled and dealt again."),
            )
        )
    else:
        bidders = view["team_of"][e["bidder"]]
        won = v.tx.p_(
            "texas42",
            "{name} won the bidding with {bid}; trump: {contract}.",
            name=v.name(e["bidder"]),
            bid=v.move(e["bid"]),
            contract=v.contract(e["contract"]),
        )
        out.append(Block("text", capitalize(won)))
        reasons = {
            "bid_reached": v.tx.p_(
                "texas42", "the bidders took {points}", points=v.points(e["points"][bidders])
            ),
            "bid_out_of_reach": v.tx.p_(
                "texas42",
                "the opponents took {points}, more than the bid leaves them",
                points=v.points(e["points"][1 - bidders]),
            ),
            "nello_no_trick": v.tx.p_("texas42", "the bidder took no trick"),
            "nello_took_a_trick": v.tx.p_("texas42", "the bidder took a trick"),
        }
        why = reasons.get(e["reason"], e["reason"])
        if e["made"]:
            out.append(Block("made", v.tx.p_("texas42", "Made: {why}.", why=why)))
        else:
            out.append(Block("set", v.tx.p_("texas42", "Set: {why}.", why=why)))
        out += [Block("heading", v.tx.p_("texas42", "Points this hand")), _rows(v, e["points"])]
        if e["tricks_played"] < 7:
            out.append(
                Block(
                    "note",
                    v.tx.np_(
                        "texas42",
                        "Decided after {n} trick.",
                        "Decided after {n} tricks.",
                        e["tricks_played"],
                    ),
                )
            )
        for team, gained in enumerate(e["gained"]):
            if not gained:
                continue
            side = capitalize(v.side(team))
            if e["made"]:
                text = (
                    v.tx.np_(
                        "texas42",
                        "{side}: +{n} mark, because the bid was made",
                        "{side}: +{n} marks, because the bid was made",
                        gained,
                        side=side,
                    )
                    if marks
                    else v.tx.np_(
                        "texas42",
                        "{side}: +{n} point, because the bid was made",
                        "{side}: +{n} points, because the bid was made",
                        gained,
                        side=side,
                    )
                )
            elif marks:
                text = v.tx.np_(
                    "texas42",
                    "{side}: +{n} mark, because the bid was set",
                    "{side}: +{n} marks, because the bid was set",
                    gained,
                    side=side,
                )
            else:
                text = v.tx.np_(
                    "texas42",
                    "{side}: +{n} point, because the bid was set",
                    "{side}: +{n} points, because the bid was set",
                    gained,
                    side=side,
                )
            out.append(Block("gain", text))
    out += [Block("heading", v.score_title()), _rows(v, e["scores_after"])]
    return HandSummary(v.hand_title(e["hand"]), tuple(out))


def _bingo(e: Mapping[str, Any], view: Mapping[str, Any], v: Voice) -> HandSummary:
    winner = v.name(e["winner"])
    closer = v.name(e.get("closed_by"))
    how = {
        "reached_70": v.tx.p_("bingo", "{name} reached 70 points.", name=winner),
        "closer_failed": v.tx.p_(
            "bingo", "{name} closed the stock and did not reach 70.", name=closer
        ),
        "tiles_ran_out": v.tx.p_(
            "bingo", "The tiles ran out; {name} has more points.", name=winner
        ),
    }.get(e["end"], e["end"])
    out = [
        Block("text", capitalize(how)),
        Block("heading", v.tx.p_("bingo", "Points this hand")),
        _rows(v, e["points"]),
    ]
    penalty = e.get("failed_close_penalty")
    if penalty:
        out.append(
            Block(
                "gain",
                v.tx.np_(
                    "bingo",
                    "{name}: +{n} point, because the close failed",
                    "{name}: +{n} points, because the close failed",
                    penalty,
                    name=capitalize(winner),
                ),
            )
        )
    base = {"no_trick": 3, "under_30": 2, "at_least_30": 1}.get(e["sets_reason"], 0)
    why = {
        "no_trick": v.tx.p_("bingo", "the loser took no trick"),
        "under_30": v.tx.p_("bingo", "the loser had fewer than 30 points"),
        "at_least_30": v.tx.p_("bingo", "the loser had 30 points or more"),
    }.get(e["sets_reason"], e["sets_reason"])
    out.append(
        Block(
            "gain",
            v.tx.np_(
                "bingo",
                "{name}: +{n} set, {why}",
                "{name}: +{n} sets, {why}",
                base,
                name=capitalize(winner),
                why=why,
            ),
        )
    )
    if e.get("bingo_capture") is not None:
        out.append(
            Block(
                "gain",
                v.tx.p_(
                    "bingo",
                    "{name}: +1 set, for taking the trump double with the bingo",
                    name=capitalize(v.name(e["bingo_capture"])),
                ),
            )
        )
    out += [Block("heading", v.score_title()), _rows(v, e["sets_after"])]
    title = v.tx.p_("bingo", "Hand {n}: {name} wins", n=e["hand"], name=winner)
    return HandSummary(capitalize(title), tuple(out))


def _fiveup(
    e: Mapping[str, Any],
    found: Mapping[str, Mapping[str, Any]],
    view: Mapping[str, Any],
    v: Voice,
) -> HandSummary:
    out: list[Block] = []

    points, pips = v.points, v.pips

    def unless_scored(x: Mapping[str, Any], text: str) -> str:
        return text if x.get("scored") else text + " " + v.tx.p_("fiveup", NOT_SCORED)

    if e["how"] == "domino":
        out.append(
            Block("text", capitalize(v.tx.p_("fiveup", "{name} went out.", name=v.name(e["seat"]))))
        )
    elif e["how"] == "blocked":
        out.append(Block("text", v.tx.p_("fiveup", "Nobody could play: the hand is blocked.")))
    else:
        over = found.get("game_over")
        k = over["winner"] if over else e["scores"].index(max(e["scores"]))
        reached = v.tx.p_(
            "fiveup",
            "{side} reached {target} during the hand.",
            side=v.side(k),
            target=points(view["target"]),
        )
        out.append(Block("text", capitalize(reached)))
    bonus = found.get("domino_bonus")
    if bonus and bonus["points"]:
        held = v.tx.join(
            v.tx.p_("fiveup", "{name}, {pips}", name=v.name(s), pips=pips(p))
            for s, p in zip(bonus["opponents"], bonus["pips"], strict=True)
        )
        text = v.tx.p_(
            "fiveup",
            "Domino bonus for {side} ({held}): +{points}",
            side=v.side(bonus["side"]),
            held=held,
            points=points(bonus["points"]),
        )
        out.append(Block("gain", unless_scored(bonus, text)))
    blocked = found.get("blocked")
    if blocked:
        if blocked["side"] is None:
            out.append(
                Block(
                    "text", v.tx.p_("fiveup", "The fewest pips are tied: nobody scores the bonus.")
                )
            )
        elif blocked["points"]:
            text = v.tx.p_(
                "fiveup",
                "{side} holds the fewest pips ({pips}): +{points}",
                side=capitalize(v.side(blocked["side"])),
                pips=pips(blocked["pips"][blocked["side"]]),
                points=points(blocked["points"]),
            )
            out.append(Block("gain", unless_scored(blocked, text)))
    out += [
        Block("heading", v.tx.p_("fiveup", "Points this hand")),
        _rows(v, [f"+{g}" for g in e["gained"]]),
    ]
    if e.get("tiles_left"):
        out.append(Block("heading", v.tx.p_("fiveup", "Tiles left")))
        out.append(
            Block(
                "tiles",
                rows=tuple(
                    (capitalize(v.name(s)), pips(e["pips_left"][s]))
                    for s in range(len(e["tiles_left"]))
                ),
                tiles=tuple(tuple(t) for t in e["tiles_left"]),
            )
        )
    out += [Block("heading", v.score_title()), _rows(v, e["scores"])]
    return HandSummary(v.hand_title(e["hand"]), tuple(out))
