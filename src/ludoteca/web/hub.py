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
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import random
import re
import secrets
import string
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

import ludoteca
from ludoteca.bots import available_levels
from ludoteca.bots.base import Bot, choose_move
from ludoteca.errors import IllegalMove
from ludoteca.game import Game
from ludoteca.i18n.table import said
from ludoteca.i18n.voice import Voice
from ludoteca.i18n.words import Words
from ludoteca.registry import available_games, game_class

from .bots import BotPool, make_level_bot
from .broker import LEASE_ROUND, Broker
from .engines import Engines
from .errors import Refused
from .guard import check_options, check_text
from .i18n import describe
from .limits import ClientLimits
from .moves import parsed_decisions, tries
from .store import MoveTaken, SeatData, Store, TableData, hash_secret
from .writer import Writer

__all__ = ["Connection", "Hub", "LiveTable", "Refused"]

log = logging.getLogger("ludoteca.web")

IDLE_SECONDS = 600.0
"""A table nobody has used for this long leaves memory (it loads again on first use)."""
LEASES_PER_ROUND = 200
"""Most tables whose bots a worker takes up in one round of its leases."""
INFO_DELAY = 0.5
"""Seconds within which changes of who sits and watches are sent together."""
MAX_LIVE_TABLES = 5000
"""Most tables kept in memory; beyond, the least recently used idle ones leave."""

HAND_PAUSE_PACES = 3.0
"""At a table of bots the end of a hand stays this many paces (``bot_delay``) before the deal."""

MAX_NAME = 24
_NAME_OK = re.compile(r"^[^\x00-\x1f\x7f<>]+$")
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{4,40}$")


