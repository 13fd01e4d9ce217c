"""Game records (``ludoteca/1``): checking, replaying, reading and writing.

A record is JSON::

    {"format": "ludoteca/1", "game": "texas42", "options": {...},
     "players": ["Ana", "Beto", "Caio", "Duda"],
     "seats": ["human", "expert", "human", "expert"], "moves": ["draw 6-4 ...", ...]}

``moves`` holds every chance event and every decision in order, so replaying it
rebuilds the game exactly. The header says who played: ``players``, a name per
seat, and optionally ``seats``, who sat in each seat (``"human"`` or a bot
level); neither is part of the game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .errors import IllegalMove, InvalidRecord
from .game import RECORD_FORMAT, ChanceMode, Game, require_game
from .registry import game_class

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["check_record", "load_record", "replay", "save_record"]


def check_record(record: Any) -> None:
    """Check that ``record`` has the shape of a ``ludoteca/1`` record (not replayed);
    ``InvalidRecord`` saying what is wrong."""
    if not isinstance(record, dict):
        raise InvalidRecord(f"a record is a JSON object, not {type(record).__name__}")
    missing = [k for k in ("format", "game", "options", "players", "moves") if k not in record]
    if missing:
        raise InvalidRecord(f"the record lacks {', '.join(missing)}")
    if record["format"] != RECORD_FORMAT:
        raise InvalidRecord(f"the record's format is {record['format']!r}, not {RECORD_FORMAT!r}")
    if not isinstance(record["options"], dict):
        raise InvalidRecord("the record's options must be an object")
    players = record["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InvalidRecord("the record's players must be a list of names")
    seats = record.get("seats", players)
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise InvalidRecord("the record's seats must be a list, 'human' or a bot level per seat")
    if len(seats) != len(players):
        raise InvalidRecord(
            f"the record names {len(players)} players but {len(seats)} seats: one of each per seat"
        )
    moves = record["moves"]
    if not isinstance(moves, list):
        raise InvalidRecord("the record's moves must be a list")
    for i, m in enumerate(moves, 1):
        if not isinstance(m, str):
            raise InvalidRecord(f"move {i} of the record is not text: {m!r}")


def replay(
    record: dict[str, Any], *, chance: ChanceMode = "manual", seed: int | None = None
) -> Game:
    """Rebuild a game from its record, move by move.

    A move that is not allowed raises ``IllegalMove`` naming its 1-based index.
    The rebuilt game has ``chance="manual"`` unless told otherwise (``"auto"`` to
    continue it with chance drawn from ``seed``).
    """
    check_record(record)
    cls = game_class(record["game"])
    try:
        game = cls(seed=seed, chance="manual", names=record["players"], **record["options"])
    except ValueError as e:
        raise InvalidRecord(f"the record's options or players are not valid: {e}") from None
    for i, move in enumerate(record["moves"], 1):
        try:
            game.play(move)
        except IllegalMove as e:
            raise IllegalMove(
                f"move {i} of the record, {move!r}: {e}",
                seat=e.seat,
                move=move,
                reason=e.reason,
                index=i,
            ) from None
    game.chance_mode = chance
    return game


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record from a JSON file (not replayed yet)."""
    from pathlib import Path  # here: pathlib is not needed to play

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise InvalidRecord(f"{path} is not JSON: {e}") from None
    check_record(data)
    assert isinstance(data, dict)
    return data


def save_record(
    game: Game,
    path: str | Path,
    *,
    players: Sequence[str] | None = None,
    seats: Sequence[str] | None = None,
) -> None:
    """Write the game's record as JSON (``players`` and ``seats`` as
    :meth:`~ludoteca.Game.record` takes them)."""
    from pathlib import Path

    record = require_game(game, "save_record").record(players=players, seats=seats)
    Path(path).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
