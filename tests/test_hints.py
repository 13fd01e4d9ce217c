"""Hints that are right, in every game: best first by value for every kind of
decision, a move that wins at once first, positions whose best move is known
(from the exact solvers: best in every deal the mover may be facing) ranked
first, ties explained, values and reasons said in both languages."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

import ludoteca
from ludoteca import hint
from ludoteca.analysis import EXACT
from ludoteca.bots import SeatHandle, choose_move, make_bot
from ludoteca.bots.base import TIE_RULES, UNITS
from ludoteca.bots.cavaleiro_tables import after_action, sticks_of
from ludoteca.game import Game
from ludoteca.i18n.hints import HintTexts, hint_payload

BUDGET = 0.05


def positions(
    name: str, options: dict[str, Any], seeds: range, level: str = "greedy"
) -> Iterator[tuple[Game, int]]:
    """Every decision with a choice in games between ``level`` bots."""
    for seed in seeds:
        game = ludoteca.new_game(name, seed=seed, **options)
        bots = [make_bot(name, level, seed=seed + s) for s in range(game.num_seats)]
        while not game.is_over:
            mover = game.to_move
            assert isinstance(mover, int)
            if len(game.legal_moves()) > 1:
                yield game, mover
            game.play(choose_move(bots[mover], game))


def assert_well_ranked(ranked: list[Any], game: Game) -> None:
    assert sorted(r.move for r in ranked) == sorted(game.legal_moves())
    values = [r.value for r in ranked]
    assert values == sorted(values, reverse=True), [(r.move, r.value) for r in ranked]
    assert {r.unit for r in ranked} <= set(UNITS) and len({r.unit for r in ranked}) == 1
    for before, r in itertools.pairwise(ranked):
        assert (r.tie in TIE_RULES) == (r.value == before.value), (before, r)


# ------------------------------------------------------------------ every kind


@pytest.mark.parametrize(
    ("name", "options", "kinds"),
    [
        ("texas42", {}, {"bid", "pass", "trump", "play"}),
        ("bingo", {}, {"play", "close", "take"}),
        ("fiveup", {"players": 2, "target": 31}, {"play"}),
        ("cavaleiro", {"players": 3}, {"remove"}),
    ],
)
def test_every_kind_of_decision_is_ranked_best_first(
    name: str, options: dict[str, Any], kinds: set[str]
) -> None:
    seen: set[str] = set()
    for n, (game, seat) in enumerate(positions(name, options, range(3))):
        new_kind = {game.parse(m).kind for m in game.legal_moves()} - seen
        if not new_kind and n % 7:
            continue  # every new kind of decision, and every seventh decision
        ranked = hint(game, budget=BUDGET, seed=n)
        assert_well_ranked(ranked, game)
        seen |= {game.parse(r.move).kind for r in ranked}
        # the bot plays what its hint ranks first
        bot = make_bot(name, "expert", seed=n, budget=BUDGET)
        assert bot.rank(SeatHandle(game, seat))[0].move == ranked[0].move
        if kinds <= seen and n > 40:
            break
    assert kinds <= seen


# ----------------------------------------------------------------------- Bingo


def test_bingo_a_show_that_wins_the_hand_at_once_ranks_first() -> None:
    # threes are trump (3-2 turned up); 3-3 is the trump double and only the bingo
    # (0-0, held too) beats it: leading it and showing 5-5, 1-1 and 0-0 scores
    # 28 + 60 at once, the hand is won with the other side at no trick: 3 sets
    game = ludoteca.new_game("bingo", chance="manual")
    game.play("draw 6-6 1-0")
    game.play(
        "deal 5-5 3-3 1-1 0-0 6-2 5-1 4-0 | 6-6 6-5 6-4 5-4 4-3 4-2 2-1 | up 3-2 | "
        "stock 6-3 6-1 6-0 5-3 5-2 5-0 4-4 4-1 3-1 3-0 2-2 2-0 1-0"
    )
    ranked = hint(game, budget=0.2)
    assert_well_ranked(ranked, game)
    assert ranked[0].move == "play 3-3 show"
    assert ranked[0].params["at_once"] is True
    by_move = {r.move: r for r in ranked}
    # closing first, or leading 3-3 without the show, wins as often, but later
    for later in ("close", "play 3-3"):
        assert by_move[later].value == ranked[0].value
        assert ranked.index(by_move[later]) > 0 and by_move[later].tie == "sooner_win"
        assert not by_move[later].params.get("at_once")
    assert HintTexts("en").reason("bingo", ranked[0]).startswith("wins the hand at once; ")
    assert HintTexts("pt").reason("bingo", ranked[0]).startswith("ganha a mão na hora; ")


def test_bingo_once_every_tile_is_known_the_hint_is_the_solvers_best() -> None:
    checked = 0
    for game, _ in positions("bingo", {}, range(6)):
        view = game.view(None)
        if not (view["following_compulsory"] and view["closed_by"] is None):
            continue
        exact = EXACT["bingo"](game)
        assert exact is not None
        values, _, _ = exact
        ranked = hint(game, budget=BUDGET)
        assert ranked[0].value == pytest.approx(max(values.values()), abs=1e-6)
        assert values[ranked[0].move] == max(values.values())
        checked += 1
    assert checked >= 10


# -------------------------------------------------------------------- Texas 42


def dominant_move(game: Game, samples: int = 60) -> str | None:
    """The move the solver ranks best on the true deal and at least as good on every
    deal the mover may be facing (strictly better on one), if there is one."""
    exact = EXACT[game.name]
    truth = exact(game)
    if truth is None:
        return None
    values, order, _ = truth
    best = order[0]
    if list(values.values()).count(values[best]) > 1:
        return None
    seat = game.to_move
    assert isinstance(seat, int)
    handle = SeatHandle(game, seat)
    rng = random.Random(0)
    strictly = False
    for _ in range(samples):
        world = handle.sample(rng)
        found = exact(world)
        if found is None:
            return None
        worth, _, _ = found
        others = [v for m, v in worth.items() if m != best]
        if worth[best] < max(others):
            return None
        strictly |= worth[best] > max(others)
    return best if strictly else None


def test_texas42_positions_with_a_known_best_move_rank_it_first() -> None:
    checked = 0
    for game, _ in positions("texas42", {}, range(12)):
        view = game.view(None)
        if view["phase"] != "play" or len(view["tricks"]) < 4:
            continue
        best = dominant_move(game)
        if best is None:
            continue
        ranked = hint(game, budget=BUDGET)
        assert ranked[0].move == best, (best, [(r.move, r.value) for r in ranked])
        assert ranked[0].value > ranked[1].value
        checked += 1
        if checked >= 8:
            break
    assert checked >= 4


def test_texas42_bidding_ranks_a_better_bid_above_passing() -> None:
    """No more "pass 0.00" above "bid 32 0.70": a bid worth more than passing ranks
    above it, and the bot bids it."""
    bids_first = passes_first = 0
    for seed in range(14):
        game = ludoteca.new_game("texas42", seed=seed)
        while game.view(None)["phase"] != "bid" or len(game.legal_moves()) < 2:
            game.play(game.legal_moves()[0])
        ranked = hint(game, budget=BUDGET, seed=seed)
        assert_well_ranked(ranked, game)
        pass_value = next(r.value for r in ranked if r.move == "pass")
        assert pass_value == 0.0
        if ranked[0].move == "pass":
            assert all(r.value <= 0 for r in ranked)
            passes_first += 1
        else:
            assert ranked[0].value > 0 and ranked[0].move.startswith("bid")
            bids_first += 1
        assert all(r.unit == "marks" for r in ranked)
    assert bids_first and passes_first


def test_texas42_a_hand_of_every_six_names_sixes() -> None:
    game = ludoteca.new_game("texas42", chance="manual")
    game.play("draw 6-6 5-4 3-1 0-0")
    game.play(
        "deal 6-6 6-5 6-4 6-3 6-2 6-1 6-0 | 5-5 5-4 5-3 5-2 5-1 5-0 4-4 | "
        "4-3 4-2 4-1 4-0 3-3 3-2 3-1 | 3-0 2-2 2-1 2-0 1-1 1-0 0-0"
    )
    while game.to_move != 0:
        game.play("pass")
    game.play("bid 30")
    while game.view(None)["phase"] == "bid":
        game.play("pass")
    ranked = hint(game, budget=BUDGET)
    assert ranked[0].move == "trump 6"
    said = HintTexts("en").reason("texas42", ranked[0])
    assert said.startswith("sixes as trump: makes the bid in 100%"), said


# --------------------------------------------------------------------- Five-Up


def test_fiveup_positions_with_a_known_best_move_rank_it_first() -> None:
    checked = 0
    for game, seat in positions("fiveup", {"players": 2, "target": 61}, range(40)):
        view = game.view(seat)
        if view["stock_drawable"] or sum(view["hand_sizes"]) > 9:
            continue
        best = dominant_move(game, samples=30)
        if best is None:
            continue
        ranked = hint(game, budget=BUDGET)
        assert ranked[0].move == best, (best, [(r.move, r.value) for r in ranked])
        checked += 1
        if checked >= 5:
            break
    assert checked >= 3


def test_fiveup_a_play_that_reaches_the_target_ranks_first() -> None:
    checked = 0
    for game, seat in positions("fiveup", {"players": 2, "target": 21}, range(20)):
        scores = game.view(seat)["scores"]
        side = game.view(seat)["side_of"][seat]
        winning = []
        for move in game.legal_moves():
            game.play(move)
            if game.is_over and game.result()["winner"] == side:
                winning.append(move)
            game.pop()
        if not winning or len(winning) == len(game.legal_moves()):
            continue
        ranked = hint(game, budget=BUDGET)
        assert ranked[0].move in winning, (winning, [(r.move, r.value) for r in ranked])
        assert scores[side] < 21
        checked += 1
    assert checked >= 2


# ------------------------------------------------------------------- Cavaleiro


@pytest.mark.parametrize("players", [2, 3])
def test_cavaleiro_the_removal_that_takes_the_last_sticks_ranks_first(players: int) -> None:
    checked = 0
    for seed in range(300):
        game = ludoteca.new_game("cavaleiro", seed=seed, players=players, layout="1x3x2+1")
        rng = random.Random(seed)
        while not game.is_over and checked < 3:
            seat = game.to_move
            if isinstance(seat, int) and len(game.legal_moves()) > 1:
                view = game.view(seat)
                actions = game.legal_actions()
                last = [
                    game.action_to_move(a)
                    for a in actions
                    if sticks_of(after_action(view, seat, a)) == 0
                ]
                if last:
                    ranked = hint(game, budget=BUDGET)
                    assert ranked[0].move in last
                    assert ranked[0].value > ranked[-1].value
                    checked += 1
                    break
            game.play(rng.choice(game.legal_moves()))
        if checked >= 3:
            break
    assert checked >= 3


def test_cavaleiro_equal_removals_are_explained() -> None:
    game = ludoteca.new_game("cavaleiro", seed=5, players=2)
    while not (isinstance(game.to_move, int) and len(game.legal_moves()) > 1):
        game.play(game.legal_moves()[0])
    ranked = hint(game, budget=BUDGET)
    assert len(ranked) == 9  # one vertical from any of the nine columns
    assert len({r.value for r in ranked}) == 1
    assert ranked[0].tie == "" and all(r.tie == "same_figure" for r in ranked[1:])
    assert [r.move for r in ranked] == [f"remove 1 from column {c}" for c in range(1, 10)]
    for lang, word in (("en", "same figure"), ("pt", "mesma figura")):
        payload = hint_payload("cavaleiro", ranked, lang)
        assert payload["ties"] and word in payload["ties"][0]
        assert payload["unit"] == ranked[0].unit
        assert payload["unit_text"] != ranked[0].unit
        assert payload["moves"][1]["tie_text"] == payload["ties"][0]


# ----------------------------------------------------------------- in words


@pytest.mark.parametrize("name", ["texas42", "bingo", "fiveup", "cavaleiro"])
def test_hints_are_said_in_both_languages_with_their_unit(name: str) -> None:
    game, _ = next(iter(positions(name, {}, range(1))))
    ranked = hint(game, budget=BUDGET)
    pt, en = hint_payload(name, ranked, "pt"), hint_payload(name, ranked, "en")
    assert pt["unit_text"] and en["unit_text"] and pt["unit_text"] != en["unit_text"]
    for a, b in zip(pt["moves"], en["moves"], strict=True):
        assert a["move"] == b["move"] and a["value"] == b["value"]
        assert a["reason"] and b["reason"] and a["reason"] != b["reason"]
        assert a["value_text"] and a["label"]
