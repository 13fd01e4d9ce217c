"""Bingo: the seed's orderings and every rule with an example, worked out by hand."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from bingo_helpers import (
    LAST_STOCK,
    LOW0,
    LOW1,
    STRONG,
    WEAK,
    deal_text,
    dealt,
    fillers,
    new,
    play,
    seven_low_tricks,
)

import ludoteca
from ludoteca.games.bingo import Bingo
from ludoteca.tiles import ALL_TILES, Tile, tile_index


def trick_winner(lead: str, reply: str, up: str, **options: Any) -> int:
    """Seat 0 leads ``lead`` and seat 1 answers ``reply`` (the stock is open: free play)."""
    fill = fillers(lead, reply, up)
    game = dealt(" ".join([lead, *fill[:6]]), " ".join([reply, *fill[6:12]]), up, **options)
    play(game, f"play {lead}", f"play {reply}")
    winner = game.view()["last_trick"]["winner"]
    assert isinstance(winner, int)
    return winner


def beats(stronger: str, weaker: str, up: str, **options: Any) -> bool:
    """Whether ``stronger`` takes the trick both when it leads and when it answers."""
    return (
        trick_winner(stronger, weaker, up, **options) == 0
        and trick_winner(weaker, stronger, up, **options) == 1
    )


def hand(game: Bingo, seat: int) -> set[str]:
    return set(game.view(seat)["hand"])


# --------------------------------------------------------- the seed's orderings


def test_seed_non_trumps_by_pip_total() -> None:
    # "4 – 3 ganha de 5 – 1, mas perde de 5 – 3" (trump 6: none of them is a trump)
    assert beats("4-3", "5-1", up="6-2")
    assert beats("5-3", "4-3", up="6-2")


def test_seed_trump_two_order() -> None:
    # trump 2: 2-2 > 2-6 > 2-5 > 2-4 > 2-3 > 2-1 > 2-0
    order = ["2-2", "6-2", "5-2", "4-2", "3-2", "2-1", "2-0"]
    for i, j in itertools.combinations(range(len(order)), 2):
        up = next(u for u in ("2-2", "2-1", "2-0") if u not in (order[i], order[j]))
        assert beats(order[i], order[j], up=up), (order[i], order[j])


def test_bingo_beats_the_trump_double_and_everything() -> None:
    assert beats("0-0", "2-2", up="2-1")
    for t in ALL_TILES:
        if str(t) not in ("0-0", "6-1"):
            assert beats("0-0", str(t), up="6-1"), t


def test_any_trump_beats_any_non_trump() -> None:
    assert beats("2-0", "6-6", up="2-1")
    assert beats("2-0", "6-5", up="2-1")
    assert beats("6-6", "5-5", up="4-1")  # doubles that are not trump count their pips


def test_seed_equal_totals_go_to_the_leader() -> None:
    # "se houver empate (por exemplo, 3 – 2 e 4 – l), vence quem iniciou a vaza"
    assert trick_winner("3-2", "4-1", up="6-6") == 0
    assert trick_winner("4-1", "3-2", up="6-6") == 0
    assert trick_winner("6-0", "5-1", up="4-4") == 0


@pytest.mark.parametrize(
    ("up", "trump"), [("6-2", 6), ("5-5", 5), ("6-0", 6), ("1-0", 1), ("0-0", 0)]
)
def test_trump_is_the_turned_up_tiles_higher_end(up: str, trump: int) -> None:
    # "se foi virado um 5 – 5, o trunfo será 5; se foi um 6 – 2, ele será 6"
    fill = fillers(up)
    game = dealt(" ".join(fill[:7]), " ".join(fill[7:14]), up)
    assert game.view()["trump"] == trump
    assert game.view()["up"] == up


def test_blanks_as_seven_for_trump_and_strength() -> None:
    fill = fillers("5-0")
    game = dealt(" ".join(fill[:7]), " ".join(fill[7:14]), "5-0", blanks_as_seven=True)
    assert game.view()["trump"] == 0  # a turned-up blank makes blanks trump
    assert beats("6-0", "6-6", up="5-5", blanks_as_seven=True)  # 13 against 12
    assert beats("6-6", "6-0", up="5-5")  # without the option 6-0 is 6
    assert beats("6-0", "5-0", up="4-0", blanks_as_seven=True)  # blanks trump: 0-6 > 0-5
    assert beats("1-0", "6-6", up="4-0", blanks_as_seven=True)


# ------------------------------------------------------------ capture points


def seed_value(tile: str, trump: int, blanks_as_seven: bool = False) -> int:
    """The seed's capture values, written out again for the tests."""
    t = Tile.parse(tile)
    if t.high == t.low == trump:
        return 28
    if (t.high, t.low) == (0, 0):
        return 14
    if (t.high, t.low) == (3, 0):
        return 10

    def end(e: int) -> int:
        return 7 if blanks_as_seven and e == 0 else e

    return end(t.high) + end(t.low)


