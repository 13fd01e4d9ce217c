"""Texts for people, in Portuguese (Brazil) and English.

Every text a player reads (in the terminal app and in the web app) comes from
one catalogue: ``t(key, lang, **params)`` fills a message's ``{params}``.
Moves keep their notation in records and logs; :func:`describe_move` says a
move in words.

>>> t("ui.your_turn", "pt", name="Ana")
'Sua vez, Ana'
>>> t("ui.your_turn", "en", name="Ana")
'Your turn, Ana'
>>> describe_move("texas42", "bid 84", "pt")
'lance de 84 (2 marcas)'
>>> normalize_lang("pt_BR.UTF-8"), normalize_lang("en-US")
('pt', 'en')
"""

from __future__ import annotations

import os
import string
from collections.abc import Mapping

from .catalog import MESSAGES
from .moves import describe_move

__all__ = [
    "LANGS",
    "MESSAGES",
    "catalog",
    "default_lang",
    "describe_move",
    "normalize_lang",
    "params_of",
    "t",
    "translate_hint",
    "translate_reason",
]

LANGS: tuple[str, ...] = ("pt", "en")
"""The languages: ``pt`` is Portuguese (Brazil), ``en`` English."""


def normalize_lang(value: str | None) -> str:
    """``pt`` for any Portuguese locale or tag, ``en`` for anything else."""
    if value and value.strip().lower().replace("-", "_").startswith("pt"):
        return "pt"
    return "en"


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language from the system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``).

    >>> default_lang({"LANG": "pt_BR.UTF-8"}), default_lang({"LC_ALL": "C"})
    ('pt', 'en')
    """
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return normalize_lang(value)
    return "en"


def t(key: str, lang: str, /, **params: object) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in.

    An unknown key raises ``KeyError``; a language other than ``pt`` reads as English.
    """
    entry = MESSAGES[key]
    text = entry["pt"] if lang == "pt" else entry["en"]
    return text.format(**params) if params else text


def params_of(text: str) -> set[str]:
    """The names of the ``{params}`` a message uses."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def catalog(lang: str) -> dict[str, str]:
    """Every message in ``lang``, as a plain dict (for a web page's script)."""
    code = "pt" if lang == "pt" else "en"
    return {key: entry[code] for key, entry in MESSAGES.items()}


# after ``t``: the reason rules use it
from .reasons import translate_hint, translate_reason  # noqa: E402
