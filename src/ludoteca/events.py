"""Events: what a move did, as codes with numbers.

An engine emits events as it moves (a trick won, points scored and why, a tile
drawn, a hand ended with its summary, the game over); :attr:`ludoteca.Game.events`
holds them by move index and a seat's view holds what that seat may know of
them. Apps render events in words from their message catalogs; nothing parses
them back.

An event that carries a secret (the tile a player drew from the stock) names
its ``owner`` and the ``secret`` parameters: other seats see it with those
parameters as ``None``.

>>> e = Event("drew", {"seat": 1, "tile": "6-4"}, owner=1, secret=("tile",))
>>> e.to_json()
{'code': 'drew', 'seat': 1, 'tile': '6-4'}
>>> e.seen_by(0).to_json(), e.seen_by(1) is e
({'code': 'drew', 'seat': 1, 'tile': None}, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, TypeAlias

__all__ = ["DeferredEvents", "Emitted", "Event"]

_NO_PARAMS: Mapping[str, Any] = MappingProxyType({})


class Event:
    """One thing a move did: a ``code`` and its JSON-serialisable ``params``.

    A value: never changed once made (the copies of a game share their events).
    A plain class with slots, not a frozen dataclass: engines make one on nearly
    every move, and this costs a third of that.
    """

    __slots__ = ("code", "owner", "params", "secret")

    code: str
    params: Mapping[str, Any]
    owner: int | None
    """The only seat that may see the secret parameters (``None``: no secret)."""
    secret: tuple[str, ...]
    """The parameters only ``owner`` may see."""

    def __init__(
        self,
        code: str,
        params: Mapping[str, Any] = _NO_PARAMS,
        owner: int | None = None,
        secret: tuple[str, ...] = (),
    ) -> None:
        self.code = code
        self.params = params
        self.owner = owner
        self.secret = secret

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (
            self.code == other.code
            and self.params == other.params
            and self.owner == other.owner
            and self.secret == other.secret
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Event(code={self.code!r}, params={dict(self.params)!r}, "
            f"owner={self.owner!r}, secret={self.secret!r})"
        )

    def __getitem__(self, key: str) -> Any:
        return self.params[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` may know it (``None``: a spectator)."""
        if self.owner is None or seat == self.owner or not self.secret:
            return self
        params = {k: (None if k in self.secret else v) for k, v in self.params.items()}
        return Event(self.code, params)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, **self.params}


DeferredEvents: TypeAlias = tuple[Callable[..., tuple[Event, ...]], *tuple[Any, ...]]
"""A move's events not built yet: a function that builds them, then its arguments
(numbers and values never changed in place); ``function(*arguments)`` is called each
time they are read. A core whose fast path must not pay for events emits its moves'
events this way (a tuple costs a fraction of a ``functools.partial``)."""

Emitted: TypeAlias = Event | DeferredEvents
"""What a rules core adds to its ``sink`` for a move: its events, or one
:data:`DeferredEvents` alone that builds them all."""