@pytest.mark.parametrize("up", ["6-1", "2-1", "5-3", "3-3", "0-0"])
def test_every_capture_value(up: str) -> None:
    trump = Tile.parse(up).high
    for t in ALL_TILES:
        tile = str(t)
        partner = "1-0" if tile != "1-0" else "2-0"
        if up in (tile, partner):
            continue
        fill = fillers(tile, partner, up)
        game = dealt(" ".join([tile, *fill[:6]]), " ".join([partner, *fill[6:12]]), up)
        play(game, f"play {tile}", f"play {partner}")
        view = game.view()
        winner = view["last_trick"]["winner"]
        expected = seed_value(tile, trump) + seed_value(partner, trump)
        assert view["points"][winner] == expected, tile
        assert view["points"][1 - winner] == 0
        assert view["score_events"] == [
            {
                "hand": 1,
                "trick": 1,
                "seat": winner,
                "points": expected,
                "reason": "capture",
                "tiles": sorted([tile, partner], key=tile_index, reverse=True),
            }
        ]


def test_capture_values_named_by_the_seed() -> None:
    # trump 2: the trump double 28, the bingo 14, 6-6 12, 5-5 10, 5-3 8, 3-0 10
    h0, h1 = "2-2 0-0 3-0 6-6 5-5 5-3 1-1", "6-5 6-4 6-3 6-1 5-4 4-3 4-1"
    game = dealt(h0, h1, "2-1")
    play(game, "play 2-2", "play 6-5")  # 28 + 11
    assert game.view()["points"] == [39, 0]
    play(game, "play 0-0", "play 6-4")  # 14 + 10
    assert game.view()["points"] == [63, 0]
    game = dealt(h0, h1, "2-1")
    play(game, "play 3-0", "play 4-3")  # 4-3 (7 pips) beats 3-0 (3): 10 + 7 to seat 1
    play(game, "play 4-1", "play 5-3")  # seat 1 leads; 5-3 wins: 5 + 8 to seat 0
    play(game, "play 5-5", "play 6-4")  # 10 against 10: the leader, seat 0, takes 20
    assert game.view()["points"] == [33, 17]


def test_bingo_is_worth_28_when_it_is_the_trump_double() -> None:
    # blanks trump (a turned-up blank, blanks_as_seven): 0-0 is bingo and trump double
    h0, h1 = "0-0 6-6 6-5 6-4 6-3 6-2 5-5", "5-4 5-3 5-2 5-1 4-4 4-3 4-2"
    game = dealt(h0, h1, "4-0", blanks_as_seven=True)
    play(game, "play 0-0", "play 5-1")
    assert game.view()["points"] == [28 + 6, 0]


def test_blanks_as_seven_capture_values() -> None:
    h0, h1 = "6-0 5-0 3-0 0-0 6-6 5-5 1-1", "6-5 6-4 6-3 6-1 5-4 4-3 4-1"
    game = dealt(h0, h1, "2-1", blanks_as_seven=True)
    play(game, "play 6-0", "play 4-1")  # 13 + 5
    assert game.view()["points"] == [18, 0]
    play(game, "play 5-0", "play 4-3")  # 12 + 7
    assert game.view()["points"] == [37, 0]
    play(game, "play 3-0", "play 5-4")  # 3-0 counts 10 and beats 5-4 (9): 10 + 9
    assert game.view()["points"] == [56, 0]
    plain = dealt(h0, h1, "2-1")
    play(plain, "play 3-0", "play 5-4")  # without the option 5-4 (9) beats 3-0 (3)
    assert plain.view()["points"] == [0, 19]


