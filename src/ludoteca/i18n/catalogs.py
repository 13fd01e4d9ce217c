"""Keeping the catalogs: the messages the code uses, what a catalog lacks or holds for nothing.

Run from a source checkout::

    python -m ludoteca.i18n.catalogs           # add new messages, drop unused ones
    python -m ludoteca.i18n.catalogs --check   # exit 1 if a catalog lacks or holds too much

The messages are extracted by Babel from the Python and the JavaScript as
``babel.cfg`` (at the top of the checkout) maps them, with the keywords of
:data:`KEYWORDS`; the same with Babel's command line::

    pybabel extract -F babel.cfg --no-default-keywords --add-location=file \\
        -k _ -k n_:1,2 -k p_:1c,2 -k np_:1c,2,3 -k N_ -k NN_:1,2 \\
        -k NP_:1c,2 -k NNP_:1c,2,3 -o ludoteca.pot .

An update keeps every translation, adds new messages untranslated (the English
catalog says them as written in the code) and drops the messages nothing uses.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import write_po

from . import DOMAIN, LANGS, LOCALE_DIR, LOCALES, catalog, po_path

__all__ = ["GAME_KEYWORDS", "KEYWORDS", "extract", "problems", "update"]

KEYWORDS = {
    "_": None,
    "n_": (1, 2),
    "p_": ((1, "c"), 2),
    "np_": ((1, "c"), 2, 3),
    "N_": None,
    "NN_": (1, 2),
    "NP_": ((1, "c"), 2),
    "NNP_": ((1, "c"), 2, 3),
}
"""The functions whose arguments are messages: gettext, ngettext, pgettext,
npgettext as :class:`ludoteca.i18n.Texts` and the pages' scripts name them,
and the markers of messages translated later."""

GAME_KEYWORDS = {"g_": None, "ng_": (1, 2), "NG_": None, "gm_": (2,)}
GAMES_TAG = "games:"
"""The functions whose messages are said in a game's own words
(:meth:`ludoteca.i18n.voice.Voice.g_`, the pages' ``gm_(game, message)``): each is kept once per
game, with the game's name as its context, so that each game's catalog entry
uses that game's glossary. A comment ``# games: texas42 bingo`` on the line before
the call keeps it for those games only (the games whose tables say it)."""

HEADER = """\
# The Ludoteca messages in {language}.
# Kept with `python -m ludoteca.i18n.catalogs` (see ludoteca/i18n/catalogs.py).
#"""

PLURAL_FORMS = {"pt": (2, "(n != 1)")}
"""Plural rules the catalogs keep instead of the locale's: Brazilian Portuguese says
zero in the plural ("0 vazas", as "0 tricks"), where CLDR's rule for ``pt`` puts
zero with one."""

CHECKOUT = LOCALE_DIR.parent.parent.parent
MAPPING = CHECKOUT / "babel.cfg"


def extract(root: Path = CHECKOUT) -> Catalog:
    """Every message the Python and the JavaScript use (a template catalog); a
    message said in a game's words (:data:`GAME_KEYWORDS`) once per game."""
    from ludoteca.registry import GAMES

    with (root / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    template = Catalog(project="Ludoteca", domain=DOMAIN, charset="utf-8")
    for filename, _, message, _, context in extract_from_dir(
        str(root), method_map, options_map, keywords=KEYWORDS
    ):
        template.add(message, None, [(filename, None)], context=context)  # type: ignore[list-item]
    for filename, _, message, comments, _ in extract_from_dir(
        str(root), method_map, options_map, keywords=GAME_KEYWORDS, comment_tags=(GAMES_TAG,)
    ):
        for game in _games_of(comments, GAMES):
            template.add(message, None, [(filename, None)], context=game)  # type: ignore[list-item]
    return template


def _games_of(comments: list[str], games: Any) -> list[str]:
    """The games a message said in a game's words serves: those its ``# games:``
    comment names, or every game."""
    for comment in comments:
        if comment.startswith(GAMES_TAG):
            named = comment[len(GAMES_TAG) :].split()
            unknown = set(named) - set(games)
            if unknown:
                raise ValueError(f"a '# games:' comment names no game: {sorted(unknown)}")
            return named
    return list(games)


def _key(message: Message) -> tuple[str | None, str]:
    ident = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return message.context, ident


def _messages(cat: Catalog) -> Iterator[Message]:
    return (m for m in cat if m.id)


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else [message.string]
    return not message.fuzzy and all(s and s.strip() for s in strings)


def problems(template: Catalog | None = None) -> list[str]:
    """What is wrong with the catalogs: messages used but not translated, and
    messages held that nothing uses (an empty list when all is well)."""
    template = template or extract()
    used = {_key(m): m for m in _messages(template)}
    out = []
    for lang in LANGS:
        cat = catalog(lang)
        held = {_key(m): m for m in _messages(cat)}
        for key, message in used.items():
            found = held.get(key)
            if found is None or not _translated(found):
                out.append(f"{LOCALES[lang]}: not translated: {key[1]!r} (context {key[0]!r})")
            elif isinstance(message.id, tuple) != isinstance(found.id, tuple):
                out.append(f"{LOCALES[lang]}: plural forms differ: {key[1]!r}")
        out += [
            f"{LOCALES[lang]}: used nowhere: {key[1]!r} (context {key[0]!r})"
            for key in held
            if key not in used
        ]
    return out


def update(template: Catalog | None = None) -> None:
    """Bring both catalogs in line with the messages the code uses."""
    template = template or extract()
    for lang in LANGS:
        cat = catalog(lang)
        cat.update(template, no_fuzzy_matching=True, update_creation_date=False)
        cat.obsolete.clear()
        cat.fuzzy = False
        cat.header_comment = HEADER.format(language=LOCALES[lang])
        cat.msgid_bugs_address = ""
        cat.last_translator = "Ludoteca"
        cat.language_team = "Ludoteca"
        if lang in PLURAL_FORMS:
            # Babel keeps a catalog's rule where its Plural-Forms header is read
            setattr(cat, "_num_plurals", PLURAL_FORMS[lang][0])  # noqa: B010
            setattr(cat, "_plural_expr", PLURAL_FORMS[lang][1])  # noqa: B010
        if lang == "en":
            for message in _messages(cat):
                if not _translated(message):
                    message.string = message.id
        with po_path(lang).open("wb") as f:
            write_po(f, cat, width=100, sort_output=True, include_lineno=False)
    catalog.cache_clear()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ludoteca.i18n.catalogs")
    parser.add_argument("--check", action="store_true", help="only say what is wrong")
    args = parser.parse_args(argv)
    if not args.check:
        update()
    found = problems()
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
