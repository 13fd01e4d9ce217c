"""``ludoteca learn``: the lessons in the terminal, walked line by line as a learner
types them; wrong moves explained, progress kept in its file, restart and skip, the
practice table offered at the end with its hints."""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from tui_pilot import SIZE, settle, wait_until

import ludoteca
from ludoteca.bots.base import RankedMove
from ludoteca.cli import main
from ludoteca.i18n.moves import describe_move
from ludoteca.lessons import attempt, load_course, position, step_seat
from ludoteca.lessons.messages import say
from ludoteca.lessons.progress import Progress
from ludoteca.lessons.render import refusal, which
from ludoteca.registry import GAMES
from ludoteca.tui.app import PlayApp
from ludoteca.tui.learn import Lessons
from ludoteca.tui.table import Table


def typist(lines: list[str]) -> Callable[[str], str]:
    """A learner typing ``lines`` one per prompt (then stopping: EOF)."""
    queue = list(lines)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError(prompt)
        return queue.pop(0)

    return read


def lessons(
    game: str, lines: list[str], path: Path, lang: str = "en"
) -> tuple[Lessons, io.StringIO]:
    out = io.StringIO()
    return Lessons(game, lang, Progress(path), read=typist(lines), out=out, width=100), out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_whole_lesson_with_its_wrong_moves_explained(
    game: str, lang: str, tmp_path: Path
) -> None:
    course = load_course(game)
    lesson = next(lesson for lesson in course.lessons if any(s.wrong for s in lesson.steps))
    lines: list[str] = []
    told: list[str] = []
    for step in lesson.steps:
        for wrong in step.wrong:
            lines.append(wrong.move)
            result = attempt(course, step, wrong.move)
            if result.kind == "refused":
                seat = step_seat(course, step)
                text = refusal(game, str(result.code), result.params, lang, result.game.names, seat)
                told.append(text)
            if wrong.explain:
                told.append(say(wrong.explain, lang))
        lines += [step.expect[0], ""]
    lines.append("quit")
    path = tmp_path / "lessons.json"
    app, out = lessons(game, lines, path, lang)
    assert app.run(lesson.id) is False
    shown = " ".join(out.getvalue().split())
    for text in told:
        assert " ".join(text.split()) in shown
    assert shown.count("✓") >= len(lesson.steps)
    for step in lesson.steps:
        assert " ".join(say(step.say, lang).split()) in shown
    kept = json.loads(path.read_text(encoding="utf-8"))[game]
    assert kept["lessons"][lesson.id] == {
        "reached": len(lesson.steps),
        "done": True,
        "skipped": False,
    }


def test_a_move_by_number_or_tile_and_the_answer_shown(tmp_path: Path) -> None:
    app, out = lessons("texas42", ["show", "moves", "5-5", "1", "", "quit"], tmp_path / "p.json")
    app.run("following")
    text = out.getvalue()
    assert f"The answer: {describe_move('texas42', 'play 5-1', 'en')}" in text
    assert "  1. play 5-1" in text  # the list of allowed moves, in words
    assert "✗" in text and "must follow the suit of ones: 5-1" in " ".join(text.split())
    assert "✓" in text


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_answer_as_shown_is_accepted(lang: str, tmp_path: Path) -> None:
    course = load_course("texas42")
    lesson = course.lesson("following")
    first, second, third = lesson.steps
    shown = describe_move("texas42", first.expect[0], lang)
    lines = ["show", shown, ""]  # typed as the answer says it
    lines += [f"[{second.expect[0].split()[-1]}]", ""]  # the tile alone, in brackets
    there = position(course, third)
    number = there.legal_moves().index(str(there.parse(third.expect[0]))) + 1
    lines += ["moves", str(number), "", "quit"]  # the number in the list
    app, out = lessons("texas42", lines, tmp_path / "p.json", lang)
    app.run("following")
    text = out.getvalue()
    answer = {"pt": "A resposta: ", "en": "The answer: "}[lang]
    assert answer + shown in text
    assert text.count("✓") == 3 and "✗" not in text and "~" not in text
    assert Progress(tmp_path / "p.json").lesson("texas42", "following")["done"]
    assert f"{number:>3}. {describe_move('texas42', third.expect[0], lang)}" in text
    listed = text.split(app.tx._("Allowed moves:"))[1].splitlines()[1:]
    listed = list(itertools.takewhile(lambda x: re.match(r" *\d+\. ", x), listed))
    assert len(listed) == len(there.legal_moves())
    assert not any("[" in line or "play " in line for line in listed if lang == "pt")


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_tile_that_fits_two_places_is_asked_about(lang: str, tmp_path: Path) -> None:
    course = load_course("fiveup")
    step = course.lesson("drawing").steps[2]  # the drawn 6-4 fits beside 6-6 and 4-4
    legal = position(course, step).legal_moves()
    wanted = step.expect[1]
    before = [line for s in course.lesson("drawing").steps[:2] for line in (s.expect[0], "")]
    lines = [*before, "4-6", str(legal.index(wanted) + 1), "", "quit"]
    app, out = lessons("fiveup", lines, tmp_path / "p.json", lang)
    app.run("drawing")
    text = out.getvalue()
    question = which("4-6", lang)
    assert question in text
    after = text[text.index(question) :]
    for move in legal:
        assert f"{legal.index(move) + 1:>3}. {describe_move('fiveup', move, lang)}" in after
    assert "✓ " + describe_move("fiveup", wanted, lang) in after


