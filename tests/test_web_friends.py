"""Playing with friends: a table with seats for invited people waits for them (no
chance event drawn, no move, no bot, no roll) until the last one sits, or until
its host starts it with bots in the empty seats; stored before anyone sees it,
so a restarted server waits (or plays) the same. The lobby leaves out tables long
idle, and a browser's "My games" asks how its tables stand."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_web import Client, create, db_url, sqlite_url, stored_moves  # noqa: F401

import ludoteca
from ludoteca.bots import available_levels
from ludoteca.web.app import create_app


def _join(c: TestClient, made: dict[str, Any], seat: int, name: str) -> str:
    tid = made["table"]["id"]
    r = c.post(
        f"/api/tables/{tid}/join",
        json={"seat": seat, "invite": made["invites"][str(seat)], "name": name},
    )
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def _refused(cl: Client, message: dict[str, Any]) -> str:
    cl.ws.send_json(message)
    code: str = cl.error()["code"]
    return code


def test_a_table_waits_for_its_invited_friend(sqlite_url: str) -> None:  # noqa: F811
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        seats = [{"kind": "you"}, {"kind": "bot", "level": "random"}, {"kind": "human"}]
        seats.append({"kind": "bot", "level": "random"})
        made = create(c, "texas42", seats)
        tid = made["table"]["id"]
        assert made["table"]["waiting"] is True and made["table"]["host"] == 0
        assert stored_moves(c, tid) == []  # no deal, no first leader drawn
        with c.websocket_connect(f"/ws/{tid}") as ws:
            host = Client(ws)
            host.hello(made["token"])
            st = host.until_state()
            assert st["table"]["waiting"] and st["n"] == 0
            assert not st["view"].get("hand") and st["view"]["legal_moves"] == []
            assert _refused(host, {"type": "move", "move": "pass", "n": 0}) == "waiting"
            assert _refused(host, {"type": "continue", "n": 0}) == "waiting"
            assert _refused(host, {"type": "hint"}) == "waiting"
            time.sleep(0.3)  # the bots (pace 0) would have played by now
            assert stored_moves(c, tid) == []
            _join(c, made, 2, "Bia")
            st = host.until_state(lambda s: not s["table"]["waiting"])
            assert st["n"] > 0 and len(st["view"]["hand"]) == 7
            assert [s["name"] for s in st["table"]["seats"]][2] == "Bia"
        moves = stored_moves(c, tid)
        assert len(moves) >= st["n"] and moves[0] == st["view"]["log"][0]
        # the record is a game's record as ever: the opening chance events first
        data = c.app.state.store.load_table(tid)  # type: ignore[attr-defined]
        assert data is not None and data.waiting is False
        game = ludoteca.new_game("texas42", seed=0, chance="manual")
        assert game.next_step().kind == "chance"
        game.play(moves[0])  # the stored opening plays on a new game


def test_a_cavaleiro_table_rolls_nothing_before_the_friend_sits(
    sqlite_url: str,  # noqa: F811
) -> None:
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        made = create(c, "cavaleiro", [{"kind": "you"}, {"kind": "human"}])
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            host = Client(ws)
            host.hello(made["token"])
            host.until_state()
            assert _refused(host, {"type": "roll", "n": 0}) == "waiting"
            assert stored_moves(c, tid) == []
            _join(c, made, 1, "Bia")
            st = host.until_state(lambda s: not s["table"]["waiting"])
            assert st["awaits"] is not None and st["awaits"]["kind"] == "roll"
            nxt = host.ask({"type": "roll", "n": st["n"]}, lambda m: m["type"] == "state")
            if st["awaits"]["seat"] == 0:
                assert nxt["type"] == "state" and nxt["n"] > st["n"]


def test_the_host_starts_with_bots_in_the_empty_seats(db_url: str) -> None:  # noqa: F811
    app = create_app(db_url, bot_delay=0.0)
    seats = [{"kind": "you"}, {"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    with TestClient(app) as c:
        made = create(c, "texas42", seats)
        tid = made["table"]["id"]
        bia = _join(c, made, 1, "Bia")
        assert stored_moves(c, tid) == []  # two seats still awaited
        with (
            c.websocket_connect(f"/ws/{tid}") as ws_host,
            c.websocket_connect(f"/ws/{tid}") as ws_bia,
            c.websocket_connect(f"/ws/{tid}") as ws_watch,
        ):
            host, friend, watcher = Client(ws_host), Client(ws_bia), Client(ws_watch)
            host.hello(made["token"])
            friend.hello(bia)
            watcher.hello(None)
            for cl in (host, friend, watcher):
                assert cl.until_state()["table"]["waiting"]
            assert _refused(friend, {"type": "start"}) == "not_host"
            assert _refused(watcher, {"type": "start"}) == "spectator"
            assert stored_moves(c, tid) == []
            ws_host.send_json({"type": "start"})
            st = host.until_state(lambda s: not s["table"]["waiting"])
            level = available_levels("texas42")[-1]
            after = st["table"]["seats"]
            assert [(s["kind"], s["level"]) for s in after[2:]] == [("bot", level)] * 2
            assert after[1]["name"] == "Bia" and st["n"] > 0
            assert _refused(host, {"type": "start"}) == "not_waiting"
            friend.until_state(lambda s: not s["table"]["waiting"])
        data = c.app.state.store.load_table(tid)  # type: ignore[attr-defined]
        assert data is not None and not data.waiting
        assert [s.kind for s in data.seats] == ["human", "human", "bot", "bot"]
        r = c.post(
            f"/api/tables/{tid}/join",
            json={"seat": 2, "invite": made["invites"]["2"], "name": "Caio"},
        )
        assert r.status_code == 409 and r.json()["error"] == "seat_is_bot"


def test_a_waiting_table_waits_across_a_restart(db_url: str) -> None:  # noqa: F811
    seats = [{"kind": "you"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]
    app = create_app(db_url, bot_delay=0.0)
    with TestClient(app) as c:
        made = create(c, "fiveup", [*seats, {"kind": "human"}], options={"players": 4})
        other = create(c, "bingo", [{"kind": "you"}, {"kind": "human"}])
        tid, oid = made["table"]["id"], other["table"]["id"]
    app2 = create_app(db_url, bot_delay=0.0)
    with TestClient(app2) as c2:
        time.sleep(0.3)  # the resumed bots' tables: nothing to do while waiting
        assert stored_moves(c2, tid) == [] and stored_moves(c2, oid) == []
        with c2.websocket_connect(f"/ws/{tid}") as ws:
            host = Client(ws)
            host.hello(made["token"])
            assert host.until_state()["table"]["waiting"]
            _join(c2, made, 1, "Bia")
            assert host.until_state()["table"]["waiting"]  # seat 3 still awaited
            assert stored_moves(c2, tid) == []
            ws.send_json({"type": "start"})
            st = host.until_state(lambda s: not s["table"]["waiting"] and s["n"] > 0)
            assert st["table"]["seats"][3]["kind"] == "bot"
        _join(c2, other, 1, "Bia")
        assert stored_moves(c2, oid) != []
        started = stored_moves(c2, tid)
    app3 = create_app(db_url, bot_delay=0.0)
    with TestClient(app3) as c3:
        with c3.websocket_connect(f"/ws/{tid}") as ws:
            host = Client(ws)
            host.hello(made["token"])
            st = host.until_state()
            assert not st["table"]["waiting"] and st["n"] >= len(started) > 0
            assert st["table"]["seats"][3]["kind"] == "bot"
        assert stored_moves(c3, tid)[: len(started)] == started


def test_the_lobby_leaves_out_tables_long_idle(sqlite_url: str) -> None:  # noqa: F811
    from sqlalchemy import text

    app = create_app(sqlite_url, bot_delay=0.0, lobby_idle=3600.0)
    with TestClient(app) as c:
        # waiting tables: no bot moves them on meanwhile
        old = create(c, "bingo", [{"kind": "you"}, {"kind": "human"}])
        fresh = create(c, "bingo", [{"kind": "you"}, {"kind": "human"}])
        store = c.app.state.store  # type: ignore[attr-defined]
        with store.engine.begin() as conn:
            conn.execute(
                text("UPDATE ludoteca_tables SET updated = :t, seen = NULL WHERE id = :id"),
                {"t": time.time() - 7200, "id": old["table"]["id"]},
            )
        listed = {t["id"]: t for t in c.get("/api/tables").json()["tables"]}
        assert old["table"]["id"] not in listed and listed[fresh["table"]["id"]]["waiting"]
        # someone connected lately: listed again
        store.note_seen([old["table"]["id"]])
        listed = {t["id"] for t in c.get("/api/tables").json()["tables"]}
        assert old["table"]["id"] in listed


def test_how_a_browsers_tables_stand(sqlite_url: str) -> None:  # noqa: F811
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        made = create(c, "bingo", [{"kind": "you"}, {"kind": "human"}], private=True)
        tid = made["table"]["id"]
        r = c.post("/api/tables/status", json={"ids": [tid, "Unknown123"]})
        assert r.status_code == 200
        (only,) = r.json()["tables"]
        assert only["id"] == tid and only["waiting"] and not only["over"]
        assert only["moves"] == 0 and [s["taken"] for s in only["seats"]] == [True, False]
        assert "token" not in r.text and made["invites"]["1"] not in r.text
        for bad in ({"ids": "x"}, {"ids": ["../etc"]}, {"ids": ["a" * 10] * 101}, {}):
            r = c.post("/api/tables/status", json=bad)
            assert r.status_code == 400 and r.json()["error"] == "bad_ids"


@pytest.mark.parametrize("page", ["/mine", "/"])
def test_my_games_is_in_the_header(sqlite_url: str, page: str) -> None:  # noqa: F811
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        r = c.get(page, headers={"Accept-Language": "pt-BR"})
        assert r.status_code == 200 and '<a href="/mine"' in r.text
        assert "Meus jogos" in r.text
