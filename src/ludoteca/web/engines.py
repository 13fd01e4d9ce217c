"""The host's engines: players the server's host names (``serve --engine
NAME=COMMAND``, or Python agents given to :func:`ludoteca.web.app.create_app`),
offered in the table form's seat choices beside the bot levels.

A seat of an engine is a bot seat whose level is the engine's name. Its
decisions are made outside the server's event loop (the hub asks them in a
thread): an engine of the bot protocol runs in a process of its own, one per
table and seat (the most recently used :data:`MAX_PROCESSES` are kept running),
and a Python agent is asked in the server's process, one decision at a time.
An engine that fails is stopped and started again for the next decision (the
hub plays a random move for the one that failed, and says so in its log).
"""

from __future__ import annotations

import collections
import logging
import re
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludoteca.agents import AgentBot
from ludoteca.bots import LEVELS
from ludoteca.bots.base import Bot, SeatHandle
from ludoteca.game import Game
from ludoteca.protocol.host import Engine, EngineBot, EngineError, EngineSpec
from ludoteca.registry import GAMES

__all__ = ["ENGINE_NAME", "MAX_PROCESSES", "Engines", "parse_engine_option"]

log = logging.getLogger("ludoteca.web")

ENGINE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,23}$")
"""An engine's name: letters, digits, ``_``, ``.`` and ``-``, at most 24."""

MAX_PROCESSES = 16
"""Engine processes kept running at once (the least recently used are stopped)."""

RETRIES = 3
"""Failures in a row after which an engine is no longer started at a table's seat
(its decisions there are the hub's random moves)."""

IDLE_SECONDS = 900.0
"""An engine process unused this long is stopped (its table is over or idle)."""


def parse_engine_option(text: str) -> tuple[str, str]:
    """``NAME=COMMAND`` (``serve --engine``): the name and the command."""
    name, sep, command = text.partition("=")
    name = name.strip()
    if not sep or not command.strip():
        raise ValueError(f"--engine is written NAME=COMMAND, not {text!r}")
    return name, command.strip()


@dataclass
class _Entry:
    """One engine the host named."""

    name: str
    games: tuple[str, ...]
    spec: EngineSpec | None = None
    agent: Any = None
    lock: threading.Lock = field(default_factory=threading.Lock)


class Engines:
    """The host's engines, by name (see the module doc).

    ``engines`` maps each name to a command (``"python3 mybot.py"``, a list of
    words or an :class:`~ludoteca.protocol.EngineSpec`) or a Python agent (a
    ``Bot`` or an object with ``choose(handle)``; the games it plays are its
    ``games`` attribute, all by default). A command is started once here to shake
    hands (``ValueError`` if it cannot, or says it plays no game of Ludoteca).
    """

    def __init__(
        self, engines: Mapping[str, Any] | None = None, *, move_time: float = 10.0
    ) -> None:
        self.move_time = move_time
        self._entries: dict[str, _Entry] = {}
        self._running: collections.OrderedDict[tuple[str, int, str], tuple[EngineBot, float]] = (
            collections.OrderedDict()
        )
        self._failures: dict[tuple[str, int, str], int] = {}
        self._lock = threading.Lock()
        for name, engine in (engines or {}).items():
            self._entries[name] = self._entry(name, engine)

    def _entry(self, name: str, engine: Any) -> _Entry:
        if not isinstance(name, str) or not ENGINE_NAME.match(name):
            raise ValueError(
                f"an engine's name is 1 to 24 letters, digits, _, . or -, not {name!r}"
            )
        if name in LEVELS:
            raise ValueError(f"{name!r} is a bot level: give the engine another name")
        if isinstance(engine, str | list | tuple | EngineSpec):
            spec = (
                engine
                if isinstance(engine, EngineSpec)
                else EngineSpec.parse(engine, move_time=self.move_time)
                if isinstance(engine, str)
                else EngineSpec(tuple(engine), move_time=self.move_time)
            )
            spec = EngineSpec(
                spec.command, name=name, move_time=spec.move_time, hello_time=spec.hello_time
            )
            games = self._probe(name, spec)
            return _Entry(name, games, spec=spec)
        if isinstance(engine, Bot) or callable(getattr(engine, "choose", None)):
            games = tuple(getattr(engine, "games", ()) or GAMES)
            return _Entry(name, tuple(g for g in games if g in GAMES), agent=engine)
        raise TypeError(
            f"engine {name!r} is a command or an agent with choose(handle), "
            f"not {type(engine).__name__}"
        )

    @staticmethod
    def _probe(name: str, spec: EngineSpec) -> tuple[str, ...]:
        try:
            with Engine(spec) as engine:
                assert engine.hello is not None
                games = tuple(g for g in engine.hello.games if g in GAMES)
        except EngineError as e:
            raise ValueError(f"engine {name!r}: {e.detail}") from None
        if not games:
            raise ValueError(f"engine {name!r} plays none of {', '.join(GAMES)}")
        return games

    # ------------------------------------------------------------- asking

    def names(self) -> list[str]:
        return list(self._entries)

    def levels_for(self, game: str) -> list[str]:
        """The engines that play ``game`` (a seat's level is the engine's name)."""
        return [e.name for e in self._entries.values() if game in e.games]

    def has(self, level: str | None) -> bool:
        return level in self._entries

    def choose(self, table_id: str, game: Game, seat: int, level: str) -> str:
        """The move of engine ``level`` at ``seat`` of table ``table_id`` in ``game`` (a
        copy that draws its own chance). Blocking: call it from a thread."""
        entry = self._entries[level]
        handle = SeatHandle(game, seat)
        if entry.agent is not None:
            with entry.lock:
                bot = entry.agent if isinstance(entry.agent, Bot) else AgentBot(entry.agent)
                return bot.choose(handle)
        key = (table_id, seat, level)
        if self._failures.get(key, 0) >= RETRIES:
            raise EngineError("crash", level, f"it failed {RETRIES} times in a row at this seat")
        try:
            move = self._process(key, entry, game).choose(handle)
        except EngineError as e:
            log.warning("engine %s at table %s, seat %d: %s", level, table_id, seat, e.detail)
            self._failures[key] = self._failures.get(key, 0) + 1
            self._stop(key)
            raise
        self._failures.pop(key, None)
        return move

    def _process(self, key: tuple[str, int, str], entry: _Entry, game: Game) -> EngineBot:
        """The engine process of a table's seat, started if need be."""
        now = time.monotonic()
        with self._lock:
            found = self._running.pop(key, None)
            idle = [k for k, (_, used) in self._running.items() if now - used > IDLE_SECONDS]
            stopping = [self._running.pop(k)[0] for k in idle]
        if found is not None and found[0].engine.running:
            engine = found[0]
        else:
            if found is not None:
                stopping.append(found[0])
            assert entry.spec is not None
            engine = EngineBot.start(entry.spec, game.name, dict(game.options), [key[1]])
        with self._lock:
            self._running[key] = (engine, now)
            while len(self._running) > MAX_PROCESSES:
                stopping.append(self._running.popitem(last=False)[1][0])
        for bot in stopping:
            bot.close()
        return engine

    def _stop(self, key: tuple[str, int, str]) -> None:
        with self._lock:
            found = self._running.pop(key, None)
        if found is not None:
            found[0].close()

    def close(self) -> None:
        """Stop every engine process."""
        with self._lock:
            running = [bot for bot, _ in self._running.values()]
            self._running.clear()
        for bot in running:
            bot.close()
