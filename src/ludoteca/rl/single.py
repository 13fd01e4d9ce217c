"""A Gymnasium environment for one learning seat against built-in bots.

The learner plays one seat; every other seat (partner included, in Texas 42)
is a bot of :mod:`ludoteca.bots` that sees only its own seat's knowledge.
Each ``step`` plays the learner's action, then the bots' moves until the
learner must decide again or the game ends; the reward is everything the
learner's seat received meanwhile (the same rewards as the AEC environment).
What the seat received before its first decision (in Cavaleiro, rounds that
other seats won before the learner won one) is paid with the first step's
reward, so the rewards of an episode add up to the seat's whole return. Should
the bots end the game before the learner ever decides (Cavaleiro again), the
first step ends the episode whatever its action, with those rewards.

The other seats are any players (:mod:`ludoteca.agents`): a bot level, an
engine of the bot protocol (``"cmd:COMMAND"``), a Python agent with
``choose(handle)``, or a policy ``policy(observation, action_mask)`` (a frozen
copy of the learner, for self-play).

The observation is the AEC one, ``{"observation": ..., "action_mask": ...}``;
:meth:`SingleSeatEnv.action_masks` returns the mask too. An action outside the
mask ends the episode with ``illegal_reward`` (−1 by default; ``None`` raises
``IllegalMove`` instead).

>>> from ludoteca.rl import gym_env
>>> e = gym_env("bingo_v0", opponents="random")
>>> obs, info = e.reset(seed=5)
>>> action = int(obs["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = e.step(action)
>>> terminated or bool(obs["action_mask"].any())
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.envs.registration import EnvSpec

from ludoteca.agents import BotSpec, check_player, close_player, resolve, seat_player
from ludoteca.bots import Bot, available_levels, choose_move, make_bot
from ludoteca.errors import InvalidOption

from .aec import ENV_VERSION, LudotecaEnv, ObsType

__all__ = [
    "GYMNASIUM_NAMES",
    "SingleSeatEnv",
    "gym_env",
    "gymnasium_id",
    "register_gymnasium_ids",
    "strongest_level",
]

GYMNASIUM_NAMES = {
    "texas42": "Texas42",
    "fiveup": "FiveUp",
    "bingo": "Bingo",
    "cavaleiro": "Cavaleiro",
}
"""Each game's name in its Gymnasium id (``ludoteca/Bingo-v0``)."""


def gymnasium_id(game: str) -> str:
    """The Gymnasium id of ``game``'s single-seat environment: ``ludoteca/Bingo-v0``."""
    return f"ludoteca/{GYMNASIUM_NAMES[game]}-v{ENV_VERSION}"


Observation = dict[str, npt.NDArray[Any]]


def strongest_level(game: str) -> str:
    """The strongest bot level built for ``game``."""
    return available_levels(game)[-1]


class SingleSeatEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a game as a Gymnasium environment (see the module doc).

    ``opponents`` is a player for every other seat (default: the strongest bot
    level built), or a mapping from seat to player: a level (``"greedy"``,
    ``"expert:0.2"``), an engine (``"cmd:COMMAND"``), a Python agent or a policy
    (see :mod:`ludoteca.agents`). ``budget`` is the bots' thinking time per
    decision in seconds. ``obs_type``, ``hand_rewards`` and the game's options
    are as for :func:`ludoteca.rl.env`. Engines are started at the first reset
    and stopped by :meth:`close`.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        *,
        seat: int = 0,
        opponents: Any = None,
        budget: float | None = None,
        illegal_reward: float | None = -1.0,
        obs_type: ObsType = "observation",
        hand_rewards: bool = True,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.aec = LudotecaEnv(
            game, obs_type=obs_type, hand_rewards=hand_rewards, render_mode=render_mode, **options
        )
        n = len(self.aec.possible_agents)
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise InvalidOption(f"seat must be 0 to {n - 1} for this game, not {seat!r}")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        name = self.aec.game_name
        if opponents is None:
            opponents = strongest_level(name)
        if isinstance(opponents, Mapping):
            chosen = dict(opponents)
            missing = [s for s in range(n) if s != seat and s not in chosen]
            if missing or seat in chosen or any(not isinstance(s, int) for s in chosen):
                raise InvalidOption(
                    f"opponents must give a player for every seat but the learner's ({seat}); "
                    f"missing: {missing}"
                )
        else:
            chosen = {s: opponents for s in range(n) if s != seat}
        self.players: dict[int, Any] = {}
        for s, player in chosen.items():
            try:
                self.players[s] = resolve(player)
                check_player(self.players[s], name)
            except (TypeError, ValueError) as e:
                levels = ", ".join(available_levels(name))
                more = "" if "levels" in str(e) else f" (the built levels for {name}: {levels})"
                raise InvalidOption(f"opponent of seat {s}: {e}{more}") from None
        self.levels = {s: p.level for s, p in self.players.items() if isinstance(p, BotSpec)}
        """The built-in levels among the opponents, by seat."""
        self.budget = budget
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.bots: dict[int, Bot] = {}
        self._seated: dict[int, Bot] = {}
        """The opponents that are not built-in levels, seated once (engines keep running)."""
        self._done = True
        if self.spec is None:  # made directly, not by gymnasium.make: the same spec
            self.spec = EnvSpec(
                id=gymnasium_id(name),
                entry_point="ludoteca.rl.single:SingleSeatEnv",
                kwargs={
                    "game": name,
                    "seat": seat,
                    "opponents": opponents,
                    "budget": budget,
                    "illegal_reward": illegal_reward,
                    "obs_type": obs_type,
                    "hand_rewards": hand_rewards,
                    **options,
                },
            )

    @property
    def game(self) -> Any:
        """The game being played (a :class:`ludoteca.Game`)."""
        return self.aec.game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a game; ``seed`` fixes its deals, dice and the bots' choices."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**63 - 1))
        self.aec.reset(seed=game_seed)
        draw = random.Random(game_seed)
        name = self.aec.game_name
        self.bots = {}
        for s, player in sorted(self.players.items()):
            bot_seed = draw.getrandbits(63)
            if isinstance(player, BotSpec):
                budget = player.budget if player.budget is not None else self.budget
                self.bots[s] = make_bot(name, player.level, seed=bot_seed, budget=budget)
                continue
            if s not in self._seated:
                options = self.aec.game_options
                self._seated[s] = seat_player(player, name, options, seats=[s])
            self.bots[s] = self._seated[s]
            engine = getattr(self.bots[s], "engine", None)
            if engine is not None:
                engine.new_game(name, self.aec.game_options, [s])
        self._play_bots()
        # Rewards paid before the learner's first decision (Cavaleiro rounds that
        # other seats won) stay in its cumulative reward: the first step pays them.
        self._done = False
        return self.aec.observe(self.agent), {}

    def _play_bots(self) -> None:
        aec = self.aec
        game = aec.game
        while True:
            to_move = game.to_move
            if not isinstance(to_move, int) or to_move == self.seat:
                return
            aec.step(game.move_to_action(choose_move(self.bots[to_move], game)))

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots until the learner decides again."""
        aec = self.aec
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        if aec.game.is_over:
            # The bots finished the game before the learner had a decision (it can
            # happen in Cavaleiro): this step ends the episode with what was paid.
            return self._finish()
        a = int(action)
        if self.illegal_reward is not None and a not in aec.legal_actions():
            self._done = True
            return (
                aec.observe(self.agent),
                float(self.illegal_reward),
                True,
                False,
                {"illegal_action": a},
            )
        # What was paid before this decision (only before the first) is kept: the
        # AEC step clears the acting agent's cumulative reward.
        carried = aec.cumulative_reward(self.agent)
        aec.step(a)
        self._play_bots()
        return self._finish(carried)

    def _finish(
        self, carried: float = 0.0
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner's observation and everything its seat received since its
        last step (since the reset, for the first step)."""
        aec = self.aec
        reward = carried + aec.cumulative_reward(self.agent, clear=True)
        self._done = aec.game.is_over
        return aec.observe(self.agent), reward, self._done, False, {}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learner's legal actions as a 0/1 vector (for masked policies)."""
        mask: npt.NDArray[np.int8] = self.aec.observe(self.agent)["action_mask"]
        return mask

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        """Stop the engines among the opponents."""
        for bot in self._seated.values():
            close_player(bot)
        self._seated.clear()
        self.aec.close()

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        if any(getattr(b, "engine", None) is not None for b in self._seated.values()):
            raise TypeError("an environment whose opponents are engines does not pickle")
        return state


def gym_env(name: str, **kwargs: Any) -> SingleSeatEnv:
    """A Gymnasium environment where ``seat`` learns against bots (see :class:`SingleSeatEnv`)."""
    return SingleSeatEnv(name, **kwargs)


def register_gymnasium_ids() -> list[str]:
    """Register ``ludoteca/<Game>-v0`` with Gymnasium for every built game, so
    ``gymnasium.make("ludoteca/Bingo-v0", opponents="random")`` works (the names
    are :data:`GYMNASIUM_NAMES`)."""
    from .aec import env_names

    ids = []
    for name in env_names():
        game = name.rpartition("_v")[0]
        env_id = gymnasium_id(game)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id, entry_point="ludoteca.rl.single:SingleSeatEnv", kwargs={"game": game}
            )
        ids.append(env_id)
    return ids
