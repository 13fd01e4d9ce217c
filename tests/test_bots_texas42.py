"""Texas 42 bots, hints and analysis."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.analysis import analyse, hint
from ludoteca.arena import run_match
from ludoteca.bots import SeatHandle, choose_move, make_bot
from ludoteca.games.texas42 import Texas42
from ludoteca.games.texas42.core import bid_marks
from ludoteca.games.texas42.solver import position, solve

STRONG = [
    "6-6 6-5 6-4 6-3 6-2 5-5 4-4",
    "5-4 5-3 5-2 5-1 5-0 1-1 1-0",
    "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
    "6-1 6-0 3-0 2-2 2-1 2-0 0-0",
]
WEAK_FIRST = [  # two tiles of every suit, no double, count to lose
    "6-2 5-3 4-1 6-0 5-1 3-2 4-0",
    "6-6 6-5 6-4 6-3 5-5 4-4 1-1",
    "5-4 5-2 5-0 4-3 4-2 2-2 2-1",
    "6-1 3-3 3-1 3-0 2-0 1-0 0-0",
]


def dealt(hands: list[str], **options: object) -> Texas42:
    game = ludoteca.new_game("texas42", chance="manual", **options)
    game.play("draw 1-0 2-0 3-0 6-6")  # seat 3 deals, seat 0 bids first
    game.play("deal " + " | ".join(hands))
    assert isinstance(game, Texas42)
    return game


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_strong_hand_bids_and_names_its_long_suit(level: str) -> None:
    game = dealt(STRONG)
    bot = make_bot("texas42", level, seed=1, budget=0.2)
    move = choose_move(bot, game)
    assert move.startswith("bid")
    game.play(move)
    for _ in range(3):
        game.play("pass")
    assert choose_move(bot, game) == "trump 6"


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_weak_hand_passes(level: str) -> None:
    game = dealt(WEAK_FIRST)
    assert choose_move(make_bot("texas42", level, seed=1, budget=0.2), game) == "pass"


def test_expert_is_deterministic_given_its_seed() -> None:
    game = ludoteca.new_game("texas42", seed=4)
    moves = []
    for _ in range(2):
        bot = make_bot("texas42", "expert", seed=9, budget=0.1)
        moves.append(choose_move(bot, game))
    assert moves[0] == moves[1]


def test_expert_finds_the_making_move_late_in_the_hand() -> None:
    # Two tricks from the end, bidders to move, where some tiles make the bid and some do not:
    # the expert sees only its own hand, yet should nearly always pick a making tile.
    rng = random.Random(3)
    agree = total = 0
    for seed in range(8000):
        game = ludoteca.new_game("texas42", seed=seed, play_out=True)
        assert isinstance(game, Texas42)
        while not game.is_over and not (
            game.view()["phase"] == "play" and len(game.view()["tricks"]) == 5
        ):
            game.apply_action(rng.choice(game.legal_actions()))
        view = game.view()
        if game.is_over or game.to_move % 2 != view["bidder"] % 2 or view["contract"] == "nello":
            continue
        sol = solve(game)
        makes = {m.move for m in sol.moves if m.value >= min(game.core.high, 42)}
        if not 0 < len(makes) < len(sol.moves):
            continue
        bot = make_bot("texas42", "expert", seed=seed, budget=0.1)
        ranked = bot.rank(SeatHandle(game, game.to_move))
        assert {r.move for r in ranked} == set(game.legal_moves())
        assert all("deals" in r.reason for r in ranked)
        total += 1
        agree += ranked[0].move in makes
        if total == 40:
            break
    # a random choice of tile agrees about half the time
    assert total == 40
    assert agree / total >= 0.75, (agree, total)


def test_hint_ranks_every_legal_move_for_the_seat_to_move() -> None:
    game = dealt(STRONG)
    ranked = hint(game, budget=0.1)
    assert {r.move for r in ranked} == set(game.legal_moves())
    assert ranked[0].move.startswith("bid")
    with pytest.raises(ValueError, match="seat to move"):
        hint(game, seat=2)


def test_analysis_matches_the_solver_on_every_trick_decision() -> None:
    game = ludoteca.new_game("texas42", seed=12)
    bots = [make_bot("texas42", "greedy", seed=s) for s in range(4)]
    while not game.is_over and len(game.result()["hands"]) < 1:
        game.play(choose_move(bots[game.to_move], game))  # type: ignore[index]
    record = game.record()
    result = analyse(record, budget=0.05)
    exact = [d for d in result.decisions if d.kind == "exact"]
    assert exact
    replayed = ludoteca.new_game("texas42", chance="manual", names=record["players"])
    by_index = {d.index: d for d in exact}
    for i, move in enumerate(record["moves"], 1):
        if i in by_index:
            # in marks: the bid's marks to the side that makes or sets it, with every
            # hand known; the points only decide between moves of equal marks
            sol = solve(replayed)
            pos = position(replayed)
            bidding = pos.bidder % 2 == replayed.to_move % 2  # type: ignore[operator]
            nello = sol.contract == "nello"
            made = {
                m.move: (m.value == 0 if nello else m.value >= min(pos.high, 42)) for m in sol.moves
            }
            marks = bid_marks(pos.high)
            worth = {mv: float(marks if ok == bidding else -marks) for mv, ok in made.items()}
            d = by_index[i]
            assert d.unit == "marks"
            assert d.values == worth
            assert d.cost == max(worth.values()) - worth[d.played]
            assert d.cost >= 0
            own = {m.move: m.score for m in sol.moves if worth[m.move] == max(worth.values())}
            assert own[d.best] == max(own.values())
        replayed.play(move)
    for seat, mistakes in result.mistakes.items():
        assert all(m.seat == seat and m.cost > 0 for m in mistakes)


def test_expert_beats_random_in_a_short_match() -> None:
    result = run_match("texas42", ["expert:0.05", "random"], games=2, duplicate=True, seed=2)
    expert, rand = result.standings
    assert rand.win_rate == 0.0
    assert expert.win_rate == 1.0
    assert expert.margin > 0
