"""Post-game analysis and hints for every game: each decision judged, the cost
read off the values, exact where a solver applies, and the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from ludoteca import analyse, hint
from ludoteca.analysis import ENDINGS
from ludoteca.bots import choose_move, make_bot
from ludoteca.cli import main
from ludoteca.solve import NotSolvable, solve

BUDGET = 0.02

GAMES: list[tuple[str, dict[str, Any], int]] = [
    # (game, options, how many moves of a greedy game to analyse)
    ("texas42", {}, 40),
    ("fiveup", {"players": 2, "target": 15}, 10_000),
    ("fiveup", {"players": 4, "target": 10}, 10_000),
    ("bingo", {}, 60),
    ("cavaleiro", {"players": 3}, 10_000),
]


def greedy_record(name: str, options: dict[str, Any], moves: int, seed: int) -> dict[str, Any]:
    """The record of a game between greedy bots, cut after ``moves`` moves."""
    game = ludoteca.new_game(name, seed=seed, **options)
    bots = [make_bot(name, "greedy", seed=seed + s) for s in range(game.num_seats)]
    while not game.is_over and len(game.moves) < moves:
        mover = game.to_move
        assert isinstance(mover, int)
        game.play(choose_move(bots[mover], game))
    return game.record()


@pytest.mark.parametrize(("name", "options", "moves"), GAMES)
def test_every_decision_with_a_choice_is_judged(
    name: str, options: dict[str, Any], moves: int
) -> None:
    record = greedy_record(name, options, moves, seed=5)
    result = analyse(record, budget=BUDGET)
    replayed = ludoteca.new_game(name, chance="manual", names=record["players"], **options)
    judged = {d.index: d for d in result.decisions}
    for i, move in enumerate(record["moves"], 1):
        mover = replayed.to_move
        if isinstance(mover, int) and len(replayed.legal_moves()) > 1:
            d = judged.pop(i)
            assert d.seat == mover
            assert set(d.values) == set(replayed.legal_moves())
            assert d.played == move
            assert d.values[d.best] == max(d.values.values())
            assert d.cost == pytest.approx(d.values[d.best] - d.values[d.played])
            assert d.cost >= 0
            assert d.kind in ("exact", "estimate")
        replayed.play(move)
    assert judged == {}, "decisions judged where there was no choice"
    for seat, mistakes in result.mistakes.items():
        assert all(m.seat == seat and m.cost > 0 for m in mistakes)
        costs = [(m.kind != "exact", -m.cost) for m in mistakes]
        assert costs == sorted(costs)
    data = json.loads(json.dumps(result.to_json()))
    assert len(data["decisions"]) == len(result.decisions)
    report = result.report().splitlines()
    assert report[0] == f"{name}: {len(result.decisions)} decisions analysed"
    # how each hand ended, as the engine's events said it, in words
    ended = [e for events in replayed.events for e in events if e.code in ENDINGS]
    assert [e["code"] for e in data["endings"]] == [e.code for e in ended]
    said = [line.strip() for line in report[1 : 1 + len(ended)]]
    assert all(line.startswith(("End of hand", "Game over")) for line in said), said
    assert all(
        line.strip().startswith(("Fim da", "Fim de jogo"))
        for line in result.report("pt").splitlines()[1 : 1 + len(ended)]
    )


def test_bingo_decisions_are_exact_once_the_stock_is_gone() -> None:
    record = greedy_record("bingo", {}, 120, seed=9)
    result = analyse(record, budget=BUDGET)
    replayed = ludoteca.new_game("bingo", chance="manual", names=record["players"])
    exact = {d.index: d for d in result.decisions if d.kind == "exact"}
    assert exact
    checked = 0
    for i, move in enumerate(record["moves"], 1):
        d = exact.get(i)
        if d is not None:
            solution = solve(replayed)
            scores = {m.move: float(m.score) for m in solution.moves}
            assert d.values == scores
            checked += 1
        elif isinstance(replayed.to_move, int) and len(replayed.legal_moves()) > 1:
            with pytest.raises(NotSolvable):
                solve(replayed)
        replayed.play(move)
    assert checked == len(exact)


@pytest.mark.parametrize(("name", "options"), [(g, o) for g, o, _ in GAMES])
def test_hint_ranks_the_legal_moves_from_the_movers_seat(
    name: str, options: dict[str, Any]
) -> None:
    game = ludoteca.new_game(name, seed=3, **options)
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    before = game.record()
    ranked = hint(game, budget=BUDGET)
    assert sorted(r.move for r in ranked) == sorted(game.legal_moves())
    # the first is the bot's choice (a bid may wait for a safer margin); the rest by value
    rest = [r.value for r in ranked[1:]]
    assert rest == sorted(rest, reverse=True)
    assert all(r.reason for r in ranked)
    assert game.record() == before, "a hint changed the game"
    other = (game.to_move + 1) % game.num_seats  # type: ignore[operator]
    with pytest.raises(ValueError, match="seat to move"):
        hint(game, seat=other)


def test_analyse_command_prints_json_and_refuses_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = greedy_record("cavaleiro", {"players": 2}, 10_000, seed=1)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["analyse", str(path), "--json", "--budget", "0.01"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "cavaleiro"
    assert data["decisions"]
    bad = dict(record, moves=[*record["moves"][:5], "remove 9 from column 42"])
    path.write_text(json.dumps(bad))
    assert main(["analyse", str(path)]) == 1
    err = capsys.readouterr().err
    assert "move 6" in err
