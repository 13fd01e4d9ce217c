"""The compact hand of ``ludoteca.games.fiveup.fast`` against the engine: the same
plays, the same ends and scores after every move and the same end of hand, over
random matches of 2, 3 and 4 players (with ``exact_61`` too), worked examples of
the scoring rules, and mutants of the rules that the comparison catches."""

from __future__ import annotations

import random

import pytest
from fiveup_helpers import play_all, start

import ludoteca
from ludoteca.games.fiveup import FiveUp
from ludoteca.games.fiveup.fast import HandState, Play
from ludoteca.games.fiveup.game import PLAY
from ludoteca.games.fiveup.solver import OPENING, PLAIN, SPINNER, move_of
from ludoteca.games.fiveup.tables import A_DRAW, A_PASS, OUTER, PIPS
from ludoteca.tiles import Tile, tile_index


def layout(h: HandState) -> tuple[object, ...]:
    return (
        tuple(h.hands),
        h.spos,
        tuple(h.plain),
        tuple(h.room),
        h.ends,
        h.turn,
        h.passes,
        tuple(h.scores),
    )


def play_along(game: FiveUp, rng: random.Random, cls: type[HandState] = HandState) -> int:
    """Play ``game`` to its end at random, a hand state kept alongside each hand
    and compared with the engine after every move: the positions checked."""
    checked = 0
    h: HandState | None = None
    while not game.is_over:
        assert game.phase == PLAY  # chance is dealt automatically
        if h is None:
            h = cls.from_game(game)
        assert layout(h) == layout(HandState.from_game(game))
        actions = game.legal_actions()
        plays = h.plays(h.turn)
        assert sorted(p[:3] for p in plays) == sorted({move_of(a) for a in actions if a > A_PASS})
        if not plays:
            assert actions == ([A_DRAW] if h.can_draw else [A_PASS])
        checked += 1
        action = rng.choice(actions)
        hand_no = game.hand_no
        if action == A_DRAW:
            t = h.draw()
            over = False
        elif action == A_PASS:
            over = h.pass_turn()
        else:
            move = move_of(action)
            (play,) = [p for p in plays if p[:3] == move]
            over = h.play(*play)
        game.apply_action(action)
        if action > A_PASS and not over:
            assert h.ends == game.ends
        if action == A_DRAW:
            assert game.hands[h.turn] >> t & 1
        assert h.scores == game.scores
        assert over == (game.is_over or game.hand_no != hand_no)
        if over:
            assert h.end == game.hand_log[-1]["end"]
            assert h.winner == (-1 if game.winner is None else game.winner)
            h = None
    return checked


@pytest.mark.parametrize(
    ("players", "exact", "games"),
    [(2, False, 100), (3, False, 80), (4, False, 80), (2, True, 60), (3, True, 60)],
)
def test_hand_state_follows_the_engine(players: int, exact: bool, games: int) -> None:
    rng = random.Random(players * 10 + exact)
    checked = 0
    for seed in range(games):
        game = ludoteca.new_game("fiveup", seed=seed, players=players, exact_61=exact)
        assert isinstance(game, FiveUp)
        checked += play_along(game, rng)
    assert checked > 20 * games


def test_openings_copy_and_solver_moves() -> None:
    game = ludoteca.new_game("fiveup", seed=8, players=2)
    h = HandState.from_game(game)
    assert not h.opened
    plays = h.plays(h.turn)
    assert sorted(plays) == sorted(
        (t, -1, OPENING, PIPS[t]) for t in range(28) if h.hands[h.turn] >> t & 1
    )
    twin = h.copy()
    assert not twin.play_move(plays[0][:3])
    assert twin.opened and twin.ends == plays[0][3] and not h.opened
    assert layout(h) == layout(HandState.from_game(game))


# ---------------------------------------------------------------- worked examples


def test_a_double_counts_until_both_sides_are_covered() -> None:
    # 6-6 leads (ends 12); 6-4 on a side: 12 + 4 = 16; 6-1 on the other side
    # covers both sides: the double no longer counts, ends 4 + 1 = 5 (1 point);
    # then its tips: 6-3 makes 8, 6-2 makes 10 (2 points)
    game = start(["6-6 6-1 6-2 0-0 1-1", "6-4 6-3 2-2 3-3 4-4"])
    play_all(game, "play 6-6")
    h = HandState.from_game(game)
    assert h.ends == 12 and h.room[6] == 4
    expected = [("6-4", 16, [0, 0]), ("6-1", 5, [1, 0]), ("6-3", 8, [1, 0]), ("6-2", 10, [3, 0])]
    for text, ends, scores in expected:
        move = (tile_index(text), 6, SPINNER)
        assert move in [p[:3] for p in h.plays(h.turn)]
        assert not h.play_move(move)
        assert (h.ends, h.scores) == (ends, scores)
        game.play(f"play {text} on 6-6")
        assert (game.ends, game.scores) == (ends, scores)
    assert h.room[6] == 0  # no place left on 6-6


