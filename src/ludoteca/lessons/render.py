"""The engines' refusals and events as a lesson says them: with the apps' own words.

A lesson shows why a move is refused and what a move did as the engine says
them, an :class:`~ludoteca.errors.IllegalMove`'s ``code`` and ``params`` and
the :class:`~ludoteca.events.Event` codes of ``game.events``, said by the same
renderers as the tables (:mod:`ludoteca.i18n.refusals`,
:mod:`ludoteca.i18n.events`), as sentences. A lesson says the events that
teach (a trick won, the points scored, a roll) and leaves out the others (a
deal, a tile drawn for first leader).

>>> refusal("texas42", "must_follow", {"suit": 5, "trump_led": False, "allowed": ["5-0"]}, "en")
'You must follow the suit of fives: 5-0.'
>>> event("texas42", {"code": "trick", "winner": 1, "points": 11, "tiles": ["5-5"]},
...       "en", ["Amanda", "Beth", "André", "Bruno"])
'Beth won the trick: 11 points.'
>>> alternatives("texas42", ["play 6-4", "play 5-5"], "pt")
'joga 6-4 ou joga 5-5'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from babel.lists import format_list

from ludoteca.i18n import texts
from ludoteca.i18n.events import say_event
from ludoteca.i18n.moves import describe_move
from ludoteca.i18n.refusals import say_refusal
from ludoteca.i18n.voice import capitalize

__all__ = ["SAID", "alternatives", "event", "refusal", "which"]

SAID: dict[str, frozenset[str]] = {
    "texas42": frozenset({"contract", "trick", "hand_over", "game_over"}),
    "fiveup": frozenset(
        {"ends_scored", "domino_bonus", "blocked", "drew", "passed", "hand_ended", "game_over"}
    ),
    "bingo": frozenset(
        {
            "trick_won",
            "bingo_capture",
            "doubles_shown",
            "drew",
            "stock_closed",
            "last_two_taken",
            "following_compulsory",
            "hand_ended",
            "game_over",
        }
    ),
    "cavaleiro": frozenset(
        {"order_roll", "order_decided", "roll", "round_won", "sticks_removed", "game_over"}
    ),
}
"""The event codes a lesson says, per game."""


def _sentence(text: str) -> str:
    text = capitalize(text.strip())
    return text if not text or text[-1] in ".!?…" else text + "."


def refusal(
    game: str,
    code: str,
    params: Mapping[str, Any],
    lang: str,
    names: Sequence[str] = (),
    me: int | None = None,
) -> str:
    """Why the engine refused a move, in ``lang``, from its ``code`` and ``params``."""
    return _sentence(say_refusal(game, code, params, lang, names=names, me=me))


def event(
    game: str,
    ev: Mapping[str, Any],
    lang: str,
    names: Sequence[str] = (),
    me: int | None = None,
) -> str | None:
    """An event (its JSON: ``code`` and parameters) in words; ``None`` when a lesson
    does not say it."""
    if str(ev.get("code")) not in SAID.get(game, frozenset()):
        return None
    text = say_event(game, ev, lang, names, me)
    return _sentence(text) if text else None


def alternatives(game: str, moves: Sequence[str], lang: str) -> str:
    """Moves any one of which will do, in words, said as alternatives the language's
    way (``joga 6-4 ou joga 5-5``, ``play 6-4 or play 5-5``)."""
    tx = texts(lang)
    said = [describe_move(game, move, tx) for move in moves]
    return format_list(said, style="or", locale=tx.locale) if said else ""


def which(answer: str, lang: str) -> str:
    """The question for an answer that fits several allowed moves (said before them)."""
    return texts(lang)._("“{answer}” fits more than one move: which one?", answer=answer)
