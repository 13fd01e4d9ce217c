"""The Game API's vectors: ``observation_tensor`` and ``information_state_tensor``.

The engines' fast readers against their views, the compiled encoders against
the Python ones, the public methods' buffers, sizes and errors.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from tensor_helpers import ENCODERS, OPTION_CASES, Reference

import ludoteca
from ludoteca import tensor
from ludoteca.errors import GameNotAvailable, TensorNotAvailable
from ludoteca.game import Game
from ludoteca.registry import available_games, new_game

GAMES = [g for g in ENCODERS if g in available_games()]
NATIVE = tensor.native is not None
needs_native = pytest.mark.skipif(not NATIVE, reason="the C extension is not built")

CASES = [c for c in OPTION_CASES if c[0] in GAMES]


def _positions(name: str, options: dict[str, Any], games: int) -> Iterator[Game]:
    """Every position of random games, decisions, chance points (manual chance in
    every other game) and the end included."""
    rng = random.Random(len(options))
    for g in range(games):
        manual = g % 2 == 1
        game = new_game(name, seed=g, chance="manual" if manual else "auto", **options)
        while True:
            yield game
            if game.is_over:
                break
            if game.to_move == "chance":
                game.play(game.sample_chance(rng))
            else:
                game.apply_action(rng.choice(game.legal_actions()))


def _floats(buf: Any) -> list[float]:
    return list(struct.unpack(f"<{len(buf) // 4}f", bytes(buf)))


@pytest.mark.parametrize(("name", "options"), CASES)
def test_fast_readers_read_only_the_view(name: str, options: dict[str, Any]) -> None:
    """The engine's fast reader and the reader of ``game.view(seat)`` give the same
    record and the same vectors at every position, for every seat; the public
    methods give those vectors too, and ``tensor_from_view`` the same again."""
    reference = None
    checked = 0
    for game in _positions(name, options, games=3):
        reference = reference or Reference(game)
        for seat in range(game.num_seats):
            fast = reference.public(game, seat)
            view = game.view(seat)
            slow = reference.public_from_view(view)
            assert fast == slow
            observation = reference.observation(slow)
            info_state = reference.info_state(slow)
            assert np.array_equal(reference.observation(fast), observation)
            assert np.array_equal(reference.info_state(fast), info_state)
            assert game.observation_tensor(seat) == observation.tobytes()
            assert game.information_state_tensor(seat) == info_state.tobytes()
            assert game.tensor_from_view(view) == observation.tobytes()
            assert game.tensor_from_view(view, information_state=True) == info_state.tobytes()
            checked += 1
    assert checked > 100


@needs_native
@pytest.mark.parametrize(("name", "options"), CASES)
def test_native_encoders_write_the_python_vectors(name: str, options: dict[str, Any]) -> None:
    """At every position, for every seat, the compiled encoder writes exactly the
    vectors of the Python encoders (a fresh one, nothing kept), into a given
    buffer or a new bytearray; redealing what the seat cannot see leaves the
    compiled vectors unchanged."""
    encoder = None
    rng = random.Random(1)
    checked = 0
    for game in _positions(name, options, games=4):
        if encoder is None:
            encoder = ENCODERS[name](game).native_encoder()
            assert encoder is not None
        to_move = game.to_move
        for seat in range(game.num_seats):
            reference = Reference(game)
            public = reference.public(game, seat)
            want = (reference.observation(public), reference.info_state(public))
            got = (np.full(want[0].shape, 7.0, np.float32), np.full(want[1].shape, 7.0, np.float32))
            assert encoder.observation(game, seat, got[0]) is got[0]  # every entry is written
            assert encoder.info_state(game, seat, got[1]) is got[1]
            assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
            fresh = encoder.observation(game, seat)
            assert type(fresh) is bytearray and fresh == want[0].tobytes()
            assert encoder.info_state(game, seat, None) == want[1].tobytes()
            checked += 1
            if checked % 7 == 0 and not game.is_over and to_move != "chance":
                twin = game.sample_hidden(seat, random.Random(rng.random()))
                again = np.empty_like(want[1])
                encoder.info_state(twin, seat, again)
                assert np.array_equal(again, want[1])
    assert checked > 200


@needs_native
def test_native_encoder_refuses_bad_input() -> None:
    game = new_game("bingo", seed=1)
    encoder = ENCODERS["bingo"](game).native_encoder()
    assert encoder is not None
    size = game.observation_tensor_size
    with pytest.raises(ValueError, match="float32 entries"):
        encoder.observation(game, 0, np.empty(size + 1, np.float32))
    with pytest.raises(ValueError, match="no such seat"):
        encoder.observation(game, 2, np.empty(size, np.float32))
    with pytest.raises(AttributeError):
        encoder.observation(object(), 0, np.empty(size, np.float32))
    frozen = np.empty(size, np.float32)
    frozen.flags.writeable = False
    with pytest.raises((BufferError, TypeError, ValueError)):
        encoder.observation(game, 0, frozen)
    with pytest.raises(TypeError, match="game, seat"):
        encoder.observation(game)  # type: ignore[call-arg]


@pytest.mark.parametrize("native", [True, False] if NATIVE else [False])
@pytest.mark.parametrize("name", GAMES)
def test_public_methods_write_buffers_and_check_them(
    monkeypatch: pytest.MonkeyPatch, name: str, native: bool
) -> None:
    """A new bytearray, or any writable buffer of the right size filled whole and
    returned; a wrong size or a wrong seat is refused; the sizes are the
    encoders'. The same with the compiled encoders and with the Python ones."""
    if not native:
        monkeypatch.setattr(tensor, "native", None)
    game = new_game(name, seed=3)
    game.apply_action(game.legal_actions()[0])
    for seat in range(game.num_seats):
        for method, size in (
            (game.observation_tensor, game.observation_tensor_size),
            (game.information_state_tensor, game.information_state_tensor_size),
        ):
            vector = method(seat)
            assert type(vector) is bytearray and len(vector) == 4 * size
            values = _floats(vector)
            assert all(0.0 <= x <= 1.0 for x in values) and any(values)
            out = np.full(size, 9.0, np.float32)
            assert method(seat, out) is out
            assert out.tobytes() == vector
            raw = bytearray(b"\xff" * (4 * size))
            assert method(seat, memoryview(raw)) is not None and raw == vector
            with pytest.raises(ValueError, match="float32 entries"):
                method(seat, np.empty(size - 1, np.float32))
        with pytest.raises(ValueError):
            game.observation_tensor(game.num_seats)
    encoder = game._encoder()
    assert ("observation" in vars(encoder)) == native  # the compiled method, when built
    assert game.observation_tensor_size == Reference(game).observation_size


