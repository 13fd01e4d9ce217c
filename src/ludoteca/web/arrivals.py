"""People taking their seats: a seat claimed with its invitation, and a table that
waits for its invited players until the last one sits or its host starts it with bots.
Whatever starts a table is stored with the table's opening before anyone sees it."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from .errors import Refused
from .hubpart import HubPart
from .live import LiveTable, best_level, bot_name, clean_name, draw_chance
from .store import SeatData, hash_secret

log = logging.getLogger("ludoteca.web")


class Arrivals(HubPart):
    """The hub's seats being taken, and its waiting tables starting."""

    async def join(self, table: LiveTable, seat: Any, invite: Any, name: Any) -> str:
        """Take a free human seat with its invitation; returns the seat's token."""
        hub = self.hub
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise Refused("bad_seat", {"count": len(table.seats)})
        display = clean_name(name)
        info = table.seats[seat]
        if info.kind != "human":
            raise Refused("seat_is_bot", status=409)
        if info.token_hash is not None:
            raise Refused("seat_taken", status=409)
        if not isinstance(invite, str) or info.invite_hash != hash_secret(invite):
            raise Refused("bad_invite", status=403)
        token = secrets.token_urlsafe(24)
        async with table.lock:
            # the opening, should this seat be the last one awaited (the store says)
            before = table.n
            if table.waiting:
                draw_chance(table.game)
            opening = [(None, m) for m in table.game.moves_since(before)]
            started = False
            try:
                claimed, started = await hub.writer.call(
                    hub.store.claim_seat,
                    table.id,
                    seat,
                    hash_secret(invite),
                    display,
                    hash_secret(token),
                    opening,
                )
            finally:
                if not started:  # the opening stays undrawn (or the claim failed)
                    while len(table.game) > table.stored:
                        table.game.pop()
            if not claimed:
                raise Refused("seat_taken", status=409)
            info.name = display
            info.token_hash = hash_secret(token)
            table.game.names = [s.name for s in table.seats]
            if started:
                self._started(table)
        hub.frames.broadcast(table)
        if started:
            hub.bots.kick(table)
        if hub.broker is not None:
            await hub.broker.publish(table.id, {"kind": "seats"})
        return token

    def _started(self, table: LiveTable) -> None:
        """The table's opening is stored (the table's lock held): it no longer waits."""
        table.waiting = False
        table.stored = len(table.game)
        table.over = table.game.is_over

    async def start_now(self, table: LiveTable, seat: int | None) -> None:
        """The host starts a waiting table at once: its free seats become bots of
        the level the lobby offers by default, stored before anyone sees it.
        ``Refused`` if the table does not wait or ``seat`` is not the host."""
        hub = self.hub
        if seat is None:
            raise Refused("spectator")
        if table.host is not None and seat != table.host:
            raise Refused("not_host", status=403)
        async with table.lock:
            if not table.waiting:
                raise Refused("not_waiting", status=409)
            level = best_level(table.game_name)
            bots = [
                SeatData(s.seat, "bot", level, bot_name(level, s.seat), None, None)
                for s in table.seats
                if s.kind == "human" and s.token_hash is None
            ]
            names = [s.name for s in table.seats]
            for bot in bots:
                names[bot.seat] = bot.name
            before = table.n
            table.game.names = names
            draw_chance(table.game)
            opening = [(None, m) for m in table.game.moves_since(before)]
            try:
                started = await hub.writer.call(hub.store.start_with_bots, table.id, bots, opening)
            except Exception:
                log.exception("table %s could not be started", table.id)
                started = None
            if not started:
                while len(table.game) > table.stored:
                    table.game.pop()
                table.game.names = [s.name for s in table.seats]
                if started is None:
                    raise Refused("storage", {"detail": "start"}, status=503)
                raise Refused("not_waiting", status=409)
            for bot in bots:
                table.seats[bot.seat] = bot
            self._started(table)
        hub.frames.broadcast(table)
        if hub.broker is not None:
            await hub.broker.add_bot_table(table.id)
            table.leased = table.leased or await hub.broker.acquire(table.id)
            await hub.broker.publish(table.id, {"kind": "seats"})
        hub.bots.kick(table)
