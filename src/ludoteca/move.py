"""Moves as values: what a move is, apart from how it is written.

A :class:`Move` is small and immutable, as python-chess's ``chess.Move``: its
``kind`` (``"play"``, ``"bid"``, ``"roll"`` …), the tiles and numbers it names
and a ``detail`` word where the kind has variants. Those fields are the move:
two moves with the same fields are equal, however they were written. Its
``text`` is how it is written, which ``str(move)`` gives back: the game's
canonical notation for the values a game gives (:meth:`ludoteca.Game.parse`,
:attr:`ludoteca.GameType.notation`), the words in order for a value built by
hand. A game plays a value by its fields (:meth:`ludoteca.Game.play`), so a
move built by hand is played without being written first. Each game documents
what its kinds hold.

>>> from ludoteca.tiles import Tile
>>> move = Move.from_text("play 4-1 on 6-4")
>>> move.kind, [str(t) for t in move.tiles], str(move)
('play', ['4-1', '6-4'], 'play 4-1 on 6-4')
>>> move
Move('play', tiles=(Tile(4, 1), Tile(6, 4)), detail='on', text='play 4-1 on 6-4')
>>> eval(repr(move)) == move
True
>>> Move("pass"), str(Move("play", tiles=(Tile(6, 4),)))
(Move('pass', text='pass'), 'play 6-4')
>>> Move.from_text("remove 2 from column 7").numbers
(2, 7)
>>> Move.from_text("bid 2 marks plunge").to_json()
{'text': 'bid 2 marks plunge', 'kind': 'bid', 'tiles': [], 'numbers': [2], 'detail': 'marks plunge'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .tiles import Tile

__all__ = ["Move"]


@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """One move of a game, as a value (see the module's documentation)."""

    kind: str
    tiles: tuple[Tile, ...] = ()
    numbers: tuple[int, ...] = ()
    detail: str = ""
    text: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.text:
            words = [self.kind, *map(str, self.tiles), *map(str, self.numbers)]
            if self.detail:
                words.append(self.detail)
            object.__setattr__(self, "text", " ".join(words))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        parts = [repr(self.kind)]
        if self.tiles:
            parts.append(f"tiles={self.tiles!r}")
        if self.numbers:
            parts.append(f"numbers={self.numbers!r}")
        if self.detail:
            parts.append(f"detail={self.detail!r}")
        parts.append(f"text={self.text!r}")
        return f"Move({', '.join(parts)})"

    @classmethod
    def from_text(cls, text: str) -> Move:
        """The move written ``text`` in canonical notation: its first word is the
        kind, then every tile (``6-4``), every whole number, and the other words
        (in order, joined by spaces) as the detail. ``|`` separators of chance
        events are kept out of the detail.

        This reads the words as they stand, without a game: a game's own reading
        (:meth:`ludoteca.GameType.parse`) gives its canonical value, which differs
        for other writings of the same move (Texas 42's ``bid 2 marks`` is the
        canonical ``bid 84``). A game plays either."""
        if not isinstance(text, str):
            raise TypeError(f"a move is written as text, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise ValueError("a move is not empty text")
        tiles: list[Tile] = []
        numbers: list[int] = []
        detail: list[str] = []
        for w in words[1:]:
            if len(w) == 3 and w[1] == "-" and w[0].isdigit() and w[2].isdigit():
                tiles.append(Tile.parse(w))
            elif w.isdigit():
                numbers.append(int(w))
            elif w != "|":
                detail.append(w)
        return cls(words[0], tuple(tiles), tuple(numbers), " ".join(detail), " ".join(words))

    def to_json(self) -> dict[str, Any]:
        """The move as JSON data (tiles as text), for clients that draw moves."""
        return {
            "text": self.text,
            "kind": self.kind,
            "tiles": [str(t) for t in self.tiles],
            "numbers": list(self.numbers),
            "detail": self.detail,
        }
