"""The exact Bingo solver, checked against brute force through the engine itself,
against the plain minimax and between its C and Python searches."""

from __future__ import annotations

import random

import pytest
from bingo_helpers import dealt
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca import NotSolvable
from ludoteca.games.bingo import Bingo
from ludoteca.games.bingo import solver as S
from ludoteca.games.bingo.core import LEAD, REPLY, TAKE


def ending(seed: int, tricks_left: int, close: float = 0.3, b7: bool = False) -> Bingo:
    """A random game played at random until following is compulsory with at most
    ``tricks_left`` tricks to play in the hand: a leader closes with probability
    ``close`` at each lead (never 0: without a close few tricks are left when
    someone reaches 70)."""
    rng = random.Random(seed)
    close = max(close, 0.05)
    while True:
        game = ludoteca.new_game("bingo", seed=rng.randrange(10**9), blanks_as_seven=b7)
        assert isinstance(game, Bingo)
        while not game.is_over:
            core = game.core
            if (
                core.phase in (LEAD, REPLY)
                and core.following_compulsory
                and max(h.bit_count() for h in core.hands) <= tricks_left
            ):
                return game
            moves = game.legal_moves()
            if "close" in moves:
                if rng.random() < close:
                    game.play("close")
                    continue
                moves.remove("close")
            game.play(rng.choice(moves))


def brute_force(game: Bingo, hands_before: int) -> int:
    """Seat 0's objective (set difference, then points) by minimax over engine copies."""
    hands = game.result()["hands"]
    if len(hands) > hands_before:
        h = hands[hands_before]
        return (h["sets_won"][0] - h["sets_won"][1]) * S.SCALE + h["points"][0] - h["points"][1]
    values = []
    for action in game.legal_actions():
        child = game.copy()
        child.apply_action(action)
        values.append(brute_force(child, hands_before))
    return max(values) if game.to_move == 0 else min(values)


def seat0(value: int, margin: int, mover: int) -> int:
    score = value * S.SCALE + margin
    return score if mover == 0 else -score


@settings(max_examples=150)
@given(st.integers(0, 10**6), st.integers(1, 3), st.floats(0, 1), st.booleans())
def test_every_move_value_matches_brute_force_through_the_engine(
    seed: int, tricks: int, close: float, b7: bool
) -> None:
    game = ending(seed, tricks, close, b7)
    before = len(game.result()["hands"])
    solution = ludoteca.solve(game)
    assert isinstance(solution, S.Solution)
    mover = game.to_move
    assert isinstance(mover, int)
    assert {m.move for m in solution.moves} == set(game.legal_moves())
    for m in solution.moves:
        child = game.copy()
        child.play(m.move)
        assert seat0(m.value, m.margin, mover) == brute_force(child, before), m.move
    assert seat0(solution.value, solution.margin, mover) == brute_force(game, before)
    scores = [m.score for m in solution.moves]
    assert scores == sorted(scores, reverse=True)


@settings(max_examples=100)
@given(st.integers(0, 10**6), st.integers(1, 7), st.booleans(), st.integers(0, 2))
def test_c_and_python_searches_agree_with_the_reference(
    seed: int, tricks: int, points: bool, which: int
) -> None:
    game = ending(seed, tricks, close=0.5)
    pos = S.position_of(game)
    utilities = [
        S.set_difference,
        S.utility_table(lambda w, k, c: (w * 7 + k * 3 + c * 11) % 13 - 6),
        S.utility_table(lambda w, k, c: 500 + (k if w == 0 else -k) * 100 + 37 * c),
    ]
    util = utilities[which]
    fast = S.searcher(pos.cfg, pos.closed_by, util, points, implementation="c").value(pos)
    slow = S.searcher(pos.cfg, pos.closed_by, util, points, implementation="python").value(pos)
    assert fast == slow
    if max(h.bit_count() for h in pos.hands) <= 3:
        assert fast == S.reference_value(pos, util, points)
    # a null window on either side of the value says which side it is on
    c = S.searcher(pos.cfg, pos.closed_by, util, points, implementation="c")
    assert c.value(pos, fast - 1, fast) >= fast
    assert c.value(pos, fast, fast + 1) <= fast


def test_principal_variation_replays_to_the_solved_result() -> None:
    for seed in range(12):
        game = ending(seed, 7, close=0.6)
        solution = ludoteca.solve(game)
        assert isinstance(solution, S.Solution)
        before = len(game.result()["hands"])
        for move in solution.pv:
            game.play(move)
        hand = game.result()["hands"][before]
        assert hand["winner"] == solution.winner
        assert tuple(hand["sets_won"]) == solution.sets
        assert tuple(hand["points"]) == solution.points
        diff = solution.sets[0] - solution.sets[1]
        assert solution.value == (diff if solution.to_move == 0 else -diff)


