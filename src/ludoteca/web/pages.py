"""The HTML pages: the lobby, a table, the rules, the lessons and the replay viewer,
and what the app answers for an address it does not know."""

from __future__ import annotations

import asyncio
import html

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ludoteca.i18n.ui import UI, ui
from ludoteca.i18n.words import GAME_TITLES
from ludoteca.registry import GAMES

from . import i18n
from .learn import rules_with_diagrams
from .services import services
from .shell import LEARN, LOBBY, MINE, NF_BROKEN, NF_RULES, NF_TABLE

__all__ = [
    "learn_page",
    "lobby",
    "method_not_allowed",
    "mine_page",
    "not_found",
    "replay_page",
    "replay_table_page",
    "routes",
    "rules_index",
    "rules_page",
    "table_page",
]


async def lobby(request: Request) -> Response:
    return services(request).pages.render(request, page="lobby", title=LOBBY)


async def table_page(request: Request) -> Response:
    s = services(request)
    table_id = request.path_params["table_id"]
    table = await s.hub.get(table_id)
    if table is None:
        return s.pages.not_found(request, NF_BROKEN if table_id in s.hub.broken else NF_TABLE)
    return s.pages.render(
        request,
        page="table",
        title=GAME_TITLES[table.game_name],
        data={"table": s.hub.frames.table_info(table), "hints": s.hub.hints_available},
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
    return services(request).pages.render(request, page="rules", title=UI["rules"], body_html=body)


async def rules_page(request: Request) -> Response:
    pages = services(request).pages
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
    pages = services(request).pages
    game = request.path_params.get("game")
    if game is not None and game not in GAMES:
        return pages.not_found(request)
    title = GAME_TITLES[game] if game else LEARN
    return pages.render(request, page="learn", title=title, data={"game": game})


async def mine_page(request: Request) -> Response:
    """This browser's games (kept in its storage: no account), how each stands."""
    return services(request).pages.render(request, page="mine", title=MINE)


async def replay_page(request: Request) -> Response:
    return services(request).pages.render(
        request, page="replay", title=UI["review"], data={"table": None}
    )


async def replay_table_page(request: Request) -> Response:
    s = services(request)
    table = await s.hub.get(request.path_params["table_id"])
    if table is None:
        return s.pages.not_found(request, NF_TABLE)
    return s.pages.render(
        request,
        page="replay",
        title=UI["review"],
        data={"table": table.id, "over": table.over, "game": table.game_name},
    )


async def not_found(request: Request, exc: Exception) -> Response:
    """A page that says so, or for the API an error in the client's language."""
    if request.url.path.startswith("/api/"):
        status = exc.status_code if isinstance(exc, HTTPException) else 404
        code = "not_found" if status == 404 else "http"
        message = i18n.refusal_text(code, {"status": status}, i18n.pick_lang(request))
        return JSONResponse({"error": code, "message": message}, status_code=status)
    return services(request).pages.not_found(request)


async def method_not_allowed(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": "http", "message": "method not allowed"}, status_code=405)


def routes() -> list[BaseRoute]:
    """The pages' addresses (all read with ``GET``)."""
    return [
        Route("/", lobby),
        Route("/t/{table_id}", table_page),
        Route("/rules", rules_index),
        Route("/rules/{game}", rules_page),
        Route("/learn", learn_page),
        Route("/learn/{game}", learn_page),
        Route("/replay", replay_page),
        Route("/mine", mine_page),
        Route("/replay/{table_id}", replay_table_page),
    ]
