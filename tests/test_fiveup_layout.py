"""The Five-Up layout as geometry: positions, orientation, spinner arms, open ends."""

from __future__ import annotations

from typing import Any

import pytest
from fiveup_helpers import geometry_ends_total, start

from ludoteca.games.fiveup.layout import build_layout
from ludoteca.tiles import tile_index


def lay(*plays: str) -> dict[str, Any]:
    """Layout of plays written "6-4" (the opening) then "4-1 on 6-4", …"""
    out = []
    for p in plays:
        tile, _, target = p.partition(" on ")
        out.append((tile_index(tile), tile_index(target) if target else -1))
    return build_layout(out)


def boxes(layout: dict[str, Any]) -> list[tuple[str, int, int, int, int, list[int], str]]:
    return [
        (t["tile"], t["x"], t["y"], t["w"], t["h"], t["ends"], t["heading"])
        for t in layout["tiles"]
    ]


def ends(layout: dict[str, Any]) -> list[tuple[str, int, str, int, int, str, int]]:
    return [
        (e["tile"], e["number"], e["place"], e["x"], e["y"], e["direction"], e["counts"])
        for e in layout["open_ends"]
    ]


def test_empty_table() -> None:
    layout = build_layout([])
    assert layout["tiles"] == [] and layout["ends_total"] == 0 and layout["open_ends"] == []


def test_opening_non_double_lies_east_west_higher_number_west() -> None:
    layout = lay("6-4")
    assert boxes(layout) == [("6-4", -2, -1, 4, 2, [6, 4], "east")]
    assert layout["tiles"][0]["orientation"] == "horizontal"
    assert ends(layout) == [("6-4", 6, "end", -2, 0, "west", 6), ("6-4", 4, "end", 2, 0, "east", 4)]
    assert layout["ends_total"] == 10 and layout["spinners"] == []


def test_lines_grow_both_ways_numbers_matching() -> None:
    layout = lay("6-4", "4-1 on 6-4", "6-2 on 6-4", "2-2 on 6-2")
    assert boxes(layout) == [
        ("6-4", -2, -1, 4, 2, [6, 4], "east"),
        ("4-1", 2, -1, 4, 2, [4, 1], "east"),
        ("6-2", -6, -1, 4, 2, [2, 6], "west"),  # going west: the 6 is on its east half
        ("2-2", -8, -2, 2, 4, [2, 2], "west"),  # crosswise
    ]
    assert layout["tiles"][3]["orientation"] == "vertical"
    assert layout["ends_total"] == 1 + 4 == geometry_ends_total(layout)


def test_opening_double_stands_crosswise_sides_first_then_tips() -> None:
    layout = lay("5-5")
    assert boxes(layout) == [("5-5", -1, -2, 2, 4, [5, 5], "east")]
    # both sides open, the double counting once; the tips closed
    assert ends(layout) == [
        ("5-5", 5, "side", 1, 0, "east", 10),
        ("5-5", 5, "side", -1, 0, "west", 0),
    ]
    arms = layout["spinners"][0]["arms"]
    assert {d: a["state"] for d, a in arms.items()} == {
        "north": "closed",
        "east": "open",
        "south": "closed",
        "west": "open",
    }
    layout = lay("5-5", "5-0 on 5-5", "5-4 on 5-5", "5-2 on 5-5", "5-3 on 5-5", "0-1 on 5-0")
    assert boxes(layout) == [
        ("5-5", -1, -2, 2, 4, [5, 5], "east"),
        ("5-0", 1, -1, 4, 2, [5, 0], "east"),  # first side: east
        ("5-4", -5, -1, 4, 2, [4, 5], "west"),  # second side: west
        ("5-2", -1, -6, 2, 4, [2, 5], "north"),  # first tip: the left one, north
        ("5-3", -1, 2, 2, 4, [5, 3], "south"),  # second tip: south
        ("1-0", 5, -1, 4, 2, [0, 1], "east"),
    ]
    assert [t["place"] for t in layout["tiles"]] == ["opening", "side", "side", "tip", "tip", "end"]
    spinner = layout["spinners"][0]
    assert spinner["counts"] == 0
    assert {d: (a["kind"], a["state"], a["tiles"]) for d, a in spinner["arms"].items()} == {
        "north": ("tip", "taken", [3]),
        "east": ("side", "taken", [1, 5]),
        "south": ("tip", "taken", [4]),
        "west": ("side", "taken", [2]),
    }
    assert layout["ends_total"] == 1 + 4 + 2 + 3 == geometry_ends_total(layout)


def test_a_double_on_a_line_has_its_parent_one_side_then_tips() -> None:
    layout = lay("6-4", "4-4 on 6-4")
    spinner = layout["spinners"][0]
    assert spinner["tile"] == "4-4" and spinner["counts"] == 8
    assert {d: a["state"] for d, a in spinner["arms"].items()} == {
        "north": "closed",
        "east": "open",
        "south": "closed",
        "west": "parent",
    }
    assert ends(layout)[-1] == ("4-4", 4, "side", 4, 0, "east", 8)
    layout = lay("6-4", "4-4 on 6-4", "4-2 on 4-4", "4-1 on 4-4")
    tips = [e for e in layout["open_ends"] if e["place"] == "tip"]
    assert [(e["direction"], e["counts"]) for e in tips] == [("south", 0)]
    assert boxes(layout)[3] == ("4-1", 2, -6, 2, 4, [1, 4], "north")
    assert layout["ends_total"] == 6 + 2 + 1 + 0 == geometry_ends_total(layout)


