"""The table's WebSocket protocol.

Every message is a JSON object with a ``type``. The client starts with
``hello`` and may then send:

- ``{"type": "hello", "token": T | null, "lang": "pt" | "en"}``: sit at the seat
  whose token is ``T`` (``null``: watch as a spectator);
- ``{"type": "move", "move": "play 6-4", "n": N}``: play a move; ``n`` is the
  number of moves in the state the player saw (a move made on an older state
  is refused);
- ``{"type": "move", "move": "draw", "n": N, "until_fits": true}``: draw
  again and again while drawing is the player's only move (Five-Up: until a
  tile fits, or the stock is down to the tiles never drawn). Each draw is a move
  of its own, stored and sent as any move; the frames' ``last`` says ``more``
  while another draw follows. Refused (``until_fits``) for a move that is not a
  draw, and as any draw when drawing is not allowed now;
- ``{"type": "roll", "n": N}``: roll the player's own dice, when the state's
  ``awaits`` is ``{"kind": "roll", "seat": <the player's seat>}`` (Cavaleiro);
- ``{"type": "continue", "n": N}``: the player has seen the end of the hand
  (``awaits`` is ``{"kind": "continue"}``): the next hand is dealt. One player's
  continue deals it for everyone; one that comes later changes nothing;
- ``{"type": "undo", "n": N}``: take back the player's last decision of the hand
  in play and every move after it, at a table where every other seat is a bot
  (the state's ``undo`` says whether it is possible now). The moves are deleted
  from the database, then everyone gets the whole ``state``; the bots wait for
  the player and decide again as they did. Refused: ``undo_not_alone`` (another
  person sits at the table), ``nothing_to_undo`` (no decision of the player in
  this hand), ``stale``, ``game_over``, ``waiting``, ``spectator``;
- ``{"type": "start"}``: the host (the seat of who created the table) starts a
  table that waits for its invited players (its info's ``waiting``) at once, a
  bot of the strongest level in each seat nobody took;
- ``{"type": "hint"}``, ``{"type": "rematch"}``, ``{"type": "lang", "lang": L}``,
  ``{"type": "ping"}``.

The server sends ``welcome`` (the seat), ``state`` (the table and the seat's
view, after every change), ``error`` (a refusal, in the client's language;
nothing changed), ``hint``, ``rematch`` (the new table) and ``pong``. A state's
``awaits`` says what the table waits for when the next step is a chance event
that waits: ``continue`` (a hand ended; a person continues), ``pause`` (a table
of bots shows the hand's end for ``seconds``) or a seat's ``roll``; ``null``
otherwise. Until every invited player sits (or the host starts), a table's
``waiting`` is true: nothing is drawn or played, and moves, rolls, continues and
hints are refused (``waiting``).
Messages larger than :data:`MAX_MESSAGE` characters are refused, and so are
messages beyond the rate limit (:class:`RateLimit`); a client that keeps
flooding is disconnected.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ludoteca.effects import now_of
from ludoteca.i18n.hints import hint_payload

from . import i18n
from .errors import Refused
from .guard import parse_json
from .hub import Connection, Hub, LiveTable
from .seating import seat_of_token

__all__ = ["MAX_MESSAGE", "RateLimit", "table_socket"]

MAX_MESSAGE = 2048
HELLO_TIMEOUT = 30.0


class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts of ``burst``.

    ``strikes`` counts the messages refused in the current ten-second window;
    more than :data:`FLOOD_STRIKES` of them and the client is flooding.
    """

    WINDOW = 10.0

    def __init__(self, rate: float = 8.0, burst: float = 20.0) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.window_start = self.stamp
        self.strikes = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if now - self.window_start > self.WINDOW:
            self.window_start = now
            self.strikes = 0
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False


FLOOD_STRIKES = 100


