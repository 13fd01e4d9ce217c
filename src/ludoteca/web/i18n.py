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
from ludoteca.i18n import LOCALES, catalog, texts
from ludoteca.i18n.hints import say_hint
from ludoteca.i18n.moves import describe_move
from ludoteca.i18n.refusals import say_refusal
from ludoteca.i18n.ui import GAME_REFUSALS, REFUSALS, UI
from ludoteca.i18n.voice import Voice
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
    game_message = GAME_REFUSALS.get(code)
    if game_message is not None:  # in the words of the table's game
        return Voice.of(str(params.get("game", "")), lang).g_(game_message)
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
    count = values.get("count")
    if code == "bad_seats" and isinstance(count, int):
        values["seats"] = texts(lang).n_("{n} seat", "{n} seats", count)
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
    tx = texts(lang)
    words = {key: tx._(message) for key, message in {**UI, **REFUSALS}.items()}
    data = json.dumps(
        {
            "lang": lang,
            "tag": html_lang(lang),
            "titles": GAME_TITLES,
            "messages": messages,
            "ui": words,
        },
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
