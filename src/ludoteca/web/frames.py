"""What the connections are sent: full states, deltas from the last state
sent, the table's info; the words of each (one voice, in each connection's
language) beside the view."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

from ludoteca.i18n.table import said
from ludoteca.i18n.voice import Voice
from ludoteca.i18n.words import Words
from ludoteca.registry import game_class

from .errors import Refused
from .hubpart import HubPart
from .live import (
    APPENDED,
    GROWING,
    HAND_PAUSE_PACES,
    INFO_DELAY,
    Connection,
    LiveTable,
    label,
    seat_info,
    seat_label,
    to_json,
)
from .moves import parsed_decisions, tries

log = logging.getLogger("ludoteca.web")

_ABSENT = object()
"""A key a view did not have (a value of ``None`` is one it had)."""


class Frames(HubPart):
    """What the connections are sent, for the hub's tables."""

    # --------------------------------------------------------------- messages

    def table_info(self, table: LiveTable) -> dict[str, Any]:
        online = {c.seat for c in table.conns if c.seat is not None and c.ready}
        return {
            "id": table.id,
            "game": table.game_name,
            "title": game_class(table.game_name).title,
            "options": table.options,
            "bot_delay": table.bot_delay,
            "over": table.over,
            "waiting": table.waiting,
            "host": table.host,
            "rematch": table.rematch,
            "rematch_of": table.rematch_of,
            "spectators": sum(1 for c in table.conns if c.seat is None and c.ready),
            "seats": [
                {**seat_info(s), "online": s.kind == "bot" or s.seat in online} for s in table.seats
            ],
        }

    def frame(
        self,
        table: LiveTable,
        seat: int | None,
        lang: str = "en",
        last: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The state message for one seat (``None``: a spectator): its view only,
        with the moves it shows said in words in ``lang`` and parsed (a seat also
        gets the moves a click on its hand or figure may try)."""
        game = table.game
        view = game.view(seat)
        name = table.game_name
        shown = {*view["log"], *view["legal_moves"]}
        frame: dict[str, Any] = {
            "type": "state",
            "table": self.table_info(table),
            "seat": seat,
            "n": table.n,
            "view": view,
            "said": self.said(table, view, seat, lang),
            "labels": {m: label(name, m, lang) for m in shown},
            "moves": parsed_decisions(game, shown),
            "last": last,
            "result": game.result() if game.is_over else None,
            "awaits": self.awaiting(table),
            "hints": seat is not None and self.hub.hints_for(table.game_name),
            "undo": self.hub.undo.possible(table, seat),
        }
        if seat is not None:
            frame["tries"] = tries(game)
        return frame

    def said(
        self,
        table: LiveTable,
        view: dict[str, Any],
        seat: int | None,
        lang: str,
        *,
        log_from: int = 0,
    ) -> dict[str, Any]:
        """What the table's screen says to ``seat`` in ``lang`` (:func:`ludoteca.i18n.table.said`),
        with the players' names as the table shows them."""
        words_ = Words(lang)
        names = [seat_label(s, words_) for s in table.seats]
        voice = _voice(table.game_name, lang, tuple(names), seat, tuple(table.game.options.items()))
        game = table.game
        words = said(
            view,
            voice,
            log_from=log_from,
            status=self.status_step(table, seat),
            result=game.result() if game.is_over else None,
        )
        return {**words, "names": names}

    def status_step(self, table: LiveTable, seat: int | None) -> tuple[str, int | None]:
        """What the table waits for, as seen from ``seat`` (see
        :func:`ludoteca.i18n.board.say_status`)."""
        awaits = self.awaiting(table)
        if awaits is not None and awaits["kind"] in ("continue", "pause"):
            return "hand_over", None
        if awaits is not None and awaits["kind"] == "roll":
            roller: int = awaits["seat"]
            if roller == seat:
                return "roll", roller
            who = table.seats[roller]
            return ("waiting" if who.kind != "bot" and who.token_hash is None else "rolls"), roller
        mover = table.game.to_move
        if not isinstance(mover, int):
            return "chance", None
        if mover == seat:
            return "turn", mover
        info = table.seats[mover]
        if info.kind == "bot":
            return "thinking", mover
        return ("waiting" if info.token_hash is None else "to_play"), mover

    def send_state(self, table: LiveTable, conn: Connection) -> None:
        """A full ``state`` to one connection: its first frame, and after a refusal
        (while a move is being stored, the broadcast that follows sends it)."""
        if table.unsettled:
            conn.sent_n = None
            return
        self._note_info(table)
        conn.send(to_json(self.frame(table, conn.seat, conn.lang)))
        conn.sent_n = table.n
        conn.info_rev = table.info_rev

    def broadcast(self, table: LiveTable, last: dict[str, Any] | None = None) -> None:
        """Tell every connection of the table what changed for its seat.

        A connection gets a ``delta`` (see :mod:`ludoteca.web.protocol`) from the
        state it was last sent; connections in the same place share one text.
        Nothing is sent while a move is being stored (the broadcast that follows
        the store sends it).
        """
        if table.unsettled:
            return
        info = self._note_info(table)
        views: dict[tuple[int | None, int], tuple[dict[str, Any], dict[str, Any]]] = {}
        cache: dict[tuple[Any, ...], str] = {}
        for conn in list(table.conns):
            if not conn.ready:
                continue
            since = conn.sent_n
            fresh_info = conn.info_rev != table.info_rev
            if since == table.n and not fresh_info and last is None:
                continue  # nothing new for it
            if since is None or since > table.n:
                key: tuple[Any, ...] = ("state", conn.seat, conn.lang)
            else:
                key = ("delta", conn.seat, conn.lang, since, fresh_info)
            text = cache.get(key)
            if text is None:
                if since is None or since > table.n:
                    frame = self.frame(table, conn.seat, conn.lang, last)
                    text = to_json(frame)
                else:
                    seen = views.get((conn.seat, since))
                    if seen is None:
                        view = table.game.view(conn.seat, log_from=since)
                        kept = {
                            k: v for k, v in view.items() if k not in GROWING and k not in APPENDED
                        }
                        seen = views[conn.seat, since] = (view, kept)
                    text = self._delta(table, conn, seen, info if fresh_info else None, last)
                cache[key] = text
            conn.send(text)
            conn.sent_n = table.n
            conn.info_rev = table.info_rev
        for (seat, _since), (view, kept) in views.items():
            lengths = {k: len(view[k]) for k in APPENDED if k in view and k != "log_seats"}
            table.sent_views[seat] = (table.n, kept, lengths)

    def _delta(
        self,
        table: LiveTable,
        conn: Connection,
        seen: tuple[dict[str, Any], dict[str, Any]],
        info: dict[str, Any] | None,
        last: dict[str, Any] | None,
    ) -> str:
        view, values = seen
        since = conn.sent_n
        assert since is not None
        game = table.game
        new_log = view["log"]  # the view holds the moves from `since` on
        shown = {*new_log, *view["legal_moves"]}
        message: dict[str, Any] = {
            "type": "delta",
            "n": table.n,
            "log_from": since,
            "log": new_log,
            "events": view["events"],
            "said": self.said(table, view, conn.seat, conn.lang, log_from=since),
            "labels": {m: label(table.game_name, m, conn.lang) for m in shown},
            "moves": parsed_decisions(game, shown),
            "last": last,
            "result": game.result() if game.is_over else None,
            "awaits": self.awaiting(table),
            "undo": self.hub.undo.possible(table, conn.seat),
        }
        if info is not None:
            message["table"] = info
        before = table.sent_views.get(conn.seat)
        whole: list[str] = []  # appended lists sent whole
        if before is not None and before[0] == since:
            old, lengths = before[1], before[2]
            # views are built afresh, their values never changed after: the values
            # sent last compare as they are, without writing them out
            changed = [k for k, v in values.items() if old.get(k, _ABSENT) != v]
            dropped = [k for k in (*old, *lengths) if k not in view]
            if dropped:
                message["view_drop"] = dropped
            append: dict[str, list[Any]] = {}
            for k in APPENDED:
                if k not in view:
                    continue
                if k == "log_seats":  # the view holds the moves since the one it follows
                    if view[k]:
                        append[k] = view[k]
                    continue
                had = lengths.get(k)
                if had is None or had > len(view[k]):
                    whole.append(k)
                elif had < len(view[k]):
                    append[k] = view[k][had:]
            if append:
                message["append"] = append
        else:
            changed = list(values)
            whole = [k for k in APPENDED if k in view]
            message["view_replace"] = True
        head = to_json(message)
        parts = [f"{to_json(k)}: {to_json(values[k])}" for k in changed]
        if "log_seats" in whole:  # the view holds the tail only
            whole.remove("log_seats")
            parts.append(f'"log_seats": {to_json(game.view(conn.seat)["log_seats"])}')
        parts += [f"{to_json(k)}: {to_json(view[k])}" for k in whole]
        body = ", ".join(parts)
        return f'{head[:-1]}, "view": {{{body}}}}}'

    def _note_info(self, table: LiveTable) -> dict[str, Any]:
        """The table's info now; its revision moves on when it changed."""
        info = self.table_info(table)
        if info != table.info:  # made afresh each time: compared as it is
            table.info = info
            table.info_rev += 1
        return info

    def touch(self, table: LiveTable) -> None:
        """Who sits and watches changed: tell the connections soon, once for many
        changes (a thousand spectators joining cost each of them one frame)."""
        if table.info_pending or self.hub.closing:
            return
        table.info_pending = True

        def send() -> None:
            table.info_pending = False
            self.broadcast(table)

        asyncio.get_running_loop().call_later(INFO_DELAY, send)

    def error_message(self, refusal: Refused, lang: str) -> dict[str, Any]:
        """A refusal as sent to a client, in its language."""
        from .i18n import refusal_text

        return {
            "type": "error",
            "code": refusal.code,
            "message": refusal_text(refusal.code, refusal.params, lang),
            "move": refusal.params.get("move"),
        }

    def awaiting(self, table: LiveTable) -> dict[str, Any] | None:
        """What the table waits for, if it waits for a chance event: ``continue``
        (a person to have seen the hand's end), ``pause`` (a table of bots, for
        ``seconds``), or a seat's ``roll``."""
        step = table.game.next_step()
        if step.kind == "deal":
            if any(s.kind == "human" for s in table.seats):
                return {"kind": "continue"}
            return {"kind": "pause", "seconds": round(table.bot_delay * HAND_PAUSE_PACES, 2)}
        if step.kind == "roll":
            return {"kind": "roll", "seat": step.seat}
        return None

    def acting_name(self, table: LiveTable) -> str:
        """The name of the seat that acts now (the decider, or whose roll is due)."""
        seat = table.game.next_step().seat
        return table.seats[seat].name if seat is not None else ""


@functools.lru_cache(maxsize=4096)
def _voice(
    game: str, lang: str, names: tuple[str, ...], seat: int | None, options: tuple[Any, ...]
) -> Voice:
    """The voice of a table's screen, kept while its players and options stay the same
    (its words of the sides and the score are then worked out once)."""
    return Voice.of(game, lang, names, seat, dict(options))
