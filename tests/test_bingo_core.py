"""The Bingo core: exact undo, independent clones, the hand positions the bots and the
solver build on it, worked moves by hand, and the same rules for every way of driving
the engine (by notation, by action number, on the core alone)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.bots import choose_move, make_bot
from ludoteca.games.bingo import Bingo
from ludoteca.games.bingo.core import (
    A_CLOSE,
    A_SHOW,
    A_TAKE_HIDDEN,
    A_TAKE_UP,
    DEAL,
    DRAW,
    LEAD,
    OVER,
    REPLY,
    TAKE,
    BingoCore,
)
from ludoteca.games.bingo.hidden import DealSampler, observe_view, position_from_view
from ludoteca.tiles import Tile


def state(core: BingoCore) -> tuple[Any, ...]:
    """Everything a core holds but its event sink, as plain values."""
    return tuple(
        tuple(v) if isinstance(v, list) else v
        for name in BingoCore.__slots__
        if name != "sink"
        for v in [getattr(core, name)]
    )


def new_game(seed: int, b7: bool = False) -> Bingo:
    game = ludoteca.new_game("bingo", seed=seed, blanks_as_seven=b7)
    assert isinstance(game, Bingo)
    return game


# ------------------------------------------------------------------ undo and clones


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), b7=st.booleans())
def test_undo_restores_every_state(seed: int, b7: bool) -> None:
    """Every move (decisions, deals, the draw for first leader) undone gives back the
    state before it, exactly, and played again the state after it; undoing the whole
    match gives back the new core."""
    rng = random.Random(seed)
    core = BingoCore(b7)
    states = [state(core)]
    while core.phase != OVER:
        move: Callable[[], None]
        if core.phase == DRAW:
            a, b = rng.sample(range(28), 2)
            move = partial(core.draw_first, a, b)
        elif core.phase == DEAL:
            order = list(range(28))
            rng.shuffle(order)
            move = partial(core.deal_order, order)
        else:
            move = partial(core.apply, rng.choice(core.legal()))
        move()
        after = state(core)
        core.undo()
        assert state(core) == states[-1]
        move()
        assert state(core) == after
        states.append(after)
    for before in reversed(states[:-1]):
        core.undo()
        assert state(core) == before
    with pytest.raises(IndexError):
        core.undo()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), cut=st.integers(0, 150))
def test_clones_are_independent(seed: int, cut: int) -> None:
    rng = random.Random(seed)
    game = new_game(seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply_action(rng.choice(game.legal_actions()))
    core = game.core
    before = state(core)
    twin = core.clone()
    assert state(twin) == before
    # the twin plays the hand out (and undoes part of it): the original does not move
    moves = 0
    while twin.in_hand:
        twin.apply(rng.choice(twin.legal()))
        moves += 1
    for _ in range(moves // 2):
        twin.undo()
    assert state(core) == before
    # and the original plays on without touching the twin
    kept = state(twin)
    if core.in_hand:
        core.apply(core.legal()[0])
        assert state(twin) == kept


def test_pop_never_replays() -> None:
    """The engine's undo is the core's: pop() keeps the same game object state and
    costs about one move, whatever the length of the match."""
    game = new_game(8)
    rng = random.Random(8)
    while game.core.hand_no < 3:
        game.play(rng.choice(game.legal_moves()))
    core = game.core
    snapshot = state(core)
    move = rng.choice(game.legal_moves())
    game.play(move)
    assert game.pop() == move
    assert game.core is core and state(core) == snapshot


# ------------------------------------------------------------------ hand positions


def test_positions_from_a_view_hold_what_the_seat_knows() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(20):
        game = new_game(seed, b7=seed % 4 == 0)
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            view = game.view(seat)
            pos = position_from_view(view)
            core = game.core
            assert pos.hands[seat] == core.hands[seat] and pos.hands[1 - seat] == 0
            for field in ("cfg", "trump_tile", "up", "up_holder", "closed_by", "turn"):
                assert getattr(pos, field) == getattr(core, field), field
            for field in ("points", "tricks_won", "shown", "sets"):
                assert list(getattr(pos, field)) == list(getattr(core, field)), field
            assert (pos.lead_tile, pos.lead_show, pos.played) == (
                core.lead_tile,
                core.lead_show,
                core.played,
            )
            assert pos.bingo_capture == core.bingo_capture
            assert pos.stock_count == core.stock_count and pos.phase == core.phase
            # filled in by the sampler: a hand the rules can play, the seat's moves unchanged
            filled = DealSampler(observe_view(view)).fill(pos, rng)
            assert filled.hands[1 - seat].bit_count() == core.hands[1 - seat].bit_count()
            assert sorted(filled.legal()) == sorted(game.legal_actions())
            while filled.in_hand:
                filled.apply(rng.choice(filled.legal()))
            checked += 1
            game.apply_action(rng.choice(game.legal_actions()))
    assert checked > 1500


def test_position_of_a_hand_under_way() -> None:
    core = BingoCore.position(
        trump_tile=Tile(6, 1).index,
        hands=(Tile(6, 6).bit | Tile(5, 5).bit, Tile(6, 5).bit | Tile(1, 0).bit),
        turn=0,
        closed_by=1,
        points=(40, 50),
        tricks_won=(2, 3),
    )
    assert core.following_compulsory and core.phase == LEAD
    assert A_CLOSE not in core.legal() and A_SHOW + 6 in core.legal()
    core.apply(Tile(5, 5).index)
    assert core.phase == REPLY and core.legal() == [Tile(6, 5).index]  # a 5 must follow
    core.apply(Tile(6, 5).index)  # the trump takes it: 50 + 21 reaches 70
    hand = core.done[-1]
    assert (hand.winner, hand.points, hand.end, hand.gained) == (1, (40, 71), 0, (0, 1))


# ------------------------------------------------------------------ by hand


def test_a_won_show_a_close_and_the_last_two_by_hand() -> None:
    """Worked by hand on the engine's docstring deal (6s are trumps, seat 0 leads)."""
    game = ludoteca.new_game("bingo", chance="manual")
    game.play("draw 5-4 6-1")
    game.play(
        "deal 6-6 5-5 4-4 6-2 5-1 3-0 1-0 | 6-5 6-4 6-3 4-2 3-1 2-1 1-1 | "
        "up 6-1 | stock 5-4 5-3 5-2 5-0 4-3 4-1 4-0 3-3 3-2 2-2 2-0 6-0 0-0"
    )
    assert isinstance(game, Bingo)
    start = game.core
    h = start.clone()
    six_six = Tile(6, 6).index
    h.apply(A_SHOW + 6)  # 6-6 show
    assert h.lead_tile == six_six and h.lead_show == Tile(5, 5).bit | Tile(4, 4).bit
    h.apply(Tile(6, 5).index)  # 79 with the show's 40: the hand ends at once
    assert h.phase == DEAL and h.done[-1].winner == 0 and h.done[-1].points == (79, 0)
    assert h.done[-1].result_sets == 3  # the loser took no trick
    # a trick won by the follower: it draws the first stock tile, the leader the second
    h = start.clone()
    h.apply(Tile(1, 0).index)
    h.apply(Tile(6, 5).index)  # a trump takes it
    assert h.turn == 1 and h.won_mask == 2 and h.phase == LEAD
    assert h.hands[1] & Tile(5, 4).bit and h.hands[0] & Tile(5, 3).bit
    assert h.stock_count == 12
    # a close: the same player leads, no more draws, the follow rule applies
    h = start.clone()
    h.apply(A_CLOSE)
    assert h.closed_by == 0 and h.turn == 0 and h.following_compulsory
    assert A_CLOSE not in h.legal()
    h.apply(Tile(6, 2).index)  # a trump led (6s are trumps): 6-5 6-4 6-3 must follow
    assert h.legal() == [Tile(6, 3).index, Tile(6, 4).index, Tile(6, 5).index]
    # the last-two choice: the stock down to the hidden 0-0, 6-1 turned up
    h = BingoCore.position(
        trump_tile=Tile(6, 1).index,
        hands=start.hands,  # type: ignore[arg-type]
        turn=0,
        stock=(Tile(0, 0).index,),
        taking=True,
    )
    assert h.phase == TAKE and h.legal() == [A_TAKE_UP, A_TAKE_HIDDEN]
    h.apply(A_TAKE_UP)
    assert h.hands[0] & Tile(6, 1).bit and h.hands[1] & Tile(0, 0).bit
    assert h.up < 0 and h.following_compulsory and h.stock_count == 0


