"""Five-Up ``sample_hidden``: consistent with everything the seat saw, and uniform.

The uniformity test compares the sampler with an exact distribution computed by
brute force from the public record alone: every way the other players' tiles
could have come to them (dealt or drawn, and when), checked move by move against
the rule that a player who drew or passed held nothing that fitted.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.fiveup import FiveUp
from ludoteca.tiles import ALL_TILES, TILE_TEXT, tile_index

# ---------------------------------------------------------------- brute force


def hand_events(game: FiveUp) -> tuple[list[int], list[int], list[tuple[int, str, set[int]]]]:
    """From the public record: the current deal's hands and stock (true, to read
    only what a seat knows of them) and, for each decision of the hand, who made
    it, the move, and the numbers open on the table just before."""
    moves = game.moves
    start = max(i for i, m in enumerate(moves) if m.startswith("deal "))
    parts = moves[start][5:].split(" | ")
    hands = [[tile_index(w) for w in p.split()] for p in parts[:-1]]
    stock = [tile_index(w) for w in parts[-1].split()[1:]]
    replay = ludoteca.new_game("fiveup", chance="manual", players=game.num_seats, **_opts(game))
    for m in moves[: start + 1]:
        replay.play(m)
    events = []
    for m in moves[start + 1 :]:
        open_numbers = {e["number"] for e in replay.view()["layout"]["open_ends"]}
        who = replay.to_move
        assert isinstance(who, int)
        events.append((who, m, open_numbers))
        replay.play(m)
    return [sum(1 << t for t in h) for h in hands], stock, events


def _opts(game: ludoteca.Game) -> dict[str, Any]:
    return {k: v for k, v in game.options.items() if k != "players"}


def _tile_of_play(move: str) -> int:
    return tile_index(move.split()[1])


def _numbers(t: int) -> set[int]:
    tile = ALL_TILES[t]
    return {tile.high, tile.low}


def player_histories(tiles: list[int], player: int, events: list[tuple[int, str, set[int]]]) -> int:
    """Ways ``player`` could have come by ``tiles`` (dealt five, drew the rest one
    at a time) so that every one of its moves was allowed: a search along its
    moves, counting each deal and each order of drawing once."""
    mine = [(move, open_numbers) for who, move, open_numbers in events if who == player]
    draws = sum(1 for move, _ in mine if move == "draw")
    assert len(tiles) == 5 + draws
    everything = frozenset(tiles)
    memo: dict[tuple[int, frozenset[int], frozenset[int]], int] = {}

    def ways(i: int, hand: frozenset[int], undrawn: frozenset[int]) -> int:
        if i == len(mine):
            return 1
        key = (i, hand, undrawn)
        if key in memo:
            return memo[key]
        move, open_numbers = mine[i]
        if move in ("draw", "pass"):
            if any(_numbers(t) & open_numbers for t in hand):
                total = 0
            elif move == "pass":
                total = ways(i + 1, hand, undrawn)
            else:
                total = sum(ways(i + 1, hand | {t}, undrawn - {t}) for t in undrawn)
        else:
            t = _tile_of_play(move)
            total = ways(i + 1, hand - {t}, undrawn) if t in hand else 0
        memo[key] = total
        return total

    return sum(
        ways(0, frozenset(dealt), everything - frozenset(dealt))
        for dealt in itertools.combinations(tiles, 5)
    )


def exact_distribution(game: FiveUp, seat: int) -> dict[tuple[Any, ...], int]:
    """Weight of every (other hands, stock order) the seat cannot tell apart."""
    hands, stock, events = hand_events(game)
    n = game.num_seats
    known = {t for t in range(28) if hands[seat] >> t & 1}
    pos = 0
    drawn_by: list[list[int]] = [[] for _ in range(n)]
    for who, move, _ in events:
        if move == "draw":
            drawn_by[who].append(stock[pos])
            pos += 1
    known |= set(drawn_by[seat])
    played: list[list[int]] = [[] for _ in range(n)]
    for who, move, _ in events:
        if move.startswith("play"):
            played[who].append(_tile_of_play(move))
    others = [p for p in range(n) if p != seat]
    pool = sorted(
        t for t in range(28) if t not in known and not any(t in played[p] for p in others)
    )
    held = {p: game.hand_masks[p].bit_count() for p in others}
    out: dict[tuple[Any, ...], int] = {}

    def assign(i: int, rest: list[int], chosen: dict[int, tuple[int, ...]]) -> None:
        if i == len(others):
            weight = 1
            for p in others:
                weight *= player_histories(played[p] + list(chosen[p]), p, events)
                if not weight:
                    return
            for order in itertools.permutations(rest):
                key = (tuple(chosen[p] for p in others), order)
                out[key] = weight
            return
        p = others[i]
        for combo in itertools.combinations(rest, held[p]):
            assign(i + 1, [t for t in rest if t not in combo], {**chosen, p: combo})

    assign(0, pool, {})
    return out


def outcome(sample: FiveUp, seat: int) -> tuple[Any, ...]:
    others = [p for p in range(sample.num_seats) if p != seat]
    hands = tuple(tuple(t for t in range(28) if sample.hand_masks[p] >> t & 1) for p in others)
    return (hands, tuple(sample.stock_left))


def chi_square_bound(df: int) -> float:
    """An upper quantile (about 0.9999) of chi-square with ``df`` degrees of freedom
    (Wilson–Hilferty)."""
    z = 3.72
    return float(df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3)


def play_to(players: int, seed: int, steps: int) -> FiveUp:
    game = ludoteca.new_game("fiveup", seed=seed, players=players)
    assert isinstance(game, FiveUp)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply_action(rng.choice(game.legal_actions()))
    return game


# (players, seed, steps, seat): late-hand positions where an opponent drew or
# passed, so the inference bites and the distribution is far from uniform.
POSITIONS = [(2, 5, 297, 0), (2, 6, 113, 1), (3, 4, 99, 0), (3, 7, 279, 0), (4, 65, 83, 3)]


@pytest.mark.parametrize(("players", "seed", "steps", "seat"), POSITIONS)
def test_sampling_is_uniform_over_consistent_deals(
    players: int, seed: int, steps: int, seat: int
) -> None:
    game = play_to(players, seed, steps)
    exact = exact_distribution(game, seat)
    total = sum(exact.values())
    support = {k for k, w in exact.items() if w}
    assert 4 <= len(support) <= 80
    assert len({w for w in exact.values() if w}) > 1 or len(support) < len(exact), (
        "the position should be constrained"
    )
    assert outcome(game, seat) in support  # the true state is one of them
    rng = random.Random(seed)
    draws = 60 * len(support)
    counts = Counter(outcome(game.sample_hidden(seat, rng), seat) for _ in range(draws))
    assert set(counts) <= support, "a sample broke what the seat saw"
    stat = sum(
        (counts.get(k, 0) - draws * exact[k] / total) ** 2 / (draws * exact[k] / total)
        for k in support
    )
    assert stat < chi_square_bound(len(support) - 1), (stat, len(support))


def test_sampling_uses_the_no_fit_inference() -> None:
    # Seat 0 leads 0-0; seat 1 draws twice, then plays the second tile drawn.
    game = ludoteca.new_game("fiveup", chance="manual")
    assert isinstance(game, FiveUp)
    game.play("draw 6-6 0-0")
    game.play(
        "deal 6-6 6-5 0-0 1-1 2-2 | 6-4 6-3 5-5 5-4 4-4 | stock "
        "3-3 5-0 6-2 6-1 6-0 5-3 5-2 5-1 4-3 4-2 4-1 4-0 3-2 3-1 3-0 2-1 2-0 1-0"
    )
    game.play("play 0-0")
    game.play("draw")
    game.play("draw")
    game.play("play 5-0 on 0-0")
    rng = random.Random(4)
    zeros = sum(ALL_TILES[t].bit for t in range(28) if 0 in _numbers(t))
    for _ in range(300):
        sample = game.sample_hidden(0, rng)
        assert isinstance(sample, FiveUp)
        hand = sample.hand_masks[1]
        # seat 1's six tiles: none had a 0 when it drew (5-0 was the last drawn)
        assert hand.bit_count() == 6 and not hand & zeros
        assert sample.view(0) == game.view(0)
        # 1-0 … 6-0 but 5-0 are somewhere in the stock
        assert all(t in sample.stock_left for t in range(28) if zeros >> t & 1 and t not in (0, 15))


def check_consistent(game: FiveUp, seat: int, rng: random.Random) -> FiveUp:
    sample = game.sample_hidden(seat, rng)
    assert isinstance(sample, FiveUp)
    # the seat cannot tell them apart
    assert sample.view(seat) == game.view(seat)
    assert sample.hand_masks[seat] == game.hand_masks[seat]
    assert [h.bit_count() for h in sample.hand_masks] == [h.bit_count() for h in game.hand_masks]
    assert len(sample.stock_left) == len(game.stock_left)
    # the sampled deal would have allowed every move of the history
    record = sample.record()
    replayed = ludoteca.replay(record)
    assert isinstance(replayed, FiveUp)
    assert replayed.hand_masks == sample.hand_masks and replayed.stock_left == sample.stock_left
    assert replayed.result() == sample.result()
    # a complete state: hands, table and stock hold each tile once
    table = {t for t, _ in sample.hand_plays()} if sample.hand_hidden() else set()
    tiles = [t for h in sample.hand_masks for t in range(28) if h >> t & 1]
    tiles += list(sample.stock_left) + list(table)
    if sample.hand_hidden():
        assert sorted(tiles) == list(range(28))
    # its own generator: the future chance is not the real game's
    assert sample.seed != game.seed
    return sample


@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]), st.integers(0, 400))
def test_samples_are_consistent_and_playable(seed: int, players: int, steps: int) -> None:
    game = ludoteca.new_game("fiveup", seed=seed, players=players)
    assert isinstance(game, FiveUp)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply_action(rng.choice(game.legal_actions()))
    seat = rng.randrange(players)
    sample = check_consistent(game, seat, rng)
    # it plays on to the end through the public API
    while not sample.is_over:
        sample.play(rng.choice(sample.legal_moves()))
    # the real game is untouched
    assert game.view(seat) == game.view(seat)


def test_samples_vary_and_are_reproducible() -> None:
    game = play_to(2, 7, 12)
    seen = {outcome(game.sample_hidden(0, random.Random(i)), 0) for i in range(30)}
    assert len(seen) > 20
    a = game.sample_hidden(0, random.Random(5))
    b = game.sample_hidden(0, random.Random(5))
    assert isinstance(a, FiveUp) and isinstance(b, FiveUp)
    assert a.moves == b.moves and a.hand_masks == b.hand_masks


def test_sample_before_any_deal_and_after_the_end() -> None:
    game = ludoteca.new_game("fiveup", chance="manual", players=3)
    sample = game.sample_hidden(1, random.Random(1))
    assert sample.moves == [] and sample.to_move == "chance"
    game = play_to(3, 3, 10_000)
    assert game.is_over
    sample = game.sample_hidden(2, random.Random(2))
    assert sample.is_over and sample.result()["scores"] == game.result()["scores"]
    assert sample.view(2) == game.view(2)
    with pytest.raises(ValueError, match="not a seat"):
        game.sample_hidden(3, random.Random(1))


def test_a_seats_own_draws_stay_known() -> None:
    game = ludoteca.new_game("fiveup", chance="manual")
    game.play("draw 0-0 6-6")
    game.play(
        "deal 6-6 6-5 6-4 6-3 6-2 | 0-0 1-0 2-0 3-0 4-0 | stock "
        "5-5 5-4 5-0 6-1 6-0 5-3 5-2 5-1 4-4 4-3 4-2 4-1 3-3 3-2 3-1 2-2 2-1 1-1"
    )
    game.play("play 0-0")
    game.play("draw")
    game.play("draw")
    game.play("draw")
    game.play("play 5-0 on 0-0")
    for i in range(50):
        sample = game.sample_hidden(0, random.Random(i))
        assert sample.hand_masks[0] == game.hand_masks[0]
        text = json.dumps(sample.view(0))
        assert '"hand": ["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "5-4"]' in text
        # the stock's order after the tiles drawn is redrawn among the unseen tiles
        assert set(sample.stock_left) | {t for t in range(28) if sample.hand_masks[1] >> t & 1} == (
            set(game.stock_left) | {t for t in range(28) if game.hand_masks[1] >> t & 1}
        )
    assert TILE_TEXT[0] == "0-0"
