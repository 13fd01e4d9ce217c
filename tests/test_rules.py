"""The rules pages, written for players: in each language the game's own words (its
glossary), no option identifiers (options named as the lobby's table form names
them), no notation, no English in the Portuguese, every diagram drawn, and each app's
keys only on that app's page: the web page (as served) and the terminal's rules
screen (through the pilot)."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.binding import Binding
from tui_pilot import SIZE, make_app, painted, screen_text, settle, wait_until
from wording import english_in, notation_in

from ludoteca import rules
from ludoteca.i18n.words import OPTION_LABELS, Words
from ludoteca.lessons.diagrams import diagram, parse_spec
from ludoteca.registry import GAMES, game_class
from ludoteca.tui.app import PlayApp
from ludoteca.tui.screens import TextScreen
from ludoteca.web.learn import DIAGRAM_MARK

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "ludoteca" / "web" / "static"
LANGS = ["pt", "en"]
PAGES = [(game, lang) for game in GAMES for lang in LANGS]
APPS: list[rules.App | None] = [None, "web", "terminal"]


def words_of(markdown: str) -> str:
    """A rules text as read: its words, the Markdown's marks (emphasis, list numbers,
    code fences) and the diagram lines left out, a heading closed by a full stop."""
    lines = []
    for line in DIAGRAM_MARK.sub("", markdown).splitlines():
        if line.startswith("```"):
            continue
        line = re.sub(r"^#+ (.*)$", r"\1.", line)
        lines.append(re.sub(r"^\s*(\d+\.|-) ", "", line))
    return " ".join(" ".join(lines).replace("*", "").split())


def option_identifiers(game: str) -> list[str]:
    """How a program would name an option: ``name = …``, ``name: value``."""
    out = []
    for spec in game_class(game).option_specs.values():
        choices = [re.escape(str(c)) for c in spec.choices or ()]
        values = "|".join([r"\d", "true", "false", *choices])
        out.append(rf"\b{re.escape(spec.name)}\s*(=|:\s*({values})\b)")
    return out


def glossary(game: str) -> dict[str, set[str]]:
    """The words a game's glossary forbids, by language (its ``never`` columns)."""
    text = (ROOT / "docs" / "games" / f"{game}-glossary.md").read_text(encoding="utf-8")
    never: dict[str, set[str]] = {"pt": set(), "en": set()}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or cells[0] in ("concept", "---"):
            continue
        for lang, cell in (("pt", cells[3]), ("en", cells[4])):
            never[lang] |= {w.strip() for w in cell.split(",") if w.strip()}
    return never


def named_options_labels(game: str, lang: str) -> dict[str, str]:
    """The table form's labels of ``game``'s options and their choices (``option`` and
    ``option.value``), as the lobby shows them in ``lang``."""
    words = Words(lang)
    return {
        key: words.option_label(game, *key.split(".", 1))
        for (name, key) in OPTION_LABELS
        if name == game
    }


def named_options(game: str, lang: str) -> list[str]:
    """The lobby's words a rules page names the options with: each option's label (less a
    closing parenthesis) and the labels of its choices other than the default."""
    labels = named_options_labels(game, lang)
    out = []
    for spec in game_class(game).option_specs.values():
        assert spec.name in labels, f"the lobby has no label for {game}.{spec.name}"
        out.append(re.sub(r" \([^)]*\)$", "", labels[spec.name]))
        for value in spec.choices or ():
            label = labels.get(f"{spec.name}.{value}")
            if label and value != spec.default:
                out.append(label)
    return out


def keys_paragraphs(game: str, lang: str, app: rules.App) -> list[str]:
    return [words_of(p) for p in rules.keys(game, lang, app).split("\n\n")]


# ------------------------------------------------------------------ the texts


@pytest.mark.parametrize("app", APPS)
@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_no_program_text_nor_notation(game: str, lang: str, app: rules.App | None) -> None:
    text = rules.text(game, lang, app=app)
    said = words_of(text)
    assert notation_in(said) == [], f"{game} {lang} {app}"
    for pattern in option_identifiers(game):
        found = re.search(pattern, said)
        assert found is None, f"{game} {lang} {app}: {found and said[found.start() - 40 :][:90]}"
    assert "[keys]" not in text


