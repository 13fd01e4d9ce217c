"""Cavaleiro bots: the exact tables checked by hand, by brute force and against the engine;
the bots' choices, determinism, budget and honesty; small arena matches."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

import ludoteca
from ludoteca.arena import run_match
from ludoteca.bots import available_levels, choose_move, make_bot
from ludoteca.bots.base import Bot, SeatHandle
from ludoteca.bots.cavaleiro_expert import (
    ExpertCavaleiro,
    ExpertPolicy,
    endgame_sticks,
    endgame_table,
)
from ludoteca.bots.cavaleiro_greedy import GreedyCavaleiro, greedy_policy
from ludoteca.bots.cavaleiro_tables import (
    DuelTable,
    FigureSpace,
    OwnFigurePolicy,
    RoundsTable,
    TooLarge,
    after_action,
    duel_odds,
    figure_from_view,
    kind_odds,
    place_odds,
)
from ludoteca.games.cavaleiro import rank_roll
from ludoteca.games.cavaleiro.layout import parse_layout
from ludoteca.games.cavaleiro.rolls import REMOVAL_CODES

# ------------------------------------------------------------------ roll odds

KEY_COUNTS = Counter(rank_roll(d).key for d in product(range(1, 7), repeat=4))


def removal_kind(key: tuple[int, ...]) -> int:
    """The removal a roll allows, read again from the rules' table (0 = one vertical,
    1 = up to 2, 2 = up to 3, 3 = a column or a horizontal, 4 = a block or the horizontals)."""
    category = key[0]
    if category == 4:
        return 4
    if category == 3:
        return 3
    if category == 2:
        return 2 if key[1] >= 5 else 1
    if category == 1:
        return 1 if key[1] >= 5 else 0
    return 0


def brute_place_odds(players: int) -> list[list[Fraction]]:
    """P(roller at each place wins with each kind), over every combination of roll keys."""
    odds = [[Fraction(0)] * 5 for _ in range(players)]
    keys = list(KEY_COUNTS)
    for combo in product(keys, repeat=players):
        weight = math.prod(KEY_COUNTS[k] for k in combo)
        best = max(combo)
        place = combo.index(best)  # ties: the earlier roller
        odds[place][removal_kind(best)] += weight
    total = 1296**players
    return [[x / total for x in row] for row in odds]


@pytest.mark.parametrize("players", [2, 3])
def test_roll_odds_match_every_combination_of_rolls(players: int) -> None:
    brute = brute_place_odds(players)
    for place in range(players):
        assert list(place_odds(players, place)) == brute[place]
    assert list(kind_odds(players)) == [sum(row[r] for row in brute) for r in range(5)]


def test_roll_odds_known_values() -> None:
    for n in range(1, 9):
        odds = kind_odds(n)
        assert sum(odds) == 1
        # four of a kind: 6 rolls of 1296; the best of n is one unless none is
        assert odds[4] == 1 - (1 - Fraction(6, 1296)) ** n
        # three of a kind or better: 6 + 120 rolls of 1296
        assert odds[3] + odds[4] == 1 - (1 - Fraction(126, 1296)) ** n
    # with more players the best roll is better
    assert kind_odds(8)[0] < kind_odds(2)[0] < kind_odds(1)[0]
    # the first roller wins ties
    assert sum(place_odds(2, 0)) > Fraction(1, 2) > sum(place_odds(2, 1))


# ------------------------------------------------------ figure states and moves


def kind_of_round(view: dict[str, Any]) -> int:
    return REMOVAL_CODES.index(view["allowed_removal_code"])


@pytest.mark.parametrize("layout", ["3x3x3+3", "23/4+2", "12/3+1", "1x1x1+1"])
def test_moves_of_the_space_are_the_engines(layout: str) -> None:
    """From real positions, the legal moves lead exactly to the space's successors."""
    space = FigureSpace.of(parse_layout(layout).text)
    rng = random.Random(4)
    checked = 0
    seed = 0
    while checked < 200:
        seed += 1
        game = ludoteca.new_game("cavaleiro", seed=seed, layout=layout)
        while not game.is_over:
            view = game.view()
            seat = game.to_move
            assert isinstance(seat, int)
            state = space.index[figure_from_view(view, seat)]
            actions = game.legal_actions()
            expected = set(space.moves[kind_of_round(view)][state])
            if game.legal_moves() == ["pass"]:
                assert expected == set()
            else:
                left = {space.index[after_action(view, seat, a)] for a in actions}
                assert left == expected
            checked += 1
            action = rng.choice(actions)
            predicted = after_action(view, seat, action)
            game.apply_action(action)
            if not game.is_over:
                assert figure_from_view(game.view(), seat) == predicted
    assert checked > 50


