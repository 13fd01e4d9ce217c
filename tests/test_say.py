"""Refusals, hint reasons and events said from their codes, in both languages.

The codes are read from the documented tables (``docs/games/<game>.md``,
``docs/bots.md``), so a code added to an engine or a bot without a message
fails here; the parameters come from random games, so every message is filled
with what the engines really send.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from ludoteca.bots import make_bot
from ludoteca.bots.base import SeatHandle
from ludoteca.errors import IllegalMove
from ludoteca.i18n.events import EVENTS, log_lines, say_event
from ludoteca.i18n.hints import HINTS, say_hint
from ludoteca.i18n.refusals import COMMON, REFUSALS, say_refusal

DOCS = Path(__file__).resolve().parent.parent / "docs"
SRC = Path(ludoteca.__file__).resolve().parent
GAMES = ["texas42", "fiveup", "bingo", "cavaleiro"]
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "texas42": [
        {},
        {"nello": True, "sevens": True, "plunge": True, "splash": True},
        {"scoring": "points", "all_pass": "forced"},
    ],
    "fiveup": [{}, {"players": 3}, {"players": 4, "exact_61": True}],
    "bingo": [{}, {"blanks_as_seven": True}],
    "cavaleiro": [{}, {"players": 3, "layout": "2x2x2+1"}],
}

# English words that must never reach a Portuguese text: the notation and the
# English of the reasons (Bingo's "set" is Portuguese too)
ENGLISH = re.compile(
    r"\b(play|bid|pass|roll|draw|remove|trump|take|close|show|stock|trick|deals?|made|"
    r"allowed|the|and|of|is|not|your|you|won|drew|points?)\b"
)


def _section(game: str, title: str) -> str:
    text = (DOCS / "games" / f"{game}.md").read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def _codes_in(section: str, prose: bool) -> set[str]:
    """The codes of a documented section: the first cell of each table row and,
    with ``prose``, the codes listed in the sentences after the table (their
    parameters in brackets)."""
    codes: set[str] = set()
    table_seen = False
    sentences: list[str] = []
    for line in section.splitlines():
        if line.startswith("| `"):
            table_seen = True
            cell = re.sub(r"\([^)]*\)", "", line.split("|")[1])
            codes |= set(re.findall(r"`([a-z_0-9]+)`", cell))
        elif prose and table_seen and not line.startswith("|"):
            sentences.append(line)
    text = re.sub(r"\([^)]*\)", "", " ".join(sentences))
    return codes | set(re.findall(r"`([a-z_0-9]+)`", text))


def documented_refusals(game: str) -> set[str]:
    return _codes_in(_section(game, "Refusals"), prose=True)


def documented_events(game: str) -> set[str]:
    return _codes_in(_section(game, "Events"), prose=False)


def api_refusals() -> set[str]:
    """The Game API's own refusal codes (``code="…"`` in ``ludoteca/game.py``)."""
    return set(re.findall(r'code="(\w+)"', (SRC / "game.py").read_text(encoding="utf-8")))


def documented_hints(game: str) -> set[str]:
    """The hint codes of a game's section of ``docs/bots.md`` (its tables' first column)."""
    text = (DOCS / "bots.md").read_text(encoding="utf-8")
    titles = {
        "texas42": "Texas 42",
        "fiveup": "Five-Up",
        "bingo": "Bingo",
        "cavaleiro": "Cavaleiro",
    }
    start = text.index(f"\n## {titles[game]}")
    end = text.find("\n## ", start + 1)
    return _codes_in(text[start : end if end > 0 else len(text)], prose=False)


# ---------------------------------------------------------------- refusals


