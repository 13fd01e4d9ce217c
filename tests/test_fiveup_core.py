"""The rules' state of Five-Up (``ludoteca.games.fiveup.core``): worked examples of
the scoring rules on solver moves, undo restoring every state exactly (chance
events included), copies independent of their original, and mutants of the
rules that the independent checks (the layout's geometry, the target) catch."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fiveup_helpers import geometry_ends_total, play_all, start
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.fiveup import FiveUp
from ludoteca.games.fiveup.core import DEAL, DRAW, OVER, PLAY, Rules, State
from ludoteca.games.fiveup.tables import OPENING, PASS, PIPS, PLAIN, SPINNER
from ludoteca.tiles import Tile, tile_index


def snapshot(s: State) -> tuple[Any, ...]:
    """Everything a state holds that the rules read or write."""
    return tuple(
        tuple(v) if isinstance(v, list) else v
        for k in State.__slots__
        if k not in ("sink", "awards", "trail")
        for v in [getattr(s, k)]
    )


def hand_state(game: FiveUp) -> State:
    """The hand under way, counts only (played with solver moves)."""
    return game.core.clone(counts_only=True)


def random_step(s: State, rng: random.Random) -> None:
    """One random move or chance event on a state."""
    if s.phase == DRAW:
        s.draw_for_lead(s.random_lead_draw(rng))
    elif s.phase == DEAL:
        s.deal(*s.random_deal(rng))
    else:
        s.apply(rng.choice(s.legal()))


# ---------------------------------------------------------------- worked examples


def test_a_double_counts_until_both_sides_are_covered() -> None:
    # 6-6 leads (ends 12); 6-4 on a side: 12 + 4 = 16; 6-1 on the other side
    # covers both sides: the double no longer counts, ends 4 + 1 = 5 (1 point);
    # then its tips: 6-3 makes 8, 6-2 makes 10 (2 points)
    game = start(["6-6 6-1 6-2 0-0 1-1", "6-4 6-3 2-2 3-3 4-4"])
    play_all(game, "play 6-6")
    h = hand_state(game)
    assert h.ends == 12 and h.room[6] == 4
    expected = [("6-4", 16, [0, 0]), ("6-1", 5, [1, 0]), ("6-3", 8, [1, 0]), ("6-2", 10, [3, 0])]
    for text, ends, scores in expected:
        move = (tile_index(text), 6, SPINNER)
        assert move in [p[:3] for p in h.plays()]
        assert not h.play_move(move)
        assert (h.ends, h.scores) == (ends, scores)
        game.play(f"play {text} on 6-6")
        assert (game.core.ends, game.fast.side_scores()) == (ends, scores)
    assert h.room[6] == 0  # no place left on 6-6


def test_plain_ends_and_the_domino_bonus() -> None:
    # 6-1 leads (ends 7); 3-1 on the 1: 6 + 3 = 9; 6-0 on the 6: 0 + 3 = 3;
    # 3-3 on the 3: a double on a plain end counts both halves, 0 + 6 = 6
    game = start(["6-1 6-0 5-5 5-4 5-2", "3-1 3-3 2-2 4-4 1-1"], exact_61=True)
    play_all(game, "play 6-1")
    h = hand_state(game)
    for text, on, ends in [("3-1", 1, 9), ("6-0", 6, 3), ("3-3", 3, 6)]:
        t = tile_index(text)
        assert h.ends_after(t, on, PLAIN) == ends
        assert not h.play(t, on, PLAIN)
        assert h.ends == ends
    # 5-5, 5-4, 5-2 do not fit: the leader must draw (the stock is full)
    assert h.plays() == [] and h.can_draw
    # going out: the bonus is the opponent's pips by fives, 3 or 4 rounded up
    t = tile_index("3-0")
    out = h.clone()
    out.hands[0] = 1 << t
    out.hands[1] = Tile(2, 2).bit | Tile(6, 6).bit | Tile(1, 0).bit  # 17 pips: 3 points
    assert out.ends_after(t, 0, PLAIN) == 9  # the 0 becomes a 3: 3 + 6 = 9, nothing
    assert out.play(t, 0, PLAIN)
    assert (out.end, out.scores, out.winner) == ("domino", [3, 0], -1)
    # the same domino at 59 passes 61: with exact_61 it is not scored, without it wins
    for exact, after, winner in [(True, [59, 0], -1), (False, [62, 0], 0)]:
        near = h.clone()
        near.rules = near.rules._replace(exact=exact)
        near.scores = [59, 0]
        near.hands = list(out.hands)
        near.hands[0] = 1 << t
        assert near.play(t, 0, PLAIN)
        assert (near.end, near.scores, near.winner) == ("domino", after, winner)


def test_exact_target_and_target_reached_mid_hand() -> None:
    game = start(["6-1 6-6 5-5 5-4 5-2", "3-1 3-3 2-2 4-4 1-1"], exact_61=True)
    play_all(game, "play 6-1, play 3-1 on 6-1")  # ends 6 + 3 = 9
    h = hand_state(game)
    # 6-6 on the 6: a double counts both halves, 12 + 3 = 15: 3 points
    move = (tile_index("6-6"), 6, PLAIN)
    assert h.ends_after(*move) == 15
    for before, over, after, winner in [
        ([58, 0], True, [61, 0], 0),  # exactly 61: the game is won mid-hand
        ([59, 0], False, [59, 0], -1),  # 62 would pass 61: not scored, play on
    ]:
        s = h.clone()
        s.scores = list(before)
        assert s.play_move(move) is over
        assert (s.scores, s.winner) == (after, winner)
        assert s.end == ("target reached" if over else "")
        assert s.phase == (OVER if over else PLAY)
        assert s.turn == (-1 if over else 1)


def test_blocked_hand_goes_to_the_fewest_pips() -> None:
    game = start(["6-6 5-5 4-4 5-4 5-2", "0-0 1-1 2-2 1-0 2-0"])
    play_all(game, "play 6-6")
    h = hand_state(game)
    h.stock_pos = len(h.stock) - h.reserve  # the stock is closed
    assert not h.can_draw and h.plays() == []
    assert not h.pass_turn()
    assert h.plays() == []
    assert h.pass_turn()
    # seat 1 holds 9 pips, seat 0 holds 34: seat 1 scores 7 (34 pips: 6, and 4 rounded up)
    assert (h.end, h.scores) == ("blocked", [0, 7])
    tie = hand_state(game)
    tie.stock_pos = len(tie.stock) - tie.reserve
    tie.hands = [Tile(5, 5).bit, Tile(4, 4).bit | Tile(1, 1).bit]  # 10 pips each
    tie.pass_turn()
    assert tie.pass_turn() and tie.scores == [0, 0]


def test_openings_and_solver_moves() -> None:
    game = ludoteca.new_game("fiveup", seed=8, players=2)
    assert isinstance(game, FiveUp)
    h = hand_state(game)
    assert h.open_mask == 0
    plays = h.plays()
    hand = h.hands[h.turn]
    assert sorted(plays) == sorted((t, -1, OPENING, PIPS[t]) for t in range(28) if hand >> t & 1)
    twin = h.clone()
    assert not twin.play_move(plays[0][:3])
    assert twin.open_mask and twin.ends == plays[0][3] and not h.open_mask
    before = snapshot(twin)
    assert twin.plays() or twin.can_draw
    assert twin.play_move((-1, -1, PASS)) is False
    twin.undo()
    assert snapshot(twin) == before


def test_rules_of_the_seating() -> None:
    assert Rules.of(4).sides == ((0, 2), (1, 3)) and Rules.of(4).reserve == 2
    assert Rules.of(3).side_of == (0, 1, 2) and Rules.of(3).reserve == 1
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        Rules.of(5)
    with pytest.raises(ValueError, match="nothing to undo"):
        State(2).undo()


# ---------------------------------------------------------------- undo and copies


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([2, 3, 4]),
    st.booleans(),
    st.sampled_from([61, 20]),
)
def test_undo_restores_every_state(seed: int, players: int, exact: bool, target: int) -> None:
    rng = random.Random(seed)
    s = State(players, target, exact, rng.choice(["winner", "clockwise"]))
    s.sink = []
    states = [snapshot(s)]
    while s.phase != OVER:
        before = snapshot(s)
        events = len(s.sink)
        draw = rng.random()
        random_step(s, random.Random(draw))
        after = snapshot(s)
        s.undo()
        del s.sink[events:]
        assert snapshot(s) == before
        random_step(s, random.Random(draw))  # the same step again
        assert snapshot(s) == after
        states.append(after)
    # and all the way back to the start
    for expected in reversed(states[:-1]):
        s.undo()
        assert snapshot(s) == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]))
def test_a_clone_is_independent_of_its_original(seed: int, players: int) -> None:
    rng = random.Random(seed)
    s = State(players)
    for _ in range(rng.randrange(80)):
        if s.phase == OVER:
            break
        random_step(s, rng)
    twin = s.clone()
    kept = snapshot(s)
    moves = random.Random(seed + 1)
    for _ in range(30):
        if twin.phase == OVER:
            break
        random_step(twin, moves)
    assert snapshot(s) == kept  # playing on the copy leaves the original as it was
    while twin.trail is not s.trail:
        twin.undo()  # the copy undoes its own moves, and then is its original again
    assert snapshot(twin) == kept
    if s.trail is not None:
        s.undo()  # undoing the original's last move leaves the copy as it was
        assert snapshot(twin) == kept


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pop_undoes_a_whole_game_through_the_api(players: int) -> None:
    game = ludoteca.new_game("fiveup", seed=players, players=players, target=21)
    rng = random.Random(players)
    views = []
    while not game.is_over:
        views.append((game.moves, game.view(0), game.result()))
        game.play(rng.choice(game.legal_moves()))
    while views:
        game.pop()
        moves, view, result = views.pop()
        assert (game.moves, game.view(0), game.result()) == (moves, view, result)


# ---------------------------------------------------------------- the checks can fail


class _LateDouble(State):
    """A wrong rule: a double keeps counting after both its sides are covered."""

    __slots__ = ()

    def lay(self, t: int, v: int, kind: int, x: int = -1) -> None:
        late = kind == SPINNER and self.room[v] == 3
        super().lay(t, v, kind, x)
        if late:
            self.ends += v + v


class _InexactTarget(State):
    """A wrong rule: with ``exact_61`` a score passing the target is still scored."""

    __slots__ = ()

    def _award(self, side: int, points: int) -> bool:
        exact, self.rules = self.rules, self.rules._replace(exact=False)
        try:
            return super()._award(side, points)
        finally:
            self.rules = exact


def checked_game(seed: int, mutant: type[State] | None) -> None:
    """A random game on the rules' state (or a mutant of it), checked against what
    does not depend on it: the ends drawn by the layout's geometry, and the target
    never passed with ``exact_61``."""
    game = ludoteca.new_game("fiveup", seed=seed, exact_61=True, target=31)
    assert isinstance(game, FiveUp)
    if mutant is not None:
        game.core.__class__ = mutant
    rng = random.Random(seed)
    while not game.is_over:
        game.apply_action(rng.choice(game.legal_actions()))
        layout = game.layout()
        assert geometry_ends_total(layout) == layout["ends_total"]
    assert max(game.fast.side_scores()) == 31


def test_the_checks_pass_on_the_rules() -> None:
    for seed in range(15):
        checked_game(seed, None)


@pytest.mark.parametrize("mutant", [_LateDouble, _InexactTarget])
def test_the_checks_catch_a_wrong_rule(mutant: type[State]) -> None:
    with pytest.raises(AssertionError):
        for seed in range(40):
            checked_game(seed, mutant)
