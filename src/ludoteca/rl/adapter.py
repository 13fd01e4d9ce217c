"""How a game is shown to learning agents: observation encoders and rewards.

Every game has an :class:`Adapter`. It reads what one seat may know into a small
*public record* (``public(game, seat)``), the same record it can also read from
the seat's :meth:`ludoteca.Game.view` (``public_from_view(view)``); the tests
check that both agree, so the fast reader sees nothing the view does not show.
From that record it writes two numpy vectors:

- the *information state*: everything the seat has seen in the current hand, in
  order (perfect recall), with the match score and position;
- the *observation*: a smaller summary of the present (what is in hand, what each
  seat has played, the trick on the table, the bidding or the dice).

Both are ``float32`` vectors with every entry between 0 and 1. Encoders write the
float32 bytes directly (whole tile masks and cached parts at a time), so the
vector needs no conversion. When the C extension ``ludoteca.rl._encode`` is
built, :meth:`Adapter.native_encoder` gives a compiled encoder that reads the
same engine fields as ``public`` and writes the same vector in one call; these
Python encoders remain the reference and the fallback. Rewards come from
the public scores of each side (``side_scores``), paid when a hand ends
(``hands_done`` grows) and when the game ends.
"""

from __future__ import annotations

import abc
import struct
from functools import cache
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from ludoteca.game import Game

try:
    from . import _encode as native
except ImportError:  # the C extension is not built: the Python encoders serve
    native = None  # type: ignore[assignment]

__all__ = [
    "ONE",
    "Adapter",
    "FloatArray",
    "NativeEncoder",
    "fractions",
    "mask_f32",
    "native",
    "put_mask",
]

FloatArray = npt.NDArray[np.float32]
P = TypeVar("P")


class NativeEncoder(Protocol):
    """A compiled encoder of one game (``ludoteca.rl._encode``)."""

    def observation(self, game: Any, seat: int, out: FloatArray, /) -> None:
        """Write the seat's observation into ``out`` (all of it)."""

    def info_state(self, game: Any, seat: int, out: FloatArray, /) -> None:
        """Write the seat's information state into ``out`` (all of it)."""

    def set_output(
        self, info: bool, empty: Any, float32: Any, int8: Any, num_actions: int, /
    ) -> None:
        """Choose the vector :meth:`observe` writes and how it makes its arrays."""

    def observe(self, game: Any, seat: int, legal: list[int] | None, /) -> dict[str, Any]:
        """``{"observation": vector, "action_mask": mask}`` as new arrays, the mask
        1 at each action of ``legal``."""


# Pieces are bytearrays, never bytes: a bytearray slice takes a bytearray several
# times faster than it takes bytes (bytes are first copied into a new bytearray).
ONE = bytearray(struct.pack("<f", 1.0))
"""A float32 1 as the four bytes an encoding buffer holds per entry."""
# Each 7-bit number as seven float32 0/1 entries, so a 28-bit tile mask spreads in
# four look-ups.
_CHUNK_F32: tuple[bytearray, ...] = tuple(
    bytearray().join(ONE if v >> i & 1 else bytes(4) for i in range(7)) for v in range(128)
)


def mask_f32(mask: int) -> bytearray:
    """A tile mask (below 2**28) as 28 float32 entries, 1 where a tile is in the mask.

    >>> np.frombuffer(mask_f32(0b101), np.float32)[:4].tolist(), len(mask_f32(0))
    ([1.0, 0.0, 1.0, 0.0], 112)
    """
    c = _CHUNK_F32
    return c[mask & 127] + c[mask >> 7 & 127] + c[mask >> 14 & 127] + c[mask >> 21]


def put_mask(buf: bytearray, k: int, mask: int) -> None:
    """Write a tile mask as 28 float32 0/1 entries into the zeroed ``buf`` at byte ``k``.

    >>> buf = bytearray(120)
    >>> put_mask(buf, 4, 0b11)
    >>> np.frombuffer(buf, np.float32)[:4].tolist()
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


class Adapter(abc.ABC, Generic[P]):
    """The encoders and the reward bookkeeping of one game with given options.

    Subclasses set ``info_state_size``, ``observation_size``, ``reward_scale``
    and ``sides`` in ``__init__`` and implement the readers and writers.
    """

    game_name: ClassVar[str]
    info_state_size: int
    observation_size: int
    reward_scale: float
    """Score points that make a hand reward of 1 (the score that wins the game)."""
    reward_note: ClassVar[str] = ""
    sides: list[list[int]]

    def __init__(self, game: Game) -> None:
        self.num_seats = game.num_seats
        self.num_actions = game.num_actions
        self.options = dict(game.options)

    # ------------------------------------------------------------- readers

    @abc.abstractmethod
    def public(self, game: Any, seat: int) -> P:
        """What ``seat`` may know now, read fast from the engine (view fields only)."""

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

    def native_encoder(self) -> NativeEncoder | None:
        """A compiled encoder writing the vectors of :meth:`write_observation` and
        :meth:`write_info_state`, reading the game as :meth:`public` does; ``None``
        when the C extension is not built."""
        return None

    def info_state(self, p: P) -> FloatArray:
        """The information state vector of the record ``p``."""
        buf = bytearray(4 * self.info_state_size)
        self.write_info_state(p, buf)
        return np.frombuffer(buf, np.float32)

    def observation(self, p: P) -> FloatArray:
        """The observation vector of the record ``p``."""
        buf = bytearray(4 * self.observation_size)
        self.write_observation(p, buf)
        return np.frombuffer(buf, np.float32)

    # ------------------------------------------------------------- rewards

    @abc.abstractmethod
    def hands_done(self, game: Any) -> int:
        """How many hands (rounds) have ended: a public count."""

    @abc.abstractmethod
    def side_scores(self, game: Any) -> list[int]:
        """The public score of each side (as in ``result()["scores"]``), a new list."""

    def winner(self, game: Any) -> int | None:
        """The winning side of a finished game (as in ``result()["winner"]``)."""
        winner: int | None = game.result()["winner"]
        return winner


def relative(seat: int, other: int, n: int) -> int:
    """``other``'s place counted from ``seat`` in playing order (0 is ``seat``)."""
    return (other - seat) % n
