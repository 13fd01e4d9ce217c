"""The terminal app driven by Textual's pilot: whole games by key presses, hot-seat
hiding, illegal keys explained, undo, hints, rules, save and resume, both languages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from tui_pilot import (
    SIZE,
    make_app,
    painted,
    play_to_end,
    play_turn,
    region_text,
    screen_text,
    settle,
    wait_until,
)

import ludoteca
from ludoteca.bots import RankedMove
from ludoteca.tui.app import PlayApp
from ludoteca.tui.hand import HandView
from ludoteca.tui.moves import MovesView
from ludoteca.tui.screens import HandEndScreen, PassScreen, SaveScreen, TextScreen
from ludoteca.tui.table import Table

pytestmark = pytest.mark.asyncio


def message_of(app: PlayApp) -> str:
    return app.message_text


WHOLE_GAMES = [
    ("texas42", ["human", "random", "random", "random"], {}),
    ("bingo", ["human", "random"], {}),
    ("cavaleiro", ["human", "random"], {"layout": "2x2x2+1"}),
    ("fiveup", ["human", "random", "random"], {"target": 21}),
]


@pytest.mark.parametrize(("game", "seats", "options"), WHOLE_GAMES, ids=[g[0] for g in WHOLE_GAMES])
async def test_a_whole_game_by_key_presses(
    game: str, seats: list[str], options: dict[str, object]
) -> None:
    if game not in ludoteca.available_games():
        pytest.skip(f"the {game} engine is not built")
    app = make_app(game, seats, seed=3, **options)
    async with app.run_test(size=SIZE) as pilot:
        turns = await play_to_end(pilot, app)
        assert turns > 0
        assert app.table.game.is_over
        assert isinstance(app.screen, TextScreen)
        await painted(pilot, app)
        text = screen_text(app)
        assert "Game over" in text
        result = app.table.game.result()
        winner = result["winner"]
        assert ("You won!" in text) == (winner is not None and 0 in result["sides"][winner])
        people = app.table.actors.count(0)
        rolls = app.table.actors.count("chance") if game == "cavaleiro" else 0
        if game == "fiveup":  # one key draws until a tile fits: several draws of the person's
            assert 0 < turns <= people
        else:
            assert 0 < people <= turns <= people + rolls  # each key-press decision is the person's
        assert ludoteca.replay(app.table.game.record()).moves == app.table.game.moves


HAND_ENDS = [
    ("texas42", ["human", "random", "random", "random"], "Marks (to 7)"),
    ("bingo", ["human", "random"], "Sets (to 7)"),
    ("fiveup", ["human", "random"], "Points this hand"),
]


@pytest.mark.parametrize(("game", "seats", "words"), HAND_ENDS, ids=[g[0] for g in HAND_ENDS])
async def test_the_end_of_a_hand_stays_until_the_player_continues(
    game: str, seats: list[str], words: str
) -> None:
    app = make_app(game, seats, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):
            await settle(pilot, app)
            if isinstance(app.screen, HandEndScreen):
                break
            assert not app.table.game.is_over
            await play_turn(pilot, app)
        else:
            pytest.fail("no hand's end")
        ended = len(app.table.game.moves)
        assert any(e.code in ("hand_over", "hand_ended") for e in app.table.game.events[-1])
        await painted(pilot, app)
        text = screen_text(app)
        assert words in text and "Continue" in text
        await pilot.pause(0.05)
        assert len(app.table.game.moves) == ended  # nothing dealt while the player reads
        await pilot.press("c")
        await wait_until(pilot, lambda: len(app.table.game.moves) > ended, "the next deal")
        assert not isinstance(app.screen, HandEndScreen)


async def test_hot_seat_hides_the_hand_until_the_next_player_is_ready() -> None:
    app = make_app("bingo", ["human", "human"], seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        first = app.table.game.to_move
        assert isinstance(app.screen, PassScreen)
        await painted(pilot, app)
        assert f"Pass the device to Player {first + 1}" in screen_text(app)
        assert app.query_one(HandView).tiles == []
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, PassScreen), "the table")
        await settle(pilot, app)
        hand = app.query_one(HandView)
        assert hand.tiles == app.table.game.view(first)["hand"]
        shown_before = list(hand.tiles)
        await play_turn(pilot, app)
        await settle(pilot, app)
        second = app.table.game.to_move
        assert second != first
        assert isinstance(app.screen, PassScreen)
        await painted(pilot, app)
        assert f"Player {second + 1}" in screen_text(app)
        assert app.shown_seat() is None
        assert app.query_one(HandView).tiles == []
        for tile in shown_before:
            assert tile not in " ".join(str(x) for x in app.query_one(HandView).tiles)
        await pilot.click("#pass-text")
        await wait_until(pilot, lambda: not isinstance(app.screen, PassScreen), "the table")
        await settle(pilot, app)
        assert app.query_one(HandView).tiles == app.table.game.view(second)["hand"]


async def test_hot_seat_with_bots_between_the_people() -> None:
    app = make_app("texas42", ["human", "random", "human", "random"], seed=2)
    async with app.run_test(size=SIZE) as pilot:
        seen = set()
        for _ in range(12):
            await settle(pilot, app)
            while isinstance(app.screen, (PassScreen, HandEndScreen)):
                if isinstance(app.screen, PassScreen):
                    assert app.shown_seat() is None
                shown = app.screen
                await pilot.press("enter")
                await wait_until(pilot, lambda s=shown: app.screen is not s, "the table")
                await settle(pilot, app)
            seat = app.table.game.to_move
            assert app.shown_seat() == seat
            assert app.query_one(HandView).tiles == app.table.game.view(seat)["hand"]
            seen.add(seat)
            await play_turn(pilot, app)
        assert seen == {0, 2}


async def test_an_illegal_tile_is_explained_and_changes_nothing() -> None:
    app = make_app("texas42", ["human", "random", "random", "random"], seed=1, lang="pt")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        # the bidding: a tile is not a bid
        before = app.table.game.moves
        hand = app.query_one(HandView)
        hand.focus()
        await wait_until(pilot, lambda: hand.has_focus, "the focus")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "não permitida" in message_of(app), "the refusal")
        message = message_of(app)
        assert "Jogada não permitida" in message and "é a hora do leilão" in message
        assert "passo" in message and "play" not in message  # the bids in words, no notation
        assert app.table.game.moves == before
        # play on until a tile must follow suit, then try one that does not
        for _ in range(200):
            await settle(pilot, app)
            view = app.table.game.view(0)
            hand = app.query_one(HandView)
            blocked = [x for x in hand.tiles if x not in hand.playable]
            if view["phase"] == "play" and view["trick"] and hand.playable and blocked:
                break
            await play_turn(pilot, app)
        else:
            pytest.fail("no position with a tile that may not be played")
        before = app.table.game.moves
        target = hand.tiles.index(blocked[0])
        hand.focus()
        await wait_until(pilot, lambda: hand.has_focus, "the focus")
        await pilot.press("end")
        assert hand.cursor == len(hand.tiles) - 1
        await pilot.press("right")  # at the end, the cursor stays there
        assert hand.cursor == len(hand.tiles) - 1
        await pilot.press("home")
        assert hand.cursor == 0
        while hand.cursor != target:
            await pilot.press("right")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "não permitida" in message_of(app), "the refusal")
        message = message_of(app)
        assert f"Jogada não permitida (joga {blocked[0]})" in message
        assert "seguir" in message or "trunfo" in message or "setes" in message
        for tile in hand.playable:
            assert tile in message
        assert app.table.game.moves == before


async def test_keys_that_are_not_moves_now() -> None:
    app = make_app("bingo", ["human", "random"], seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        app.pace = 60.0  # the bot holds its move: the person presses keys meanwhile
        await play_turn(pilot, app)
        await wait_until(
            pilot, lambda: app.table.next_step() == "bot" and app.busy, "the bot to come to move"
        )
        await pilot.press("1")
        await wait_until(pilot, lambda: "Please wait" in message_of(app), "the refusal")
        assert "Please wait: Bot 2 (random) is playing." in message_of(app)
        app.generation += 1  # drop the held bot move
        app.pace = 0
        app.advance()
        await settle(pilot, app)
        count = len(app.moves_shown)
        await pilot.press("9")
        if count == 0:  # only tiles to play: the key says how to pick one
            await wait_until(pilot, lambda: "pick a tile" in message_of(app), "the answer")
        elif count < 9:
            await wait_until(pilot, lambda: "no move 9" in message_of(app), "the refusal")
            assert "There is no move 9 now." in message_of(app)


async def test_undo_takes_back_the_last_decision() -> None:
    app = make_app("bingo", ["human", "random"], seed=6)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = app.table.game.moves
        await play_turn(pilot, app)
        await settle(pilot, app)
        assert len(app.table.game.moves) > len(before)
        await pilot.press("u")
        await wait_until(pilot, lambda: "taken back" in message_of(app), "the undo")
        await settle(pilot, app)
        assert app.table.game.moves == before
        assert "Your last decision was taken back." in message_of(app)


async def test_undo_is_refused_in_hot_seat() -> None:
    app = make_app("cavaleiro", ["human", "human"], seed=6, lang="pt")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("u")
        await wait_until(pilot, lambda: "robôs" in message_of(app), "the refusal")
        assert "todos os outros lugares são robôs" in message_of(app)


async def test_hint_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(ludoteca, "hint", raising=False)
    app = make_app("texas42", ["human", "random", "random", "random"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        await wait_until(pilot, lambda: "Hints" in message_of(app), "the answer")
        assert "Hints are not available yet." in message_of(app)

        def fake_hint(game: ludoteca.Game, seat: int) -> list[RankedMove]:
            assert seat == 0 and game.to_move == 0
            moves = game.legal_moves()
            made = {"deals": 20, "contract": "trump 5", "mean": 33.5}
            return [
                RankedMove(moves[-1], 0.75, "", "bid_make_rate", {"rate": 0.75, **made}),
                RankedMove(moves[0], 0.25, "", "pass_risks_nothing"),
            ]

        monkeypatch.setattr(ludoteca, "hint", fake_hint, raising=False)
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, TextScreen), "the hints")
        await pilot.pause()
        await painted(pilot, app)
        text = screen_text(app)
        assert "The expert's suggestions" in text
        assert "made in 75% of 20 deals with fives as trump" in text
        assert "0.75" in text and "passing counts as 0" in text, text
        # why the best move is best comes first, in words, then the numbers
        why = "This bid is made 8 in 10 times: worth more than passing, which counts as 0."
        assert why in text and text.index(why) < text.index("made in 75% of 20 deals"), text
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, TextScreen), "the table")


async def test_hint_reasons_in_portuguese(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app("texas42", ["human", "random", "random", "random"], seed=3, lang="pt")

    def fake_hint(game: ludoteca.Game, seat: int) -> list[RankedMove]:
        made = {"rate": 0.855, "deals": 1000, "contract": "trump doubles", "mean": 30.25}
        return [
            RankedMove("pass", 0.0, "passing risks nothing", "pass_risks_nothing"),
            RankedMove("bid 30", 0.7, "", "bid_make_rate", made),
        ]

    monkeypatch.setattr(ludoteca, "hint", fake_hint, raising=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, TextScreen), "the hints")
        await pilot.pause()
        await painted(pilot, app)
        text = screen_text(app)
        assert "passar vale 0" in text
        assert "cumprido em 86% de 1.000 distribuições" in text
        why = "Passar não arrisca nada: esse lance seria cumprido só 9 em 10 vezes."
        assert why in text and text.index(why) < text.index("passar vale 0"), text


@pytest.mark.parametrize("lang", ["pt", "en"])
async def test_rules_key_shows_the_rules_in_the_language(lang: str) -> None:
    app = make_app("cavaleiro", ["human", "random"], seed=3, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, TextScreen), "the rules")
        await pilot.pause()
        await painted(pilot, app)
        text = screen_text(app)
        assert "Cavaleiro" in text
        assert ("O que é preciso" if lang == "pt" else "What you need") in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, TextScreen), "the table")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pt", ["Sua vez, Você", "Sua mão", "Jogadas", "Marcas (até 7)", "Leilão", "h dica"]),
        (
            "en",
            ["Your turn, You", "Your tiles", "Moves", "Marks (to 7)", "Bidding", "h hint"],
        ),
    ],
)
async def test_both_languages_render(lang: str, words: list[str]) -> None:
    app = make_app("texas42", ["human", "random", "random", "random"], seed=9, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await painted(pilot, app)
        text = screen_text(app)
        for word in words:
            assert word in text, word
        await pilot.press("l")
        await wait_until(pilot, lambda: app.lang != lang, "the other language")
        await pilot.pause()
        await painted(pilot, app)
        other = screen_text(app)
        assert ("Your turn" in other) == (lang == "pt")


async def test_save_and_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = tmp_path / "data" / "ludoteca" / "records"  # a name alone: the data folder
    app = make_app("bingo", ["human", "random"], seed=12)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await settle(pilot, app)
            await play_turn(pilot, app)
        await settle(pilot, app)
        await pilot.press("s")
        await wait_until(pilot, lambda: len(app.screen_stack) > 1, "the file name")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "saved" in message_of(app), "the save")
        name = app.table.default_save_name()
        assert f"Record saved to {folder / name}" in message_of(app)
        moves = app.table.game.moves
    record = json.loads((folder / name).read_text(encoding="utf-8"))
    assert record["format"] == "ludoteca/1" and record["moves"] == moves
    assert app.table.save(str(tmp_path / "here.json")) == tmp_path / "here.json"  # a path: there

    table = Table.resume(folder / name)
    again = PlayApp(table, lang="en", pace=0)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, again)
        assert again.table.game.moves == moves
        assert again.query_one(HandView).tiles == table.game.view(0)["hand"]
        await play_turn(pilot, again)
        await settle(pilot, again)
        assert len(again.table.game.moves) > len(moves)


async def quit_with_a_move_unsaved(pilot: Pilot[Any], app: PlayApp) -> None:
    """Make a move, then ask to quit: the question is on the screen."""
    await settle(pilot, app)
    await play_turn(pilot, app)
    await settle(pilot, app)
    await pilot.press("q")
    await wait_until(pilot, lambda: len(app.screen_stack) > 1, "the question")


async def test_quit_asks_first_when_moves_are_unsaved() -> None:
    app = make_app("bingo", ["human", "random"], seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await quit_with_a_move_unsaved(pilot, app)
        await pilot.pause()
        await painted(pilot, app)
        assert "Quit the game?" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: len(app.screen_stack) == 1, "the table")
        assert app.is_running
        await pilot.press("q")
        await wait_until(pilot, lambda: len(app.screen_stack) > 1, "the question")
        await pilot.press("y")
        await wait_until(pilot, lambda: not app.is_running, "the end")
    assert app.return_code == 0


@pytest.mark.parametrize("lang", ["en", "pt"])
async def test_s_at_the_quit_question_saves_then_quits_in_either_language(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = make_app("bingo", ["human", "random"], seed=12, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await quit_with_a_move_unsaved(pilot, app)
        await pilot.press("s")  # save, in English and in Portuguese (salvar), never "sim"
        await wait_until(pilot, lambda: isinstance(app.screen, SaveScreen), "the file's name")
        await pilot.press("enter")
        await wait_until(pilot, lambda: not app.is_running, "the end")
        moves = app.table.game.moves
    saved = list(tmp_path.rglob("ludoteca-bingo-*.json"))
    assert len(saved) == 1
    assert json.loads(saved[0].read_text(encoding="utf-8"))["moves"] == moves


async def test_the_game_over_box_saves_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = make_app("cavaleiro", ["human", "random"], seed=3, players=2)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot, app)
        await wait_until(pilot, lambda: isinstance(app.screen, TextScreen), "the result")
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveScreen), "the file's name")
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(app.screen_stack) == 1, "the table")
        await painted(pilot, app)
        saved = list(tmp_path.rglob("ludoteca-cavaleiro-*.json"))
        assert len(saved) == 1
        assert "Record saved to" in screen_text(app)
        assert json.loads(saved[0].read_text(encoding="utf-8"))["moves"] == app.table.game.moves


async def test_a_single_enter_among_several_moves_plays_nothing() -> None:
    app = make_app("texas42", ["human", "random", "random", "random"], seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.table.game.view(0)["phase"] == "bid"
        before = len(app.table.game.moves)
        moves = app.query_one("#moves", MovesView)
        moves.focus()
        await wait_until(pilot, lambda: moves.has_focus, "the moves to take the focus")
        await pilot.press("enter")
        await painted(pilot, app)
        assert len(app.table.game.moves) == before  # no bid nor pass made by a stray Enter
        first = app.moves_shown[0]
        await pilot.press("down", "enter")  # the first move, chosen where it can be seen
        await wait_until(pilot, lambda: len(app.table.game.moves) > before, "the move")
        assert app.table.game.moves[before] == first


async def test_a_click_plays_a_tile() -> None:
    app = make_app("bingo", ["human", "random"], seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        hand = app.query_one(HandView)
        assert hand.active and hand.playable
        before = len(app.table.game.moves)
        tile = hand.tiles[2]
        await pilot.click(HandView, offset=(1 + 2 * 8 + 3, 3))
        await wait_until(pilot, lambda: len(app.table.game.moves) > before, "the click")
        played = app.table.game.moves[before]
        assert played.startswith(f"play {tile}")


async def test_a_person_rolls_the_dice_by_key() -> None:
    app = make_app("cavaleiro", ["human", "random"], seed=8, lang="pt")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.table.next_step() == "roll"
        assert app.moves_shown == ["roll"]
        await painted(pilot, app)
        assert "Lançar os dados" in screen_text(app)
        await pilot.press("1")
        await wait_until(pilot, lambda: len(app.table.game.moves) > 0, "the roll")
        assert app.table.game.moves[0].startswith("roll ")
        assert app.table.actors[0] == "chance"


async def test_a_new_game_after_the_end() -> None:
    app = make_app("cavaleiro", ["human", "random"], seed=2, layout="1x1x2+0")
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot, app)
        first = app.table
        await pilot.press("n")
        await wait_until(pilot, lambda: app.table is not first, "the new game")
        await settle(pilot, app)
        assert not app.table.game.is_over
        assert app.table.seats == first.seats
        assert app.table.game.options == first.game.options
        assert app.table.seed == first.seed + 1
        assert len(app.screen_stack) == 1


async def test_the_notation_key_shows_the_moves_played_in_notation() -> None:
    app = make_app("texas42", ["human", "random", "random", "random"], seed=17, lang="pt")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        bids = [m for m in app.table.game.moves if m.startswith("bid ")]
        assert bids, "the bots bid before the person"
        newest = bids[-1]
        words = "lance de " + newest.split()[1]
        await wait_until(pilot, lambda: words in region_text(app, "#log-scroll"), "the words")
        assert newest not in region_text(app, "#log-scroll")
        await pilot.press("o")
        await wait_until(pilot, lambda: newest in region_text(app, "#log-scroll"), "the notation")
        assert words not in region_text(app, "#log-scroll")
        await pilot.press("o")
        await wait_until(pilot, lambda: newest not in region_text(app, "#log-scroll"), "words")


@pytest.mark.parametrize("players", [3, 8])
async def test_up_to_eight_cavaleiro_players_fit_the_terminal(players: int) -> None:
    app = make_app("cavaleiro", ["human"] + ["random"] * (players - 1), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):  # the roll-off, then a round rolled by everyone
            await settle(pilot, app)
            view = app.table.game.view(0)
            if view["phase"] == "remove" and view["round"] >= 1:
                break
            await pilot.press("1")
            await wait_until(pilot, lambda: not app.busy or app.table.game.moves, "the roll")
        text = screen_text(app)
        board = [line[:76] for line in text.splitlines()]  # left of the score panel
        for seat, name in enumerate(app.display_names()):
            assert any(name in line for line in board), name
            roll = next(r for r in view["rolls"] if r["seat"] == seat)
            dice = " ".join(str(d) for d in roll["dice"])
            assert players == 3 or any(dice in line for line in board), dice
        assert "the ranking" in text  # the round's rolls, best first, in the panel
        assert "You: rolls" in text or "Bot" in text


NEWEST_MOVE = [
    ("cavaleiro", ["human", "random", "random"], {"players": 3}, "pt", (120, 40)),
    ("cavaleiro", ["human", "random", "random"], {"players": 3}, "pt", (80, 24)),
    ("texas42", ["human", "random", "random", "random"], {}, "en", (80, 24)),
    ("fiveup", ["human", "random"], {}, "pt", (80, 24)),
    ("bingo", ["human", "random"], {}, "en", (120, 40)),
]


@pytest.mark.parametrize(
    ("game", "seats", "options", "lang", "size"),
    NEWEST_MOVE,
    ids=[f"{g[0]}-{g[3]}-{g[4][0]}x{g[4][1]}" for g in NEWEST_MOVE],
)
async def test_the_log_always_shows_the_newest_move(
    game: str,
    seats: list[str],
    options: dict[str, object],
    lang: str,
    size: tuple[int, int],
) -> None:
    from ludoteca.i18n.events import log_lines

    app = make_app(game, seats, seed=4, lang=lang, **options)
    async with app.run_test(size=size) as pilot:
        checked = 0
        for _ in range(16):
            await settle(pilot, app)
            if app.table.game.is_over:
                break
            if isinstance(app.screen, (HandEndScreen, PassScreen)):
                await pilot.press("enter")
                continue
            await painted(pilot, app)
            view = app.table.game.view(0)
            lines = log_lines(game, view, lang, app.display_names(), 0, moves=1)
            if lines:
                newest = " ".join(lines[-1].text.split())
                shown = region_text(app, "#log-scroll")
                assert newest in shown, f"{newest!r} is not in the log's view:\n{shown}"
                checked += 1
            await play_turn(pilot, app)
        assert checked >= 5
