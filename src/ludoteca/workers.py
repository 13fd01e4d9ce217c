"""Worker processes for independent jobs (the arena's games), each fed through a
pipe of its own.

A :class:`multiprocessing.pool.Pool` shares its task and result queues among its
workers, each guarded by a lock between processes. A worker stopped while it holds
one (a stop signal that ends it mid-write, or a kill after a lost signal) leaves
that lock taken for ever, and ``Pool.terminate`` then waits for ever on it. Here
nothing is shared: each worker reads its tasks from its own pipe and writes its
results to it, so a worker may be ended at any moment, and :meth:`Workers.stop`
never waits on anything a worker held.

>>> with Workers(abs, 2) as workers:
...     sorted(workers.run([-3, 1, -2]))
[1, 2, 3]
"""

from __future__ import annotations

import collections
import contextlib
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from types import TracebackType
from typing import Any, Generic, TypeVar

__all__ = ["WorkerDied", "Workers"]

T = TypeVar("T")
R = TypeVar("R")


class WorkerDied(RuntimeError):
    """A worker process ended while it had a job."""


def _serve(
    conn: Connection, fn: Callable[[Any], Any], initializer: Callable[[], Any] | None
) -> None:
    """A worker's life: ``fn`` of each task its pipe brings, until ``None``."""
    if initializer is not None:
        initializer()
    while True:
        try:
            task = conn.recv()
        except EOFError:  # the parent went away
            return
        if task is None:
            return
        try:
            answer: tuple[str, Any] = ("ok", fn(task))
        except Exception as e:
            answer = ("error", e)
        try:
            conn.send(answer)
        except Exception as e:  # an answer that does not pickle: its error, said in words
            conn.send(("error", RuntimeError(f"{answer[0]} could not be sent back: {e!r}")))


class _Worker:
    __slots__ = ("conn", "process")

    def __init__(self, conn: Connection, process: Any) -> None:
        self.conn = conn
        self.process = process


class Workers(Generic[T, R]):
    """``size`` processes (started by a fork server: a fresh process, not a fork of
    this one with its threads) that each run ``fn`` on the tasks given to them, after
    ``initializer()``. ``fn``, the tasks and the results travel by pickle."""

    def __init__(
        self,
        fn: Callable[[T], R],
        size: int,
        *,
        initializer: Callable[[], Any] | None = None,
    ) -> None:
        if size < 1:
            raise ValueError(f"Workers needs at least one process, not {size}")
        context = multiprocessing.get_context("forkserver")
        self._workers: list[_Worker] = []
        for _ in range(size):
            mine, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs, fn, initializer), daemon=True)
            process.start()
            theirs.close()
            self._workers.append(_Worker(mine, process))

    @property
    def processes(self) -> list[Any]:
        """The worker processes (:class:`multiprocessing.Process`)."""
        return [w.process for w in self._workers]

    def run(self, tasks: Iterable[T], *, poll: float = 0.2) -> Iterator[R]:
        """The results of ``tasks`` as they finish (in any order). A task's error is
        raised here; a worker that ends with a task in hand raises :class:`WorkerDied`.
        Waits ``poll`` seconds at a time, so that an interruption is seen at once."""
        pending = collections.deque(tasks)
        idle = list(self._workers)
        busy: dict[Connection, _Worker] = {}
        while pending or busy:
            while idle and pending:
                worker = idle.pop()
                worker.conn.send(pending.popleft())
                busy[worker.conn] = worker
            ready = wait([*busy, *(w.process.sentinel for w in busy.values())], timeout=poll)
            for conn in [c for c in busy if c in ready]:
                worker = busy.pop(conn)
                try:
                    kind, value = conn.recv()
                except EOFError:
                    raise WorkerDied(self._death(worker)) from None
                idle.append(worker)
                if kind == "error":
                    raise value
                yield value
            for worker in busy.values():
                if worker.process.sentinel in ready:
                    raise WorkerDied(self._death(worker))

    @staticmethod
    def _death(worker: _Worker) -> str:
        worker.process.join(1)
        code = worker.process.exitcode
        return f"a worker process ended (exit code {code}) in the middle of a job"

    def close(self) -> None:
        """Let the workers end once they have no job (each is told there is no more work)."""
        for worker in self._workers:
            with contextlib.suppress(OSError):
                worker.conn.send(None)
        for worker in self._workers:
            worker.process.join()
            worker.conn.close()

    def stop(self, grace: float = 5.0) -> None:
        """End the workers now, their jobs dropped: each is sent SIGTERM (its own
        handler may end what it started), and one still there after ``grace`` seconds
        is killed (a signal that comes just as a worker starts waiting may go unseen)."""
        for worker in self._workers:
            if worker.process.exitcode is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(worker.process.pid, signal.SIGTERM)
        deadline = time.monotonic() + grace
        for worker in self._workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
        for worker in self._workers:
            if worker.process.exitcode is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(worker.process.pid, signal.SIGKILL)
                worker.process.join()
            worker.conn.close()

    def __enter__(self) -> Workers[T, R]:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            self.close()
        else:
            self.stop()
