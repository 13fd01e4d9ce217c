"""Moves in words: the notation of each game said in Portuguese or English.

>>> describe_move("texas42", "trump 4", "en"), describe_move("texas42", "trump 4", "pt")
('fours are trump', 'trunfo: quatros')
>>> describe_move("bingo", "play 6-6 show", "pt")
'joga 6-6 e mostra os duplos'
>>> describe_move("cavaleiro", "remove 2 from column 7", "en")
'remove 2 from column 7'
>>> describe_move("texas42", "something new", "pt")
'something new'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .catalog import MESSAGES

__all__ = ["describe_move", "suit_name"]


def _t(key: str, lang: str, **params: object) -> str:
    entry = MESSAGES[key]
    text = entry["pt"] if lang == "pt" else entry["en"]
    return text.format(**params)


def suit_name(number: int | str, lang: str) -> str:
    """The name of a suit (a number 0–6, or ``doubles``) in words."""
    return _t(f"suit.{number}", lang)


Rule = tuple[re.Pattern[str], Callable[[re.Match[str], str], str]]


def _marks(n: int, lang: str) -> str:
    return _t("word.mark" if n == 1 else "word.marks", lang, n=n)


def _bid(m: re.Match[str], lang: str) -> str:
    value = int(m.group(1))
    if value <= 41:
        return _t("move.texas42.bid", lang, value=value)
    marks = value // 42
    return _t("move.texas42.bid_marks_points", lang, value=value, marks=_marks(marks, lang))


def _bid_marks(m: re.Match[str], lang: str) -> str:
    marks = int(m.group(1))
    kind = m.group(3)
    if kind:
        return _t(f"move.texas42.{kind}", lang, marks=_marks(marks, lang))
    if marks <= 2:
        return _t(
            "move.texas42.bid_marks_points", lang, value=42 * marks, marks=_marks(marks, lang)
        )
    return _t("move.texas42.bid_marks", lang, marks=_marks(marks, lang))


def _tiles(text: str) -> str:
    return " ".join(w for w in text.split() if w != "|")


_RULES: dict[str, list[Rule]] = {
    "texas42": [
        (re.compile(r"^pass$"), lambda m, lang: _t("move.texas42.pass", lang)),
        (re.compile(r"^bid (\d+)$"), _bid),
        (re.compile(r"^bid (\d+) (marks?)(?: (plunge|splash))?$"), _bid_marks),
        (
            re.compile(r"^trump ([0-6])$"),
            lambda m, lang: _t("move.texas42.trump", lang, suit=suit_name(m.group(1), lang)),
        ),
        (re.compile(r"^trump doubles$"), lambda m, lang: _t("move.texas42.doubles", lang)),
        (re.compile(r"^trump follow-me$"), lambda m, lang: _t("move.texas42.follow_me", lang)),
        (re.compile(r"^nello$"), lambda m, lang: _t("move.texas42.nello", lang)),
        (re.compile(r"^sevens$"), lambda m, lang: _t("move.texas42.sevens", lang)),
        (re.compile(r"^play (\d-\d)$"), lambda m, lang: _t("move.play", lang, tile=m.group(1))),
        (
            re.compile(r"^draw (.*)$"),
            lambda m, lang: _t("move.texas42.draw", lang, tiles=m.group(1)),
        ),
        (re.compile(r"^deal "), lambda m, lang: _t("move.deal", lang)),
    ],
    "bingo": [
        (re.compile(r"^play (\d-\d)$"), lambda m, lang: _t("move.play", lang, tile=m.group(1))),
        (
            re.compile(r"^play (\d-\d) show$"),
            lambda m, lang: _t("move.bingo.show", lang, tile=m.group(1)),
        ),
        (re.compile(r"^close$"), lambda m, lang: _t("move.bingo.close", lang)),
        (re.compile(r"^take up$"), lambda m, lang: _t("move.bingo.take_up", lang)),
        (re.compile(r"^take hidden$"), lambda m, lang: _t("move.bingo.take_hidden", lang)),
        (re.compile(r"^draw (.*)$"), lambda m, lang: _t("move.bingo.draw", lang, tiles=m.group(1))),
        (re.compile(r"^deal "), lambda m, lang: _t("move.deal", lang)),
    ],
    "cavaleiro": [
        (re.compile(r"^remove horizontals$"), lambda m, lang: _t("move.cav.horizontals", lang)),
        (re.compile(r"^remove horizontal$"), lambda m, lang: _t("move.cav.horizontal", lang)),
        (
            re.compile(r"^remove block (\d+)$"),
            lambda m, lang: _t("move.cav.block", lang, block=m.group(1)),
        ),
        (
            re.compile(r"^remove (\d+) from column (\d+)$"),
            lambda m, lang: _t(
                "move.cav.column" if m.group(1) != "1" else "move.cav.column_one",
                lang,
                count=m.group(1),
                column=m.group(2),
            ),
        ),
        (re.compile(r"^pass$"), lambda m, lang: _t("move.cav.pass", lang)),
        (re.compile(r"^roll (.*)$"), lambda m, lang: _t("move.cav.roll", lang, dice=m.group(1))),
    ],
    "fiveup": [
        (re.compile(r"^play (\d-\d)$"), lambda m, lang: _t("move.play", lang, tile=m.group(1))),
        (
            re.compile(r"^play (\d-\d) on (\d-\d)$"),
            lambda m, lang: _t("move.fiveup.play_on", lang, tile=m.group(1), target=m.group(2)),
        ),
        (re.compile(r"^draw$"), lambda m, lang: _t("move.fiveup.draw", lang)),
        (re.compile(r"^pass$"), lambda m, lang: _t("move.fiveup.pass", lang)),
        (
            re.compile(r"^draw (\d-\d)$"),
            lambda m, lang: _t("move.fiveup.drew", lang, tile=m.group(1)),
        ),
        (re.compile(r"^draw .*$"), lambda m, lang: _t("move.fiveup.first_draw", lang)),
        (re.compile(r"^deal "), lambda m, lang: _t("move.deal", lang)),
    ],
}


def describe_move(game: str, move: str, lang: str) -> str:
    """``move`` (in the game's notation) in words; the notation itself if unknown."""
    text = " ".join(move.split())
    for pattern, say in _RULES.get(game, []):
        m = pattern.match(text)
        if m:
            return say(m, lang)
    return text
