"""What the routes of the web app share, kept in the app's state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from starlette.requests import HTTPConnection, Request

from .errors import Refused
from .hub import Hub
from .limits import ClientLimits
from .replays import Replays
from .review import Reviews
from .shell import Pages
from .store import Store

__all__ = ["Services", "services"]


@dataclass
class Services:
    """The live tables and their store, the clients' limits, the replays and reviews
    under way, and the pages' shell."""

    hub: Hub
    store: Store
    limits: ClientLimits
    replays: Replays
    reviews: Reviews
    pages: Pages

    async def check_rate(self, request: Request, kind: str) -> None:
        """``Refused`` (429, with the seconds to wait) when the client has asked for
        ``kind`` too often."""
        wait = await self.limits.check(kind, request.client.host if request.client else None)
        if wait:
            raise Refused("busy", {"retry": self.limits.retry_after(wait)}, status=429)


def services(connection: HTTPConnection) -> Services:
    """The app's :class:`Services`, for a request or a WebSocket."""
    return cast(Services, connection.app.state.services)
