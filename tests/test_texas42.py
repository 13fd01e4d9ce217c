"""Texas 42: the seed's worked hand, each rule with an example, illegal moves."""

from __future__ import annotations

from typing import Any

import pytest

import ludoteca
from ludoteca import IllegalMove
from ludoteca.games.texas42 import Texas42
from ludoteca.games.texas42.core import score_hand
from ludoteca.games.texas42.tables import (
    DOUBLES,
    FOLLOW_ME,
    LED_SUIT,
    STRENGTH,
)
from ludoteca.tiles import Tile

# The seed's worked hand: Amanda (seat 0) and André (seat 2) against Beth (1) and Bruno (3);
# trump 4, Amanda bid 30. Each trick lists the tiles in the columns Amanda, Beth, André, Bruno.
AMANDA = "4-4 6-4 4-3 6-6 6-0 5-3 3-1"
BETH = "4-2 5-4 1-0 6-3 6-5 5-5 2-2"
ANDRE = "4-1 5-0 6-1 6-2 0-0 5-1 1-1"
BRUNO = "4-0 2-1 2-0 3-3 3-2 5-2 3-0"
SEED_TRICKS = [
    "4-4 4-2 4-1 4-0",
    "6-4 5-4 5-0 2-1",
    "4-3 1-0 6-1 2-0",
    "6-6 6-3 6-2 3-3",
    "6-0 6-5 0-0 3-2",
    "5-3 5-5 5-1 5-2",
    "3-1 2-2 1-1 3-0",
]
SEED_WINNERS = ["A", "A", "A", "A", "B", "B", "B"]
SEED_POINTS = [6, 16, 1, 1, 6, 11, 1]
SEED_LEADERS = [4, 4, 4, 6, 6, 5, 2]  # the seed's "Líder" column


def dealt(hands: list[str], dealer: int = 3, **options: Any) -> Texas42:
    """A game whose first dealer is ``dealer`` and whose first deal is ``hands``."""
    game = ludoteca.new_game(
        "texas42", chance="manual", names=["Amanda", "Beth", "André", "Bruno"], **options
    )
    draw = ["1-0", "2-0", "3-0", "1-1"]
    draw[dealer] = "6-6"
    game.play("draw " + " ".join(draw))
    game.play("deal " + " | ".join(hands))
    assert isinstance(game, Texas42)
    return game


def in_play(game: Texas42) -> bool:
    return game.view()["phase"] == "play"


def play_trick(game: Texas42, columns: str) -> None:
    tiles = columns.split()
    leader = game.to_move
    assert isinstance(leader, int)
    for i in range(4):
        seat = (leader + i) % 4
        if seat == game.view()["sitting_out"]:
            continue
        if not in_play(game):
            return
        game.play("play " + tiles[seat])


def seed_hand(**options: Any) -> Texas42:
    game = dealt([AMANDA, BETH, ANDRE, BRUNO], **options)
    for move in ["bid 30", "pass", "pass", "pass", "trump 4"]:
        game.play(move)
    for columns in SEED_TRICKS:
        if not in_play(game):
            break
        play_trick(game, columns)
    return game


def test_seed_worked_hand_played_out() -> None:
    game = seed_hand(play_out=True)
    hand = game.result()["hands"][0]
    assert hand["points"] == [24, 18]
    assert hand["made"] is False
    assert hand["tricks_played"] == 7
    assert [t["points"] for t in hand["tricks"]] == SEED_POINTS
    assert ["AB"[t["winner"] % 2] for t in hand["tricks"]] == SEED_WINNERS
    for trick, led in zip(hand["tricks"], SEED_LEADERS, strict=True):
        first = Tile.parse(trick["plays"][0]["tile"])
        assert str(LED_SUIT[4][first.index]) == str(led)
    assert game.result()["scores"] == [0, 1]  # the set gives Beth and Bruno the mark


def test_seed_hand_stops_once_decided_in_marks() -> None:
    game = seed_hand()
    hand = game.result()["hands"][0]
    assert hand["tricks_played"] == 6
    assert hand["points"] == [24, 17]
    assert hand["made"] is False
    assert game.result()["scores"] == [0, 1]


def test_seed_hand_in_points_scoring() -> None:
    game = seed_hand(scoring="points")
    hand = game.result()["hands"][0]
    assert hand["points"] == [24, 18]
    assert hand["gained"] == [0, 48]
    assert game.result()["scores"] == [0, 48]


