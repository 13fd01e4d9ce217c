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
from typing import TYPE_CHECKING, Any

from babel.lists import format_list

from ludoteca.i18n import N_, Texts, texts
from ludoteca.i18n.events import say_event
from ludoteca.i18n.moves import describe_move
from ludoteca.i18n.refusals import say_refusal
from ludoteca.i18n.voice import capitalize

from .messages import say

if TYPE_CHECKING:
    from ludoteca.events import Event
    from ludoteca.game import Game

    from .runner import Attempt

__all__ = [
    "SAID",
    "alternatives",
    "attempt_refusal",
    "event",
    "events_said",
    "explanation",
    "not_this_step",
    "refusal",
    "which",
]

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


def events_said(
    game: Game, events: Sequence[tuple[int, Event]], lang: str, seat: int
) -> list[tuple[int, Event, str]]:
    """The events a lesson says, each with its move index and its words, as ``seat``
    sees and hears them (another player's drawn tile stays hidden)."""
    out = []
    for n, e in events:
        text = event(game.name, e.seen_by(seat).to_json(), lang, game.names, seat)
        if text:
            out.append((n, e, text))
    return out


def attempt_refusal(result: Attempt, lang: str, seat: int) -> str:
    """Why the engine refused the learner's move (``seat``'s) of a refused attempt."""
    game = result.game
    return refusal(game.name, str(result.code), result.params, lang, game.names, seat)


def explanation(result: Attempt, lang: str) -> str | None:
    """The step's own explanation of the learner's move, when the step lists one."""
    wrong = result.wrong
    return say(wrong.explain, lang) if wrong and wrong.explain else None


def alternatives(game: str, moves: Sequence[str], lang: str) -> str:
    """Moves any one of which will do, in words, said as alternatives the language's
    way (``joga 6-4 ou joga 5-5``, ``play 6-4 or play 5-5``)."""
    tx = texts(lang)
    said = [describe_move(game, move, tx) for move in moves]
    return format_list(said, style="or", locale=tx.locale) if said else ""


def which(answer: str, lang: str) -> str:
    """The question for an answer that fits several allowed moves (said before them)."""
    return texts(lang)._("“{answer}” fits more than one move: which one?", answer=answer)


NOT_THIS_STEP = N_(
    "That move is allowed, but it is not the one this step asks for. Read the step "
    "again and try once more (or ask to be shown)."
)


def not_this_step(lang: str | Texts) -> str:
    """What a learner is told of an allowed move the step does not ask for."""
    tx = lang if isinstance(lang, Texts) else texts(lang)
    return tx._(NOT_THIS_STEP)
