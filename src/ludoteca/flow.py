"""What happens next at a table: one statement for every app.

A game is always waiting for one thing: a seat's decision, a seat's own roll of
the dice (Cavaleiro), the deal that follows a hand's end (a pause the apps give
the players to read the hand's summary), another chance event (a deal or a draw
the table makes at once), or nothing once it is over. :func:`next_step` says
which, from the game's own state: no view is built to read it.

>>> import random, ludoteca
>>> game, rng = ludoteca.new_game("texas42", chance="manual"), random.Random(1)
>>> game.next_step()
Step('chance')
>>> while game.next_step().kind == "chance":
...     game.play(game.sample_chance(rng))
>>> step = game.next_step()
>>> step.kind, step.seat == game.to_move
('decision', True)
>>> for _ in range(4):
...     game.play("pass")
>>> game.next_step()  # four passes end the hand: the next deal waits for the players
Step('deal')
>>> ludoteca.new_game("cavaleiro", chance="manual").next_step()
Step('roll', seat=0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from .events import Event

if TYPE_CHECKING:
    from .game import Game
    from .gametype import GameType

__all__ = ["Step", "StepKind", "ended_hand", "hand_ends", "hand_just_ended", "next_step"]

StepKind = Literal["decision", "roll", "deal", "chance", "over"]


@dataclass(frozen=True, slots=True)
class Step:
    """What the game waits for: its ``kind`` and, for a decision or a roll, the ``seat``.

    ``decision``: the seat decides (a person or a bot); ``roll``: the seat's own roll
    is due (manual chance); ``deal``: the last move ended a hand and the next deal
    is due (the apps wait for the players to have seen the hand's end); ``chance``:
    another chance event is due, drawn at once; ``over``: the game has ended.
    """

    kind: StepKind
    seat: int | None = None

    def __repr__(self) -> str:
        seat = "" if self.seat is None else f", seat={self.seat}"
        return f"Step({self.kind!r}{seat})"


def ended_hand(game_type: GameType, events: Sequence[Event | Mapping[str, Any]]) -> bool:
    """Whether ``events`` (one move's, as ``game.events`` or a view's) end a hand of
    the game (its type's :attr:`~ludoteca.gametype.GameType.hand_end_code`)."""
    code = game_type.hand_end_code
    return code is not None and any(
        (e.code if isinstance(e, Event) else e.get("code")) == code for e in events
    )


def hand_ends(game: Game) -> list[int]:
    """How many moves the game had when each of its hands ended, in order (a game
    without hands, such as Cavaleiro, has none).

    ``game.moves[:n]`` for one of them is the game up to that hand's end: every hand
    it holds is over, and nothing of the next deal is in it.

    >>> import ludoteca
    >>> game = ludoteca.new_game("texas42", seed=3)
    >>> for _ in range(4):
    ...     game.play("pass")
    >>> n = hand_ends(game)[0]
    >>> game.moves[n - 1], game.moves[n].split()[0]  # the fourth pass; the next deal came
    ('pass', 'deal')
    """
    return [i + 1 for i, events in enumerate(game.events) if ended_hand(game.type, events)]


def hand_just_ended(game: Game) -> bool:
    """Whether the last move ended a hand (and the game goes on: the next deal is due)."""
    if game.to_move != "chance":
        return False
    return ended_hand(game.type, game.last_events())


def next_step(game: Game) -> Step:
    """What ``game`` waits for now (see :class:`Step`)."""
    who = game.to_move
    if who is None:
        return Step("over")
    if who != "chance":
        return Step("decision", who)
    if hand_just_ended(game):
        return Step("deal")
    seat = game.to_roll
    if seat is not None:
        return Step("roll", seat)
    return Step("chance")
