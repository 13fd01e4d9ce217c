"""The web app: pages, a small JSON API and the tables' WebSocket.

Routes
------
- ``GET /`` the lobby; ``GET /t/{id}`` a table; ``GET /rules`` and
  ``GET /rules/{game}`` the rules; ``GET /replay`` and ``GET /replay/{id}`` the
  replay viewer; ``GET /learn`` and ``GET /learn/{game}`` the lessons (their API
  in :mod:`ludoteca.web.learn`); ``GET /static/…`` scripts, styles and pictures.
- ``GET /api/games``; ``POST /api/seats`` (how many seats some options make);
  ``GET /api/tables`` and ``POST /api/tables`` (list, create);
  ``GET /api/tables/{id}``; ``POST /api/tables/{id}/join``;
  ``GET /api/tables/{id}/record`` (a finished game's ``ludoteca/1`` record);
  ``POST /api/replay`` (one step of a record, every hand shown);
  ``POST /api/review`` (a record's analysis, as far as it has got).
- ``WS /ws/{id}``: the table in real time (see :mod:`ludoteca.web.protocol`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

import ludoteca
from ludoteca.analysis import ANALYSIS_BUDGET
from ludoteca.bots import available_levels
from ludoteca.errors import IllegalMove, InvalidRecord
from ludoteca.game import Game
from ludoteca.i18n import LOCALE_DIR, N_
from ludoteca.i18n.table import said
from ludoteca.i18n.ui import UI, ui
from ludoteca.i18n.voice import Voice
from ludoteca.i18n.words import GAME_TITLES, Words
from ludoteca.registry import GAMES, available_games, game_class

from . import i18n
from .broker import Broker
from .engines import Engines
from .errors import Refused
from .guard import Guard, check_options, parse_json
from .hub import Hub, public_options, table_summary
from .learn import LearnApi, rules_with_diagrams
from .limits import ClientLimits
from .moves import parsed_decisions
from .protocol import table_socket
from .review import Reviews
from .store import Store

__all__ = ["create_app"]

log = logging.getLogger("ludoteca.web")

STATIC = Path(__file__).parent / "static"
MAX_JSON_BODY = 64 * 1024
MAX_RECORD_BODY = 2 * 1024 * 1024
BODY_TIMEOUT = 10
"""Seconds a request body has to arrive in full."""


SKIP_LINK = N_("Skip to the content")
NAVIGATION = N_("Navigation")
LOBBY = N_("Lobby")
LEARN = N_("Learn")
"""The words every page's header says (written out here: Babel does not read f-strings)."""

NF_PAGE = N_("This page does not exist. Perhaps the address was mistyped.")
NF_TABLE = UI["no_table_here"]
NF_BROKEN = N_("This table cannot be resumed by this version of the program.")
NF_RULES = N_("There are no rules for that game here. See the list of games.")


def _asset_version() -> str:
    h = hashlib.sha256()
    for path in sorted([*STATIC.glob("*"), *LOCALE_DIR.glob("*/LC_MESSAGES/*.po")]):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:10]


