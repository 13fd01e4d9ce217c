"""Helpers for the Five-Up tests: set deals up by hand, and check a layout's geometry.

:func:`geometry_ends_total` recomputes the ends total from nothing but the
drawing in a view (tile rectangles and the numbers on their halves), so it is
independent of the engine's bookkeeping.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import ludoteca
from ludoteca.games.fiveup import FiveUp
from ludoteca.tiles import TILE_TEXT, Tile, tile_index


def deal_text(hands: list[str], stock_first: str = "") -> str:
    """``deal …`` with these hands; the stock starts with ``stock_first``, then the
    remaining tiles from 6-6 down."""
    used = [tile_index(w) for h in hands for w in h.split()]
    first = [tile_index(w) for w in stock_first.split()]
    rest = [t for t in range(27, -1, -1) if t not in used and t not in first]
    stock = " ".join(TILE_TEXT[t] for t in first + rest)
    return "deal " + " | ".join(hands) + " | stock " + stock


def first_draw(players: int, leader: int) -> str:
    """A first-leader draw that makes ``leader`` lead (6-6 beats everything)."""
    small = ["0-0", "1-0", "2-0", "1-1"]
    tiles = []
    for seat in range(players):
        tiles.append("6-6" if seat == leader else small.pop(0))
    return "draw " + " ".join(tiles)


def start(hands: list[str], stock_first: str = "", leader: int = 0, **options: Any) -> FiveUp:
    """A manual-chance game with this deal, ``leader`` to open."""
    game = ludoteca.new_game("fiveup", chance="manual", players=len(hands), **options)
    assert isinstance(game, FiveUp)
    game.play(first_draw(len(hands), leader))
    game.play(deal_text(hands, stock_first))
    return game


def play_all(game: FiveUp, moves: str) -> None:
    """Play moves separated by commas."""
    for move in moves.split(","):
        game.play(move.strip())


def score_reasons(game: ludoteca.Game) -> list[str]:
    return [e["reason"] for e in game.result()["events"]]


# ------------------------------------------------------------- geometry check

Rect = tuple[int, int, int, int]


def _rect(tile: dict[str, Any]) -> Rect:
    return (tile["x"], tile["y"], tile["x"] + tile["w"], tile["y"] + tile["h"])


def _contact(a: Rect, b: Rect) -> tuple[str, int, int, int] | None:
    """The edge two rectangles share: ("v", x, y0, y1) or ("h", y, x0, x1); None if
    they share no edge of positive length. Overlaps are an error."""
    ox = min(a[2], b[2]) - max(a[0], b[0])
    oy = min(a[3], b[3]) - max(a[1], b[1])
    assert not (ox > 0 and oy > 0), f"tiles overlap: {a} and {b}"
    if ox == 0 and oy > 0:
        x = a[2] if a[2] == b[0] else a[0]
        return ("v", x, max(a[1], b[1]), min(a[3], b[3]))
    if oy == 0 and ox > 0:
        y = a[3] if a[3] == b[1] else a[1]
        return ("h", y, max(a[0], b[0]), min(a[2], b[2]))
    return None


def _squares(tile: dict[str, Any]) -> list[tuple[Rect, int]]:
    x, y, w, h = tile["x"], tile["y"], tile["w"], tile["h"]
    a, b = tile["ends"]
    if w > h:
        return [((x, y, x + 2, y + 2), a), ((x + 2, y, x + 4, y + 2), b)]
    return [((x, y, x + 2, y + 2), a), ((x, y + 2, x + 2, y + 4), b)]


def _on_rect_edge(seg: tuple[str, int, int, int], r: Rect) -> bool:
    kind, at, lo, hi = seg
    if kind == "v":
        return at in (r[0], r[2]) and r[1] <= lo and hi <= r[3]
    return at in (r[1], r[3]) and r[0] <= lo and hi <= r[2]


def _check_tile_drawings(tiles: list[dict[str, Any]]) -> None:
    """Each tile is drawn with its own numbers, lying or standing, a double as one."""
    for t in tiles:
        tile = Tile.parse(t["tile"])
        assert sorted(t["ends"]) == sorted([tile.high, tile.low])
        assert (t["w"], t["h"]) in ((4, 2), (2, 4))
        assert t["double"] == tile.is_double


@dataclass
class _TileUse:
    """What a tile's contacts use of it: the halves (square indices) of a non-double;
    the long sides and the tips of a double."""

    halves: set[int] = field(default_factory=set)
    long_sides: int = 0
    tips: int = 0


def _number_at_contact(t: dict[str, Any], seg: tuple[str, int, int, int], use: _TileUse) -> int:
    """The number tile ``t`` shows at the contact ``seg``, noting in ``use`` what the
    contact takes of it (a non-double is joined by one half, each half once)."""
    if t["double"]:
        long_vertical = t["h"] > t["w"]
        on_long = (seg[0] == "v") == long_vertical
        if on_long:
            use.long_sides += 1
        else:
            use.tips += 1
        number: int = t["ends"][0]
        return number
    halves = [idx for idx, (sq, _) in enumerate(_squares(t)) if _on_rect_edge(seg, sq)]
    assert len(halves) == 1, f"{t['tile']} is touched across both halves"
    assert halves[0] not in use.halves, f"{t['tile']} joined twice on one half"
    use.halves.add(halves[0])
    return _squares(t)[halves[0]][1]


def _root(parent: list[int], i: int) -> int:
    """The root of ``i`` in the union-find forest ``parent`` (halving the path)."""
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def _free_ends_value(t: dict[str, Any], use: _TileUse) -> int:
    """What tile ``t`` adds to the ends total: each free half of a non-double its
    number; a double with a free long side both its halves (its tips used only once
    both long sides are)."""
    if t["double"]:
        assert use.long_sides <= 2 and use.tips <= 2
        if use.tips:
            assert use.long_sides == 2, f"a tip of {t['tile']} is used with a side free"
        return 2 * t["ends"][0] if use.long_sides < 2 else 0
    return sum(number for idx, (_, number) in enumerate(_squares(t)) if idx not in use.halves)


def geometry_ends_total(layout: dict[str, Any]) -> int:
    """The ends total computed from the drawing alone, checking it on the way.

    Checks: no two tiles overlap; tiles touch only along edges where they are
    joined, a non-double by one of its halves, and the numbers that meet agree;
    the joins form one tree; a double's tips are used only once both its long
    sides are. Counts: each free half of a non-double its number; a double with a
    free long side both its halves; nothing else.
    """
    tiles = layout["tiles"]
    if not tiles:
        return 0
    rects = [_rect(t) for t in tiles]
    _check_tile_drawings(tiles)
    uses = [_TileUse() for _ in tiles]
    joins = 0
    parent = list(range(len(tiles)))
    for i in range(len(tiles)):
        for j in range(i + 1, len(tiles)):
            seg = _contact(rects[i], rects[j])
            if seg is None:
                continue
            numbers = [_number_at_contact(tiles[k], seg, uses[k]) for k in (i, j)]
            assert numbers[0] == numbers[1], (
                f"{tiles[i]['tile']} and {tiles[j]['tile']} meet on {numbers}"
            )
            joins += 1
            ri, rj = _root(parent, i), _root(parent, j)
            assert ri != rj, "the joins make a loop"
            parent[ri] = rj
    assert joins == len(tiles) - 1, "the layout is not one connected tree"
    return sum(_free_ends_value(t, use) for t, use in zip(tiles, uses, strict=True))


def tiles_on_table(layout: dict[str, Any]) -> set[int]:
    return {tile_index(t["tile"]) for t in layout["tiles"]}


__all__ = [
    "deal_text",
    "first_draw",
    "geometry_ends_total",
    "play_all",
    "score_reasons",
    "start",
    "tiles_on_table",
]
