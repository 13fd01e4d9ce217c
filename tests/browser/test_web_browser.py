"""The web app in a real browser: whole games through the page, two players and a
spectator, reloads, a server restart, keyboard play, languages, the replay
viewer; every WebSocket frame a page receives is checked for hidden tiles."""

from __future__ import annotations

import json
import random
import re
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from web_helpers import Truth, apply_delta, check_frame, movers
from wording import english_in, notation_in

import ludoteca

GAMES = ludoteca.available_games()


class Frames:
    """Every state frame a page receives over its WebSockets."""

    def __init__(self, page: Any) -> None:
        self.frames: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        kept: dict[str, Any] = {}  # this socket's state, deltas applied as the page does

        def frame(payload: Any) -> None:
            text = payload if isinstance(payload, str) else payload.decode("utf-8")
            msg = json.loads(text)
            if msg.get("type") == "delta":
                assert kept, "a delta before any state"
                msg = apply_delta(kept["state"], msg)
            if msg.get("type") == "state":
                kept["state"] = msg
                self.frames.append(msg)

        ws.on("framereceived", frame)

    @property
    def last(self) -> dict[str, Any]:
        return self.frames[-1]

    def shown(self, page: Any, timeout: float = 10.0) -> dict[str, Any]:
        """The frame the board shows now (its events may reach the test a little later)."""
        deadline = time.monotonic() + timeout
        while True:
            n = int(page.get_attribute("#board", "data-n") or -1)
            if self.frames and self.frames[-1]["n"] == n:
                return self.frames[-1]
            assert time.monotonic() < deadline, f"no frame {n} after {timeout} s"
            page.wait_for_timeout(50)


def new_page(browser: Any, locale: str = "en-US", width: int = 1280, height: int = 900) -> Any:
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def create_table(
    page: Any,
    base: str,
    game: str,
    seats: list[str] | None = None,
    options: dict[str, str] | None = None,
    name: str = "Ana",
) -> str:
    """Create a table through the lobby form; its id."""
    page.goto(base + "/")
    page.check(f"#game-{game}")
    for key, value in (options or {}).items():
        sel = f"#opt-{key}"
        if page.locator(sel).evaluate("e => e.tagName") == "SELECT":
            page.select_option(sel, value)
        elif page.locator(sel).get_attribute("type") == "checkbox":
            page.set_checked(sel, value == "true")
        else:
            page.fill(sel, value)
            page.locator(sel).dispatch_event("change")
    page.wait_for_selector("fieldset.seats-box:not([aria-busy])")  # the seats the options give
    for i, value in enumerate(seats or []):
        page.select_option(f"#seat-{i}", value)
    page.fill("#name", name)
    page.select_option("#pace", "0")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#board :is(.board, #waiting)")  # a friend's seat: the waiting room
    return str(page.url.rsplit("/", 1)[-1].split("?")[0])


def click_a_legal_move(page: Any, rng: random.Random, timeout: float = 30000) -> None:
    """Click a legal tile or move button, then wait until the page has taken it in.

    The page has taken a click in when the sent move is answered (a new state or
    a refusal) or when a tile's choice box has opened: never a selector that may
    already be there before the click.
    """
    before = board_state(page)
    asked = page.get_attribute("#board", "data-awaits")
    if asked:  # a hand's end to continue from, or this player's dice to roll
        page.locator("#continue-btn" if asked == "continue" else "#roll-btn").click(timeout=30000)
        wait_settled(page, before, timeout)
        return
    choices = page.locator("#board .actions .move-btn.cancel")
    if choices.count():
        legal = page.locator("#board .actions .move-btn.legal")
    else:
        legal = page.locator("#board :is(.tile-btn, .move-btn).legal")
    count = legal.count()
    if not count:
        return
    legal.nth(rng.randrange(count)).click(timeout=30000)
    wait_settled(page, before, timeout)


def board_state(page: Any) -> dict[str, str]:
    """The board's move number and open choice, and how many refusals came."""
    state: dict[str, str] = page.evaluate(
        """() => { const b = document.getElementById('board');
                   return {n: b.dataset.n, choice: b.dataset.choice || '',
                           refusals: document.getElementById('refusal').dataset.count || '0'}; }"""
    )
    return state


def wait_settled(page: Any, before: dict[str, str], timeout: float = 30000) -> None:
    """Wait until no move is in flight and the board moved on from ``before``."""
    page.wait_for_function(
        """b0 => { const b = document.getElementById('board');
                   const refusals = document.getElementById('refusal').dataset.count || '0';
                   return b.dataset.pending !== '1' &&
                          (b.dataset.n !== b0.n || (b.dataset.choice || '') !== b0.choice ||
                           refusals !== b0.refusals); }""",
        arg=before,
        timeout=timeout,
    )


ACTING = (
    '#board[data-myturn="1"], #board[data-over="1"], '
    '#board[data-awaits="continue"], #board[data-awaits="roll"]'
)


