"""The live tables: games in memory, their seats, connections and bots.

The server is authoritative. A move is checked and played once, on the live
game, under the table's lock; it is committed to the database together with the
chance events it triggers, and only then does anyone see it (until then the
table is *unsettled*: no frame is built from it). Should the database refuse,
the moves are taken back (``Game.pop``) and nothing happened. Bots play
server-side, one decision at a time, at the table's pace.

Two chance events wait instead of being drawn at once (:func:`chance_waits`):
the deal after a hand's end, so that everyone sees how the hand ended (a human
at the table continues; a table of bots goes on after a few paces), and a
player's own roll of the dice (a person rolls when they ask; a bot rolls at the
table's pace). Whatever the table waits for is in each frame's ``awaits``.

The hub is in parts: the live tables (:mod:`.live`), the moves played at them
(:mod:`.turns`), the draws until a tile fits (:mod:`.draws`) and the undo at
tables of bots (:mod:`.undo`), the frames the
connections are sent (:mod:`.frames`), the bots (:mod:`.tablebots`), the people
taking their seats (:mod:`.arrivals`), the tables kept in memory (:mod:`.upkeep`)
and the other workers (:mod:`.cluster`); this module starts and stops them, loads
and creates the tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

import ludoteca
from ludoteca.bots import available_levels
from ludoteca.game import Game

from .arrivals import Arrivals
from .bots import BotPool
from .broker import Broker
from .cluster import Cluster
from .draws import Draws
from .engines import Engines
from .errors import Refused
from .frames import Frames
from .limits import ClientLimits
from .live import (
    HAND_PAUSE_PACES,
    ID_ALPHABET,
    IDLE_SECONDS,
    INFO_DELAY,
    MAX_LIVE_TABLES,
    TABLE_ID,
    Connection,
    LiveTable,
    draw_chance,
    new_table_id,
    public_options,
    table_summary,
)
from .seating import check_table, seat_plan
from .store import MoveTaken, SeatData, Store, TableData
from .tablebots import TableBots
from .turns import Turns
from .undo import Undo
from .upkeep import Upkeep
from .writer import Writer

__all__ = [
    "HAND_PAUSE_PACES",
    "ID_ALPHABET",
    "INFO_DELAY",
    "Connection",
    "Hub",
    "LiveTable",
    "Refused",
    "new_table_id",
    "public_options",
    "table_summary",
]

log = logging.getLogger("ludoteca.web")

LOBBY_IDLE = 24 * 3600.0
"""An unfinished table where nothing moved and nobody was connected for this long is
no longer listed in the lobby (``ludoteca serve --lobby-idle-hours``)."""


class Hub:
    """Every live table of a server, loaded from and saved to a :class:`Store`."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 1.0,
        hint: Callable[[Game, int], Any] | None = None,
        message_rate: tuple[float, float] = (8.0, 20.0),
        client_limits: ClientLimits | None = None,
        bot_workers: int = 0,
        broker: Broker | None = None,
        engines: Engines | None = None,
        lobby_idle: float | None = LOBBY_IDLE,
    ) -> None:
        self.store = store
        self.engines = engines if engines is not None else Engines()
        """The host's engines, offered beside the bot levels (a seat's level is the name)."""
        self.broker = broker
        """Redis, when several workers share the database (``None``: this one alone)."""
        self.bot_pool = BotPool(bot_workers) if bot_workers > 0 else None
        """Worker processes for the bots (``None``: threads of this process)."""
        self.client_limits = client_limits or ClientLimits(enabled=False)
        self.idle_seconds = IDLE_SECONDS
        self.lobby_idle = lobby_idle
        """Seconds after which an unfinished table where nothing moved and nobody was
        connected leaves the lobby's list (``None``: never)."""
        self.max_live = MAX_LIVE_TABLES
        self._background: set[asyncio.Task[Any]] = set()
        self.writer = Writer(store)
        self.message_rate = message_rate
        """Messages a second per connection, and the burst allowed."""
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self.broken: dict[str, str] = {}
        self._load_lock = asyncio.Lock()
        self.hint_source = hint
        """What gives the hints (``None``: ``ludoteca.hint``, the expert)."""
        self._hints_by_game: dict[str, bool] = {}
        self.closing = False
        """Set once :meth:`close` begins: no new background work starts."""
        self.frames = Frames(self)
        self.bots = TableBots(self)
        self.cluster = Cluster(self)
        self.arrivals = Arrivals(self)
        self.turns = Turns(self)
        self.draws = Draws(self)
        self.undo = Undo(self)
        self.upkeep = Upkeep(self)

    @property
    def hints_available(self) -> bool:
        return self.hint_source is not None or hasattr(ludoteca, "hint")

    def hints_for(self, game: str) -> bool:
        """Whether hints can be given in ``game`` (they come from its expert bot)."""
        if self.hint_source is not None:
            return True
        known = self._hints_by_game.get(game)
        if known is None:
            known = hasattr(ludoteca, "hint") and "expert" in available_levels(game)
            self._hints_by_game[game] = known
        return known

    # ------------------------------------------------------------- lifecycle

    def start(self, *, resume: bool = True) -> None:
        """Start the background work: resuming the bots' tables, evicting idle tables."""
        if self.bot_pool is not None:
            self.bot_pool.start()
        if self.broker is not None:
            self.spawn(self._with_broker(resume))
        elif resume:
            self.spawn(self.resume_bots())
        self.spawn(self.upkeep.sweep())

    async def _with_broker(self, resume: bool) -> None:
        assert self.broker is not None
        await self.broker.start(self.cluster.on_news)
        if resume:  # tables of bots from before: any worker may take them up
            for table_id in await asyncio.to_thread(self.store.unfinished_table_ids, bots=True):
                await self.broker.add_bot_table(table_id)
        await self.cluster.keep_leases()

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def resume_bots(self) -> int:
        """Load the unfinished tables where bots sit and set their bots going; how
        many were loaded. Tables of humans only are loaded when first used."""
        count = 0
        for table_id in await asyncio.to_thread(self.store.unfinished_table_ids, bots=True):
            if self.closing:
                break
            if await self.get(table_id) is not None:
                count += 1
        if count:
            log.info("resumed %d unfinished tables with bots", count)
        return count

    async def close(self) -> None:
        self.closing = True
        for task in list(self._background):
            task.cancel()
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        for table in self.tables.values():
            for conn in list(table.conns):
                conn.stop()
        if self.bot_pool is not None:
            self.bot_pool.close()
        if self.broker is not None:
            for table in self.tables.values():
                if table.leased:
                    with contextlib.suppress(Exception):
                        await self.broker.release(table.id)
            await self.broker.close()
        await asyncio.to_thread(self.engines.close)
        await asyncio.to_thread(self.writer.close)

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, loaded from the database if needed; ``None`` if unknown."""
        if not isinstance(table_id, str) or not TABLE_ID.match(table_id):
            return None
        table = self.tables.get(table_id)
        if table is not None:
            table.used = time.monotonic()
            return table
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            data = await asyncio.to_thread(self.store.load_table, table_id)
            if data is None:
                return None
            try:
                table = await asyncio.to_thread(LiveTable.from_data, data)
                if table.unsettled:  # a chance event was due (it is stored like any move)
                    try:
                        await self.writer.append(
                            table.id,
                            table.stored,
                            [(None, m) for m in table.game.moves_since(table.stored)],
                            over=table.over,
                        )
                        table.stored = len(table.game)
                    except MoveTaken:  # another worker drew it first: take theirs
                        data = await asyncio.to_thread(self.store.load_table, table_id)
                        assert data is not None
                        table = await asyncio.to_thread(LiveTable.from_data, data)
                        if table.unsettled:
                            raise ValueError("a chance event could not be stored") from None
            except (ValueError, ludoteca.GameNotAvailable) as e:
                log.error("table %s cannot be resumed: %s", table_id, e)
                self.broken[table_id] = str(e)
                return None
            self.tables[table_id] = table
        self.bots.kick(table)
        return table

    # -------------------------------------------------------------- creation

    async def create(
        self,
        game_name: Any,
        options: Any,
        seats: Any,
        *,
        creator_name: Any = None,
        bot_delay: Any = None,
        private: Any = False,
    ) -> tuple[LiveTable, dict[str, Any]]:
        """Create a table; returns it and what the creator keeps (token, invitations).

        ``seats`` is a list, one entry per seat: ``{"kind": "you"}``,
        ``{"kind": "human"}`` (an invitation) or ``{"kind": "bot", "level": L}``.
        """
        game_name, options, private, delay = check_table(game_name, options, private, bot_delay)
        if delay is None:
            delay = self.bot_delay
        levels = available_levels(game_name) + self.engines.levels_for(game_name)
        plan, secrets_out = seat_plan(game_name, options, seats, creator_name, levels)
        table = await self._create(
            game_name, options, plan, float(delay), None, not private, host=secrets_out["seat"]
        )
        return table, secrets_out

    async def _create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[SeatData],
        delay: float,
        rematch_of: str | None,
        listed: bool = True,
        *,
        host: int | None = None,
    ) -> LiveTable:
        seed = secrets.randbits(63)
        game = ludoteca.new_game(
            game_name, seed=seed, chance="manual", names=[s.name for s in seats], **options
        )
        # a table with seats for people who have not sat waits for them: nothing is
        # drawn (no deal, no first leader) until it starts
        waiting = any(s.kind == "human" and s.token_hash is None for s in seats)
        if not waiting:
            draw_chance(game)
        data = TableData(
            id=new_table_id(),
            game=game_name,
            options=dict(game.options),
            seed=seed,
            bot_delay=delay,
            over=game.is_over,
            rematch_of=rematch_of,
            listed=listed,
            waiting=waiting,
            host=host,
            seats=list(seats),
            moves=game.moves,
            move_seats=[None] * len(game),
        )
        await self.writer.call(self.store.create_table, data)
        table = LiveTable.of(data, game)
        self.tables[table.id] = table
        if self.broker is not None and any(s.kind == "bot" for s in seats):
            await self.broker.add_bot_table(table.id)
            table.leased = await self.broker.acquire(table.id)
        self.bots.kick(table)
        return table

    # ---------------------------------------------------------------- rematch

    async def rematch(self, table: LiveTable, seat: int | None) -> str:
        """The table of the rematch (created on the first request)."""
        if seat is None:
            raise Refused("spectator")
        if not table.over:
            raise Refused("not_over")
        async with table.lock:
            if table.rematch is None:
                seats = [dataclasses.replace(s) for s in table.seats]
                new = await self._create(
                    table.game_name,
                    table.options,
                    seats,
                    table.bot_delay,
                    table.id,
                    table.listed,
                    host=table.host,
                )
                table.rematch = new.id
                if self.broker is not None:
                    await self.broker.publish(table.id, {"kind": "rematch", "table": new.id})
        for conn in list(table.conns):
            conn.send({"type": "rematch", "table": table.rematch})
        return table.rematch