def _refusals(game: str, options: dict[str, Any], seed: int) -> Iterator[IllegalMove]:
    """Every refusal met on a random game: each illegal action at many positions,
    and chance events written wrong."""
    rng = random.Random(seed)
    g = ludoteca.new_game(game, seed=seed, **options)
    for step in range(400):
        if g.is_over:
            break
        if step % 3 == 0:
            legal = set(g.legal_actions())
            for action in [*range(g.num_actions), g.num_actions + 5]:
                if action not in legal:
                    try:
                        g.copy().apply_action(action)
                    except IllegalMove as e:
                        yield e
        g.apply_action(rng.choice(g.legal_actions()))
    manual = ludoteca.new_game(game, seed=seed, chance="manual", **options)
    tries = ["fly away", "draw 9-9", "draw 6-6 6-6 6-6 6-6", "draw 6-6 5-5 4-4 3-3"]
    for _ in range(3):
        tries += ["deal 6-6", "deal 6-6 | 5-5 | 4-4 | 3-3", "deal 6-6 | 5-5 | up 4-4 | 3-3"]
        tries += ["deal " + " | ".join(["6-6 5-5 4-4 3-3 2-2"] * 4) + " | stock 1-1"]
        tries += ["deal a | b | c", "roll 7 7 7 7", "roll", "deal 6-6 | up 1-1 | stock 2-2"]
        tries += ["play 6-6", "pass", "undo?", "deal " + "6-6 " * 7 + "| " + "5-5 " * 7]
        tries += ["deal " + " | ".join(["6-6 6-5 6-4 6-3 6-2 6-1 6-0"] * 4)]
        for text in tries:
            try:
                manual.copy().play(text)
            except IllegalMove as e:
                yield e
        if manual.to_move == "chance":
            manual.play(manual.sample_chance(rng))
        else:
            manual.play(rng.choice(manual.legal_moves()))
    try:
        manual.pop()
        manual.pop()
        manual.pop()
        manual.pop()
    except IllegalMove as e:
        yield e
    for text in ("pass", "roll 6 6 6 6"):
        try:
            g.play(text)
        except IllegalMove as e:
            yield e


@pytest.fixture(scope="module")
def refusals() -> dict[str, dict[str, list[dict[str, Any]]]]:
    """The parameters every refusal code came with, by game."""
    found: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for game in GAMES:
        for k, options in enumerate(OPTIONS[game]):
            for seed in range(2):
                for e in _refusals(game, options, 100 * k + seed):
                    found.setdefault(game, {}).setdefault(e.code, []).append(dict(e.params))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_documented_refusal_has_a_message(game: str) -> None:
    documented = documented_refusals(game)
    assert len(documented) >= 10
    assert documented <= set(REFUSALS[game]) | set(COMMON), documented - set(REFUSALS[game])
    assert api_refusals() <= set(COMMON)


FOUR = {
    "seat": 1,
    "dice": [5, 5, 5, 5],
    "category": 4,
    "key": [4, 5],
    "allows": {"code": "block_or_horizontals"},
    "allowed": ["remove horizontals", "remove block 3"],
}

# Codes random play and wrong chance events do not reach, with parameters as the
# engines send them (the docs' tables).
RARE_REFUSALS: dict[str, dict[str, dict[str, Any]]] = {
    "texas42": {
        "marks_ladder": {"marks": 4, "after": 3},
        "dealer_must_bid": {},
        "needs_mark_bid": {"contract": "nello"},
        "draw_count": {"count": 2, "seats": [0, 2]},
        "not_allowed_now": {"allowed": ["pass", "bid 31", "bid 32", "bid 42", "bid 84"]},
        "sevens_nearest": {"allowed": ["4-3", "5-2"]},
    },
    "fiveup": {
        "must_draw": {},
        "stock_reserve": {"left": 2, "reserve": 2},
        "double_closed": {"target": "5-5", "allowed": ["draw"]},
        "draw_tiles": {"players": 3},
        "deal_hand_size": {},
        "deal_tiles_once": {},
        "deal_stock_size": {"tiles": 18},
    },
    "bingo": {
        "take_not_due": {},
        "stock_size": {"count": 12},
        "seven_each": {},
        "each_tile_once": {},
    },
    "cavaleiro": {
        "all_horizontals_not_one": FOUR,
        "block_empty": {"block": 1, **FOUR},
        "block_not_intact": {"block": 2, **FOUR},
        "no_column_with_four_of_a_kind": FOUR,
        "no_roll_due": {},
    },
}


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_is_said_in_both_languages(
    game: str, refusals: dict[str, dict[str, list[dict[str, Any]]]]
) -> None:
    seen = refusals[game]
    examples = {code: params[:20] for code, params in seen.items()}
    for code, params in RARE_REFUSALS[game].items():
        examples.setdefault(code, [params])
    missing = documented_refusals(game) - set(examples) - set(COMMON)
    assert not missing, f"no example of {sorted(missing)}: add one to RARE_REFUSALS"
    names = ["Ana", "Bia", "Caio", "Davi", "Eva", "Fábio"]
    for code, examples_of_code in examples.items():
        for params in examples_of_code:
            pt = say_refusal(game, code, params, "pt", names=names, me=0)
            en = say_refusal(game, code, params, "en", names=names, me=0)
            assert pt and en and pt != en, (code, pt)
            assert "{" not in pt + en and "None" not in pt + en, (code, pt, en)
            assert pt != say_refusal(game, "no code like this", {}, "pt"), code
            assert not ENGLISH.search(pt), (code, pt)


