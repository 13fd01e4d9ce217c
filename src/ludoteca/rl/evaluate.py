"""Evaluate a policy against the built-in bots, the way the arena measures bots.

A *policy* is any function ``policy(observation, action_mask) -> action``
taking the numpy vectors of the environment. :class:`PolicyBot` turns it into a
:class:`ludoteca.bots.Bot`: it builds the observation from the seat's view alone
(:meth:`ludoteca.Game.tensor_from_view`), so a policy can no more cheat than a bot can.
:func:`evaluate` plays it against bots on every deal from each side in turn
(duplicate deals) and reports the win rate with its 95% Wilson interval. The
player evaluated and its opponents may be any players of :mod:`ludoteca.agents`:
a policy, an agent with ``choose(handle)``, a bot level, an engine; a learner
measures itself against a frozen copy of itself by passing that copy's policy
as ``opponents``.

>>> import numpy as np
>>> from ludoteca.rl import evaluate
>>> first_legal = lambda obs, mask: int(np.flatnonzero(mask)[0])
>>> result = evaluate(first_legal, "bingo_v0", opponents="random", games=2, seed=1)
>>> result.games, 0.0 <= result.win_rate <= 1.0
(2, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.agents import BotSpec, close_player, player_label, resolve, seat_player
from ludoteca.arena import wilson
from ludoteca.bots import Bot, SeatHandle, choose_move
from ludoteca.registry import game_type, new_game

from .aec import ObsType, game_of
from .single import strongest_level

__all__ = ["Evaluation", "Policy", "PolicyBot", "evaluate"]

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]
"""``policy(observation, action_mask) -> action number``."""


class PolicyBot(Bot):
    """A bot that asks ``policy`` for each move, from the seat's view only."""

    level = "policy"

    def __init__(
        self,
        policy: Policy,
        game: str,
        *,
        obs_type: ObsType = "observation",
        seed: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__(seed=seed)
        if not callable(policy):
            raise TypeError(
                f"a policy is a function policy(observation, action_mask) -> action, "
                f"not {type(policy).__name__}"
            )
        if obs_type not in ("observation", "info_state"):
            raise ValueError(f"obs_type is 'observation' or 'info_state', not {obs_type!r}")
        self.game_type = game_type(game_of(game), **options)
        self.num_actions = self.game_type.num_actions
        self.policy = policy
        self.information_state = obs_type == "info_state"
        self.level = str(getattr(policy, "__name__", "policy"))

    def check_game(self, game: str) -> None:
        if game != self.game_type.name:
            raise ValueError(f"this policy plays {self.game_type.name}, not {game}")

    def choose(self, handle: SeatHandle) -> str:
        vector = self.game_type.tensor_from_view(
            handle.view(), information_state=self.information_state
        )
        obs = np.frombuffer(vector, np.float32)
        mask = np.zeros(self.num_actions, np.int8)
        legal = handle.legal_actions()
        mask[legal] = 1
        action = int(self.policy(obs, mask))
        if action not in legal:
            raise ValueError(
                f"the policy chose action {action} ({handle.action_to_move(action)}), "
                f"which is not legal now; legal: {', '.join(handle.legal_moves())}"
            )
        return handle.action_to_move(action)


@dataclass
class Evaluation:
    """How a policy did against bots."""

    game: str
    opponents: str
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    margin: float
    """Average of (the policy's side score − the best other side's score)."""

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.wins}/{self.games} won against {self.opponents} "
            f"({100 * self.win_rate:.1f}%, 95% CI {100 * self.ci_low:.1f}–"
            f"{100 * self.ci_high:.1f}%), average margin {self.margin:+.2f}"
        )


def evaluate(
    policy: Any,
    game: str,
    *,
    opponents: Any = None,
    games: int = 20,
    seed: int = 0,
    budget: float | None = None,
    obs_type: ObsType = "observation",
    **options: Any,
) -> Evaluation:
    """Play ``games`` games of ``policy`` against ``opponents`` (default: the
    strongest bot level built) and measure its win rate.

    ``policy`` and ``opponents`` are any players (see the module doc); a policy
    among them reads ``obs_type`` vectors. Deals are played once from each side
    (``games`` counts every game played; with two sides, each deal twice). Every
    seat of the policy's side (both partners in Texas 42) is played by the
    policy, every other seat by the opponents.
    """
    name = game_of(game)
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"games is a whole number, 1 or more, not {games!r}")
    opponent = resolve(opponents if opponents is not None else strongest_level(name))
    mine = resolve(policy)
    wins = 0
    margins = 0.0
    played = 0
    deal = 0
    sides = game_type(name, **options).sides
    while played < games:
        for side in range(len(sides)):
            if played >= games:
                break
            g = new_game(name, seed=seed * 1_000_003 + deal, **options)
            players: dict[int, Bot] = {}
            seated: list[Bot] = []
            try:
                for j, seats in enumerate(sides):
                    player = mine if j == side else opponent
                    bot = _seat(
                        player,
                        name,
                        options,
                        obs_type,
                        (seed * 7919 + deal) * 31 + j,
                        budget,
                        seats,
                    )
                    seated.append(bot)
                    for s in seats:
                        players[s] = bot
                while not g.is_over:
                    seat = g.to_move
                    assert isinstance(seat, int)
                    g.play(choose_move(players[seat], g))
            finally:
                for bot in seated:
                    close_player(bot)
            result = g.result()
            wins += result["winner"] == side
            scores = result["scores"]
            margins += scores[side] - max(sc for j, sc in enumerate(scores) if j != side)
            played += 1
        deal += 1
    low, high = wilson(wins, played)
    return Evaluation(
        name, player_label(opponent), played, wins, wins / played, low, high, margins / played
    )


def _seat(
    player: Any,
    game: str,
    options: dict[str, Any],
    obs_type: ObsType,
    seed: int,
    budget: float | None,
    seats: Any,
) -> Bot:
    """``player`` seated for one game; a policy reads ``obs_type`` vectors."""
    policy = not isinstance(player, BotSpec | Bot) and not hasattr(player, "choose")
    if policy and callable(player) and not hasattr(player, "command"):
        return PolicyBot(player, game, obs_type=obs_type, **options)
    return seat_player(player, game, options, seed=seed, budget=budget, seats=list(seats))
