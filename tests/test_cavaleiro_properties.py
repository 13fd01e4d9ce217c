"""Cavaleiro properties over random games: sticks only decrease, one winner per round,
legal moves match the rules, replays reproduce."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.cavaleiro import Cavaleiro

layouts = st.one_of(
    st.sampled_from(["3x3x3+3", "2x2x2+1", "12/3+0", "1x2x5+2", "1x1x1+0"]),
    st.builds(
        lambda blocks, horizontals: {"blocks": blocks, "horizontals": horizontals},
        st.lists(st.lists(st.integers(1, 4), min_size=1, max_size=3), min_size=1, max_size=3),
        st.integers(0, 3),
    ),
)


def new(seed: int, players: int, layout: Any) -> Cavaleiro:
    game = ludoteca.new_game("cavaleiro", seed=seed, players=players, layout=layout)
    assert isinstance(game, Cavaleiro)
    return game


def reference_key(dice: list[int]) -> tuple[int, ...]:
    counts = Counter(dice)
    shape = sorted(counts.values(), reverse=True)
    by = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    if shape == [4]:
        return (4, by[0])
    if shape == [3, 1]:
        return (3, by[0])
    if shape == [2, 2]:
        return (2, by[0], by[1])
    if shape == [2, 1, 1]:
        return (1, by[0])
    return (0, *sorted(dice, reverse=True))


def reference_moves(view: dict[str, Any], seat: int, dice: list[int]) -> set[str]:
    """What the rules let ``seat`` remove with ``dice``, from the view alone."""
    fig = view["figures"][seat]
    cols: list[int] = fig["columns"]
    blocks: list[int] = fig["blocks"]
    sizes = [sum(b) for b in view["layout"]["blocks"]]
    key = reference_key(dice)
    out: set[str] = set()
    if key[0] == 4:
        if fig["horizontals"]:
            out.add("remove horizontals")
        intact = [b for b in range(len(blocks)) if blocks[b] == sizes[b]]
        if not intact:
            intact = [b for b in range(len(blocks)) if blocks[b]]
        out |= {f"remove block {b + 1}" for b in intact}
    elif key[0] == 3:
        if fig["horizontals"]:
            out.add("remove horizontal")
        out |= {f"remove {k} from column {c + 1}" for c, k in enumerate(cols) if k}
    else:
        if key[0] == 2:
            most = 3 if key[1] >= 5 else 2
        elif key[0] == 1:
            most = 2 if key[1] >= 5 else 1
        else:
            most = 1
        for c, held in enumerate(cols):
            out |= {f"remove {k} from column {c + 1}" for k in range(1, min(most, held) + 1)}
    return out or {"pass"}


def play_checked(game: Cavaleiro, rng: random.Random) -> int:
    """Play a random game to its end, checking every step; return the rounds seen."""
    before = game.view()
    rounds_decided = 0
    while not game.is_over:
        seat = game.to_move
        assert isinstance(seat, int)
        view = game.view()
        rolls = view["rolls"]
        # every seat rolled once this round, in the round's order
        assert [r["seat"] for r in rolls] == view["order"]
        keys = [reference_key(r["dice"]) for r in rolls]
        best = max(keys)
        # exactly one round winner: the first roller of the best roll
        assert seat == rolls[keys.index(best)]["seat"] == view["round_winner"]
        expected = [
            rolls[i]["seat"]
            for i in sorted(range(len(rolls)), key=lambda i: (tuple(-x for x in keys[i]), i))
        ]
        assert view["ranking"] == expected
        winner_dice = rolls[keys.index(best)]["dice"]
        assert set(game.legal_moves()) == reference_moves(view, seat, winner_dice)
        move = rng.choice(game.legal_moves())
        game.play(move)
        rounds_decided += 1
        after = game.view()
        # sticks only decrease, only in the winner's figure, and by what the move says
        for s, (old, new_) in enumerate(zip(before["figures"], after["figures"], strict=True)):
            assert all(o or not n for o, n in zip(old["present"], new_["present"], strict=True))
            assert new_["sticks_left"] == sum(new_["present"])
            if s != seat:
                assert new_["present"] == old["present"]
        fig_old, fig_new = view["figures"][seat], after["figures"][seat]
        taken = fig_old["sticks_left"] - fig_new["sticks_left"]
        if move == "pass":
            assert taken == 0
        elif move.startswith("remove block"):
            assert taken == fig_old["blocks"][int(move.split()[-1]) - 1] > 0
        elif move == "remove horizontals":
            assert taken == fig_old["horizontals"] > 0
        elif move == "remove horizontal":
            assert taken == 1
        else:
            assert taken == int(move.split()[1])
        assert after["round"] == view["round"] + (0 if game.is_over else 1)
        before = after
    return rounds_decided


@given(st.integers(0, 2**32), st.integers(2, 8), layouts)
def test_random_games_follow_the_rules(seed: int, players: int, layout: Any) -> None:
    game = new(seed, players, layout)
    rounds = play_checked(game, random.Random(seed))
    result = game.result()
    assert result["rounds"] == rounds == sum(result["rounds_won"])
    winner = result["winner"]
    assert result["sticks_left"][winner] == 0
    assert sorted(result["sticks_left"])[1] > 0  # only one figure is empty


@given(st.integers(0, 2**32), st.integers(2, 8), layouts, st.integers(0, 400))
def test_replay_reproduces_every_view(seed: int, players: int, layout: Any, stop: int) -> None:
    game = new(seed, players, layout)
    rng = random.Random(seed)
    while not game.is_over and len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    record = json.loads(json.dumps(game.record()))
    again = ludoteca.replay(record)
    assert again.moves == game.moves
    assert again.result() == game.result()
    for seat in [None, *range(players)]:
        mine = game.view(seat)
        theirs = again.view(seat)
        assert mine == theirs
    # replaying move by move passes through the same states
    step = ludoteca.new_game("cavaleiro", chance="manual", players=players, layout=layout)
    for i, move in enumerate(game.moves):
        step.play(move)
        if i % 25 == 0:
            prefix = ludoteca.replay({**record, "moves": game.moves[: i + 1]})
            assert prefix.view(None) == step.view(None)


@given(st.integers(0, 2**32), st.integers(2, 8))
def test_roll_off_orders_by_totals(seed: int, players: int) -> None:
    game = new(seed, players, "3x3x3+3")
    game2 = ludoteca.new_game("cavaleiro", chance="manual", players=players)
    # replay only the roll-off of an auto game and check the order against its rolls
    for move in game.moves:
        if game2.view()["phase"] != "order":
            break
        game2.play(move)
    view = game2.view()
    order = view["order"]
    assert sorted(order) == list(range(players))
    # follow the stages: every stage's totals order its seats, ties re-roll
    position = {s: i for i, s in enumerate(order)}
    for stage in view["order_rolloff"]:
        for a in stage:
            for b in stage:
                if a["total"] > b["total"]:
                    assert position[a["seat"]] < position[b["seat"]]
    # a tie on a stage's total sends exactly those seats to a later stage together
    stages = view["order_rolloff"]
    for i, stage in enumerate(stages):
        totals = Counter(r["total"] for r in stage)
        for total, count in totals.items():
            if count > 1:
                tied = [r["seat"] for r in stage if r["total"] == total]
                assert any([r["seat"] for r in later] == tied for later in stages[i + 1 :])
    assert sum(len(stage) for stage in stages) == len(game2.moves)


def test_thousands_of_fast_path_games_end_with_one_empty_figure() -> None:
    rng = random.Random(2024)
    for i in range(2000):
        players = 2 + i % 7
        game = new(i, players, "3x3x3+3")
        while not game.is_over:
            game.fast.apply(rng.choice(game.legal_actions()))
        left = game.sticks_left
        assert left.count(0) == 1 and left.index(0) == game.result()["winner"]
        assert all(0 <= x <= 30 for x in left)
