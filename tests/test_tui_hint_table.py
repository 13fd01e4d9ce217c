"""The expert's full hint table (``h``) at the classic 80×24 terminal, in every game and
both languages: nothing of it is cut. Each move, its value and its reason read whole
in their own column (a long one wraps within it), nothing is wider than the screen, and
what is taller scrolls."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Group
from rich.table import Table as RichTable
from tui_pilot import make_app, painted, play_turn, screen_text, settle, wait_until

from ludoteca.tui.screens import TextScreen

pytestmark = pytest.mark.asyncio

GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "texas42": (["human", "random", "random", "random"], {}),
    "fiveup": (["human", "random"], {}),
    "bingo": (["human", "random"], {}),
    "cavaleiro": (["human", "random", "random"], {"players": 3}),
}


def cells(table: RichTable) -> list[list[str]]:
    """The table's rows, each cell's text."""
    columns = [[str(c) for c in column.cells] for column in table.columns]
    return [list(row) for row in zip(*columns, strict=True)]


def read_columns(lines: list[str], table: RichTable) -> list[list[str]]:
    """The rows as the lines show them: each column's slice of the lines, joined."""
    heads = [str(c.header) for c in table.columns]
    top = next(i for i, line in enumerate(lines) if all(h in line for h in heads))
    header = lines[top]
    move_x, why_x = header.index(heads[0]), header.index(heads[2])
    value_end = header.index(heads[1]) + len(heads[1])
    value_x = value_end - max(len(heads[1]), *(len(r[1]) for r in cells(table)))
    rows: list[list[list[str]]] = []
    for line in lines[top + 1 :]:
        parts = [line[move_x:value_x], line[value_x:value_end], line[why_x:]]
        if parts[1].strip():  # a row starts with its value (never wrapped)
            rows.append([[p] for p in parts])
        elif rows and (parts[0].strip() or parts[2].strip()):
            for column, part in zip(rows[-1], parts, strict=True):
                column.append(part)
        elif rows:
            break
    return [[" ".join(" ".join(c).split()) for c in row] for row in rows]


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_the_hint_table_reads_whole_at_80_columns(game: str, lang: str) -> None:
    seats, options = GAMES[game]
    app = make_app(game, seats, lang=lang, **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        while app.table.next_step() == "roll":  # Cavaleiro: the dice first
            await play_turn(pilot, app)
            await settle(pilot, app)
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, TextScreen), "the hint", 120)
        await painted(pilot, app)
        body = app.screen.query_one("#hint-text")
        scroll = body.parent
        assert scroll is not None and scroll.max_scroll_x == 0, "the hint is wider than the screen"
        group = body.content
        assert isinstance(group, Group)
        table = next(r for r in group.renderables if isinstance(r, RichTable))
        width = body.content_region.width
        assert body.content_region.right <= 80
        options = app.console.options.update(width=width)
        lines = ["".join(s.text for s in line) for line in app.console.render_lines(group, options)]
        assert all(len(line.rstrip()) <= width for line in lines)
        # the lines rendered are those on the screen, as far as it shows them
        x, y = body.content_region.x, body.content_region.y
        screen = screen_text(app).splitlines()
        bottom = min(body.content_region.bottom, scroll.content_region.bottom)
        shown = [row[x : x + width].rstrip() for row in screen[y:bottom]]
        assert shown == [line.rstrip() for line in lines[: len(shown)]]
        want = [[" ".join(c.split()) for c in row] for row in cells(table)]
        assert want and read_columns(lines, table) == want
        if len(lines) > scroll.content_region.height:  # taller than the screen: it scrolls
            assert scroll.max_scroll_y > 0
