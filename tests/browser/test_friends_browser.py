"""Playing with friends in real browsers, at a laptop's size and a phone's: the host
creates a table with a friend's seat and waits in the waiting room (who sits, who
is awaited, the invitation); the friend opens the link and sits, and the game
starts; or the host starts at once with a bot in the empty seat. The tab's title
says whose turn it is, the sound is a switch kept in the browser, and "My games"
lists the browser's tables with their links back (and a finished game's review)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_browser import create_table, new_page

SIZES = {"laptop": (1280, 900), "phone": (390, 844)}


def _no_wider_than_the_screen(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def _waiting_room(page: Any) -> None:
    page.wait_for_selector("#board #waiting")
    assert page.locator("#board .board").count() == 0  # nothing dealt, nothing to play
    assert page.locator('#waiting [data-seat="0"][data-taken="1"]').count() == 1
    assert page.locator('#waiting [data-seat="1"][data-taken="0"]').count() == 1
    assert "Waiting for 1 player to sit down" in page.locator("#status").inner_text()
    assert page.title().startswith("Waiting for the players")


@pytest.mark.parametrize("size", SIZES)
def test_the_friend_sits_and_the_game_starts(
    browser: Any, make_server: Any, artifacts: Path, size: str
) -> None:
    width, height = SIZES[size]
    server = make_server()
    ana, bia = (
        new_page(browser, width=width, height=height),
        new_page(browser, width=width, height=height),
    )
    table_id = create_table(ana, server.url, "bingo", ["you", "human"])
    _waiting_room(ana)
    assert ana.locator("#start-bots").is_visible()
    link = ana.locator('[data-key="link-invite-1"]').input_value()
    assert "invite=" in link and ana.locator('[data-key="whatsapp-invite-1"]').is_visible()
    _no_wider_than_the_screen(ana)
    ana.screenshot(path=str(artifacts / f"friends-waiting-{size}.png"), full_page=True)
    # the lobby says the table waits for its players
    lobby = ana.context.new_page()
    lobby.goto(server.url + "/")
    row = lobby.locator(f'#tables li[data-table="{table_id}"]')
    row.wait_for()
    assert "Waiting for the players" in row.inner_text()
    lobby.close()

    bia.goto(link)
    bia.fill("#join-name", "Bia")
    bia.click("#join-submit")
    for page in (ana, bia):
        page.wait_for_selector("#board .board .hand")
        assert page.locator("#board #waiting").count() == 0
    # whoever is to move is told so in the tab's title, the other is not
    ana.wait_for_function("() => document.getElementById('board').dataset.n !== '0'")
    mover = ana if ana.get_attribute("#board", "data-myturn") == "1" else bia
    other = bia if mover is ana else ana
    mover.wait_for_function("() => document.title.startsWith('● Your turn')")
    assert not other.title().startswith("●")
    bia.screenshot(path=str(artifacts / f"friends-started-{size}.png"), full_page=True)
    # the sound is off until asked for, and the choice is kept in the browser
    assert bia.get_attribute("#sound-btn", "aria-pressed") == "false"
    bia.click("#sound-btn")
    assert bia.get_attribute("#sound-btn", "aria-pressed") == "true"
    assert bia.evaluate("() => localStorage.getItem('ludoteca.sound')") == "true"
    assert int(bia.get_attribute("#sound-btn", "data-beeps") or 0) >= 1  # heard at once
    bia.reload()
    bia.wait_for_selector("#board .board .hand")
    assert bia.get_attribute("#sound-btn", "aria-pressed") == "true"

    # "My games" lists the table in each browser, with its link back
    for page in (ana, bia):
        page.goto(server.url + "/mine")
        item = page.locator(f'#mine-playing li[data-table="{table_id}"]')
        item.wait_for()
        assert item.get_attribute("data-state") == "playing"
        assert page.locator('header nav a[href="/mine"][aria-current="page"]').count() == 1
        _no_wider_than_the_screen(page)
    bia.screenshot(path=str(artifacts / f"friends-mine-{size}.png"), full_page=True)
    bia.click(f'[data-key="open-{table_id}"]')
    bia.wait_for_url(f"**/t/{table_id}")
    bia.wait_for_selector("#board .board .hand")  # still her seat
    assert not ana.errors and not bia.errors


@pytest.mark.parametrize("size", SIZES)
def test_the_host_starts_with_a_bot_in_the_empty_seat(
    browser: Any, make_server: Any, artifacts: Path, size: str
) -> None:
    width, height = SIZES[size]
    server = make_server()
    ana = new_page(browser, locale="pt-BR", width=width, height=height)
    table_id = create_table(ana, server.url, "bingo", ["you", "human"])
    ana.wait_for_selector("#board #waiting")
    assert "Falta 1 jogador se sentar" in ana.locator("#status").inner_text()
    start = ana.locator("#start-bots")
    assert start.inner_text() == "Começar agora com robôs nos lugares vazios"
    ana.screenshot(path=str(artifacts / f"friends-waiting-pt-{size}.png"), full_page=True)
    start.click()
    ana.wait_for_selector("#board .board .hand")
    # the bot answers at once (pace 0): her turn comes, in her language in the tab's title
    ana.wait_for_function("() => document.title.startsWith('● Sua vez · Bingo')")
    assert ana.locator("#board #waiting").count() == 0
    assert ana.locator('[data-key="link-invite-1"]').count() == 0  # a bot sits there now
    # the invitation no longer seats anyone
    bia = new_page(browser, width=width, height=height)
    bia.goto(server.url + f"/t/{table_id}?seat=1&invite=whatever")
    bia.fill("#join-name", "Bia")
    bia.click("#join-submit")
    bia.wait_for_selector("#join-form .form-error:not(:empty)")
    ana.screenshot(path=str(artifacts / f"friends-bots-{size}.png"), full_page=True)

    # a table of bots the same browser created plays to its end: "My games" shows it
    # finished, with its review
    done = create_table(ana, server.url, "cavaleiro", ["bot:random", "bot:random"])
    ana.wait_for_function(
        "() => document.getElementById('board').dataset.over === '1'", timeout=60000
    )
    ana.goto(server.url + "/mine")
    ana.locator(f'#mine-finished li[data-table="{done}"]').wait_for()
    assert ana.locator(f'#mine-playing li[data-table="{table_id}"]').count() == 1
    assert "Meus jogos" in ana.locator("h1").inner_text()
    _no_wider_than_the_screen(ana)
    ana.screenshot(path=str(artifacts / f"friends-mine-pt-{size}.png"), full_page=True)
    ana.click(f'[data-key="review-{done}"]')
    ana.wait_for_url(f"**/replay/{done}")
    ana.click("header nav a[href='/mine']")
    ana.click(f'[data-key="open-{table_id}"]')
    ana.wait_for_url(f"**/t/{table_id}")
    ana.wait_for_selector("#board .board .hand")
    assert not ana.errors and not bia.errors
