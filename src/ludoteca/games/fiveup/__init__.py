"""Five-Up, the domino counting game for 2, 3 or 4 players."""

from .game import FiveUp

__all__ = ["FiveUp"]
