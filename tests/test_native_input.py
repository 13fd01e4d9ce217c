"""Every entry point of the compiled encoders and observer refuses bad input with a
``ValueError`` saying what was wrong (a wrong size, a number out of range), as the
Python code they stand in for does."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
import pytest
from web_helpers import unavailable

import ludoteca
from ludoteca import tensor
from ludoteca.tensor import _action_mask

OPTIONS: dict[str, dict[str, Any]] = {
    "texas42": {},
    "bingo": {},
    "fiveup": {"players": 3},
    "cavaleiro": {"players": 3},
}


def _native() -> Any:
    if tensor.native is None:
        unavailable("the compiled encoders (ludoteca.games._tensor) are not built")
    return tensor.native


def test_action_masks_refuse_actions_outside_them() -> None:
    masks = [_action_mask]
    if tensor.native is not None:
        masks.append(tensor.native.action_mask)
    for make in masks:
        assert list(make([3, 0], 4)) == [1, 0, 0, 1]
        for actions, size in (([4], 4), ([-1], 4), ([0], 0)):
            with pytest.raises(ValueError, match=f"outside a mask of {size} actions"):
                make(actions, size)
        with pytest.raises(ValueError):
            make([0], -1)


class _Recorder:
    """Stands for the compiled module: keeps the arguments an encoder is made with."""

    def __init__(self, module: Any) -> None:
        self.module = module
        self.calls: dict[str, tuple[Any, ...]] = {}

    def __getattr__(self, name: str) -> Any:
        def make(*args: Any) -> Any:
            self.calls[name] = args
            return getattr(self.module, name)(*args)

        return make


@pytest.mark.parametrize("name", list(OPTIONS))
def test_encoders_refuse_tables_of_the_wrong_size(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    native = _native()
    kind = ludoteca.game_type(name, **OPTIONS[name])
    assert kind.game_class.tensor_encoder is not None
    module, _, cls = kind.game_class.tensor_encoder.partition(":")
    encoder = getattr(importlib.import_module(module), cls)(kind)
    recorder = _Recorder(native)
    monkeypatch.setattr(tensor, "native", recorder)
    assert encoder.native_encoder() is not None
    ((maker, args),) = recorder.calls.items()
    tables = [i for i, x in enumerate(args) if isinstance(x, tuple | list) and len(x) > 1]
    assert tables
    for i in tables:
        for wrong in (tuple(args[i])[:-1], (*args[i], args[i][-1])):
            with pytest.raises(ValueError):
                getattr(native, maker)(*args[:i], wrong, *args[i + 1 :])
        with pytest.raises(ValueError):
            getattr(native, maker)(*args[:i], "not numbers", *args[i + 1 :])


def test_the_observer_refuses_sizes_that_are_not_positive() -> None:
    try:
        from ludoteca.rl import _observe
    except ImportError:
        unavailable("the compiled observer (ludoteca.rl._observe) is not built")
    f32, i8 = np.dtype(np.float32), np.dtype(np.int8)
    for size, actions in ((0, 5), (5, 0), (-1, 5)):
        with pytest.raises(ValueError, match="positive"):
            _observe.Observer(lambda game, seat: b"", size, actions, np.empty, f32, i8)


def test_the_observer_refuses_actions_outside_the_mask() -> None:
    try:
        from ludoteca.rl import _observe
    except ImportError:
        unavailable("the compiled observer (ludoteca.rl._observe) is not built")
    game = ludoteca.new_game("bingo", seed=1)
    kind = game.type
    assert kind.observation_tensor_size is not None
    observe = _observe.Observer(
        kind.tensor_writer(),
        kind.observation_tensor_size,
        kind.num_actions,
        np.empty,
        np.dtype(np.float32),
        np.dtype(np.int8),
    )
    seat = game.to_move
    legal = game.legal_actions()
    out = observe(game, seat, legal)
    assert list(np.flatnonzero(out["action_mask"])) == sorted(legal)
    with pytest.raises(ValueError, match=f"outside a mask of {kind.num_actions} actions"):
        observe(game, seat, [kind.num_actions])
