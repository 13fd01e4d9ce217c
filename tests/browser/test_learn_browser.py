"""The lessons in a real browser: one whole lesson per game, its wrong moves clicked and
explained, the right moves played on the table, the progress kept in the browser; the
practice table offered after the last step, with the expert's hints; the rules pages'
diagrams drawn."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ludoteca.lessons import attempt, load_course, position, step_seat
from ludoteca.lessons.render import alternatives, refusal

# One lesson per game, in either language: the article's own examples.
WALKS = [
    ("texas42", "following", "pt-BR"),
    ("fiveup", "fives", "en-US"),
    ("bingo", "order", "pt-BR"),
    ("cavaleiro", "ranking", "en-US"),
]


def new_page(browser: Any, locale: str) -> Any:
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def flat(text: str) -> str:
    return " ".join(text.split())


def wait_step(page: Any, lesson: str, n: int, phase: str = "ask") -> None:
    page.wait_for_selector(
        f'#lesson[data-lesson="{lesson}"][data-step="{n}"][data-phase="{phase}"][data-pending="0"]'
    )


def open_at(page: Any, base: str, game: str, lesson: str, step: int) -> None:
    """Open a game's lessons at a step, as a learner who left off there would.

    The progress is written from another page of the site: the lessons' page saves its
    own first step once its course has loaded, which could overwrite it."""
    page.goto(base + "/rules")
    page.evaluate(
        """([key, lesson, step]) => localStorage.setItem(key,
             JSON.stringify({lessons: {}, at: {lesson, step}}))""",
        [f"ludoteca.learn.{game}", lesson, step],
    )
    page.goto(f"{base}/learn/{game}")


def attempts(page: Any) -> int:
    return int(page.get_attribute("#lesson", "data-attempts") or "0")


def wait_answer(page: Any, before: int) -> None:
    """Wait until the engine has answered one more try than ``before``."""
    page.wait_for_selector(f'#lesson[data-attempts="{before + 1}"][data-pending="0"]')


def tile_of(move: str) -> str | None:
    """The tile a move plays, as the hand's buttons name it (high end first)."""
    m = re.fullmatch(r"play (\d)-(\d)(?: .*)?", move)
    if not m:
        return None
    a, b = int(m.group(1)), int(m.group(2))
    return f"{max(a, b)}-{min(a, b)}"


def stick_of(move: str, view: dict[str, Any]) -> int | None:
    """The stick of the learner's Cavaleiro figure a click on which asks for ``move``
    (a stick asks for itself and those above it in its column; any horizontal, for one)."""
    figures = view.get("figures")
    if not figures:
        return None
    fig = figures[view["seat"]]
    column = re.fullmatch(r"remove (\d) from column (\d)", move)
    for i, stick in enumerate(view["sticks"]):
        if not fig["present"][i]:
            continue
        if column and stick["kind"] == "vertical" and stick["column"] == int(column.group(2)):
            if max(1, fig["columns"][stick["column"] - 1] - stick["row"]) == int(column.group(1)):
                return int(stick["id"])
        elif move.startswith("remove horizontal") and stick["kind"] == "horizontal":
            return int(stick["id"])
    return None


def click_move(page: Any, move: str, view: dict[str, Any]) -> bool:
    """Click the controls that make ``move`` in ``view`` (the learner's); False when
    the page has none for it."""
    before = attempts(page)
    button = page.locator(f'#board .move-btn.legal[data-move="{move}"]')
    if button.count():
        button.first.click()
        wait_answer(page, before)
        return True
    stick = stick_of(move, view)
    if stick is not None:
        page.locator(f'#board .mine-fig g.stick.clickable[data-stick="{stick}"]').click()
        wait_answer(page, before)
        return True
    tile = tile_of(move)
    if tile is None:
        return False
    found = page.locator(f'#board .tile-btn[data-tile="{tile}"]')
    if not found.count():
        return False
    found.first.click()
    # a tile with one move is tried at once; a tile with several opens its choices
    page.wait_for_function(
        """([a0, t]) => { const l = document.getElementById('lesson');
                          const b = document.getElementById('board');
                          return l.dataset.pending === '0' &&
                                 (l.dataset.attempts !== String(a0) ||
                                  b.dataset.choice === t); }""",
        arg=[before, tile],
    )
    if attempts(page) != before:
        return True
    choice = page.locator(f'#board .actions .move-btn[data-move="{move}"]')
    if not choice.count():
        page.locator("#board .actions .move-btn.cancel").click()
        return False
    choice.first.click()
    wait_answer(page, before)
    return True


