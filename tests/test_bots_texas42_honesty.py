"""The Texas 42 expert decides from what its seat may know: two games that agree on
everything the seat sees and differ in the other hands get the same decision
from experts of the same seed (the move, and the whole ranking)."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.bots import SeatHandle, choose_move, make_bot
from ludoteca.games.texas42 import Texas42
from ludoteca.tiles import TILE_TEXT

BUDGET = 0.05  # sets the number of deals from a table of costs, never from the clock


def expert(seed: int = 7) -> ludoteca.bots.Bot:
    return make_bot("texas42", "expert", seed=seed, budget=BUDGET)


def same_decisions(a: Texas42, b: Texas42) -> None:
    """Experts of one seed decide alike in ``a`` and ``b``, which the seat to move
    cannot tell apart while their other hands differ."""
    seat = a.to_move
    assert isinstance(seat, int) and b.to_move == seat
    assert a.view(seat) == b.view(seat)
    assert [a.hand_masks[s] for s in range(4) if s != seat] != [
        b.hand_masks[s] for s in range(4) if s != seat
    ]
    assert a.hand_masks[seat] == b.hand_masks[seat]
    assert choose_move(expert(), a) == choose_move(expert(), b)
    assert expert(8).rank(SeatHandle(a, seat)) == expert(8).rank(SeatHandle(b, seat))


def dealt(hands: list[str]) -> Texas42:
    game = ludoteca.new_game("texas42", chance="manual")
    game.play("draw 1-0 2-0 3-0 6-6")  # seat 3 deals, seat 0 bids first
    game.play("deal " + " | ".join(hands))
    assert isinstance(game, Texas42)
    return game


MINE = "6-6 6-5 6-4 6-3 5-5 4-4 2-2"
HANDS_A = [
    MINE,
    "5-4 5-3 5-2 5-1 5-0 1-1 1-0",
    "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
    "6-2 6-1 6-0 3-0 2-1 2-0 0-0",
]
# seat 1's fives traded for seat 3's sixes and blanks: a strong hand for the opponents
HANDS_B = [
    MINE,
    "6-2 6-1 6-0 3-0 1-1 1-0 0-0",
    "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
    "5-4 5-3 5-2 5-1 5-0 2-1 2-0",
]


def test_hand_built_deals_differing_in_the_other_hands_bid_and_name_trump_alike() -> None:
    a, b = dealt(HANDS_A), dealt(HANDS_B)
    same_decisions(a, b)  # the opening bid
    for game in (a, b):
        game.play("bid 30")
        for _ in range(3):
            game.play("pass")
    same_decisions(a, b)  # the trump


def replayed_with_other_hands(game: Texas42, seed: int) -> Texas42 | None:
    """The same game replayed move by move (every move checked) on another deal:
    the seat to move holds the same tiles and every tile is played by the same
    seat, the hidden tiles left are redrawn (``sample_hidden``). ``None`` when the
    draw gave back the same hands."""
    seat = game.to_move
    assert isinstance(seat, int)
    redrawn = game.sample_hidden(seat, random.Random(seed))
    if redrawn.hand_masks == game.hand_masks:
        return None
    hands = [[TILE_TEXT[t] for t in range(28) if redrawn.hand_masks[s] >> t & 1] for s in range(4)]
    view = game.view(seat)
    for trick in [*view["tricks"], {"plays": view["trick"]}]:
        for play in trick["plays"]:
            hands[play["seat"]].append(play["tile"])
    other = ludoteca.new_game("texas42", chance="manual")
    for move in game.moves:
        other.play(
            "deal " + " | ".join(" ".join(h) for h in hands) if move.startswith("deal ") else move
        )
    assert isinstance(other, Texas42)
    return other


@pytest.mark.parametrize("seed", [3, 11])
def test_positions_of_a_hand_replayed_on_other_deals_are_decided_alike(seed: int) -> None:
    game = ludoteca.new_game("texas42", seed=seed)
    assert isinstance(game, Texas42)
    greedy = [make_bot("texas42", "greedy", seed=s) for s in range(4)]
    checked: dict[str, int] = {}
    while not any(e.code == "hand_over" for events in game.events for e in events):
        seat = game.to_move
        assert isinstance(seat, int)
        phase = game.view(seat)["phase"]
        if len(game.legal_moves()) > 1 and len(game.moves) % 3 == 0:
            other = replayed_with_other_hands(game, seed * 100 + len(game.moves))
            if other is not None:
                same_decisions(game, other)
                checked[phase] = checked.get(phase, 0) + 1
        game.play(choose_move(greedy[seat], game))
    assert checked.get("play", 0) >= 3


def test_games_rebuilt_from_the_seats_views_are_decided_alike() -> None:
    # the protocol's engines see the view only: the game rebuilt from it holds a
    # provisional choice of the hidden tiles
    game = ludoteca.new_game("texas42", seed=5)
    greedy = [make_bot("texas42", "greedy", seed=s) for s in range(4)]
    checked = 0
    while not any(e.code == "hand_over" for events in game.events for e in events):
        seat = game.to_move
        assert isinstance(seat, int)
        if len(game.legal_moves()) > 2 and len(game.moves) % 4 == 0:
            rebuilt = SeatHandle.from_view(game.view(seat))
            assert rebuilt.view() == game.view(seat)
            assert expert().choose(rebuilt) == choose_move(expert(), game)
            assert expert(8).rank(rebuilt) == expert(8).rank(SeatHandle(game, seat))
            checked += 1
        game.play(choose_move(greedy[seat], game))
    assert checked >= 3
