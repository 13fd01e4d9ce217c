"""The pages' scripts parse: a syntax error in one would blank every page that loads it;
and none of them reads move notation (the server sends every move parsed)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

import ludoteca

STATIC = Path(ludoteca.__file__).resolve().parent / "web" / "static"
SCRIPTS = sorted(STATIC.glob("*.js"))


def _node() -> Path:
    """The Node.js that Playwright ships (the browser tests need it anyway)."""
    import playwright

    return Path(playwright.__file__).resolve().parent / "driver" / "node"


def test_there_are_scripts() -> None:
    assert len(SCRIPTS) >= 5, SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_each_script_parses(script: Path) -> None:
    done = subprocess.run(
        [str(_node()), "--check", str(script)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------- no notation in the pages

MOVE_TEXT = re.compile(
    r"\b(?:play|remove|bid|trump|take|draw|deal|roll)\s+(?:\d|$)"
    r"|\bremove (?:horizontal|block)|from column|\btake (?:up|hidden)|\btrump (?:doubles|follow)"
)
"""A fragment of a move written in notation: its first word before a number or a
part to be added (``"play " + tile``), or its words (``" from column "``); a CSS
class such as ``"play pos-top"`` is not one."""
I18N_CALLS = {"_", "n_", "p_"}
"""The gettext calls, whose messages are sentences, not notation."""
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {"return", "typeof", "case", ""}


def _is_word_char(c: str) -> bool:
    """Whether ``c`` may be part of a name or a number."""
    return c.isalnum() or c in "_$"


def _comment_end(source: str, i: int) -> int:
    """Where the comment that starts at ``i`` (``//`` or ``/*``) ends."""
    if source.startswith("//", i):
        end = source.find("\n", i)
        return len(source) if end < 0 else end
    return source.index("*/", i + 2) + 2


def _string_close(source: str, i: int) -> int:
    """The index of the quote that closes the string literal opened at ``i``."""
    quote, j = source[i], i + 1
    while source[j] != quote:
        j += 2 if source[j] == "\\" else 1
    return j


def _regex_close(source: str, i: int) -> int:
    """The index of the slash that closes the regular-expression literal opened at ``i``
    (a slash inside a ``[…]`` class does not)."""
    j, in_class = i + 1, False
    while in_class or source[j] != "/":
        if source[j] == "\\":
            j += 1
        elif source[j] == "[":
            in_class = True
        elif source[j] == "]":
            in_class = False
        j += 1
    return j


def _after_letters(source: str, i: int) -> int:
    """The index after the letters starting at ``i`` (a regular expression's flags)."""
    while i < len(source) and source[i].isalpha():
        i += 1
    return i


def _word_end(source: str, i: int) -> int:
    """The index after the name or number starting at ``i``."""
    while i < len(source) and _is_word_char(source[i]):
        i += 1
    return i


def _tokens(source: str) -> Iterator[tuple[str, str, bool]]:
    """The string literals and regular-expression literals of a script, in order:
    ``(kind, text, said)`` with kind ``string`` or ``regex``; ``said`` tells a
    string given to a gettext call. Comments are skipped; a template literal is a
    string (its ``${…}`` parts are not looked into)."""
    i, n = 0, len(source)
    previous = ""  # the last significant token (for telling a regex from a division)
    calls: list[bool] = []  # the open parentheses: whether each is a gettext call's
    word = ""
    while i < n:
        c = source[i]
        if source.startswith(("//", "/*"), i):
            i = _comment_end(source, i)
        elif c in "\"'`":
            j = _string_close(source, i)
            yield "string", source[i + 1 : j], bool(calls) and calls[-1]
            previous, i = "string", j + 1
        elif c == "/" and previous in REGEX_AFTER:
            j = _regex_close(source, i)
            yield "regex", source[i + 1 : j], False
            previous, i = "regex", _after_letters(source, j + 1)
        elif _is_word_char(c):
            j = _word_end(source, i)
            word = source[i:j]
            previous, i = word, j
        elif c.isspace():
            i += 1
        else:
            if c == "(":
                calls.append(previous == word and word in I18N_CALLS)
            elif c == ")" and calls:
                calls.pop()
            previous, i = c, i + 1


def notation_read(source: str) -> list[str]:
    """Where a script reads or writes move notation: a regular expression that
    matches words (notation, where tiles are ``\\d-\\d``), a string that is part of a
    move's text (outside the gettext messages), or text split into words."""
    found = []
    for kind, text, said in _tokens(source):
        if kind == "regex" and re.search(r"[A-Za-z]", re.sub(r"\\.", "", text)):
            found.append(f"/{text}/")
        elif kind == "string" and not said and MOVE_TEXT.search(text):
            found.append(repr(text))
    found += re.findall(r"\.split\((?:\"\s+\"|'\s+'|/\\s\+?/)\)", source)
    return found


def test_the_notation_check_finds_what_the_scripts_used_to_do() -> None:
    """Each way the pages once read or wrote notation is found; what they do now is not."""
    old = [
        "const mt = /^play (\\d-\\d)\\b/.exec(mv);",
        "let mt = /^remove (\\d+) from column (\\d+)$/.exec(move);",
        'return v.legal_moves.filter((mv) => mv.endsWith(" from column " + s.column));',
        'if (move === "remove horizontals") return [];',
        'const words = String(bid || "").split(/\\s+/);',
        'const m = /^trump ([0-6])$/.exec(contract || "");',
        "if (!on) { const on = /on (\\d-\\d)$/.exec(mv); }",
        '} else ctx.move("play " + key);',
    ]
    for line in old:
        assert notation_read(line), line
    now = [
        "const m = /^(\\d)-(\\d)$/.exec(String(text).trim());",
        'if (p && p.kind === "play" && p.tiles.length) x = a / b / c;',
        'h("p", {}, _("{name} removed {n} sticks from column {column}", { n }));',
        'p_("removal", "1 or 2 verticals of one column"); if (/^[1-9]$/.test(k)) {}',
        "const re = /\\[(\\d)-(\\d)\\]/g; // play 6-4 in a comment",
    ]
    for line in now:
        assert not notation_read(line), line


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_no_script_reads_notation(script: Path) -> None:
    """The pages read moves in the parsed form the server sends (``moves``, ``tries``):
    nothing in them matches, tests or builds a move's text (a tile's ``6-4`` aside)."""
    assert notation_read(script.read_text(encoding="utf-8")) == []
