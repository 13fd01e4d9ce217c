"""Bingo events: what each move did, as codes with numbers, checked against the
results over thousands of random matches, against the views (no secret leaks), and
through undo, copies and replays."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from bingo_helpers import dealt, play

import ludoteca
from ludoteca.events import Event
from ludoteca.games.bingo import Bingo

SUMMARY_KEYS = (
    "hand",
    "winner",
    "end",
    "points",
    "tricks_won",
    "closed_by",
    "failed_close_penalty",
    "sets_won",
    "sets_reason",
    "bingo_capture",
    "sets_after",
)


def random_match(seed: int, b7: bool = False, closes: float = 0.05) -> Bingo:
    game = ludoteca.new_game("bingo", seed=seed, blanks_as_seven=b7)
    assert isinstance(game, Bingo)
    rng = random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves()
        if "close" in moves and rng.random() > closes:
            moves.remove("close")  # fewer closes than uniform play: hands reach 70 too
        game.play(rng.choice(moves))
    return game


def by_hand(game: Bingo) -> list[list[tuple[int, Event]]]:
    """The events of each hand (from its deal), with their move index."""
    hands: list[list[tuple[int, Event]]] = []
    for i, events in enumerate(game.events):
        for e in events:
            if e.code == "hand_dealt":
                hands.append([])
            if hands:
                hands[-1].append((i, e))
    return hands


def check_match(game: Bingo) -> Counter[str]:
    """Every hand's events against its entry in ``result()``; the codes seen."""
    result = game.result()
    codes: Counter[str] = Counter()
    hands = by_hand(game)
    assert len(hands) == len(result["hands"])
    for events, summary in zip(hands, result["hands"], strict=True):
        codes.update(e.code for _, e in events)
        points = [0, 0]
        tricks = 0
        drew = [0, 0]
        captures = []
        closes = []
        for _, e in events:
            if e.code == "trick_won":
                tricks += 1
                assert e["trick"] == tricks
                points[e["winner"]] += e["points"] + e["show_points"]
                trick = summary["tricks"][tricks - 1]
                assert e["tiles"] == [p["tile"] for p in trick["plays"]]
                assert (e["leader"], e["winner"], e["points"], e["show_points"]) == (
                    trick["leader"],
                    trick["winner"],
                    trick["points"],
                    trick["show_points"],
                )
            elif e.code == "drew":
                drew[e["seat"]] += 1
            elif e.code == "bingo_capture":
                captures.append(e["seat"])
            elif e.code == "stock_closed":
                closes.append(e["seat"])
                assert e["points"] == points[e["seat"]]
                assert e["before_trick"] == summary["closed_before_trick"]
            elif e.code == "doubles_shown":
                trick = summary["tricks"][tricks]
                assert e["tiles"] == trick["shown"] and e["led"] == trick["plays"][0]["tile"]
                assert trick["show_points"] in (0, e["points"])
                assert e["bingo_bonus"] == (10 if "0-0" in [e["led"], *e["tiles"]] else 0)
        ended = [e for _, e in events if e.code == "hand_ended"]
        last = [e.code for _, e in events[-2:]]
        assert len(ended) == 1 and (last[-1] == "hand_ended" or last == ["hand_ended", "game_over"])
        end = ended[0]
        # the trick events add up to the hand's points, the failed close's extra apart
        penalty = summary["failed_close_penalty"]
        final = list(points)
        final[summary["winner"]] += penalty
        assert final == summary["points"]
        for key in SUMMARY_KEYS:
            assert end[key] == summary[key], key
        assert tricks == summary["tricks_played"]
        assert captures == ([] if summary["bingo_capture"] is None else [summary["bingo_capture"]])
        assert closes == ([] if summary["closed_by"] is None else [summary["closed_by"]])
        # draws: two per trick while the stock lasted, and the hidden one of the last two
        assert drew[0] == drew[1] or abs(drew[0] - drew[1]) == 1
    first = [e for e in game.events[0] if e.code == "first_leader"]
    assert [e["leader"] for e in first] == [game.view(None)["first_leader"]]
    codes["first_leader"] += 1
    over = [e for evs in game.events for e in evs if e.code == "game_over"]
    assert [(e["winner"], e["sets"]) for e in over] == [(result["winner"], result["scores"])]
    return codes


def test_events_add_up_to_the_results_of_thousands_of_matches() -> None:
    codes: Counter[str] = Counter()
    for seed in range(1000):
        codes += check_match(random_match(seed, b7=seed % 3 == 0))
    # every kind of event happens (and keeps the checks above meaningful)
    for code in (
        "first_leader",
        "hand_dealt",
        "trick_won",
        "drew",
        "doubles_shown",
        "bingo_capture",
        "stock_closed",
        "following_compulsory",
        "last_two_taken",
        "hand_ended",
        "game_over",
    ):
        assert codes[code] > (0 if code in ("bingo_capture", "game_over") else 10), code