async def table_socket(hub: Hub, websocket: WebSocket) -> None:
    """Serve one client of a table until it leaves."""
    await websocket.accept()
    lang = i18n.lang_from_headers(websocket.headers.get("accept-language"))
    table = await hub.get(websocket.path_params.get("table_id", ""))
    if table is None:
        await websocket.send_text(
            json.dumps(
                {
                    "type": "error",
                    "code": "no_table",
                    "message": i18n.refusal_text("no_table", {}, lang),
                }
            )
        )
        await websocket.close(4404)
        return
    conn = Connection(websocket, lang=lang)
    writer = asyncio.get_running_loop().create_task(conn.writer())
    limit = RateLimit(*hub.message_rate)
    client = websocket.client.host if websocket.client else None
    try:
        while not conn.closed:
            try:
                message = await asyncio.wait_for(
                    websocket.receive(), None if conn.ready else HELLO_TIMEOUT
                )
            except TimeoutError:
                conn.send(_error(Refused("hello_first"), conn.lang))
                break
            if message["type"] == "websocket.disconnect":
                break
            allowed = limit.allow()
            if allowed and hub.client_limits.take("message", client):
                allowed = False  # the client's connections together send too much
                limit.strikes += 1
            if not allowed:
                if limit.strikes > FLOOD_STRIKES:
                    conn.send(_error(Refused("flood"), conn.lang))
                    break
                conn.send(_error(Refused("rate_limited"), conn.lang))
                continue
            text = message.get("text")
            if text is None:
                conn.send(_error(Refused("bad_json"), conn.lang))
                continue
            if len(text) > MAX_MESSAGE:
                conn.send(_error(Refused("too_large", {"limit": MAX_MESSAGE}), conn.lang))
                continue
            try:
                data = parse_json(text)
                await _handle(hub, table, conn, data)
            except Refused as e:
                conn.send(_error(e, conn.lang))
                if e.code == "stale":
                    hub.frames.send_state(table, conn)
    except WebSocketDisconnect:
        pass
    finally:
        was_ready = conn.ready
        table.conns.discard(conn)
        table.used = time.monotonic()
        conn.stop()
        await writer
        if was_ready:
            hub.frames.touch(table)
            hub.upkeep.note_seen(table)


def _error(e: Refused, lang: str) -> dict[str, Any]:
    return {
        "type": "error",
        "code": e.code,
        "message": i18n.refusal_text(e.code, e.params, lang),
        "move": e.params.get("move"),
    }


async def _handle(hub: Hub, table: LiveTable, conn: Connection, data: Any) -> None:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refused("bad_message", {"detail": "a message is an object with a type"})
    kind = data["type"]
    if kind == "hello":
        await _hello(hub, table, conn, data)
        return
    if not conn.ready:
        raise Refused("hello_first")
    if kind == "move":
        until_fits = data.get("until_fits", False)
        if not isinstance(until_fits, bool):
            raise Refused("bad_message", {"detail": "until_fits is true or false"})
        act = hub.draws.until_fits if until_fits else hub.turns.play
        await act(table, conn.seat, data.get("move"), data.get("n"))
    elif kind == "roll":
        await hub.turns.roll(table, conn.seat, data.get("n"))
    elif kind == "continue":
        await hub.turns.go_on(table, conn.seat, data.get("n"))
    elif kind == "undo":
        await hub.undo.take_back(table, conn.seat, data.get("n"))
    elif kind == "hint":
        await _hint(hub, table, conn)
    elif kind == "rematch":
        await hub.rematch(table, conn.seat)
    elif kind == "start":
        await hub.arrivals.start_now(table, conn.seat)
    elif kind == "lang":
        conn.lang = i18n.normalise(data.get("lang"))
        hub.frames.send_state(table, conn)  # its moves in words, in the new language
    elif kind == "ping":
        conn.send({"type": "pong"})
    else:
        raise Refused("bad_message", {"detail": f"unknown type {kind[:30]!r}"})


async def _hello(hub: Hub, table: LiveTable, conn: Connection, data: dict[str, Any]) -> None:
    """A connection says who it is: its language, and its seat's token (none: a spectator)."""
    lang = data.get("lang")
    if lang is not None:
        conn.lang = i18n.normalise(lang)
    token = data.get("token")
    seat = None if token is None else seat_of_token(table, token)
    conn.seat = seat
    conn.ready = True
    table.conns.add(conn)
    conn.send({"type": "welcome", "seat": seat, "table": table.id})
    if token is not None and seat is None:
        conn.send(_error(Refused("wrong_token"), conn.lang))
    await hub.cluster.refresh(table)
    hub.frames.send_state(table, conn)
    hub.frames.touch(table)
    hub.upkeep.note_seen(table)


async def _hint(hub: Hub, table: LiveTable, conn: Connection) -> None:
    """The expert's advice to the connection's seat, one request at a time."""
    if conn.hint_busy:
        raise Refused("hint_busy")
    conn.hint_busy = True
    now = now_of(table.game)
    try:
        moves = await hub.bots.hint(table, conn.seat)
    except TimeoutError:
        raise Refused("hint_failed") from None
    finally:
        conn.hint_busy = False
    hint = hint_payload(table.game_name, moves, conn.lang, now)
    conn.send({"type": "hint", "n": table.n, **hint})
