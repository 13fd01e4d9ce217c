"""The engine side of the bot protocol: a Python agent answering on standard
input and output, and ``ludoteca bot GAME LEVEL`` for the built-in levels.

:func:`serve` runs the protocol's loop for any agent with ``choose(handle)``:
each decision's view is rebuilt into a complete game (:mod:`ludoteca.rebuild`)
and handed to the agent as a :class:`~ludoteca.bots.SeatHandle`, as if it sat
at the table. An agent that also has ``think(handle, seconds)`` is given the
time allowed and may return information lines with its move.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import IO, Any

from ludoteca.bots import available_levels, make_bot
from ludoteca.bots.base import Bot, RankingBot, SearchBot, SeatHandle
from ludoteca.cli import add_seconds_option
from ludoteca.i18n import N_
from ludoteca.i18n.cli import say
from ludoteca.rebuild import ViewRebuilder
from ludoteca.registry import GAMES

from .messages import EngineHello, EngineOption, Info, ProtocolError, decode, encode

__all__ = ["LevelAgent", "serve"]


def serve(
    agent: Any,
    *,
    name: str,
    games: Sequence[str],
    author: str = "",
    version: str = "",
    options: Sequence[EngineOption] = (),
    set_option: Callable[[str, Any], None] | None = None,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> int:
    """Answer the protocol's messages on ``stdin`` with ``agent``'s decisions on
    ``stdout`` until told to quit or the input ends; the exit status (0).

    ``options`` are offered in the hello; ``set_option(name, value)`` is called
    when the host sets one (with a value the option takes).
    """
    if not callable(getattr(agent, "choose", None)):
        raise TypeError(f"an engine's agent has a choose(handle) method; {agent!r} has none")
    unknown = [g for g in games if g not in GAMES]
    if not games or unknown:
        raise ValueError(f"an engine plays some of {', '.join(GAMES)}, not {list(games)!r}")
    hello = EngineHello(
        name=name, author=author, version=version, games=tuple(games), options=tuple(options)
    )
    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout
    loop = _Loop(agent, hello, set_option, sink)
    try:
        for line in source:
            if not line.strip():
                continue
            if not loop.handle(line):
                break
    except (BrokenPipeError, KeyboardInterrupt):
        pass  # the host went away, or asked us to stop: nothing to say
    return 0


class _Loop:
    """The engine's state between messages: the rebuilders of the games under way."""

    def __init__(
        self,
        agent: Any,
        hello: EngineHello,
        set_option: Callable[[str, Any], None] | None,
        sink: IO[str],
    ) -> None:
        self.agent = agent
        self.hello = hello
        self.set_option = set_option
        self.sink = sink
        self.rebuilders: dict[tuple[str, int], ViewRebuilder] = {}

    def say(self, message: Mapping[str, Any]) -> None:
        self.sink.write(encode(message))
        self.sink.flush()

    def complain(self, text: str) -> None:
        print(f"{self.hello.name}: {text}", file=sys.stderr, flush=True)

    def handle(self, line: str) -> bool:
        """Act on one line; ``False`` to stop."""
        try:
            message = decode(line)
        except ProtocolError as e:
            self.complain(str(e))
            return True
        kind = message.get("type")
        if kind == "hello":
            self.say(self.hello.to_json())
        elif kind == "option":
            self._option(message)
        elif kind == "new_game":
            self.rebuilders.clear()
            if callable(getattr(self.agent, "new_game", None)):
                self.agent.new_game(message.get("game"), message.get("options") or {})
        elif kind == "decide":
            self._decide(message)
        elif kind == "game_over":
            self.rebuilders.clear()
        elif kind == "quit":
            return False
        return True  # other types belong to later versions: ignored

    def _option(self, message: Mapping[str, Any]) -> None:
        try:
            option = self.hello.option(str(message.get("name")))
            value = option.check(message.get("value"))
        except ValueError as e:
            self.complain(str(e))
            return
        if self.set_option is not None:
            self.set_option(option.name, value)

    def _decide(self, message: Mapping[str, Any]) -> None:
        request_id = message.get("id")
        try:
            view = message["view"]
            seat = int(message["seat"])
            seconds = float(message.get("time") or 10.0)
            key = (str(message.get("game")), seat)
            rebuilder = self.rebuilders.setdefault(key, ViewRebuilder(rng=random.Random(seat)))
            game = rebuilder.rebuild(view)
            handle = SeatHandle(game, seat)
            if list(message.get("legal_moves") or ()) != handle.legal_moves():
                raise ProtocolError("the legal moves sent are not the view's")
            infos: Iterable[Info] = ()
            think = getattr(self.agent, "think", None)
            if callable(think):
                move, infos = think(handle, seconds)
            else:
                move = self.agent.choose(handle)
        except Exception as e:  # whatever went wrong is said to the host, which decides
            self.say({"type": "error", "id": request_id, "message": f"{type(e).__name__}: {e}"})
            return
        for info in infos:
            self.say(info.to_json(request_id))
        self.say({"type": "move", "id": request_id, "move": str(move)})