class _Pages:
    """The HTML pages: one shell, the page's script draws the rest."""

    def __init__(self) -> None:
        self.version = _asset_version()

    def render(
        self,
        request: Request,
        *,
        page: str,
        title: str,
        data: dict[str, Any] | None = None,
        body_html: str = "",
        status: int = 200,
    ) -> HTMLResponse:
        lang = i18n.pick_lang(request)
        tx = i18n.texts(lang)
        title = tx._(title)  # a catalog message, or a game's name (the same in every language)
        payload = json.dumps(data or {}, ensure_ascii=False).replace("</", "<\\/")
        v = self.version

        def nav(href: str, message: str, current: bool) -> str:
            mark = ' aria-current="page"' if current else ""
            return f'<a href="{href}"{mark}>{html.escape(tx._(message))}</a>'

        other = "en" if lang == "pt" else "pt"
        skip = html.escape(tx._(SKIP_LINK))
        navigation = html.escape(tx._(NAVIGATION))
        links = "\n".join(
            nav(href, message, page == name)
            for href, message, name in (
                ("/", LOBBY, "lobby"),
                ("/rules", UI["rules"], "rules"),
                ("/learn", LEARN, "learn"),
                ("/replay", UI["review"], "replay"),
            )
        )
        switch_title = html.escape(tx._("Change the language"))
        switch_text = "English" if other == "en" else "Português"
        body = f"""<!doctype html>
<html lang="{i18n.html_lang(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} · Ludoteca</title>
<link rel="icon" href="/static/favicon.svg?v={v}" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css?v={v}">
</head>
<body data-page="{page}" data-lang="{lang}">
<a class="skip" href="#main">{skip}</a>
<header class="top">
<a class="brand" href="/">Ludoteca</a>
<nav aria-label="{navigation}">
{links}
</nav>
<button type="button" id="lang-switch" class="lang" data-lang="{other}"
 title="{switch_title}">{switch_text}</button>
</header>
<main id="main" tabindex="-1">{body_html}</main>
<div id="toasts" class="toasts" aria-live="polite"></div>
<script type="application/json" id="page-data">{payload}</script>
<script src="/i18n/{lang}.js?v={v}"></script>
<script src="/static/common.js?v={v}"></script>
<script src="/static/games.js?v={v}"></script>
{f'<script src="/static/diagrams.js?v={v}"></script>' if page in ("learn", "rules") else ""}
<script src="/static/{page}.js?v={v}"></script>
</body>
</html>
"""
        resp = HTMLResponse(body, status_code=status)
        resp.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; "
            "form-action 'self'"
        )
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "no-referrer"
        return resp

    def not_found(self, request: Request, what: str = NF_PAGE) -> HTMLResponse:
        tx = i18n.texts(i18n.pick_lang(request))
        body = (
            '<section class="notfound"><h1>'
            + html.escape(tx._("Not found"))
            + "</h1><p>"
            + html.escape(tx._(what))
            + '</p><p><a class="button" href="/">'
            + html.escape(tx._("Back to the lobby"))
            + "</a></p></section>"
        )
        return self.render(
            request, page="notfound", title=N_("Not found"), body_html=body, status=404
        )


async def _read_json(request: Request, limit: int, *, off_loop: bool = False) -> Any:
    """The request's JSON body; ``Refused`` if too large, too slow to arrive or
    not JSON within the limits of :func:`parse_json`."""
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit() or len(length) > 12:
            raise Refused("bad_json", status=400)
        if int(length) > limit:
            raise Refused("too_large", {"limit": limit}, status=413)
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(BODY_TIMEOUT):
            async for chunk in request.stream():
                chunks.append(chunk)
                size += len(chunk)
                if size > limit:
                    raise Refused("too_large", {"limit": limit}, status=413)
    except TimeoutError:
        raise Refused("slow_body", {"limit": BODY_TIMEOUT}, status=408) from None
    raw = b"".join(chunks)
    if off_loop:  # a large body: parsed in a thread, the loop goes on meanwhile
        return await asyncio.to_thread(parse_json, raw)
    return parse_json(raw)


def _refusal(request: Request, e: Refused) -> JSONResponse:
    lang = i18n.pick_lang(request)
    headers = {"Retry-After": str(e.params["retry"])} if e.status == 429 else None
    return JSONResponse(
        {"error": e.code, "message": i18n.refusal_text(e.code, e.params, lang)},
        status_code=e.status,
        headers=headers,
    )


