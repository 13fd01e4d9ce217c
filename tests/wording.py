"""What a player's text never shows: notation and program text (in either language), and
English words (in Portuguese). Shared by the tests of the texts and of the pages."""

from __future__ import annotations

import re

CODE = [
    r"`",  # code: an identifier or a move as written in a record
    r"_",  # an option's name (blanks_as_seven, later_lead …)
]
"""Program text as Markdown or a program writes it."""

NOTATION = [
    r"\bplay \d-\d (show|on \d-\d)\b",
    r"\bbid \d+\b",
    r"\bbid \d marks\b",
    r"\btrump (\d|doubles|follow-me)\b",
    r"\btake (up|hidden)\b",
    r"\bremove (horizontals?|block \d|\d from column)\b",
    r"\broll( \d){4}\b",
    r"(?i)\b([\w-]+)\W{0,2} \(\1\)",  # a name doubled by its identifier: "Plunge (plunge)"
]
"""Moves as the notation writes them (the forms that are no English sentence)."""

ENGLISH = (
    "play bid pass passed trump draw close take remove roll show hidden up marks mark points "
    "point trick tricks hand hands stock tile tiles double doubles follow-me nello sevens layout "
    "players target scoring winner clockwise redeal forced spinner dealer lead leads the and of "
    "to with key keys hint undo save quit language browser match round block column figure"
).split()
"""English words a Portuguese text never uses (the names of keys such as Enter and Tab,
the games' names and the contracts Plunge and Splash are the same in both languages)."""


def notation_in(text: str, code: bool = True) -> list[str]:
    """The notation (and, with ``code``, the program text) found in ``text``, with some
    of what surrounds it."""
    found = []
    for pattern in (CODE if code else []) + NOTATION:
        m = re.search(pattern, text)
        if m:
            found.append(text[max(0, m.start() - 30) : m.end() + 30])
    return found


def english_in(text: str) -> list[str]:
    """The English words found in a Portuguese ``text``."""
    return sorted({w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)})
