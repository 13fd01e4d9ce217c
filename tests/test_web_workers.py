"""Several workers over PostgreSQL and Redis: the players of one table on
different workers, a worker killed mid-game (kill -9), bots that run exactly
once, and ``ludoteca serve --workers 2``; the schema's migrations.

Each server here is ``ludoteca serve`` in a process of its own, on its own port,
as on separate machines sharing the database and the broker; CI provides both
(``LUDOTECA_TEST_POSTGRES``, ``LUDOTECA_TEST_REDIS``).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, text
from starlette.testclient import TestClient
from web_helpers import apply_delta, owes, unavailable
from websockets.sync.client import connect

import ludoteca
from ludoteca.web.app import create_app
from ludoteca.web.schema import Base, migrate_schema, normalise_database_url
from ludoteca.web.store import Store

ROOT = Path(__file__).resolve().parents[1]
PG_URL = os.environ.get("LUDOTECA_TEST_POSTGRES")
REDIS_URL = os.environ.get("LUDOTECA_TEST_REDIS")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def services() -> tuple[str, str]:
    """A clean PostgreSQL database and Redis database."""
    if not PG_URL:
        unavailable("LUDOTECA_TEST_POSTGRES is not set")
    if not REDIS_URL:
        unavailable("LUDOTECA_TEST_REDIS is not set")
    import redis

    try:
        redis.Redis.from_url(REDIS_URL).flushdb()
    except redis.RedisError as e:
        unavailable(f"no Redis at {REDIS_URL}: {e}")
    store = Store(PG_URL)
    store.drop_everything()
    store.close()
    return PG_URL, REDIS_URL


class Server:
    """``ludoteca serve`` in a process of its own."""

    def __init__(self, db: str, broker: str, log: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        cmd = [sys.executable, "-m", "ludoteca.cli", "serve", "--port", str(self.port)]
        cmd += ["--db", db, "--broker", broker, "--bot-delay", "0", "--bot-workers", "1"]
        cmd += ["--no-client-limits", *extra]
        self.proc = subprocess.Popen(
            cmd, stdout=log.open("ab"), stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1):
                    return
            except OSError:
                assert self.proc.poll() is None, log.read_text()[-3000:]
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            return json.loads(r.read())

    def socket(self, table_id: str, token: str | None) -> Player:
        return Player(connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}", legacy=True), token)

    def kill(self) -> None:
        """kill -9 of the server and its bot workers."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)


