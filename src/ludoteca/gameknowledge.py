"""What a seat knows of a game: its information state and observation as text, and
the game's hidden information redrawn for it (:class:`SeatKnowledge`, a part of
:class:`ludoteca.Game`)."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .turns import CHANCE, Seat

if TYPE_CHECKING:
    from .game import Game
    from .search import SearchState

__all__ = ["SeatKnowledge"]


class SeatKnowledge:
    """A game as one seat knows it: the strings of its view, and determinizations."""

    title: ClassVar[str]

    if TYPE_CHECKING:
        core: Any
        _chance_parts: tuple[int, ...]

        def view(self, seat: Seat | None = None, *, log_from: int = 0) -> dict[str, Any]: ...

        def _check_seat(self, seat: Any) -> None: ...

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

    def sample_hidden(self, seat: Seat, rng: random.Random) -> Game:
        """A copy whose hidden information, unknown to ``seat``, is redrawn uniformly
        among the states consistent with everything ``seat`` has seen.

        ``rng`` is a ``random.Random``; anything else (a NumPy generator) is refused
        with a ``TypeError``, a seat that is not one with a ``ValueError``.

        >>> import ludoteca, numpy
        >>> ludoteca.new_game("bingo", seed=1).sample_hidden(0, numpy.random.default_rng(1))
        Traceback (most recent call last):
        ...
        TypeError: sample_hidden draws with a random.Random (random.Random(seed)), not Generator
        """
        raise NotImplementedError(f"{self.title} cannot resample hidden information yet")

    def search_state(
        self, seat: Seat | None = None, rng: random.Random | None = None
    ) -> SearchState:
        """The compact state to search on (:mod:`ludoteca.search`): ``legal()``,
        ``apply()``, ``undo()``, ``clone()``, ``to_move``, ``is_terminal()``,
        ``returns()`` and ``chance_outcomes()``, in this game's action numbers.

        Without ``seat``, a copy of the whole state, every hidden tile included. With
        ``seat`` and ``rng`` (a ``random.Random``), a determinization for that seat: its
        hidden tiles drawn among those consistent with what the seat has seen
        (:meth:`sample_hidden`). ``SearchError`` (a ``ValueError``) when only one of
        the two is given.

        >>> import random, ludoteca
        >>> game = ludoteca.new_game("bingo", seed=4)
        >>> state = game.search_state(seat=game.to_move, rng=random.Random(1))
        >>> state.to_move == game.to_move, state.legal() == game.legal_actions()
        (True, True)
        >>> game.search_state(seat=0)
        Traceback (most recent call last):
        ...
        ludoteca.search.SearchError: seat 0's determinization is drawn with rng (a random.Random)
        """
        from .search import SearchError

        if seat is None:
            if rng is not None:
                raise SearchError(
                    "rng draws a determinization for a seat: give the seat too "
                    "(without one, the state is the whole game's)"
                )
            core = self.core.clone()
        elif rng is None:
            raise SearchError(
                f"seat {seat!r}'s determinization is drawn with rng (a random.Random)"
            )
        else:
            core = self.sample_hidden(seat, rng).core
        core.sink = None
        state: SearchState = core
        if self._chance_parts and state.to_move == CHANCE:
            for part in self._chance_parts:  # a roll under way, die by die
                state.apply(part)
        return state

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        method = cls.__dict__.get("sample_hidden")
        if method is not None:
            cls.sample_hidden = _checked_sample_hidden(method)  # type: ignore[method-assign]


def _checked_sample_hidden(method: Callable[..., Game]) -> Callable[..., Game]:
    """A game's ``sample_hidden``, refusing a seat or a generator it cannot use."""

    @functools.wraps(method)
    def sample_hidden(self: Game, seat: Seat, rng: random.Random) -> Game:
        if not isinstance(rng, random.Random):
            raise TypeError(
                "sample_hidden draws with a random.Random (random.Random(seed)), "
                f"not {type(rng).__name__}"
            )
        self._check_seat(seat)
        return method(self, seat, rng)

    return sample_hidden


_STATIC_VIEW_FIELDS = frozenset(
    {
        *("seat", "game", "names", "legal_moves", "log", "log_seats", "events", "options"),
        *("sides", "team_of"),
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
        lines.append(f"log_seats: {encode(view['log_seats'])}")
        lines.append(f"events: {encode(view['events'])}")
    return "\n".join(lines)
