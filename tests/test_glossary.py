"""The one voice: every message written once, each game in its glossary's words,
every count with its plural forms.

The glossaries are the tables of ``docs/games/*-glossary.md`` (and the shared
screens' in ``docs/games/glossary.md``): for each thing its word, and the words a
text must never use for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from ludoteca.i18n import catalog, texts
from ludoteca.i18n.catalogs import extract
from ludoteca.registry import GAMES

DOCS = Path(__file__).resolve().parent.parent / "docs" / "games"

CONTEXT_GAMES = {
    "Texas 42": "texas42",
    "Five-Up": "fiveup",
    "Bingo": "bingo",
    "Cavaleiro": "cavaleiro",
}


def glossary(name: str) -> list[dict[str, str]]:
    """The rows of a glossary's table, by column."""
    path = DOCS / ("glossary.md" if name == "shared" else f"{name}-glossary.md")
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("|")]
    head = [c.strip() for c in rows[0].strip("|").split("|")]
    return [
        dict(zip(head, (c.strip() for c in row.strip("|").split("|")), strict=True))
        for row in rows[2:]
    ]


def never(name: str, lang: str) -> set[str]:
    """The words a text of ``name`` (a game, or ``shared``) must never use."""
    column = "never (pt-BR)" if lang == "pt" else "never (en)"
    out: set[str] = set()
    for row in glossary(name):
        out |= {w.strip() for w in row[column].split(",") if w.strip()}
    return out


def game_of(message: Message) -> str:
    """The game whose words a message uses (``shared`` for the apps' own)."""
    context = message.context or ""
    if context in GAMES:
        return context
    return next((g for prefix, g in CONTEXT_GAMES.items() if context.startswith(prefix)), "shared")


def strings(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def messages(cat: Catalog) -> Iterator[Message]:
    return (m for m in cat if m.id)


@pytest.mark.parametrize("name", [*GAMES, "shared"])
def test_every_glossary_gives_one_word_per_thing(name: str) -> None:
    rows = glossary(name)
    assert len(rows) >= 8
    for lang, column in (("pt", "pt-BR"), ("en", "English")):
        words = [r[column].split(" / ")[0] for r in rows]
        repeated = {w for w in words if words.count(w) > 1}
        assert not repeated, f"{name}: one word for two things in {lang}: {repeated}"
        assert not {w.split()[0] for w in words} & never(name, lang) - {"—"}


def test_every_message_is_written_in_one_place() -> None:
    """No message is said both by the Python and by a page script, nor by two modules:
    a word said by several apps lives in ludoteca.i18n (its ``ui`` table for the apps'
    own words), and the others ask for it there."""
    twice = {
        (m.context, m.id if isinstance(m.id, str) else m.id[0]): sorted({f for f, _ in m.locations})
        for m in messages(extract())
        if len({f for f, _ in m.locations}) > 1
    }
    assert not twice, twice


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_each_game_speaks_its_own_words(lang: str) -> None:
    """A message of a game (its context) uses none of the words that game's glossary
    forbids; a message of every game's screens, none of the shared glossary's."""
    wrong = []
    for message in messages(catalog(lang)):
        name = game_of(message)
        banned = never(name, lang)
        for text in strings(message):
            found = {
                w for w in banned if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I)
            }
            if found:
                wrong.append((name, message.context, text, sorted(found)))
    assert not wrong, "\n".join(map(repr, wrong))


COUNTED = re.compile(r"\{(\w+)\} (\w+)")
NOT_COUNTS = {
    "name",
    "side",
    "closer",
    "other",
    "level",
    "fallback",
    "bid",
    "tile",
    "up",
    "led",
    "number",
}
"""Placeholders that name a thing, not a number of them."""
NOUNS = {
    "pt": {
        w
        for name in [*GAMES, "shared"]
        for row in glossary(name)
        for w in re.split(r" / | ", row["pt-BR"])
    },
    "en": {
        w
        for name in [*GAMES, "shared"]
        for row in glossary(name)
        for w in re.split(r" / | ", row["English"])
    },
}


def plural_pairs(lang: str) -> dict[str, str]:
    """Each countable noun of the glossaries: its singular and plural (``vaza``: ``vazas``)."""
    column = "pt-BR" if lang == "pt" else "English"
    out = {}
    for name in [*GAMES, "shared"]:
        for row in glossary(name):
            if " / " in row[column]:
                one, many = (w.strip() for w in row[column].split(" / "))
                if " " not in one and " " not in many:
                    out[one] = many
    return out


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_count_is_said_with_its_plural_forms(lang: str) -> None:
    """A message that counts a glossary's thing with a number ({n} vazas) has plural
    forms, and each form agrees with 0, 1, 2 and 1000."""
    pairs = plural_pairs(lang)
    singular, plural = set(pairs), set(pairs.values())
    tx = texts(lang)
    wrong = []
    for message in messages(catalog(lang)):
        if isinstance(message.id, tuple | list):
            for n in (0, 1, 2, 1000):
                forms = strings(message)
                text = forms[0] if (n == 1) else forms[-1]
                said = text.replace("{n}", tx.number(n))
                for _number, noun in re.findall(r"(\d[\d.,]*) (\w+)", said):
                    if (n == 1 and noun in plural) or (n != 1 and noun in singular):
                        wrong.append((message.id[0], n, said))
        else:
            for name, noun in COUNTED.findall(message.string or ""):
                if name not in NOT_COUNTS and (noun in singular or noun in plural):
                    wrong.append((message.id, "a count without plural forms", message.string))
    assert not wrong, "\n".join(map(repr, wrong))


SAYING = {"_", "n_", "p_", "np_", "g_", "ng_", "N_", "NN_", "NP_", "NNP_", "NG_"}


def test_no_message_hides_in_an_f_string() -> None:
    """Babel does not read f-strings: a message written inside one would never reach the
    catalogs, and would show in English on every screen."""
    import ast

    hidden = []
    for path in sorted((Path(__file__).resolve().parent.parent / "src").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call):
                    func = inner.func
                    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                    literal = any(
                        isinstance(a, ast.Constant) and isinstance(a.value, str) for a in inner.args
                    )
                    if name in SAYING and literal:
                        hidden.append(f"{path.name}:{inner.lineno}")
    assert not hidden, hidden