def test_space_sizes() -> None:
    space = FigureSpace.of("3x3x3+3")
    assert len(space) == 6160
    assert space.states[0] == (0, ())
    assert space.sticks[space.start] == 30
    # states are numbered by sticks left, and every move removes at least one stick
    assert space.sticks == sorted(space.sticks)
    for r in range(5):
        for i, nexts in enumerate(space.moves[r]):
            assert all(space.sticks[j] < space.sticks[i] for j in nexts)
    with pytest.raises(TooLarge):
        FigureSpace(parse_layout("9x9x9+9"))


# ---------------------------------------------------------- round-wins table


def exact_rounds(layout: str, players: int = 2) -> Fraction:
    table = RoundsTable(FigureSpace.of(parse_layout(layout).text), kind_odds(players))
    value: Fraction = table.values[table.space.start]
    return value


def test_rounds_by_hand_single_stick() -> None:
    assert exact_rounds("1+0") == 1
    assert exact_rounds("1/1+0") == 2  # every winning roll takes one of the two sticks


def test_rounds_by_hand_one_column() -> None:
    p = kind_odds(2)
    # a column of 2: only "one vertical" leaves a stick, which any win then takes
    assert exact_rounds("2+0") == 1 + p[0]
    # a column of 3: one vertical leaves 2; up to 2 leaves 1 (better than 2); the rest take all
    assert exact_rounds("3+0") == 1 + p[0] * (1 + p[0]) + p[1]


def test_rounds_by_hand_vertical_and_horizontal() -> None:
    p = kind_odds(3)
    # only three or four of a kind take a horizontal: a lone one needs 1 / P(that) wins
    lone = 1 / (p[3] + p[4])
    # from the full figure, a pair or nothing takes the vertical (leaving the horizontal);
    # three or four of a kind take the horizontal, leaving a vertical that needs one win
    assert exact_rounds("1x1x1+1", 3) == 1 + (p[0] + p[1] + p[2]) * lone + (p[3] + p[4]) * 1


def test_rounds_table_against_the_engine() -> None:
    """Seat 0 wins every round with the better of two fair rolls; the expert without
    the two-player table needs on average what its table says."""
    layout = "2x3x3+2"
    table = RoundsTable.build(layout, 2)
    bot = make_bot("cavaleiro", "expert", seed=1, budget=0)
    rng = random.Random(11)
    counts = []
    for _ in range(150):
        game = ludoteca.new_game("cavaleiro", chance="manual", layout=layout)
        game.play("roll 6 6 6 6")  # seat 0 rolls first every round
        game.play("roll 1 1 1 1")
        while not game.is_over:
            if game.to_move == "chance":
                a, b = rng.choices(range(1, 7), k=4), rng.choices(range(1, 7), k=4)
                best = max(a, b, key=lambda d: rank_roll(d).key)
                game.play("roll " + " ".join(map(str, best)))
                game.play("roll 4 3 2 1")  # the weakest roll there is
            else:
                game.play(choose_move(bot, game))
        assert game.result()["winner"] == 0
        counts.append(game.result()["rounds_won"][0])
    mean = statistics.fmean(counts)
    se = statistics.stdev(counts) / math.sqrt(len(counts))
    assert abs(mean - table.value(table.space.start)) < 4 * se


# ------------------------------------------------------------ two-player table


def iterate_duel(space: FigureSpace) -> dict[tuple[int, int], float]:
    """The first roller's chance by plain value iteration over every pair of states."""
    q = [float(x) for x in place_odds(2, 0)]
    s = [float(x) for x in place_odds(2, 1)]
    states = range(1, len(space))
    win = {(a, b): 0.5 for a in states for b in states}

    def after(mine: int, theirs: int) -> float:
        return 1.0 if mine == 0 else win[mine, theirs]

    for _ in range(10_000):
        change = 0.0
        for a, b in win:
            value = 0.0
            for r in range(5):
                mine, theirs = space.moves[r][a], space.moves[r][b]
                value += q[r] * (max(after(x, b) for x in mine) if mine else win[a, b])
                value += s[r] * (1 - (max(after(y, a) for y in theirs) if theirs else win[b, a]))
            change = max(change, abs(value - win[a, b]))
            win[a, b] = value
        if change < 1e-14:
            return win
    raise AssertionError("value iteration did not converge")


