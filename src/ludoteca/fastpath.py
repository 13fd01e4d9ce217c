"""A game's fast members, in one place: ``game.fast``.

A :class:`~ludoteca.Game` answers in notation, checks every move and says why it
refuses one. Search, simulation and learning loops ask the same questions
millions of times and need none of that: they work in action numbers, take them
from :meth:`FastPath.legal`, and read the score without building a result.
Those members are here, on :attr:`ludoteca.Game.fast`, so that the game's own
surface keeps one member per question.

>>> import random, ludoteca
>>> game = ludoteca.new_game("fiveup", seed=7)
>>> fast = game.fast
>>> rng = random.Random(7)
>>> while not game.is_over:
...     fast.apply(rng.choice(fast.legal()))
>>> result = game.result()
>>> fast.side_scores() == list(result["scores"]), fast.winning_side() == result["winner"]
(True, True)
>>> fast.hands_scored == len(game.result()["hands"])
True

The compact state to search on is :meth:`ludoteca.Game.search_state`
(:mod:`ludoteca.search`); it carries no history at all.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

__all__ = ["FastPath"]


class FastPath:
    """The fast members of one game (:attr:`ludoteca.Game.fast`): action numbers in
    and out, no checks, no words; the history and events are kept as
    :meth:`ludoteca.Game.play` keeps them."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def legal(self) -> list[int]:
        """The legal decisions' action numbers (empty at a chance point or the end):
        :meth:`ludoteca.Game.legal_actions`."""
        return self._game.core.legal()

    def apply(self, action: int) -> None:
        """Apply a decision taken from :meth:`legal` without checking it; the chance
        events due after it are drawn as :meth:`ludoteca.Game.play` draws them. An
        action that is not legal now leaves the game in an undefined state."""
        game = self._game
        core = game.core
        seat = core.turn
        core.apply(action)
        history = game._history  # as Game._push, in line: the hot path
        emitted = game._emitted
        if emitted:
            game._events = (len(history), tuple(emitted), game._events)
            emitted.clear()
        history.append(action)
        game._actors.append(seat)
        if core.phase == game._auto_phase:
            game._advance()

    def side_scores(self) -> list[int]:
        """The score of each side now, as ``result()["scores"]`` (for rewards after
        every move)."""
        return list(self._game.core.scores)

    def winning_side(self) -> int | None:
        """The winning side of a finished game (``result()["winner"]``); ``None``
        while the game goes on or when no side won."""
        winner = self._game.core.winner
        return None if winner is None or winner < 0 else winner

    @property
    def hands_scored(self) -> int:
        """How many hands (deals, rounds) have ended and been scored so far."""
        return self._game.core.hands_scored

    def tensor_writer(self, *, information_state: bool = False) -> Callable[..., Any]:
        """A function ``write(game, seat, out=None)`` doing what
        :meth:`ludoteca.Game.observation_tensor` (or, with ``information_state``,
        :meth:`ludoteca.Game.information_state_tensor`) does, for any game of this
        kind and options: one call less per vector, for loops that encode many
        positions. It may be compiled code; ``game`` must be of the same kind and
        options.

        >>> import ludoteca
        >>> game = ludoteca.new_game("cavaleiro", seed=4)
        >>> write = game.fast.tensor_writer()
        >>> write(game, 1) == game.observation_tensor(1)
        True
        """
        return self._game._encoder().writer(information_state)

    def __repr__(self) -> str:
        return f"<FastPath of {self._game!r}>"


_WARNED: set[str] = set()


def deprecated(old: str, new: str) -> None:
    """Say once per process that ``Game.<old>`` is now ``Game.fast.<new>``."""
    if old not in _WARNED:
        _WARNED.add(old)
        warnings.warn(
            f"Game.{old} is deprecated: use game.fast.{new} (ludoteca.fastpath)",
            DeprecationWarning,
            stacklevel=3,
        )
