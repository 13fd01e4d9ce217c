"""The server's bots: the quick levels decided in the server, the expert in
worker processes, one decision at a time each, queued fairly across tables.

Every table has at most one decision asked for at a time (its bot loop waits
for the answer), and decisions are served first come, first served: a table's
bot waits for the decisions queued before its own, never for another table's
whole turn. At most ``workers`` decisions run at once (the per-server cap),
each in a process of its own, so a search never holds the web server's
interpreter and an expert's thinking budget is its own core's time.

Quick decisions (the :data:`QUICK_LEVELS`) are made in the server itself, on a
copy of the game, when the table asks: one costs the event loop less than the
round trip to a worker would (see :data:`QUICK_LEVELS`), and tables still take
turns, each asking for one decision at a time.

A worker keeps a replica of each table it has served (the most recent
:data:`REPLICAS`) and is sent only the moves made since; a worker that dies
is replaced and its decision asked again.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import ludoteca
from ludoteca.bots import available_levels, make_bot
from ludoteca.bots.base import Bot, choose_move
from ludoteca.game import Game

__all__ = ["BotPool", "BotRequest"]

log = logging.getLogger("ludoteca.web")

REPLICAS = 512
"""Tables a worker keeps a replica of (the least recently served are dropped)."""

QUICK_LEVELS = frozenset({"random", "greedy"})
"""Bot levels decided in the server process. Measured (CPU, a decision): greedy
72 µs mean for Texas 42, 131 µs for Bingo, 214 µs for Five-Up (four players),
468 µs for Cavaleiro (six players), under 0.8 ms at the 99th percentile; random
under 10 µs. Asking a worker instead cost the event loop about 220 µs a decision
(pickling, pipe writes and reads, waking the worker) beside the worker's own
replay of the moves, and ``bench/load_web.py`` showed the pipes at a quarter of
the loop's time."""

QUICK_TURNS = 8
"""Quick bots deciding and playing at once in the server. Each table asks for one
decision at a time (at a table without pace, with the quick bots' decisions that
follow it: one store and one broadcast for them all), so without a bound a few
hundred tables of quick bots at pace 0 fill the event loop, and a person's move
waits behind a whole round of theirs (``bench/load_web.py``, 200 tables: p95 200 ms);
with it, behind at most this many. More turns store more moves a second (bigger
batches to commit) and keep people waiting longer. Measured on two cores, pace 0,
on uvloop: 8 turns, 200 tables, SQLite 3,110–3,250 moves a second and p95 26–30 ms,
PostgreSQL 2,730–2,760 and p95 22 ms; 400 tables on SQLite, p95 50 ms; 10 turns,
200 tables, SQLite 3,080–3,230 and p95 32–33 ms, PostgreSQL 2,670–2,700 and p95
29–30 ms; 400 tables on SQLite, p95 73–76 ms."""

QUICK_BOTS = 4096
"""Quick bots kept (one per table and seat; the least recently asked are dropped)."""


@dataclass
class BotRequest:
    """One decision to make: the bot of ``seat`` at a table whose moves are ``moves``."""

    table_id: str
    game: str
    options: dict[str, Any]
    names: list[str]
    seat: int
    level: str
    moves: list[str]
    future: asyncio.Future[str] = field(repr=False)
    queued: float = field(default_factory=time.monotonic)
    seed: int = 0
    """The decision's seed (:func:`.live.decision_seed`): the bot's and its search's."""


@dataclass
class JobRequest:
    """Other work for a worker process: ``JOBS[name](*args)`` (an analysis's part)."""

    name: str
    args: tuple[Any, ...]
    future: asyncio.Future[Any] = field(repr=False)
    table_id: str = ""
    queued: float = field(default_factory=time.monotonic)


def _judge(record: dict[str, Any], indices: list[int], budget: float, seed: int) -> Any:
    from ludoteca.analysis import judge

    return judge(record, indices, budget=budget, seed=seed)


JOBS: dict[str, Any] = {"judge": _judge}
"""The work a worker process may be asked for besides bot decisions, by name."""


class _Worker:
    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.inflight: collections.deque[BotRequest | JobRequest] = collections.deque()
        """What the worker was sent and has not answered yet, in order."""
        self.known: collections.OrderedDict[str, int] = collections.OrderedDict()
        """Tables whose replica this worker holds, with their move counts."""