# ------------------------------------------------------------- drawing


def test_the_trick_winner_draws_first() -> None:
    game = dealt(
        "6-6 6-5 6-4 6-3 6-2 5-5 5-4",
        "6-0 2-0 2-1 1-1 3-1 3-0 4-0",
        "6-1",
        stock="4-4 3-3 2-2 0-0",
    )
    play(game, "play 5-4", "play 6-0")  # seat 1 wins with a trump and draws 4-4
    assert "4-4" in hand(game, 1) and "3-3" in hand(game, 0)
    assert game.to_move == 1
    play(game, "play 2-0", "play 6-6")  # seat 0 wins and draws 2-2
    assert "2-2" in hand(game, 0) and "0-0" in hand(game, 1)
    assert game.view()["stock_count"] == 10  # 9 hidden and the turned-up tile
    assert game.view()["hand_sizes"] == [7, 7]


def test_free_play_while_the_stock_lasts() -> None:
    game = dealt("6-6 6-5 6-4 6-3 6-2 5-5 5-4", "1-0 2-0 2-1 1-1 3-1 3-0 4-0", "6-1")
    play(game, "play 6-4")
    # seat 1 holds a 4 (4-0) but may answer with anything
    assert sorted(game.legal_moves()) == sorted(
        f"play {t}" for t in "1-0 2-0 2-1 1-1 3-1 3-0 4-0".split()
    )
    assert game.view()["following_compulsory"] is False


@pytest.mark.parametrize("take", ["take up", "take hidden"])
def test_the_last_two_stock_tiles_are_the_winners_choice(take: str) -> None:
    game = dealt(LOW0, LOW1, "6-5", stock=LAST_STOCK)
    queues = [LOW0.split(), LOW1.split()]
    for trick in range(7):
        if trick == 6:
            # the lead where only the turned-up tile and one hidden tile are left: may close
            assert game.view()["stock_count"] == 2
            assert "close" in game.legal_moves()
        for _ in range(2):
            seat = game.to_move
            assert isinstance(seat, int)
            game.play("play " + queues[seat].pop(0))
    winner = game.view()["last_trick"]["winner"]
    assert game.to_move == winner
    assert game.legal_moves() == ["take up", "take hidden"]
    assert game.view()["points"][0] + game.view()["points"][1] == 59
    game.play(take)
    gets_up = winner if take == "take up" else 1 - winner
    assert "6-5" in hand(game, gets_up)
    assert "3-0" in hand(game, 1 - gets_up)  # the last hidden tile
    view = game.view(1 - gets_up)
    assert view["known_held"][gets_up] == ["6-5"]
    assert view["up"] is None and view["stock_count"] == 0
    assert view["following_compulsory"] is True
    assert game.to_move == winner and "close" not in game.legal_moves()


# ------------------------------------------------------------ the follow rule

FOLLOW_LEADER = "6-4 6-6 6-5 6-3 6-2 5-4 5-3"


@pytest.mark.parametrize(
    ("follower", "allowed"),
    [
        ("6-1 4-3 2-0 5-5 3-3 1-0 5-1", "6-1"),  # 1: the led tile's higher end
        ("4-3 4-0 2-0 5-5 3-3 1-0 5-1", "4-3 4-0"),  # 2: its lower end
        ("2-0 2-2 5-5 3-3 1-0 5-1 3-1", "2-0 2-2"),  # 3: a trump
        ("5-5 3-3 1-0 5-1 3-1 1-1 0-0", "5-5 3-3 1-0 5-1 3-1 1-1 0-0"),  # 4: any tile
    ],
)
def test_follow_rule_four_steps_once_closed(follower: str, allowed: str) -> None:
    game = dealt(FOLLOW_LEADER, follower, "2-1")  # trump 2
    play(game, "close", "play 6-4")
    assert game.view()["following_compulsory"] is True
    assert sorted(game.legal_moves()) == sorted(f"play {t}" for t in allowed.split())
    refused = next((t for t in follower.split() if t not in allowed.split()), None)
    if refused is not None:
        before = game.moves
        with pytest.raises(ludoteca.IllegalMove, match="following is compulsory"):
            game.play(f"play {refused}")
        assert game.moves == before


