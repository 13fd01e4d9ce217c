"""The web app's texts: every key the pages use exists in both languages, and
every reason an engine gives for refusing a move is said in Portuguese."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")

import ludoteca
from ludoteca.bots import LEVELS
from ludoteca.errors import IllegalMove
from ludoteca.web.i18n import (
    WEB_TEXTS,
    catalogue,
    lang_from_headers,
    refusal_text,
    translate_reason,
)

STATIC = Path(ludoteca.__file__).parent / "web" / "static"


def literal_keys() -> set[str]:
    keys: set[str] = set()
    for path in STATIC.glob("*.js"):
        found = re.findall(r"\bT\(\"([a-z0-9_.]+)\"", path.read_text(encoding="utf-8"))
        keys |= {k for k in found if not k.endswith(".")}  # "prefix." + value: dynamic_keys
    return keys


def dynamic_keys() -> set[str]:
    keys = {f"ui.level.{level}" for level in LEVELS}
    keys |= {f"game.{g}" for g in ludoteca.GAMES}
    keys |= {f"suit.{n}" for n in range(7)}
    keys |= {f"cav.roll.{n}" for n in range(5)} | {f"cav.removal.{n}" for n in range(5)}
    keys |= {f"phase.texas42.{p}" for p in ("bid", "trump")}
    return keys


def test_every_key_the_pages_use_exists_in_both_languages() -> None:
    keys = literal_keys() | dynamic_keys()
    assert len(keys) > 100
    for lang in ("pt", "en"):
        strings = catalogue(lang)
        missing = sorted(k for k in keys if k not in strings)
        assert not missing, f"missing in {lang}: {missing}"


def test_web_texts_differ_by_language_and_share_their_parameters() -> None:
    same = {
        "web.lang_pt",
        "web.lang_en",
        "web.none",
        "web.roll_of",
        "web.bid_by",
        "web.pace_normal",
    }
    for key, entry in WEB_TEXTS.items():
        assert set(entry) == {"pt", "en"}, key
        if key not in same and not key.startswith("opt."):
            assert entry["pt"] != entry["en"], key
        params = [set(re.findall(r"\{(\w+)\}", entry[lang])) for lang in ("pt", "en")]
        assert params[0] == params[1], key


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
        "joga 6-4 não é permitido: a pedra 6-4 não está nessa mão"
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
                    if translate_reason(game, e.reason, "pt") == e.reason:
                        untranslated.add(e.reason)
            g.apply_action(rng.choice(sorted(legal)))
    for text in ("fly away", "play 9-9"):
        try:
            ludoteca.new_game(game, seed=0).play(text)
        except IllegalMove as e:
            checked += 1
            if translate_reason(game, e.reason, "pt") == e.reason:
                untranslated.add(e.reason)
    assert checked > 50
    assert not untranslated, sorted(untranslated)[:5]


@pytest.mark.parametrize("game", ["texas42", "bingo", "cavaleiro"])
def test_hint_reasons_are_said_in_portuguese(game: str) -> None:
    from ludoteca.bots import available_levels
    from ludoteca.web.i18n import translate_hint

    if "expert" not in available_levels(game) or not hasattr(ludoteca, "hint"):
        pytest.skip(f"no expert for {game}")
    g = ludoteca.new_game(game, seed=3)
    rng = random.Random(3)
    reasons: set[str] = set()
    for step in range(40):
        if g.is_over:
            break
        if step % 10 == 9:
            reasons |= {m.reason for m in ludoteca.hint(g, g.to_move, budget=0.2)}
        g.play(rng.choice(g.legal_moves()))
    assert reasons
    untranslated = {r for r in reasons if translate_hint(game, r, "pt") == r}
    assert not untranslated, sorted(untranslated)[:3]
