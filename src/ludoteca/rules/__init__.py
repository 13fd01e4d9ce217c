"""The rules of each game, written for the project, in Portuguese (Brazil) and English.

The texts are Markdown files shipped with the package, ``<game>.<lang>.md``;
the terminal app and the web app show the same files.

>>> text("chess", "en")
Traceback (most recent call last):
...
ValueError: there is no game called 'chess'; the games are: texas42, fiveup, bingo, cavaleiro
"""

from __future__ import annotations

from importlib import resources

from ludoteca.i18n import normalize_lang
from ludoteca.registry import GAMES

__all__ = ["available", "text"]


def text(game: str, lang: str) -> str:
    """The rules of ``game`` in ``lang`` (``pt`` or ``en``; locale tags accepted), as Markdown.

    ``ValueError`` for a game Ludoteca does not know; ``FileNotFoundError`` if
    the rules of a known game are not written yet.
    """
    if game not in GAMES:
        raise ValueError(f"there is no game called {game!r}; the games are: {', '.join(GAMES)}")
    name = f"{game}.{normalize_lang(lang)}.md"
    path = resources.files(__name__).joinpath(name)
    if not path.is_file():
        raise FileNotFoundError(
            f"the rules of {game} in {normalize_lang(lang)} are not written yet"
        )
    return path.read_text(encoding="utf-8")


def available() -> list[tuple[str, str]]:
    """The (game, language) pairs whose rules are written."""
    out = []
    for game in GAMES:
        for lang in ("pt", "en"):
            if resources.files(__name__).joinpath(f"{game}.{lang}.md").is_file():
                out.append((game, lang))
    return out
