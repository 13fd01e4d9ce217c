"""Several workers on one database: the news of other workers' moves, catching
up with what is stored, and the leases of the tables' bots (Redis)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from .broker import LEASE_ROUND
from .hubpart import HubPart
from .live import (
    LEASES_PER_ROUND,
    LiveTable,
)

log = logging.getLogger("ludoteca.web")


class Cluster(HubPart):
    """The hub's news to and from the other workers sharing its tables."""

    # ------------------------------------------------------- several workers

    async def on_news(self, table_id: str, news: dict[str, Any]) -> None:
        """Another worker changed a table (or this one: its own news come back too)."""
        table = self.hub.tables.get(table_id)
        if table is None:
            return  # not in memory here: it loads as it is stored when first used
        kind = news.get("kind")
        if kind == "moves":
            start = int(news["from"])
            if start + len(news["moves"]) <= table.n:
                return  # known already
            if start != table.n:
                await self.catch_up(table)
                return
            async with table.lock:
                if start != table.n:
                    return
                for _, move in news["moves"]:
                    table.game.play(move)
                table.stored = len(table.game)
                table.over = table.game.is_over
            self.hub.frames.broadcast(table, last=news.get("last"))
            self.hub.bots.kick(table)
        elif kind == "seats":
            async with table.lock:
                await self._read_seats(table)
                await self._read_moves(table)
            self.hub.frames.broadcast(table)
            self.hub.bots.kick(table)
        elif kind == "undo":  # moves taken back: the table as stored
            async with table.lock:
                keep = int(news["to"])
                while len(table.game) > keep:
                    table.game.pop()
                table.stored = len(table.game)
                await self._read_moves(table)
                self.hub.undo.restart_views(table)
            self.hub.frames.broadcast(table)
            self.hub.bots.kick(table)
        elif kind == "rematch":
            table.rematch = str(news["table"])
            for conn in list(table.conns):
                conn.send({"type": "rematch", "table": table.rematch})

    async def refresh(self, table: LiveTable) -> None:
        """With several workers: bring the table up to what is stored (before a
        connection's first state, so nobody starts from a stale table)."""
        if self.hub.broker is not None:
            await self.catch_up(table)

    async def catch_up(self, table: LiveTable, *, locked: bool = False) -> None:
        """Play the moves stored since this worker's copy of the table, then tell
        the connections."""
        if not locked:
            async with table.lock:
                moved = await self._read_moves(table)
        else:
            moved = await self._read_moves(table)
        if moved:
            self.hub.frames.broadcast(table)
            self.hub.bots.kick(table)

    async def _read_seats(self, table: LiveTable) -> None:
        """Who sits where as stored, and whether the table still waits for its players
        (the table's lock held)."""
        seats, _, waiting = await asyncio.to_thread(self.hub.store.seats_of, table.id)
        table.seats = seats
        table.game.names = [s.name for s in seats]
        table.waiting = waiting

    async def _read_moves(self, table: LiveTable) -> bool:
        if table.waiting:  # started by another worker? then its seats changed too
            await self._read_seats(table)
        missed = await asyncio.to_thread(self.hub.store.moves_since, table.id, table.n)
        for _, move in missed:
            table.game.play(move)
        table.stored = len(table.game)
        table.over = table.game.is_over
        return bool(missed)

    async def keep_leases(self) -> None:
        """Twice a second: renew this worker's leases, take up the bots of tables
        whose lease ran out (their worker died), give up finished tables."""
        assert self.hub.broker is not None
        broker = self.hub.broker
        while not self.hub.closing:
            try:
                held = [t for t in self.hub.tables.values() if t.leased]
                for table in held:
                    if table.over:
                        table.leased = False
                        await broker.remove_bot_table(table.id)
                        await broker.release(table.id)
                lost = await broker.renew([t.id for t in held if t.leased])
                for table_id in lost:
                    gone = self.hub.tables.get(table_id)
                    if gone is not None:
                        gone.leased = False
                        if gone.bot_task is not None:
                            gone.bot_task.cancel()
                free = await broker.unleased(await broker.bot_tables())
                for table_id in free[:LEASES_PER_ROUND]:
                    if self.hub.closing or not await broker.acquire(table_id):
                        continue
                    taken = await self.hub.get(table_id)
                    if taken is None or taken.over:
                        await broker.remove_bot_table(table_id)
                        await broker.release(table_id)
                        continue
                    taken.leased = True
                    await self.catch_up(taken)
                    self.hub.bots.kick(taken)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the bots' leases could not be kept up; trying again")
            await asyncio.sleep(LEASE_ROUND)
