"""What a course of lessons is, as read from its data file.

A game's course is one TOML file, ``lessons/data/<game>.toml``:

- ``[positions.NAME]``: a position to start steps from, a ``ludoteca/1``
  record's ``options``, ``players`` and ``moves`` (chance events included, so
  the position is the same every time), or ``record = "FILE.json"`` naming a
  ``ludoteca/1`` record kept beside the course;
- ``[[lessons]]``: ``id``, ``title`` and ``intro`` (message codes), then its
  ``[[lessons.steps]]``. A step starts from ``from`` (a position's name, or
  ``"previous"``: where the step before it ended), plays its ``moves``, and asks
  the learner, who sits in ``seat`` (the seat to move), for one of the moves of
  ``expect`` (or, with ``any_legal``, any allowed move; the step after goes on
  from ``expect[0]``). ``say`` is what the step tells before, ``done`` what it tells after
  the right move; ``after`` are the moves that follow by themselves (the other
  players'); ``events`` are what the engine must announce then (a code and the
  numbers that must match), ``seen`` what the position's last moves announced;
  ``[[lessons.steps.wrong]]`` are moves a learner may
  try, each with the refusal code the engine must give (``refused``) or, for an
  allowed move that is not the lesson's, what the engine would announce
  (``events``), and the lesson's own ``explain``;
- ``[practice]``: the table offered after the last lesson (``seats`` from the
  learner's seat ``"human"`` and bot levels, ``options``).

Texts are message codes (see :mod:`ludoteca.lessons.messages`); the words live
in the gettext catalogs.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

__all__ = [
    "Course",
    "EventSpec",
    "Lesson",
    "LessonDataError",
    "Part",
    "Position",
    "Practice",
    "Step",
    "WrongMove",
    "read_course",
]

PREVIOUS = "previous"


class LessonDataError(ValueError):
    """A course file that does not say a course the way this module reads it."""


@dataclass(frozen=True)
class EventSpec:
    """An event the engine must announce: its ``code`` and the parameters that
    must have exactly these values (other parameters may be anything)."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def matches(self, event: Mapping[str, Any]) -> bool:
        """Whether ``event`` (an event's JSON) is this one."""
        return event.get("code") == self.code and all(
            _same(event.get(k), v) for k, v in self.params.items()
        )

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, **self.params}


def _same(found: Any, wanted: Any) -> bool:
    if isinstance(wanted, list | tuple) and isinstance(found, list | tuple):
        return len(found) == len(wanted) and all(
            _same(a, b) for a, b in zip(found, wanted, strict=True)
        )
    return bool(found == wanted)


@dataclass(frozen=True)
class WrongMove:
    """A move the learner may try instead of the lesson's, and why it is not it."""

    move: str
    refused: str | None
    """The refusal code the engine gives it; ``None``: the engine allows it."""
    explain: str | None
    """The lesson's own explanation (a message code), said with the refusal."""
    events: tuple[EventSpec, ...] = ()
    """For an allowed move: what the engine would announce after it."""


@dataclass(frozen=True)
class Part:
    """A lesson of a course, or a step of a lesson."""

    id: str
    """Its name where it stands (the course's data, ``--lesson``, the progress)."""


@dataclass(frozen=True)
class Step(Part):
    """One position, one question: make a move."""

    lesson: str
    start: str
    """A position's name, or ``"previous"``."""
    moves: tuple[str, ...]
    seat: int | None
    say: str
    expect: tuple[str, ...]
    after: tuple[str, ...] = ()
    done: str | None = None
    events: tuple[EventSpec, ...] = ()
    wrong: tuple[WrongMove, ...] = ()
    diagram: Mapping[str, Any] | None = None
    show_hands: bool = False
    """Whether every hand is shown face up (a lesson hides nothing it talks about)."""
    seen: tuple[EventSpec, ...] = ()
    """What the position's last moves announced (see :func:`~.runner.recent_events`):
    a roll that won the round, the trick before."""
    any_legal: bool = False
    """Whether every allowed move is right (``expect[0]`` is the one the lesson goes on
    with): a roll that allows "one vertical of any column"."""

    @property
    def key(self) -> str:
        return f"{self.lesson}/{self.id}"


@dataclass(frozen=True)
class Lesson(Part):
    """A topic: a title, an introduction and its steps."""

    title: str
    intro: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Position:
    """The start of some steps: a game built from a record's options, players and moves."""

    name: str
    options: Mapping[str, Any]
    players: tuple[str, ...] | None
    moves: tuple[str, ...]


@dataclass(frozen=True)
class Practice:
    """The table offered after the lessons: who sits where, with which options."""

    seats: tuple[str, ...]
    options: Mapping[str, Any]

    @property
    def seat(self) -> int:
        """The learner's seat."""
        return self.seats.index("human")


@dataclass(frozen=True)
class Course:
    """A game's lessons and the positions they start from."""

    game: str
    positions: Mapping[str, Position]
    lessons: tuple[Lesson, ...]
    practice: Practice

    def lesson(self, lesson_id: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)

    def find(self, ref: str) -> Lesson | None:
        """The lesson ``ref`` names: its number as the lists show it (from 1), or its id."""
        ref = ref.strip()
        if ref.isdigit() and 1 <= int(ref) <= len(self.lessons):
            return self.lessons[int(ref) - 1]
        return next((lesson for lesson in self.lessons if lesson.id == ref), None)

    def steps(self) -> list[Step]:
        """Every step of every lesson, in order."""
        return [s for lesson in self.lessons for s in lesson.steps]


