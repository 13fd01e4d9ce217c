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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Event"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing a move did: a ``code`` and its JSON-serialisable ``params``."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    owner: int | None = None
    """The only seat that may see the secret parameters (``None``: no secret)."""
    secret: tuple[str, ...] = ()
    """The parameters only ``owner`` may see."""

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
