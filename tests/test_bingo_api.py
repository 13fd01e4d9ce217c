"""Bingo notation, chance events, illegal moves (refused, nothing changed) and views."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from bingo_helpers import (
    LAST_STOCK,
    LOW0,
    LOW1,
    STRONG,
    WEAK,
    dealt,
    new,
    play,
    seven_low_tricks,
)

import ludoteca
from ludoteca import IllegalMove, Move, Tile
from ludoteca.games.bingo.game import NUM_ACTIONS

H0 = "6-6 6-2 5-5 5-1 4-4 3-0 1-0"
H1 = "6-5 6-4 6-3 4-2 3-1 2-1 1-1"
STOCK = "5-4 5-3 5-2 5-0 4-3 4-1 4-0 3-3 3-2 2-2 2-0 6-0 0-0"


def test_deal_is_written_canonically_and_keeps_the_stock_order() -> None:
    game = new()
    game.play(
        f"DEAL 1-0 0-3 1-5 2-6 4-4 5-5 6-6 | 1-1 1-2 1-3 2-4 3-6 4-6 5-6 |  up 1-6 | stock {STOCK}"
    )
    assert game.moves[-1] == f"deal {H0} | {H1} | up 6-1 | stock {STOCK}"
    assert game.stock_left == [ludoteca.tiles.tile_index(t) for t in STOCK.split()]


def test_move_forms() -> None:
    game = dealt(H0, H1, "6-1", STOCK)
    assert game.move_to_action("play 0-1") == game.move_to_action("play 1-0")
    assert game.move_to_action("  Play   6-6   SHOW ") == game.move_to_action("play 6-6 show")
    for a in range(NUM_ACTIONS):
        assert game.move_to_action(game.action_to_move(a)) == a
    assert game.num_actions == NUM_ACTIONS == 38
    texts = {game.action_to_move(a) for a in range(NUM_ACTIONS)}
    assert {"close", "take up", "take hidden", "play 0-0 show", "play 6-4"} <= texts
    with pytest.raises(ValueError, match="not a Bingo action"):
        game.action_to_move(38)


def unchanged(game: ludoteca.Game, attempt: Callable[[], object], match: str) -> None:
    """``attempt`` is refused with a message matching ``match`` and changes nothing."""
    before = (game.moves, game.view(0), game.view(1), game.view())
    with pytest.raises(IllegalMove, match=match):
        attempt()
    assert (game.moves, game.view(0), game.view(1), game.view()) == before


def test_illegal_decisions_say_why() -> None:
    game = dealt(STRONG, WEAK, "6-1")
    unchanged(game, lambda: game.play("play 5-4"), r"seat 0 \(Ana\).*5-4 is not in that hand")
    unchanged(game, lambda: game.play("take up"), "taking is only for the trick's winner")
    unchanged(game, lambda: game.play("play 6-5 show"), "only a double may be led with a show")
    unchanged(game, lambda: game.play("pass"), "Bingo moves are: play 6-4")
    unchanged(game, lambda: game.play("play 7-1"), "not a tile")
    unchanged(game, lambda: game.apply_action(99), "there is no action 99")
    play(game, "play 6-6")
    unchanged(game, lambda: game.play("close"), "only the leader may close")
    unchanged(game, lambda: game.play("play 4-4 show"), "only the leader may show")
    unchanged(game, lambda: game.play("play 6-5"), "not in that hand")
    unchanged(game, lambda: game.play(42), "written as text")  # type: ignore[arg-type]


def test_take_must_come_first() -> None:
    game = dealt(LOW0, LOW1, "6-5", stock=LAST_STOCK)
    seven_low_tricks(game)
    seat = game.to_move
    assert isinstance(seat, int)
    tile = game.view(seat)["hand"][0]
    unchanged(game, lambda: game.play(f"play {tile}"), "must choose first: take up or take hidden")
    unchanged(game, lambda: game.play("close"), "must choose first")


def test_close_refused_once_the_stock_is_exhausted() -> None:
    game = dealt(LOW0, LOW1, "6-5", stock=LAST_STOCK)
    seven_low_tricks(game)
    game.play("take hidden")
    unchanged(game, lambda: game.play("close"), "stock is exhausted")


def test_bad_chance_events_are_refused() -> None:
    game = ludoteca.new_game("bingo", chance="manual")
    unchanged(game, lambda: game.play("deal 6-6"), "the draw for first leader is due")
    unchanged(game, lambda: game.play("draw 6-6 6-6"), "two different tiles")
    unchanged(game, lambda: game.play("draw 6-6"), "two different tiles")
    unchanged(game, lambda: game.play("draw 6-6 9-9"), "not a tile")
    game.play("draw 6-6 1-0")
    good = f"deal {H0} | {H1} | up 6-1 | stock {STOCK}"
    bad = [
        (good.replace("deal", "draw", 1), "a deal is due"),
        (good.replace("| up 6-1 ", ""), "four parts"),
        (good.replace("up 6-1", "6-1"), "four parts"),
        (good.replace("6-2 5-5", "6-2 6-6"), "exactly once"),
        (good.replace(" 0-0", ""), "13 tiles"),
        (good.replace("1-0 | 6-5", "| 6-5 1-0"), "seven tiles"),
    ]
    for text, match in bad:
        unchanged(game, lambda t=text: game.play(t), match)
    game.play(good)
    assert game.to_move == 0


def test_view_shows_what_a_seat_may_know() -> None:
    game = dealt(H0, H1, "6-1", STOCK)
    v0, v1, spectator = game.view(0), game.view(1), game.view()
    assert v0["hand"] == H0.split() and v1["hand"] == H1.split() and spectator["hand"] == []
    assert v0["log"][-1] == f"deal {H0} | ? | up 6-1 | stock ?"
    assert v1["log"][-1] == f"deal ? | {H1} | up 6-1 | stock ?"
    assert spectator["log"][-1] == "deal ? | ? | up 6-1 | stock ?"
    for view in (v0, v1, spectator):
        json.dumps(view)
        assert view["trump"] == 6 and view["up"] == "6-1"
        assert view["stock_count"] == 14 and view["hand_sizes"] == [7, 7]
        assert view["points"] == [0, 0] and view["tricks_won"] == [0, 0]
        assert view["sets"] == [0, 0] and view["following_compulsory"] is False
        assert view["shown"] == [[], []] and view["trick"] == [] and view["last_trick"] is None
    assert v0["legal_moves"] == game.legal_moves() and v1["legal_moves"] == []
    # a show is public: both see the shown doubles; the rest of the hand stays hidden
    play(game, "play 6-6 show")
    v1 = game.view(1)
    assert v1["trick"] == [{"seat": 0, "tile": "6-6", "shown": ["5-5", "4-4"]}]
    assert v1["known_held"] == [["5-5", "4-4"], []]
    assert v1["hand"] == H1.split()
    play(game, "play 1-1")
    last = game.view()["last_trick"]
    assert last == {
        "leader": 0,
        "plays": [{"seat": 0, "tile": "6-6"}, {"seat": 1, "tile": "1-1"}],
        "shown": ["5-5", "4-4"],
        "winner": 0,
        "points": 30,
        "show_points": 40,
        "following_compulsory": False,
    }
    assert game.view()["points"] == [70, 0]  # 28 + 2 + 40: the hand is over
    assert game.view()["phase"] == "deal" and game.to_move == "chance"
    assert game.result()["hands"][0]["sets_won"] == [3, 0]


def test_closing_turns_the_tile_down() -> None:
    game = dealt(H0, H1, "6-1", STOCK)
    game.play("close")
    view = game.view(1)
    assert view["up"] is None and view["turned_up_tile"] == "6-1"
    assert view["closed"] is True and view["stock_count"] == 14
    assert view["following_compulsory"] is True


def test_result_shape_and_replay() -> None:
    game = ludoteca.new_game("bingo", seed=2024)
    rng = random.Random(7)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    result = game.result()
    assert result["over"] is True and result["sides"] == [[0], [1]]
    assert result["winner"] in (0, 1)
    assert result["scores"][result["winner"]] >= 7
    assert result["scores"] == [sum(h["sets_won"][s] for h in result["hands"]) for s in (0, 1)]
    again = ludoteca.replay(json.loads(json.dumps(game.record())))
    assert again.moves == game.moves and again.result() == result


# ------------------------------------------------------------ codes and values


def refused(game: ludoteca.Game, move: str | int) -> IllegalMove:
    """The refusal of ``move`` (notation, or an action number); the game unchanged."""
    before = (game.moves, game.view(0), game.view(1))
    with pytest.raises(IllegalMove) as e:
        if isinstance(move, int):
            game.apply_action(move)
        else:
            game.play(move)
    assert (game.moves, game.view(0), game.view(1)) == before
    return e.value


def test_every_refusal_carries_its_code_and_the_words_come_from_it() -> None:
    from ludoteca.games.bingo.game import refusal_text

    seen: dict[str, dict[str, object]] = {}

    def check(game: ludoteca.Game, move: str | int, code: str, **params: object) -> None:
        e = refused(game, move)
        assert e.code == code, (move, e.code, e.reason)
        for key, value in params.items():
            assert e.params[key] == value, (code, key, e.params)
        json.dumps(e.to_json())

        def who(seat: int) -> str:  # the closer named as the engine names seats
            return f"seat {seat} ({game.names[seat]})"

        assert refusal_text(e.code, e.params, who) == e.reason
        seen[code] = e.params

    game = dealt(STRONG, WEAK, "6-1")
    check(game, 99, "no_such_action", action=99)
    check(game, "play 5-4", "not_in_hand", tile="5-4")
    assert seen["not_in_hand"]["hand"] == game.view(0)["hand"]
    check(game, "take up", "take_not_due")
    game.play("close")
    check(game, "close", "already_closed", closer=0)
    game.play("play 6-5")
    check(game, "close", "leader_only", what="close")
    check(game, "play 4-4 show", "leader_only", what="show")
    # no 6 in that hand: a 5 must follow
    check(game, "play 1-0", "must_follow", led="6-5", step=2, number=5, closed=True)
    assert seen["must_follow"]["allowed"] == ["5-4"]
    # shows
    game = dealt("6-6 6-5 5-4 5-3 4-3 5-2 3-2", "1-0 6-4 6-3 6-2 3-1 4-1 4-0", "6-1")
    check(game, "play 6-6 show", "show_needs_doubles", tile="6-6")
    game = dealt("6-6 5-5 4-4 5-4 5-3 4-3 5-2", "1-0 6-4 6-3 6-2 3-1 4-1 4-0", "6-1", stock="3-3")
    play(game, "play 6-6 show", "play 1-0")
    check(game, "play 3-3 show", "already_shown", tile="3-3", doubles=["5-5", "4-4"])
    # the last two
    game = dealt(LOW0, LOW1, "6-5", stock=LAST_STOCK)
    seven_low_tricks(game)
    check(game, "close", "must_take", up="6-5")
    game.play("take hidden")
    check(game, "close", "stock_exhausted")
    # chance events
    game = ludoteca.new_game("bingo", chance="manual")
    check(game, "deal 6-6", "draw_due")
    check(game, "draw 6-6 6-6", "draw_two_tiles")
    check(game, "draw 6-6 9-9", "not_a_tile", word="9-9")
    game.play("draw 6-6 1-0")
    good = f"deal {H0} | {H1} | up 6-1 | stock {STOCK}"
    check(game, good.replace("deal", "draw", 1), "deal_due")
    check(game, good.replace("| up 6-1 ", ""), "deal_form")
    check(game, good.replace("6-2 5-5", "6-2 6-6"), "each_tile_once")
    check(game, good.replace(" 0-0", ""), "stock_size", count=12)
    check(game, good.replace("1-0 | 6-5", "| 6-5 1-0"), "seven_each")
    expected = {
        "no_such_action",
        "not_in_hand",
        "take_not_due",
        "already_closed",
        "leader_only",
        "must_follow",
        "show_needs_doubles",
        "already_shown",
        "must_take",
        "stock_exhausted",
        "draw_due",
        "draw_two_tiles",
        "not_a_tile",
        "deal_due",
        "deal_form",
        "each_tile_once",
        "stock_size",
        "seven_each",
    }
    assert set(seen) == expected


def test_follow_refusals_name_the_step_and_the_tiles_allowed() -> None:
    # trump 2, closed at once: 6-4 led; the follower holds no 6 but a 4
    game = dealt("6-4 6-6 6-5 6-3 5-4 5-3 4-3", "4-0 1-1 3-1 3-3 5-5 1-0 5-0", "2-1", "0-0")
    play(game, "close", "play 6-4")
    e = refused(game, "play 1-1")
    assert (e.code, e.params["step"], e.params["number"]) == ("must_follow", 2, 4)
    assert e.params["allowed"] == ["4-0"] and e.params["closed"] is True
    assert "holds a tile with a 4, so it must play one of: 4-0" in e.reason


def test_moves_are_values() -> None:
    game = dealt(H0, H1, "6-1", STOCK)
    for a in range(NUM_ACTIONS):
        text = game.action_to_move(a)
        move = game.parse(text)
        assert str(move) == text and eval(repr(move), {"Move": Move, "Tile": Tile}) == move
    assert game.parse("play 4-6") == Move("play", (Tile(6, 4),), text="play 6-4")
    assert game.parse("PLAY 5-5  show") == Move(
        "play", (Tile(5, 5),), detail="show", text="play 5-5 show"
    )
    assert game.parse("close") == Move("close", text="close")
    assert game.parse("take up").detail == "up" and game.parse("take hidden").kind == "take"
    manual = new()
    deal = manual.parse(f"DEAL 1-0 0-3 1-5 2-6 4-4 5-5 6-6 | {H1} |  up 1-6 | stock {STOCK}")
    assert deal.kind == "deal" and len(deal.tiles) == 28 and deal.detail == ""
    assert str(deal) == f"deal {H0} | {H1} | up 6-1 | stock {STOCK}"
    assert deal.tiles[:7] == tuple(Tile.parse(t) for t in H0.split())
    assert deal.tiles[14] == Tile(6, 1)
    manual.play(deal)
    assert manual.moves[-1] == str(deal)
    draw = ludoteca.new_game("bingo", chance="manual").parse("draw 4-5 1-6")
    assert draw == Move("draw", (Tile(5, 4), Tile(6, 1)), text="draw 5-4 6-1")
