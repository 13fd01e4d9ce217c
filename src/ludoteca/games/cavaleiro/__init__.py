"""Cavaleiro, the dice-and-matchsticks race for 2 to 8 players."""

from .game import Cavaleiro
from .layout import DEFAULT_LAYOUT, Layout, parse_layout
from .rolls import CATEGORIES, RankedRoll, rank_roll

__all__ = [
    "CATEGORIES",
    "DEFAULT_LAYOUT",
    "Cavaleiro",
    "Layout",
    "RankedRoll",
    "parse_layout",
    "rank_roll",
]
