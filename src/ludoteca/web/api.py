"""The JSON API: the games and their options, the tables (list, create, join, a
finished game's record), the replay viewer's steps and the reviews; how a request's
body is read and how a refusal is answered."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

import ludoteca
from ludoteca.bots import available_levels
from ludoteca.flow import hand_ends
from ludoteca.i18n.words import Words
from ludoteca.registry import GAMES, available_games, game_class

from . import i18n
from .errors import Refused
from .guard import check_options, parse_json
from .hub import Hub, public_options, table_summary
from .live import TABLE_ID, LiveTable
from .pages import not_found
from .protocol import table_socket
from .replays import check_record_options
from .services import services
from .shell import cache_control

MAX_JSON_BODY = 64 * 1024
MAX_RECORD_BODY = 2 * 1024 * 1024
BODY_TIMEOUT = 10
"""Seconds a request body has to arrive in full."""


async def read_json(request: Request, limit: int, *, off_loop: bool = False) -> Any:
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


def refusal(request: Request, e: Refused) -> JSONResponse:
    """The answer to a refused request: its code and its message in the client's language."""
    lang = i18n.pick_lang(request)
    headers = {"Retry-After": str(e.params["retry"])} if e.status == 429 else None
    return JSONResponse(
        {"error": e.code, "message": i18n.refusal_text(e.code, e.params, lang)},
        status_code=e.status,
        headers=headers,
    )


async def json_object(request: Request, kind: str, limit: int = MAX_JSON_BODY) -> dict[str, Any]:
    """The request's body, a JSON object, once the client's rate for ``kind`` allows it."""
    await services(request).check_rate(request, kind)
    body = await read_json(request, limit)
    if not isinstance(body, dict):
        raise Refused("bad_json")
    return body


async def games(request: Request) -> Response:
    return JSONResponse(game_list(services(request).hub, i18n.pick_lang(request)))