class LevelAgent:
    """A built-in level as an engine's agent: a fresh bot for every game (seeded
    from ``seed`` and the game's number), thinking within the time allowed, and
    its ranking of the best moves sent as information lines."""

    def __init__(
        self, game: str, level: str, *, budget: float | None = None, seed: int = 0
    ) -> None:
        make_bot(game, level)  # refuses an unknown game or level, saying which there are
        self.game = game
        self.level = level
        self.budget = budget
        self.seed = seed
        self.games = 0
        self.bot: Bot = make_bot(game, level, seed=seed, budget=budget)

    def new_game(self, game: Any, options: Any) -> None:
        self.games += 1
        self.bot = make_bot(
            self.game, self.level, seed=self.seed * 7919 + self.games, budget=self.budget
        )

    def set_budget(self, seconds: float) -> None:
        self.budget = seconds
        self.bot.budget = seconds

    def choose(self, handle: SeatHandle) -> str:
        return self.bot.choose(handle)

    def think(self, handle: SeatHandle, seconds: float) -> tuple[str, list[Info]]:
        bot = self.bot
        if isinstance(bot, SearchBot):
            # at most half of the time allowed, whatever the budget
            bot.budget = min(bot.seconds, max(bot.min_budget, seconds / 2))
        if not isinstance(bot, RankingBot) or len(handle.legal_actions()) == 1:
            return bot.choose(handle), []
        ranked = bot.rank(handle)
        infos = [
            Info(move=r.move, value=round(r.value, 6), unit=r.unit or None, text=r.reason or None)
            for r in ranked[:3]
        ]
        return ranked[0].move, infos


def add_subcommand(sub: Any) -> None:
    """``ludoteca bot``."""
    p = sub.add_parser(
        "bot",
        help=N_("a built-in bot as an engine of the bot protocol, on standard input and output"),
    )
    p.add_argument("game", choices=list(GAMES), help=N_("the game it plays"))
    p.add_argument("level", help=N_("the bot's level (see ludoteca games)"))
    add_seconds_option(
        p, "--budget", None, N_("how long it may think per decision (by default the level's own)")
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help=N_("seed of its choices (the same seed, the same games)"),
    )
    p.set_defaults(func=_cmd_bot)


def _cmd_bot(args: Any) -> int:
    from ludoteca import __version__

    levels = available_levels(args.game)
    if args.level not in levels:
        said = say(
            N_("there is no {level} bot for {game}; the levels are: {levels}"),
            level=repr(args.level),
            game=args.game,
            levels=", ".join(levels),
        )
        print(f"ludoteca bot: {said}", file=sys.stderr)
        return 2
    if args.budget is not None and not 0 < args.budget <= 600:
        said = say(N_("--budget is a number of seconds above 0, at most 600"))
        print(f"ludoteca bot: {said}", file=sys.stderr)
        return 2
    agent = LevelAgent(args.game, args.level, budget=args.budget, seed=args.seed)
    options = (
        EngineOption(
            "budget",
            "number",
            default=args.budget,
            min=0.001,
            max=600,
            doc="seconds of thought per decision (at most half the time allowed)",
        ),
    )
    with contextlib.suppress(BrokenPipeError):
        return serve(
            agent,
            name=f"Ludoteca {args.level}",
            author="Ludoteca",
            version=__version__,
            games=[args.game],
            options=options,
            set_option=lambda name, value: agent.set_budget(float(value)),
        )
    return 0
