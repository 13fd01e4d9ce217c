"""The web app: ``ludoteca serve`` opens a lobby where tables of the four games
are played in the browser, with friends and bots, in real time.

Storage is SQLite in the user's data folder unless ``--db`` names another
database (``postgresql://user:password@host/db`` uses PostgreSQL).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.cli import add_seconds_option
from ludoteca.i18n import N_
from ludoteca.i18n.cli import say

__all__ = ["add_serve_command", "app_from_environment", "serve"]


def add_serve_command(sub: Any) -> None:
    """Add ``ludoteca serve`` to the command line."""
    p = sub.add_parser("serve", help=N_("play in the browser: start the web app"))
    p.add_argument("--host", default="127.0.0.1", help=N_("address to listen on (%(default)s)"))
    p.add_argument("--port", type=int, default=8000, help=N_("port to listen on (%(default)s)"))
    p.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help=N_(
            "database: sqlite:///PATH or postgresql://USER:PASSWORD@HOST/DB "
            "(default: SQLite in the user's data folder)"
        ),
    )
    add_seconds_option(
        p,
        "--bot-delay",
        1.0,
        N_("default pace of the bots: seconds per move (1.0); each table may set its own"),
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help=N_(
            "a site besides this one whose pages may connect to the tables, "
            "such as https://example.org (repeatable)"
        ),
    )
    p.add_argument(
        "--no-client-limits",
        action="store_true",
        help=N_("no per-address rate limits (for load tests from one address)"),
    )
    p.add_argument(
        "--bot-workers",
        type=int,
        default=None,
        metavar="N",
        help=N_(
            "processes making the expert bots' decisions, at most N at once (default: one per "
            "core; the quick levels decide in the server)"
        ),
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help=N_("server processes on this port (1); several need --broker"),
    )
    p.add_argument(
        "--broker",
        default=None,
        metavar="URL",
        help=N_(
            "Redis (redis://HOST:PORT/DB) through which workers, on this machine "
            "or others, share their tables"
        ),
    )
    p.add_argument(
        "--engine",
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help=N_(
            "an engine of the bot protocol the tables may seat, offered in the seats' choices "
            "as NAME (repeatable)"
        ),
    )
    p.add_argument(
        "--lobby-idle-hours",
        type=float,
        default=24.0,
        metavar="HOURS",
        help=N_(
            "the lobby no longer lists an unfinished table where nothing moved and "
            "nobody was connected for this long (24; 0: it lists them all)"
        ),
    )
    add_seconds_option(
        p, "--analysis-budget", None, N_("how long the review's expert thinks per decision (0.25)")
    )
    p.set_defaults(func=_cmd_serve)


def _cmd_serve(args: argparse.Namespace) -> int:
    if not 0 <= args.bot_delay <= 10:
        print("ludoteca serve: " + say(N_("--bot-delay is 0 to 10 seconds")), file=sys.stderr)
        return 2
    if args.bot_workers is not None and not 0 <= args.bot_workers <= 64:
        print("ludoteca serve: " + say(N_("--bot-workers is 0 (threads) to 64")), file=sys.stderr)
        return 2
    if args.analysis_budget is not None and not 0.01 <= args.analysis_budget <= 10:
        print(
            "ludoteca serve: " + say(N_("--analysis-budget is 0.01 to 10 seconds")),
            file=sys.stderr,
        )
        return 2
    if args.lobby_idle_hours < 0:
        print("ludoteca serve: " + say(N_("--lobby-idle-hours is 0 or more")), file=sys.stderr)
        return 2
    from .engines import parse_engine_option

    try:
        engines = dict(parse_engine_option(text) for text in args.engine)
        if len(engines) < len(args.engine):
            raise ValueError("two --engine options have the same name")
        serve(
            host=args.host,
            port=args.port,
            db=args.db,
            bot_delay=args.bot_delay,
            allow_origins=args.allow_origin,
            client_limits=not args.no_client_limits,
            bot_workers=args.bot_workers,
            workers=args.workers,
            broker=args.broker,
            analysis_budget=args.analysis_budget,
            engines=engines,
            lobby_idle=args.lobby_idle_hours * 3600 or None,
        )
    except ValueError as e:
        print(f"ludoteca serve: {e}", file=sys.stderr)
        return 2
    return 0


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    bot_delay: float = 1.0,
    allow_origins: Sequence[str] = (),
    client_limits: bool = True,
    bot_workers: int | None = None,
    workers: int = 1,
    broker: str | None = None,
    analysis_budget: float | None = None,
    engines: Mapping[str, str] | None = None,
    lobby_idle: float | None = 24 * 3600.0,
) -> None:
    """Run the web app until interrupted: ``workers`` processes on one port (several
    need a ``broker``, a Redis URL; other machines may join them on the same
    database and broker); ``analysis_budget`` is the seconds the review's expert
    thinks per decision; ``engines`` are commands of the bot protocol by name, which
    the tables may seat (each is started once first, to shake hands); ``lobby_idle``
    the seconds after which the lobby leaves out an unfinished table nobody uses
    (``None``: never)."""
    import uvicorn

    from .store import Store, default_database_url, normalise_database_url

    url = db or default_database_url()
    normalise_database_url(url)
    for origin in allow_origins:
        if not origin.startswith(("http://", "https://")) or "/" in origin.split("//", 1)[1]:
            raise ValueError(f"--allow-origin {origin!r} is written https://HOST[:PORT]")
    if workers < 1:
        raise ValueError("--workers is at least 1")
    if workers > 1 and not broker:
        raise ValueError("several workers share their tables through Redis: give --broker URL")
    if broker is not None and not broker.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"--broker {broker!r} is not a Redis URL (redis://HOST:PORT/DB)")
    from .engines import Engines

    Engines(engines).close()  # each engine shakes hands once: a bad one stops here
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    Store(url).close()  # the schema brought up to date, once, before any worker starts
    if bot_workers is None:
        bot_workers = max(1, (os.cpu_count() or 1) // workers)
    os.environ[CONFIG_VARIABLE] = json.dumps(
        {
            "db": url,
            "bot_delay": bot_delay,
            "allow_origins": list(allow_origins),
            "client_limits": client_limits,
            "bot_workers": bot_workers,
            "broker": broker,
            "analysis_budget": analysis_budget,
            "engines": dict(engines or {}),
            "lobby_idle": lobby_idle,
        }
    )
    shown = url if url.startswith("sqlite") else url.split("@")[-1]
    print(
        f"Ludoteca: open http://{host}:{port}/ in a browser (storage: {shown}"
        + (f"; {workers} workers" if workers > 1 else "")
        + ")",
        flush=True,
    )
    from .wsproto import WEBSOCKET_PROTOCOL

    uvicorn.run(
        "ludoteca.web:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        ws_max_size=64 * 1024,
        h11_max_incomplete_event_size=16 * 1024,
        ws=WEBSOCKET_PROTOCOL,
        ws_per_message_deflate=False,
        log_level="warning",
        access_log=False,
    )


CONFIG_VARIABLE = "LUDOTECA_SERVE"
"""The environment variable through which ``serve`` configures its workers."""


def app_from_environment() -> Any:
    """The app of one worker of ``ludoteca serve`` (its settings in :data:`CONFIG_VARIABLE`)."""
    from .app import create_app
    from .limits import ClientLimits

    config = json.loads(os.environ[CONFIG_VARIABLE])
    # the store's writer and the bots' threads hand the interpreter back and forth
    # with the event loop many times a move: short turns keep their waits short
    sys.setswitchinterval(0.0005)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    return create_app(
        config["db"],
        bot_delay=config["bot_delay"],
        allow_origins=config["allow_origins"],
        client_limits=ClientLimits(enabled=config["client_limits"]),
        bot_workers=config["bot_workers"],
        broker=config["broker"],
        migrate=False,
        engines=config.get("engines") or None,
        lobby_idle=config.get("lobby_idle", 24 * 3600.0),
        **(
            {"analysis_budget": config["analysis_budget"]}
            if config.get("analysis_budget") is not None
            else {}
        ),
    )