@pytest.mark.parametrize("layout", ["1+0", "3+0", "1x1x1+1", "2/1+1", "12/2+1"])
def test_duel_table_matches_value_iteration(layout: str) -> None:
    space = FigureSpace.of(parse_layout(layout).text)
    table = DuelTable(space)
    for (a, b), value in iterate_duel(space).items():
        assert table.value(a, b) == pytest.approx(value, abs=1e-11)


def test_duel_by_hand_single_stick() -> None:
    """One stick each: the first round decides; the first roller wins it unless beaten."""
    space = FigureSpace.of("1+0")
    first_wins = Fraction(
        sum(KEY_COUNTS[a] * KEY_COUNTS[b] for a in KEY_COUNTS for b in KEY_COUNTS if a >= b),
        1296**2,
    )
    assert DuelTable(space).value(1, 1) == pytest.approx(float(first_wins), abs=1e-15)


def test_duel_odds_of_a_policy_against_itself_is_even() -> None:
    space = FigureSpace.of("23/32+2")
    rounds = RoundsTable.build("23/32+2", 2)
    expert = ExpertPolicy(rounds, DuelTable(space))
    assert duel_odds(space, expert, expert) == pytest.approx(0.5, abs=1e-12)
    greedy = greedy_policy(space)
    there = duel_odds(space, expert, greedy)
    back = duel_odds(space, greedy, expert)
    assert there + back == pytest.approx(1.0, abs=1e-12)
    # the win-probability policy is at least as good as any other
    assert there >= 0.5
    assert duel_odds(space, expert, ExpertPolicy(rounds)) >= 0.5


class LeastBot(Bot):
    """Removes as little as it may: a bad policy, for measuring against the exact odds."""

    level = "least"

    def choose(self, handle: SeatHandle) -> str:
        view = handle.view()
        actions = handle.legal_actions()
        space = FigureSpace.of(view["layout"]["text"])
        left = [space.index[after_action(view, handle.seat, a)] for a in actions]
        best = min(range(len(actions)), key=lambda i: (-space.sticks[left[i]], left[i]))
        return handle.action_to_move(actions[best])


def test_duel_odds_against_the_engine() -> None:
    """The exact odds of the round-wins policy against a bad one match real games."""
    layout = "3x2x2+2"
    space = FigureSpace.of(layout)
    least = OwnFigurePolicy.from_key(space, lambda i, j: -space.sticks[j])
    exact = duel_odds(space, ExpertPolicy(RoundsTable.build(layout, 2)), least)
    wins = 0
    games = 400
    for deal in range(games):
        game = ludoteca.new_game("cavaleiro", seed=deal, layout=layout)
        expert_seat = deal % 2
        bots = {expert_seat: make_bot("cavaleiro", "expert", budget=0), 1 - expert_seat: LeastBot()}
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            game.play(choose_move(bots[seat], game))
        wins += game.result()["winner"] == expert_seat
    se = math.sqrt(exact * (1 - exact) / games)
    assert exact > 0.6
    assert abs(wins / games - exact) < 4 * se


# --------------------------------------------------------------------- the bots


def test_levels_are_registered() -> None:
    assert available_levels("cavaleiro") == ["random", "greedy", "expert"]
    assert isinstance(make_bot("cavaleiro", "greedy"), GreedyCavaleiro)
    assert isinstance(make_bot("cavaleiro", "expert"), ExpertCavaleiro)


def random_positions(layout: str, players: int, count: int, seed: int) -> list[ludoteca.Game]:
    """Decisions of real games played at random (copies, each with a choice to make)."""
    rng = random.Random(seed)
    out: list[ludoteca.Game] = []
    deal = 0
    while len(out) < count:
        game = ludoteca.new_game(
            "cavaleiro", seed=seed * 1000 + deal, players=players, layout=layout
        )
        deal += 1
        while not game.is_over:
            moves = game.legal_moves()
            if len(moves) > 1 and rng.random() < 0.3:
                out.append(game.copy())
            game.play(rng.choice(moves))
    return out[:count]


