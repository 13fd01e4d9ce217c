"""The lessons hold up against the engines: every position replays, every expected
move is allowed, every listed wrong move is refused with the stated code (or, if
allowed, does what the lesson says), every announced outcome is what the engine
announces, and every text exists in both languages. A learner's answer is read as
the lessons show moves: in words, by its tile, by its number, in notation; answers
where any one is right are said as alternatives."""

from __future__ import annotations

import re
from typing import Any

import pytest

import ludoteca
from ludoteca.errors import IllegalMove
from ludoteca.i18n import catalog
from ludoteca.i18n.moves import describe_move
from ludoteca.lessons import (
    LessonDataError,
    attempt,
    load_course,
    position,
    read_answer,
    recent_events,
    start_of,
    step_seat,
)
from ludoteca.lessons.messages import MESSAGES, say
from ludoteca.lessons.model import EventSpec, read_course
from ludoteca.lessons.render import alternatives, event, refusal, which
from ludoteca.move import Move
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


# ------------------------------------------------------------------ reading answers

LANGS = ["pt", "en"]


def _canonical(game: ludoteca.Game, move: str) -> str:
    return str(game.parse(move))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_every_answer_is_accepted_in_the_words_the_lesson_shows(
    game: str, step: Any, lang: str
) -> None:
    course = COURSES[game]
    here = position(course, step)
    for move in step.expect:
        shown = describe_move(game, move, lang)
        assert read_answer(here, shown, lang).moves == (_canonical(here, move),), shown
        # as a learner types it: another case, no accents, a full stop
        typed = shown.upper().replace("Ç", "C").replace("Ã", "A") + "."
        assert read_answer(here, typed, lang).moves == (_canonical(here, move),), typed
        assert attempt(course, step, read_answer(here, shown, lang).move).kind == "right"


@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_every_allowed_move_is_accepted_by_its_number_in_the_list(game: str, step: Any) -> None:
    here = position(COURSES[game], step)
    legal = here.legal_moves()
    for n, move in enumerate(legal, 1):
        assert read_answer(here, str(n), "pt").moves == (move,)
        assert read_answer(here, f" {n} ", "en").moves == (move,)
    assert read_answer(here, str(len(legal) + 1), "pt").moves == ()


@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_a_tile_alone_names_the_moves_that_play_it(game: str, step: Any) -> None:
    here = position(COURSES[game], step)
    legal = here.legal_moves()
    tiles = {Move.from_text(m).tiles[0] for m in legal if Move.from_text(m).kind == "play"}
    for tile in tiles:
        playing = tuple(m for m in legal if Move.from_text(m).tiles[:1] == (tile,))
        turned = f"{tile.low}-{tile.high}"
        for written in (str(tile), f"[{tile}]", turned, f"[{turned}]"):
            reading = read_answer(here, written, "pt")
            assert reading.moves == playing, written
            assert reading.ambiguous == (len(playing) > 1)


def test_a_tile_that_is_not_allowed_is_played_so_that_the_engine_says_why() -> None:
    course = COURSES["texas42"]
    step = course.lesson("following").steps[0]
    here = position(course, step)
    for written, lang in (("5-5", "pt"), ("[5-5]", "en"), ("joga 5-5", "pt"), ("play 5-5", "en")):
        reading = read_answer(here, written, lang)
        assert reading.moves == ("play 5-5",)
        result = attempt(course, step, reading.move)
        assert result.kind == "refused" and result.code == "must_follow"


def test_answers_that_fit_several_moves_are_asked_about() -> None:
    fiveup = COURSES["fiveup"]
    step = fiveup.lesson("drawing").steps[2]  # the drawn 6-4 fits beside 6-6 and 4-4
    here = position(fiveup, step)
    both = ("play 6-4 on 6-6", "play 6-4 on 4-4")
    assert set(read_answer(here, "6-4", "pt").moves) == set(both)
    assert set(read_answer(here, "joga 6-4", "pt").moves) == set(both)
    assert set(read_answer(here, "play 4-6", "en").moves) == set(both)
    assert read_answer(here, "joga 6-4 na 4-4", "pt").moves == ("play 6-4 on 4-4",)
    assert read_answer(here, "6-4", "pt").ambiguous
    bingo = COURSES["bingo"]
    step = bingo.lesson("values").steps[1]  # the bingo led, shown or not
    here = position(bingo, step)
    assert set(read_answer(here, "0-0", "en").moves) == {"play 0-0", "play 0-0 show"}
    assert read_answer(here, "joga 0-0", "pt").moves == ("play 0-0",)
    assert read_answer(here, "joga 0-0 e mostra os dobres", "pt").moves == ("play 0-0 show",)
    assert which("6-4", "pt") != which("6-4", "en") and "6-4" in which("6-4", "pt")


def test_the_first_words_of_a_move_name_it() -> None:
    fiveup = COURSES["fiveup"]
    step = next(s for s in fiveup.steps() if s.expect == ("draw",))
    here = position(fiveup, step)
    assert read_answer(here, "compra", "pt").moves == ("draw",)
    assert read_answer(here, "draw", "en").moves == ("draw",)
    texas = COURSES["texas42"]
    step = texas.lesson("seed-hand").steps[0]
    here = position(texas, step)
    assert read_answer(here, "lance de 30", "pt").moves == ("bid 30",)
    assert read_answer(here, "passo", "pt").moves == ("pass",)
    assert read_answer(here, "bid 30", "en").moves == ("bid 30",)
    cavaleiro = COURSES["cavaleiro"]
    step = cavaleiro.lesson("ranking").steps[0]
    here = position(cavaleiro, step)
    assert read_answer(here, "tira 1 palito da coluna 4", "pt").moves == ("remove 1 from column 4",)
    assert len(read_answer(here, "tira 1 palito", "pt").moves) == 9  # which column?
    # nothing a learner could mean: the line goes to the engine as written
    nonsense = read_answer(here, "dance the samba", "en")
    assert nonsense.moves == () and nonsense.move == "dance the samba"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_answers_where_any_one_is_right_are_said_as_alternatives(game: str, lang: str) -> None:
    several = [s for s in COURSES[game].steps() if len(s.expect) > 1]
    single = next(s for s in COURSES[game].steps() if len(s.expect) == 1)
    for step in several:
        words = [describe_move(game, move, lang) for move in step.expect]
        last = {"pt": " ou ", "en": ", or " if len(words) > 2 else " or "}[lang]
        assert alternatives(game, step.expect, lang) == ", ".join(words[:-1]) + last + words[-1]
    assert alternatives(game, single.expect, lang) == describe_move(game, single.expect[0], lang)
    assert several
