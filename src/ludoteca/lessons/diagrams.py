"""Diagrams for the lessons and the rules pages, computed by the engines.

A diagram is data the pages draw with the same SVG tiles, dice and stick figures
as the table (``static/diagrams.js``): rows of tiles (a suit's order, the count
dominoes, the tricks of a hand), a Five-Up layout, a Cavaleiro figure, rolls of
the dice ranked, the ALL of the marks. Nothing is drawn by hand: the order of a
suit comes from the engine's trick strengths, a layout from a lesson's position.

A diagram is asked for by a spec: ``{"kind": "suit_order", "contract": 4}`` in
a lesson's step, or the same written ``suit_order contract=4`` in a rules text
(see :func:`parse_spec`).

>>> d = diagram("texas42", {"kind": "suit_order", "contract": 4}, "en")
>>> d["rows"][0]["label"], d["rows"][0]["tiles"][:3], d["rows"][2]["tiles"][:3]
('trumps', ['4-4', '4-6', '4-5'], ['5-5', '5-6', '5-3'])
>>> parse_spec("rolls dice=6521,5321,6432")
{'kind': 'rolls', 'dice': [6521, 5321, 6432]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.i18n import Texts, texts
from ludoteca.i18n.voice import Voice
from ludoteca.i18n.words import Words
from ludoteca.tiles import TILE_TEXT

__all__ = ["DiagramError", "diagram", "parse_spec"]


class DiagramError(ValueError):
    """A diagram spec that names no diagram this module can draw."""


def parse_spec(text: str) -> dict[str, Any]:
    """``kind key=value …`` as a spec: whole numbers as numbers, commas as lists."""
    words = text.split()
    if not words:
        raise DiagramError("an empty diagram spec")
    spec: dict[str, Any] = {"kind": words[0]}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep:
            raise DiagramError(f"{word!r} is not key=value")
        parts = value.split(",")
        items: list[Any] = [int(p) if p.lstrip("-").isdigit() else p for p in parts]
        spec[key] = items if "," in value else items[0]
    return spec


def _tiles(mask: int, key: Any, first: int | None = None) -> list[str]:
    """The tiles of ``mask``, strongest first by ``key``, written with ``first`` first
    where they hold it (the articles write the fives' [5-6], the trumps' [4-6])."""
    found = [t for t in range(28) if mask >> t & 1]
    found.sort(key=key, reverse=True)
    out = []
    for t in found:
        text = TILE_TEXT[t]
        if first is not None and text[2] == str(first):
            text = text[2] + "-" + text[0]
        out.append(text)
    return out


# ------------------------------------------------------------------- Texas 42


def _contract(value: Any) -> int:
    from ludoteca.games.texas42.tables import DOUBLES, FOLLOW_ME

    if value in ("doubles", "trump doubles"):
        return DOUBLES
    if value in ("follow-me", "trump follow-me"):
        return FOLLOW_ME
    if isinstance(value, int) and 0 <= value <= 6:
        return value
    raise DiagramError(f"contract is a suit 0–6, doubles or follow-me, not {value!r}")


def _suit_order(spec: Mapping[str, Any], tx: Texts) -> dict[str, Any]:
    from ludoteca.games.texas42.tables import DOUBLES, DOUBLES_SUIT, FOLLOW_MASK, STRENGTH

    c = _contract(spec.get("contract"))
    words = Words(tx)
    rows = []
    if c <= 6 or c == DOUBLES:
        trump_suit = DOUBLES_SUIT if c == DOUBLES else c
        mask = FOLLOW_MASK[c][trump_suit]
        strength = STRENGTH[c][trump_suit]
        first = c if c <= 6 else None
        rows.append(
            {
                "label": tx._("trumps"),
                "tiles": _tiles(mask, strength.__getitem__, first),
                "mark": [0],
            }
        )
    for s in range(6, -1, -1):
        if s == c:
            continue
        strength = STRENGTH[c][s]
        rows.append(
            {"label": words.suit(s), "tiles": _tiles(FOLLOW_MASK[c][s], strength.__getitem__, s)}
        )
    if c <= 6:
        caption = tx._(
            "{suit} are trump: each suit from its highest tile down (as in the article).",
            suit=words.suit(c).capitalize(),
        )
    elif c == DOUBLES:
        caption = tx._("The doubles are trump: each suit from its highest tile down.")
    else:
        caption = tx._("No trump (follow-me): each suit from its highest tile down.")
    return {"kind": "rows", "rows": rows, "caption": caption}


def _count(spec: Mapping[str, Any], tx: Texts) -> dict[str, Any]:
    from ludoteca.games.texas42.tables import COUNT

    rows = [
        {
            "label": tx.n_("{n} point", "{n} points", value),
            "tiles": [TILE_TEXT[t] for t in range(27, -1, -1) if COUNT[t] == value],
        }
        for value in (10, 5)
    ]
    total = sum(COUNT)
    return {
        "kind": "rows",
        "rows": rows,
        "caption": tx.p_(
            "texas42",
            "The count: {count} in five tiles, and 7 tricks of 1 point: {total}.",
            count=Voice.of("texas42", tx).points(total),
            total=total + 7,
        ),
    }


def _all_marks(spec: Mapping[str, Any], tx: Texts) -> dict[str, Any]:
    marks = int(spec.get("marks", 0))
    return {
        "kind": "all",
        "marks": marks,
        "caption": tx.n_(
            "ALL, one stroke a mark: {n} mark of 7.",
            "ALL, one stroke a mark: {n} marks of 7.",
            marks,
        ),
    }


def _seed_tricks(spec: Mapping[str, Any], tx: Texts) -> dict[str, Any]:
    """The tricks of a Texas 42 lesson step's hand, once played, from the engine's events."""
    from .runner import attempt, load_course

    course = load_course("texas42")
    step = course.lesson(str(spec["lesson"])).steps[int(spec["step"]) - 1]
    result = attempt(course, step, step.expect[0])
    game = result.game
    names = game.names
    rows = []
    for evs in game.events:
        for e in evs:
            if e.code != "trick":
                continue
            order = [e["seats"].index(seat) for seat in range(4)]
            tiles = [e["tiles"][i] for i in order]
            rows.append(
                {
                    "label": tx._(
                        "{n}: {name}, {points}",
                        n=e["trick"],
                        name=names[e["winner"]],
                        points=e["points"],
                    ),
                    "tiles": tiles,
                    "mark": [e["winner"]],
                }
            )
    return {
        "kind": "rows",
        "rows": rows,
        "heads": list(names),
        "caption": tx._(
            "Each trick as played, in the columns {names}; the winning tile stands out.",
            names=tx.join(names),
        ),
    }


# ---------------------------------------------------------------------- Bingo


def _bingo_order(spec: Mapping[str, Any], tx: Texts) -> dict[str, Any]:
    from ludoteca.games.bingo.tables import BINGO, DOUBLE_OF, STRENGTH, TRUMP_MASK, config_of

    trump = int(spec.get("trump", 2))
    cfg = config_of(trump, False)
    strength = STRENGTH[cfg]
    rows = [{"label": tx._("the bingo"), "tiles": [TILE_TEXT[BINGO]], "mark": [0]}]
    if DOUBLE_OF[trump] != BINGO:
        rows.append({"label": tx._("the trump double"), "tiles": [TILE_TEXT[DOUBLE_OF[trump]]]})
    trumps = TRUMP_MASK[cfg] & ~(1 << BINGO) & ~(1 << DOUBLE_OF[trump])
    rows.append(
        {"label": tx._("the other trumps"), "tiles": _tiles(trumps, strength.__getitem__, trump)}
    )
    rest = ((1 << 28) - 1) & ~TRUMP_MASK[cfg] & ~(1 << BINGO)
    by_total: dict[int, list[str]] = {}
    for t in range(27, -1, -1):
        if rest >> t & 1:
            by_total.setdefault(strength[t], []).append(TILE_TEXT[t])
    for total in sorted(by_total, reverse=True):
        rows.append({"label": tx.n_("{n} pip", "{n} pips", total), "tiles": by_total[total]})
    return {
        "kind": "rows",
        "rows": rows,
        "caption": tx._(
            "Trump {trump}: the tiles from the strongest down. Tiles in one row tie: the leader "
            "wins.",
            trump=trump,
        ),
    }


def _bingo_values(spec: Mapping[str, Any], tx: Texts) -> dict[str, Any]:
    from ludoteca.games.bingo.tables import VALUE, config_of

    trump = int(spec.get("trump", 2))
    values = VALUE[config_of(trump, False)]
    special = [t for t in range(28) if values[t] != _pips(t)]
    rows = [
        {"label": tx.n_("{n} point", "{n} points", values[t]), "tiles": [TILE_TEXT[t]]}
        for t in sorted(special, key=lambda t: (-values[t], -t))
    ]
    return {
        "kind": "rows",
        "rows": rows,
        "caption": tx._(
            "Trump {trump}: the tiles not worth their pips. Every other tile is worth its pips.",
            trump=trump,
        ),
    }


def _pips(t: int) -> int:
    text = TILE_TEXT[t]
    return int(text[0]) + int(text[2])


# ------------------------------------------------------------------ Cavaleiro


def _rolls(spec: Mapping[str, Any], tx: Texts) -> dict[str, Any]:
    from ludoteca.games.cavaleiro import rank_roll

    raw = spec.get("dice", [])
    rolls = [str(r) for r in (raw if isinstance(raw, list) else [raw])]
    ranked = sorted(
        ((rank_roll(r), i) for i, r in enumerate(rolls)),
        key=lambda x: (x[0].key, -x[1]),
        reverse=True,
    )
    words = Words(tx)
    return {
        "kind": "dice",
        "rows": [
            {"dice": list(r.dice), "label": words.roll(list(r.key)), "mark": i == 0}
            for i, (r, _) in enumerate(ranked)
        ],
        "caption": tx._("Ranked by the engine, the best first."),
    }


def _figure(spec: Mapping[str, Any], tx: Texts) -> dict[str, Any]:
    from ludoteca.registry import new_game

    game = new_game("cavaleiro", chance="manual", names=["", ""])
    view = game.view(0)
    layout = view["layout"]
    return {
        "kind": "figure",
        "sticks": view["sticks"],
        "present": view["figures"][0]["present"],
        "caption": tx.p_(
            "cavaleiro",
            "{total}: {verticals} in {columns}, grouped in {blocks}, and {horizontals}.",
            total=Words(tx).sticks(layout["total"]),
            verticals=tx.np_(
                "cavaleiro",
                "{n} vertical",
                "{n} verticals",
                layout["total"] - layout["horizontals"],
            ),
            columns=tx.np_(
                "cavaleiro", "{n} column", "{n} columns", sum(len(b) for b in layout["blocks"])
            ),
            blocks=tx.np_("cavaleiro", "{n} block", "{n} blocks", len(layout["blocks"])),
            horizontals=Words(tx).horizontals(layout["horizontals"]),
        ),
    }


# ------------------------------------------------------------------- positions


def _step(game: str, spec: Mapping[str, Any], tx: Texts) -> dict[str, Any]:
    """A lesson step's position as the table shows it (a Five-Up layout, a
    Cavaleiro figure and its rolls)."""
    from .runner import attempt, load_course, position

    course = load_course(game)
    try:
        step = course.lesson(str(spec["lesson"])).steps[int(spec["step"]) - 1]
    except (KeyError, IndexError, ValueError):
        raise DiagramError(f"no lesson step {spec.get('lesson')}/{spec.get('step')}") from None
    played = bool(spec.get("played", 0))
    g = attempt(course, step, step.expect[0]).game if played else position(course, step)
    view = g.view(None)
    if game == "fiveup":
        layout = view["layout"]
        ends = [e["counts"] for e in layout["open_ends"] if e["counts"]]
        return {
            "kind": "layout",
            "layout": layout,
            "caption": tx._(
                "Open ends: {ends} = {total}.",
                ends=" + ".join(str(e) for e in ends) or "0",
                total=layout["ends_total"],
            ),
        }
    if game == "cavaleiro":
        seat = int(spec.get("seat", 0))
        return {
            "kind": "figure",
            "sticks": view["sticks"],
            "present": view["figures"][seat]["present"],
            "caption": tx.n_(
                "{name}'s figure: {n} stick left.",
                "{name}'s figure: {n} sticks left.",
                view["figures"][seat]["sticks_left"],
                name=g.names[seat],
            ),
        }
    raise DiagramError(f"no position diagram for {game}")


_KINDS = {
    ("texas42", "suit_order"): _suit_order,
    ("texas42", "count"): _count,
    ("texas42", "all_marks"): _all_marks,
    ("texas42", "tricks"): _seed_tricks,
    ("bingo", "order"): _bingo_order,
    ("bingo", "values"): _bingo_values,
    ("cavaleiro", "rolls"): _rolls,
    ("cavaleiro", "figure"): _figure,
}


def diagram(game: str, spec: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The data of the diagram ``spec`` of ``game``, its words in ``lang``."""
    kind = str(spec.get("kind"))
    tx = texts(lang)
    if kind == "step":
        return _step(game, spec, tx)
    build = _KINDS.get((game, kind))
    if build is None:
        raise DiagramError(f"{game} has no diagram {kind!r}")
    return build(spec, tx)