def test_seed_points_example_contract_38() -> None:
    # "Contrato = 38 e dupla que venceu o leilão fez 35 pontos": the others score 7 + 38 = 45.
    game = dealt([AMANDA, BETH, ANDRE, BRUNO], scoring="points")
    for move in ["bid 38", "pass", "pass", "pass", "trump 4"]:
        game.play(move)
    # the scorer itself, on the seed's figures
    core = game.core
    made, _, gained = score_hand(core.rules, core.bidder, core.high, core.contract, (35, 7))
    assert made is False and gained == (0, 45)


# ----------------------------------------------------------------- first dealer


def test_highest_draw_deals_and_bidding_starts_at_the_left() -> None:
    game = ludoteca.new_game("texas42", chance="manual")
    game.play("draw 2-1 6-5 3-3 4-0")
    assert game.view()["dealer"] == 1
    game.play(game.sample_chance())
    assert game.to_move == 2
    for expected in (2, 3, 0, 1):
        assert game.to_move == expected
        game.play("pass")
    # four passes: the deal passes clockwise, and a new deal is due
    assert game.to_move == "chance"
    assert game.view()["dealer"] == 2
    assert game.result()["hands"][0]["all_passed"] is True


def test_tie_for_highest_draw_redraws_only_tied_seats() -> None:
    game = ludoteca.new_game("texas42", chance="manual")
    game.play("draw 6-4 5-5 1-0 2-2")  # seats 0 and 1 tie on 10 (the higher end does not count)
    assert game.to_move == "chance"
    with pytest.raises(IllegalMove, match="2 different tiles"):
        game.play("draw 6-6 5-5 4-4 3-3")
    game.play("draw 3-2 6-6")
    assert game.view()["dealer"] == 1
    assert game.moves == ["draw 6-4 5-5 1-0 2-2", "draw 3-2 6-6"]


def test_deal_must_hold_every_tile_once() -> None:
    game = ludoteca.new_game("texas42", chance="manual")
    game.play("draw 6-6 0-0 1-0 2-0")
    with pytest.raises(IllegalMove, match="28 tiles"):
        game.play("deal " + " | ".join([AMANDA, AMANDA, ANDRE, BRUNO]))
    with pytest.raises(IllegalMove, match="seven tiles"):
        game.play("deal " + " | ".join([AMANDA, BETH, ANDRE, "4-0"]))
    assert game.moves == ["draw 6-6 0-0 1-0 2-0"]


# ---------------------------------------------------------------------- bidding


def test_bids_must_rise_and_marks_follow_the_ladder() -> None:
    game = dealt([AMANDA, BETH, ANDRE, BRUNO])
    legal = game.legal_moves()
    assert legal[:3] == ["pass", "bid 30", "bid 31"]
    assert "bid 42" in legal and "bid 84" in legal and "bid 3 marks" not in legal
    game.play("bid 35")
    with pytest.raises(IllegalMove, match="exceed the high bid, bid 35"):
        game.play("bid 34")
    game.play("bid 1 mark")  # accepted, canonical form is bid 42
    assert game.moves[-1] == "bid 42"
    with pytest.raises(IllegalMove, match="3 marks may only follow a bid of 2 marks"):
        game.play("bid 3 marks")
    game.play("bid 2 marks")
    assert game.moves[-1] == "bid 84"
    assert "bid 3 marks" in game.legal_moves()
    assert "bid 4 marks" not in game.legal_moves()
    game.play("bid 3 marks")
    assert game.to_move == 3  # Bruno names trump: he bid 3 marks
    assert game.view()["high_bid"] == "bid 3 marks"


def test_forced_bid_after_three_passes() -> None:
    game = dealt([AMANDA, BETH, ANDRE, BRUNO], all_pass="forced")
    for _ in range(3):
        game.play("pass")
    assert game.to_move == 3
    assert "pass" not in game.legal_moves()
    with pytest.raises(IllegalMove, match="dealer must bid"):
        game.play("pass")
    game.play("bid 30")
    assert game.to_move == 3 and game.view()["phase"] == "trump"


