"""Five-Up in codes and numbers: the events of thousands of random games against the
results and the deals, what each seat's view shows of them, every refusal as a code
with its parameters, and moves as values."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fiveup_helpers import deal_text, play_all, start
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca import IllegalMove, Move, Tile
from ludoteca.games.fiveup import FiveUp
from ludoteca.games.fiveup.tables import bonus_points, rounding

OPTIONS: list[dict[str, Any]] = [
    {},
    {"players": 3},
    {"players": 4},
    {"exact_61": True, "target": 31},
    {"players": 3, "exact_61": True, "later_lead": "clockwise", "target": 25},
    {"players": 4, "exact_61": True, "target": 21},
]


def random_game(seed: int, options: dict[str, Any]) -> FiveUp:
    game = ludoteca.new_game("fiveup", seed=seed, **options)
    assert isinstance(game, FiveUp)
    rng = random.Random(seed)
    while not game.is_over:
        acts = game.legal_actions()
        game.fast.apply(acts[int(rng.random() * len(acts))])
    return game


def check_events(game: FiveUp) -> int:
    """The events of a finished game against its result and its deals; the hands
    checked."""
    result = game.result()
    side_of = game.type.side_of
    sides = len(result["sides"])
    scores = [0] * sides
    at_deal = [0] * sides
    hands = result["hands"]
    ended = 0
    stock: list[str] = []
    drawn = 0
    over = []
    for index, ((actor, move), events) in enumerate(zip(game.history, game.events, strict=True)):
        if move.startswith("deal "):
            stock = move.split(" | ")[-1].split()[1:]
            drawn = 0
            at_deal = list(scores)
        codes = [e.code for e in events]
        if move == "draw":
            # the tile drawn is the next of the stock, and only its owner sees it
            (e,) = events
            assert (e.code, e["seat"], e["tile"]) == ("drew", actor, stock[drawn])
            assert e.owner == actor and e.secret == ("tile",)
            drawn += 1
            continue
        if move == "pass":
            assert codes[0] == "passed" and events[0]["seat"] == actor
        for e in events:
            json.dumps(e.to_json())
            if e.code == "ends_scored":
                assert e["seat"] == actor and e["side"] == side_of[actor]
                assert e["ends"] % 5 == 0 and e["points"] == e["ends"] // 5 > 0
            if e.code in ("ends_scored", "domino_bonus", "blocked") and e["scored"]:
                scores[e["side"]] += e["points"]
            if e.code == "domino_bonus":
                assert e["seat"] == actor and e["side"] == side_of[actor]
                assert e["opponents"] == [
                    s for s in range(game.num_seats) if side_of[s] != e["side"]
                ]
                assert e["total"] == sum(e["pips"]) and e["points"] == bonus_points(e["total"])
                assert e["rounding"] == rounding(e["total"])
                assert e["pips"] == [hands[ended]["pips_left"][s] for s in e["opponents"]]
            if e.code == "blocked":
                per_side = [0] * sides
                for s, p in enumerate(hands[ended]["pips_left"]):
                    per_side[side_of[s]] += p
                assert e["pips"] == per_side
                low = min(per_side)
                if per_side.count(low) > 1:
                    assert (e["side"], e["points"], e["scored"]) == (None, 0, False)
                else:
                    assert e["side"] == per_side.index(low)
                    assert e["points"] == bonus_points(sum(per_side) - low)
            if e.code == "hand_ended":
                # the hand summary of the result, said with numbers
                entry = hands[ended]
                assert e["hand"] == entry["hand"] == ended + 1
                assert e["leader"] == entry["leader"]
                assert e["how"].replace("_", " ") == entry["end"]
                assert e["seat"] == entry["domino_by"]
                assert (e["side"], e["points"]) == (entry["bonus_side"], entry["bonus_points"])
                assert e["scores"] == entry["scores_after"] == scores
                assert e["gained"] == [a - b for a, b in zip(scores, at_deal, strict=True)]
                assert e["pips_left"] == entry.get("pips_left")
                assert e["tiles_left"] == entry.get("tiles_left")
                ended += 1
            if e.code == "game_over":
                over.append((index, e["winner"], e["scores"]))
    assert scores == result["scores"]
    assert ended == len(hands) == game.fast.hands_scored
    assert over == [(len(game.moves) - 1, result["winner"], result["scores"])]
    return ended


@pytest.mark.parametrize("options", OPTIONS)
def test_the_events_of_random_games_add_up_to_the_results(options: dict[str, Any]) -> None:
    games = 170
    hands = 0
    for seed in range(games):
        hands += check_events(random_game(seed, options))
    assert hands > 4 * games


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([2, 3, 4]),
    st.booleans(),
    st.sampled_from(["winner", "clockwise"]),
    st.sampled_from([61, 30, 12]),
)
def test_events_add_up_in_any_game(
    seed: int, players: int, exact: bool, later_lead: str, target: int
) -> None:
    options = {"players": players, "exact_61": exact, "later_lead": later_lead, "target": target}
    check_events(random_game(seed, options))


def test_a_seat_sees_only_its_own_draws() -> None:
    for seed in range(20):
        game = random_game(seed, OPTIONS[seed % len(OPTIONS)])
        everything = game.events
        for seat in [None, *range(game.num_seats)]:
            shown = game.view(seat)["events"]
            assert [e["n"] for e in shown] == [i for i, evs in enumerate(everything) for _ in evs]
            for e in shown:
                if e["code"] == "drew":
                    assert (e["tile"] is not None) == (e["seat"] == seat)
            json.dumps(shown)


def test_events_follow_undo() -> None:
    game = random_game(3, {"target": 15})
    events, history = game.events, game.history
    while len(game.moves) > 20:
        game.pop()
    assert game.events == events[: len(game.moves)]
    for actor, move in history[len(game.moves) :]:
        if actor != "chance":
            game.play(move)
    assert game.history == history and game.events == events


def test_worked_example_of_the_events() -> None:
    # seat 1 draws 1-1 then 5-0 (its tile, hidden from seat 0), plays, and seat 0 goes out
    game = start(["0-0 1-0 2-0 3-0 3-1", "6-6 4-4 6-5 6-3 3-3"], "1-1 5-0")
    play_all(game, "play 0-0, draw, draw")
    assert [e.to_json() for e in game.events[-1]] == [{"code": "drew", "seat": 1, "tile": "5-0"}]
    assert game.view(0)["events"][-1] == {"n": 4, "code": "drew", "seat": 1, "tile": None}
    play_all(
        game,
        "play 5-0 on 0-0, play 1-0 on 0-0, play 6-5 on 5-0, play 2-0 on 0-0, "
        "play 6-3 on 6-5, play 3-0 on 0-0, play 3-3 on 6-3, play 3-1 on 1-0",
    )
    assert [e.to_json() for e in game.events[5]] == [
        {"code": "ends_scored", "seat": 1, "side": 1, "ends": 5, "points": 1, "scored": True}
    ]
    bonus, ended = game.events[-1]
    assert bonus.to_json() == {
        "code": "domino_bonus",
        "seat": 0,
        "side": 0,
        "opponents": [1],
        "pips": [22],
        "total": 22,
        "rounding": "down",
        "points": 4,
        "scored": True,
    }
    assert ended.to_json() == {
        "code": "hand_ended",
        "hand": 1,
        "leader": 0,
        "how": "domino",
        "seat": 0,
        "side": 0,
        "points": 4,
        "gained": [4, 1],
        "scores": [4, 1],
        "pips_left": [0, 22],
        "tiles_left": [[], ["6-6", "4-4", "1-1"]],
    }


# ------------------------------------------------------------------ refusals


def refusal(game: FiveUp, move: str) -> IllegalMove:
    before = game.moves
    with pytest.raises(IllegalMove) as e:
        game.play(move)
    assert game.moves == before
    return e.value


def test_every_refusal_has_a_code_and_its_numbers() -> None:
    game = start(["6-4 4-2 4-1 0-0 1-1", "4-4 4-3 3-3 2-2 6-6"])
    e = refusal(game, "draw")
    assert e.code == "must_open" and "play 6-4" in e.params["allowed"]
    e = refusal(game, "play 6-4 on 6-6")
    assert (e.code, e.params) == ("table_empty", {"tile": "6-4"})
    assert e.reason == "the table is empty: the leader opens with a tile alone, like play 6-4"
    e = refusal(game, "play 6-6")
    assert (e.code, e.params["tile"]) == ("not_in_hand", "6-6")
    game.play("play 6-4")
    e = refusal(game, "pass")
    allowed = ["play 4-3 on 6-4", "play 4-4 on 6-4", "play 6-6 on 6-4"]
    assert (e.code, e.params) == ("must_play", {"allowed": allowed})
    assert e.reason == f"a tile fits, and a player who can play must: {', '.join(allowed)}"
    e = refusal(game, "play 4-4")
    assert (e.code, e.params["tile"]) == ("name_target", "4-4")
    e = refusal(game, "play 4-3 on 4-2")
    assert (e.code, e.params["target"]) == ("not_on_table", "4-2")
    game.play("play 4-4 on 6-4")
    e = refusal(game, "play 4-2 on 6-4")
    assert (e.code, e.params["number"], e.params["target"]) == ("end_not_open", 4, "6-4")
    assert e.reason.startswith("the 4 end of 6-4 is not open (it is joined to another tile)")
    e = refusal(game, "play 3-3 on 4-3")
    assert (e.code, e.params["tile"]) == ("not_in_hand", "3-3")
    with pytest.raises(IllegalMove) as err:
        game.apply_action(400)
    assert (err.value.code, err.value.params) == ("no_such_action", {"action": 400, "actions": 324})

    drawing = start(["0-0 1-0 2-0 3-0 4-0", "6-6 6-5 6-4 6-3 6-2"], "5-5 5-4 5-0")
    drawing.play("play 0-0")
    e = refusal(drawing, "pass")
    assert (e.code, e.params) == ("must_draw", {})
    stuck = start(
        ["0-0 1-0 2-0 3-0 4-0", "6-6 6-5 6-4 6-3 6-2", "5-0 6-1 5-5 5-4 5-3"],
        "5-2 5-1 4-4 4-3 4-2 4-1 3-3 3-2 3-1 2-2 2-1 1-1 6-0",
    )
    play_all(stuck, "play 0-0" + ", draw" * 12)
    e = refusal(stuck, "draw")
    assert (e.code, e.params) == ("stock_reserve", {"left": 1, "reserve": 1})
    assert e.reason == (
        "the last tile of the stock is never drawn (it holds 1); nothing fits, so the move is pass"
    )


def test_a_closed_double_is_said_so() -> None:
    # 6-6 takes 6-4 and 6-1 on its sides, then 6-2 and 6-3 on its tips: no place left
    game = start(["6-6 6-1 6-3 0-0 1-1", "6-4 6-2 6-5 2-2 3-3"])
    play_all(game, "play 6-6, play 6-4 on 6-6, play 6-1 on 6-6, play 6-2 on 6-6")
    play_all(game, "play 6-3 on 6-6")
    e = refusal(game, "play 6-5 on 6-6")
    assert (e.code, e.params["target"]) == ("double_closed", "6-6")
    assert e.reason.startswith("6-6 is closed: both its sides and both its tips already hold")


@pytest.mark.parametrize(
    ("event", "code", "params"),
    [
        ("deal 6-4 | stock 5-5", "draw_due", {}),
        ("draw 6-4", "draw_tiles", {"players": 2}),
        ("draw 6-4 6-4", "draw_tiles", {"players": 2}),
        ("draw 6-4 9-9", "bad_tile", {}),
    ],
)
def test_refused_draws_for_the_lead(event: str, code: str, params: dict[str, Any]) -> None:
    game = ludoteca.new_game("fiveup", chance="manual")
    e = refusal(game, event)
    assert (e.code, e.params, e.seat) == (code, params, "chance")


@pytest.mark.parametrize(
    ("event", "code", "params"),
    [
        ("draw 6-4 5-5", "deal_due", {}),
        ("deal 6-4 5-1 4-2 3-3 0-0 | stock 6-6", "deal_parts", {"players": 2}),
        ("deal 6-4 5-1 4-2 3-3 0-0 | 6-6 6-5 6-1 4-1 1-1 | 5-5", "deal_stock_part", {}),
        (
            "deal 6-4 5-1 4-2 3-3 | 6-6 6-5 6-1 4-1 1-1 0-0 | stock 5-5",
            "deal_hand_size",
            {"tiles": 5},
        ),
        (
            "deal 6-4 5-1 4-2 3-3 0-0 | 6-6 6-5 6-1 4-1 1-1 | stock 5-5",
            "deal_stock_size",
            {"tiles": 18},
        ),
    ],
)
def test_refused_deals(event: str, code: str, params: dict[str, Any]) -> None:
    game = ludoteca.new_game("fiveup", chance="manual")
    game.play("draw 6-4 5-5")
    e = refusal(game, event)
    assert (e.code, e.params, e.seat) == (code, params, "chance")


def test_a_deal_gives_every_tile_once() -> None:
    game = ludoteca.new_game("fiveup", chance="manual")
    game.play("draw 6-4 5-5")
    twice = deal_text(["6-4 5-1 4-2 3-3 0-0", "6-6 6-5 6-1 4-1 1-1"]).replace("6-3", "6-4")
    assert refusal(game, twice).code == "deal_tiles_once"


# ------------------------------------------------------------------ moves as values


def test_moves_are_values() -> None:
    game = start(["6-4 4-2 4-1 0-0 1-1", "4-4 4-3 3-3 2-2 6-6"])
    opening = game.parse("play 4-6")
    assert (opening.kind, opening.tiles, opening.numbers, str(opening)) == (
        "play",
        (Tile(6, 4),),
        (),
        "play 6-4",
    )
    game.play(opening)
    on = game.parse("PLAY 3-4 on 4-6")
    assert on == Move("play", (Tile(4, 3), Tile(6, 4)), (4,), "on", "play 4-3 on 6-4")
    assert eval(repr(on), {"Move": Move, "Tile": Tile}) == on
    assert game.parse("play 4-4 on 6-4").numbers == (4,)
    draw = ludoteca.new_game("fiveup", chance="manual")
    assert draw.parse("draw 6-4 5-5") == Move("draw", (Tile(6, 4), Tile(5, 5)), text="draw 6-4 5-5")
    draw.play("draw 6-4 5-5")
    text = deal_text(["6-4 5-1 4-2 3-3 0-0", "6-6 6-5 6-1 4-1 1-1"])
    deal = draw.parse(text)
    assert (deal.kind, deal.numbers, deal.detail, len(deal.tiles)) == (
        "deal",
        (5, 5, 18),
        "stock",
        28,
    )
    assert [m.kind for m in map(game.parse, ["draw", "pass"])] == ["draw", "pass"]
