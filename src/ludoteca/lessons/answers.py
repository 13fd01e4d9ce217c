"""What a learner's answer names: the move in words, a tile, its number, or the notation.

A lesson shows moves in words (``joga 4-0``, ``compra da reserva``, ``lance de
30``), so it reads them back the same way, through the same words
(:func:`ludoteca.i18n.moves.describe_move`), in the learner's language. A line
may also be the tile alone (``4-0``, ``[4-0]``, ``0-4``), the move's number in
the list of allowed moves (:meth:`ludoteca.Game.legal_moves`, from 1), or the
game's notation. A line that fits several allowed moves (a tile that fits two
open ends, the first words of several moves) names them all, so that the
learner is asked which.

>>> import ludoteca
>>> game = ludoteca.new_game("texas42", seed=1)
>>> read_answer(game, "lance de 30", "pt").moves
('bid 30',)
>>> read_answer(game, "2", "pt").moves
('bid 30',)
>>> read_answer(game, "Passo.", "pt").moves, read_answer(game, "pass", "pt").moves
(('pass',), ('pass',))
>>> read_answer(game, "dance the samba", "en").moves
()
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from ludoteca.errors import IllegalMove
from ludoteca.game import Game
from ludoteca.i18n import normalize_lang
from ludoteca.i18n.moves import describe_move
from ludoteca.move import Move
from ludoteca.tiles import Tile

__all__ = ["Reading", "read_answer"]

_TILE = re.compile(r"\[?(\d) ?- ?(\d)\]?")
"""A tile as a learner may write it: ``4-0``, ``0-4``, ``[4-0]``, ``4 - 0``."""


@dataclass(frozen=True)
class Reading:
    """What a learner's line names in a position."""

    text: str
    """The line, its spaces tidied."""
    moves: tuple[str, ...]
    """The moves it names, in notation: one (try it), several (ask which) or none
    (the line is tried as written, and the engine says why it is no move)."""

    @property
    def move(self) -> str:
        """The move to try: the one named, else the line as written."""
        return self.moves[0] if len(self.moves) == 1 else self.text

    @property
    def ambiguous(self) -> bool:
        """Whether the line names several moves (the learner is asked which)."""
        return len(self.moves) > 1


def read_answer(game: Game, text: str, lang: str) -> Reading:
    """The moves ``text`` names in ``game``'s position, for a learner speaking ``lang``."""
    line = " ".join(text.split())
    legal = game.legal_moves()
    for read in (_number, _allowed_notation, _tile, _words, _notation):
        moves = read(game, line, legal, normalize_lang(lang))
        if moves:
            return Reading(line, moves)
    return Reading(line, ())


def _number(game: Game, line: str, legal: list[str], lang: str) -> tuple[str, ...]:
    """The move at that place in the list of allowed moves."""
    if line.isdigit() and 1 <= int(line) <= len(legal):
        return (legal[int(line) - 1],)
    return ()


def _allowed_notation(game: Game, line: str, legal: list[str], lang: str) -> tuple[str, ...]:
    """The move written in notation, when it is allowed."""
    return tuple(move for move in _notation(game, line, legal, lang) if move in legal)


def _notation(game: Game, line: str, legal: list[str], lang: str) -> tuple[str, ...]:
    """The move written in notation, allowed or not (the engine says why not)."""
    try:
        return (str(game.parse(line)),)
    except IllegalMove:
        return ()


def _tile(game: Game, line: str, legal: list[str], lang: str) -> tuple[str, ...]:
    """The allowed moves that play a tile written alone; none allowed: playing it
    (which the engine then refuses, saying why)."""
    m = _TILE.fullmatch(line)
    if not m:
        return ()
    tile = Tile(int(m.group(1)), int(m.group(2)))
    found = tuple(move for move in legal if _plays(game.parse(move), tile))
    return found or _notation(game, f"play {tile}", legal, lang)


def _plays(value: Move, tile: Tile) -> bool:
    return value.kind == "play" and value.tiles[:1] == (tile,)


def _words(game: Game, line: str, legal: list[str], lang: str) -> tuple[str, ...]:
    """The moves said in these words, or whose words begin with them: the allowed
    ones; none allowed, the one move said so (which the engine then refuses)."""
    key = _key(line)
    if not key:
        return ()
    said = _said(game.name, lang, tuple(_every_move(game)), tuple(legal))
    named = [move for move, words in said if words == key]
    begun = [move for move, words in said if words.startswith(key + " ")]
    for found in (named, begun):
        allowed = tuple(move for move in found if move in legal)
        if allowed:
            return allowed
    return tuple(named[:1]) or (tuple(begun) if len(begun) == 1 else ())


def _every_move(game: Game) -> list[str]:
    """Every decision the game can write (its action space), the allowed ones too."""
    moves = [game.action_to_move(a) for a in range(game.num_actions)]
    return moves + [m for m in game.legal_moves() if m not in set(moves)]


@functools.lru_cache(maxsize=64)
def _said(
    game: str, lang: str, moves: tuple[str, ...], legal: tuple[str, ...]
) -> tuple[tuple[str, str], ...]:
    """Each move with its words as :func:`_key` reads them, the allowed ones first."""
    ordered = [m for m in moves if m in set(legal)] + [m for m in moves if m not in set(legal)]
    return tuple((m, _key(describe_move(game, m, lang))) for m in ordered)


def _key(text: str) -> str:
    """Words as compared: lower case, no accents, tiles high end first, no closing
    punctuation, single spaces."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = _TILE.sub(lambda m: str(Tile(int(m.group(1)), int(m.group(2)))), text)
    return " ".join(text.strip(" .!;:").split())