class Replays:
    """Records being stepped through in the replay viewer, the most recent kept.

    A record is checked and replayed once; each later step of it moves a cursor
    game from the last step shown by playing or undoing the moves between, so a
    viewer stepping through a game costs a move a step, not a replay.
    """

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._entries: OrderedDict[str, _Replay] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(record: Any) -> str:
        text = json.dumps(record, sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def known(self, key: str) -> bool:
        with self._lock:
            return key in self._entries

    def step(self, key: str, record: Any, step: Any, lang: str) -> dict[str, Any]:
        """The table after ``step`` moves of ``record`` (``key`` its :meth:`key`)."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
        if entry is None:
            entry = _Replay(record)
            with self._lock:
                self._entries[key] = entry
                while len(self._entries) > self.size:
                    self._entries.popitem(last=False)
        return entry.step(step, lang)


class _Replay:
    """One record, checked and replayed, with a cursor at the last step shown."""

    def __init__(self, record: Any) -> None:
        self.check_options(record)
        try:
            full = ludoteca.replay(record)
        except (InvalidRecord, IllegalMove, ludoteca.GameNotAvailable) as e:
            raise Refused("bad_record", {"detail": str(e)}) from None
        self.record = record
        self.moves = full.moves
        self.movers: list[int | None] = [
            actor if isinstance(actor, int) else None for actor, _ in full.history
        ]
        self.cursor: Game = full
        self.lock = threading.Lock()

    @staticmethod
    def check_options(record: Any) -> None:
        """Refuse a record whose options the server would refuse at a new table."""
        if isinstance(record, dict) and record.get("game") in available_games():
            options = record.get("options")
            try:
                check_options(record["game"], options if isinstance(options, dict) else {})
            except Refused as e:
                raise Refused("bad_record", {"detail": e.params.get("detail", "")}) from None

    def step(self, step: Any, lang: str) -> dict[str, Any]:
        moves = self.moves
        if not isinstance(step, int) or isinstance(step, bool):
            step = len(moves)
        step = max(0, min(step, len(moves)))
        record = self.record
        with self.lock:
            game = self.cursor
            while len(game) > step:
                game.pop()
            while len(game) < step:
                game.play(moves[len(game)])
            view = game.view(None)
            view["log"] = list(moves[:step])
            names = Words(lang).seat_names(game.names, record.get("seats"))
            voice = Voice.of(record["game"], lang, names, None, game.options)
            words = said(view, voice, result=game.result() if game.is_over else None)
            view["hands"] = [game.view(s).get("hand") for s in range(game.num_seats)]
            result = game.result() if game.is_over else None
            following = moves[step] if step < len(moves) else None
            shown = set(moves[:step]) | ({following} if following else set())
            parsed_moves = parsed_decisions(game, shown)
        labels = {m: i18n.describe(record["game"], m, lang) for m in shown}
        movers = self.movers[:step]
        return {
            "game": record["game"],
            "title": game_class(record["game"]).title,
            "players": record["players"],
            "count": len(moves),
            "step": step,
            "move": moves[step - 1] if step else None,
            "next": following,
            "mover": movers[-1] if movers else None,
            "view": view,
            "said": {**words, "names": names},
            "log_seats": movers,
            "labels": labels,
            "moves": parsed_moves,
            "result": result,
        }


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 1.0,
    hint: Callable[[Game, int], Any] | None = None,
    resume: bool = True,
    allow_origins: Sequence[str] = (),
    message_rate: tuple[float, float] = (8.0, 20.0),
    client_limits: ClientLimits | None = None,
    bot_workers: int = 0,
    broker: str | None = None,
    migrate: bool = True,
    analysis_budget: float = ANALYSIS_BUDGET,
    engines: Mapping[str, Any] | None = None,
) -> Starlette:
    """The web app on the database at ``db_url`` (SQLite in the user's data folder by default).

    ``bot_delay`` is the default pace of bots in seconds; ``hint`` replaces
    ``ludoteca.hint`` (for tests); ``resume`` loads unfinished games at start;
    ``allow_origins`` are sites besides the app's own whose pages may open its
    WebSockets (``https://example.org``); ``message_rate`` is the messages a
    second each WebSocket may send and the burst allowed; ``client_limits``
    the rates allowed to each client address (:class:`ClientLimits` by default);
    ``bot_workers`` processes make the experts' decisions (0: threads of this process);
    ``broker`` is the Redis URL through which several workers share their tables;
    ``migrate`` brings the database's schema up to date first;
    ``analysis_budget`` is the seconds the review's expert thinks per decision;
    ``engines`` are the host's engines by name, offered in the seats' choices: a
    command of the bot protocol, or a Python agent (see :mod:`ludoteca.web.engines`).
    """
    from .store import default_database_url

    store = Store(db_url or default_database_url(), migrate=migrate)
    limits = client_limits if client_limits is not None else ClientLimits()
    replays = Replays()
    hub = Hub(
        store,
        bot_delay=bot_delay,
        hint=hint,
        message_rate=message_rate,
        client_limits=limits,
        bot_workers=bot_workers,
        broker=Broker(broker) if broker else None,
        engines=Engines(engines),
    )
    pages = _Pages()
    reviews = Reviews(budget=analysis_budget, pool=hub.bot_pool)

    if hub.broker is not None:
        limits.shared = hub.broker

    async def check_rate(request: Request, kind: str) -> None:
        wait = await limits.check(kind, request.client.host if request.client else None)
        if wait:
            raise Refused("busy", {"retry": limits.retry_after(wait)}, status=429)

    learn = LearnApi(check_rate, _read_json, _refusal)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.start(resume=resume)
        yield
        await reviews.close()
        await hub.close()
        store.close()

    async def lobby(request: Request) -> Response:
        return pages.render(request, page="lobby", title=N_("Lobby"))

    async def table_page(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        table = await hub.get(table_id)
        if table is None:
            if table_id in hub.broken:
                return pages.not_found(request, NF_BROKEN)
            return pages.not_found(request, NF_TABLE)
        return pages.render(
            request,
            page="table",
            title=GAME_TITLES[table.game_name],
            data={"table": hub.table_info(table), "hints": hub.hints_available},
        )

    async def rules_index(request: Request) -> Response:
        lang = i18n.pick_lang(request)
        items = "".join(
            f'<li><a href="/rules/{g}">{html.escape(GAME_TITLES[g])}</a></li>' for g in GAMES
        )
        body = (
            f'<section class="prose"><h1>{html.escape(ui("rules", lang))}</h1>'
            f"<ul class='rules-list'>{items}</ul></section>"
        )
        return pages.render(request, page="rules", title=UI["rules"], body_html=body)

    async def rules_page(request: Request) -> Response:
        game = request.path_params["game"]
        if game not in GAMES:
            return pages.not_found(request, NF_RULES)
        lang = i18n.pick_lang(request)
        body = await asyncio.to_thread(rules_with_diagrams, game, lang)
        return pages.render(
            request,
            page="rules",
            title=GAME_TITLES[game],
            body_html=f'<article class="prose rules">{body}</article>',
        )

    async def learn_page(request: Request) -> Response:
        game = request.path_params.get("game")
        if game is not None and game not in GAMES:
            return pages.not_found(request)
        title = GAME_TITLES[game] if game else N_("Learn")
        return pages.render(request, page="learn", title=title, data={"game": game})

    async def replay_page(request: Request) -> Response:
        return pages.render(request, page="replay", title=UI["review"], data={"table": None})

    async def replay_table_page(request: Request) -> Response:
        table = await hub.get(request.path_params["table_id"])
        if table is None:
            return pages.not_found(request, NF_TABLE)
        return pages.render(
            request,
            page="replay",
            title=UI["review"],
            data={"table": table.id, "over": table.over},
        )

    async def api_games(request: Request) -> Response:
        built = set(available_games())
        words = Words(i18n.pick_lang(request))
        out = []
        for name in GAMES:
            entry: dict[str, Any] = {"name": name, "available": name in built}
            if name in built:
                kind = ludoteca.game_type(name)
                entry.update(
                    {
                        "title": kind.title,
                        "options": public_options(name),
                        "levels": available_levels(name),
                        "engines": hub.engines.levels_for(name),
                        "level_names": {
                            level: words.level(level) for level in available_levels(name)
                        },
                        "about": words.about(name),
                        "option_labels": {
                            key: words.option_label(name, *key.split(".", 1))
                            for key in option_keys(name)
                        },
                        "seats": kind.num_seats,
                        "sides": kind.sides,
                    }
                )
            out.append(entry)
        return JSONResponse({"games": out, "hints": hub.hints_available})

    def option_keys(name: str) -> list[str]:
        """Each option of ``name`` and each of its choices, as ``option`` and ``option.value``."""
        out = []
        for spec in game_class(name).option_specs.values():
            out.append(spec.name)
            out += [f"{spec.name}.{value}" for value in spec.choices or ()]
        return out

    async def api_seats(request: Request) -> Response:
        try:
            await check_rate(request, "seats")
            body = await _read_json(request, MAX_JSON_BODY)
            if not isinstance(body, dict):
                raise Refused("bad_json")
            name = body.get("game")
            if not isinstance(name, str) or name not in available_games():
                raise Refused("unknown_game", {"game": str(name)[:40]})
            options = check_options(name, body.get("options"))
            try:
                kind = ludoteca.game_type(name, **options)
            except ValueError as e:
                raise Refused("bad_options", {"detail": str(e)}) from None
        except Refused as e:
            return _refusal(request, e)
        return JSONResponse({"seats": kind.num_seats, "sides": kind.sides})

    async def api_tables(request: Request) -> Response:
        rows = await asyncio.to_thread(store.recent_tables, 40)
        lang = i18n.pick_lang(request)
        return JSONResponse({"tables": [table_summary(d, n, lang) for d, n in rows]})

    async def api_create(request: Request) -> Response:
        try:
            await check_rate(request, "create")
            body = await _read_json(request, MAX_JSON_BODY)
            if not isinstance(body, dict):
                raise Refused("bad_json")
            table, keep = await hub.create(
                body.get("game"),
                body.get("options"),
                body.get("seats"),
                creator_name=body.get("name"),
                bot_delay=body.get("bot_delay"),
                private=body.get("private"),
            )
        except Refused as e:
            return _refusal(request, e)
        return JSONResponse({"table": hub.table_info(table), **keep}, status_code=201)

    async def api_table(request: Request) -> Response:
        table = await hub.get(request.path_params["table_id"])
        if table is None:
            return _refusal(request, Refused("no_table", status=404))
        return JSONResponse({"table": hub.table_info(table)})

    async def api_join(request: Request) -> Response:
        table = await hub.get(request.path_params["table_id"])
        try:
            if table is None:
                raise Refused("no_table", status=404)
            await check_rate(request, "join")
            body = await _read_json(request, 4096)
            if not isinstance(body, dict):
                raise Refused("bad_json")
            token = await hub.join(table, body.get("seat"), body.get("invite"), body.get("name"))
        except Refused as e:
            return _refusal(request, e)
        return JSONResponse({"seat": body["seat"], "token": token, "table": hub.table_info(table)})

    async def api_record(request: Request) -> Response:
        table = await hub.get(request.path_params["table_id"])
        if table is None:
            return _refusal(request, Refused("no_table", status=404))
        if not table.over:
            return _refusal(request, Refused("record_not_over", status=409))
        record = table.game.record(
            players=[s.name if s.kind == "human" else "" for s in table.seats],
            seats=[s.level or s.kind for s in table.seats],
        )
        name = f"ludoteca-{table.game_name}-{table.id}.json"
        return Response(
            json.dumps(record, ensure_ascii=False, indent=1) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def record_of(request: Request) -> tuple[dict[str, Any], Any]:
        """The request's body and the record it names: uploaded, or a finished table's."""
        body = await _read_json(request, MAX_RECORD_BODY, off_loop=True)
        if not isinstance(body, dict):
            raise Refused("bad_json")
        record = body.get("record")
        if record is None and isinstance(body.get("table"), str):
            table = await hub.get(body["table"])
            if table is None:
                raise Refused("no_table", status=404)
            if not table.over:
                raise Refused("record_not_over", status=409)
            record = table.game.record()
        return body, record

    async def api_replay(request: Request) -> Response:
        lang = i18n.pick_lang(request)
        try:
            await check_rate(request, "replay_step")
            body, record = await record_of(request)
            key = replays.key(record)
            if not replays.known(key):  # a step through a record already checked costs a move
                await check_rate(request, "replay")
            data = await asyncio.to_thread(replays.step, key, record, body.get("step"), lang)
        except Refused as e:
            return _refusal(request, e)
        return JSONResponse(data)

    async def api_review(request: Request) -> Response:
        lang = i18n.pick_lang(request)
        try:
            _body, record = await record_of(request)
            if not isinstance(record, dict):
                raise Refused("bad_record", {"detail": "no record"})
            key = await asyncio.to_thread(reviews.key, record)
            # a review under way is looked at often; a new one costs an analysis
            await check_rate(request, "replay_step" if reviews.known(key) else "replay")
            if not reviews.known(key):
                _Replay.check_options(record)
            data = await reviews.status(key, record, lang)
        except Refused as e:
            return _refusal(request, e)
        return JSONResponse(data)

    async def i18n_script(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in i18n.LANGS:
            return await not_found(request, HTTPException(404))
        return Response(i18n.script(lang), media_type="text/javascript; charset=utf-8")

    async def health(request: Request) -> Response:
        return PlainTextResponse("ok")

    async def socket(websocket: WebSocket) -> None:
        await table_socket(hub, websocket)

    async def not_found(request: Request, exc: Exception) -> Response:
        if request.url.path.startswith("/api/"):
            status = exc.status_code if isinstance(exc, HTTPException) else 404
            code = "not_found" if status == 404 else "http"
            return JSONResponse(
                {
                    "error": code,
                    "message": i18n.refusal_text(code, {"status": status}, i18n.pick_lang(request)),
                },
                status_code=status,
            )
        return pages.not_found(request)

    async def method_not_allowed(request: Request, exc: Exception) -> Response:
        return JSONResponse(
            {"error": "http", "message": "method not allowed"},
            status_code=405,
        )

    routes = [
        Route("/", lobby),
        Route("/t/{table_id}", table_page),
        Route("/rules", rules_index),
        Route("/rules/{game}", rules_page),
        Route("/learn", learn_page),
        Route("/learn/{game}", learn_page),
        Route("/api/learn/{game}", learn.course),
        Route("/api/learn/{game}/try", learn.attempt, methods=["POST"]),
        Route("/api/learn/{game}/{lesson}/{step}", learn.step),
        Route("/replay", replay_page),
        Route("/replay/{table_id}", replay_table_page),
        Route("/api/games", api_games),
        Route("/api/seats", api_seats, methods=["POST"]),
        Route("/api/tables", api_tables, methods=["GET"]),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/{table_id}", api_table),
        Route("/api/tables/{table_id}/join", api_join, methods=["POST"]),
        Route("/api/tables/{table_id}/record", api_record),
        Route("/api/replay", api_replay, methods=["POST"]),
        Route("/api/review", api_review, methods=["POST"]),
        Route("/i18n/{lang}.js", i18n_script),
        Route("/healthz", health),
        WebSocketRoute("/ws/{table_id}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={404: not_found, 405: method_not_allowed},
        middleware=[Middleware(Guard, allow_origins=allow_origins)],
    )
    app.state.hub = hub
    app.state.store = store
    app.state.started = time.time()
    return app
