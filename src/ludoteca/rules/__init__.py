"""The rules of each game, written for players, in Portuguese (Brazil) and English.

The texts are Markdown files shipped with the package, ``<game>.<lang>.md``;
the terminal app and the web app show the same files. They say the rules in the
game's own words (``docs/games/<game>-glossary.md``) and name the table options
as the lobby does. Two kinds of lines are Markdown link definitions, which no
renderer shows:

- ``[diagram]: <> (SPEC)``: a diagram drawn from the engine on the web page
  (:mod:`ludoteca.web.learn`);
- ``[keys]: <> (app)``: where the app showing the rules says how to play in it,
  its controls and keys (:data:`KEYS`, said through the gettext catalogs), so that
  each app's page names only the keys that work there.

>>> web, terminal = text("bingo", "en", app="web"), text("bingo", "en", app="terminal")
>>> "In the browser" in web, "In the browser" in terminal, "[keys]" in text("bingo", "en")
(True, False, False)
>>> text("chess", "en")
Traceback (most recent call last):
...
ValueError: there is no game called 'chess'; the games are: texas42, fiveup, bingo, cavaleiro
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Literal

from ludoteca.i18n import N_, NP_, normalize_lang, texts
from ludoteca.registry import GAMES

__all__ = ["APPS", "KEYS", "KEYS_MARK", "App", "available", "keys", "text"]

App = Literal["web", "terminal"]
APPS: tuple[App, ...] = ("web", "terminal")

KEYS_MARK = re.compile(r"^\[keys\]: <> \(app\)[ \t]*$", re.MULTILINE)
"""Where a rules text says how to play in the app showing it."""

_WEB_TEXAS42 = NP_(
    "texas42",
    "In the browser, tap or click a tile of your hand to play it; the other moves (a bid, a pass, "
    "a trump) are buttons. With a keyboard, **Tab** and the **←/→** arrows go through your tiles "
    "and **Enter** plays the one you are on; **1** to **9** press the move buttons, **h** asks for "
    "a hint, **c** goes on after the end of a hand, and **?** shows every key.",
)
_WEB_FIVEUP = NP_(
    "fiveup",
    "In the browser, tap or click a tile of your hand to play it; the other moves (drawing from "
    "the stock, passing) are buttons, and so are the places a tile may go when it fits in more "
    "than one. With a keyboard, **Tab** and the **←/→** arrows go through your tiles and "
    "**Enter** plays the one you are on; **1** to **9** press the move buttons, **h** asks for a "
    "hint, **c** goes on after the end of a hand, and **?** shows every key.",
)
_WEB_BINGO = NP_(
    "bingo",
    "In the browser, tap or click a tile of your hand to play it; the other moves (showing your "
    "doubles, closing the stock, taking one of the last two tiles) are buttons. With a keyboard, "
    "**Tab** and the **←/→** arrows go through your tiles and **Enter** plays the one you are on; "
    "**1** to **9** press the move buttons, **h** asks for a hint, **c** goes on after the end of "
    "a hand, and **?** shows every key.",
)
_WEB_CAVALEIRO = NP_(
    "cavaleiro",
    "In the browser, tap “Roll the dice” when it is your roll (or press **r**). When you win a "
    "round, tap a stick of your figure to remove it, or the button of the removal you want; when a "
    "stick allows several removals, buttons ask which. With a keyboard, **1** to **9** press the "
    "buttons, **h** asks for a hint and **?** shows every key.",
)
_WEB_UNDO = N_(
    "When every other seat is a bot, **u** (or the Undo button) takes back your last decision "
    "and the bots' moves after it."
)
_TERMINAL_TILES = N_(
    "In the terminal, pick a tile of your hand with **←/→** and play it with **Enter**, or click "
    "it; the other moves are in a numbered list: press a move's number (**1** to **9**), or go to "
    "it with **↑/↓** and press **Enter**."
)
_TERMINAL_CAVALEIRO = NP_(
    "cavaleiro",
    "In the terminal, when it is your roll, choose “Roll the dice” (press **1** or **Enter**); "
    "when you win a round, choose what to remove in the numbered list: press its number (**1** to "
    "**9**), or go to it with **↑/↓** and press **Enter**.",
)
_TERMINAL_FIVEUP = NP_(
    "fiveup",
    "When no tile of your hand fits, **d** (or the first move of the list) draws from the stock "
    "until one fits, or until no more may be drawn.",
)
_TERMINAL_KEYS = N_(
    "Other keys: **h** shows the expert's suggestions, **r** opens these rules, **u** takes back "
    "your last decision (only when every other seat is a bot), **s** saves the game, **l** "
    "switches between Português and English, **o** shows the moves in notation, **q** quits."
)

Said = tuple[str | None, str]
"""A message and its context (the game, for a message in its words; ``None``)."""

KEYS: dict[App, dict[str, tuple[Said, ...]]] = {
    "web": {
        "texas42": (("texas42", _WEB_TEXAS42), (None, _WEB_UNDO)),
        "fiveup": (("fiveup", _WEB_FIVEUP), (None, _WEB_UNDO)),
        "bingo": (("bingo", _WEB_BINGO), (None, _WEB_UNDO)),
        "cavaleiro": (("cavaleiro", _WEB_CAVALEIRO), (None, _WEB_UNDO)),
    },
    "terminal": {
        "texas42": ((None, _TERMINAL_TILES), (None, _TERMINAL_KEYS)),
        "fiveup": ((None, _TERMINAL_TILES), ("fiveup", _TERMINAL_FIVEUP), (None, _TERMINAL_KEYS)),
        "bingo": ((None, _TERMINAL_TILES), (None, _TERMINAL_KEYS)),
        "cavaleiro": (("cavaleiro", _TERMINAL_CAVALEIRO), (None, _TERMINAL_KEYS)),
    },
}
"""What each app says of its controls and keys on a game's rules page, paragraph by
paragraph: the messages and their contexts."""


def keys(game: str, lang: str, app: App) -> str:
    """How to play ``game`` in ``app``, its controls and keys (in bold), in ``lang``, as
    Markdown paragraphs."""
    tx = texts(lang)
    said = [tx.p_(ctx, message) if ctx else tx._(message) for ctx, message in KEYS[app][game]]
    return "\n\n".join(said)


def text(game: str, lang: str, app: App | None = None) -> str:
    """The rules of ``game`` in ``lang`` (``pt`` or ``en``; locale tags accepted), as Markdown.

    ``app`` (``"web"`` or ``"terminal"``) is the app showing them: the text says
    how to play in it, with its keys; without it, the text names no app's keys.
    ``ValueError`` for a game Ludoteca does not know; ``FileNotFoundError`` if
    the rules of a known game are not written yet.
    """
    if game not in GAMES:
        raise ValueError(f"there is no game called {game!r}; the games are: {', '.join(GAMES)}")
    if app is not None and app not in APPS:
        raise ValueError(f"there is no app called {app!r}; the apps are: {', '.join(APPS)}")
    name = f"{game}.{normalize_lang(lang)}.md"
    path = resources.files(__name__).joinpath(name)
    if not path.is_file():
        raise FileNotFoundError(
            f"the rules of {game} in {normalize_lang(lang)} are not written yet"
        )
    source = path.read_text(encoding="utf-8")
    said = keys(game, lang, app) if app is not None else ""
    return KEYS_MARK.sub(lambda _: said, source).rstrip("\n") + "\n"


def available() -> list[tuple[str, str]]:
    """The (game, language) pairs whose rules are written."""
    out = []
    for game in GAMES:
        for lang in ("pt", "en"):
            if resources.files(__name__).joinpath(f"{game}.{lang}.md").is_file():
                out.append((game, lang))
    return out
