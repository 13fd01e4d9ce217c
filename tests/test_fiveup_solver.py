"""The exact Five-Up solver, checked against brute force through the engine itself,
against the plain minimax, and between its C and Python searches."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from fiveup_helpers import play_all, start
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca import NotSolvable
from ludoteca.games.fiveup import FiveUp
from ludoteca.games.fiveup import solver as S
from ludoteca.games.fiveup.core import DEAL, DRAW, OVER, State
from ludoteca.games.fiveup.tables import DOUBLE_OF
from ludoteca.tiles import mask_of, parse_tiles


def ending(
    seed: int, players: int, tiles: int, near: int | None = None, exact: bool = False
) -> FiveUp:
    """A random game played at random until the stock is closed with at most
    ``tiles`` tiles left in the hands (a decision due). With ``near``, the same
    game replayed with the target ``near`` points above the highest score."""
    rng = random.Random(seed)
    while True:
        game = ludoteca.new_game("fiveup", seed=rng.randrange(10**9), players=players)
        assert isinstance(game, FiveUp)
        reserve = 2 if players == 4 else 1
        while not game.is_over:
            if (
                isinstance(game.to_move, int)
                and len(game.stock_left) <= reserve
                and sum(h.bit_count() for h in game.hand_masks) <= tiles
            ):
                record = game.record()
                record["options"]["target"] = max(game.fast.side_scores()) + (near or 61)
                record["options"]["exact_61"] = exact
                if near is None:
                    record["options"]["target"] = 61
                again = ludoteca.replay(record)
                assert isinstance(again, FiveUp)
                return again
            game.apply_action(rng.choice(game.legal_actions()))


def objective(game: FiveUp, root: int, start_scores: list[int]) -> int:
    """The objective read from the engine's own scores once the hand or game is over."""
    gains = [a - b for a, b in zip(game.fast.side_scores(), start_scores, strict=True)]
    margin = sum(gains[root] - g for s, g in enumerate(gains) if s != root)
    winner = game.fast.winning_side()
    if winner is not None:
        margin += S.WIN if winner == root else -S.WIN
    return margin


def hand_goes_on(game: FiveUp, hand: int) -> bool:
    """Whether the hand that follows ``hand`` scored hands is still being played."""
    return isinstance(game.to_move, int) and game.fast.hands_scored == hand


def side_to_move(game: FiveUp) -> int:
    seat = game.to_move
    assert isinstance(seat, int)
    return game.type.side_of[seat]


def brute_force(game: FiveUp, root: int, start_scores: list[int], hand: int) -> int:
    """Minimax over engine copies: every legal action tried, to the end of the hand."""
    if not hand_goes_on(game, hand):
        return objective(game, root, start_scores)
    values = []
    for action in game.legal_actions():
        child = game.copy()
        child.apply_action(action)
        values.append(brute_force(child, root, start_scores, hand))
    return max(values) if side_to_move(game) == root else min(values)


@settings(max_examples=60)
@given(
    st.integers(0, 10**6),
    st.sampled_from([2, 3, 4]),
    st.integers(2, 7),
    st.one_of(st.none(), st.integers(1, 12)),
    st.booleans(),
)
def test_every_move_value_matches_brute_force_through_the_engine(
    seed: int, players: int, tiles: int, near: int | None, exact: bool
) -> None:
    game = ending(seed, players, max(tiles, players), near, exact)  # each hand holds a tile
    root = side_to_move(game)
    hand = game.fast.hands_scored
    solution = ludoteca.solve(game)
    assert isinstance(solution, S.Solution)
    assert solution.root_side == root
    assert {m.move for m in solution.moves} == set(game.legal_moves())
    for m in solution.moves:
        child = game.copy()
        child.play(m.move)
        assert m.value == m.score == brute_force(child, root, game.fast.side_scores(), hand), m.move
    assert solution.value == brute_force(game, root, game.fast.side_scores(), hand)
    scores = [m.score for m in solution.moves]
    assert scores == sorted(scores, reverse=True)
    assert solution.best_move in solution.best_moves
    assert all(m.score == scores[0] for m in solution.moves if m.move in solution.best_moves)


