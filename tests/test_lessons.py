"""The lessons hold up against the engines: every position replays, every expected
move is allowed, every listed wrong move is refused with the stated code (or, if
allowed, does what the lesson says), every announced outcome is what the engine
announces, and every text exists in both languages."""

from __future__ import annotations

import re
from typing import Any

import pytest

import ludoteca
from ludoteca.errors import IllegalMove
from ludoteca.i18n import catalog
from ludoteca.lessons import (
    LessonDataError,
    attempt,
    load_course,
    position,
    recent_events,
    start_of,
    step_seat,
)
from ludoteca.lessons.messages import MESSAGES, say
from ludoteca.lessons.model import EventSpec, read_course
from ludoteca.lessons.render import event, refusal
from ludoteca.registry import GAMES

COURSES = {game: load_course(game) for game in GAMES}
STEPS = [(game, step) for game, course in COURSES.items() for step in course.steps()]
IDS = [f"{game}:{step.key}" for game, step in STEPS]


def _json(events: list[Any]) -> list[dict[str, Any]]:
    return [e.to_json() for _, e in events]


def _found(spec: EventSpec, events: list[dict[str, Any]]) -> bool:
    return any(spec.matches(e) for e in events)


@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_the_position_replays_and_the_learner_is_to_move(game: str, step: Any) -> None:
    course = COURSES[game]
    game_now = position(course, step)
    seat = step_seat(course, step)
    assert game_now.to_move == seat, f"{step.key}: seat {seat} is not to move"
    # a position is a record: it replays to the same game
    again = ludoteca.replay(game_now.record())
    assert again.moves == game_now.moves
    assert again.view(seat) == game_now.view(seat)


@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_what_the_position_announced_is_what_the_lesson_says(game: str, step: Any) -> None:
    course = COURSES[game]
    found = _json(recent_events(course, step))
    for spec in step.seen:
        assert _found(spec, found), (step.key, spec, found)


@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_the_expected_moves_are_legal_and_do_what_the_lesson_says(game: str, step: Any) -> None:
    course = COURSES[game]
    assert step.expect, f"{step.key} asks for no move"
    legal = position(course, step).legal_moves()
    for move in step.expect:
        result = attempt(course, step, move)
        assert result.kind == "right", (step.key, move, result.code)
        assert result.move in legal
    first = attempt(course, step, step.expect[0])
    found = _json(first.events)
    for spec in step.events:
        assert _found(spec, found), (step.key, spec, found)


@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_each_wrong_move_is_refused_or_explained_as_stated(game: str, step: Any) -> None:
    course = COURSES[game]
    for wrong in step.wrong:
        result = attempt(course, step, wrong.move)
        if wrong.refused is not None:
            assert result.kind == "refused", (step.key, wrong.move, result.kind)
            assert result.code == wrong.refused, (step.key, wrong.move, result.code)
        else:
            assert result.kind == "other", (step.key, wrong.move, result.kind, result.code)
            assert wrong.explain, f"{step.key}: an allowed wrong move needs an explanation"
            found = _json(result.events)
            for spec in wrong.events:
                assert _found(spec, found), (step.key, wrong.move, spec, found)
        # the position is left as it was
        assert result.game.moves == position(course, step).moves


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_move_leaves_no_trace_and_a_wrong_one_is_undone(game: str) -> None:
    course = COURSES[game]
    step = course.steps()[0]
    before = position(course, step).view(step_seat(course, step))
    attempt(course, step, "nonsense 9-9")
    for wrong in step.wrong:
        attempt(course, step, wrong.move)
    assert position(course, step).view(step_seat(course, step)) == before


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_the_course_is_a_message_in_both_languages(game: str) -> None:
    course = COURSES[game]
    codes = set()
    for lesson in course.lessons:
        codes |= {lesson.title, lesson.intro}
        for step in lesson.steps:
            codes.add(step.say)
            codes |= {step.done} if step.done else set()
            codes |= {w.explain for w in step.wrong if w.explain}
    missing = sorted(c for c in codes if c not in MESSAGES)
    assert missing == []
    for code in codes:
        pt, en = say(code, "pt"), say(code, "en")
        assert pt and en and pt != en, code


