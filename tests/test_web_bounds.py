"""The web app's memory and work stay bounded: layout caches, idle and finished
tables leaving memory, unfinished tables loaded when first used, per-client
rate limits, and the replay API off the event loop."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert
from starlette.testclient import TestClient
from test_web_input import exchange, live  # noqa: F401  (a fixture)
from web_helpers import apply_delta

import ludoteca
from ludoteca.games.cavaleiro import game as cavaleiro_game
from ludoteca.web import replays as web_replays
from ludoteca.web.app import create_app
from ludoteca.web.hub import new_table_id
from ludoteca.web.limits import ClientLimits
from ludoteca.web.store import Store


def stopped_clock() -> float:
    """Time that does not pass: no bucket refills however slowly a test runs."""
    return 0.0


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


def create(c: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> Any:
    return c.post(
        "/api/tables", json={"game": game, "seats": seats, "name": "Ana", "bot_delay": 0, **extra}
    )


def test_cavaleiro_layout_caches_stay_bounded(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, client_limits=ClientLimits(enabled=False))) as c:
        for k in range(150):
            digits = [1 + (k // 6**i) % 6 for i in range(3)]
            heights = f"{digits[0]}{digits[1]}/{digits[2]}+{k % 3}"
            r = c.post("/api/seats", json={"game": "cavaleiro", "options": {"layout": heights}})
            assert r.status_code == 200, r.text
            if k == 149:  # the last layout still plays
                assert r.json()["seats"] == 2
    assert len(cavaleiro_game._TABLES) <= 64 and len(cavaleiro_game._TABLES_BY_TEXT) <= 64
    # a layout dropped from the cache is built again, the same
    first = ludoteca.new_game("cavaleiro", seed=3, layout="11/1+0")
    again = ludoteca.new_game("cavaleiro", seed=3, layout="11/1+0")
    assert first.moves == again.moves and first.legal_moves() == again.legal_moves()


def test_finished_and_idle_tables_leave_memory_and_come_back(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, bot_delay=0.0)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        bots = create(c, "cavaleiro", [{"kind": "bot", "level": "random"}] * 2).json()
        mine = create(c, "bingo", [{"kind": "you"}, {"kind": "human"}]).json()
        done, idle = bots["table"]["id"], mine["table"]["id"]
        with c.websocket_connect(f"/ws/{done}") as ws:
            ws.send_json({"type": "hello", "token": None})
            state: dict[str, Any] = {}
            while not state or not state["view"]["over"]:
                msg = ws.receive_json()
                if msg["type"] == "state":
                    state = msg
                elif msg["type"] == "delta":
                    state = apply_delta(state, msg)
        deadline = time.monotonic() + 10
        while not hub.tables[done].bot_task.done():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert hub.upkeep.evict() == 1 and done not in hub.tables and idle in hub.tables
        hub.idle_seconds = 0.0
        with c.websocket_connect(f"/ws/{idle}") as ws:  # a connected table stays
            ws.send_json({"type": "hello", "token": mine["token"]})
            assert ws.receive_json()["type"] == "welcome"
            assert hub.upkeep.evict() == 0 and idle in hub.tables
        assert hub.upkeep.evict() == 1 and not hub.tables
        # both load again on first use, as they were
        again = c.get(f"/api/tables/{done}").json()["table"]
        assert again["over"] is True
        assert c.get(f"/api/tables/{idle}/record").status_code == 409
        assert set(hub.tables) == {done, idle}
        hub.idle_seconds = 600.0
        hub.max_live = 1
        assert hub.upkeep.evict() == 1 and len(hub.tables) == 1


def test_a_restart_with_thousands_of_unfinished_tables_is_quick(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(sqlite_url)
    tables, seats, moves = [], [], []
    for _ in range(2000):
        tid = new_table_id()
        game = ludoteca.new_game("bingo", seed=1, names=["Ana", "Bia"])
        tables.append(
            {
                "id": tid,
                "game": "bingo",
                "options": "{}",
                "seed": 1,
                "bot_delay": 0.0,
                "created": 1.0,
                "updated": 1.0,
                "over": False,
            }
        )
        seats += [
            {"table_id": tid, "seat": s, "kind": "human", "name": n}
            for s, n in enumerate(("Ana", "Bia"))
        ]
        moves += [
            {"table_id": tid, "idx": i, "seat": None, "move": m} for i, m in enumerate(game.moves)
        ]
    from ludoteca.web.schema import MoveRow, SeatRow, TableRow

    with store.engine.begin() as conn:
        conn.execute(insert(TableRow), tables)
        conn.execute(insert(SeatRow), seats)
        conn.execute(insert(MoveRow), moves)
    store.close()
    loaded: list[str] = []
    load_table = Store.load_table

    def counted(self: Store, table_id: str) -> Any:
        loaded.append(table_id)
        return load_table(self, table_id)

    monkeypatch.setattr(Store, "load_table", counted)
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        assert c.get("/healthz").text == "ok"
        assert loaded == [], "a restart loads no table of people before it is used"
        made = create(c, "cavaleiro", [{"kind": "bot", "level": "random"}] * 2)
        assert made.status_code == 201
        assert c.get(f"/api/tables/{tables[7]['id']}").json()["table"]["seats"][1]["name"] == "Bia"
        assert tables[7]["id"] in loaded and len(set(loaded) - {made.json()["table"]["id"]}) == 1


def test_bots_resume_right_after_a_restart(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, bot_delay=0.3)) as c:
        tid = create(c, "texas42", [{"kind": "bot", "level": "random"}] * 4, bot_delay=0.3).json()[
            "table"
        ]["id"]
        time.sleep(0.5)
    before = len(Store(sqlite_url).load_table(tid).moves)  # type: ignore[union-attr]
    with TestClient(create_app(sqlite_url, bot_delay=0.0)) as c:
        deadline = time.monotonic() + 10
        store = c.app.state.store  # type: ignore[attr-defined]
        while len(store.load_table(tid).moves) < before + 3:
            assert time.monotonic() < deadline, "the bots did not resume"
            time.sleep(0.05)


def test_per_client_rate_limits_answer_429_with_retry_after(sqlite_url: str) -> None:
    limits = ClientLimits(
        {"create": (0.5, 3.0), "join": (0.5, 2.0), "replay": (0.5, 2.0)}, clock=stopped_clock
    )
    with TestClient(create_app(sqlite_url, client_limits=limits)) as c:
        seats = [{"kind": "you"}, {"kind": "human"}]
        codes = [create(c, "bingo", seats).status_code for _ in range(5)]
        assert codes[:3] == [201] * 3 and codes[3:] == [429, 429]
        r = create(c, "bingo", seats)
        assert r.json()["error"] == "busy" and int(r.headers["retry-after"]) >= 1
        assert len(c.get("/api/tables").json()["tables"]) == 3
        tid = c.get("/api/tables").json()["tables"][0]["id"]
        answers = [
            c.post(f"/api/tables/{tid}/join", json={"seat": 1, "invite": "x", "name": "B"})
            for _ in range(3)
        ]
        assert [a.status_code for a in answers] == [403, 403, 429]
        records = [ludoteca.new_game("bingo", seed=s).record() for s in range(3)]
        answers = [c.post("/api/replay", json={"record": r}) for r in records]
        assert [a.status_code for a in answers] == [200, 200, 429]


def test_stepping_through_a_record_is_not_a_new_replay_each_step(sqlite_url: str) -> None:
    limits = ClientLimits({"replay": (0.5, 1.0), "replay_step": (0.5, 40.0)}, clock=stopped_clock)
    game = ludoteca.new_game("texas42", seed=3)
    while len(game.moves) < 40:
        game.play(game.legal_moves()[-1])
    record = game.record()
    with TestClient(create_app(sqlite_url, client_limits=limits)) as c:
        steps = [*range(0, 40, 3), 39, 2, 17, 17, 40]
        answers = [c.post("/api/replay", json={"record": record, "step": n}) for n in steps]
        assert all(a.status_code == 200 for a in answers)
        for n, a in zip(steps, answers, strict=True):
            data = a.json()
            again = ludoteca.replay({**record, "moves": record["moves"][:n]})
            assert data["step"] == n and data["view"]["log"] == again.moves
            assert data["view"]["hands"] == [again.view(s)["hand"] for s in range(4)]
            assert data["log_seats"] == [
                a if isinstance(a, int) else None for a, _ in again.history
            ]
        other = ludoteca.new_game("texas42", seed=3).record()
        assert c.post("/api/replay", json={"record": other}).status_code == 429
        flood = [c.post("/api/replay", json={"record": record, "step": 1}) for _ in range(30)]
        assert [a.status_code for a in flood].count(429) >= 1  # steps have their own limit


def test_the_message_limit_is_per_client_not_per_connection(sqlite_url: str) -> None:
    limits = ClientLimits({"message": (5.0, 40.0)}, clock=stopped_clock)
    with TestClient(create_app(sqlite_url, client_limits=limits)) as c:
        made = create(c, "bingo", [{"kind": "you"}, {"kind": "human"}]).json()
        tid = made["table"]["id"]
        limited = 0
        for _ in range(10):
            with c.websocket_connect(f"/ws/{tid}") as ws:
                for _ in range(8):
                    ws.send_json({"type": "move", "move": "pass"})  # before hello: refused
                for _ in range(8):
                    if ws.receive_json()["code"] == "rate_limited":
                        limited += 1
        # 80 messages from one client on ten connections: the burst passes, no more
        assert limited == 80 - 40


def test_the_replay_api_runs_off_the_event_loop(live: int, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    real = web_replays.Replays.step
    replaying, answered = threading.Event(), threading.Event()

    def slow(*args: Any) -> Any:
        replaying.set()
        answered.wait(60)  # a huge record: the loop must not wait for it
        return real(*args)

    monkeypatch.setattr(web_replays.Replays, "step", slow)
    record = ludoteca.new_game("bingo", seed=1).record()
    import json

    body = json.dumps({"record": record}).encode()
    request = (
        b"POST /api/replay HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % len(body) + body
    )
    answer: list[Any] = []
    thread = threading.Thread(target=lambda: answer.append(exchange(live, request)))
    thread.start()
    assert replaying.wait(60), "the replay did not start"
    # the loop answers while the replay is still under way (it waits for this answer)
    status, _, _ = exchange(live, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answered.set()
    assert status == 200 and not answer
    thread.join(60)
    assert answer and answer[0][0] == 200