def test_follow_rule_applies_once_the_stock_is_exhausted() -> None:
    game = dealt(LOW0, LOW1, "6-5", stock=LAST_STOCK)
    seven_low_tricks(game)
    game.play("take up")
    leader = game.to_move
    assert isinstance(leader, int)
    lead = game.legal_moves()[0]
    game.play(lead)
    led = Tile.parse(lead.split()[1])
    held = [Tile.parse(t) for t in hand(game, 1 - leader)]
    for end in (led.high, led.low):
        suit = [t for t in held if t.has(end)]
        if suit:
            break
    else:
        suit = [t for t in held if t.has(6)] or held
    assert sorted(game.legal_moves()) == sorted(f"play {t}" for t in suit)


# ----------------------------------------------------------------- showing


SHOWABLE = ["4-4", "3-3", "2-2", "1-1", "6-6", "0-0"]
SHOW_POINTS = {1: 20, 2: 40, 3: 50, 4: 60, 5: 70, 6: 70}


# 5-5 is led; six other doubles can only be shown with the bingo among them
SHOW_CASES = [(n, False) for n in range(1, 6)] + [(n, True) for n in range(1, 7)]


@pytest.mark.parametrize(("count", "with_bingo"), SHOW_CASES)
@pytest.mark.parametrize("won", [False, True])
def test_show_points(count: int, with_bingo: bool, won: bool) -> None:
    pool = [d for d in SHOWABLE if d != "0-0"]
    shown = ["0-0", *pool[: count - 1]] if with_bingo else pool[:count]
    others = ["5-4", "5-3", "4-3", "5-2", "6-5"][: 6 - count]
    leader = " ".join(["5-5", *shown, *others])
    follower = "2-1 6-4 6-3 6-2 3-1 4-1 4-0"
    game = dealt(leader, follower, "6-1")  # trump 6
    play(game, "play 5-5 show")
    assert game.view(1)["shown"] == [sorted(shown, key=tile_index, reverse=True), []]
    game.play("play 2-1" if won else "play 6-4")
    view = game.view()
    if won:
        bonus = SHOW_POINTS[count] + (10 if with_bingo else 0)
        assert view["points"] == [10 + 3 + bonus, 0]
        assert view["score_events"][-1]["reason"] == "show"
        assert view["score_events"][-1]["points"] == bonus
    else:
        assert view["points"] == [0, 10 + 10]
        assert all(e["reason"] == "capture" for e in view["score_events"])
    # shown doubles stay shown, won or lost
    assert view["shown"][0] == sorted(shown, key=tile_index, reverse=True)


def test_leading_the_bingo_with_a_show_adds_ten() -> None:
    game = dealt("0-0 5-5 6-5 5-4 5-3 4-3 5-2", "2-1 6-4 6-3 6-2 3-1 4-1 4-0", "6-1")
    play(game, "play 0-0 show", "play 6-4")  # the bingo always wins: 14 + 10 + 20 + 10
    assert game.view()["points"] == [54, 0]


