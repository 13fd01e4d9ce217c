"""Bingo bots: what they know, how they guess the rest (exactly), their rules, their
honesty, determinism and budget, and small arena matches."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.arena import run_match
from ludoteca.bots import available_levels, choose_move, make_bot
from ludoteca.bots.base import SeatHandle
from ludoteca.bots.bingo_common import (
    heuristic_lead,
    heuristic_reply,
    heuristic_take,
    opponent_known,
    possible_for_opponent,
)
from ludoteca.bots.bingo_expert import ExpertBingo, match_equity, match_utility
from ludoteca.games.bingo import Bingo
from ludoteca.games.bingo import solver as S
from ludoteca.games.bingo.core import A_CLOSE, A_SHOW, A_TAKE_UP
from ludoteca.games.bingo.hidden import (
    DealSampler,
    assignments,
    count_placements,
    observe_view,
    position_from_view,
)
from ludoteca.games.bingo.tables import config_of
from ludoteca.tiles import FULL_MASK, tile_index


def random_positions(games: int, seed: int, shows: bool = False) -> list[tuple[Bingo, int]]:
    """Decision points of random matches (seat 1 shows whenever it can if ``shows``)."""
    rng = random.Random(seed)
    out = []
    for i in range(games):
        game = ludoteca.new_game("bingo", seed=seed * 1000 + i)
        assert isinstance(game, Bingo)
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            out.append((game.copy(), seat))
            moves = game.legal_moves()
            show = [m for m in moves if m.endswith("show")]
            game.play(rng.choice(show if shows and show and seat == 1 else moves))
    return out


# ------------------------------------------------------------------ knowledge


def test_the_view_tells_the_seat_what_the_engine_knows_it_saw() -> None:
    # the bots read their observation from the view alone: the engine's, exactly
    for game, seat in random_positions(25, 1, shows=True)[::3]:
        assert isinstance(game, Bingo)
        seen = observe_view(game.view(seat))
        assert seen == game.observation(seat)
        assert assignments(seen) == assignments(game.observation(seat))


def test_knowledge_matches_the_game() -> None:
    for game, seat in random_positions(15, 2)[::2]:
        assert isinstance(game, Bingo)
        pos = position_from_view(game.view(seat))
        opp = 1 - seat
        held = game.core.hands[opp]
        assert opponent_known(pos, seat) & ~held == 0
        assert held & ~possible_for_opponent(pos, seat) == 0
        assert opponent_known(pos, seat) == opponent_known(game.core, seat)
        assert possible_for_opponent(pos, seat) == possible_for_opponent(game.core, seat)


@settings(max_examples=80)
@given(st.data())
def test_counting_matches_enumeration(data: st.DataObject) -> None:
    draws = data.draw(st.integers(0, 3))
    first = data.draw(st.integers(1, 3))
    stock = data.draw(st.integers(0, 2))
    caps = [first] + [1] * draws + [stock]
    last = len(caps) - 1
    n = sum(caps)
    intervals = data.draw(
        st.lists(
            st.tuples(st.integers(0, last), st.integers(0, last)).filter(lambda p: p[0] <= p[1]),
            min_size=n,
            max_size=n,
        )
    )
    brute = 0
    for groups in itertools.product(range(len(caps)), repeat=len(intervals)):
        if all(lo <= g <= hi for g, (lo, hi) in zip(groups, intervals, strict=True)) and all(
            groups.count(g) == c for g, c in enumerate(caps)
        ):
            brute += 1
    assert count_placements(caps, intervals) == brute


def closed_positions(seed: int) -> Iterator[tuple[Bingo, int]]:
    """Seat 0's decisions in hands closed at trick 1 to 3, seat 1 showing whenever it can."""
    rng = random.Random(seed)
    for i in range(400):
        game = ludoteca.new_game("bingo", seed=seed * 1000 + i)
        assert isinstance(game, Bingo)
        close_at = rng.randrange(1, 4)
        while game.core.hand_no == 1 and not game.is_over:
            moves = game.legal_moves()
            if "close" in moves and len(game.core.tricks) == close_at:
                game.play("close")
                continue
            if game.to_move == 0 and game.core.closed_by >= 0:
                yield game.copy(), 0  # type: ignore[misc]
            show = [m for m in moves if m.endswith("show")]
            game.play(rng.choice(show if show and game.to_move == 1 else moves))


