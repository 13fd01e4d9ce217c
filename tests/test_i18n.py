"""The message catalogs: every message the Python and the JavaScript use is
translated in both languages, nothing unused stays, no English word reaches a
Portuguese text, plural forms and numbers follow each language."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog

from ludoteca.i18n import LANGS, catalog, texts
from ludoteca.i18n.catalogs import extract, problems
from ludoteca.i18n.words import LEVELS, Words


@pytest.fixture(scope="module")
def template() -> Catalog:
    return extract()


def ids(cat: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in cat if m.id}


def test_the_messages_come_from_the_python_and_the_javascript(template: Catalog) -> None:
    places = {f for m in template for f, _ in m.locations}
    assert any(f.endswith("web/static/table.js") for f in places)
    assert any(f.endswith("tui/app.py") for f in places)
    used = ids(template)
    assert len(used) > 300
    assert (None, "Copy") in used  # only in tabletools.js
    assert (None, "Record saved to {path}") in used  # only in the terminal app
    assert ("bot level", "expert") in used  # marked in a table of words
    assert ("fiveup", "pass") in used and ("texas42", "pass") in used  # a game's own words


def test_every_message_used_is_translated_and_every_message_held_is_used(
    template: Catalog,
) -> None:
    assert problems(template) == []


def test_the_check_fails_on_a_missing_or_an_unused_message(template: Catalog) -> None:
    more = Catalog()
    for message in template:
        if message.id:
            more.add(message.id, context=message.context)
    more.add("A message nobody translated")
    assert problems(more) == [
        f"{locale}: not translated: 'A message nobody translated' (context None)"
        for locale in ("pt_BR", "en")
    ]
    less = Catalog()
    for message in template:
        if message.id and message.id != "Copy":
            less.add(message.id, context=message.context)
    assert problems(less) == [
        f"{locale}: used nowhere: 'Copy' (context None)" for locale in ("pt_BR", "en")
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_placeholders_of_their_message(lang: str) -> None:
    for message in catalog(lang):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(re.findall(r"\{(\w+)\}", sources[-1]))
        for text in strings:
            assert set(re.findall(r"\{(\w+)\}", text)) == wanted, (message.id, text)


ENGLISH = re.compile(
    r"\b(play|plays|bid|bids|pass|roll|rolls|expert|greedy|random|trump|stock|tricks?|"
    r"draw|remove|the|and|of|is|not|your)\b",
    re.IGNORECASE,
)


def test_no_english_word_in_a_portuguese_message() -> None:
    english = [
        (m.id, m.string)
        for m in catalog("pt")
        if m.id
        for text in (m.string if isinstance(m.string, tuple) else (m.string,))
        if ENGLISH.search(re.sub(r"\{\w+\}", "", text))
    ]
    assert english == []


def test_plural_forms_follow_the_language() -> None:
    pt, en = texts("pt"), texts("en")
    trick = ("{n} trick", "{n} tricks")
    said = [pt.np_("bingo", *trick, n) for n in (1, 2, 1000)]
    assert said == ["1 vaza", "2 vazas", "1.000 vazas"]
    assert [en.np_("bingo", *trick, n) for n in (0, 1, 2)] == ["0 tricks", "1 trick", "2 tricks"]
    rounds = ("{n} round won", "{n} rounds won")
    won = [pt.np_("cavaleiro", *rounds, n) for n in (1, 3)]
    assert won == ["1 rodada ganha", "3 rodadas ganhas"]


def test_numbers_are_written_the_languages_way() -> None:
    pt, en = texts("pt"), texts("en")
    assert (pt.number(1000), en.number(1000)) == ("1.000", "1,000")
    assert (pt.decimal(17.227), en.decimal(17.227)) == ("17,2", "17.2")
    assert pt.decimal(-0.5, 2, sign=True) == "-0,5" and pt.decimal(3, sign=True) == "+3"
    assert (pt.percent(0.855, 1), en.percent(0.85)) == ("85,5%", "85%")
    assert pt.p_("bingo", "Stock: {n}", n=17227) == "Monte: 17.227"
    assert pt.p_("fiveup", "Points (to {n})", n=2.5) == "Pontos (até 2,5)"
    assert pt.join(["Ana", "Bia", "Caio"]) == "Ana, Bia e Caio"


def test_the_games_words_in_portuguese() -> None:
    words = Words("pt")
    assert [words.level(level) for level in LEVELS] == ["aleatório", "guloso", "especialista"]
    assert words.bot(2, "expert") == "Robô 3 (especialista)"
    assert [words.suit(n) for n in (0, 5)] == ["brancos", "cincos"]
    assert words.suit("doubles") == "duplos"
    assert words.roll([1, 6]) == "par de 6"
    assert words.phase("bingo", "draw") != words.phase("fiveup", "draw")


@pytest.mark.parametrize(
    ("lang", "value", "cost", "hint"),
    [
        ("pt", 0.8, "0,8 ponto", "+0,8 ponto nesta rodada"),
        ("pt", 1.5, "1,5 ponto", "+1,5 ponto nesta rodada"),
        ("pt", 1.0, "1 ponto", "+1 ponto nesta rodada"),
        ("pt", 0.96, "1 ponto", "+1 ponto nesta rodada"),  # as written: "1"
        ("pt", 2.0, "2 pontos", "+2 pontos nesta rodada"),
        ("pt", 2.5, "2,5 pontos", "+2,5 pontos nesta rodada"),
        ("pt", 0.0, "0 pontos", "+0 pontos nesta rodada"),  # zero: plural, as the catalog says
        ("en", 0.8, "0.8 points", "+0.8 points this hand"),
        ("en", 1.5, "1.5 points", "+1.5 points this hand"),
        ("en", 1.0, "1 point", "+1 point this hand"),
        ("en", 0.96, "1 point", "+1 point this hand"),
        ("en", 2.0, "2 points", "+2 points this hand"),
    ],
)
def test_a_decimal_count_takes_the_form_cldr_gives_it(
    lang: str, value: float, cost: str, hint: str
) -> None:
    """Portuguese says one of anything under 2 (CLDR's pt: i = 0..1), English of 1 alone."""
    from ludoteca.i18n.hints import HintTexts, say_hint
    from ludoteca.i18n.why import Facts, say_why

    assert HintTexts(lang).cost("points", value) == cost
    params = {"points": value, "deals": 100, "rate": 0.5, "goal": "made"}
    assert say_hint("texas42", "play_points", params, lang).startswith(hint)
    if value:  # a gain (none: "both moves are worth the same")
        why = say_why("fiveup", "hand_margin", Facts("a", 1 + value), Facts("b", 1.0), lang)
        assert cost in why
    if value != 0.96:  # round wins are written with 3 decimals: "0,96"
        rounds = HintTexts(lang).cost("round_wins_needed", value)
        many = "rodadas ganhas" if lang == "pt" else "round wins"
        assert (many in rounds) == (cost.endswith("s")), rounds
