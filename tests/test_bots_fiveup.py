"""Five-Up bots: legal at every kind of decision, deterministic, blind to what their seat
cannot see, the greedy level's one-move sense, the expert's exact play once the stock
is closed, and a small arena match."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from fiveup_helpers import play_all, start

import ludoteca
from ludoteca.arena import run_match
from ludoteca.bots import available_levels, choose_move, make_bot
from ludoteca.bots.base import SeatHandle
from ludoteca.bots.fiveup_common import HandKnowledge
from ludoteca.bots.fiveup_expert import ExpertFiveUp
from ludoteca.bots.fiveup_greedy import GreedyFiveUp
from ludoteca.games.fiveup import FiveUp
from ludoteca.games.fiveup import solver as S

LEVELS = ["random", "greedy", "expert"]


def bot(level: str, seed: int = 1) -> ludoteca.bots.Bot:
    return make_bot("fiveup", level, seed=seed, budget=0.01 if level == "expert" else None)


def kind_of(game: FiveUp) -> str:
    moves = game.legal_moves()
    if moves == ["draw"]:
        return "draw"
    if moves == ["pass"]:
        return "pass"
    return "opening" if all(" on " not in m for m in moves) else "play"


def decisions(players: int, seed: int, hands: int = 2) -> list[FiveUp]:
    """Copies of the decisions of the first ``hands`` hands of a random game."""
    rng = random.Random(seed)
    game = ludoteca.new_game("fiveup", seed=seed, players=players)
    assert isinstance(game, FiveUp)
    out = []
    while not game.is_over and game.fast.hands_scored < hands:
        out.append(game.copy())
        game.apply_action(rng.choice(game.legal_actions()))
    return out


def closed_endings(seed: int, tiles: int, target: int | None = None) -> Iterator[FiveUp]:
    """Two-player decisions with more than one move once the stock is closed and at
    most ``tiles`` tiles are left in the hands, from random games to ``target`` (None:
    the first hands of games to 1000, so that only the points margin counts)."""
    rng = random.Random(seed)
    while True:
        game = ludoteca.new_game("fiveup", seed=rng.randrange(10**9), target=target or 1000)
        assert isinstance(game, FiveUp)
        while not game.is_over and (target or game.fast.hands_scored < 1):
            if (
                isinstance(game.to_move, int)
                and len(game.stock_left) <= 1
                and sum(h.bit_count() for h in game.hand_masks) <= tiles
                and len({S.move_of(a) for a in game.legal_actions()}) > 1
            ):
                yield game.copy()
            game.apply_action(rng.choice(game.legal_actions()))


# ------------------------------------------------------------------ legal moves


def test_levels_are_registered() -> None:
    assert available_levels("fiveup") == LEVELS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_makes_a_legal_move_at_every_kind_of_decision(players: int) -> None:
    bots = {level: bot(level) for level in LEVELS}
    wanted = {"opening": 3, "play": 12, "draw": 3, "pass": 3}
    seen = dict.fromkeys(wanted, 0)
    for seed in range(40):
        for game in decisions(players, 100 * players + seed, hands=99):
            kind = kind_of(game)
            passes = game.view()["passes_in_a_row"]
            if seen[kind] >= wanted[kind] or (kind == "play" and passes == 0 and seed % 3):
                continue
            seen[kind] += 1
            legal = game.legal_moves()
            for level, b in bots.items():
                move = choose_move(b, game)
                assert move in legal, (level, kind, move)
        if seen == wanted:
            break
    assert seen == wanted


def test_a_bot_refuses_a_seat_that_is_not_to_move() -> None:
    game = ludoteca.new_game("fiveup", seed=1)
    seat = game.to_move
    assert isinstance(seat, int)
    with pytest.raises(ValueError, match="not seat"):
        SeatHandle(game, 1 - seat)


# ------------------------------------------------------------------ determinism


@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_deterministic_given_their_seed(level: str) -> None:
    def moves(seed: int) -> list[str]:
        game = ludoteca.new_game("fiveup", seed=9, players=3)
        bots = [bot(level, seed), bot("greedy"), bot("random", 4)]
        out = []
        while not game.is_over and len(out) < 60:
            seat = game.to_move
            assert isinstance(seat, int)
            move = choose_move(bots[seat], game)
            out.append(move)
            game.play(move)
        return out

    first = moves(1)
    assert first == moves(1)
    if level != "greedy":  # greedy has no randomness at all
        assert any(moves(s) != first for s in (2, 3, 5))


def test_the_experts_ranking_is_reproducible_and_complete() -> None:
    for game in decisions(2, 7)[::7]:
        seat = game.to_move
        assert isinstance(seat, int)
        a = ExpertFiveUp(seed=3, budget=0.01).rank(SeatHandle(game, seat))
        b = ExpertFiveUp(seed=3, budget=0.01).rank(SeatHandle(game, seat))
        assert a == b
        assert sorted(r.move for r in a) == sorted(game.legal_moves())
        assert [r.value for r in a] == sorted((r.value for r in a), reverse=True)
        assert all(r.reason for r in a)


def test_the_budget_sets_the_work_not_the_clock() -> None:
    game = ludoteca.new_game("fiveup", seed=3)
    seat = game.to_move
    assert isinstance(seat, int)
    k = HandKnowledge.from_view(game.view(seat))
    small, large = ExpertFiveUp(seed=1, budget=0.05), ExpertFiveUp(seed=1, budget=0.1)
    assert large._deals(k, 5, False) == pytest.approx(2 * small._deals(k, 5, False), abs=1)
    assert ExpertFiveUp(seed=1, budget=0.0001)._deals(k, 5, False) >= 1


# ------------------------------------------------------------------ honesty


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 4])
def test_bots_only_see_what_their_seat_may_know(level: str, players: int) -> None:
    # the same view with other hidden tiles (other hands, stock order): the same decision
    rng = random.Random(players)
    checked = 0
    for game in decisions(players, 40 + players, hands=4)[3::5]:
        seat = game.to_move
        assert isinstance(seat, int)
        if len(game.legal_moves()) < 2:
            continue
        other = game.sample_hidden(seat, rng)
        assert other.view(seat) == game.view(seat)
        if other.hand_masks == game.hand_masks and other.stock_left == game.stock_left:
            continue
        a, b = bot(level, 11), bot(level, 11)
        assert choose_move(a, game) == choose_move(b, other)
        if level != "random":
            c, d = bot(level, 12), bot(level, 12)
            assert c.rank(SeatHandle(game, seat)) == d.rank(SeatHandle(other, seat))
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_hand_built_deals_differing_only_in_hidden_tiles(level: str) -> None:
    # seat 0 holds the same tiles and sees the same plays; seat 1's other tiles and the
    # stock differ (4-4 and 5-5 swapped between seat 1's hand and the stock's top)
    mine = "6-4 5-1 4-2 3-3 0-0"
    a = start([mine, "6-6 6-1 5-5 2-1 1-1"], stock_first="4-4 3-2")
    b = start([mine, "6-6 6-1 4-4 2-1 1-1"], stock_first="5-5 3-2")
    for game in (a, b):
        play_all(game, "play 6-4, play 6-1 on 6-4, play 4-2 on 6-4, play 2-1 on 4-2")
    assert a.to_move == 0 and a.view(0) == b.view(0)
    assert a.hand_masks[1] != b.hand_masks[1]
    assert choose_move(bot(level, 5), a) == choose_move(bot(level, 5), b)
    # at the opening too, with the stocks in other orders
    c = start([mine, "6-6 6-1 5-5 2-1 1-1"], stock_first="4-4 3-2")
    d = start([mine, "6-6 6-1 4-4 2-1 1-1"], stock_first="3-2 5-5")
    assert c.view(0) == d.view(0)
    assert choose_move(bot(level, 5), c) == choose_move(bot(level, 5), d)


# ------------------------------------------------------------------ greedy


def test_greedy_takes_the_only_scoring_play() -> None:
    # 5-5 opens (10: seat 0 scores 2). Seat 1 may join 5-0, 5-1 or 5-3 to a side of the
    # spinner (ends 10, 11, 13) or 4-2 nowhere: only 5-0 scores (2 points), and after it
    # nothing seat 0 may hold scores in reply (a free side makes 0 + x, a 0 end 10 + y).
    game = start(["5-5 6-4 3-1 2-0 1-0", "5-0 5-1 5-3 4-2 6-6"])
    game.play("play 5-5")
    assert choose_move(bot("greedy"), game) == "play 5-0 on 5-5"
    ranked = GreedyFiveUp().rank(SeatHandle(game, 1))
    assert ranked[0].move == "play 5-0 on 5-5" and ranked[0].value > ranked[1].value
    assert "→ 2" in ranked[0].reason


def test_greedy_prefers_the_larger_score() -> None:
    # opening 6-3 (9). Seat 1 may make 6-2 on 6 (2 + 3 = 5: 1 point), 4-3 on 3
    # (6 + 4 = 10: 2 points) or 6-6 on 6 (a spinner with free sides counts 12: 15, 3 points)
    game = start(["6-3 3-3 2-2 1-0 0-0", "6-2 4-3 6-6 5-1 2-1"])
    game.play("play 6-3")
    ranked = GreedyFiveUp().rank(SeatHandle(game, 1))
    assert [r.move for r in ranked[:3]] == ["play 6-6 on 6-3", "play 4-3 on 6-3", "play 6-2 on 6-3"]


# ------------------------------------------------------------------ expert, exact endings


def few_worlds(game: FiveUp, most: int = 4) -> list[FiveUp] | None:
    """The distinct deals consistent with the view of the seat to move (found by
    sampling), or None if there are more than ``most``."""
    seat = game.to_move
    assert isinstance(seat, int)
    rng = random.Random(0)
    out: dict[tuple[tuple[int, ...], tuple[int, ...]], FiveUp] = {}
    for _ in range(40):
        w = game.sample_hidden(seat, rng)
        out[(w.hand_masks, w.stock_left)] = w
        if len(out) > most:
            return None
    return list(out.values())


def test_the_expert_plays_exactly_once_the_stock_is_closed() -> None:
    # where one move is best whatever the hidden tiles are (and not every move is), the
    # expert finds it, and it is among the solver's best moves in the real deal
    checked = 0
    for i, game in enumerate(closed_endings(1, 8)):
        assert i < 3000, "too few endings"
        possible = few_worlds(game)
        if possible is None:
            continue
        best_everywhere = set(game.legal_moves())
        for w in possible:
            best_everywhere &= set(ludoteca.solve(w).best_moves)
        truth = ludoteca.solve(game)
        if not best_everywhere or set(truth.best_moves) == set(game.legal_moves()):
            continue
        move = choose_move(ExpertFiveUp(seed=i, budget=0.05), game)
        assert move in best_everywhere
        assert move in truth.best_moves
        checked += 1
        if checked >= 8:
            break


def test_the_expert_finds_the_move_that_wins_the_game() -> None:
    # near the target: where some move reaches it whatever the hidden tiles are, while
    # another does not, the expert wins
    checked = 0
    for i, game in enumerate(closed_endings(2, 8, target=21)):
        assert i < 3000, "too few endings"
        if max(game.fast.side_scores()) < 13:
            continue
        possible = few_worlds(game)
        if possible is None:
            continue
        wins_everywhere = set(game.legal_moves())
        some_loss = False
        for w in possible:
            solution = ludoteca.solve(w)
            winning = {m.move for m in solution.moves if m.value > S.WIN // 2}
            some_loss |= winning != set(game.legal_moves())
            wins_everywhere &= winning
        if not wins_everywhere or not some_loss:
            continue
        move = choose_move(ExpertFiveUp(seed=i, budget=0.05), game)
        assert move in wins_everywhere
        checked += 1
        if checked >= 5:
            break


# ------------------------------------------------------------------ matches


def test_the_expert_beats_random_in_a_short_match() -> None:
    result = run_match(
        "fiveup", ["expert:0.01", "random"], games=6, duplicate=True, seed=2, options={"target": 31}
    )
    expert, rand = result.standings
    assert expert.points >= 5
    assert expert.margin > 0 > rand.margin
