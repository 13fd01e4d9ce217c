"""The web app's texts: refusals, moves in words, and the pages' messages.

Every text comes from the gettext catalogs (:mod:`ludoteca.i18n`). The pages'
scripts get their language's messages and its plural rule from
:func:`script`, served as ``/i18n/<lang>.js``.

>>> refusal_text("not_your_turn", {"name": "Bia"}, "pt")
'Não é a sua vez: agora joga Bia.'
>>> normalise("pt-BR"), normalise("en-US"), normalise(None)
('pt', 'en', 'en')
>>> lang_from_headers("fr-FR,pt-BR;q=0.8,en;q=0.5")
'pt'
"""

from __future__ import annotations

import functools
import html
import json
import re
from typing import Any

from starlette.requests import Request

from ludoteca import i18n as shared
from ludoteca.i18n import LOCALES, N_, catalog, texts
from ludoteca.i18n.hints import say_hint
from ludoteca.i18n.moves import describe_move
from ludoteca.i18n.refusals import say_refusal
from ludoteca.i18n.words import GAME_TITLES, Words

__all__ = [
    "LANGS",
    "REFUSALS",
    "describe",
    "hint_text",
    "html_lang",
    "lang_from_headers",
    "normalise",
    "pick_lang",
    "refusal_text",
    "rules_html",
    "script",
    "texts",
]

LANGS = ("pt", "en")

REFUSALS: dict[str, str] = {
    "bad_json": N_("The message is not valid JSON."),
    "bad_message": N_("Invalid message: {detail}."),
    "too_large": N_("The message is too large (at most {limit} bytes)."),
    "rate_limited": N_("Too many messages too fast: please slow down."),
    "flood": N_("Too many messages: the connection was closed."),
    "hello_first": N_("The connection must start with a hello message."),
    "wrong_token": N_("This key belongs to no seat at this table; you are watching."),
    "spectator": N_("Spectators cannot play: to play, join a seat with its invitation."),
    "bad_move_text": N_("A move is a short text naming the move."),
    "game_over": N_("The game is already over."),
    "stale": N_("The table moved on before your move arrived; here is the table now."),
    "not_your_turn": N_("It is not your turn: {name} is to play."),
    "not_your_roll": N_("It is not your roll: {name} rolls now."),
    "illegal": N_("{label} is not allowed: {reason}"),
    "storage": N_("The move could not be saved ({detail}); nothing changed. Try again."),
    "no_hints": N_("Hints are not available yet."),
    "hint_not_your_turn": N_("Hints are given when it is your turn."),
    "hint_busy": N_("The expert is still thinking about the last hint."),
    "hint_failed": N_("The expert could not give a hint now."),
    "not_over": N_("A rematch can only start once the game is over."),
    "no_table": N_("There is no table at this address."),
    "not_found": N_("Not found."),
    "http": N_("Invalid request ({status})."),
    "unknown_game": N_("There is no game called {game}."),
    "game_not_built": N_("The game {game} is not ready yet."),
    "bad_options": N_("Invalid options: {detail}"),
    "bad_delay": N_("The bots' pace is 0 to 10 seconds."),
    "bad_private": N_("A table is private (true) or listed in the lobby (false)."),
    "bad_seats": N_("This table has {count} seats: say who sits in each."),
    "bad_level": N_("There is no bot level {level}; levels: {levels}."),
    "one_seat_each": N_("You may take only one seat."),
    "bad_name": N_("A name has 1 to {max} characters, without < or >."),
    "bad_seat": N_("The seats of this table are 0 to {count} minus one."),
    "seat_is_bot": N_("A bot sits in this seat."),
    "seat_taken": N_("This seat is already taken. You can still watch."),
    "bad_invite": N_("This invitation is not valid for this seat."),
    "record_not_over": N_(
        "The record is available once the game is over (before, it would show the hidden tiles)."
    ),
    "bad_record": N_("This record cannot be replayed: {detail}"),
    "bad_text": N_("The text holds an invalid character (a lone surrogate)."),
    "too_deep": N_("The JSON nests too deep (at most {limit} levels)."),
    "number_too_big": N_("A number in the JSON is too long (at most {limit} digits)."),
    "need_json": N_("A POST body is JSON: send it with Content-Type: application/json."),
    "slow_body": N_("The request body did not arrive in time (at most {limit} s)."),
    "path_too_long": N_("The address is too long (at most {limit} bytes)."),
    "headers_too_large": N_(
        "Too many or too large headers (at most {count}, {limit} bytes in all)."
    ),
    "bad_host": N_("The Host header is not a host name."),
    "bad_origin": N_("This table only takes connections from its own site."),
    "busy": N_("Too many requests: try again in {retry} s."),
}
"""Why a request is refused, by its code."""


def normalise(value: Any) -> str:
    """``pt`` for any Portuguese tag, ``en`` for anything else."""
    lang: str = shared.normalize_lang(value if isinstance(value, str) else None)
    return lang


def html_lang(lang: str) -> str:
    return "pt-BR" if lang == "pt" else "en"