def test_a_double_is_shown_once_and_a_show_reveals_every_new_double() -> None:
    game = dealt("6-6 5-5 4-4 5-4 5-3 4-3 5-2", "1-0 6-4 6-3 6-2 3-1 4-1 4-0", "6-1", stock="3-3")
    legal = game.legal_moves()
    assert {"play 6-6 show", "play 5-5 show", "play 4-4 show"} <= set(legal)
    play(game, "play 6-6 show", "play 1-0")  # shows 5-5 and 4-4: 28 + 1 + 40
    assert game.view()["points"] == [69, 0]
    assert game.view()["shown"][0] == ["5-5", "4-4"]
    # seat 0 drew 3-3: leading 5-5 may now show it (and only it); leading 3-3 may not show
    assert "play 5-5 show" in game.legal_moves()
    assert "play 3-3 show" not in game.legal_moves()
    with pytest.raises(ludoteca.IllegalMove, match="already shown"):
        game.play("play 3-3 show")
    play(game, "play 5-5 show", "play 3-1")
    assert game.view()["score_events"][-1] == {
        "hand": 1,
        "trick": 2,
        "seat": 0,
        "points": 20,
        "reason": "show",
        "doubles": ["3-3"],
    }


def test_no_show_without_another_double() -> None:
    game = dealt("6-6 6-5 5-4 5-3 4-3 5-2 3-2", "1-0 6-4 6-3 6-2 3-1 4-1 4-0", "6-1")
    assert "play 6-6 show" not in game.legal_moves()
    with pytest.raises(ludoteca.IllegalMove, match="needs another double"):
        game.play("play 6-6 show")
    with pytest.raises(ludoteca.IllegalMove, match="only a double"):
        game.play("play 6-5 show")


# ------------------------------------------------------------------ closing


def test_close_made_and_three_sets() -> None:
    game = dealt(STRONG, WEAK, "6-1")
    game.play("close")
    view = game.view(1)
    assert view["closed"] is True and view["closed_by"] == 0
    assert view["up"] is None and view["turned_up_tile"] == "6-1"
    assert view["following_compulsory"] is True
    assert game.to_move == 0 and "close" not in game.legal_moves()
    play(game, "play 6-6")
    assert game.legal_moves() == [f"play {t}" for t in "1-0 1-1 2-2 3-2 3-3 4-4 5-4".split()]
    play(game, "play 1-0")  # 28 + 1
    play(game, "play 6-5", "play 5-4")  # 11 + 9, forced to follow the 5
    play(game, "play 6-4", "play 4-4")  # 10 + 8
    play(game, "play 6-3", "play 3-3")  # 9 + 6: 82
    hand_summary = game.result()["hands"][0]
    assert hand_summary["points"] == [82, 0]
    assert hand_summary["winner"] == 0 and hand_summary["ended"] == "reached 70"
    assert hand_summary["failed_close_penalty"] == 0
    assert hand_summary["sets_won"] == [3, 0]  # the loser took no trick
    assert game.view()["sets"] == [3, 0]


def test_failed_close_opponent_reaches_70() -> None:
    game = dealt(WEAK, STRONG, "6-1")
    play(game, "close", "play 3-2")
    assert game.legal_moves() == ["play 6-3"]  # the only 3
    play(game, "play 6-3")  # 5 + 9 to seat 1
    play(game, "play 6-6", "play 1-0")  # 28 + 1
    play(game, "play 6-5", "play 5-4")  # 11 + 9
    play(game, "play 6-4", "play 4-4")  # 10 + 8: 81
    summary = game.result()["hands"][0]
    assert summary["winner"] == 1
    assert summary["failed_close_penalty"] == 70  # max(70 - 0, 7)
    assert summary["points"] == [0, 81 + 70]
    assert summary["sets_won"] == [0, 3]
    events = game.view()["score_events"]
    assert events[-1] == {
        "hand": 1,
        "trick": 4,
        "seat": 1,
        "points": 70,
        "reason": "failed close",
        "closer": 0,
    }


