"""The games Ludoteca knows, and how to start one."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from .errors import GameNotAvailable
from .game import ChanceMode, Game
from .gametype import GameType

__all__ = [
    "GAMES",
    "game_class",
    "game_type",
    "load_target",
    "new_game",
    "target_built",
    "unknown_game",
]

GAMES: dict[str, str] = {
    "texas42": "ludoteca.games.texas42:Texas42",
    "fiveup": "ludoteca.games.fiveup:FiveUp",
    "bingo": "ludoteca.games.bingo:Bingo",
    "cavaleiro": "ludoteca.games.cavaleiro:Cavaleiro",
}


def load_target(target: str) -> Any:
    """The object a ``"module:name"`` target names, its module imported (once)."""
    module_name, _, name = target.partition(":")
    return getattr(importlib.import_module(module_name), name)


def target_built(target: str) -> bool:
    """Whether the module of a ``"module:name"`` target is there to import (an engine
    or bot that is built)."""
    import importlib.util

    return importlib.util.find_spec(target.partition(":")[0]) is not None


def unknown_game(name: Any) -> GameNotAvailable:
    """The error for a game name that is none of :data:`GAMES`."""
    return GameNotAvailable(f"there is no game called {name!r}; the games are: {', '.join(GAMES)}")


_CLASSES: dict[str, type[Game]] = {}
"""The classes imported so far, by name."""


def game_class(name: str) -> type[Game]:
    """The class of the game called ``name`` (imported once)."""
    cls = _CLASSES.get(name) if isinstance(name, str) else None
    if cls is not None:
        return cls
    target = GAMES.get(name) if isinstance(name, str) else None
    if target is None:
        raise unknown_game(name)
    if not target_built(target):
        raise GameNotAvailable(
            f"the {name} engine is not built yet; built: {', '.join(available_games())}"
        )
    found: type[Game] = load_target(target)
    _CLASSES[name] = found
    return found


def available_games() -> list[str]:
    """Names of the games whose engines are built."""
    return [name for name, target in GAMES.items() if target_built(target)]


def new_game(
    name: str,
    *,
    seed: int | None = None,
    chance: ChanceMode = "auto",
    names: Sequence[str] | None = None,
    **options: Any,
) -> Game:
    """Start a game.

    ``seed`` seeds the chance events when ``chance="auto"``; with
    ``chance="manual"`` the caller plays them. ``names`` are the players' names,
    one per seat. Unknown options and bad values raise ``ValueError`` listing
    what is valid.
    """
    return game_class(name)(seed=seed, chance=chance, names=names, **options)


def game_type(name: str, **options: Any) -> GameType:
    """What the game called ``name`` is with ``options``, without building one:
    seats, sides, actions, tensor sizes, option specs, the unit of its score.
    Unknown options and bad values raise ``ValueError`` listing what is valid."""
    return game_class(name).game_type(**options)
