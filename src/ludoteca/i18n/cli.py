"""The command line in Portuguese and English: argparse's own words and the
project's help texts, from the catalogs.

The help texts are written in English in the code, marked with ``N_`` (and
``{levels}`` or ``{games}`` where the list belongs, which stays as written in
every language); :class:`HelpFormatter` says them in the language of
:func:`language`. argparse's own messages ("usage:", "the following arguments are
required: %s") are its module's ``_`` and ``ngettext``, which :func:`language`
replaces while the parser is built and used.

>>> import argparse
>>> with language("pt"):
...     parser = Parser(prog="demo")
...     _ = parser.add_argument("--seed", type=int, help=N_("seed for the deals, dice and bots"))
...     print(parser.format_help().splitlines()[0])
uso: demo [-h] [--seed SEED]
>>> lang_of(["arena", "--lang", "pt"]), lang_of(["--lang=en"]), lang_of([], {"LANG": "pt_BR"})
('pt', 'en', 'pt')
"""

from __future__ import annotations

import argparse
import contextlib
import contextvars
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from . import N_, Texts, default_lang, normalize_lang, texts

__all__ = [
    "ARGPARSE_MESSAGES",
    "GAME_OPTION",
    "GAME_TO_PLAY",
    "RECORD_FILE",
    "HelpFormatter",
    "Parser",
    "lang_of",
    "language",
    "say",
    "say_count",
]

RECORD_FILE = N_("a ludoteca/1 record (JSON)")
GAME_TO_PLAY = N_("the game to play")
GAME_OPTION = N_("a game option, for example -o players=3 (repeatable)")
"""Help texts several commands share."""

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("expected %s argument"),
    N_("expected %s arguments"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""argparse's messages (Python 3.11), marked for the catalogs."""

_TEXTS: contextvars.ContextVar[Texts | None] = contextvars.ContextVar("cli_texts", default=None)


def _current() -> Texts:
    return _TEXTS.get() or texts("en")


def say(message: str, /, **params: Any) -> str:
    """``message`` (English, marked with ``N_`` where written) in the command
    line's language, with ``params`` filled in."""
    return _current()._(message, **params)


def say_count(message: tuple[str, str], n: int, /, **params: Any) -> str:
    """A message with plural forms (marked with ``NN_``) in the command line's
    language, the form that fits ``n`` (also ``{n}`` in it)."""
    return _current().n_(*message, n, **params)


def _fill(text: str) -> str:
    if "{" not in text:
        return text
    from ludoteca.bots import LEVELS
    from ludoteca.registry import GAMES

    return text.format(levels=", ".join(LEVELS), games=", ".join(GAMES))


def _gettext(message: str) -> str:
    return _current().translations.gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return _gettext(singular if n == 1 else plural)


@contextlib.contextmanager
def language(lang: str | None) -> Iterator[Texts]:
    """Within: the command line speaks ``lang`` (``pt`` or ``en``; ``None``, the
    system's), argparse's own messages included."""
    tx = texts(normalize_lang(lang) if lang else default_lang())
    token = _TEXTS.set(tx)
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = _gettext  # type: ignore[attr-defined]
    argparse.ngettext = _ngettext  # type: ignore[attr-defined]
    try:
        yield tx
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
        _TEXTS.reset(token)


def lang_of(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language a command line asks for: its ``--lang`` (anywhere), else the
    locale's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word.startswith("--lang="):
            return normalize_lang(word.partition("=")[2])
        if word == "--lang" and i + 1 < len(argv):
            return normalize_lang(argv[i + 1])
    return default_lang(environ)


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, saying the help texts in the command line's language."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help
        return _fill(_gettext(text)) if text else text

    def _format_text(self, text: str) -> str:
        return super()._format_text(_fill(_gettext(text)))


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` with :class:`HelpFormatter`, and subparsers of its kind."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> Any:
        kwargs.setdefault("parser_class", Parser)
        return super().add_subparsers(**kwargs)