class BotPool:
    """Worker processes making the bots' decisions, with a fair queue in front."""

    def __init__(self, workers: int) -> None:
        self.size = max(1, workers)
        self._ctx = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []
        self._queue: collections.deque[BotRequest | JobRequest] = collections.deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.decisions = 0
        self.thinking: collections.deque[tuple[str, float, float, float]] = collections.deque(
            maxlen=1000
        )
        """The last decisions: level, CPU seconds, wall seconds, seconds from asking to answer."""
        self._quick_turns = asyncio.Semaphore(QUICK_TURNS)
        self._quick_bots: collections.OrderedDict[tuple[str, int, str], Bot] = (
            collections.OrderedDict()
        )

    @property
    def processes(self) -> list[int]:
        """The process ids of the workers."""
        return [w.process.pid for w in self._workers]

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        for _ in range(self.size):
            self._add_worker()

    def _add_worker(self) -> _Worker:
        assert self._loop is not None
        worker = _Worker(self._ctx)
        self._workers.append(worker)
        self._loop.add_reader(worker.conn.fileno(), self._answer, worker)
        return worker

    async def choose(
        self,
        table_id: str,
        game: Game,
        seat: int,
        level: str,
        seed: int = 0,
    ) -> str:
        """The move of the bot at ``seat`` (of ``level``) in ``game`` (kept as it is
        until the answer: the table waits for it), drawn from ``seed`` (the same
        seed, the same move)."""
        if level in QUICK_LEVELS:
            return self.choose_now(table_id, game, seat, level, seed)
        loop = asyncio.get_running_loop()
        request = BotRequest(
            table_id=table_id,
            game=game.name,
            options=dict(game.options),
            names=list(game.names),
            seat=seat,
            level=level,
            moves=game.moves,
            future=loop.create_future(),
            seed=seed,
        )
        self._queue.append(request)
        self._dispatch()
        return await request.future

    def quick_turn(self, level: str | None) -> asyncio.Semaphore | None:
        """What a table's quick bot of ``level`` holds while it decides and plays,
        or (``None``) the server while it draws a bot's roll or a bots' table's deal:
        one of the server's few quick turns, taken in the order asked. ``None`` for
        the levels decided in a worker."""
        return self._quick_turns if level is None or level in QUICK_LEVELS else None

    def forget(self, table_id: str) -> None:
        """The table's moves were taken back (an undo): no worker's replica of it
        holds, each is sent the whole game next."""
        for worker in self._workers:
            worker.known.pop(table_id, None)

    def choose_now(self, table_id: str, game: Game, seat: int, level: str, seed: int) -> str:
        """A quick level's move (one of :data:`QUICK_LEVELS`), decided here at once on a
        copy that draws its own chance events."""
        key = (table_id, seat, level)
        bot = self._quick_bots.get(key)
        if bot is None:
            bot = self._quick_bots[key] = make_level_bot(game.name, level)
            while len(self._quick_bots) > QUICK_BOTS:
                self._quick_bots.popitem(last=False)
        else:
            self._quick_bots.move_to_end(key)
        started = time.perf_counter()
        look = game.copy()
        look.chance_mode = "auto"
        look.seed = seed
        bot.rng.seed(seed)
        move = choose_move(bot, look)
        wall = time.perf_counter() - started
        self.decisions += 1
        # decided at once on the loop's thread, which waits for nothing meanwhile: its
        # wall time is its CPU time (reading a thread's CPU clock costs a system call)
        self.thinking.append((level, wall, wall, wall))
        return move

    async def run(self, name: str, *args: Any) -> Any:
        """The result of the job ``name`` (one of :data:`JOBS`) on ``args``, worked out
        in a worker process; queued with the bots' decisions, first come first served."""
        if name not in JOBS:
            raise ValueError(f"there is no job called {name!r}")
        loop = asyncio.get_running_loop()
        request = JobRequest(name, args, loop.create_future())
        self._queue.append(request)
        self._dispatch()
        return await request.future

    def _dispatch(self) -> None:
        while self._queue:
            request = self._queue[0]
            if request.future.done():  # its table stopped waiting
                self._queue.popleft()
                continue
            worker = self._worker_for(request)
            if worker is None:
                return
            self._queue.popleft()
            self._send(worker, request)

    def _worker_for(self, request: BotRequest | JobRequest) -> _Worker | None:
        """The worker to send ``request`` to now, if one may take it: one with
        nothing in hand, one that holds the table's replica first."""
        table = request.table_id
        free = [w for w in self._workers if not w.inflight]
        if not free:
            return None
        return min(free, key=lambda w: table not in w.known)

    def _send(self, worker: _Worker, request: BotRequest | JobRequest) -> None:
        worker.inflight.append(request)
        if isinstance(request, JobRequest):
            try:
                worker.conn.send(("job", request.name, request.args))
            except OSError:
                self._replace(worker)
            return
        have = worker.known.get(request.table_id, -1)
        if 0 <= have <= len(request.moves):
            start, moves = have, request.moves[have:]
        else:
            start, moves = 0, request.moves
        worker.known[request.table_id] = len(request.moves)
        worker.known.move_to_end(request.table_id)
        while len(worker.known) > REPLICAS:
            worker.known.popitem(last=False)
        try:
            worker.conn.send(
                (
                    request.table_id,
                    request.game,
                    request.options,
                    request.names,
                    request.seat,
                    request.level,
                    start,
                    moves,
                    request.seed,
                )
            )
        except OSError:
            self._replace(worker)

    def _answer(self, worker: _Worker) -> None:
        """Take in every answer the worker has written (its requests' order)."""
        while True:
            try:
                kind, value = worker.conn.recv()
            except (EOFError, OSError):
                self._replace(worker)
                return
            if worker.inflight:
                self._settle(worker, worker.inflight.popleft(), kind, value)
            try:
                more = worker.conn.poll()
            except (EOFError, OSError):
                more = False
            if not more:
                break
        self._dispatch()

    def _settle(
        self, worker: _Worker, request: BotRequest | JobRequest, kind: str, value: Any
    ) -> None:
        if isinstance(request, JobRequest):
            if not request.future.done():
                if kind == "result":
                    request.future.set_result(value)
                else:
                    request.future.set_exception(RuntimeError(value))
        elif kind == "resync":  # the worker lost its replica: send every move
            worker.known.pop(request.table_id, None)
            if not request.future.done():
                self._queue.appendleft(request)
        elif kind == "move":
            move, level, cpu, wall = value
            self.decisions += 1
            self.thinking.append((level, cpu, wall, time.monotonic() - request.queued))
            if not request.future.done():
                request.future.set_result(move)
        else:
            worker.known.pop(request.table_id, None)
            if not request.future.done():
                request.future.set_exception(RuntimeError(value))

    def _replace(self, worker: _Worker) -> None:
        """A worker died: start another, and ask its decision again."""
        assert self._loop is not None
        with contextlib.suppress(Exception):
            self._loop.remove_reader(worker.conn.fileno())
        with contextlib.suppress(Exception):
            worker.conn.close()
        with contextlib.suppress(Exception):
            worker.process.kill()
        if worker in self._workers:
            self._workers.remove(worker)
        while worker.inflight:  # asked again, first in the queue, in their order
            request = worker.inflight.pop()
            if not request.future.done():
                self._queue.appendleft(request)
        log.warning("a bot worker stopped; starting another")
        self._add_worker()
        self._dispatch()

    def close(self) -> None:
        for worker in self._workers:
            if self._loop is not None:
                with contextlib.suppress(Exception):
                    self._loop.remove_reader(worker.conn.fileno())
            with contextlib.suppress(Exception):
                worker.conn.close()
            worker.process.terminate()
        for worker in self._workers:
            worker.process.join(5)
        for request in self._queue:
            if not request.future.done():
                request.future.cancel()
        self._workers.clear()


