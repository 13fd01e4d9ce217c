"""Per-client rate limits: token buckets by client address and kind of request.

A client beyond its limit is answered 429 with ``Retry-After`` (HTTP) or an
``error`` frame (WebSocket); the buckets of the clients seen last are kept, at
most :data:`MAX_CLIENTS` of them.

With several workers the buckets of the HTTP requests (:data:`SHARED_KINDS`)
live in Redis, so a client counts the same whichever worker answers it; a
WebSocket's messages are counted by the worker holding the connection.
"""

from __future__ import annotations

import logging
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol

__all__ = ["DEFAULT_RULES", "SHARED_KINDS", "ClientLimits", "SharedBuckets"]

log = logging.getLogger("ludoteca.web")

DEFAULT_RULES: dict[str, tuple[float, float]] = {
    "create": (0.2, 10.0),
    "join": (1.0, 20.0),
    "replay": (1.0, 10.0),
    "replay_step": (20.0, 100.0),
    "seats": (5.0, 30.0),
    "message": (40.0, 200.0),
}
"""Per kind of request: how many a second a client may make, and the burst allowed."""

MAX_CLIENTS = 10_000

SHARED_KINDS = frozenset({"create", "join", "replay", "replay_step", "seats"})
"""The kinds of request counted across workers when buckets are shared."""


class SharedBuckets(Protocol):
    """Token buckets every worker sees (the broker's, in Redis)."""

    async def take_token(self, kind: str, client: str, rate: float, burst: float) -> float:
        """Take one token: 0 if allowed, otherwise the seconds until it would be."""
        ...


class _Bucket:
    __slots__ = ("stamp", "tokens")

    def __init__(self, tokens: float, stamp: float) -> None:
        self.tokens = tokens
        self.stamp = stamp


class ClientLimits:
    """The buckets of every client (an address) for every kind of request.

    >>> limits = ClientLimits({"create": (1.0, 2.0)})
    >>> [limits.take("create", "10.0.0.1") for _ in range(3)][:2]
    [0.0, 0.0]
    >>> limits.take("create", "10.0.0.1") > 0
    True
    >>> limits.take("create", "10.0.0.2")
    0.0
    """

    def __init__(
        self,
        rules: dict[str, tuple[float, float]] | None = None,
        *,
        enabled: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rules = dict(DEFAULT_RULES if rules is None else rules)
        self.enabled = enabled
        self.clock = clock
        """Seconds, for refilling the buckets (a test may stop time)."""
        self.shared: SharedBuckets | None = None
        """Buckets shared with the other workers, when there are."""
        self._buckets: OrderedDict[tuple[str, str], _Bucket] = OrderedDict()

    async def check(self, kind: str, client: str | None) -> float:
        """As :meth:`take`, through the shared buckets for the :data:`SHARED_KINDS`
        (this worker's own buckets while they cannot be reached)."""
        rule = self.rules.get(kind)
        if not self.enabled or rule is None:
            return 0.0
        if self.shared is not None and kind in SHARED_KINDS:
            try:
                return await self.shared.take_token(kind, client or "?", *rule)
            except Exception as e:
                log.warning("shared rate limits unreachable, counting here: %s", e)
        return self.take(kind, client)

    def take(self, kind: str, client: str | None) -> float:
        """Take one request of ``kind`` for ``client``: 0 if allowed, otherwise the
        seconds until it would be."""
        rule = self.rules.get(kind)
        if not self.enabled or rule is None:
            return 0.0
        rate, burst = rule
        now = self.clock()
        key = (kind, client or "?")
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = _Bucket(burst, now)
            self._buckets[key] = bucket
            if len(self._buckets) > MAX_CLIENTS:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.stamp) * rate)
            bucket.stamp = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / rate

    @staticmethod
    def retry_after(wait: float) -> int:
        """Whole seconds for a ``Retry-After`` header."""
        return max(1, math.ceil(wait))