def test_target_queries_agree_with_the_value() -> None:
    for seed in range(15):
        game = ending(seed, 7, close=0.5)
        solution = ludoteca.solve(game)
        assert isinstance(solution, S.Solution)
        v = solution.value
        assert ludoteca.solve(game, target=v) is True
        assert ludoteca.solve(game, target=v + 1) is False


def test_bingo_captures_the_trump_double_after_a_show() -> None:
    # seat 1's only trump is 6-6: once seat 0 closes, the bingo led must be answered by it
    game = dealt("0-0 6-5 6-4 6-3 6-2 5-5 4-4", "6-6 5-4 3-3 2-2 1-1 3-2 4-3", "6-1", "5-3 5-2 5-1")
    game.play("close")
    s = ludoteca.solve(game)
    assert isinstance(s, S.Solution)
    # 5-5 shows 4-4 and 0-0 (40 + 10) and takes 5-4, 69 points; then 0-0 takes 6-6
    assert s.pv == ("play 5-5 show", "play 5-4", "play 0-0", "play 6-6")
    assert (s.value, s.sets, s.winner, s.points) == (4, (4, 0), 0, (111, 0))
    assert s.best_moves == ("play 5-5 show",)


def test_a_failed_close_gives_the_hand_and_the_penalty_to_the_opponent() -> None:
    # 21 + 42 = 63 points in the hands and no show possible: nobody can reach 70,
    # so the closer (seat 0) loses the hand whatever happens
    game = dealt("1-0 2-0 2-1 3-1 4-0 3-2 1-1", "4-1 5-0 3-0 4-2 5-1 6-0 2-2", "6-5")
    game.play("close")
    s = ludoteca.solve(game)
    assert isinstance(s, S.Solution)
    assert s.winner == 1
    p0, p1 = s.points
    assert p0 + p1 == 63 + max(70 - p0, 7)
    # sets by the closer's own points and tricks
    assert s.sets == (0, 1 if p0 >= 30 else 2)
    assert s.value == -s.sets[1]
    assert all(m.value <= s.value for m in s.moves)


def test_the_last_two_choice_is_solved() -> None:
    rng = random.Random(5)
    found = 0
    for seed in range(200):
        game = ludoteca.new_game("bingo", seed=seed)
        assert isinstance(game, Bingo)
        while not game.is_over and game.core.phase != TAKE:
            moves = [m for m in game.legal_moves() if m != "close"]
            game.play(rng.choice(moves))
        if game.core.phase != TAKE:
            continue
        s = ludoteca.solve(game)
        assert isinstance(s, S.Solution)
        assert {m.move for m in s.moves} == {"take up", "take hidden"}
        for m in s.moves:
            child = game.copy()
            child.play(m.move)
            after = ludoteca.solve(child)
            assert isinstance(after, S.Solution)
            assert m.score == after.value + after.margin / S.SCALE
        found += 1
        if found == 5:
            break
    assert found == 5


def test_positions_that_cannot_be_solved_say_why() -> None:
    game = ludoteca.new_game("bingo", seed=1)
    with pytest.raises(NotSolvable, match="stock still holds 14 tiles"):
        ludoteca.solve(game)
    manual = ludoteca.new_game("bingo", chance="manual")
    with pytest.raises(NotSolvable, match="not in the draw phase"):
        ludoteca.solve(manual)
    with pytest.raises(NotSolvable, match="given a Texas 42 game"):
        S.solve(ludoteca.new_game("texas42", seed=1))
    over = ludoteca.new_game("bingo", seed=4)
    rng = random.Random(4)
    while not over.is_over:
        over.play(rng.choice(over.legal_moves()))
    with pytest.raises(NotSolvable, match="not in the over phase"):
        ludoteca.solve(over)


def test_positions_are_copies_played_by_the_rules() -> None:
    # a solver's position is the game's hand, copied: playing it leaves the game alone
    rng = random.Random(2)
    for seed in range(40):
        game = ending(seed, 7, close=0.7)
        pos = S.position_of(game)
        before = len(game.result()["hands"])
        while pos.in_hand:
            action = rng.choice(pos.legal())
            seen = (game.moves, game.view(None))
            pos.apply(action)
            assert (game.moves, game.view(None)) == seen
            game.apply_action(action)
        hand = game.result()["hands"][before]
        record = pos.done[-1]
        assert (record.winner, record.gained, record.points) == (
            hand["winner"],
            tuple(hand["sets_won"]),
            tuple(hand["points"]),
        )