def make_level_bot(game: str, level: str) -> Bot:
    """A bot of ``level`` (the strongest built if that level is not)."""
    levels = available_levels(game)
    return make_bot(game, level if level in levels else levels[-1], seed=secrets.randbits(63))


def _serve(conn: multiprocessing.connection.Connection) -> None:
    """A worker process: answer decisions until the pipe closes."""
    replicas: collections.OrderedDict[str, tuple[Game, dict[int, Bot]]] = collections.OrderedDict()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message[0] == "job":
            _, name, args = message
            try:
                conn.send(("result", JOBS[name](*args)))
            except Exception as e:
                conn.send(("error", f"{type(e).__name__}: {e}"))
            continue
        table_id, game_name, options, names, seat, level, start, moves, seed = message
        try:
            kept = replicas.get(table_id)
            if start == 0:
                game = ludoteca.new_game(game_name, chance="manual", names=names, **options)
                kept = (game, kept[1] if kept is not None else {})
                replicas[table_id] = kept
            elif kept is None or len(kept[0].moves) != start:
                conn.send(("resync", None))
                continue
            replicas.move_to_end(table_id)
            while len(replicas) > REPLICAS:
                replicas.popitem(last=False)
            game, bots = kept
            for move in moves:
                game.play(move)
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = make_level_bot(game_name, level)
            # bots only look (their handle cannot move the game); their searches
            # draw chance events of their own
            game.chance_mode = "auto"
            game.seed = seed
            bot.rng.seed(seed)
            started, cpu = time.perf_counter(), time.process_time()
            try:
                move = choose_move(bot, game)
            finally:
                game.chance_mode = "manual"
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu
            conn.send(("move", (move, level, cpu, wall)))
        except Exception as e:  # a bad replica: dropped, and told
            replicas.pop(table_id, None)
            conn.send(("error", f"{type(e).__name__}: {e}"))
