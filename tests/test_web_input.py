"""Every bad input to the web app is refused cleanly: a 4xx or an ``error`` frame
that says what is wrong, nothing stored, and the server still serving.

The HTTP-level cases (headers, slow bodies, long WebSocket paths, Origin) run
against a real uvicorn server on loopback; the rest through Starlette's client.
"""

from __future__ import annotations

import collections
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import ludoteca
from ludoteca.web import api as web_api
from ludoteca.web.app import create_app
from ludoteca.web.guard import MAX_DEPTH, MAX_INT_DIGITS
from ludoteca.web.hub import ID_ALPHABET, new_table_id
from ludoteca.web.limits import ClientLimits


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        yield c


def tables_of(c: TestClient) -> list[str]:
    return [t["id"] for t in c.get("/api/tables").json()["tables"]]


def post_raw(c: TestClient, path: str, text: str) -> Any:
    return c.post(path, content=text.encode(), headers={"content-type": "application/json"})


def a_bingo_table(c: TestClient) -> dict[str, Any]:
    body = {"game": "bingo", "seats": [{"kind": "you"}, {"kind": "human"}], "name": "Ana"}
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


# --------------------------------------------------------------- options


@pytest.mark.parametrize("keyword", ["seed", "chance", "names"])
def test_engine_keywords_are_refused_as_options_by_name(client: TestClient, keyword: str) -> None:
    value = {"seed": 5, "chance": "manual", "names": ["a", "b"]}[keyword]
    seats = [{"kind": "you"}, {"kind": "human"}]
    r = client.post(
        "/api/tables",
        json={"game": "bingo", "options": {keyword: value}, "seats": seats, "name": "Ana"},
    )
    assert r.status_code == 400 and r.json()["error"] == "bad_options"
    assert keyword in r.json()["message"] and "set by the server" in r.json()["message"]
    assert tables_of(client) == []
    r = client.post("/api/seats", json={"game": "bingo", "options": {keyword: value}})
    assert r.status_code == 400 and keyword in r.json()["message"]
    game = ludoteca.new_game("bingo", seed=1)
    record = dict(game.record(), options={**game.record()["options"], keyword: value})
    r = client.post("/api/replay", json={"record": record})
    assert r.status_code == 400 and r.json()["error"] == "bad_record"
    assert keyword in r.json()["message"]


def test_unknown_options_name_the_valid_ones(client: TestClient) -> None:
    r = client.post("/api/seats", json={"game": "cavaleiro", "options": {"colour": "red"}})
    assert r.status_code == 400
    message = r.json()["message"]
    assert "colour" in message and "players" in message and "layout" in message


# ------------------------------------------------------------ odd text


def test_lone_surrogates_are_refused_in_names_on_create_and_join(client: TestClient) -> None:
    seats = [{"kind": "you"}, {"kind": "human"}]
    body = {"game": "bingo", "seats": seats, "name": "A\ud800"}
    r = post_raw(client, "/api/tables", json.dumps(body))  # written \ud800 in the JSON
    assert r.status_code == 400 and r.json()["error"] == "bad_text"
    assert tables_of(client) == []
    made = a_bingo_table(client)
    tid = made["table"]["id"]
    invite = made["invites"]["1"]
    r = post_raw(
        client,
        f"/api/tables/{tid}/join",
        json.dumps({"seat": 1, "invite": invite, "name": "B\udfff"}),
    )
    assert r.status_code == 400 and r.json()["error"] == "bad_text"
    assert client.get(f"/api/tables/{tid}").json()["table"]["seats"][1]["taken"] is False
    r = post_raw(client, "/api/seats", '{"game": "\\ud800"}')
    assert r.status_code == 400 and r.json()["error"] == "bad_text"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("[" * 5000, "too_deep"),
        ("[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2), "too_deep"),
        ('{"game": "bingo", "x": ' + "9" * 5000 + "}", "number_too_big"),
        ('{"game": "bingo", "x": -' + "9" * (MAX_INT_DIGITS + 1) + "}", "number_too_big"),
        ('{"game": NaN}', "bad_json"),
        ("\xff\xfe", "bad_json"),
    ],
)
@pytest.mark.parametrize(
    "path", ["/api/tables", "/api/seats", "/api/replay", "/api/tables/{tid}/join"]
)
def test_json_limits_on_every_body(client: TestClient, text: str, code: str, path: str) -> None:
    made = a_bingo_table(client)
    before = tables_of(client)
    r = client.post(
        path.format(tid=made["table"]["id"]),
        content=text.encode("latin-1"),
        headers={"content-type": "application/json"},
    )
    if path.endswith("join") and len(text) > 4096:  # a join's body is small
        code, status = "too_large", 413
    else:
        status = 400
    assert r.status_code == status, r.text
    assert r.json()["error"] == code and r.json()["message"]
    assert tables_of(client) == before
    assert client.get("/healthz").text == "ok"


