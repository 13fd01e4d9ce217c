"""The Python encoders of the engines, fresh (nothing kept, no compiled twin), as
numpy vectors: the reference the tests compare everything else with."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.game import Game
from ludoteca.games.bingo.tensor import BingoTensors
from ludoteca.games.cavaleiro.tensor import CavaleiroTensors
from ludoteca.games.fiveup.tensor import FiveUpTensors
from ludoteca.games.texas42.tensor import Texas42Tensors
from ludoteca.gametype import GameType
from ludoteca.tensor import TensorEncoder

ENCODERS: dict[str, type[TensorEncoder[Any]]] = {
    "texas42": Texas42Tensors,
    "fiveup": FiveUpTensors,
    "bingo": BingoTensors,
    "cavaleiro": CavaleiroTensors,
}


# Every game with its default options and with options that change the vectors
# (number of seats, scales, contracts, figures).
OPTION_CASES: list[tuple[str, dict[str, Any]]] = [
    ("texas42", {}),
    (
        "texas42",
        {
            "scoring": "points",
            "nello": True,
            "plunge": True,
            "splash": True,
            "sevens": True,
            "play_out": True,
            "all_pass": "forced",
        },
    ),
    ("fiveup", {}),
    ("fiveup", {"players": 3, "exact_61": True, "later_lead": "clockwise", "target": 31}),
    ("fiveup", {"players": 4}),
    ("bingo", {}),
    ("bingo", {"blanks_as_seven": True}),
    ("cavaleiro", {}),
    ("cavaleiro", {"players": 5, "layout": "23/4+1"}),
]


class Reference:
    """A fresh Python encoder of ``game``'s kind and options; its offsets and sizes
    are read through it (``reference.o_hand``)."""

    def __init__(self, game: Game | GameType) -> None:
        self.encoder = ENCODERS[game.name](game)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.encoder, name)

    def public(self, game: Game, seat: int) -> Any:
        return self.encoder.public(game, seat)

    def public_from_view(self, view: dict[str, Any]) -> Any:
        return self.encoder.public_from_view(view)

    def observation(self, p: Any) -> npt.NDArray[np.float32]:
        return np.frombuffer(self.encoder.vector(p, False), np.float32)

    def info_state(self, p: Any) -> npt.NDArray[np.float32]:
        return np.frombuffer(self.encoder.vector(p, True), np.float32)
