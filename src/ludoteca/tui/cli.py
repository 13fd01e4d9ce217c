"""``ludoteca play``: start the terminal table."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from ludoteca.cli import add_seconds_option
from ludoteca.errors import IllegalMove, InvalidRecord
from ludoteca.i18n import N_, default_lang, normalize_lang
from ludoteca.i18n.cli import GAME_TO_PLAY
from ludoteca.registry import GAMES

__all__ = ["add_play", "build_table", "chosen_lang", "cmd_play", "subcommand"]


def subcommand(
    sub: Any, name: str, func: Callable[[argparse.Namespace], int], help: str, about: str
) -> Any:
    """A subcommand of the ``ludoteca`` parser (``help`` in the list of commands,
    ``about`` on its own page) with its ``--lang``, run by ``func``; its parser,
    for its other arguments."""
    p = sub.add_parser(name, help=help, description=about)
    p.add_argument("--lang", choices=["pt", "en"], help=N_("language (default: the system locale)"))
    p.set_defaults(func=func)
    return p


def chosen_lang(args: argparse.Namespace) -> str:
    """The language ``--lang`` names, else the system locale's."""
    return normalize_lang(args.lang) if args.lang else default_lang()


def add_play(sub: Any) -> None:
    """Add the ``play`` subcommand to the ``ludoteca`` parser."""
    p = subcommand(
        sub,
        "play",
        cmd_play,
        N_("play a game in the terminal, against bots or with friends on one screen"),
        N_(
            "Play at a table in the terminal. Seats are given one by one as human or a bot "
            "level ({levels}); by default one person plays against the strongest bots. "
            "Keys: h hint, r rules, u undo, s save, l language, q quit."
        ),
    )
    p.add_argument("game", nargs="?", choices=list(GAMES), help=GAME_TO_PLAY)
    p.add_argument("--players", type=int, help=N_("number of players (Five-Up 2-4, Cavaleiro 2-8)"))
    p.add_argument(
        "--seats",
        metavar="SEATS",
        help=N_("seat by seat, human or a bot level ({levels}), separated by commas"),
    )
    p.add_argument("--seed", type=int, help=N_("seed for the deals, dice and bots"))
    p.add_argument(
        "--option",
        "--options",
        "-o",
        dest="options",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=N_("a game option, for example -o target=31 (repeatable; see 'ludoteca games')"),
    )
    add_seconds_option(
        p, "--pace", 0.8, N_("time each bot move stays before the next (%(default)s)")
    )
    p.add_argument("--resume", metavar="FILE", help=N_("continue a saved game record"))


def build_table(args: argparse.Namespace, lang: str) -> Any:
    """The table the arguments ask for (``ValueError`` with what is wrong)."""
    from ludoteca.cli import parse_option_values

    from .table import Table, parse_seats

    seats = parse_seats(args.seats) if args.seats else None
    if args.resume:
        table = Table.resume(args.resume, seats, seed=args.seed)
        if args.game and args.game != table.game.name:
            raise ValueError(f"{args.resume} is a game of {table.game.name}, not {args.game}")
        return table
    if not args.game:
        raise ValueError("name the game to play (or --resume a saved one)")
    return Table.new(
        args.game,
        seats,
        seed=args.seed,
        lang=lang,
        players=args.players,
        options=parse_option_values(args.options),
    )


def cmd_play(args: argparse.Namespace) -> int:
    from .app import PlayApp

    lang = chosen_lang(args)
    try:
        table = build_table(args, lang)
    except (ValueError, OSError, IllegalMove, InvalidRecord) as e:
        print(f"ludoteca play: {e}", file=sys.stderr)
        return 2

    PlayApp(table, lang=lang, pace=args.pace).run()
    return 0
