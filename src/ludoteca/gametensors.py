"""A game's vectors for learning: its observation and information state tensors, written
by the game type's encoder (:class:`GameTensors`, a part of :class:`ludoteca.Game`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, overload

from .errors import TensorNotAvailable
from .turns import Seat

if TYPE_CHECKING:
    from .tensor import TensorEncoder

__all__ = ["Buffer", "GameTensors"]

Buffer = TypeVar("Buffer")
"""A writable buffer of float32 entries: a ``bytearray``, a numpy array, a memoryview …"""


class GameTensors:
    """The tensors of a game, encoded from its state (never more than a seat's view)."""

    title: ClassVar[str]
    _tensors: TensorEncoder[Any] | None = None
    """The game's encoder once asked for (see :meth:`_tensor_encoder`)."""

    if TYPE_CHECKING:

        def _tensor_encoder(self) -> TensorEncoder[Any] | None: ...

        def _check_seat(self, seat: Any) -> None: ...

    def _encoder(self) -> TensorEncoder[Any]:
        encoder = self._tensors
        if encoder is None:
            encoder = self._tensor_encoder()
            if encoder is None:
                raise TensorNotAvailable(
                    f"{self.title} has no observation or information state tensors"
                )
            self._tensors = encoder
        return encoder

    @property
    def observation_tensor_size(self) -> int:
        """How many float32 entries :meth:`observation_tensor` writes.

        >>> import ludoteca
        >>> ludoteca.new_game("bingo", seed=1).observation_tensor_size
        300
        """
        return self._encoder().observation_size

    @property
    def information_state_tensor_size(self) -> int:
        """How many float32 entries :meth:`information_state_tensor` writes."""
        return self._encoder().info_state_size

    @overload
    def observation_tensor(self, seat: Seat) -> bytearray: ...
    @overload
    def observation_tensor(self, seat: Seat, out: Buffer) -> Buffer: ...
    def observation_tensor(self, seat: Seat, out: Any = None) -> Any:
        """What ``seat`` may know of the present, as :attr:`observation_tensor_size`
        float32 numbers between 0 and 1 (the layout is in the game's documentation).

        Returns a new ``bytearray`` of little-endian float32 entries, or, given
        ``out`` (any writable buffer of exactly that many float32 entries, such as
        a numpy ``float32`` array), writes all of it there and returns ``out``.
        It encodes exactly what :meth:`view` shows ``seat``, nothing hidden.
        ``TensorNotAvailable`` (a ``NotImplementedError``) for a game without
        vectors.

        >>> import ludoteca, struct
        >>> game = ludoteca.new_game("bingo", seed=1)
        >>> vector = game.observation_tensor(0)
        >>> len(vector) == 4 * game.observation_tensor_size
        True
        >>> values = struct.unpack(f"<{game.observation_tensor_size}f", vector)
        >>> min(values), max(values)
        (0.0, 1.0)
        >>> out = bytearray(len(vector))
        >>> game.observation_tensor(0, out) == vector
        True
        """
        self._check_seat(seat)
        encoder = self._tensors or self._encoder()
        return encoder.observation(self, seat, out)

    @overload
    def information_state_tensor(self, seat: Seat) -> bytearray: ...
    @overload
    def information_state_tensor(self, seat: Seat, out: Buffer) -> Buffer: ...
    def information_state_tensor(self, seat: Seat, out: Any = None) -> Any:
        """Everything ``seat`` has seen of the current hand, in order (perfect
        recall), with the match score, as :attr:`information_state_tensor_size`
        float32 numbers; returned and written as :meth:`observation_tensor` does.

        >>> import ludoteca
        >>> game = ludoteca.new_game("texas42", seed=1)
        >>> game.information_state_tensor_size, len(game.information_state_tensor(2)) // 4
        (1156, 1156)
        """
        self._check_seat(seat)
        encoder = self._tensors or self._encoder()
        return encoder.info_state(self, seat, out)

    def tensor_writer(self, *, information_state: bool = False) -> Callable[..., Any]:
        """Deprecated: ``game.fast.tensor_writer()``
        (:meth:`ludoteca.fastpath.FastPath.tensor_writer`)."""
        from .fastpath import deprecated

        deprecated("tensor_writer", "tensor_writer()")
        return self._encoder().writer(information_state)

    def tensor_from_view(
        self, view: Mapping[str, Any], *, information_state: bool = False
    ) -> bytearray:
        """The vector of :meth:`observation_tensor` (or, with ``information_state``,
        :meth:`information_state_tensor`) written from a seat's :meth:`view` alone,
        for a game of this kind and options: what a bot that sees only the view can
        give a learned policy. The same numbers as the game's own methods.

        >>> import ludoteca
        >>> game = ludoteca.new_game("fiveup", seed=2)
        >>> game.tensor_from_view(game.view(1)) == game.observation_tensor(1)
        True
        """
        if not isinstance(view, Mapping):
            raise TypeError(f"a view is a dict (game.view(seat)), not {type(view).__name__}")
        return self._encoder().from_view(view, self.title, information_state)