# ------------------------------------------------------------------ reading


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LessonDataError(f"{where} must be a list of moves (text)")
    return tuple(value)


def _events(value: Any, where: str) -> tuple[EventSpec, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise LessonDataError(f"{where} must be a list of events")
    out = []
    for item in value:
        if not isinstance(item, dict) or not isinstance(item.get("code"), str):
            raise LessonDataError(f"{where}: each event names its code")
        params = {k: v for k, v in item.items() if k != "code"}
        out.append(EventSpec(item["code"], params))
    return tuple(out)


def _text(table: Mapping[str, Any], key: str, where: str, *, required: bool = True) -> str | None:
    value = table.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value:
        raise LessonDataError(f"{where} needs {key} (a message code)")
    return value


_STEP_KEYS = frozenset(
    {
        *("id", "from", "moves", "seat", "say", "expect", "after", "done", "events", "wrong"),
        *("diagram", "show_hands", "any_legal", "seen"),
    }
)


def _step(raw: Any, lesson: str, index: int, previous: Step | None) -> Step:
    where = f"lesson {lesson}, step {index + 1}"
    if not isinstance(raw, dict):
        raise LessonDataError(f"{where} is not a table")
    unknown = set(raw) - _STEP_KEYS
    if unknown:
        raise LessonDataError(f"{where}: unknown keys {sorted(unknown)}")
    step_id = raw.get("id", str(index + 1))
    start = raw.get("from", PREVIOUS if previous is not None else "")
    if not isinstance(start, str) or not start:
        raise LessonDataError(f"{where} needs from (a position, or previous)")
    seat = raw.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise LessonDataError(f"{where}: seat is a seat number")
    wrong = []
    for k, item in enumerate(raw.get("wrong", [])):
        w_where = f"{where}, wrong move {k + 1}"
        if not isinstance(item, dict) or not isinstance(item.get("move"), str):
            raise LessonDataError(f"{w_where} names its move")
        refused = item.get("refused")
        if refused is not None and not isinstance(refused, str):
            raise LessonDataError(f"{w_where}: refused is a refusal code")
        wrong.append(
            WrongMove(
                item["move"],
                refused,
                _text(item, "explain", w_where, required=refused is None),
                _events(item.get("events"), w_where),
            )
        )
    diagram = raw.get("diagram")
    if diagram is not None and not isinstance(diagram, dict):
        raise LessonDataError(f"{where}: diagram is a table")
    return Step(
        id=str(step_id),
        lesson=lesson,
        start=start,
        moves=_strings(raw.get("moves", []), f"{where} moves"),
        seat=seat,
        say=str(_text(raw, "say", where)),
        expect=_strings(raw.get("expect", []), f"{where} expect"),
        after=_strings(raw.get("after", []), f"{where} after"),
        done=_text(raw, "done", where, required=False),
        events=_events(raw.get("events"), where),
        wrong=tuple(wrong),
        diagram=diagram,
        show_hands=bool(raw.get("show_hands", False)),
        seen=_events(raw.get("seen"), f"{where} seen"),
        any_legal=bool(raw.get("any_legal", False)),
    )


def _position(game: str, name: str, raw: Any) -> Position:
    where = f"position {name}"
    if not isinstance(raw, dict):
        raise LessonDataError(f"{where} is not a table")
    if "record" in raw:
        record = json.loads(_data_file(str(raw["record"])))
        if record.get("game") != game:
            raise LessonDataError(f"{where}: the record is not a game of {game}")
        raw = {**record, **{k: v for k, v in raw.items() if k != "record"}}
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise LessonDataError(f"{where}: options is a table")
    players = raw.get("players")
    return Position(
        name,
        options,
        None if players is None else _strings(players, f"{where} players"),
        _strings(raw.get("moves", []), f"{where} moves"),
    )


def _data_file(name: str) -> str:
    path = resources.files("ludoteca.lessons").joinpath("data", name)
    if not path.is_file():
        raise LessonDataError(f"no lesson data file {name}")
    return path.read_text(encoding="utf-8")


def read_course(game: str, text: str | None = None) -> Course:
    """The course of ``game`` from its data file (or from ``text``, TOML)."""
    try:
        data = tomllib.loads(text if text is not None else _data_file(f"{game}.toml"))
    except tomllib.TOMLDecodeError as e:
        raise LessonDataError(f"the lessons of {game} are not valid TOML: {e}") from None
    if data.get("game") != game:
        raise LessonDataError(f"the lessons file says game = {data.get('game')!r}, not {game!r}")
    positions = {
        name: _position(game, name, raw) for name, raw in data.get("positions", {}).items()
    }
    lessons = []
    for raw in data.get("lessons", []):
        lesson_id = raw.get("id")
        if not isinstance(lesson_id, str) or not lesson_id:
            raise LessonDataError("every lesson has an id")
        steps: list[Step] = []
        for i, s in enumerate(raw.get("steps", [])):
            steps.append(_step(s, lesson_id, i, steps[-1] if steps else None))
        if not steps:
            raise LessonDataError(f"lesson {lesson_id} has no step")
        lessons.append(
            Lesson(
                lesson_id,
                str(_text(raw, "title", f"lesson {lesson_id}")),
                str(_text(raw, "intro", f"lesson {lesson_id}")),
                tuple(steps),
            )
        )
    practice = data.get("practice", {})
    seats = _strings(practice.get("seats", []), "practice seats")
    if seats.count("human") != 1:
        raise LessonDataError("the practice table has one human seat (the learner's)")
    return Course(
        game,
        positions,
        tuple(lessons),
        Practice(seats, dict(practice.get("options", {}))),
    )
