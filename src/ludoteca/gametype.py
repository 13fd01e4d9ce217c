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

The notation of decisions and the vectors of learning agents are the same in
every game of a type, so the type answers them too:

>>> t.action_to_move(0), t.move_to_action("draw")
('draw', 0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import IllegalMove, TensorNotAvailable

if TYPE_CHECKING:
    from .game import Game
    from .move import Move
    from .notation import Notation
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
    def hand_end_code(self) -> str | None:
        """The code of the event that ends a hand (``hand_over``, ``hand_ended``;
        ``None`` for a game without hands)."""
        return self.game_class.hand_end_code

    @property
    def hidden_hands(self) -> bool:
        """Whether seats hold information the others do not see."""
        return self.info.hidden_hands

    @property
    def option_specs(self) -> Mapping[str, OptionSpec]:
        return self.game_class.option_specs

    def tensor_encoder(self) -> TensorEncoder[Any] | None:
        """The one :class:`~ludoteca.tensor.TensorEncoder` of games of this type (made
        on first use), from the class's ``tensor_encoder``; ``None``: no tensors."""
        where = self.game_class.tensor_encoder
        if where is None:
            return None
        from .registry import load_target
        from .tensor import encoder_for

        return encoder_for(self, load_target(where))

    def _tensors(self) -> TensorEncoder[Any]:
        encoder = self.tensor_encoder()
        if encoder is None:
            raise TensorNotAvailable(
                f"{self.title} has no observation or information state tensors"
            )
        return encoder

    @property
    def observation_tensor_size(self) -> int | None:
        """Entries of :meth:`ludoteca.Game.observation_tensor` (``None``: no tensors)."""
        encoder = self.tensor_encoder()
        return None if encoder is None else encoder.observation_size

    @property
    def information_state_tensor_size(self) -> int | None:
        """Entries of :meth:`ludoteca.Game.information_state_tensor` (``None``: no tensors)."""
        encoder = self.tensor_encoder()
        return None if encoder is None else encoder.info_state_size

    def tensor_writer(self, *, information_state: bool = False) -> Callable[..., Any]:
        """A function ``write(game, seat, out=None)`` writing a seat's observation (or,
        with ``information_state``, its information state) of any game of this type:
        see :meth:`ludoteca.fastpath.FastPath.tensor_writer`."""
        return self._tensors().writer(information_state)

    def tensor_from_view(
        self, view: Mapping[str, Any], *, information_state: bool = False
    ) -> bytearray:
        """The vector of a seat's observation (or information state) written from
        its view alone: see :meth:`ludoteca.Game.tensor_from_view`.

        >>> import ludoteca
        >>> game = ludoteca.new_game("fiveup", seed=2)
        >>> game.type.tensor_from_view(game.view(1)) == game.observation_tensor(1)
        True
        """
        return self._tensors().from_view(view, self.title, information_state)

    @property
    def notation(self) -> Notation:
        """How the decisions of this type are written: action numbers, their texts and
        their values, made once per type (:class:`~ludoteca.notation.Notation`)."""
        return self.game_class._notation_for(dict(self.options))

    def action_to_move(self, action: int) -> str:
        """The notation of decision ``action`` (:meth:`ludoteca.Game.action_to_move`)."""
        return self.notation.action_to_move(action)

    def move_to_action(self, move: str | Move) -> int:
        """The action number of the decision written ``move``, or of a move value by
        its fields (:meth:`ludoteca.Game.move_to_action`); ``IllegalMove`` when it is
        not a decision of this game."""
        try:
            return self.notation.action_of(move)
        except ValueError as e:
            written = str(move)
            raise IllegalMove(
                f"{written!r} is not a move of {self.title}: {e}",
                move=written,
                reason=str(e),
                code="not_a_move",
            ) from None

    def parse(self, text: str | Move) -> Move:
        """The decision written ``text`` as a :class:`~ludoteca.move.Move`, in canonical
        form (as :meth:`ludoteca.Game.parse` at a decision); ``IllegalMove`` when it
        is not a decision of this game.

        >>> import ludoteca
        >>> ludoteca.game_type("texas42").parse("bid 2 marks")
        Move('bid', numbers=(84,), text='bid 84')
        """
        return self.notation.value(self.move_to_action(text))

    def new_game(self, **kwargs: Any) -> Game:
        """A game of this type (``seed``, ``chance`` and ``names`` as ``new_game``)."""
        return self.game_class(**kwargs, **self.options)

    def __repr__(self) -> str:
        defaults = {k: s.default for k, s in self.game_class.option_specs.items()}
        changed = [f"{k}={v!r}" for k, v in self.options.items() if defaults.get(k) != v]
        return f"GameType({', '.join([repr(self.name), *changed])})"
