"""Ludoteca: Texas 42, Five-Up, Bingo and Cavaleiro, with one Game API.

>>> import ludoteca
>>> g = ludoteca.new_game("texas42", seed=7)
>>> g.to_move in (0, 1, 2, 3)
True
>>> ludoteca.replay(g.record()).moves == g.moves
True
"""

from .analysis import analyse, hint
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
