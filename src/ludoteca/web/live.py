"""A live table's parts: its connections, the table in memory, and the helpers
the hub's parts share (frames as JSON, the chance events the server draws, names)."""

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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import orjson

import ludoteca
from ludoteca.bots import available_levels
from ludoteca.bots.base import Bot
from ludoteca.game import Game
from ludoteca.i18n.words import Words
from ludoteca.registry import game_class

from .errors import Refused
from .guard import check_text
from .i18n import describe
from .store import SeatData, TableData

if TYPE_CHECKING:
    pass

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
    waiting: bool = False
    """Not started: the invited players have not all sat yet (nothing is drawn or played)."""
    host: int | None = None
    """The seat of who created the table (they may start it with bots in the empty seats)."""
    seed: int = 0
    """The table's seed: the bots' decisions are drawn from it (:func:`decision_seed`)."""
    again: list[str] = field(default_factory=list)
    """The chance events an undo took back, to be played again first, in order (kept in
    this worker's memory only: after a restart they are drawn anew)."""
    conns: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    hint_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    used: float = field(default_factory=time.monotonic)
    """When the table was last asked for (``time.monotonic()``)."""
    info: dict[str, Any] = field(default_factory=dict)
    info_rev: int = 0
    """The table's info as last sent, and its revision."""
    info_pending: bool = False
    seen_noted: float = 0.0
    """When this worker last stored that someone is connected (``time.monotonic()``)."""
    leased: bool = False
    """Whether this worker holds the lease of the table's bots (with a broker)."""
    sent_views: dict[int | None, tuple[int, dict[str, Any], dict[str, int]]] = field(
        default_factory=dict
    )
    """Per seat, the last view sent in deltas: its move count, its keys (those that
    neither grow nor are appended to), and the lengths of its appended lists
    (:data:`APPENDED`)."""

    @classmethod
    def from_data(cls, data: TableData) -> LiveTable:
        """A stored table brought back to life: its game replayed from the stored
        moves, and the chance events due now drawn (stored before anyone sees it)."""
        record = {
            "format": ludoteca.RECORD_FORMAT,
            "game": data.game,
            "options": data.options,
            "players": [s.name for s in data.seats],
            "moves": data.moves,
        }
        game = ludoteca.replay(record)
        if not data.waiting:
            draw_chance(game)
        return cls.of(data, game)

    @classmethod
    def of(cls, data: TableData, game: Game) -> LiveTable:
        """The live table of ``data`` playing ``game`` (its moves those of ``data``
        stored, and chance events drawn since)."""
        return cls(
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
            waiting=data.waiting,
            host=data.host,
            seed=data.seed,
        )

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


def draw_chance(game: Game, again: list[str] | None = None) -> None:
    """Play the chance events due now that do not wait (:func:`chance_waits`),
    drawn by the server.

    Live games are kept with ``chance="manual"``: every chance event is drawn here
    and stored like a move, so any copy of the game (another worker's too) takes
    the same ones from the database. ``again``: the chance events an undo took
    back, played again first, in order (an undo does not draw anew).
    """
    while game.next_step().kind == "chance":
        _draw(game, again)


def draw_one(game: Game, again: list[str] | None = None) -> None:
    """Play the chance event due now (one that waited), then those due after it that
    do not wait (``again``: as :func:`draw_chance`)."""
    _draw(game, again)
    draw_chance(game, again)


def _draw(game: Game, again: list[str] | None) -> None:
    """Play the chance event due now: the first of ``again`` if there is one (all of
    them dropped when it no longer fits the game), else one the server draws."""
    while again:
        try:
            game.play(again.pop(0))
            return
        except ValueError:  # the game went another way: they are drawn anew
            again.clear()
    game.play(game.sample_chance(_CHANCE))


def drawing_copy(game: Game) -> Game:
    """A copy that draws its own chance events, for bots and hints to search with."""
    copy = game.copy()
    copy.chance_mode = "auto"
    return copy


def decision_seed(table_seed: int, n: int, seat: int) -> int:
    """The seed of a bot's decision at move ``n`` of a table (from the table's
    seed): the same position gets the same answer, so taking a move back (an undo)
    cannot make the bots think again until they play a move the person likes better."""
    return ((table_seed * 1_000_003 + n) * 8 + seat) % (1 << 63)


def check_seen(seen: Any) -> None:
    """``n``, the move count a message was made on, is a whole number (or absent)."""
    if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
        raise Refused("bad_message", {"detail": "n must be a whole number"})


def bot_name(level: str, seat: int) -> str:
    return f"Bot {seat + 1} ({level})"


def placeholder(seat: int) -> str:
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


def table_summary(data: TableData, moves: int, lang: str = "en") -> dict[str, Any]:
    """A stored table as listed in the lobby (its seats named in ``lang``)."""
    words = Words(lang)
    seats = [{**seat_info(s), "label": seat_label(s, words)} for s in data.seats]
    return {
        "id": data.id,
        "game": data.game,
        "over": data.over,
        "waiting": data.waiting,
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
