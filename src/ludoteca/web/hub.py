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

The hub is in parts: the live tables (:mod:`.live`), the frames the connections
are sent (:mod:`.frames`), the bots (:mod:`.tablebots`), the people taking their
seats (:mod:`.arrivals`) and the other workers (:mod:`.cluster`); this module loads,
creates and moves the tables.
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
from ludoteca.errors import IllegalMove
from ludoteca.game import Game

from .arrivals import Arrivals
from .bots import BotPool
from .broker import Broker
from .cluster import Cluster
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
    check_seen,
    draw_chance,
    draw_one,
    new_table_id,
    public_options,
    table_summary,
)
from .seating import check_table, seat_plan
from .store import MoveTaken, SeatData, Store
from .tablebots import TableBots
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
SEEN_EVERY = 300.0
"""Seconds between two notes that someone is connected to a table."""
DRAW_PACE = 0.25
"""Most seconds between two draws of a player drawing until a tile fits (the
table's pace when it is quicker): the table sees them come one by one."""


def _is_draw(game: Game, move: str) -> bool:
    """Whether ``move`` is a draw of ``game``'s kind (whether it is allowed now is
    :meth:`Game.play`'s question)."""
    try:
        return game.parse(move).kind == "draw"
    except IllegalMove:
        return True  # not a move at all: the game's refusal says so


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
            self._spawn(self._with_broker(resume))
        elif resume:
            self._spawn(self.resume_bots())
        self._spawn(self._sweeper())

    async def _with_broker(self, resume: bool) -> None:
        assert self.broker is not None
        await self.broker.start(self.cluster.on_news)
        if resume:  # tables of bots from before: any worker may take them up
            for table_id in await asyncio.to_thread(self.store.unfinished_table_ids, bots=True):
                await self.broker.add_bot_table(table_id)
        await self.cluster.keep_leases()

    def _spawn(self, coro: Any) -> None:
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

    async def _sweeper(self) -> None:
        while not self.closing:
            await asyncio.sleep(min(30.0, max(0.05, self.idle_seconds / 4)))
            self.evict()
            for table in list(self.tables.values()):
                if table.conns:  # someone has been there all along
                    self.note_seen(table)

    def note_seen(self, table: LiveTable) -> None:
        """Someone is (or was just) connected to the table: stored now and then
        (at most every :data:`SEEN_EVERY` seconds), for the lobby to tell the tables
        left idle (:attr:`lobby_idle`)."""
        now = time.monotonic()
        if self.closing or now - table.seen_noted < SEEN_EVERY:
            return
        table.seen_noted = now
        self._spawn(self._note_seen(table.id))

    async def _note_seen(self, table_id: str) -> None:
        try:
            await self.writer.call(self.store.note_seen, [table_id])
        except Exception:  # only the lobby's list reads it: never worth a failure
            log.warning("could not note that table %s is in use", table_id)

    def evict(self) -> int:
        """Drop from memory the tables nobody uses: finished or idle, with no
        connection and no bot at work (they load again on first use); also the
        least recently used beyond :attr:`max_live`. How many were dropped."""
        now = time.monotonic()
        idle = [
            t
            for t in self.tables.values()
            if not t.conns
            and (t.bot_task is None or t.bot_task.done())
            and not t.lock.locked()
            and (t.over or (now - t.used > self.idle_seconds and not t.leased))
        ]
        dropped = {t.id for t in idle}
        excess = len(self.tables) - len(dropped) - self.max_live
        if excess > 0:
            spare = sorted(
                (
                    t
                    for t in self.tables.values()
                    if t.id not in dropped
                    and not t.conns
                    and not t.leased
                    and not t.lock.locked()
                    and (t.bot_task is None or t.bot_task.done())
                ),
                key=lambda t: t.used,
            )
            dropped.update(t.id for t in spare[:excess])
        for table_id in dropped:
            del self.tables[table_id]
        return len(dropped)

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
        table_id = new_table_id()
        moves = game.moves
        await self.writer.call(
            self.store.create_table,
            table_id=table_id,
            game=game_name,
            options=dict(game.options),
            seed=seed,
            bot_delay=delay,
            seats=seats,
            moves=[(None, m) for m in moves],
            over=game.is_over,
            rematch_of=rematch_of,
            listed=listed,
            waiting=waiting,
            host=host,
        )
        table = LiveTable(
            id=table_id,
            game_name=game_name,
            options=dict(game.options),
            bot_delay=delay,
            seats=list(seats),
            game=game,
            stored=len(moves),
            over=game.is_over,
            rematch_of=rematch_of,
            listed=listed,
            waiting=waiting,
            host=host,
        )
        self.tables[table_id] = table
        if self.broker is not None and any(s.kind == "bot" for s in seats):
            await self.broker.add_bot_table(table_id)
            table.leased = await self.broker.acquire(table_id)
        self.bots.kick(table)
        return table

    # ------------------------------------------------------------------ moves

    async def play(
        self,
        table: LiveTable,
        seat: int | None,
        move: Any,
        seen: Any = None,
        *,
        until_fits: bool = False,
    ) -> None:
        """Play ``move`` for ``seat``: checked, committed, then broadcast.

        ``Refused`` (nothing changes) if it is not that seat's legal move now.
        With ``until_fits`` the move is a draw, played again and again while it is
        still the seat's only legal move (Five-Up: until a tile fits, or the stock
        is down to the tiles never drawn): each draw is a move of the record of its
        own, stored before the frame that shows it is sent, at the table's pace (at
        most :data:`DRAW_PACE` seconds apart). Each frame's ``last`` then says
        ``more``: whether another draw follows.
        """
        if seat is None:
            raise Refused("spectator")
        if not isinstance(move, str) or not move.strip() or len(move) > 120:
            raise Refused("bad_move_text")
        check_seen(seen)
        async with table.lock:
            game = table.game
            if table.waiting:
                raise Refused("waiting")
            if game.is_over:
                raise Refused("game_over")
            if seen is not None and seen != table.n:
                raise Refused("stale")
            if game.to_move != seat:
                raise Refused("not_your_turn", {"name": self.frames.acting_name(table)})
            if until_fits and not _is_draw(game, move):
                raise Refused("until_fits")
            while True:
                before, pairs = await self._play_one(table, seat, move)
                last: dict[str, Any] = {"seat": seat, "move": pairs[0][1]}
                if not until_fits:
                    break
                last["more"] = (
                    not game.is_over
                    and game.to_move == seat
                    and game.legal_moves() == [pairs[0][1]]
                )
                if not last["more"]:
                    break
                await self.tell_moved(table, before, pairs, last)
                pace = min(table.bot_delay, DRAW_PACE)
                if pace > 0:
                    await asyncio.sleep(pace)
        await self.tell_moved(table, before, pairs, last)

    async def _play_one(
        self, table: LiveTable, seat: int, move: str
    ) -> tuple[int, list[tuple[int | None, str]]]:
        """Play and store one move of ``seat`` (the table's lock held), with the chance
        events that follow it; the move count before, and the moves."""
        game = table.game
        # the move is played once, on the live game: nobody sees it until it is
        # stored (the table is unsettled meanwhile), and it is taken back if not
        before = table.n
        try:
            game.play(move)
        except IllegalMove as e:  # the game is left as it was
            raise Refused(
                "illegal",
                {
                    "move": move,
                    "game": table.game_name,
                    "refusal": e.code,
                    "params": e.params,
                    "seat": seat,
                    "names": [s.name for s in table.seats],
                    "levels": [s.level if s.kind == "bot" else None for s in table.seats],
                },
            ) from None
        draw_chance(game)
        new = game.moves_since(before)
        pairs: list[tuple[int | None, str]] = [(seat, new[0])]
        pairs += [(None, m) for m in new[1:]]
        await self._store(table, pairs, urgent=table.seats[seat].kind != "bot")
        return before, pairs

    async def roll(self, table: LiveTable, seat: int | None, seen: Any = None) -> None:
        """Roll ``seat``'s dice, due now (a chance event the server draws when the
        player asks); ``Refused`` if no roll of that seat is due."""
        if seat is None:
            raise Refused("spectator")
        check_seen(seen)
        async with table.lock:
            if table.waiting:
                raise Refused("waiting")
            if table.game.is_over:
                raise Refused("game_over")
            if seen is not None and seen != table.n:
                raise Refused("stale")
            if table.game.to_roll != seat:
                raise Refused("not_your_roll", {"name": self.frames.acting_name(table)})
            before, pairs = await self.draw_waiting(table)
        await self.tell_moved(table, before, pairs, None)

    async def go_on(self, table: LiveTable, seat: int | None, seen: Any = None) -> bool:
        """A player has seen the end of the hand: the next hand is dealt.

        Whether it was dealt now: a message that comes after the deal (another
        player continued first) or made on an older state changes nothing.
        """
        if seat is None:
            raise Refused("spectator")
        check_seen(seen)
        async with table.lock:
            if table.waiting:
                raise Refused("waiting")
            if table.game.next_step().kind != "deal" or (seen is not None and seen != table.n):
                return False
            before, pairs = await self.draw_waiting(table)
        await self.tell_moved(table, before, pairs, None)
        return True

    async def draw_waiting(
        self, table: LiveTable, *, urgent: bool = True
    ) -> tuple[int, list[tuple[int | None, str]]]:
        """Draw and store the chance event that waited, and those after it that do
        not wait (the table's lock held); the move count before, and the moves
        (``urgent``: a person asked, see :meth:`Writer.append`)."""
        before = table.n
        draw_one(table.game)
        pairs: list[tuple[int | None, str]] = [(None, m) for m in table.game.moves_since(before)]
        await self._store(table, pairs, urgent=urgent)
        return before, pairs

    async def _store(
        self, table: LiveTable, pairs: list[tuple[int | None, str]], *, urgent: bool
    ) -> None:
        """Store the moves the game made since the last stored (the table's lock
        held, the table unsettled); ``Refused`` if they cannot be, and the game
        takes them back: nothing changed."""
        game = table.game
        try:
            await self.writer.append(
                table.id, table.stored, pairs, over=game.is_over, urgent=urgent
            )
        except Exception as e:
            while len(game) > table.stored:
                game.pop()
            if isinstance(e, MoveTaken):  # another worker stored a move first: catch up
                await self.cluster.catch_up(table, locked=True)
                raise Refused("stale") from None
            log.exception("could not store a move of table %s", table.id)
            raise Refused("storage", {"detail": type(e).__name__}, status=503) from None
        table.stored = len(game)
        table.over = game.is_over

    async def tell_moved(
        self,
        table: LiveTable,
        before: int,
        pairs: list[tuple[int | None, str]],
        last: dict[str, Any] | None,
    ) -> None:
        """Tell everyone what was stored: the connections, the bots, the other workers."""
        self.frames.broadcast(table, last=last)
        self.bots.kick(table)
        if self.broker is not None:
            news = {"kind": "moves", "from": before, "moves": pairs, "last": last}
            await self.broker.publish(table.id, news)

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
