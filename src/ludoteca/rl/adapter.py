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

Both are ``float32`` vectors with every entry between 0 and 1. Encoders write
them as bytes (0/1 flags and small counts), then one multiplication by a
per-entry scale gives the floats. Rewards come from
the public scores of each side (``side_scores``), paid when a hand ends
(``hands_done`` grows) and when the game ends.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from ludoteca.game import Game

__all__ = ["Adapter", "FloatArray", "mask_bytes"]

FloatArray = npt.NDArray[np.float32]
P = TypeVar("P")

# Each 7-bit number as seven 0/1 bytes, so a 28-bit tile mask spreads in four look-ups.
_CHUNK_BYTES: tuple[bytes, ...] = tuple(bytes(v >> i & 1 for i in range(7)) for v in range(128))


def mask_bytes(mask: int) -> bytes:
    """A tile mask (below 2**28) as 28 bytes, 1 where a tile is in the mask.

    >>> list(mask_bytes(0b101))[:4], len(mask_bytes(0))
    ([1, 0, 1, 0], 28)
    """
    cb = _CHUNK_BYTES
    return cb[mask & 127] + cb[mask >> 7 & 127] + cb[mask >> 14 & 127] + cb[mask >> 21]


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
        """Write the information state of ``p`` into ``buf`` (all 0 at first), one
        byte per entry: the entry is that byte times ``info_state_scale``."""

    @abc.abstractmethod
    def write_observation(self, p: P, buf: bytearray) -> None:
        """Write the observation of ``p`` into ``buf`` (see :meth:`write_info_state`)."""

    def scales(self) -> tuple[FloatArray, FloatArray]:
        """What each byte of the observation and of the information state is
        multiplied by (1 for 0/1 entries, 1/n for counts up to n)."""
        return np.ones(self.observation_size, np.float32), np.ones(self.info_state_size, np.float32)

    def _ensure_scales(self) -> None:
        self._obs_scale, self._info_scale = self.scales()

    def info_state(self, p: P) -> FloatArray:
        """The information state vector of the record ``p``."""
        buf = bytearray(self.info_state_size)
        self.write_info_state(p, buf)
        try:
            scale = self._info_scale
        except AttributeError:
            self._ensure_scales()
            scale = self._info_scale
        out: FloatArray = np.frombuffer(buf, np.uint8) * scale
        return out

    def observation(self, p: P) -> FloatArray:
        """The observation vector of the record ``p``."""
        buf = bytearray(self.observation_size)
        self.write_observation(p, buf)
        try:
            scale = self._obs_scale
        except AttributeError:
            self._ensure_scales()
            scale = self._obs_scale
        out: FloatArray = np.frombuffer(buf, np.uint8) * scale
        return out

    # ------------------------------------------------------------- rewards

    @abc.abstractmethod
    def hands_done(self, game: Any) -> int:
        """How many hands (rounds) have ended: a public count."""

    @abc.abstractmethod
    def side_scores(self, game: Any) -> Sequence[int]:
        """The public score of each side (as in ``result()["scores"]``)."""


def relative(seat: int, other: int, n: int) -> int:
    """``other``'s place counted from ``seat`` in playing order (0 is ``seat``)."""
    return (other - seat) % n
