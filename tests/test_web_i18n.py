"""The web app's texts: every refusal the server gives has a message in both
languages, the pages' scripts get their language's messages, and every reason
an engine gives for refusing a move is said in Portuguese."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")

import ludoteca
from ludoteca.errors import IllegalMove
from ludoteca.i18n import texts
from ludoteca.web.i18n import (
    REFUSALS,
    lang_from_headers,
    reason_text,
    refusal_text,
    script,
)

WEB = Path(ludoteca.__file__).parent / "web"


def test_every_refusal_code_the_server_gives_has_a_message() -> None:
    codes: set[str] = set()
    for path in WEB.glob("*.py"):
        codes |= set(re.findall(r'Refused\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    assert len(codes) > 20
    assert codes <= set(REFUSALS), sorted(codes - set(REFUSALS))
    for code, message in REFUSALS.items():
        pt, en = texts("pt")._(message), texts("en")._(message)
        assert pt != en, code
        assert set(re.findall(r"\{(\w+)\}", pt)) == set(re.findall(r"\{(\w+)\}", en)), code


def test_the_pages_get_only_their_scripts_messages_and_the_plural_rule() -> None:
    pt = script("pt")
    assert '"Copy": "Copiar"' in pt  # a message of table.js
    assert "Record saved to" not in pt  # the terminal app's
    assert '"{n} trick": ["{n} vaza", "{n} vazas"]' in pt
    assert '"bot level\\u0004expert": "especialista"' in pt
    assert "LT_I18N.plural = function (n) { return Number((n > 1)); };" in pt
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
    params = {"game": "texas42", "move": "play 6-4", "reason": "6-4 is not in that hand"}
    assert refusal_text("illegal", params, "pt") == (
        "Jogada não permitida (joga 6-4): a pedra 6-4 não está nessa mão"
    )
    assert refusal_text("too_large", {"limit": 2097152}, "pt") == (
        "A mensagem é grande demais (no máximo 2.097.152 bytes)."
    )


@pytest.mark.parametrize("game", ludoteca.available_games())
def test_every_refusal_reason_is_said_in_portuguese(game: str) -> None:
    options = {"nello": True, "plunge": True, "splash": True} if game == "texas42" else {}
    untranslated: set[str] = set()
    checked = 0
    for seed in range(3):
        g = ludoteca.new_game(game, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(120):
            if g.is_over:
                break
            legal = set(g.legal_actions())
            for action in rng.sample(range(g.num_actions), min(40, g.num_actions)):
                if action in legal:
                    continue
                try:
                    g.copy().apply_action(action)
                except IllegalMove as e:
                    checked += 1
                    if reason_text(game, e.reason, "pt") == e.reason:
                        untranslated.add(e.reason)
            g.apply_action(rng.choice(sorted(legal)))
    for text in ("fly away", "play 9-9"):
        try:
            ludoteca.new_game(game, seed=0).play(text)
        except IllegalMove as e:
            checked += 1
            if reason_text(game, e.reason, "pt") == e.reason:
                untranslated.add(e.reason)
    assert checked > 50
    assert not untranslated, sorted(untranslated)[:5]


@pytest.mark.parametrize("game", ["texas42", "bingo", "cavaleiro", "fiveup"])
def test_hint_reasons_are_said_in_portuguese(game: str) -> None:
    from ludoteca.bots import available_levels
    from ludoteca.i18n.hints import HintTexts

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
    unsaid = {r.code for r in ranked if pt._reason(game, r.code, r.params) is None}
    assert not unsaid, sorted(unsaid)
    same = {pt.reason(game, r) for r in ranked if pt.reason(game, r) == en.reason(game, r)}
    assert not same, sorted(same)[:3]
    assert all(pt.unit(r.unit) != r.unit for r in ranked)
