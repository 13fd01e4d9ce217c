"""Lessons played on the engines: each step's position, and what a learner's move does.

A step's position is a real game, built by playing its moves (chance events
included) through the Game API; the learner's move is tried on a copy of it.
The engine decides: a move it refuses comes back with the refusal's code and
numbers, an allowed move with the events it caused.

>>> course = load_course("texas42")
>>> step = course.lesson("following").steps[0]
>>> attempt(course, step, "play 5-5").kind, attempt(course, step, "play 5-5").code
('refused', 'must_follow')
>>> result = attempt(course, step, "play 1-5")
>>> result.kind, result.move
('right', 'play 5-1')
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Literal

from ludoteca.errors import IllegalMove
from ludoteca.events import Event
from ludoteca.game import Game
from ludoteca.registry import GAMES, new_game

from .model import PREVIOUS, Course, LessonDataError, Step, WrongMove, read_course

__all__ = [
    "Attempt",
    "attempt",
    "load_course",
    "position",
    "recent_events",
    "start_of",
    "step_seat",
]

RECENT = 12
"""How many moves back :func:`recent_events` looks at most."""


@functools.cache
def load_course(game: str) -> Course:
    """The course of ``game`` (read once)."""
    if game not in GAMES:
        raise LessonDataError(f"there is no game called {game!r}")
    return read_course(game)


def _build(course: Course, name: str) -> Game:
    pos = course.positions.get(name)
    if pos is None:
        raise LessonDataError(f"no position called {name!r} in the lessons of {course.game}")
    game = new_game(
        course.game,
        chance="manual",
        names=list(pos.players) if pos.players is not None else None,
        **dict(pos.options),
    )
    for move in pos.moves:
        game.play(move)
    return game


_BUILT: dict[tuple[str, str], Game] = {}


def start_of(course: Course, step: Step) -> Game:
    """The game a step starts from, before its own moves: a fresh copy."""
    key = (course.game, step.key)
    built = _BUILT.get(key)
    if built is None:
        if step.start == PREVIOUS:
            previous = _previous(course, step)
            built = position(course, previous)
            built.play(previous.expect[0])
            for move in previous.after:
                built.play(move)
        else:
            built = _build(course, step.start)
        _BUILT[key] = built
    return built.copy()


def _previous(course: Course, step: Step) -> Step:
    steps = course.lesson(step.lesson).steps
    i = steps.index(step)
    if i == 0:
        raise LessonDataError(f"step {step.key} is the first of its lesson: no previous step")
    return steps[i - 1]


def position(course: Course, step: Step) -> Game:
    """The position of ``step``: where the learner is asked to move (a fresh copy)."""
    game = start_of(course, step)
    for move in step.moves:
        game.play(move)
    return game


def step_seat(course: Course, step: Step) -> int:
    """The learner's seat in ``step``: its ``seat``, else the seat to move."""
    if step.seat is not None:
        return step.seat
    to_move = position(course, step).to_move
    if not isinstance(to_move, int):
        raise LessonDataError(f"step {step.key}: no seat is to move in its position")
    return to_move


def recent_events(course: Course, step: Step, game: Game | None = None) -> list[tuple[int, Event]]:
    """What happened since the learner last moved (the other players' moves, the dice
    rolled, the trick or round won), as the step shows it: the events of the moves
    after the learner's seat's last decision, of the last :data:`RECENT` moves at most."""
    game = game if game is not None else position(course, step)
    seat = step_seat(course, step)
    actors = [actor for actor, _ in game.history]
    start = max(0, len(actors) - RECENT)
    for i in range(len(actors) - 1, start - 1, -1):
        if actors[i] == seat:
            start = i + 1
            break
    return [(i, e) for i, evs in enumerate(game.events) if i >= start for e in evs]


Kind = Literal["right", "refused", "other"]


@dataclass
class Attempt:
    """What a learner's move did in a step.

    ``kind``: ``right`` (one of the moves the step asks for: the game has moved
    on, with the moves that follow by themselves), ``refused`` (the engine does
    not allow it: ``code`` and ``params`` say why) or ``other`` (allowed, but not
    what the step asks for; ``events`` are what it would do, with the step's
    following moves while they are allowed, and the game stays at the step's
    position).
    """

    kind: Kind
    move: str
    game: Game
    """The game after the attempt (the step's position unless the move was right)."""
    events: list[tuple[int, Event]] = field(default_factory=list)
    """What the move (and the moves after it, for a right move) did, with the move index."""
    code: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    reason: str = ""
    """The engine's reason in English (for a refusal whose code has no words yet)."""
    wrong: WrongMove | None = None
    """The step's own entry for this move, if it lists it."""


def _canonical(game: Game, move: str) -> str:
    try:
        return str(game.parse(move))
    except IllegalMove:
        return " ".join(move.split())


def attempt(course: Course, step: Step, move: str) -> Attempt:
    """Try ``move`` in ``step``'s position (on a copy: the course is unchanged)."""
    game = position(course, step)
    canonical = _canonical(game, move)
    wanted = {_canonical(game, m) for m in step.expect}
    listed = {_canonical(game, w.move): w for w in step.wrong}
    wrong = listed.get(canonical)
    seat = step_seat(course, step)
    if game.to_move != seat:
        raise LessonDataError(f"step {step.key}: seat {seat} is not to move")
    start = len(game.moves)
    try:
        game.play(canonical)
    except IllegalMove as e:
        return Attempt(
            "refused",
            canonical,
            game,
            code=e.code,
            params=dict(e.params),
            reason=e.reason,
            wrong=wrong,
        )
    if canonical in wanted or step.any_legal:
        for later in step.after:
            if canonical == _canonical(game, step.expect[0]):
                game.play(later)  # the course's own line: a refusal is a data error
                continue
            try:
                game.play(later)
            except IllegalMove:
                break
        return Attempt("right", canonical, game, _events_since(game, start))
    # What would follow: the other players' moves of the step, as long as they are allowed.
    for later in step.after:
        try:
            game.play(later)
        except IllegalMove:
            break
    events = _events_since(game, start)
    while len(game.moves) > start:
        game.pop()
    return Attempt("other", canonical, game, events, wrong=wrong)


def _events_since(game: Game, start: int) -> list[tuple[int, Event]]:
    return [(i, e) for i, evs in enumerate(game.events) if i >= start for e in evs]
