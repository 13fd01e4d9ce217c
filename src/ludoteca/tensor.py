"""Float32 vectors of what one seat may know: the encoders behind the Game API's
:meth:`~ludoteca.Game.observation_tensor` and
:meth:`~ludoteca.Game.information_state_tensor`.

Every game with vectors has a :class:`TensorEncoder` in its engine package
(``ludoteca.games.<game>.tensor``). It reads what one seat may know into a small
*public record* (``public(game, seat)``), the same record it can also read from
the seat's :meth:`~ludoteca.Game.view` (``public_from_view(view)``); the tests
check that both agree, so the fast reader sees nothing the view does not show.
From that record it writes two vectors:

- the *information state*: everything the seat has seen in the current hand, in
  order (perfect recall), with the match score and position;
- the *observation*: a smaller summary of the present (what is in hand, what each
  seat has played, the trick on the table, the bidding or the dice).

Both are vectors of little-endian float32 entries between 0 and 1, written as
bytes (whole tile masks and cached parts at a time) into a ``bytearray`` or any
writable buffer, so this layer needs no numpy. When the optional C extension
``ludoteca.games._tensor`` is built, each encoder has a compiled twin that reads
the same engine fields as ``public`` and writes the same vector in one call;
the Python encoders remain the reference and the fallback. Without it, a seat's
last vector is kept and brought up to date move by move where the game allows
(:meth:`TensorEncoder.patch`).
"""

from __future__ import annotations

import abc
import struct
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .errors import TensorNotAvailable

try:
    from .games import _tensor as native
except ImportError:  # the C extension is not built: the Python encoders serve
    native = None  # type: ignore[assignment]

__all__ = [
    "ONE",
    "NativeEncoder",
    "TensorEncoder",
    "TensorNotAvailable",
    "action_mask",
    "encoder_for",
    "floats",
    "fractions",
    "grown_grid",
    "mask_f32",
    "native",
    "put_mask",
    "relative",
    "seat_number",
]

P = TypeVar("P")
T = TypeVar("T")


class NativeEncoder(Protocol):
    """A compiled encoder of one game (``ludoteca.games._tensor``)."""

    def observation(self, game: Any, seat: int, out: Any = None, /) -> Any:
        """Write the seat's observation into ``out`` (all of it; a new ``bytearray``
        when ``out`` is ``None``) and return it."""

    def info_state(self, game: Any, seat: int, out: Any = None, /) -> Any:
        """Write the seat's information state as :meth:`observation` does."""


# Pieces are bytearrays, never bytes: a bytearray slice takes a bytearray several
# times faster than it takes bytes (bytes are first copied into a new bytearray).
ONE = bytearray(struct.pack("<f", 1.0))
"""A float32 1 as the four bytes an encoding buffer holds per entry."""
# Each 7-bit number as seven float32 0/1 entries, so a 28-bit tile mask spreads in
# four look-ups.
_CHUNK_F32: tuple[bytearray, ...] = tuple(
    bytearray().join(ONE if v >> i & 1 else bytes(4) for i in range(7)) for v in range(128)
)


def floats(buf: Any) -> list[float]:
    """The float32 entries of a vector as Python floats.

    >>> floats(ONE + bytearray(4))
    [1.0, 0.0]
    """
    return [float(x) for x in memoryview(buf).cast("B").cast("f").tolist()]


def _action_mask(actions: Sequence[int], size: int) -> bytearray:
    """A bytearray of ``size`` bytes, 1 at each of ``actions`` (an action mask).

    >>> list(action_mask([0, 2], 4))
    [1, 0, 1, 0]
    """
    mask = bytearray(size)
    for a in actions:
        if not 0 <= a < size:
            raise ValueError(f"action {a} is outside a mask of {size} actions (0 to {size - 1})")
        mask[a] = 1
    return mask


action_mask: Callable[[Sequence[int], int], bytearray] = (
    _action_mask if native is None else native.action_mask
)


def mask_f32(mask: int) -> bytearray:
    """A tile mask (below 2**28) as 28 float32 entries, 1 where a tile is in the mask.

    >>> floats(mask_f32(0b101))[:4], len(mask_f32(0))
    ([1.0, 0.0, 1.0, 0.0], 112)
    """
    c = _CHUNK_F32
    return c[mask & 127] + c[mask >> 7 & 127] + c[mask >> 14 & 127] + c[mask >> 21]