def test_refusals_say_what_is_wrong_and_what_is_allowed() -> None:
    """The issue's examples, and moves in words where notation was asked for."""
    pt = say_refusal(
        "fiveup", "name_target", {"tile": "5-5", "ends": [3, 4], "allowed": ["draw"]}, "pt"
    )
    assert pt.startswith("5-5 não encaixa em nenhuma ponta aberta (3, 4)")
    allowed = ["play 5-5 on 5-3", "play 5-5 on 5-1"]
    en = say_refusal(
        "fiveup", "name_target", {"tile": "5-5", "ends": [3, 5], "allowed": allowed}, "en"
    )
    assert en == "choose where to play 5-5: play 5-5 on 5-3; play 5-5 on 5-1"
    pt = say_refusal(
        "fiveup", "name_target", {"tile": "5-5", "ends": [3, 5], "allowed": allowed}, "pt"
    )
    assert pt == "escolha onde jogar a pedra 5-5: joga 5-5 na 5-3; joga 5-5 na 5-1"
    follow = {"suit": 5, "trump_led": False, "allowed": ["5-3", "5-1"]}
    assert say_refusal("texas42", "must_follow", follow, "pt") == (
        "é preciso seguir a família de cincos: 5-3 ou 5-1"
    )
    follow = {"suit": 7, "trump_led": True, "allowed": ["6-6", "1-1", "0-0"]}
    assert say_refusal("texas42", "must_follow", follow, "en") == (
        "trump was led: you must play a trump (doubles): 6-6, 1-1, or 0-0"
    )
    bingo = {"led": "6-4", "step": 3, "number": 2, "closed": True, "allowed": ["2-0", "2-1"]}
    assert say_refusal("bingo", "must_follow", bingo, "pt") == (
        "o monte está fechado, então é preciso seguir o naipe: responda à pedra 6-4 com um "
        "trunfo (dois): 2-0 ou 2-1"
    )
    high = {"high_bid": "bid 35", "bidder": 3}
    assert say_refusal("texas42", "bid_too_low", high, "pt", names=["A", "B", "C", "Davi"]) == (
        "o lance precisa ser maior que o maior lance até agora (lance de 35, de Davi)"
    )


def test_a_refused_move_is_said_from_the_engines_code() -> None:
    """The engines' refusals as they come, said in Portuguese: no English reason reaches it."""
    game = ludoteca.new_game("fiveup", seed=4)
    while game.view()["layout"]["tiles"] == [] or len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    hand = game.view(game.to_move)["hand"]
    with pytest.raises(IllegalMove) as caught:
        game.play(f"play {hand[0]}")
    e = caught.value
    assert e.code == "name_target" and e.params["ends"]
    assert e.reason.startswith("the hand is already opened")  # the English, as it was
    said = say_refusal("fiveup", e.code, e.params, "pt")
    assert hand[0] in said and "play" not in said


# ------------------------------------------------------------------ hints


def _ranked(game: str, level: str, options: dict[str, Any], seed: int) -> Iterator[Any]:
    rng = random.Random(seed)
    g = ludoteca.new_game(game, seed=seed, **options)
    bot = make_bot(game, level, seed=seed, budget=0.02)
    for step in range(400):
        if g.is_over:
            break
        if step % 4 == 0 or len(g.legal_moves()) == 1:
            yield from bot.rank(SeatHandle(g, g.to_move))  # type: ignore[arg-type]
        g.play(rng.choice(g.legal_moves()))


@pytest.mark.parametrize(
    ("game", "level", "options", "seeds"),
    [
        ("texas42", "expert", {}, 1),
        ("texas42", "expert", {"scoring": "points", "nello": True}, 1),
        ("fiveup", "greedy", {}, 2),
        ("fiveup", "expert", {}, 1),
        ("bingo", "expert", {}, 1),
        ("cavaleiro", "greedy", {"layout": "2x2x2+1"}, 3),
        ("cavaleiro", "expert", {"layout": "2x2x2+1"}, 2),
        ("cavaleiro", "expert", {"players": 3, "layout": "2x2x2+1"}, 1),
    ],
)
def test_every_hint_reason_is_said_in_both_languages(
    game: str, level: str, options: dict[str, Any], seeds: int
) -> None:
    documented = documented_hints(game)
    assert documented and documented <= set(HINTS[game]), documented - set(HINTS[game])
    seen: set[str] = set()
    for seed in range(seeds):
        for ranked in _ranked(game, level, options, seed):
            seen.add(ranked.code)
            assert ranked.code in documented, ranked.code
            pt = say_hint(game, ranked.code, ranked.params, "pt", ranked.value)
            en = say_hint(game, ranked.code, ranked.params, "en", ranked.value)
            assert pt != en and "{" not in pt + en, (ranked.code, pt)
            assert not ENGLISH.search(pt), (ranked.code, pt)
    assert seen