def test_bid_winner_names_trump_and_leads() -> None:
    game = dealt([AMANDA, BETH, ANDRE, BRUNO])
    for move in ["pass", "bid 31", "pass", "pass"]:
        game.play(move)
    assert game.to_move == 1
    assert "nello" not in game.legal_moves()  # options off, and a point bid
    game.play("trump follow-me")
    assert game.to_move == 1 and game.view()["trump"] == "follow-me"


# ------------------------------------------------------------------- following


def strength_order(contract: int, suit: int) -> list[str]:
    table = STRENGTH[contract][suit]
    tiles = sorted(range(28), key=lambda t: -table[t])
    return [str(Tile.from_index(t)) for t in tiles if table[t] > 0]


def test_seed_trump_four_ranking() -> None:
    # The seed's table for trump 4: trumps, then each family in order, a trump never in a family.
    assert strength_order(4, 4) == "4-4 6-4 5-4 4-3 4-2 4-1 4-0".split()
    assert strength_order(4, 6) == "4-4 6-4 5-4 4-3 4-2 4-1 4-0 6-6 6-5 6-3 6-2 6-1 6-0".split()
    assert strength_order(4, 5)[7:] == "5-5 6-5 5-3 5-2 5-1 5-0".split()
    assert strength_order(4, 3)[7:] == "3-3 6-3 5-3 3-2 3-1 3-0".split()
    assert strength_order(4, 0)[7:] == "0-0 6-0 5-0 3-0 2-0 1-0".split()


def test_seed_trump_two_ranking() -> None:
    assert strength_order(2, 2) == "2-2 6-2 5-2 4-2 3-2 2-1 2-0".split()
    assert strength_order(2, 6)[7:] == "6-6 6-5 6-4 6-3 6-1 6-0".split()


def test_seed_leading_tiles_table() -> None:
    # Non-trump tiles lead the suit of their higher end: 2 is led only by 2-2, 2-1 and 2-0.
    leading_two = [
        str(t) for t in map(Tile.from_index, range(28)) if LED_SUIT[FOLLOW_ME][t.index] == 2
    ]
    assert sorted(leading_two) == ["2-0", "2-1", "2-2"]


def test_doubles_trump_and_follow_me_orders() -> None:
    assert strength_order(DOUBLES, 7) == "6-6 5-5 4-4 3-3 2-2 1-1 0-0".split()
    assert strength_order(DOUBLES, 5)[7:] == "6-5 5-4 5-3 5-2 5-1 5-0".split()
    assert strength_order(FOLLOW_ME, 5) == "5-5 6-5 5-4 5-3 5-2 5-1 5-0".split()
    assert LED_SUIT[DOUBLES][Tile(3, 3).index] == 7
    assert LED_SUIT[FOLLOW_ME][Tile(3, 3).index] == 3


def _game_in_play(hands: list[str], trump: str, bidder_moves: list[str] | None = None) -> Texas42:
    game = dealt(hands)
    for move in bidder_moves or ["bid 30", "pass", "pass", "pass"]:
        game.play(move)
    game.play(trump)
    return game


def test_a_trump_is_not_in_its_other_suit() -> None:
    # Seed: trump 4, five led; holding 4-5 and 5-0 the 5-0 must be played.
    hands = [
        "5-3 6-6 6-5 6-3 2-2 1-1 0-0",
        "4-5 5-0 1-0 6-2 3-3 2-1 2-0",
        "4-4 4-3 4-2 4-1 4-0 6-4 3-2",
        "5-5 5-2 5-1 6-1 6-0 3-1 3-0",
    ]
    game = _game_in_play(hands, "trump 4")
    game.play("play 5-3")
    assert game.legal_moves() == ["play 5-0"]
    with pytest.raises(IllegalMove, match="must follow suit with 5-0"):
        game.play("play 4-5")


def test_holding_only_a_trump_of_the_led_number_plays_anything() -> None:
    hands = [
        "5-3 6-6 6-5 6-3 2-2 1-1 0-0",
        "4-5 3-1 6-2 3-3 2-1 2-0 1-0",
        "4-4 4-3 4-2 4-1 4-0 6-4 3-2",
        "5-5 5-2 5-1 6-1 6-0 5-0 3-0",
    ]
    game = _game_in_play(hands, "trump 4")
    game.play("play 5-3")
    assert len(game.legal_moves()) == 7


