"""What a move does at once, read from its events on a copy of the game: the points
it scores now (Five-Up's ends), the trick it completes (taken by the mover's side or
not, and its points), the sticks it removes (Cavaleiro), whether it goes out.

Only what every seat sees once the move is made: nothing hidden.

>>> from ludoteca import new_game
>>> g = new_game("cavaleiro")
>>> move_now(g, "nonsense")
{}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import IllegalMove
from .game import Game

__all__ = ["move_now", "now_of"]


def move_now(game: Game, move: str) -> dict[str, Any]:
    """What ``move`` does at once in ``game`` (left unchanged), as plain data:
    ``points`` and ``ends`` (points scored by the ends), ``goes_out``,
    ``trick_points`` and ``trick_ours`` (the trick the move completes),
    ``sticks`` (sticks removed). ``{}`` when the move is not legal now."""
    seat = game.to_move
    if not isinstance(seat, int):
        return {}
    copy = game.copy()
    try:
        copy.play(move)
    except (IllegalMove, ValueError, KeyError):
        return {}
    side_of = game.type.side_of
    out: dict[str, Any] = {}
    for event in copy.last_events():
        p = event.params
        if event.code == "ends_scored" and p.get("scored"):
            out["points"] = out.get("points", 0) + int(p.get("points") or 0)
            out["ends"] = int(p.get("ends") or 0)
        elif event.code == "hand_ended" and p.get("how") == "domino" and p.get("seat") == seat:
            out["goes_out"] = True
        elif event.code in ("trick", "trick_won") and isinstance(p.get("winner"), int):
            out["trick_points"] = int(p.get("points") or 0)
            out["trick_ours"] = side_of[p["winner"]] == side_of[seat]
        elif event.code == "sticks_removed":
            out["sticks"] = out.get("sticks", 0) + int(p.get("count") or 0)
    return out


def now_of(game: Game) -> Callable[[str], dict[str, Any]]:
    """:func:`move_now` on a copy of ``game`` as it is now, each move worked out once."""
    fixed = game.copy()
    known: dict[str, dict[str, Any]] = {}

    def now(move: str) -> dict[str, Any]:
        if move not in known:
            known[move] = move_now(fixed, move)
        return known[move]

    return now
