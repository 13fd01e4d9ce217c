"""What the web app accepts: JSON within limits, text without lone surrogates,
game options by their specs, and requests within size and time limits.

Every check raises :class:`Refused` with a code and the detail that says what
was wrong and what is allowed; nothing is changed by a refused request.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from ludoteca.registry import game_class

from . import i18n
from .errors import Refused

__all__ = [
    "ENGINE_KEYWORDS",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "Guard",
    "check_options",
    "check_text",
    "parse_json",
]

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects in any JSON the app reads."""
MAX_INT_DIGITS = 24
"""Longest whole number (in digits) in any JSON the app reads."""
ENGINE_KEYWORDS = ("seed", "chance", "names")
"""Arguments of ``new_game`` that the server sets itself: never options."""

MAX_HEADERS = 64
MAX_HEADER_BYTES = 16 * 1024
MAX_PATH = 512
_HOST_OK = re.compile(rb"^[A-Za-z0-9.\-\[\]:]{1,255}$")

_SURROGATE = re.compile("[\ud800-\udfff]")


def _refuse_constant(name: str) -> Any:
    raise Refused("bad_json", {"detail": f"{name} is not a JSON number"})


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise Refused("number_too_big", {"limit": MAX_INT_DIGITS})
    return int(text)


def parse_json(data: str | bytes) -> Any:
    """Decode JSON text: ``Refused`` if it is not JSON, nests deeper than
    :data:`MAX_DEPTH`, holds a number longer than :data:`MAX_INT_DIGITS` digits
    or a string with a lone surrogate."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("bad_json", {"detail": "the body is not UTF-8"}) from None
    try:
        value = json.loads(data, parse_int=_parse_int, parse_constant=_refuse_constant)
    except RecursionError:
        raise Refused("too_deep", {"limit": MAX_DEPTH}) from None
    except json.JSONDecodeError:
        raise Refused("bad_json") from None
    _check_tree(value)
    return value


def _check_tree(value: Any) -> None:
    """Depth and lone surrogates, without recursion (a wide list costs one pass)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise Refused("bad_text")
        elif isinstance(item, list):
            if depth >= MAX_DEPTH:
                raise Refused("too_deep", {"limit": MAX_DEPTH})
            stack.extend((x, depth + 1) for x in item if not isinstance(x, int | float | bool))
        elif isinstance(item, dict):
            if depth >= MAX_DEPTH:
                raise Refused("too_deep", {"limit": MAX_DEPTH})
            for k, v in item.items():
                if _SURROGATE.search(k):
                    raise Refused("bad_text")
                stack.append((v, depth + 1))


def check_text(value: str) -> str:
    """``value`` if it is text that can be sent on (no lone surrogate); ``Refused`` otherwise."""
    if _SURROGATE.search(value):
        raise Refused("bad_text")
    return value


def check_options(game: str, options: Any) -> dict[str, Any]:
    """The user's options for ``game``, checked against its option specs only.

    The engine's own keywords (``seed``, ``chance``, ``names``) are refused by
    name; values are checked when the game is built.
    """
    if options is None:
        return {}
    if not isinstance(options, dict) or len(options) > 20:
        raise Refused("bad_options", {"detail": "options are an object of name: value"})
    specs = game_class(game).option_specs
    valid = ", ".join(specs) or "none"
    for name in options:
        if name in ENGINE_KEYWORDS:
            raise Refused(
                "bad_options",
                {
                    "detail": f"{name} is set by the server, not an option of {game} "
                    f"(its options: {valid})"
                },
            )
        if name not in specs:
            raise Refused(
                "bad_options",
                {"detail": f"{game} has no option {name[:40]} (its options: {valid})"},
            )
    return dict(options)


# --------------------------------------------------------------- ASGI guard

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Guard:
    """ASGI middleware: refuses oversized or odd requests before the app sees them,
    checks the Origin of WebSocket upgrades, requires JSON bodies on POST and
    adds ``X-Content-Type-Options: nosniff`` to every response."""

    def __init__(self, app: ASGIApp, *, allow_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allow_origins = {o.rstrip("/").lower() for o in allow_origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        problem = self._problem(scope)
        if problem is not None:
            status, code = problem
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": code})
                return
            lang = i18n.lang_from_headers(_header(scope, b"accept-language").decode("latin-1"))
            await _plain_error(send, status, code, lang)
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_nosniff(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                if not any(k.lower() == b"x-content-type-options" for k, _ in headers):
                    headers.append((b"x-content-type-options", b"nosniff"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_nosniff)

    def _problem(self, scope: Scope) -> tuple[int, str] | None:
        headers: list[tuple[bytes, bytes]] = list(scope.get("headers") or [])
        path = scope.get("raw_path") or scope.get("path", "").encode("utf-8", "replace")
        if len(path) + len(scope.get("query_string") or b"") > MAX_PATH:
            return 414, "path_too_long"
        if len(headers) > MAX_HEADERS or sum(len(k) + len(v) for k, v in headers) > (
            MAX_HEADER_BYTES
        ):
            return 431, "headers_too_large"
        host = [v for k, v in headers if k.lower() == b"host"]
        if len(host) > 1 or (host and not _HOST_OK.match(host[0])):
            return 400, "bad_host"
        if scope["type"] == "websocket":
            origin = [v for k, v in headers if k.lower() == b"origin"]
            if origin and not self._origin_ok(origin[0], host[0] if host else b""):
                return 403, "bad_origin"
            return None
        if scope.get("method") == "POST":
            ctype = _header(scope, b"content-type")
            if ctype.split(b";")[0].strip().lower() != b"application/json":
                return 415, "need_json"
        return None

    def _origin_ok(self, origin: bytes, host: bytes) -> bool:
        text = origin.decode("latin-1").rstrip("/").lower()
        if text in self.allow_origins:
            return True
        for scheme in ("http://", "https://"):
            if text.startswith(scheme):
                return text[len(scheme) :] == host.decode("latin-1").lower()
        return False


def _header(scope: Scope, name: bytes) -> bytes:
    return next((v for k, v in scope.get("headers") or [] if k.lower() == name), b"")


async def _plain_error(send: Send, status: int, code: str, lang: str) -> None:
    params = {"limit": MAX_PATH, "count": MAX_HEADERS}
    if code == "headers_too_large":
        params["limit"] = MAX_HEADER_BYTES
    message = i18n.refusal_text(code, params, lang)
    body = json.dumps({"error": code, "message": message}, ensure_ascii=False).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"x-content-type-options", b"nosniff"),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
