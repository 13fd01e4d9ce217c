"""The arena: fair, reproducible matches and honest statistics."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest
from web_helpers import unavailable

import ludoteca
from ludoteca.arena import GameOutcome, hands_played, parse_bot, run_match, wilson
from ludoteca.cli import main


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    one = run_match("texas42", ["greedy", "random"], games=6, seed=3, jobs=1)
    two = run_match("texas42", ["greedy", "random"], games=6, seed=3, jobs=2)
    assert one.outcomes == two.outcomes
    assert one.table() == two.table()


def test_duplicate_plays_each_deal_with_sides_swapped() -> None:
    result = run_match("texas42", ["random", "random"], games=6, duplicate=True, seed=1)
    deals = [o.deal for o in result.outcomes]
    assert deals == [0, 0, 1, 1, 2, 2]
    assert [o.arrangement for o in result.outcomes[:2]] == [(0, 1), (1, 0)]
    # same bot level on both sides: labels are told apart
    assert [s.label for s in result.standings] == ["A:random", "B:random"]
    # every game counts once for each bot, and exactly one side wins each game
    assert all(s.games == 6 for s in result.standings)
    assert sum(s.points for s in result.standings) == 6


def test_greedy_beats_random_with_an_interval_clear_of_half() -> None:
    result = run_match("texas42", ["greedy", "random"], games=20, duplicate=True, seed=5)
    greedy, rand = result.standings
    assert greedy.ci_low > 0.5
    assert greedy.margin > 0 > rand.margin
    assert greedy.elo > rand.elo == 0


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0 and 0.27 < hi < 0.28
    lo, hi = wilson(5, 10)
    assert abs(lo - (1 - hi)) < 1e-12


def test_bad_bots_are_refused() -> None:
    with pytest.raises(ValueError, match="level"):
        run_match("texas42", ["grandmaster", "random"], games=1)
    with pytest.raises(ValueError, match="two bots"):
        run_match("texas42", ["random"], games=1)
    with pytest.raises(ValueError, match="level:seconds"):
        parse_bot("expert:fast")


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "texas42", "--bots", "greedy,random", "--games", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["bots"] == ["greedy", "random"]
    assert {s["label"] for s in data["standings"]} == {"greedy", "random"}
    assert main(["arena", "texas42", "--bots", "nobody,random", "--games", "1"]) == 2


def test_results_file_resumes_an_interrupted_match(tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    full = run_match("bingo", ["greedy", "random"], games=6, seed=2, duplicate=True)
    first = run_match("bingo", ["greedy", "random"], games=6, seed=2, duplicate=True, results=path)
    assert first.outcomes == full.outcomes
    lines = path.read_text().splitlines(keepends=True)
    assert len(lines) == 7 and json.loads(lines[0])["match"]["game"] == "bingo"
    # interrupted after three games, the fourth line half written
    path.write_text("".join(lines[:4]) + lines[4][:20])
    played: list[GameOutcome] = []
    again = run_match(
        "bingo",
        ["greedy", "random"],
        games=6,
        seed=2,
        duplicate=True,
        results=path,
        on_outcome=played.append,
    )
    assert len(played) == 6  # the three read back, then the three played
    assert again.outcomes == full.outcomes and again.table() == full.table()
    assert len(path.read_text().splitlines()) == 7
    # the same file grows with a longer match of the same bots and seed
    longer = run_match("bingo", ["greedy", "random"], games=8, seed=2, duplicate=True, results=path)
    assert longer.outcomes[:6] == full.outcomes
    with pytest.raises(ValueError, match="another match"):
        run_match("bingo", ["greedy", "random"], games=2, seed=3, results=path)


def test_cli_ray_gives_the_results_of_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A small arena on a local Ray cluster: the same results as with processes,
    written game by game to the results file."""
    if importlib.util.find_spec("ray") is None:
        unavailable("Ray is not installed: pip install -e '.[cluster]'")
    common = ["arena", "texas42", "--bots", "greedy,random", "--games", "6", "--seed", "4"]
    assert main([*common, "--jobs", "2", "--json"]) == 0
    with_jobs = json.loads(capsys.readouterr().out)
    out = tmp_path / "ray.jsonl"
    assert main([*common, "--ray", "--jobs", "2", "--out", str(out), "--json"]) == 0
    with_ray = json.loads(capsys.readouterr().out)
    assert with_ray == with_jobs
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 7
    expected = run_match("texas42", ["greedy", "random"], games=6, seed=4)
    assert sorted((g["deal"], g["winner"]) for g in lines[1:]) == [
        (o.deal, o.winner) for o in expected.outcomes
    ]


