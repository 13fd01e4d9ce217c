"""Five-Up properties over thousands of random games for 2, 3 and 4 players."""

from __future__ import annotations

import json
import random
from typing import Any

from fiveup_helpers import geometry_ends_total, tiles_on_table
from hypothesis import given
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.fiveup import FiveUp
from ludoteca.tiles import ALL_TILES, TILE_TEXT

SEEDS = st.integers(0, 2**32 - 1)
PLAYERS = st.sampled_from([2, 3, 4])
OPTIONS = st.fixed_dictionaries(
    {
        "exact_61": st.booleans(),
        "later_lead": st.sampled_from(["winner", "clockwise"]),
        "target": st.sampled_from([61, 61, 40]),
    }
)


def new(seed: int, players: int, options: dict[str, Any]) -> FiveUp:
    game = ludoteca.new_game("fiveup", seed=seed, players=players, **options)
    assert isinstance(game, FiveUp)
    return game


def table_tiles(game: FiveUp) -> set[int]:
    return {t for t, _ in game.hand_plays()}


def check_step(game: FiveUp) -> None:
    """Cheap checks after every move."""
    if game.is_over:
        assert game.legal_moves() == []
        return
    if game.to_move == "chance":
        return
    legal = game.legal_actions()
    assert legal, "no legal move before the end"
    hands = game.hand_masks
    stock = game.stock_left
    table = table_tiles(game)
    seen = [t for h in hands for t in range(28) if h >> t & 1] + list(stock) + sorted(table)
    assert sorted(seen) == list(range(28)), "the 28 tiles are not all there exactly once"
    reserve = 2 if game.num_seats == 4 else 1
    assert len(stock) >= reserve
    moves = game.legal_moves()
    if moves == ["draw"]:
        assert len(stock) > reserve
    elif moves == ["pass"]:
        assert len(stock) == reserve
    else:
        assert all(m.startswith("play ") for m in moves)


def check_layout(game: FiveUp) -> None:
    """The drawing agrees with the engine, recomputed from geometry alone."""
    view = game.view(None)
    layout = view["layout"]
    total = geometry_ends_total(layout)
    assert total == game.core.ends == layout["ends_total"]
    assert sum(e["counts"] for e in layout["open_ends"]) == total
    assert not layout["overlapping"]
    assert tiles_on_table(layout) == table_tiles(game)
    if game.to_move in range(game.num_seats) and layout["tiles"]:
        # the plays allowed are exactly the hand's tiles on the open ends shown
        seat = game.to_move
        assert isinstance(seat, int)
        hand = [ALL_TILES[t] for t in range(28) if game.hand_masks[seat] >> t & 1]
        expected = {
            f"play {tile} on {end['tile']}"
            for tile in hand
            for end in layout["open_ends"]
            if tile.has(end["number"])
        }
        plays = {m for m in game.legal_moves() if m.startswith("play")}
        assert plays == expected


def check_scores(game: FiveUp) -> None:
    result = game.result()
    totals = [0] * len(result["sides"])
    for event in result["events"]:
        assert event["points"] > 0
        if event["scored"]:
            totals[event["side"]] += event["points"]
        assert event["scores"] == [totals[k] for k in range(len(totals))], (
            "an event's running scores disagree"
        )
    assert totals == result["scores"]


def random_game(seed: int, players: int, options: dict[str, Any], layout_every: int) -> FiveUp:
    """A random game, chance drawn by hand so each finished hand's table can be seen."""
    game = ludoteca.new_game("fiveup", seed=seed, players=players, chance="manual", **options)
    assert isinstance(game, FiveUp)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        if game.to_move == "chance":
            if game.hand_start >= 0:
                check_layout(game)  # the hand just ended: its final table
            game.play(game.sample_chance(rng))
            continue
        game.apply_action(rng.choice(game.legal_actions()))
        steps += 1
        check_step(game)
        if steps % layout_every == 0:
            check_layout(game)
    check_layout(game)
    check_scores(game)
    return game


