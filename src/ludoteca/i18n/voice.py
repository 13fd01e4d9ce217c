"""What saying things at a table takes: the game, the language, who sits where, who looks.

A :class:`Voice` names seats, sides, tiles, suits and moves the way the game
and the language say them; the refusals, the hints and the events are said
with one (:mod:`.refusals`, :mod:`.hints`, :mod:`.events`).

>>> voice = Voice.of("texas42", "pt", ["Ana", "Bia", "Caio", "Davi"], me=1)
>>> voice.name(0), voice.name(1), voice.side(0), voice.side(1)
('Ana', 'você', 'Ana e Caio', 'você e Davi')
>>> voice.tiles(["5-3", "5-1"], "or"), voice.suit(7)
('5-3 ou 5-1', 'duplos')
>>> Voice.of("bingo", "en").name(1)
'Seat 2'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import NP_, Texts, texts
from .moves import describe_choice, describe_move
from .ui import ui
from .words import Words

if TYPE_CHECKING:
    from ludoteca.gametype import GameType
    from ludoteca.move import Move

__all__ = ["Voice", "capitalize"]

YOU = NP_("person", "you")

_CONTRACTS = {
    "plunge": NP_("Texas 42 contract", "the plunge"),
    "splash": NP_("Texas 42 contract", "the splash"),
    "nello": NP_("Texas 42 contract", "nello"),
    "sevens": NP_("Texas 42 contract", "sevens"),
}
"""The seat looking, named in a sentence (capitalized where it starts one)."""


def capitalize(text: str) -> str:
    """``text`` with its first letter upper-cased (the rest as it is)."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Voice:
    """One game at one table, said in one language."""

    game: str
    tx: Texts
    names: tuple[str, ...] = ()
    me: int | None = None
    """The seat looking (named *you*); ``None`` for a spectator."""
    options: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        game: str,
        lang: str | Texts,
        names: Sequence[str] = (),
        me: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Voice:
        tx = lang if isinstance(lang, Texts) else texts(lang)
        return cls(game, tx, tuple(names), me, dict(options or {}))

    @property
    def words(self) -> Words:
        return Words(self.tx)

    def g_(self, message: str, /, **params: Any) -> str:
        """``message`` in this game's own words (its glossary): the catalogs keep
        one entry of it per game, the game's name as its context."""
        return self.tx.p_(self.game, message, **params)

    def ng_(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """:meth:`g_` with plural forms (``n`` is also ``{n}`` in the message)."""
        return self.tx.np_(self.game, singular, plural, n, **params)

    def decision(self, text: Any) -> Move | None:
        """The decision written ``text`` as the game parses it, or ``None`` if it is
        none (a chance event, anything else)."""
        if not isinstance(text, str):
            return None
        return _decision(self.game, text)

    # ---------------------------------------------------------------- people

    def name(self, seat: Any) -> str:
        """A seat by its player's name (*you* for the seat looking)."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            return "—"
        if seat == self.me:
            return self.tx.p_("person", YOU)
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return ui("seat", self.tx, n=seat + 1)

    def sides(self) -> list[list[int]]:
        """The seats of each side, as the game type says (partners in Texas 42 and
        four-player Five-Up)."""
        return [list(side) for side in self.game_type.sides]

    @functools.cached_property
    def game_type(self) -> GameType:
        """The game with the table's options (its seats, sides, target, hand's end)."""
        options = dict(self.options)
        if self.names and "players" not in options:
            from ludoteca.registry import game_class

            if "players" in game_class(self.game).option_specs:
                options["players"] = len(self.names)
        return _game_type(self.game, tuple(sorted(options.items())))

    def side(self, side: Any) -> str:
        """A side by its players' names (``Ana e Caio``)."""
        sides = self.sides()
        if not isinstance(side, int) or not 0 <= side < len(sides):
            return "—"
        seats = sides[side]
        if len(seats) == 2:
            return self.tx._("{a} and {b}", a=self.name(seats[0]), b=self.name(seats[1]))
        return self.name(seats[0])

    def plain(self, seat: int) -> str:
        """A seat by its player's name, the seat looking too."""
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return ui("seat", self.tx, n=seat + 1)

    def side_label(self, side: int, *, short: bool = False) -> str:
        """A side as a score names it: the player (*Você*), or for a team seen by one
        of its players ``Nós (Ana e Caio)`` and ``Eles (Bia e Davi)`` (``short``:
        ``Nós``, ``Eles``); by its players' names for a spectator."""
        said = self._side_labels.get((side, short))
        if said is None:
            said = self._side_labels[side, short] = self._side_label(side, short)
        return said

    @functools.cached_property
    def _side_labels(self) -> dict[tuple[int, bool], str]:
        """The sides' labels said so far (a voice's names and seat never change)."""
        return {}

    def score_words(self, scores: Sequence[int]) -> tuple[str, tuple[tuple[str, str], ...], str]:
        """The score panel's title and rows (each side's label and score), and the score
        in one line (``Nós 3 – Eles 1``): said once for the same scores, which change
        once a hand at most."""
        key = tuple(scores)
        said = self._score_words.get(key)
        if said is None:
            if len(self._score_words) >= _KEPT_SCORES:
                self._score_words.clear()
            said = self._score_words[key] = self._said_scores(key)
        return said

    @functools.cached_property
    def _score_words(self) -> dict[tuple[int, ...], tuple[str, tuple[tuple[str, str], ...], str]]:
        return {}

    def _said_scores(self, scores: tuple[int, ...]) -> tuple[str, tuple[tuple[str, str], ...], str]:
        rows = tuple((self.side_label(k), str(s)) for k, s in enumerate(scores))
        parts = [self.named_score(self.side_label(k, short=True), s) for k, s in enumerate(scores)]
        if self.game_type.score_unit == "sticks":
            line = self.tx.p_("cavaleiro", "Sticks left: {scores}", scores=" · ".join(parts))
        else:
            line = " – ".join(parts)
        return self.score_title(), rows, line

    def _side_label(self, side: int, short: bool) -> str:
        seats = self.sides()[side]
        if len(seats) == 1:
            return capitalize(self.name(seats[0]))
        names = self.tx._("{a} and {b}", a=self.plain(seats[0]), b=self.plain(seats[1]))
        if self.me is None:
            return names
        us = self.tx._("Us") if self.me in seats else self.tx._("Them")
        return us if short else self.tx._("{side} ({names})", side=us, names=names)

    def scores(self, scores: Sequence[int]) -> str:
        """Each side's score after its name: ``Ana 62, Bia 36``."""
        return ", ".join(self.named_score(self.side(k), s) for k, s in enumerate(scores))

    # ------------------------------------------------------------ the table

    def tiles(self, tiles: Iterable[str], style: str = "and") -> str:
        """Tiles as a list of the language: ``5-3 e 5-1``, or with ``or``: ``5-3 ou 5-1``."""
        items = [str(t) for t in tiles]
        if style == "or":
            from babel.lists import format_list

            return format_list(items, style="or", locale=self.tx.locale) if items else ""
        return self.tx.join(items) if items else ""

    def suit(self, suit: Any) -> str:
        """A suit (0–6; 7 or ``doubles`` for the doubles) in words."""
        return self.words.suit("doubles" if suit in (7, "7", "doubles") else suit)

    def contract(self, contract: Any) -> str:
        """What a Texas 42 bid winner declared, as the trump line says it: a suit,
        ``doubles``, or none (follow-me, nello, sevens)."""
        move = self.decision(contract)
        if move is None:
            return "—"
        if move.kind == "trump" and move.numbers:
            return self.suit(move.numbers[0])
        if move.kind == "trump" and move.detail == "doubles":
            return self.suit("doubles")
        if move.kind == "trump":
            return self.tx.p_("texas42", "none (follow-me)")
        if move.kind == "nello":
            return self.tx.p_("texas42", "none (nello)")
        if move.kind == "sevens":
            return self.tx.p_("texas42", "none (sevens)")
        return self.move(str(contract))

    @property
    def hand_end_code(self) -> str:
        """The code of the event that ends one of the game's hands (``""``: it has none)."""
        return self.game_type.hand_end_code or ""

    def hand_title(self, n: int) -> str:
        """A hand by its number, in the game's words: ``Rodada 3``, ``Partida 3``."""
        # games: texas42 fiveup bingo
        return self.g_("Hand {n}", n=n)

    def points(self, n: int) -> str:
        """Points scored: ``1 ponto``, ``12 pontos``."""
        # games: texas42 fiveup bingo
        return self.ng_("{n} point", "{n} points", n)

    def pips(self, n: int) -> str:
        """Pips on tiles: ``1 pinta``, ``12 pintas``."""
        # games: texas42 fiveup bingo
        return self.ng_("{n} pip", "{n} pips", n)

    def named_score(self, name: str, score: Any) -> str:
        """A side's score after its name: ``Ana 62``."""
        return self.tx._("{name} {score}", name=name, score=score)

    def option_contract(self, name: Any) -> str:
        """A Texas 42 special contract by its option's name: ``nel-O``, ``o plunge``."""
        message = _CONTRACTS.get(str(name))
        return self.tx.p_("Texas 42 contract", message) if message else str(name)

    def score_title(self) -> str:
        """The heading of the score: what it counts, and to what."""
        unit, target = self.game_type.score_unit, self.game_type.target
        if unit == "marks":
            return self.tx.p_("texas42", "Marks (to {n})", n=target)
        if unit == "sets":
            return self.tx.p_("bingo", "Sets (to {n})", n=target)
        if unit == "sticks":
            return self.tx.p_("cavaleiro", "Sticks left")
        # games: texas42 fiveup
        return self.g_("Points (to {n})", n=target)

    def move(self, move: str) -> str:
        """A move (in notation) in words."""
        return _described(self.game, move, self.tx)

    def choice(self, move: str) -> str | None:
        """A move named as an answer to the table's question (``quatros`` for a
        trump choice), or ``None`` where its whole words are its only name."""
        return _chosen(self.game, move, self.tx)

    def moves(self, moves: Sequence[str], limit: int = 6) -> str:
        """Moves in words, the long lists cut short: ``passo, lance de 30, …``."""
        said = [self.move(m) for m in moves]
        if len(said) > limit:
            said = [*said[: limit - 2], "…", *said[-1:]]
        return "; ".join(said)


_KEPT_SCORES = 256
"""Scores a voice keeps the words of (a game's scores in one table are fewer)."""


@functools.lru_cache(maxsize=8192)
def _decision(game: str, text: str) -> Move | None:
    """The decision written ``text`` in ``game``, or ``None`` (parsed once: a game's
    decisions are few, and a move is a value)."""
    try:
        return _game_type(game).parse(text)
    except ValueError:
        return None


@functools.lru_cache(maxsize=8192)
def _described(game: str, move: str, tx: Texts) -> str:
    """A move in words (the same words every time: a game's moves are few)."""
    return describe_move(game, move, tx)


@functools.lru_cache(maxsize=8192)
def _chosen(game: str, move: str, tx: Texts) -> str | None:
    """A move's short name (see :func:`_described`)."""
    return describe_choice(game, move, tx)


@functools.lru_cache(maxsize=256)
def _game_type(game: str, options: tuple[tuple[str, Any], ...] = ()) -> GameType:
    """The game type of ``game`` with ``options`` (notation decisions parse the same
    whatever the options)."""
    from ludoteca.registry import game_type

    return game_type(game, **dict(options))
