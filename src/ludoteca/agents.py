"""Who may sit at a seat: a built-in level, an engine of the bot protocol, or a
Python agent.

Every harness (the arena, :func:`ludoteca.rl.evaluate`, the Gymnasium
environment's opponents, the web app's engines) seats the same *players*:

- a level written as text, ``"expert"``, or with a thinking budget,
  ``"expert:0.5"`` (:class:`BotSpec`);
- an engine, ``"cmd:python3 mybot.py"`` (:class:`~ludoteca.protocol.EngineSpec`):
  a program speaking the bot protocol, in a process of its own;
- a Python agent: a :class:`~ludoteca.bots.Bot`, any object with a
  ``choose(handle)`` method returning a legal move, or a policy
  ``policy(observation, action_mask) -> action`` on the game's vectors, as
  :mod:`ludoteca.rl` gives them (a frozen copy of a learner, for instance).

>>> import ludoteca
>>> from ludoteca.agents import parse_player, player_label, seat_player
>>> parse_player("expert:0.5"), parse_player("cmd:python3 mybot.py").command
(BotSpec(level='expert', budget=0.5), ('python3', 'mybot.py'))
>>> class FirstMove:
...     def choose(self, handle):
...         return handle.legal_moves()[0]
>>> bot = seat_player(FirstMove(), "bingo")
>>> game = ludoteca.new_game("bingo", seed=1)
>>> bot.choose(ludoteca.bots.SeatHandle(game, game.to_move)) == game.legal_moves()[0]
True
>>> player_label(FirstMove())
'FirstMove'
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import available_levels, make_bot
from .bots.base import Bot, SeatHandle
from .move import Move
from .protocol.host import ENGINE_PREFIX, EngineBot, EngineSpec

__all__ = [
    "AgentBot",
    "BotSpec",
    "Player",
    "close_player",
    "is_builtin",
    "parse_player",
    "player_label",
    "seat_player",
]


@dataclass(frozen=True)
class BotSpec:
    """A built-in level and, optionally, its thinking budget per decision."""

    level: str
    budget: float | None = None

    @property
    def label(self) -> str:
        return self.level if self.budget is None else f"{self.level}:{self.budget:g}"


Player = str | BotSpec | EngineSpec | Bot | Any
"""A level or engine written as text, a :class:`BotSpec`, an :class:`EngineSpec`,
or a Python agent (see the module doc)."""


def parse_player(text: str) -> BotSpec | EngineSpec:
    """``"expert"``, ``"expert:0.5"`` (a budget of 0.5 s per decision) or
    ``"cmd:COMMAND"`` (an engine)."""
    if not isinstance(text, str):
        raise TypeError(f"a player written as text is a str, not {type(text).__name__}")
    text = text.strip()
    if text.startswith(ENGINE_PREFIX):
        return EngineSpec.parse(text)
    level, _, budget = text.partition(":")
    try:
        seconds = float(budget) if budget else None
    except ValueError:
        seconds = -1.0
    if not level or (seconds is not None and not 0 <= seconds <= 600):
        raise ValueError(
            f"a player is written level, level:seconds (0 to 600) or cmd:COMMAND, not {text!r}"
        )
    return BotSpec(level, seconds)


def resolve(player: Player) -> BotSpec | EngineSpec | Any:
    """``player`` as a spec (text parsed) or the agent itself; ``TypeError`` for
    something that cannot sit at a table."""
    if isinstance(player, str):
        return parse_player(player)
    if isinstance(player, BotSpec | EngineSpec | Bot):
        return player
    if isinstance(player, type):
        raise TypeError(
            f"{player.__name__} is a class: seat an instance of it ({player.__name__}(...))"
        )
    if callable(getattr(player, "choose", None)) or callable(player):
        return player
    raise TypeError(
        'a player is a level ("expert", "expert:0.5"), an engine ("cmd:COMMAND"), a '
        "Bot, an object with choose(handle), or a policy(observation, action_mask) -> "
        f"action; not {type(player).__name__}"
    )


def is_builtin(player: Player) -> bool:
    """Whether ``player`` is a built-in level (whose failures are the project's bugs)."""
    return isinstance(player, BotSpec) or (isinstance(player, str) and ":" not in player[:4])


def player_label(player: Player) -> str:
    """How reports name ``player``: its level, its engine's command or name, or
    the agent's ``name`` attribute, class or function name."""
    spec = resolve(player)
    if isinstance(spec, BotSpec | EngineSpec):
        return spec.label
    name = getattr(spec, "name", None)
    if isinstance(name, str) and name:
        return name
    if isinstance(spec, Bot):
        return spec.level if spec.level != "bot" else type(spec).__name__
    if hasattr(spec, "choose"):
        return type(spec).__name__
    return str(getattr(spec, "__name__", type(spec).__name__))


def check_player(player: Player, game: str, options: Mapping[str, Any] | None = None) -> None:
    """Refuse early a player that cannot sit at ``game``: an unknown or unbuilt
    level, a Bot of another game (engines are asked when they start)."""
    spec = resolve(player)
    if isinstance(spec, BotSpec):
        if spec.level not in available_levels(game):
            make_bot(game, spec.level)  # raises, saying which levels there are
    elif isinstance(spec, Bot):
        spec.check_game(game)


def seat_player(
    player: Player,
    game: str,
    options: Mapping[str, Any] | None = None,
    *,
    seed: int | None = None,
    budget: float | None = None,
    seats: Sequence[int] = (),
) -> Bot:
    """``player`` ready to play ``game`` (with ``options``) as a :class:`Bot`.

    A level is made afresh (seeded with ``seed``; ``budget`` unless its own);
    an engine is started (for ``seats``) and must be closed with
    :func:`close_player`; a Bot is used as it is; an agent with ``choose`` is
    wrapped in :class:`AgentBot`; a policy in :class:`ludoteca.rl.PolicyBot`.
    """
    spec = resolve(player)
    opts = dict(options or {})
    if isinstance(spec, BotSpec):
        return make_bot(
            game, spec.level, seed=seed, budget=spec.budget if spec.budget is not None else budget
        )
    if isinstance(spec, EngineSpec):
        return EngineBot.start(spec, game, opts, seats)
    if isinstance(spec, Bot):
        spec.check_game(game)
        return spec
    if callable(getattr(spec, "choose", None)):
        return AgentBot(spec)
    from .rl.evaluate import PolicyBot

    return PolicyBot(spec, game, **opts)


def close_player(bot: Bot) -> None:
    """Stop what a seated player runs (an engine's process); nothing for the others."""
    close: Callable[[], None] | None = getattr(bot, "close", None)
    if isinstance(bot, EngineBot) and close is not None:
        with contextlib.suppress(Exception):
            close()


class AgentBot(Bot):
    """A Python agent (an object with ``choose(handle)``) as a bot: its answer,
    text or a :class:`~ludoteca.move.Move`, is checked to be a legal move."""

    level = "agent"

    def __init__(self, agent: Any) -> None:
        super().__init__()
        if not callable(getattr(agent, "choose", None)):
            raise TypeError(
                f"an agent has a choose(handle) method; {type(agent).__name__} has none"
            )
        self.agent = agent
        self.level = player_label(agent)

    def choose(self, handle: SeatHandle) -> str:
        move = self.agent.choose(handle)
        if isinstance(move, Move):
            try:
                move = handle.action_to_move(handle.move_to_action(move))
            except ValueError:
                move = move.text
        legal = handle.legal_moves()
        if not isinstance(move, str) or move not in legal:
            raise IllegalChoice(self.level, move, legal)
        return move


class IllegalChoice(ValueError):
    """An agent answered something that is not one of the legal moves."""

    def __init__(self, agent: str, move: Any, legal: Sequence[str]) -> None:
        shown = ", ".join(legal[:8]) + (f" and {len(legal) - 8} more" if len(legal) > 8 else "")
        super().__init__(f"{agent} answered {move!r}, which is not legal now (legal: {shown})")
        self.agent = agent
        self.move = move
