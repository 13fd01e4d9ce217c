"""How a game is shown to learning agents: vector sizes, the vectors as numpy
arrays, and rewards, all read through the public Game API.

The vectors are the game's own: :meth:`ludoteca.Game.observation_tensor` and
:meth:`ludoteca.Game.information_state_tensor` (their layouts are documented in
``ludoteca.games.<game>.tensor``); this module only wraps their float32 bytes
in numpy arrays. Rewards come from the public scores of each side
(:meth:`ludoteca.fastpath.FastPath.side_scores`, as ``result()["scores"]``), paid when a hand
ends (:attr:`ludoteca.fastpath.FastPath.hands_scored` grows) and when the game ends:

- Texas 42: when a hand is scored each seat receives (own team's gain − other
  team's gain) / target, the target being 7 marks or 250 points; when the game
  ends the winning team's seats receive +1 and the others −1 more.
- Five-Up: when a hand ends each side receives its points gained during the
  hand (ends and the bonus) minus the mean of the other sides', over the
  target; when the game ends the winning side receives +1 and the others
  −1/(S − 1).
- Bingo: when a hand ends each seat receives (its sets won − the opponent's) / 7;
  when the match ends the winner receives +1 and the loser −1 more.
- Cavaleiro: when a round ends, its winner receives the sticks removed over the
  figure's total, and every other seat minus that share divided by ``P − 1``;
  when the game ends the winner receives +1 and every other seat −1/(P − 1).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.errors import TensorNotAvailable
from ludoteca.game import Game
from ludoteca.gametype import GameType

__all__ = ["REWARDS", "Adapter", "FloatArray"]

FloatArray = npt.NDArray[np.float32]

REWARDS: dict[str, str] = {
    "texas42": "per scored hand: (own team's gain - other team's gain) / target "
    "(7 marks or 250 points); at the end: +1 to the winners, -1 to the losers",
    "fiveup": "per hand: (own side's points this hand - the other sides' mean) / target; "
    "at the end: +1 to the winning side, -1/(sides - 1) to the others",
    "bingo": "per hand: (own sets won - opponent's) / 7; at the end: +1 to the winner, "
    "-1 to the loser",
    "cavaleiro": "per round: sticks removed / figure total to the round's winner, minus that "
    "over (players - 1) to each other seat; at the end: +1 to the winner, -1/(players - 1) "
    "to the others",
}
"""Per game: the rewards in words (a hand's rewards are counted in the score that
wins the game, the game type's ``target``)."""


class Adapter:
    """The sizes, vectors and reward bookkeeping of one game with given options.

    >>> import ludoteca
    >>> adapter = Adapter(ludoteca.game_type("bingo"))
    >>> adapter.observation_size, adapter.reward_scale, adapter.sides
    (300, 7.0, [[0], [1]])
    """

    def __init__(self, game_type: GameType) -> None:
        self.game_name = game_type.name
        self.num_seats = game_type.num_seats
        self.num_actions = game_type.num_actions
        self.options = dict(game_type.options)
        observation = game_type.observation_tensor_size
        info_state = game_type.information_state_tensor_size
        if observation is None or info_state is None:
            raise TensorNotAvailable(f"{game_type.title} has no vectors for learning agents")
        self.observation_size = observation
        self.info_state_size = info_state
        self.sides: list[list[int]] = [list(seats) for seats in game_type.sides]
        self.reward_note = REWARDS[game_type.name]
        self.reward_scale: float = float(game_type.target or 1)
        """Score points that make a hand reward of 1 (the score that wins the game)."""

    def observation(self, game: Game, seat: int) -> FloatArray:
        """``seat``'s observation of ``game`` as a numpy vector."""
        return np.frombuffer(game.observation_tensor(seat), np.float32)

    def info_state(self, game: Game, seat: int) -> FloatArray:
        """``seat``'s information state of ``game`` as a numpy vector."""
        return np.frombuffer(game.information_state_tensor(seat), np.float32)

    def hands_done(self, game: Game) -> int:
        """How many hands (rounds) have ended: a public count."""
        return game.fast.hands_scored

    def side_scores(self, game: Game) -> list[int]:
        """The public score of each side (as in ``result()["scores"]``), a new list."""
        return game.fast.side_scores()

    def winner(self, game: Game) -> int | None:
        """The winning side of a finished game (as in ``result()["winner"]``)."""
        return game.fast.winning_side()