def test_failed_close_tiles_run_out_one_set() -> None:
    h0, h1 = "5-0 4-1 3-3 4-2 5-1 3-0 2-2", "1-0 2-0 2-1 1-1 3-1 4-0 3-2"
    game = dealt(h0, h1, "6-5")  # trump 6: nobody holds one; the 14 tiles make 63
    play(game, "close")
    play(game, "play 5-1", "play 1-0")  # 6 + 1 (follows the 1: no 5)
    play(game, "play 4-2", "play 4-0")  # 6 + 4
    play(game, "play 3-3", "play 3-2")  # 6 + 5
    play(game, "play 5-0", "play 2-0")  # 5 + 2 (follows the blank)
    play(game, "play 2-2", "play 2-1")  # 4 + 3: 42
    play(game, "play 3-0", "play 3-1")  # 3-1 (4) beats 3-0 (3): 10 + 4 to seat 1
    play(game, "play 1-1", "play 4-1")  # 2 + 5 to seat 0: 49
    summary = game.result()["hands"][0]
    assert summary["ended"] == "tiles ran out"
    assert summary["tricks_won"] == [6, 1]
    assert summary["winner"] == 1
    assert summary["failed_close_penalty"] == 21  # 70 - 49
    assert summary["points"] == [49, 14 + 21]
    assert summary["sets_won"] == [0, 1]  # the closer made at least 30


def test_two_sets_when_the_loser_has_fewer_than_30() -> None:
    game = dealt(
        "6-6 6-5 6-4 6-3 6-2 5-5 1-0", "5-4 4-4 3-3 2-2 1-1 3-2 2-0", "6-1", stock="2-1 3-0 4-0 4-1"
    )
    play(game, "play 1-0", "play 2-0")  # seat 1 wins 3 and draws 2-1 first
    assert "2-1" in hand(game, 1) and "3-0" in hand(game, 0)
    play(game, "play 2-1", "play 6-6")  # 3 + 28
    play(game, "close", "play 6-5", "play 5-4")  # 11 + 9
    play(game, "play 6-4", "play 4-4")  # 10 + 8
    play(game, "play 6-3", "play 3-3")  # 9 + 6: 84
    summary = game.result()["hands"][0]
    assert summary["points"] == [84, 3] and summary["tricks_won"] == [4, 1]
    assert summary["sets_won"] == [2, 0]


def test_close_is_refused_when_not_allowed() -> None:
    game = dealt(STRONG, WEAK, "6-1")
    play(game, "close")
    with pytest.raises(ludoteca.IllegalMove, match="already closed"):
        game.play("close")
    play(game, "play 6-6")
    with pytest.raises(ludoteca.IllegalMove, match="only the leader may close"):
        game.play("close")


# --------------------------------------------------------- the extra set

SPECIAL_STRONG = "6-6 6-5 6-4 6-3 6-2 5-5 4-4"
SPECIAL_WEAK = "0-0 1-0 2-0 2-1 1-1 3-0 3-1"
SPECIAL_STOCK = "4-0 5-4 5-3 2-2 4-3 3-2 5-2 4-1 5-1 3-3 4-2 5-0 6-0"


def special_hand(game: Bingo, leader: int) -> None:
    """The leader wins the hand (1 set); the other captures the trump double with the bingo."""
    hands = [SPECIAL_WEAK, SPECIAL_WEAK]
    hands[leader] = SPECIAL_STRONG
    game.play(deal_text(hands[0], hands[1], "6-1", SPECIAL_STOCK))
    for lead, reply in [
        ("6-6", "0-0"),  # the bingo takes the trump double: 28 + 14 to the other
        ("1-0", "6-5"),  # the other leads; 1 + 11
        ("6-4", "2-0"),  # 10 + 2
        ("6-3", "2-1"),  # 9 + 3
        ("6-2", "1-1"),  # 8 + 2
        ("5-5", "3-1"),  # 10 + 4
        ("4-4", "3-0"),  # 8 + 10: 78
    ]:
        play(game, f"play {lead}", f"play {reply}")


def test_extra_set_for_capturing_the_trump_double_with_the_bingo() -> None:
    game = new(leader=0)
    special_hand(game, leader=0)
    summary = game.result()["hands"][0]
    assert summary["points"] == [78, 42]
    assert summary["winner"] == 0 and summary["bingo_capture"] == 1
    assert summary["sets_won"] == [1, 1]  # the loser made 42; the capture is worth a set
    assert [e["code"] for e in game.view()["set_events"]] == ["at_least_30", "bingo_capture"]
    assert all("reason" not in e for e in game.view()["set_events"])
    reasons = [e["reason"] for e in game.result()["set_events"]]
    assert reasons == [
        "the loser had 42 points, at least 30",
        "captured the trump double 6-6 with the bingo",
    ]