def lang_from_headers(accept_language: str | None) -> str:
    """The first of Portuguese or English in an ``Accept-Language`` header (English if neither)."""
    if not accept_language:
        return "en"
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        tag = tag.strip().lower()
        if tag.startswith(("pt", "en")):
            ranked.append((-q, i, tag[:2]))
    return min(ranked)[2] if ranked else "en"


def pick_lang(request: Request) -> str:
    """The page's language: ``?lang=``, else the ``lang`` cookie, else the browser's."""
    for value in (request.query_params.get("lang"), request.cookies.get("lang")):
        if value in LANGS:
            return value
    return lang_from_headers(request.headers.get("accept-language"))


def describe(game: str, move: str, lang: str) -> str:
    """A move said in words."""
    return describe_move(game, move, lang)


def hint_text(game: str, move: dict[str, Any], lang: str) -> str:
    """A bot's reason for a ranked move (its ``code`` and ``params``) in ``lang``."""
    params = move.get("params")
    value = move.get("value")
    return say_hint(
        game,
        str(move.get("code", "")),
        params if isinstance(params, dict) else {},
        lang,
        float(value) if isinstance(value, int | float) else 0.0,
    )


def refusal_text(code: str, params: dict[str, Any], lang: str) -> str:
    """Why a request was refused, in ``lang``."""
    message = REFUSALS.get(code)
    if message is None:
        return code
    values = {k: v for k, v in params.items() if isinstance(v, str | int | float | list)}
    if code == "illegal":
        # an engine's refusal: its code and parameters said in words
        game = str(params.get("game", ""))
        move = str(params.get("move", ""))
        names = _seat_names(params.get("names"), params.get("levels"), lang)
        seat = params.get("seat")
        refusal = params.get("params")
        values["label"] = describe(game, move, lang) if game else move
        values["reason"] = say_refusal(
            game,
            str(params.get("refusal", "")),
            refusal if isinstance(refusal, dict) else {},
            lang,
            names=names,
            me=seat if isinstance(seat, int) else None,
        )
    levels = values.get("levels")
    if code == "bad_level" and isinstance(levels, list):
        values["levels"] = ", ".join(map(str, levels))
    tx = texts(lang)
    try:
        return tx._(message, **values)
    except (KeyError, IndexError):
        return tx._(message, **{k: "?" for k in ("name", "detail", "limit")})


def _seat_names(names: Any, levels: Any, lang: str) -> list[str]:
    """The players' names as the pages show them: bots by their level, in ``lang``."""
    if not isinstance(names, list):
        return []
    levels = levels if isinstance(levels, list) and len(levels) == len(names) else []
    words = Words(lang)
    return [
        words.bot(i, levels[i]) if levels and isinstance(levels[i], str) else str(name)
        for i, name in enumerate(names)
    ]


# ------------------------------------------------------------- page scripts

_PLURAL_EXPR = re.compile(r"^[n0-9\s()<>=!&|%?:+\-]+$")


@functools.cache
def script(lang: str) -> str:
    """The pages' messages in ``lang`` and its plural rule, as a script.

    Only messages the scripts use are sent (the catalog notes where each is
    used). A message is keyed by its English text (after its context and a
    ``\\x04`` when it has one); one with plural forms holds the list of them.
    The plural rule is the catalog's own gettext expression, the one Python's
    gettext uses, so both sides pick the same form.
    """
    cat = catalog(lang)
    messages: dict[str, str | list[str]] = {}
    for message in cat:
        if not message.id or not any(f.endswith(".js") for f, _ in message.locations):
            continue
        key = message.id[0] if isinstance(message.id, tuple | list) else message.id
        if message.context:
            key = message.context + "\x04" + key
        if isinstance(message.string, tuple | list):
            messages[key] = list(message.string)
        else:
            messages[key] = message.string or ""
    expr = cat.plural_expr
    if not _PLURAL_EXPR.match(expr):
        raise ValueError(f"unexpected plural expression in the {lang} catalog: {expr}")
    data = json.dumps(
        {"lang": lang, "tag": html_lang(lang), "titles": GAME_TITLES, "messages": messages},
        ensure_ascii=False,
        sort_keys=True,
    ).replace("</", "<\\/")
    return (
        f"/* Ludoteca: the pages' messages ({LOCALES[lang]}). */\n"
        f"const LT_I18N = {data};\n"
        f"LT_I18N.plural = function (n) {{ return Number({expr}); }};\n"
    )


# ---------------------------------------------------------------- rules pages


def rules_html(game: str, lang: str) -> str:
    """The rules of ``game`` in ``lang`` as HTML (the project's rules texts, in Markdown)."""
    from markdown_it import MarkdownIt

    from ludoteca import rules

    try:
        source = rules.text(game, lang, app="web")
    except (ValueError, FileNotFoundError):
        title = html.escape(GAME_TITLES.get(game, game))
        missing = texts(lang)._("The rules of this game are still being written.")
        return f"<h1>{title}</h1><p>{html.escape(missing)}</p>"
    md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
    rendered: str = md.render(source)
    return rendered