def wait_turn_or_end(page: Any, timeout: float = 30000) -> bool:
    """Wait until this page is asked to act (a move, a roll, a hand's end to continue
    from: True) or the game is over (False)."""
    page.wait_for_selector(ACTING, timeout=timeout)
    return page.get_attribute("#board", "data-over") != "1"


def play_to_end(page: Any, rng: random.Random, shot: Path | None = None, limit: int = 4000) -> int:
    clicks = 0
    while clicks < limit and wait_turn_or_end(page):
        click_a_legal_move(page, rng)
        clicks += 1
        if clicks == 12 and shot is not None:
            page.screenshot(path=str(shot), full_page=True)
    return clicks


def record_of(base: str, table_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/tables/{table_id}/record", timeout=10) as r:
        data: dict[str, Any] = json.loads(r.read())
        return data


def check_frames(frames: Frames, record: dict[str, Any]) -> int:
    truth = Truth(record)
    for frame in sorted(frames.frames, key=lambda f: f["n"]):
        check_frame(frame, truth.at(frame["n"]))
    return len(frames.frames)


# --------------------------------------------------------------- whole games


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_against_bots(
    browser: Any, make_server: Any, artifacts: Path, game: str
) -> None:
    server = make_server()
    page = new_page(browser)
    frames = Frames(page)
    n = ludoteca.new_game(game, seed=0).num_seats
    options = {"target": "21"} if game == "fiveup" else {}
    table_id = create_table(
        page, server.url, game, ["you", *["bot:random"] * (n - 1)], options=options
    )
    clicks = play_to_end(page, random.Random(7), shot=artifacts / f"{game}-table.png")
    assert clicks > 3
    page.wait_for_selector("#result .winner")
    page.screenshot(path=str(artifacts / f"{game}-over.png"), full_page=True)
    assert page.locator("#download").get_attribute("href").endswith("/record")
    record = record_of(server.url, table_id)
    assert ludoteca.replay(record).is_over
    assert check_frames(frames, record) > clicks
    assert all(f["seat"] == 0 for f in frames.frames)
    assert not page.errors


def test_two_players_and_a_spectator_play_a_bingo_hand(
    browser: Any, make_server: Any, artifacts: Path
) -> None:
    server = make_server()
    ana, bia, eve = new_page(browser), new_page(browser), new_page(browser, width=390, height=844)
    seen = {name: Frames(p) for name, p in (("ana", ana), ("bia", bia), ("eve", eve))}
    table_id = create_table(ana, server.url, "bingo", ["you", "human"])
    link = ana.locator('[data-key="link-invite-1"]').input_value()
    watch = ana.locator('[data-key="link-watch"]').input_value()
    assert link.startswith(server.url) and "invite=" in link
    # the seat's link goes out through WhatsApp too, with a line saying what it is
    whatsapp = ana.locator('[data-key="whatsapp-invite-1"]').get_attribute("href") or ""
    sent = urllib.parse.parse_qs(urllib.parse.urlsplit(whatsapp).query)["text"][0]
    assert whatsapp.startswith("https://wa.me/?text=")
    assert sent == f"Come and play Bingo with me {link}"
    bia.goto(link)
    bia.fill("#join-name", "Bia")
    bia.click("#join-submit")
    bia.wait_for_selector("#board .board .hand")
    eve.goto(watch)
    eve.wait_for_selector("#board .board")
    rng = random.Random(5)
    first_n = max(f["n"] for f in seen["eve"].frames)
    deadline = time.monotonic() + 300
    while True:
        latest = max((f for fs in seen.values() for f in fs.frames), key=lambda f: f["n"])
        hand_end = (latest.get("awaits") or {}).get("kind") == "continue"
        ended = latest["view"]["over"] or hand_end or latest["view"]["hand_number"] >= 2
        if ended and latest["n"] >= first_n + 20:  # a hand played out, and enough frames
            break
        assert time.monotonic() < deadline, "the hand did not end"
        for page in (ana, bia):
            asked = page.get_attribute("#board", "data-awaits")
            if page.get_attribute("#board", "data-myturn") == "1" or asked:
                click_a_legal_move(page, rng, timeout=30000)
        ana.wait_for_timeout(30)  # a poll: neither player may act until the next frame
    final_n = latest["n"]
    eve.wait_for_function(
        "n => Number(document.getElementById('board').dataset.n) >= n", arg=final_n
    )
    eve.screenshot(path=str(artifacts / "bingo-spectator-phone.png"), full_page=True)
    assert eve.locator("#board .me .tile-btn").count() == 0
    assert eve.locator("#spectator").is_visible()  # told they are only watching
    assert "watching" in eve.locator("#spectator").inner_text()
    assert ana.locator("#spectator").is_hidden() and bia.locator("#spectator").is_hidden()
    assert all(f["seat"] is None for f in seen["eve"].frames)
    assert {f["seat"] for f in seen["ana"].frames} == {0}
    bia_seats = [f["seat"] for f in seen["bia"].frames]  # watching until she sat down
    assert bia_seats[-1] == 1 and set(bia_seats) <= {None, 1}
    assert bia_seats == sorted(bia_seats, key=lambda s: s is not None)
    # every frame of every page, checked against the true game
    data = ana.request.get(f"{server.url}/api/tables/{table_id}").json()
    assert data["table"]["seats"][1]["name"] == "Bia"
    store_moves = _stored_moves(server, table_id)
    record = {
        "format": "ludoteca/1",
        "game": "bingo",
        "options": data["table"]["options"],
        "players": ["Ana", "Bia"],
        "moves": store_moves,
    }
    for frames in seen.values():
        assert check_frames(frames, record) > 5
    for page in (ana, bia, eve):
        assert not page.errors


def _stored_moves(server: Any, table_id: str) -> list[str]:
    from ludoteca.web.store import Store

    store = Store(server.db_url)
    try:
        data = store.load_table(table_id)
        assert data is not None
        return list(data.moves)
    finally:
        store.close()


# ------------------------------------------------------------- a hand's end


def play_to_hand_end(page: Any, rng: random.Random, limit: int = 400) -> None:
    """Play until the page shows a hand's end waiting for its player to continue."""
    for _ in range(limit):
        assert wait_turn_or_end(page), "the game ended before a hand's end was shown"
        if page.get_attribute("#board", "data-awaits") == "continue":
            return
        click_a_legal_move(page, rng)
    pytest.fail("no hand's end")


HAND_END_WORDS = {
    ("texas42", "en"): ("Points this hand", "Everybody passed"),
    ("fiveup", "en"): ("Points this hand", "Everybody passed"),
    ("bingo", "en"): ("Points this hand", "Everybody passed"),
    ("texas42", "pt-BR"): ("Pontos nesta rodada", "Todos passaram"),  # each game's own words
    ("fiveup", "pt-BR"): ("Pontos nesta partida", "Todos passaram"),
    ("bingo", "pt-BR"): ("Pontos nesta partida", "Todos passaram"),
}


@pytest.mark.parametrize(("game", "locale"), list(HAND_END_WORDS))
def test_the_hand_end_is_shown_until_the_player_continues(
    browser: Any, make_server: Any, artifacts: Path, game: str, locale: str
) -> None:
    server = make_server()
    page = new_page(browser, locale=locale)
    frames = Frames(page)
    n = ludoteca.new_game(game, seed=0).num_seats
    create_table(page, server.url, game, ["you", *["bot:random"] * (n - 1)])
    play_to_hand_end(page, random.Random(11))
    summary = page.locator("#hand-summary")
    assert summary.is_visible()
    ended = frames.shown(page)
    assert ended["awaits"] == {"kind": "continue"}
    # the hand's own end stays on the table: its last trick or its final layout
    text = summary.inner_text()
    played, all_passed = HAND_END_WORDS[game, locale]
    assert played in text or all_passed in text, text
    if game == "fiveup":
        assert page.locator("#board svg.layout .ltile").count() >= 1
    elif all_passed not in text:
        assert page.locator("#board .trick").count() >= 1
    assert page.locator("#continue-btn").is_visible()
    suffix = "" if locale == "en" else "-pt"
    page.screenshot(path=str(artifacts / f"{game}-hand-end{suffix}.png"), full_page=True)
    if locale != "en":
        assert_portuguese(page, f"{game} hand end")
    # nothing more is dealt while the player reads
    page.wait_for_timeout(600)
    assert frames.last["n"] == ended["n"] and summary.is_visible()
    before = board_state(page)
    page.keyboard.press("c")
    wait_settled(page, before)
    page.wait_for_selector('#board[data-summary="0"]')
    after = frames.last
    assert after["n"] > ended["n"] and after["awaits"] != {"kind": "continue"}
    assert len(after["view"]["log"]) > len(ended["view"]["log"])  # the next deal came
    assert not page.errors


def test_a_cavaleiro_player_rolls_their_own_dice(
    browser: Any, make_server: Any, artifacts: Path
) -> None:
    server = make_server()
    page = new_page(browser)
    frames = Frames(page)
    table_id = create_table(page, server.url, "cavaleiro", ["you", "bot:random"], name="Ana")
    page.wait_for_selector('#board[data-awaits="roll"]')
    assert page.locator("#roll-btn").is_visible()
    before = board_state(page)
    page.keyboard.press("r")
    wait_settled(page, before)
    # the log says who rolled
    page.wait_for_function(
        """() => [...document.querySelectorAll('#board .log li')]
                 .some(li => /^(Ana|You) rolled \\d/.test(li.textContent))"""
    )
    rng = random.Random(6)
    rolls_by_key = 1
    checked_sticks = False
    while rolls_by_key < 40 and not checked_sticks:
        assert wait_turn_or_end(page)
        if page.get_attribute("#board", "data-awaits") == "roll":
            before = board_state(page)
            page.click("#roll-btn")
            wait_settled(page, before)
            rolls_by_key += 1
            continue
        # a removal to decide: the round's ranking, numbered columns, highlighted sticks
        assert page.locator("#round-summary .ranking li").count() == 2
        figure = page.locator("#board .mine-fig svg.figure")
        assert figure.locator("text.col-num").count() >= 2
        first = page.locator("#board .me .actions .move-btn.legal").first
        first.hover()
        assert figure.locator(".stick.hl").count() >= 1
        first.focus()
        assert figure.locator(".stick.hl").count() >= 1
        page.screenshot(path=str(artifacts / "cavaleiro-removal.png"), full_page=True)
        # the lowest stick of a column with a removal picks that column's removals (many
        # removals are offered a column at a time: a button's move is then "column-N")
        move = first.get_attribute("data-move")
        column = move.rsplit(" ", 1)[-1] if move.startswith("remove ") else move[7:]
        if column.isdigit() and not board_state(page)["choice"]:
            lowest = figure.locator(f'g.stick.on.vertical[data-column="{column}"]').first
            before = board_state(page)
            lowest.click()
            wait_settled(page, before)
            assert board_state(page)["refusals"] == before["refusals"]
            checked_sticks = True
        click_a_legal_move(page, rng)
    assert checked_sticks
    # auto-roll: the page rolls Ana's dice by itself
    page.check("#autoroll")
    while wait_turn_or_end(page):
        if page.get_attribute("#board", "data-awaits") == "roll":
            page.wait_for_function(
                "() => document.getElementById('board').dataset.awaits !== 'roll'"
            )
            continue
        click_a_legal_move(page, rng)
    page.wait_for_selector("#result .winner")
    assert re.search(r"sticks? removed", page.locator("#result").inner_text())
    record = record_of(server.url, table_id)
    game = ludoteca.replay(record)
    rolls = [e for move in game.events for e in move if e.code in ("roll", "order_roll")]
    mine = [e for e in rolls if e.params.get("seat") == 0]
    assert len(mine) > rolls_by_key  # the rest rolled by the switch
    assert check_frames(frames, record) > 10
    assert not page.errors


def test_a_fiveup_tile_with_several_plays_shows_where_each_goes(
    browser: Any, make_server: Any
) -> None:
    """A tile that joins several open ends opens its choices, and the layout marks the
    end each play joins (from the parsed moves): a click on a mark plays that move."""
    server = make_server()
    page = new_page(browser)
    rng = random.Random(5)
    shown = False
    for _ in range(3):  # a game without such a tile is rare
        create_table(page, server.url, "fiveup", ["you", "bot:random"])
        while not shown and wait_turn_or_end(page):
            tiles = page.locator("#board .tile-btn.legal")
            if page.get_attribute("#board", "data-awaits") or not tiles.count():
                click_a_legal_move(page, rng)  # continue, draw or pass
                continue
            before = board_state(page)
            tiles.first.click()
            wait_settled(page, before)
            if not page.get_attribute("#board", "data-choice"):
                continue  # the tile had one play: it was played
            choices = page.locator("#board .actions .move-btn.legal")
            ons = [m for m in (b.get_attribute("data-move") for b in choices.all()) if " on " in m]
            targets = page.locator("#board svg.layout circle.target")
            assert sorted(t.get_attribute("data-move") for t in targets.all()) == sorted(ons)
            if not ons:
                click_a_legal_move(page, rng)
                continue
            before = board_state(page)
            targets.first.click()
            wait_settled(page, before)
            assert page.get_attribute("#board", "data-n") != before["n"]
            assert board_state(page)["refusals"] == before["refusals"]
            shown = True
        if shown:
            break
    assert shown
    assert not page.errors


def test_a_click_on_a_stick_with_no_allowed_removal_is_refused_with_a_reason(
    browser: Any, make_server: Any
) -> None:
    """A stick of the player's figure that no allowed removal takes still asks for one
    (the horizontal, or one stick of its column): the refusal says why, in place."""
    server = make_server()
    page = new_page(browser)
    rng = random.Random(4)
    refused = False
    for _ in range(4):  # a game in which every decision allows every stick is rare
        create_table(page, server.url, "cavaleiro", ["you", "bot:random"], name="Ana")
        page.check("#autoroll")
        while not refused and wait_turn_or_end(page):
            if page.get_attribute("#board", "data-awaits") == "roll":
                page.wait_for_function(
                    "() => document.getElementById('board').dataset.awaits !== 'roll'"
                )
                continue
            other = page.locator("#board .mine-fig g.stick.on.clickable:not(.legal)")
            if not other.count():
                click_a_legal_move(page, rng)
                continue
            before = board_state(page)
            other.first.click()
            wait_settled(page, before)
            assert int(board_state(page)["refusals"]) == int(before["refusals"]) + 1
            assert page.get_attribute("#board", "data-n") == before["n"]
            assert page.locator("#board .me > #refusal").is_visible()
            said = page.locator("#refusal").inner_text()
            assert "is not allowed" in said and "allowed now" in said, said
            refused = True
        if refused:
            break
    assert refused
    assert not page.errors


# ------------------------------------------------------------ nothing lost


def test_a_reload_rejoins_the_seat(browser: Any, make_server: Any) -> None:
    server = make_server()
    page = new_page(browser)
    frames = Frames(page)
    create_table(page, server.url, "texas42", ["you", "bot:random", "bot:random", "bot:random"])
    rng = random.Random(3)
    for _ in range(4):
        assert wait_turn_or_end(page)
        click_a_legal_move(page, rng)
    before = frames.last
    page.reload()
    page.wait_for_selector("#board .board")
    page.wait_for_function(
        "n => Number(document.getElementById('board').dataset.n) >= n", arg=before["n"]
    )
    after = frames.last
    assert after["seat"] == 0
    assert after["view"]["log"][: before["n"]] == before["view"]["log"]
    assert page.locator("#board .seat.mine").count() == 1
    assert page.locator("#board .me .tile-btn").count() == len(after["view"]["hand"])
    assert wait_turn_or_end(page)


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_a_restarted_server_resumes_the_game(browser: Any, make_server: Any, db: str) -> None:
    server = make_server(db)
    page = new_page(browser)
    frames = Frames(page)
    table_id = create_table(page, server.url, "cavaleiro", ["you", "bot:random"])
    rng = random.Random(4)
    for _ in range(3):
        assert wait_turn_or_end(page)
        click_a_legal_move(page, rng)
    # the bot answers at once: wait for the page's turn, when nothing else moves
    assert wait_turn_or_end(page)
    before = frames.shown(page)
    server.stop()
    page.wait_for_selector("#conn.lost", timeout=10000)
    # said on the board: the status line says why, the moves are disabled, nothing
    # covers the hand, and the table stays as it was
    page.wait_for_selector("#board.offline")
    assert "Connection lost" in page.inner_text("#status")
    assert page.evaluate("document.getElementById('board').inert")
    legal = page.locator("#board .tile-btn, #board .move-btn, #board #roll-btn")
    if legal.count():
        legal.first.click(force=True)  # a click while away does nothing
    assert page.locator("#toasts .toast").count() == 0
    assert int(page.get_attribute("#board", "data-n") or -1) == before["n"]
    server.start()
    page.wait_for_selector("#conn.ok", timeout=20000)
    page.wait_for_selector("#board:not(.offline)")
    assert not page.evaluate("document.getElementById('board').inert")
    page.wait_for_function(
        "n => Number(document.getElementById('board').dataset.n) >= n", arg=before["n"]
    )
    after = frames.last
    assert after["view"]["log"][: before["n"]] == before["view"]["log"]
    assert after["seat"] == 0
    play_to_end(page, rng)
    record = record_of(server.url, table_id)
    assert ludoteca.replay(record).moves[: before["n"]] == before["view"]["log"]


# ------------------------------------------------------------- the page itself


def test_keyboard_play(browser: Any, make_server: Any) -> None:
    server = make_server()
    page = new_page(browser)
    frames = Frames(page)
    # greedy bots never bid a mark: the game outlasts the moves played here
    create_table(page, server.url, "texas42", ["you", "bot:greedy", "bot:greedy", "bot:greedy"])
    for played in range(1, 61):
        if not wait_turn_or_end(page):
            break
        before = board_state(page)
        if page.get_attribute("#board", "data-awaits") == "continue":
            page.keyboard.press("c")  # the hand's end: continue with the key
        elif page.locator("#board .actions .move-btn").count():
            page.keyboard.press("1")  # the first move button (pass, a bid, a trump)
        else:
            tile = page.locator("#board .tile-btn.legal").first
            tile.focus()
            key = tile.get_attribute("data-key")
            last = page.locator("#board .me .tile-btn").last.get_attribute("data-key")
            # away and back with the arrows: the legal tile has the focus again
            there, back = (
                ("ArrowLeft", "ArrowRight") if key == last else ("ArrowRight", "ArrowLeft")
            )
            page.keyboard.press(there)
            page.keyboard.press(back)
            assert page.evaluate("() => document.activeElement.dataset.key") == key
            page.keyboard.press("Enter")
        wait_settled(page, before)
        assert page.locator("#refusal").is_hidden()
        if played >= 10:
            break
    decisions = [i for i, s in enumerate(movers(frames.last)) if s == 0]
    assert len(decisions) >= 5
    page.keyboard.press("?")
    assert page.locator("#keys-dialog").is_visible()
    page.keyboard.press("Escape")
    assert page.locator("#keys-dialog").count() == 0


def test_an_illegal_click_is_refused_with_a_reason(browser: Any, make_server: Any) -> None:
    server = make_server()
    page = new_page(browser, locale="pt-BR")
    # greedy bots never bid a mark: the game lasts hands enough to meet a tile that cannot follow
    create_table(page, server.url, "texas42", ["you", "bot:greedy", "bot:greedy", "bot:greedy"])
    rng = random.Random(9)
    for _ in range(300):
        assert wait_turn_or_end(page)
        if page.locator("#board .tile-btn.dim").count():
            break
        click_a_legal_move(page, rng)
    else:
        pytest.fail("no hand where a tile could not be played")
    n = page.get_attribute("#board", "data-n")
    before = board_state(page)
    page.locator("#board .tile-btn.dim").first.click()
    wait_settled(page, before)
    assert page.locator("#refusal").is_visible()
    text = page.locator("#refusal").inner_text()
    assert "Jogada não permitida" in text and "seguir" in text
    assert page.get_attribute("#board", "data-n") == n
    # one message, in place above the hand: no toast, nothing laid over the tiles
    assert page.locator(".toast").count() == 0
    assert page.locator("#board .me > #refusal").count() == 1
    box = page.locator("#refusal").bounding_box()
    for tile in page.locator("#board .me .tile-btn").all():
        t = tile.bounding_box()
        assert box["y"] + box["height"] <= t["y"] or t["y"] + t["height"] <= box["y"]


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_shows_the_score_and_whose_turn_without_scrolling(
    browser: Any, make_server: Any, artifacts: Path, game: str
) -> None:
    server = make_server()
    page = new_page(browser, width=390, height=844)
    n = ludoteca.new_game(game, seed=0).num_seats
    create_table(page, server.url, game, ["you", *["bot:random"] * (n - 1)])
    rng = random.Random(8)
    for _ in range(4):
        assert wait_turn_or_end(page)
        click_a_legal_move(page, rng)
    assert wait_turn_or_end(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    for selector in ("#status", "#scoreline"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["height"] > 0, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, selector
        assert box["x"] + box["width"] <= 390, selector
    assert page.locator("#scoreline").inner_text().strip()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / f"{game}-phone.png"))
    assert not page.errors


@pytest.mark.parametrize(("width", "height"), [(360, 740), (390, 844)])
def test_every_page_fits_a_phone_with_its_whole_menu(
    browser: Any, make_server: Any, artifacts: Path, width: int, height: int
) -> None:
    server = make_server()
    page = new_page(browser, locale="pt-BR", width=width, height=height)
    for path, ready in (
        ("/", "#create .game-choice"),
        ("/rules/texas42", "article.rules"),
        ("/learn", "main"),
        ("/replay", "main"),
        ("/mine", "#mine"),
    ):
        page.goto(server.url + path)
        page.wait_for_selector(ready)
        sideways = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert sideways <= 0, (path, sideways)
        links = page.locator("header.top nav a")
        assert links.count() == 5
        for i in range(links.count()):
            box = links.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (
                path,
                links.nth(i).inner_text(),
            )
    page.goto(server.url + "/")
    page.wait_for_selector("#create .game-choice")
    page.screenshot(path=str(artifacts / f"lobby-{width}x{height}.png"))
    assert not page.errors


def test_the_leads_tag_follows_the_leader_and_the_log_tells_the_draws(
    browser: Any, make_server: Any
) -> None:
    server = make_server()
    page = new_page(browser)
    frames = Frames(page)
    create_table(page, server.url, "bingo", ["you", "bot:random"])
    rng = random.Random(4)
    for _ in range(14):
        assert wait_turn_or_end(page)
        view = frames.last["view"]
        if view["phase"] in ("lead", "reply"):
            tagged = page.locator('#board .seat:has(.badge:text-is("leads"))')
            assert tagged.count() == 1
            assert tagged.get_attribute("data-seat") == str(view["leader"])
        click_a_legal_move(page, rng)
    # after each trick both drew from the stock: the log says so, the tile only to its owner
    lines = page.locator("#board .log li.event").all_inner_texts()
    assert any(re.fullmatch(r"(Ana|You) drew \d-\d", x) for x in lines), lines
    others = [x for x in lines if "drew" in x and not x.startswith(("Ana", "You"))]
    assert others and all(x.endswith("drew from the stock") for x in others), lines
    assert not page.errors


COUNT_ANIMATIONS = """
window.animations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.animations += 1;
  return animate.apply(this, args);
};
"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_tiles_move_unless_the_player_asks_for_less_motion(
    browser: Any, make_server: Any, motion: str
) -> None:
    server = make_server()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
    context.add_init_script(COUNT_ANIMATIONS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    create_table(page, server.url, "bingo", ["you", "bot:random"])
    rng = random.Random(2)
    for _ in range(6):
        assert wait_turn_or_end(page)
        click_a_legal_move(page, rng)
    moved = page.evaluate("() => window.animations")
    if motion == "reduce":
        assert moved == 0
    else:
        assert moved >= 3  # the tiles played, to the table, and the tricks to their winners
    assert not errors
    context.close()


def test_the_lobby_says_what_each_game_is(browser: Any, make_server: Any) -> None:
    server = make_server()
    page = new_page(browser, locale="pt-BR")
    page.goto(server.url + "/")
    page.wait_for_selector("#game-bingo")
    for game in GAMES:
        about = page.locator(f"#about-{game}").inner_text()
        assert "jogadores" in about and "minutos" in about, about
        assert page.locator(f"#rules-{game}").get_attribute("href") == f"/rules/{game}"
    page.click("#rules-cavaleiro")
    page.wait_for_url("**/rules/cavaleiro")
    assert page.locator("article.rules h1").count() >= 1
    assert not page.errors


def test_a_private_table_is_not_listed_in_the_lobby(browser: Any, make_server: Any) -> None:
    server = make_server()
    page = new_page(browser)
    page.goto(server.url + "/")
    page.check("#game-bingo")
    page.wait_for_selector("#seat-1")
    page.select_option("#seat-1", "human")
    page.fill("#name", "Ana")
    page.check("#private")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#board #waiting")  # until the friend sits
    table_id = page.url.rsplit("/", 1)[-1].split("?")[0]
    public = create_table(page, server.url, "bingo", ["you", "bot:random"])
    page.goto(server.url + "/")
    page.wait_for_selector(f'#tables a[href*="{public}"]')
    assert page.locator(f'#tables a[href*="{table_id}"]').count() == 0
    assert not page.errors


def test_languages_follow_the_browser_and_switch(browser: Any, make_server: Any) -> None:
    server = make_server()
    page = new_page(browser, locale="pt-BR")
    page.goto(server.url + "/")
    assert page.locator("html").get_attribute("lang") == "pt-BR"
    page.wait_for_selector("#create-btn", state="visible")  # shown once its games are drawn
    assert page.locator("#create-btn").inner_text() == "Criar a mesa"
    page.click("#lang-switch")
    page.wait_for_selector('html[lang="en"]')
    page.wait_for_selector("#create-btn", state="visible")
    assert page.locator("#create-btn").inner_text() == "Create the table"
    page.goto(server.url + "/rules/bingo")
    assert page.locator("article.rules h1").count() >= 1
    page.goto(server.url + "/t/nosuchtable")
    assert "no table" in page.locator("main").inner_text()


def test_replay_viewer_steps_through_an_uploaded_record(
    browser: Any, make_server: Any, tmp_path: Path, artifacts: Path
) -> None:
    server = make_server()
    game = ludoteca.new_game("texas42", seed=12, names=["Ana", "Beto", "Caio", "Duda"])
    rng = random.Random(2)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    path = tmp_path / "game.json"
    ludoteca.save_record(game, path)
    page = new_page(browser)
    page.goto(server.url + "/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#board .board")
    count = len(game.moves)
    assert page.locator("#step-text").inner_text() == f"Move 0 of {count}"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('board').dataset.step === '2'")
    assert page.locator("#board .mini-hand.up").count() == 4  # every hand shown
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.getElementById('board').dataset.step === '{count}'")
    page.screenshot(path=str(artifacts / "replay.png"), full_page=True)
    assert page.locator("#board .result").count() == 1
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ludoteca/1", "game": "texas42"}')
    page.set_input_files("#record-file", str(bad))
    page.wait_for_function("() => document.getElementById('replay-error').textContent")
    assert "options" in page.locator("#replay-error").inner_text()


# ------------------------------------------------------------ Portuguese pages

# English a Portuguese page must not show: the notation and the bot levels' names.
ENGLISH = re.compile(r"\b(play|bid|roll|draw|remove|trump) |\bpass\b|\((random|greedy|expert)\)")
WRONG_PLURAL = re.compile(r"\b1 (rodadas|vazas|pedras|palitos|lances|marcas|sets)\b")


EVERY_WORD = """() => [document.body.innerText, ...[...document.querySelectorAll(
  "[aria-label], [title], [alt], [placeholder]")].flatMap((e) => ["aria-label", "title", "alt",
  "placeholder"].map((a) => e.getAttribute(a))).filter(Boolean)].join("\\n")"""
"""Every word a page says: its text, and its ARIA labels, tooltips and placeholders."""


def assert_portuguese(page: Any, where: str) -> str:
    """The page says nothing in English, in its text, its labels or its tooltips, and no
    notation; its counts agree with their numbers. The text of its main part."""
    text: str = page.locator("main").inner_text()
    said: str = page.evaluate(EVERY_WORD)
    assert not ENGLISH.search(said), (where, ENGLISH.search(said))
    assert not english_in(said), (where, english_in(said))
    assert not notation_in(said, code=False), (where, notation_in(said, code=False))
    assert not WRONG_PLURAL.search(said), (where, WRONG_PLURAL.search(said))
    return text


def test_the_lobby_speaks_portuguese(browser: Any, make_server: Any) -> None:
    server = make_server()
    page = new_page(browser, locale="pt-BR")
    create_table(page, server.url, "bingo", ["you", "bot:expert"])
    page.goto(server.url + "/")
    page.wait_for_selector("#tables .table-list li")
    page.check("#game-texas42")
    page.wait_for_selector("#seat-3")
    text = assert_portuguese(page, "lobby")
    assert "Robô 2 (especialista)" in text  # the table just created, in the list
    levels = page.locator("#seat-1 option").all_inner_texts()
    assert "Robô especialista" in levels and "Robô guloso" in levels
    assert not page.errors


@pytest.mark.parametrize("game", GAMES)
def test_a_table_in_portuguese(browser: Any, make_server: Any, artifacts: Path, game: str) -> None:
    server = make_server()
    page = new_page(browser, locale="pt-BR")
    n = ludoteca.new_game(game, seed=0).num_seats
    create_table(page, server.url, game, ["you", *["bot:random"] * (n - 1)])
    rng = random.Random(5)
    for _ in range(8):
        if not wait_turn_or_end(page):
            break
        click_a_legal_move(page, rng)
    page.wait_for_selector("#board .log li")
    page.screenshot(path=str(artifacts / f"{game}-pt.png"), full_page=True)
    text = assert_portuguese(page, game)
    assert "Jogadas" in text
    # the notation stays at hand, behind the notation key: in the log and its tooltips
    assert page.locator("#board .log li[title]").count() == 0
    page.keyboard.press("o")
    page.wait_for_selector("#board .log li[title]")
    titles = page.locator("#board .log li[title]").evaluate_all("items => items.map(i => i.title)")
    assert any(re.match(r"(play|bid|pass|roll|remove|trump|draw|deal)\b", t) for t in titles)
    assert page.get_attribute("#notation-btn", "aria-pressed") == "true"
    page.keyboard.press("o")
    page.wait_for_selector("#board .log li[title]", state="detached")
    assert not page.errors


def test_the_replay_page_speaks_portuguese(browser: Any, make_server: Any, tmp_path: Path) -> None:
    server = make_server()
    page = new_page(browser, locale="pt-BR")
    page.goto(server.url + "/replay")
    for game in GAMES:
        record = ludoteca.new_game(game, seed=4)
        rng = random.Random(4)
        while not record.is_over and len(record.moves) < 3000:
            record.play(rng.choice(record.legal_moves()))
        path = tmp_path / f"{game}.json"
        ludoteca.save_record(record, path)
        page.set_input_files("#record-file", str(path))
        count = len(record.moves)
        page.wait_for_function(
            "c => (document.getElementById('step-text').textContent || '').endsWith(' ' + c)",
            arg=str(count),
        )
        assert page.locator("#step-text").inner_text() == f"Jogada 0 de {count}"
        for step in (count // 2, count):
            page.evaluate(
                f"() => {{ const s = document.getElementById('step-slider'); "
                f"s.value = '{step}'; s.dispatchEvent(new Event('input')); }}"
            )
            page.wait_for_function(
                f"() => document.getElementById('board').dataset.step === '{step}'"
            )
            assert_portuguese(page, f"{game} replay, move {step}")
    assert not page.errors


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_page_shows_the_words_the_server_said(
    browser: Any, make_server: Any, lang: str
) -> None:
    """The page says nothing of its own about the game: the log's lines are the
    server's ``said.log`` (the newest first), the words of each move and event as
    one voice (ludoteca.i18n) said them, deltas included; no page script holds a
    message of the events."""
    server = make_server()
    page = new_page(browser, locale="pt-BR" if lang == "pt" else "en-US")
    frames = Frames(page)
    create_table(page, server.url, "texas42", ["you", "bot:random", "bot:random", "bot:random"])
    rng = random.Random(3)
    for _ in range(12):
        if not wait_turn_or_end(page):
            break
        click_a_legal_move(page, rng)
    # the table waits for the player (or is over): nothing moves while the page is read
    wait_turn_or_end(page)
    shown = int(page.get_attribute("#board", "data-n") or -1)
    last = next(f for f in reversed(frames.frames) if f["n"] == shown)
    shown = page.locator("#board .log li").all_inner_texts()
    wanted = [
        line["text"]
        for line in reversed(last["said"]["log"])
        if line["n"] >= len(last["view"]["log"]) - 80
    ]
    assert len(shown) == len(wanted) > 10
    for text, words in zip(shown, wanted, strict=True):  # after the player's name, if any
        assert " ".join(text.split()).endswith(" ".join(words.split())), (text, words)
    scripts = [
        requests_text(server.url + f"/static/{name}.js")
        for name in ("games", "boards", "tabletools", "table")
    ]
    assert not any("won the trick" in s or "ganha a vaza" in s for s in scripts)
    assert not page.errors


def requests_text(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as r:
        return str(r.read().decode("utf-8"))


def test_the_lobby_offers_the_hosts_engines_and_a_table_seats_one(
    browser: Any, make_server: Any
) -> None:
    engine = f"rnd={sys.executable} tests/engines/broken.py fine bingo"
    server = make_server(args=("--engine", engine))
    page = new_page(browser)
    page.goto(server.url + "/")
    page.check("#game-texas42")
    page.wait_for_selector("fieldset.seats-box:not([aria-busy])")
    assert "Engine: rnd" not in page.locator("#seat-1 option").all_inner_texts()
    table_id = create_table(page, server.url, "bingo", ["you", "bot:rnd"])
    assert "Bot 2 (rnd)" in page.locator("body").inner_text()
    clicks = play_to_end(page, random.Random(3))
    assert clicks > 3
    page.wait_for_selector("#result .winner")
    record = record_of(server.url, table_id)
    assert record["seats"] == ["human", "rnd"]
    assert ludoteca.replay(record).is_over
    assert not page.errors