def test_plain_ends_and_the_domino_bonus() -> None:
    # 6-1 leads (ends 7); 3-1 on the 1: 6 + 3 = 9; 6-0 on the 6: 0 + 3 = 3;
    # 3-3 on the 3: a double on a plain end counts both halves, 0 + 6 = 6
    game = start(["6-1 6-0 5-5 5-4 5-2", "3-1 3-3 2-2 4-4 1-1"], exact_61=True)
    play_all(game, "play 6-1")
    h = HandState.from_game(game)
    for text, on, ends in [("3-1", 1, 9), ("6-0", 6, 3), ("3-3", 3, 6)]:
        t = tile_index(text)
        e = h.ends_after((t, on, PLAIN))
        assert e == ends
        assert not h.play(t, on, PLAIN, e)
    # 5-5, 5-4, 5-2 do not fit: the leader must draw (the stock is full)
    assert h.plays(h.turn) == [] and h.can_draw
    # going out: the bonus is the opponent's pips by fives, 3 or 4 rounded up
    t = tile_index("3-0")
    out = h.copy()
    out.hands[0] = 1 << t
    out.hands[1] = Tile(2, 2).bit | Tile(6, 6).bit | Tile(1, 0).bit  # 17 pips: 3 points
    e = out.ends_after((t, 0, PLAIN))  # the 0 becomes a 3: 3 + 6 = 9, nothing
    assert e == 9
    assert out.play(t, 0, PLAIN, e)
    assert (out.end, out.scores, out.winner) == ("domino", [3, 0], -1)
    # the same domino at 59 passes 61: with exact_61 it is not scored, without it wins
    for exact, after, winner in [(True, [59, 0], -1), (False, [62, 0], 0)]:
        near = h.copy()
        near.exact = exact
        near.scores = [59, 0]
        near.hands = list(out.hands)
        near.hands[0] = 1 << t
        assert near.play(t, 0, PLAIN, e)
        assert (near.end, near.scores, near.winner) == ("domino", after, winner)


def test_exact_target_and_target_reached_mid_hand() -> None:
    game = start(["6-1 6-6 5-5 5-4 5-2", "3-1 3-3 2-2 4-4 1-1"], exact_61=True)
    play_all(game, "play 6-1, play 3-1 on 6-1")  # ends 6 + 3 = 9
    h = HandState.from_game(game)
    # 6-6 on the 6: a double counts both halves, 12 + 3 = 15: 3 points
    move = (tile_index("6-6"), 6, PLAIN)
    assert h.ends_after(move) == 15
    for before, over, after, winner in [
        ([58, 0], True, [61, 0], 0),  # exactly 61: the game is won mid-hand
        ([59, 0], False, [59, 0], -1),  # 62 would pass 61: not scored, play on
    ]:
        s = h.copy()
        s.scores = list(before)
        assert s.play_move(move) is over
        assert (s.scores, s.winner) == (after, winner)
        assert s.end == ("target reached" if over else "")
        assert s.turn == (0 if over else 1)


def test_blocked_hand_goes_to_the_fewest_pips() -> None:
    game = start(["6-6 5-5 4-4 5-4 5-2", "0-0 1-1 2-2 1-0 2-0"])
    play_all(game, "play 6-6")
    h = HandState.from_game(game)
    h.spos = len(h.stock) - h.reserve  # the stock is closed
    assert not h.can_draw and h.plays(h.turn) == []
    assert not h.pass_turn()
    assert h.plays(h.turn) == []
    assert h.pass_turn()
    # seat 1 holds 9 pips, seat 0 holds 34: seat 1 scores 7 (34 pips: 6, and 4 rounded up)
    assert (h.end, h.scores) == ("blocked", [0, 7])
    tie = HandState.from_game(game)
    tie.spos = len(tie.stock) - tie.reserve
    tie.hands = [Tile(5, 5).bit, Tile(4, 4).bit | Tile(1, 1).bit]  # 10 pips each
    tie.pass_turn()
    assert tie.pass_turn() and tie.scores == [0, 0]


# ---------------------------------------------------------------- the tests can fail


class _LateDouble(HandState):
    """A wrong rule: a double keeps counting after both its sides are covered."""

    def plays(self, seat: int) -> list[Play]:
        out = []
        for t, v, kind, e in super().plays(seat):
            if kind == SPINNER and self.room[v] == 3:
                e = self.ends + OUTER[t][v]
            out.append((t, v, kind, e))
        return out


class _InexactTarget(HandState):
    """A wrong rule: with ``exact_61`` a score passing the target is still scored."""

    def _award(self, side: int, points: int) -> bool:
        exact, self.exact = self.exact, False
        try:
            return super()._award(side, points)
        finally:
            self.exact = exact


@pytest.mark.parametrize("mutant", [_LateDouble, _InexactTarget])
def test_the_comparison_catches_a_wrong_rule(mutant: type[HandState]) -> None:
    rng = random.Random(5)
    with pytest.raises(AssertionError):
        for seed in range(40):
            game = ludoteca.new_game("fiveup", seed=seed, players=2, exact_61=True)
            assert isinstance(game, FiveUp)
            play_along(game, rng, mutant)
