"""Moves in words: each game's notation said in the player's language.

A move is read as a value (:class:`ludoteca.move.Move`: its kind, tiles,
numbers and detail) and said from the catalogs, so no notation word reaches a
Portuguese screen; the notation itself stays in records (and in tooltips).

>>> describe_move("texas42", "trump 4", "en"), describe_move("texas42", "trump 4", "pt")
('fours are trump', 'os quatros são trunfo')
>>> describe_move("bingo", "play 6-6 show", "pt")
'joga 6-6 e mostra os dobres'
>>> describe_move("cavaleiro", "remove 1 from column 7", "pt")
'tira 1 palito da coluna 7'
>>> describe_move("cavaleiro", "roll 6 4 4 3", "pt")
'lança 6 4 4 3'
>>> describe_move("texas42", "something new", "pt")
'something new'
"""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.move import Move

from . import Texts, texts
from .words import Words

__all__ = ["describe_choice", "describe_move", "marks"]


def _tiles(move: Move) -> str:
    return " ".join(str(t) for t in move.tiles)


def marks(tx: Texts, n: int) -> str:
    """Texas 42 marks counted: ``1 marca``, ``2 marcas``."""
    return tx.np_("texas42", "{n} mark", "{n} marks", n)


def _texas42(m: Move, tx: Texts) -> str | None:
    if m.kind == "pass" and not m.detail:
        return tx.p_("texas42", "pass")
    if m.kind == "bid" and m.numbers:
        value = m.numbers[0]
        if not m.detail:
            if value <= 41:
                return tx.p_("texas42", "bid {value}", value=value)
            return tx.p_(
                "texas42", "bid {value} ({marks})", value=value, marks=marks(tx, value // 42)
            )
        kind = m.detail.split()[-1]
        if kind == "plunge":
            return tx.p_("texas42", "plunge for {marks}", marks=marks(tx, value))
        if kind == "splash":
            return tx.p_("texas42", "splash for {marks}", marks=marks(tx, value))
        if value <= 2:
            return tx.p_(
                "texas42", "bid {value} ({marks})", value=42 * value, marks=marks(tx, value)
            )
        return tx.p_("texas42", "bid {marks}", marks=marks(tx, value))
    if m.kind == "trump":
        if m.numbers:
            return tx.p_("texas42", "{suit} are trump", suit=Words(tx).suit(m.numbers[0]))
        if m.detail == "doubles":
            return tx.p_("texas42", "doubles are trump")
        if m.detail == "follow-me":
            return tx.p_("texas42", "follow-me (no trump)")
    if m.kind == "nello":
        return tx.p_("texas42", "nello (lose every trick)")
    if m.kind == "sevens":
        return tx.p_("texas42", "sevens (the tile nearest 7 wins)")
    if m.kind == "draw":
        return tx.p_("texas42", "draw for the first dealer: {tiles}", tiles=_tiles(m))
    return None


def _bingo(m: Move, tx: Texts) -> str | None:
    if m.kind == "play" and m.detail == "show":
        return tx.p_("bingo", "play {tile} and show the doubles", tile=_tiles(m))
    if m.kind == "close":
        return tx.p_("bingo", "close the stock")
    if m.kind == "take" and m.detail == "up":
        return tx.p_("bingo", "take the turned-up tile")
    if m.kind == "take" and m.detail == "hidden":
        return tx.p_("bingo", "take the hidden tile")
    if m.kind == "draw":
        return tx.p_("bingo", "draw for the first lead: {tiles}", tiles=_tiles(m))
    return None


def _cavaleiro(m: Move, tx: Texts) -> str | None:
    if m.kind == "remove":
        if m.detail == "horizontals":
            return tx.p_("cavaleiro", "remove all the horizontal sticks")
        if m.detail == "horizontal":
            return tx.p_("cavaleiro", "remove one horizontal stick")
        if m.detail == "block" and m.numbers:
            return tx.p_("cavaleiro", "remove block {block}", block=m.numbers[0])
        if m.detail == "from column" and len(m.numbers) == 2:
            count, column = m.numbers
            return tx.np_(
                "cavaleiro",
                "remove {n} stick from column {column}",
                "remove {n} sticks from column {column}",
                count,
                column=column,
            )
    if m.kind == "pass":
        return tx.p_("cavaleiro", "remove nothing")
    if m.kind == "roll":
        return tx.p_("cavaleiro", "rolls {dice}", dice=" ".join(str(n) for n in m.numbers))
    return None


def _fiveup(m: Move, tx: Texts) -> str | None:
    if m.kind == "play" and m.detail == "on" and len(m.tiles) == 2:
        return tx.p_(
            "fiveup", "play {tile} on {target}", tile=str(m.tiles[0]), target=str(m.tiles[1])
        )
    if m.kind == "draw":
        if not m.tiles:
            return tx.p_("fiveup", "draw from the stock")
        if len(m.tiles) == 1:
            return tx.p_("fiveup", "draws {tile}", tile=str(m.tiles[0]))
        return tx.p_("fiveup", "draw for the first lead")
    if m.kind == "pass":
        return tx.p_("fiveup", "pass")
    return None


_GAMES: dict[str, Callable[[Move, Texts], str | None]] = {
    "texas42": _texas42,
    "bingo": _bingo,
    "cavaleiro": _cavaleiro,
    "fiveup": _fiveup,
}


def _texas42_choice(m: Move, tx: Texts) -> str | None:
    if m.kind == "trump" and m.numbers:
        return Words(tx).suit(m.numbers[0])
    if m.kind == "trump" and m.detail == "doubles":
        return Words(tx).suit("doubles")
    if m.kind == "trump" and m.detail == "follow-me":
        return tx.p_("texas42", "follow-me")
    if m.kind == "nello":
        return tx.p_("texas42", "nello")
    if m.kind == "sevens":
        return tx.p_("texas42", "sevens")
    return None


def _fiveup_choice(m: Move, tx: Texts) -> str | None:
    if m.kind == "play" and m.detail == "on" and len(m.tiles) == 2:
        return tx.p_("fiveup", "on {target}", target=str(m.tiles[1]))
    return None


_CHOICES: dict[str, Callable[[Move, Texts], str | None]] = {
    "texas42": _texas42_choice,
    "fiveup": _fiveup_choice,
}


def describe_choice(game: str, move: str, lang: str | Texts) -> str | None:
    """``move`` named in a word or two, as an answer to the question the table
    asks (Texas 42's trump choice, where a Five-Up tile goes); ``None`` where a
    move has no shorter name than :func:`describe_move`'s.

    >>> [describe_choice("texas42", m, "pt") for m in ("trump 4", "trump follow-me")]
    ['quatros', 'siga-me']
    >>> describe_choice("texas42", "nello", "en"), describe_choice("texas42", "bid 30", "en")
    ('nello', None)
    >>> describe_choice("fiveup", "play 5-4 on 6-4", "pt")
    'na 6-4'
    """
    say = _CHOICES.get(game)
    try:
        m = Move.from_text(move)
    except ValueError:
        return None
    return say(m, lang if isinstance(lang, Texts) else texts(lang)) if say else None


def describe_move(game: str, move: str, lang: str | Texts) -> str:
    """``move`` (in the game's notation) in words; the notation itself if unknown."""
    tx = lang if isinstance(lang, Texts) else texts(lang)
    try:
        m = Move.from_text(move)
    except ValueError:
        return move
    say = _GAMES.get(game)
    words = say(m, tx) if say else None
    if words is None and m.kind == "play" and len(m.tiles) == 1 and not m.detail:
        words = tx._("play {tile}", tile=str(m.tiles[0]))
    if words is None and m.kind == "deal":
        words = tx._("the deal")
    return words if words is not None else " ".join(move.split())
