"""What a bot is, and what it may see.

A bot chooses a move for one seat from a :class:`SeatHandle`: the seat's view,
its legal moves, and a way to draw complete hidden states consistent with what
the seat has seen (``handle.sample(rng)``). It never touches the game itself,
so it cannot read another seat's tiles or the order of a stock.

>>> import ludoteca
>>> from ludoteca.bots import make_bot, choose_move
>>> game = ludoteca.new_game("texas42", seed=1)
>>> bot = make_bot("texas42", "random", seed=7)
>>> choose_move(bot, game) in game.legal_moves()
True
"""

from __future__ import annotations

import abc
import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, TypeVar

from ludoteca.game import Game
from ludoteca.move import Move
from ludoteca.search import SearchState

__all__ = [
    "TIE_RULES",
    "UNITS",
    "ActionBot",
    "Bot",
    "RankedMove",
    "RankingBot",
    "SearchBot",
    "SeatHandle",
    "choose_move",
    "mark_ties",
]


class SeatHandle:
    """One seat's window on a game: what a bot may know, and nothing more."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a SeatHandle is made from a ludoteca Game, not {type(game).__name__}")
        if game.to_move != seat:
            raise ValueError(f"it is not seat {seat}'s decision (to move: {game.to_move!r})")
        self._game = game
        self.seat = seat

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> SeatHandle:
        """The handle of the seat whose view (``game.view(seat)``) is ``view``, for
        a program that is given views only (an engine of the bot protocol): the
        game is rebuilt from it (:func:`ludoteca.rebuild.game_from_view`)."""
        from ludoteca.rebuild import game_from_view

        game = game_from_view(view)
        return cls(game, view["seat"])

    @property
    def game_name(self) -> str:
        return self._game.name

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._game.options)

    @property
    def num_seats(self) -> int:
        return self._game.num_seats

    @property
    def move_count(self) -> int:
        """How many moves the game has (chance events included)."""
        return len(self._game)

    def view(self, *, log_from: int = 0) -> dict[str, Any]:
        """The seat's view (see :meth:`ludoteca.Game.view`); with ``log_from`` its
        log and events from that move on only (``log_from=handle.move_count``:
        the present without the past, which costs the same however long the game)."""
        return self._game.view(self.seat, log_from=log_from)

    def legal_moves(self) -> list[str]:
        return self._game.legal_moves()

    def legal_actions(self) -> list[int]:
        return self._game.legal_actions()

    def action_to_move(self, action: int) -> str:
        return self._game.action_to_move(action)

    def move_to_action(self, move: str | Move) -> int:
        """The action of a move written in notation or a move value (by its fields)."""
        return self._game.move_to_action(move)

    def sample(self, rng: random.Random) -> Game:
        """A complete game whose hidden information is redrawn uniformly among the
        states consistent with what this seat has seen (a determinization)."""
        if not isinstance(rng, random.Random):
            raise TypeError(
                f"sample draws with a random.Random (random.Random(seed)), not {type(rng).__name__}"
            )
        return self._game.sample_hidden(self.seat, rng)

    def search_state(self, rng: random.Random) -> SearchState:
        """A determinization for this seat as the compact state to search on
        (:meth:`ludoteca.Game.search_state`, :mod:`ludoteca.search`): the same draw as
        :meth:`sample`, without the game around it.

        >>> import random, ludoteca
        >>> from ludoteca.bots.base import SeatHandle
        >>> game = ludoteca.new_game("texas42", seed=2)
        >>> handle = SeatHandle(game, game.to_move)
        >>> handle.search_state(random.Random(1)).legal() == handle.legal_actions()
        True
        """
        if not isinstance(rng, random.Random):
            raise TypeError(
                "search_state draws with a random.Random (random.Random(seed)), "
                f"not {type(rng).__name__}"
            )
        return self._game.search_state(seat=self.seat, rng=rng)


@dataclass(frozen=True)
class RankedMove:
    """A legal move with the bot's estimate of its value and a short reason.

    ``value`` is in the unit named by ``unit`` (one of :data:`UNITS`, for example
    ``"match_chance"``, the chance of winning the match); higher is better for
    the seat to move. ``reason`` says why in English; ``code`` and ``params`` say
    the same as data for translations (for example ``"bid_make_rate"`` with
    ``{"rate": 0.85, "deals": 20, "contract": "trump 5"}``). ``tie`` is set on a
    move whose value equals the one before it: the code of the rule that put it
    after (one of :data:`TIE_RULES`), ``""`` otherwise.
    """

    move: str
    value: float
    reason: str
    code: str = "value"
    params: Mapping[str, Any] = field(default_factory=dict)
    unit: str = ""
    tie: str = ""


UNITS: dict[str, str] = {
    "match_chance": "the chance of winning the match",
    "game_chance": "the chance of winning the game",
    "round_wins_needed": "round wins still needed (the value is minus them: fewer is better)",
    "sticks_taken": "sticks taken (a horizontal counts three)",
    "marks": "marks expected this hand, ours minus theirs",
    "points": "points expected this hand, ours minus theirs",
    "hand_margin": "points margin over the rest of the hand, against each opponent, summed",
}
"""What a ranked move's ``value`` is counted in, by unit code (English; the apps
say them from the catalogs)."""

TIE_RULES: dict[str, str] = {
    "sooner_win": "equal chances: a move that wins the hand at once first, then the larger margin",
    "same_figure": "the same figure is left (columns and blocks swapped): the lowest column first",
    "more_points": "equal values: the move with more points on average first",
    "cheaper_bid": "equal values: the cheaper bid first",
    "same_play": "the same tile laid the same way on another equal end",
    "fewer_sticks": "equal values: the removal that leaves fewer sticks first",
    "keeps_blocks": "equal values: the removal that keeps more blocks and columns whole first",
    "move_order": "equal values: in the order of the legal moves",
}
"""Why a move is listed after another of the same value, by rule code."""


def mark_ties(
    ranked: list[RankedMove], rule: Callable[[RankedMove, RankedMove], str]
) -> list[RankedMove]:
    """``ranked`` (best first) with ``tie`` set on each move whose value equals the
    previous one's, to ``rule(previous, move)``."""
    out: list[RankedMove] = []
    for r in ranked:
        if out and r.value == out[-1].value:
            r = replace(r, tie=rule(out[-1], r))
        out.append(r)
    return out


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _checks_handle(method: _Method) -> _Method:
    """``method(self, handle)`` refusing a handle of a game the bot does not play."""
    if getattr(method, "_checks_handle", False):
        return method

    @functools.wraps(method)
    def checked(self: Bot, handle: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(handle, Game) or handle is None:
            raise TypeError(
                f"a bot decides from a SeatHandle (SeatHandle(game, seat), or "
                f"choose_move(bot, game)), not {type(handle).__name__}"
            )
        name = getattr(handle, "game_name", None)
        if isinstance(name, str):  # (a stand-in of a handle may not say its game)
            self.check_game(name)
        return method(self, handle, *args, **kwargs)

    checked._checks_handle = True  # type: ignore[attr-defined]
    return checked  # type: ignore[return-value]


class Bot(abc.ABC):
    """A player program. Deterministic for a given seed.

    A bot of a game refuses another game's handle with a ``ValueError`` naming
    the games it plays (:meth:`check_game`); ``games`` lists them (empty: any).
    """

    level: str = "bot"
    games: ClassVar[tuple[str, ...]] = ()
    """The games this kind of bot plays (empty: every game); the built-in levels'
    come from where they are registered (:data:`ludoteca.bots.BOTS`)."""

    def __init__(self, *, seed: int | None = None, budget: float | None = None) -> None:
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise TypeError(f"a bot's seed is a whole number or None, not {seed!r}")
        if budget is not None and (
            not isinstance(budget, int | float) or isinstance(budget, bool) or budget < 0
        ):
            raise ValueError(f"a bot's budget is a number of seconds, 0 or more, not {budget!r}")
        self.rng = random.Random(seed)
        self.budget = budget

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("choose", "rank"):
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "__isabstractmethod__", False):
                setattr(cls, name, _checks_handle(method))

    def check_game(self, game: str) -> None:
        """``ValueError`` if this bot does not play ``game``, naming the games it plays."""
        from ludoteca.bots import games_of

        mine = games_of(type(self))
        if mine and game not in mine:
            raise ValueError(
                f"this {self.level} bot plays {' and '.join(mine)}, not {game}: make one for "
                f"{game} (make_bot({game!r}, {self.level!r}))"
            )

    @abc.abstractmethod
    def choose(self, handle: SeatHandle) -> str:
        """The move this bot makes, in notation (one of ``handle.legal_moves()``)."""

    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        """Every legal move with its estimated value, best first (bots that evaluate)."""
        raise NotImplementedError(f"the {self.level} bot does not rank moves")


