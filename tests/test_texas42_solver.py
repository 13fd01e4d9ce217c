"""The exact Texas 42 solver, checked against brute force through the engine itself,
against the plain minimax over the core, C search against Python search, and for the
consistency of its answers."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.texas42 import Texas42
from ludoteca.games.texas42 import solver as S
from ludoteca.games.texas42.core import A_PLAY, State
from ludoteca.games.texas42.tables import (
    COUNT,
    FOLLOW_MASK,
    LED_SUIT,
    SEVENS,
    SEVENS_RING,
    STRENGTH,
)
from ludoteca.tiles import TILE_TEXT, tile_index

SEARCHES = [S.c_search, S.python_search]

CONTRACTS = [
    "trump 0",
    "trump 1",
    "trump 2",
    "trump 3",
    "trump 4",
    "trump 5",
    "trump 6",
    "trump doubles",
    "trump follow-me",
    "nello",
    "sevens",
]


def random_deal(rng: random.Random) -> str:
    tiles = list(range(28))
    rng.shuffle(tiles)
    hands = [" ".join(TILE_TEXT[t] for t in tiles[7 * i : 7 * i + 7]) for i in range(4)]
    return "deal " + " | ".join(hands)


def play_phase(
    rng: random.Random,
    contract: str,
    *,
    bidder: int | None = None,
    deal: str | None = None,
) -> Texas42:
    """A game at the first lead of a deal (random unless given), ``bidder`` having
    bid a mark and named ``contract``."""
    g = ludoteca.new_game("texas42", chance="manual", play_out=True, nello=True, sevens=True)
    assert isinstance(g, Texas42)
    g.play("draw 6-6 5-4 3-1 0-0")  # seat 0 deals, seat 1 bids first
    g.play(deal or random_deal(rng))
    if bidder is None:
        bidder = rng.randrange(4)
    for seat in (1, 2, 3, 0):
        g.play("bid 42" if seat == bidder else "pass")
    g.play(contract)
    assert g.view()["phase"] == "play"
    return g


def ending(rng: random.Random, contract: str, tiles_left: int, extra: int) -> Texas42:
    """A random ending: each playing seat holds ``tiles_left`` tiles, ``extra`` tiles
    of the next trick on the table."""
    g = play_phase(rng, contract)
    size = 3 if contract == "nello" else 4
    for _ in range((7 - tiles_left) * size + extra):
        g.play(rng.choice(g.legal_moves()))
    return g


def engine_value(game: Texas42) -> int:
    """The final objective (team 0's points; in nello the bidder's tricks) by trying
    every legal move in the engine itself, with no help from the solver."""
    hands_done = len(game.result()["hands"])
    nello = game.view()["contract"] == "nello"
    bidder = game.view()["bidder"]

    def value(g: Texas42) -> int:
        if len(g.result()["hands"]) > hands_done:
            summary = g.result()["hands"][hands_done]
            assert summary["tricks_played"] == 7
            if nello:
                return sum(1 for tr in summary["tricks"] if tr["winner"] == bidder)
            points: list[int] = summary["points"]
            return points[0]
        seat = g.to_move
        assert isinstance(seat, int)
        results = []
        for a in g.legal_actions():
            child = g.copy()
            child.apply_action(a)
            assert isinstance(child, Texas42)
            results.append(value(child))
        maximising = seat != bidder if nello else seat % 2 == 0
        return max(results) if maximising else min(results)

    return value(game)


# ----------------------------------------------------------- brute force


def check_windows(search: object, pos: State, rest: int) -> None:
    """Fail-soft search: exact inside the window, a bound on the right side outside."""
    assert callable(search)
    for low in range(rest - 3, rest + 3):
        v = search(pos, low, low + 2)
        if low < rest < low + 2:
            assert v == rest
        elif rest <= low:
            assert rest <= v <= low
        else:
            assert low + 2 <= v <= rest


@settings(max_examples=max(400, settings().max_examples))
@given(
    seed=st.integers(0, 2**32),
    contract=st.sampled_from(CONTRACTS),
    tiles_left=st.integers(1, 3),
    extra=st.integers(0, 3),
)
def test_exact_value_matches_engine_brute_force(
    seed: int, contract: str, tiles_left: int, extra: int
) -> None:
    rng = random.Random(seed)
    extra = extra % (3 if contract == "nello" else 4)
    g = ending(rng, contract, tiles_left, extra)
    pos = S.position(g)
    expected = engine_value(g)
    assert S.reference_value(pos) == expected
    assert S.exact_objective(pos) == expected
    rest = expected - S.objective(pos)
    for search in SEARCHES:
        check_windows(search, pos, rest)


@settings(max_examples=max(2000, settings().max_examples))
@given(
    seed=st.integers(0, 2**32),
    contract=st.sampled_from(CONTRACTS),
    tiles_left=st.integers(1, 3),
    extra=st.integers(0, 3),
)
def test_c_search_matches_reference_on_thousands_of_endings(
    seed: int, contract: str, tiles_left: int, extra: int
) -> None:
    rng = random.Random(seed)
    g = ending(rng, contract, tiles_left, extra % (3 if contract == "nello" else 4))
    pos = S.position(g)
    assert S.exact_objective(pos) == S.reference_value(pos), g.moves


@given(
    seed=st.integers(0, 2**32),
    contract=st.sampled_from(CONTRACTS),
    tiles_left=st.integers(1, 4),
    guess=st.integers(-10, 60),
)
def test_exact_value_is_the_same_from_any_guess(
    seed: int, contract: str, tiles_left: int, guess: int
) -> None:
    # the probes step away from the guess, doubling, then bisect: any guess, even
    # one outside the possible values, ends on the exact value
    rng = random.Random(seed)
    g = ending(rng, contract, tiles_left, rng.randrange(3))
    pos = S.position(g)
    exact = S.reference_value(pos)
    assert S.exact_objective(pos, guess) == exact
    assert S.exact_objective(pos, exact) == exact
    assert S.exact_objective(pos) == exact


def test_four_trick_endings_match_reference() -> None:
    rng = random.Random(7)
    for contract in ("trump 5", "trump doubles", "trump follow-me", "nello", "sevens"):
        g = ending(rng, contract, 4, rng.randrange(3))
        pos = S.position(g)
        assert S.exact_objective(pos) == S.reference_value(pos)


@settings(max_examples=max(2000, settings().max_examples))
@given(
    seed=st.integers(0, 2**32),
    contract=st.sampled_from(CONTRACTS),
    tiles_left=st.integers(1, 5),
    extra=st.integers(0, 3),
    window=st.integers(-2, 44),
    width=st.integers(1, 6),
)
def test_c_search_agrees_with_python_search_on_thousands_of_positions(
    seed: int, contract: str, tiles_left: int, extra: int, window: int, width: int
) -> None:
    # the C search is the one second statement of the rules: both searches give the
    # exact value inside a window and a bound on the side it fails outside it
    rng = random.Random(seed)
    g = ending(rng, contract, tiles_left, extra % (3 if contract == "nello" else 4))
    pos = S.position(g)
    rest = S.c_search(pos, -1, 100)
    assert S.python_search(pos, -1, 100) == rest, g.moves
    low, high = window, window + width
    for v in (S.c_search(pos, low, high), S.python_search(pos, low, high)):
        if low < rest < high:
            assert v == rest
        elif rest <= low:
            assert rest <= v <= low
        else:
            assert high <= v <= rest


def test_python_search_solves_a_whole_hand_as_the_c_search_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the fallback when the extension is not built: the same answers, slower
    rng = random.Random(5)
    for contract in ("trump 5", "nello"):
        g = play_phase(rng, contract)
        for _ in range(4 if contract == "nello" else 6):  # two tricks (nello: four plays)
            g.play(rng.choice(g.legal_moves()))
        expected = ludoteca.solve(g)
        monkeypatch.setattr(S, "search", S.python_search)
        S.clear_table()
        found = ludoteca.solve(g)
        monkeypatch.setattr(S, "search", S.c_search)
        assert replace(found, nodes=0) == replace(expected, nodes=0)
        assert found.nodes > 0


# --------------------------------------------------- positions by hand


def position(
    hands: list[str],
    contract: int,
    *,
    to_move: int = 0,
    bidder: int = 0,
    trick: tuple[tuple[int, str], ...] = (),
    points: tuple[int, int] = (0, 0),
) -> State:
    masks = [sum(1 << tile_index(t) for t in h.split()) for h in hands]
    return State.in_play(
        masks,
        contract,
        bidder=bidder,
        to_move=to_move,
        trick=tuple((s, tile_index(t)) for s, t in trick),
        points=points,
    )


def test_cashing_the_count_first_loses_it() -> None:
    # Trump 6, two tricks left, seat 0 to lead holding 6-6 and 5-5; seat 1 holds
    # its last trump 6-1 and no five. Leading 5-5 first lets seat 1 trump it
    # (1 + 10 points); leading 6-6 first draws the trump, then 5-5 wins.
    pos = position(["6-6 5-5", "6-1 4-3", "2-0 1-0", "3-0 3-1"], 6, points=(20, 10))
    sol = S.solve_position(pos)
    values = {m.move: m.points for m in sol.moves}
    assert values["play 6-6"] == (20 + 1 + 11, 10)
    # 5-5 first: seat 1 trumps (1 + 10), then 6-6 trumps 4-3 (1)
    assert values["play 5-5"] == (20 + 1, 10 + 11)
    assert sol.best_move == "play 6-6"
    assert sol.points == (32, 10)
    assert sol.rest_points == (12, 0)
    assert sol.pv[:2] == ("play 6-6", "play 6-1")
    assert len(sol.pv) == 8
    assert S.can_reach(pos, 32) and not S.can_reach(pos, 33)


def test_mid_trick_last_player_smears_count_on_partners_trick() -> None:
    # Follow-me. Seat 3 led 6-2, partner seat 0 played 6-6, seat 1 6-3; seat 2
    # plays last with 5-0 and 2-1. Next trick seat 0 must lead 4-0 into seat 1's
    # 4-3: the 5-0 is worth 5 to team 0 now and 5 to team 1 later.
    pos = position(
        ["4-0", "4-3", "5-0 2-1", "1-1"],
        8,
        to_move=2,
        trick=((3, "6-2"), (0, "6-6"), (1, "6-3")),
    )
    sol = S.solve_position(pos)
    values = {m.move: m.points for m in sol.moves}
    assert values == {"play 5-0": (6, 1), "play 2-1": (1, 6)}
    assert sol.best_move == "play 5-0"
    assert sol.moves[0].score == 6 and sol.moves[1].score == 1


def test_all_trumps_take_every_point() -> None:
    deal = (
        "deal 6-5 6-4 6-3 6-2 6-1 6-0 5-4 | 6-6 5-5 4-4 3-3 2-2 1-1 0-0 | "
        "5-3 5-2 5-1 5-0 4-3 4-2 4-1 | 4-0 3-2 3-1 3-0 2-1 2-0 1-0"
    )
    g = play_phase(random.Random(0), "trump doubles", bidder=1, deal=deal)
    sol = ludoteca.solve(g)
    assert sol.points == (0, 42)
    assert sol.made
    assert ludoteca.solve(g, target=42) is True


def test_nello_bidder_with_every_double_takes_every_trick() -> None:
    # doubles form their own suit in nello, and nobody else holds one
    deal = (
        "deal 6-5 6-4 6-3 6-2 6-1 6-0 5-4 | 5-3 5-2 5-1 5-0 4-3 4-2 4-1 | "
        "6-6 5-5 4-4 3-3 2-2 1-1 0-0 | 4-0 3-2 3-1 3-0 2-1 2-0 1-0"
    )
    g = play_phase(random.Random(0), "nello", bidder=2, deal=deal)
    assert g.view()["sitting_out"] == 0
    sol = ludoteca.solve(g)
    assert sol.objective == "bidder tricks"
    assert sol.value == 7
    assert not sol.made
    assert ludoteca.solve(g, target=6) is False
    assert ludoteca.solve(g, target=7) is True


# ----------------------------------------------------- consistency


@pytest.mark.parametrize("contract", CONTRACTS)
def test_full_hand_solution_is_consistent(contract: str) -> None:
    rng = random.Random(CONTRACTS.index(contract) + 100)
    g = play_phase(rng, contract)
    sol = ludoteca.solve(g)
    pos = S.position(g)
    nello = contract == "nello"
    # legal moves are the engine's, each once
    assert sorted(m.move for m in sol.moves) == sorted(g.legal_moves())
    # best first for the mover, and the solution's value is the best move's
    scores = [m.score for m in sol.moves]
    assert scores == sorted(scores, reverse=True)
    assert sol.moves[0].value == sol.value
    assert S.exact_value(pos) == sol.value
    # the principal variation, played in the engine, gives the solved result
    replay = g.copy()
    for move in sol.pv:
        replay.play(move)
    summary = replay.result()["hands"][-1]
    if nello:
        assert sum(tr["winner"] == g.view()["bidder"] for tr in summary["tricks"]) == sol.value
    else:
        assert tuple(summary["points"]) == sol.points
        assert sol.value == sol.points[g.view()["bidder"] & 1]
    # every move's value is the value of the position after it
    for m in sol.moves[:3]:
        child = g.copy()
        child.play(m.move)
        assert isinstance(child, Texas42)
        after = pos.clone()
        after.play(m.action - A_PLAY)
        assert S.exact_objective(S.position(child)) == S.exact_objective(after)
        if nello:
            assert m.value == S.exact_objective(after)
    # the exact value agrees with one full-window search and with the threshold query
    rest = S.exact_objective(pos) - S.objective(pos)
    assert S.search(pos, -1, 100) == rest
    if nello:
        assert ludoteca.solve(g, target=sol.value) is True
        assert sol.value == 0 or ludoteca.solve(g, target=sol.value - 1) is False
    else:
        assert ludoteca.solve(g, target=sol.value) is True
        assert ludoteca.solve(g, target=sol.value + 1) is False
    assert S.makes_bid(g) == sol.made


@given(seed=st.integers(0, 2**32), contract=st.sampled_from(CONTRACTS), tricks=st.integers(2, 6))
def test_threshold_query_agrees_with_exact_value(seed: int, contract: str, tricks: int) -> None:
    rng = random.Random(seed)
    g = ending(rng, contract, tricks, rng.randrange(3))
    pos = S.position(g)
    exact = S.exact_objective(pos)
    nello = contract == "nello"
    bidders = g.view()["bidder"] & 1
    total = sum(g.view()["points"]) + S.points_out(pos)
    for target in range(-1, (8 if nello else 44)):
        if nello:
            expected = exact <= target
        else:
            bidders_points = exact if bidders == 0 else total - exact
            expected = bidders_points >= target
        assert S.can_reach(pos, target) == expected


def test_sevens_moves_are_the_tiles_nearest_to_seven() -> None:
    rng = random.Random(11)
    g = play_phase(rng, "sevens")
    for _ in range(9):
        sol = ludoteca.solve(g)
        assert sorted(m.move for m in sol.moves) == sorted(g.legal_moves())
        g.play(sol.best_move)


def test_plunge_values_the_bidding_team() -> None:
    rng = random.Random(0)
    for _ in range(200):
        g = ludoteca.new_game("texas42", chance="manual", play_out=True, plunge=True)
        g.play("draw 6-6 5-4 3-1 0-0")
        tiles = list(range(28))
        rng.shuffle(tiles)
        g.play(
            "deal "
            + " | ".join(" ".join(TILE_TEXT[t] for t in tiles[7 * i : 7 * i + 7]) for i in range(4))
        )
        plunge = [m for m in g.legal_moves() if m.endswith("plunge")]
        if plunge:
            break
    else:
        pytest.fail("no plunge hand in 200 deals")
    assert isinstance(g, Texas42)
    g.play(plunge[0])
    for _ in range(3):
        g.play("pass")
    g.play("trump 6")
    bidder = g.view()["bidder"]
    assert g.to_move == (bidder + 2) % 4  # the partner leads
    sol = ludoteca.solve(g)
    assert sol.value == sol.points[bidder & 1]
    assert sol.made == (sol.value == 42)


def test_solving_a_determinization() -> None:
    rng = random.Random(9)
    g = play_phase(rng, "trump 4")
    for _ in range(6):
        g.play(rng.choice(g.legal_moves()))
    seat = g.to_move
    assert isinstance(seat, int)
    world = g.sample_hidden(seat, rng)
    sol = ludoteca.solve(world)
    assert sorted(m.move for m in sol.moves) == sorted(g.legal_moves())
    assert g.hand_masks[seat] == world.hand_masks[seat]


# ------------------------------------------------------------ errors


def test_not_solvable_before_the_play() -> None:
    g = ludoteca.new_game("texas42", seed=3)
    with pytest.raises(ludoteca.NotSolvable, match="not in the bid phase"):
        ludoteca.solve(g)


def test_no_solver_for_a_game_says_which_have_one() -> None:
    g = ludoteca.new_game("cavaleiro", seed=1)
    with pytest.raises(ludoteca.NotSolvable, match=r"no exact solver for Cavaleiro.*texas42"):
        ludoteca.solve(g)


def test_solved_hand_over_is_refused() -> None:
    pos = position(["6-6", "6-5", "6-4", "6-3"], 6)
    done = pos.clone()
    for t in ("6-6", "6-5", "6-4", "6-3"):
        done.play(tile_index(t))
    assert S.over(done)
    with pytest.raises(ValueError, match="every trick"):
        S.solve_position(done)


def test_search_refuses_an_impossible_position() -> None:
    pos = position(["6-6 6-5", "6-4", "6-3 6-2", "6-1 6-0"], 6)  # seat 1 short of a tile
    hands = position(["6-6", "6-5", "6-4", "6-3"], 6).hands
    clash = State.in_play([hands[0], hands[0], hands[2], hands[3]], 6)
    for search in SEARCHES:
        for bad in (pos, clash):
            with pytest.raises(ValueError, match="not a position"):
                search(bad, -1, 100)
    with pytest.raises(ValueError, match="not a position"):
        S.exact_objective(clash)


def test_threads_solve_side_by_side() -> None:
    # the search lets other threads run, and searches take turns on the shared table
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(21)
    games = [play_phase(rng, CONTRACTS[i % 9]) for i in range(8)]
    positions = [S.position(g) for g in games]
    alone = [S.exact_value(p) for p in positions]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(S.exact_value, positions))
    assert together == alone


# ---------------------------------------------------- the C entry points


def c_module() -> object:
    if S.BUILD_ERROR is not None:
        pytest.fail(f"the C search is not built: {S.BUILD_ERROR}")
    from ludoteca.games.texas42 import _solver

    return _solver


TABLES = (LED_SUIT, FOLLOW_MASK, STRENGTH, COUNT, SEVENS_RING, SEVENS)


def with_row(table: object, index: int, row: object) -> list[object]:
    rows = list(table)  # type: ignore[call-overload]
    rows[index] = row
    return rows


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((5, *TABLES[1:]), "sequence"),
        (([], *TABLES[1:]), "contracts"),
        ((with_row(LED_SUIT, 0, [0] * 27), *TABLES[1:]), "28 items"),
        ((with_row(LED_SUIT, 2, [9] * 28), *TABLES[1:]), "led suit"),
        ((LED_SUIT, FOLLOW_MASK[:5], *TABLES[2:]), "follow masks"),
        ((LED_SUIT, with_row(FOLLOW_MASK, 1, [1 << 28] * 8), *TABLES[2:]), "follow mask"),
        ((LED_SUIT, FOLLOW_MASK, with_row(STRENGTH, 3, [[200] * 28] * 8), *TABLES[3:]), "strength"),
        ((*TABLES[:3], [-1] * 28, *TABLES[4:]), "count"),
        ((*TABLES[:3], [10] * 28, *TABLES[4:]), "at most 120"),
        ((*TABLES[:4], [0] * 9, SEVENS), "sevens rings"),
        ((*TABLES[:4], [1 << 29], SEVENS), "sevens ring"),
        ((*TABLES[:5], 11), "sevens contract"),
    ],
)
def test_c_init_refuses_bad_tables_and_keeps_its_own(
    args: tuple[object, ...], message: str
) -> None:
    engine = c_module()
    rng = random.Random(3)
    pos = S.position(ending(rng, "trump 4", 3, 1))
    before = S.c_search(pos, -1, 100)
    with pytest.raises(ValueError, match=message):
        engine.init(*args)  # type: ignore[attr-defined]
    assert S.c_search(pos, -1, 100) == before == S.python_search(pos, -1, 100)


def search_args(state: State, **changes: int) -> list[int]:
    """The 18 arguments the solver gives the C search for ``state``, some changed."""
    pos = state
    led, best, best_seat, trick_pts = pos.trick_state()
    names = (
        "h0 h1 h2 h3 contract sitting_out mode scorer maxer seat pos led best best_seat "
        "tricks_left trick_pts alpha beta"
    ).split()
    h = pos.hands
    values = [h[0], h[1], h[2], h[3], pos.contract, pos.sitting_out, 0, 0b0101, 0b0101]
    values += [pos.turn, len(pos.trick), led, best, best_seat, pos.tricks_left, trick_pts, -1, 100]
    args = dict(zip(names, values, strict=True))
    args.update(changes)
    return list(args.values())


@pytest.mark.parametrize(
    "changes",
    [
        {"h0": -1},
        {"h1": 1 << 28},
        {"contract": 11},
        {"contract": -1},
        {"sitting_out": 4},
        {"mode": 2},
        {"scorer": 16},
        {"maxer": -1},
        {"seat": 4},
        {"pos": 4},
        {"led": 8},
        {"best": 128},
        {"best_seat": 5},
        {"tricks_left": 8},
        {"tricks_left": 2},
        {"trick_pts": -1},
        {"trick_pts": 121},
        {"alpha": 5, "beta": 5},
    ],
)
def test_c_search_refuses_bad_arguments(changes: dict[str, int]) -> None:
    engine = c_module()
    pos = S.position(ending(random.Random(8), "trump 2", 3, 2))
    good = search_args(pos)
    assert engine.search(*good) == S.python_search(pos, -1, 100)  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        engine.search(*search_args(pos, **changes))  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        engine.search(*good[:17])  # type: ignore[attr-defined]
    with pytest.raises(OverflowError):
        engine.search(*search_args(pos, h0=1 << 80))  # type: ignore[attr-defined]


def test_c_search_checks_the_trick_on_the_table() -> None:
    engine = c_module()
    pos = S.position(ending(random.Random(4), "trump 6", 3, 2))  # two tiles on the table
    assert engine.search(*search_args(pos)) >= 0  # type: ignore[attr-defined]
    mover = pos.turn
    with pytest.raises(ValueError, match="not a position"):  # the best seat did not play yet
        engine.search(*search_args(pos, best_seat=mover))  # type: ignore[attr-defined]
    lead = S.position(ending(random.Random(4), "trump 6", 3, 0))
    with pytest.raises(ValueError, match="not a position"):  # points before the lead
        engine.search(*search_args(lead, trick_pts=5))  # type: ignore[attr-defined]
    assert engine.search(*search_args(lead, alpha=-(10**9), beta=10**9)) == S.python_search(  # type: ignore[attr-defined]
        lead, -1, 100
    )