def test_bad_socket_messages_get_an_error_frame_and_the_socket_stays(client: TestClient) -> None:
    made = a_bingo_table(client)
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_text('{"type": "hello", "token": "\\ud800"}')
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "bad_text"
        ws.send_text("[" * 1500)
        assert ws.receive_json()["code"] == "too_deep"
        ws.send_text('{"type": "ping", "n": ' + "1" * 2000 + "}")
        assert ws.receive_json()["code"] == "number_too_big"
        ws.send_json({"type": "hello", "token": made["token"]})
        assert ws.receive_json()["type"] == "welcome"
        state = ws.receive_json()
        assert state["type"] == "state"
        ws.send_text(json.dumps({"type": "move", "move": "play \ud800", "n": state["n"]}))
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "bad_text" and err["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"


def test_a_post_needs_a_json_content_type(client: TestClient) -> None:
    body = json.dumps({"game": "bingo", "seats": [{"kind": "you"}] * 2, "name": "Ana"})
    for ctype in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {"content-type": ctype} if ctype else {}
        r = client.post("/api/tables", content=body.encode(), headers=headers)
        assert r.status_code == 415 and r.json()["error"] == "need_json"
    assert tables_of(client) == []


def test_every_response_says_nosniff(client: TestClient) -> None:
    made = a_bingo_table(client)
    for path in ("/", "/api/games", f"/api/tables/{made['table']['id']}", "/static/table.js"):
        assert client.get(path).headers["x-content-type-options"] == "nosniff"
    r = client.post("/api/tables", content=b"{", headers={"content-type": "application/json"})
    assert r.headers["x-content-type-options"] == "nosniff"
    assert client.get("/api/nothing").headers["x-content-type-options"] == "nosniff"


def test_the_socket_checks_the_origin(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", allow_origins=["https://friends.example"])
    with TestClient(app, base_url="http://testserver") as c:
        tid = a_bingo_table(c)["table"]["id"]
        evil = {"origin": "http://evil.example"}
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            c.websocket_connect(f"/ws/{tid}", headers=evil),
        ):
            pass
        assert refused.value.code == 1008
        for origin in ("http://testserver", "https://friends.example"):
            with c.websocket_connect(f"/ws/{tid}", headers={"origin": origin}) as ws:
                ws.send_json({"type": "hello", "token": None})
                assert ws.receive_json()["type"] == "welcome"


def test_table_ids_are_drawn_uniformly() -> None:
    counts = collections.Counter("".join(new_table_id() for _ in range(20_000)))
    assert set(counts) == set(ID_ALPHABET)
    expected = sum(counts.values()) / len(ID_ALPHABET)
    assert all(abs(n - expected) < 0.12 * expected for n in counts.values()), counts


# ----------------------------------------------- a real server, raw bytes


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def live(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """``ludoteca serve``'s uvicorn settings on a free port, in a thread."""
    import uvicorn

    from ludoteca.web.wsproto import WEBSOCKET_PROTOCOL

    monkeypatch.setattr(web_api, "BODY_TIMEOUT", 1)
    port = free_port()
    app = create_app(
        f"sqlite:///{tmp_path / 'live.db'}",
        bot_delay=0.0,
        client_limits=ClientLimits(enabled=False),  # many clients share one address here
    )
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="error",
        ws=WEBSOCKET_PROTOCOL,
        ws_max_size=64 * 1024,
        h11_max_incomplete_event_size=16 * 1024,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield port
    server.should_exit = True
    thread.join(10)


def exchange(port: int, request: bytes, wait: float = 60.0) -> tuple[int, bytes, float]:
    """Send raw bytes; the status of the answer (0: none within ``wait`` seconds), the
    answer, seconds taken."""
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.settimeout(wait)
        s.sendall(request)
        data = b""
        try:
            while b"\r\n\r\n" not in data or len(data) < _expected_size(data):
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        except TimeoutError:
            pass
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
    return status, data, time.monotonic() - start


def _expected_size(data: bytes) -> int:
    """The length of a whole answer whose head is in ``data``."""
    head, _, _ = data.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(head) + 4 + int(value)
    return len(head) + 4


UPGRADE = (
    b"Upgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


def test_oversized_and_odd_requests_are_refused(live: int) -> None:
    host = b"Host: 127.0.0.1:%d\r\n" % live
    big = b"GET /healthz HTTP/1.1\r\n" + host + b"X-Big: " + b"a" * 100_000 + b"\r\n\r\n"
    assert exchange(live, big)[0] == 431
    many = b"".join(b"X-%d: 1\r\n" % i for i in range(2000))
    assert exchange(live, b"GET /healthz HTTP/1.1\r\n" + host + many + b"\r\n")[0] == 431
    status, answer, _ = exchange(live, b"GET /healthz HTTP/1.1\r\nHost: 127.0\x80.0.1\r\n\r\n")
    assert status == 400 and b"nosniff" in answer
    long_ws = b"GET /ws/" + b"a" * 9000 + b" HTTP/1.1\r\n" + host + UPGRADE + b"\r\n"
    assert exchange(live, long_ws)[0] == 414  # answered, not left to time out
    mid_ws = b"GET /ws/" + b"a" * 520 + b" HTTP/1.1\r\n" + host + UPGRADE + b"\r\n"
    assert exchange(live, mid_ws)[0] == 403
    foreign = b"GET /ws/abcdefgh HTTP/1.1\r\n" + host + b"Origin: http://evil.example\r\n"
    assert exchange(live, foreign + UPGRADE + b"\r\n")[0] == 403
    assert exchange(live, b"GET /healthz HTTP/1.1\r\n" + host + b"\r\n")[0] == 200


def test_a_body_that_never_arrives_is_answered_in_time(live: int) -> None:
    request = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
    )
    status, answer, took = exchange(live, request)
    # answered once the body's time (1 s here) is up, the connection not left open
    assert status == 408 and b"slow_body" in answer and took >= 0.9


# ------------------------------------------- the protocol under generated input

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
messages = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 50), st.integers(0, 1)),
    st.tuples(st.just("move"), st.text(max_size=20), st.integers(0, 1)),
    st.tuples(
        st.just("json"),
        st.fixed_dictionaries(
            {"type": st.sampled_from(["move", "hello", "hint", "lang", "dance", "rematch"])},
            optional={"move": json_values, "n": json_values, "token": json_values},
        ),
        st.integers(0, 1),
    ),
    st.tuples(st.just("text"), st.text(max_size=40), st.integers(0, 1)),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(script=st.lists(messages, min_size=1, max_size=14))
