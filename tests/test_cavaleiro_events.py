"""Cavaleiro speaks in codes: refusals with their numbers, the allowed removal as a code,
and events that add up to the results, over thousands of random games."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca import IllegalMove
from ludoteca.games.cavaleiro import rank_roll
from ludoteca.games.cavaleiro.game import refusal_text
from ludoteca.games.cavaleiro.rolls import REMOVAL_CODES, REMOVAL_TEXT, removal_text

REFUSAL_CODES = {
    "no_such_action",
    "pass_not_allowed",
    "no_horizontal_left",
    "all_horizontals_not_one",
    "removal_needs",
    "block_empty",
    "block_not_intact",
    "no_column_with_four_of_a_kind",
    "column_empty",
    "column_holds_only",
    "whole_column",
    "too_many_from_column",
}


def manual(players: int = 2, **options: Any) -> ludoteca.Game:
    return ludoteca.new_game("cavaleiro", chance="manual", players=players, **options)


def started(players: int = 2, **options: Any) -> ludoteca.Game:
    """Past the roll-off, seats in order."""
    game = manual(players, **options)
    for seat in range(players):
        game.play(f"roll 6 6 6 {6 - seat}")
    return game


def win_round(game: ludoteca.Game, seat: int, dice: str) -> None:
    for s in game.view()["order"]:
        game.play(f"roll {dice}" if s == seat else "roll 1 2 3 4")


def refusal(game: ludoteca.Game, move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    return err.value


# ---------------------------------------------------------------- refusals


def test_refusals_name_the_rule_and_its_numbers() -> None:
    game = started()
    win_round(game, 0, "6 6 1 2")
    game.play("remove 1 from column 5")  # block 2 is no longer intact
    win_round(game, 0, "5 5 5 5")
    e = refusal(game, "remove block 2")
    assert e.code == "block_not_intact" and e.params["block"] == 2
    assert e.params["dice"] == [5, 5, 5, 5] and e.params["category"] == 4
    assert e.params["allows"] == {"code": "block_or_horizontals"}
    assert e.params["allowed"] == game.legal_moves()
    assert refusal(game, "remove horizontal").code == "all_horizontals_not_one"
    assert refusal(game, "remove 1 from column 1").code == "no_column_with_four_of_a_kind"
    game.play("remove block 1")
    win_round(game, 0, "2 2 2 5")
    e = refusal(game, "remove 1 from column 5")
    assert (e.code, e.params["column"], e.params["held"]) == ("whole_column", 5, 2)
    e = refusal(game, "remove block 3")
    assert (e.code, e.params["removal"], e.params["needs"]) == ("removal_needs", "block", 4)
    e = refusal(game, "remove 1 from column 1")
    assert (e.code, e.params["column"]) == ("column_empty", 1)
    game.play("remove 2 from column 5")
    win_round(game, 0, "6 6 5 5")
    e = refusal(game, "remove horizontals")
    assert (e.code, e.params["removal"], e.params["needs"]) == ("removal_needs", "horizontals", 4)
    assert refusal(game, "pass").code == "pass_not_allowed"
    game.play("remove 2 from column 4")
    win_round(game, 0, "6 6 5 5")
    e = refusal(game, "remove 3 from column 4")
    assert (e.code, e.params["column"], e.params["held"]) == ("column_holds_only", 4, 1)
    game.play("remove 3 from column 7")
    win_round(game, 0, "4 4 1 2")
    e = refusal(game, "remove 2 from column 8")
    assert e.code == "too_many_from_column"
    assert (e.params["column"], e.params["count"], e.params["max"]) == (8, 2, 1)
    game.play("remove 1 from column 8")
    win_round(game, 0, "3 3 3 3")  # no block is intact: any block with sticks left
    assert game.view()["figures"][0]["intact_blocks"] == []
    e = refusal(game, "remove block 1")
    assert (e.code, e.params["block"]) == ("block_empty", 1)
    with pytest.raises(IllegalMove) as err:
        game.apply_action(99)
    assert err.value.code == "no_such_action" and err.value.params == {"action": 99, "actions": 33}


def test_chance_refusals_name_the_roll_due() -> None:
    game = manual(3)
    e = refusal(game, "remove block 1")
    assert (e.code, e.params) == ("not_a_roll", {"seat": 0, "round": 0})
    for seat in range(3):
        game.play(f"roll 6 6 6 {6 - seat}")
    game.play("roll 1 2 3 4")
    e = refusal(game, "roll 1 2 3 7")
    assert (e.code, e.params) == ("bad_dice", {"seat": 1, "round": 1})
    assert e.seat == "chance" and "roll of seat 1 (Player 2) in round 1 is due" in str(e)


def test_every_refusal_of_random_games_says_its_code_in_words() -> None:
    seen: Counter[str] = Counter()
    for seed in range(60):
        layout = ["3x3x3+3", "2x2x2+1", "12/3+0", "1x2x5+2"][seed % 4]
        game = ludoteca.new_game("cavaleiro", seed=seed, players=2 + seed % 4, layout=layout)
        rng = random.Random(seed)
        while not game.is_over:
            for action in range(game.num_actions + 1):
                if action in game.legal_actions():
                    continue
                with pytest.raises(IllegalMove) as err:
                    game.apply_action(action)
                e = err.value
                assert e.code in REFUSAL_CODES
                assert e.reason == refusal_text(e.code, e.params)
                json.dumps(e.to_json())
                seen[e.code] += 1
            game.play(rng.choice(game.legal_moves()))
    assert len(seen) >= 9 and set(seen) <= REFUSAL_CODES


def test_the_view_says_the_allowed_removal_as_a_code() -> None:
    game = started()
    for dice, code in [
        ("6 5 2 1", {"code": "column_up_to", "max": 1}),
        ("5 5 1 2", {"code": "column_up_to", "max": 2}),
        ("4 4 2 2", {"code": "column_up_to", "max": 2}),
        ("6 6 2 2", {"code": "column_up_to", "max": 3}),
        ("3 3 3 1", {"code": "column_or_horizontal"}),
        ("2 2 2 2", {"code": "block_or_horizontals"}),
    ]:
        win_round(game, 0, dice)
        view = game.view()
        assert view["allowed_removal_code"] == code
        assert "allowed_removal" not in view  # codes and numbers only, never English words
        assert all(set(r) == {"seat", "dice", "category", "key"} for r in view["rolls"])
        game.play(game.legal_moves()[-1])
        assert game.view()["allowed_removal_code"] is None
    assert [removal_text(c) for c in REMOVAL_CODES] == list(REMOVAL_TEXT)


# ------------------------------------------------------------------ events


def check_events(game: ludoteca.Game, views: bool = True) -> None:
    """The events of a finished game against its moves, views and result."""
    result = game.result()
    total = result["scores"][result["winner"]]  # the winner removed the whole figure
    by_code: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for n, events in enumerate(game.events):
        for e in events:
            by_code.setdefault(e.code, []).append((n, dict(e.params)))
    moves = game.moves
    rolls = [n for n, m in enumerate(moves) if m.startswith("roll ")]
    # one event for every roll, with the dice rolled
    rolled = sorted(by_code.get("order_roll", []) + by_code["roll"], key=lambda x: x[0])
    assert [n for n, _ in rolled] == rolls
    for n, e in rolled:
        assert list(e["dice"]) == [int(x) for x in moves[n].split()[1:]]
        if "key" in e:
            ranked = rank_roll(e["dice"])
            assert (list(e["key"]), e["category"]) == (list(ranked.key), ranked.rank)
    # the roll-off: every stage and the order it decided
    [(_, decided)] = by_code["order_decided"]
    stages = Counter(e["stage"] for _, e in by_code["order_roll"])
    assert [len(stage) for stage in decided["stages"]] == [
        stages[i + 1] for i in range(len(stages))
    ]
    first_round = [e["seat"] for _, e in by_code["roll"] if e["round"] == 1]
    assert first_round == decided["order"]
    assert len(by_code.get("order_tie", [])) >= len(stages) - 1
    # every round won, then its winner's removal
    won = by_code["round_won"]
    removed = by_code["sticks_removed"]
    assert len(won) == len(removed) == result["rounds"]
    assert Counter(e["winner"] for _, e in won) == Counter(
        {s: k for s, k in enumerate(result["rounds_won"]) if k}
    )
    history = game.history
    rolls_of: dict[int, list[dict[str, Any]]] = {}
    for _, e in by_code["roll"]:
        rolls_of.setdefault(e["round"], []).append(e)
    for (n, w), (m, r) in zip(won, removed, strict=True):
        assert m > n and history[m][0] == w["winner"] == r["seat"]
        assert w["round"] == r["round"]
        ranking = w["ranking"]
        assert ranking[0] == w["winner"] and len(w["tie_breaks"]) == len(ranking) - 1
        round_rolls = rolls_of[w["round"]]
        rolled = [e["seat"] for e in round_rolls]
        assert sorted(ranking) == sorted(rolled)
        key = {e["seat"]: list(e["key"]) for e in round_rolls}
        winner_roll = rank_roll(round_rolls[rolled.index(w["winner"])]["dice"])
        assert w["allows"] == REMOVAL_CODES[REMOVAL_TEXT.index(winner_roll.removal)]
        for (ahead, behind), why in zip(itertools.pairwise(ranking), w["tie_breaks"], strict=True):
            assert key[ahead] >= key[behind]
            tie = key[ahead] == key[behind]
            assert (why["code"] == "rolled_first") == tie
            if tie:
                assert rolled.index(ahead) < rolled.index(behind)
            elif why["code"] == "category":
                assert key[ahead][0] > key[behind][0]
            else:
                assert key[ahead][0] == key[behind][0]
                if why["code"] == "die":
                    d = why["die"]
                    assert key[ahead][1:d] == key[behind][1:d] and key[ahead][d] > key[behind][d]
    # the sticks removed add up to the result
    taken = Counter()
    for _, r in removed:
        taken[r["seat"]] += r["count"]
    assert [taken[s] for s in range(game.num_seats)] == result["scores"]
    for _, r in removed:
        assert r["what"] in ("nothing", "horizontals", "horizontal", "block", "column")
        assert (r["block"] is not None, r["column"] is not None) == (
            r["what"] == "block",
            r["what"] == "column",
        )
        assert r["count"] > 0 or r["what"] == "nothing"
    # the game over, with the last move
    [(n, over)] = by_code["game_over"]
    assert n == len(moves) - 1
    assert over["winner"] == result["winner"] and over["removed"] == result["scores"]
    assert over["rounds"] == result["rounds"] and over["rounds_won"] == result["rounds_won"]
    assert over["removed"][over["winner"]] == total
    # nothing is secret: every seat sees the same events, as JSON
    if views:
        seen = [game.view(s)["events"] for s in (None, 0, game.num_seats - 1)]
        assert seen[0] == seen[1] == seen[2]
        assert len(seen[0]) == sum(len(e) for e in game.events)
        assert json.loads(json.dumps(seen[0])) == [
            {"n": n, "code": e.code, **json.loads(json.dumps(dict(e.params)))}
            for n, events in enumerate(game.events)
            for e in events
        ]


def test_events_of_a_thousand_random_games_add_up_to_their_results() -> None:
    rng = random.Random(7)
    for i in range(1000):
        game = ludoteca.new_game("cavaleiro", seed=i, players=2 + i % 7)
        legal, apply = game.legal_actions, game.fast.apply
        while not game.is_over:
            apply(rng.choice(legal()))
        check_events(game, views=i % 20 == 0)


layouts = st.one_of(
    st.sampled_from(["3x3x3+3", "2x2x2+1", "12/3+0", "1x2x5+2", "1x1x1+0"]),
    st.builds(
        lambda blocks, horizontals: {"blocks": blocks, "horizontals": horizontals},
        st.lists(st.lists(st.integers(1, 4), min_size=1, max_size=3), min_size=1, max_size=3),
        st.integers(0, 3),
    ),
)


@settings(max_examples=50)
@given(st.integers(0, 2**32), st.integers(2, 8), layouts)
def test_events_add_up_on_any_figure_and_survive_undo(seed: int, players: int, layout: Any) -> None:
    game = ludoteca.new_game("cavaleiro", seed=seed, players=players, layout=layout)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
        if rng.random() < 0.1:
            move = game.pop()
            game.play(move)
    check_events(game)
