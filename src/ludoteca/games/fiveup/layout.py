"""The Five-Up layout as geometry a UI can draw as it is.

The engine only needs the open ends; this module turns the plays of a hand into
a drawing: each tile with its grid position and orientation, the arms of every
spinner in its four directions, and each open end with the pips it counts.

Coordinates
-----------
Units are half squares: each half of a tile (one number) is a 2×2 square, so a
tile is 4 long and 2 wide. ``x`` grows to the east, ``y`` to the south (screen
order); a tile's ``x, y`` is its north-west corner, ``w, h`` its size. The
opening tile is centred on ``(0, 0)``: a non-double lies east–west with its
first number (the higher) to the west; a double stands crosswise (north–south),
its sides facing east and west.

Where a tile goes
-----------------
- On a non-double, a tile joins the open end showing its number (the opening
  tile's two ends show different numbers, so the tile decides which).
- On a double (every double is a spinner), the sides come first: the forward side
  (for the opening double, the east side, then the west side); once both sides
  hold a tile, the tips: the left tip (seen walking outward along the arm; north
  for the opening double), then the right one. These choices are symmetric for
  the score.
- A line goes straight. When a tile would touch or overlap another one (other
  than the tile it joins), it turns left or right at the end of a non-double
  (outward first: the turn pointing away from the opening tile; on a tie, left),
  its end square against the side of the open end's square. Doubles and tiles
  joining a double always go straight. If a tile has no room, earlier tiles are
  laid again with other turns (a depth-first search in play order), so the
  drawing never has two tiles touching except where they are joined.

>>> lay = build_layout([(25, -1), (11, 25)])   # 6-4, then 4-1 on its 4 end
>>> [(t["tile"], t["x"], t["y"], t["w"], t["h"], t["ends"]) for t in lay["tiles"]]
[('6-4', -2, -1, 4, 2, [6, 4]), ('4-1', 2, -1, 4, 2, [4, 1])]
>>> [(e["tile"], e["number"], e["counts"]) for e in lay["open_ends"]], lay["ends_total"]
([('6-4', 6, 6), ('4-1', 1, 1)], 7)
"""

from __future__ import annotations

import functools
from typing import Literal

from ludoteca.tiles import ALL_TILES, TILE_TEXT

from .viewtypes import Arm, Bounds, Direction, EndPlace, LaidTile, Layout, OpenEnd, Place, Spinner

__all__ = ["DIRECTION_NAMES", "build_layout"]

# Directions as (dx, dy), screen order: y grows to the south.
EAST, SOUTH, WEST, NORTH = (1, 0), (0, 1), (-1, 0), (0, -1)
DIRECTION_NAMES: dict[tuple[int, int], Direction] = {
    EAST: "east",
    SOUTH: "south",
    WEST: "west",
    NORTH: "north",
}

Vec = tuple[int, int]
Rect = tuple[int, int, int, int]  # x0, y0, x1, y1

_SEARCH_BUDGET = 20000


def _left(d: Vec) -> Vec:
    return (d[1], -d[0])


def _right(d: Vec) -> Vec:
    return (-d[1], d[0])


def _neg(d: Vec) -> Vec:
    return (-d[0], -d[1])


class _Node:
    """One tile of the layout, its logical place and its ports."""

    __slots__ = (
        "children",
        "double",
        "id",
        "index",
        "number",
        "parent",
        "place",
        "port",
        "ports",
    )

    def __init__(self, nid: int, index: int, parent: int, number: int, place: Place, port: int):
        self.id = nid
        self.index = index
        self.double = ALL_TILES[index].is_double
        self.parent = parent
        self.number = number  # the number where it joins its parent (-1: opening)
        self.place = place  # opening, end, side or tip
        self.port = port  # which port of the parent it uses
        # Ports: for a non-double opening tile, 0 = west end (its higher number),
        # 1 = east end; for any other non-double, 0 = its outer end. For a double,
        # 0 = first side, 1 = second side (opening double only), 2 = first tip,
        # 3 = second tip; where each lies on the table is the drawing's choice
        # (see _Placed.phys).
        self.ports: dict[int, int] = {}  # port -> child node id
        self.children: list[int] = []


