"""The seat side of the bot protocol: an engine program at a seat.

:class:`Engine` runs an engine's command in a process of its own, shakes hands
with it and asks it for decisions, each within its time; :class:`EngineBot`
makes it a :class:`ludoteca.bots.Bot`, so it sits wherever a bot does. An
engine that crashes, stays silent past its time, answers something that is not
a message or a move that is not legal raises :class:`EngineError`, saying
which, and is stopped; nothing waits on it for longer than its time.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import shlex
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, NoReturn

from ludoteca.bots.base import Bot, SeatHandle

from .messages import (
    PROTOCOL,
    EngineHello,
    Info,
    ProtocolError,
    decide_message,
    decode,
    encode,
    read_hello,
)

__all__ = [
    "ENGINE_PREFIX",
    "FAILURES",
    "Decision",
    "Engine",
    "EngineBot",
    "EngineError",
    "EngineSpec",
    "probe",
    "stop_engines",
]

ENGINE_PREFIX = "cmd:"
"""How a player written as text names an engine: ``cmd:python3 mybot.py``."""

FAILURES: dict[str, str] = {
    "start": "it could not be started",
    "hello": "it did not shake hands as the protocol says",
    "refused": "it does not play this game",
    "crash": "it stopped",
    "timeout": "it did not answer in time",
    "garbage": "it wrote something that is not a message of the protocol",
    "illegal": "it answered a move that is not legal",
    "error": "it reported an error",
}
"""The ways an engine fails, by code (``EngineError.kind``)."""

GRACE = 1.0
"""Seconds an answer may come after the time given, for the pipes and the start of a process."""

STDERR_LINES = 20
"""Lines of an engine's standard error kept to report a crash."""


_RUNNING: weakref.WeakSet[Engine] = weakref.WeakSet()
"""The engines of this process not closed yet."""


def stop_engines() -> None:
    """Kill every engine this process started and has not closed (a process that
    is told to stop does it first: its engines are in process groups of their own)."""
    for engine in list(_RUNNING):
        engine.kill()


class EngineError(ValueError):
    """An engine that failed: ``kind`` is one of :data:`FAILURES`, ``engine`` its label."""

    def __init__(self, kind: str, engine: str, detail: str) -> None:
        super().__init__(f"{engine}: {detail}")
        self.kind = kind
        self.engine = engine
        self.detail = detail


@dataclass(frozen=True)
class EngineSpec:
    """An engine to run: its command (the program and its arguments), the seconds
    it has for each decision and for the handshake, and options to set."""

    command: tuple[str, ...]
    name: str = ""
    move_time: float = 10.0
    hello_time: float = 10.0
    options: tuple[tuple[str, Any], ...] = ()
    cwd: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.command, str) or not all(isinstance(a, str) for a in self.command):
            raise TypeError("an engine's command is a sequence of strings (use EngineSpec.parse)")
        if not self.command or not self.command[0]:
            raise ValueError("an engine's command names a program to run")
        for what in ("move_time", "hello_time"):
            seconds = getattr(self, what)
            if not isinstance(seconds, int | float) or isinstance(seconds, bool) or seconds <= 0:
                raise ValueError(
                    f"an engine's {what} is a number of seconds above 0, not {seconds!r}"
                )

    @classmethod
    def parse(cls, text: str, **kwargs: Any) -> EngineSpec:
        """The engine of ``"cmd:python3 mybot.py"`` (or of the command alone),
        split as a POSIX shell would."""
        if not isinstance(text, str):
            raise TypeError(f"an engine is written as text, not {type(text).__name__}")
        command = text[len(ENGINE_PREFIX) :] if text.startswith(ENGINE_PREFIX) else text
        try:
            words = tuple(shlex.split(command))
        except ValueError as e:
            raise ValueError(f"the engine command {command!r} cannot be split: {e}") from None
        if not words:
            raise ValueError(f"{text!r} names no command: write cmd:PROGRAM [ARGUMENTS]")
        return cls(words, **kwargs)

    @property
    def label(self) -> str:
        return self.name or ENGINE_PREFIX + shlex.join(self.command)


@dataclass(frozen=True)
class Decision:
    """An engine's answer: its move, the information lines it sent, the seconds it took."""

    move: str
    infos: tuple[Info, ...] = ()
    seconds: float = 0.0


