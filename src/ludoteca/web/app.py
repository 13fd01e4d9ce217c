"""The web app: pages, a small JSON API and the tables' WebSocket.

Routes
------
- ``GET /`` the lobby; ``GET /t/{id}`` a table; ``GET /rules`` and
  ``GET /rules/{game}`` the rules; ``GET /replay`` and ``GET /replay/{id}`` the
  replay viewer; ``GET /mine`` this browser's games; ``GET /learn`` and
  ``GET /learn/{game}`` the lessons (their API in :mod:`ludoteca.web.learn`);
  ``GET /static/…`` scripts, styles and pictures (:mod:`ludoteca.web.pages`).
- ``GET /api/games``; ``POST /api/seats`` (how many seats some options make);
  ``GET /api/tables`` and ``POST /api/tables`` (list, create);
  ``POST /api/tables/status`` (how some tables stand, for "My games");
  ``GET /api/tables/{id}``; ``POST /api/tables/{id}/join``;
  ``GET /api/tables/{id}/record`` (a finished game's ``ludoteca/1`` record);
  ``POST /api/replay`` (one step of a record, every hand shown);
  ``POST /api/review`` (a record's analysis, as far as it has got)
  (:mod:`ludoteca.web.api`).
- ``WS /ws/{id}``: the table in real time (see :mod:`ludoteca.web.protocol`).
"""

from __future__ import annotations

import contextlib
import mimetypes
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import BaseRoute, Mount, Route

from ludoteca.analysis import ANALYSIS_BUDGET
from ludoteca.game import Game

from . import api, i18n, pages
from .broker import Broker
from .engines import Engines
from .guard import Guard
from .hub import LOBBY_IDLE, Hub
from .learn import LearnApi
from .limits import ClientLimits
from .replays import Replays
from .review import Reviews
from .services import Services
from .shell import Assets, Pages
from .store import Store

__all__ = ["create_app"]

GZIP_MINIMUM = 500
"""Bytes below which a response goes as it is (compressing it would save nothing)."""
GZIP_LEVEL = 6
"""zlib's level: nearly the smallest output, at a fraction of level 9's time."""


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
    lobby_idle: float | None = LOBBY_IDLE,
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
    command of the bot protocol, or a Python agent (see :mod:`ludoteca.web.engines`);
    ``lobby_idle`` is the seconds after which an unfinished table where nothing moved
    and nobody was connected leaves the lobby's list (``None``: never).
    """
    from .store import default_database_url

    store = Store(db_url or default_database_url(), migrate=migrate)
    limits = client_limits if client_limits is not None else ClientLimits()
    hub = Hub(
        store,
        bot_delay=bot_delay,
        hint=hint,
        message_rate=message_rate,
        client_limits=limits,
        bot_workers=bot_workers,
        broker=Broker(broker) if broker else None,
        engines=Engines(engines),
        lobby_idle=lobby_idle,
    )
    if hub.broker is not None:
        limits.shared = hub.broker
    shared = Services(
        hub=hub,
        store=store,
        limits=limits,
        replays=Replays(),
        reviews=Reviews(budget=analysis_budget, pool=hub.bot_pool),
        pages=Pages(),
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        warm_up(hub)
        hub.start(resume=resume)
        yield
        await shared.reviews.close()
        await hub.close()
        store.close()

    learn = LearnApi(shared.check_rate, api.read_json, api.refusal)
    app = Starlette(
        routes=routes(learn, shared.pages.version),
        lifespan=lifespan,
        exception_handlers={404: pages.not_found, 405: pages.method_not_allowed},
        middleware=[
            # pages, scripts, styles and JSON compressed for a browser that asks (WebSockets pass)
            Middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=GZIP_LEVEL),
            Middleware(Guard, allow_origins=allow_origins),
        ],
    )
    app.state.services = shared
    app.state.hub = hub
    app.state.store = store
    app.state.started = time.time()
    return app


def warm_up(hub: Hub) -> None:
    """Load before serving what the first visitors would otherwise wait for, one after
    the other on the server's one event loop (half a second, more on a busy machine):
    each language's messages and the pages' script of them, every game's rules (their
    modules), the lobby's list of games and the static files' types."""
    mimetypes.init()
    for lang in i18n.LANGS:
        i18n.script(lang)
        api.game_list(hub, lang)


def routes(learn: LearnApi, version: str) -> list[BaseRoute]:
    """The app's addresses (see the module's documentation): the pages', the lessons'
    API, the JSON API's and the table's socket, the static files (kept by the browser
    when asked for at the pages' asset ``version``)."""
    return [
        *pages.routes(),
        Route("/api/learn/{game}", learn.course),
        Route("/api/learn/{game}/try", learn.attempt, methods=["POST"]),
        Route("/api/learn/{game}/{lesson}/{step}", learn.step),
        *api.routes(),
        Mount("/static", Assets(version), name="static"),
    ]
