"""Every page's HTML shell: the header, the page's data and its scripts (the
page's script draws the rest), and the page that says something is not there."""

from __future__ import annotations

import hashlib
import html
import json
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from ludoteca.i18n import LOCALE_DIR, N_
from ludoteca.i18n.ui import UI

from . import i18n

__all__ = [
    "LEARN",
    "LOBBY",
    "MINE",
    "NF_BROKEN",
    "NF_PAGE",
    "NF_RULES",
    "NF_TABLE",
    "STATIC",
    "Assets",
    "Pages",
    "cache_control",
]

STATIC = Path(__file__).parent / "static"

SKIP_LINK = N_("Skip to the content")
NAVIGATION = N_("Navigation")
LOBBY = N_("Lobby")
LEARN = N_("Learn")
MINE = UI["my_games"]
"""The words every page's header says (written out here: Babel does not read f-strings)."""

NF_PAGE = N_("This page does not exist. Perhaps the address was mistyped.")
NF_TABLE = UI["no_table_here"]
NF_BROKEN = N_("This table cannot be resumed by this version of the program.")
NF_RULES = N_("There are no rules for that game here. See the list of games.")


KEEP = "public, max-age=31536000, immutable"
"""A versioned script, style or picture: the same address is the same bytes for a year (a
new version of any asset changes every page's ``?v=``)."""
REVALIDATE = "no-cache"
"""An asset asked for without the current version: kept, but checked with the server
(its ETag) before each use."""


def cache_control(scope: Scope, version: str) -> str:
    """How long a browser may keep the asset asked for in ``scope``: a year when its
    address carries the current version (as every page's links do), else not unchecked."""
    query = scope.get("query_string", b"").decode("latin-1")
    return KEEP if f"v={version}" in query.split("&") else REVALIDATE


class Assets(StaticFiles):
    """The scripts, the style and the pictures under ``/static``, kept by the browser
    as :func:`cache_control` says."""

    def __init__(self, version: str) -> None:
        super().__init__(directory=STATIC)
        self.version = version

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            response.headers["Cache-Control"] = cache_control(scope, self.version)
        return response


def _asset_version() -> str:
    h = hashlib.sha256()
    for path in sorted([*STATIC.glob("*"), *LOCALE_DIR.glob("*/LC_MESSAGES/*.po")]):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:10]


# The scripts a page loads before its own (common.js is on every page): the boards'
# drawing where boards are drawn, the rules' diagrams where they are shown.
_BOARDS = ("games", "boards")
PAGE_SCRIPTS: dict[str, tuple[str, ...]] = {
    "table": (*_BOARDS, "tabletools"),
    "replay": _BOARDS,
    "learn": (*_BOARDS, "diagrams"),
    "rules": (*_BOARDS, "diagrams"),
}


class Pages:
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
                ("/mine", MINE, "mine"),
                ("/replay", UI["review"], "replay"),
            )
        )
        switch_title = html.escape(tx._("Change the language"))
        switch_text = "English" if other == "en" else "Português"
        scripts = "\n".join(
            f'<script src="/static/{name}.js?v={v}" defer></script>'
            for name in (*PAGE_SCRIPTS.get(page, ()), page)
        )
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
<script src="/i18n/{lang}.js?v={v}" defer></script>
<script src="/static/common.js?v={v}" defer></script>
{scripts}
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
