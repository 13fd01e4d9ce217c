"""Chance events as structures: tiles drawn into parts (:class:`TileDraw`) or dice
(:class:`DiceRoll`), and a chance event played one part at a time with each part's exact
probability, as OpenSpiel's chance nodes list them (:class:`ChanceSteps`, a part of
:class:`ludoteca.Game`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .errors import IllegalMove
from .tiles import TILE_TEXT, tile_index
from .turns import CHANCE, Actor, ToMove

if TYPE_CHECKING:
    from fractions import Fraction

    from .events import Emitted

__all__ = ["ChanceEvent", "ChanceOutcome", "ChanceSteps", "DiceRoll", "TileDraw"]

ALL_TILES_MASK = (1 << 28) - 1

PART_WORDS = ("tile ", "die ", "Tile ", "Die ")
"""How a part of a chance event begins (``tile 6-4``, ``die 3``)."""


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


class ChanceSteps:
    """The chance event due, and playing it one part (a tile, a die) at a time."""

    _history: list[int | str]
    _emitted: list[Emitted]
    _chance_parts: tuple[int, ...] = ()
    """The parts played so far of a chance event played part by part."""
    _chance_due: tuple[int, ChanceEvent] | None = None
    """The structure of the chance event due, with the history length it was read at."""

    if TYPE_CHECKING:

        def _current(self) -> ToMove: ...

        def _chance_event(self) -> ChanceEvent: ...

        def _apply_chance(self, move: str) -> str: ...

        def _push(self, entry: int | str, actor: Actor) -> None: ...

        def _advance(self) -> None: ...

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
        return [part_text(i, dice) for i in self._chance_parts]

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
        from fractions import Fraction  # here: playing a game needs no fractions

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
            what = part_text(code, isinstance(event, DiceRoll)) if type(code) is int else code
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
        try:
            text = self._apply_chance(_compose_event(event, parts))
        except IllegalMove:
            self._emitted.clear()
            raise
        self._chance_parts = ()
        self._push(text, CHANCE)
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


def part_text(index: int, dice: bool) -> str:
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
