"""Texas 42 properties over thousands of random games."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.texas42 import Texas42
from ludoteca.games.texas42.core import PLAY
from ludoteca.tiles import FULL_MASK, TILE_TEXT, indices_of

OPTIONS = st.fixed_dictionaries(
    {
        "scoring": st.sampled_from(["marks", "points"]),
        "all_pass": st.sampled_from(["redeal", "forced"]),
        "play_out": st.booleans(),
        "nello": st.booleans(),
        "plunge": st.booleans(),
        "splash": st.booleans(),
        "sevens": st.booleans(),
    }
)


def played_mask(game: Texas42) -> int:
    m = 0
    for trick in game.core.tricks:
        for _, t in trick.plays:
            m |= 1 << t
    for _, t in game.core.trick:
        m |= 1 << t
    return m


def check_step(game: Texas42) -> None:
    """Invariants that hold after every move."""
    if not game.is_over:
        assert game.legal_moves(), "no legal move before the end"
    if game.core.deciding:  # a hand is in progress
        hands = game.hand_masks
        union = 0
        for h in hands:
            assert union & h == 0
            union |= h
        played = played_mask(game)
        assert union & played == 0
        assert union | played == FULL_MASK, "tiles lost or duplicated"


def check_hand_points(game: Texas42) -> None:
    for hand in game.result()["hands"]:
        if hand["all_passed"]:
            continue
        total = sum(hand["points"])
        if hand["tricks_played"] == 7 and hand["contract"] != "nello":
            assert total == 42
        elif hand["contract"] != "nello":
            assert total == hand["tricks_played"] + sum(
                _count(p["tile"]) for tr in hand["tricks"] for p in tr["plays"]
            )


def _count(tile: str) -> int:
    return {"5-5": 10, "6-4": 10, "5-0": 5, "4-1": 5, "3-2": 5}.get(tile, 0)


def check_views(game: Texas42) -> None:
    for seat in range(4):
        view = game.view(seat)
        assert view["hand"] == sorted(
            (TILE_TEXT[t] for t in indices_of(game.hand_masks[seat])),
            key=lambda s: -ludoteca.Tile.parse(s).index,
        )
        hidden = set()
        for other in range(4):
            if other != seat:
                hidden |= {TILE_TEXT[t] for t in indices_of(game.hand_masks[other])}
        for entry in view["log"]:
            if entry.startswith("deal "):
                parts = entry[5:].split(" | ")
                assert all(p == "?" for i, p in enumerate(parts) if i != seat)
        # tiles from earlier hands and from the draw for dealer are public history
        current = {
            k: v
            for k, v in view.items()
            if k not in ("log", "hands_played", "first_dealer_draws", "events")
        }
        # this hand's events show only what was played
        deal = max(i for i, m in enumerate(game.moves) if m.startswith("deal "))
        current["events"] = [e for e in view["events"] if e["n"] > deal]
        text = json.dumps(current)
        for tile in hidden:
            assert f'"{tile}"' not in text and f" {tile}" not in text, (seat, tile)


def play_random(seed: int, options: dict[str, Any], *, each_step: bool) -> Texas42:
    game = ludoteca.new_game("texas42", seed=seed, **options)
    assert isinstance(game, Texas42)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply_action(rng.choice(game.legal_actions()))
        if each_step:
            check_step(game)
            if game.core.phase == PLAY and rng.random() < 0.1:
                check_views(game)
    return game


@settings(max_examples=300)
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_invariants_at_every_step(seed: int, options: dict[str, Any]) -> None:
    game = play_random(seed, options, each_step=True)
    check_hand_points(game)
    again = ludoteca.replay(game.record())
    assert again.moves == game.moves
    assert again.result() == game.result()
    assert again.view(0) == game.view(0)


@settings(max_examples=1500)
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_thousands_of_games_replay_and_count_42(seed: int, options: dict[str, Any]) -> None:
    game = play_random(seed, options, each_step=False)
    check_hand_points(game)
    result = game.result()
    assert result["over"] and result["winner"] in (0, 1)
    target = 7 if options["scoring"] == "marks" else 250
    assert max(result["scores"]) >= target
    assert ludoteca.replay(game.record()).result() == result