def test_seed_one_one_led_forces_one_five() -> None:
    # Seed: [1-1] led, holding 1-5 6-6 5-5 3-2 3-0 4-2 5-0, the 1-5 is the only 1 (trump 6 here).
    hands = [
        "1-1 6-4 6-3 6-2 6-1 6-0 4-4",
        "5-1 6-6 5-5 3-2 3-0 4-2 5-0",
        "4-3 4-1 4-0 3-3 3-1 2-2 2-1",
        "1-0 0-0 2-0 5-4 5-3 5-2 6-5",
    ]
    game = _game_in_play(hands, "trump 2")
    game.play("play 1-1")
    assert game.legal_moves() == ["play 5-1"]


def test_trick_won_by_highest_of_led_suit_or_double() -> None:
    # Seed: trump 4, 5-3 led, then 5-2, 5-1 and 6-5: 6-5 wins; the 5-5 would have won.
    hands = [
        "5-3 6-6 6-3 2-2 1-1 0-0 3-3",
        "5-2 6-2 2-1 2-0 1-0 3-1 3-0",
        "5-1 4-4 4-3 4-2 4-1 4-0 6-4",
        "6-5 5-5 5-4 5-0 6-1 6-0 3-2",
    ]
    game = _game_in_play(hands, "trump 4")
    for tile in ["5-3", "5-2", "5-1", "6-5"]:
        game.play("play " + tile)
    assert game.view()["last_trick"]["winner"] == 3
    assert game.to_move == 3


def test_a_trump_wins_over_the_led_suit() -> None:
    hands = [
        "5-3 6-6 6-3 2-2 1-1 0-0 3-3",
        "6-2 2-1 2-0 1-0 3-1 3-0 4-0",
        "5-1 4-4 4-3 4-2 4-1 5-2 6-4",
        "6-5 5-5 5-4 5-0 6-1 6-0 3-2",
    ]
    game = _game_in_play(hands, "trump 4")
    for tile in ["5-3", "4-0", "5-1", "5-5"]:
        game.play("play " + tile)
    assert game.view()["last_trick"]["winner"] == 1  # the 4-0 trump beats the 5-5


def test_doubles_trump_a_double_led_asks_for_doubles() -> None:
    hands = [
        "3-3 6-4 6-3 6-2 6-1 6-0 5-4",
        "2-2 6-5 5-3 5-2 5-1 5-0 4-3",
        "4-2 4-1 4-0 3-2 3-1 3-0 2-1",
        "6-6 5-5 4-4 1-1 0-0 2-0 1-0",
    ]
    game = _game_in_play(hands, "trump doubles")
    game.play("play 3-3")
    assert game.legal_moves() == ["play 2-2"]
    game.play("play 2-2")
    assert len(game.legal_moves()) == 7  # seat 2 holds no double
    game.play("play 3-2")
    assert set(game.legal_moves()) == {f"play {d}" for d in ["6-6", "5-5", "4-4", "1-1", "0-0"]}
    game.play("play 6-6")
    assert game.view()["last_trick"]["winner"] == 3


def test_every_trick_counts_and_hands_total_42() -> None:
    game = seed_hand(play_out=True)
    assert sum(game.result()["hands"][0]["points"]) == 42


# ------------------------------------------------------------------------ scoring


# Beth (seat 1) holds six trumps and the 1-0; André keeps 1-1 to take the last trick.
TRUMP_SIX_HANDS = [
    "3-2 3-1 3-0 2-2 2-1 2-0 0-0",
    "6-6 6-5 6-4 6-3 6-2 6-1 1-0",
    "1-1 5-5 5-4 5-3 5-2 5-1 5-0",
    "6-0 4-4 4-3 4-2 4-1 4-0 3-3",
]


def play_beth_runs_trumps(game: Texas42) -> None:
    for move in ["bid 30", "pass", "pass", "pass", "trump 6"]:
        game.play(move)
    for tile in "6-6 6-5 6-4 6-3 6-2 6-1 1-0".split():
        if not in_play(game):
            return
        game.play("play " + tile)
        for _ in range(3):
            if not in_play(game):
                return
            game.play(game.legal_moves()[-1])  # the highest tile: André keeps 1-1 to the end


