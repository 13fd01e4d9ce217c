"""The command line: help on every argument, in Portuguese and English, errors
in the same language, every report naming its game, quiet when its reader stops."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from ludoteca.cli import build_parser, main
from ludoteca.i18n import texts
from ludoteca.i18n.cli import language


def parsers(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    """The parser and each subcommand's, with their names."""
    out = [(parser.prog, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for sub in action.choices.values():
                if id(sub) not in seen:
                    seen.add(id(sub))
                    out += parsers(sub)
    return out


def test_every_argument_of_every_command_has_its_help_in_both_languages() -> None:
    with language("en"):
        found = parsers(build_parser())
    names = {name for name, _ in found}
    assert {"ludoteca arena", "ludoteca bot", "ludoteca serve", "ludoteca play"} <= names
    pt = texts("pt")
    for name, parser in found:
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"{name}: {action.dest} has no help"
            if isinstance(action, argparse._SubParsersAction):
                continue
            said = pt.translations.gettext(action.help)
            assert said != action.help, f"{name}: {action.dest}'s help is not in Portuguese"


@pytest.mark.parametrize("command", ["arena", "bot", "serve", "play", "learn", "analyse", "replay"])
def test_help_is_in_the_language_asked_for(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("uso: ludoteca") and "mostra esta ajuda e sai" in out
    assert "show this help" not in out
    with pytest.raises(SystemExit):
        main(["--lang", "en", command, "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: ludoteca") and "show this help message and exit" in out


def test_errors_are_in_the_language_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "pt", "arena"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "ludoteca arena: erro: os seguintes argumentos são obrigatórios: game, --bots" in err
    with pytest.raises(SystemExit):
        main(["arena", "chess", "--bots", "random,random", "--lang=pt"])
    assert "escolha inválida: 'chess'" in capsys.readouterr().err
    assert main(["arena", "bingo", "--bots", "random,random", "--seats", "a", "--lang", "pt"]) == 2
    assert "--seats é uma lista de posições" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--lang", "en", "arena"])
    assert "the following arguments are required: game, --bots" in capsys.readouterr().err


def test_a_seat_count_that_does_not_match_the_bots_is_refused_or_made_explicit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    common = ["arena", "cavaleiro", "--bots", "greedy,random", "-o", "players=3", "--games", "3"]
    assert main(common) == 2
    err = capsys.readouterr().err
    assert "3 sides, and 2 bots were given" in err and "--seats 1,2,2" in err
    assert main([*common, "--seats", "1,2,2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seats"] == [0, 1, 1]
    assert [s["games"] for s in data["standings"]] == [3, 6]


@pytest.mark.parametrize("game", ["texas42", "bingo"])
def test_every_report_names_its_game(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    title = ludoteca.game_class(game).title
    record = tmp_path / "game.json"
    assert main(["selfplay", game, "--seed", "3", "--out", str(record)]) == 0
    assert capsys.readouterr().out.startswith(title)
    assert main(["replay", str(record)]) == 0
    assert capsys.readouterr().out.startswith(title)
    assert main(["arena", game, "--bots", "random,random", "--games", "2"]) == 0
    assert capsys.readouterr().out.startswith(f"{title}: 2 games")
    assert main(["games"]) == 0
    assert f"{game}: {title}" in capsys.readouterr().out


def test_off_a_terminal_the_arena_says_its_progress_in_plain_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "bingo", "--bots", "random,greedy", "--games", "4"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines[-1].startswith("Bingo: 4/4 games  random ")
    assert all(re.match(r"Bingo: \d/4 games  random \d+%  greedy \d+%$", line) for line in lines)


def record_file(tmp_path: Path) -> Path:
    game = ludoteca.new_game("bingo", seed=2)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    path = tmp_path / "bingo.json"
    ludoteca.save_record(game, path)
    return path


COMMANDS: list[list[str]] = [
    ["--help"],
    ["games"],
    ["selfplay", "texas42", "--seed", "1", "--json"],
    ["replay", "{record}", "--json"],
    ["arena", "bingo", "--bots", "random,random", "--games", "2", "--json"],
    ["analyse", "{record}", "--json", "--budget", "0.01"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_a_reader_that_stops_ends_the_command_quietly(command: list[str], tmp_path: Path) -> None:
    record = str(record_file(tmp_path))
    words = [w.replace("{record}", record) for w in command]
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ludoteca", *words],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
        )
    finally:
        os.close(write)
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr
    assert done.returncode in (0, 1)


def test_the_language_comes_from_lang_or_the_locale(monkeypatch: Any) -> None:
    from ludoteca.i18n.cli import lang_of

    assert lang_of(["play", "bingo", "--lang", "pt"], {}) == "pt"
    assert lang_of(["--lang=en"], {"LANG": "pt_BR.UTF-8"}) == "en"
    assert lang_of(["games"], {"LC_ALL": "pt_PT.UTF-8", "LANG": "en_US"}) == "pt"
    assert lang_of(["games"], {"LC_MESSAGES": "C"}) == "en"
    assert lang_of(["play", "--", "--lang", "pt"], {}) == "en"


def test_argparse_messages_keep_their_placeholders_in_portuguese() -> None:
    from ludoteca.i18n.cli import ARGPARSE_MESSAGES

    pt = texts("pt")
    placeholder = re.compile(r"%(?:\(\w+\))?[sr]")
    for message in ARGPARSE_MESSAGES:
        said = pt.translations.gettext(message)
        assert said != message, message
        assert sorted(placeholder.findall(said)) == sorted(placeholder.findall(message)), said