def test_greedy_choices() -> None:
    game = ludoteca.new_game("cavaleiro", chance="manual")
    for roll in ("roll 6 6 6 6", "roll 1 1 1 1", "roll 6 6 6 6", "roll 1 2 3 4"):
        game.play(roll)
    bot = make_bot("cavaleiro", "greedy")
    # four of a kind: the 3 horizontals count as 9, like a block, and keep the blocks intact
    assert choose_move(bot, game) == "remove horizontals"
    game.play("remove horizontals")
    for roll in ("roll 5 5 5 2", "roll 1 2 3 4"):
        game.play(roll)
    # three of a kind: a full column of 3 (every block is intact: the first column)
    assert choose_move(bot, game) == "remove 3 from column 1"
    game.play("remove 3 from column 1")
    for roll in ("roll 5 5 2 1", "roll 1 2 3 4"):
        game.play(roll)
    # a pair of 5s takes 2, from the block already broken, from a full column
    assert choose_move(bot, game) == "remove 2 from column 2"
    ranked = bot.rank(SeatHandle(game, 0))
    assert ranked[0].value == 2 and "takes 2 sticks" in ranked[0].reason
    assert sorted(r.move for r in ranked) == sorted(game.legal_moves())


@pytest.mark.parametrize("layout", ["3x3x3+3", "23/4+2"])
def test_greedy_bot_follows_its_policy(layout: str) -> None:
    space = FigureSpace.of(parse_layout(layout).text)
    policy = greedy_policy(space)
    bot = make_bot("cavaleiro", "greedy")
    for game in random_positions(layout, 2, 60, seed=2):
        view = game.view()
        seat = game.to_move
        assert isinstance(seat, int)
        state = space.index[figure_from_view(view, seat)]
        chosen = after_action(view, seat, game.move_to_action(choose_move(bot, game)))
        assert space.index[chosen] == policy.choice[kind_of_round(view)][state]


def test_expert_bot_follows_its_policy() -> None:
    """The bot (with the table of small figures) chooses what the policy over the whole
    table chooses, also once it switches from round wins to win probability."""
    layout = "33/33+2"
    space = FigureSpace.of(layout)
    budget = 0.001  # the two-player table for figures of a few sticks
    assert 0 < endgame_sticks(space, budget) < 10
    policy = ExpertPolicy(RoundsTable.build(layout, 2), DuelTable(space), budget=budget)
    bot = make_bot("cavaleiro", "expert", budget=budget)
    switched = 0
    for game in random_positions(layout, 2, 80, seed=3):
        view = game.view()
        seat = game.to_move
        assert isinstance(seat, int)
        mine = space.index[figure_from_view(view, seat)]
        theirs = space.index[figure_from_view(view, 1 - seat)]
        chosen = space.index[after_action(view, seat, game.move_to_action(choose_move(bot, game)))]
        block = policy.choose_block(kind_of_round(view), space.sticks[mine], space.sticks[theirs])
        g = space.groups
        assert chosen == block[mine - g[space.sticks[mine]], theirs - g[space.sticks[theirs]]]
        switched += bot.rank(SeatHandle(game, seat))[0].reason.startswith("wins ")
    assert 0 < switched < 80


def test_expert_rank() -> None:
    bot = make_bot("cavaleiro", "expert")
    for game in random_positions("3x3x3+3", 3, 10, seed=5):
        seat = game.to_move
        assert isinstance(seat, int)
        ranked = bot.rank(SeatHandle(game, seat))
        assert sorted(r.move for r in ranked) == sorted(game.legal_moves())
        values = [r.value for r in ranked]
        assert values == sorted(values, reverse=True)
        assert all("round wins still needed" in r.reason for r in ranked)
        assert ranked[0].move == choose_move(bot, game)
    # two players, late in a small game: the two-player table answers, in probabilities
    for game in random_positions("23/32+2", 2, 10, seed=6):
        seat = game.to_move
        assert isinstance(seat, int)
        ranked = bot.rank(SeatHandle(game, seat))
        assert all(0 <= r.value <= 1 and r.reason.startswith("wins ") for r in ranked)


def test_a_winning_move_is_certain() -> None:
    game = ludoteca.new_game("cavaleiro", chance="manual", layout="1x1x2+0")
    for roll in ("roll 6 6 6 6", "roll 1 1 1 1", "roll 6 6 2 1", "roll 1 2 3 4"):
        game.play(roll)
    ranked = make_bot("cavaleiro", "expert").rank(SeatHandle(game, 0))
    assert ranked[0].move == "remove 2 from column 1" and ranked[0].value == 1.0
    assert ranked[1].value < 1.0


