"""A whole game rebuilt from one seat's view: what a program outside the game
needs to search as a bot does.

A seat's :meth:`~ludoteca.Game.view` holds everything the seat knows (its log,
with the tiles it never saw written ``?``), never another seat's tiles. To
search, a bot needs a complete game: :func:`game_from_view` replays the view's
log on a fresh game, choosing the hidden tiles of each deal so that every move
of the log is possible and every event reads as the seat saw it (each player
holds the tiles it plays and shows when it plays them, the seat draws the tiles
it drew, a hand ends with the tiles the game showed). The result is *one*
complete game that the seat cannot tell from the one it plays: its view and its
legal moves are the same. Its hidden tiles are a provisional choice, not a
fair draw: draw them afresh with :meth:`~ludoteca.Game.sample_hidden`, which
redraws them uniformly among every state consistent with what the seat has
seen (``SeatHandle.sample`` does).

>>> import random, ludoteca
>>> game = ludoteca.new_game("bingo", seed=4)
>>> for _ in range(9):
...     game.play(random.Random(len(game)).choice(game.legal_moves()))
>>> seat = game.to_move
>>> twin = game_from_view(game.view(seat))
>>> twin.view(seat) == game.view(seat), twin.legal_moves() == game.legal_moves()
(True, True)

:class:`ViewRebuilder` does the same for the successive views of one seat in
one game, keeping the hands already rebuilt (an engine answering decision
after decision replays only the hand under way).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import GameNotAvailable
from .game import Game, TileDraw
from .move import Move
from .registry import GAMES, new_game
from .tiles import TILE_TEXT, tile_index

__all__ = ["InvalidView", "ViewRebuilder", "game_from_view"]

MAX_REPAIRS = 400
"""Changes to one hand's provisional deal before giving up (a few suffice)."""


class InvalidView(ValueError):
    """A view that no game of the named kind and options can show: not a seat's
    view of a game, or one altered on the way."""


def game_from_view(view: Mapping[str, Any], *, rng: random.Random | None = None) -> Game:
    """A complete game whose ``view(seat)`` is ``view`` (see the module doc).

    ``view`` is a seat's whole view (``game.view(seat)``, its log from the
    first move). ``rng`` chooses among the provisional deals (a fixed one by
    default). The game draws its own chance events from then on
    (``chance="auto"``). ``InvalidView`` if no game shows this view.
    """
    return ViewRebuilder(rng=rng).rebuild(view)


@dataclass
class _Hand:
    """A hand of the log under way: where its deal is, the game before it, its deal."""

    start: int
    """The index of the hand's deal in the log."""
    before: Game
    """The game just before the deal."""
    deal_text: str
    """The deal as the seat saw it (``?`` for the parts it did not)."""
    parts: list[list[str]]
    """The provisional deal, part by part (a stock in order)."""
    pinned: set[tuple[int, int]] = field(default_factory=set)
    """Places of the deal that hold what the seat saw there (its own tiles and
    draws, a tile turned up)."""


class ViewRebuilder:
    """Rebuilds games from the successive views of one seat (see :func:`game_from_view`).

    The hands of a log that are over are rebuilt once and kept; each call
    replays only the hand under way (or everything, when the view belongs to
    another game).
    """

    def __init__(self, *, rng: random.Random | None = None) -> None:
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng is a random.Random, not {type(rng).__name__}")
        self.rng = rng if rng is not None else random.Random(0)
        self._key: tuple[Any, ...] | None = None
        self._log: list[str] = []
        self._hand: _Hand | None = None
        self._settled: Game | None = None
        """The game up to the hand under way (``None``: nothing kept)."""

    def rebuild(self, view: Mapping[str, Any]) -> Game:
        """The game of ``view`` (see :func:`game_from_view`)."""
        game_name, seat, log, actors, options = _read(view)
        key = (game_name, seat, tuple(view.get("names") or ()), repr(sorted(options.items())))
        if key != self._key or log[: len(self._log)] != self._log or self._settled is None:
            self._key = key
            self._log = []
            self._hand = None
            self._settled = _fresh(game_name, options, view.get("names"))
        game = self._settled.copy()
        start = len(self._settled) if self._hand is None else self._hand.start
        if self._hand is not None and not self._keeps_hand(log):
            self._hand = None
            start = len(self._settled)
        i = start
        hand = self._hand
        while i < len(log):
            if _redacted(log[i], actors[i]):
                end = _next_redacted(log, actors, i + 1)
                if hand is None or hand.start != i:
                    hand = self._new_hand(game, i, log[i], seat)
                game = _settle_hand(hand, view, seat, log[i:end], actors[i:end], self.rng)
                if end < len(log):  # the hand is over: keep the game after it
                    self._settled = game.copy()
                    hand = None
                i = end
            else:
                _apply(game, log[i], actors[i])
                i += 1
                if hand is None:
                    self._settled = game.copy()
        self._hand = hand
        self._log = list(log) if hand is None else list(log[: hand.start + 1])
        _check(game, view, seat)
        game.chance_mode = "auto"
        return game

    def _keeps_hand(self, log: Sequence[str]) -> bool:
        hand = self._hand
        return hand is not None and hand.start < len(log) and log[hand.start] == hand.deal_text

    def _new_hand(self, game: Game, start: int, text: str, seat: int) -> _Hand:
        parts, seen = _provisional_deal(game, text, self.rng)
        hand = _Hand(start, game.copy(), text, parts, seen)
        self._settled = game.copy()
        return hand


