"""The web app seats the host's engines: commands of the bot protocol and Python
agents, offered beside the bot levels, deciding outside the event loop."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_web import Client, create
from web_helpers import movers

import ludoteca
from ludoteca.bots import SeatHandle
from ludoteca.protocol import EngineSpec
from ludoteca.web.app import create_app
from ludoteca.web.engines import RETRIES, Engines, parse_engine_option

BROKEN = Path(__file__).resolve().parent / "engines" / "broken.py"


def engine(mode: str, games: str = "") -> EngineSpec:
    command = (sys.executable, str(BROKEN), mode) + ((games,) if games else ())
    return EngineSpec(command, hello_time=60, move_time=60)


class LastMove:
    """A Python agent of Cavaleiro."""

    games = ("cavaleiro",)

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, handle: SeatHandle) -> str:
        self.asked += 1
        return handle.legal_moves()[-1]


@pytest.fixture
def app_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


def play_out(c: TestClient, table_id: str) -> dict[str, Any]:
    with c.websocket_connect(f"/ws/{table_id}") as ws:
        cl = Client(ws)
        cl.hello(None)
        return cl.until_state(lambda s: s["view"]["over"])


@pytest.mark.parametrize("bot_workers", [0, 1])
def test_a_table_seats_an_engine_and_a_python_agent(app_url: str, bot_workers: int) -> None:
    agent = LastMove()
    engines = {"rnd": engine("fine", "bingo,cavaleiro"), "last": agent}
    app = create_app(app_url, bot_delay=0.0, bot_workers=bot_workers, engines=engines)
    with TestClient(app) as c:
        games = {g["name"]: g for g in c.get("/api/games").json()["games"]}
        assert games["cavaleiro"]["engines"] == ["rnd", "last"]
        assert games["bingo"]["engines"] == ["rnd"] and games["texas42"]["engines"] == []
        seats = [
            {"kind": "bot", "level": "rnd"},
            {"kind": "bot", "level": "last"},
            {"kind": "bot", "level": "random"},
        ]
        made = create(c, "cavaleiro", seats, options={"players": 3})
        final = play_out(c, made["table"]["id"])
        record = c.get(f"/api/tables/{made['table']['id']}/record").json()
        assert record["seats"] == ["rnd", "last", "random"]
        assert ludoteca.replay(record).is_over
        deciding = [s for s in movers(final) if isinstance(s, int)]
        assert deciding.count(1) == agent.asked > 0 and deciding.count(0) > 0
        # an engine is offered only where it plays, and a bot level keeps its name
        r = c.post(
            "/api/tables",
            json={
                "game": "texas42",
                "seats": [{"kind": "bot", "level": "rnd"}] * 4,
                "bot_delay": 0,
            },
        )
        assert r.status_code == 400 and r.json()["error"] == "bad_level"


def test_an_engine_thinks_while_the_server_answers(
    app_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    go = tmp_path / "go"
    monkeypatch.setenv("BROKEN_GO", str(go))
    app = create_app(app_url, bot_delay=0.0, engines={"slow": engine("wait")})
    with TestClient(app) as c:
        made = create(
            c, "bingo", [{"kind": "bot", "level": "slow"}, {"kind": "bot", "level": "random"}]
        )
        table_id = made["table"]["id"]
        hub = c.app.state.hub  # type: ignore[attr-defined]
        deadline = time.monotonic() + 60
        while not hub.engines._running and time.monotonic() < deadline:  # the engine is asked
            time.sleep(0.01)
        assert hub.engines._running
        # the engine does not answer yet, and the server does
        for _ in range(3):
            assert c.get("/api/games").status_code == 200
            assert c.get("/api/tables").status_code == 200
        go.write_text("go")
        final = play_out(c, table_id)
        assert final["view"]["over"]
    assert not hub.engines._running  # closed with the server


def test_an_engine_that_fails_is_replaced_by_random_moves_and_the_game_goes_on(
    app_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pids = tmp_path / "pids"
    pids.mkdir()
    monkeypatch.setenv("BROKEN_PIDS", str(pids))
    app = create_app(app_url, bot_delay=0.0, engines={"crash": engine("crash")})
    with TestClient(app) as c:
        started = len(list(pids.iterdir()))  # the handshake when the app was made
        made = create(
            c, "bingo", [{"kind": "bot", "level": "crash"}, {"kind": "bot", "level": "greedy"}]
        )
        final = play_out(c, made["table"]["id"])
        assert final["view"]["over"]
        # tried at the seat RETRIES times, then random moves without starting it again
        assert movers(final).count(0) > RETRIES
        assert len(list(pids.iterdir())) - started == RETRIES


def test_the_host_names_its_engines_clearly() -> None:
    assert parse_engine_option("mine=python3 my bot.py") == ("mine", "python3 my bot.py")
    with pytest.raises(ValueError, match="NAME=COMMAND"):
        parse_engine_option("python3 bot.py")
    with pytest.raises(ValueError, match="is a bot level"):
        Engines({"expert": engine("fine")})
    with pytest.raises(ValueError, match="letters, digits"):
        Engines({"my engine": engine("fine")})
    with pytest.raises(ValueError, match="no hello within"):
        Engines({"mute": EngineSpec((sys.executable, str(BROKEN), "mute"), hello_time=0.5)})
    with pytest.raises(ValueError, match="cannot run"):
        Engines({"gone": "/nonexistent/engine --fast"})
    with pytest.raises(TypeError, match="a command or an agent"):
        Engines({"n": 42})