def test_a_game_without_vectors_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """``TensorNotAvailable`` is a ``NotImplementedError`` (as in OpenSpiel) and,
    as every error of Ludoteca, a ``ValueError``."""
    game = new_game("bingo", seed=1)
    monkeypatch.setattr(type(game), "_tensor_encoder", lambda self: None)
    for call in (
        lambda: game.observation_tensor(0),
        lambda: game.information_state_tensor(0),
        lambda: game.observation_tensor_size,
        lambda: game.information_state_tensor_size,
        lambda: game.tensor_from_view(game.view(0)),
    ):
        with pytest.raises(TensorNotAvailable, match="Bingo has no observation"):
            call()
    assert issubclass(TensorNotAvailable, NotImplementedError)
    assert issubclass(TensorNotAvailable, GameNotAvailable)


def test_tensor_from_view_checks_the_view() -> None:
    game = new_game("texas42", seed=1)
    with pytest.raises(ValueError, match="not the view of a seat of Texas 42"):
        game.tensor_from_view(new_game("bingo", seed=1).view(0))
    with pytest.raises(ValueError, match="not the view of a seat"):
        game.tensor_from_view(game.view(None))


@pytest.mark.parametrize(("name", "options"), CASES)
def test_scores_and_hands_are_the_results(name: str, options: dict[str, Any]) -> None:
    """``side_scores()`` is ``result()["scores"]``, ``winning_side()`` is
    ``result()["winner"]``; ``hands_scored`` counts the hands (rounds) in the result."""
    for game in _positions(name, options, games=2):
        result = game.result()
        assert game.fast.side_scores() == result["scores"]
        assert game.fast.winning_side() == result["winner"]
        hands = result.get("hands", result.get("rounds"))
        want = len(hands) if isinstance(hands, list) else hands
        if name == "cavaleiro":  # rounds won, one per finished round
            want = sum(result["rounds_won"])
        assert game.fast.hands_scored == want


def test_the_engine_layer_needs_no_numpy() -> None:
    """The engines and the encoders import neither numpy nor the learning libraries."""
    import subprocess
    import sys

    code = (
        "import sys, ludoteca, ludoteca.tensor\n"
        "for g in ('texas42', 'fiveup', 'bingo', 'cavaleiro'):\n"
        "    game = ludoteca.new_game(g, seed=1)\n"
        "    game.observation_tensor(0); game.information_state_tensor(0)\n"
        "    game.tensor_from_view(game.view(0))\n"
        "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_doc_example() -> None:
    game = ludoteca.new_game("texas42", seed=7)
    seat = game.to_move
    assert isinstance(seat, int)
    vector = np.frombuffer(game.observation_tensor(seat), np.float32)
    assert vector.shape == (game.observation_tensor_size,)
    assert vector[4] == 1.0  # the seat to move sees that it must decide
