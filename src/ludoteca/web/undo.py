"""Taking back a move at a table of bots, as the terminal app does: the one person
at the table goes back to their last decision of the hand in play.

The moves after that decision (the bots', the chance events') and the decision
itself are taken off the live game (``Game.pop``), then deleted from the
database, and only then is anyone told: the stored moves are always the live
game's, so a restarted server resumes the same game. The bots then wait for the
person, and decide again as they did (their decisions are drawn from the table's
seed and the move's number, :func:`.live.decision_seed`), and the chance events
taken back come again in order (:attr:`.live.LiveTable.again`; drawn anew only
when the game goes another way, or after a restart).

A hand's end is never undone: the decision taken back is in the hand in play
(nothing to undo at a hand's start, nor once the hand has ended;
:func:`ludoteca.flow.ended_hand`). Cavaleiro has no hands: any decision may be.
"""

from __future__ import annotations

import logging
from typing import Any

from ludoteca.flow import ended_hand

from .errors import Refused
from .hubpart import HubPart
from .live import LiveTable
from .turns import seated

__all__ = ["Undo", "undo_index"]

log = logging.getLogger("ludoteca.web")


def bots_only(table: LiveTable, seat: int) -> bool:
    """Whether every seat but ``seat`` is a bot's."""
    return all(s.kind == "bot" for s in table.seats if s.seat != seat)


def undo_index(table: LiveTable, seat: int) -> int | None:
    """The move number of ``seat``'s last decision in the hand in play (the game
    goes back to just before it), or ``None``: nothing to undo. A game without
    hands (Cavaleiro) goes back to any decision."""
    game = table.game
    actors = game.actors
    found = next((i for i in range(len(actors) - 1, -1, -1) if actors[i] == seat), None)
    if found is None:
        return None
    ended = any(ended_hand(game.type, events) for events in game.events_since(found))
    return None if ended else found


class Undo(HubPart):
    """The hub's undo at tables of bots."""

    def possible(self, table: LiveTable, seat: int | None) -> bool:
        """Whether ``seat`` may undo now (what the page shows its Undo button for)."""
        return (
            seat is not None
            and not table.waiting
            and not table.over
            and not table.unsettled
            and bots_only(table, seat)
            and undo_index(table, seat) is not None
        )

    async def take_back(self, table: LiveTable, seat: int | None, seen: Any = None) -> int:
        """Take back ``seat``'s last decision and every move after it, stored first,
        then told; the move count now. ``Refused`` (nothing changes): a spectator,
        another person at the table (``undo_not_alone``), a table not started, a
        game over, a stale ``seen``, or nothing to undo in the hand in play."""
        player = seated(seat, seen)
        hub = self.hub
        async with table.lock:
            if table.waiting:
                raise Refused("waiting")
            if not bots_only(table, player):
                raise Refused("undo_not_alone")
            if table.over:
                raise Refused("game_over")
            if seen is not None and seen != table.n:
                raise Refused("stale")
            index = undo_index(table, player)
            if index is None:
                raise Refused("nothing_to_undo", {"game": table.game_name})
            game = table.game
            chance = [move for who, move in game.history[index:] if who == "chance"]
            taken: list[str] = []
            while len(game) > index:
                taken.append(game.pop())
            try:
                await hub.writer.call(hub.store.truncate_moves, table.id, index, over=game.is_over)
            except Exception as e:  # nothing is taken back: the game as it was
                for move in reversed(taken):
                    game.play(move)
                log.exception("could not take back the moves of table %s", table.id)
                raise Refused("storage", {"detail": type(e).__name__}, status=503) from None
            table.stored = len(game)
            table.over = game.is_over
            table.again[:0] = chance  # played again, not drawn anew
            if hub.bot_pool is not None:
                hub.bot_pool.forget(table.id)
            self.restart_views(table)
        hub.frames.broadcast(table)
        hub.bots.kick(table)
        if hub.broker is not None:
            await hub.broker.publish(table.id, {"kind": "undo", "to": index})
        return index

    @staticmethod
    def restart_views(table: LiveTable) -> None:
        """Every connection gets a whole state next (a delta follows a later state)."""
        table.sent_views.clear()
        for conn in table.conns:
            conn.sent_n = None