def game_list(hub: Hub, lang: str) -> dict[str, Any]:
    """The games, their options and seats' choices, in ``lang``, and whether hints are
    offered: what the lobby draws its form from."""
    built = set(available_games())
    words = Words(lang)
    out = []
    for name in GAMES:
        entry: dict[str, Any] = {"name": name, "available": name in built}
        if name in built:
            kind = ludoteca.game_type(name)
            levels = available_levels(name)
            entry.update(
                {
                    "title": kind.title,
                    "options": public_options(name),
                    "levels": levels,
                    "engines": hub.engines.levels_for(name),
                    "level_names": {level: words.level(level) for level in levels},
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
    return {"games": out, "hints": hub.hints_available}


def option_keys(name: str) -> list[str]:
    """Each option of ``name`` and each of its choices, as ``option`` and ``option.value``."""
    out = []
    for spec in game_class(name).option_specs.values():
        out.append(spec.name)
        out += [f"{spec.name}.{value}" for value in spec.choices or ()]
    return out


async def seats(request: Request) -> Response:
    try:
        body = await json_object(request, "seats")
        name = body.get("game")
        if not isinstance(name, str) or name not in available_games():
            raise Refused("unknown_game", {"game": str(name)[:40]})
        options = check_options(name, body.get("options"))
        try:
            kind = ludoteca.game_type(name, **options)
        except ValueError as e:
            raise Refused("bad_options", {"detail": str(e)}) from None
    except Refused as e:
        return refusal(request, e)
    return JSONResponse({"seats": kind.num_seats, "sides": kind.sides})


async def tables(request: Request) -> Response:
    s = services(request)
    rows = await asyncio.to_thread(s.store.recent_tables, 40, idle=s.hub.lobby_idle)
    lang = i18n.pick_lang(request)
    return JSONResponse({"tables": [table_summary(d, n, lang) for d, n in rows]})


MAX_STATUS_IDS = 100
"""Most tables one request may ask how they stand."""


async def statuses(request: Request) -> Response:
    """How some tables stand (``{"ids": [...]}``), for a browser's list of its own
    games: what the lobby says of a table (game, seats, moves, finished or not, or
    waiting for its players), to whoever knows its id; unknown ids are left out."""
    try:
        body = await json_object(request, "seats")
        ids = body.get("ids")
        if (
            not isinstance(ids, list)
            or len(ids) > MAX_STATUS_IDS
            or not all(isinstance(i, str) and TABLE_ID.match(i) for i in ids)
        ):
            raise Refused("bad_ids", {"limit": MAX_STATUS_IDS})
    except Refused as e:
        return refusal(request, e)
    rows = await asyncio.to_thread(services(request).store.tables_by_id, ids)
    lang = i18n.pick_lang(request)
    return JSONResponse({"tables": [table_summary(d, n, lang) for d, n in rows]})


async def create(request: Request) -> Response:
    hub = services(request).hub
    try:
        body = await json_object(request, "create")
        table, keep = await hub.create(
            body.get("game"),
            body.get("options"),
            body.get("seats"),
            creator_name=body.get("name"),
            bot_delay=body.get("bot_delay"),
            private=body.get("private"),
        )
    except Refused as e:
        return refusal(request, e)
    return JSONResponse({"table": hub.frames.table_info(table), **keep}, status_code=201)


async def table(request: Request) -> Response:
    hub = services(request).hub
    live = await hub.get(request.path_params["table_id"])
    if live is None:
        return refusal(request, Refused("no_table", status=404))
    return JSONResponse({"table": hub.frames.table_info(live)})


async def join(request: Request) -> Response:
    hub = services(request).hub
    live = await hub.get(request.path_params["table_id"])
    try:
        if live is None:
            raise Refused("no_table", status=404)
        body = await json_object(request, "join", 4096)
        token = await hub.arrivals.join(
            live, body.get("seat"), body.get("invite"), body.get("name")
        )
    except Refused as e:
        return refusal(request, e)
    return JSONResponse(
        {"seat": body["seat"], "token": token, "table": hub.frames.table_info(live)}
    )


async def record(request: Request) -> Response:
    live = await services(request).hub.get(request.path_params["table_id"])
    if live is None:
        return refusal(request, Refused("no_table", status=404))
    try:
        data, _first = shown_record(
            live,
            players=[s.name if s.kind == "human" else "" for s in live.seats],
            seats=[s.level or s.kind for s in live.seats],
        )
    except Refused as e:
        return refusal(request, e)
    name = f"ludoteca-{live.game_name}-{live.id}.json"
    return Response(
        json.dumps(data, ensure_ascii=False, indent=1) + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def shown_record(live: LiveTable, **header: Any) -> tuple[dict[str, Any], int]:
    """A table's record as far as anyone may see it, and where its last hand began.

    Once the game is over, the whole game (and 0). Before, its finished hands only:
    the moves up to the last hand's end, nothing of the hand in play (its deal
    included); and the move count at which that last hand began, for the review of
    that hand alone. A game with no hand finished is refused (``record_not_over``).
    """
    record = live.game.record(**header)
    if live.over:
        return record, 0
    ends = hand_ends(live.game)
    if not ends:
        raise Refused("record_not_over", status=409)
    record["moves"] = record["moves"][: ends[-1]]
    return record, ends[-2] if len(ends) > 1 else 0


async def record_of(request: Request) -> tuple[dict[str, Any], Any, int]:
    """The request's body, the record it names (uploaded, or a table's as far as it
    may be shown) and the move count from which its decisions are reviewed."""
    body = await read_json(request, MAX_RECORD_BODY, off_loop=True)
    if not isinstance(body, dict):
        raise Refused("bad_json")
    data = body.get("record")
    first = 0
    if data is None and isinstance(body.get("table"), str):
        live = await services(request).hub.get(body["table"])
        if live is None:
            raise Refused("no_table", status=404)
        data, first = shown_record(live)
    return body, data, first


async def replay(request: Request) -> Response:
    s = services(request)
    lang = i18n.pick_lang(request)
    try:
        await s.check_rate(request, "replay_step")
        body, data, _first = await record_of(request)
        key = s.replays.key(data)
        if not s.replays.known(key):  # a step through a record already checked costs a move
            await s.check_rate(request, "replay")
        step = await asyncio.to_thread(s.replays.step, key, data, body.get("step"), lang)
    except Refused as e:
        return refusal(request, e)
    return JSONResponse(step)


async def review(request: Request) -> Response:
    s = services(request)
    lang = i18n.pick_lang(request)
    try:
        _body, data, first = await record_of(request)
        if not isinstance(data, dict):
            raise Refused("bad_record", {"detail": "no record"})
        key = await asyncio.to_thread(s.reviews.key, data, first)
        # a review under way is looked at often; a new one costs an analysis
        known = s.reviews.known(key)
        await s.check_rate(request, "replay_step" if known else "replay")
        if not known:
            check_record_options(data)
        status = await s.reviews.status(key, data, lang, first=first)
    except Refused as e:
        return refusal(request, e)
    return JSONResponse(status)


async def i18n_script(request: Request) -> Response:
    """The pages' messages in one language, as a script."""
    lang = request.path_params["lang"]
    if lang not in i18n.LANGS:
        return await not_found(request, LookupError(lang))
    response = Response(i18n.script(lang), media_type="text/javascript; charset=utf-8")
    version = services(request).pages.version
    response.headers["Cache-Control"] = cache_control(request.scope, version)
    return response


async def health(request: Request) -> Response:
    return PlainTextResponse("ok")


async def socket(websocket: WebSocket) -> None:
    await table_socket(services(websocket).hub, websocket)


def routes() -> list[BaseRoute]:
    """The API's addresses, and the table's socket."""
    return [
        Route("/api/games", games),
        Route("/api/seats", seats, methods=["POST"]),
        Route("/api/tables", tables, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/status", statuses, methods=["POST"]),
        Route("/api/tables/{table_id}", table),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/replay", replay, methods=["POST"]),
        Route("/api/review", review, methods=["POST"]),
        Route("/i18n/{lang}.js", i18n_script),
        Route("/healthz", health),
        WebSocketRoute("/ws/{table_id}", socket),
    ]
