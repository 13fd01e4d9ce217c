"""The one Game API that every game of Ludoteca implements.

A game is driven by moves written in the game's notation (``game.play("bid 30")``)
or, on the fast path, by action numbers from a fixed per-game action space
(``game.apply_action(a)``); the two map one to one through
:meth:`Game.action_to_move` and :meth:`Game.move_to_action`.

Randomness enters only through chance events (a deal, a draw, a roll of the
dice), which are moves like any other. With ``chance="auto"`` the game draws
them itself: the event at move index ``k`` is drawn from a number that is a
function of ``seed`` and ``k`` alone (:mod:`ludoteca.chance`), so a copy shares
nothing with its original and undoing a move and playing it again draws the same
events. With ``chance="manual"``
:attr:`Game.to_move` is ``"chance"`` whenever one is due and the caller plays it
(``game.play("deal …")``). Either way every chance event lands in the record,
so every game replays exactly.

Every move is kept with who made it (:attr:`Game.history`) and what it did
(:attr:`Game.events`, codes with numbers); :meth:`Game.pop` undoes the last one.

A chance event too large to list whole (a deal) can also be played part by
part, one tile or one die at a time: :meth:`Game.chance_outcomes` lists the
next part's outcomes with their exact probabilities (as OpenSpiel's chance
nodes do), ``play`` takes them, and once the event is whole the game plays it
as one event, so the record is the same as when it is played at once.

Hidden information leaves a game only through :meth:`Game.view`, which shows
one seat what that seat may know, and through the same knowledge as numbers for
learning agents: :meth:`Game.observation_tensor` and
:meth:`Game.information_state_tensor` (float32 vectors, as OpenSpiel's).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Mapping, Sequence
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Protocol,
    TypeAlias,
    cast,
)

from .chance import NUMBER_BITS, ChanceSource
from .chanceevents import PART_WORDS, ChanceEvent, ChanceOutcome, ChanceSteps, DiceRoll, TileDraw
from .errors import IllegalMove, InvalidOption
from .events import DeferredEvents, Emitted, Event
from .fastpath import FastPath, deprecated
from .flow import next_step
from .gameknowledge import SeatKnowledge
from .gametensors import GameTensors
from .gametype import GameType, TypeInfo
from .move import Move
from .notation import Notation
from .options import OptionSpec, validate_options
from .outcome import Outcome
from .turns import CHANCE, Actor, ChanceMode, Seat, ToMove
from .viewtypes import ResultBase, ViewBase

if TYPE_CHECKING:
    from .flow import Step
    from .tensor import TensorEncoder

__all__ = [
    "CHANCE",
    "RECORD_FORMAT",
    "Actor",
    "ChanceEvent",
    "ChanceMode",
    "ChanceOutcome",
    "Core",
    "DeferredEvents",
    "DiceRoll",
    "Game",
    "Seat",
    "TileDraw",
    "ToMove",
]

RECORD_FORMAT = "ludoteca/1"


EventLog: TypeAlias = "tuple[int, tuple[Emitted, ...], EventLog] | None"
"""The events of a game's moves, newest first: ``(move index, what its core emitted,
older)``, ``None`` when empty. Never changed in place, so a copy shares it whole."""


class Core(Protocol):
    """What the shared :class:`Game` reads from an engine's rules core (``game.core``):
    the compact state that is the only statement of the game's rules.

    A core offers ``legal()`` (the action numbers allowed now, empty when no
    decision is due), ``apply(action)`` (a legal one, unchecked), ``scores`` (one per
    side, in the game's unit: ``result()["scores"]``), ``winner`` (the winning
    side, or ``None`` or a negative number while no side has won), ``hands_scored``
    (the hands, deals or rounds ended and scored so far), ``clone()`` (an
    independent copy, as cheap as the engine can make it) and ``sink``: the list
    the core adds the events of each move to as it applies it, a chance event
    included (the game points it at its own list and files them under the move;
    a clone starts with none, and emits nothing). A move's events go in as
    :class:`~ludoteca.events.Event` values, or as one
    :data:`~ludoteca.events.DeferredEvents` alone that builds them when they are
    read (a core whose fast path must not pay for them); undoing the move
    removes them.
    """

    sink: list[Emitted] | None

    @property
    def turn(self) -> int:
        """The seat whose decision is due (read only at a decision)."""

    @property
    def phase(self) -> int:
        """Where the game is (the engine's own numbering)."""

    def legal(self) -> list[int]: ...

    def apply(self, action: int) -> Any: ...

    @property
    def scores(self) -> Sequence[int]: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def hands_scored(self) -> int: ...

    def clone(self) -> Any: ...


class Game(ChanceSteps, GameTensors, SeatKnowledge, abc.ABC):
    """A game in progress: the state, its history, and the moves allowed now.

    Engines subclass this and provide the hooks marked abstract, and keep their
    state in :attr:`core` (a :class:`Core`); everything a caller uses is defined
    here, the same for every game.

    :meth:`copy` clones the core and copies the history; every other attribute an
    engine keeps is shared by the copy, so it is either immutable (option tables,
    numbers) or a cache whose key says what it was computed from.
    """

    name: ClassVar[str]
    """The registry name: ``texas42``, ``fiveup``, ``bingo`` or ``cavaleiro``."""
    title: ClassVar[str]
    """The name for people."""
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {}
    tensor_encoder: ClassVar[str | None] = None
    """Where the game's :class:`~ludoteca.tensor.TensorEncoder` is, as
    ``"module:Class"`` (imported when first asked for); ``None``: no tensors."""
    hand_end_code: ClassVar[str | None] = None
    """The code of the event that ends a hand (``None``: a game without hands)."""
    chance_phase: ClassVar[int]
    """The core's phase in which a decision leaves a chance event due (a deal, a
    round's rolls): the fast path draws it at once with automatic chance."""
    decision_phases: ClassVar[frozenset[int]]
    """The core's phases in which a seat's decision is due (the core's ``turn`` says
    whose); in any other phase but :attr:`over_phase` a chance event is due."""
    over_phase: ClassVar[int]
    """The core's phase once the game is over."""

    core: Core
    """The game's rules core: the whole state, every hidden tile included (for
    solvers, simulations and tests; a bot sees only its seat's view)."""
    options: dict[str, Any]
    _names: tuple[str, ...]
    _chance: ChanceSource
    """Where the chance events drawn by the game come from (see :attr:`seed`)."""
    _chance_mode: ChanceMode
    _auto_phase: int
    """:attr:`chance_phase` with automatic chance, ``-1`` with manual: a decision that
    leaves the core in this phase draws what is due at once (the fast path's test)."""
    _history: list[int | str]
    """Decisions as action numbers, chance events as their canonical text."""
    _actors: list[Actor]
    _events: EventLog
    """The events of the moves that had any."""
    _emitted: list[Emitted]
    """The core's sink: the events of the move being applied."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        chance: ChanceMode = "auto",
        names: Sequence[str] | None = None,
        **options: Any,
    ) -> None:
        if chance not in ("auto", "manual"):
            raise InvalidOption(f"chance must be 'auto' or 'manual', not {chance!r}")
        self.options = validate_options(self.name, self.option_specs, options)
        self._validate_options()
        if names is None:
            self._names = tuple(f"Player {i + 1}" for i in range(self._seat_count()))
        else:
            self.names = names
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise InvalidOption(f"seed must be a whole number or None, not {seed!r}")
        if seed is None:
            import secrets  # here: a game with a seed never needs it

            seed = secrets.randbits(63)
        self.seed = seed
        self._set_chance_mode(chance)
        self._history = []
        self._actors = []
        self._events = None
        self._emitted = []
        self._setup()
        self.core.sink = self._emitted
        self._advance()

    # ------------------------------------------------------------------ hooks

    def _validate_options(self) -> None:
        """Check combinations of options; raise ``InvalidOption``."""

    @classmethod
    @abc.abstractmethod
    def _type_info(cls, options: dict[str, Any]) -> TypeInfo:
        """What the game is with these options (validated; the engine may
        normalise them in place, as it does for a game)."""

    def _seat_count(self) -> int:
        """How many seats the game has with its options."""
        return self.type.num_seats

    @abc.abstractmethod
    def _setup(self) -> None:
        """Set up the engine state (:attr:`core`) before the first chance event."""

    def _current(self) -> ToMove:
        """Who acts now at the engine level: a seat, ``"chance"`` or ``None``."""
        core = self.core
        phase = core.phase
        if phase in self.decision_phases:
            return core.turn
        if phase == self.over_phase:
            return None
        return CHANCE

    @abc.abstractmethod
    def _apply_chance(self, text: str) -> str:
        """Check and apply a chance event; return its canonical text.

        Raise ``IllegalMove`` (leaving the state unchanged) if it is not the
        chance event due now or does not fit what is left.
        """

    @staticmethod
    def _chance_refusal(text: str, reason: str, code: str, params: dict[str, Any]) -> IllegalMove:
        """The refusal of the chance event ``text``: its reason in English, its code
        and the code's numbers."""
        return IllegalMove(
            f"chance event {text!r} is not allowed: {reason}",
            seat=CHANCE,
            move=text,
            reason=reason,
            code=code,
            params=params,
        )

    @abc.abstractmethod
    def _sample_chance(self, number: int) -> str:
        """The chance event due now drawn with ``number``, uniform on
        ``[0, 2**NUMBER_BITS)`` (read it with :func:`ludoteca.chance.sample`,
        :func:`~ludoteca.chance.permutation` or a remainder)."""

    def _auto_chance(self, number: int) -> str:
        """Draw the chance event due now with ``number`` (as :meth:`_sample_chance`)
        and apply it; return its canonical text.

        Engines may override this to skip writing and re-reading the event.
        """
        return self._apply_chance(self._sample_chance(number))

    def _chance_event(self) -> ChanceEvent:
        """The structure of the chance event due now (a :class:`TileDraw` or a
        :class:`DiceRoll`), for :meth:`chance_outcomes`."""
        raise NotImplementedError(f"{self.title} cannot list its chance outcomes")

    def _tensor_encoder(self) -> TensorEncoder[Any] | None:
        """The encoder of this game's vectors (a :class:`ludoteca.tensor.TensorEncoder`),
        or ``None`` when the game has none."""
        return self.type.tensor_encoder()

    @classmethod
    @abc.abstractmethod
    def _notation_for(cls, options: dict[str, Any]) -> Notation:
        """The notation of the game's decisions with these options (validated): one
        object shared by every game of the type (see :attr:`ludoteca.GameType.notation`)."""

    def _parse(self, move: str | Move) -> int:
        """The action of ``move`` (a value, by its fields, or its writing);
        ``ValueError`` saying what moves look like (a game adds what only its state
        can say)."""
        return self.notation.action_of(move)

    @abc.abstractmethod
    def _why_illegal(self, action: int) -> str:
        """Why ``action`` is not allowed now, in words."""

    def _refusal(self, action: int) -> tuple[str, dict[str, Any]]:
        """Why ``action`` is not allowed now, as a code and its parameters."""
        return "illegal", {}

    def _chance_value(self, text: str) -> Move:
        """The canonical notation ``text`` of a chance event of this game as a value."""
        return Move.from_text(text)

    def _undo(self, entry: int | str) -> bool:
        """Undo ``entry``, the last move of the history (already taken off it);
        ``False`` when the engine cannot, and the game is rebuilt from its record."""
        return False

    @abc.abstractmethod
    def _view(self, seat: Seat | None) -> Mapping[str, Any]:
        """The game-specific part of :meth:`view` (a TypedDict beside each engine
        says its keys: the view schemas are generated from it)."""

    @abc.abstractmethod
    def _redact(self, entry: str, seat: Seat | None) -> str:
        """A chance event as ``seat`` may see it (hidden tiles as ``?``)."""

    @property
    def num_actions(self) -> int:
        """Size of the fixed action space of decisions."""
        return self.type.num_actions

    @property
    def notation(self) -> Notation:
        """How this game's decisions are written: its type's
        :class:`~ludoteca.notation.Notation`."""
        cached: Notation | None = self.__dict__.get("_notation")
        if cached is None:
            cached = self.__dict__["_notation"] = self._notation_for(self.options)
        return cached

    def action_to_move(self, action: int) -> str:
        """The canonical notation of a decision's action number (``ValueError`` out
        of range, ``TypeError`` if it is not a whole number)."""
        return self.notation.action_to_move(action)

    def result(self) -> dict[str, Any]:
        """Scores and winner so far (final once :attr:`is_over`).

        Always holds ``game``, ``over`` (bool), ``sides`` (the seats of each side),
        ``scores`` (one per side) and ``winner`` (a side index, or ``None``),
        then what the game adds: each game's keys are typed in its ``viewtypes``
        module and published as a JSON Schema (docs/schemas/GAME.result.schema.json).
        """
        return cast("dict[str, Any]", self._result())

    @abc.abstractmethod
    def _result(self) -> ResultBase:
        """:meth:`result`, typed."""

    # ---------------------------------------------------------------- the API

    @classmethod
    def game_type(cls, **options: Any) -> GameType:
        """The :class:`~ludoteca.gametype.GameType` of this game with ``options``
        (checked, defaults filled in), without building a game."""
        checked = validate_options(cls.name, cls.option_specs, options)
        info = cls._type_info(checked)
        return GameType(cls.name, cls.title, checked, info, cls)

    @property
    def type(self) -> GameType:
        """What this game is, apart from its state (see :meth:`game_type`)."""
        cached: GameType | None = self.__dict__.get("_type")
        if cached is None:
            cached = GameType(
                self.name, self.title, self.options, self._type_info(self.options), type(self)
            )
            self.__dict__["_type"] = cached
        return cached

    @property
    def seed(self) -> int:
        """The seed of the chance events the game draws itself (``chance="auto"``)."""
        return self._chance.seed

    @seed.setter
    def seed(self, seed: int) -> None:
        self._chance = ChanceSource(seed)

    @property
    def num_seats(self) -> int:
        return self._seat_count()

    @property
    def names(self) -> list[str]:
        """The players' names, one per seat (``"Player 1"`` … unless given): for the
        apps, in :meth:`view`, and the default ``players`` of :meth:`record`. They are
        not part of the game: set them at any time, nothing is replayed.

        >>> import ludoteca
        >>> game = ludoteca.new_game("bingo", seed=1)
        >>> game.names = ["Ana", "Beto"]
        >>> game.view(0)["names"], game.record()["players"]
        (['Ana', 'Beto'], ['Ana', 'Beto'])
        """
        return list(self._names)

    @names.setter
    def names(self, names: Sequence[str]) -> None:
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise TypeError(f"names is a list of names, one per seat, not {type(names).__name__}")
        given = tuple(str(x) for x in names)
        if len(given) != self._seat_count():
            raise InvalidOption(
                f"{self.name} with these options has {self._seat_count()} seats, "
                f"but {len(given)} player names were given"
            )
        self._names = given

    @property
    def chance_mode(self) -> ChanceMode:
        """``"auto"`` (the game draws its chance events) or ``"manual"`` (the caller
        plays them). Switching to ``"auto"`` draws any chance event due now."""
        return self._chance_mode

    @chance_mode.setter
    def chance_mode(self, mode: ChanceMode) -> None:
        if mode not in ("auto", "manual"):
            raise InvalidOption(f"chance must be 'auto' or 'manual', not {mode!r}")
        self._set_chance_mode(mode)
        self._advance()

    def _set_chance_mode(self, mode: ChanceMode) -> None:
        self._chance_mode = mode
        self._auto_phase = self.chance_phase if mode == "auto" else -1

    @property
    def to_move(self) -> ToMove:
        """The seat whose decision it is; ``"chance"`` when a chance event is due
        (manual chance only); ``None`` once the game is over."""
        return self._current()

    @property
    def is_over(self) -> bool:
        return self.core.phase == self.over_phase

    @property
    def to_roll(self) -> int | None:
        """The seat whose own roll is the chance event due now (Cavaleiro's dice);
        ``None`` when no roll is due, and in games where no player rolls."""
        return None

    def next_step(self) -> Step:
        """What happens next (:mod:`ludoteca.flow`): a seat's decision, a seat's roll,
        the deal after a hand's end, another chance event, or the end."""
        return next_step(self)

    def last_events(self) -> tuple[Event, ...]:
        """What the last move did: its events, every secret included (``()`` before
        the first move)."""
        n = len(self._history)
        found = self._events_by_move(n - 1) if n else []
        return found[-1][1] if found and found[-1][0] == n - 1 else ()

    @property
    def moves(self) -> list[str]:
        """Every move so far, chance events included, in canonical notation."""
        fmt = self.action_to_move
        return [e if isinstance(e, str) else fmt(e) for e in self._history]

    def moves_since(self, start: int) -> list[str]:
        """The moves from index ``start`` on (``moves[start:]``, without writing out
        the others)."""
        fmt = self.action_to_move
        return [e if isinstance(e, str) else fmt(e) for e in self._history[start:]]

    @property
    def history(self) -> list[tuple[Actor, str]]:
        """Every move so far with who made it: ``(seat, move)``, or
        ``("chance", event)`` for a chance event.

        >>> import ludoteca
        >>> game = ludoteca.new_game("cavaleiro", chance="manual")
        >>> game.play("roll 1 2 3 4"); game.play("roll 6 6 1 2")
        >>> game.history
        [('chance', 'roll 1 2 3 4'), ('chance', 'roll 6 6 1 2')]
        """
        return list(zip(self._actors, self.moves, strict=True))

    @property
    def actors(self) -> list[Actor]:
        """Who made each move so far (as in :attr:`history`, without writing the
        moves out): a seat, or ``"chance"``."""
        return list(self._actors)

    @property
    def events(self) -> list[tuple[Event, ...]]:
        """What each move did, by move index (as :attr:`moves`): the events it
        emitted, every secret included (a seat's :meth:`view` shows only what that
        seat may know)."""
        out: list[tuple[Event, ...]] = [()] * len(self._history)
        for i, events in self._events_by_move():
            out[i] = events
        return out

    def events_since(self, start: int) -> list[tuple[Event, ...]]:
        """What each move from index ``start`` on did (``events[start:]``, without
        reading the others' events).

        >>> import ludoteca
        >>> game = ludoteca.new_game("texas42", seed=3)
        >>> for _ in range(4):
        ...     game.play("pass")
        >>> game.events_since(5) == game.events[5:], game.events_since(len(game))
        (True, [])
        """
        out: list[tuple[Event, ...]] = [()] * max(0, len(self._history) - start)
        for i, events in self._events_by_move(max(0, start)):
            out[i - start] = events
        return out

    def _events_by_move(self, start: int = 0) -> list[tuple[int, tuple[Event, ...]]]:
        """The moves from index ``start`` on that had events, as ``(move index,
        events)``, in order (those a core emitted deferred built now)."""
        out: list[tuple[int, tuple[Event, ...]]] = []
        link = self._events
        while link is not None and link[0] >= start:
            found = link[1]
            first = found[0]
            if type(first) is tuple:  # one DeferredEvents: built now
                out.append((link[0], first[0](*first[1:])))
            else:
                out.append((link[0], found))  # type: ignore[arg-type]  # Events alone
            link = link[2]
        out.reverse()
        return out

    def _push(self, entry: int | str, actor: Actor) -> None:
        emitted = self._emitted
        if emitted:  # what the core emitted applying the move, filed under its index
            self._events = (len(self._history), tuple(emitted), self._events)
            emitted.clear()
        self._history.append(entry)
        self._actors.append(actor)

    def pop(self) -> str:
        """Undo the last move exactly, as python-chess's ``Board.pop()``, and return
        it in notation.

        With ``chance="manual"`` that is the last entry of :attr:`history`, a chance
        event or a decision. With ``chance="auto"`` the chance events the game drew
        itself after the last decision go with it, and the decision is returned
        (playing it again draws the same events). ``IllegalMove`` when there is no
        such move.

        >>> import ludoteca
        >>> game = ludoteca.new_game("texas42", seed=3)
        >>> before = game.view(0)
        >>> move = game.legal_moves()[1]
        >>> game.play(move)
        >>> game.pop() == move and game.view(0) == before
        True
        """
        history = self._history
        if self._chance_mode == "auto":
            first = len(history) - 1
            while first >= 0 and isinstance(history[first], str):
                first -= 1
            if first < 0:
                raise IllegalMove(
                    "there is no decision to undo", seat=self._current(), code="nothing_to_undo"
                )
        elif history:
            first = len(history) - 1
        else:
            raise IllegalMove(
                "there is no move to undo", seat=self._current(), code="nothing_to_undo"
            )
        entry = history[first]
        popped = entry if isinstance(entry, str) else self.action_to_move(entry)
        self._chance_due = None
        self._chance_parts = ()
        while len(history) > first:
            entry = history.pop()
            self._actors.pop()
            link = self._events
            if link is not None and link[0] == len(history):
                self._events = link[2]
            if not self._undo(entry):
                self._rebuild(len(history))
        return popped

    def _rebuild(self, length: int) -> None:
        """Become the game as it was after its first ``length`` moves, replayed."""
        moves = self.moves[:length]
        again = type(self)(seed=self.seed, chance="manual", names=self.names, **self.options)
        for move in moves:
            again.play(move)
        again._set_chance_mode(self._chance_mode)
        self.__dict__.clear()
        self.__dict__.update(again.__dict__)

    def __len__(self) -> int:
        return len(self._history)

    def legal_actions(self) -> list[int]:
        """Action numbers of the legal decisions (empty at a chance point or the end)."""
        return self.core.legal()

    def legal_moves(self) -> list[str]:
        """The legal decisions in canonical notation.

        Empty at a chance point (manual chance: play a chance event, for example
        one from :meth:`sample_chance`) and once the game is over.
        """
        fmt = self.action_to_move
        return [fmt(a) for a in self.legal_actions()]

    def parse(self, text: str) -> Move:
        """The move written ``text`` as a :class:`~ludoteca.move.Move`, in canonical
        form (a decision or, at a chance point, a chance event); ``IllegalMove`` when
        it is not a move of this game. Whether it is allowed now is :meth:`play`'s
        question.

        >>> import ludoteca
        >>> game = ludoteca.new_game("texas42", seed=1)
        >>> move = game.parse("BID 42")
        >>> move.kind, move.numbers, str(move)
        ('bid', (42,), 'bid 42')
        """
        if isinstance(text, Move):
            if self._current() == CHANCE:
                return text
            return self.notation.value(self.move_to_action(text))
        if not isinstance(text, str):
            raise IllegalMove(
                f"a move is written as text, not {type(text).__name__}", code="not_text"
            )
        if self._current() == CHANCE:
            written = " ".join(text.split())
            action = self.notation.reads.get(written.lower())
            return self._chance_value(written) if action is None else self.notation.value(action)
        return self.notation.value(self.move_to_action(text))

    def move_to_action(self, move: str | Move) -> int:
        """The action number of a decision written in notation (or a :class:`Move`,
        found by its fields)."""
        if not isinstance(move, (str, Move)):
            raise IllegalMove(
                f"a move is written as text, not {type(move).__name__}", code="not_text"
            )
        try:
            return self._parse(move)
        except IllegalMove:
            raise
        except ValueError as e:
            written = str(move)
            raise IllegalMove(
                f"{self._who(self._current())} tried {written!r}, which is not a move of "
                f"{self.title}: {e}",
                seat=self._current(),
                move=written,
                reason=str(e),
                code="not_a_move",
            ) from None

    def play(self, move: str | Move) -> None:
        """Apply a move written in notation (or a :class:`~ludoteca.move.Move`);
        ``IllegalMove`` if it is not allowed now.

        On a refusal the game is left exactly as it was.
        """
        cur = self._current()
        if isinstance(move, Move):
            if cur is not None and cur != CHANCE:
                self._play_action(self.move_to_action(move), move.text)
                return
            move = move.text
        elif not isinstance(move, str):
            raise IllegalMove(
                f"a move is written as text, not {type(move).__name__}", code="not_text"
            )
        if cur is None:
            raise IllegalMove(
                f"{move!r} was tried, but the game is over",
                seat=None,
                move=move,
                reason="the game is over",
                code="game_over",
            )
        if cur == CHANCE:
            if self._chance_parts or move.startswith(PART_WORDS):
                self.apply_chance_outcome(self._parse_chance_part(move))
                return
            try:
                text = self._apply_chance(move)
            except IllegalMove:
                self._emitted.clear()
                raise
            self._push(text, CHANCE)
            self._advance()
            return
        self._play_action(self.move_to_action(move), move)

    def apply_action(self, action: int) -> None:
        """Apply a decision by action number; ``IllegalMove`` if it is not allowed now."""
        if type(action) is not int:
            raise TypeError(
                f"an action is a whole number (see legal_actions()), not {type(action).__name__}"
            )
        cur = self._current()
        if cur is None or cur == CHANCE:
            raise IllegalMove(
                f"action {action} was tried, but no decision is due "
                f"({'the game is over' if cur is None else 'a chance event is due'})",
                seat=cur,
                reason="no decision is due",
                code="game_over" if cur is None else "chance_due",
            )
        self._play_action(action, None)

    @property
    def fast(self) -> FastPath:
        """The fast members, for search, simulation and learning loops: action
        numbers, no checks (:class:`~ludoteca.fastpath.FastPath`). A small view of
        this game, made when asked for (the game keeps none: a reference to it
        would be a cycle the collector must find): take ``apply = game.fast.apply``
        once for a loop."""
        return FastPath(self)

    @property
    def apply_action_unchecked(self) -> Callable[[int], None]:
        """Deprecated: ``game.fast.apply`` (:meth:`ludoteca.fastpath.FastPath.apply`)."""
        deprecated("apply_action_unchecked", "apply")
        return self.fast.apply

    def _play_action(self, action: int, written: str | None) -> None:
        cur = self._current()
        if action not in self.core.legal():
            try:
                text = self.action_to_move(action)
            except (ValueError, IndexError):
                text = f"action {action}"
            reason = self._why_illegal(action)
            code, params = self._refusal(action)
            raise IllegalMove(
                f"{self._who(cur)} tried {written or text!r}, which is not allowed: {reason}",
                seat=cur,
                move=written or text,
                reason=reason,
                code=code,
                params=params,
            )
        self.core.apply(action)
        self._push(action, cur)  # type: ignore[arg-type]
        self._advance()

    def _chance_number(self) -> int:
        """The number the chance event due now at this move index is drawn with."""
        return self._chance.number(len(self._history))

    def _advance(self) -> None:
        if self._chance_mode != "auto":
            return
        while self._current() == CHANCE:
            self._push(self._auto_chance(self._chance.number(len(self._history))), CHANCE)

    def sample_chance(self, rng: random.Random | None = None) -> str:
        """A chance event that may be played now, drawn uniformly with ``rng`` (by
        default as the game would draw it itself)."""
        if self._current() != CHANCE:
            raise IllegalMove(
                "no chance event is due now", seat=self._current(), code="no_chance_due"
            )
        number = rng.getrandbits(NUMBER_BITS) if rng is not None else self._chance_number()
        return self._sample_chance(number)

    def _who(self, seat: ToMove) -> str:
        if seat is None:
            return "nobody (the game is over)"
        if seat == CHANCE:
            return "chance"
        return f"seat {seat} ({self._names[seat]})"

    def copy(self) -> Game:
        """An independent copy: same state, history, options and seed (so the same
        chance events to come)."""
        new = self.__class__.__new__(self.__class__)
        state = new.__dict__
        state.update(self.__dict__)
        state["_history"] = self._history[:]
        state["_actors"] = self._actors[:]
        emitted: list[Emitted] = []
        state["_emitted"] = emitted
        state["core"] = core = self.core.clone()
        core.sink = emitted
        return new

    def __getstate__(self) -> dict[str, Any]:
        """The state to pickle (and deep-copy): everything but the tensor encoder,
        which may be compiled code; it is made again when next asked for.

        >>> import ludoteca, pickle
        >>> game = ludoteca.new_game("bingo", seed=3)
        >>> vector = game.observation_tensor(0)
        >>> again = pickle.loads(pickle.dumps(game))
        >>> again.moves == game.moves, again.observation_tensor(0) == vector
        (True, True)
        """
        state = self.__dict__.copy()
        state.pop("_tensors", None)
        state.pop("_notation", None)
        state.pop("_chance_due", None)
        state["_events"] = self._events_by_move()  # flat: a long chain would nest deeply
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        events: EventLog = None
        for index, found in state["_events"]:
            events = (index, found, events)
        self.__dict__.update(state)
        self._events = events

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """:meth:`copy`, which copies all of the game (and is faster)."""
        return self.copy()

    def view(self, seat: Seat | None = None, *, log_from: int = 0) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-serialisable data (``None``: a spectator).

        Never another seat's hidden tiles, never the order of a stock. With
        ``log_from``, ``log``, ``log_seats`` and ``events`` hold only the moves
        from that index on (for a client that has the earlier ones: a view then
        costs the same however long the game; the rest of it is whole).

        >>> import ludoteca
        >>> game = ludoteca.new_game("texas42", seed=1)
        >>> whole, tail = game.view(0), game.view(0, log_from=1)
        >>> tail["log"] == whole["log"][1:], tail["hand"] == whole["hand"]
        (True, True)
        """
        if seat is not None and not (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.num_seats
        ):
            raise ValueError(
                f"{seat!r} is not a seat of this game: seats are 0 to {self.num_seats - 1}, "
                "or None for a spectator"
            )
        history = self._history
        if not (
            isinstance(log_from, int)
            and not isinstance(log_from, bool)
            and 0 <= log_from <= len(history)
        ):
            raise ValueError(
                f"log_from={log_from!r} is not a move index of this game: "
                f"a whole number from 0 to {len(history)}"
            )
        cur = self._current()
        fmt = self.action_to_move
        redact = self._redact
        common: ViewBase = {
            "game": self.name,
            "seat": seat,
            "names": list(self._names),
            "to_move": cur,
            "over": cur is None,
            "legal_moves": self.legal_moves() if seat is not None and cur == seat else [],
            "log": [
                redact(e, seat) if isinstance(e, str) else fmt(e)
                for e in (history[log_from:] if log_from else history)
            ],
            "log_seats": self._actors[log_from:],
            "events": [
                {"n": i, **e.seen_by(seat).to_json()}
                for i, evs in self._events_by_move(log_from)
                for e in evs
            ],
        }
        out = cast("dict[str, Any]", common)
        out.update(self._view(seat))
        return out

    def _check_seat(self, seat: Any) -> None:
        """``ValueError`` unless ``seat`` is one of this game's seats (a whole number)."""
        whole = hasattr(seat, "__index__") and not isinstance(seat, bool)
        n = self._seat_count()
        if not (whole and 0 <= seat < n):
            seats = "0 and 1" if n == 2 else f"0 to {n - 1}"
            raise ValueError(f"{seat!r} is not a seat of this game: seats are {seats}")

    def outcome(self) -> Outcome:
        """The result as a typed value: the winning side, each side's score in the
        game's unit, and a summary of each hand (final once :attr:`is_over`).

        >>> import ludoteca
        >>> o = ludoteca.new_game("bingo", seed=1).outcome()
        >>> o.over, o.winner, o.scores, o.unit
        (False, None, (0, 0), 'sets')
        """
        r = self.result()
        hands = r.get("hands", [])
        return Outcome(
            over=bool(r["over"]),
            winner=r["winner"],
            sides=tuple(tuple(side) for side in r["sides"]),
            scores=tuple(r["scores"]),
            unit=self.type.score_unit,
            hands=tuple(hands) if isinstance(hands, list) else (),
        )

    def side_scores(self) -> list[int]:
        """Deprecated: ``game.fast.side_scores()``."""
        deprecated("side_scores", "side_scores()")
        return self.fast.side_scores()

    def winning_side(self) -> int | None:
        """Deprecated: ``game.fast.winning_side()``."""
        deprecated("winning_side", "winning_side()")
        return self.fast.winning_side()

    @property
    def hands_scored(self) -> int:
        """Deprecated: ``game.fast.hands_scored``."""
        deprecated("hands_scored", "hands_scored")
        return self.fast.hands_scored

    def record(
        self, *, players: Sequence[str] | None = None, seats: Sequence[str] | None = None
    ) -> dict[str, Any]:
        """The game as a ``ludoteca/1`` record (JSON-serialisable).

        Its header says who played: ``players``, a name per seat (by default
        :attr:`names`), and, when given, ``seats``: who sat in each seat,
        ``"human"`` or a bot level (``"expert"``, ``"greedy"``, ``"random"``…).

        >>> import ludoteca
        >>> game = ludoteca.new_game("bingo", seed=1)
        >>> header = game.record(players=["Ana", "Robô"], seats=["human", "expert"])
        >>> header["players"], header["seats"]
        (['Ana', 'Robô'], ['human', 'expert'])
        """
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.name,
            "options": dict(self.options),
            "players": list(self._names),
        }
        n = self._seat_count()
        for key, given in (("players", players), ("seats", seats)):
            if given is None:
                continue
            if isinstance(given, str) or not isinstance(given, Sequence):
                raise TypeError(f"{key} is a list, one a seat, not {type(given).__name__}")
            values = [str(x) for x in given]
            if len(values) != n:
                raise InvalidOption(
                    f"{self.title} with these options has {n} seats, but {len(values)} "
                    f"{key} were given"
                )
            out[key] = values
        out["moves"] = self.moves
        return out

    def __repr__(self) -> str:
        cur = self._current()
        state = (
            "over" if cur is None else ("chance due" if cur == CHANCE else f"seat {cur} to move")
        )
        return f"<{type(self).__name__} {state}, {len(self._history)} moves>"


def require_game(value: Any, where: str) -> Game:
    """``value`` if it is a game; ``TypeError`` saying what ``where`` takes otherwise."""
    if not isinstance(value, Game):
        raise TypeError(
            f"{where} takes a ludoteca game (ludoteca.new_game(...)), not {type(value).__name__}"
        )
    return value