@settings(max_examples=40)
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]), st.one_of(st.none(), st.integers(1, 8)))
def test_principal_variation_replays_to_the_solved_value(
    seed: int, players: int, near: int | None
) -> None:
    game = ending(seed, players, 9, near)
    solution = ludoteca.solve(game)
    assert isinstance(solution, S.Solution)
    root, before, hand = solution.root_side, game.fast.side_scores(), game.fast.hands_scored
    line = game.copy()
    for move in solution.pv:
        line.play(move)
    assert not hand_goes_on(line, hand)
    assert objective(line, root, before) == solution.value
    assert tuple(line.fast.side_scores()) == solution.points
    assert solution.winner == line.fast.winning_side()
    assert solution.end == line.result()["hands"][-1]["end"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c_python_and_reference_agree_on_hundreds_of_endings(players: int) -> None:
    for seed in range(120):
        game = ending(seed, players, 7, 1 + seed % 15, seed % 3 == 0)
        pos = S.Position.from_game(game)
        ref = S.reference_value(pos)
        assert S.searcher(pos).value(pos) == ref
        assert S.searcher(pos, python=True).value(pos) == ref
        win = seed % 40
        assert S.searcher(pos, win=win).value(pos) == S.reference_value(pos, win=win)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_larger_endings_c_and_python_agree_and_windows_bound_the_value(players: int) -> None:
    for seed in range(1, 13):
        game = ending(1000 + seed, players, 13, 3 + seed)
        pos = S.Position.from_game(game)
        exact = S.searcher(pos).value(pos)
        assert S.searcher(pos, python=True).value(pos) == exact
        for lo, hi in ((exact - 1, exact + 1), (exact, exact + 5), (exact - 5, exact)):
            v = S.searcher(pos).value(pos, lo, hi)
            if lo < exact < hi:
                assert v == exact
            elif exact <= lo:
                assert v <= lo
            else:
                assert v >= hi


def test_threshold_queries_agree_with_the_exact_value() -> None:
    for seed in range(30):
        game = ending(seed, 2 + seed % 3, 10)
        solution = ludoteca.solve(game)
        v = solution.value
        assert ludoteca.solve(game, target=v) is True
        assert ludoteca.solve(game, target=v + 1) is False


# ------------------------------------------------------------ worked by hand


def two_player(
    mine: str, theirs: str, plain: dict[int, int], scores: tuple[int, int] = (30, 30), **kw: int
) -> S.Position:
    layout = [0] * 7
    for v, n in plain.items():
        layout[v] = n
    return S.Position(
        players=2,
        side_of=(0, 1),
        hands=(mask_of(parse_tiles(mine)), mask_of(parse_tiles(theirs))),
        plain=tuple(layout),
        room=tuple(kw.get(f"room{v}", 0) for v in range(7)),
        turn=0,
        passes=0,
        scores=scores,
        target=kw.get("target", 61),
        exact=bool(kw.get("exact", 0)),
    )


def values_of(pos: S.Position) -> dict[str, int]:
    values, _ = S.solve_position(pos)
    return {S.move_text(m): v for m, v in values}


def test_scoring_now_can_lose_the_hand() -> None:
    # ends 6 + 1; 6-4 scores 1 now (ends 5) but 6-6 is then stuck and the block goes
    # to seat 1 (6 pips against 12: 2 points); 6-6 first lets 6-4 go out (3-3: 1 point)
    pos = two_player("6-6 6-4", "3-3 1-1", {6: 1, 1: 1})
    assert values_of(pos) == {"6-6 on 6": 1, "6-4 on 6": -1}


def test_reaching_the_target_beats_any_margin() -> None:
    # at 60 and 58 of 61, the opening 1-0: 4-0 on the 0 makes 1 + 4 = 5 and wins
    # (1 point); 6-1 on the 1 scores nothing and leads to a hand worth 0 in margin
    pos = two_player("6-1 4-0", "2-2 5-0", {1: 1, 0: 1}, scores=(60, 58))
    assert values_of(pos) == {"4-0 on 0": S.WIN + 1, "6-1 on 1": 0}
    # far from the target the hand goes on after 4-0, and it is worth 5
    assert values_of(replace(pos, scores=(30, 30))) == {"4-0 on 0": 5, "6-1 on 1": 0}


def test_exact_61_refuses_a_score_past_the_target() -> None:
    # at 60, ends 6 + 3: 6-2 makes 5 (61 exactly), 6-6 makes 15 (3 points, 63)
    for exact in (0, 1):
        pos = two_player("6-2 6-6", "5-5 4-4", {6: 1, 3: 1}, scores=(60, 10), exact=exact)
        double = pos.play((parse_tiles("6-6")[0].index, 6, S.PLAIN))
        assert double.ends == 15
        assert double.scores == ((60, 10) if exact else (63, 10))
        assert double.winner == (-1 if exact else 0)
        values = values_of(pos)
        assert values["6-2 on 6"] == S.WIN + 1
        if not exact:
            assert values["6-6 on 6"] == S.WIN + 3


def test_blocked_hand_with_a_tie_scores_nothing() -> None:
    # nothing fits for either player: two passes block the hand; 5 pips each
    pos = two_player("3-2", "4-1", {6: 2})
    assert pos.moves() == [S.PASS_MOVE]
    after = pos.play(S.PASS_MOVE).play(S.PASS_MOVE)
    assert after.end == "blocked" and after.scores == (30, 30)
    assert S.reference_value(pos) == 0


def test_a_double_counts_until_both_sides_are_covered() -> None:
    # 6-6 opened: room 4 (two sides and two tips), ends 12
    pos = two_player("6-3 6-4", "6-1 0-0", {}, room6=4)
    assert pos.ends == 12
    one = pos.play((parse_tiles("6-3")[0].index, 6, S.SPINNER))  # 12 + 3 = 15 → 3
    assert one.ends == 15 and one.scores == (33, 30) and one.room[6] == 3
    two = one.play((parse_tiles("6-1")[0].index, 6, S.SPINNER))  # sides covered: 3 + 1
    assert two.ends == 4 and two.room[6] == 2
    three = two.play((parse_tiles("6-4")[0].index, 6, S.SPINNER))  # a tip: 3 + 1 + 4
    assert three.ends == 8 and three.room[6] == 1


def test_going_out_scores_the_ends_then_the_domino_bonus() -> None:
    # 5-0 on the 5 leaves 6 + 0 + ... : ends 6 + 4 → 10 (2), then 4-4 and 2-2: 12 pips → 2
    pos = two_player("5-4", "4-4 2-2", {5: 1, 6: 1})
    after = pos.play((parse_tiles("5-4")[0].index, 5, S.PLAIN))
    assert after.ends == 10
    assert after.end == "domino" and after.scores == (34, 30)


def test_three_players_are_solved_paranoid() -> None:
    # seat 0 lays 6-4 (ends 4 + 1 = 5: 1 point); then nothing fits anybody: blocked.
    # Pips 6, 14 and 2: seat 2 takes 6 + 14 = 20 → 4. For seat 0: (1 - 0) + (1 - 4)
    hands = tuple(mask_of(parse_tiles(h)) for h in ("6-4 3-3", "5-5 2-2", "2-0 0-0"))
    pos = S.Position(
        3, (0, 1, 2), hands, (0, 1, 0, 0, 0, 0, 1), (0,) * 7, 0, 0, (0, 0, 0), 61, False
    )
    assert values_of(pos) == {"6-4 on 6": -2}
    # seen from seat 1 (a minimiser there), the same line is worth (0 - 1) + (0 - 4)
    assert S.reference_value(pos, root_side=1) == -5


def test_four_players_play_as_two_teams() -> None:
    game = ending(7, 4, 10)
    solution = ludoteca.solve(game)
    assert isinstance(solution, S.Solution)
    assert solution.root_side == side_to_move(game)
    assert solution.objective == "points margin"


# ------------------------------------------------------------ refusals


def test_not_solvable_while_the_stock_may_be_drawn_from() -> None:
    game = start(["6-4 5-1 4-2 3-3 0-0", "6-6 6-5 6-1 4-1 1-1"])
    play_all(game, "play 6-4")
    with pytest.raises(NotSolvable, match="may still be drawn"):
        ludoteca.solve(game)


def test_not_solvable_between_hands_and_for_other_games() -> None:
    game = ludoteca.new_game("fiveup", chance="manual")
    with pytest.raises(NotSolvable, match="draw phase"):
        ludoteca.solve(game)
    with pytest.raises(NotSolvable, match="Five-Up solver was given"):
        S.solve(ludoteca.new_game("bingo", seed=1))


def test_a_node_limit_stops_a_large_search() -> None:
    game = ending(5, 2, 14)
    with pytest.raises(S.SearchLimit, match="too large"):
        S.solve(game, max_nodes=5)
    with pytest.raises(NotSolvable):
        S.searcher(S.Position.from_game(game), node_limit=5, python=True).value(
            S.Position.from_game(game)
        )


# ------------------------------------------------------------ the compiled search's input


def _search_args(pos: S.Position) -> list[int]:
    """The arguments of ``_solver.search`` for ``pos`` (a search of its own)."""
    from ludoteca.games.fiveup import _solver

    lay = 0
    for v in range(7):
        lay |= pos.plain[v] << (3 * v) | pos.room[v] << (21 + 3 * v)
    hands = [*pos.hands, 0, 0, 0][:4]
    dist = [pos.target - s for s in pos.scores] + [0, 0]
    root = pos.side_of[pos.turn]
    return [
        _solver.new_id(),
        pos.players,
        root,
        int(pos.exact),
        S.WIN,
        *hands,
        lay,
        pos.turn,
        pos.passes,
        *dist[:3],
        -(1 << 30),
        1 << 30,
        0,
    ]


def test_the_compiled_search_refuses_bad_input() -> None:
    from ludoteca.games.fiveup import _solver

    pos = S.Position.from_game(ending(5, 3, 8))
    good = _search_args(pos)
    value = _solver.search(*good)
    assert value == S.searcher(pos, python=True).value(pos)
    bad: list[tuple[int, int, str]] = [
        (0, 0, "search id"),  # not given by new_id()
        (0, 1 << 40, "search id"),
        (1, 5, "2 to 4 players"),
        (2, 3, "root side"),
        (4, -1, "value of a win"),
        (5, 1 << 28, "below 2\\*\\*28"),  # a mask past the 28 tiles
        (6, pos.hands[0], "same tile"),  # two hands share tiles
        (8, 1, "seat the game does not have"),  # a fourth hand with three players
        (9, 1 << 42, "below 2\\*\\*42"),
        (9, 7, "at most 6 ends"),  # plain[0] = 7
        (9, 5 << 21, "at most 4 places"),  # room[0] = 5
        (10, 3, "a seat to move"),
        (11, 3, "fewer passes"),
        (12, 0, "distances"),
        (13, 40000, "distances"),
        (15, 1 << 30, "window is empty"),  # alpha = beta
        (17, -1, "node limit"),
    ]
    for index, value_, message in bad:
        args = list(good)
        args[index] = value_
        args[0] = _solver.new_id() if index != 0 else value_
        with pytest.raises((ValueError, OverflowError), match=message):
            _solver.search(*args)
    # a double on the table may not be in a hand too
    if not any(pos.room):
        args = list(good)
        args[0] = _solver.new_id()
        six = next(v for v in range(7) if any(h >> DOUBLE_OF[v] & 1 for h in pos.hands))
        args[9] = good[9] | 1 << (21 + 3 * six)
        with pytest.raises(ValueError, match="in a hand too"):
            _solver.search(*args)
    with pytest.raises(TypeError):
        _solver.search(*good[:-1])
    # nothing was changed by the refusals
    again = list(good)
    again[0] = _solver.new_id()
    assert _solver.search(*again) == value


def test_the_compiled_search_checks_its_tables() -> None:
    from ludoteca.games.fiveup import _solver
    from ludoteca.games.fiveup.tables import IS_DOUBLE, NUMBER_MASK, OUTER, PIPS

    bad_outer = [list(row) for row in OUTER]
    bad_outer[3][2] = 9
    for args, message in [
        ((NUMBER_MASK[:6], OUTER, PIPS, IS_DOUBLE), "number masks"),
        (((1 << 28, *NUMBER_MASK[1:]), OUTER, PIPS, IS_DOUBLE), "a number mask"),
        ((NUMBER_MASK, OUTER[:27], PIPS, IS_DOUBLE), "outer numbers"),
        ((NUMBER_MASK, bad_outer, PIPS, IS_DOUBLE), "an outer number"),
        ((NUMBER_MASK, [[-1] * 7] * 28, PIPS, IS_DOUBLE), "shows no number"),
        ((NUMBER_MASK, OUTER, (13,) * 28, IS_DOUBLE), "pips"),
        ((NUMBER_MASK, OUTER, PIPS, (2,) * 28), "a double flag"),
    ]:
        with pytest.raises(ValueError, match=message):
            _solver.init(*args)
    # the tables in use are still the rules' ones
    pos = S.Position.from_game(ending(6, 2, 8))
    assert S.searcher(pos).value(pos) == S.reference_value(pos)


def closed_positions(seed: int, players: int, tiles: int) -> list[S.Position]:
    """Every decision with the stock closed and at most ``tiles`` tiles in the hands,
    in a random game played on the rules' state, with scores moved near the target."""
    rng = random.Random(seed)
    state = State(players, target=rng.choice([61, 61, 30]), exact=rng.random() < 0.4)
    out = []
    while state.phase != OVER:
        if state.phase == DRAW:
            state.draw_for_lead(state.random_lead_draw(rng))
        elif state.phase == DEAL:
            state.deal(*state.random_deal(rng))
        else:
            if not state.can_draw and sum(h.bit_count() for h in state.hands) <= tiles:
                pos = S.Position.of_state(state)
                near = [max(0, pos.target - rng.randrange(1, 12)) for _ in pos.scores]
                out.append(pos if rng.random() < 0.5 else replace(pos, scores=tuple(near)))
            state.apply(rng.choice(state.legal()))
    return out


def test_thousands_of_positions_c_and_the_rules_agree() -> None:
    checked = 0
    for seed in range(700):
        for pos in closed_positions(seed, 2 + seed % 3, 9):
            root = pos.side_of[pos.turn] if seed % 2 else (seed // 2) % pos.sides
            win = (S.WIN, 30, 0)[seed % 3]
            exact = S.searcher(pos, root, win=win).value(pos)
            assert S.searcher(pos, root, win=win, python=True).value(pos) == exact
            checked += 1
    assert checked > 2000