class Engine:
    """One engine process (see the module doc): start it with :meth:`start` (or
    ``with``), then :meth:`decide`; :meth:`close` stops it (asking first, then
    killing it)."""

    def __init__(self, spec: EngineSpec) -> None:
        if not isinstance(spec, EngineSpec):
            raise TypeError(f"an Engine runs an EngineSpec, not {type(spec).__name__}")
        self.spec = spec
        self.label = spec.label
        self.hello: EngineHello | None = None
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._next_id = 0
        self._lock = threading.Lock()
        self._dead = False
        self._stderr_reader: threading.Thread | None = None

    def __enter__(self) -> Engine:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        """The engine process's id (``None`` before :meth:`start`): a host may read
        the process's own CPU time, as a bench does."""
        return self._process.pid if self._process is not None else None

    @property
    def running(self) -> bool:
        return self._process is not None and not self._dead and self._process.poll() is None

    # ------------------------------------------------------------- start

    def start(self) -> EngineHello:
        """Start the process and shake hands; the engine's hello."""
        if self._process is not None:
            raise RuntimeError(f"{self.label} is started already")
        try:
            self._process = subprocess.Popen(
                list(self.spec.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                cwd=self.spec.cwd,
                # its own process group: a Ctrl-C at the terminal stops the host, which
                # stops its engines (an engine interrupted mid-game would read as a crash)
                start_new_session=True,
            )
        except OSError as e:
            self._dead = True
            raise EngineError(
                "start", self.label, f"cannot run {self.spec.command[0]!r}: {e}"
            ) from None
        _RUNNING.add(self)
        assert self._process.stdout is not None and self._process.stderr is not None
        _reader(self._process.stdout, self._lines.put, "stdout")
        self._stderr_reader = _reader(
            self._process.stderr, self._stderr.append, "stderr", end=False
        )
        self._send({"type": "hello", "protocol": PROTOCOL})
        try:
            message = self._receive(time.monotonic() + self.spec.hello_time, "the hello")
            self.hello = read_hello(message)
        except ProtocolError as e:
            self._fail("hello", str(e))
        except EngineError as e:
            if e.kind == "timeout":
                self._fail("hello", f"no hello within {self.spec.hello_time:g} s")
            raise
        assert self.hello is not None
        for name, value in self.spec.options:
            self.set_option(name, value)
        return self.hello

    def set_option(self, name: str, value: Any) -> None:
        """Set one of the options the engine offers (``ValueError`` for another,
        or a value it does not take)."""
        hello = self._hello()
        hello.option(name).check(value)
        self._send({"type": "option", "name": name, "value": value})

    def plays(self, game: str) -> bool:
        return game in self._hello().games

    def new_game(self, game: str, options: Mapping[str, Any], seats: Sequence[int]) -> None:
        """Tell the engine a game starts, in which it plays ``seats``; ``EngineError``
        (refused) if the engine does not play that game."""
        hello = self._hello()
        if game not in hello.games:
            self._fail("refused", f"it plays {', '.join(hello.games)}, not {game}")
        self._send(
            {"type": "new_game", "game": game, "options": dict(options), "seats": list(seats)}
        )

    def game_over(self, game: str, seat: int, view: Mapping[str, Any], result: Any) -> None:
        """Tell the engine how a game it played ended (it need not answer)."""
        if self.running:
            with contextlib.suppress(EngineError):
                self._send(
                    {
                        "type": "game_over",
                        "game": game,
                        "seat": seat,
                        "view": dict(view),
                        "result": result,
                    }
                )

    # ----------------------------------------------------------- decisions

    def decide(
        self,
        *,
        game: str,
        options: Mapping[str, Any],
        seat: int,
        view: Mapping[str, Any],
        legal_moves: Sequence[str],
        time_allowed: float | None = None,
    ) -> Decision:
        """The engine's move for ``seat``, one of ``legal_moves``, within
        ``time_allowed`` seconds (the spec's ``move_time`` by default)."""
        seconds = self.spec.move_time if time_allowed is None else time_allowed
        with self._lock:
            self._hello()
            self._next_id += 1
            request_id = self._next_id
            started = time.monotonic()
            self._send(
                decide_message(
                    request_id,
                    game=game,
                    options=options,
                    seat=seat,
                    view=view,
                    legal_moves=legal_moves,
                    time=seconds,
                )
            )
            deadline = started + seconds + GRACE
            infos: list[Info] = []
            while True:
                message = self._receive(deadline, f"a move within {seconds:g} s")
                answer_id = message.get("id")
                if answer_id is not None and answer_id != request_id:
                    continue  # about an earlier request
                if "move" in message and message.get("type", "move") == "move":
                    move = message["move"]
                    if not isinstance(move, str):
                        self._fail("garbage", f"answered a move that is not text: {move!r}")
                    if move not in legal_moves:
                        self._fail(
                            "illegal",
                            f"answered {move!r}, which is not legal now (legal: "
                            f"{_listing(legal_moves)})",
                        )
                    return Decision(move, tuple(infos), time.monotonic() - started)
                kind = message.get("type")
                if kind == "info":
                    infos.append(Info.from_json(message))
                elif kind == "error":
                    self._fail("error", f"said: {str(message.get('message', ''))[:300]}")
                # any other message is for a later version of the protocol: ignored

    # ------------------------------------------------------------- close

    def close(self) -> None:
        """Ask the engine to quit, and kill it if it is still there a moment later."""
        process = self._process
        self._dead = True
        _RUNNING.discard(self)
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(OSError, ValueError):
                assert process.stdin is not None
                process.stdin.write(encode({"type": "quit"}))
                process.stdin.flush()
            with contextlib.suppress(OSError, ValueError):
                assert process.stdin is not None
                process.stdin.close()
            try:
                process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                _kill(process)
        with contextlib.suppress(OSError, ValueError):
            assert process.stdin is not None
            process.stdin.close()
        for stream in (process.stdout, process.stderr):
            with contextlib.suppress(OSError, ValueError):
                assert stream is not None
                stream.close()

    def kill(self) -> None:
        """Stop the engine at once (from any thread)."""
        self._dead = True
        if self._process is not None and self._process.poll() is None:
            _kill(self._process)

    # ------------------------------------------------------------ plumbing

    def _hello(self) -> EngineHello:
        if self.hello is None:
            raise RuntimeError(f"{self.label} is not started: call start() first")
        if self._dead:
            raise EngineError("crash", self.label, "it was stopped after an earlier failure")
        return self.hello

    def _send(self, message: Mapping[str, Any]) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(encode(message))
            process.stdin.flush()
        except (OSError, ValueError):
            self._fail("crash", self._crash_detail("its input was closed"))

    def _receive(self, deadline: float, waiting_for: str) -> dict[str, Any]:
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._fail("timeout", f"gave no answer: waited for {waiting_for}")
            if line is None:
                self._fail("crash", self._crash_detail(f"while it was asked for {waiting_for}"))
            if not line.strip():
                continue
            try:
                return decode(line)
            except ProtocolError as e:
                self._fail(
                    "garbage",
                    f"wrote {e} (the protocol is JSON objects, one a line; write other "
                    "output to standard error)",
                )

    def _crash_detail(self, when: str) -> str:
        process = self._process
        code = None
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = process.wait(timeout=0.5)
        if self._stderr_reader is not None:
            self._stderr_reader.join(0.5)  # its last lines
        said = " | ".join(line.rstrip() for line in list(self._stderr)[-3:] if line.strip())
        return (
            f"it stopped {when}"
            + (f" (exit status {code})" if code is not None else "")
            + (f"; its last words: {said[:400]}" if said else "")
        )

    def _fail(self, kind: str, detail: str) -> NoReturn:
        self.kill()
        raise EngineError(kind, self.label, detail)


def _listing(moves: Sequence[str], most: int = 8) -> str:
    shown = ", ".join(moves[:most])
    return shown + (f" and {len(moves) - most} more" if len(moves) > most else "")


def _reader(stream: IO[str], put: Any, what: str, *, end: bool = True) -> threading.Thread:
    """A thread that hands each line of ``stream`` to ``put`` (``None`` at its end)."""

    def run() -> None:
        with contextlib.suppress(OSError, ValueError):
            for line in stream:
                put(line)
        if end:
            put(None)

    thread = threading.Thread(target=run, name=f"engine {what}", daemon=True)
    thread.start()
    return thread


def _kill(process: subprocess.Popen[str]) -> None:
    with contextlib.suppress(OSError):
        os.killpg(process.pid, 9)
    with contextlib.suppress(OSError):
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5.0)