def test_stored_moves_only_grow_by_legal_moves(tmp_path_factory: Any, script: list[Any]) -> None:
    path = tmp_path_factory.mktemp("gen") / "web.db"
    app = create_app(f"sqlite:///{path}", bot_delay=0.0, message_rate=(1000.0, 1000.0))
    with TestClient(app) as c:
        made = a_bingo_table(c)
        tid = made["table"]["id"]
        other = c.post(
            f"/api/tables/{tid}/join",
            json={"seat": 1, "invite": made["invites"]["1"], "name": "Bia"},
        ).json()["token"]
        store = c.app.state.store  # type: ignore[attr-defined]
        with c.websocket_connect(f"/ws/{tid}") as w0, c.websocket_connect(f"/ws/{tid}") as w1:
            sockets = [w0, w1]
            for ws, token in zip(sockets, (made["token"], other), strict=True):
                ws.send_json({"type": "hello", "token": token})
            stored = list(store.load_table(tid).moves)
            for kind, value, who in script:
                before = ludoteca.replay(_record(store, tid))
                ws = sockets[who]
                sent_move: str | None = None
                if kind == "legal":
                    legal = before.legal_moves()
                    if before.to_move == who and legal:
                        sent_move = legal[value % len(legal)]
                    else:
                        sent_move = "pass"
                    ws.send_json({"type": "move", "move": sent_move, "n": len(before.moves)})
                elif kind == "move":
                    sent_move = value
                    ws.send_json({"type": "move", "move": value})
                elif kind == "json":
                    ws.send_json(value)
                    sent_move = value.get("move") if value["type"] == "move" else None
                else:
                    ws.send_text(value)
                ws.send_json({"type": "ping"})
                while ws.receive_json()["type"] != "pong":
                    pass
                after = list(store.load_table(tid).moves)
                assert after[: len(stored)] == stored  # nothing stored is ever changed
                grown = after[len(stored) :]
                if grown:
                    # the first new move is the decision just sent, legal for its seat
                    assert isinstance(sent_move, str) and before.to_move == who
                    trial = before.copy()
                    trial.play(sent_move)
                    assert grown[0] == trial.moves[len(stored)]
                    ludoteca.replay(_record(store, tid))  # every stored move replays
                stored = after


def _record(store: Any, tid: str) -> dict[str, Any]:
    data = store.load_table(tid)
    return {
        "format": ludoteca.RECORD_FORMAT,
        "game": data.game,
        "options": data.options,
        "players": [s.name for s in data.seats],
        "moves": data.moves,
    }
