"""Bingo properties over thousands of random games, checked against a second, plain
reading of the rules written here (strength, values, the follow rule, shows, sets)."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.bingo import Bingo
from ludoteca.games.bingo.tables import VALUE, config_of
from ludoteca.tiles import ALL_TILES, TILE_TEXT, Tile, tile_index

# ------------------------------------------------------- the rules, read again


def pips(t: Tile, b7: bool) -> int:
    return sum(7 if b7 and e == 0 else e for e in (t.high, t.low))


def ends(t: Tile, b7: bool) -> tuple[int, int]:
    """(higher end, lower end); with blanks as seven the blank is the higher."""
    return (0, t.high) if b7 and t.low == 0 else (t.high, t.low)


def strength(t: Tile, trump: int, b7: bool) -> int:
    if t.high == t.low == 0:
        return 1000
    if t.high == t.low == trump:
        return 900
    if t.has(trump):
        return 500 + pips(t, b7)
    return pips(t, b7)


def value(t: Tile, trump: int, b7: bool) -> int:
    if t.high == t.low == trump:
        return 28
    if t.high == t.low == 0:
        return 14
    if (t.high, t.low) == (3, 0):
        return 10
    return pips(t, b7)


def follow_choices(hand: list[Tile], led: Tile, trump: int, b7: bool) -> list[Tile]:
    high, low = ends(led, b7)
    for number in (high, low, trump):
        group = [t for t in hand if t.has(number)]
        if group:
            return group
    return hand


SHOW = {1: 20, 2: 40, 3: 50, 4: 60, 5: 70, 6: 70}


def tiles(mask: int) -> list[Tile]:
    return [t for t in ALL_TILES if mask & t.bit]


# ------------------------------------------------------------------ checks


def check_state(game: Bingo, view: dict[str, Any]) -> None:
    """Everything that must hold at any moment of a hand (``view``: the spectator's)."""
    b7 = game.options["blanks_as_seven"]
    if view["hand_number"] == 0:
        return
    trump = view["trump"]
    up = Tile.parse(view["turned_up_tile"])
    assert trump == (0 if b7 and up.low == 0 else up.high)
    # tiles conserved: hands, stock, the turned-up tile and the played tiles make the set
    played = [p["tile"] for tr in view["tricks"] for p in tr["plays"]]
    played += [p["tile"] for p in view["trick"]]
    h0, h1 = game.core.hands
    core = game.core
    stock_left = list(core.stock[core.drawn :]) if core.up >= 0 else []
    parts = [*(TILE_TEXT[t] for t in stock_left), *played]
    parts += [TILE_TEXT[t.index] for t in tiles(h0)] + [TILE_TEXT[t.index] for t in tiles(h1)]
    up_in_stock = core.up >= 0
    if up_in_stock:
        parts.append(str(up))
    assert sorted(parts, key=tile_index) == list(TILE_TEXT)
    if view["phase"] in ("lead", "reply", "take"):
        assert view["stock_count"] == len(stock_left) + up_in_stock
    # points: the captured tiles, the won shows and the failed close, scored by the trick
    expected = [0, 0]
    won = [0, 0]
    for trick in view["tricks"]:
        led, reply = (Tile.parse(p["tile"]) for p in trick["plays"])
        leader = trick["leader"]
        winner = leader if strength(reply, trump, b7) <= strength(led, trump, b7) else 1 - leader
        assert trick["winner"] == winner
        captured = value(led, trump, b7) + value(reply, trump, b7)
        assert trick["points"] == captured
        shown = trick["shown"]
        bonus = 0
        if shown and winner == leader:
            bonus = SHOW[len(shown)] + (10 if "0-0" in shown or str(led) == "0-0" else 0)
        assert trick["show_points"] == bonus
        expected[winner] += captured + bonus
        won[winner] += 1
    hand_no = view["hand_number"]
    for event in view["score_events"]:
        if event["hand"] == hand_no and event["reason"] == "failed close":
            expected[event["seat"]] += event["points"]
    assert view["points"] == expected
    assert view["tricks_won"] == won
    assert view["hand_sizes"] == [h0.bit_count(), h1.bit_count()]
    if view["phase"] in ("lead", "reply", "take"):
        assert max(view["points"]) < 70
        assert view["following_compulsory"] == (view["closed"] or view["stock_count"] == 0)


def check_legal(game: Bingo, view: dict[str, Any]) -> None:
    """The legal moves, derived from the rules read again."""
    seat = game.to_move
    if not isinstance(seat, int):
        return
    b7 = game.options["blanks_as_seven"]
    held = tiles(game.core.hands[seat])
    legal = set(game.legal_moves())
    if view["phase"] == "take":
        assert legal == {"take up", "take hidden"}
    elif view["phase"] == "reply":
        led = Tile.parse(view["trick"][0]["tile"])
        allowed = (
            follow_choices(held, led, view["trump"], b7)
            if view["closed"] or (view["stock_count"] == 0)
            else held
        )
        assert legal == {f"play {t}" for t in allowed}
    else:
        shown = set(view["shown"][seat])
        doubles = [t for t in held if t.is_double]
        expected = {f"play {t}" for t in held}
        for d in doubles:
            if any(o is not d and str(o) not in shown for o in doubles):
                expected.add(f"play {d} show")
        if not view["closed"] and view["stock_count"] > 0:
            expected.add("close")
        assert legal == expected


def check_hand_end(summary: dict[str, Any]) -> None:
    winner, loser = summary["winner"], 1 - summary["winner"]
    points = summary["points"]
    closer = summary["closed_by"]
    if closer == loser:
        assert summary["failed_close_penalty"] == max(70 - points[loser], 7)
    else:
        assert summary["failed_close_penalty"] == 0
        assert points[winner] >= 70 or summary["ended"] == "tiles ran out"
    if summary["ended"] == "reached 70":
        assert points[winner] - summary["failed_close_penalty"] >= 70
    table = 3 if summary["tricks_won"][loser] == 0 else 2 if points[loser] < 30 else 1
    expected = [0, 0]
    expected[winner] = table
    trump = summary["trump"]
    if trump != 0:
        for trick in summary["tricks"]:
            played = {p["tile"]: p["seat"] for p in trick["plays"]}
            if "0-0" in played and f"{trump}-{trump}" in played:
                assert trick["winner"] == played["0-0"]
                expected[trick["winner"]] += 1
    assert summary["sets_won"] == expected


def check_views_hide(game: Bingo, spectator: dict[str, Any]) -> None:
    for seat in (0, 1):
        view = game.view(seat)
        assert view["hand"] == [TILE_TEXT[t.index] for t in reversed(tiles(game.core.hands[seat]))]
        for entry in view["log"]:
            if entry.startswith("deal "):
                parts = entry.split(" | ")
                assert parts[1 - seat].removeprefix("deal ") == "?"
                assert parts[3] == "stock ?"
    for entry in spectator["log"]:
        if entry.startswith("deal "):
            assert entry.startswith("deal ? | ? | up ")


def random_match(seed: int, b7: bool, check: bool = True, checked_hands: int = 3) -> Bingo:
    """A random match; every step of its first ``checked_hands`` hands checked if ``check``."""
    game = ludoteca.new_game("bingo", seed=seed, blanks_as_seven=b7)
    assert isinstance(game, Bingo)
    rng = random.Random(seed)
    hands_seen = 0
    while not game.is_over:
        if check and game.core.hand_no <= checked_hands:
            view = game.view()
            check_state(game, view)
            check_legal(game, view)
            check_views_hide(game, view)
        game.play(rng.choice(game.legal_moves()))
        if game.fast.hands_scored > hands_seen:
            check_hand_end(game.result()["hands"][hands_seen])
            hands_seen += 1
    check_state(game, game.view())
    json.dumps(game.view(0))
    return game


# --------------------------------------------------------------- properties


@given(seed=st.integers(0, 2**40), b7=st.booleans())
def test_random_matches_keep_every_rule(seed: int, b7: bool) -> None:
    game = random_match(seed, b7)
    result = game.result()
    sets = result["scores"]
    assert sets == [sum(h["sets_won"][s] for h in result["hands"]) for s in (0, 1)]
    assert max(sets) >= 7
    before = [h["sets_after"] for h in result["hands"]][-2] if len(result["hands"]) > 1 else [0, 0]
    assert max(before) < 7  # the match ended with the first hand that took a player to 7
    last = result["hands"][-1]
    if min(sets) >= 7:
        assert result["winner"] == last["winner"]
    else:
        assert sets[result["winner"]] >= 7
    leaders = [h["leader"] for h in result["hands"]]
    assert leaders == [leaders[0] if i % 2 == 0 else 1 - leaders[0] for i in range(len(leaders))]
    # replay reproduces everything
    again = ludoteca.replay(json.loads(json.dumps(game.record())))
    assert again.moves == game.moves and again.result() == result
    assert again.view(0) == game.view(0) and again.view(1) == game.view(1)


def test_thousands_of_matches_end_properly() -> None:
    hands = failed_closes = floor_penalties = bingo_sets = 0
    for seed in range(1500):
        game = random_match(seed, b7=seed % 3 == 0, check=False)
        result = game.result()
        assert result["over"] and result["winner"] in (0, 1)
        for h in result["hands"]:
            hands += 1
            if h["failed_close_penalty"]:
                failed_closes += 1
                floor_penalties += h["failed_close_penalty"] == 7
            bingo_sets += h["bingo_capture"] is not None
    # the random games reach every ending (the counts keep the checks above meaningful)
    assert hands > 5000 and failed_closes > 100 and floor_penalties > 0 and bingo_sets > 10


@given(seed=st.integers(0, 2**40), at=st.integers(0, 200), b7=st.booleans())
def test_views_do_not_depend_on_what_a_seat_cannot_see(seed: int, at: int, b7: bool) -> None:
    game = ludoteca.new_game("bingo", seed=seed, blanks_as_seven=b7)
    assert isinstance(game, Bingo)
    rng = random.Random(seed)
    for _ in range(at):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    for seat in (0, 1):
        other = game.sample_hidden(seat, rng)
        assert other.view(seat) == game.view(seat)
        assert other.view() == game.view()


def test_random_playouts_on_the_core_end_hands_by_the_rules() -> None:
    """The core's own play-out loop (the bots' and the bench's) ends hands as the
    rules read again say: checked on the summary the engine writes of each."""
    rng = random.Random(4)
    for i in range(1500):
        game = ludoteca.new_game("bingo", seed=i, blanks_as_seven=i % 4 == 0)
        assert isinstance(game, Bingo)
        core = game.core.clone()
        record = core.random_playout(rng)
        assert not core.in_hand and record is core.done[-1] and record.hand == 1
        points = list(record.points)
        assert sum(points) - record.penalty == sum(
            t[4] + t[6] for t in record.tricks
        )  # captures and won shows, then the failed close
        assert record.winner in (0, 1) and (max(points) >= 70 or record.closed_by >= 0)


def test_points_in_play() -> None:
    # 168 pips, the trump double 28 instead of its pips, the bingo 14, 3-0 10 instead of 3:
    # 217 − 2·trump, and 203 with trump 0 (the bingo is then the trump double)
    for trump in range(7):
        total = sum(VALUE[config_of(trump, False)])
        assert total == (203 if trump == 0 else 217 - 2 * trump)
        assert total == sum(value(t, trump, False) for t in ALL_TILES)