def put_mask(buf: bytearray, k: int, mask: int) -> None:
    """Write a tile mask as 28 float32 0/1 entries into the zeroed ``buf`` at byte ``k``.

    >>> buf = bytearray(120)
    >>> put_mask(buf, 4, 0b11)
    >>> floats(buf)[:4]
    [0.0, 1.0, 1.0, 0.0]
    """
    c = _CHUNK_F32
    if mask & 127:
        buf[k : k + 28] = c[mask & 127]
    if mask >> 7 & 127:
        buf[k + 28 : k + 56] = c[mask >> 7 & 127]
    if mask >> 14 & 127:
        buf[k + 56 : k + 84] = c[mask >> 14 & 127]
    if mask >> 21:
        buf[k + 84 : k + 112] = c[mask >> 21]


@cache
def fractions(n: int) -> tuple[bytearray, ...]:
    """``k / n`` as float32 bytes for ``k`` from 0 to ``n`` (an entry counting up to n).

    >>> struct.unpack("<f", fractions(4)[1])[0]
    0.25
    """
    return tuple(bytearray(struct.pack("<f", k / n)) for k in range(n + 1))


def relative(seat: int, other: int, n: int) -> int:
    """``other``'s place counted from ``seat`` in playing order (0 is ``seat``).

    >>> relative(3, 0, 4)
    1
    """
    return (other - seat) % n


def grown_grid(
    kept: tuple[tuple[T, ...], bytearray],
    seat: int,
    tricks: tuple[T, ...],
    block: int,
    write: Callable[[int, tuple[T, ...], bytearray, int], None],
) -> tuple[tuple[T, ...], bytearray]:
    """``seat``'s information-state grid of ``tricks`` (``block`` entries each), with
    the tricks it holds: ``kept`` (an earlier grid and its tricks) grown by the tricks
    since when ``tricks`` begins with its own, else written afresh;
    ``write(seat, some_tricks, grid, entry)`` writes tricks from ``entry`` on."""
    done, grid = kept
    n = len(done)
    if len(tricks) < n or tricks[:n] != done:
        n, grid = 0, bytearray()
    if n < len(tricks):
        grid = bytearray(grid) + bytearray(4 * block * (len(tricks) - n))
        write(seat, tricks[n:], grid, n * block)
    return tricks, grid


def seat_number(value: Any) -> int:
    """A view's seat field as a number: the seat, or -1 where there is none
    (``None``, or ``"chance"`` for whose turn it is).

    >>> seat_number(2), seat_number(None), seat_number("chance")
    (2, -1, -1)
    """
    return value if isinstance(value, int) else -1