def test_answers_where_any_one_is_right_are_said_with_or(tmp_path: Path) -> None:
    course = load_course("bingo")
    step = course.lesson("following").steps[1]
    assert len(step.expect) == 2
    for lang, word in (("pt", " ou "), ("en", " or ")):
        app, out = lessons("bingo", ["show", "quit"], tmp_path / f"{lang}.json", lang)
        assert app.step(step) == "quit"
        shown = [describe_move("bingo", m, lang) for m in step.expect]
        assert word.join(shown) in out.getvalue()


def test_an_allowed_move_that_is_not_the_lessons_stays_on_the_step(tmp_path: Path) -> None:
    app, out = lessons("texas42", ["play 3-3", "quit"], tmp_path / "p.json")
    app.run("trumps")
    text = " ".join(out.getvalue().split())
    assert "~" in text and "allowed, but not this step's move." in text
    kept = Progress(tmp_path / "p.json")
    assert kept.lesson("texas42", "trumps")["reached"] == 0
    assert kept.where("texas42") == ("trumps", 1)


def test_progress_is_kept_between_sessions(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    course = load_course("texas42")
    first = course.lesson("following").steps[0]
    app, _ = lessons("texas42", [first.expect[0], "", "quit"], path)
    app.run("following")
    again, out = lessons("texas42", ["quit"], path)
    again.run()
    text = out.getvalue()
    assert "1/3" in text  # the overview: one step of three done
    assert "step 2 of 3" in text
    assert Progress(path).where("texas42") == ("following", 2)


def test_restart_and_skip(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    course = load_course("bingo")
    order = course.lessons[0]
    # step 1 done, then restart: back to step 1 with nothing reached; then skip the lesson
    app, out = lessons("bingo", [order.steps[0].expect[0], "", "restart", "skip", "quit"], path)
    app.run(order.id)
    text = out.getvalue()
    title = say(order.title, "en")
    assert text.count(f"{title} · step 1 of") == 2
    assert f"{say(course.lessons[1].title, 'en')} · step 1 of" in text
    kept = Progress(path)
    assert kept.lesson("bingo", order.id) == {"reached": 0, "done": False, "skipped": True}
    assert kept.where("bingo") == (course.lessons[1].id, 1)
    # Portuguese words for the commands
    app, out = lessons("bingo", ["pular", "sair"], path, "pt")
    app.run()
    assert Progress(path).lesson("bingo", course.lessons[1].id)["skipped"]
    assert "O seu progresso fica guardado" in out.getvalue()


def test_the_practice_table_is_offered_after_the_last_step(tmp_path: Path) -> None:
    course = load_course("cavaleiro")
    last = course.lessons[-1]
    lines = [w for s in last.steps for w in (s.expect[0], "")]
    app, out = lessons("cavaleiro", [*lines, "y"], tmp_path / "p.json")
    assert app.run(last.id) is True
    assert "end of the lessons of Cavaleiro" in out.getvalue()
    assert Progress(tmp_path / "p.json").where("cavaleiro") is None
    app, _ = lessons("cavaleiro", [*lines, "n"], tmp_path / "q.json")
    assert app.run(last.id) is False


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.json"
    Progress(path).reached("fiveup", "fives", 2)
    assert (
        main(["learn", "fiveup", "--list", "--lang", "en", "--progress-file", str(path)]) == 1 - 1
    )
    assert "Learn to play Five-Up" in capsys.readouterr().out
    assert main(["learn", "fiveup", "--lesson", "nope", "--progress-file", str(path)]) == 2
    assert "no lesson 'nope'" in capsys.readouterr().err
    assert main(["learn", "fiveup", "--lesson", "99", "--progress-file", str(path)]) == 2
    assert "no lesson '99'" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_command_takes_the_lesson_numbers_the_list_shows(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.json"
    common = ["--lang", lang, "--progress-file", str(path)]
    assert main(["learn", "bingo", "--list", *common]) == 0
    listed = capsys.readouterr().out
    course = load_course("bingo")
    for n, lesson in enumerate(course.lessons, 1):
        title = say(lesson.title, lang)
        assert f"{n}. {title}" in listed
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        assert main(["learn", "bingo", "--lesson", str(n), *common]) == 0
        shown = capsys.readouterr().out
        started = shown[shown.index("──") :]  # past the overview: the first step shown
        assert started.startswith(f"── {title} · ")


@pytest.mark.asyncio
async def test_the_practice_table_says_a_hint_at_every_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def fake_hint(game: ludoteca.Game, seat: int) -> list[RankedMove]:
        return [RankedMove(game.legal_moves()[0], 0.25, "", "no_such_reason")]

    monkeypatch.setattr(ludoteca, "hint", fake_hint, raising=False)
    course = load_course("bingo")
    table = Table.new(
        "bingo", list(course.practice.seats), seed=4, options=dict(course.practice.options)
    )
    app = PlayApp(table, lang="en", pace=0, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await wait_until(pilot, lambda: app.message_text.startswith("Hint: "), "the hint")
        assert "estimated value" in app.message_text  # a reason without words: the value
