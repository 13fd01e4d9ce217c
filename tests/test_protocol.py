"""The bot protocol: ``ludoteca bot`` and the seat side against each other for
every game and level, engines that fail, and Python agents wherever a bot sits."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ludoteca
from ludoteca.arena import run_match
from ludoteca.bots import SeatHandle, choose_move, make_bot
from ludoteca.cli import main
from ludoteca.protocol import (
    PROTOCOL,
    Engine,
    EngineBot,
    EngineError,
    EngineSpec,
    ProtocolError,
    serve,
)
from ludoteca.protocol.messages import decode, encode, read_hello

BROKEN = Path(__file__).resolve().parent / "engines" / "broken.py"
SHORT = {"fiveup": {"target": 31}}
"""Options that keep the games short."""


def bot_engine(game: str, level: str, *extra: str) -> EngineSpec:
    command = (sys.executable, "-m", "ludoteca", "bot", game, level, "--budget", "0.01", *extra)
    return EngineSpec(command, hello_time=60, move_time=60)


def broken(mode: str, games: str = "", **kwargs: Any) -> EngineSpec:
    command = (sys.executable, str(BROKEN), mode) + ((games,) if games else ())
    return EngineSpec(command, **{"hello_time": 60, "move_time": 60, **kwargs})


def play(game_name: str, seat_zero: Any) -> list[str]:
    options = SHORT.get(game_name, {})
    game = ludoteca.new_game(game_name, seed=5, **options)
    others = {s: make_bot(game_name, "greedy", seed=s) for s in range(1, game.num_seats)}
    while not game.is_over:
        seat = game.to_move
        assert isinstance(seat, int)
        game.play(choose_move(seat_zero if seat == 0 else others[seat], game))
    return game.moves


# ------------------------------------------------------------ engine side


@pytest.mark.parametrize("level", ["random", "greedy", "expert"])
@pytest.mark.parametrize("game_name", ["texas42", "bingo", "fiveup", "cavaleiro"])
def test_ludoteca_bot_plays_over_the_protocol_as_the_bot_itself(game_name: str, level: str) -> None:
    """The engine sees only the seat's views, yet decides as the same bot at the
    table: the same seed gives the same game, move for move."""
    bot = EngineBot.start(bot_engine(game_name, level), game_name, SHORT.get(game_name, {}), [0])
    try:
        over_the_pipe = play(game_name, bot)
    finally:
        bot.close()
    at_the_table = play(game_name, make_bot(game_name, level, seed=1, budget=0.01))
    assert over_the_pipe == at_the_table
    assert not bot.engine.running


def test_the_handshake_says_who_the_engine_is_and_what_it_offers() -> None:
    assert Engine(bot_engine("bingo", "expert")).pid is None  # not started
    with Engine(bot_engine("bingo", "expert")) as engine:
        assert isinstance(engine.pid, int)
        os.kill(engine.pid, 0)  # its process (a bench reads its CPU time)
        hello = engine.hello
        assert hello is not None
        assert hello.name == "Ludoteca expert" and hello.games == ("bingo",)
        assert hello.protocol == PROTOCOL and hello.version == ludoteca.__version__
        assert [o.name for o in hello.options] == ["budget"]
        engine.set_option("budget", 0.02)
        with pytest.raises(ValueError, match=r"budget takes a number from 0\.001 to 600"):
            engine.set_option("budget", -1)
        with pytest.raises(ValueError, match="no option 'depth'"):
            engine.set_option("depth", 3)
        with pytest.raises(EngineError, match="plays bingo, not texas42") as refused:
            engine.new_game("texas42", {}, [0])
        assert refused.value.kind == "refused"
    assert not engine.running
    with pytest.raises(ProcessLookupError):
        os.kill(engine.pid, 0)  # stopped, and waited for


def test_an_engine_answers_with_information_lines_then_its_move() -> None:
    game = ludoteca.new_game("cavaleiro", seed=3)
    while game.to_move == 1 or len(game.legal_moves()) < 3:
        game.play(game.legal_moves()[-1])
    with Engine(bot_engine("cavaleiro", "greedy")) as engine:
        engine.new_game("cavaleiro", {}, [0])
        seat = game.to_move
        assert isinstance(seat, int)
        decision = engine.decide(
            game="cavaleiro",
            options={},
            seat=seat,
            view=game.view(seat),
            legal_moves=game.legal_moves(),
        )
    assert decision.move in game.legal_moves()
    assert decision.infos and decision.infos[0].move == decision.move
    assert decision.infos[0].unit == "sticks_taken"


def test_ludoteca_bot_refuses_a_level_it_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "bingo", "grandmaster"]) == 2
    assert "the levels are: random, greedy, expert" in capsys.readouterr().err


def test_serve_answers_every_message_of_the_protocol_with_a_python_agent() -> None:
    class Last:
        def choose(self, handle: SeatHandle) -> str:
            return handle.legal_moves()[-1]

    game = ludoteca.new_game("texas42", seed=2)
    seat = game.to_move
    assert isinstance(seat, int)
    decide = {
        "type": "decide",
        "id": 4,
        "game": "texas42",
        "options": game.options,
        "seat": seat,
        "view": game.view(seat),
        "legal_moves": game.legal_moves(),
        "time": 5,
    }
    lines = [
        {"type": "hello", "protocol": 1},
        {"type": "new_game", "game": "texas42", "options": {}, "seats": [seat]},
        {"type": "something_later_versions_say"},
        decide,
        {**decide, "id": 5, "view": {**decide["view"], "log": ["nonsense"]}},
        {"type": "quit"},
        {"type": "hello", "protocol": 1},  # after quit: not read
    ]
    out = io.StringIO()
    source = io.StringIO("".join(encode(m) for m in lines))
    assert serve(Last(), name="last", games=["texas42"], stdin=source, stdout=out) == 0
    answers = [decode(line) for line in out.getvalue().splitlines()]
    assert [a["type"] for a in answers] == ["hello", "move", "error"]
    assert answers[0]["games"] == ["texas42"] and answers[0]["name"] == "last"
    assert answers[1] == {"type": "move", "id": 4, "move": game.legal_moves()[-1]}
    assert answers[2]["id"] == 5 and "InvalidView" in answers[2]["message"]


def test_the_messages_and_a_bad_hello() -> None:
    assert decode(encode({"type": "move", "move": "pass"})) == {"type": "move", "move": "pass"}
    for line in ("[1, 2]", "bid 30", ""):
        with pytest.raises(ProtocolError, match="not a JSON object"):
            decode(line)
    with pytest.raises(ProtocolError, match="speaks protocol 2"):
        read_hello({"type": "hello", "protocol": 2, "name": "x", "games": ["bingo"]})
    with pytest.raises(ProtocolError, match="name"):
        read_hello({"type": "hello", "protocol": 1, "games": ["bingo"]})
    with pytest.raises(ProtocolError, match="games"):
        read_hello({"type": "hello", "protocol": 1, "name": "x", "games": []})
    with pytest.raises(ProtocolError, match="first answer must be the hello"):
        read_hello({"move": "pass"})
    with pytest.raises(TypeError, match="sequence of strings"):
        EngineSpec("python3 bot.py")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="names no command"):
        EngineSpec.parse("cmd:  ")
    assert EngineSpec.parse("cmd:python3 'my bot.py' -x").command == ("python3", "my bot.py", "-x")


# ------------------------------------------------------ engines that fail


@pytest.mark.parametrize(
    ("mode", "failure", "said"),
    [
        ("crash", "crash", "crash: on purpose"),
        ("silent", "timeout", "gave no answer"),
        ("illegal", "illegal", "'play 9-9', which is not legal"),
        ("garbage", "garbage", "not a JSON object: 'thinking about it...'"),
        ("error", "error", "no idea"),
    ],
)
def test_a_broken_engine_loses_each_game_and_the_match_goes_on(
    mode: str, failure: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BROKEN_PIDS", str(tmp_path))
    timing = (
        {"move_time": 1.0} if mode == "silent" else {"hello_time": 1.0} if mode == "mute" else {}
    )
    result = run_match("bingo", ["greedy", broken(mode, **timing)], games=3, seed=1)
    assert result.games == 3
    for outcome in result.outcomes:
        engine_side = outcome.arrangement.index(1)
        assert outcome.forfeit == engine_side and outcome.winner == 1 - engine_side
        assert outcome.failure == failure
        assert said in outcome.detail
    greedy, engine = result.standings
    assert (greedy.points, engine.points, engine.forfeits) == (3, 0, 3)
    assert len(result.incidents()) == 3 and said in result.table()
    # every engine started (once to shake hands, then once a game) was stopped
    pids = [int(p.name) for p in tmp_path.iterdir()]
    assert len(pids) == 1 + 3
    deadline = time.monotonic() + 30
    for pid in pids:
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_an_engine_that_cannot_start_shake_hands_or_play_the_game_is_refused_first() -> None:
    missing = EngineSpec(("/nonexistent/engine",))
    with pytest.raises(EngineError, match="cannot run '/nonexistent/engine'") as refused:
        run_match("bingo", ["greedy", missing], games=2, seed=1)
    assert refused.value.kind == "start"
    with pytest.raises(EngineError, match="no hello within 1 s") as refused:
        run_match("bingo", ["greedy", broken("mute", hello_time=1.0)], games=2, seed=1)
    assert refused.value.kind == "hello"
    with pytest.raises(EngineError, match="it plays bingo, not texas42") as refused:
        run_match("texas42", ["greedy", broken("fine", "bingo")], games=2, seed=1)
    assert refused.value.kind == "refused"


def test_a_working_engine_plays_a_match_on_several_processes() -> None:
    result = run_match(
        "fiveup", ["greedy", broken("fine")], games=4, jobs=2, seed=3, options=SHORT["fiveup"]
    )
    assert result.games == 4 and not result.incidents()
    assert all(o.forfeit is None and o.winner is not None for o in result.outcomes)


def test_the_arena_command_seats_an_engine_and_reports_its_failures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bots = f"greedy,cmd:{sys.executable} {BROKEN} illegal"
    assert main(["arena", "bingo", "--bots", bots, "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Bingo: 2 games")
    assert out.count("lost the game after") == 2 and "'play 9-9'" in out


# ------------------------------------------------------- Python agents


class FirstLegal:
    """An agent: the first legal move."""

    name = "first"

    def choose(self, handle: SeatHandle) -> str:
        return handle.legal_moves()[0]


def test_python_agents_and_policies_sit_in_the_arena() -> None:
    def last_action(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(np.flatnonzero(mask)[-1])

    result = run_match("bingo", [FirstLegal(), last_action], games=2, seed=2)
    assert [s.label for s in result.standings] == ["first", "last_action"]
    assert result.games == 2 and not result.incidents()
    # a bot object sits as it is: a frozen copy of a learner, say
    frozen = make_bot("cavaleiro", "greedy", seed=9)
    result = run_match(
        "cavaleiro",
        [FirstLegal(), frozen],
        games=3,
        seed=2,
        seats=[1, 0, 1],
        options={"players": 3},
    )
    assert [s.games for s in result.standings] == [3, 6]
    assert not result.incidents()


def test_an_agent_that_fails_loses_the_game() -> None:
    class Raises:
        def choose(self, handle: SeatHandle) -> str:
            raise RuntimeError("lost my notes")

    class Illegal:
        def choose(self, handle: SeatHandle) -> str:
            return "bid 99"

    result = run_match("texas42", [Raises(), "random"], games=2, seed=1)
    assert {o.failure for o in result.outcomes} == {"agent"}
    assert "RuntimeError: lost my notes" in result.outcomes[0].detail
    result = run_match("texas42", [Illegal(), "random"], games=2, seed=1)
    assert {o.failure for o in result.outcomes} == {"illegal"}
    with pytest.raises(TypeError, match="FirstLegal is a class"):
        run_match("bingo", [FirstLegal, "random"], games=1)
    with pytest.raises(TypeError, match="a player is a level"):
        run_match("bingo", [42, "random"], games=1)
    with pytest.raises(ValueError, match="plays bingo, not texas42"):
        run_match("texas42", [make_bot("bingo", "greedy"), "random"], games=1)


# ------------------------------------------------------------- Ctrl-C


def test_ctrl_c_stops_the_arena_keeping_every_finished_game(tmp_path: Path) -> None:
    out = tmp_path / "match.jsonl"
    command = [
        sys.executable,
        "-m",
        "ludoteca",
        "arena",
        "texas42",
        "--bots",
        "greedy,random",
        "--games",
        "400",
        "--jobs",
        "2",
        "--out",
        str(out),
    ]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and _games_in(out) < 2:
        time.sleep(0.05)
    assert _games_in(out) >= 2
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Traceback" not in err
    assert "run the same command again" in err and str(out) in err
    kept = _games_in(out)
    assert 2 <= kept < 400
    # the same command goes on from there
    more = kept + 4
    again = subprocess.run(
        [*command[:8], str(more), *command[9:], "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["games"] == more
    assert _games_in(out) == more


def _games_in(path: Path) -> int:
    try:
        lines = path.read_text().splitlines()
    except FileNotFoundError:
        return 0
    return max(0, len(lines) - 1)
