"""The store's writer: one thread that commits the moves of every table, off the
event loop, many tables in one transaction (a group commit).

A move is durable when its transaction has committed (SQLite with
``synchronous=FULL``, PostgreSQL's commit); only then is its future resolved,
so nobody sees a move before it is safe. Whatever arrives while a commit is
under way goes into the next one: one fsync covers many moves under load, and
a lone move waits for nothing but its own commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .store import Append, Store

__all__ = ["Writer"]

log = logging.getLogger("ludoteca.web")

T = TypeVar("T")

MAX_BATCH = 1000
"""Most appends committed together."""


@dataclass(slots=True, eq=False)
class _Job:
    """One thing for the writer's thread: an append, or a call; its future, resolved
    in its loop's thread (``urgent``: a person waits for it, told first)."""

    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    append: Append | None = None
    call: Callable[[], Any] | None = None
    urgent: bool = False

    def settle(self, result: Any = None, error: BaseException | None = None) -> None:
        """Resolve the future (in its loop's thread)."""
        if self.future.done():
            return
        if error is not None:
            self.future.set_exception(error)
        else:
            self.future.set_result(result)

    def done(self, result: Any = None, error: BaseException | None = None) -> None:
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            self.loop.call_soon_threadsafe(self.settle, result, error)


def _settle_committed(jobs: list[_Job]) -> None:
    """Resolve committed appends, in one call to each loop (one wake-up for a whole
    batch), the urgent first: their tasks run first once the loop gets to them."""
    by_loop: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
    for job in sorted(jobs, key=lambda j: not j.urgent):
        by_loop.setdefault(job.loop, []).append(job)
    for loop, settled in by_loop.items():

        def settle(settled: list[_Job] = settled) -> None:
            for job in settled:
                job.settle()

        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(settle)


class Writer:
    """Commits a :class:`Store`'s writes in a thread of its own, in order."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="ludoteca-writer", daemon=True)
        self._thread.start()
        self.batches = 0
        self.appends = 0

    async def append(
        self,
        table_id: str,
        start: int,
        moves: Sequence[tuple[int | None, str]],
        *,
        over: bool,
        urgent: bool = False,
    ) -> None:
        """Store moves ``start``, ``start + 1``, … of a table; returns once committed.
        The ``urgent`` (a person's move, waiting to be seen) are told first when
        their commit is done.

        Raises what the database raised (``MoveTaken`` if a move of that
        number is already stored); nothing of this append is stored then.
        """
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        append = Append(table_id, start, tuple(moves), over)
        self._queue.put(_Job(loop, future, append=append, urgent=urgent))
        await future

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run another write (``fn(*args, **kwargs)``, its own transaction) in order."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put(_Job(loop, future, call=lambda: fn(*args, **kwargs)))
        return await future

    def close(self) -> None:
        """Commit what is queued, then stop the thread."""
        self._queue.put(None)
        self._thread.join(30)

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            jobs = [job]
            stop = False
            while len(jobs) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                jobs.append(more)
            self._commit(jobs)
            if stop:
                return

    def _commit(self, jobs: list[_Job]) -> None:
        appends = [j for j in jobs if j.append is not None]
        if appends:
            try:
                self.store.commit_batch([j.append for j in appends if j.append is not None])
                self.batches += 1
                self.appends += len(appends)
                _settle_committed(appends)
            except Exception as e:
                if len(appends) == 1:
                    appends[0].done(error=e)
                else:  # find the append the database refused: each on its own
                    for j in appends:
                        self._one(j)
        for j in jobs:
            if j.call is not None:
                try:
                    j.done(j.call())
                except Exception as e:
                    j.done(error=e)

    def _one(self, job: _Job) -> None:
        assert job.append is not None
        try:
            self.store.commit_batch([job.append])
            job.done()
        except Exception as e:
            job.done(error=e)
