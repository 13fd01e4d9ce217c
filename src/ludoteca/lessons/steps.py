"""A step as both apps show it, and a learner's answer to it judged: the position,
the learner's seat, what the step says and what happened last; then what the
answer was read as and what the engine made of it, in the learner's language.

The terminal (``ludoteca learn``) and the web lessons draw these their own way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .answers import Reading, read_answer
from .messages import say
from .render import alternatives, attempt_refusal, events_said, explanation, not_this_step
from .runner import Attempt, attempt, position, recent_events, step_seat

if TYPE_CHECKING:
    from ludoteca.events import Event
    from ludoteca.game import Game

    from .model import Course, Step

__all__ = ["Judged", "Shown", "judge", "show_step"]

Said = list[tuple[int, "Event", str]]
"""Events in words: each with its move index, the event and its sentence."""


@dataclass(frozen=True)
class Shown:
    """A step ready to show."""

    game: Game
    """The position (a fresh copy)."""
    seat: int
    text: str
    """What the step asks, in the learner's language."""
    answer: str
    """The step's moves in words ("play 6-4 or play 5-5"), for a learner who asks."""
    recent: Said
    """What happened since the learner last moved, as their seat saw it."""


def show_step(course: Course, step: Step, lang: str) -> Shown:
    game = position(course, step)
    seat = step_seat(course, step)
    recent = events_said(game, recent_events(course, step, game), lang, seat)
    answer = alternatives(course.game, step.expect, lang)
    return Shown(game, seat, say(step.say, lang), answer, recent)


@dataclass(frozen=True)
class Judged:
    """A learner's answer to a step."""

    reading: Reading
    position: Game
    """The step's position, before the move."""
    seat: int
    result: Attempt | None
    """What the move did; ``None`` when the answer fits several allowed moves
    (``reading.moves``: the learner is asked which)."""
    refusal: str | None = None
    """Why the engine refused the move, in words."""
    explain: str | None = None
    """The step's own explanation of the move; for another allowed move the step
    does not explain, that the step asks for another."""
    events: Said | None = None
    """What the move did (the moves after it too, for the right one)."""
    done: str | None = None
    """What the step says after the right move."""


def judge(course: Course, step: Step, text: str, lang: str) -> Judged:
    """``text`` (the move in words, a tile, its number, the notation) read and tried
    on the engine at ``step``'s position."""
    game = position(course, step)
    seat = step_seat(course, step)
    reading = read_answer(game, text, lang)
    if reading.ambiguous:
        return Judged(reading, game, seat, None)
    result = attempt(course, step, reading.move)
    explain = explanation(result, lang)
    refusal = attempt_refusal(result, lang, seat) if result.kind == "refused" else None
    if result.kind == "other" and explain is None:
        explain = not_this_step(lang)
    done = say(step.done, lang) if result.kind == "right" and step.done else None
    events = events_said(result.game, result.events, lang, seat)
    return Judged(reading, game, seat, result, refusal, explain, events, done)
