"""The review of a finished game in a real browser (the mistakes listed with their
units, a click on one goes to its position and shows the better move), and the
hint panel beside the table (never pushing the board out of view)."""

from __future__ import annotations

import json
import random
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import assert_portuguese, create_table, new_page, play_to_hand_end

import ludoteca
from ludoteca.bots import choose_move, make_bot

ANALYSIS = ("--analysis-budget", "0.02")


def api(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Origin": base}
    req = urllib.request.Request(base + path, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def finished_table(base: str, game: str, seats: int, **options: Any) -> str:
    """A table of random bots, played to the end; its id."""
    bots = [{"kind": "bot", "level": "random"}] * seats
    made = api(
        base,
        "/api/tables",
        {"game": game, "seats": bots, "name": "Ana", "bot_delay": 0, "options": options},
    )
    table: str = made["table"]["id"]
    deadline = time.monotonic() + 120
    while not api(base, f"/api/tables/{table}")["table"]["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return table


def open_review(page: Any, base: str, table: str, *, mistakes: bool = True) -> None:
    """The review of ``table``, analysed to the end (with a mistake listed, unless
    ``mistakes`` is false: a short game of random bots may have none)."""
    page.goto(f"{base}/replay/{table}")
    page.wait_for_selector('#review[data-status="done"]', timeout=120_000)
    if mistakes:
        page.wait_for_selector("#review-mistakes button.mistake")


def test_the_review_lists_mistakes_with_units_and_a_click_goes_to_the_position(
    browser: Any, make_server: Any, artifacts: Path
) -> None:
    server = make_server(args=ANALYSIS)
    table = finished_table(server.url, "bingo", 2)
    page = new_page(browser)
    page.goto(f"{server.url}/t/{table}")
    link = page.locator("#replay-link")
    link.wait_for()
    assert link.inner_text() == "Review the game"
    link.click()
    page.wait_for_url(f"**/replay/{table}")
    page.wait_for_selector('#review[data-status="done"]', timeout=120_000)
    mistakes = page.locator("#review-mistakes button.mistake")
    mistakes.first.wait_for()
    assert mistakes.count() >= 2
    costs = page.locator("#review-mistakes .mistake-cost").all_inner_texts()
    assert all("less chance of winning the game" in c for c in costs), costs
    assert all(c.endswith(("(exact)", "(estimate)")) for c in costs), costs
    # the evaluation graph: one line (two sides), a dot per mistake
    assert page.locator("#review-graph svg polyline").count() == 1
    assert page.locator("#review-graph circle.g-mistake").count() >= mistakes.count()
    stray = "[...document.getElementById('main').childNodes].filter(n => n.nodeType === 3)"
    assert page.evaluate(f"{stray}.map(n => n.textContent.trim()).join('')") == ""
    page.screenshot(path=str(artifacts / "review-bingo.png"), full_page=False)

    target = mistakes.nth(1)
    index = int(target.get_attribute("data-index") or "0")
    seat = int(target.locator("xpath=ancestor::ol").get_attribute("data-seat") or "-1")
    best = target.locator(".mistake-best").inner_text()
    target.click()
    page.wait_for_function(
        "i => document.getElementById('board').dataset.step === String(i - 1)"
        " && document.getElementById('review-decision').dataset.index === String(i)",
        arg=index,
    )
    decision = page.locator("#review-decision")
    assert f"Move {index}" in decision.locator("h2").inner_text()
    assert decision.locator(".better").inner_text().startswith("Better: ")
    assert best.removeprefix("better: ") in decision.locator(".better").inner_text()
    # why the better move is better comes first, in words; the numbers open under Details
    assert decision.locator(".why").is_visible()
    assert decision.locator(".why").inner_text().endswith(".")
    assert not decision.locator(".verdict").is_visible()
    decision.locator("details.numbers summary").click()
    assert decision.locator(".verdict").is_visible()
    assert "less chance of winning the game" in decision.locator(".verdict").inner_text()
    assert page.locator("#review-mistakes .mistake-why").first.inner_text().endswith(".")
    record = api(server.url, f"/api/tables/{table}/record")
    assert page.locator("#step-text").inner_text() == (
        f"Move {index - 1} of {len(record['moves'])}"
    )
    # the better move is said on the board, in the panel of the seat that decides
    on_board = page.locator(f'#board .seat[data-seat="{seat}"] #better-move')
    assert on_board.inner_text().startswith("Better: ")
    assert "less chance of winning the game" in on_board.inner_text()
    # and its tile marked when it plays one (read from the review's parsed moves)
    review = api(server.url, "/api/review", {"table": table})
    judged = next(d for d in review["decisions"] if d["index"] == index)
    best_move = review["moves"][judged["best"]]
    better = page.locator("#board svg.tile.best-move")
    if best_move["kind"] == "play":
        assert better.count() == 1
        shown = better.get_attribute("aria-label") or ""
        assert sorted(shown) == sorted(best_move["tiles"][0])
    else:
        assert better.count() == 0
    page.screenshot(path=str(artifacts / "review-bingo-mistake.png"), full_page=False)
    assert not page.errors


def test_the_review_speaks_portuguese_and_reviews_an_uploaded_record(
    browser: Any, make_server: Any, artifacts: Path, tmp_path: Path
) -> None:
    server = make_server(args=ANALYSIS)
    table = finished_table(server.url, "cavaleiro", 3, players=3)
    record = api(server.url, f"/api/tables/{table}/record")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page = new_page(browser, locale="pt-BR")
    page.goto(server.url + "/replay")
    page.wait_for_selector('html[lang="pt-BR"]')
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector('#review[data-status="done"]', timeout=120_000)
    assert page.locator("#review-mistakes h2").inner_text() == "Maiores erros"
    # three players: a line each in the graph
    assert page.locator("#review-graph svg polyline").count() == 3
    costs = page.locator("#review-mistakes .mistake-cost").all_inner_texts()
    assert all(re.search(r"rodadas? ganhas? a mais", c) or "chance" in c for c in costs), costs
    page.locator("#review-graph svg").click(position={"x": 200, "y": 50})
    page.wait_for_function("() => document.getElementById('board').dataset.step !== '0'")
    page.screenshot(path=str(artifacts / "review-cavaleiro-pt.png"), full_page=False)
    assert not page.errors


@pytest.mark.parametrize(
    ("game", "options", "unit"),
    [("texas42", {}, " mark"), ("fiveup", {"players": 2, "target": 31}, " of margin")],
)
def test_an_uploaded_record_is_reviewed(
    browser: Any,
    make_server: Any,
    artifacts: Path,
    tmp_path: Path,
    game: str,
    options: dict[str, Any],
    unit: str,
) -> None:
    server = make_server(args=ANALYSIS)
    played = ludoteca.new_game(game, seed=4, **options)
    bots = [make_bot(game, "greedy", seed=s) for s in range(played.num_seats)]
    rng = random.Random(4)
    while not played.is_over:
        mover = played.to_move
        assert isinstance(mover, int)
        legal = played.legal_moves()
        # mostly sound play, with a mistake now and then
        move = rng.choice(legal) if rng.random() < 0.2 else choose_move(bots[mover], played)
        played.play(move)
    path = tmp_path / "game.json"
    ludoteca.save_record(played, path)
    page = new_page(browser)
    page.goto(server.url + "/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector('#review[data-status="done"]', timeout=180_000)
    page.locator("#review-mistakes button.mistake").first.wait_for()
    costs = page.locator("#review-mistakes .mistake-cost").all_inner_texts()
    assert costs and all(unit in c for c in costs), costs
    page.locator("#review-mistakes button.mistake").first.click()
    page.wait_for_function(
        "() => document.getElementById('review-decision').querySelector('.better')"
    )
    page.screenshot(path=str(artifacts / f"review-{game}.png"), full_page=False)
    assert not page.errors


def test_the_hint_panel_does_not_push_the_board_away(
    browser: Any, make_server: Any, artifacts: Path
) -> None:
    server = make_server()
    page = new_page(browser, width=1280, height=900)
    create_table(page, server.url, "bingo", ["you", "bot:random"])
    page.wait_for_selector('#board[data-myturn="1"]', timeout=30_000)
    before = page.locator("#board .board").bounding_box()
    hand = page.locator("#board .me .hand").bounding_box()
    assert before and hand and hand["y"] + hand["height"] <= 900
    page.click("#hint-btn")
    panel = page.locator("#hint .hint table")
    panel.wait_for(timeout=60_000)
    assert page.locator("#hint .hint-unit").inner_text().startswith("Values: chance of winning")
    after = page.locator("#board .board").bounding_box()
    assert after == before
    box = page.locator("#hint").bounding_box()
    assert box and box["x"] >= before["x"] + before["width"]  # beside the board, not on it
    # every reason is read inside the panel, nothing cut off at its side
    fits = "(el => el.scrollWidth <= el.clientWidth)(document.getElementById('hint'))"
    assert page.evaluate(fits)
    # so does the longest move a deal may bring (a lead that shows five doubles)
    page.evaluate(
        """() => { document.querySelector('#hint .hint tbody .link-btn').textContent =
                   'play 6-6 and show the doubles 5-5, 4-4, 3-3, 2-2 and 1-1 (bingo)'; }"""
    )
    assert page.evaluate(fits)
    first = page.locator("#hint .hint tbody tr").first
    assert first.locator(".why-sentence").is_visible()  # why the best move is best, first
    assert first.locator(".why-sentence").inner_text().endswith(".")
    why = first.locator(".why")
    assert not why.is_visible()  # the numbers, behind their toggle
    first.locator("details.hint-details summary").click()
    assert why.is_visible()
    assert "deals" in why.inner_text()
    reason = why.bounding_box()
    assert reason and reason["x"] + reason["width"] <= box["x"] + box["width"]
    page.screenshot(path=str(artifacts / "hint-bingo.png"), full_page=False)
    page.keyboard.press("Escape")
    page.wait_for_selector("#hint", state="hidden")
    assert not page.errors


@pytest.mark.parametrize("game", ["texas42", "fiveup", "bingo", "cavaleiro"])
def test_watching_reviewing_and_learning_speak_portuguese(
    browser: Any, make_server: Any, artifacts: Path, game: str
) -> None:
    """A spectator's table, a finished game's review and the lessons, in Portuguese: no
    English in their text, their labels or their tooltips, no notation."""
    from test_web_browser import assert_portuguese

    server = make_server(args=ANALYSIS)
    seats = ludoteca.new_game(game, seed=0).num_seats
    options = {"layout": "2x1x2+1"} if game == "cavaleiro" else {}
    if game == "fiveup":
        options = {"target": 11}
    page = new_page(browser, locale="pt-BR")
    # a spectator of a table of bots that goes on
    bots = [{"kind": "bot", "level": "random"}] * seats
    live = api(server.url, "/api/tables", {"game": game, "seats": bots, "bot_delay": 1})
    page.goto(f"{server.url}/t/{live['table']['id']}")
    page.wait_for_selector("#board .board")
    page.wait_for_function("() => document.querySelectorAll('#board .log li').length > 2")
    assert page.locator("#spectator").is_visible()
    assert_portuguese(page, f"{game} spectator")
    # the review of a finished game
    table = finished_table(server.url, game, seats, **options)
    open_review(page, server.url, table, mistakes=False)  # its words, mistakes or not
    page.screenshot(path=str(artifacts / f"review-{game}-pt.png"), full_page=True)
    assert_portuguese(page, f"{game} review")
    # the lessons
    page.goto(f"{server.url}/learn/{game}")
    page.wait_for_selector("#board .board")
    assert_portuguese(page, f"{game} lesson")
    assert not page.errors


@pytest.mark.parametrize(("game", "locale"), [("texas42", "pt-BR"), ("fiveup", "en-US")])
def test_a_hand_is_reviewed_from_its_summary_and_the_table_waits(
    browser: Any, make_server: Any, artifacts: Path, game: str, locale: str
) -> None:
    server = make_server(args=ANALYSIS)
    page = new_page(browser, locale=locale)
    n = ludoteca.new_game(game, seed=0).num_seats
    table = create_table(page, server.url, game, ["you", *["bot:random"] * (n - 1)])
    play_to_hand_end(page, random.Random(5))
    link = page.locator("#hand-summary #review-hand")
    pt = locale == "pt-BR"
    assert (
        link.inner_text() == {"texas42": "Analisar esta rodada", "fiveup": "Review this hand"}[game]
    )
    ended = page.get_attribute("#board", "data-n")
    link.click()
    page.wait_for_url(f"**/replay/{table}")
    page.wait_for_selector('#review[data-status="done"]', timeout=120_000)
    note = page.locator("#going-on").inner_text()
    assert ("O jogo continua" if pt else "The game goes on") in note
    record = api(server.url, f"/api/tables/{table}/record")
    game_so_far = ludoteca.replay(record)
    assert not game_so_far.is_over and game_so_far.next_step().kind == "deal"
    assert len(record["moves"]) == int(ended or "0")  # the hand's end, nothing further
    review = api(server.url, "/api/review", {"table": table})
    assert review["first"] == 0 and review["judged"] == review["total"] > 0
    page.screenshot(path=str(artifacts / f"{game}-hand-review.png"), full_page=False)
    if pt:
        assert_portuguese(page, f"{game} hand review")
    # back at the table, its hand's end still waits for this player
    page.locator("#back-to-table").click()
    page.wait_for_url(f"**/t/{table}")
    page.wait_for_selector('#board[data-awaits="continue"] #continue-btn')
    assert page.get_attribute("#board", "data-n") == ended
    assert not page.errors
