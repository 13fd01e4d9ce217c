"""The lessons in the browser: ``/learn``, ``/learn/{game}`` and their JSON API.

- ``GET /api/learn/{game}``: the course (lessons, their titles and
  introductions, how many steps each has, the practice table);
- ``GET /api/learn/{game}/{lesson}/{step}``: a step (1-based): what it says, its
  diagram, the position as the learner's seat sees it and what happened last;
- ``POST /api/learn/{game}/try`` ``{"lesson", "step", "move"}``: the learner's
  move (in the words the lessons show, a tile alone, its number among the
  view's ``legal_moves``, or the notation) tried on the engine: ``right`` (with
  what followed and the position after), ``refused`` (the engine's refusal from
  its code, and the lesson's explanation) or ``other`` (allowed, but not the
  lesson's move: why, and what it would do); ``choose`` when it fits several
  allowed moves (``choices``: each with its ``move``, ``label`` and ``number``).

Nothing is stored on the server: a step is rebuilt from the course's data.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ludoteca.events import Event
from ludoteca.game import Game
from ludoteca.i18n.table import said
from ludoteca.i18n.voice import Voice
from ludoteca.i18n.words import GAME_TITLES
from ludoteca.lessons import Course, Judged, Step, judge, load_course, show_step
from ludoteca.lessons.diagrams import DiagramError, diagram, parse_spec
from ludoteca.lessons.messages import say
from ludoteca.lessons.render import which
from ludoteca.registry import GAMES

from . import i18n
from .errors import Refused
from .moves import parsed_decisions, tries

__all__ = ["LearnApi", "rules_with_diagrams"]

MAX_MOVE = 80


def _course(game: str) -> Course:
    if game not in GAMES:
        raise Refused("unknown_game", {"game": game[:40]}, status=404)
    return load_course(game)


def _step(course: Course, lesson_id: Any, index: Any) -> tuple[Step, int, int]:
    if not isinstance(lesson_id, str):
        raise Refused("not_found", status=404)
    try:
        lesson = course.lesson(lesson_id)
    except KeyError:
        raise Refused("not_found", status=404) from None
    if isinstance(index, str) and index.isdigit() and len(index) < 4:
        index = int(index)
    if not isinstance(index, int) or isinstance(index, bool) or not 1 <= index <= len(lesson.steps):
        raise Refused("not_found", status=404)
    return lesson.steps[index - 1], index, len(lesson.steps)


def _table(game: Game, seat: int, step: Step, lang: str) -> dict[str, Any]:
    """The position as the learner's seat sees it, with the moves in words and
    parsed, and the moves a click on the board may try."""
    view = game.view(seat)
    name = game.name
    moves = set(view["log"]) | set(view["legal_moves"])
    voice = Voice.of(name, lang, game.names, seat, game.options)
    out: dict[str, Any] = {
        "view": view,
        "said": {**said(view, voice), "names": list(game.names)},
        "labels": {m: i18n.describe(name, m, lang) for m in moves},
        "moves": parsed_decisions(game, moves),
        "tries": tries(game),
        "hands": None,
    }
    if step.show_hands:
        out["hands"] = [game.view(s).get("hand") for s in range(game.num_seats)]
    return out


def _events(said: list[tuple[int, Event, str]] | None) -> list[dict[str, Any]]:
    """Events in words (those a lesson says) as the learner's seat saw and heard them
    (another player's drawn tile stays hidden), with their move index and code."""
    return [{"n": n, "code": e.code, "text": text} for n, e, text in said or []]


def _next(course: Course, step: Step) -> dict[str, Any] | None:
    steps = course.steps()
    i = steps.index(step)
    if i + 1 >= len(steps):
        return None
    after = steps[i + 1]
    index = course.lesson(after.lesson).steps.index(after) + 1
    return {"lesson": after.lesson, "step": index}


class LearnApi:
    """The lessons' JSON API (see the module), with the app's rate limit and body reader."""

    def __init__(
        self,
        check_rate: Callable[[Request, str], Awaitable[None]],
        read_json: Callable[[Request, int], Awaitable[Any]],
        refused: Callable[[Request, Refused], Response],
    ) -> None:
        self.check_rate = check_rate
        self.read_json = read_json
        self.refused = refused

    async def course(self, request: Request) -> Response:
        lang = i18n.pick_lang(request)
        try:
            course = _course(request.path_params["game"])
        except Refused as e:
            return self.refused(request, e)
        return JSONResponse(
            {
                "game": course.game,
                "title": GAME_TITLES[course.game],
                "lessons": [
                    {
                        "id": lesson.id,
                        "title": say(lesson.title, lang),
                        "intro": say(lesson.intro, lang),
                        "steps": len(lesson.steps),
                    }
                    for lesson in course.lessons
                ],
                "practice": {
                    "seats": list(course.practice.seats),
                    "options": dict(course.practice.options),
                },
            }
        )

    async def step(self, request: Request) -> Response:
        lang = i18n.pick_lang(request)
        try:
            await self.check_rate(request, "replay_step")
            course = _course(request.path_params["game"])
            step, index, count = _step(
                course, request.path_params["lesson"], request.path_params["step"]
            )
            data = await asyncio.to_thread(self._step_data, course, step, lang)
        except Refused as e:
            return self.refused(request, e)
        data.update({"lesson": step.lesson, "step": index, "count": count})
        return JSONResponse(data)

    @staticmethod
    def _step_data(course: Course, step: Step, lang: str) -> dict[str, Any]:
        shown = show_step(course, step, lang)
        return {
            "id": step.id,
            "say": shown.text,
            "seat": shown.seat,
            "diagram": diagram(course.game, step.diagram, lang) if step.diagram else None,
            "next": _next(course, step),
            "answer": [i18n.describe(course.game, m, lang) for m in step.expect],
            "answer_text": shown.answer,
            "recent": _events(shown.recent),
            **_table(shown.game, shown.seat, step, lang),
        }

    async def attempt(self, request: Request) -> Response:
        lang = i18n.pick_lang(request)
        try:
            await self.check_rate(request, "replay_step")
            course = _course(request.path_params["game"])
            body = await self.read_json(request, 4096)
            if not isinstance(body, dict):
                raise Refused("bad_json")
            step, _, _ = _step(course, body.get("lesson"), body.get("step"))
            move = body.get("move")
            if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE:
                raise Refused("bad_move_text")
            data = await asyncio.to_thread(self._attempt_data, course, step, move, lang)
        except Refused as e:
            return self.refused(request, e)
        return JSONResponse(data)

    @staticmethod
    def _attempt_data(course: Course, step: Step, text: str, lang: str) -> dict[str, Any]:
        judged = judge(course, step, text, lang)
        result = judged.result
        if result is None:
            return _choices(course, judged, lang)
        out: dict[str, Any] = {
            "kind": result.kind,
            "move": result.move,
            "label": i18n.describe(course.game, result.move, lang),
            "refusal": judged.refusal,
            "explain": judged.explain,
            "events": _events(judged.events),
            "done": judged.done,
        }
        if result.kind == "refused":
            out["code"] = result.code
        elif result.kind == "right":
            out.update(_table(result.game, judged.seat, step, lang))
        return out


def _choices(course: Course, judged: Judged, lang: str) -> dict[str, Any]:
    """A learner's answer that fits several allowed moves: which one?"""
    reading = judged.reading
    legal = judged.position.legal_moves()
    return {
        "kind": "choose",
        "move": reading.text,
        "question": which(reading.text, lang),
        "choices": [
            {
                "move": move,
                "label": i18n.describe(course.game, move, lang),
                "number": legal.index(move) + 1,
            }
            for move in reading.moves
        ],
    }


# ---------------------------------------------------------------- rules pages

DIAGRAM_MARK = re.compile(r"^\[diagram\]: <> \((?P<spec>[^)]*)\)[ \t]*$", re.MULTILINE)
"""A diagram in a rules text: a Markdown link reference definition, which no
renderer shows (the terminal shows the text without it), ``[diagram]: <> (spec)``."""


_TILE_NAME = re.compile(r"(?<![\w-])(\d-\d)(?![\w-])")
_TAG = re.compile(r"(<[^>]*>)")


def _unbroken_tiles(rendered: str) -> str:
    """``rendered`` HTML with each tile's name (``5-3``) kept on one line: a narrow
    screen would otherwise break it at its hyphen."""
    out = []
    for part in _TAG.split(rendered):
        if not part.startswith("<"):
            part = _TILE_NAME.sub(r'<span class="tile-name">\1</span>', part)
        out.append(part)
    return "".join(out)


def rules_with_diagrams(game: str, lang: str) -> str:
    """The rules of ``game`` as HTML (as :func:`ludoteca.web.i18n.rules_html`) with
    the diagrams its text names drawn from the engine, and a link to the lessons."""
    from markdown_it import MarkdownIt

    from ludoteca import rules

    try:
        source = rules.text(game, lang, app="web")
    except (ValueError, FileNotFoundError):
        return i18n.rules_html(game, lang)
    specs: list[str] = []

    def hold(m: re.Match[str]) -> str:
        specs.append(m.group("spec"))
        return f"\nLUDOTECADIAGRAM{len(specs) - 1}\n"

    source = DIAGRAM_MARK.sub(hold, source)
    md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
    # a table wider than a phone scrolls sideways: reachable by the keyboard to scroll it
    rendered = _unbroken_tiles(md.render(source)).replace("<table>", '<table tabindex="0">')
    for i, spec in enumerate(specs):
        try:
            data = diagram(game, parse_spec(spec), lang)
        except DiagramError:
            figure = ""
        else:
            figure = (
                f'<figure class="diagram" data-diagram="{html.escape(json.dumps(data))}">'
                f"<figcaption>{html.escape(str(data.get('caption', '')))}</figcaption></figure>"
            )
        rendered = rendered.replace(f"<p>LUDOTECADIAGRAM{i}</p>", figure)
    words = i18n.texts(lang)._("Learn to play {game}, step by step", game=GAME_TITLES[game])
    link = (
        f'<p class="learn-link"><a class="button primary" href="/learn/{game}">'
        f"{html.escape(words)}</a></p>"
    )
    head, sep, rest = rendered.partition("</h1>")
    return head + sep + link + rest if sep else link + rendered