def test_hints_say_numbers_the_languages_way() -> None:
    made = {"rate": 0.855, "deals": 1200, "contract": "trump 0", "mean": 31.25}
    assert say_hint("texas42", "bid_make_rate", made, "pt") == (
        "cumprido em 86% de 1.200 distribuições com os brancos como trunfo (média de 31,2 pontos)"
    )
    assert say_hint("texas42", "bid_make_rate", made, "en") == (
        "made in 86% of 1,200 deals with blanks as trump (average 31.2 points)"
    )
    leaves = {"sticks": 21, "horizontals": 2, "intact_blocks": 1}
    assert say_hint(
        "cavaleiro", "round_wins_needed", {"rounds": 7.4125, "leaves": leaves}, "pt"
    ) == (
        "ainda faltam 7,412 rodadas ganhas, em média, deixando 21 palitos: 2 horizontais, "
        "1 bloco inteiro"
    )
    assert say_hint("fiveup", "play_estimate", {"ends": 10, "points": 2, "goes_out": True,
                                                "bonus": 4, "reply": 0.4}, "pt") == (
        "pontas: 10 → 2, bate (cerca de 4), o próximo pode marcar 0,4"
    )  # fmt: skip
    assert say_hint("bingo", "match_exact", {"equity": 0.75, "margin": 12}, "pt") == (
        "exato: o jogo é ganho em 75% (pontos nesta partida: +12)"
    )


# ------------------------------------------------------------------ events

# Event codes random games may not reach, with parameters as the engines send them.
RARE_EVENTS: dict[str, dict[str, dict[str, Any]]] = {
    "texas42": {},
    "fiveup": {
        "blocked": {"pips": [10, 10], "side": None, "seat": None, "points": 0, "scored": False},
    },
    "bingo": {"bingo_capture": {"seat": 1, "trump_double": "5-5"}},
    "cavaleiro": {},
}


def _events(
    game: str, options: dict[str, Any], seed: int
) -> Iterator[tuple[dict[str, Any], int | None]]:
    """Every event of a random game as each seat and a spectator see it."""
    rng = random.Random(seed)
    g = ludoteca.new_game(game, seed=seed, **options)
    while not g.is_over and len(g.moves) < 4000:
        g.play(rng.choice(g.legal_moves()))
    for me in (*range(g.num_seats), None):
        for event in g.view(me)["events"]:
            yield event, me


@pytest.fixture(scope="module")
def events() -> dict[str, dict[str, list[tuple[dict[str, Any], int | None, dict[str, Any]]]]]:
    found: dict[str, dict[str, list[tuple[dict[str, Any], int | None, dict[str, Any]]]]] = {}
    for game in GAMES:
        for k, options in enumerate(OPTIONS[game]):
            for seed in range(6 if game != "cavaleiro" else 2):
                for event, me in _events(game, options, 10 * k + seed):
                    found.setdefault(game, {}).setdefault(event["code"], []).append(
                        (event, me, options)
                    )
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_documented_event_has_a_message(game: str) -> None:
    documented = documented_events(game)
    assert len(documented) >= 4
    assert documented <= set(EVENTS[game]), documented - set(EVENTS[game])


@pytest.mark.parametrize("game", GAMES)
def test_the_events_of_random_games_are_said_in_both_languages(
    game: str, events: dict[str, dict[str, list[tuple[dict[str, Any], int | None, dict[str, Any]]]]]
) -> None:
    seen = events[game]
    for code, params in RARE_EVENTS[game].items():
        seen.setdefault(code, [({"n": 0, "code": code, **params}, None, {})])
    missing = documented_events(game) - set(seen)
    assert not missing, f"no example of {sorted(missing)}: add one to RARE_EVENTS"
    names = ["Ana", "Bia", "Caio", "Davi"]
    for code, examples in seen.items():
        said: set[str] = set()
        for event, me, options in examples:
            n = 4 if game == "texas42" else options.get("players", 2)
            pt = say_event(game, event, "pt", names[:n], me, options)
            en = say_event(game, event, "en", names[:n], me, options)
            assert pt and en and pt != en, (code, pt)
            assert pt[0].isupper() and en[0].isupper(), (code, pt, en)
            assert "{" not in pt + en and "None" not in pt + en and "—" not in pt + en, (pt, en)
            assert not ENGLISH.search(pt), (code, pt)
            assert not WRONG_PLURAL.search(pt), (code, pt)
            said.add(pt)
        assert said, code