def test_bingo_led_capturing_the_trump_double_also_counts() -> None:
    game = dealt("0-0 6-5 6-4 5-4 5-3 4-3 5-2", "6-6 6-3 6-2 3-1 4-1 4-0 3-2", "6-1")
    play(game, "play 0-0", "play 6-6")
    captures = [e for e in game.events[-1] if e.code == "bingo_capture"]
    assert [(e["seat"], e["trump_double"]) for e in captures] == [(0, "6-6")]


# ---------------------------------------------------------------- the match


def crush(game: Bingo, leader: int) -> None:
    """A hand the leader wins with 3 sets (closing at once, as in the close test)."""
    hands = [WEAK, WEAK]
    hands[leader] = STRONG
    game.play(deal_text(hands[0], hands[1], "6-1"))
    assert game.to_move == leader
    play(game, "close")
    for lead, reply in [("6-6", "1-0"), ("6-5", "5-4"), ("6-4", "4-4"), ("6-3", "3-3")]:
        play(game, f"play {lead}", f"play {reply}")


def test_lead_alternates_and_first_to_seven_sets_wins() -> None:
    game = new(leader=1)
    assert game.view()["first_leader"] == 1
    sets = []
    for hand_no, leader in enumerate([1, 0, 1], 1):
        crush(game, leader)
        assert game.view()["hand_number"] == hand_no
        sets.append(game.view()["sets"])
    assert sets == [[0, 3], [3, 3], [3, 6]]
    assert game.to_move == "chance" and not game.is_over
    crush(game, 0)  # hand 4: seat 0 leads
    assert game.view()["sets"] == [6, 6]
    crush(game, 1)
    assert game.is_over and game.to_move is None
    result = game.result()
    assert result["winner"] == 1 and result["scores"] == [6, 9]
    with pytest.raises(ludoteca.IllegalMove, match="game is over"):
        game.play("close")


def test_both_reach_seven_on_the_same_hand_the_hands_winner_wins() -> None:
    game = new(leader=0)
    for leader in (0, 1, 0, 1):
        crush(game, leader)
    assert game.view()["sets"] == [6, 6]
    special_hand(game, leader=0)  # seat 0 wins the hand (1 set), seat 1 takes the extra set
    assert game.is_over
    assert game.result()["scores"] == [7, 7]
    assert game.result()["winner"] == 0


def test_the_extra_set_can_win_the_match_for_the_hands_loser() -> None:
    game = new(leader=0)
    for leader in (0, 1):
        crush(game, leader)
    crush(game, 0)
    assert game.view()["sets"] == [6, 3]
    special_hand(game, leader=1)  # seat 1 wins the hand, seat 0 captures: 7 against 4
    assert game.result()["scores"] == [7, 4]
    assert game.result()["winner"] == 0


def test_first_leader_is_the_heavier_draw() -> None:
    for draw, leader in [
        ("draw 5-4 6-2", 0),  # 9 against 8
        ("draw 6-0 5-1", 0),  # 6 each: the higher end
        ("draw 3-3 4-2", 1),  # 6 each: 4 beats 3
        ("draw 1-0 0-0", 0),
    ]:
        game = ludoteca.new_game("bingo", chance="manual")
        game.play(draw)
        game.play(game.sample_chance())
        assert game.to_move == leader, draw


@pytest.mark.parametrize(("blanks_as_seven", "allowed"), [(False, "5-1"), (True, "2-0")])
def test_blank_is_the_higher_end_to_follow_with_blanks_as_seven(
    blanks_as_seven: bool, allowed: str
) -> None:
    game = dealt(
        "5-0 6-6 6-5 6-4 6-3 5-4 5-3",
        "2-0 5-1 4-3 3-3 1-1 2-1 3-1",
        "6-2",
        blanks_as_seven=blanks_as_seven,
    )
    play(game, "close", "play 5-0")
    assert game.legal_moves() == [f"play {allowed}"]