def test_every_message_is_used_by_a_course() -> None:
    used: set[str] = set()
    for course in COURSES.values():
        for lesson in course.lessons:
            used |= {lesson.title, lesson.intro}
            for step in lesson.steps:
                used |= {step.say, *(w.explain for w in step.wrong if w.explain)}
                used |= {step.done} if step.done else set()
    assert sorted(set(MESSAGES) - used) == []


def test_the_portuguese_texts_keep_the_tiles_of_the_english() -> None:
    pt = {m.id: m.string for m in catalog("pt") if m.id}
    for code, message in MESSAGES.items():
        tiles = re.findall(r"\[\d-\d\]", message)
        assert sorted(re.findall(r"\[\d-\d\]", pt[message])) == sorted(tiles), code


@pytest.mark.parametrize("game", GAMES)
def test_steps_continue_where_the_step_before_ended(game: str) -> None:
    course = COURSES[game]
    for lesson in course.lessons:
        for before, step in zip(lesson.steps, lesson.steps[1:], strict=False):
            if step.start != "previous":
                continue
            after = position(course, before)
            after.play(before.expect[0])
            for move in before.after:
                after.play(move)
            assert start_of(course, step).moves == after.moves


@pytest.mark.parametrize("game", GAMES)
def test_the_practice_table_fits_the_game(game: str) -> None:
    practice = COURSES[game].practice
    kind = ludoteca.game_type(game, **practice.options)
    assert kind.num_seats == len(practice.seats)
    assert set(practice.seats) <= {"human", "random", "greedy", "expert"}


def test_refusals_and_events_are_said_from_their_codes() -> None:
    names = ["Amanda", "Beth", "André", "Bruno"]
    course = COURSES["texas42"]
    step = course.lesson("following").steps[0]
    result = attempt(course, step, "play 5-5")
    pt = refusal("texas42", str(result.code), result.params, "pt", names)
    en = refusal("texas42", str(result.code), result.params, "en", names)
    assert "5-1" in pt and "uns" in pt and "ones" in en
    right = attempt(course, step, "play 1-5")
    said = [event("texas42", e.to_json(), "pt", names) for _, e in right.events]
    assert "Amanda ganha a vaza: 1 ponto." in said
    # the learner hears of themselves as "you"
    assert event("texas42", {"code": "trick", "winner": 1, "points": 1}, "en", names, 1) == (
        "You won the trick: 1 point."
    )
    # a code with no words of its own is still a sentence
    assert refusal("texas42", "no_such_code", {}, "pt")


def test_a_course_file_says_what_is_wrong_with_it() -> None:
    with pytest.raises(LessonDataError, match="not valid TOML"):
        read_course("bingo", "game = ")
    with pytest.raises(LessonDataError, match="not 'bingo'"):
        read_course("bingo", 'game = "fiveup"')
    bad = """
game = "bingo"
[practice]
seats = ["human", "random"]
[[lessons]]
id = "x"
title = "a"
intro = "b"
[[lessons.steps]]
from = "nowhere"
say = "c"
expect = ["play 6-6"]
colour = "red"
"""
    with pytest.raises(LessonDataError, match="unknown keys"):
        read_course("bingo", bad)
    course = read_course("bingo", bad.replace('colour = "red"', ""))
    with pytest.raises(LessonDataError, match="no position called"):
        position(course, course.steps()[0])


def test_an_engine_refusal_in_a_position_is_a_data_error() -> None:
    text = """
game = "cavaleiro"
[practice]
seats = ["human", "random"]
[positions.p]
moves = ["roll 9 9 9 9"]
[[lessons]]
id = "x"
title = "a"
intro = "b"
[[lessons.steps]]
from = "p"
say = "c"
expect = ["pass"]
"""
    course = read_course("cavaleiro", text)
    with pytest.raises(IllegalMove):
        position(course, course.steps()[0])