def _read(view: Mapping[str, Any]) -> tuple[str, int, list[str], list[Any], dict[str, Any]]:
    if not isinstance(view, Mapping):
        raise TypeError(f"a view is a dict (game.view(seat)), not {type(view).__name__}")
    try:
        game_name = view["game"]
        seat = view["seat"]
        log = view["log"]
        actors = view["log_seats"]
        options = dict(view.get("options") or {})
    except (KeyError, TypeError, ValueError):
        raise InvalidView(
            "a view holds game, seat, log, log_seats and options, as game.view(seat) gives them"
        ) from None
    if game_name not in GAMES:
        raise GameNotAvailable(
            f"there is no game called {game_name!r}; the games are: {', '.join(GAMES)}"
        )
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise InvalidView(f"a view to rebuild is a seat's view, not {seat!r}'s")
    if not (isinstance(log, list) and isinstance(actors, list) and len(log) == len(actors)):
        raise InvalidView("a view's log and log_seats are lists of the same length")
    if not all(isinstance(e, str) for e in log):
        raise InvalidView("a view's log is a list of moves in notation")
    return game_name, seat, log, actors, options


def _fresh(game_name: str, options: dict[str, Any], names: Any) -> Game:
    try:
        return new_game(game_name, seed=0, chance="manual", names=names or None, **options)
    except ValueError as e:
        raise InvalidView(f"the view's game cannot be started: {e}") from None


def _redacted(entry: str, actor: Any) -> bool:
    return actor == "chance" and "?" in entry.split()


def _next_redacted(log: Sequence[str], actors: Sequence[Any], i: int) -> int:
    while i < len(log) and not _redacted(log[i], actors[i]):
        i += 1
    return i


def _apply(game: Game, entry: str, actor: Any) -> None:
    """Play one entry of the log: a chance event as written, a decision unchecked
    (the provisional deal may break a rule the true one kept, such as following
    suit: the seat's view cannot tell)."""
    try:
        if actor == "chance":
            game.play(entry)
        else:
            if game.to_move != actor:
                raise InvalidView(f"the log has seat {actor} playing {entry!r} out of turn")
            game.fast.apply(game.move_to_action(entry))
    except InvalidView:
        raise
    except ValueError as e:
        raise InvalidView(f"the log's move {entry!r} cannot be replayed: {e}") from None


# ------------------------------------------------------------------ deals


def _structure(game: Game, text: str) -> tuple[TileDraw, list[str]]:
    event = game.chance_event() if game.to_move == "chance" else None
    if not isinstance(event, TileDraw) or not text.startswith(event.prefix):
        raise InvalidView(f"the log's {text!r} is not the deal due at that point")
    written = text[len(event.prefix) :].split(event.separator)
    if len(written) != len(event.groups):
        raise InvalidView(f"the log's {text!r} does not have {len(event.groups)} parts")
    return event, written


def _provisional_deal(
    game: Game, text: str, rng: random.Random
) -> tuple[list[list[str]], set[tuple[int, int]]]:
    """The parts of a deal, the ones the seat saw as written and the others filled
    with the tiles left in no particular order; and the places the seat saw."""
    event, written = _structure(game, text)
    parts: list[list[str] | None] = []
    seen: set[str] = set()
    for label, text_part in zip(event.labels, written, strict=True):
        words = (
            text_part[len(label) :].split() if text_part.startswith(label) else text_part.split()
        )
        if words == ["?"]:
            parts.append(None)
            continue
        parts.append(words)
        seen.update(words)
    pool = [TILE_TEXT[i] for i in range(28) if event.pool >> i & 1 and TILE_TEXT[i] not in seen]
    rng.shuffle(pool)
    out: list[list[str]] = []
    for size, given in zip(event.groups, parts, strict=True):
        if given is None:
            given, pool = pool[:size], pool[size:]
        if len(given) != size:
            raise InvalidView(f"the log's {text!r} has a part of {len(given)} tiles, not {size}")
        out.append(given)
    if pool:
        raise InvalidView(f"the log's {text!r} leaves tiles out of the deal")
    seen_places = {
        (i, j) for i, part in enumerate(parts) if part is not None for j in range(len(part))
    }
    return out, seen_places