def test_made_bid_scores_its_mark_and_the_game_ends_at_seven() -> None:
    game = dealt(TRUMP_SIX_HANDS, dealer=0)
    game.core.scores = (0, 6)  # the match so far
    play_beth_runs_trumps(game)
    hand = game.result()["hands"][0]
    assert hand["made"] is True
    assert hand["points"][1] >= 30 and hand["tricks_played"] < 7  # stopped once made
    assert game.result()["scores"] == [0, 7]
    assert game.is_over and game.result()["winner"] == 1


def test_points_game_both_past_250_bidders_win() -> None:
    game = dealt(TRUMP_SIX_HANDS, dealer=0, scoring="points")
    game.core.scores = (249, 249)
    play_beth_runs_trumps(game)
    hand = game.result()["hands"][0]
    assert hand["points"] == [1, 41] and hand["tricks_played"] == 7
    assert game.result()["scores"] == [250, 290]
    assert game.result()["winner"] == 1


def test_points_game_ends_when_one_team_passes_250() -> None:
    game = dealt(TRUMP_SIX_HANDS, dealer=0, scoring="points")
    game.core.scores = (200, 220)
    play_beth_runs_trumps(game)
    assert game.result()["scores"] == [201, 261] and game.result()["winner"] == 1
    game = dealt(TRUMP_SIX_HANDS, dealer=0, scoring="points")
    game.core.scores = (200, 200)
    play_beth_runs_trumps(game)
    assert not game.is_over and game.to_move == "chance"


def test_plunge_bid_needs_four_doubles_and_partner_names_trump() -> None:
    hands = [
        "6-6 5-5 4-4 3-3 6-5 6-4 6-3",
        "2-2 1-1 6-2 6-1 6-0 5-4 5-3",
        "0-0 5-2 5-1 5-0 4-3 4-2 4-1",
        "4-0 3-2 3-1 3-0 2-1 2-0 1-0",
    ]
    game = dealt(hands, dealer=3, plunge=True)
    assert "bid 4 marks plunge" in game.legal_moves()
    game.play("bid 4 marks plunge")
    assert game.view()["high_bid"] == "bid 4 marks plunge"
    # Beth has two doubles only: no plunge; a normal bid must be 5 marks
    assert "bid 6 marks plunge" not in game.legal_moves()
    assert "bid 5 marks" in game.legal_moves()
    with pytest.raises(IllegalMove, match="four doubles"):
        game.play("bid 6 marks plunge")
    for _ in range(3):
        game.play("pass")
    assert game.to_move == 2  # André, the partner, names trump
    game.play("trump 6")
    assert game.to_move == 2  # and leads


def test_plunge_off_by_default() -> None:
    hands = [
        "6-6 5-5 4-4 3-3 6-5 6-4 6-3",
        "2-2 1-1 6-2 6-1 6-0 5-4 5-3",
        "0-0 5-2 5-1 5-0 4-3 4-2 4-1",
        "4-0 3-2 3-1 3-0 2-1 2-0 1-0",
    ]
    game = dealt(hands)
    assert not any("plunge" in m for m in game.legal_moves())
    with pytest.raises(IllegalMove, match="option plunge is off"):
        game.play("bid 4 marks plunge")


def test_splash_with_three_doubles_over_a_mark_bid() -> None:
    hands = [
        "6-5 6-4 6-3 6-2 6-1 6-0 5-4",
        "6-6 5-5 4-4 5-3 5-2 5-1 5-0",
        "3-3 2-2 1-1 0-0 4-3 4-2 4-1",
        "4-0 3-2 3-1 3-0 2-1 2-0 1-0",
    ]
    game = dealt(hands, splash=True)
    game.play("bid 42")
    assert "bid 2 marks splash" in game.legal_moves()
    game.play("bid 2 marks splash")
    assert game.moves[-1] == "bid 2 marks splash"
    assert "bid 3 marks splash" in game.legal_moves()  # André holds four doubles: 1 mark over
    game.play("pass")
    game.play("pass")
    assert game.to_move == 3  # Bruno, Beth's partner, names trump


# Beth bids nello; nobody else holds a 1 but Bruno, who sits out.
NELLO_HANDS = [
    "6-6 6-5 6-4 6-3 5-5 5-4 4-4",
    "1-0 2-0 3-0 2-1 0-0 1-1 3-1",
    "6-2 6-0 5-3 5-2 5-0 4-3 4-2",
    "6-1 5-1 4-1 4-0 3-3 3-2 2-2",
]


