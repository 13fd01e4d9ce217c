"""The fast members under ``game.fast``: the same game as the checked API, copies and
pickles with their own, and the old names still working, each saying once where it went."""

from __future__ import annotations

import gc
import pickle
import random
import warnings
import weakref

import pytest

import ludoteca
from ludoteca import fastpath

GAMES = [("texas42", {}), ("fiveup", {"players": 3}), ("bingo", {}), ("cavaleiro", {})]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_fast_play_is_checked_play(name: str, options: dict[str, object]) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        fast = ludoteca.new_game(name, seed=seed, **options)
        checked = ludoteca.new_game(name, seed=seed, **options)
        while not checked.is_over:
            assert fast.fast.legal() == checked.legal_actions()
            action = rng.choice(checked.legal_actions())
            fast.fast.apply(action)
            checked.apply_action(action)
            assert fast.history == checked.history
            assert fast.events == checked.events
            result = checked.result()
            assert fast.fast.side_scores() == list(result["scores"])
            assert fast.fast.winning_side() == result["winner"]
            scored = result["rounds"] if name == "cavaleiro" else len(result["hands"])
            assert fast.fast.hands_scored == scored


def test_a_copy_and_a_pickle_have_their_own_fast_path() -> None:
    game = ludoteca.new_game("texas42", seed=2)
    game.fast.apply(game.fast.legal()[0])
    twin = game.copy()
    again = pickle.loads(pickle.dumps(game))
    for other in (twin, again):
        other.fast.apply(other.fast.legal()[0])
        assert len(other.history) == len(game.history) + 1


def test_the_fast_path_leaves_no_cycle_behind() -> None:
    """A game whose fast path was used is freed as soon as it is dropped, without
    waiting for the cycle collector (search and learning loops drop many)."""
    gc.disable()
    try:
        game = ludoteca.new_game("fiveup", seed=1)
        apply = game.fast.apply
        apply(game.fast.legal()[0])
        gone = weakref.ref(game)
        del game, apply
        assert gone() is None
    finally:
        gc.enable()


def test_the_old_names_still_work_and_say_once_where_they_went(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fastpath, "_WARNED", set())
    game = ludoteca.new_game("bingo", seed=4)
    twin = game.copy()
    with pytest.warns(DeprecationWarning, match=r"game\.fast\.apply"):
        game.apply_action_unchecked(game.legal_actions()[0])
    twin.fast.apply(twin.legal_actions()[0])
    assert game.history == twin.history
    with pytest.warns(DeprecationWarning, match=r"game\.fast\.side_scores"):
        assert game.side_scores() == twin.fast.side_scores()
    with pytest.warns(DeprecationWarning, match=r"game\.fast\.winning_side"):
        assert game.winning_side() == twin.fast.winning_side()
    with pytest.warns(DeprecationWarning, match=r"game\.fast\.hands_scored"):
        assert game.hands_scored == twin.fast.hands_scored
    with pytest.warns(DeprecationWarning, match=r"game\.fast\.tensor_writer"):
        assert game.tensor_writer()(game, 0) == twin.fast.tensor_writer()(twin, 0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game.apply_action_unchecked(game.legal_actions()[0])  # said once already