def _deal_text(game: Game, parts: list[list[str]]) -> str:
    event = game.chance_event()
    assert isinstance(event, TileDraw)
    written = []
    for label, ordered, part in zip(event.labels, event.ordered, parts, strict=True):
        tiles = part if ordered else sorted(part, key=tile_index, reverse=True)
        written.append(label + " ".join(tiles))
    return event.prefix + event.separator.join(written)


# ------------------------------------------------------------- one hand


@dataclass(frozen=True)
class _Need:
    """``seat`` must hold ``tile`` (or, with ``absent``, must not) at move ``index``
    (before it is played; with ``after``, once it is)."""

    seat: int
    tile: str
    index: int
    after: bool = False
    absent: bool = False


NEVER = 1 << 60


def _settle_hand(
    hand: _Hand,
    view: Mapping[str, Any],
    seat: int,
    entries: Sequence[str],
    actors: Sequence[Any],
    rng: random.Random,
) -> Game:
    """The game after one hand's entries (its deal first), the provisional deal
    mended until every move is possible and every event is the one the seat saw."""
    mender = _Mender(hand, seat, entries, actors, view, rng)
    for _ in range(MAX_REPAIRS):
        game, need = mender.replay()
        if need is None:
            return game
        mender.mend(need)
    raise InvalidView(
        f"no deal of the hand at move {hand.start} fits the moves and events of the view: "
        "the view is not a game's"
    )


