"""Records stepped through in the replay viewer (``POST /api/replay``)."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

import ludoteca
from ludoteca.errors import IllegalMove, InvalidRecord
from ludoteca.game import Game
from ludoteca.i18n.table import said
from ludoteca.i18n.voice import Voice
from ludoteca.i18n.words import Words
from ludoteca.registry import available_games, game_class

from . import i18n
from .errors import Refused
from .guard import check_options
from .moves import parsed_decisions

__all__ = ["Replay", "Replays", "check_record_options"]


def check_record_options(record: Any) -> None:
    """Refuse a record whose options the server would refuse at a new table."""
    if isinstance(record, dict) and record.get("game") in available_games():
        options = record.get("options")
        try:
            check_options(record["game"], options if isinstance(options, dict) else {})
        except Refused as e:
            raise Refused("bad_record", {"detail": e.params.get("detail", "")}) from None


class Replays:
    """Records being stepped through in the replay viewer, the most recent kept.

    A record is checked and replayed once; each later step of it moves a cursor
    game from the last step shown by playing or undoing the moves between, so a
    viewer stepping through a game costs a move a step, not a replay.
    """

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._entries: OrderedDict[str, Replay] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(record: Any) -> str:
        text = json.dumps(record, sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def known(self, key: str) -> bool:
        with self._lock:
            return key in self._entries

    def step(self, key: str, record: Any, step: Any, lang: str) -> dict[str, Any]:
        """The table after ``step`` moves of ``record`` (``key`` its :meth:`key`)."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
        if entry is None:
            entry = Replay(record)
            with self._lock:
                self._entries[key] = entry
                while len(self._entries) > self.size:
                    self._entries.popitem(last=False)
        return entry.step(step, lang)


class Replay:
    """One record, checked and replayed, with a cursor at the last step shown."""

    def __init__(self, record: Any) -> None:
        check_record_options(record)
        try:
            full = ludoteca.replay(record)
        except (InvalidRecord, IllegalMove, ludoteca.GameNotAvailable) as e:
            raise Refused("bad_record", {"detail": str(e)}) from None
        self.record = record
        self.moves = full.moves
        self.movers: list[int | None] = [
            actor if isinstance(actor, int) else None for actor, _ in full.history
        ]
        self.cursor: Game = full
        self.lock = threading.Lock()

    def step(self, step: Any, lang: str) -> dict[str, Any]:
        moves = self.moves
        if not isinstance(step, int) or isinstance(step, bool):
            step = len(moves)
        step = max(0, min(step, len(moves)))
        record = self.record
        with self.lock:
            game = self.cursor
            while len(game) > step:
                game.pop()
            while len(game) < step:
                game.play(moves[len(game)])
            view = game.view(None)
            view["log"] = list(moves[:step])
            names = Words(lang).seat_names(game.names, record.get("seats"))
            voice = Voice.of(record["game"], lang, names, None, game.options)
            words = said(view, voice, result=game.result() if game.is_over else None)
            view["hands"] = [game.view(s).get("hand") for s in range(game.num_seats)]
            result = game.result() if game.is_over else None
            following = moves[step] if step < len(moves) else None
            shown = set(moves[:step]) | ({following} if following else set())
            parsed_moves = parsed_decisions(game, shown)
        labels = {m: i18n.describe(record["game"], m, lang) for m in shown}
        movers = self.movers[:step]
        return {
            "game": record["game"],
            "title": game_class(record["game"]).title,
            "players": record["players"],
            "count": len(moves),
            "step": step,
            "move": moves[step - 1] if step else None,
            "next": following,
            "mover": movers[-1] if movers else None,
            "view": view,
            "said": {**words, "names": names},
            "log_seats": movers,
            "labels": labels,
            "moves": parsed_moves,
            "result": result,
        }
