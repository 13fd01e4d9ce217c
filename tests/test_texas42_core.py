"""The Texas 42 core: exact undo, independent clones, events that add up to the results,
refusals as codes, moves as values."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca import IllegalMove, Move, Tile
from ludoteca.games.texas42 import Texas42
from ludoteca.games.texas42.core import (
    A_CONTRACT,
    A_PASS,
    A_PLAY,
    ACTION_TEXT,
    NUM_ACTIONS,
    Rules,
    State,
    random_deal,
)
from ludoteca.games.texas42.notation import MOVES

OPTIONS = st.fixed_dictionaries(
    {
        "scoring": st.sampled_from(["marks", "points"]),
        "all_pass": st.sampled_from(["redeal", "forced"]),
        "play_out": st.booleans(),
        "nello": st.booleans(),
        "plunge": st.booleans(),
        "splash": st.booleans(),
        "sevens": st.booleans(),
    }
)

AMANDA = "4-4 6-4 4-3 6-6 6-0 5-3 3-1"
BETH = "4-2 5-4 1-0 6-3 6-5 5-5 2-2"
ANDRE = "4-1 5-0 6-1 6-2 0-0 5-1 1-1"
BRUNO = "4-0 2-1 2-0 3-3 3-2 5-2 3-0"


def new(seed: int, **options: Any) -> Texas42:
    game = ludoteca.new_game("texas42", seed=seed, **options)
    assert isinstance(game, Texas42)
    return game


def dealt(**options: Any) -> Texas42:
    game = ludoteca.new_game("texas42", chance="manual", **options)
    assert isinstance(game, Texas42)
    game.play("draw 1-0 2-0 3-0 6-6")  # seat 3 deals, seat 0 bids first
    game.play("deal " + " | ".join([AMANDA, BETH, ANDRE, BRUNO]))
    return game


# ------------------------------------------------------------------- undo


@settings(max_examples=150)
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_undo_restores_every_state_chance_included(seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game = new(seed, chance="manual", **options)
    keys = [game.core.key()]
    moves = []
    while not game.is_over and len(moves) < 400:
        move = (
            game.sample_chance(rng) if game.to_move == "chance" else rng.choice(game.legal_moves())
        )
        game.play(move)
        moves.append(move)
        keys.append(game.core.key())
        if rng.random() < 0.2:  # undo and redo on the way
            assert game.pop() == move
            assert game.core.key() == keys[-2]
            game.play(move)
            assert game.core.key() == keys[-1]
    while moves:
        assert game.pop() == moves.pop()
        keys.pop()
        assert game.core.key() == keys[-1]


@settings(max_examples=100)
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_pop_in_auto_mode_gives_back_the_game_as_it_was(seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game = new(seed, **options)
    snapshots = []
    while not game.is_over and len(snapshots) < 120:
        snapshots.append((game.moves, game.view(0), game.result(), game.events))
        game.apply_action(rng.choice(game.legal_actions()))
    while snapshots:
        game.pop()
        assert (game.moves, game.view(0), game.result(), game.events) == snapshots.pop()


def test_the_core_undoes_a_deal_and_a_draw() -> None:
    state = State(Rules())
    start = state.key()
    state.draw([5, 5 + 1, 2, 3])  # no tie: the heaviest deals
    drawn = state.key()
    state.deal(random_deal(random.Random(1)))
    for action in (A_PASS, A_PASS, A_PASS, A_PASS):  # four passes: a redeal is due
        state.apply(action)
    passed = state.key()
    state.deal(random_deal(random.Random(2)))
    state.undo_deal()
    assert state.key() == passed
    for action in (A_PASS, A_PASS, A_PASS, A_PASS):
        state.undo(action)
    state.undo_deal()
    assert state.key() == drawn
    state.undo_draw()
    assert state.key() == start


# ------------------------------------------------------------------ clone


@settings(max_examples=100)
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_clones_are_independent(seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game = new(seed, **options)
    for _ in range(rng.randrange(80)):
        if game.is_over:
            break
        game.apply_action(rng.choice(game.legal_actions()))
    twin = game.core.clone()
    frozen = twin.key()
    for _ in range(30):
        if game.is_over:
            break
        game.fast.apply(rng.choice(game.legal_actions()))
        assert twin.key() == frozen  # the clone does not move with its original
    copy = game.copy()
    assert isinstance(copy, Texas42)
    copy.core.hands[0] ^= 1  # nor does the original with a copy
    assert copy.core.hands[0] != game.core.hands[0]
    assert twin.sink is None and copy.core.sink is not game.core.sink


def test_a_copy_costs_no_generator_and_no_event_log() -> None:
    game = new(4)
    copy = game.copy()
    assert isinstance(copy, Texas42)
    assert copy.core.sink is not None and copy.core.sink is not game.core.sink
    copy.play(copy.legal_moves()[0])
    assert len(copy.moves) == len(game.moves) + 1


# ----------------------------------------------------------------- events


def check_events(game: Texas42) -> None:
    """The events of a finished game against its result."""
    result = game.result()
    hands = iter(result["hands"])
    tricks: list[dict[str, Any]] = []
    contract: dict[str, Any] | None = None
    over = []
    for n, events in enumerate(game.events):
        for e in events:
            assert e.owner is None and not e.secret  # Texas 42 has no secret events
            params = json.loads(json.dumps(e.to_json()))
            assert params == e.to_json()  # JSON-serialisable as it is
            if e.code == "contract":
                contract = dict(e.params)
                assert game.moves[n] == e["contract"]
            elif e.code == "trick":
                tricks.append(dict(e.params))
                assert game.moves[n] == "play " + e["tiles"][-1]
                assert e["trick"] == len(tricks)
            elif e.code == "hand_over":
                hand = next(hands)
                for key, value in e.params.items():
                    assert hand[key] == value, (key, hand, e)
                if not hand["all_passed"]:
                    assert contract is not None
                    assert contract["contract"] == hand["contract"]
                    assert contract["bidder"] == hand["bidder"]
                    assert contract["seat"] == hand["declarer"]
                    # the points of the trick events add up to the hand's points
                    points = [0, 0]
                    for trick in tricks:
                        points[trick["winner"] % 2] += trick["points"]
                    assert points == hand["points"]
                    assert len(tricks) == hand["tricks_played"]
                    assert [
                        {"leader": t["leader"], "winner": t["winner"], "points": t["points"]}
                        for t in tricks
                    ] == [
                        {"leader": t["leader"], "winner": t["winner"], "points": t["points"]}
                        for t in hand["tricks"]
                    ]
                    assert [t["tiles"] for t in tricks] == [
                        [p["tile"] for p in t["plays"]] for t in hand["tricks"]
                    ]
                    assert [t["seats"] for t in tricks] == [
                        [p["seat"] for p in t["plays"]] for t in hand["tricks"]
                    ]
                else:
                    assert not tricks and e["reason"] == "all_passed"
                tricks, contract = [], None
            else:
                assert e.code == "game_over"
                over.append(e)
    assert next(hands, None) is None
    assert len(over) == 1 and over[0]["winner"] == result["winner"]
    assert over[0]["scores"] == result["scores"]
    for seat in (None, 0, 1, 2, 3):
        seen = game.view(seat)["events"]
        assert [{k: v for k, v in e.items() if k != "n"} for e in seen] == [
            e.to_json() for events in game.events for e in events
        ]


@settings(max_examples=1000, deadline=None)
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_events_of_thousands_of_games_add_up_to_the_results(
    seed: int, options: dict[str, Any]
) -> None:
    game = new(seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.fast.apply(legal[int(rng.random() * len(legal))])
    check_events(game)


def test_the_seed_hand_in_events() -> None:
    game = dealt(play_out=True)
    for move in ["bid 30", "pass", "pass", "pass", "trump 4"]:
        game.play(move)
    columns = [
        "4-4 4-2 4-1 4-0",
        "6-4 5-4 5-0 2-1",
        "4-3 1-0 6-1 2-0",
        "6-6 6-3 6-2 3-3",
        "6-0 6-5 0-0 3-2",
        "5-3 5-5 5-1 5-2",
        "3-1 2-2 1-1 3-0",
    ]
    for trick in columns:
        tiles = trick.split()
        leader = game.to_move
        assert isinstance(leader, int)
        for i in range(4):
            game.play("play " + tiles[(leader + i) % 4])
    events = [e for evs in game.events for e in evs]
    assert [e.code for e in events] == ["contract"] + ["trick"] * 7 + ["hand_over"]
    assert events[0].params == {
        "seat": 0,
        "bidder": 0,
        "bid": "bid 30",
        "contract": "trump 4",
        "trump": "4",
        "sitting_out": None,
    }
    assert [e["points"] for e in events[1:8]] == [6, 16, 1, 1, 6, 11, 1]
    assert events[1].params == {
        "trick": 1,
        "leader": 0,
        "seats": [0, 1, 2, 3],
        "tiles": ["4-4", "4-2", "4-1", "4-0"],
        "winner": 0,
        "points": 6,
    }
    assert events[-1].params == {
        "hand": 1,
        "dealer": 3,
        "all_passed": False,
        "bidder": 0,
        "bid": "bid 30",
        "contract": "trump 4",
        "made": False,
        "reason": "bid_out_of_reach",
        "points": [24, 18],
        "gained": [0, 1],
        "scores_after": [0, 1],
        "tricks_played": 7,
    }


# --------------------------------------------------------------- refusals


def refusal(game: Texas42, move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    return caught.value


def test_every_refusal_has_a_code_its_numbers_and_the_same_words() -> None:
    game = dealt(plunge=True, splash=True)
    e = refusal(game, "play 4-4")
    assert e.code == "bidding_now" and e.params["allowed"][:2] == ["pass", "bid 30"]
    assert e.reason == "it is the bidding; allowed now: pass, bid 30, bid 31, …, bid 42, bid 84"
    e = refusal(game, "bid 4 marks plunge")
    assert (e.code, e.params) == ("too_few_doubles", {"bid": "plunge", "need": 4, "doubles": 2})
    assert e.reason == "a plunge needs four doubles in hand, and this hand has 2"
    game.play("bid 35")
    e = refusal(game, "bid 34")
    assert (e.code, e.params) == ("bid_too_low", {"high_bid": "bid 35", "bidder": 0})
    assert e.reason == "a bid must exceed the high bid, bid 35 by seat 0 (Player 1)"
    e = refusal(game, "bid 3 marks")
    assert (e.code, e.params) == ("marks_ladder", {"marks": 3, "after": 2})
    for _ in range(3):
        game.play("pass")
    e = refusal(game, "nello")
    assert (e.code, e.params) == ("option_off", {"option": "nello"})
    assert e.reason == "nello is not played at this table (option nello is off)"
    e = refusal(game, "play 4-4")
    assert e.code == "name_trump_first"
    game.play("trump 4")
    e = refusal(game, "bid 42")
    assert e.code == "tricks_now"
    e = refusal(game, "play 5-5")
    assert (e.code, e.params) == ("not_in_hand", {"tile": "5-5"})
    game.play("play 5-3")  # Amanda leads a five
    e = refusal(game, "play 4-2")
    follow = {"suit": 5, "trump_led": False, "allowed": ["5-5", "6-5"]}
    assert (e.code, e.params) == ("must_follow", follow)
    assert e.reason == "the lead was 5s and this hand must follow suit with 5-5 6-5"
    assert e.to_json()["allowed"] == ["5-5", "6-5"]


def test_a_refusal_to_follow_says_whether_trump_was_led() -> None:
    said = {True: 0, False: 0}
    for seed in range(40):
        game = ludoteca.new_game("texas42", seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.moves) < 120:
            view = game.view(game.to_move)
            refused = sorted(set(view["hand"]) - {m[5:] for m in view["legal_moves"]})
            if view["phase"] == "play" and view["trick"] and refused:
                e = refusal(game, f"play {refused[0]}")
                if e.code == "must_follow":
                    led = view["led_suit"]
                    assert e.params["trump_led"] == (led == view["trump"]), (led, view["trump"])
                    said[e.params["trump_led"]] += 1
            game.play(rng.choice(view["legal_moves"]))
    assert said[True] and said[False]


def test_refusals_of_options_forced_bids_and_special_contracts() -> None:
    game = dealt(all_pass="forced")
    e = refusal(game, "bid 4 marks plunge")
    assert (e.code, e.params) == ("option_off", {"option": "plunge"})
    assert e.reason == "the plunge is not played at this table (option plunge is off)"
    for _ in range(3):
        game.play("pass")
    e = refusal(game, "pass")
    assert (e.code, e.params) == ("dealer_must_bid", {})
    game = dealt(nello=True, sevens=True)
    for move in ("bid 30", "pass", "pass", "pass"):
        game.play(move)
    e = refusal(game, "sevens")
    assert (e.code, e.params) == ("needs_mark_bid", {"contract": "sevens"})
    assert e.reason == "sevens needs a bid of at least 1 mark, made as a plain bid"
    game = dealt(sevens=True)
    for move in ("bid 42", "pass", "pass", "pass", "sevens"):
        game.play(move)
    e = refusal(game, "play 6-6")
    assert e.code == "sevens_nearest" and e.params == {"allowed": ["4-3"]}
    assert e.reason == "in sevens a player must play a tile nearest to 7 pips: 4-3"


def test_the_special_bid_level_and_an_action_out_of_range() -> None:
    hands = [
        "6-6 5-5 4-4 3-3 6-5 6-4 6-3",
        "2-2 1-1 6-2 6-1 6-0 5-4 5-3",
        "0-0 5-2 5-1 5-0 4-3 4-2 4-1",
        "4-0 3-2 3-1 3-0 2-1 2-0 1-0",
    ]
    game = ludoteca.new_game("texas42", chance="manual", plunge=True)
    assert isinstance(game, Texas42)
    game.play("draw 1-0 2-0 3-0 6-6")
    game.play("deal " + " | ".join(hands))
    e = refusal(game, "bid 5 marks plunge")
    assert (e.code, e.params["bid"]) == ("special_bid_level", "plunge")
    assert e.reason.startswith("the plunge bid now is: ")
    with pytest.raises(IllegalMove) as caught:
        game.apply_action(NUM_ACTIONS)
    assert caught.value.code == "no_such_action" and caught.value.params == {"action": NUM_ACTIONS}


@pytest.mark.parametrize(
    ("setup", "event", "code", "reason"),
    [
        ([], "deal " + AMANDA, "draw_due", "the draw for first dealer is due"),
        ([], "draw 6-6 6-6 1-0 2-0", "draw_count", "4 different tiles must be drawn"),
        ([], "draw 6-6 7-1 1-0 2-0", "not_a_tile", "'7-1' is not a tile"),
        (["draw 6-6 0-0 1-0 2-0"], "draw 6-6 0-0 1-0 2-0", "deal_due", "a deal is due"),
        (["draw 6-6 0-0 1-0 2-0"], "deal " + AMANDA, "deal_four_hands", "four hands"),
        (
            ["draw 6-6 0-0 1-0 2-0"],
            "deal " + " | ".join([AMANDA, BETH, ANDRE, "4-0"]),
            "deal_seven_each",
            "seven tiles",
        ),
        (
            ["draw 6-6 0-0 1-0 2-0"],
            "deal " + " | ".join([AMANDA, AMANDA, ANDRE, BRUNO]),
            "deal_every_tile_once",
            "28 tiles",
        ),
    ],
)
def test_chance_refusals_carry_codes(setup: list[str], event: str, code: str, reason: str) -> None:
    game = ludoteca.new_game("texas42", chance="manual")
    for move in setup:
        game.play(move)
    before = game.moves
    e = refusal(game, event)  # type: ignore[arg-type]
    assert e.code == code and e.seat == "chance" and reason in e.reason
    assert game.moves == before


def test_every_refusal_of_random_games_is_explained() -> None:
    rng = random.Random(1)
    codes = set()
    for seed in range(30):
        game = new(seed, nello=True, sevens=True, plunge=True, splash=True, all_pass="forced")
        while not game.is_over:
            legal = set(game.legal_actions())
            for action in rng.sample(range(NUM_ACTIONS), 8):
                if action in legal:
                    continue
                with pytest.raises(IllegalMove) as caught:
                    game.apply_action(action)
                codes.add(caught.value.code)
                assert caught.value.reason and caught.value.code != "illegal"
                json.dumps(caught.value.to_json())
            game.apply_action(rng.choice(sorted(legal)))
    assert {"bidding_now", "name_trump_first", "tricks_now", "not_in_hand"} <= codes
    assert {"bid_too_low", "must_follow"} <= codes


# ------------------------------------------------------------ move values


def test_moves_are_values_of_the_documented_kinds() -> None:
    game = dealt(plunge=True, nello=True)
    assert game.parse("pass") == Move("pass", text="pass")
    assert game.parse("bid 2 marks") == Move("bid", numbers=(84,), text="bid 84")
    assert game.parse("bid 30") == Move("bid", numbers=(30,), text="bid 30")
    for move in ("bid 30", "pass", "pass", "pass"):
        game.play(move)
    assert game.parse("trump 4") == Move("trump", numbers=(4,), text="trump 4")
    assert game.parse("trump doubles").detail == "doubles"
    assert game.parse("trump follow me") == Move(
        "trump", detail="follow-me", text="trump follow-me"
    )
    game.play(game.parse("trump 4"))
    assert game.parse("play 4-6") == Move("play", tiles=(Tile(6, 4),), text="play 6-4")
    for action in range(NUM_ACTIONS):
        text = ACTION_TEXT[action]
        move = MOVES[action]
        assert str(move) == text and eval(repr(move), {"Move": Move, "Tile": Tile}) == move
        if action >= A_PLAY:
            assert move.kind == "play" and move.tiles[0].index == action - A_PLAY
        elif action >= A_CONTRACT:
            assert move.kind in ("trump", "nello", "sevens")
        elif action:
            assert move.kind == "bid" and move.numbers[0] >= 30
            assert move.detail in ("", "plunge", "splash")
