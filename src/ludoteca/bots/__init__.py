"""Bots for every game, at three levels: ``random``, ``greedy`` and ``expert``."""

from __future__ import annotations

import functools

from ludoteca.errors import GameNotAvailable
from ludoteca.game import Game
from ludoteca.registry import GAMES, load_target, target_built, unknown_game

from .base import Bot, RankedMove, SeatHandle, choose_move

__all__ = [
    "LEVELS",
    "Bot",
    "RankedMove",
    "SeatHandle",
    "available_levels",
    "choose_move",
    "games_of",
    "make_bot",
]

LEVELS = ("random", "greedy", "expert")

# (game, level) -> "module:Class"; a level missing here is not built yet.
BOTS: dict[tuple[str, str], str] = {
    **{(game, "random"): "ludoteca.bots.random_bot:RandomBot" for game in GAMES},
    ("texas42", "greedy"): "ludoteca.bots.texas42_greedy:GreedyTexas42",
    ("cavaleiro", "greedy"): "ludoteca.bots.cavaleiro_greedy:GreedyCavaleiro",
    ("cavaleiro", "expert"): "ludoteca.bots.cavaleiro_expert:ExpertCavaleiro",
    ("texas42", "expert"): "ludoteca.bots.texas42_expert:ExpertTexas42",
    ("bingo", "greedy"): "ludoteca.bots.bingo_greedy:GreedyBingo",
    ("bingo", "expert"): "ludoteca.bots.bingo_expert:ExpertBingo",
    ("fiveup", "greedy"): "ludoteca.bots.fiveup_greedy:GreedyFiveUp",
    ("fiveup", "expert"): "ludoteca.bots.fiveup_expert:ExpertFiveUp",
}


def available_levels(game: str) -> list[str]:
    """The levels built for ``game``, weakest first."""
    targets = [(level, BOTS.get((game, level))) for level in LEVELS]
    return [level for level, target in targets if target and target_built(target)]


def games_of(cls: type[Bot]) -> list[str]:
    """The games a class of bot plays: those it is registered for in :data:`BOTS`
    (or its own ``games``); empty for a bot of every game."""
    return list(cls.games) or _registered_games(f"{cls.__module__}:{cls.__qualname__}")


@functools.cache
def _registered_games(target: str) -> list[str]:
    games = [g for (g, _level), t in BOTS.items() if t == target]
    return [] if set(games) == set(GAMES) else games


def make_bot(
    game: str | Game, level: str, *, seed: int | None = None, budget: float | None = None
) -> Bot:
    """A bot of ``level`` for ``game`` (a game's name, or a game), deterministic
    given ``seed``.

    ``budget`` is the time in seconds it may think per decision (levels that
    search have a default sized for one core).

    >>> import ludoteca
    >>> make_bot(ludoteca.new_game("bingo"), "greedy").level
    'greedy'
    """
    if isinstance(game, Game):
        game = game.name
    if not isinstance(game, str):
        raise TypeError(
            f"make_bot takes a game or a game's name ({', '.join(GAMES)}), "
            f"not {type(game).__name__}"
        )
    if not isinstance(level, str):
        raise TypeError(f"a bot level is a name ({', '.join(LEVELS)}), not {type(level).__name__}")
    if game not in GAMES:
        raise unknown_game(game)
    if level not in LEVELS:
        raise ValueError(f"there is no bot level {level!r}; the levels are: {', '.join(LEVELS)}")
    target = BOTS.get((game, level))
    if target is None or not target_built(target):
        built = ", ".join(available_levels(game))
        raise GameNotAvailable(f"the {level} bot for {game} is not built yet; built: {built}")
    cls: type[Bot] = load_target(target)
    return cls(seed=seed, budget=budget)