WRONG_PLURAL = re.compile(
    r"\b(0|1) (pontos|vazas|marcas|palitos|sets|rodadas)\b"
    r"|\b([2-9]|\d\d+) (ponto|vaza|marca|palito|set|rodada)\b"
)


def test_events_name_the_seat_looking_you() -> None:
    drew = {"code": "drew", "seat": 0, "tile": "6-4"}
    assert say_event("fiveup", drew, "pt", ["Ana", "Bia"], me=0) == "Você comprou 6-4"
    assert say_event("fiveup", drew, "en", ["Ana", "Bia"], me=0) == "You drew 6-4"
    hidden = dict(drew, seat=1, tile=None)
    assert say_event("bingo", hidden, "pt", ["Ana", "Bia"], me=0) == "Bia comprou do monte"
    assert say_event("fiveup", hidden, "pt", ["Ana", "Bia"], me=0) == "Bia comprou da reserva"
    ends = {"code": "ends_scored", "seat": 1, "side": 1, "ends": 10, "points": 2, "scored": True}
    assert say_event("fiveup", ends, "pt", ["Ana", "Bia"]) == "Bia fez 10 nas pontas: 2 pontos"
    trick = {"code": "trick", "winner": 0, "points": 1, "trick": 1}
    assert say_event("texas42", trick, "pt", ["Ana", "Bia", "Caio", "Davi"]) == (
        "Ana ganha a vaza: 1 ponto"
    )
    over = {"code": "game_over", "winner": 0, "scores": [7, 3]}
    names = ["Ana", "Bia", "Caio", "Davi"]
    assert say_event("texas42", over, "pt", names, me=2) == (
        "Fim de jogo: Ana e você venceram (Ana e você 7, Bia e Davi 3)"
    )
    assert say_event(
        "bingo", {"code": "game_over", "winner": 1, "sets": [4, 7]}, "pt", names[:2]
    ) == ("Fim de jogo: Bia venceu (Ana 4, Bia 7)")
    assert say_event("bingo", {"code": "no such event"}, "pt") == ""


@pytest.mark.parametrize(
    ("bid", "contract", "en", "pt"),
    [
        ("bid 30", None, "the bid of 30", "o lance de 30"),
        ("bid 42", None, "the bid of 1 mark", "o lance de 1 marca"),
        ("bid 84", None, "the bid of 2 marks", "o lance de 2 marcas"),
        ("bid 4 marks plunge", None, "the plunge of 4 marks", "o plunge de 4 marcas"),
        ("bid 1 mark splash", None, "the splash of 1 mark", "o splash de 1 marca"),
        ("bid 42", "nello", "nello", "o nel-O"),
    ],
)
def test_a_hand_of_texas42_ends_saying_its_bid_as_the_game_parses_it(
    bid: str, contract: str | None, en: str, pt: str
) -> None:
    names = ["Ana", "Bia", "Caio", "Davi"]
    event = {
        "code": "hand_over", "hand": 3, "bidder": 1, "bid": bid, "contract": contract,
        "points": [12, 30], "made": True, "gained": [],
    }  # fmt: skip
    assert say_event("texas42", event, "en", names) == (
        f"End of hand 3: Bia and Davi made {en}, 30 to 12"
    )
    assert say_event("texas42", event, "pt", names) == (
        f"Fim da rodada 3: Bia e Davi cumprem {pt}, 30 a 12"
    )


def test_the_log_says_each_move_then_what_it_did() -> None:
    game = ludoteca.new_game("bingo", seed=3, names=["Ana", "Bia"])
    rng = random.Random(3)
    while len(game.view()["events"]) < 12:
        game.play(rng.choice(game.legal_moves()))
    view = game.view(0)
    lines = log_lines("bingo", view, "pt", view["names"], me=0)
    assert [line.n for line in lines] == sorted(line.n for line in lines)
    moves = {line.n for line in lines if line.first}
    assert moves == set(range(len(view["log"])))  # every move has its line
    said = [line.text for line in lines if line.event]
    assert said[0].startswith("Sorteio de quem começa: você ")
    assert any(t.startswith("Partida 1: virou") for t in said)
    assert any(" ganha a vaza: " in t for t in said)
    assert any(
        t == f"Você comprou {e['tile']}"
        for e in view["events"]
        if e["code"] == "drew" and e["seat"] == 0
        for t in said
    )
    assert any(t == "Bia comprou do monte" for t in said)  # the tile only to its owner
    text = "\n".join(line.text for line in lines)
    assert "play" not in text and "draw" not in text
    notation = log_lines("bingo", view, "en", view["names"], me=0, notation=True)
    assert [line.text for line in notation if not line.event] == view["log"]