def _logical(plays: list[tuple[int, int]]) -> list[_Node]:
    """The tree of the layout: which port of which tile each play joins."""
    nodes: list[_Node] = []
    where: dict[int, int] = {}
    for t, x in plays:
        nid = len(nodes)
        if x < 0:
            node = _Node(nid, t, -1, -1, "opening", -1)
        else:
            parent = nodes[where[x]]
            tile_t, tile_x = ALL_TILES[t], ALL_TILES[x]
            shared = tile_x.high if tile_t.has(tile_x.high) else tile_x.low
            place: Place
            if parent.double:
                side_ports = (0, 1) if parent.parent < 0 else (0,)
                free_sides = [p for p in side_ports if p not in parent.ports]
                if free_sides:
                    port, place = free_sides[0], "side"
                else:
                    port = next(p for p in (2, 3) if p not in parent.ports)
                    place = "tip"
            elif parent.parent < 0:
                port, place = (0 if shared == tile_x.high else 1), "end"
            else:
                port, place = 0, "end"
            node = _Node(nid, t, parent.id, shared, place, port)
            parent.ports[port] = nid
            parent.children.append(nid)
        nodes.append(node)
        where[t] = nid
    return nodes


class _Placed:
    """A node laid on the grid."""

    __slots__ = ("heading", "origin", "phys", "rect", "turned")

    def __init__(self, heading: Vec, origin: Vec, rect: Rect, turned: bool, phys: int):
        self.heading = heading  # direction of growth
        self.origin = origin  # midpoint of the edge where it joins its parent
        self.rect = rect
        self.turned = turned
        # Where on its parent it lies: the parent's port for a non-double parent;
        # for a double parent 0 = forward side, 1 = back side (opening double),
        # 2 = left tip, 3 = right tip.
        self.phys = phys


