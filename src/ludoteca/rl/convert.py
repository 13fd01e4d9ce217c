"""From action numbers to notation and back, and from game records to trajectories.

>>> from ludoteca.rl import action_to_notation, notation_to_action
>>> action_to_notation("texas42_v0", 45), notation_to_action("texas42_v0", "play 0-0")
('play 0-0', 45)

A *trajectory* is a game as learning agents lived it: every decision with the
observation and mask the deciding seat had, the action, and the reward the seat
received from then until its next decision. :func:`record_to_trajectory` builds
one from any ``ludoteca/1`` record (with the same encoders and rewards as
:func:`ludoteca.rl.env`); :func:`trajectory_to_record` gives the record back, and
:func:`actions_to_record` turns an environment episode (its seed and actions)
into a record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.errors import IllegalMove
from ludoteca.game import RECORD_FORMAT, Game
from ludoteca.gametype import GameType
from ludoteca.record import check_record
from ludoteca.registry import game_type, new_game

from .aec import LudotecaEnv, ObsType, game_of

__all__ = [
    "Step",
    "Trajectory",
    "action_map",
    "action_notations",
    "action_to_notation",
    "actions_to_record",
    "notation_to_action",
    "record_to_trajectory",
    "trajectory_to_record",
]


def _game_for(target: Any, options: dict[str, Any]) -> Game | GameType:
    if isinstance(target, Game | GameType):
        return target
    if isinstance(target, str):
        return game_type(game_of(target), **options)
    inner = getattr(target, "unwrapped", target)
    inner = getattr(inner, "aec", inner)
    found = getattr(inner, "game_type", None)
    if isinstance(found, GameType):
        return found
    raise TypeError(
        "give an environment name (like 'texas42_v0'), a Ludoteca environment or a game, "
        f"not {type(target).__name__}"
    )


def action_to_notation(target: Any, action: int, /, **options: Any) -> str:
    """The notation of action number ``action`` in ``target``: an environment name
    (with the game's options, any of them, ``target`` included), a Ludoteca
    environment, a game or a game type.

    >>> action_to_notation("fiveup_v0", 0, target=121)
    'draw'
    """
    if not hasattr(action, "__index__") or isinstance(action, bool):
        raise TypeError(f"an action is a whole number, not {type(action).__name__}")
    return _game_for(target, options).action_to_move(int(action))


def notation_to_action(target: Any, move: str, /, **options: Any) -> int:
    """The action number of ``move`` (notation) in ``target`` (as for
    :func:`action_to_notation`); ``IllegalMove`` if it is not a move of the game."""
    return _game_for(target, options).move_to_action(move)


def action_notations(target: Any, /, **options: Any) -> list[str]:
    """The notation of every action number, index by index.

    >>> action_notations("fiveup_v0", target=121, players=3)[:2]
    ['draw', 'pass']
    """
    game = _game_for(target, options)
    return [game.action_to_move(a) for a in range(game.num_actions)]


def action_map(name: str, source: dict[str, Any], target: dict[str, Any]) -> npt.NDArray[np.int64]:
    """For each action number of game ``name`` with options ``source``, the action
    number of the same move (the same notation) with options ``target``; ``-1``
    where the move does not exist there.

    Cavaleiro's action numbers follow its figure (``layout``): 0 is ``pass``, 1
    ``remove horizontals``, 2 ``remove horizontal``, then ``remove block B`` for
    each block, then for each column in order ``remove 1 from column C``,
    ``remove 2 …`` up to its height. A policy trained on one figure plays another
    through this map:

    >>> m = action_map("cavaleiro_v0", {"layout": "2x3x3+2"}, {"layout": "3x3x3+3"})
    >>> int(m[5]), action_notations("cavaleiro_v0", layout="2x3x3+2")[5]
    (6, 'remove 1 from column 1')
    >>> action_notations("cavaleiro_v0", layout="3x3x3+3")[6]
    'remove 1 from column 1'
    """
    if not isinstance(source, dict) or not isinstance(target, dict):
        raise TypeError("source and target are dicts of the game's options")
    there = {move: a for a, move in enumerate(action_notations(name, **target))}
    return np.array([there.get(m, -1) for m in action_notations(name, **source)], np.int64)


@dataclass
class Step:
    """One decision of a trajectory."""

    agent: str
    seat: int
    observation: npt.NDArray[np.float32]
    action_mask: npt.NDArray[np.int8]
    action: int
    move: str
    reward: float = 0.0
    """What the seat received from this decision until its next one (or the end)."""


@dataclass
class Trajectory:
    """A game as a sequence of decisions with observations, masks and rewards."""

    game: str
    options: dict[str, Any]
    players: list[str]
    obs_type: ObsType
    steps: list[Step] = field(default_factory=list)
    chance: list[tuple[int, str]] = field(default_factory=list)
    """Chance events: (how many decisions came before it, the event in notation)."""
    initial_rewards: dict[str, float] = field(default_factory=dict)
    """Rewards received before an agent's first decision."""
    over: bool = False

    def for_agent(self, agent: str) -> list[Step]:
        """The decisions of one agent, in order."""
        return [s for s in self.steps if s.agent == agent]

    @property
    def returns(self) -> dict[str, float]:
        """Each agent's total reward."""
        out = dict(self.initial_rewards)
        for s in self.steps:
            out[s.agent] = out.get(s.agent, 0.0) + s.reward
        return out

    @property
    def actions(self) -> list[int]:
        return [s.action for s in self.steps]


def record_to_trajectory(
    record: dict[str, Any], *, obs_type: ObsType = "observation", hand_rewards: bool = True
) -> Trajectory:
    """Replay a ``ludoteca/1`` record through the environment's encoders and rewards.

    A move that is not allowed raises ``IllegalMove`` naming its 1-based index.
    """
    check_record(record)
    name = game_of(record["game"])
    env = LudotecaEnv(name, obs_type=obs_type, hand_rewards=hand_rewards, **record["options"])
    game = new_game(name, chance="manual", names=record["players"], **record["options"])
    env.start(game)
    traj = Trajectory(name, dict(game.options), list(game.names), obs_type)
    traj.initial_rewards = dict.fromkeys(env.possible_agents, 0.0)
    last_step: dict[str, Step] = {}

    def credit() -> None:
        for agent, r in env.rewards.items():
            if r:
                if agent in last_step:
                    last_step[agent].reward += r
                else:
                    traj.initial_rewards[agent] += r

    for i, move in enumerate(record["moves"], 1):
        try:
            if game.to_move == "chance":
                env.play_chance(move)
                traj.chance.append((len(traj.steps), game.moves[-1]))
            else:
                seat = game.to_move
                if not isinstance(seat, int):
                    raise IllegalMove(f"{move!r} was tried, but the game is over", seat=None)
                agent = env.possible_agents[seat]
                obs = env.observe(agent)
                action = game.move_to_action(move)
                env.step(action)
                step = Step(agent, seat, obs["observation"], obs["action_mask"], action, "")
                step.move = game.action_to_move(action)
                traj.steps.append(step)
                last_step[agent] = step
        except IllegalMove as e:
            raise IllegalMove(
                f"move {i} of the record, {move!r}: {e}", seat=e.seat, move=move, reason=e.reason
            ) from None
        credit()
    traj.over = game.is_over
    return traj


def trajectory_to_record(trajectory: Trajectory) -> dict[str, Any]:
    """The ``ludoteca/1`` record of a trajectory (its decisions and chance events)."""
    moves: list[str] = []
    chance = iter(trajectory.chance)
    pending = next(chance, None)
    for i, step in enumerate([*trajectory.steps, None]):
        while pending is not None and pending[0] == i:
            moves.append(pending[1])
            pending = next(chance, None)
        if step is not None:
            moves.append(step.move)
    return {
        "format": RECORD_FORMAT,
        "game": trajectory.game,
        "options": dict(trajectory.options),
        "players": list(trajectory.players),
        "moves": moves,
    }


def actions_to_record(
    name: str, actions: list[int], *, seed: int, **options: Any
) -> dict[str, Any]:
    """The record of an environment episode: ``reset(seed=seed)`` then ``actions``
    (the decisions in order, dead-agent steps left out)."""
    game = new_game(game_of(name), seed=seed, **options)
    for i, a in enumerate(actions, 1):
        try:
            game.apply_action(int(a))
        except IllegalMove as e:
            raise IllegalMove(f"action {i} ({a}): {e}", seat=e.seat, reason=e.reason) from None
    return game.record()
