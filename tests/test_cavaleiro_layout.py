"""Cavaleiro's figure as data: the option ``layout``, its forms, errors and geometry."""

from __future__ import annotations

import gc
import itertools
import json
import tracemalloc
from typing import Any

import pytest

import ludoteca
from ludoteca import InvalidOption
from ludoteca.games.cavaleiro import DEFAULT_LAYOUT, Layout, parse_layout


def test_default_is_the_rules_figure() -> None:
    fig = parse_layout(DEFAULT_LAYOUT)
    assert fig.blocks == ((3, 3, 3),) * 3
    assert fig.horizontals == 3
    assert fig.total == 30 and fig.verticals == 27
    assert fig.block_sizes == (9, 9, 9)
    assert fig.column_block == (0, 0, 0, 1, 1, 1, 2, 2, 2)
    game = ludoteca.new_game("cavaleiro")
    assert game.options["layout"] == "3x3x3+3"


@pytest.mark.parametrize(
    ("written", "blocks", "horizontals"),
    [
        ("3x3x3+3", [[3, 3, 3]] * 3, 3),
        ("333/333/333+3", [[3, 3, 3]] * 3, 3),
        ("3,3,3 / 3,3,3 / 3,3,3 + 3", [[3, 3, 3]] * 3, 3),
        ("2x4x2+1", [[2, 2, 2, 2]] * 2, 1),
        ("1x1x1+0", [[1]], 0),
        ("23/4+2", [[2, 3], [4]], 2),
        ({"blocks": [[2, 3], [4]], "horizontals": 2}, [[2, 3], [4]], 2),
        ({"blocks": ((1,),), "horizontals": 0}, [[1]], 0),
    ],
)
def test_forms(written: Any, blocks: list[list[int]], horizontals: int) -> None:
    fig = parse_layout(written)
    assert [list(b) for b in fig.blocks] == blocks
    assert fig.horizontals == horizontals
    assert parse_layout(fig.text) == fig
    assert parse_layout(fig) == fig


def test_canonical_text() -> None:
    assert parse_layout("333/333/333+3").text == "3x3x3+3"
    assert parse_layout("33/33+1").text == "2x2x3+1"
    assert parse_layout("32/33+1").text == "32/33+1"
    assert parse_layout("3/33+1").text == "3/33+1"


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("3x3x3", r"must end with \+K"),
        ("3x3+3", "three digits joined by 'x'"),
        ("3x3x10+3", "three digits joined by 'x'"),
        ("0x3x3+3", "at least one block"),
        ("3x0x3+3", "at least one block"),
        ("3x3x0+3", "1 to 9 verticals, not 0"),
        ("3x3x3+12", "must be one digit"),
        ("3x3x3+", "must be one digit"),
        ("333/+3", "block 2 is ''"),
        ("3a3/333+3", "block 1 is '3a3'"),
        ("1/1/1/1/1/1/1/1/1/1+0", "10 blocks"),
        ("1234567891+0", "10 columns"),
        ({"blocks": [[3]]}, "exactly the keys"),
        ({"blocks": [[3]], "horizontals": 1, "x": 1}, "exactly the keys"),
        ({"blocks": "333", "horizontals": 1}, "list of lists"),
        ({"blocks": [3, 3], "horizontals": 1}, "list of lists"),
        ({"blocks": [[3, 2.5]], "horizontals": 1}, "whole number"),
        ({"blocks": [[3]], "horizontals": True}, "whole number"),
        ({"blocks": [[3]], "horizontals": -1}, "0 to 9 horizontals"),
        ({"blocks": [], "horizontals": 1}, "no block"),
        ({"blocks": [[]], "horizontals": 1}, "block 1 has no column"),
        (33, "text or an object"),
    ],
)
def test_bad_layouts_say_why_and_how_to_write_one(bad: Any, says: str) -> None:
    with pytest.raises(InvalidOption, match=says) as err:
        parse_layout(bad)
    assert "3x3x3+3" in str(err.value) and "333/333/333+3" in str(err.value)
    with pytest.raises(InvalidOption, match=says):
        ludoteca.new_game("cavaleiro", layout=bad)


def test_option_is_stored_canonical_and_the_record_replays() -> None:
    game = ludoteca.new_game(
        "cavaleiro", seed=3, players=3, layout={"blocks": [[2, 2], [1]], "horizontals": 1}
    )
    assert game.options["layout"] == "22/1+1"
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    record = json.loads(json.dumps(game.record()))
    assert record["options"] == {"players": 3, "layout": "22/1+1"}
    again = ludoteca.replay(record)
    assert again.moves == game.moves and again.result() == game.result()


def test_action_space_follows_the_layout() -> None:
    game = ludoteca.new_game("cavaleiro", layout="23/4+2")
    # pass, horizontals, horizontal, 2 blocks, 3 columns x up to 4 sticks
    assert game.num_actions == 3 + 2 + 3 * 4
    texts = [game.action_to_move(a) for a in range(game.num_actions)]
    assert texts[:5] == [
        "pass",
        "remove horizontals",
        "remove horizontal",
        "remove block 1",
        "remove block 2",
    ]
    assert "remove 4 from column 3" in texts and "remove 1 from column 1" in texts
    default = ludoteca.new_game("cavaleiro")
    assert default.num_actions == 3 + 3 + 9 * 3


def test_geometry_draws_columns_in_blocks_and_horizontals_above() -> None:
    fig = parse_layout("3x3x3+3")
    sticks = fig.sticks()
    assert len(sticks) == 30
    assert [s["id"] for s in sticks] == list(range(30))
    verticals = [s for s in sticks if s["kind"] == "vertical"]
    horizontals = [s for s in sticks if s["kind"] == "horizontal"]
    assert len(verticals) == 27 and len(horizontals) == 3
    for s in verticals:
        assert s["x1"] == s["x2"] and s["y2"] - s["y1"] == 1 and s["y1"] == s["row"]
    for s in horizontals:
        assert s["y1"] == s["y2"] > 3 and s["x2"] - s["x1"] == 1
    xs = sorted({s["x1"] for s in verticals})
    assert len(xs) == 9
    gaps = [round(b - a, 6) for a, b in itertools.pairwise(xs)]
    # columns of a block stand closer together than two blocks
    assert gaps == [0.5, 0.5, 1.0, 0.5, 0.5, 1.0, 0.5, 0.5]
    assert {s["column"] for s in verticals if s["block"] == 2} == {4, 5, 6}
    # no two sticks lie on the same spot
    spots = {(s["x1"], s["y1"], s["x2"], s["y2"]) for s in sticks}
    assert len(spots) == 30


def test_layout_is_frozen_data() -> None:
    fig = parse_layout("3x3x3+3")
    assert isinstance(fig, Layout)
    assert fig.as_json() == {
        "text": "3x3x3+3",
        "blocks": [[3, 3, 3]] * 3,
        "horizontals": 3,
        "total": 30,
    }


def test_games_on_many_figures_keep_only_a_few_figures_tables() -> None:
    # 100 figures of 30 sticks, each new: kept for ever, their tables would hold megabytes
    figures = [
        f"{a}{b}{c}/{d}{e}3/333+{h}"
        for a, b, c, d, e, h in itertools.product(
            (1, 2, 3), (1, 2, 3), (1, 2, 3), (1, 2), (1, 2, 3), (0, 1)
        )
    ][:100]
    ludoteca.new_game("cavaleiro", seed=1).view(0)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for figure in figures:
            game = ludoteca.new_game("cavaleiro", seed=1, layout=figure)
            game.view(0)
        del game
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 1_000_000, f"{kept:,} bytes kept after games on {len(figures)} figures"
