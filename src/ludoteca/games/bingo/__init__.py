"""Bingo, the two-player domino trick-taking game adapted from the card game Sixty-Six."""

from .game import Bingo

__all__ = ["Bingo"]
