"""Five-Up rules: the seed's worked examples and every rule of RULES.md, by example."""

from __future__ import annotations

import json

import pytest
from fiveup_helpers import deal_text, first_draw, play_all, score_reasons, start

import ludoteca
from ludoteca import IllegalMove, InvalidOption
from ludoteca.games.fiveup import FiveUp
from ludoteca.games.fiveup.tables import bonus_points

# Hands for the scoring examples: the leader (seat 0) holds the tile to open with.
OPENERS = "6-4 5-5 3-2 4-1 5-0"
OTHERS = "6-6 6-5 6-3 6-2 6-1"


def test_registry_and_package_export() -> None:
    game = ludoteca.new_game("fiveup", seed=1)
    assert isinstance(game, FiveUp)
    assert ludoteca.game_class("fiveup") is FiveUp
    assert game.num_seats == 2 and game.title == "Five-Up"


@pytest.mark.parametrize(
    ("tile", "points"), [("6-4", 2), ("5-5", 2), ("3-2", 1), ("4-1", 1), ("5-0", 1)]
)
def test_seed_opening_examples(tile: str, points: int) -> None:
    # "se a primeira pedra jogada fosse um 6-4 ou um 5-5 … dois pontos; 3-2, 4-1 ou 5-0 … 1"
    game = start([OPENERS, OTHERS])
    game.play(f"play {tile}")
    assert game.result()["scores"] == [points, 0]
    assert score_reasons(game) == [f"ends {5 * points} → {points}"]


def test_opening_tile_that_is_no_multiple_of_five_scores_nothing() -> None:
    game = start(["4-2 5-5 3-2 4-1 5-0", OTHERS])
    game.play("play 4-2")
    assert game.result()["scores"] == [0, 0] and game.result()["events"] == []


def test_seed_example_six_one_beside_four_one() -> None:
    # 4-1 opens (5: one point); 6-1 beside it leaves 6 and 4 open: 10, two points.
    game = start(["4-1 0-0 2-0 3-0 3-3", "6-1 6-6 6-5 6-3 6-2"])
    game.play("play 4-1")
    game.play("play 6-1 on 4-1")
    assert game.result()["scores"] == [1, 2]
    assert score_reasons(game) == ["ends 5 → 1", "ends 10 → 2"]
    ends = sorted(e["number"] for e in game.view(0)["layout"]["open_ends"])
    assert ends == [4, 6]


def test_seed_first_leader_examples() -> None:
    # 5-4 beats 5-3 on pips; 6-4 beats 5-5 on the higher end (both ten pips).
    game = ludoteca.new_game("fiveup", chance="manual")
    game.play("draw 5-3 5-4")
    assert game.view()["first_leader"] == 1
    game = ludoteca.new_game("fiveup", chance="manual")
    game.play("draw 5-5 6-4")
    assert game.view()["first_leader"] == 1
    game = ludoteca.new_game("fiveup", chance="manual", players=4)
    game.play("draw 1-0 6-5 6-6 0-0")
    assert game.view()["first_leader"] == 2
    game.play(
        deal_text(["1-0 2-0 3-0 4-0 5-0", "6-0 1-1 2-1 3-1 4-1", OTHERS, "5-5 5-4 5-3 5-2 5-1"])
    )
    assert game.to_move == 2


@pytest.mark.parametrize(("pips", "points"), [(22, 4), (23, 5), (0, 0), (2, 0), (3, 1), (25, 5)])
def test_bonus_rounding(pips: int, points: int) -> None:
    # "Restos de um dois arredondam para menos; restos de três ou quatro, para mais."
    assert bonus_points(pips) == points


@pytest.mark.parametrize(("drawn", "left", "bonus"), [("1-1", 22, 4), ("2-1", 23, 5)])
def test_seed_domino_bonus(drawn: str, left: int, bonus: int) -> None:
    # Seat 1 keeps 6-6 and 4-4 (20 pips) and the tile it drew first: 1-1 makes 22
    # pips (bonus 4, "22 → 4"), 2-1 makes 23 (bonus 5, "23 → 5").
    game = start(["0-0 1-0 2-0 3-0 3-1", "6-6 4-4 6-5 6-3 3-3"], f"{drawn} 5-0")
    game.play("play 0-0")  # ends 0 (the double, both sides free)
    assert game.legal_moves() == ["draw"]
    game.play("draw")  # the drawn tile has no 0
    assert game.legal_moves() == ["draw"]
    game.play("draw")  # 5-0 fits
    assert game.legal_moves() == ["play 5-0 on 0-0"]
    play_all(
        game,
        "play 5-0 on 0-0, play 1-0 on 0-0, play 6-5 on 5-0, play 2-0 on 0-0, "
        "play 6-3 on 6-5, play 3-0 on 0-0, play 3-3 on 6-3, play 3-1 on 1-0",
    )
    # ends: 5 (one point to seat 1), 6, 7, 9, 6, 9, 12, 14: only the 5 scores
    result = game.result()
    assert score_reasons(game) == ["ends 5 → 1", f"domino: {left} pips → {bonus}"]
    assert result["scores"] == [bonus, 1]
    last = result["hands"][-1]
    assert last["end"] == "domino" and last["domino_by"] == 0
    assert last["pips_left"] == [0, left]
    assert sorted(last["tiles_left"][1]) == sorted(["6-6", "4-4", drawn])
    assert game.to_move == "chance" and game.view()["leader"] == 0