@given(SEEDS, PLAYERS, OPTIONS)
def test_random_games_keep_every_invariant(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    game = random_game(seed, players, options, layout_every=15)
    result = game.result()
    assert result["over"] and result["winner"] is not None
    target = options["target"]
    if options["exact_61"]:
        assert result["scores"][result["winner"]] == target
    assert sum(s >= target for s in result["scores"]) == 1
    # replay reproduces the game, its result and every view
    replayed = ludoteca.replay(json.loads(json.dumps(game.record())))
    assert replayed.moves == game.moves and replayed.result() == result
    for seat in [None, *range(players)]:
        assert replayed.view(seat) == game.view(seat)


def visible_now(view: dict[str, Any], hand_start: int) -> str:
    """The part of a view about the hand under way, as text."""
    current = {
        k: v
        for k, v in view.items()
        if k not in ("hands_played", "events", "first_leader_draw", "log")
    }
    current["log"] = view["log"][hand_start:]
    return json.dumps(current)


def tile_texts(t: int) -> tuple[str, str]:
    tile = ALL_TILES[t]
    return (f"{tile.high}-{tile.low}", f"{tile.low}-{tile.high}")


@given(SEEDS, PLAYERS)
def test_views_never_leak(seed: int, players: int) -> None:
    game = new(seed, players, {"target": 40})
    rng = random.Random(seed)
    while not game.is_over:
        game.apply_action(rng.choice(game.legal_actions()))
        if rng.random() > 0.04 or not game.hand_hidden():
            continue
        stock = set(game.stock_left)
        for seat in [None, *range(players)]:
            view = game.view(seat)
            own = game.hand_masks[seat] if seat is not None else 0
            hidden = stock | {
                t
                for p in range(players)
                if p != seat
                for t in range(28)
                if game.hand_masks[p] >> t & 1
            }
            text = visible_now(view, game.hand_start)
            for t in hidden:
                for written in tile_texts(t):
                    assert written not in text, f"seat {seat} sees {written}"
            assert view["hand"] == [TILE_TEXT[t] for t in range(27, -1, -1) if own >> t & 1]
            assert view["hand_sizes"] == [h.bit_count() for h in game.hand_masks]
            assert view["stock_size"] == len(stock)
            deal = view["log"][game.hand_start]
            assert deal.endswith("| stock ?")
            assert deal.count("?") == players - (seat is not None) + 1


@given(SEEDS, PLAYERS, OPTIONS)
def test_fast_playouts_follow_the_rules(seed: int, players: int, options: dict[str, Any]) -> None:
    # a play-out from a random position, replayed move by move through the public API
    game = ludoteca.new_game("fiveup", seed=seed, players=players, chance="manual", **options)
    assert isinstance(game, FiveUp)
    rng = random.Random(seed)
    steps = rng.randrange(60)
    while steps and not game.is_over:
        if game.to_move == "chance":
            game.play(game.sample_chance(rng))
        else:
            game.play(rng.choice(game.legal_moves()))
        steps -= 1
    before = game.moves
    trace: list[int | str] = []
    scores, hands = game.random_playout(rng, trace)
    assert game.moves == before  # untouched
    for move in trace:
        game.play(move if isinstance(move, str) else game.action_to_move(move))
    assert game.is_over and game.result()["scores"] == scores
    assert hands == sum(1 for m in trace if isinstance(m, str) and m.startswith("deal"))


def test_thousands_of_hands_tile_conservation_and_legality() -> None:
    # a plain sweep beside the Hypothesis ones: 300 games, every move checked
    hands = 0
    for seed in range(300):
        players = 2 + seed % 3
        game = new(seed, players, {})
        rng = random.Random(seed)
        while not game.is_over:
            game.fast.apply(rng.choice(game.legal_actions()))
            check_step(game)
        check_scores(game)
        hands += game.view()["hand_number"]
    assert hands > 3000
