"""Texts for people, in Portuguese (Brazil) and English, from gettext catalogs.

Every text a player reads (the terminal app, the web app and its scripts, the
analysis) is a message of the ``ludoteca`` gettext domain, written in English
in the code and translated in ``ludoteca/locale/<locale>/LC_MESSAGES/ludoteca.po``
(read when first needed). :func:`texts` gives one language's translator: ``_``
for a message, ``n_`` for a message with plural forms, ``p_`` and ``np_`` for
the same with a context that tells two uses of one English text apart. Messages
fill ``{params}``; numbers among them are written the language's way.

>>> pt, en = texts("pt"), texts("en")
>>> pt._("Your turn, {name}", name="Ana"), en._("Your turn, {name}", name="Ana")
('Sua vez, Ana', 'Your turn, Ana')
>>> pt.n_("{n} tile", "{n} tiles", 1), pt.n_("{n} tile", "{n} tiles", 1000)
('1 pedra', '1.000 pedras')
>>> pt.decimal(17.227), en.decimal(17.227), pt.percent(0.85)
('17,2', '17.2', '85%')
>>> normalize_lang("pt_BR.UTF-8"), normalize_lang("en-US")
('pt', 'en')
"""

from __future__ import annotations

import functools
import io
import os
from collections.abc import Callable, Iterable, Mapping
from numbers import Real
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent, parse_decimal
from babel.support import Translations

__all__ = [
    "DOMAIN",
    "LANGS",
    "LOCALES",
    "LOCALE_DIR",
    "NG_",
    "NNP_",
    "NN_",
    "NP_",
    "N_",
    "Texts",
    "catalog",
    "default_lang",
    "normalize_lang",
    "texts",
]

LANGS: tuple[str, ...] = ("pt", "en")
"""The languages: ``pt`` is Portuguese (Brazil), ``en`` English."""

LOCALES: dict[str, str] = {"pt": "pt_BR", "en": "en"}
"""Each language's locale (the catalog's folder name)."""