def test_sampled_deals_keep_every_tile_in_its_interval() -> None:
    """In closed positions (shows, failed follows), every sampled deal puts each
    unknown tile in a group its interval allows: the deal, one of the opponent's
    draws, or the stock."""
    checked = 0
    rng = random.Random(3)
    for game, seat in closed_positions(3):
        obs = observe_view(game.view(seat))
        tiles, los, his = assignments(obs)
        sampler = DealSampler(obs)
        stock_group = max(his)
        for _ in range(20):
            dealt, draws, rest = sampler.sample(rng)
            group = {t: 0 for t in tiles if dealt >> t & 1}
            group.update({t: g + 1 for g, t in enumerate(draws)})
            group.update({t: stock_group for t in rest})
            assert sorted(group) == sorted(tiles) and len(rest) == obs.stock_left
            for t, lo, hi in zip(tiles, los, his, strict=True):
                assert lo <= group[t] <= hi
        checked += 1
        if checked >= 30:
            break
    assert checked >= 30


def test_samples_are_consistent_with_the_table() -> None:
    rng = random.Random(5)
    for game, seat in random_positions(10, 4, shows=True)[::4]:
        view = game.view(seat)
        pos = position_from_view(view)
        sampler = DealSampler(observe_view(view))
        opp = 1 - seat
        for _ in range(20):
            filled = sampler.fill(pos, rng)
            hand = filled.hands[opp]
            assert hand.bit_count() == game.core.hands[opp].bit_count()
            assert hand & opponent_known(pos, seat) == opponent_known(pos, seat)
            assert hand & ~possible_for_opponent(pos, seat) == 0
            stock = filled.stock[filled.drawn :]
            assert len(stock) == sampler.obs.stock_left
            assert sum(1 << t for t in stock) & (hand | pos.hands[seat] | pos.played) == 0


# ------------------------------------------------------------------ the rules


def test_greedy_rules_on_examples() -> None:
    cfg = config_of(6, False)  # trump 6
    t = tile_index
    bit = lambda *names: sum(1 << t(n) for n in names)  # noqa: E731
    # 3-0 (10 points) led in the stock phase: won cheaply by 4-1, not by a trump
    assert heuristic_reply(cfg, bit("6-2", "4-1", "1-0"), t("3-0"), 0, 0) == t("4-1")
    # 5-4 (9 points) led: only a trump wins it, not worth it: throw the cheapest tile
    assert heuristic_reply(cfg, bit("6-2", "2-0", "1-0"), t("5-4"), 0, 0) == t("1-0")
    # unless taking it makes 70
    assert heuristic_reply(cfg, bit("6-2", "2-0", "1-0"), t("5-4"), 0, 55) == t("6-2")
    # a show is denied with the weakest trump that wins
    assert heuristic_reply(cfg, bit("6-2", "6-5", "1-1"), t("5-5"), bit("4-4"), 0) == t("6-2")
    # the bingo leads a show of the other doubles
    everyone = FULL_MASK & ~bit("0-0", "5-5", "4-4", "3-2")
    lead = heuristic_lead(cfg, bit("0-0", "5-5", "4-4", "3-2"), 0, everyone, 0, False, True)
    assert lead == A_SHOW + 0
    # sure tricks worth 70 with the points taken: close
    hand = bit("0-0", "6-6", "6-5", "1-0")
    unseen = FULL_MASK & ~hand
    assert heuristic_lead(cfg, hand, 0, unseen, 20, False, True) == A_CLOSE
    assert heuristic_lead(cfg, hand, 0, unseen, 0, False, True) != A_CLOSE
    # the turned-up tile is a trump: take it
    assert heuristic_take(cfg, t("6-1"), unseen) == A_TAKE_UP


# ------------------------------------------------------------------ the bots


def test_levels_are_registered() -> None:
    assert available_levels("bingo") == ["random", "greedy", "expert"]


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_bots_only_see_what_their_seat_may_know(level: str) -> None:
    # the same view with other hidden tiles: the same decision and ranking
    rng = random.Random(6)
    checked = 0
    for game, seat in random_positions(2, 5)[::9]:
        if len(game.legal_moves()) < 2:
            continue
        other = game.sample_hidden(seat, rng)
        assert other.view(seat) == game.view(seat)
        if other.core.hands[1 - seat] == game.core.hands[1 - seat]:
            continue
        a = make_bot("bingo", level, seed=11, budget=0.02)
        b = make_bot("bingo", level, seed=11, budget=0.02)
        assert choose_move(a, game) == choose_move(b, other)
        if level == "expert":
            ra = a.rank(SeatHandle(game, seat))
            rb = b.rank(SeatHandle(other, seat))
            assert ra == rb
        checked += 1
    assert checked >= 5


