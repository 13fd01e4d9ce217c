"""The one Game API that every game of Ludoteca implements.

A game is driven by moves written in the game's notation (``game.play("bid 30")``)
or, on the fast path, by action numbers from a fixed per-game action space
(``game.apply_action(a)``); the two map one to one through
:meth:`Game.action_to_move` and :meth:`Game.move_to_action`.

Randomness enters only through chance events (a deal, a draw, a roll of the
dice), which are moves like any other. With ``chance="auto"`` the game draws
them itself from a generator seeded with ``seed``; with ``chance="manual"``
:attr:`Game.to_move` is ``"chance"`` whenever one is due and the caller plays it
(``game.play("deal …")``). Either way every chance event lands in the record,
so every game replays exactly.

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
import json
import math
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple, TypeVar, overload

from .errors import IllegalMove, InvalidOption, TensorNotAvailable
from .options import OptionSpec, validate_options
from .tiles import TILE_TEXT, tile_index

if TYPE_CHECKING:
    from .tensor import TensorEncoder

__all__ = [
    "RECORD_FORMAT",
    "ChanceEvent",
    "ChanceMode",
    "ChanceOutcome",
    "DiceRoll",
    "Game",
    "Seat",
    "TileDraw",
    "ToMove",
]

RECORD_FORMAT = "ludoteca/1"

Seat = int
ToMove = int | Literal["chance"] | None
ChanceMode = Literal["auto", "manual"]
CHANCE: Literal["chance"] = "chance"
Buffer = TypeVar("Buffer")
"""A writable buffer of float32 entries: a ``bytearray``, a numpy array, a memoryview …"""


ALL_TILES_MASK = (1 << 28) - 1


@dataclass(frozen=True)
class TileDraw:
    """A chance event of tiles drawn without replacement from ``pool`` (a mask of
    tile indices) into parts of ``groups[i]`` tiles each, in order.

    A part whose order counts (``ordered``: a stock, drawn first first) takes
    its tiles one by one, each uniform among the tiles left. A part whose order
    does not (a hand) takes them highest index first, so that every hand is
    reached by one sequence of outcomes only, each with its exact conditional
    probability. The whole event is written ``prefix`` then the parts, each as
    its ``labels[i]`` and its tiles (a hand high first), joined by ``separator``.
    """

    prefix: str
    groups: tuple[int, ...]
    ordered: tuple[bool, ...]
    labels: tuple[str, ...]
    separator: str = " | "
    pool: int = ALL_TILES_MASK


@dataclass(frozen=True)
class DiceRoll:
    """A chance event of ``dice`` fair dice of ``sides`` faces, in the order
    rolled, written ``prefix`` then the faces (``roll 6 5 2 1``)."""

    prefix: str
    dice: int
    sides: int = 6


ChanceEvent = TileDraw | DiceRoll
"""The structure of a chance event, as a game reports it (see :meth:`Game._chance_event`)."""


class ChanceOutcome(NamedTuple):
    """One outcome of the next part of a chance event: how it is played, its exact
    probability, and its number among the event's parts (the tile index, or the
    face minus one), as OpenSpiel numbers chance actions."""

    move: str
    probability: Fraction
    code: int


class Game(abc.ABC):
    """A game in progress: the state, its history, and the moves allowed now.

    Engines subclass this and provide the hooks marked abstract; everything a
    caller uses is defined here, the same for every game.
    """

    name: ClassVar[str]
    """The registry name: ``texas42``, ``fiveup``, ``bingo`` or ``cavaleiro``."""
    title: ClassVar[str]
    """The name for people."""
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {}

    options: dict[str, Any]
    names: list[str]
    seed: int
    chance_mode: ChanceMode
    _rng: random.Random
    _history: list[int | str]
    _tensors: TensorEncoder[Any] | None = None
    """The game's encoder once asked for (see :meth:`_tensor_encoder`)."""
    _chance_parts: tuple[int, ...] = ()
    """The parts played so far of a chance event played part by part."""
    _chance_due: tuple[int, ChanceEvent] | None = None
    """The structure of the chance event due, with the history length it was read at."""

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
        n = self._seat_count()
        if names is None:
            self.names = [f"Player {i + 1}" for i in range(n)]
        else:
            self.names = [str(x) for x in names]
            if len(self.names) != n:
                raise InvalidOption(
                    f"{self.name} with these options has {n} seats, "
                    f"but {len(self.names)} player names were given"
                )
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise InvalidOption(f"seed must be a whole number or None, not {seed!r}")
        self.seed = secrets.randbits(63) if seed is None else seed
        self.chance_mode = chance
        self._rng = random.Random(self.seed)
        self._history = []
        self._setup()
        self._advance()

    # ------------------------------------------------------------------ hooks

    def _validate_options(self) -> None:
        """Check combinations of options; raise ``InvalidOption``."""

    @abc.abstractmethod
    def _seat_count(self) -> int:
        """How many seats the game has with its options."""

    @abc.abstractmethod
    def _setup(self) -> None:
        """Set up the engine state before the first chance event."""

    @abc.abstractmethod
    def _current(self) -> ToMove:
        """Who acts now at the engine level: a seat, ``"chance"`` or ``None``."""

    @abc.abstractmethod
    def _legal_actions(self) -> list[int]:
        """Action numbers allowed now (a decision is due)."""

    @abc.abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action; no checks."""

    @abc.abstractmethod
    def _apply_chance(self, text: str) -> str:
        """Check and apply a chance event; return its canonical text.

        Raise ``IllegalMove`` (leaving the state unchanged) if it is not the
        chance event due now or does not fit what is left.
        """

    @abc.abstractmethod
    def _sample_chance(self, rng: random.Random) -> str:
        """A chance event due now, drawn uniformly with ``rng``."""

    def _auto_chance(self, rng: random.Random) -> str:
        """Draw and apply the chance event due now; return its canonical text.

        Engines may override this to skip writing and re-reading the event.
        """
        return self._apply_chance(self._sample_chance(rng))

    def _chance_event(self) -> ChanceEvent:
        """The structure of the chance event due now (a :class:`TileDraw` or a
        :class:`DiceRoll`), for :meth:`chance_outcomes`."""
        raise NotImplementedError(f"{self.title} cannot list its chance outcomes")

    def _tensor_encoder(self) -> TensorEncoder[Any] | None:
        """The encoder of this game's vectors (a :class:`ludoteca.tensor.TensorEncoder`),
        or ``None`` when the game has none."""
        return None

    @abc.abstractmethod
    def _parse(self, move: str) -> int:
        """The action written ``move``; ``ValueError`` saying what moves look like."""

    @abc.abstractmethod
    def _why_illegal(self, action: int) -> str:
        """Why ``action`` is not allowed now, in words."""

    @abc.abstractmethod
    def _view(self, seat: Seat | None) -> dict[str, Any]:
        """The game-specific part of :meth:`view`."""

    @abc.abstractmethod
    def _redact(self, entry: str, seat: Seat | None) -> str:
        """A chance event as ``seat`` may see it (hidden tiles as ``?``)."""

    @abc.abstractmethod
    def _copy_into(self, other: Any) -> None:
        """Copy the engine state into ``other`` (base attributes already copied)."""

    @property
    @abc.abstractmethod
    def num_actions(self) -> int:
        """Size of the fixed action space of decisions."""

    @abc.abstractmethod
    def action_to_move(self, action: int) -> str:
        """The canonical notation of a decision's action number."""

    @abc.abstractmethod
    def result(self) -> dict[str, Any]:
        """Scores and winner so far (final once :attr:`is_over`).

        Always holds ``over`` (bool), ``sides`` (the seats of each side),
        ``scores`` (one per side) and ``winner`` (a side index, or ``None``),
        then what the game adds.
        """

    # ---------------------------------------------------------------- the API

    @property
    def num_seats(self) -> int:
        return len(self.names)

    @property
    def to_move(self) -> ToMove:
        """The seat whose decision it is; ``"chance"`` when a chance event is due
        (manual chance only); ``None`` once the game is over."""
        return self._current()

    @property
    def is_over(self) -> bool:
        return self._current() is None

    @property
    def moves(self) -> list[str]:
        """Every move so far, chance events included, in canonical notation."""
        fmt = self.action_to_move
        return [e if isinstance(e, str) else fmt(e) for e in self._history]

    def __len__(self) -> int:
        return len(self._history)

    def legal_actions(self) -> list[int]:
        """Action numbers of the legal decisions (empty at a chance point or the end)."""
        cur = self._current()
        if cur is None or cur == CHANCE:
            return []
        return self._legal_actions()

    def legal_moves(self) -> list[str]:
        """The legal decisions in canonical notation.

        Empty at a chance point (manual chance: play a chance event, for example
        one from :meth:`sample_chance`) and once the game is over.
        """
        fmt = self.action_to_move
        return [fmt(a) for a in self.legal_actions()]

    def move_to_action(self, move: str) -> int:
        """The action number of a decision written in notation."""
        try:
            return self._parse(move)
        except IllegalMove:
            raise
        except ValueError as e:
            raise IllegalMove(
                f"{self._who(self._current())} tried {move!r}, which is not a move of "
                f"{self.title}: {e}",
                seat=self._current(),
                move=move,
                reason=str(e),
            ) from None

    def play(self, move: str) -> None:
        """Apply a move written in notation; ``IllegalMove`` if it is not allowed now.

        On a refusal the game is left exactly as it was.
        """
        if not isinstance(move, str):
            raise IllegalMove(f"a move is written as text, not {type(move).__name__}")
        cur = self._current()
        if cur is None:
            raise IllegalMove(
                f"{move!r} was tried, but the game is over",
                seat=None,
                move=move,
                reason="the game is over",
            )
        if cur == CHANCE:
            if self._chance_parts or move.startswith(_PART_WORDS):
                self.apply_chance_outcome(self._parse_chance_part(move))
                return
            text = self._apply_chance(move)
            self._history.append(text)
            self._advance()
            return
        self._play_action(self.move_to_action(move), move)

    def apply_action(self, action: int) -> None:
        """Apply a decision by action number; ``IllegalMove`` if it is not allowed now."""
        cur = self._current()
        if cur is None or cur == CHANCE:
            raise IllegalMove(
                f"action {action} was tried, but no decision is due "
                f"({'the game is over' if cur is None else 'a chance event is due'})",
                seat=cur,
                reason="no decision is due",
            )
        self._play_action(action, None)

    def apply_action_unchecked(self, action: int) -> None:
        """Apply a decision taken from :meth:`legal_actions` without checking it.

        The fast path for search and simulation; an action that is not legal
        now leaves the game in an undefined state.
        """
        self._apply(action)
        self._history.append(action)
        if self.chance_mode == "auto":
            self._advance()

    def _play_action(self, action: int, written: str | None) -> None:
        if action not in self._legal_actions():
            cur = self._current()
            try:
                text = self.action_to_move(action)
            except (ValueError, IndexError):
                text = f"action {action}"
            reason = self._why_illegal(action)
            raise IllegalMove(
                f"{self._who(cur)} tried {written or text!r}, which is not allowed: {reason}",
                seat=cur,
                move=written or text,
                reason=reason,
            )
        self._apply(action)
        self._history.append(action)
        self._advance()

    def _advance(self) -> None:
        if self.chance_mode != "auto":
            return
        while self._current() == CHANCE:
            self._history.append(self._auto_chance(self._rng))

    def sample_chance(self, rng: random.Random | None = None) -> str:
        """A chance event that may be played now, drawn uniformly (``rng`` or the game's own)."""
        if self._current() != CHANCE:
            raise IllegalMove("no chance event is due now", seat=self._current())
        return self._sample_chance(rng if rng is not None else self._rng)

    # ---------------------------------------------------- chance, part by part

    def chance_event(self) -> ChanceEvent:
        """The structure of the chance event due now: tiles drawn without
        replacement into parts (:class:`TileDraw`), or dice (:class:`DiceRoll`).

        >>> import ludoteca
        >>> ludoteca.new_game("cavaleiro", chance="manual").chance_event()
        DiceRoll(prefix='roll ', dice=4, sides=6)
        """
        if self._current() != CHANCE:
            raise IllegalMove("no chance event is due now", seat=self._current())
        key = len(self._history)
        due = self._chance_due
        if due is None or due[0] != key:
            due = self._chance_due = (key, self._chance_event())
        return due[1]

    @property
    def chance_parts(self) -> list[str]:
        """The parts of the chance event under way played so far (``["tile 6-6", …]``);
        empty when none is under way."""
        if not self._chance_parts:
            return []
        dice = isinstance(self.chance_event(), DiceRoll)
        return [_part_text(i, dice) for i in self._chance_parts]

    def chance_outcomes(self) -> list[ChanceOutcome]:
        """The outcomes of the next part of the chance event due now, each with its
        exact probability (they add up to 1): one tile or one die at a time, as
        OpenSpiel's chance nodes list them. ``play`` accepts each ``move``; once the
        last part is played the game plays the whole event, written as usual.

        Manual chance only (with ``chance="auto"`` no chance event is ever due).

        >>> import ludoteca
        >>> game = ludoteca.new_game("cavaleiro", chance="manual")
        >>> outcomes = game.chance_outcomes()
        >>> [o.move for o in outcomes], sum(o.probability for o in outcomes)
        (['die 1', 'die 2', 'die 3', 'die 4', 'die 5', 'die 6'], Fraction(1, 1))
        >>> for die in ("die 6", "die 6", "die 2", "die 1"):
        ...     game.play(die)
        >>> game.moves
        ['roll 6 6 2 1']
        """
        event = self.chance_event()
        parts = self._chance_parts
        if isinstance(event, DiceRoll):
            p = Fraction(1, event.sides)
            return [ChanceOutcome(f"die {f + 1}", p, f) for f in range(event.sides)]
        tiles, weights, total = _next_tiles(event, parts)
        return [
            ChanceOutcome("tile " + TILE_TEXT[t], Fraction(w, total), t)
            for t, w in zip(tiles, weights, strict=True)
        ]

    def chance_probabilities(self) -> list[tuple[int, float]]:
        """The next part's outcomes as ``(code, probability)`` pairs with float
        probabilities, as OpenSpiel's ``chance_outcomes`` gives them: the fast twin
        of :meth:`chance_outcomes`.

        >>> import ludoteca
        >>> ludoteca.new_game("cavaleiro", chance="manual").chance_probabilities()[0]
        (0, 0.16666666666666666)
        """
        event = self.chance_event()
        if isinstance(event, DiceRoll):
            p = 1.0 / event.sides
            return [(f, p) for f in range(event.sides)]
        tiles, weights, total = _next_tiles(event, self._chance_parts)
        return [(t, w / total) for t, w in zip(tiles, weights, strict=True)]

    def apply_chance_outcome(self, code: int) -> None:
        """Play the next part of the chance event due by its number
        (:attr:`ChanceOutcome.code`); ``IllegalMove`` if it is not one of
        :meth:`chance_outcomes`. The fast twin of ``play(outcome.move)``."""
        event = self.chance_event()
        parts = self._chance_parts
        if isinstance(event, DiceRoll):
            ok = type(code) is int and 0 <= code < event.sides
        else:
            ok = type(code) is int and code in _next_tiles(event, parts)[0]
        if not ok:
            allowed = ", ".join(o.move for o in self.chance_outcomes())
            what = _part_text(code, isinstance(event, DiceRoll)) if type(code) is int else code
            reason = f"the next part of this chance event is one of: {allowed}"
            raise IllegalMove(
                f"chance outcome {what!r} is not allowed: {reason}",
                seat=CHANCE,
                move=str(what),
                reason=reason,
            )
        parts = (*parts, code)
        size = event.dice if isinstance(event, DiceRoll) else sum(event.groups)
        if len(parts) < size:
            self._chance_parts = parts
            return
        text = self._apply_chance(_compose_event(event, parts))
        self._chance_parts = ()
        self._history.append(text)
        self._advance()

    def _parse_chance_part(self, move: str) -> int:
        dice = isinstance(self.chance_event(), DiceRoll)
        word, _, rest = " ".join(move.lower().split()).partition(" ")
        try:
            if dice and word == "die" and rest.isdigit():
                return int(rest) - 1
            if not dice and word == "tile":
                return tile_index(rest)
        except ValueError:
            pass
        form = "die N (a face from 1 to 6)" if dice else "tile 6-4"
        if self._chance_parts:
            reason = f"the chance event under way goes on one part at a time: {form}"
        else:
            reason = f"a part of this chance event is written {form}"
        raise IllegalMove(
            f"chance event {move!r} is not allowed: {reason}", seat=CHANCE, move=move, reason=reason
        )

    def _who(self, seat: ToMove) -> str:
        if seat is None:
            return "nobody (the game is over)"
        if seat == CHANCE:
            return "chance"
        return f"seat {seat} ({self.names[seat]})"

    def copy(self) -> Game:
        """An independent copy: same state, history, options and generator state."""
        new = self.__class__.__new__(self.__class__)
        new.options = self.options
        new.names = list(self.names)
        new.seed = self.seed
        new.chance_mode = self.chance_mode
        # (a Random made without seeding it from the system: setstate sets all of it)
        new._rng = random.Random.__new__(random.Random)
        new._rng.setstate(self._rng.getstate())
        new._history = list(self._history)
        if self._chance_parts:
            new._chance_parts = self._chance_parts
        self._copy_into(new)
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
        state.pop("_chance_due", None)
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """:meth:`copy`, which copies all of the game (and is faster)."""
        return self.copy()

    def view(self, seat: Seat | None = None) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-serialisable data (``None``: a spectator).

        Never another seat's hidden tiles, never the order of a stock.
        """
        if seat is not None and not (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.num_seats
        ):
            raise ValueError(
                f"{seat!r} is not a seat of this game: seats are 0 to {self.num_seats - 1}, "
                "or None for a spectator"
            )
        cur = self._current()
        fmt = self.action_to_move
        out: dict[str, Any] = {
            "game": self.name,
            "seat": seat,
            "names": list(self.names),
            "to_move": cur,
            "over": cur is None,
            "legal_moves": self.legal_moves() if seat is not None and cur == seat else [],
            "log": [self._redact(e, seat) if isinstance(e, str) else fmt(e) for e in self._history],
        }
        out.update(self._view(seat))
        return out

    # ------------------------------------------------------------ strings

    def information_state_string(self, seat: Seat) -> str:
        """Everything ``seat`` knows, perfect recall included, as readable text:
        equal exactly when the seat's :meth:`view` is (the names and the list of
        legal moves aside: the names are not part of the game, and the legal moves
        follow from the rest). For tabular methods and OpenSpiel.

        One line per field of the view, ``field: value`` (JSON), the seat first
        and the redacted log last; fields that are the same in every position of
        a game with these options (its options, its sides, a figure's drawing)
        are left out.

        >>> import ludoteca
        >>> game = ludoteca.new_game("bingo", seed=1)
        >>> print(game.information_state_string(0).splitlines()[0])
        seat: 0
        >>> game.information_state_string(0) == game.copy().information_state_string(0)
        True
        """
        return _render_view(self.view(seat), with_log=True)

    def observation_string(self, seat: Seat) -> str:
        """What ``seat`` sees of the present, as :meth:`information_state_string`
        but without the log of every move (what the view sums up stays: the tricks
        and hands played, the scores).

        >>> import ludoteca
        >>> game = ludoteca.new_game("cavaleiro", seed=1)
        >>> "log:" in game.observation_string(1), "log:" in game.information_state_string(1)
        (False, True)
        """
        return _render_view(self.view(seat), with_log=False)

    # ------------------------------------------------------------ tensors

    def _encoder(self) -> TensorEncoder[Any]:
        encoder = self._tensors
        if encoder is None:
            encoder = self._tensor_encoder()
            if encoder is None:
                raise TensorNotAvailable(
                    f"{self.title} has no observation or information state tensors"
                )
            self._tensors = encoder
        return encoder

    @property
    def observation_tensor_size(self) -> int:
        """How many float32 entries :meth:`observation_tensor` writes.

        >>> import ludoteca
        >>> ludoteca.new_game("bingo", seed=1).observation_tensor_size
        300
        """
        return self._encoder().observation_size

    @property
    def information_state_tensor_size(self) -> int:
        """How many float32 entries :meth:`information_state_tensor` writes."""
        return self._encoder().info_state_size

    @overload
    def observation_tensor(self, seat: Seat) -> bytearray: ...
    @overload
    def observation_tensor(self, seat: Seat, out: Buffer) -> Buffer: ...
    def observation_tensor(self, seat: Seat, out: Any = None) -> Any:
        """What ``seat`` may know of the present, as :attr:`observation_tensor_size`
        float32 numbers between 0 and 1 (the layout is in the game's documentation).

        Returns a new ``bytearray`` of little-endian float32 entries, or, given
        ``out`` (any writable buffer of exactly that many float32 entries, such as
        a numpy ``float32`` array), writes all of it there and returns ``out``.
        It encodes exactly what :meth:`view` shows ``seat``, nothing hidden.
        ``TensorNotAvailable`` (a ``NotImplementedError``) for a game without
        vectors.

        >>> import ludoteca, struct
        >>> game = ludoteca.new_game("bingo", seed=1)
        >>> vector = game.observation_tensor(0)
        >>> len(vector) == 4 * game.observation_tensor_size
        True
        >>> values = struct.unpack(f"<{game.observation_tensor_size}f", vector)
        >>> min(values), max(values)
        (0.0, 1.0)
        >>> out = bytearray(len(vector))
        >>> game.observation_tensor(0, out) == vector
        True
        """
        encoder = self._tensors or self._encoder()
        return encoder.observation(self, seat, out)

    @overload
    def information_state_tensor(self, seat: Seat) -> bytearray: ...
    @overload
    def information_state_tensor(self, seat: Seat, out: Buffer) -> Buffer: ...
    def information_state_tensor(self, seat: Seat, out: Any = None) -> Any:
        """Everything ``seat`` has seen of the current hand, in order (perfect
        recall), with the match score, as :attr:`information_state_tensor_size`
        float32 numbers; returned and written as :meth:`observation_tensor` does.

        >>> import ludoteca
        >>> game = ludoteca.new_game("texas42", seed=1)
        >>> game.information_state_tensor_size, len(game.information_state_tensor(2)) // 4
        (1156, 1156)
        """
        encoder = self._tensors or self._encoder()
        return encoder.info_state(self, seat, out)

    def tensor_writer(self, *, information_state: bool = False) -> Callable[..., Any]:
        """A function ``write(game, seat, out=None)`` doing what
        :meth:`observation_tensor` (or, with ``information_state``,
        :meth:`information_state_tensor`) does, for any game of this kind and
        options: one call less per vector, for loops that encode many positions
        (the learning environments). It may be compiled code; ``game`` must be a
        game of the same kind and options.

        >>> import ludoteca
        >>> game = ludoteca.new_game("cavaleiro", seed=4)
        >>> write = game.tensor_writer()
        >>> write(game, 1) == game.observation_tensor(1)
        True
        """
        encoder = self._encoder()
        write: Callable[..., Any] = encoder.info_state if information_state else encoder.observation
        return write

    def tensor_from_view(
        self, view: Mapping[str, Any], *, information_state: bool = False
    ) -> bytearray:
        """The vector of :meth:`observation_tensor` (or, with ``information_state``,
        :meth:`information_state_tensor`) written from a seat's :meth:`view` alone,
        for a game of this kind and options: what a bot that sees only the view can
        give a learned policy. The same numbers as the game's own methods.

        >>> import ludoteca
        >>> game = ludoteca.new_game("fiveup", seed=2)
        >>> game.tensor_from_view(game.view(1)) == game.observation_tensor(1)
        True
        """
        encoder = self._encoder()
        if view.get("game") != self.name or not isinstance(view.get("seat"), int):
            raise ValueError(f"not the view of a seat of {self.title}")
        return encoder.vector(encoder.public_from_view(dict(view)), information_state)

    def side_scores(self) -> list[int]:
        """The score of each side now, as ``result()["scores"]`` but cheaper (for
        rewards after every move).

        >>> import ludoteca
        >>> ludoteca.new_game("texas42", seed=1).side_scores()
        [0, 0]
        """
        return list(self.result()["scores"])

    def winning_side(self) -> int | None:
        """The winning side of a finished game (``result()["winner"]``) cheaply;
        ``None`` while the game goes on or when no side won.

        >>> import ludoteca
        >>> ludoteca.new_game("bingo", seed=1).winning_side() is None
        True
        """
        winner: int | None = self.result()["winner"]
        return winner

    @property
    def hands_scored(self) -> int:
        """How many hands (deals, rounds) have ended and been scored so far.

        >>> import ludoteca
        >>> ludoteca.new_game("cavaleiro", seed=1).hands_scored
        0
        """
        hands = self.result().get("hands", [])
        return len(hands) if isinstance(hands, list) else int(hands)

    # -------------------------------------------------------------- hidden

    def sample_hidden(self, seat: Seat, rng: random.Random) -> Game:
        """A copy whose hidden information, unknown to ``seat``, is redrawn uniformly
        among the states consistent with everything ``seat`` has seen."""
        raise NotImplementedError(f"{self.title} cannot resample hidden information yet")

    def record(self) -> dict[str, Any]:
        """The game as a ``ludoteca/1`` record (JSON-serialisable)."""
        return {
            "format": RECORD_FORMAT,
            "game": self.name,
            "options": dict(self.options),
            "players": list(self.names),
            "moves": self.moves,
        }

    def __repr__(self) -> str:
        cur = self._current()
        state = (
            "over" if cur is None else ("chance due" if cur == CHANCE else f"seat {cur} to move")
        )
        return f"<{type(self).__name__} {state}, {len(self._history)} moves>"


_PART_WORDS = ("tile ", "die ", "Tile ", "Die ")


def _part_text(index: int, dice: bool) -> str:
    return (
        f"die {index + 1}"
        if dice
        else f"tile {TILE_TEXT[index]}"
        if 0 <= index < 28
        else str(index)
    )


def _next_tiles(event: TileDraw, parts: tuple[int, ...]) -> tuple[list[int], list[int], int]:
    """The tiles the next part of ``event`` may be after ``parts``, with whole-number
    weights and their total: tile ``t``'s probability given ``parts`` is its
    weight over the total.

    In a part whose order counts every tile left is equally likely. In a hand
    the tiles come highest first: the hand is a uniform subset of the tiles left
    when it began, so once its highest ``j`` are known its other ``k`` tiles are
    a uniform ``k``-subset of the tiles left below the last one, and the next
    (the highest of them) is ``t`` with probability C(i, k − 1) / C(n, k), ``i``
    the tiles left below ``t`` and ``n`` those below the last one.
    """
    done = len(parts)
    group = 0
    start = 0
    groups = event.groups
    while done - start >= groups[group]:
        start += groups[group]
        group += 1
    pool = event.pool
    for t in parts:
        pool &= ~(1 << t)
    tiles = [t for t in range(28) if pool >> t & 1]
    if event.ordered[group]:
        return tiles, [1] * len(tiles), len(tiles)
    taken = done - start
    bound = parts[-1] if taken else 28
    k = groups[group] - taken
    below = [t for t in tiles if t < bound]
    comb = math.comb
    return (
        below[k - 1 :],
        [comb(i, k - 1) for i in range(k - 1, len(below))],
        comb(len(below), k),
    )


def _compose_event(event: ChanceEvent, parts: tuple[int, ...]) -> str:
    """The whole chance event of ``parts`` in the game's notation."""
    if isinstance(event, DiceRoll):
        return event.prefix + " ".join(str(f + 1) for f in parts)
    pieces = []
    at = 0
    for size, label in zip(event.groups, event.labels, strict=True):
        pieces.append(label + " ".join(TILE_TEXT[t] for t in parts[at : at + size]))
        at += size
    return event.prefix + event.separator.join(pieces)


_STATIC_VIEW_FIELDS = frozenset(
    {
        *("seat", "game", "names", "legal_moves", "log", "options", "sides", "team_of"),
        *("side_of", "scoring", "target", "target_sets", "players", "layout", "sticks"),
    }
)
"""View fields left out of the strings (or written apart): the same in every
position of a game with given options, or written first (the seat) and last (the log)."""


_JSON = json.JSONEncoder(separators=(",", ":"), sort_keys=True)


def _render_view(view: Mapping[str, Any], *, with_log: bool) -> str:
    """The canonical text of a view: ``field: JSON`` lines, sorted, the seat first."""
    lines = [f"seat: {view['seat']}"]
    encode = _JSON.encode
    for key in sorted(view):
        if key not in _STATIC_VIEW_FIELDS:
            lines.append(f"{key}: {encode(view[key])}")
    if with_log:
        lines.append("log: " + " ; ".join(view["log"]))
    return "\n".join(lines)
