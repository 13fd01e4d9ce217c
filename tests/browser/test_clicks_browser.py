"""Fewer clicks at the table, at a laptop's size and a phone's: a Five-Up player who
cannot play draws until a tile fits with one click (or one key), every draw still a
move of the record; a Texas 42 player bids on a phone with one compact control (the
lowest legal bid, − and +, Bid and Pass) that fits the screen. Screenshots go to
``artifacts/clicks-*.png``."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from a11y_checks import assert_accessible
from fiveup_helpers import deal_text, first_draw
from test_web_browser import new_page
from web_helpers import stored_table

from ludoteca.web.store import Store

SIZES = {"laptop": (1366, 768), "phone": (390, 844)}

# seat 1 has led the 6-6; seat 0 holds no 6, and the stock gives it three tiles that
# do not fit before the 6-1
FIVEUP_HANDS = ["5-0 4-0 3-0 2-0 1-0", "6-6 6-5 6-4 6-3 6-2"]
FIVEUP_STOCK = "5-5 4-4 3-3 6-1"
# seat 0 bids first, with four doubles: a plunge and a splash besides the plain bids
TEXAS42_MOVES = [
    "draw 2-2 5-1 3-1 5-2",
    "deal 6-6 6-1 5-5 5-2 4-4 3-3 3-0 | 6-2 5-4 5-0 4-3 4-2 2-2 2-1 | "
    "6-4 6-0 5-3 4-1 4-0 3-1 1-1 | 6-5 6-3 5-1 3-2 2-0 1-0 0-0",
]


class Sent:
    """What a page sends and receives over its WebSocket: the moves it sent, the
    move numbers of the frames it received, in order."""

    def __init__(self, page: Any) -> None:
        self.sent: list[dict[str, Any]] = []
        self.frames: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        def out(payload: Any) -> None:
            msg = json.loads(payload)
            if msg.get("type") == "move":
                self.sent.append(msg)

        def came(payload: Any) -> None:
            msg = json.loads(payload)
            if msg.get("type") in ("state", "delta"):
                self.frames.append({"n": msg["n"], "last": msg.get("last")})

        ws.on("framesent", out)
        ws.on("framereceived", came)


def _sit(page: Any, base: str, table_id: str, token: str) -> None:
    """Open the table as seat 0's player (the page keeps its seat's token)."""
    page.goto(base + "/")
    page.evaluate(
        "([key, seat]) => localStorage.setItem(key, JSON.stringify(seat))",
        [f"ludoteca.seat.{table_id}", {"seat": 0, "token": token}],
    )
    page.goto(f"{base}/t/{table_id}")
    page.wait_for_selector('#board[data-myturn="1"]')


def _settled_at(page: Any, n: int, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        board = page.evaluate("() => ({...document.getElementById('board').dataset})")
        if board.get("n") == str(n) and board.get("pending") == "0":
            return
        assert time.monotonic() < deadline, f"the board is at {board} and not {n}"
        page.wait_for_timeout(50)


def _shown_past(page: Any, n: int) -> None:
    """Wait until the board shows a state after move ``n``."""
    page.wait_for_function("n => Number(document.getElementById('board').dataset.n) > n", arg=n)


def _in_viewport(page: Any, selector: str) -> None:
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    inside = box["x"] >= 0 and box["y"] >= 0
    inside = inside and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
    assert inside, f"{selector} at {box} is outside the {width}x{height} screen"


@pytest.mark.parametrize("size", list(SIZES))
def test_one_click_draws_until_a_tile_fits(
    browser: Any, make_server: Any, artifacts: Path, size: str
) -> None:
    server = make_server()
    store = Store(server.db_url)
    moves: list[tuple[int | None, str]] = [
        (None, first_draw(2, 1)),
        (None, deal_text(FIVEUP_HANDS, FIVEUP_STOCK)),
        (1, "play 6-6"),
    ]
    table_id, tokens = stored_table(store, "fiveup", moves, 2, bot_delay=0.25)
    width, height = SIZES[size]
    page = new_page(browser, locale="pt-BR", width=width, height=height)
    seen = Sent(page)
    _sit(page, server.url, table_id, tokens[0])
    button = page.locator('#board .actions [data-key="move-draw"]')
    assert button.inner_text().strip().endswith("Comprar até servir")
    assert page.locator("#draw-one").inner_text().strip().endswith("Comprar uma pedra")
    page.screenshot(path=str(artifacts / f"clicks-fiveup-{size}-before.png"), full_page=True)
    assert_accessible(page, f"Five-Up, drawing ({size})")
    if size == "laptop":
        # one tile by the keyboard (2), then the rest with the default key (1)
        page.keyboard.press("2")
        _settled_at(page, 4)
        assert page.locator("#board .hand .tile-btn").count() == 6
        page.keyboard.press("1")
        draws = [4, 5, 6, 7]
    else:
        button.click()
        draws = [4, 5, 6, 7]
    # while the draws come, the status says so
    page.wait_for_function(
        """() => document.getElementById('board').dataset.pending === '1' &&
                 document.getElementById('status').textContent === 'Comprando até servir…'"""
    )
    _settled_at(page, 7)
    page.screenshot(path=str(artifacts / f"clicks-fiveup-{size}-after.png"), full_page=True)
    # one message asked for the draws after the first key's; each came in a frame of its own
    until = [m for m in seen.sent if m.get("until_fits")]
    assert len(until) == 1 and until[0]["move"] == "draw"
    assert [f["n"] for f in seen.frames if f["n"] >= 4] == draws
    assert [f["last"].get("more") for f in seen.frames if f["n"] in draws[-3:]] == [
        True, True, False
    ]  # fmt: skip
    # each draw a move of the record, the player's
    data = store.load_table(table_id)
    assert data is not None and data.moves[3:] == ["draw"] * 4 and data.move_seats[3:] == [0] * 4
    # nine tiles in hand, and the 6-1 is the one to play
    assert page.locator("#board .hand .tile-btn").count() == 9
    legal = page.locator("#board .hand .tile-btn.legal")
    assert legal.count() == 1 and legal.get_attribute("data-tile") == "6-1"
    assert page.locator('#board .actions [data-key="move-draw"]').count() == 0
    assert page.evaluate("() => document.activeElement.dataset.tile") == "6-1"
    log = page.locator(".log li").all_inner_texts()
    assert log[:4] == [f"Você comprou {t}" for t in ("6-1", "3-3", "4-4", "5-5")], log
    assert not page.errors
    store.close()


def _texas42_table(server: Any) -> tuple[Store, str, str]:
    store = Store(server.db_url)
    moves: list[tuple[int | None, str]] = [(None, m) for m in TEXAS42_MOVES]
    options = {"plunge": True, "splash": True}
    bots = {1: "random", 2: "random", 3: "random"}
    table_id, tokens = stored_table(store, "texas42", moves, 4, options, bots=bots)
    return store, table_id, tokens[0]


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_a_phone_bids_with_one_compact_control(
    browser: Any, make_server: Any, artifacts: Path, locale: str
) -> None:
    bid = {"en-US": "bid {}", "pt-BR": "lance de {}"}[locale].format
    server = make_server()
    store, table_id, token = _texas42_table(server)
    page = new_page(browser, locale=locale, width=390, height=844)
    _sit(page, server.url, table_id, token)
    value = page.locator("#bid-value")
    assert value.inner_text() == bid(30)
    assert value.get_attribute("aria-valuenow") == "30"
    # every bid control on the screen as the page opens: no scrolling
    assert page.evaluate("() => window.scrollY") == 0
    controls = ["#bid-down", "#bid-value", "#bid-up", "#bid-btn", "#bid-marks"]
    bids = page.locator("#board .actions.bids .move-btn")
    assert bids.count() == 4  # bid, pass, the plunge, the splash
    page.screenshot(path=str(artifacts / f"clicks-texas42-phone-{locale}-bid.png"))
    for sel in controls:
        _in_viewport(page, sel)
    for i in range(bids.count()):
        _in_viewport(page, f"#board .actions.bids .move-btn >> nth={i}")
    assert page.locator("#bid-down").is_disabled()
    assert_accessible(page, f"Texas 42, the compact bids (phone, {locale})")
    # + twice, − once, + once: bid 32; the keyboard steps the value as well
    for step in ("#bid-up", "#bid-up", "#bid-down", "#bid-up"):
        page.click(step)
    assert value.inner_text() == bid(32) and value.get_attribute("aria-valuenow") == "32"
    value.focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")
    assert value.get_attribute("aria-valuetext") == bid(32)
    # the marks are one press away, and the highest bid stops the +
    page.click("#bid-marks")
    assert value.inner_text().startswith(bid(42))
    page.keyboard.press("End")
    assert page.locator("#bid-up").is_disabled() and not page.locator("#bid-down").is_disabled()
    page.keyboard.press("Home")
    page.click("#bid-up")
    page.click("#bid-up")
    assert value.inner_text() == bid(32)
    page.screenshot(path=str(artifacts / f"clicks-texas42-phone-{locale}-bid-32.png"))
    page.click("#bid-btn")
    _shown_past(page, 2)  # the bid, stored and shown (the bots bid on)
    data = store.load_table(table_id)
    assert data is not None and data.moves[2] == "bid 32" and data.move_seats[2] == 0
    assert not page.errors
    store.close()


def test_a_large_screen_keeps_a_button_for_each_bid(
    browser: Any, make_server: Any, artifacts: Path
) -> None:
    server = make_server()
    store, table_id, token = _texas42_table(server)
    page = new_page(browser, locale="pt-BR", width=1440, height=900)
    _sit(page, server.url, table_id, token)
    assert page.locator("#bid-value").count() == 0
    buttons = page.locator("#board .actions .move-btn.legal")
    assert buttons.count() == 17
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 1440
    page.screenshot(path=str(artifacts / "clicks-texas42-laptop-bid.png"))
    # the compact control when the window narrows or shortens (a phone, a short
    # laptop screen, where the buttons would push the hand below), the buttons again
    # when it grows
    for width, height in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_selector("#bid-value")
    page.set_viewport_size({"width": 1440, "height": 900})
    page.wait_for_selector("#bid-value", state="detached")
    page.locator('#board .actions [data-key="move-bid 35"]').click()
    _shown_past(page, 2)
    data = store.load_table(table_id)
    assert data is not None and data.moves[2] == "bid 35" and data.move_seats[2] == 0
    store.close()