def test_nello_bidder_must_lose_every_trick_partner_sits_out() -> None:
    hands = NELLO_HANDS
    game = dealt(hands, nello=True)
    game.play("pass")
    game.play("bid 42")
    game.play("pass")
    game.play("pass")
    assert "nello" in game.legal_moves()
    game.play("nello")
    assert game.view()["sitting_out"] == 3
    assert game.to_move == 1
    # Beth leads 1-0; Bruno sits out: André then Amanda play
    game.play("play 1-0")
    assert game.to_move == 2
    game.play("play 6-2")
    assert game.to_move == 0
    game.play("play 6-6")
    # nobody followed with a 1, and there are no trumps: Beth took a trick, set at once
    assert game.result()["hands"][0]["made"] is False
    assert game.result()["scores"] == [1, 0]


def test_nello_doubles_form_their_own_suit() -> None:
    hands = NELLO_HANDS
    game = dealt(hands, nello=True)
    for move in ["pass", "bid 42", "pass", "pass", "nello", "play 1-1"]:
        game.play(move)
    # André holds no double: anything; Amanda must follow with a double
    assert len(game.legal_moves()) == 7
    game.play("play 6-2")
    assert set(game.legal_moves()) == {"play 6-6", "play 5-5", "play 4-4"}


def test_nello_needs_a_mark_bid() -> None:
    game = dealt([AMANDA, BETH, ANDRE, BRUNO], nello=True)
    for move in ["bid 30", "pass", "pass", "pass"]:
        game.play(move)
    with pytest.raises(IllegalMove, match="at least 1 mark"):
        game.play("nello")


def test_sevens_nearest_to_seven_must_be_played_and_wins() -> None:
    hands = [
        "6-1 5-2 4-3 6-6 0-0 1-0 2-0",
        "6-2 5-3 4-4 5-5 1-1 2-1 3-0",
        "6-0 5-1 4-2 3-3 6-5 6-4 6-3",
        "5-0 4-1 3-2 2-2 5-4 4-0 3-1",
    ]
    game = dealt(hands, sevens=True)
    for move in ["bid 42", "pass", "pass", "pass"]:
        game.play(move)
    game.play("sevens")
    assert set(game.legal_moves()) == {"play 6-1", "play 5-2", "play 4-3"}
    game.play("play 6-1")
    assert set(game.legal_moves()) == {"play 6-2", "play 5-3", "play 4-4"}
    game.play("play 6-2")
    game.play("play 6-0")
    game.play("play 5-0")
    assert game.view()["last_trick"]["winner"] == 0  # 7 pips beat the 8s and 6s


# ----------------------------------------------------------------- illegal moves


def test_illegal_moves_say_who_and_why() -> None:
    game = seed_hand()
    fresh = dealt([AMANDA, BETH, ANDRE, BRUNO])
    with pytest.raises(IllegalMove) as err:
        fresh.play("play 4-4")
    assert "seat 0 (Amanda)" in str(err.value) and "bidding" in str(err.value)
    with pytest.raises(IllegalMove, match="not a move of Texas 42"):
        fresh.play("bid thirty")
    fresh.play("bid 30")
    for _ in range(3):
        fresh.play("pass")
    with pytest.raises(IllegalMove, match="name trump first"):
        fresh.play("play 4-4")
    fresh.play("trump 4")
    with pytest.raises(IllegalMove, match="not in that hand"):
        fresh.play("play 5-5")
    assert game.is_over is False


def test_tiles_are_accepted_either_way_round() -> None:
    game = seed_hand()
    fresh = dealt([AMANDA, BETH, ANDRE, BRUNO])
    for move in ["bid 30", "pass", "pass", "pass", "trump 4", "play 4-6"]:
        fresh.play(move)
    assert fresh.moves[-1] == "play 6-4"
    assert game.moves[:2] == fresh.moves[:2]


def test_views_hide_other_hands() -> None:
    game = dealt([AMANDA, BETH, ANDRE, BRUNO])
    view = game.view(1)
    assert view["hand"] == "6-5 6-3 5-5 5-4 4-2 2-2 1-0".split()
    assert view["log"][1] == "deal ? | " + " ".join(view["hand"]) + " | ? | ?"
    assert view["hand_sizes"] == [7, 7, 7, 7]
    spectator = game.view(None)
    assert spectator["hand"] == [] and spectator["log"][1] == "deal ? | ? | ? | ?"