# ------------------------------------------------------------------ one set of rules


@pytest.mark.parametrize("b7", [False, True])
def test_notation_action_numbers_and_the_core_play_alike(b7: bool) -> None:
    """The same random decisions through play(str), fast.apply and the core
    alone (dealt the same): the same legal moves, states and results."""
    rng = random.Random(11 + b7)
    for m in range(25):
        by_text = new_game(m, b7)
        by_number = new_game(m, b7)
        core = by_text.core.clone()
        while not by_text.is_over:
            legal = by_text.legal_actions()
            assert legal == by_number.legal_actions() == core.legal()
            action = rng.choice(legal)
            by_text.play(by_text.action_to_move(action))
            by_number.fast.apply(action)
            core.apply(action)
            if core.phase == DEAL:  # the engine dealt the next hand: deal the same
                hand = by_text.core
                core.deal(*hand.dealt, hand.trump_tile, hand.stock)
            assert state(core)[:25] == state(by_text.core)[:25]
            assert by_number.moves == by_text.moves
        assert by_number.result() == by_text.result()
        assert core.phase == OVER and core.sets == by_text.core.sets


def test_matches_between_bots_keep_the_rules() -> None:
    """Greedy bots close the stock, show doubles and reach 70 far more than random play:
    their matches replay to the same result."""
    for m in range(6):
        game = new_game(100 + m)
        bots = [make_bot("bingo", "greedy", seed=m), make_bot("bingo", "greedy", seed=m + 1)]
        closes = 0
        while not game.is_over:
            seat = game.to_move
            assert isinstance(seat, int)
            move = choose_move(bots[seat], game)
            closes += move == "close"
            game.play(move)
        again = ludoteca.replay(game.record())
        assert again.result() == game.result()
