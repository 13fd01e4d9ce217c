"""The review of finished games: each record's analysis, worked out off the event
loop (in the bot worker processes when the server has them, otherwise in a
thread), a few decisions at a time, and kept for the records reviewed last.

A review is asked for by its record (or a finished table's): the first request
starts the work, every request answers how far it has got, with the decisions
judged so far, and once every decision is judged, the players' biggest
mistakes. The answer is said in the asker's language; the work is not redone
for another language.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import math
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ludoteca.analysis import (
    ANALYSIS_BUDGET,
    KINDS,
    Decision,
    decision_indices,
    judge,
    new_replay,
    summarise,
)
from ludoteca.errors import GameNotAvailable, IllegalMove, InvalidRecord
from ludoteca.game import Game
from ludoteca.i18n import texts
from ludoteca.i18n.hints import HintTexts
from ludoteca.i18n.moves import describe_move
from ludoteca.i18n.why import say_decision_why

from .bots import BotPool
from .errors import Refused
from .moves import parsed_decisions

__all__ = ["Reviews"]

log = logging.getLogger("ludoteca.web")

CHUNK_SECONDS = 1.0
"""About how long one part of an analysis takes (estimates cost about the budget
each; exact decisions far less), so the bots' decisions queued behind it wait little."""


@dataclass
class _Job:
    record: dict[str, Any]
    game: Game
    """A game of the record's kind, which parses its moves."""
    indices: list[int] = field(default_factory=list)
    sides: list[list[int]] = field(default_factory=list)
    first: int = 0
    """The moves before the judged ones (a finished hand reviewed alone starts after them)."""
    decisions: dict[int, Decision] = field(default_factory=dict)
    error: str | None = None
    done: bool = False
    task: asyncio.Task[None] | None = None


class Reviews:
    """The analyses of the records reviewed last (``size`` of them)."""

    def __init__(
        self,
        *,
        budget: float = ANALYSIS_BUDGET,
        pool: BotPool | None = None,
        size: int = 32,
        running: int = 2,
    ) -> None:
        self.budget = budget
        self.pool = pool
        self.size = size
        self._jobs: OrderedDict[str, _Job] = OrderedDict()
        self._threads = asyncio.Semaphore(running)

    @staticmethod
    def key(record: Any, first: int = 0) -> str:
        """The review's key: its record, and the move from which it judges."""
        text = json.dumps([record, first], sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def known(self, key: str) -> bool:
        return key in self._jobs

    async def status(
        self, key: str, record: dict[str, Any], lang: str, *, first: int = 0
    ) -> dict[str, Any]:
        """How far the review of ``record`` (``key`` its :meth:`key`) has got, said in
        ``lang``; the first request starts it (a bad record is refused). Only the
        decisions after the record's first ``first`` moves are judged (a table's last
        finished hand, while its game goes on)."""
        job = self._jobs.get(key)
        if job is None:
            try:
                game, indices, sides = await asyncio.to_thread(_prepare, record)
            except (InvalidRecord, IllegalMove, GameNotAvailable) as e:
                raise Refused("bad_record", {"detail": str(e)}) from None
            job = _Job(record, game, [i for i in indices if i > first], sides, first=first)
            self._jobs[key] = job
            while len(self._jobs) > self.size:
                _, old = self._jobs.popitem(last=False)
                if old.task is not None:
                    old.task.cancel()
            job.task = asyncio.create_task(self._run(job))
        else:
            self._jobs.move_to_end(key)
        return await asyncio.to_thread(_said, job, lang)

    async def close(self) -> None:
        for job in self._jobs.values():
            if job.task is not None:
                job.task.cancel()
                with contextlib.suppress(BaseException):
                    await job.task

    async def _run(self, job: _Job) -> None:
        per = max(1, math.floor(CHUNK_SECONDS / max(self.budget, 0.01)))
        chunks = [job.indices[i : i + per] for i in range(0, len(job.indices), per)]
        try:
            if self.pool is not None:
                # as many parts at a time as there are workers: a bot's decision waits
                # behind one part at most
                width = self.pool.size
                for start in range(0, len(chunks), width):
                    parts = chunks[start : start + width]
                    results = await asyncio.gather(
                        *(self.pool.run("judge", job.record, c, self.budget, 0) for c in parts)
                    )
                    for decisions in results:
                        job.decisions.update((d.index, d) for d in decisions)
            else:
                for chunk in chunks:
                    async with self._threads:
                        decisions = await asyncio.to_thread(
                            judge, job.record, chunk, budget=self.budget
                        )
                    job.decisions.update((d.index, d) for d in decisions)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a record the analysis cannot go through
            log.warning("no review: %s", e)
            job.error = str(e)
        job.done = True


def _prepare(record: dict[str, Any]) -> tuple[Game, list[int], list[list[int]]]:
    """A game of the record's kind, the record's decisions to judge, and its sides
    (the seats of each)."""
    game = new_replay(record)
    sides = game.result()["sides"]
    return game, decision_indices(record), [list(side) for side in sides]


def _said(job: _Job, lang: str) -> dict[str, Any]:
    """A job's state for the review page, in ``lang``."""
    tx = texts(lang)
    say = HintTexts(tx)
    game = job.record["game"]
    decisions = [job.decisions[i] for i in sorted(job.decisions)]
    complete = job.done and job.error is None
    out: dict[str, Any] = {
        "status": "error" if job.error else ("done" if complete else "running"),
        "sides": job.sides,
        "total": len(job.indices),
        "first": job.first,
        "judged": len(decisions),
        "decisions": [_decision(game, d, say) for d in decisions],
        "moves": parsed_decisions(job.game, {m for d in decisions for m in (d.played, d.best)}),
    }
    if job.error:
        out["message"] = tx._("The game could not be analysed: {detail}", detail=job.error)
    if complete:
        analysis = summarise(job.record, decisions)
        out["mistakes"] = {
            str(seat): [d.index for d in ds] for seat, ds in analysis.mistakes.items()
        }
    return out


def _decision(game: str, d: Decision, say: HintTexts) -> dict[str, Any]:
    tx = say.tx
    return {
        "index": d.index,
        "seat": d.seat,
        "played": d.played,
        "best": d.best,
        "played_label": describe_move(game, d.played, tx),
        "best_label": describe_move(game, d.best, tx),
        "cost": d.cost,
        "cost_text": say.cost(d.unit, d.cost) if d.cost > 0 else "",
        "kind": d.kind,
        "kind_text": tx._(KINDS[d.kind]),
        "unit": d.unit,
        "unit_text": say.unit(d.unit),
        "mistake": d.mistake,
        "severity": d.severity,
        "played_value": d.values.get(d.played, d.values.get(d.best, 0.0)),
        "best_value": d.values.get(d.best, 0.0),
        "played_value_text": say.value(d.unit, d.values.get(d.played, 0.0)),
        "best_value_text": say.value(d.unit, d.values.get(d.best, 0.0)),
        "why": say_decision_why(game, d.unit, d.best, d.played, d.values, d.facts, tx),
    }
