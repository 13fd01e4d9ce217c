"""The PettingZoo AEC environment of every game.

One agent per seat (``player_0`` … ``player_N``), a fixed discrete action space
(the game's action numbers), and observations ``{"observation": float32 vector,
"action_mask": int8 vector}`` that encode exactly what the seat may know.
Chance (deals, draws, dice) is drawn inside the environment: ``reset(seed=s)``
plays the same game as ``ludoteca.new_game(name, seed=s)`` given the same
actions; later ``reset()`` calls without a seed draw new games from that seed.

>>> from ludoteca.rl import env
>>> e = env("texas42_v0")
>>> e.reset(seed=3)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["observation"].shape, int(obs["action_mask"].sum()) > 0
(['action_mask', 'observation'], (542,), True)
>>> e.step(int(obs["action_mask"].nonzero()[0][0]))
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from functools import cache
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.env import AECIterable  # type: ignore[import-untyped]

from ludoteca.errors import GameNotAvailable, InvalidOption
from ludoteca.game import Game
from ludoteca.registry import GAMES, available_games, game_type, new_game
from ludoteca.tensor import action_mask

from .adapter import Adapter

try:
    from . import _observe
except ImportError:  # the C extension is not built: observe() in Python serves
    _observe = None  # type: ignore[assignment]

__all__ = ["ENV_VERSION", "LudotecaEnv", "ObsType", "env", "env_names", "game_of"]

ENV_VERSION = 0
ObsType = Literal["observation", "info_state"]


@cache
def _has_tensors(game: str) -> bool:
    return game_type(game).observation_tensor_size is not None


def env_names() -> list[str]:
    """Versioned names of the environments whose game is built and has vectors
    (``texas42_v0`` …)."""
    return [f"{game}_v{ENV_VERSION}" for game in available_games() if _has_tensors(game)]


def game_of(name: str) -> str:
    """The game of an environment name: ``texas42_v0`` or plain ``texas42``."""
    base, sep, version = name.rpartition("_v") if isinstance(name, str) else ("", "", "")
    if sep and version.isdigit():
        if int(version) != ENV_VERSION:
            raise GameNotAvailable(
                f"{name!r}: this version of Ludoteca has {base}_v{ENV_VERSION}, not v{version}"
            )
        name = base
    if name not in GAMES:
        raise GameNotAvailable(
            f"there is no environment called {name!r}; they are: {', '.join(env_names())}"
        )
    return name


class LudotecaEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment playing one Ludoteca game (see the module doc).

    ``obs_type`` chooses the vector under ``"observation"``: ``"observation"``
    (the present, smaller) or ``"info_state"`` (everything seen this hand, in
    order). ``hand_rewards=False`` pays only the game's outcome (+1/−1).
    ``fast=False`` writes every observation from ``game.view(seat)``
    (:meth:`ludoteca.Game.tensor_from_view`: slower, the same numbers). Other
    keyword arguments are the game's options.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class too
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        *,
        obs_type: ObsType = "observation",
        hand_rewards: bool = True,
        fast: bool = True,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game_name = game_of(game)
        if obs_type not in ("observation", "info_state"):
            raise InvalidOption(f"obs_type must be 'observation' or 'info_state', not {obs_type!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOption(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.obs_type: ObsType = obs_type
        self.hand_rewards = bool(hand_rewards)
        self.fast = bool(fast)
        self.render_mode = render_mode
        self.game_options = dict(options)
        self.game_type = game_type(self.game_name, **options)
        self.game: Game
        self.adapter = Adapter(self.game_type)
        self.metadata = {**LudotecaEnv.metadata, "name": f"{self.game_name}_v{ENV_VERSION}"}
        n = self.game_type.num_seats
        self.num_actions = self.game_type.num_actions
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._agent_of = list(self.possible_agents)
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        size = (
            self.adapter.info_state_size
            if obs_type == "info_state"
            else self.adapter.observation_size
        )
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(0.0, 1.0, (n * self.adapter.observation_size,), np.float32)
        """The space of :meth:`state`: every seat's observation, one after another."""
        self._info = obs_type == "info_state"
        self._size = size
        adapter = self.adapter
        self._winner = adapter.winner
        self._reward_scale = adapter.reward_scale
        self._others = len(adapter.sides) - 1
        if sorted(s for seats in adapter.sides for s in seats) != list(range(n)):
            raise AssertionError("the sides of an adapter must hold every seat once")
        self._side_agents = tuple(
            tuple(self.possible_agents[s] for s in seats) for seats in adapter.sides
        )
        self._duel = [list(seats) for seats in adapter.sides] == [[0], [1]]
        self._make_observer()
        self._np_random: np.random.Generator | None = None
        self._ready = False
        self._live = False
        self._legal: list[int] = []
        self._to_move = -1

    def _make_observer(self) -> None:
        """The games' public writer of the vector (float32 bytes) of a seat, and the
        compiled observe(game, seat, legal) around it (None: not built, or fast=False)."""
        self._tensor = self.game_type.tensor_writer(information_state=self._info)
        self._observer = (
            None
            if _observe is None or not self.fast
            else _observe.Observer(
                self._tensor,
                self._size,
                self.num_actions,
                np.empty,
                np.dtype(np.float32),
                np.dtype(np.int8),
            )
        )

    def __getstate__(self) -> dict[str, Any]:
        """The state to pickle (and deep-copy): the writer and the compiled observer
        are left out and made again on loading (they may be compiled code)."""
        state = self.__dict__.copy()
        del state["_tensor"], state["_observer"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._make_observer()

    # ----------------------------------------------------------- spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------ reset

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` makes it reproducible (``options`` is unused)."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random(secrets.randbits(63))
            game_seed = int(self._np_random.integers(2**63 - 1))
        self._start(new_game(self.game_name, seed=game_seed, **self.game_options))

    def _start(self, game: Game) -> None:
        self.game = game
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._hands = self.adapter.hands_done(game)
        self._scores = list(self.adapter.side_scores(game))
        self._skip_agent_selection = None
        self._paid = False
        self._ready = True
        self._live = True
        # Until a decision is due (a game started with chance="manual" begins with
        # one), the first agent is selected, with nothing to do.
        self.agent_selection = self._agent_of[0]
        self._after_move()

    def _after_move(self) -> None:
        to_move = self.game.to_move
        if type(to_move) is int:
            self._to_move = to_move
            self._legal = self.game.legal_actions()
            self.agent_selection = self._agent_of[to_move]
        else:
            self._to_move = -1
            self._legal = []
            if to_move is None:
                self._live = False
                for a in self.agents:
                    self.terminations[a] = True

    @property
    def chance_due(self) -> bool:
        """Whether a chance event is due (games started with ``chance="manual"``
        only): then :meth:`play_chance` must play it before any agent acts.

        Meanwhile :attr:`agent_selection` stays on the agent that decided last (the
        first agent before any decision), with an all-zero mask; :meth:`step`
        refuses every action and :meth:`agent_iter` stops, to go on once the chance
        event is played."""
        return self._live and self._to_move < 0

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        """The agent to act, again and again until every agent is done (as
        :meth:`pettingzoo.AECEnv.agent_iter`, with a generator: less work per step),
        or until a chance event is due (manual chance: see :attr:`chance_due`)."""
        return _AgentIterable(self, max_iter)

    # ------------------------------------------------------------- step

    def step(self, action: Any) -> None:
        """Play ``action`` (an action number) for :attr:`agent_selection`."""
        if not self._live:
            if not self._ready:
                raise RuntimeError("call reset() before step()")
            self._was_dead_step(action)
            return
        if self._to_move < 0:
            raise ValueError(
                f"a chance event is due, not a decision of {self.agent_selection}: play it with "
                f"play_chance(event) (for example play_chance(env.game.sample_chance()))"
            )
        a = action if type(action) is int else self._action_number(action)
        game = self.game
        if a not in self._legal:
            game.apply_action(a)  # raises IllegalMove saying why
            raise AssertionError("an action outside the mask was accepted")
        self._cumulative_rewards[self.agent_selection] = 0.0
        game.fast.apply(a)
        self._settle(game)

    def _action_number(self, action: Any) -> int:
        if action is None:
            raise ValueError(f"{self.agent_selection} must choose an action: the game is not over")
        return int(action)

    def _settle(self, game: Game) -> None:
        """Rewards and the next agent after a move."""
        to_move = game.to_move
        hands = game.fast.hands_scored
        if to_move is None or hands != self._hands:
            self._pay(game, to_move is None, hands)
        elif self._paid:  # last move's rewards are spent
            rewards = self.rewards
            for agent in rewards:
                rewards[agent] = 0.0
            self._paid = False
        self._after_move()

    def play_chance(self, event: str) -> None:
        """Play a chance event in notation (games started with ``chance="manual"``,
        as :meth:`start` allows); rewards are paid as for a decision."""
        if not self._ready:
            raise RuntimeError("call reset() or start() before play_chance()")
        game = self.game
        if game.to_move != "chance":
            raise ValueError(f"no chance event is due now (to move: {game.to_move!r})")
        game.play(event)
        self._settle(game)

    def start(self, game: Game) -> None:
        """Play on from ``game`` (a fresh game of this environment's kind and options,
        for instance one with ``chance="manual"`` to replay a record)."""
        if game.type != self.game_type:
            raise InvalidOption(
                f"this environment plays {self.game_name} with options "
                f"{dict(self.game_type.options)}, not {game.name} with {game.options}"
            )
        self._start(game)

    def _pay(self, game: Game, over: bool, hands: int) -> None:
        """Set every agent's reward for a move that ended a hand (a share of the
        score gains) or the game (that share, then the outcome), and add it to the
        cumulative rewards. Straight-line code: this runs at every Cavaleiro round."""
        self._hands = hands
        scores = game.fast.side_scores()
        before = self._scores
        self._scores = scores
        if over:
            self._pay_end(game, scores, before)
            return
        rewards = self.rewards
        if not self.hand_rewards:
            if self._paid:
                for agent in rewards:
                    rewards[agent] = 0.0
                self._paid = False
            return
        cumulative = self._cumulative_rewards
        scale = self._reward_scale
        if self._others == 1:
            # Two sides: (gain - other's gain / 1) / scale, the same numbers as below.
            lead = (scores[0] - before[0]) - (scores[1] - before[1])
            r = lead / scale
            q = -lead / scale
            if self._duel:  # one seat a side
                first, second = self._agent_of
                rewards[first] = r
                rewards[second] = q
                cumulative[first] += r
                cumulative[second] += q
            else:
                side_a, side_b = self._side_agents
                for agent in side_a:
                    rewards[agent] = r
                    cumulative[agent] += r
                for agent in side_b:
                    rewards[agent] = q
                    cumulative[agent] += q
        else:
            total = sum(scores) - sum(before)
            others = self._others
            for i, agents in enumerate(self._side_agents):
                gain = scores[i] - before[i]
                r = (gain - (total - gain) / others) / scale or 0.0
                for agent in agents:
                    rewards[agent] = r
                    cumulative[agent] += r
        self._paid = True

    def _pay_end(self, game: Game, scores: list[int], before: list[int]) -> None:
        """The rewards of the move that ended the game: the hand's share as in
        :meth:`_pay` (with ``hand_rewards``), then +1 to the winning side and
        −1/(sides − 1) to the others."""
        sides = self.adapter.sides
        others = self._others
        got = [0.0] * len(self._agent_of)
        if self.hand_rewards:
            total = sum(scores) - sum(before)
            scale = self._reward_scale
            for i, seats in enumerate(sides):
                gain = scores[i] - before[i]
                r = (gain - (total - gain) / others) / scale
                if r:
                    for s in seats:
                        got[s] += r
        winner = self._winner(game)
        if winner is not None:
            for i, seats in enumerate(sides):
                r = 1.0 if i == winner else -1.0 / others
                for s in seats:
                    got[s] += r
        rewards = self.rewards
        cumulative = self._cumulative_rewards
        for agent, r in zip(self._agent_of, got, strict=True):
            rewards[agent] = r
            cumulative[agent] += r
        self._paid = True

    # ---------------------------------------------------------- observe

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat may know now, and its action mask."""
        seat = self._seat_of[agent]
        observer = self._observer
        if observer is not None:  # one call makes both arrays
            return observer(self.game, seat, self._legal if seat == self._to_move else None)
        game = self.game
        if self.fast:
            vector = self._tensor(game, seat)
        else:
            vector = game.tensor_from_view(game.view(seat), information_state=self._info)
        mask = action_mask(self._legal if seat == self._to_move else (), self.num_actions)
        return {
            "observation": np.frombuffer(vector, np.float32),
            "action_mask": np.frombuffer(mask, np.int8),
        }

    def state(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The global state, for centralised critics (training only: it holds every
        seat's private tiles): every seat's observation vector, seat 0 first, as
        :attr:`state_space` says. Chance still to come (a stock's order, future
        dice) is in no seat's observation, so in no state."""
        if not self._ready:
            raise RuntimeError("call reset() before state()")
        game = self.game
        return np.concatenate(
            [np.frombuffer(game.observation_tensor(s), np.float32) for s in range(game.num_seats)]
        )

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and info of
        :attr:`agent_selection` (as :meth:`pettingzoo.AECEnv.last`)."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def legal_actions(self) -> list[int]:
        """The action numbers :attr:`agent_selection` may play now (empty once the
        game is over)."""
        return list(self._legal)

    def cumulative_reward(self, agent: str, *, clear: bool = False) -> float:
        """What ``agent`` has received since its last step (as :meth:`last` gives
        it); with ``clear``, counted as paid out (the next call starts from 0)."""
        reward = self._cumulative_rewards[agent]
        if clear:
            self._cumulative_rewards[agent] = 0.0
        return float(reward)

    # -------------------------------------------------------------- info

    def record(self) -> dict[str, Any]:
        """The game so far as a ``ludoteca/1`` record (chance events included)."""
        return self.game.record()

    def action_to_move(self, action: int) -> str:
        """The notation of an action number (``play 6-4``)."""
        return self.game_type.action_to_move(int(action))

    def move_to_action(self, move: str) -> int:
        """The action number of a move in notation."""
        return self.game_type.move_to_action(move)

    def render(self) -> str | None:
        """A short text of the position: ``ansi`` returns it, ``human`` prints it."""
        if self.render_mode is None:
            return None
        text = _render_text(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


class _AgentIterable(AECIterable):  # type: ignore[misc]
    def __iter__(self) -> Iterator[str]:
        return _agents(self.env, self.max_iter)


def _agents(env: LudotecaEnv, max_iter: int) -> Iterator[str]:
    while env.agents and max_iter > 0 and not env.chance_due:
        max_iter -= 1
        yield env.agent_selection


def _render_text(game: Game) -> str:
    result = game.result()
    lines = [f"{game.title}: {game!r}"]
    lines.append("scores by side: " + ", ".join(map(str, result["scores"])))
    moves = game.view(None)["log"][-6:]
    if moves:
        lines.append("last moves: " + "; ".join(moves))
    if game.is_over:
        lines.append(f"winner: side {result['winner']}")
    elif isinstance(game.to_move, int):
        lines.append(f"to move: {game.names[game.to_move]} (seat {game.to_move})")
    return "\n".join(lines)


def env(name: str, **kwargs: Any) -> LudotecaEnv:
    """The AEC environment ``name`` (``texas42_v0``, ``fiveup_v0``, ``bingo_v0``,
    ``cavaleiro_v0``; plain game names work too), with env and game options."""
    return LudotecaEnv(name, **kwargs)
