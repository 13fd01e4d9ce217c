"""The rules pages as a player reads them, on a phone and on a laptop: nothing runs off
the side of the screen, a tile's name is never cut at its hyphen, the text holds no
notation (nor English, in Portuguese), and the keys said are the web's. Screenshots go
to ``artifacts/rules-GAME-LANG-SIZE.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from wording import english_in, notation_in

from ludoteca import rules
from ludoteca.registry import GAMES

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("locale", ["pt-BR", "en-US"])
def test_the_rules_pages_read_well(
    browser: Any, make_server: Any, artifacts: Path, locale: str, size: str
) -> None:
    lang = locale[:2]
    width, height = SIZES[size]
    server = make_server()
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for game in GAMES:
        page.goto(f"{server.url}/rules/{game}")
        page.wait_for_selector("article.rules figure.diagram svg")
        sideways = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert sideways <= 0, f"{game} {lang} {size}: the page runs {sideways}px off the side"
        cut = page.evaluate(
            """() => [...document.querySelectorAll('article .tile-name')]
                 .filter((e) => e.getClientRects().length > 1).map((e) => e.textContent)"""
        )
        assert cut == [], f"{game} {lang} {size}: tiles cut at the end of a line: {cut}"
        assert page.locator("article .tile-name").count() > 0 or game == "cavaleiro"
        shown = flat(page.locator("article.rules").inner_text())
        assert notation_in(shown) == [], (game, lang)
        assert lang == "en" or english_in(shown) == [], game
        said = rules.keys(game, lang, "web").replace("**", "").split("\n\n")
        paragraphs = page.locator("article.rules > p")
        last = [flat(t) for t in paragraphs.all_inner_texts()[-len(said) :]]
        assert last == [flat(p) for p in said]  # the web's keys close the page
        n = paragraphs.count()
        keys = sum(paragraphs.nth(i).locator("strong").count() for i in range(n - len(said), n))
        assert keys >= 4  # the keys in bold
        page.screenshot(path=str(artifacts / f"rules-{game}-{lang}-{size}.png"), full_page=True)
    assert not errors
    context.close()
