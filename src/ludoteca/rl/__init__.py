"""Research API: PettingZoo and Gymnasium environments for every game.

- :func:`env` — the PettingZoo AEC environment of a game (``texas42_v0``,
  ``fiveup_v0``, ``bingo_v0``, ``cavaleiro_v0``);
- :func:`gym_env` — a Gymnasium environment where one seat learns and the other
  seats are built-in bots;
- helpers between action numbers and notation, and between game records and
  trajectories.

See ``docs/rl.md``.
"""

from . import convert
from .aec import ENV_VERSION, LudotecaEnv, env, env_names, game_of
from .convert import *  # noqa: F403  (its whole API, named in its __all__)
from .evaluate import Evaluation, Policy, PolicyBot, evaluate
from .single import (
    GYMNASIUM_NAMES,
    SingleSeatEnv,
    gym_env,
    gymnasium_id,
    register_gymnasium_ids,
    strongest_level,
)

GYMNASIUM_IDS = register_gymnasium_ids()

__all__ = [
    "ENV_VERSION",
    "GYMNASIUM_IDS",
    "GYMNASIUM_NAMES",
    "Evaluation",
    "LudotecaEnv",
    "Policy",
    "PolicyBot",
    "SingleSeatEnv",
    "env",
    "env_names",
    "evaluate",
    "game_of",
    "gym_env",
    "gymnasium_id",
    "register_gymnasium_ids",
    "strongest_level",
]
__all__ += convert.__all__  # the conversions, as imported above
