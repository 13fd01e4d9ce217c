"""Texas 42, the domino trick-taking game with bidding."""

from .game import Texas42

__all__ = ["Texas42"]
