"""The terminal table without the screen: seats, bots, chance, undo, save and resume;
the message catalogue; the rules texts."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import ludoteca
from ludoteca import i18n, rules
from ludoteca.i18n import texts
from ludoteca.i18n.moves import describe_move
from ludoteca.i18n.words import Words
from ludoteca.tui.cli import add_play
from ludoteca.tui.table import (
    Table,
    default_seats,
    parse_seats,
    seat_names,
    seats_from_names,
    strongest_level,
)

BUILT = [g for g in ("texas42", "fiveup", "bingo", "cavaleiro") if g in ludoteca.available_games()]


def run_until_human(table: Table) -> None:
    while table.next_step() not in ("human", "over"):
        table.step_auto()


# ---------------------------------------------------------------- seats


def test_seats_are_read_seat_by_seat() -> None:
    assert parse_seats("human,expert,greedy,random") == ["human", "expert", "greedy", "random"]
    assert parse_seats(" H , e,G,r ") == ["human", "expert", "greedy", "random"]
    with pytest.raises(ValueError, match="'robot' is not a seat: write human or a bot level"):
        parse_seats("human,robot")


def test_default_is_one_person_against_the_strongest_bots() -> None:
    seats = default_seats("texas42", 4)
    assert seats[0] == "human"
    assert seats[1:] == [strongest_level("texas42")] * 3
    table = Table.new("texas42", seed=1)
    assert table.seats == seats
    assert table.humans == [0]
    assert not table.hot_seat


def test_names_say_who_is_a_person_and_which_bot() -> None:
    assert seat_names(["human", "expert"], "pt") == ["Você", "Robô 2 (especialista)"]
    assert seat_names(["human", "human", "random"], "en") == [
        "Player 1",
        "Player 2",
        "Bot 3 (random)",
    ]
    for lang in ("pt", "en"):
        names = seat_names(["greedy", "human", "human", "random"], lang)
        assert seats_from_names(names) == ["greedy", "human", "human", "random"]


def test_players_and_seats_must_agree() -> None:
    with pytest.raises(ValueError, match="texas42 is played by 4 players, not 3"):
        Table.new("texas42", players=3)
    with pytest.raises(ValueError, match="has 4 seats, but --seats gives 2"):
        Table.new("texas42", ["human", "random"])
    table = Table.new("cavaleiro", ["human", "random", "random"], seed=2)
    assert table.game.num_seats == 3
    assert table.game.options["players"] == 3
    table = Table.new("cavaleiro", seed=2, players=4)
    assert len(table.seats) == 4


def test_a_level_not_built_yet_falls_back_with_a_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludoteca import bots

    monkeypatch.setattr(bots, "available_levels", lambda game: ["random"])
    table = Table.new("bingo", ["human", "expert"], seed=4)
    [(message, levels)] = table.notices
    assert levels == {"level": "expert", "fallback": "random"}
    assert table.bots[1].level == "random"
    text = texts("pt")._(message, level="especialista", fallback="aleatório")
    assert text == "O robô especialista deste jogo ainda não existe; joga o aleatório."


@pytest.mark.parametrize("game", BUILT)
def test_bots_and_chance_play_a_whole_game(game: str) -> None:
    count = Table.new(game, seed=0).game.num_seats
    table = Table.new(game, ["random"] * count, seed=11)
    steps = 0
    while table.next_step() != "over":
        table.step_auto()
        steps += 1
    assert table.game.is_over
    assert len(table.actors) == len(table.game.moves) == steps
    assert ludoteca.replay(table.game.record()).moves == table.game.moves


def test_the_same_seed_gives_the_same_game() -> None:
    a = Table.new("bingo", ["random", "random"], seed=5)
    b = Table.new("bingo", ["random", "random"], seed=5)
    for _ in range(40):
        a.step_auto()
        b.step_auto()
    assert a.game.moves == b.game.moves


def test_a_person_rolls_their_own_dice_in_cavaleiro() -> None:
    table = Table.new("cavaleiro", ["human", "random"], seed=3)
    assert table.next_step() == "roll"
    assert table.acting_seat() == 0
    event = table.play_chance()
    assert event.startswith("roll ")
    assert table.actors == ["chance"]


# ---------------------------------------------------------------- undo


def test_undo_takes_back_the_last_decision_and_the_bot_moves_after_it() -> None:
    table = Table.new("texas42", ["human", "random", "random", "random"], seed=8)
    run_until_human(table)
    before = table.game.moves
    move = table.game.legal_moves()[0]
    table.play(move)
    run_until_human(table)
    assert len(table.game.moves) > len(before) + 1
    assert table.can_undo()
    assert table.undo()
    assert table.game.moves == before
    assert table.game.to_move == 0
    assert table.actors == table.actors[: len(before)]


def test_undo_keeps_the_chance_events_already_drawn() -> None:
    # Cavaleiro: the rolls after a removal are drawn again exactly as they were.
    table = Table.new("cavaleiro", ["human", "random"], seed=21)
    while True:
        step = table.next_step()
        if step == "human":
            break
        if step == "roll":
            table.play_chance()
        else:
            table.step_auto()
    at = len(table.game.moves)
    table.play(table.game.legal_moves()[0])
    while table.next_step() != "human" and not table.game.is_over:
        if table.next_step() == "roll":
            table.play_chance()
        else:
            table.step_auto()
    later = table.game.moves[at + 1 :]
    drawn = [m for m in later if m.startswith("roll ")]
    assert drawn
    table.undo()
    assert len(table.game.moves) == at
    assert table.pending_chance == drawn
    other = table.game.legal_moves()[-1]
    table.play(other)
    replayed = []
    for _ in drawn:
        if table.game.to_move != "chance":
            break
        replayed.append(table.play_chance())
    assert replayed == drawn[: len(replayed)] and replayed


def test_undo_is_only_for_one_person_against_bots() -> None:
    table = Table.new("bingo", ["human", "human"], seed=3)
    while table.next_step() == "chance":
        table.step_auto()
    table.play(table.game.legal_moves()[0])
    assert not table.undo_allowed
    assert not table.undo()
    assert len(table.game.moves) == 3


def test_nothing_to_undo_before_the_first_decision() -> None:
    table = Table.new("bingo", ["human", "random"], seed=3)
    run_until_human(table)
    assert not table.can_undo()
    assert not table.undo()


# ---------------------------------------------------------------- records


def test_save_writes_a_record_that_resumes_exactly(tmp_path: Path) -> None:
    table = Table.new("texas42", ["human", "greedy", "random", "random"], seed=13, lang="pt")
    run_until_human(table)
    table.play(table.game.legal_moves()[-1])
    run_until_human(table)
    path = table.save(tmp_path / "game.json")
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "ludoteca/1"
    assert record["moves"] == table.game.moves
    assert ludoteca.replay(record).moves == table.game.moves
    resumed = Table.resume(path)
    assert resumed.seats == table.seats
    assert resumed.game.moves == table.game.moves
    assert resumed.actors == table.actors
    unnamed = {k: v for k, v in table.game.view(0).items() if k != "names"}
    assert {k: v for k, v in resumed.game.view(0).items() if k != "names"} == unnamed
    assert resumed.next_step() == "human"
    # the record keeps who sat where, and no word of the language it was played in
    assert record["players"] == ["", "", "", ""]
    assert record["seats"] == ["human", "greedy", "random", "random"]
    assert Words("en").seat_names(record["players"], record["seats"])[:2] == [
        "Player 1",
        "Bot 2 (greedy)",
    ]


def test_resume_with_other_seats_and_bad_records(tmp_path: Path) -> None:
    table = Table.new("bingo", ["human", "random"], seed=2)
    run_until_human(table)
    path = table.save(tmp_path / "b.json")
    assert Table.resume(path, ["human", "human"]).hot_seat
    bad = tmp_path / "bad.json"
    record = table.game.record()
    record["moves"] = [*record["moves"], "play 9-9"]
    bad.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(ValueError, match="play 9-9"):
        Table.resume(bad)


def test_command_line_builds_the_table(tmp_path: Path) -> None:
    import argparse

    from ludoteca.tui.cli import build_table

    parser = argparse.ArgumentParser()
    add_play(parser.add_subparsers())
    args = parser.parse_args(
        ["play", "cavaleiro", "--players", "3", "--seed", "4", "-o", "layout=2x2x2+1"]
    )
    table = build_table(args, "pt")
    assert table.game.options == {"players": 3, "layout": "2x2x2+1"}
    assert table.names[0] == "Você"
    path = table.save(tmp_path / "c.json")
    args = parser.parse_args(["play", "--resume", str(path)])
    assert build_table(args, "en").game.moves == table.game.moves
    args = parser.parse_args(["play", "bingo", "--resume", str(path)])
    with pytest.raises(ValueError, match="is a game of cavaleiro, not bingo"):
        build_table(args, "en")
    with pytest.raises(ValueError, match="name the game"):
        build_table(parser.parse_args(["play"]), "en")


def test_play_command_reports_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    from ludoteca.cli import main

    assert main(["play", "texas42", "--seats", "human,nobody,expert,expert"]) == 2
    assert "'nobody' is not a seat" in capsys.readouterr().err
    assert main(["play", "bingo", "-o", "colour=red"]) == 2
    assert "bingo has no option colour" in capsys.readouterr().err


# ---------------------------------------------------------------- the catalogue


def test_messages_fill_their_params() -> None:
    message = "Record saved to {path}"
    assert texts("pt")._(message, path="x.json") == "Registro salvo em x.json"
    assert texts("en")._(message, path="x.json") == "Record saved to x.json"
    assert (
        texts("pt")
        ._("Quit the game? Moves since the last save will be lost.")
        .startswith("Sair do jogo?")
    )


def test_language_comes_from_the_locale() -> None:
    assert i18n.default_lang({"LANG": "pt_BR.UTF-8"}) == "pt"
    assert i18n.default_lang({"LC_ALL": "en_US.UTF-8", "LANG": "pt_BR"}) == "en"
    assert i18n.default_lang({"LC_MESSAGES": "pt_PT"}) == "pt"
    assert i18n.default_lang({}) == "en"


@pytest.mark.parametrize("game", BUILT)
def test_every_move_of_random_games_is_said_in_words(game: str) -> None:
    rng = random.Random(3)
    seen: set[str] = set()
    for seed in range(3):
        g = ludoteca.new_game(game, seed=seed)
        while not g.is_over and len(g.moves) < 400:
            moves = g.legal_moves()
            seen.update(moves)
            g.play(rng.choice(moves))
    for move in seen:
        pt = describe_move(game, move, "pt")
        en = describe_move(game, move, "en")
        assert pt != move or en != move, move
        assert pt != en or any(ch.isdigit() for ch in pt), move


def test_moves_in_words() -> None:
    assert describe_move("texas42", "bid 30", "pt") == "lance de 30"
    assert describe_move("texas42", "bid 42", "en") == "bid 42 (1 mark)"
    assert describe_move("texas42", "bid 3 marks", "pt") == "lance de 3 marcas"
    assert describe_move("texas42", "bid 4 marks plunge", "en") == "plunge for 4 marks"
    assert describe_move("texas42", "trump follow-me", "pt") == "siga-me (sem trunfo)"
    assert describe_move("texas42", "trump doubles", "en") == "doubles are trump"
    assert describe_move("bingo", "take hidden", "pt") == "fica com a pedra oculta"
    assert describe_move("cavaleiro", "remove block 2", "pt") == "tira o bloco 2"
    assert describe_move("cavaleiro", "remove 1 from column 3", "pt") == "tira 1 palito da coluna 3"
    assert describe_move("cavaleiro", "remove 3 from column 3", "en") == (
        "remove 3 sticks from column 3"
    )
    assert describe_move("cavaleiro", "roll 6 4 4 3", "pt") == "lança 6 4 4 3"
    assert describe_move("texas42", "pass", "pt") == "passo"
    assert describe_move("fiveup", "pass", "pt") == "passa a vez"
    assert describe_move("bingo", "play 6-6 show", "pt") == "joga 6-6 e mostra os dobres"
    assert describe_move("texas42", "trump 5", "pt") == "os cincos são trunfo"


# ---------------------------------------------------------------- rules texts


@pytest.mark.parametrize("game", ["texas42", "fiveup", "bingo", "cavaleiro"])
@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_rules_are_written_in_both_languages(game: str, lang: str) -> None:
    body = rules.text(game, lang)
    assert body.startswith("# ")
    assert len(body) > 3000
    assert (game, lang) in rules.available()
    assert rules.text(game, "pt_BR.UTF-8" if lang == "pt" else "en-GB") == body


def test_rules_of_an_unknown_game() -> None:
    with pytest.raises(ValueError, match="no game called 'chess'"):
        rules.text("chess", "pt")


@pytest.mark.parametrize("game", ["texas42", "bingo", "fiveup", "cavaleiro"])
def test_after_an_undo_the_bots_answer_the_same_move_the_same_way(game: str) -> None:
    count = Table.new(game, seed=0).game.num_seats
    table = Table.new(game, ["human"] + ["random"] * (count - 1), seed=21)
    rng = random.Random(2)
    for _ in range(12):  # a dozen of the person's decisions, each tried twice
        while table.next_step() not in ("human", "over"):
            table.step_auto()
        if table.next_step() == "over":
            break
        move = rng.choice(table.game.legal_moves())
        before = len(table.game)
        replies = []
        for _ in range(2):
            table.play(move)
            while table.next_step() not in ("human", "over"):
                table.step_auto()
            replies.append(table.game.moves[before:])
            if len(replies) == 1:
                assert table.undo()
                assert len(table.game) == before
        assert replies[0] == replies[1]
