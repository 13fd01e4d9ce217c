"""What a game is, apart from any state of it: OpenSpiel's game type and info.

``ludoteca.game_type("fiveup", players=4)`` answers every static question
(seats, sides, the size of the action space, the tensor sizes, the options and
what they allow, whether hands are hidden, the unit of the score) without
building a game.

>>> import ludoteca
>>> t = ludoteca.game_type("fiveup", players=4)
>>> t.num_seats, t.sides, t.num_actions, t.score_unit, t.target
(4, ((0, 2), (1, 3)), 324, 'points', 61)
>>> t.side_of[3], t.hidden_hands
(1, True)
>>> t
GameType('fiveup', players=4)
>>> ludoteca.game_type("texas42", scoring="points").score_unit
'points'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .options import OptionSpec
    from .tensor import TensorEncoder

__all__ = ["GameType", "TypeInfo"]


@dataclass(frozen=True, slots=True)
class TypeInfo:
    """What an engine says of itself for given options (see :class:`GameType`)."""

    num_seats: int
    sides: tuple[tuple[int, ...], ...]
    num_actions: int
    score_unit: str
    target: int | None
    hidden_hands: bool


@dataclass(frozen=True)
class GameType:
    """A game with its options, as a value: equal types play the same game."""

    name: str
    title: str
    options: Mapping[str, Any]
    """Every option, defaults included, normalised as the engine keeps them."""
    info: TypeInfo = field(repr=False)
    game_class: type[Game] = field(repr=False, compare=False)

    @property
    def num_seats(self) -> int:
        return self.info.num_seats

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side (a partnership, or one seat)."""
        return self.info.sides

    @property
    def side_of(self) -> tuple[int, ...]:
        """The side each seat plays for, by seat."""
        out = [0] * self.info.num_seats
        for i, side in enumerate(self.info.sides):
            for seat in side:
                out[seat] = i
        return tuple(out)

    @property
    def num_actions(self) -> int:
        """The size of the fixed action space of decisions."""
        return self.info.num_actions

    @property
    def score_unit(self) -> str:
        """What ``result()["scores"]`` counts: ``marks``, ``points``, ``sets`` or ``sticks``."""
        return self.info.score_unit

    @property
    def target(self) -> int | None:
        """The score that wins the game, where there is one."""
        return self.info.target

    @property
    def hidden_hands(self) -> bool:
        """Whether seats hold information the others do not see."""
        return self.info.hidden_hands

    @property
    def option_specs(self) -> Mapping[str, OptionSpec]:
        return self.game_class.option_specs

    def _encoder(self) -> TensorEncoder[Any] | None:
        return self.game_class._tensor_encoder_for_type(self)

    @property
    def observation_tensor_size(self) -> int | None:
        """Entries of :meth:`ludoteca.Game.observation_tensor` (``None``: no tensors)."""
        encoder = self._encoder()
        return None if encoder is None else encoder.observation_size

    @property
    def information_state_tensor_size(self) -> int | None:
        """Entries of :meth:`ludoteca.Game.information_state_tensor` (``None``: no tensors)."""
        encoder = self._encoder()
        return None if encoder is None else encoder.info_state_size

    def new_game(self, **kwargs: Any) -> Game:
        """A game of this type (``seed``, ``chance`` and ``names`` as ``new_game``)."""
        return self.game_class(**kwargs, **self.options)

    def __repr__(self) -> str:
        defaults = {k: s.default for k, s in self.game_class.option_specs.items()}
        changed = [f"{k}={v!r}" for k, v in self.options.items() if defaults.get(k) != v]
        return f"GameType({', '.join([repr(self.name), *changed])})"
