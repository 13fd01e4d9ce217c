"""Several server processes, on one machine or many, over one database and one
Redis: news of the tables by pub/sub, and leases for the tables' bots.

- News: a worker that stores moves (or seats a player, or opens a rematch)
  publishes it on ``PREFIX:t:TABLE``; every worker holding that table in memory
  applies it and tells its own connections. The moves themselves come from the
  database's order: two workers can never both store move ``n`` of a table
  (its primary key is (table, n)), and a worker that finds itself behind reads
  what it missed from the database.
- Rate limits: the token buckets of clients' HTTP requests
  (``PREFIX:rate:KIND:CLIENT``, Redis's clock), so a client counts the same on
  every worker.
- Leases: a table's bots run only on the worker holding its lease
  (``PREFIX:lease:TABLE``, set for :data:`LEASE_SECONDS` and renewed twice a
  second). When a worker dies its leases run out and other workers take them
  over; the set ``PREFIX:bots`` names the unfinished tables where bots sit.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["LEASE_ROUND", "LEASE_SECONDS", "Broker"]

log = logging.getLogger("ludoteca.web")

LEASE_SECONDS = 2.0
"""How long a lease lasts unless renewed (renewed every :data:`LEASE_ROUND` seconds)."""
LEASE_ROUND = 0.5
MAX_CONNECTIONS = 32
"""Connections to Redis a worker keeps (a command waits for a free one)."""

_RENEW = """
local held = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    held[#held + 1] = i
  end
end
return held
"""

_TAKE_TOKEN = """
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local held = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens, stamp = tonumber(held[1]), tonumber(held[2])
if tokens == nil or stamp == nil then tokens, stamp = burst, now end
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = (1 - tokens) / rate end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(1000 * burst / rate) + 1000)
return tostring(wait)
"""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class Broker:
    """A worker's link to Redis (``redis://HOST:PORT/DB``)."""

    def __init__(self, url: str, *, prefix: str = "ludoteca") -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.prefix = prefix
        self.worker_id = f"{socket.gethostname()}:{os.getpid()}:{os.urandom(3).hex()}"
        pool = aioredis.BlockingConnectionPool.from_url(
            url, decode_responses=True, max_connections=MAX_CONNECTIONS, timeout=10
        )
        self.redis: Any = aioredis.Redis(connection_pool=pool)
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None

    def _key(self, *parts: str) -> str:
        return ":".join((self.prefix, *parts))

    async def start(self, on_news: Callable[[str, dict[str, Any]], Awaitable[None]]) -> None:
        """Listen to every table's news; ``on_news(table_id, news)`` for each."""
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.psubscribe(self._key("t", "*"))
        head = len(self._key("t", ""))

        async def read() -> None:
            while True:
                try:
                    message = await self._pubsub.get_message(timeout=1.0)
                except asyncio.CancelledError:
                    raise
                except Exception:  # the broker is away: try again
                    log.warning("lost the broker's news; listening again")
                    await asyncio.sleep(0.5)
                    continue
                if message is None or message.get("type") != "pmessage":
                    continue
                try:
                    await on_news(message["channel"][head:], json.loads(message["data"]))
                except Exception:
                    log.exception("news of table %s not applied", message.get("channel"))

        self._reader = asyncio.get_running_loop().create_task(read())

    async def publish(self, table_id: str, news: dict[str, Any]) -> None:
        """Tell the other workers (what is stored is safe: a worker that misses
        news reads the moves from the database when it finds itself behind)."""
        try:
            await self.redis.publish(
                self._key("t", table_id), json.dumps({**news, "from_worker": self.worker_id})
            )
        except Exception as e:
            log.warning("news of table %s not published: %s", table_id, e)

    async def take_token(self, kind: str, client: str, rate: float, burst: float) -> float:
        """Take one token of ``client``'s bucket for ``kind`` (``rate`` a second, at
        most ``burst``): 0 if allowed, otherwise the seconds until it would be."""
        wait = await self.redis.eval(
            _TAKE_TOKEN, 1, self._key("rate", kind, client), repr(rate), repr(burst)
        )
        return float(wait)

    # ------------------------------------------------------------------ leases

    async def acquire(self, table_id: str) -> bool:
        """Take the lease of a table's bots if nobody holds it; whether we hold it."""
        key = self._key("lease", table_id)
        if await self.redis.set(key, self.worker_id, nx=True, px=int(LEASE_SECONDS * 1000)):
            return True
        return bool(await self.redis.get(key) == self.worker_id)

    async def renew(self, table_ids: list[str]) -> set[str]:
        """Renew our leases; the tables whose lease we no longer hold."""
        if not table_ids:
            return set()
        keys = [self._key("lease", t) for t in table_ids]
        held = await self.redis.eval(
            _RENEW, len(keys), *keys, self.worker_id, int(LEASE_SECONDS * 1000)
        )
        kept = {table_ids[int(i) - 1] for i in held}
        return set(table_ids) - kept

    async def release(self, table_id: str) -> None:
        await self.redis.eval(_RELEASE, 1, self._key("lease", table_id), self.worker_id)

    async def unleased(self, table_ids: list[str]) -> list[str]:
        """Those of ``table_ids`` whose lease nobody holds."""
        if not table_ids:
            return []
        holders = await self.redis.mget([self._key("lease", t) for t in table_ids])
        return [t for t, h in zip(table_ids, holders, strict=True) if h is None]

    async def add_bot_table(self, table_id: str) -> None:
        await self.redis.sadd(self._key("bots"), table_id)

    async def remove_bot_table(self, table_id: str) -> None:
        await self.redis.srem(self._key("bots"), table_id)

    async def bot_tables(self) -> list[str]:
        return sorted(await self.redis.smembers(self._key("bots")))

    async def count_decision(self) -> None:
        """Count one bot decision made by this worker (``PREFIX:decisions``)."""
        try:
            await self.redis.hincrby(self._key("decisions"), self.worker_id, 1)
        except Exception as e:
            log.warning("a bot decision not counted: %s", e)

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()
