"""The parts the hub's work is divided into (what the connections are sent, the
bots of the tables, the seats being taken, the news between workers): each reaches
the tables and the other parts through the hub."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .hub import Hub

__all__ = ["HubPart"]


class HubPart:
    """A part of the hub's work, holding the hub it works for."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
