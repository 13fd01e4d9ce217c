"""The ``ludoteca`` command.

Each subcommand lives in the module that implements it; this file only wires
them together, so ``ludoteca --help`` starts fast. The help and argparse's
messages are in the language of ``--lang`` (anywhere on the line) or of the
system's locale (:mod:`ludoteca.i18n.cli`). Output cut short by a reader that
stops (``ludoteca … | head``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .errors import IllegalMove, InvalidRecord
from .game import Game
from .i18n import N_
from .i18n.cli import GAME_OPTION, GAME_TO_PLAY, RECORD_FILE, Parser, lang_of, language
from .record import load_record, replay, save_record
from .registry import GAMES, load_target, new_game

__all__ = ["add_game_options", "add_seconds_option", "main", "parse_option_values"]

# subcommand -> "module:function" adding its parser (the function sets ``func``)
SUBCOMMANDS: dict[str, str] = {
    "replay": "ludoteca.cli:_add_replay",
    "selfplay": "ludoteca.cli:_add_selfplay",
    "games": "ludoteca.cli:_add_games",
    "arena": "ludoteca.arena:add_subcommand",
    "analyse": "ludoteca.analysis:add_subcommand",
    "play": "ludoteca.tui.cli:add_play",
    "learn": "ludoteca.tui.learn:add_subcommand",
    "serve": "ludoteca.web:add_serve_command",
    "bot": "ludoteca.protocol.engine:add_subcommand",
}


def parse_option_values(pairs: Sequence[str]) -> dict[str, Any]:
    """``["players=3", "exact_61=true"]`` → ``{"players": 3, "exact_61": True}``."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"an option is written name=value, not {pair!r}")
        low = raw.strip().lower()
        value: Any
        if low in ("true", "yes", "on"):
            value = True
        elif low in ("false", "no", "off"):
            value = False
        else:
            try:
                value = int(raw)
            except ValueError:
                value = raw.strip()
        out[key.strip()] = value
    return out


def _add_replay(sub: Any) -> None:
    p = sub.add_parser("replay", help=N_("check a game record and print its result"))
    p.add_argument("file", help=RECORD_FILE)
    p.add_argument("--json", action="store_true", help=N_("print the result as JSON"))
    p.set_defaults(func=_cmd_replay)


def _cmd_replay(args: argparse.Namespace) -> int:
    try:
        game = replay(load_record(args.file))
    except (IllegalMove, InvalidRecord, OSError) as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 1
    result = game.result()
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
    else:
        print(_describe_result(game, result))
    return 0


def _describe_result(game: Game, result: dict[str, Any]) -> str:
    sides = [" & ".join(game.names[s] for s in side) for side in result["sides"]]
    lines = [f"{game.title}, {len(game.moves)} moves"]
    for name, score in zip(sides, result["scores"], strict=True):
        lines.append(f"  {name}: {score}")
    if result["over"]:
        w = result["winner"]
        lines.append("  winner: " + (sides[w] if w is not None else "none"))
    else:
        lines.append("  the game is not over")
    return "\n".join(lines)


def add_game_options(parser: Any) -> None:
    """The ``-o NAME=VALUE`` argument of a command that makes games (read them with
    :func:`parse_option_values`)."""
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=GAME_OPTION,
    )


def add_seconds_option(parser: Any, flag: str, default: float | None, help: str) -> None:
    """An option ``flag`` of a command that takes a time: a number of seconds."""
    parser.add_argument(flag, type=float, default=default, metavar="SECONDS", help=help)


def _add_selfplay(sub: Any) -> None:
    p = sub.add_parser(
        "selfplay", help=N_("play a game of random legal moves and write its record")
    )
    p.add_argument("game", choices=list(GAMES), help=GAME_TO_PLAY)
    p.add_argument("--seed", type=int, default=None, help=N_("seed for chance and for the moves"))
    p.add_argument("--out", metavar="FILE", help=N_("write the record to this file"))
    add_game_options(p)
    p.add_argument("--json", action="store_true", help=N_("print the result as JSON"))
    p.set_defaults(func=_cmd_selfplay)


def _cmd_selfplay(args: argparse.Namespace) -> int:
    try:
        game = new_game(args.game, seed=args.seed, **parse_option_values(args.option))
    except ValueError as e:
        print(f"ludoteca selfplay: {e}", file=sys.stderr)
        return 2
    rng = random.Random(game.seed ^ 0x5EED)
    while not game.is_over:
        game.apply_action(rng.choice(game.legal_actions()))
    if args.out:
        save_record(game, args.out)
    result = game.result()
    print(json.dumps(result, ensure_ascii=False) if args.json else _describe_result(game, result))
    return 0


def _add_games(sub: Any) -> None:
    p = sub.add_parser("games", help=N_("list the games, their options and their bot levels"))
    p.set_defaults(func=_cmd_games)


def _cmd_games(args: argparse.Namespace) -> int:
    from .bots import available_levels
    from .registry import game_class

    for name in GAMES:
        try:
            cls = game_class(name)
        except ValueError as e:
            print(f"{name}: {e}")
            continue
        print(f"{name}: {cls.title}")
        for spec in cls.option_specs.values():
            print(f"  {spec.name} = {spec.default!r}  ({spec.allowed()}) {spec.doc}")
        print(f"  bot levels: {', '.join(available_levels(name))}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The ``ludoteca`` parser (in the language of :func:`ludoteca.i18n.cli.language`)."""
    parser = Parser(prog="ludoteca", description=N_("Texas 42, Five-Up, Bingo and Cavaleiro."))
    parser.add_argument(
        "--lang",
        choices=["pt", "en"],
        help=N_("the language of the help and of the messages (default: the system's)"),
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", help=N_("what to do (COMMAND --help)")
    )
    for target in SUBCOMMANDS.values():
        adder: Callable[[Any], None] = load_target(target)
        adder(sub)
    for command in set(sub.choices.values()):  # --lang after the command works too
        if "--lang" not in command._option_string_actions:
            command.add_argument(
                "--lang",
                choices=["pt", "en"],
                help=N_("the language of the help and of the messages (default: the system's)"),
            )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ludoteca``; the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        with language(lang_of(words)):
            args = build_parser().parse_args(words)
            code: int = args.func(args)
            sys.stdout.flush()
    except BrokenPipeError:
        # the reader stopped (| head): no more output, and no traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return code


if __name__ == "__main__":
    raise SystemExit(main())
