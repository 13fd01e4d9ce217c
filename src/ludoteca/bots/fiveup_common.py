"""What a Five-Up seat knows of the hand, and the arithmetic of a play, for the bots.

:class:`HandKnowledge` is read from the seat's view alone (its own tiles, the
public log of the hand, the hand sizes and the stock count): the layout as
what matters for play and scoring (the open ends of non-doubles by number, the
places left on each double), the tiles not seen yet, and the numbers each other
player is known to lack (a player who drew or passed held nothing that fitted
the open ends at that moment; after drawing, the tiles held still lack the
numbers open then).

:func:`ends_after` and :func:`play_points` are the scoring rules of one play on
that layout (see :mod:`ludoteca.games.fiveup.solver` for the same layout in the
exact solver).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.games.fiveup.solver import OPENING, PLAIN, SPINNER, Move, move_of
from ludoteca.games.fiveup.tables import (
    A_DRAW,
    A_ON,
    A_OPEN,
    A_PASS,
    ACTION_TEXT,
    NUMBER_MASK,
    NUMBERS_OF,
    OUTER,
    PIPS,
    hand_pips,
)
from ludoteca.tiles import ALL_TILES, FULL_MASK, indices_of, tile_index

__all__ = [
    "ACTION_OF",
    "OUTER",
    "HandKnowledge",
    "ends_after",
    "numbers_open",
    "play_points",
]

ACTION_OF: dict[str, int] = {text: a for a, text in enumerate(ACTION_TEXT)}
"""Action number of each move in canonical notation."""


def ends_after(ends: int, room: list[int] | tuple[int, ...], move: Move) -> int:
    """The sum of the open ends after ``move`` (a play) on a layout with these ends.

    >>> from ludoteca.tiles import Tile
    >>> ends_after(7, [0] * 7, (Tile(6, 4).index, 6, PLAIN))   # 6-1 open: 6 → 4
    5
    >>> ends_after(7, [0] * 7, (Tile(6, 6).index, 6, PLAIN))   # a double counts both halves
    13
    """
    t, v, kind = move
    if kind == OPENING:
        return PIPS[t]
    o = OUTER[t][v]
    if kind == PLAIN:
        return ends + v if o == v else ends + o - v
    return ends + o - (2 * v if room[v] == 3 else 0)


def play_points(ends: int) -> int:
    """Points a play scores when it leaves these ends."""
    return ends // 5 if ends and not ends % 5 else 0


def numbers_open(plain: list[int] | tuple[int, ...], room: list[int] | tuple[int, ...]) -> int:
    """The numbers tiles may join (a 7-bit mask)."""
    m = 0
    for v in range(7):
        if plain[v] or room[v]:
            m |= 1 << v
    return m


@dataclass
class HandKnowledge:
    """A seat's knowledge of the hand under way, from its view only."""

    seat: int
    players: int
    side_of: tuple[int, ...]
    sides: int
    hand: int
    plain: list[int]
    room: list[int]
    ends: int
    on_table: int
    hand_sizes: list[int]
    stock_size: int
    stock_drawable: int
    scores: list[int]
    target: int
    exact: bool
    lacks: list[int]
    plays: int

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> HandKnowledge:
        seat: int = view["seat"]
        players = len(view["side_of"])
        hand = 0
        for text in view["hand"]:
            hand |= 1 << tile_index(text)
        log: list[str] = view["log"]
        start = max(i for i, e in enumerate(log) if e.startswith("deal "))
        plain = [0] * 7
        room = [0] * 7
        on_table = 0
        lacks = [0] * players
        turn: int = view["leader"]
        plays = 0
        for entry in log[start + 1 :]:
            a = ACTION_OF[entry]
            if a == A_DRAW:
                lacks[turn] = numbers_open(plain, room)
                continue
            if a == A_PASS:
                lacks[turn] |= numbers_open(plain, room)
            else:
                move = move_of(a)
                _apply(plain, room, move)
                on_table |= 1 << move[0]
                plays += 1
            turn = (turn + 1) % players
        ends = sum(plain[v] * v for v in range(7)) + sum(2 * v for v in range(7) if room[v] > 2)
        return cls(
            seat=seat,
            players=players,
            side_of=tuple(view["side_of"]),
            sides=len(view["sides"]),
            hand=hand,
            plain=plain,
            room=room,
            ends=ends,
            on_table=on_table,
            hand_sizes=list(view["hand_sizes"]),
            stock_size=view["stock_size"],
            stock_drawable=view["stock_drawable"],
            scores=list(view["scores"]),
            target=view["target"],
            exact=bool(view["options"]["exact_61"]),
            lacks=lacks,
            plays=plays,
        )

    @property
    def unseen(self) -> int:
        """Tiles this seat has not seen: the other hands and the stock."""
        return FULL_MASK & ~self.hand & ~self.on_table

    def opponents(self) -> list[int]:
        side = self.side_of[self.seat]
        return [s for s in range(self.players) if self.side_of[s] != side]


def _apply(plain: list[int], room: list[int], move: Move) -> None:
    """Lay ``move`` on the layout."""
    t, v, kind = move
    tile = ALL_TILES[t]
    if kind == OPENING:
        if tile.is_double:
            room[tile.high] = 4
        else:
            plain[tile.high] += 1
            plain[tile.low] += 1
        return
    if kind == PLAIN:
        plain[v] -= 1
    elif kind == SPINNER:
        room[v] -= 1
    if tile.is_double:
        room[v] = 3
    else:
        plain[OUTER[t][v]] += 1


def laid(plain: list[int], room: list[int], move: Move) -> tuple[list[int], list[int]]:
    """The layout after ``move`` (new lists)."""
    p, r = list(plain), list(room)
    _apply(p, r, move)
    return p, r


def best_reply_points(tiles: int, plain: list[int], room: list[int], ends: int) -> list[int]:
    """For each tile of ``tiles`` that fits the layout, the most it scores at once
    (a list, one entry per fitting tile)."""
    out = []
    for t in indices_of(tiles):
        best = -1
        nums = NUMBERS_OF[t]
        for v in range(7):
            if not nums >> v & 1:
                continue
            if plain[v]:
                best = max(best, play_points(ends_after(ends, room, (t, v, PLAIN))))
            if room[v]:
                best = max(best, play_points(ends_after(ends, room, (t, v, SPINNER))))
        if best >= 0:
            out.append(best)
    return out


def fitting(tiles: int, plain: list[int], room: list[int]) -> int:
    """The tiles of ``tiles`` that fit the layout."""
    m = 0
    for v in range(7):
        if plain[v] or room[v]:
            m |= tiles & NUMBER_MASK[v]
    return m


def is_play(action: int) -> bool:
    return action >= A_OPEN


def pips(mask: int) -> int:
    return hand_pips(mask)


__all__ += ["A_ON", "best_reply_points", "fitting", "is_play", "laid", "pips"]