class Player:
    """One WebSocket, keeping the state it was sent (deltas applied)."""

    def __init__(self, ws: Any, token: str | None) -> None:
        self.ws = ws
        self.state: dict[str, Any] = {}
        ws.send(json.dumps({"type": "hello", "token": token}))
        self.until(lambda s: True)

    def until(self, pred: Any, timeout: float = 30.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while not (self.state and pred(self.state)):
            msg = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if msg["type"] == "state":
                self.state = msg
            elif msg["type"] == "delta" and self.state:
                self.state = apply_delta(self.state, msg)
        return self.state

    def turn(self, seat: int, timeout: float = 30.0) -> dict[str, Any]:
        """The state where ``seat`` decides (or the end); on the way it continues
        after each hand's end and rolls its own dice."""
        while True:
            state = self.until(
                lambda s: s["view"]["to_move"] == seat or s["view"]["over"] or bool(owes(s, seat)),
                timeout,
            )
            kind = owes(state, seat)
            if kind is None:
                return state
            n = state["n"]
            self.ws.send(json.dumps({"type": kind, "n": n}))
            self.until(lambda s, n=n: s["n"] > n, timeout)

    def play_first(self) -> int:
        """Play the first legal move on this seat's turn; the move count it was made on."""
        state = self.state
        n: int = state["n"]
        self.ws.send(json.dumps({"type": "move", "move": state["view"]["legal_moves"][0], "n": n}))
        return n

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def servers(services: tuple[str, str], tmp_path: Path) -> Iterator[list[Server]]:
    db, broker = services
    started = [Server(db, broker, tmp_path / f"server{i}.log") for i in range(2)]
    yield started
    for server in started:
        server.stop()


def stored(db: str, table_id: str) -> list[tuple[int | None, str]]:
    store = Store(db, migrate=False)
    try:
        return store.moves_since(table_id, 0)
    finally:
        store.close()


def over(db: str, table_id: str) -> bool:
    store = Store(db, migrate=False)
    try:
        data = store.load_table(table_id)
        return data is not None and data.over
    finally:
        store.close()


def decisions(broker: str) -> int:
    import redis

    counts = redis.Redis.from_url(broker, decode_responses=True).hgetall("ludoteca:decisions")
    return sum(int(v) for v in counts.values())


def test_players_of_one_table_on_different_workers(
    servers: list[Server], services: tuple[str, str]
) -> None:
    a, b = servers
    made = a.post(
        "/api/tables",
        {"game": "bingo", "seats": [{"kind": "you"}, {"kind": "human"}], "name": "Ana"},
    )
    tid = made["table"]["id"]
    other = b.post(
        f"/api/tables/{tid}/join", {"seat": 1, "invite": made["invites"]["1"], "name": "Bia"}
    )["token"]
    ana, bia = a.socket(tid, made["token"]), b.socket(tid, other)
    watcher = b.socket(tid, None)
    ana.until(lambda s: s["table"]["seats"][1]["name"] == "Bia")  # the join, seen on the other
    players = {0: ana, 1: bia}
    for _ in range(30):
        mover = ana.state["view"]["to_move"]
        if ana.state["view"]["over"]:
            break
        if not isinstance(mover, int):  # a hand's end (a hand may end early): go on
            kind = owes(ana.state, 0)
            assert kind is not None, ana.state.get("awaits")
            n = ana.state["n"]
            ana.ws.send(json.dumps({"type": kind, "n": n}))
            for p in (ana, bia, watcher):
                p.until(lambda s, n=n: s["n"] > n)
            continue
        player = players[mover]
        n = player.until(lambda s, n=ana.state["n"]: s["n"] >= n)["n"]
        player.play_first()
        for p in (ana, bia, watcher):
            p.until(lambda s, n=n: s["n"] > n)
    assert ana.state["n"] == bia.state["n"] == watcher.state["n"] > 10
    assert ana.state["view"]["log"] == [
        m if who is not None else ana.state["view"]["log"][i]
        for i, (who, m) in enumerate(stored(services[0], tid))
    ]
    # a move both workers are sent for the same turn: the database takes one
    mover = ana.state["view"]["to_move"]
    if isinstance(mover, int) and not ana.state["view"]["over"]:
        late = a.socket(tid, made["token"] if mover == 0 else other)
        n = players[mover].play_first()
        late.ws.send(
            json.dumps({"type": "move", "move": late.state["view"]["legal_moves"][-1], "n": n})
        )
        for p in (ana, bia):
            p.until(lambda s, n=n: s["n"] > n)
        assert len([1 for who, _ in stored(services[0], tid)[n:] if who is not None]) == 1
        late.close()
    for p in (ana, bia, watcher):
        p.close()


def test_a_waiting_table_starts_on_every_worker(
    servers: list[Server], services: tuple[str, str]
) -> None:
    a, b = servers
    made = a.post(
        "/api/tables",
        {"game": "bingo", "seats": [{"kind": "you"}, {"kind": "human"}], "name": "Ana"},
    )
    tid = made["table"]["id"]
    ana, watcher = a.socket(tid, made["token"]), b.socket(tid, None)
    assert ana.state["table"]["waiting"] and watcher.state["table"]["waiting"]
    b.post(f"/api/tables/{tid}/join", {"seat": 1, "invite": made["invites"]["1"], "name": "Bia"})
    for p in (ana, watcher):  # the friend sat on the other worker: the game starts on both
        p.until(lambda s: not s["table"]["waiting"] and s["n"] > 0)
    assert ana.state["n"] == len(stored(services[0], tid))
    # the host starts another table on one worker, with bots: they play, seen on the other
    seats = [{"kind": "you"}, {"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    made = a.post("/api/tables", {"game": "texas42", "seats": seats, "name": "Ana"})
    tid = made["table"]["id"]
    host, watcher2 = b.socket(tid, made["token"]), a.socket(tid, None)
    time.sleep(0.5)
    assert stored(services[0], tid) == []
    host.ws.send(json.dumps({"type": "start"}))
    started = watcher2.until(lambda s: not s["table"]["waiting"] and s["n"] > 0)
    assert [s["kind"] for s in started["table"]["seats"]] == ["human", "bot", "bot", "bot"]
    # the host bids, then a bot moves, seen on the other worker; when the host deals
    # (a quarter of the games), three passes and its own may end the hand: it goes on
    bots_seen = False
    for _ in range(8):
        host.turn(0)
        n = host.play_first()
        host.until(lambda s, n=n: s["n"] > n)
        now = host.turn(0)["n"]  # after the bots' moves, if any
        seen = watcher2.until(lambda s, now=now: s["n"] >= now)["view"]["log_seats"]
        bots_seen = any(seat in (1, 2, 3) for seat in seen[n + 1 :])
        if bots_seen:
            break
    assert bots_seen, "no bot's move after the host's was seen on the other worker"
    for p in (ana, watcher, host, watcher2):
        p.close()


def test_a_worker_killed_mid_game_loses_nothing_and_its_bots_go_on(
    servers: list[Server], services: tuple[str, str]
) -> None:
    db, _ = services
    a, b = servers
    seats = [{"kind": "bot", "level": "random"}] * 4
    tables = [
        a.post("/api/tables", {"game": "texas42", "seats": seats, "bot_delay": 0.05})["table"]["id"]
        for _ in range(3)
    ]
    human = a.post(
        "/api/tables",
        {
            "game": "texas42",
            "name": "Ana",
            "seats": [{"kind": "you"}, *[{"kind": "bot"}] * 3],
            "bot_delay": 0,
        },
    )
    hid = human["table"]["id"]
    me = a.socket(hid, human["token"])
    acked = 0
    for _ in range(3):
        state = me.turn(0)  # continuing after a hand's end (four passes end one)
        if state["view"]["over"]:
            break
        n = me.play_first()
        acked = me.until(lambda s, n=n: s["n"] > n)["n"]  # the move is acknowledged
    # the other worker has made bot decisions of this game before (its bot process has
    # loaded the bots): what is timed below is the takeover, not a first import
    warm = b.post("/api/tables", {"game": "texas42", "seats": seats, "bot_delay": 0})
    deadline = time.monotonic() + 30
    while len(stored(db, warm["table"]["id"])) < 8:
        assert time.monotonic() < deadline, "the other worker's bots did not start"
        time.sleep(0.1)
    time.sleep(0.5)
    a.kill()  # the worker holding the bots' leases
    killed_at = time.monotonic()
    before = {t: len(stored(db, t)) for t in tables}  # nobody moves them now
    assert len(stored(db, hid)) >= acked  # every acknowledged move is there
    # the other worker takes the bots up once the leases (2 s) run out: polled with a
    # deadline that a busy machine meets too (a worker that never takes them up fails)
    deadline = killed_at + 60.0
    while not all(len(stored(db, t)) > before[t] or over(db, t) for t in tables):
        assert time.monotonic() < deadline, "the bots did not go on from the other worker"
        time.sleep(0.1)
    # the human reconnects, to the other worker, where the game goes on
    me = b.socket(hid, human["token"])
    assert me.state["n"] >= acked and me.state["seat"] == 0
    state = me.turn(0, timeout=60)
    if not state["view"]["over"]:
        n = me.play_first()
        assert me.until(lambda s, n=n: s["n"] > n)["n"] > n
    replayed = ludoteca.replay(
        {
            "format": "ludoteca/1",
            "game": "texas42",
            "options": state["table"]["options"],
            "players": [s["name"] for s in state["table"]["seats"]],
            "moves": [m for _, m in stored(db, hid)],
        }
    )
    assert len(replayed.moves) >= acked
    me.close()


def test_bots_run_exactly_once_across_workers(
    servers: list[Server], services: tuple[str, str]
) -> None:
    db, broker = services
    a, b = servers
    seats = [{"kind": "bot", "level": "random"}] * 2
    tables = [
        s.post("/api/tables", {"game": "cavaleiro", "seats": seats, "bot_delay": 0})["table"]["id"]
        for s in (a, b, a, b)
    ]
    watchers = [b.socket(t, None) for t in tables] + [a.socket(t, None) for t in tables]
    for w in watchers:
        w.until(lambda s: s["view"]["over"], timeout=60)
        w.close()
    time.sleep(0.5)
    bot_moves = sum(1 for t in tables for who, _ in stored(db, t) if who is not None)
    assert bot_moves > 20
    assert decisions(broker) == bot_moves


def test_serve_with_two_workers_on_one_port(services: tuple[str, str], tmp_path: Path) -> None:
    db, broker = services
    server = Server(db, broker, tmp_path / "server.log", "--workers", "2")
    try:
        seats = [{"kind": "you"}, {"kind": "bot", "level": "random"}]
        made = server.post("/api/tables", {"game": "cavaleiro", "seats": seats, "name": "Ana"})
        tid = made["table"]["id"]
        for _ in range(4):  # new connections land on either worker
            me = server.socket(tid, made["token"])
            state = me.turn(0)
            if state["view"]["over"]:
                break
            n = me.play_first()
            me.until(lambda s, n=n: s["n"] > n)
            me.close()
        assert len(stored(db, tid)) > 4
    finally:
        server.stop()


def test_rate_limits_count_a_client_on_every_worker(services: tuple[str, str]) -> None:
    """Two workers on one broker share a client's buckets: a burst of 3 creations
    allows 3 in all, whichever worker answers; without the broker each would allow 3."""
    from ludoteca.web.limits import ClientLimits

    db, broker = services
    seats = [{"kind": "you"}, {"kind": "bot", "level": "random"}]
    body = {"game": "cavaleiro", "seats": seats, "name": "Ana"}
    rules = {"create": (0.01, 3.0)}
    apps = [
        create_app(db, bot_delay=0.0, broker=broker, client_limits=ClientLimits(rules))
        for _ in range(2)
    ]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        answers = [c.post("/api/tables", json=body) for c in (a, b, a, b, b)]
    assert [r.status_code for r in answers] == [201, 201, 201, 429, 429]
    assert int(answers[3].headers["Retry-After"]) >= 1
    assert answers[3].json()["error"] == "busy"
    # the buckets were Redis's: another client address starts full
    import redis

    keys = redis.Redis.from_url(broker).keys("ludoteca:rate:create:*")
    assert len(keys) == 1


# ------------------------------------------------------------------ migrations


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'm.db'}"
    if not PG_URL:
        unavailable("LUDOTECA_TEST_POSTGRES is not set")
    engine = create_engine(normalise_database_url(PG_URL))
    with engine.begin() as conn:
        for name in ("ludoteca_moves", "ludoteca_seats", "ludoteca_tables", "alembic_version"):
            conn.execute(text(f"DROP TABLE IF EXISTS {name} CASCADE"))
    engine.dispose()
    return PG_URL


def _schema(url: str) -> dict[str, Any]:
    engine = create_engine(normalise_database_url(url))
    try:
        found = inspect(engine)
        return {
            name: (
                sorted(c["name"] for c in found.get_columns(name)),
                sorted(i["name"] for i in found.get_indexes(name)),
            )
            for name in ("ludoteca_tables", "ludoteca_seats", "ludoteca_moves")
        }
    finally:
        engine.dispose()


def test_migrations_from_an_empty_database_and_from_the_first_schema(empty_db: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    # from empty
    engine = create_engine(normalise_database_url(empty_db))
    assert migrate_schema(engine) == "r0004"
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    fresh = _schema(empty_db)
    # from the schema the app made before migrations (no alembic_version, no index
    # on updated), with a game in it
    Base.metadata.drop_all(engine)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE alembic_version"))
    Base.metadata.create_all(engine)
    engine.dispose()
    with TestClient(create_app(empty_db, bot_delay=0.0, migrate=False)) as c:
        made = c.post(
            "/api/tables",
            json={"game": "bingo", "seats": [{"kind": "you"}, {"kind": "human"}], "name": "Ana"},
        ).json()
    engine = create_engine(normalise_database_url(empty_db))
    with engine.begin() as conn:  # the first schema: no index on updated, no listed
        conn.execute(text("DROP INDEX ix_ludoteca_tables_updated"))
        conn.execute(text("ALTER TABLE ludoteca_tables DROP COLUMN listed"))
        for column in ("waiting", "host", "seen"):  # nor the columns of later revisions
            conn.execute(text(f"ALTER TABLE ludoteca_tables DROP COLUMN {column}"))
    engine.dispose()
    assert "ix_ludoteca_tables_updated" not in _schema(empty_db)["ludoteca_tables"][1]
    with TestClient(create_app(empty_db, bot_delay=0.0)) as c:  # migrates on start
        table = c.get(f"/api/tables/{made['table']['id']}").json()["table"]
        assert table["seats"][0]["name"] == "Ana"
    assert _schema(empty_db) == fresh


def test_an_undo_on_one_worker_is_seen_on_the_other(
    servers: list[Server], services: tuple[str, str]
) -> None:
    a, b = servers
    seats = [{"kind": "you"}] + [{"kind": "bot", "level": "random"}] * 3
    made = a.post("/api/tables", {"game": "texas42", "seats": seats, "name": "Ana", "bot_delay": 0})
    tid = made["table"]["id"]
    ana, watcher = a.socket(tid, made["token"]), b.socket(tid, None)
    first = ana.turn(0)
    n = first["n"]
    ana.ws.send(json.dumps({"type": "move", "move": first["view"]["legal_moves"][0], "n": n}))
    second = ana.until(lambda s: s["n"] > n and s["view"]["to_move"] == 0)
    assert second["undo"] is True
    ana.ws.send(json.dumps({"type": "undo", "n": second["n"]}))
    assert ana.until(lambda s: s["n"] == n)["view"] == first["view"]
    watcher.until(lambda s: s["n"] == n)
    assert len(stored(services[0], tid)) == n == len(watcher.state["view"]["log"])
    # the player goes on from the other worker: the game as stored, the same bots' answers
    again = b.socket(tid, made["token"])
    assert again.turn(0)["view"] == first["view"]
    again.ws.send(json.dumps({"type": "move", "move": first["view"]["legal_moves"][0], "n": n}))
    later = again.until(lambda s: s["n"] > n and s["view"]["to_move"] == 0)
    assert later["view"] == second["view"]
    for p in (ana, watcher, again):
        p.close()