def probe(spec: EngineSpec, game: str) -> EngineHello:
    """Start the engine of ``spec`` once to shake hands, and stop it: its hello, or
    ``EngineError`` if it cannot be started, does not shake hands, or does not
    play ``game``."""
    with Engine(spec) as engine:
        hello = engine.hello
        assert hello is not None
        if game not in hello.games:
            engine._fail("refused", f"it plays {', '.join(hello.games)}, not {game}")
    return hello


class EngineBot(Bot):
    """An engine (:class:`Engine`, started) as a bot: each decision is asked of it
    with the seat's view and legal moves. ``infos`` holds the information lines of
    the last decision. :meth:`close` stops the engine."""

    level = "engine"

    def __init__(self, engine: Engine, *, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        if not isinstance(engine, Engine):
            raise TypeError(f"an EngineBot asks an Engine, not {type(engine).__name__}")
        self.engine = engine
        self.level = engine.label
        self.infos: tuple[Info, ...] = ()

    @classmethod
    def start(
        cls, spec: EngineSpec | str, game: str, options: Mapping[str, Any], seats: Sequence[int]
    ) -> EngineBot:
        """Start the engine of ``spec`` for a game of ``game`` (``EngineError`` if
        it cannot be started or does not play that game)."""
        engine = Engine(spec if isinstance(spec, EngineSpec) else EngineSpec.parse(spec))
        try:
            engine.start()
            engine.new_game(game, options, seats)
        except BaseException:
            engine.close()
            raise
        return cls(engine)

    def choose(self, handle: SeatHandle) -> str:
        decision = self.engine.decide(
            game=handle.game_name,
            options=handle.options,
            seat=handle.seat,
            view=handle.view(),
            legal_moves=handle.legal_moves(),
        )
        self.infos = decision.infos
        return decision.move

    def close(self) -> None:
        self.engine.close()
