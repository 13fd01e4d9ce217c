"""Learn to play: lessons for each game, built on the seed articles' own examples.

A game's course (:func:`load_course`) is a sequence of lessons, each a few steps;
a step is a real position, built with the engine from a record's moves (chance
events fixed), where the learner is asked for a move. :func:`attempt` tries the
learner's move on the engine: the right move moves the game on (with the other
players' moves that follow), a refused move comes back with the engine's
refusal code, and an allowed move that is not the lesson's with what it would
do. :func:`read_answer` reads what a learner writes (the move in the words the
lessons show, a tile, the move's number, the notation) as moves. The texts are
message codes (:mod:`ludoteca.lessons.messages`) said in the learner's language
by :mod:`ludoteca.lessons.render`.

The courses are data, one file per game (``lessons/data/<game>.toml``); the web
app shows them at ``/learn/GAME`` and the terminal with ``ludoteca learn GAME``.
"""

from __future__ import annotations

from .answers import Reading, read_answer
from .model import Course, EventSpec, Lesson, LessonDataError, Practice, Step, WrongMove
from .runner import Attempt, attempt, load_course, position, recent_events, start_of, step_seat
from .steps import Judged, Shown, judge, show_step

__all__ = [
    "Attempt",
    "Course",
    "EventSpec",
    "Judged",
    "Lesson",
    "LessonDataError",
    "Practice",
    "Reading",
    "Shown",
    "Step",
    "WrongMove",
    "attempt",
    "judge",
    "load_course",
    "position",
    "read_answer",
    "recent_events",
    "show_step",
    "start_of",
    "step_seat",
]