def test_a_seat_sees_its_own_draws_and_never_the_others() -> None:
    for seed in range(60):
        game = random_match(seed)
        for seat in (None, 0, 1):
            view = game.view(seat)
            json.dumps(view)
            shown = [e for e in view["events"] if e["code"] == "drew"]
            assert shown
            for e in shown:
                assert (e["tile"] is not None) == (e["seat"] == seat)
            # the view's events are the game's, as this seat may know them
            expected = [
                {"n": i, **e.seen_by(seat).to_json()}
                for i, evs in enumerate(game.events)
                for e in evs
            ]
            assert view["events"] == expected


def test_events_survive_undo_copies_and_replays() -> None:
    rng = random.Random(5)
    for seed in range(25):
        game = ludoteca.new_game("bingo", seed=seed)
        assert isinstance(game, Bingo)
        for _ in range(rng.randrange(10, 200)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
            if rng.random() < 0.3:
                _ = game.events  # read part of the way (the engine fills them in as asked)
        events = game.events
        assert ludoteca.replay(game.record()).events == events
        twin = game.copy()
        assert twin.events == events
        if not game.is_over:
            move = rng.choice(game.legal_moves())
            game.play(move)
            after = game.events
            game.pop()
            assert game.events == events
            game.play(move)
            assert game.events == after and twin.events == events


def test_a_worked_hand_tells_its_story() -> None:
    # the engine's docstring deal: 6-6 shows 5-5 and 4-4, takes 6-5: 79, the hand is over
    game = dealt(
        "6-6 5-5 4-4 6-2 5-1 3-0 1-0",
        "6-5 6-4 6-3 4-2 3-1 2-1 1-1",
        "6-1",
        "5-4 5-3 5-2 5-0 4-3 4-1 4-0 3-3 3-2 2-2 2-0 6-0 0-0",
    )
    play(game, "play 6-6 show", "play 6-5")
    story: list[dict[str, Any]] = [e.to_json() for evs in game.events for e in evs]
    assert story == [
        {"code": "first_leader", "tiles": ["6-6", "1-0"], "leader": 0},
        {"code": "hand_dealt", "hand": 1, "leader": 0, "trump": 6, "up": "6-1"},
        {
            "code": "doubles_shown",
            "seat": 0,
            "led": "6-6",
            "tiles": ["5-5", "4-4"],
            "points": 40,
            "bingo_bonus": 0,
        },
        {
            "code": "trick_won",
            "trick": 1,
            "leader": 0,
            "tiles": ["6-6", "6-5"],
            "winner": 0,
            "points": 39,
            "show_points": 40,
        },
        {
            "code": "hand_ended",
            "hand": 1,
            "winner": 0,
            "end": "reached_70",
            "points": [79, 0],
            "tricks_won": [1, 0],
            "closed_by": None,
            "failed_close_penalty": 0,
            "sets_won": [3, 0],
            "sets_reason": "no_trick",
            "bingo_capture": None,
            "sets_after": [3, 0],
        },
    ]


def test_draws_the_close_and_the_last_two() -> None:
    game = dealt("1-0 2-0 2-1 3-1 4-0 3-2 1-1", "4-1 5-0 3-0 4-2 5-1 6-0 2-2", "6-5", "6-6 5-5")
    play(game, "play 1-0", "play 4-1")  # seat 1 takes it (1 + 5) and draws 6-6 first
    events = game.events[-1]
    assert [e.to_json() for e in events][1:] == [
        {"code": "drew", "seat": 1, "tile": "6-6"},
        {"code": "drew", "seat": 0, "tile": "5-5"},
    ]
    assert [e["tile"] for e in game.view(0)["events"] if e["code"] == "drew"] == [None, "5-5"]
    play(game, "close")
    assert [e.to_json() for e in game.events[-1]] == [
        {"code": "stock_closed", "seat": 1, "points": 6, "before_trick": 2},
        {"code": "following_compulsory", "why": "closed"},
    ]


@pytest.mark.parametrize("seed", [3, 17])
def test_last_two_taken_is_public_the_hidden_tile_private(seed: int) -> None:
    rng = random.Random(seed)
    for attempt in range(200):
        game = ludoteca.new_game("bingo", seed=1000 * seed + attempt)
        while not game.is_over and "take up" not in game.legal_moves():
            moves = [m for m in game.legal_moves() if m != "close"]
            game.play(rng.choice(moves))
        if game.is_over:
            continue
        chooser = game.to_move
        game.play("take up")
        taken, hidden, compulsory = game.events[-1]
        assert taken.to_json() == {
            "code": "last_two_taken",
            "seat": chooser,
            "took": "up",
            "up_to": chooser,
            "up": game.view(None)["turned_up_tile"],
        }
        assert hidden.code == "drew" and hidden["seat"] == 1 - chooser
        assert hidden.seen_by(chooser)["tile"] is None
        assert hidden["tile"] in game.view(1 - chooser)["hand"]
        assert compulsory.to_json() == {"code": "following_compulsory", "why": "exhausted"}
        return
    raise AssertionError("no last-two choice reached")
