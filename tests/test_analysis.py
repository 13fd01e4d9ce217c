"""Post-game analysis and hints for every game: each decision judged, the cost
read off the values, exact where a solver applies, and the command line."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from ludoteca import analyse, hint
from ludoteca.analysis import UNIT_ORDER, decision_indices, judge
from ludoteca.bots import choose_move, make_bot
from ludoteca.bots.base import TIE_RULES, UNITS
from ludoteca.bots.bingo_expert import match_utility
from ludoteca.cli import main
from ludoteca.games.bingo.solver import solve as solve_bingo
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
            assert d.cost == round(d.values[d.best] - d.values[d.played], 6)
            assert d.cost >= 0
            assert d.kind in ("exact", "estimate")
            assert d.unit in UNITS, d.unit  # every cost says what it is counted in
        replayed.play(move)
    assert judged == {}, "decisions judged where there was no choice"
    for seat, mistakes in result.mistakes.items():
        assert all(m.seat == seat and m.mistake and m.cost > 0 for m in mistakes)
        order = [(UNIT_ORDER.index(m.unit), -m.cost) for m in mistakes]
        assert order == sorted(order)
    data = json.loads(json.dumps(result.to_json()))
    assert len(data["decisions"]) == len(result.decisions)
    assert not noisy_floats(data), noisy_floats(data)[:3]
    report = result.report().splitlines()
    # the report names the game as people do
    title = ludoteca.game_class(name).title
    assert report[0] == f"{title}: {len(result.decisions)} decisions analysed"
    # how each hand ended, as the engine's events said it, in words
    endings = {replayed.type.hand_end_code, "game_over"}
    ended = [e for events in replayed.events for e in events if e.code in endings]
    assert [e["code"] for e in data["endings"]] == [e.code for e in ended]
    said = [line.strip() for line in report[1 : 1 + len(ended)]]
    assert all(line.startswith(("End of hand", "Game over")) for line in said), said
    assert all(
        line.strip().startswith(("Fim da", "Fim de jogo"))
        for line in result.report("pt").splitlines()[1 : 1 + len(ended)]
    )


def noisy_floats(data: Any) -> list[float]:
    """The floats of ``data`` written with more than six decimals (0.5999999999999999)."""
    if isinstance(data, float):
        return [data] if len(repr(data).partition(".")[2]) > 6 else []
    if isinstance(data, dict):
        return [f for v in data.values() for f in noisy_floats(v)]
    if isinstance(data, list):
        return [f for v in data for f in noisy_floats(v)]
    return []


@pytest.mark.parametrize(("name", "options", "moves"), GAMES[:2] + GAMES[3:4])
def test_judging_in_parts_gives_the_same_analysis(
    name: str, options: dict[str, Any], moves: int
) -> None:
    record = greedy_record(name, options, min(moves, 80), seed=8)
    whole = judge(record, budget=BUDGET, seed=4)
    indices = decision_indices(record)
    assert [d.index for d in whole] == indices
    parts = [judge(record, indices[k::3], budget=BUDGET, seed=4) for k in (2, 0, 1)]
    assert sorted((d for part in parts for d in part), key=lambda d: d.index) == whole
    told: list[tuple[int, int]] = []
    result = analyse(record, budget=BUDGET, seed=4, progress=lambda a, b: told.append((a, b)))
    assert result.decisions == whole
    assert told == [(k, len(indices)) for k in range(1, len(indices) + 1)]


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
            # valued like the expert's estimates: the mover's chance of winning the match
            view = replayed.view(None)
            solution = solve_bingo(replayed, utility=match_utility(tuple(view["sets"])))
            lift = 1.0 if solution.to_move == 1 else 0.0
            assert d.unit == "match_chance"
            assert d.values == {m.move: round(m.value / 1000 + lift, 6) for m in solution.moves}
            top = max(m.value for m in solution.moves)
            assert d.best in {m.move for m in solution.moves if m.value == top}
            checked += 1
        elif isinstance(replayed.to_move, int) and len(replayed.legal_moves()) > 1:
            with pytest.raises(NotSolvable):
                solve(replayed)
        replayed.play(move)
    assert checked == len(exact)


def test_fiveup_decisions_are_exact_in_the_experts_unit() -> None:
    record = greedy_record("fiveup", {"players": 4, "target": 61}, 10_000, seed=1)
    result = analyse(record, budget=BUDGET)
    exact = [d for d in result.decisions if d.kind == "exact"]
    assert exact
    assert {d.unit for d in result.decisions} == {"hand_margin"}
    # a play that reaches the target is worth the expert's 30 points on top, not 10 000
    assert all(abs(v) < 200 for d in exact for v in d.values.values())


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
    values = [r.value for r in ranked]
    assert values == sorted(values, reverse=True), "best first, by value"
    assert all(r.reason and r.unit in UNITS for r in ranked)
    assert len({r.unit for r in ranked}) == 1
    # a move of the same value as the one before it says by which rule it comes after
    for before_it, r in itertools.pairwise(ranked):
        assert (r.tie in TIE_RULES) == (r.value == before_it.value), (before_it, r)
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
    assert all(d["unit"] in UNITS for d in data["decisions"])
    assert not noisy_floats(data)
    assert main(["analyse", str(path), "--budget", "0.01", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "exact cost" not in text
    assert "average cost per decision" in text
    bad = dict(record, moves=[*record["moves"][:5], "remove 9 from column 42"])
    path.write_text(json.dumps(bad))
    assert main(["analyse", str(path)]) == 1
    err = capsys.readouterr().err
    assert "move 6" in err