def test_open_end_counts_add_up_to_the_total() -> None:
    layout = lay("3-3", "3-2 on 3-3")
    # the double's free side carries its count (6), then 3-2's open end
    assert [e["counts"] for e in layout["open_ends"]] == [6, 2]
    assert layout["ends_total"] == 8 == geometry_ends_total(layout)


# Real hands whose lines had to turn to keep clear of other tiles.
TURNS = {
    "a tile turns at a double's tip": [
        "6-2",
        "2-2 on 6-2",
        "2-0 on 2-2",
        "2-1 on 2-2",
        "0-0 on 2-0",
        "1-0 on 0-0",
        "4-2 on 2-2",
        "6-1 on 2-1",
        "6-0 on 0-0",
        "4-4 on 4-2",
        "4-0 on 4-4",
        "6-6 on 6-1",
        "4-3 on 4-4",
        "3-0 on 0-0",
    ],
    "a double at a corner": [
        "5-5",
        "6-5 on 5-5",
        "5-3 on 5-5",
        "6-6 on 6-5",
        "6-2 on 6-6",
        "6-4 on 6-6",
        "4-4 on 6-4",
        "6-1 on 6-6",
        "5-0 on 5-5",
        "3-3 on 5-3",
        "4-0 on 4-4",
        "4-3 on 4-4",
        "6-3 on 4-3",
        "3-2 on 6-2",
        "4-2 on 4-4",
        "0-0 on 5-0",
        "2-2 on 4-2",
    ],
    "a line turns": [
        "1-1",
        "4-1 on 1-1",
        "6-4 on 4-1",
        "6-6 on 6-4",
        "2-1 on 1-1",
        "6-5 on 6-6",
        "3-1 on 1-1",
        "6-2 on 2-1",
        "6-0 on 6-6",
        "0-0 on 6-0",
        "5-3 on 3-1",
        "2-0 on 0-0",
        "5-4 on 5-3",
        "5-2 on 2-0",
        "6-3 on 6-6",
        "4-0 on 0-0",
        "4-3 on 4-0",
    ],
    "a first tip takes the right side": [
        "3-3",
        "3-2 on 3-3",
        "4-3 on 3-3",
        "2-2 on 3-2",
        "4-4 on 4-3",
        "3-0 on 3-3",
        "2-1 on 2-2",
        "1-0 on 2-1",
        "6-2 on 2-2",
        "0-0 on 1-0",
        "6-6 on 6-2",
        "6-4 on 6-6",
        "6-1 on 6-6",
    ],
}


@pytest.mark.parametrize("name", list(TURNS))
def test_crowded_layouts_turn_and_never_touch(name: str) -> None:
    plays = TURNS[name]
    for k in range(1, len(plays) + 1):
        layout = lay(*plays[:k])
        # no overlap, no touching but where joined, numbers agree, the total holds
        assert geometry_ends_total(layout) == layout["ends_total"]
        assert not layout["overlapping"]
    tiles = layout["tiles"]
    turned = [t for t in tiles if t["turned"]]
    if name == "a double at a corner":
        assert any(t["double"] for t in turned)
    elif name == "a tile turns at a double's tip":
        assert any(tiles[t["parent"]]["double"] for t in turned)
    elif name == "a line turns":
        assert any(not tiles[t["parent"]]["double"] and not t["double"] for t in turned)
    else:
        # 6-6 heads north; its left tip (west) has no room next to 3-0's line, so
        # its first tip tile (6-1) takes the right one, east
        six = next(t for t in tiles if t["tile"] == "6-6")
        first_tip = next(t for t in tiles if t["tile"] == "6-1")
        assert six["heading"] == "north" and not six["turned"]
        assert first_tip["place"] == "tip" and first_tip["parent"] == six["id"]
        assert first_tip["heading"] == "east"
        arms = next(sp for sp in layout["spinners"] if sp["tile"] == "6-6")["arms"]
        assert arms["west"]["state"] == "open" and arms["east"]["tiles"] == [first_tip["id"]]


def test_view_layout_matches_the_engine_after_each_play() -> None:
    game = start(["6-4 4-2 4-1 0-0 1-1", "4-4 4-3 3-3 2-2 6-6"])
    totals = []
    for move in ["play 6-4", "play 4-4 on 6-4", "play 4-2 on 4-4", "play 4-3 on 4-4"]:
        game.play(move)
        layout = game.view(0)["layout"]
        assert geometry_ends_total(layout) == layout["ends_total"]
        totals.append(layout["ends_total"])
    assert totals == [10, 14, 8, 11]
    assert game.view(0)["layout"] == game.view(1)["layout"] == game.view(None)["layout"]
    bounds = game.view()["layout"]["bounds"]
    assert bounds == {"x": -2, "y": -6, "w": 10, "h": 8}
