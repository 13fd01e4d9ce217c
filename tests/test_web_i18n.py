"""The web app's texts: every refusal the server gives has a message in both
languages, the pages' scripts get their language's messages, and an engine's
refusal and a bot's reason are said from their codes."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")

import ludoteca
from ludoteca.i18n import texts
from ludoteca.i18n.ui import GAME_REFUSALS
from ludoteca.web.i18n import REFUSALS, hint_text, lang_from_headers, refusal_text, script

WEB = Path(ludoteca.__file__).parent / "web"


def test_every_refusal_code_the_server_gives_has_a_message() -> None:
    codes: set[str] = set()
    for path in WEB.glob("*.py"):
        codes |= set(re.findall(r'Refused\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    assert len(codes) > 20
    assert codes <= set(REFUSALS) | set(GAME_REFUSALS), sorted(codes - set(REFUSALS))
    for code, message in GAME_REFUSALS.items():  # said in each game's words
        for game in ludoteca.available_games():
            pt = refusal_text(code, {"game": game}, "pt")
            assert pt != refusal_text(code, {"game": game}, "en") and pt != message, (code, game)
    for code, message in REFUSALS.items():
        pt, en = texts("pt")._(message), texts("en")._(message)
        assert pt != en, code
        assert set(re.findall(r"\{(\w+)\}", pt)) == set(re.findall(r"\{(\w+)\}", en)), code


def test_the_pages_get_only_their_scripts_messages_and_the_plural_rule() -> None:
    pt = script("pt")
    assert '"Copy": "Copiar"' in pt  # a message of table.js
    assert "Record saved to" not in pt  # the terminal app's
    assert '"{n} tile": ["{n} pedra", "{n} pedras"]' in pt  # with its plural forms
    assert "{n} trick" not in pt  # the games' words come said by the server
    assert "LT_I18N.plural = function (n) { return Number((n != 1)); };" in pt  # 0 vazas
    assert "LT_I18N.plural = function (n) { return Number((n != 1)); };" in script("en")


def test_browser_language() -> None:
    assert lang_from_headers("pt-BR,pt;q=0.9,en;q=0.8") == "pt"
    assert lang_from_headers("en-GB,pt;q=0.5") == "en"
    assert lang_from_headers("de-DE") == "en"
    assert lang_from_headers(None) == "en"
    assert lang_from_headers("en;q=0.2, pt;q=0.9") == "pt"


def test_refusals_are_said_in_both_languages() -> None:
    en = refusal_text("not_your_turn", {"name": "Bia"}, "en")
    pt = refusal_text("not_your_turn", {"name": "Bia"}, "pt")
    assert "Bia" in en and "Bia" in pt and en != pt
    params = {
        "game": "texas42",
        "move": "play 6-4",
        "refusal": "not_in_hand",
        "params": {"tile": "6-4"},
    }
    assert refusal_text("illegal", params, "pt") == (
        "Jogada não permitida (joga 6-4): a pedra 6-4 não está na sua mão"
    )
    assert refusal_text("too_large", {"limit": 2097152}, "pt") == (
        "A mensagem é grande demais (no máximo 2.097.152 bytes)."
    )


def test_an_engine_refusal_names_the_players_and_the_bots_in_the_language() -> None:
    params = {
        "game": "bingo",
        "move": "close",
        "refusal": "already_closed",
        "params": {"closer": 1},
        "seat": 0,
        "names": ["Ana", "Bot 2 (expert)"],
        "levels": [None, "expert"],
    }
    assert refusal_text("illegal", params, "pt") == (
        "Jogada não permitida (fecha o monte): Robô 2 (especialista) já fechou o monte"
    )
    params["params"] = {"closer": 0}
    assert refusal_text("illegal", params, "en").endswith(": you already closed the stock")


def test_a_hint_is_said_from_its_code() -> None:
    move = {
        "move": "play 6-4",
        "value": 0.5,
        "code": "play_make_rate",
        "params": {"rate": 0.5, "deals": 40, "goal": "set", "nello": False, "points": 20.25},
    }
    assert hint_text("texas42", move, "pt") == (
        "o lance é derrubado em 50% de 40 distribuições (nossa dupla faz 20,2 pontos em média)"
    )
    assert hint_text("texas42", {"value": 0.123}, "en") == "estimated value 0.123"


@pytest.mark.parametrize("game", ["texas42", "bingo", "cavaleiro", "fiveup"])
def test_hint_reasons_are_said_in_portuguese(game: str) -> None:
    from ludoteca.bots import available_levels
    from ludoteca.i18n.hints import HINTS, HintTexts

    if "expert" not in available_levels(game) or not hasattr(ludoteca, "hint"):
        pytest.skip(f"no expert for {game}")
    g = ludoteca.new_game(game, seed=3)
    rng = random.Random(3)
    ranked = []
    for step in range(40):
        if g.is_over:
            break
        if step % 10 == 9 and isinstance(g.to_move, int):
            ranked += ludoteca.hint(g, g.to_move, budget=0.2)
        g.play(rng.choice(g.legal_moves()))
    assert ranked
    pt, en = HintTexts("pt"), HintTexts("en")
    # every reason is said from its code (never the English sentence as it was written)
    unsaid = {r.code for r in ranked if r.code not in HINTS[game]}
    assert not unsaid, sorted(unsaid)
    same = {pt.reason(game, r) for r in ranked if pt.reason(game, r) == en.reason(game, r)}
    assert not same, sorted(same)[:3]
    assert all(pt.unit(r.unit) != r.unit for r in ranked)