class Sender(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Connection:
    """One WebSocket: who it is (a seat or a spectator), its language, its outbox."""

    QUEUE_LIMIT = 200

    def __init__(self, sender: Sender, *, lang: str = "en") -> None:
        self.sender = sender
        self.seat: int | None = None
        self.lang = lang
        self.ready = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.hint_busy = False
        self.sent_n: int | None = None
        """The move count of the state this connection was last sent (``None``: none yet)."""
        self.info_rev = -1

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (JSON) without waiting; a client too slow to keep up is dropped."""
        if self.closed:
            return
        if self.queue.qsize() >= self.QUEUE_LIMIT:
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message if isinstance(message, str) else to_json(message))

    async def writer(self) -> None:
        """Send queued messages in order until closed."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.sender.send_text(text)
        except Exception:  # the peer went away
            pass
        finally:
            self.closed = True
            with contextlib.suppress(Exception):
                await self.sender.close(1000)

    def stop(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)


@dataclass
class LiveTable:
    """A table in play: its stored data, its game and who is watching."""

    id: str
    game_name: str
    options: dict[str, Any]
    bot_delay: float
    seats: list[SeatData]
    game: Game
    stored: int
    """How many of the game's moves are stored: those everyone may see."""
    over: bool
    rematch: str | None = None
    rematch_of: str | None = None
    listed: bool = True
    conns: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    hint_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    used: float = field(default_factory=time.monotonic)
    """When the table was last asked for (``time.monotonic()``)."""
    info_text: str = ""
    info_rev: int = 0
    """The table's info as last sent, and its revision."""
    info_pending: bool = False
    leased: bool = False
    """Whether this worker holds the lease of the table's bots (with a broker)."""
    sent_views: dict[int | None, tuple[int, dict[str, str], dict[str, int]]] = field(
        default_factory=dict
    )
    """Per seat, the last view sent in deltas: its move count, its keys as JSON, and the
    lengths of its appended lists (:data:`APPENDED`)."""

    @property
    def n(self) -> int:
        """How many moves the table has, as everyone sees them (chance events included)."""
        return self.stored

    @property
    def unsettled(self) -> bool:
        """Whether the game holds moves not stored yet (no frame is built from it then)."""
        return len(self.game) != self.stored


ID_ALPHABET = string.ascii_letters + string.digits
ID_LENGTH = 10


GROWING = ("log", "events")
"""The view's lists that only grow, a move's entries never changing: a delta carries
their entries of the moves since ``log_from``, not the whole list."""

APPENDED = ("log_seats", "hands_played", "score_events", "set_events")
"""The view's other lists that only grow, their items never changing: a delta carries
the items added since the view it follows (``append``)."""


def to_json(value: Any, *, sort_keys: bool = False) -> str:
    """``value`` as JSON text (UTF-8, not escaped), as every frame is written: orjson,
    about ten times faster than the standard library's encoder on a view."""
    option = orjson.OPT_NON_STR_KEYS | (orjson.OPT_SORT_KEYS if sort_keys else 0)
    return orjson.dumps(value, option=option).decode()


def new_table_id() -> str:
    """A table id: :data:`ID_LENGTH` characters drawn uniformly from letters and digits."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


@functools.lru_cache(maxsize=65536)
def label(game: str, move: str, lang: str) -> str:
    """A move said in words (the last words said are kept: a table says the same
    moves again and again)."""
    return describe(game, move, lang)


_CHANCE = random.SystemRandom()


def chance_waits(game: Game) -> bool:
    """Whether the chance event due now waits: the deal after a hand's end, or a
    player's own roll (:meth:`ludoteca.Game.next_step`)."""
    return game.next_step().kind in ("deal", "roll")


def draw_chance(game: Game) -> None:
    """Play the chance events due now that do not wait (:func:`chance_waits`),
    drawn by the server.

    Live games are kept with ``chance="manual"``: every chance event is drawn here
    and stored like a move, so any copy of the game (another worker's too) takes
    the same ones from the database.
    """
    while game.next_step().kind == "chance":
        game.play(game.sample_chance(_CHANCE))


def draw_one(game: Game) -> None:
    """Play the chance event due now (one that waited), then those due after it that
    do not wait."""
    game.play(game.sample_chance(_CHANCE))
    draw_chance(game)


def drawing_copy(game: Game) -> Game:
    """A copy that draws its own chance events, for bots and hints to search with."""
    copy = game.copy()
    copy.chance_mode = "auto"
    return copy


def _check_seen(seen: Any) -> None:
    """``n``, the move count a message was made on, is a whole number (or absent)."""
    if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
        raise Refused("bad_message", {"detail": "n must be a whole number"})


def _bot_name(level: str, seat: int) -> str:
    return f"Bot {seat + 1} ({level})"


def _placeholder(seat: int) -> str:
    return f"Player {seat + 1}"


def clean_name(name: Any) -> str:
    """A display name, trimmed; ``Refused`` if empty, too long or odd."""
    if not isinstance(name, str):
        raise Refused("bad_name", {"max": MAX_NAME})
    clean: str = " ".join(check_text(name).split())
    if not clean or len(clean) > MAX_NAME or not _NAME_OK.match(clean):
        raise Refused("bad_name", {"max": MAX_NAME})
    return clean


def best_level(game: str) -> str:
    """The strongest bot level built for ``game``."""
    return available_levels(game)[-1]


def public_options(game: str) -> list[dict[str, Any]]:
    """The options of ``game`` as data for the lobby."""
    out = []
    for spec in game_class(game).option_specs.values():
        kind = "bool" if spec.kind is bool else "int" if spec.kind is int else "str"
        out.append(
            {
                "name": spec.name,
                "default": spec.default,
                "doc": spec.doc,
                "kind": kind,
                "choices": list(spec.choices) if spec.choices is not None else None,
                "minimum": spec.minimum,
                "maximum": spec.maximum,
            }
        )
    return out


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
        self.max_live = MAX_LIVE_TABLES
        self._background: set[asyncio.Task[Any]] = set()
        self.writer = Writer(store)
        self.message_rate = message_rate
        """Messages a second per connection, and the burst allowed."""
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self.broken: dict[str, str] = {}
        self._load_lock = asyncio.Lock()
        self._hint = hint
        self._hints_by_game: dict[str, bool] = {}
        self._closing = False

    @property
    def hints_available(self) -> bool:
        return self._hint is not None or hasattr(ludoteca, "hint")

    def hints_for(self, game: str) -> bool:
        """Whether hints can be given in ``game`` (they come from its expert bot)."""
        if self._hint is not None:
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
        await self.broker.start(self._on_news)
        if resume:  # tables of bots from before: any worker may take them up
            for table_id in await asyncio.to_thread(self.store.unfinished_table_ids, bots=True):
                await self.broker.add_bot_table(table_id)
        await self._leases()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def resume_bots(self) -> int:
        """Load the unfinished tables where bots sit and set their bots going; how
        many were loaded. Tables of humans only are loaded when first used."""
        count = 0
        for table_id in await asyncio.to_thread(self.store.unfinished_table_ids, bots=True):
            if self._closing:
                break
            if await self.get(table_id) is not None:
                count += 1
        if count:
            log.info("resumed %d unfinished tables with bots", count)
        return count

    async def _sweeper(self) -> None:
        while not self._closing:
            await asyncio.sleep(min(30.0, max(0.05, self.idle_seconds / 4)))
            self.evict()

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
        self._closing = True
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
                table = await asyncio.to_thread(self._rebuild, data)
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
                        table = await asyncio.to_thread(self._rebuild, data)
                        if table.unsettled:
                            raise ValueError("a chance event could not be stored") from None
            except (ValueError, ludoteca.GameNotAvailable) as e:
                log.error("table %s cannot be resumed: %s", table_id, e)
                self.broken[table_id] = str(e)
                return None
            self.tables[table_id] = table
        self.kick(table)
        return table

    def _rebuild(self, data: TableData) -> LiveTable:
        names = [s.name for s in data.seats]
        record = {
            "format": ludoteca.RECORD_FORMAT,
            "game": data.game,
            "options": data.options,
            "players": names,
            "moves": data.moves,
        }
        game = ludoteca.replay(record)
        draw_chance(game)  # the events due now: stored before anyone sees the table
        return LiveTable(
            id=data.id,
            game_name=data.game,
            options=dict(game.options),
            bot_delay=data.bot_delay,
            seats=data.seats,
            game=game,
            stored=len(data.moves),
            over=game.is_over,
            rematch=data.rematch,
            rematch_of=data.rematch_of,
            listed=data.listed,
        )

    # ------------------------------------------------------- several workers

    async def _on_news(self, table_id: str, news: dict[str, Any]) -> None:
        """Another worker changed a table (or this one: its own news come back too)."""
        table = self.tables.get(table_id)
        if table is None:
            return  # not in memory here: it loads as it is stored when first used
        kind = news.get("kind")
        if kind == "moves":
            start = int(news["from"])
            if start + len(news["moves"]) <= table.n:
                return  # known already
            if start != table.n:
                await self._catch_up(table)
                return
            async with table.lock:
                if start != table.n:
                    return
                for _, move in news["moves"]:
                    table.game.play(move)
                table.stored = len(table.game)
                table.over = table.game.is_over
            self.broadcast(table, last=news.get("last"))
            self.kick(table)
        elif kind == "seats":
            seats, _ = await asyncio.to_thread(self.store.seats_of, table.id)
            async with table.lock:
                table.seats = seats
                table.game.names = [s.name for s in seats]
            self.broadcast(table)
        elif kind == "rematch":
            table.rematch = str(news["table"])
            for conn in list(table.conns):
                conn.send({"type": "rematch", "table": table.rematch})

    async def refresh(self, table: LiveTable) -> None:
        """With several workers: bring the table up to what is stored (before a
        connection's first state, so nobody starts from a stale table)."""
        if self.broker is not None:
            await self._catch_up(table)

    async def _catch_up(self, table: LiveTable, *, locked: bool = False) -> None:
        """Play the moves stored since this worker's copy of the table, then tell
        the connections."""
        if not locked:
            async with table.lock:
                moved = await self._read_moves(table)
        else:
            moved = await self._read_moves(table)
        if moved:
            self.broadcast(table)
            self.kick(table)

    async def _read_moves(self, table: LiveTable) -> bool:
        missed = await asyncio.to_thread(self.store.moves_since, table.id, table.n)
        for _, move in missed:
            table.game.play(move)
        table.stored = len(table.game)
        table.over = table.game.is_over
        return bool(missed)

    async def _leases(self) -> None:
        """Twice a second: renew this worker's leases, take up the bots of tables
        whose lease ran out (their worker died), give up finished tables."""
        assert self.broker is not None
        broker = self.broker
        while not self._closing:
            try:
                held = [t for t in self.tables.values() if t.leased]
                for table in held:
                    if table.over:
                        table.leased = False
                        await broker.remove_bot_table(table.id)
                        await broker.release(table.id)
                lost = await broker.renew([t.id for t in held if t.leased])
                for table_id in lost:
                    gone = self.tables.get(table_id)
                    if gone is not None:
                        gone.leased = False
                        if gone.bot_task is not None:
                            gone.bot_task.cancel()
                free = await broker.unleased(await broker.bot_tables())
                for table_id in free[:LEASES_PER_ROUND]:
                    if self._closing or not await broker.acquire(table_id):
                        continue
                    taken = await self.get(table_id)
                    if taken is None or taken.over:
                        await broker.remove_bot_table(table_id)
                        await broker.release(table_id)
                        continue
                    taken.leased = True
                    await self._catch_up(taken)
                    self.kick(taken)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the bots' leases could not be kept up; trying again")
            await asyncio.sleep(LEASE_ROUND)

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
        if not isinstance(game_name, str) or game_name not in ludoteca.GAMES:
            raise Refused("unknown_game", {"game": str(game_name)[:40]})
        if game_name not in available_games():
            raise Refused("game_not_built", {"game": game_name})
        options = check_options(game_name, options)
        if private is None:
            private = False
        if not isinstance(private, bool):
            raise Refused("bad_private")
        delay = self.bot_delay if bot_delay is None else bot_delay
        if not isinstance(delay, int | float) or isinstance(delay, bool) or not 0 <= delay <= 10:
            raise Refused("bad_delay")
        try:
            n = ludoteca.game_type(game_name, **options).num_seats
        except ValueError as e:
            raise Refused("bad_options", {"detail": str(e)}) from None
        if not isinstance(seats, list) or len(seats) != n:
            raise Refused("bad_seats", {"count": n})
        levels = available_levels(game_name) + self.engines.levels_for(game_name)
        kinds = [spec.get("kind") if isinstance(spec, dict) else None for spec in seats]
        if any(k not in ("you", "human", "bot") for k in kinds):
            raise Refused("bad_seats", {"count": n})
        if kinds.count("you") > 1:
            raise Refused("one_seat_each")
        plan: list[SeatData] = []
        secrets_out: dict[str, Any] = {"seat": None, "token": None, "invites": {}}
        for i, spec in enumerate(seats):
            kind = spec.get("kind")
            if kind == "you":
                token = secrets.token_urlsafe(24)
                plan.append(
                    SeatData(i, "human", None, clean_name(creator_name), None, hash_secret(token))
                )
                secrets_out["seat"] = i
                secrets_out["token"] = token
            elif kind == "human":
                invite = secrets.token_urlsafe(12)
                plan.append(SeatData(i, "human", None, _placeholder(i), hash_secret(invite), None))
                secrets_out["invites"][str(i)] = invite
            else:
                level = spec.get("level") or best_level(game_name)
                if level not in levels:
                    raise Refused("bad_level", {"level": str(level)[:20], "levels": levels})
                plan.append(SeatData(i, "bot", level, _bot_name(level, i), None, None))
        table = await self._create(game_name, options, plan, float(delay), None, not private)
        return table, secrets_out

    async def _create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[SeatData],
        delay: float,
        rematch_of: str | None,
        listed: bool = True,
    ) -> LiveTable:
        seed = secrets.randbits(63)
        game = ludoteca.new_game(
            game_name, seed=seed, chance="manual", names=[s.name for s in seats], **options
        )
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
        )
        self.tables[table_id] = table
        if self.broker is not None and any(s.kind == "bot" for s in seats):
            await self.broker.add_bot_table(table_id)
            table.leased = await self.broker.acquire(table_id)
        self.kick(table)
        return table

    async def join(self, table: LiveTable, seat: Any, invite: Any, name: Any) -> str:
        """Take a free human seat with its invitation; returns the seat's token."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise Refused("bad_seat", {"count": len(table.seats)})
        display = clean_name(name)
        info = table.seats[seat]
        if info.kind != "human":
            raise Refused("seat_is_bot", status=409)
        if info.token_hash is not None:
            raise Refused("seat_taken", status=409)
        if not isinstance(invite, str) or info.invite_hash != hash_secret(invite):
            raise Refused("bad_invite", status=403)
        token = secrets.token_urlsafe(24)
        async with table.lock:
            claimed = await self.writer.call(
                self.store.claim_seat,
                table.id,
                seat,
                hash_secret(invite),
                display,
                hash_secret(token),
            )
            if not claimed:
                raise Refused("seat_taken", status=409)
            info.name = display
            info.token_hash = hash_secret(token)
            table.game.names = [s.name for s in table.seats]
        self.broadcast(table)
        if self.broker is not None:
            await self.broker.publish(table.id, {"kind": "seats"})
        return token

    def seat_of_token(self, table: LiveTable, token: Any) -> int | None:
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        h = hash_secret(token)
        for s in table.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return s.seat
        return None

    # ------------------------------------------------------------------ moves

    async def play(self, table: LiveTable, seat: int | None, move: Any, seen: Any = None) -> None:
        """Play ``move`` for ``seat``: checked, committed, then broadcast.

        ``Refused`` (nothing changes) if it is not that seat's legal move now.
        """
        if seat is None:
            raise Refused("spectator")
        if not isinstance(move, str) or not move.strip() or len(move) > 120:
            raise Refused("bad_move_text")
        _check_seen(seen)
        async with table.lock:
            game = table.game
            if game.is_over:
                raise Refused("game_over")
            if seen is not None and seen != table.n:
                raise Refused("stale")
            if game.to_move != seat:
                raise Refused("not_your_turn", {"name": self._acting_name(table)})
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
        await self._moved(table, before, pairs, {"seat": seat, "move": new[0]})

    async def roll(self, table: LiveTable, seat: int | None, seen: Any = None) -> None:
        """Roll ``seat``'s dice, due now (a chance event the server draws when the
        player asks); ``Refused`` if no roll of that seat is due."""
        if seat is None:
            raise Refused("spectator")
        _check_seen(seen)
        async with table.lock:
            if table.game.is_over:
                raise Refused("game_over")
            if seen is not None and seen != table.n:
                raise Refused("stale")
            if table.game.to_roll != seat:
                raise Refused("not_your_roll", {"name": self._acting_name(table)})
            before, pairs = await self._draw(table)
        await self._moved(table, before, pairs, None)

    async def go_on(self, table: LiveTable, seat: int | None, seen: Any = None) -> bool:
        """A player has seen the end of the hand: the next hand is dealt.

        Whether it was dealt now: a message that comes after the deal (another
        player continued first) or made on an older state changes nothing.
        """
        if seat is None:
            raise Refused("spectator")
        _check_seen(seen)
        async with table.lock:
            if table.game.next_step().kind != "deal" or (seen is not None and seen != table.n):
                return False
            before, pairs = await self._draw(table)
        await self._moved(table, before, pairs, None)
        return True

    def awaiting(self, table: LiveTable) -> dict[str, Any] | None:
        """What the table waits for, if it waits for a chance event: ``continue``
        (a person to have seen the hand's end), ``pause`` (a table of bots, for
        ``seconds``), or a seat's ``roll``."""
        step = table.game.next_step()
        if step.kind == "deal":
            if any(s.kind == "human" for s in table.seats):
                return {"kind": "continue"}
            return {"kind": "pause", "seconds": round(table.bot_delay * HAND_PAUSE_PACES, 2)}
        if step.kind == "roll":
            return {"kind": "roll", "seat": step.seat}
        return None

    def _acting_name(self, table: LiveTable) -> str:
        """The name of the seat that acts now (the decider, or whose roll is due)."""
        seat = table.game.next_step().seat
        return table.seats[seat].name if seat is not None else ""

    async def _draw(
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
                await self._catch_up(table, locked=True)
                raise Refused("stale") from None
            log.exception("could not store a move of table %s", table.id)
            raise Refused("storage", {"detail": type(e).__name__}, status=503) from None
        table.stored = len(game)
        table.over = game.is_over

    async def _moved(
        self,
        table: LiveTable,
        before: int,
        pairs: list[tuple[int | None, str]],
        last: dict[str, Any] | None,
    ) -> None:
        """Tell everyone what was stored: the connections, the bots, the other workers."""
        self.broadcast(table, last=last)
        self.kick(table)
        if self.broker is not None:
            news = {"kind": "moves", "from": before, "moves": pairs, "last": last}
            await self.broker.publish(table.id, news)

    # ------------------------------------------------------------------- bots

    def _bot_step(self, table: LiveTable) -> str | None:
        """What the server does next on its own: a bot's ``decision``, a bot's
        ``roll``, the ``deal`` after a hand's end at a table of bots; ``None``: it
        waits for a person (or the game is over)."""
        step = table.game.next_step()
        if step.kind in ("decision", "roll"):
            assert step.seat is not None
            return step.kind if table.seats[step.seat].kind == "bot" else None
        if step.kind == "deal":
            return None if any(s.kind == "human" for s in table.seats) else "deal"
        # a chance event that does not wait (not left undrawn in play)
        return "deal" if step.kind == "chance" else None

    def kick(self, table: LiveTable) -> None:
        """Start the table's bot loop if the server is to act (a bot, or a deal)."""
        if self._closing or table.over:
            return
        if self.broker is not None and not table.leased:
            return  # another worker runs this table's bots
        if self._bot_step(table) is None:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(table))

    async def _bot_loop(self, table: LiveTable) -> None:
        failures = 0
        while not self._closing:
            step = self._bot_step(table)
            if step is None:
                return
            if step == "decision":
                refused = await self._bot_decision(table, step)
            else:
                refused = await self._bot_chance(table, step)
            if refused is None:
                failures = 0
                continue
            if refused.code == "stale":
                continue
            if refused.code == "storage":  # the database is away: try again, nothing is lost
                await asyncio.sleep(min(30.0, 0.5 * 2 ** min(failures, 6)))
                failures += 1
                continue
            if step != "decision":
                continue
            failures += 1
            if failures > 3:
                return
            await asyncio.sleep(0.5)

    async def _bot_chance(self, table: LiveTable, step: str) -> Refused | None:
        """Draw a roll of a bot or a deal of a bots' table (``step``), at the table's
        pace, in one of the quick turns; the refusal if it could not be stored."""
        seen = table.n
        ended = table.game.next_step().kind == "deal"
        paces = HAND_PAUSE_PACES if step == "deal" and ended else 1.0
        await asyncio.sleep(table.bot_delay * paces)
        if table.n != seen or self._bot_step(table) != step:
            return None
        turn = self.bot_pool.quick_turn(None) if self.bot_pool is not None else None
        try:
            async with turn or contextlib.nullcontext():
                async with table.lock:
                    if table.n != seen:
                        return None
                    before, pairs = await self._draw(table, urgent=False)
                await self._moved(table, before, pairs, None)
        except Refused as e:
            return e
        return None

    async def _bot_decision(self, table: LiveTable, step: str) -> Refused | None:
        """The bot to move decides and plays, at the table's pace (a quick level in
        one of the server's quick turns); the refusal of its move, if any."""
        loop = asyncio.get_running_loop()
        game = table.game
        seen = table.n
        seat = game.to_move
        assert isinstance(seat, int)
        level = table.seats[seat].level or best_level(table.game_name)
        turn = self.bot_pool.quick_turn(level) if self.bot_pool is not None else None
        if turn is not None:
            # decided here: wait for the table's pace first, then decide and play
            await asyncio.sleep(table.bot_delay)
            if table.n != seen or self._bot_step(table) != step:
                return None
        started = loop.time()
        async with turn or contextlib.nullcontext():
            try:
                if self.engines.has(level):  # in a thread: an engine may take its time
                    move = await asyncio.to_thread(
                        self.engines.choose, table.id, drawing_copy(game), seat, level
                    )
                elif self.bot_pool is not None:
                    move = await self.bot_pool.choose(table.id, game, game.moves, seat, level)
                    if self.broker is not None:
                        await self.broker.count_decision()
                else:
                    move = await asyncio.to_thread(
                        self._bot_choose, table, seat, drawing_copy(game)
                    )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception(
                    "bot of seat %d at table %s failed; it plays at random", seat, table.id
                )
                move = secrets.choice(game.legal_moves())
            wait = table.bot_delay - (loop.time() - started)
            if wait > 0 and turn is None:
                await asyncio.sleep(wait)
            try:
                await self.play(table, seat, move, seen)
            except Refused as e:
                if e.code not in ("stale", "storage"):
                    log.error("bot move %r refused at table %s: %s", move, table.id, e.params)
                return e
        return None

    def _bot_choose(self, table: LiveTable, seat: int, game: Game) -> str:
        bot = table.bots.get(seat)
        if bot is None:
            level = table.seats[seat].level or best_level(table.game_name)
            bot = table.bots[seat] = make_level_bot(table.game_name, level)
        return choose_move(bot, game)

    # ------------------------------------------------------------------ hints

    async def hint(self, table: LiveTable, seat: int | None) -> list[dict[str, Any]]:
        """The expert's ranked moves for ``seat``, which must be to move."""
        hint_fn = self._hint or getattr(ludoteca, "hint", None)
        if hint_fn is None:
            raise Refused("no_hints")
        if seat is None:
            raise Refused("spectator")
        game = table.game
        if table.unsettled:
            raise Refused("stale")
        if game.to_move != seat:
            raise Refused("hint_not_your_turn")
        async with table.hint_lock:
            try:
                ranked = await asyncio.wait_for(
                    asyncio.to_thread(hint_fn, drawing_copy(game), seat), 60
                )
            except Exception as e:
                log.warning("no hint at table %s: %s", table.id, e)
                raise Refused("hint_failed") from None
        out = []
        for item in ranked or []:
            if dataclasses.is_dataclass(item) and not isinstance(item, type):
                out.append(dataclasses.asdict(item))
            elif isinstance(item, dict):
                out.append(dict(item))
            else:
                out.append({"move": str(item)})
        return out

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
                    table.game_name, table.options, seats, table.bot_delay, table.id, table.listed
                )
                table.rematch = new.id
                if self.broker is not None:
                    await self.broker.publish(table.id, {"kind": "rematch", "table": new.id})
        for conn in list(table.conns):
            conn.send({"type": "rematch", "table": table.rematch})
        return table.rematch

    # --------------------------------------------------------------- messages

    def table_info(self, table: LiveTable) -> dict[str, Any]:
        online = {c.seat for c in table.conns if c.seat is not None and c.ready}
        return {
            "id": table.id,
            "game": table.game_name,
            "title": game_class(table.game_name).title,
            "options": table.options,
            "bot_delay": table.bot_delay,
            "over": table.over,
            "rematch": table.rematch,
            "rematch_of": table.rematch_of,
            "spectators": sum(1 for c in table.conns if c.seat is None and c.ready),
            "seats": [
                {**seat_info(s), "online": s.kind == "bot" or s.seat in online} for s in table.seats
            ],
        }

    def frame(
        self,
        table: LiveTable,
        seat: int | None,
        lang: str = "en",
        last: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The state message for one seat (``None``: a spectator): its view only,
        with the moves it shows said in words in ``lang`` and parsed (a seat also
        gets the moves a click on its hand or figure may try)."""
        game = table.game
        view = game.view(seat)
        name = table.game_name
        shown = {*view["log"], *view["legal_moves"]}
        frame: dict[str, Any] = {
            "type": "state",
            "table": self.table_info(table),
            "seat": seat,
            "n": table.n,
            "view": view,
            "said": self.said(table, view, seat, lang),
            "labels": {m: label(name, m, lang) for m in shown},
            "moves": parsed_decisions(game, shown),
            "last": last,
            "result": game.result() if game.is_over else None,
            "awaits": self.awaiting(table),
            "hints": seat is not None and self.hints_for(table.game_name),
        }
        if seat is not None:
            frame["tries"] = tries(game)
        return frame

    def said(
        self,
        table: LiveTable,
        view: dict[str, Any],
        seat: int | None,
        lang: str,
        *,
        log_from: int = 0,
    ) -> dict[str, Any]:
        """What the table's screen says to ``seat`` in ``lang`` (:func:`ludoteca.i18n.table.said`),
        with the players' names as the table shows them."""
        names = [seat_label(s, Words(lang)) for s in table.seats]
        voice = Voice.of(table.game_name, lang, names, seat, table.game.options)
        game = table.game
        words = said(
            view,
            voice,
            log_from=log_from,
            status=self.status_step(table, seat),
            result=game.result() if game.is_over else None,
        )
        return {**words, "names": names}

    def status_step(self, table: LiveTable, seat: int | None) -> tuple[str, int | None]:
        """What the table waits for, as seen from ``seat`` (see
        :func:`ludoteca.i18n.board.say_status`)."""
        awaits = self.awaiting(table)
        if awaits is not None and awaits["kind"] in ("continue", "pause"):
            return "hand_over", None
        if awaits is not None and awaits["kind"] == "roll":
            roller: int = awaits["seat"]
            if roller == seat:
                return "roll", roller
            who = table.seats[roller]
            return ("waiting" if who.kind != "bot" and who.token_hash is None else "rolls"), roller
        mover = table.game.to_move
        if not isinstance(mover, int):
            return "chance", None
        if mover == seat:
            return "turn", mover
        info = table.seats[mover]
        if info.kind == "bot":
            return "thinking", mover
        return ("waiting" if info.token_hash is None else "to_play"), mover

    def send_state(self, table: LiveTable, conn: Connection) -> None:
        """A full ``state`` to one connection: its first frame, and after a refusal
        (while a move is being stored, the broadcast that follows sends it)."""
        if table.unsettled:
            conn.sent_n = None
            return
        self._note_info(table)
        conn.send(to_json(self.frame(table, conn.seat, conn.lang)))
        conn.sent_n = table.n
        conn.info_rev = table.info_rev

    def broadcast(self, table: LiveTable, last: dict[str, Any] | None = None) -> None:
        """Tell every connection of the table what changed for its seat.

        A connection gets a ``delta`` (see :mod:`ludoteca.web.protocol`) from the
        state it was last sent; connections in the same place share one text.
        Nothing is sent while a move is being stored (the broadcast that follows
        the store sends it).
        """
        if table.unsettled:
            return
        info = self._note_info(table)
        views: dict[tuple[int | None, int], tuple[dict[str, Any], dict[str, str]]] = {}
        cache: dict[tuple[Any, ...], str] = {}
        for conn in list(table.conns):
            if not conn.ready:
                continue
            since = conn.sent_n
            fresh_info = conn.info_rev != table.info_rev
            if since == table.n and not fresh_info and last is None:
                continue  # nothing new for it
            if since is None or since > table.n:
                key: tuple[Any, ...] = ("state", conn.seat, conn.lang)
            else:
                key = ("delta", conn.seat, conn.lang, since, fresh_info)
            text = cache.get(key)
            if text is None:
                if since is None or since > table.n:
                    frame = self.frame(table, conn.seat, conn.lang, last)
                    text = to_json(frame)
                else:
                    seen = views.get((conn.seat, since))
                    if seen is None:
                        view = table.game.view(conn.seat, log_from=since)
                        encoded = {
                            k: to_json(v)
                            for k, v in view.items()
                            if k not in GROWING and k not in APPENDED
                        }
                        seen = views[conn.seat, since] = (view, encoded)
                    text = self._delta(table, conn, seen, info if fresh_info else None, last)
                cache[key] = text
            conn.send(text)
            conn.sent_n = table.n
            conn.info_rev = table.info_rev
        for (seat, _since), (view, encoded) in views.items():
            lengths = {k: len(view[k]) for k in APPENDED if k in view and k != "log_seats"}
            table.sent_views[seat] = (table.n, encoded, lengths)

    def _delta(
        self,
        table: LiveTable,
        conn: Connection,
        seen: tuple[dict[str, Any], dict[str, str]],
        info: dict[str, Any] | None,
        last: dict[str, Any] | None,
    ) -> str:
        view, encoded = seen
        since = conn.sent_n
        assert since is not None
        game = table.game
        new_log = view["log"]  # the view holds the moves from `since` on
        shown = {*new_log, *view["legal_moves"]}
        message: dict[str, Any] = {
            "type": "delta",
            "n": table.n,
            "log_from": since,
            "log": new_log,
            "events": view["events"],
            "said": self.said(table, view, conn.seat, conn.lang, log_from=since),
            "labels": {m: label(table.game_name, m, conn.lang) for m in shown},
            "moves": parsed_decisions(game, shown),
            "last": last,
            "result": game.result() if game.is_over else None,
            "awaits": self.awaiting(table),
        }
        if info is not None:
            message["table"] = info
        before = table.sent_views.get(conn.seat)
        whole: list[str] = []  # appended lists sent whole
        if before is not None and before[0] == since:
            old, lengths = before[1], before[2]
            changed = [k for k, v in encoded.items() if old.get(k) != v]
            dropped = [k for k in (*old, *lengths) if k not in view]
            if dropped:
                message["view_drop"] = dropped
            append: dict[str, list[Any]] = {}
            for k in APPENDED:
                if k not in view:
                    continue
                if k == "log_seats":  # the view holds the moves since the one it follows
                    if view[k]:
                        append[k] = view[k]
                    continue
                had = lengths.get(k)
                if had is None or had > len(view[k]):
                    whole.append(k)
                elif had < len(view[k]):
                    append[k] = view[k][had:]
            if append:
                message["append"] = append
        else:
            changed = list(encoded)
            whole = [k for k in APPENDED if k in view]
            message["view_replace"] = True
        head = to_json(message)
        parts = [f"{to_json(k)}: {encoded[k]}" for k in changed]
        if "log_seats" in whole:  # the view holds the tail only
            whole.remove("log_seats")
            parts.append(f'"log_seats": {to_json(game.view(conn.seat)["log_seats"])}')
        parts += [f"{to_json(k)}: {to_json(view[k])}" for k in whole]
        body = ", ".join(parts)
        return f'{head[:-1]}, "view": {{{body}}}}}'

    def _note_info(self, table: LiveTable) -> dict[str, Any]:
        """The table's info now; its revision moves on when it changed."""
        info = self.table_info(table)
        text = to_json(info, sort_keys=True)
        if text != table.info_text:
            table.info_text = text
            table.info_rev += 1
        return info

    def touch(self, table: LiveTable) -> None:
        """Who sits and watches changed: tell the connections soon, once for many
        changes (a thousand spectators joining cost each of them one frame)."""
        if table.info_pending or self._closing:
            return
        table.info_pending = True

        def send() -> None:
            table.info_pending = False
            self.broadcast(table)

        asyncio.get_running_loop().call_later(INFO_DELAY, send)

    def error_message(self, refusal: Refused, lang: str) -> dict[str, Any]:
        """A refusal as sent to a client, in its language."""
        from .i18n import refusal_text

        return {
            "type": "error",
            "code": refusal.code,
            "message": refusal_text(refusal.code, refusal.params, lang),
            "move": refusal.params.get("move"),
        }


def table_summary(data: TableData, moves: int, lang: str = "en") -> dict[str, Any]:
    """A stored table as listed in the lobby (its seats named in ``lang``)."""
    words = Words(lang)
    seats = [{**seat_info(s), "label": seat_label(s, words)} for s in data.seats]
    return {
        "id": data.id,
        "game": data.game,
        "over": data.over,
        "moves": moves,
        "updated": data.updated,
        "age": max(0.0, time.time() - data.updated),
        "seats": seats,
    }


def seat_label(seat: SeatData, words: Words) -> str:
    """A seat's player as the table names them: a bot by its level, a seat nobody
    took yet as free."""
    if seat.kind == "bot":
        return words.bot(seat.seat, seat.level or "")
    return seat.name if seat.token_hash is not None else words.free_seat(seat.seat)


def seat_info(seat: SeatData) -> dict[str, Any]:
    """A seat as the pages see it: who sits there, and whether it is taken."""
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "level": seat.level,
        "name": seat.name,
        "taken": seat.kind == "bot" or seat.token_hash is not None,
    }


def seats_of(values: Sequence[SeatData]) -> list[dict[str, Any]]:
    return [dataclasses.asdict(s) for s in values]
