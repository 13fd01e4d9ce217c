"""Helpers to drive the terminal app through key presses in tests."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from typing import Any

import textual._wait
from rich.console import Console
from textual.pilot import Pilot

from ludoteca.tui.app import PlayApp
from ludoteca.tui.hand import HandView
from ludoteca.tui.screens import ChooseScreen, HandEndScreen, PassScreen
from ludoteca.tui.table import Table

# The pilot waits for the app to go idle after every key in steps of 20 ms; the
# table answers in well under a millisecond, so finer steps keep whole games quick.
textual._wait.SLEEP_GRANULARITY = 0.002
textual._wait.SLEEP_IDLE = 0.0002

SIZE = (120, 40)


def make_app(
    game: str, seats: list[str], *, seed: int = 5, lang: str = "en", **options: Any
) -> PlayApp:
    table = Table.new(game, seats, seed=seed, lang=lang, options=options)
    return PlayApp(table, lang=lang, pace=0)


def screen_text(app: PlayApp) -> str:
    """The characters on the screen now, line by line (no colours)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        color_system=None,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


SCROLLBAR = str.maketrans("", "", "▁▂▃▄▅▆▇█▊▎▔▏▕")


def region_text(app: PlayApp, selector: str) -> str:
    """The words the screen shows inside a widget's region, whitespace and
    scroll bars aside (so that a line wrapped in two reads as one)."""
    region = app.query_one(selector).region
    rows = screen_text(app).splitlines()[region.y : region.y + region.height]
    cut = [row[region.x : region.x + region.width] for row in rows]
    return " ".join(" ".join(cut).translate(SCROLLBAR).split())


async def settle(pilot: Pilot[Any], app: PlayApp, timeout: float = 30.0) -> None:
    """Wait until the app waits for a person (a decision, a roll, a pass screen) or the end."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await pilot.pause()
        if isinstance(app.screen, (PassScreen, HandEndScreen)):
            return
        step = app.table.next_step()
        if step == "over" and len(app.screen_stack) > 1:
            return
        if step in ("human", "roll") and not app.busy and app.my_turn():
            await pilot.pause()
            return
        await pilot.pause(0.002)
    raise AssertionError(f"the table did not settle: {app.table.next_step()}")


async def wait_until(
    pilot: Pilot[Any], done: Callable[[], bool], what: str, timeout: float = 30.0
) -> None:
    """Let the app run until ``done()`` (the pilot's idle guess is not enough on a busy machine)."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.002)


async def painted(pilot: Pilot[Any], app: PlayApp, timeout: float = 30.0) -> None:
    """Wait until the screen shows what the app holds: the same text on two paints in
    a row after every pending message is handled."""
    deadline = time.monotonic() + timeout
    await pilot.pause()
    last = screen_text(app)
    while True:
        await pilot.pause()
        now = screen_text(app)
        if now == last and now.strip():
            return
        if time.monotonic() > deadline:
            raise AssertionError("the screen did not settle")
        last = now


async def play_turn(pilot: Pilot[Any], app: PlayApp, index: int = 0) -> None:
    """Make one decision by keys: a playable tile of the hand with ←/→ and Enter,
    else the move numbered ``index + 1`` in the list of moves; wait until it is played."""
    before = len(app.table.game.moves)
    hand = app.query_one(HandView)
    if hand.display and hand.active and hand.playable:
        target = next(i for i, x in enumerate(hand.tiles) if x in hand.playable)
        if not hand.has_focus:
            hand.focus()
            await wait_until(pilot, lambda: hand.has_focus, "the hand to take the focus")
        await pilot.press("home")
        while hand.cursor != target:
            await pilot.press("right")
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: len(app.table.game.moves) > before or isinstance(app.screen, ChooseScreen),
            "the tile to be played",
        )
        if isinstance(app.screen, ChooseScreen):
            await pilot.press("1")  # a tile playable in several ways: the first
    else:
        await pilot.press(str(index + 1))
    await wait_until(pilot, lambda: len(app.table.game.moves) > before, "the move to be played")


async def play_to_end(pilot: Pilot[Any], app: PlayApp, limit: int = 2000) -> int:
    """Play every decision of the person (or people) by keys until the game ends."""
    turns = 0
    while turns < limit:
        await settle(pilot, app)
        if isinstance(app.screen, (PassScreen, HandEndScreen)):
            await pilot.press("enter")
            continue
        if app.table.next_step() == "over":
            return turns
        await play_turn(pilot, app)
        turns += 1
    raise AssertionError("the game did not end")
