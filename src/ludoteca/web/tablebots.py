"""The bots at the tables: what the server does next on its own (a bot's
decision or roll, the deal at a table of bots), at the table's pace, and the
expert's hints."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
from typing import Any

import ludoteca
from ludoteca.bots.base import choose_move
from ludoteca.game import Game

from .bots import QUICK_LEVELS, make_level_bot
from .errors import Refused
from .hubpart import HubPart
from .live import (
    HAND_PAUSE_PACES,
    LiveTable,
    best_level,
    decision_seed,
    drawing_copy,
)

log = logging.getLogger("ludoteca.web")


class TableBots(HubPart):
    """The bots and the chance of the hub's tables, and their hints."""

    # ------------------------------------------------------------------- bots

    def _bot_step(self, table: LiveTable) -> str | None:
        """What the server does next on its own: a bot's ``decision``, a bot's
        ``roll``, the ``deal`` after a hand's end at a table of bots; ``None``: it
        waits for a person (or the game is over, or has not started)."""
        if table.waiting:
            return None
        step = table.game.next_step()
        if step.kind in ("decision", "roll"):
            assert step.seat is not None
            return step.kind if table.seats[step.seat].kind == "bot" else None
        if step.kind == "deal":
            return None if any(s.kind == "human" for s in table.seats) else "deal"
        # a chance event that does not wait (not left undrawn in play)
        return "deal" if step.kind == "chance" else None

    def kick(self, table: LiveTable) -> None:
        """Start the table's bot loop if the server is to act (a bot, or a deal)."""
        if self.hub.closing or table.over or table.waiting:
            return
        if self.hub.broker is not None and not table.leased:
            return  # another worker runs this table's bots
        if self._bot_step(table) is None:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(table))

    async def _bot_loop(self, table: LiveTable) -> None:
        failures = 0
        while not self.hub.closing:
            step = self._bot_step(table)
            if step is None:
                return
            if step == "decision":
                refused = await self._bot_decision(table, step)
            else:
                refused = await self._bot_chance(table, step)
            if refused is None:
                failures = 0
                continue
            if refused.code == "stale":
                continue
            if refused.code == "storage":  # the database is away: try again, nothing is lost
                await asyncio.sleep(min(30.0, 0.5 * 2 ** min(failures, 6)))
                failures += 1
                continue
            if step != "decision":
                continue
            failures += 1
            if failures > 3:
                return
            await asyncio.sleep(0.5)

    async def _bot_chance(self, table: LiveTable, step: str) -> Refused | None:
        """Draw a roll of a bot or a deal of a bots' table (``step``), at the table's
        pace, in one of the quick turns; the refusal if it could not be stored."""
        seen = table.n
        ended = table.game.next_step().kind == "deal"
        paces = HAND_PAUSE_PACES if step == "deal" and ended else 1.0
        await asyncio.sleep(table.bot_delay * paces)
        if table.n != seen or self._bot_step(table) != step:
            return None
        turn = self.hub.bot_pool.quick_turn(None) if self.hub.bot_pool is not None else None
        try:
            async with turn or contextlib.nullcontext():
                async with table.lock:
                    if table.n != seen:
                        return None
                    before, pairs = await self.hub.turns.draw_waiting(table, urgent=False)
                await self.hub.turns.tell_moved(table, before, pairs, None)
        except Refused as e:
            return e
        return None

    async def _bot_decision(self, table: LiveTable, step: str) -> Refused | None:
        """The bot to move decides and plays, at the table's pace (a quick level in
        one of the server's quick turns); the refusal of its move, if any."""
        loop = asyncio.get_running_loop()
        game = table.game
        seen = table.n
        seat = game.to_move
        assert isinstance(seat, int)
        level = table.seats[seat].level or best_level(table.game_name)
        seed = decision_seed(table.seed, seen, seat)
        turn = self.hub.bot_pool.quick_turn(level) if self.hub.bot_pool is not None else None
        if turn is not None:
            # decided here: wait for the table's pace first, then decide and play
            await asyncio.sleep(table.bot_delay)
            if table.n != seen or self._bot_step(table) != step:
                return None
        started = loop.time()
        async with turn or contextlib.nullcontext():
            try:
                if self.hub.engines.has(level):  # in a thread: an engine may take its time
                    move = await asyncio.to_thread(
                        self.hub.engines.choose, table.id, drawing_copy(game), seat, level
                    )
                elif self.hub.bot_pool is not None:
                    move = await self.hub.bot_pool.choose(table.id, game, seat, level, seed)
                    if self.hub.broker is not None:
                        await self.hub.broker.count_decision()
                else:
                    move = await asyncio.to_thread(
                        self._bot_choose, table, seat, drawing_copy(game), seed
                    )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception(
                    "bot of seat %d at table %s failed; it plays at random", seat, table.id
                )
                move = secrets.choice(game.legal_moves())
            wait = table.bot_delay - (loop.time() - started)
            if wait > 0 and turn is None:
                await asyncio.sleep(wait)
            following = None
            if table.bot_delay <= 0 and self._decided_at_once(level):
                following = _QuickFollowing(self)
            try:
                await self.hub.turns.play(table, seat, move, seen, following)
            except Refused as e:
                if e.code not in ("stale", "storage"):
                    log.error("bot move %r refused at table %s: %s", move, table.id, e.params)
                return e
            if following is not None and self.hub.broker is not None:
                for _ in range(following.decided):
                    await self.hub.broker.count_decision()
        return None

    def _decided_at_once(self, level: str) -> bool:
        """Whether a bot of ``level`` decides in an instant (a quick level, not an
        engine): at a table without pace, such bots that follow one another play in
        one store and one broadcast (:class:`_QuickFollowing`)."""
        return level in QUICK_LEVELS and not self.hub.engines.has(level)

    def _decide_now(self, table: LiveTable, seat: int, level: str, seed: int) -> str:
        """A quick bot's move, decided at once on the loop's thread."""
        pool = self.hub.bot_pool
        if pool is not None:
            return pool.choose_now(table.id, table.game, seat, level, seed)
        return self._bot_choose(table, seat, drawing_copy(table.game), seed)

    def _bot_choose(self, table: LiveTable, seat: int, game: Game, seed: int) -> str:
        """The move of the bot at ``seat`` in ``game`` (a copy that draws its own
        chance), drawn from ``seed``: the same position, the same move."""
        bot = table.bots.get(seat)
        if bot is None:
            level = table.seats[seat].level or best_level(table.game_name)
            bot = table.bots[seat] = make_level_bot(table.game_name, level)
        bot.rng.seed(seed)
        game.seed = seed
        return choose_move(bot, game)

    # ------------------------------------------------------------------ hints

    async def hint(self, table: LiveTable, seat: int | None) -> list[dict[str, Any]]:
        """The expert's ranked moves for ``seat``, which must be to move."""
        hint_fn = self.hub.hint_source or getattr(ludoteca, "hint", None)
        if hint_fn is None:
            raise Refused("no_hints")
        if seat is None:
            raise Refused("spectator")
        if table.waiting:
            raise Refused("waiting")
        game = table.game
        if table.unsettled:
            raise Refused("stale")
        if game.to_move != seat:
            raise Refused("hint_not_your_turn")
        async with table.hint_lock:
            try:
                ranked = await asyncio.wait_for(
                    asyncio.to_thread(hint_fn, drawing_copy(game), seat), 60
                )
            except Exception as e:
                log.warning("no hint at table %s: %s", table.id, e)
                raise Refused("hint_failed") from None
        out = []
        for item in ranked or []:
            if dataclasses.is_dataclass(item) and not isinstance(item, type):
                out.append(dataclasses.asdict(item))
            elif isinstance(item, dict):
                out.append(dict(item))
            else:
                out.append({"move": str(item)})
        return out


class _QuickFollowing:
    """The moves of the quick bots to move next at a table without pace (a
    :data:`~.turns.FollowingMove`), a round of the table's seats at most: nobody would
    see the positions between them. Each is decided as it would be on its own, from
    the same seed."""

    def __init__(self, bots: TableBots) -> None:
        self.bots = bots
        self.decided = 0

    def __call__(self, table: LiveTable) -> tuple[int, str] | None:
        if self.decided >= len(table.seats) - 1 or self.bots._bot_step(table) != "decision":
            return None
        game = table.game
        seat = game.to_move
        assert isinstance(seat, int)
        level = table.seats[seat].level or best_level(table.game_name)
        if not self.bots._decided_at_once(level):
            return None
        try:
            move = self.bots._decide_now(
                table, seat, level, decision_seed(table.seed, len(game), seat)
            )
        except Exception:  # the moves before it are stored; this bot decides on its own
            log.exception("bot of seat %d at table %s failed", seat, table.id)
            return None
        self.decided += 1
        return seat, move
