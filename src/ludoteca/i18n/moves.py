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

__all__ = ["describe_move"]


def _tiles(move: Move) -> str:
    return " ".join(str(t) for t in move.tiles)


def _marks(tx: Texts, n: int) -> str:
    return tx.n_("{n} mark", "{n} marks", n)


def _texas42(m: Move, tx: Texts) -> str | None:
    if m.kind == "pass" and not m.detail:
        return tx.p_("Texas 42 move", "pass")
    if m.kind == "bid" and m.numbers:
        value = m.numbers[0]
        if not m.detail:
            if value <= 41:
                return tx._("bid {value}", value=value)
            return tx._("bid {value} ({marks})", value=value, marks=_marks(tx, value // 42))
        kind = m.detail.split()[-1]
        if kind == "plunge":
            return tx._("plunge for {marks}", marks=_marks(tx, value))
        if kind == "splash":
            return tx._("splash for {marks}", marks=_marks(tx, value))
        if value <= 2:
            return tx._("bid {value} ({marks})", value=42 * value, marks=_marks(tx, value))
        return tx._("bid {marks}", marks=_marks(tx, value))
    if m.kind == "trump":
        if m.numbers:
            return tx._("{suit} are trump", suit=Words(tx).suit(m.numbers[0]))
        if m.detail == "doubles":
            return tx._("doubles are trump")
        if m.detail == "follow-me":
            return tx._("follow-me (no trump)")
    if m.kind == "nello":
        return tx._("nello (lose every trick)")
    if m.kind == "sevens":
        return tx._("sevens (the tile nearest 7 wins)")
    if m.kind == "draw":
        return tx._("draw for the first dealer: {tiles}", tiles=_tiles(m))
    return None


def _bingo(m: Move, tx: Texts) -> str | None:
    if m.kind == "play" and m.detail == "show":
        return tx._("play {tile} and show the doubles", tile=_tiles(m))
    if m.kind == "close":
        return tx._("close the stock")
    if m.kind == "take" and m.detail == "up":
        return tx._("take the turned-up tile")
    if m.kind == "take" and m.detail == "hidden":
        return tx._("take the hidden tile")
    if m.kind == "draw":
        return tx._("draw for the first lead: {tiles}", tiles=_tiles(m))
    return None


def _cavaleiro(m: Move, tx: Texts) -> str | None:
    if m.kind == "remove":
        if m.detail == "horizontals":
            return tx._("remove all the horizontal sticks")
        if m.detail == "horizontal":
            return tx._("remove one horizontal stick")
        if m.detail == "block" and m.numbers:
            return tx._("remove block {block}", block=m.numbers[0])
        if m.detail == "from column" and len(m.numbers) == 2:
            count, column = m.numbers
            return tx.n_(
                "remove {n} stick from column {column}",
                "remove {n} sticks from column {column}",
                count,
                column=column,
            )
    if m.kind == "pass":
        return tx.p_("Cavaleiro move", "remove nothing")
    if m.kind == "roll":
        return tx._("rolls {dice}", dice=" ".join(str(n) for n in m.numbers))
    return None


def _fiveup(m: Move, tx: Texts) -> str | None:
    if m.kind == "play" and m.detail == "on" and len(m.tiles) == 2:
        return tx._("play {tile} on {target}", tile=str(m.tiles[0]), target=str(m.tiles[1]))
    if m.kind == "draw":
        if not m.tiles:
            return tx._("draw from the stock")
        if len(m.tiles) == 1:
            return tx._("draws {tile}", tile=str(m.tiles[0]))
        return tx._("draw for the first lead")
    if m.kind == "pass":
        return tx.p_("Five-Up move", "pass")
    return None


_GAMES: dict[str, Callable[[Move, Texts], str | None]] = {
    "texas42": _texas42,
    "bingo": _bingo,
    "cavaleiro": _cavaleiro,
    "fiveup": _fiveup,
}


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
