"""The upkeep of the live tables: those nobody uses leave memory (they load again on
first use), and the tables where someone is connected are noted as alive now and
then, for the lobby to tell the tables left idle."""

from __future__ import annotations

import asyncio
import logging
import time

from .hubpart import HubPart
from .live import LiveTable

__all__ = ["SEEN_EVERY", "Upkeep"]

log = logging.getLogger("ludoteca.web")

SEEN_EVERY = 300.0
"""Seconds between two notes that someone is connected to a table."""


class Upkeep(HubPart):
    """The hub's tables kept: evicted when idle, noted when in use."""

    async def sweep(self) -> None:
        """Now and then, until the hub closes: evict the tables nobody uses, and note
        those where someone has been connected all along."""
        hub = self.hub
        while not hub.closing:
            await asyncio.sleep(min(30.0, max(0.05, hub.idle_seconds / 4)))
            self.evict()
            for table in list(hub.tables.values()):
                if table.conns:
                    self.note_seen(table)

    def note_seen(self, table: LiveTable) -> None:
        """Someone is (or was just) connected to the table: stored now and then
        (at most every :data:`SEEN_EVERY` seconds), for the lobby to tell the tables
        left idle (:attr:`.Hub.lobby_idle`)."""
        now = time.monotonic()
        if self.hub.closing or now - table.seen_noted < SEEN_EVERY:
            return
        table.seen_noted = now
        self.hub.spawn(self._note_seen(table.id))

    async def _note_seen(self, table_id: str) -> None:
        hub = self.hub
        try:
            await hub.writer.call(hub.store.note_seen, [table_id])
        except Exception:  # only the lobby's list reads it: never worth a failure
            log.warning("could not note that table %s is in use", table_id)

    def evict(self) -> int:
        """Drop from memory the tables nobody uses: finished or idle, with no
        connection and no bot at work (they load again on first use); also the
        least recently used beyond :attr:`.Hub.max_live`. How many were dropped."""
        hub = self.hub
        now = time.monotonic()
        idle = [
            t
            for t in hub.tables.values()
            if _unused(t) and (t.over or (now - t.used > hub.idle_seconds and not t.leased))
        ]
        dropped = {t.id for t in idle}
        excess = len(hub.tables) - len(dropped) - hub.max_live
        if excess > 0:
            spare = sorted(
                (
                    t
                    for t in hub.tables.values()
                    if t.id not in dropped and _unused(t) and not t.leased
                ),
                key=lambda t: t.used,
            )
            dropped.update(t.id for t in spare[:excess])
        for table_id in dropped:
            del hub.tables[table_id]
        return len(dropped)


def _unused(table: LiveTable) -> bool:
    """Nobody connected, no bot at work, no action under way."""
    return (
        not table.conns
        and (table.bot_task is None or table.bot_task.done())
        and not table.lock.locked()
    )
