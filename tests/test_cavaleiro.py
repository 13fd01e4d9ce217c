"""Cavaleiro's rules: the roll-off, rounds, ranking, every removal, the end, views and notation."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import ludoteca
from ludoteca import IllegalMove
from ludoteca.games.cavaleiro import Cavaleiro

LOW = "roll 1 2 3 4"  # the weakest roll there is: nothing, 4 3 2 1
# roll-off rolls with totals 24, 23, …, 17: seat i rolling ROLLOFF[i] gives the seat order
ROLLOFF = [
    "roll 6 6 6 6",
    "roll 6 6 6 5",
    "roll 6 6 6 4",
    "roll 6 6 6 3",
    "roll 6 6 6 2",
    "roll 6 6 6 1",
    "roll 6 6 5 1",
    "roll 6 6 4 1",
]


def manual(players: int = 2, **options: Any) -> Cavaleiro:
    game = ludoteca.new_game("cavaleiro", chance="manual", players=players, **options)
    assert isinstance(game, Cavaleiro)
    return game


def start(players: int = 2, **options: Any) -> Cavaleiro:
    """A manual game past the roll-off, in seat order."""
    game = manual(players, **options)
    for i in range(players):
        game.play(ROLLOFF[i])
    assert game.view()["order"] == list(range(players))
    return game


def win_round(game: Cavaleiro, seat: int, dice: str) -> None:
    """A round where ``seat`` rolls ``dice`` and everybody else the weakest roll."""
    for s in game.view()["order"]:
        game.play(f"roll {dice}" if s == seat else LOW)
    assert game.to_move == seat


def columns(game: Cavaleiro, seat: int) -> list[int]:
    cols: list[int] = game.view()["figures"][seat]["columns"]
    return cols


def column_moves(ks: dict[int, list[int]]) -> set[str]:
    return {f"remove {k} from column {c}" for c, kk in ks.items() for k in kk}


def full_columns(ks: list[int]) -> dict[int, list[int]]:
    return {c: ks for c in range(1, 10)}


def assert_refused(game: Cavaleiro, move: str, *says: str) -> IllegalMove:
    before_moves = game.moves
    before_view = json.dumps(game.view(None))
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    for text in says:
        assert text in str(err.value), str(err.value)
    assert game.moves == before_moves
    assert json.dumps(game.view(None)) == before_view
    return err.value


# ------------------------------------------------------------ the roll-off


def test_rolloff_highest_total_plays_first() -> None:
    game = manual(4)
    for dice in ("roll 1 1 2 2", "roll 6 6 5 5", "roll 3 3 3 3", "roll 2 2 2 1"):
        game.play(dice)
    # totals 6, 22, 12, 7
    view = game.view()
    assert view["order"] == [1, 2, 3, 0]
    assert view["round"] == 1 and view["phase"] == "roll" and view["to_roll"] == 1
    assert [[r["total"] for r in stage] for stage in view["order_rolloff"]] == [[6, 22, 12, 7]]


def test_rolloff_tie_rerolls_only_the_tied_players() -> None:
    game = manual(3)
    for dice in ("roll 5 5 1 1", "roll 6 6 6 6", "roll 4 4 2 2"):
        game.play(dice)  # totals 12, 24, 12: seats 0 and 2 tie
    view = game.view()
    assert view["round"] == 0 and view["phase"] == "order"
    assert view["order_groups"] == [[1], [0, 2]]
    assert view["to_roll"] == 0
    game.play("roll 1 1 1 2")  # seat 0: 5
    assert game.view()["to_roll"] == 2
    game.play("roll 1 1 1 3")  # seat 2: 6
    view = game.view()
    assert view["order"] == [1, 2, 0]
    assert [[r["seat"] for r in stage] for stage in view["order_rolloff"]] == [[0, 1, 2], [0, 2]]


def test_rolloff_several_tied_groups_best_group_first() -> None:
    game = manual(5)
    # totals: seat0 10, seat1 20, seat2 10, seat3 20, seat4 15
    for dice in ("roll 1 2 3 4", "roll 5 5 5 5", "roll 4 3 2 1", "roll 6 6 4 4", "roll 5 5 4 1"):
        game.play(dice)
    assert game.view()["order_groups"] == [[1, 3], [4], [0, 2]]
    rollers = []
    for dice in ("roll 1 1 1 1", "roll 2 2 2 2", "roll 3 3 3 3", "roll 1 1 1 1"):
        rollers.append(game.view()["to_roll"])
        game.play(dice)
    # the group tied on 20 re-rolls first (seat order inside), then the group tied on 10
    assert rollers == [1, 3, 0, 2]
    assert game.view()["order"] == [3, 1, 4, 0, 2]


def test_rolloff_reroll_that_ties_again_and_splits() -> None:
    game = manual(3)
    for _ in range(3):
        game.play("roll 2 2 2 2")  # all tie on 8
    for _ in range(3):
        game.play("roll 3 3 3 3")  # all tie again
    assert game.view()["order_groups"] == [[0, 1, 2]]
    for dice in ("roll 1 1 1 1", "roll 6 6 6 6", "roll 6 6 5 5"):
        game.play(dice)  # 4, 24, 22
    assert game.view()["order"] == [1, 2, 0]
    assert len(game.view()["order_rolloff"]) == 3


def test_rolloff_split_leaves_a_pair_to_reroll_below_a_winner() -> None:
    game = manual(3)
    for _ in range(3):
        game.play("roll 2 2 2 2")
    for dice in ("roll 4 4 4 4", "roll 1 1 1 1", "roll 1 1 1 1"):
        game.play(dice)  # seat 0 first, seats 1 and 2 tie again
    assert game.view()["order_groups"] == [[0], [1, 2]]
    assert game.view()["to_roll"] == 1
    game.play("roll 1 1 1 1")
    game.play("roll 1 1 1 2")
    assert game.view()["order"] == [0, 2, 1]


# ------------------------------------------------------------------ rounds


def test_every_player_rolls_in_the_current_order() -> None:
    game = manual(3)
    for dice in ("roll 1 1 1 1", "roll 6 6 6 6", "roll 3 3 3 3"):
        game.play(dice)
    rollers = []
    for _ in range(3):
        rollers.append(game.view()["to_roll"])
        game.play(LOW)
    assert rollers == [1, 2, 0]
    assert [r["seat"] for r in game.view()["rolls"]] == [1, 2, 0]


def test_best_roll_wins_and_the_ranking_is_the_next_order() -> None:
    game = start(4)
    for dice in ("roll 6 5 3 2", "roll 2 2 4 1", "roll 5 5 5 1", "roll 3 3 4 4"):
        game.play(dice)
    view = game.view()
    assert view["round_winner"] == 2 and game.to_move == 2
    assert view["ranking"] == [2, 3, 1, 0]
    assert [r["category"] for r in view["rolls"]] == [
        "nothing",
        "one pair",
        "three of a kind",
        "two pairs",
    ]
    game.play("remove horizontal")
    view = game.view()
    assert view["order"] == [2, 3, 1, 0]
    assert view["round"] == 2 and view["rolls"] == [] and view["round_winner"] is None
    assert view["to_roll"] == 2
    assert view["last_round"]["winner"] == 2
    assert view["last_round"]["removal"] == "remove horizontal"


def test_seed_example_in_play_6521_beats_5321_and_6432() -> None:
    game = start(3)
    for dice in ("roll 5 3 2 1", "roll 6 4 3 2", "roll 1 2 5 6"):
        game.play(dice)
    assert game.to_move == 2
    assert game.view()["ranking"] == [2, 1, 0]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("6 6 6 6", "6 6 6 6"),  # four of a kind, same number
        ("4 4 4 1", "4 4 4 6"),  # three of a kind: the odd die does not count
        ("6 6 3 3", "3 6 3 6"),  # same two pairs
        ("5 5 1 2", "5 5 6 4"),  # one pair: the odd dice do not count
        ("6 5 2 1", "1 2 5 6"),  # same nothing in another order
    ],
)
def test_full_tie_goes_to_the_earlier_roller(first: str, second: str) -> None:
    game = start(3)
    game.play(LOW)
    game.play(f"roll {first}")
    game.play(f"roll {second}")
    assert game.to_move == 1
    assert game.view()["ranking"] == [1, 2, 0]


def test_tie_break_inside_categories_decides_the_round() -> None:
    cases = [
        ("2 2 2 2", "3 3 3 3"),  # four of a kind: higher number
        ("5 5 5 6", "6 6 6 1"),  # three of a kind: higher triple
        ("5 5 4 4", "6 6 1 1"),  # two pairs: higher pair
        ("6 6 2 2", "6 6 3 3"),  # two pairs: then the lower pair
        ("4 4 6 5", "5 5 1 2"),  # one pair: higher pair
        ("6 5 3 1", "6 5 3 2"),  # nothing: dice from highest to lowest
    ]
    for first, second in cases:
        game = start(2)
        game.play(f"roll {first}")
        game.play(f"roll {second}")
        assert game.to_move == 1, (first, second)
        assert game.view()["ranking"] == [1, 0]


# ---------------------------------------------------------------- removals


def test_four_of_a_kind_on_a_full_figure() -> None:
    game = start()
    win_round(game, 0, "3 3 3 3")
    assert set(game.legal_moves()) == {
        "remove horizontals",
        "remove block 1",
        "remove block 2",
        "remove block 3",
    }
    assert game.view()["allowed_removal_code"] == {"code": "block_or_horizontals"}
    game.play("remove block 2")
    assert columns(game, 0) == [3, 3, 3, 0, 0, 0, 3, 3, 3]
    assert game.result()["sticks_left"] == [21, 30]


def test_four_of_a_kind_takes_every_remaining_horizontal() -> None:
    game = start()
    win_round(game, 0, "6 6 6 1")
    game.play("remove horizontal")
    win_round(game, 0, "2 2 2 2")
    game.play("remove horizontals")
    fig = game.view()["figures"][0]
    assert fig["horizontals"] == 0 and fig["sticks_left"] == 27
    win_round(game, 0, "2 2 2 2")
    assert "remove horizontals" not in game.legal_moves()
    assert_refused(game, "remove horizontals", "no horizontal is left")


def test_four_of_a_kind_only_intact_blocks_while_one_is_intact() -> None:
    game = start()
    win_round(game, 0, "6 6 1 2")
    game.play("remove 1 from column 5")  # block 2 no longer intact
    win_round(game, 0, "5 5 5 5")
    assert set(game.legal_moves()) == {"remove horizontals", "remove block 1", "remove block 3"}
    assert_refused(game, "remove block 2", "block 2 is no longer intact", "no block is intact")
    assert_refused(game, "remove 3 from column 1", "four of a kind removes horizontals or a block")
    assert_refused(game, "remove horizontal", "all the remaining horizontals, not one")


def test_four_of_a_kind_takes_a_partial_block_when_none_is_intact() -> None:
    game = start()
    for column in (2, 5, 9):
        win_round(game, 0, "6 6 1 2")
        game.play(f"remove 2 from column {column}")
    assert columns(game, 0) == [3, 1, 3, 3, 1, 3, 3, 3, 1]
    assert game.view()["figures"][0]["intact_blocks"] == []
    win_round(game, 0, "4 4 4 4")
    assert set(game.legal_moves()) == {
        "remove horizontals",
        "remove block 1",
        "remove block 2",
        "remove block 3",
    }
    game.play("remove block 3")
    assert columns(game, 0) == [3, 1, 3, 3, 1, 3, 0, 0, 0]
    assert game.result()["sticks_left"][0] == 30 - 6 - 7
    # an emptied block is no choice any more, the other partial ones are
    win_round(game, 0, "4 4 4 4")
    assert set(game.legal_moves()) == {"remove horizontals", "remove block 1", "remove block 2"}
    assert_refused(game, "remove block 3", "block 3 has no stick left")


def test_three_of_a_kind_one_horizontal_or_a_whole_column() -> None:
    game = start()
    win_round(game, 0, "2 2 2 5")
    assert set(game.legal_moves()) == {"remove horizontal"} | column_moves(full_columns([3]))
    assert_refused(
        game, "remove 2 from column 4", "three of a kind removes everything left in one column"
    )
    assert_refused(game, "remove horizontals", "needs four of a kind")
    assert_refused(game, "remove block 1", "removing a block needs four of a kind")
    game.play("remove horizontal")
    assert game.view()["figures"][0]["horizontals"] == 2


def test_three_of_a_kind_takes_only_what_is_left_of_an_incomplete_column() -> None:
    game = start()
    win_round(game, 0, "6 6 1 2")
    game.play("remove 2 from column 7")
    win_round(game, 0, "3 1 3 3")
    moves = set(game.legal_moves())
    assert "remove 1 from column 7" in moves
    assert "remove 3 from column 7" not in moves and "remove 2 from column 7" not in moves
    assert_refused(game, "remove 3 from column 7", "column 7 holds only 1")
    game.play("remove 1 from column 7")
    assert columns(game, 0)[6] == 0
    win_round(game, 0, "3 1 3 3")
    assert not any(m.endswith("column 7") for m in game.legal_moves())
    assert_refused(game, "remove 1 from column 7", "column 7 has no stick left")


@pytest.mark.parametrize("dice", ["6 6 1 1", "5 2 5 2", "5 5 4 4"])
def test_two_pairs_with_a_high_pair_of_6_or_5_take_1_to_3_of_a_column(dice: str) -> None:
    game = start()
    win_round(game, 0, dice)
    assert set(game.legal_moves()) == column_moves(full_columns([1, 2, 3]))
    assert_refused(game, "remove horizontal", "needs three of a kind")
    game.play("remove 3 from column 1")
    assert columns(game, 0)[0] == 0


@pytest.mark.parametrize("dice", ["4 4 1 1", "3 2 3 2", "2 2 1 1", "4 4 3 3"])
def test_two_pairs_with_a_high_pair_of_4_3_or_2_take_1_or_2_of_a_column(dice: str) -> None:
    game = start()
    win_round(game, 0, dice)
    assert set(game.legal_moves()) == column_moves(full_columns([1, 2]))
    assert_refused(game, "remove 3 from column 2", "allows 1 or 2 verticals of one column")


@pytest.mark.parametrize("dice", ["6 6 1 2", "5 1 5 3"])
def test_pair_of_6_or_5_takes_1_or_2_of_a_column(dice: str) -> None:
    game = start()
    win_round(game, 0, dice)
    assert set(game.legal_moves()) == column_moves(full_columns([1, 2]))
    game.play("remove 2 from column 9")
    assert columns(game, 0) == [3, 3, 3, 3, 3, 3, 3, 3, 1]


@pytest.mark.parametrize("dice", ["4 4 1 2", "3 3 1 2", "2 2 1 3", "1 1 2 3", "6 5 2 1", "4 3 2 1"])
def test_low_pair_or_nothing_takes_one_vertical(dice: str) -> None:
    game = start(2)
    game.play(f"roll {dice}")
    game.play("roll 1 2 3 4" if dice != "4 3 2 1" else "roll 3 2 1 4")
    assert game.to_move == 0
    assert set(game.legal_moves()) == column_moves(full_columns([1]))
    assert_refused(game, "remove 2 from column 1", "allows one vertical")
    assert_refused(game, "remove horizontal", "needs three of a kind")


def test_pair_limits_are_capped_by_what_a_column_holds() -> None:
    game = start()
    win_round(game, 0, "6 6 1 2")
    game.play("remove 2 from column 3")
    win_round(game, 0, "6 6 5 5")
    moves = set(game.legal_moves())
    assert "remove 1 from column 3" in moves
    assert "remove 2 from column 3" not in moves and "remove 3 from column 3" not in moves
    assert "remove 3 from column 4" in moves
    assert_refused(game, "remove 2 from column 3", "column 3 holds only 1")


def strip_verticals(game: Cavaleiro, seat: int) -> None:
    for block in (1, 2, 3):
        win_round(game, seat, "6 6 6 6")
        game.play(f"remove block {block}")


def test_winner_with_nothing_to_remove_passes() -> None:
    game = start()
    strip_verticals(game, 0)
    assert game.view()["figures"][0]["sticks_left"] == 3
    for dice in ("6 6 5 5", "6 6 1 2", "4 4 1 1", "6 5 3 2"):
        win_round(game, 0, dice)
        assert game.legal_moves() == ["pass"]
        before = game.view()["figures"][0]
        game.play("pass")
        assert game.view()["figures"][0] == before
        assert game.view()["last_round"]["removal"] == "pass"
    # three of a kind may take a horizontal again
    win_round(game, 0, "1 1 1 2")
    assert game.legal_moves() == ["remove horizontal"]


def test_pass_is_refused_when_something_can_be_removed() -> None:
    game = start()
    win_round(game, 0, "6 5 3 2")
    assert_refused(game, "pass", "may pass only when nothing can be removed")


def test_first_to_remove_the_last_stick_wins() -> None:
    game = start(2, names=["Ana", "Beto"])
    strip_verticals(game, 1)
    win_round(game, 1, "1 1 1 1")
    assert game.legal_moves() == ["remove horizontals"]
    game.play("remove horizontals")
    assert game.is_over and game.to_move is None
    result = game.result()
    assert result["winner"] == 1
    assert result["sides"] == [[0], [1]]
    assert result["sticks_left"] == [30, 0]
    assert result["scores"] == [0, 30]
    assert result["rounds"] == 4 and result["rounds_won"] == [0, 4]
    view = game.view()
    assert view["winner"] == 1 and view["phase"] == "over"
    assert view["round_winner"] == 1 and len(view["rolls"]) == 2
    assert_refused(game, "roll 1 1 1 1", "over")


def test_last_stick_from_a_column_also_wins() -> None:
    game = start(2, layout="1x1x2+0")
    win_round(game, 1, "6 6 1 2")
    assert set(game.legal_moves()) == {"remove 1 from column 1", "remove 2 from column 1"}
    game.play("remove 1 from column 1")
    assert not game.is_over
    win_round(game, 1, "6 5 2 1")
    game.play("remove 1 from column 1")
    assert game.is_over and game.result()["winner"] == 1


# ------------------------------------------------------- other layouts


def test_tall_columns_three_of_a_kind_takes_the_whole_column() -> None:
    game = start(2, layout="1x2x5+0")
    win_round(game, 0, "4 4 4 2")
    assert set(game.legal_moves()) == {"remove 5 from column 1", "remove 5 from column 2"}
    game.play("remove 5 from column 2")
    assert columns(game, 0) == [5, 0]
    win_round(game, 0, "6 6 5 5")
    assert set(game.legal_moves()) == column_moves({1: [1, 2, 3]})


def test_uneven_blocks_intact_means_nothing_removed_yet() -> None:
    game = start(2, layout="12/3+1")
    assert game.view()["layout"]["blocks"] == [[1, 2], [3]]
    win_round(game, 0, "6 6 1 2")
    game.play("remove 1 from column 2")
    win_round(game, 0, "5 5 5 5")
    assert set(game.legal_moves()) == {"remove horizontals", "remove block 2"}
    game.play("remove block 2")
    win_round(game, 0, "5 5 5 5")
    assert set(game.legal_moves()) == {"remove horizontals", "remove block 1"}
    game.play("remove block 1")
    assert game.view()["figures"][0]["sticks_left"] == 1


def test_layout_without_horizontals_never_offers_them() -> None:
    game = start(2, layout="33+0")
    win_round(game, 0, "2 2 2 1")
    assert set(game.legal_moves()) == {"remove 3 from column 1", "remove 3 from column 2"}


# --------------------------------------------------------- notation


def test_move_notation_round_trips_and_is_forgiving_about_spaces_and_case() -> None:
    game = start()
    win_round(game, 0, "5 5 5 5")
    game.play("  Remove   BLOCK 1 ")
    assert game.moves[-1] == "remove block 1"
    win_round(game, 0, "5 5 5 1")
    game.play("remove one horizontal")
    assert game.moves[-1] == "remove horizontal"


def test_rolls_are_recorded_as_rolled() -> None:
    game = manual(2)
    game.play("roll  2 6 1   5")
    game.play("ROLL 1 1 4 3")
    assert game.moves == ["roll 2 6 1 5", "roll 1 1 4 3"]


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("roll 1 2 3", "four dice from 1 to 6"),
        ("roll 1 2 3 7", "four dice from 1 to 6"),
        ("roll 0 2 3 4", "four dice from 1 to 6"),
        ("roll 1 2 3 4 5", "four dice from 1 to 6"),
        ("remove block 1", "roll of seat 0 (Player 1) for the order of play is due"),
        ("nonsense", "roll a b c d"),
    ],
)
def test_bad_rolls_are_refused(bad: str, says: str) -> None:
    game = manual(2)
    err = assert_refused(game, bad, says)
    assert err.seat == "chance"


def test_roll_during_a_round_names_the_roller() -> None:
    game = start(3)
    game.play(LOW)
    assert_refused(game, "remove block 1", "roll of seat 1 (Player 2) in round 1 is due")


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("remove block 4", "blocks 1 to 3, not '4'"),
        ("remove 4 from column 1", "K is 1 to 3, not '4'"),
        ("remove 1 from column 10", "columns 1 to 9, not '10'"),
        ("remove 1 from column x", "columns 1 to 9"),
        ("roll 6 6 6 6", "no roll is due: seat 0 (Player 1) won round 1"),
        ("take a stick", "remove K from column C"),
        ("", "Cavaleiro moves are"),
    ],
)
def test_bad_decisions_say_what_moves_look_like(bad: str, says: str) -> None:
    game = start()
    win_round(game, 0, "6 5 3 2")
    err = assert_refused(game, bad, says)
    assert err.seat == 0


def test_refusals_by_action_number_change_nothing() -> None:
    game = start()
    win_round(game, 0, "6 5 3 2")
    before = game.moves
    with pytest.raises(IllegalMove, match="there is no action 99"):
        game.apply_action(99)
    with pytest.raises(IllegalMove, match="allows one vertical"):
        game.apply_action(game.move_to_action("remove 3 from column 1"))
    assert game.moves == before


# ------------------------------------------------------------------- views


def test_view_shows_every_figure_stick_by_stick() -> None:
    game = start(3)
    win_round(game, 1, "6 6 1 2")
    game.play("remove 2 from column 5")
    view = json.loads(json.dumps(game.view(2)))
    sticks = view["sticks"]
    assert len(sticks) == 30
    assert len(view["figures"]) == 3
    for seat, fig in enumerate(view["figures"]):
        assert fig["seat"] == seat and len(fig["present"]) == 30
    gone = [s["id"] for s, p in zip(sticks, view["figures"][1]["present"], strict=True) if not p]
    # the two top sticks of column 5
    assert [(sticks[i]["column"], sticks[i]["row"]) for i in gone] == [(5, 1), (5, 2)]
    assert all(view["figures"][0]["present"]) and all(view["figures"][2]["present"])
    assert view["figures"][1]["columns"] == [3, 3, 3, 3, 1, 3, 3, 3, 3]
    assert view["figures"][1]["blocks"] == [9, 7, 9]
    assert view["figures"][1]["intact_blocks"] == [1, 3]
    assert view["figures"][1]["sticks_left"] == 28


def test_view_shows_horizontals_removed_last_first() -> None:
    game = start()
    win_round(game, 0, "6 6 6 1")
    game.play("remove horizontal")
    view = game.view()
    present = view["figures"][0]["present"]
    kinds = [s["kind"] for s in view["sticks"]]
    assert kinds[27:] == ["horizontal"] * 3
    assert present[27:] == [True, True, False]


def test_view_shows_order_rolls_categories_and_round_winner() -> None:
    game = start(3)
    game.play("roll 6 6 2 2")
    view = game.view(0)
    assert view["round"] == 1 and view["order"] == [0, 1, 2]
    assert view["to_roll"] == 1 and view["round_winner"] is None
    assert view["rolls"] == [
        {
            "seat": 0,
            "dice": [6, 6, 2, 2],
            "category": "two pairs",
            "key": [2, 6, 2],
        }
    ]
    game.play("roll 1 3 5 6")
    game.play("roll 4 4 5 1")
    view = game.view(1)
    assert [r["category"] for r in view["rolls"]] == ["two pairs", "nothing", "one pair"]
    assert view["round_winner"] == 0 and view["ranking"] == [0, 2, 1]
    assert view["to_move"] == 0 and view["legal_moves"] == []
    assert game.view(0)["legal_moves"] == game.legal_moves()
    assert view["allowed_removal_code"] == {"code": "column_up_to", "max": 3}


def test_views_are_the_same_for_every_seat_but_the_seat_and_moves() -> None:
    game = ludoteca.new_game("cavaleiro", seed=4, players=4)
    rng = random.Random(4)
    for _ in range(10):
        game.play(rng.choice(game.legal_moves()))
    base = game.view(None)
    for seat in range(4):
        view = game.view(seat)
        for key in base:
            if key not in ("seat", "legal_moves"):
                assert view[key] == base[key], key
    assert base["log"] == game.moves


# ---------------------------------------------------------------- full games


def play_out(game: ludoteca.Game, rng: random.Random) -> None:
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("seed", range(20))
def test_full_random_games(players: int, seed: int) -> None:
    game = ludoteca.new_game("cavaleiro", seed=seed, players=players)
    play_out(game, random.Random(seed))
    result = game.result()
    winner = result["winner"]
    assert result["over"] and winner is not None
    assert result["sticks_left"][winner] == 0
    assert all(x > 0 for s, x in enumerate(result["sticks_left"]) if s != winner)
    assert result["scores"] == [30 - x for x in result["sticks_left"]]
    assert sum(result["rounds_won"]) == result["rounds"]
    # the last decision emptied the winner's figure
    assert game.view()["last_round"]["winner"] == winner
    record = json.loads(json.dumps(game.record()))
    again = ludoteca.replay(record)
    assert again.moves == game.moves and again.result() == result


def test_full_six_player_game_played_by_hand() -> None:
    game = start(6)
    # seat 4 wins four rounds with four of a kind; the others never get a decision
    for removal in ("remove block 1", "remove horizontals", "remove block 3", "remove block 2"):
        win_round(game, 4, "6 6 6 6")
        game.play(removal)
        if not game.is_over:
            assert game.view()["order"] == [4, 0, 1, 2, 3, 5]
    assert game.is_over
    result = game.result()
    assert result["winner"] == 4
    assert result["sticks_left"] == [30, 30, 30, 30, 0, 30]
    moves = game.moves
    assert len(moves) == 6 + 4 * (6 + 1)


def test_auto_chance_game_is_reproducible_and_fast_path_agrees() -> None:
    for seed in range(10):
        a = ludoteca.new_game("cavaleiro", seed=seed, players=3)
        b = ludoteca.new_game("cavaleiro", seed=seed, players=3)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        while not a.is_over:
            a.play(a.action_to_move(rng_a.choice(a.legal_actions())))
            b.fast.apply(rng_b.choice(b.legal_actions()))
        assert b.is_over and a.moves == b.moves


def test_sample_hidden_is_a_plain_copy_with_fresh_future_dice() -> None:
    game = ludoteca.new_game("cavaleiro", seed=8, players=3)
    rng = random.Random(8)
    for _ in range(5):
        game.play(rng.choice(game.legal_moves()))
    seat = game.to_move
    assert isinstance(seat, int)
    futures = set()
    for i in range(5):
        twin = game.sample_hidden(seat, random.Random(i))
        assert twin.view(seat) == game.view(seat)
        assert twin.moves == game.moves
        twin.play(twin.legal_moves()[0])
        futures.add(tuple(twin.moves[len(game.moves) + 1 :][:3]))
        play_out(twin, random.Random(i))
    assert len(futures) > 1  # the copies' dice do not follow the game's generator
    with pytest.raises(ValueError, match="not a seat"):
        game.sample_hidden(7, random.Random(0))


@pytest.mark.parametrize("players", [2, 5])
def test_playout_draws_exactly_like_a_public_api_loop(players: int) -> None:
    for seed in range(30):
        game = ludoteca.new_game("cavaleiro", seed=seed, players=players)
        rng = random.Random(seed)
        for _ in range(seed % 7):
            game.play(rng.choice(game.legal_moves()))
        assert isinstance(game, Cavaleiro)
        before = game.moves
        winner = game.playout(random.Random(seed + 100))
        assert game.moves == before  # the game itself is untouched
        reference = game.copy()
        reference.chance_mode = "manual"
        draw = random.Random(seed + 100)
        while not reference.is_over:
            if reference.to_move == "chance":
                reference.play(reference.sample_chance(draw))
            else:
                reference.play(draw.choice(reference.legal_moves()))
        assert reference.result()["winner"] == winner


@pytest.mark.parametrize("rolls_played", [0, 1, 3, 4, 7])
def test_playout_from_the_roll_off_and_from_mid_round(rolls_played: int) -> None:
    for seed in range(10):
        game = manual(3)
        draw = random.Random(seed)
        for _ in range(rolls_played):
            if game.to_move == "chance":
                game.play(game.sample_chance(draw))
            else:
                game.play(draw.choice(game.legal_moves()))
        winner = game.playout(random.Random(seed + 7))
        reference = game.copy()
        chooser = random.Random(seed + 7)
        while not reference.is_over:
            if reference.to_move == "chance":
                reference.play(reference.sample_chance(chooser))
            else:
                reference.play(chooser.choice(reference.legal_moves()))
        assert reference.result()["winner"] == winner
    over = start()
    strip_verticals(over, 0)
    win_round(over, 0, "6 6 6 6")
    over.play("remove horizontals")
    assert over.playout(random.Random(0)) == 0
