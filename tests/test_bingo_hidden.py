"""Bingo resampling of hidden information: consistent with all a seat saw, and uniform."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import pytest
from bingo_helpers import dealt, play

import ludoteca
from ludoteca import IllegalMove
from ludoteca.games.bingo import Bingo
from ludoteca.tiles import DOUBLES_MASK, TILE_TEXT, indices_of

Key = tuple[int, tuple[int, ...]]


def deal_entry(dealt_masks: list[int], up: int, stock: list[int]) -> str:
    hands = [
        " ".join(TILE_TEXT[t] for t in sorted(indices_of(m), reverse=True)) for m in dealt_masks
    ]
    return f"deal {hands[0]} | {hands[1]} | up {TILE_TEXT[up]} | stock " + " ".join(
        TILE_TEXT[t] for t in stock
    )


def with_last_deal(record: dict[str, Any], entry: str) -> dict[str, Any]:
    moves = list(record["moves"])
    last = max(i for i, m in enumerate(moves) if m.startswith("deal "))
    moves[last] = entry
    return {**record, "moves": moves}


def seen_the_same(game: Bingo, seat: int, record: dict[str, Any]) -> bool:
    """Whether ``record`` replays and shows ``seat`` exactly what ``game`` shows it."""
    try:
        other = ludoteca.replay(record)
    except IllegalMove:
        return False
    return other.view(seat) == game.view(seat)


def opponent_draw_positions(game: Bingo, seat: int) -> list[int]:
    positions = []
    for r, (_trick, first) in enumerate(game.core.draw_log):
        positions.append(2 * r + (0 if first == 1 - seat else 1))
    if game.core.hidden_to == 1 - seat:
        positions.append(12)
    return positions


def key_of(game: Bingo, seat: int) -> Key:
    return game.core.dealt[1 - seat], tuple(
        game.core.stock[p] for p in opponent_draw_positions(game, seat)
    )


def brute_force_support(game: Bingo, seat: int) -> tuple[set[Key], int]:
    """Every (opponent's dealt hand, tiles of the opponent's draws) that replays to the same
    view for ``seat``, tried one by one without the sampler's reasoning; and how many
    candidates were tried."""
    opp = 1 - seat
    record = game.record()
    up = game.core.trump_tile
    draws = opponent_draw_positions(game, seat)
    seat_positions = [p for p in range(game.core.drawn) if p not in draws]
    known = game.core.dealt[seat] | (1 << up)
    for p in seat_positions:
        known |= 1 << game.core.stock[p]
    pool = [t for t in range(28) if not known >> t & 1]
    view = game.view(seat)
    revealed = set()
    for trick in [*view["tricks"], {"plays": view["trick"], "shown": []}]:
        for p in trick["plays"]:
            if p["seat"] == opp:
                revealed.add(TILE_TEXT.index(p["tile"]))
    revealed |= {TILE_TEXT.index(t) for t in view["shown"][opp]}
    revealed &= set(pool)
    unknown_held = game.core.hands[opp].bit_count() - len(view["known_held"][opp])
    hidden = [t for t in pool if t not in revealed]
    support: set[Key] = set()
    tried = 0
    for held in itertools.combinations(hidden, unknown_held):
        mine = sorted(revealed | set(held))
        if len(mine) != 7 + len(draws):
            continue
        for drawn in itertools.permutations(mine, len(draws)):
            opp_dealt = sum(1 << t for t in mine if t not in drawn)
            stock = list(game.core.stock)
            for p, t in zip(draws, drawn, strict=True):
                stock[p] = t
            rest = iter(sorted(t for t in pool if t not in mine))
            for p in range(13):
                if p not in draws and p not in seat_positions:
                    stock[p] = next(rest)
            masks = [0, 0]
            masks[seat], masks[opp] = game.core.dealt[seat], opp_dealt
            entry = deal_entry(masks, up, stock)
            tried += 1
            if seen_the_same(game, seat, with_last_deal(record, entry)):
                support.add((opp_dealt, drawn))
    return support, tried


def position(seed: int, close_at: int, stop_at: int, shows: bool = False) -> Bingo:
    """A random hand: the leader closes at trick ``close_at`` (0: at once); seat 1 shows
    whenever it can if ``shows``; stop when seat 1 holds ``stop_at`` tiles at a lead."""
    rng = random.Random(seed)
    game = ludoteca.new_game("bingo", seed=seed)
    assert isinstance(game, Bingo)
    while True:
        moves = game.legal_moves()
        if game.core.phase == 2 and len(game.core.tricks) == close_at and "close" in moves:
            game.play("close")
            continue
        if (
            game.core.phase == 2
            and game.core.hands[1].bit_count() <= stop_at
            and game.core.closed_by >= 0
        ):
            return game
        show = [m for m in moves if m.endswith("show")]
        if shows and game.to_move == 1 and show:
            game.play(rng.choice(show))
        else:
            game.play(rng.choice(moves))
        if game.core.hand_no > 1 or game.is_over:
            rng = random.Random(rng.random())
            game = ludoteca.new_game("bingo", seed=rng.randrange(10**9))
            assert isinstance(game, Bingo)


# ------------------------------------------------------------------- consistency


@pytest.mark.parametrize("seed", range(60))
def test_samples_would_have_allowed_every_move(seed: int) -> None:
    rng = random.Random(seed)
    game = ludoteca.new_game("bingo", seed=seed, blanks_as_seven=seed % 5 == 0)
    assert isinstance(game, Bingo)
    for _ in range(rng.randrange(1, 160)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    seat = seed % 2
    for _ in range(4):
        sample = game.sample_hidden(seat, rng)
        assert isinstance(sample, Bingo)
        assert sample.hand_masks[seat] == game.core.hands[seat]
        assert [h.bit_count() for h in sample.hand_masks] == [
            h.bit_count() for h in game.core.hands
        ]
        # the sample's record replays to the very same state, as this seat sees it
        again = ludoteca.replay(sample.record())
        assert again.view(seat) == game.view(seat) == sample.view(seat)
        assert again.hand_masks == sample.hand_masks and again.stock_left == sample.stock_left
        decisions = [m for m in game.moves if not m.startswith("deal ")]
        assert [m for m in sample.moves if not m.startswith("deal ")] == decisions
        # and it plays on to the end through the normal API
        while not sample.is_over:
            sample.play(rng.choice(sample.legal_moves()))


def test_sample_future_chance_comes_from_the_given_generator() -> None:
    game = ludoteca.new_game("bingo", seed=3)
    game.play(game.legal_moves()[0])
    a = game.sample_hidden(0, random.Random(1))
    b = game.sample_hidden(0, random.Random(1))
    c = game.sample_hidden(0, random.Random(2))
    assert a.moves == b.moves and a.seed == b.seed
    assert a.seed != game.seed != c.seed


def test_a_show_reveals_every_double_so_samples_hold_no_other() -> None:
    # seat 1 leads 6-6 and shows 5-5: it held no other double then (before any draw)
    game = dealt("6-5 6-4 6-3 5-4 5-3 4-3 0-0", "6-6 5-5 4-2 3-1 2-0 2-1 1-0", "6-1", leader=1)
    play(game, "play 6-6 show", "play 6-5")
    rng = random.Random(0)
    for _ in range(300):
        sample = game.sample_hidden(0, rng)
        assert sample.core.dealt[1] & DOUBLES_MASK == (1 << 27) | (1 << 20)  # 6-6 and 5-5


def test_failing_to_follow_leaves_those_tiles_in_the_stock() -> None:
    # closed at once; seat 1 answers 6-4 with 1-0: it holds no 6, no 4 and no trump (2)
    game = dealt("6-4 6-6 6-5 6-3 5-4 5-3 4-3", "1-0 1-1 3-1 3-3 5-5 5-1 5-0", "2-1")
    play(game, "close", "play 6-4", "play 1-0")
    banned = [t for t in range(28) if {TILE_TEXT[t][0], TILE_TEXT[t][2]} & {"6", "4", "2"}]
    rng = random.Random(1)
    for _ in range(300):
        sample = game.sample_hidden(0, rng)
        assert not any(sample.hand_masks[1] >> t & 1 for t in banned)


def test_bad_seat() -> None:
    game = ludoteca.new_game("bingo", seed=1)
    with pytest.raises(ValueError, match="seats are 0 and 1"):
        game.sample_hidden(2, random.Random(0))


# ------------------------------------------------------------------- uniformity


def chi_square_uniform(game: Bingo, seat: int, support: set[Key], per_cell: int) -> None:
    rng = random.Random(12345)
    n = per_cell * len(support)
    counts: Counter[Key] = Counter()
    for _ in range(n):
        sample = game.sample_hidden(seat, rng)
        assert isinstance(sample, Bingo)
        counts[key_of(sample, seat)] += 1
    assert set(counts) <= support
    expected = n / len(support)
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in support)
    df = len(support) - 1
    assert chi2 < df + 4 * math.sqrt(2 * df), (chi2, df)


@pytest.mark.parametrize(
    ("close_at", "shows"),
    [(0, False), (1, False), (1, True)],
    ids=["closed-at-once", "one-draw-then-closed", "shows-and-a-draw"],
)
def test_samples_are_uniform_over_consistent_deals(close_at: int, shows: bool) -> None:
    # small late positions where the follow rule (and a show) rule out part of the deals
    seat = 0
    for seed in range(100):
        game = position(seed, close_at, stop_at=2, shows=shows)
        if shows and not game.core.shown[1]:
            continue
        support, tried = brute_force_support(game, seat)
        if 4 <= len(support) <= 45 and len(support) < tried:
            break
    else:
        raise AssertionError("no small constrained position found")
    assert key_of(game, seat) in support
    chi_square_uniform(game, seat, support, per_cell=120)