class ActionBot(Bot):
    """A bot that picks one of the legal action numbers (an only legal move without
    thinking)."""

    def choose(self, handle: SeatHandle) -> str:
        legal = handle.legal_actions()
        action = legal[0] if len(legal) == 1 else self.choose_action(handle, legal)
        return handle.action_to_move(action)

    @abc.abstractmethod
    def choose_action(self, handle: SeatHandle, legal: list[int]) -> int:
        """The action this bot takes, one of ``legal`` (two or more)."""


class RankingBot(Bot):
    """A bot that plays the best move of its :meth:`rank` (and an only legal move
    without ranking it)."""

    def choose(self, handle: SeatHandle) -> str:
        actions = handle.legal_actions()
        if len(actions) == 1:
            return handle.action_to_move(actions[0])
        return self.rank(handle)[0].move

    @abc.abstractmethod
    def rank(self, handle: SeatHandle) -> list[RankedMove]:
        """Every legal move with its estimated value, best first."""


class SearchBot(RankingBot):
    """A ranking bot that thinks for a budget of CPU seconds a decision."""

    default_budget: ClassVar[float] = 0.5
    """The budget when none is given."""
    min_budget: ClassVar[float] = 0.01
    """The least budget the bot works with, whatever is given."""

    @property
    def seconds(self) -> float:
        """The thinking budget of a decision, in seconds."""
        return self.default_budget if self.budget is None else max(self.min_budget, self.budget)


def choose_move(bot: Bot, game: Game) -> str:
    """Ask ``bot`` for the move of the seat to move in ``game`` (not played)."""
    if not isinstance(game, Game):
        raise TypeError(f"choose_move asks a bot about a ludoteca game, not {type(game).__name__}")
    seat = game.to_move
    if not isinstance(seat, int):
        raise ValueError("no seat is to move: the game is over or waits for a chance event")
    return bot.choose(SeatHandle(game, seat))