class _Mender:
    """Replays one hand on its provisional deal and mends the deal where the replay
    parts from what the seat saw."""

    def __init__(
        self,
        hand: _Hand,
        seat: int,
        entries: Sequence[str],
        actors: Sequence[Any],
        view: Mapping[str, Any],
        rng: random.Random,
    ) -> None:
        self.hand = hand
        self.seat = seat
        self.entries = entries
        self.actors = actors
        self.rng = rng
        self.wanted = _events_by_move(view, hand.start, hand.start + len(entries))
        self.deadlines = self._deadlines()

    def _deadlines(self) -> dict[tuple[int, str], int]:
        """When each seat is first seen holding each tile in the hand."""
        out: dict[tuple[int, str], int] = {}
        for k, (entry, actor) in enumerate(zip(self.entries, self.actors, strict=True)):
            tile = _played_tile(entry) if isinstance(actor, int) else None
            if tile is not None:
                out.setdefault((actor, tile), self.hand.start + k)
        for n, events in sorted(self.wanted.items()):
            for event in events:
                for s, tiles in _held_in(event):
                    for tile in tiles:
                        out.setdefault((s, tile), n)
        return out

    def start(self) -> Game:
        game = self.hand.before.copy()
        try:
            game.play(_deal_text(game, self.hand.parts))
        except ValueError as e:
            raise InvalidView(
                f"the log's {self.hand.deal_text!r} is not a deal of this game: {e}"
            ) from None
        return game

    def replay(self) -> tuple[Game, _Need | None]:
        """The hand replayed on its provisional deal: the game, and the first need
        the deal does not meet (``None``: none)."""
        game = self.start()
        index = self.hand.start
        for entry, actor in zip(self.entries[1:], self.actors[1:], strict=True):
            index += 1
            tile = _played_tile(entry) if isinstance(actor, int) else None
            if tile is not None and tile not in _holding(game, actor):
                return game, _Need(actor, tile, index)
            _apply(game, entry, actor)
            need = self._compare(game, index)
            if need is not None:
                return game, need
        return game, None

    def _compare(self, game: Game, index: int) -> _Need | None:
        """The first need shown by a difference between the events the seat saw at
        move ``index`` and the replay's."""
        wanted = self.wanted.get(index, [])
        got = [e for e in game.view(self.seat, log_from=index)["events"] if e.get("n") == index]
        if got == wanted or _plain(got) == _plain(wanted):
            return None
        # what a hand held shows in its events (a draw, a show, the tiles left at
        # the end); other differences (the points of the tiles left) follow from it
        for mine, theirs in zip(got, wanted, strict=False):
            if mine == theirs or mine.get("code") != theirs.get("code"):
                continue
            for (s, have), (_, must) in zip(_held_in(mine), _held_in(theirs), strict=False):
                for tile in must:
                    if tile not in have:
                        return _Need(s, tile, index, after=True)
                for tile in have:
                    if tile not in must:
                        return _Need(s, tile, index, after=True, absent=True)
        raise InvalidView(
            f"move {index} of the log ({self.entries[index - self.hand.start]}) does not "
            "give the events of the view"
        )

    def at(self, index: int, after: bool) -> Game:
        """The replay just before move ``index`` (with ``after``, just after it)."""
        game = self.start()
        stop = index - self.hand.start + (1 if after else 0)
        for entry, actor in zip(self.entries[1:stop], self.actors[1:stop], strict=False):
            _apply(game, entry, actor)
        return game

    def mend(self, need: _Need) -> None:
        """Change the provisional deal so that ``need`` is met: two tiles swap places."""
        hand = self.hand
        at = self.at(need.index, need.after)
        where = _places(hand.parts)
        if need.tile not in where:
            raise InvalidView(f"{need.tile} is not among the tiles of the hand's deal")
        if need.absent:
            self._remove(need, at, where)
            return
        if need.seat == self.seat and need.after:
            # the seat drew it: the place just drawn holds it
            before = set(_holding(self.at(need.index, False), need.seat))
            drawn = [t for t in _holding(at, need.seat) if t not in before]
            if len(drawn) == 1 and where[drawn[0]] not in hand.pinned:
                place = where[drawn[0]]
                self._swap(where[need.tile], place)
                hand.pinned.add(place)
                return
        candidates = [
            t for t in _holding(at, need.seat) if where[t] not in hand.pinned and t != need.tile
        ]
        if not candidates or where[need.tile] in hand.pinned:
            raise InvalidView(
                f"seat {need.seat} cannot hold {need.tile} at move {need.index} of the view"
            )
        # the tile it needs latest (or never) gives way, as in earliest-deadline order
        latest = max(self.deadlines.get((need.seat, t), NEVER) for t in candidates)
        ties = [t for t in candidates if self.deadlines.get((need.seat, t), NEVER) == latest]
        self._swap(where[need.tile], where[self.rng.choice(ties)])

    def _remove(self, need: _Need, at: Game, where: dict[str, tuple[int, int]]) -> None:
        """Put ``need.tile`` where nobody holds it yet (the stock still face down)."""
        held = {t for s in range(at.num_seats) for t in _holding(at, s)}
        stop = need.index - self.hand.start + (1 if need.after else 0)
        played = {
            t
            for entry, actor in zip(self.entries[1:stop], self.actors[1:stop], strict=False)
            if isinstance(actor, int) and (t := _played_tile(entry)) is not None
        }
        free = [
            t
            for t, place in where.items()
            if t not in held and t not in played and place not in self.hand.pinned
        ]
        if not free:
            raise InvalidView(
                f"seat {need.seat} cannot be without {need.tile} at move {need.index}"
            )
        self._swap(where[need.tile], where[self.rng.choice(free)])

    def _swap(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        parts = self.hand.parts
        parts[a[0]][a[1]], parts[b[0]][b[1]] = parts[b[0]][b[1]], parts[a[0]][a[1]]


def _events_by_move(view: Mapping[str, Any], start: int, end: int) -> dict[int, list[Any]]:
    out: dict[int, list[Any]] = {}
    for event in view.get("events") or ():
        n = event.get("n") if isinstance(event, Mapping) else None
        if isinstance(n, int) and start <= n < end:
            out.setdefault(n, []).append(event)
    return out


def _played_tile(entry: str) -> str | None:
    move = Move.from_text(entry)
    return str(move.tiles[0]) if move.kind == "play" and move.tiles else None


def _held_in(event: Mapping[str, Any]) -> list[tuple[int, list[str]]]:
    """The tiles an event shows in a seat's hand: ``(seat, tiles)`` pairs."""
    code = event.get("code")
    if code == "drew" and isinstance(event.get("tile"), str):
        return [(event["seat"], [event["tile"]])]
    if code == "doubles_shown":
        return [(event["seat"], list(event.get("tiles") or ()))]
    if code == "hand_ended" and isinstance(event.get("tiles_left"), list):
        return [(s, list(tiles)) for s, tiles in enumerate(event["tiles_left"])]
    return []


def _holding(game: Game, seat: int) -> list[str]:
    hand: list[str] = game.view(seat, log_from=len(game)).get("hand") or []
    return hand


def _places(parts: list[list[str]]) -> dict[str, tuple[int, int]]:
    return {t: (i, j) for i, part in enumerate(parts) for j, t in enumerate(part)}


def _plain(data: Any) -> Any:
    """``data`` as JSON reads it back (tuples as lists): a view sent over a pipe."""
    return json.loads(json.dumps(data))


def _check(game: Game, view: Mapping[str, Any], seat: int) -> None:
    rebuilt = game.view(seat)
    if rebuilt != view and _plain(rebuilt) != _plain(view):
        keys = sorted(k for k in set(rebuilt) | set(view) if rebuilt.get(k) != view.get(k))
        raise InvalidView(
            f"no game of {view['game']} gives this view (these parts differ: {', '.join(keys)})"
        )