def test_bots_are_deterministic_given_their_seed() -> None:
    def moves(seed: int) -> list[str]:
        game = ludoteca.new_game("bingo", seed=9)
        bots = [make_bot("bingo", "expert", seed=seed, budget=0.02), make_bot("bingo", "greedy")]
        out = []
        while not game.is_over and len(out) < 40:
            seat = game.to_move
            assert isinstance(seat, int)
            move = choose_move(bots[seat], game)
            out.append(move)
            game.play(move)
        return out

    assert moves(1) == moves(1)


def test_the_expert_ranks_every_move_with_a_reason() -> None:
    bot = ExpertBingo(seed=3, budget=0.02)
    for game, seat in random_positions(1, 6)[::6]:
        ranked = bot.rank(SeatHandle(game, seat))
        assert sorted(r.move for r in ranked) == sorted(game.legal_moves())
        assert all(0 <= r.value <= 1 and r.reason for r in ranked)
        assert all(r.code in ("match_exact", "match_estimate") for r in ranked)
        assert all(r.params["equity"] == r.value for r in ranked)
        if game.view(seat)["sets"] == [0, 0]:  # one hand cannot settle the match
            assert 0.1 < ranked[0].value < 0.9, (seat, ranked[0])
        assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)


def test_the_expert_plays_exactly_once_the_stock_is_exhausted() -> None:
    checked = 0
    for game, seat in random_positions(30, 7):
        view = game.view(seat)
        exhausted = view["following_compulsory"] and view["closed_by"] is None
        if not exhausted or len(game.legal_moves()) < 2:
            continue
        best = S.solve(game, utility=match_utility((view["sets"][0], view["sets"][1])))
        assert isinstance(best, S.Solution)
        move = choose_move(ExpertBingo(seed=1, budget=0.01), game)
        # a best move for the match (the points decide only between equal chances,
        # after a move that wins the hand at once)
        assert {m.move: m.value for m in best.moves}[move] == best.moves[0].value
        # the values are the mover's exact chance of winning the match, the reason
        # gives the hand's exact final point difference, both from the mover's side
        ranked = {r.move: r for r in ExpertBingo(seed=1, budget=0.01).rank(SeatHandle(game, seat))}
        for m in best.moves:
            equity = m.value / 1000 + (1 if seat == 1 else 0)
            assert ranked[m.move].value == pytest.approx(equity, abs=1e-3)
            assert ranked[m.move].reason.endswith(f"(points {m.margin:+d} this hand)")
        checked += 1
    assert checked >= 10


def test_the_budget_sets_the_work_not_the_clock() -> None:
    bot = ExpertBingo(seed=1, budget=0.2)
    half = ExpertBingo(seed=1, budget=0.1)
    game = ludoteca.new_game("bingo", seed=3)
    ranked = bot.rank(SeatHandle(game, 0))
    halved = half.rank(SeatHandle(game, 0))
    assert ranked[0].code == "match_estimate" and ranked[0].params["method"] == "played_out"
    assert ranked[0].params["deals"] == pytest.approx(2 * halved[0].params["deals"], abs=1)
    # and the work stays within a few times the budget on one core
    spent = []
    for g, seat in random_positions(1, 8)[::8]:
        start = time.process_time()
        half.choose(SeatHandle(g, seat))
        spent.append(time.process_time() - start)
    spent.sort()
    assert spent[int(0.95 * (len(spent) - 1))] < 0.5


def test_match_equity() -> None:
    for a in range(7):
        for b in range(7):
            assert match_equity(a, b) + match_equity(b, a) == pytest.approx(1)
            if a < 6:
                assert match_equity(a + 1, b) > match_equity(a, b)
    # at 6-6 only the hand's winner matters, not by how many sets
    u = match_utility((6, 6))
    assert {u[0][k][c] for k in (1, 2, 3) for c in range(3)} == {1000}
    assert {u[1][k][c] for k in (1, 2, 3) for c in range(3)} == {0}


# ------------------------------------------------------------------ matches


def test_greedy_beats_random_clearly() -> None:
    result = run_match("bingo", ["greedy", "random"], games=24, duplicate=True, seed=3)
    greedy, rand = result.standings
    assert greedy.ci_low > 0.5
    assert greedy.margin > 0 > rand.margin


def test_expert_beats_greedy_in_a_short_match() -> None:
    result = run_match("bingo", ["expert:0.02", "greedy"], games=6, duplicate=True, seed=2)
    expert, greedy = result.standings
    assert expert.points > greedy.points
