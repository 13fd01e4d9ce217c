"""Texas 42 resampling of hidden hands: consistent with what the seat saw, and uniform."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import pytest

import ludoteca
from ludoteca import IllegalMove
from ludoteca.games.texas42 import Texas42
from ludoteca.tiles import TILE_TEXT, indices_of, tile_index


def deal_text(masks: list[int]) -> str:
    return "deal " + " | ".join(
        " ".join(TILE_TEXT[t] for t in sorted(indices_of(m), reverse=True)) for m in masks
    )


def with_deal(record: dict[str, Any], masks: list[int]) -> dict[str, Any]:
    """The record with its last deal replaced."""
    moves = list(record["moves"])
    last = max(i for i, m in enumerate(moves) if m.startswith("deal "))
    moves[last] = deal_text(masks)
    return {**record, "moves": moves}


def consistent(record: dict[str, Any], masks: list[int]) -> bool:
    try:
        ludoteca.replay(with_deal(record, masks))
    except IllegalMove:
        return False
    return True


def random_midhand(seed: int, tricks: int, **options: Any) -> Texas42:
    rng = random.Random(seed)
    game = ludoteca.new_game("texas42", seed=seed, chance="auto", **options)
    assert isinstance(game, Texas42)
    while True:
        game.apply_action(rng.choice(game.legal_actions()))
        view = game.view()
        if view["phase"] == "play" and len(view["tricks"]) == tricks and not view["trick"]:
            return game
        if view["phase"] != "play" and view["hands_played"]:
            game = ludoteca.new_game("texas42", seed=rng.randrange(10**9), **options)
            assert isinstance(game, Texas42)


@pytest.mark.parametrize("seed", range(40))
def test_samples_would_have_allowed_every_move(seed: int) -> None:
    game = random_midhand(seed, tricks=seed % 6, sevens=True, nello=True, plunge=True, splash=True)
    seat = seed % 4
    record = game.record()
    rng = random.Random(seed)
    for _ in range(5):
        sample = game.sample_hidden(seat, rng)
        assert isinstance(sample, Texas42)
        assert sample.hand_masks[seat] == game.hand_masks[seat]
        assert sample.view()["hand_sizes"] == game.view()["hand_sizes"]
        assert consistent(record, list(sample.core.dealt))
        assert sample.moves == game.moves
        # the sample plays on through the normal API
        sample.play(sample.legal_moves()[0])


def test_sample_never_uses_the_true_future() -> None:
    game = random_midhand(3, tricks=2)
    a = game.sample_hidden(0, random.Random(1))
    b = game.sample_hidden(0, random.Random(2))
    # the later deals come from the sample's own seed, drawn from the given generator
    assert a.seed != game.seed and a.seed != b.seed
    assert a.seed == game.sample_hidden(0, random.Random(1)).seed


def _all_consistent(game: Texas42, seat: int) -> list[tuple[int, ...]]:
    """Every redeal of the other hands that replays legally (brute force)."""
    record = game.record()
    others = [o for o in range(4) if o != seat]
    hands = game.hand_masks
    unknown = sorted(t for o in others for t in indices_of(hands[o]))
    sizes = [hands[o].bit_count() for o in others]
    played = [0, 0, 0, 0]
    for tr in game.view()["tricks"]:
        for p in tr["plays"]:
            played[p["seat"]] |= 1 << tile_index(p["tile"])
    found = []
    for first in itertools.combinations(unknown, sizes[0]):
        rest = [t for t in unknown if t not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [t for t in rest if t not in second]
            parts = [sum(1 << t for t in p) for p in (first, second, third)]
            masks = list(played)
            masks[seat] |= hands[seat]
            for o, m in zip(others, parts, strict=True):
                masks[o] |= m
            if consistent(record, masks):
                found.append(tuple(parts))
    return found


def test_samples_are_uniform_over_consistent_deals() -> None:
    # a late position where two seats' different voids bite, so the deals are far from symmetric
    seat = 0
    for seed in range(400):
        game = random_midhand(seed, tricks=5)
        unknown = game.hand_masks[1] | game.hand_masks[2] | game.hand_masks[3]
        bites = {game.known_voids()[o] & unknown for o in (1, 2, 3)} - {0}
        if len(bites) >= 2:
            break
    support = _all_consistent(game, seat)
    total_splits = math.comb(6, 2) * math.comb(4, 2)
    assert 1 < len(support) < total_splits  # constrained, but not forced
    rng = random.Random(99)
    per_cell = 150
    n = per_cell * len(support)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        sample = game.sample_hidden(seat, rng)
        counts[tuple(sample.hand_masks[o] for o in (1, 2, 3))] += 1
    assert set(counts) <= set(support)
    expected = n / len(support)
    chi2 = sum((counts[s] - expected) ** 2 / expected for s in support)
    df = len(support) - 1
    assert chi2 < df + 4 * math.sqrt(2 * df), (chi2, df)


def test_plunge_bid_proves_four_doubles() -> None:
    hands = [
        "6-5 6-4 6-3 6-2 6-1 6-0 5-4",
        "6-6 5-5 4-4 3-3 5-3 5-2 5-1",
        "2-2 1-1 0-0 5-0 4-3 4-2 4-1",
        "4-0 3-2 3-1 3-0 2-1 2-0 1-0",
    ]
    game = ludoteca.new_game("texas42", chance="manual", plunge=True)
    assert isinstance(game, Texas42)
    game.play("draw 6-6 1-0 2-0 3-0")
    game.play("deal " + " | ".join(hands))
    game.play("bid 4 marks plunge")
    rng = random.Random(5)
    for _ in range(200):
        sample = game.sample_hidden(0, rng)
        assert (sample.hand_masks[1] & ludoteca.tiles.DOUBLES_MASK).bit_count() >= 4
