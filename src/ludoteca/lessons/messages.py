"""The lessons' texts, by message code.

A course names its texts by code (``t42.following.only_one``); each code is
an English message here, marked for the catalogs, and said in the learner's
language from them (the Portuguese in the seeds' own words: "família",
"vaza", "duplo", "monte", "dobre", "reserva", "palitos"). Tiles are written
as the articles write them, ``[4-5]``, and drawn as tiles by the pages.

>>> say("t42.trumps.title", "pt")
'Famílias e trunfos'
"""

from __future__ import annotations

from ludoteca.i18n import texts

from .texts import bingo, cavaleiro, fiveup, texas42

__all__ = ["MESSAGES", "say"]

MESSAGES: dict[str, str] = {
    **texas42.MESSAGES,
    **fiveup.MESSAGES,
    **bingo.MESSAGES,
    **cavaleiro.MESSAGES,
}
"""Every lesson text, by code: an English message marked for the catalogs."""


GAME_OF_CODE = {"t42": "texas42", "five": "fiveup", "bingo": "bingo", "cav": "cavaleiro"}
"""The game of a lesson text, by its code's first part (the catalogs keep each game's
texts in its context, in its glossary's words)."""


def say(code: str, lang: str) -> str:
    """The text of ``code`` in ``lang``."""
    try:
        message = MESSAGES[code]
    except KeyError:
        raise KeyError(f"no lesson text has the code {code!r}") from None
    return texts(lang).p_(GAME_OF_CODE[code.split(".")[0]], message)