@pytest.mark.parametrize(("game", "lesson_id", "locale"), WALKS, ids=[w[0] for w in WALKS])
def test_a_whole_lesson_in_the_browser(
    browser: Any, make_server: Any, artifacts: Path, game: str, lesson_id: str, locale: str
) -> None:
    lang = "pt" if locale.startswith("pt") else "en"
    server = make_server()
    page = new_page(browser, locale)
    page.goto(f"{server.url}/learn/{game}")
    page.locator(f'nav li[data-lesson="{lesson_id}"] button').click()
    course = load_course(game)
    lesson = course.lesson(lesson_id)
    wrong_shown = 0
    for n, step in enumerate(lesson.steps, 1):
        wait_step(page, lesson_id, n)
        page.wait_for_selector('#board[data-myturn="1"]')
        view = position(course, step).view(step_seat(course, step))
        for wrong in step.wrong:
            result = attempt(course, step, wrong.move)
            if not click_move(page, result.move, view):
                continue
            feedback = flat(page.locator("#feedback").inner_text())
            if result.kind == "refused":
                names = result.game.names
                seat = step_seat(course, step)
                said = refusal(game, str(result.code), result.params, lang, names, seat)
                assert flat(said) in feedback
            wrong_shown += 1
            assert page.locator("#feedback .bad").count() == 1
            assert page.get_attribute("#lesson", "data-phase") == "ask"
        expected = str(position(course, step).parse(step.expect[0]))
        assert click_move(page, expected, view), f"no control on the page plays {expected}"
        wait_step(page, lesson_id, n, "done")
        assert page.locator("#feedback .good").count() == 1
        if n == 1:
            page.screenshot(path=str(artifacts / f"learn-{game}-{lang}.png"), full_page=True)
        if n < len(lesson.steps):
            page.locator("#next-btn").click()
    badge = page.locator(f'nav li[data-lesson="{lesson_id}"] .badge')
    assert badge.inner_text() == "✓"
    assert wrong_shown >= 1  # the lesson's wrong moves, clicked on the table
    # the progress is kept in the browser: a reload comes back to where the learner was
    kept = json.loads(page.evaluate(f"() => localStorage.getItem('ludoteca.learn.{game}')"))
    assert kept["lessons"][lesson_id]["done"] is True
    page.reload()
    wait_step(page, lesson_id, len(lesson.steps))
    assert page.locator(f'nav li[data-lesson="{lesson_id}"] .badge').inner_text() == "✓"
    assert not page.errors


def test_the_last_step_offers_a_practice_table_with_hints(browser: Any, make_server: Any) -> None:
    server = make_server()
    page = new_page(browser, "en-US")
    course = load_course("bingo")
    last = course.lessons[-1]
    open_at(page, server.url, "bingo", last.id, len(last.steps))
    wait_step(page, last.id, len(last.steps))
    step = last.steps[-1]
    game = position(course, step)
    assert click_move(page, str(game.parse(step.expect[0])), game.view(step_seat(course, step)))
    wait_step(page, last.id, len(last.steps), "done")
    form = page.locator("#practice")
    assert form.is_visible()
    page.fill("#practice-name", "Ana")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/[^?]+\?practice=1"))
    page.wait_for_selector(".panel.hint table tbody tr", timeout=60000)
    assert page.locator(".panel.hint h2").inner_text() == "The expert's suggestions"
    assert not page.errors


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_show_me_says_the_answers_as_alternatives(
    browser: Any, make_server: Any, locale: str
) -> None:
    lang = "pt" if locale.startswith("pt") else "en"
    server = make_server()
    page = new_page(browser, locale)
    course = load_course("bingo")
    step = course.lesson("following").steps[1]  # two answers, either one right
    open_at(page, server.url, "bingo", "following", 2)
    wait_step(page, "following", 2)
    page.locator("#show-btn").click()
    page.wait_for_selector("#feedback p")
    shown = flat(page.locator("#feedback").inner_text())
    assert alternatives("bingo", step.expect, lang) in shown
    assert {"pt": " ou ", "en": " or "}[lang] in shown
    assert not page.errors


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_the_rules_pages_draw_their_diagrams(
    browser: Any, make_server: Any, artifacts: Path, locale: str
) -> None:
    server = make_server()
    page = new_page(browser, locale)
    for game in ("texas42", "fiveup", "bingo", "cavaleiro"):
        page.goto(f"{server.url}/rules/{game}")
        figures = page.locator("figure.diagram")
        assert figures.count() >= 1
        for i in range(figures.count()):
            assert figures.nth(i).locator("svg").count() >= 1  # drawn, not just the caption
        assert page.locator(f'a[href="/learn/{game}"]').count() >= 1
        page.screenshot(path=str(artifacts / f"rules-{game}-{locale[:2]}.png"), full_page=True)
    assert not page.errors