def test_double_counts_both_halves_until_both_sides_are_covered() -> None:
    game = start(["5-5 5-1 4-2 3-3 2-1", "5-0 6-5 0-0 1-1 6-6"])
    game.play("play 5-5")  # 10: the double counts once with both sides free
    game.play("play 5-0 on 5-5")  # 10 + 0: one side still free
    assert game.view()["layout"]["ends_total"] == 10
    game.play("play 5-1 on 5-5")  # both sides covered: 0 + 1
    assert game.view()["layout"]["ends_total"] == 1
    assert score_reasons(game) == ["ends 10 → 2", "ends 10 → 2"]
    assert game.result()["scores"] == [2, 2]


def test_double_on_an_end_has_one_side_then_tips() -> None:
    game = start(["6-4 4-2 4-1 0-0 1-1", "4-4 4-3 3-3 2-2 6-6"])
    game.play("play 6-4")  # 10
    game.play("play 4-4 on 6-4")  # 6 + 8 = 14
    assert game.view()["layout"]["ends_total"] == 14
    game.play("play 4-2 on 4-4")  # its free side: the double stops counting, 6 + 2
    assert game.view()["layout"]["ends_total"] == 8
    game.play("play 4-3 on 4-4")  # a tip: 6 + 2 + 3 = 11
    game.play("play 4-1 on 4-4")  # the other tip: 6 + 2 + 3 + 1 = 12
    assert game.view()["layout"]["ends_total"] == 12
    assert score_reasons(game) == ["ends 10 → 2"]


def test_compulsory_play_no_draw_no_pass_when_a_tile_fits() -> None:
    game = start(["6-4 4-2 4-1 0-0 1-1", "4-4 4-3 3-3 2-2 6-6"])
    game.play("play 6-4")
    before = json.dumps(game.view(1)), game.moves
    with pytest.raises(IllegalMove, match="a player who can play must") as err:
        game.play("draw")
    assert "play 4-4 on 6-4" in str(err.value) and "seat 1" in str(err.value)
    with pytest.raises(IllegalMove, match="a player who can play must"):
        game.play("pass")
    assert (json.dumps(game.view(1)), game.moves) == before


