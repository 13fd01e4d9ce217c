"""The moves made at the live tables: a player's move, a roll of the dice, the next
hand's deal, each checked and played once on the live game under the table's lock,
stored with the chance events it triggers, and only then told to everyone (see
:mod:`.hub`). A move the database refuses is taken back: nothing happened."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ludoteca.errors import IllegalMove

from .errors import Refused
from .hubpart import HubPart
from .live import LiveTable, check_seen, draw_chance, draw_one
from .store import MoveTaken

__all__ = ["FollowingMove", "Turns", "mover"]

log = logging.getLogger("ludoteca.web")

MAX_MOVE_TEXT = 120

FollowingMove = Callable[[LiveTable], "tuple[int, str] | None"]
"""Given a table whose last moves are played but not stored yet (its lock held), the
next seat and move to play with them, or ``None`` to store them now."""


def seated(seat: int | None, seen: Any) -> int:
    """The seat of whoever sent a message made on move count ``seen``; ``Refused``
    for a spectator, or a count that is not a whole number."""
    if seat is None:
        raise Refused("spectator")
    check_seen(seen)
    return seat


def mover(seat: int | None, move: Any, seen: Any) -> int:
    """The seat of whoever sent ``move`` (:func:`seated`); ``Refused`` if it is no
    move's text."""
    player = seated(seat, seen)
    if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE_TEXT:
        raise Refused("bad_move_text")
    return player


def check_going(table: LiveTable, seen: Any) -> None:
    """The table has started, its game goes on, and it is at move count ``seen``
    (when given); ``Refused`` if not (the table's lock held)."""
    if table.waiting:
        raise Refused("waiting")
    if table.game.is_over:
        raise Refused("game_over")
    if seen is not None and seen != table.n:
        raise Refused("stale")


class Turns(HubPart):
    """The hub's moves: played, stored, then told."""

    def check_turn(self, table: LiveTable, seat: int, seen: Any) -> None:
        """It is ``seat``'s turn to move at the state seen (:func:`check_going`)."""
        check_going(table, seen)
        if table.game.to_move != seat:
            raise Refused("not_your_turn", {"name": self.hub.frames.acting_name(table)})

    async def play(
        self,
        table: LiveTable,
        seat: int | None,
        move: Any,
        seen: Any = None,
        then: FollowingMove | None = None,
    ) -> None:
        """Play ``move`` for ``seat``: checked, committed, then broadcast.
        ``Refused`` (nothing changes) if it is not that seat's legal move now.
        ``then``: the moves played after it in the same store and broadcast, while it
        gives one (see :data:`FollowingMove`)."""
        player = mover(seat, move, seen)
        async with table.lock:
            self.check_turn(table, player, seen)
            before, pairs = await self.play_one(table, player, move, then)
        last = next((who, m) for who, m in reversed(pairs) if who is not None)
        await self.tell_moved(table, before, pairs, {"seat": last[0], "move": last[1]})

    async def play_one(
        self, table: LiveTable, seat: int, move: str, then: FollowingMove | None = None
    ) -> tuple[int, list[tuple[int | None, str]]]:
        """Play and store one move of ``seat`` (the table's lock held), with the chance
        events that follow it (and the moves ``then`` gives, each with its own); the
        move count before, and the moves."""
        game = table.game
        # the move is played once, on the live game: nobody sees it until it is
        # stored (the table is unsettled meanwhile), and it is taken back if not
        before = table.n
        try:
            game.play(move)
        except IllegalMove as e:  # the game is left as it was
            raise Refused(
                "illegal",
                {
                    "move": move,
                    "game": table.game_name,
                    "refusal": e.code,
                    "params": e.params,
                    "seat": seat,
                    "names": [s.name for s in table.seats],
                    "levels": [s.level if s.kind == "bot" else None for s in table.seats],
                },
            ) from None
        draw_chance(game, table.again)
        new = game.moves_since(before)
        pairs: list[tuple[int | None, str]] = [(seat, new[0])]
        pairs += [(None, m) for m in new[1:]]
        while then is not None and (following := then(table)) is not None:
            start = len(game)
            try:
                game.play(following[1])
            except IllegalMove:  # not a legal move after all: the others are stored
                log.error("a following move %r refused at table %s", following[1], table.id)
                break
            draw_chance(game, table.again)
            new = game.moves_since(start)
            pairs += [(following[0], new[0]), *((None, m) for m in new[1:])]
        await self.store(table, pairs, urgent=table.seats[seat].kind != "bot")
        return before, pairs

    async def roll(self, table: LiveTable, seat: int | None, seen: Any = None) -> None:
        """Roll ``seat``'s dice, due now (a chance event the server draws when the
        player asks); ``Refused`` if no roll of that seat is due."""
        player = seated(seat, seen)
        async with table.lock:
            check_going(table, seen)
            if table.game.to_roll != player:
                raise Refused("not_your_roll", {"name": self.hub.frames.acting_name(table)})
            before, pairs = await self.draw_waiting(table)
        await self.tell_moved(table, before, pairs, None)

    async def go_on(self, table: LiveTable, seat: int | None, seen: Any = None) -> bool:
        """A player has seen the end of the hand: the next hand is dealt.

        Whether it was dealt now: a message that comes after the deal (another
        player continued first) or made on an older state changes nothing.
        """
        seated(seat, seen)
        async with table.lock:
            if table.waiting:
                raise Refused("waiting")
            if table.game.next_step().kind != "deal" or (seen is not None and seen != table.n):
                return False
            before, pairs = await self.draw_waiting(table)
        await self.tell_moved(table, before, pairs, None)
        return True

    async def draw_waiting(
        self, table: LiveTable, *, urgent: bool = True
    ) -> tuple[int, list[tuple[int | None, str]]]:
        """Draw and store the chance event that waited, and those after it that do
        not wait (the table's lock held); the move count before, and the moves
        (``urgent``: a person asked, see :meth:`Writer.append`)."""
        before = table.n
        draw_one(table.game, table.again)
        pairs: list[tuple[int | None, str]] = [(None, m) for m in table.game.moves_since(before)]
        await self.store(table, pairs, urgent=urgent)
        return before, pairs

    async def store(
        self, table: LiveTable, pairs: list[tuple[int | None, str]], *, urgent: bool
    ) -> None:
        """Store the moves the game made since the last stored (the table's lock
        held, the table unsettled); ``Refused`` if they cannot be, and the game
        takes them back: nothing changed."""
        hub = self.hub
        game = table.game
        try:
            await hub.writer.append(table.id, table.stored, pairs, over=game.is_over, urgent=urgent)
        except Exception as e:
            while len(game) > table.stored:
                game.pop()
            if isinstance(e, MoveTaken):  # another worker stored a move first: catch up
                await hub.cluster.catch_up(table, locked=True)
                raise Refused("stale") from None
            log.exception("could not store a move of table %s", table.id)
            raise Refused("storage", {"detail": type(e).__name__}, status=503) from None
        table.stored = len(game)
        table.over = game.is_over

    async def tell_moved(
        self,
        table: LiveTable,
        before: int,
        pairs: list[tuple[int | None, str]],
        last: dict[str, Any] | None,
    ) -> None:
        """Tell everyone what was stored: the connections, the bots, the other workers."""
        hub = self.hub
        hub.frames.broadcast(table, last=last)
        hub.bots.kick(table)
        if hub.broker is not None:
            news = {"kind": "moves", "from": before, "moves": pairs, "last": last}
            await hub.broker.publish(table.id, news)
