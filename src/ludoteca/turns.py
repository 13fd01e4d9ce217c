"""Who moves: a seat (a whole number from 0), chance, or nobody once the game is over."""

from __future__ import annotations

from typing import Literal

__all__ = ["CHANCE", "Actor", "ChanceMode", "Seat", "ToMove"]

Seat = int
ToMove = int | Literal["chance"] | None
"""Who is to move: a seat, ``"chance"`` (a chance event is due), or ``None`` (the end)."""
Actor = int | Literal["chance"]
"""Who made a move of the history: a seat, or ``"chance"``."""
ChanceMode = Literal["auto", "manual"]
"""Whether a game draws its chance events itself (``"auto"``) or waits for them."""
CHANCE: Literal["chance"] = "chance"