@pytest.mark.parametrize("app", APPS)
@pytest.mark.parametrize("game", GAMES)
def test_no_english_in_the_portuguese(game: str, app: rules.App | None) -> None:
    said = words_of(rules.text(game, "pt", app=app))
    assert english_in(said) == [], f"{game} ({app})"


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_the_games_own_words(game: str, lang: str) -> None:
    said = (
        words_of(rules.text(game, lang, app="web"))
        + " "
        + words_of(rules.keys(game, lang, "terminal"))
    )
    forbidden = glossary(game)[lang]
    assert forbidden, f"no forbidden words read from the {game} glossary"
    found = sorted(w for w in forbidden if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", said, re.I))
    assert found == [], f"{game} {lang}: {found}"


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_options_are_named_as_the_lobby_names_them(game: str, lang: str) -> None:
    said = words_of(rules.text(game, lang))
    for label in named_options(game, lang):
        assert label.casefold() in said.casefold(), f"{game} {lang}: no option named {label!r}"


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_every_diagram_is_drawn(game: str, lang: str) -> None:
    specs = DIAGRAM_MARK.findall(rules.text(game, lang))
    assert specs
    for spec in specs:
        data = diagram(game, parse_spec(spec), lang)
        assert data["caption"], spec


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_each_app_says_its_own_keys_only(game: str, lang: str) -> None:
    web = words_of(rules.text(game, lang, app="web"))
    terminal = words_of(rules.text(game, lang, app="terminal"))
    neither = words_of(rules.text(game, lang))
    for paragraph in keys_paragraphs(game, lang, "web"):
        assert paragraph in web and paragraph not in terminal and paragraph not in neither
    for paragraph in keys_paragraphs(game, lang, "terminal"):
        assert paragraph in terminal and paragraph not in web and paragraph not in neither
    browser, console = {"pt": ("navegador", "terminal"), "en": ("browser", "terminal")}[lang]
    assert console not in web.casefold() and browser not in terminal.casefold()


def keys_named(game: str, lang: str, app: rules.App) -> set[str]:
    """The keys a page's keys section names (in bold), one character each."""
    return {k for k in re.findall(r"\*\*(.+?)\*\*", rules.keys(game, lang, app)) if len(k) == 1}


@pytest.mark.parametrize("game", GAMES)
def test_the_keys_said_are_the_keys_the_apps_have(game: str) -> None:
    letters = {b.key for b in PlayApp.BINDINGS if isinstance(b, Binding) and b.key.isalpha()}
    named = keys_named(game, "en", "terminal")
    assert named <= letters | set("123456789")
    # n: the new game's key, offered only at the game's end; d: Five-Up's draw until a tile fits
    assert letters - named == {"n"} | ({"d"} if game != "fiveup" else set())
    script = (STATIC / "table.js").read_text(encoding="utf-8")
    handled = set(re.findall(r'ev\.key === "(.)"', script)) | set("123456789")
    assert keys_named(game, "en", "web") <= handled
    assert ("r" in keys_named(game, "en", "web")) == (game == "cavaleiro")  # the dice's key
    for app in rules.APPS:
        assert keys_named(game, "pt", app) == keys_named(game, "en", app)  # translated, kept


def test_a_rules_text_for_an_app_that_does_not_exist() -> None:
    with pytest.raises(ValueError, match="no app called 'phone'"):
        rules.text("bingo", "pt", app="phone")  # type: ignore[arg-type]


# ------------------------------------------------------------------ the apps


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from ludoteca.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        yield c


def page_text(page: str) -> str:
    """The words of a rules page's article, as shown (no tags, no diagrams' data)."""
    article = page[page.index('<article class="prose rules">') : page.index("</article>")]
    article = re.sub(r"<figure .*?</figure>", " ", article, flags=re.S)
    article = re.sub(r"</?(strong|em|a|code|span)\b[^>]*>", "", article)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", article)).split())


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_the_web_page_says_the_webs_keys(client, game: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    shown = page_text(client.get(f"/rules/{game}?lang={lang}").text)
    for paragraph in keys_paragraphs(game, lang, "web"):
        assert paragraph in shown
    for paragraph in keys_paragraphs(game, lang, "terminal"):
        assert paragraph not in shown
    assert notation_in(shown) == []
    assert lang == "en" or english_in(shown) == []
    assert "[diagram]" not in shown and "[keys]" not in shown


def terminal_rules(app: PlayApp) -> str:
    """Everything the terminal's rules screen holds (scrolled or not), as plain text."""
    widget = app.screen.query_one("#rules-text")
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)  # type: ignore[attr-defined]
    return " ".join(console.export_text().split())


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("game", "lang"), [("texas42", "pt"), ("cavaleiro", "pt"), ("fiveup", "en")]
)
async def test_the_terminals_rules_say_the_terminals_keys(game: str, lang: str) -> None:
    seats = ["human"] + ["random"] * (3 if game == "texas42" else 1)
    app = make_app(game, seats, seed=3, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, TextScreen), "the rules")
        await painted(pilot, app)
        shown = terminal_rules(app)
        for paragraph in keys_paragraphs(game, lang, "terminal"):
            assert paragraph in shown
        for paragraph in keys_paragraphs(game, lang, "web"):
            assert paragraph not in shown
        assert notation_in(shown) == []
        assert lang == "en" or english_in(shown) == []
        # the end of the screen, scrolled to: the keys, as the player reads them
        await pilot.press("end")
        await painted(pilot, app)
        bottom = " ".join(screen_text(app).split())
        first_words = " ".join(keys_paragraphs(game, lang, "terminal")[-1].split()[:4])
        assert first_words in bottom
