"""The compact hand of ``ludoteca.games.bingo.fast`` against the engine: the same
legal moves, the same state after every move and the same end of hand, over
thousands of positions of random matches (and of matches between bots, which
close, show and reach 70 the way players do)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import ludoteca
from ludoteca.bots import choose_move, make_bot
from ludoteca.bots.bingo_common import action_of
from ludoteca.games.bingo import Bingo
from ludoteca.games.bingo.fast import A_CLOSE, A_SHOW, A_TAKE_UP, HandState
from ludoteca.games.bingo.game import LEAD, REPLY, TAKE
from ludoteca.tiles import Tile


def state(h: HandState) -> tuple[object, ...]:
    return (
        h.cfg,
        tuple(h.hands),
        tuple(h.stock) if h.up_lying else (),
        h.up,
        h.up_lying,
        h.turn,
        h.closed_by,
        tuple(h.points),
        h.won,
        tuple(h.shown),
        h.capture,
        h.led,
        h.show,
        h.played,
        h.phase,
    )


def play_along(
    game: Bingo, choose: Callable[[Bingo], int] | None, rng: random.Random
) -> tuple[int, int]:
    """Play ``game`` to its end, a hand state kept alongside each hand and compared
    with the engine after every move: (positions checked, hands checked)."""
    positions = hands = 0
    h: HandState | None = None
    while not game.is_over:
        assert game.phase in (LEAD, REPLY, TAKE)  # chance is dealt automatically
        if h is None:
            h = HandState.from_game(game)
        assert state(h) == state(HandState.from_game(game))
        assert sorted(h.legal_actions()) == sorted(game.legal_actions())
        assert h.following_compulsory == game.following_compulsory
        positions += 1
        action = choose(game) if choose else rng.choice(game.legal_actions())
        hand_no = game.hand_no
        game.apply_action(action)
        h.apply(action)
        if game.hand_no != hand_no or game.is_over:
            last = game.hand_log[-1]
            assert h.is_over and h.legal_actions() == []
            assert h.winner == last["winner"]
            assert list(h.final_points()) == last["points"]
            sets = [0, 0]
            sets[h.winner] += h.sets_won()
            if h.capture >= 0:
                sets[h.capture] += 1
            assert sets == last["sets_won"]
            assert h.capture == (-1 if last["bingo_capture"] is None else last["bingo_capture"])
            hands += 1
            h = None
        else:
            assert not h.is_over
    return positions, hands


@pytest.mark.parametrize("b7", [False, True])
def test_random_matches_move_by_move(b7: bool) -> None:
    rng = random.Random(11 + b7)
    positions = hands = 0
    for m in range(40):
        game = ludoteca.new_game("bingo", seed=m, blanks_as_seven=b7)
        assert isinstance(game, Bingo)
        p, n = play_along(game, None, rng)
        positions += p
        hands += n
    assert positions > 3000 and hands > 150


def test_matches_between_bots_move_by_move() -> None:
    """Greedy bots close the stock, show doubles and reach 70 far more than random play."""
    rng = random.Random(5)
    positions = 0
    for m in range(12):
        game = ludoteca.new_game("bingo", seed=100 + m)
        assert isinstance(game, Bingo)
        bots = [make_bot("bingo", "greedy", seed=m), make_bot("bingo", "greedy", seed=m + 1)]

        def choose(g: Bingo, bots: list[ludoteca.bots.Bot] = bots) -> int:
            seat = g.to_move
            assert isinstance(seat, int)
            return action_of(choose_move(bots[seat], g))

        positions += play_along(game, choose, rng)[0]
    assert positions > 500


def test_a_won_show_a_close_and_the_last_two_by_hand() -> None:
    """Worked by hand on the engine's docstring deal (6s are trumps, seat 0 leads)."""
    game = ludoteca.new_game("bingo", chance="manual")
    game.play("draw 5-4 6-1")
    game.play(
        "deal 6-6 5-5 4-4 6-2 5-1 3-0 1-0 | 6-5 6-4 6-3 4-2 3-1 2-1 1-1 | "
        "up 6-1 | stock 5-4 5-3 5-2 5-0 4-3 4-1 4-0 3-3 3-2 2-2 2-0 6-0 0-0"
    )
    assert isinstance(game, Bingo)
    h = HandState.from_game(game)
    six_six = Tile(6, 6).index
    h.apply(A_SHOW + 6)  # 6-6 show
    assert h.led == six_six and h.show == Tile(5, 5).bit | Tile(4, 4).bit
    h.apply(Tile(6, 5).index)  # 79 with the show's 40: the hand ends at once
    assert h.is_over and h.winner == 0 and h.final_points() == (79, 0)
    assert h.sets_won() == 3  # the loser took no trick
    # a trick won by the follower: it draws the first stock tile, the leader the second
    h = HandState.from_game(game)
    h.apply(Tile(1, 0).index)
    h.apply(Tile(6, 5).index)  # a trump takes it
    assert h.turn == 1 and h.won == 2 and h.phase == HandState.LEAD
    assert h.hands[1] & Tile(5, 4).bit and h.hands[0] & Tile(5, 3).bit
    assert len(h.stock) == 11
    # a close: the same player leads, no more draws, the follow rule applies
    h = HandState.from_game(game)
    h.apply(A_CLOSE)
    assert h.closed_by == 0 and h.turn == 0 and h.following_compulsory
    assert A_CLOSE not in h.legal_actions()
    h.apply(Tile(6, 2).index)  # a trump led (6s are trumps): 6-5 6-4 6-3 must follow
    assert h.answers() == Tile(6, 5).bit | Tile(6, 4).bit | Tile(6, 3).bit
    # the last-two choice: the stock down to the hidden 0-0, 6-1 turned up
    h = HandState.from_game(game)
    h.stock = [Tile(0, 0).index]
    h.phase = HandState.TAKE
    assert h.legal_actions() == [A_TAKE_UP, A_TAKE_UP + 1]
    h.apply(A_TAKE_UP)
    assert h.hands[0] & Tile(6, 1).bit and h.hands[1] & Tile(0, 0).bit
    assert not h.up_lying and h.following_compulsory and h.stock == []
