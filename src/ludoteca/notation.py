"""How a game type writes its decisions: one text and one move value per action number.

A notation belongs to a game type, not to a game: :attr:`ludoteca.GameType.notation` makes it
once per type and every game of that type reads the same one (see
:meth:`ludoteca.Game.parse`).

>>> import ludoteca
>>> notation = ludoteca.game_type("texas42").notation
>>> notation.move_to_action("bid 2 marks") == notation.move_to_action("bid 84")
True
>>> notation.value(notation.move_to_action("BID  84"))
Move('bid', numbers=(84,), text='bid 84')
>>> notation.move_to_action("bid fifty")
Traceback (most recent call last):
...
ValueError: Texas 42 moves are: pass, bid 30 … bid 41, bid 42 (1 mark), bid 84 (2 marks), \
bid 3 marks …, bid N marks plunge, bid N marks splash, trump 0 … trump 6, trump doubles, \
trump follow-me, nello, sevens, play 6-4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .move import Move

__all__ = ["Notation"]


class Notation:
    """The decisions of a game type as texts and as :class:`~ludoteca.move.Move` values.

    ``texts[a]`` is the canonical text of action ``a`` and ``moves[a]`` its value;
    ``reads`` maps every accepted writing (canonical texts and aliases, in lower case
    with single spaces) to its action, and ``actions`` every value to its action;
    ``forms`` says what moves look like, for errors. A game adds the writings a
    table cannot list by overriding :meth:`read`.
    """

    __slots__ = ("actions", "forms", "moves", "reads", "texts", "title")

    def __init__(
        self,
        title: str,
        texts: Sequence[str],
        moves: Sequence[Move],
        reads: Mapping[str, int],
        forms: str,
    ) -> None:
        if len(texts) != len(moves):
            raise ValueError(f"{len(texts)} action texts but {len(moves)} move values")
        self.title = title
        self.texts: tuple[str, ...] = tuple(texts)
        self.moves: tuple[Move, ...] = tuple(moves)
        self.reads: dict[str, int] = {text: a for a, text in enumerate(self.texts)}
        self.reads.update(reads)
        self.actions: dict[Move, int] = {move: a for a, move in enumerate(self.moves)}
        if len(self.actions) != len(self.moves):
            raise ValueError(f"two {title} actions have the same move value")
        self.forms = forms

    @property
    def num_actions(self) -> int:
        """How many action numbers there are."""
        return len(self.texts)

    def action_to_move(self, action: int) -> str:
        """The canonical text of ``action`` (``ValueError`` out of range, ``TypeError``
        if it is not a whole number)."""
        texts = self.texts
        try:
            if 0 <= action < len(texts):
                return texts[action]
        except TypeError:
            raise TypeError(f"an action is a whole number, not {type(action).__name__}") from None
        raise ValueError(f"{action} is not a {self.title} action number (0 to {len(texts) - 1})")

    def move_to_action(self, text: str) -> int:
        """The action written ``text``, in any accepted writing; ``ValueError`` saying
        what moves look like when it is none."""
        action = self.reads.get(text)
        if action is None:
            key = " ".join(text.lower().split())
            action = self.reads.get(key)
            if action is None:
                action = self.read(key)
        return action

    def action_of(self, move: Move | str) -> int:
        """The action of a move value, found by its fields (a value read from other
        words, as :meth:`ludoteca.move.Move.from_text` gives, by its writing), or
        of a move written as text; ``ValueError`` when it is none.

        >>> import ludoteca
        >>> from ludoteca.tiles import Tile
        >>> notation = ludoteca.game_type("texas42").notation
        >>> play = notation.action_of(Move("play", tiles=(Tile(6, 4),)))
        >>> notation.texts[play]
        'play 6-4'
        >>> bid = notation.action_of(Move.from_text("bid 2 marks"))
        >>> bid == notation.action_of(Move("bid", numbers=(84,)))
        True
        """
        if isinstance(move, str):
            return self.move_to_action(move)
        action = self.actions.get(move)
        if action is None:
            if not isinstance(move, Move):
                raise TypeError(f"a move is a Move or its text, not {type(move).__name__}")
            action = self.move_to_action(move.text)
        return action

    def read(self, key: str) -> int:
        """An action written in a form the table does not list (``key`` in lower case
        with single spaces); ``ValueError`` when it is not a move of the game."""
        raise ValueError(f"{self.title} moves are: {self.forms}")

    def value(self, action: int) -> Move:
        """The move of ``action`` as a value."""
        return self.moves[action]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.title}: {len(self.texts)} actions>"
