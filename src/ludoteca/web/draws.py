"""Drawing until a tile fits (Five-Up): one message of the player, several moves of
the record. Each draw is a move of its own, stored before the frame that shows it is
sent; the table sees them come one by one, at its pace, and nobody but the player
sees the tiles drawn."""

from __future__ import annotations

import asyncio
from typing import Any

from ludoteca.errors import IllegalMove
from ludoteca.game import Game

from .errors import Refused
from .hubpart import HubPart
from .live import LiveTable
from .turns import mover

__all__ = ["DRAW_PACE", "Draws"]

DRAW_PACE = 0.25
"""Most seconds between two draws of a player drawing until a tile fits (the
table's pace when it is quicker): the table sees them come one by one."""


def _is_draw(game: Game, move: str) -> bool:
    """Whether ``move`` is a draw of ``game``'s kind (whether it is allowed now is
    :meth:`Game.play`'s question)."""
    try:
        return game.parse(move).kind == "draw"
    except IllegalMove:
        return True  # not a move at all: the game's refusal says so


def _draws_again(game: Game, seat: int, move: str) -> bool:
    """Whether ``seat`` is to draw again: the draw still its only legal move."""
    return not game.is_over and game.to_move == seat and game.legal_moves() == [move]


class Draws(HubPart):
    """The hub's draws until a tile fits."""

    async def until_fits(
        self, table: LiveTable, seat: int | None, move: Any, seen: Any = None
    ) -> None:
        """Play ``move``, a draw, for ``seat``, again and again while it is still the
        seat's only legal move (until a tile fits, or the stock is down to the tiles
        never drawn); ``Refused`` (nothing changes) if the first is not that seat's
        legal draw now. Each draw is played and stored as :meth:`.Turns.play` does
        it, at most :data:`DRAW_PACE` seconds apart; each frame's ``last`` says
        ``more``: whether another draw follows."""
        turns = self.hub.turns
        player = mover(seat, move, seen)
        async with table.lock:
            turns.check_turn(table, player, seen)
            if not _is_draw(table.game, move):
                raise Refused("until_fits")
            while True:
                before, pairs = await turns.play_one(table, player, move)
                drawn = pairs[0][1]
                more = _draws_again(table.game, player, drawn)
                last: dict[str, Any] = {"seat": player, "move": drawn, "more": more}
                if not more:
                    break
                await turns.tell_moved(table, before, pairs, last)
                pace = min(table.bot_delay, DRAW_PACE)
                if pace > 0:
                    await asyncio.sleep(pace)
        await turns.tell_moved(table, before, pairs, last)