def test_draw_until_a_tile_fits_then_play_it() -> None:
    game = start(["0-0 1-0 2-0 3-0 4-0", "6-6 6-5 6-4 6-3 6-2"], "5-5 5-4 5-0")
    game.play("play 0-0")
    for _ in range(2):
        assert game.legal_moves() == ["draw"]
        with pytest.raises(IllegalMove, match="the move is draw"):
            game.play("pass")
        game.play("draw")
    assert game.legal_moves() == ["draw"]
    game.play("draw")
    # the drawn 5-0 fits, and it must be played
    assert game.legal_moves() == ["play 5-0 on 0-0"]
    assert game.view(1)["hand"] == ["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "5-4", "5-0"]
    assert game.view(0)["drawn"] == [0, 3] and game.view(0)["hand_sizes"] == [4, 8]
    assert game.view(0)["stock_size"] == 15


def test_four_players_the_last_two_stock_tiles_are_never_drawn() -> None:
    zeros = "0-0 1-0 2-0 3-0 4-0"
    game = start(
        [zeros, "6-6 6-5 6-4 6-3 6-2", "6-1 5-5 5-4 5-3 5-2", "5-1 4-4 4-3 4-2 4-1"],
        "3-3 3-2 3-1 2-2 2-1 1-1 5-0 6-0",
    )
    game.play("play 0-0")
    for _ in range(6):
        game.play("draw")  # nothing drawn has a 0
    assert game.view()["stock_size"] == 2 and game.view()["stock_drawable"] == 0
    assert game.legal_moves() == ["pass"]
    with pytest.raises(IllegalMove, match="the last two tiles of the stock are never drawn"):
        game.play("draw")
    game.play("pass")
    game.play("pass")
    game.play("pass")
    assert game.to_move == 0 and game.view()["passes_in_a_row"] == 3
    game.play("play 1-0 on 0-0")
    assert game.view()["passes_in_a_row"] == 0
    assert sorted(game.stock_left) == sorted([ludoteca.Tile(5, 0).index, ludoteca.Tile(6, 0).index])


def test_three_players_the_last_stock_tile_is_never_drawn() -> None:
    game = start(
        ["0-0 1-0 2-0 3-0 4-0", "6-6 6-5 6-4 6-3 6-2", "5-0 6-1 5-5 5-4 5-3"],
        "5-2 5-1 4-4 4-3 4-2 4-1 3-3 3-2 3-1 2-2 2-1 1-1 6-0",
    )
    game.play("play 0-0")
    for _ in range(12):
        game.play("draw")
    assert game.view()["stock_size"] == 1
    assert game.legal_moves() == ["pass"]
    with pytest.raises(IllegalMove, match="the last tile of the stock is never drawn"):
        game.play("draw")
    game.play("pass")
    assert game.to_move == 2 and game.legal_moves() == ["play 5-0 on 0-0"]


def test_illegal_opening_forms() -> None:
    game = start([OPENERS, OTHERS])
    before = game.moves
    with pytest.raises(IllegalMove, match="the leader opens with a tile alone"):
        game.play("play 6-4 on 6-6")
    with pytest.raises(IllegalMove, match="6-6 is not in that hand"):
        game.play("play 6-6")
    with pytest.raises(IllegalMove, match="the leader opens the hand with any tile"):
        game.play("draw")
    with pytest.raises(IllegalMove, match="is not a move of Five-Up"):
        game.play("lead 6-4")
    assert game.moves == before
    game.play("play 4-6")  # either way round
    assert game.moves[-1] == "play 6-4"
    with pytest.raises(IllegalMove, match="already opened"):
        game.play("play 6-6")


def test_illegal_move_message_names_the_seat() -> None:
    game = start([OPENERS, OTHERS])
    with pytest.raises(IllegalMove) as err:
        game.play("play 6-6")
    assert err.value.seat == 0 and "seat 0 (Player 1)" in str(err.value)
    assert "allowed now: play" in str(err.value)


def test_chance_events_are_checked() -> None:
    game = ludoteca.new_game("fiveup", chance="manual", players=3)
    with pytest.raises(IllegalMove, match="draw for first leader is due"):
        game.play("deal 6-6")
    with pytest.raises(IllegalMove, match="3 different tiles"):
        game.play("draw 6-6 6-6 5-5")
    with pytest.raises(IllegalMove, match="not a tile"):
        game.play("draw 7-7 6-6 5-5")
    game.play("draw 6-6 0-0 1-0")
    assert game.to_move == "chance"
    bad = {
        "deal 6-6": "3 hands then the stock",
        deal_text(["6-6 6-5 6-4 6-3", "6-2 6-1 6-0 5-5 5-4", "5-3 5-2 5-1 5-0 4-4"]): "five",
        "deal 6-6 6-5 6-4 6-3 6-2 | 6-1 6-0 5-5 5-4 5-3 | 5-2 5-1 5-0 4-4 4-3 | 4-2": "stock",
    }
    for text, reason in bad.items():
        with pytest.raises(IllegalMove, match=reason):
            game.play(text)
    dup = deal_text(["6-6 6-5 6-4 6-3 6-2", "6-1 6-0 5-5 5-4 5-3", "5-2 5-1 5-0 4-4 4-3"])
    dup = dup.replace("0-0", "6-6")
    with pytest.raises(IllegalMove, match="each be dealt once"):
        game.play(dup)
    assert game.moves == ["draw 6-6 0-0 1-0"]


def test_options_and_their_errors() -> None:
    with pytest.raises(InvalidOption, match="players"):
        ludoteca.new_game("fiveup", players=5)
    with pytest.raises(InvalidOption, match="later_lead"):
        ludoteca.new_game("fiveup", later_lead="loser")
    with pytest.raises(InvalidOption, match="no option"):
        ludoteca.new_game("fiveup", spinners=False)
    game = ludoteca.new_game("fiveup", players=4, target=100, exact_61=True)
    assert game.result()["sides"] == [[0, 2], [1, 3]] and game.result()["target"] == 100
    assert ludoteca.new_game("fiveup", players=3).result()["sides"] == [[0], [1], [2]]
    assert ludoteca.new_game("fiveup").options == {
        "players": 2,
        "target": 61,
        "exact_61": False,
        "later_lead": "winner",
    }


def test_first_draw_text_helper_makes_the_leader() -> None:
    for players in (2, 3, 4):
        for leader in range(players):
            game = ludoteca.new_game("fiveup", chance="manual", players=players)
            game.play(first_draw(players, leader))
            assert game.view()["first_leader"] == leader


def test_tips_closed_until_both_sides_are_covered_then_count_once_played_on() -> None:
    game = start(["5-5 5-4 5-3 0-0 6-5", "5-0 5-2 5-1 1-1 2-2"])
    game.play("play 5-5")  # 10 → 2
    lay = game.view()["layout"]
    arms = lay["spinners"][0]["arms"]
    assert arms["north"]["state"] == arms["south"]["state"] == "closed"
    assert {e["place"] for e in lay["open_ends"]} == {"side"}
    game.play("play 5-0 on 5-5")  # a side, not a tip, while the other side is free: 10 → 2
    lay = game.view()["layout"]
    assert lay["tiles"][1]["place"] == "side"
    assert lay["spinners"][0]["arms"]["north"]["state"] == "closed"
    game.play("play 5-4 on 5-5")  # the second side: the double stops counting, 0 + 4
    lay = game.view()["layout"]
    assert lay["tiles"][2]["place"] == "side"
    arms = lay["spinners"][0]["arms"]
    assert arms["north"]["state"] == arms["south"]["state"] == "open"
    tips = [e for e in lay["open_ends"] if e["place"] == "tip"]
    assert len(tips) == 2 and all(e["counts"] == 0 for e in tips)
    assert lay["ends_total"] == 4
    game.play("play 5-2 on 5-5")  # a tip: it counts once played on, 0 + 4 + 2
    assert game.view()["layout"]["tiles"][3]["place"] == "tip"
    assert game.view()["layout"]["ends_total"] == 6
    game.play("play 5-3 on 5-5")  # the other tip: 0 + 4 + 2 + 3
    assert game.view()["layout"]["ends_total"] == 9
    game.play("play 2-2 on 5-2")  # 0 + 4 + 4 + 3 = 11
    assert score_reasons(game) == ["ends 10 → 2", "ends 10 → 2"]
    assert game.result()["scores"] == [2, 2]
    # the spinner is full: nothing more joins it
    with pytest.raises(IllegalMove, match="5-5 is closed: both its sides and both its tips"):
        game.play("play 6-5 on 5-5")
    assert game.legal_moves() == ["play 0-0 on 5-0"]


def test_fifteen_on_the_ends_scores_three() -> None:
    game = start(["6-3 3-3 1-1 0-0 2-2", "6-6 5-5 4-4 6-5 6-4"])
    game.play("play 6-3")  # 9: nothing
    game.play("play 6-6 on 6-3")  # 12 + 3 = 15 → 3
    assert score_reasons(game) == ["ends 15 → 3"]
    assert game.result()["scores"] == [0, 3]
    event = game.result()["events"][0]
    assert event == {
        "hand": 1,
        "move": 3,
        "seat": 1,
        "side": 1,
        "kind": "ends",
        "points": 3,
        "scored": True,
        "reason": "ends 15 → 3",
        "scores": [0, 3],
    }


def test_opening_double_zero_scores_nothing() -> None:
    game = start(["0-0 1-0 2-0 3-0 4-0", OTHERS])
    game.play("play 0-0")
    assert game.result()["events"] == [] and game.view()["layout"]["ends_total"] == 0


def test_illegal_plays_are_explained_and_change_nothing() -> None:
    game = start(["6-4 4-1 4-0 0-0 2-0", "6-6 1-0 5-5 3-3 2-2"])
    game.play("play 6-4")
    game.play("play 6-6 on 6-4")
    snapshot = json.dumps(game.view(0)), json.dumps(game.view(1)), game.moves
    cases = {
        "play 4-1 on 6-6": "share no number",
        "play 5-5 on 6-4": "share no number",
        "play 4-6 on 6-4": "cannot join itself",
        "play 0-0 on 1-0": "1-0 is not on the table",
        "play 6-5 on 6-6": "6-5 is not in that hand",
        "play 4-4 on 6-4": "4-4 is not in that hand",
        "play 4-1": "already opened",
        "pass": "a player who can play must",
        "play nonsense": "not a move of Five-Up",
        "play 4-1 on": "not a move of Five-Up",
    }
    for move, reason in cases.items():
        with pytest.raises(IllegalMove, match=reason) as err:
            game.play(move)
        assert f"tried {move!r}" in str(err.value)
        assert err.value.seat == 0
    assert (json.dumps(game.view(0)), json.dumps(game.view(1)), game.moves) == snapshot
    game.play("play 4-1 on 6-4")
    game.play("play 1-0 on 4-1")
    with pytest.raises(IllegalMove, match="the 4 end of 6-4 is not open"):
        game.play("play 4-0 on 6-4")
    game.play("play 0-4 on 1-0")  # either way round, both tiles
    assert game.moves[-1] == "play 4-0 on 1-0"


def test_deal_is_canonical_hands_sorted_stock_kept_in_order() -> None:
    game = ludoteca.new_game("fiveup", chance="manual")
    game.play("draw 0-0 6-6")
    rest = deal_text(["2-0 6-6 4-1 5-5 0-0", "1-0 3-3 6-5 2-2 5-1"], "3-2 6-4").split("stock ")
    stock = rest[1].replace("3-2 6-4", "2-3 4-6", 1)
    game.play("deal 2-0 6-6 4-1 5-5 0-0 | 0-1 3-3 5-6 2-2 5-1 | stock " + stock)
    assert game.moves[-1].startswith(
        "deal 6-6 5-5 4-1 2-0 0-0 | 6-5 5-1 3-3 2-2 1-0 | stock 3-2 6-4 "
    )
    assert game.to_move == 1
    assert game.stock_left[:2] == (ludoteca.Tile(3, 2).index, ludoteca.Tile(6, 4).index)


def test_four_player_domino_partnership_bonus() -> None:
    # Seat 2 goes out. The bonus counts the other team's hands only (seat 1's 0-0
    # and seat 3's 6-6 and 5-5: 22 pips → 4), never the partner's 1-1.
    game = start(
        [
            "6-0 4-4 2-1 2-0 1-1",
            "6-5 4-2 4-1 1-0 0-0",
            "5-4 4-0 3-2 3-1 2-2",
            "6-6 5-5 5-3 4-3 3-0",
        ],
        "6-2 5-2 5-1 6-1 6-4 3-3 5-0 6-3",
        leader=2,
    )
    play_all(
        game,
        "play 5-4, play 5-3 on 5-4, play 4-4 on 5-4, play 4-2 on 4-4, play 3-1 on 5-3, "
        "play 4-3 on 4-4, play 2-0 on 4-2, play 1-0 on 2-0, play 4-0 on 4-4, "
        "play 3-0 on 4-3, play 2-1 on 3-1, play 4-1 on 1-0, play 2-2 on 2-1, draw, "
        "play 6-2 on 2-2, play 6-0 on 3-0, play 6-5 on 6-2, play 3-2 on 2-2",
    )
    # ends after each play: 9, 7, 11, 5 (team 1), 3, 6, 4, 5 (team 1), 5 (team 0: seat 2
    # on the 4-4 tip), 2, 3, 6, 12, 10 (team 1: 6-2 covers 2-2's side), 16, 15 (team 1),
    # 18, then seat 2 is out.
    assert score_reasons(game) == [
        "ends 5 → 1",
        "ends 5 → 1",
        "ends 5 → 1",
        "ends 10 → 2",
        "ends 15 → 3",
        "domino: 22 pips → 4",
    ]
    assert [e["side"] for e in game.result()["events"]] == [1, 1, 0, 1, 1, 0]
    assert [e["seat"] for e in game.result()["events"]] == [1, 1, 2, 3, 1, 2]
    assert game.result()["scores"] == [5, 7]
    summary = game.result()["hands"][-1]
    assert summary["domino_by"] == 2 and summary["pips_left"] == [2, 0, 0, 22]
    assert game.view()["leader"] == 2  # the winner leads the next hand


def test_three_player_domino_counts_both_opponents() -> None:
    game = start(
        ["6-6 6-3 5-2 4-3 2-0", "6-4 6-1 4-2 4-0 3-1", "6-2 5-5 4-4 4-1 0-0"],
        "5-1 2-1 5-3 1-1 5-0 3-2 6-0 5-4 1-0 6-5 3-0 2-2 3-3",
        leader=1,
    )
    play_all(
        game,
        "play 3-1, play 4-1 on 3-1, play 4-3 on 3-1, play 4-0 on 4-1, play 0-0 on 4-0, "
        "play 2-0 on 0-0, play 6-4 on 4-3, play 6-2 on 6-4, play 5-2 on 2-0, "
        "play 4-2 on 6-2, play 5-5 on 5-2, draw, play 5-1 on 5-5, play 6-1 on 5-1",
    )
    # seat 1 is out; seat 0 keeps 6-6 and 6-3 (21), seat 2 keeps 4-4 (8): 29 → 6
    assert score_reasons(game)[-1] == "domino: 29 pips → 6"
    summary = game.result()["hands"][-1]
    assert summary["pips_left"] == [21, 0, 8] and summary["bonus_side"] == 1
    assert summary["tiles_left"] == [["6-6", "6-3"], [], ["4-4"]]
    assert game.view()["leader"] == 1


def test_later_lead_clockwise_option() -> None:
    game = start(
        ["6-6 6-3 5-2 4-3 2-0", "6-4 6-1 4-2 4-0 3-1", "6-2 5-5 4-4 4-1 0-0"],
        "5-1 2-1 5-3 1-1 5-0 3-2 6-0 5-4 1-0 6-5 3-0 2-2 3-3",
        leader=1,
        later_lead="clockwise",
    )
    play_all(
        game,
        "play 3-1, play 4-1 on 3-1, play 4-3 on 3-1, play 4-0 on 4-1, play 0-0 on 4-0, "
        "play 2-0 on 0-0, play 6-4 on 4-3, play 6-2 on 6-4, play 5-2 on 2-0, "
        "play 4-2 on 6-2, play 5-5 on 5-2, draw, play 5-1 on 5-5, play 6-1 on 5-1",
    )
    assert game.result()["hands"][-1]["domino_by"] == 1
    assert game.view()["leader"] == 2  # clockwise from the last leader, not the winner
    game.play(deal_text(["6-6 6-5 6-4 6-3 6-2", "6-1 6-0 5-5 5-4 5-3", "5-2 5-1 5-0 4-4 4-3"]))
    assert game.to_move == 2


BLOCKED_TWO = (
    ["6-4 6-3 5-5 3-0 2-0", "6-5 6-0 5-4 4-0 3-1"],
    "4-4 6-1 6-2 3-3 4-2 5-1 2-1 0-0 5-3 1-0 1-1 2-2 4-3 5-0 5-2 3-2 4-1 6-6",
    "play 6-5, play 6-3 on 6-5, play 5-4 on 6-5, play 6-4 on 5-4, play 6-0 on 6-4, "
    "play 2-0 on 6-0, play 3-1 on 6-3, draw, draw, play 6-1 on 3-1, draw, play 6-2 on 2-0, "
    + ", ".join(["draw"] * 14),
)


def test_blocked_hand_two_players() -> None:
    hands, stock, moves = BLOCKED_TWO
    game = start(hands, stock, leader=1)
    play_all(game, moves)
    # both open ends show 6; every 6 is on the table but 6-6, the stock's last tile,
    # which is never drawn
    assert [e["number"] for e in game.view()["layout"]["open_ends"]] == [6, 6]
    assert game.view()["stock_size"] == 1 and game.view()["drawn"] == [16, 1]
    assert game.legal_moves() == ["pass"]
    with pytest.raises(IllegalMove, match="the last tile of the stock is never drawn"):
        game.play("draw")
    game.play("pass")
    assert game.to_move == 1 and game.legal_moves() == ["pass"]
    game.play("pass")
    summary = game.result()["hands"][-1]
    assert summary["end"] == "blocked"
    # seat 0: 5-5 3-0 4-4 and the 14 tiles it drew: 86 pips; seat 1: 4-0, 4 pips
    assert summary["pips_left"] == [86, 4]
    assert score_reasons(game) == [
        "ends 5 → 1",
        "blocked: fewest pips 4, opponents 86 pips → 17",
    ]
    assert game.result()["scores"] == [1, 17]
    assert game.view()["leader"] == 0  # after a blocked hand the lead passes clockwise
    assert game.to_move == "chance"


def test_blocked_hand_two_players_tie_scores_nothing() -> None:
    game = start(
        ["5-2 4-1 3-3 3-1 3-0", "5-5 5-0 4-3 2-1 2-0"],
        "6-4 3-2 5-1 4-2 6-2 1-1 5-3 6-1 6-0 0-0 1-0 4-0 6-3 6-5 2-2 6-6 5-4 4-4",
    )
    play_all(
        game,
        "play 4-1, play 2-1 on 4-1, play 5-2 on 2-1, play 5-0 on 5-2, play 3-0 on 5-0, "
        "play 4-3 on 4-1, play 3-1 on 4-3, draw, draw, play 3-2 on 3-0, draw, "
        "play 5-1 on 3-1, play 2-0 on 3-2, draw, draw, draw, draw, play 5-3 on 5-1, draw, "
        "draw, play 6-0 on 2-0, play 6-2 on 6-0, draw, draw, draw, draw, play 6-3 on 5-3, "
        "play 4-2 on 6-2, play 4-0 on 4-2, draw, play 6-5 on 6-3, play 1-0 on 4-0, "
        "play 1-1 on 1-0, play 6-1 on 1-1, draw, draw, play 6-6 on 6-1, play 6-4 on 6-6, "
        "draw, play 5-4 on 6-5, pass, pass",
    )
    summary = game.result()["hands"][-1]
    # seat 0 keeps 3-3 and 2-2, seat 1 keeps 5-5 and 0-0: 10 pips each
    assert summary["end"] == "blocked" and summary["pips_left"] == [10, 10]
    assert summary["tiles_left"] == [["3-3", "2-2"], ["5-5", "0-0"]]
    assert summary["bonus"] == "blocked: tie for fewest pips (10): nothing scored"
    assert summary["bonus_side"] is None
    assert not any(e["kind"] == "blocked" for e in game.result()["events"])


def test_blocked_hand_three_players() -> None:
    game = start(
        ["6-4 6-3 5-5 5-4 5-0", "6-6 6-2 6-1 6-0 5-2", "4-4 4-3 4-0 3-3 2-0"],
        "2-2 6-5 0-0 3-2 4-1 3-0 5-1 1-1 4-2 2-1 1-0 5-3 3-1",
        leader=1,
    )
    play_all(
        game,
        "play 6-1, draw, draw, play 6-5 on 6-1, play 5-0 on 6-5, play 6-0 on 5-0, draw, "
        "draw, draw, play 4-1 on 6-1, play 6-4 on 4-1, play 6-2 on 6-0, play 3-2 on 6-2, "
        "play 6-3 on 3-2, play 6-6 on 6-4, draw, draw, draw, draw, draw, draw, draw, "
        "pass, pass, pass",
    )
    summary = game.result()["hands"][-1]
    # seat 0: 5-5 5-4 (19); seat 1: 5-2 (7); seat 2: 4-4 4-3 4-0 3-3 2-0 and the
    # nine tiles it drew (60). Seat 1 scores on both opponents: 79 → 16.
    assert summary["pips_left"] == [19, 7, 60]
    assert score_reasons(game)[-1] == "blocked: fewest pips 7, opponents 79 pips → 16"
    assert game.result()["events"][-1]["side"] == 1
    assert game.view()["leader"] == 2


def test_blocked_hand_three_players_tie() -> None:
    game = start(
        ["5-2 5-0 4-3 4-2 3-3", "6-1 5-5 5-4 2-1 1-0", "6-3 5-3 4-4 3-0 1-1"],
        "6-2 4-0 6-5 6-6 6-4 4-1 3-1 3-2 5-1 2-0 6-0 0-0 2-2",
        leader=1,
    )
    play_all(
        game,
        "play 1-0, play 3-0 on 1-0, play 4-3 on 3-0, play 5-4 on 4-3, play 5-3 on 5-4, "
        "play 3-3 on 5-3, play 6-1 on 1-0, play 6-3 on 6-1, draw, draw, draw, draw, draw, "
        "draw, draw, play 3-1 on 6-3, play 2-1 on 3-1, draw, play 3-2 on 2-1, draw, draw, "
        "draw, draw, pass, pass, pass",
    )
    summary = game.result()["hands"][-1]
    # seat 1 keeps 5-5 (10), seat 2 keeps 4-4 and 1-1 (10): a tie for fewest
    assert summary["pips_left"][1:] == [10, 10] and summary["pips_left"][0] > 10
    assert summary["bonus_side"] is None
    assert not any(e["kind"] == "blocked" for e in game.result()["events"])


def test_blocked_hand_four_players_by_team_total() -> None:
    game = start(
        [
            "4-1 3-3 1-1 1-0 0-0",
            "6-5 6-1 5-4 4-0 2-2",
            "6-0 5-3 4-3 4-2 3-0",
            "6-2 5-5 5-2 5-1 3-2",
        ],
        "2-0 6-6 2-1 5-0 3-1 4-4 6-4 6-3",
        leader=3,
    )
    play_all(
        game,
        "play 6-2, draw, play 2-0 on 6-2, play 6-1 on 6-2, play 6-0 on 2-0, "
        "play 5-1 on 6-1, draw, play 6-6 on 6-0, play 6-5 on 5-1, draw, draw, draw, draw, "
        "pass, pass, pass, pass",
    )
    summary = game.result()["hands"][-1]
    # team 0: seat 0 (4-1 3-3 1-1 1-0 0-0 = 14) + seat 2 (44); team 1: seat 1
    # (5-4 4-0 2-2 = 17) + seat 3 (5-5 5-2 3-2 = 22): 39 against 58 → 12
    assert summary["pips_left"] == [14, 17, 44, 22]
    assert score_reasons(game)[-1] == "blocked: fewest pips 39, opponents 58 pips → 12"
    event = game.result()["events"][-1]
    assert event["side"] == 1 and event["seat"] is None and event["points"] == 12
    assert game.view()["leader"] == 0


def test_blocked_hand_four_players_team_tie() -> None:
    game = start(
        [
            "6-3 6-1 5-2 4-1 1-1",
            "6-6 6-2 6-0 4-0 2-1",
            "6-5 5-3 4-3 2-2 2-0",
            "5-1 5-0 3-3 3-2 3-0",
        ],
        "4-4 3-1 5-5 6-4 1-0 0-0 4-2 5-4",
        leader=1,
    )
    play_all(
        game,
        "play 2-1, play 2-0 on 2-1, play 5-0 on 2-0, play 5-2 on 5-0, play 6-2 on 5-2, "
        "play 6-5 on 6-2, play 5-1 on 2-1, draw, draw, draw, play 5-5 on 6-5, draw, draw, "
        "draw, pass, play 5-3 on 5-1, play 3-2 on 5-3, pass, pass, play 2-2 on 3-2, pass, "
        "pass, pass, pass",
    )
    summary = game.result()["hands"][-1]
    # team 0: 35 + 7, team 1: 33 + 9: 42 each
    assert summary["pips_left"] == [35, 33, 7, 9]
    assert summary["bonus"] == "blocked: tie for fewest pips (42): nothing scored"
    assert game.view()["leader"] == 2


def test_game_ends_mid_hand_the_moment_a_side_reaches_the_target() -> None:
    game = start(["6-4 6-3 1-1 0-0 2-2", "4-2 5-5 4-4 3-3 1-0"], target=3)
    game.play("play 6-4")  # 10 → 2
    game.play("play 4-2 on 6-4")  # 6 + 2 = 8
    game.play("play 6-3 on 6-4")  # 3 + 2 = 5 → 1: three, the target
    result = game.result()
    assert result["over"] and result["winner"] == 0 and result["scores"] == [3, 0]
    assert game.is_over and game.to_move is None and game.legal_moves() == []
    summary = result["hands"][-1]
    assert summary["end"] == "target reached" and "tiles_left" not in summary
    assert game.view(1)["hand"] == ["5-5", "4-4", "3-3", "1-0"]
    assert "1-1" not in json.dumps(game.view(1))  # seat 0's tiles stay hidden
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play("play 1-1 on 6-3")


def test_exact_61_a_score_past_the_target_is_not_scored() -> None:
    game = start(["6-4 6-2 4-2 0-0 1-1", "4-4 4-1 3-3 2-2 5-5"], target=3, exact_61=True)
    game.play("play 6-4")  # 10 → 2
    game.play("play 4-4 on 6-4")  # 6 + 8 = 14
    game.play("play 6-2 on 6-4")  # 2 + 8 = 10 → 2, but 2 + 2 passes 3: not scored
    assert game.result()["scores"] == [2, 0] and not game.is_over
    game.play("play 4-1 on 4-4")  # 2 + 1 = 3
    game.play("play 4-2 on 6-2")  # 4 + 1 = 5 → 1: exactly 3
    result = game.result()
    assert result["over"] and result["winner"] == 0 and result["scores"] == [3, 0]
    assert [(e["reason"], e["scored"]) for e in result["events"]] == [
        ("ends 10 → 2", True),
        ("ends 10 → 2 (not scored: 2 + 2 would pass 3)", False),
        ("ends 5 → 1", True),
    ]


def test_without_exact_61_the_same_score_wins() -> None:
    game = start(["6-4 6-2 4-2 0-0 1-1", "4-4 4-1 3-3 2-2 5-5"], target=3)
    play_all(game, "play 6-4, play 4-4 on 6-4, play 6-2 on 6-4")
    assert game.result()["scores"] == [4, 0] and game.result()["winner"] == 0


def test_a_full_game_to_61_ends_mid_hand_or_on_a_bonus() -> None:
    for seed in range(40):
        game = ludoteca.new_game("fiveup", seed=seed, players=2 + seed % 3)
        while not game.is_over:
            game.play(game.legal_moves()[seed % len(game.legal_moves())])
        result = game.result()
        winner = result["winner"]
        assert result["scores"][winner] >= 61
        assert sum(s >= 61 for s in result["scores"]) == 1
        last = result["events"][-1]
        assert last["side"] == winner and last["scores"] == result["scores"]
        before = last["scores"][winner] - last["points"]
        assert before < 61  # the game ended the moment the target was reached
        if last["kind"] == "ends":
            assert result["hands"][-1]["end"] == "target reached"
        else:
            assert result["hands"][-1]["end"] == last["kind"]
        assert game.moves[-1] != "pass" or last["kind"] == "blocked"


def test_views_show_a_seat_its_own_tiles_and_counts_only() -> None:
    game = start([OPENERS, OTHERS], "5-4 0-0")
    game.play("play 6-4")
    game.play("play 6-6 on 6-4")
    v0, v1, spectator = game.view(0), game.view(1), game.view(None)
    assert v0["hand"] == ["5-5", "5-0", "4-1", "3-2"] and v1["hand"] == [
        "6-5",
        "6-3",
        "6-2",
        "6-1",
    ]
    assert spectator["hand"] == [] and v0["hand_sizes"] == [4, 4]
    assert v0["stock_size"] == 18 and v0["stock_drawable"] == 17
    assert v0["log"][1].startswith("deal 6-4 5-5 5-0 4-1 3-2 | ? | stock ?")
    assert v1["log"][1] == "deal ? | 6-6 6-5 6-3 6-2 6-1 | stock ?"
    assert spectator["log"][1] == "deal ? | ? | stock ?"
    for view in (v0, spectator):
        text = json.dumps(view)
        for tile in ("6-5", "6-3", "6-2", "6-1", "5-4 0-0"):
            assert tile not in text
    assert v1["legal_moves"] == [] and spectator["legal_moves"] == []
    assert v0["to_move"] == 0 and v0["legal_moves"] == game.legal_moves() == ["play 4-1 on 6-4"]
    json.dumps(game.result())
    with pytest.raises(ValueError, match="not a seat"):
        game.view(2)


def test_random_games_through_the_public_api() -> None:
    for players in (2, 3, 4):
        game = ludoteca.new_game("fiveup", seed=players, players=players)
        steps = 0
        while not game.is_over:
            moves = game.legal_moves()
            assert moves, "no legal move before the end"
            game.play(moves[(steps * 7) % len(moves)])
            steps += 1
        replayed = ludoteca.replay(game.record())
        assert replayed.result() == game.result() and replayed.moves == game.moves
