"""Undo in the browser, at a table of bots: the button shows when the player may take
back a decision, and a click (or the key u) brings back the earlier table."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from test_web_browser import (
    Frames,
    _stored_moves,
    board_state,
    click_a_legal_move,
    create_table,
    new_page,
    wait_settled,
    wait_turn_or_end,
)


def _my_turn(page: Any) -> None:
    page.wait_for_selector('#board[data-myturn="1"][data-pending="0"]', timeout=30000)


def test_undo_takes_back_the_last_decision(browser: Any, make_server: Any, artifacts: Path) -> None:
    server = make_server()
    page = new_page(browser)
    frames = Frames(page)
    table = create_table(
        page, server.url, "texas42", ["you", "bot:random", "bot:random", "bot:random"]
    )
    rng = random.Random(5)
    assert wait_turn_or_end(page)
    _my_turn(page)
    before = frames.shown(page)
    assert page.locator("#undo-btn").count() == 0  # nothing of the player's to take back yet
    click_a_legal_move(page, rng)
    _my_turn(page)
    after = frames.shown(page)
    assert after["n"] > before["n"]
    button = page.locator("#undo-btn")
    assert button.is_visible() and button.is_enabled()
    page.screenshot(path=str(artifacts / "undo-texas42.png"))
    state = board_state(page)
    button.click()
    wait_settled(page, state)
    back = frames.shown(page)
    assert back["n"] == before["n"] and back["view"] == before["view"]
    assert page.locator("#undo-btn").count() == 0
    assert page.locator("#refusal").is_hidden()
    assert len(_stored_moves(server, table)) == before["n"]
    # once more, with the key
    click_a_legal_move(page, rng)
    _my_turn(page)
    state = board_state(page)
    page.keyboard.press("u")
    wait_settled(page, state)
    assert frames.shown(page)["n"] == before["n"]
    assert len(_stored_moves(server, table)) == before["n"]
    assert page.errors == []