def _rect(origin: Vec, heading: Vec, length: int, width: int) -> Rect:
    cx2 = 2 * origin[0] + heading[0] * length
    cy2 = 2 * origin[1] + heading[1] * length
    if heading[0]:
        hx, hy = length, width
    else:
        hx, hy = width, length
    return ((cx2 - hx) // 2, (cy2 - hy) // 2, (cx2 + hx) // 2, (cy2 + hy) // 2)


def _clash(a: Rect, b: Rect) -> bool:
    """Whether two tiles overlap or touch along an edge (a shared corner is fine)."""
    ox = min(a[2], b[2]) - max(a[0], b[0])
    oy = min(a[3], b[3]) - max(a[1], b[1])
    return ox >= 0 and oy >= 0 and (ox > 0 or oy > 0)


def _port_geometry(node: _Node, placed: _Placed, port: int) -> tuple[Vec, Vec]:
    """Midpoint and outward direction of a (physical) port of a laid tile."""
    h = placed.heading
    ox, oy = placed.origin
    if node.double:
        cx, cy = ox + h[0], oy + h[1]
        if port == 0:
            return (ox + 2 * h[0], oy + 2 * h[1]), h
        if port == 1:
            return (ox, oy), _neg(h)
        d = _left(h) if port == 2 else _right(h)
        return (cx + 2 * d[0], cy + 2 * d[1]), d
    if node.parent < 0 and port == 0:
        return (ox, oy), _neg(h)
    return (ox + 4 * h[0], oy + 4 * h[1]), h


def _phys_choices(nodes: list[_Node], laid: list[_Placed | None], node: _Node) -> list[int]:
    """Where on its parent a tile may lie, preferred first."""
    parent = nodes[node.parent]
    q = node.port
    if not parent.double:
        return [q]
    if q == 0:
        return [0, 1] if parent.parent < 0 else [0]
    if q == 2:
        return [2, 3]
    first = _laid(laid, parent.ports[q - 1]).phys
    return [{0: 1, 1: 0, 2: 3, 3: 2}[first]]


def _candidates(nodes: list[_Node], laid: list[_Placed | None], node: _Node) -> list[_Placed]:
    if node.parent < 0:
        if node.double:
            return [_Placed(EAST, (-1, 0), (-1, -2, 1, 2), False, -1)]
        return [_Placed(EAST, (-2, 0), (-2, -1, 2, 1), False, -1)]
    parent = nodes[node.parent]
    pl = _laid(laid, node.parent)
    length, width = (2, 4) if node.double else (4, 2)
    out = []
    corners = []
    for phys in _phys_choices(nodes, laid, node):
        mid, d = _port_geometry(parent, pl, phys)
        out.append(_Placed(d, mid, _rect(mid, d, length, width), False, phys))
        if phys >= 2:
            # across a double's tip: the near square sits on the tip, the tile
            # reaching out sideways
            sx, sy = mid[0] + d[0], mid[1] + d[1]
            for t in (_left(d), _right(d)):
                origin = (sx - t[0], sy - t[1])
                corners.append(_Placed(t, origin, _rect(origin, t, 4, 2), True, phys))
    out.extend(corners)
    if not parent.double:
        mid, d = _port_geometry(parent, pl, node.port)
        # the open end's square: its centre is one unit back from the port
        cx, cy = mid[0] - d[0], mid[1] - d[1]
        turns = []
        for rank, t in enumerate((_left(d), _right(d))):
            outward = t[0] * cx + t[1] * cy
            turns.append((-outward, rank, t))
        turns.sort()
        for _, _, t in turns:
            # a double lies crosswise to the new way, its side flush against the
            # end square's side and reaching two units past the end
            past = d if node.double else (0, 0)
            origin = (cx + past[0] + t[0], cy + past[1] + t[1])
            out.append(_Placed(t, origin, _rect(origin, t, length, width), True, node.port))
    return out


def _embed(nodes: list[_Node], check: bool) -> list[_Placed] | None:
    """Lay the tiles in play order, searching with conflict-directed backjumping."""
    laid: list[_Placed | None] = [None] * len(nodes)
    budget = [_SEARCH_BUDGET]

    def place(i: int) -> set[int] | None:
        # None: placed (and all later tiles too); else the tiles to blame.
        if i == len(nodes):
            return None
        node = nodes[i]
        # the candidates depend on the parent and, for a double's second side or
        # second tip, on where the first one lies
        blame: set[int] = {node.parent} if node.parent >= 0 else set()
        if node.port in (1, 3) and nodes[node.parent].double:
            blame.add(nodes[node.parent].ports[node.port - 1])
        for cand in _candidates(nodes, laid, node):
            budget[0] -= 1
            if budget[0] < 0:
                return set()
            if check:
                clashing = {
                    j
                    for j in range(i)
                    if j != node.parent and _clash(cand.rect, _laid(laid, j).rect)
                }
                if clashing:
                    blame |= clashing
                    continue
            laid[i] = cand
            later = place(i + 1)
            if later is None:
                return None
            laid[i] = None
            if i not in later:
                return later
            blame |= later - {i}
        return blame

    if place(0) is not None:
        return None
    return [_laid(laid, j) for j in range(len(nodes))]


def _laid(laid: list[_Placed | None], j: int) -> _Placed:
    placed = laid[j]
    assert placed is not None
    return placed


def _ends_shown(node: _Node, placed: _Placed) -> list[int]:
    """The two numbers of a laid tile, west/north half first."""
    tile = ALL_TILES[node.index]
    if node.double:
        return [tile.high, tile.high]
    if node.parent < 0:
        return [tile.high, tile.low]
    near, far = node.number, tile.other(node.number)
    h = placed.heading
    return [near, far] if h in (EAST, SOUTH) else [far, near]


def _arm(nodes: list[_Node], start: int) -> list[int]:
    """The tiles of a line from ``start`` outward (through doubles' forward sides).

    ``start`` is never the opening tile, so port 0 is the outer end of a
    non-double and the forward side of a double.
    """
    out = []
    nid = start
    while True:
        out.append(nid)
        nxt = nodes[nid].ports.get(0)
        if nxt is None:
            return out
        nid = nxt


@functools.lru_cache(maxsize=1024)
def _placed(
    plays: tuple[tuple[int, int], ...],
) -> tuple[list[_Node], list[_Placed], bool]:
    """The nodes of a hand's plays, where each lies, and whether any overlap (the
    search is the costly part of a drawing, and every seat's view of a position
    asks for the same one: the last are kept; nothing changes them once made)."""
    nodes = _logical(list(plays))
    laid = _embed(nodes, check=True)
    overlapping = laid is None
    if laid is None:  # pragma: no cover - not seen in millions of random hands
        laid = _embed(nodes, check=False)
        assert laid is not None
    return nodes, laid, overlapping


def build_layout(plays: list[tuple[int, int]]) -> Layout:
    """The drawing of a hand's layout from its plays.

    ``plays`` lists ``(tile, target)`` by tile index in play order, the opening
    tile with target ``-1``.
    """
    if not plays:
        return {
            "tiles": [],
            "spinners": [],
            "open_ends": [],
            "ends_total": 0,
            "bounds": {"x": 0, "y": 0, "w": 0, "h": 0},
            "overlapping": False,
        }
    nodes, laid, overlapping = _placed(tuple(plays))
    tiles = [_tile_entry(node, pl) for node, pl in zip(nodes, laid, strict=True)]
    by_phys = _children_by_port(nodes, laid)
    open_ends: list[OpenEnd] = []
    spinners: list[Spinner] = []
    for node, pl in zip(nodes, laid, strict=True):
        taken = by_phys[node.id]
        if node.double:
            spinner, ends = _spinner(nodes, node, pl, taken)
            spinners.append(spinner)
            open_ends.extend(ends)
        else:
            open_ends.extend(_line_open_ends(node, pl, taken))
    return {
        "tiles": tiles,
        "spinners": spinners,
        "open_ends": open_ends,
        "ends_total": sum(end["counts"] for end in open_ends),
        "bounds": _bounds(laid),
        "overlapping": overlapping,
    }


def _tile_entry(node: _Node, pl: _Placed) -> LaidTile:
    """One laid tile as the drawing lists it."""
    x0, y0, x1, y1 = pl.rect
    return {
        "id": node.id,
        "tile": TILE_TEXT[node.index],
        "x": x0,
        "y": y0,
        "w": x1 - x0,
        "h": y1 - y0,
        "orientation": "horizontal" if x1 - x0 > y1 - y0 else "vertical",
        "ends": _ends_shown(node, pl),
        "double": node.double,
        "heading": DIRECTION_NAMES[pl.heading],
        "parent": node.parent if node.parent >= 0 else None,
        "joins": node.number if node.number >= 0 else None,
        "place": node.place,
        "turned": pl.turned,
    }


def _children_by_port(nodes: list[_Node], laid: list[_Placed]) -> list[dict[int, int]]:
    """For each tile, its children by the physical port they lie on."""
    by_phys: list[dict[int, int]] = [{} for _ in nodes]
    for node, pl in zip(nodes, laid, strict=True):
        if node.parent >= 0:
            by_phys[node.parent][pl.phys] = node.id
    return by_phys


def _line_open_ends(node: _Node, pl: _Placed, taken: dict[int, int]) -> list[OpenEnd]:
    """The open ends of a non-double (both ends of an opening tile), each counting
    its number."""
    text = TILE_TEXT[node.index]
    ends = []
    for port in (0, 1) if node.parent < 0 else (0,):
        if port in taken:
            continue
        number = _port_number(node, port)
        mid, d = _port_geometry(node, pl, port)
        ends.append(_open_end(node, text, number, "end", mid, d, number))
    return ends


def _spinner(
    nodes: list[_Node], node: _Node, pl: _Placed, taken: dict[int, int]
) -> tuple[Spinner, list[OpenEnd]]:
    """A double's entry among the spinners (its four arms) and its open ends: a
    double counts both its numbers while a side is free, once (on its first open
    side), and its tips open only when both sides are taken."""
    v = ALL_TILES[node.index].high
    text = TILE_TEXT[node.index]
    side_ports = (0, 1) if node.parent < 0 else (0,)
    free_sides = [p for p in side_ports if p not in taken]
    arms: dict[str, Arm] = {}
    if node.parent >= 0:
        arms[DIRECTION_NAMES[_neg(pl.heading)]] = {
            "kind": "side",
            "state": "parent",
            "tiles": [node.parent],
        }
    ends: list[OpenEnd] = []
    counted = False
    for port in (0, 1, 2, 3):
        if port == 1 and node.parent >= 0:
            continue
        mid, d = _port_geometry(node, pl, port)
        kind: Literal["side", "tip"] = "side" if port < 2 else "tip"
        name = DIRECTION_NAMES[d]
        child = taken.get(port)
        if child is not None:
            arms[name] = {"kind": kind, "state": "taken", "tiles": _arm(nodes, child)}
        elif kind == "tip" and free_sides:
            arms[name] = {"kind": kind, "state": "closed", "tiles": []}
        else:
            arms[name] = {"kind": kind, "state": "open", "tiles": []}
            counts = 0
            if kind == "side" and not counted:
                counts, counted = 2 * v, True
            ends.append(_open_end(node, text, v, kind, mid, d, counts))
    spinner: Spinner = {
        "id": node.id,
        "tile": text,
        "counts": 2 * v if free_sides else 0,
        "arms": {
            "north": arms["north"],
            "east": arms["east"],
            "south": arms["south"],
            "west": arms["west"],
        },
    }
    return spinner, ends


def _bounds(laid: list[_Placed]) -> Bounds:
    """The smallest rectangle holding every tile."""
    xs0 = min(p.rect[0] for p in laid)
    ys0 = min(p.rect[1] for p in laid)
    xs1 = max(p.rect[2] for p in laid)
    ys1 = max(p.rect[3] for p in laid)
    return {"x": xs0, "y": ys0, "w": xs1 - xs0, "h": ys1 - ys0}


def _port_number(node: _Node, port: int) -> int:
    tile = ALL_TILES[node.index]
    if node.parent < 0:
        return tile.high if port == 0 else tile.low
    return tile.other(node.number)


def _open_end(
    node: _Node, text: str, number: int, kind: EndPlace, mid: Vec, d: Vec, counts: int
) -> OpenEnd:
    return {
        "target": node.id,
        "tile": text,
        "number": number,
        "place": kind,
        "x": mid[0],
        "y": mid[1],
        "direction": DIRECTION_NAMES[d],
        "counts": counts,
    }
