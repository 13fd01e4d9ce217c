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
from .moves import describe_move
from .words import Words

if TYPE_CHECKING:
    from ludoteca.gametype import GameType
    from ludoteca.move import Move

__all__ = ["Voice", "capitalize"]

YOU = NP_("person", "you")
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

    def decision(self, text: Any) -> Move | None:
        """The decision written ``text`` as the game parses it, or ``None`` if it is
        none (a chance event, anything else)."""
        if not isinstance(text, str):
            return None
        try:
            return _game_type(self.game).parse(text)
        except ValueError:
            return None

    # ---------------------------------------------------------------- people

    def name(self, seat: Any) -> str:
        """A seat by its player's name (*you* for the seat looking)."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            return "—"
        if seat == self.me:
            return self.tx.p_("person", YOU)
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return self.tx._("Seat {n}", n=seat + 1)

    def sides(self) -> list[list[int]]:
        """The seats of each side: partners opposite in Texas 42 and four-player Five-Up."""
        count = len(self.names) or int(self.options.get("players", 2))
        if self.game == "texas42" or (self.game == "fiveup" and count == 4):
            return [[0, 2], [1, 3]]
        return [[s] for s in range(count)]

    def side(self, side: Any) -> str:
        """A side by its players' names (``Ana e Caio``)."""
        sides = self.sides()
        if not isinstance(side, int) or not 0 <= side < len(sides):
            return "—"
        seats = sides[side]
        if len(seats) == 2:
            return self.tx._("{a} and {b}", a=self.name(seats[0]), b=self.name(seats[1]))
        return self.name(seats[0])

    def scores(self, scores: Sequence[int]) -> str:
        """Each side's score after its name: ``Ana 62, Bia 36``."""
        return ", ".join(
            self.tx._("{name} {score}", name=self.side(k), score=s) for k, s in enumerate(scores)
        )

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

    def move(self, move: str) -> str:
        """A move (in notation) in words."""
        return describe_move(self.game, move, self.tx)

    def moves(self, moves: Sequence[str], limit: int = 6) -> str:
        """Moves in words, the long lists cut short: ``passo, lance de 30, …``."""
        said = [self.move(m) for m in moves]
        if len(said) > limit:
            said = [*said[: limit - 2], "…", *said[-1:]]
        return "; ".join(said)


@functools.cache
def _game_type(game: str) -> GameType:
    """The game type whose notation decisions are parsed with (the same whatever the
    options)."""
    from ludoteca.registry import game_type

    return game_type(game)