def test_expert_plays_large_figures_greedily() -> None:
    game = ludoteca.new_game("cavaleiro", seed=2, layout="9x9x9+9")
    handle = SeatHandle(game, game.to_move)  # type: ignore[arg-type]
    expert = make_bot("cavaleiro", "expert").rank(handle)
    greedy = make_bot("cavaleiro", "greedy").rank(handle)
    assert expert == greedy


class ViewOnly:
    """All a Cavaleiro bot needs: the seat, its view and its legal moves (in notation and
    as action numbers)."""

    def __init__(self, game: ludoteca.Game, seat: int) -> None:
        self.seat = seat
        self._game = game
        self.move_count = len(game)
        self._moves = game.legal_moves()
        self._actions = game.legal_actions()

    def view(self, *, log_from: int = 0) -> dict[str, Any]:
        return self._game.view(self.seat, log_from=log_from)

    def legal_moves(self) -> list[str]:
        return list(self._moves)

    def legal_actions(self) -> list[int]:
        return list(self._actions)

    def action_to_move(self, action: int) -> str:
        return self._moves[self._actions.index(action)]


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_bots_use_only_the_view_and_the_legal_moves(level: str) -> None:
    for game in random_positions("3x3x3+3", 2, 10, seed=7):
        seat = game.to_move
        assert isinstance(seat, int)
        bot = make_bot("cavaleiro", level)
        limited = bot.choose(ViewOnly(game, seat))  # type: ignore[arg-type]
        assert limited == choose_move(make_bot("cavaleiro", level), game)


@pytest.mark.parametrize("level", ["random", "greedy", "expert"])
def test_bots_are_deterministic_given_the_seed(level: str) -> None:
    def play() -> list[str]:
        game = ludoteca.new_game("cavaleiro", seed=9, players=3, layout="23/32+2")
        bots = [make_bot("cavaleiro", level, seed=s) for s in range(3)]
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            game.play(choose_move(bots[seat], game))
        return game.moves

    assert play() == play()


def test_budget() -> None:
    space = FigureSpace.of("3x3x3+3")
    assert [endgame_sticks(space, b) for b in (0, 0.5, 1.0, 4.0, 10.0)] == [0, 11, 12, 16, 30]
    # the tables are built once per figure and process, before the clock starts
    RoundsTable.build("3x3x3+3", 2)
    endgame_table("3x3x3+3", endgame_sticks(space, 1.0))
    times = []
    for seed in range(2):
        game = ludoteca.new_game("cavaleiro", seed=seed)
        bots = [make_bot("cavaleiro", "expert", seed=s) for s in range(2)]
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            start = time.process_time()
            move = choose_move(bots[seat], game)
            times.append(time.process_time() - start)
            game.play(move)
    times.sort()
    assert times[int(0.95 * len(times))] <= 0.05
    # no budget: the round-wins table alone, never the two-player one
    bot = make_bot("cavaleiro", "expert", budget=0)
    for game in random_positions("1x1x2+1", 2, 5, seed=8):
        seat = game.to_move
        assert isinstance(seat, int)
        assert all("round wins" in r.reason for r in bot.rank(SeatHandle(game, seat)))


# ---------------------------------------------------------------------- arena


def test_arena_greedy_beats_random() -> None:
    result = run_match("cavaleiro", ["greedy", "random"], games=100, duplicate=True, seed=1)
    greedy, rand = result.standings
    assert greedy.ci_low > 0.5
    assert greedy.margin > 0 > rand.margin


def test_arena_duplicate_gives_each_seat_the_same_dice() -> None:
    """Swapping the bots keeps every seat's rolls: dice never depend on the decisions."""

    def rolls(levels: tuple[str, str]) -> list[tuple[int, str]]:
        game = ludoteca.new_game("cavaleiro", seed=1_000_003 * 4 + 2)
        bots = [make_bot("cavaleiro", level, seed=1) for level in levels]
        out = []
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            game.play(choose_move(bots[seat], game))
            last = game.view()["last_round"]
            out += [(r["seat"], str(r["dice"])) for r in last["rolls"]]
        return out

    one, two = rolls(("expert", "random")), rolls(("random", "expert"))
    shared = min(len(one), len(two))
    assert shared > 20 and one[:shared] == two[:shared]