class TensorEncoder(abc.ABC, Generic[P]):
    """The vectors of one game with given options.

    Subclasses set ``info_state_size`` and ``observation_size`` in ``__init__``
    and implement the readers and writers; :meth:`observation` and
    :meth:`info_state` are what the Game API calls. One encoder serves every game
    of its kind and options (see :func:`encoder_for`): its caches check which
    game and position they were made from.
    """

    game_name: ClassVar[str]
    info_state_size: int
    observation_size: int

    def __init__(self, game: Any) -> None:
        self.num_seats: int = game.num_seats
        self.options = dict(game.options)
        # Per (seat, information state?): (game, its length, the vector, patch state).
        self._kept: dict[tuple[int, bool], tuple[Any, int, bytearray, Any]] = {}

    def use_native(self) -> None:
        """Let the compiled twin (when built) write the vectors from now on."""
        twin = self.native_encoder()
        if twin is not None:
            # Instance attributes shadow the Python methods: the Game API then
            # calls straight into C.
            self.observation = twin.observation  # type: ignore[method-assign]
            self.info_state = twin.info_state  # type: ignore[method-assign]

    # ------------------------------------------------------------- readers

    @abc.abstractmethod
    def public(self, game: Any, seat: int) -> P:
        """What ``seat`` may know now, read fast from the engine (view fields only)."""

    def writer(self, information_state: bool = False) -> Callable[..., Any]:
        """``write(game, seat, out=None)``: :meth:`observation` or, with
        ``information_state``, :meth:`info_state`."""
        write: Callable[..., Any] = self.info_state if information_state else self.observation
        return write

    def from_view(
        self, view: Mapping[str, Any], title: str, information_state: bool = False
    ) -> bytearray:
        """The vector of a seat's observation (or information state) from its view
        alone; ``ValueError`` naming the game (``title``) when ``view`` is not the
        view of a seat of this game."""
        if view.get("game") != self.game_name or not isinstance(view.get("seat"), int):
            raise ValueError(f"not the view of a seat of {title}")
        return self.vector(self.public_from_view(dict(view)), information_state)

    @abc.abstractmethod
    def public_from_view(self, view: dict[str, Any]) -> P:
        """The same record read from ``game.view(seat)``."""

    # ------------------------------------------------------------- writers

    @abc.abstractmethod
    def write_info_state(self, p: P, buf: bytearray) -> None:
        """Write the information state of ``p`` into ``buf``: float32 entries of four
        bytes each, all 0 at first."""

    @abc.abstractmethod
    def write_observation(self, p: P, buf: bytearray) -> None:
        """Write the observation of ``p`` into ``buf`` (as :meth:`write_info_state`)."""

    def patch_state(self, game: Any, seat: int) -> Any:
        """What :meth:`patch` needs to know about the position whose vector was just
        written for ``seat`` (``None``: this game is never patched)."""
        return None

    def patch(self, game: Any, seat: int, buf: bytearray, state: Any, info: bool) -> Any:
        """Bring ``buf``, ``seat``'s vector as written at ``state``, up to date in place
        when the moves since allow it cheaply; return the new state, or ``None`` when
        the vector must be written afresh. ``info`` chooses the information state."""
        return None

    native_name: ClassVar[str | None] = None
    """The class of the compiled twin in the C extension (``None``: the game has none);
    it is built with :meth:`native_args`."""

    def native_args(self) -> tuple[Any, ...]:
        """What the compiled twin (:attr:`native_name`) is built with: the layout of the
        vectors and the game's tables."""
        return ()

    def native_encoder(self) -> NativeEncoder | None:
        """A compiled encoder writing the vectors of :meth:`write_observation` and
        :meth:`write_info_state`, reading the game as :meth:`public` does; ``None``
        when the C extension is not built."""
        if native is None or self.native_name is None:
            return None
        encoder: NativeEncoder = getattr(native, self.native_name)(*self.native_args())
        return encoder

    # ----------------------------------------------------------- the vectors

    def vector(self, p: P, info: bool) -> bytearray:
        """The vector of the record ``p``: the information state if ``info``."""
        if info:
            buf = bytearray(4 * self.info_state_size)
            self.write_info_state(p, buf)
        else:
            buf = bytearray(4 * self.observation_size)
            self.write_observation(p, buf)
        return buf

    def observation(self, game: Any, seat: int, out: Any = None, /) -> Any:
        """``seat``'s observation of ``game``, written into ``out`` (a new
        ``bytearray`` when ``None``) and returned."""
        return _deliver(self._current(game, seat, False), out)

    def info_state(self, game: Any, seat: int, out: Any = None, /) -> Any:
        """``seat``'s information state of ``game``, as :meth:`observation`."""
        return _deliver(self._current(game, seat, True), out)

    def _current(self, game: Any, seat: int, info: bool) -> bytearray:
        """The seat's vector: its last one brought up to date move by move where
        :meth:`patch` can, else written afresh (the kept buffer itself: copy it)."""
        if not (type(seat) is int and 0 <= seat < self.num_seats):
            raise ValueError(
                f"{seat!r} is not a seat of this game: seats are 0 to {self.num_seats - 1}"
            )
        n = len(game)
        key = (seat, info)
        kept = self._kept.get(key)
        if kept is not None:
            if kept[0] is game and kept[1] == n:
                return kept[2]
            state = kept[0] is game and self.patch(game, seat, kept[2], kept[3], info)
            if state is not None and state is not False:
                self._kept[key] = (game, n, kept[2], state)
                return kept[2]
            del self._kept[key]
        buf = self.vector(self.public(game, seat), info)
        state = self.patch_state(game, seat)
        if state is not None:
            self._kept[key] = (game, n, buf, state)
        return buf


def _deliver(buf: bytearray, out: Any) -> Any:
    """``buf`` copied into ``out`` (checked for size), or a new ``bytearray``."""
    if out is None:
        return bytearray(buf)
    view = memoryview(out).cast("B")
    if view.nbytes != len(buf):
        raise ValueError(f"the vector must hold {len(buf) // 4} float32 entries")
    view[:] = buf
    return out


_ENCODERS: dict[tuple[str, tuple[tuple[str, Any], ...], bool], TensorEncoder[Any]] = {}


def encoder_for(game: Any, cls: type[TensorEncoder[Any]]) -> TensorEncoder[Any]:
    """The one encoder ``cls`` of games of this kind and options (made on first use,
    with its compiled twin when the extension is built)."""
    key = (game.name, tuple(sorted(game.options.items())), native is not None)
    encoder = _ENCODERS.get(key)
    if encoder is None:
        encoder = cls(game)
        if native is not None:
            encoder.use_native()
        _ENCODERS[key] = encoder
    return encoder