def test_an_interrupted_match_resumes_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    full = run_match("texas42", ["greedy", "random"], games=8, seed=6, jobs=2)
    seen: list[GameOutcome] = []

    def interrupt(outcome: GameOutcome) -> None:
        seen.append(outcome)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_match(
            "texas42",
            ["greedy", "random"],
            games=8,
            seed=6,
            jobs=2,
            results=path,
            on_outcome=interrupt,
        )
    assert len(path.read_text().splitlines()) == 1 + 3
    resumed = run_match("texas42", ["greedy", "random"], games=8, seed=6, jobs=2, results=path)
    assert resumed.outcomes == full.outcomes
    assert len(path.read_text().splitlines()) == 1 + 8


def test_each_game_says_how_many_hands_it_lasted() -> None:
    result = run_match("bingo", ["greedy", "random"], games=2, seed=3)
    for outcome in result.outcomes:
        assert outcome.hands >= 1
    game = ludoteca.new_game("cavaleiro", seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    assert hands_played(game) == game.result()["rounds"]
    texas = ludoteca.new_game("texas42", seed=2)
    while not texas.is_over:
        texas.play(rng.choice(texas.legal_moves()))
    assert hands_played(texas) == len(texas.result()["hands"])


def test_stopping_workers_ends_even_a_worker_that_misses_its_stop_signal() -> None:
    """A worker whose stop signal is lost (here: ignored outright) is killed after the
    grace period, and the stop does not wait for anything it held."""
    import functools
    import signal
    import time

    from ludoteca.workers import Workers

    ignore = functools.partial(signal.signal, signal.SIGTERM, signal.SIG_IGN)
    workers: Workers[object, None] = Workers(time.sleep, 2, initializer=ignore)
    assert list(workers.run([0, 0])) == [None, None]  # one job each: both are up
    start = time.monotonic()
    with pytest.raises(TypeError):  # one job fails at once, the other sleeps a minute
        list(workers.run([60, "a minute"]))
    workers.stop(grace=0.5)
    assert time.monotonic() - start < 10
    assert [p.exitcode for p in workers.processes] == [-signal.SIGKILL] * 2


def test_a_worker_that_dies_with_a_job_is_an_error_not_a_wait() -> None:
    import os
    import time

    from ludoteca.workers import WorkerDied, Workers

    workers: Workers[int, None] = Workers(os._exit, 2)
    start = time.monotonic()
    with pytest.raises(WorkerDied, match="exit code 3"):
        list(workers.run([3]))
    workers.stop(grace=0.5)
    assert time.monotonic() - start < 10


def test_workers_stopped_at_any_moment_never_hang() -> None:
    """Stopped between any two results, while others are being sent back, the workers
    end within the grace period every time (a shared queue's lock could be left taken)."""
    import time

    from ludoteca.workers import Workers

    rng = random.Random(5)
    for _ in range(8):
        workers: Workers[float, None] = Workers(time.sleep, 2)
        wanted = rng.randrange(0, 12)
        start = time.monotonic()
        for got, _result in enumerate(workers.run([0.002 * rng.randrange(5) for _ in range(40)])):
            if got == wanted:
                break
        workers.stop(grace=2.0)
        assert time.monotonic() - start < 8
        assert all(p.exitcode is not None for p in workers.processes)
