"""The search API: the compact state of every game, for a search written by a user.

Every game's rules core (``game.core``) is a :class:`SearchState`: ``legal()``,
``apply(action)``, ``undo(action)``, ``clone()``, ``to_move``, ``is_terminal()``,
``returns()`` and ``chance_outcomes()``, in the action numbers of the game itself
(those of :meth:`ludoteca.Game.legal_actions` and :meth:`~ludoteca.Game.apply_action`),
so a search written against it runs at the speed of the rules, with no history,
notation or events. :meth:`ludoteca.Game.search_state` makes one:

- ``game.search_state()``: the whole state, every hidden tile included (for an
  open-hand search, a solver, a test);
- ``game.search_state(seat=s, rng=r)``: a determinization for seat ``s``, whose
  hidden tiles are drawn with ``r`` among those consistent with what ``s`` has
  seen (:meth:`ludoteca.Game.sample_hidden`): hidden information leaves a game only
  through a seat's view.

A state covers **the hand under way** (Texas 42, Five-Up, Bingo: it is terminal
once the hand is scored; the next deal is not part of it) or **the game**
(Cavaleiro, which has no hands: its rolls are chance outcomes within it).
Chance outcomes are numbered as the game numbers them
(:attr:`ludoteca.game.ChanceOutcome.code`, :meth:`ludoteca.Game.chance_probabilities`):
a Cavaleiro roll is four dice applied one by one, each face (from 0) at 1/6.
``returns()`` gives, per seat, what its side has gained in the game's unit
(:attr:`ludoteca.GameType.score_unit`) over what the state covers: the marks (or
points) of the Texas 42 hand, the points of the Five-Up hand (fives and the
hand's end), the sets of the Bingo hand, the sticks removed in Cavaleiro.

>>> import random, ludoteca
>>> game = ludoteca.new_game("texas42", seed=1)
>>> state = game.search_state(seat=game.to_move, rng=random.Random(2))
>>> state.legal() == game.legal_actions(), state.to_move == game.to_move
(True, True)
>>> action = state.legal()[0]
>>> state.apply(action); state.undo(action)
>>> state.legal() == game.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, Self, runtime_checkable

from .turns import CHANCE, ToMove

__all__ = ["CHANCE", "ChanceOutcomes", "SearchError", "SearchState"]

ChanceOutcomes = Sequence[tuple[int, float]]
"""The outcomes of the chance event due, as ``(outcome, probability)`` pairs that add
up to 1 (OpenSpiel's ``chance_outcomes()``); empty when no chance event is due."""


class SearchError(ValueError):
    """A search state cannot be made as asked (a seat that is not one, a generator
    missing for a determinization)."""


@runtime_checkable
class SearchState(Protocol):
    """What a search may do with a game's compact state (every game's ``core``).

    - ``to_move``: the seat whose decision is due, :data:`CHANCE` (``"chance"``)
      when a chance event is, ``None`` once the state is terminal;
    - ``legal()``: the action numbers allowed now (a new list; empty unless a seat
      is to move), the same numbers as :meth:`ludoteca.Game.legal_actions`;
    - ``chance_outcomes()``: at a chance event, ``(outcome, probability)`` pairs
      (:data:`ChanceOutcomes`), numbered as the game's
      :meth:`~ludoteca.Game.chance_probabilities`; empty otherwise;
    - ``apply(action)``: play one of ``legal()``, or at a chance event one of the
      outcomes, unchecked (anything else corrupts the state); what it returns is
      the core's own business;
    - ``undo(action)``: take back ``action``, the last step applied, exactly;
    - ``clone()``: an independent copy that can be played on and undone;
    - ``is_terminal()``: whether what the state covers is over (the hand, or the game);
    - ``returns()``: per seat, what its side has gained over what the state covers,
      in the game's unit (final once terminal).
    """

    @property
    def to_move(self) -> ToMove: ...

    def legal(self) -> list[int]: ...

    def chance_outcomes(self) -> ChanceOutcomes: ...

    def apply(self, action: int) -> object: ...

    def undo(self, action: int) -> None: ...

    def clone(self) -> Self: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[int]: ...


if TYPE_CHECKING:
    from .games.bingo.core import BingoCore
    from .games.cavaleiro.core import State as CavaleiroState
    from .games.fiveup.core import State as FiveUpState
    from .games.texas42.core import State as Texas42State

    def _every_core_is_a_search_state(
        texas42: Texas42State, fiveup: FiveUpState, bingo: BingoCore, cavaleiro: CavaleiroState
    ) -> list[SearchState]:
        """Never called: mypy checks here that every game's core is a :class:`SearchState`."""
        return [texas42, fiveup, bingo, cavaleiro]