def test_the_search_is_named() -> None:
    with pytest.raises(ValueError, match="'auto', 'c' and 'python'"):
        S.searcher(6, -1, implementation="fortran")


# ------------------------------------------------------------ the C entry points


def search_args(game: Bingo) -> list[object]:
    """The C search's arguments for a real position, as solver.py passes them."""
    core = S.position_of(game)
    flat = [u * S.SCALE for table in S.set_difference for row in table for u in row]
    return [
        core.hands[0],
        core.hands[1],
        core.cfg,
        core.closed_by,
        1,
        flat,
        core.turn,
        core.lead_tile,
        core.lead_show,
        core.points[0],
        core.points[1],
        core.won_mask,
        core.shown[0],
        core.shown[1],
        core.bingo_capture,
        -S.C_INF,
        S.C_INF,
    ]


def with_arg(args: list[object], i: int, value: object) -> list[object]:
    out = list(args)
    out[i] = value
    return out


def test_the_c_search_refuses_what_is_not_a_position() -> None:
    from ludoteca.games.bingo import _solver as native

    game = ending(3, 5, close=1.0)
    args = search_args(game)
    value = native.search(*args)
    h0, h1 = args[0], args[1]
    assert isinstance(h0, int) and isinstance(h1, int)
    one_of_h1 = h1 & -h1
    doubles = sum(1 << t for t in (0, 2, 5, 9, 14, 20, 27))
    bad = [
        (0, 1 << 28),  # a mask above the 28 tiles
        (0, 1 << 40),
        (0, -1),
        (1, 2**64 + 1),  # would have wrapped
        (0, h0 | one_of_h1),  # a tile in both hands
        (2, 14),  # no such configuration
        (2, -1),
        (3, 2),  # closed_by
        (4, 2),  # the points flag
        (5, [0] * 23),  # the utility's size
        (5, [1 << 30] * 24),  # a utility value out of range
        (6, 2),  # the seat to move
        (7, 28),  # the tile led
        (7, -2),
        (8, 1 << 29),  # shown doubles above 2^28 (read past the show table)
        (8, 1 << 3),  # a tile that is not a double
        (9, 70),  # points
        (10, -1),
        (11, 4),  # tricks taken
        (12, 1 << 31),
        (13, ~doubles & ((1 << 28) - 1)),
        (14, 2),  # capture
        (15, -(2**40)),  # alpha
        (16, 2**40),  # beta
    ]
    for i, v in bad:
        with pytest.raises(ValueError):
            native.search(*with_arg(args, i, v))
    full = (1 << 28) - 1
    with pytest.raises(ValueError, match="seven tiles"):  # a hand too big (a stack buffer)
        native.search(*with_arg(with_arg(args, 0, full & ~h1), 1, h1))
    with pytest.raises(ValueError, match="hold"):
        native.search(*with_arg(args, 0, h0 & (h0 - 1)))
    with pytest.raises(TypeError):
        native.search(*with_arg(args, 0, "6-6"))
    with pytest.raises(TypeError):
        native.search(*args[:-1])
    # nothing was changed by the refusals
    assert native.search(*args) == value


def test_the_c_search_refuses_bad_tables() -> None:
    from ludoteca.games.bingo import _solver as native
    from ludoteca.games.bingo import tables as T

    game = ending(4, 5, close=1.0)
    args = search_args(game)
    value = native.search(*args)
    good = [T.STRENGTH, T.VALUE, T.FOLLOW_STEPS, T.TRUMP_DOUBLE, T.SHOW_POINTS, T.DOUBLE_OF]
    follow = [list(map(list, rows)) for rows in T.FOLLOW_STEPS]
    follow[3][5][1] = 1 << 28
    bad = [
        (0, T.STRENGTH[:13]),  # a configuration missing
        (1, [row[:27] for row in T.VALUE]),  # a tile missing
        (1, [[10**9] * 28] * 14),  # a value out of range
        (2, follow),  # a follow mask above the 28 tiles
        (3, [28] * 14),  # a trump double that is no tile
        (4, T.SHOW_POINTS[:6]),
        (5, [0, 0, 5, 9, 14, 20, 27]),  # the same double twice
        (5, [0, 2, 5, 9, 14, 20, 40]),
    ]
    for i, table in bad:
        tables = list(good)
        tables[i] = table
        with pytest.raises(ValueError):
            native.init(*tables)
    with pytest.raises(TypeError):
        native.init(*good[:5])
    # the good tables are still the ones searched with
    assert native.search(*args) == value
    native.init(*good)
    assert native.search(*args) == value