DOMAIN = "ludoteca"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (translate it where used)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` with its ``context`` for the catalogs (translate with ``p_``)."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with plural forms for the catalogs (translate with ``n_``)."""
    return singular, plural


def NNP_(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Mark a message with plural forms and its ``context`` for the catalogs: all three,
    to translate with ``np_(*marked, n)``."""
    return context, singular, plural


def NG_(message: str) -> str:
    """Mark ``message`` as said in a game's own words (translate with
    :meth:`~ludoteca.i18n.voice.Voice.g_`: the catalogs keep it once per game)."""
    return message


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


def po_path(lang: str) -> Path:
    """The ``.po`` file of ``lang``."""
    return LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def catalog(lang: str) -> Catalog:
    """The catalog of ``lang`` as Babel reads it from its ``.po`` file."""
    with po_path(normalize_lang(lang)).open("rb") as f:
        return read_po(f, locale=LOCALES[normalize_lang(lang)], domain=DOMAIN)


KEPT_TEXTS = 50_000
"""How many filled messages a language keeps, at most, before it starts afresh."""


class Texts:
    """One language's messages and its way of writing numbers."""

    def __init__(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.locale = Locale.parse(LOCALES[self.lang])
        buffer = io.BytesIO()
        write_mo(buffer, catalog(self.lang))
        buffer.seek(0)
        self.translations = Translations(buffer, domain=DOMAIN)
        self._kept: dict[tuple[Any, ...], str] = {}

    def __repr__(self) -> str:
        return f"texts({self.lang!r})"

    # ------------------------------------------------------------ messages

    def _(self, message: str, /, **params: Any) -> str:
        """``message`` in this language, with ``params`` filled in."""
        key = ("_", message, *params.items())
        return self._said(key, lambda: self._fill(self.translations.gettext(message), params))

    def n_(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """The form of the message that fits the number ``n`` (also ``{n}`` in it)."""
        key = ("n", singular, plural, n, *params.items())
        return self._said(
            key,
            lambda: self._fill(self.translations.ngettext(singular, plural, n), {"n": n, **params}),
        )

    def p_(self, context: str, message: str, /, **params: Any) -> str:
        """``message`` as said in ``context``."""
        key = ("p", context, message, *params.items())
        return self._said(
            key, lambda: self._fill(str(self.translations.pgettext(context, message)), params)
        )

    def np_(self, context: str, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """``n_`` with a context."""
        key = ("np", context, singular, plural, n, *params.items())
        return self._said(
            key,
            lambda: self._fill(
                self.translations.npgettext(context, singular, plural, n), {"n": n, **params}
            ),
        )

    def _said(self, key: tuple[Any, ...], say: Callable[[], str]) -> str:
        """The text ``say`` makes, kept by ``key`` (the message and its parameters):
        a table's screen says the same few hundred sentences after every move."""
        said = self._kept
        try:
            return said[key]
        except KeyError:
            text = said[key] = say()
        except TypeError:  # a parameter that cannot be kept by (a list): said each time
            return say()
        if len(said) > KEPT_TEXTS:
            said.clear()
            said[key] = text
        return text

    def _fill(self, text: str, params: Mapping[str, Any]) -> str:
        if not params:
            return text
        return text.format(**{k: self.value(v) for k, v in params.items()})

    # ------------------------------------------------------------- numbers

    def value(self, value: Any) -> Any:
        """A message parameter as written: numbers the language's way, the rest as is."""
        if isinstance(value, bool) or not isinstance(value, Real):
            return value
        if isinstance(value, int):
            return self.number(value)
        return format_decimal(float(value), locale=self.locale)

    def number(self, value: int) -> str:
        """A whole number: ``1.000`` in Portuguese, ``1,000`` in English."""
        return _whole_number(self.lang, value)

    def count(self, written: str) -> int:
        """The whole number to give ``n_`` or ``np_`` for a number ``written`` as
        :meth:`decimal` wrote it (a sign before it aside): the number itself when it is
        whole, so that the catalog's rule decides ("0 pontos", "1 ponto"); for a decimal,
        a whole number of the plural category CLDR gives that decimal in this language
        (gettext's rule takes whole numbers only).

        >>> pt, en = texts("pt"), texts("en")
        >>> [pt.count(pt.decimal(v)) for v in (0.8, 1.5, 2.0, 2.5, 0)]
        [1, 1, 2, 2, 0]
        >>> [en.count(en.decimal(v)) for v in (0.8, 1.0, 1.5, 12.25)]
        [2, 1, 2, 2]
        """
        number = parse_decimal(written.strip().lstrip("+-\u2212"), locale=self.locale)
        if number == number.to_integral_value():
            return int(number)
        return _whole_of_category(self.lang, self.locale.plural_form(number))

    def decimal(self, value: float, digits: int = 1, *, sign: bool = False) -> str:
        """``value`` with ``digits`` decimals at most: ``17,2`` in Portuguese."""
        pattern = "#,##0" + ("." + "#" * digits if digits else "")
        text = format_decimal(
            value, format=("+" + pattern + ";-" + pattern) if sign else pattern, locale=self.locale
        )
        return text

    def percent(self, value: float, digits: int = 0) -> str:
        """A share (``0.85``) as a percentage: ``85%``."""
        pattern = "#,##0" + ("." + "#" * digits if digits else "") + "%"
        return format_percent(value, format=pattern, locale=self.locale)

    def join(self, items: Iterable[str]) -> str:
        """``a, b e c``: a list the language's way."""
        return format_list(list(items), locale=self.locale)


@functools.cache
def _whole_of_category(lang: str, category: str) -> int:
    """The smallest whole number from 1 of the CLDR plural ``category`` in ``lang``."""
    locale = Locale.parse(LOCALES[lang])
    return next((n for n in range(1, 1000) if locale.plural_form(n) == category), 2)


@functools.lru_cache(maxsize=8192)
def _whole_number(lang: str, value: int) -> str:
    """A whole number written the language's way (kept: tables say the same numbers
    again and again, and Babel's formatting is slow)."""
    return format_decimal(value, locale=Locale.parse(LOCALES[lang]))


@functools.cache
def texts(lang: str | None) -> Texts:
    """The translator of ``lang`` (``pt`` or ``en``; anything else reads as English)."""
    return Texts(normalize_lang(lang))
