"""Ludoteca: Texas 42, Five-Up, Bingo and Cavaleiro, with one Game API.

>>> import ludoteca
>>> g = ludoteca.new_game("texas42", seed=7)
>>> g.to_move in (0, 1, 2, 3)
True
>>> ludoteca.replay(g.record()).moves == g.moves
True
"""

from typing import TYPE_CHECKING, Any

from .errors import GameNotAvailable, IllegalMove, InvalidOption, InvalidRecord, NotSolvable
from .events import Event
from .game import RECORD_FORMAT, Game
from .gametype import GameType
from .move import Move
from .outcome import Outcome
from .record import load_record, replay, save_record
from .registry import GAMES, available_games, game_class, game_type, new_game
from .solve import solve
from .tiles import Tile

if TYPE_CHECKING:
    from .analysis import analyse, hint

__all__ = [
    "GAMES",
    "RECORD_FORMAT",
    "Event",
    "Game",
    "GameNotAvailable",
    "GameType",
    "IllegalMove",
    "InvalidOption",
    "InvalidRecord",
    "Move",
    "NotSolvable",
    "Outcome",
    "Tile",
    "analyse",
    "available_games",
    "game_class",
    "game_type",
    "hint",
    "load_record",
    "new_game",
    "replay",
    "save_record",
    "solve",
]

__version__ = "0.1.0"


_LAZY = ("analyse", "hint")
_loaded: list[str] = []


def __getattr__(name: str) -> Any:
    """``analyse`` and ``hint``, imported when first asked for: the analysis brings the
    bots and the texts in every language, which playing a game does not need. Once
    imported they are plain attributes (deleted, they stay deleted)."""
    if name in _LAZY and not _loaded:
        from . import analysis

        for lazy in _LAZY:
            globals()[lazy] = getattr(analysis, lazy)
            _loaded.append(lazy)
        return globals()[name]
    raise AttributeError(f"module 'ludoteca' has no attribute {name!r}")
