"""Why the better move is better, in one sentence: said for every game's hints and
judged decisions, in both languages, and concretely right in constructed positions."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca import hint
from ludoteca.analysis import judge
from ludoteca.effects import move_now, now_of
from ludoteca.game import Game
from ludoteca.i18n.hints import hint_payload
from ludoteca.i18n.why import Facts, say_why

BUDGET = 0.05


def _to_a_choice(game: Game, rng: random.Random, skip: int = 0) -> Game:
    """Play on at random until a seat has a choice (after ``skip`` such choices)."""
    while True:
        assert not game.is_over
        if isinstance(game.to_move, int):
            if len(game.legal_moves()) > 1:
                if skip == 0:
                    return game
                skip -= 1
            game.play(rng.choice(game.legal_moves()))
        else:
            game.play(game.sample_chance(rng))


@pytest.mark.parametrize("name", ["texas42", "bingo", "fiveup", "cavaleiro"])
def test_every_hint_entry_says_why_in_both_languages(name: str) -> None:
    game = _to_a_choice(ludoteca.new_game(name, seed=3), random.Random(3), skip=2)
    ranked = hint(game, budget=BUDGET)
    assert len(ranked) > 1
    pt = hint_payload(name, ranked, "pt", now_of(game))
    en = hint_payload(name, ranked, "en", now_of(game))
    for a, b in zip(pt["moves"], en["moves"], strict=True):
        assert a["why"] and b["why"] and a["why"] != b["why"]
        assert a["why"].endswith(".") and b["why"][0].isupper()


def test_fiveup_a_move_that_scores_says_its_points() -> None:
    rng = random.Random(1)
    for seed in range(40):
        game = _to_a_choice(ludoteca.new_game("fiveup", seed=seed), rng, skip=3)
        nows = {m: move_now(game, m) for m in game.legal_moves()}
        scoring = [m for m, n in nows.items() if n.get("points") and not n.get("goes_out")]
        blank = [m for m, n in nows.items() if not n.get("points")]
        if scoring and blank:
            break
    else:
        pytest.fail("no position with a scoring move and a blank one")
    move, other = scoring[0], blank[0]
    points, ends = nows[move]["points"], nows[move]["ends"]
    better, worse = Facts(move, 2.0, now=nows[move]), Facts(other, 1.0, now=nows[other])
    en = say_why("fiveup", "hand_margin", better, worse, "en")
    pt = say_why("fiveup", "hand_margin", better, worse, "pt")
    assert en.startswith(f"Scores {points} point") and f"add up to {ends}." in en
    assert pt.startswith(f"Marca {points} ponto") and f"pontas fica {ends}." in pt


def test_a_trick_taken_against_a_trick_lost_says_so() -> None:
    better = Facts("play 5-5", 0.6, now={"trick_points": 11, "trick_ours": True})
    worse = Facts("play 6-2", 0.1, now={"trick_points": 11, "trick_ours": False})
    assert say_why("texas42", "marks", better, worse, "pt") == (
        "Com o 5-5 a sua dupla leva a vaza e os 11 pontos dela; "
        "com o 6-2 quem leva é a dupla adversária."
    )
    assert say_why("bingo", "match_chance", better, worse, "en") == (
        "With the 5-5 you take the trick and its 11 points; with the 6-2 your opponent takes it."
    )


def test_make_rates_chances_sticks_and_plain_values() -> None:
    made = Facts("play 6-6", 0.5, "play_make_rate", {"rate": 0.72, "goal": "made"})
    less = Facts("play 1-0", 0.1, "play_make_rate", {"rate": 0.38, "goal": "made"})
    assert say_why("texas42", "marks", made, less, "pt") == (
        "Assim vocês cumprem o lance mais vezes: 7 em 10 contra 4 em 10."
    )
    bid = Facts("bid 30", 0.2, "bid_make_rate", {"rate": 0.9})
    passing = Facts("pass", 0.0, "pass_risks_nothing", {})
    assert "9 em 10" in say_why("texas42", "marks", bid, passing, "pt")
    assert say_why(
        "cavaleiro",
        "game_chance",
        Facts("a", 0.81, "win_chance"),
        Facts("b", 0.52, "win_chance"),
        "pt",
    ) == ("Assim você ganha a partida mais vezes: 8 em 10 contra 5 em 10.")
    takes = say_why(
        "cavaleiro",
        "sticks_taken",
        Facts("a", 3, now={"sticks": 3}),
        Facts("b", 1, now={"sticks": 1}),
        "en",
    )
    assert takes == "Removes 3 sticks now, against 1 with the other move."
    assert say_why("texas42", "marks", Facts("a", 1.3), Facts("b", 0.5), "pt") == (
        "Em média, esta jogada vale 0,8 marca a mais."
    )
    margin = Facts("a", 0.6, "x", {"margin": 3.2}), Facts("b", 0.6, "x", {"margin": 2.4})
    assert "0,8 ponto a mais" in say_why("bingo", "sets", *margin, "pt")  # CLDR: 0,8 is "one"
    assert "0.8 points more" in say_why("bingo", "sets", *margin, "en")


@pytest.mark.parametrize("name", ["texas42", "bingo", "fiveup", "cavaleiro"])
def test_every_judged_decision_says_why(name: str) -> None:
    from ludoteca.i18n.hints import HintTexts
    from ludoteca.web.review import _decision

    game = ludoteca.new_game(name, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        if game.is_over:
            break
        if isinstance(game.to_move, int):
            game.play(rng.choice(game.legal_moves()))
        else:
            game.play(game.sample_chance(rng))
    record = game.record()
    decisions = judge(record, budget=BUDGET)[:6]
    assert decisions
    for d in decisions:
        assert d.best in d.facts and "now" in d.facts[d.best]
        pt = _decision(name, d, HintTexts("pt"))["why"]
        en = _decision(name, d, HintTexts("en"))["why"]
        assert pt and en and pt != en


def test_a_bid_never_made_and_a_tiny_difference_are_said_plainly() -> None:
    passing = Facts("pass", 0.0, "pass_risks_nothing", {})
    hopeless = Facts("bid 34", -0.9, "bid_make_rate", {"rate": 0.02})
    assert say_why("texas42", "marks", passing, hopeless, "pt") == (
        "Passar não arrisca nada: esse lance quase nunca seria cumprido."
    )
    near = say_why("cavaleiro", "round_wins_needed", Facts("a", -18.901), Facts("b", -18.903), "en")
    assert near == "The two moves are worth almost the same."


def test_texas42_the_last_tile_of_a_trick_says_who_takes_it() -> None:
    rng = random.Random(2)
    for seed in range(60):
        game = _to_a_choice(ludoteca.new_game("texas42", seed=seed), rng, skip=rng.randrange(4, 20))
        if game.is_over:
            continue
        nows = {m: move_now(game, m) for m in game.legal_moves()}
        ours = [m for m, n in nows.items() if n.get("trick_ours") is True]
        theirs = [m for m, n in nows.items() if n.get("trick_ours") is False]
        if ours and theirs:
            break
    else:
        pytest.fail("no last tile of a trick that decides who takes it")
    take, lose = ours[0], theirs[0]
    points = nows[take]["trick_points"]
    better, worse = Facts(take, 1.0, now=nows[take]), Facts(lose, 0.0, now=nows[lose])
    pt = say_why("texas42", "marks", better, worse, "pt")
    counted = "o 1 ponto" if points == 1 else f"os {points} pontos"
    assert pt.startswith(f"Com o {take.split()[-1]} a sua dupla leva a vaza e {counted} dela;")
    assert pt.endswith(f"com o {lose.split()[-1]} quem leva é a dupla adversária.")
