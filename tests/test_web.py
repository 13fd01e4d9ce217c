"""The web app at the HTTP and WebSocket level (no browser).

Every test runs on SQLite; those taking ``db_url`` also run on PostgreSQL when
``LUDOTECA_TEST_POSTGRES`` holds a database URL (CI sets it).
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient
from web_helpers import (
    Truth,
    apply_delta,
    check_frame,
    hidden_from,
    movers,
    owes,
    tiles_in,
    unavailable,
)

import ludoteca
from ludoteca.bots import RankedMove, available_levels
from ludoteca.web.app import create_app
from ludoteca.web.store import Store, normalise_database_url

PG_URL = os.environ.get("LUDOTECA_TEST_POSTGRES")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'web.db'}"
    if not PG_URL:
        unavailable("LUDOTECA_TEST_POSTGRES is not set")
    store = Store(PG_URL)
    store.drop_everything()
    store.close()
    return PG_URL


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


def fake_hint(game: ludoteca.Game, seat: int) -> list[RankedMove]:
    moves = game.legal_moves()
    return [RankedMove(m, 1.0 / (i + 1), f"choice {i + 1}") for i, m in enumerate(moves)]


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    app = create_app(sqlite_url, bot_delay=0.0, hint=fake_hint)
    with TestClient(app) as c:
        yield c


def create(c: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats, "name": "Ana", "bot_delay": 0, **extra}
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def stored_moves(c: TestClient, table_id: str) -> list[str]:
    data = c.app.state.store.load_table(table_id)  # type: ignore[attr-defined]
    assert data is not None
    return list(data.moves)


RECEIVE_SECONDS = 60.0
"""How long :meth:`Client.receive` waits for the server's next message."""


async def _next_message(ws: Any) -> Any:
    # the test client's own receive() has no deadline; its queue is safe to cancel
    with anyio.fail_after(RECEIVE_SECONDS):
        return await ws._send_rx.receive()


class Client:
    """One WebSocket of a table, keeping the last state it received."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.state: dict[str, Any] | None = None
        self.frames: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.other: list[dict[str, Any]] = []
        self.deltas = 0

    def receive(self) -> dict[str, Any]:
        """The server's next message; a test fails on its own after
        :data:`RECEIVE_SECONDS` without one (the suite's timeout would stop every test)."""
        try:
            message = self.ws.portal.call(_next_message, self.ws)
        except TimeoutError:
            raise AssertionError(f"no message from the server in {RECEIVE_SECONDS:g} s") from None
        self.ws._raise_on_close(message)
        msg: dict[str, Any] = json.loads(message["text"])
        if msg["type"] == "delta":
            assert self.state is not None, "a delta before any state"
            self.deltas += 1
            msg = apply_delta(self.state, msg)
        if msg["type"] == "state":
            self.state = msg
            self.frames.append(msg)
        elif msg["type"] == "error":
            self.errors.append(msg)
        else:
            self.other.append(msg)
        return msg

    def hello(self, token: str | None = None, lang: str = "en") -> dict[str, Any]:
        self.ws.send_json({"type": "hello", "token": token, "lang": lang})
        welcome = self.receive()
        assert welcome["type"] == "welcome"
        return welcome

    def until(self, pred: Any, limit: int = 5000) -> dict[str, Any]:
        for _ in range(limit):
            msg = self.receive()
            if pred(msg):
                return msg
        raise AssertionError("the expected message never came")

    def until_state(self, pred: Any = lambda s: True) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "state" and pred(m))

    def turn(self, seat: int) -> dict[str, Any]:
        """The state where ``seat`` is to move (the current one if it is); on the
        way, ``seat`` continues after each hand's end and rolls its own dice."""

        def stop(s: dict[str, Any]) -> bool:
            return s["view"]["to_move"] == seat or s["view"]["over"] or owes(s, seat) is not None

        while True:
            st = self.state if self.state is not None and stop(self.state) else None
            if st is None:
                st = self.until_state(stop)
            kind = owes(st, seat)
            if kind is None:
                return st
            self.ask(
                {"type": kind, "n": st["n"]},
                lambda m, n=st["n"]: m["type"] == "state" and m["n"] > n,
            )

    def play_first_moves(self, seat: int, times: int) -> None:
        """``seat`` plays its first legal move on each of its next ``times`` turns."""
        for _ in range(times):
            st = self.turn(seat)
            self.play(st["view"]["legal_moves"][0], st["n"])

    def error(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "error")

    def ask(self, message: dict[str, Any], pred: Any) -> dict[str, Any]:
        """Send ``message``; the first answer matching ``pred``, or a refusal.

        A message refused by the rate limit is sent again a little later.
        """
        for _ in range(50):
            self.ws.send_json(message)
            msg = self.until(lambda m: pred(m) or m["type"] == "error")
            if msg["type"] == "error" and msg["code"] == "rate_limited":
                time.sleep(0.3)
                continue
            return msg
        raise AssertionError(f"{message} was never answered")

    def play(self, move: str, n: int) -> dict[str, Any]:
        """Play a move made on the state numbered ``n``; the next state or a refusal."""
        return self.ask(
            {"type": "move", "move": move, "n": n},
            lambda m: m["type"] == "state" and m["n"] > n,
        )


# ------------------------------------------------------------------- storage


def test_database_urls() -> None:
    assert normalise_database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_database_url("sqlite:////tmp/x.db") == "sqlite:////tmp/x.db"
    with pytest.raises(ValueError, match="not supported"):
        normalise_database_url("mysql://u@h/db")


def test_default_database_is_sqlite_in_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from ludoteca.web.store import default_database_url

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_database_url()
    assert url == f"sqlite:///{tmp_path / 'ludoteca' / 'ludoteca.db'}"
    assert (tmp_path / "ludoteca").is_dir()


def test_serve_command_is_wired() -> None:
    from ludoteca.cli import build_parser

    args = build_parser().parse_args(["serve", "--port", "8123", "--db", "sqlite:///x.db"])
    assert (args.host, args.port, args.db, args.bot_delay) == (
        "127.0.0.1",
        8123,
        "sqlite:///x.db",
        1.0,
    )


# ------------------------------------------------------------------ lobby API


def test_a_group_commit_stores_every_table_or_none(db_url: str) -> None:
    """One transaction for many tables' moves: all stored, with who made each and
    whether the game is over; a batch holding a move number already stored is
    refused as a whole (``MoveTaken``), nothing of it written."""
    from ludoteca.web.store import Append, MoveTaken, SeatData, TableData

    store = Store(db_url)
    try:
        seats = [SeatData(i, "bot", "greedy", f"Bot {i}", None, None) for i in range(2)]
        for t in ("ta", "tb"):
            store.create_table(
                TableData(
                    id=t, game="bingo", options={}, seed=1, bot_delay=0.0, over=False, seats=seats
                )
            )
        store.commit_batch(
            [
                Append("ta", 0, ((None, "deal x"), (1, "play 6-6")), False),
                Append("tb", 0, ((0, "close"),), True),
            ]
        )
        with pytest.raises(MoveTaken):
            store.commit_batch(
                [Append("tb", 1, ((1, "play 1-1"),), False), Append("ta", 1, ((0, "c"),), False)]
            )
        ta, tb = store.load_table("ta"), store.load_table("tb")
        assert ta is not None and tb is not None
        assert (ta.moves, ta.move_seats) == (["deal x", "play 6-6"], [None, 1])
        assert (tb.moves, tb.move_seats) == (["close"], [0])
        assert tb.over and not ta.over
    finally:
        store.close()


def test_the_writer_commits_what_waits_together_and_tells_people_first(
    sqlite_url: str,
) -> None:
    """Appends queued while a write is under way go into one commit; once it is
    done, the urgent (people's moves) are told before the others."""
    import asyncio
    import threading

    from ludoteca.web.store import SeatData, TableData
    from ludoteca.web.writer import Writer

    store = Store(sqlite_url)
    seats = [SeatData(i, "bot", "greedy", f"Bot {i}", None, None) for i in range(2)]
    ids = [f"t{i}" for i in range(5)]
    for t in ids:
        store.create_table(
            TableData(
                id=t, game="bingo", options={}, seed=1, bot_delay=0.0, over=False, seats=seats
            )
        )
    writer = Writer(store)
    gate = threading.Event()
    told: list[str] = []

    writing = threading.Event()

    def blocked() -> None:
        writing.set()
        gate.wait(60)

    async def scenario() -> None:
        blocker = asyncio.create_task(writer.call(blocked))
        assert await asyncio.to_thread(writing.wait, 60)  # the writer's thread is held

        async def append(table_id: str, urgent: bool) -> None:
            await writer.append(table_id, 0, [(0, "close")], over=False, urgent=urgent)
            told.append(table_id)

        tasks = [asyncio.create_task(append(t, t == "t3")) for t in ids]
        await asyncio.sleep(0)  # each task queues its append before this one goes on
        gate.set()
        await asyncio.gather(blocker, *tasks)

    try:
        batches = writer.batches
        asyncio.run(scenario())
        assert writer.batches == batches + 1  # one commit for the five tables
        assert told[0] == "t3" and sorted(told) == ids
        assert all(store.load_table(t).moves == ["close"] for t in ids)  # type: ignore[union-attr]
    finally:
        writer.close()
        store.close()


def test_games_list_the_built_engines(client: TestClient) -> None:
    data = client.get("/api/games").json()
    names = [g["name"] for g in data["games"]]
    assert names == list(ludoteca.GAMES)
    built = {g["name"] for g in data["games"] if g["available"]}
    assert built == set(ludoteca.available_games())
    texas = next(g for g in data["games"] if g["name"] == "texas42")
    assert texas["seats"] == 4 and texas["sides"] == [[0, 2], [1, 3]]
    assert "random" in texas["levels"]
    assert {o["name"] for o in texas["options"]} >= {"scoring", "nello"}


def test_seat_count_follows_the_options(client: TestClient) -> None:
    r = client.post("/api/seats", json={"game": "cavaleiro", "options": {"players": 5}})
    assert r.json()["seats"] == 5
    r = client.post("/api/seats", json={"game": "cavaleiro", "options": {"players": 99}})
    assert r.status_code == 400 and "players" in r.json()["message"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess", "seats": []}, "unknown_game"),
        ({"game": "texas42", "seats": [{"kind": "you"}]}, "bad_seats"),
        ({"game": "texas42", "options": {"colour": 1}, "seats": []}, "bad_options"),
        ({"game": "texas42", "options": [1], "seats": []}, "bad_options"),
        ({"game": "texas42", "seats": [{"kind": "you"}] * 4}, "one_seat_each"),
        ({"game": "texas42", "seats": [{"kind": "alien"}] * 4}, "bad_seats"),
        ({"game": "texas42", "seats": [{"kind": "bot", "level": "god"}] * 4}, "bad_level"),
        ({"game": "texas42", "seats": [{"kind": "bot"}] * 4, "bot_delay": -1}, "bad_delay"),
        ({"game": "texas42", "seats": [{"kind": "you"}, *[{"kind": "bot"}] * 3]}, "bad_name"),
        ({"game": "bingo", "seats": [{"kind": "bot"}] * 2, "private": "yes"}, "bad_private"),
    ],
)
def test_bad_tables_are_refused_with_reasons(
    client: TestClient, body: dict[str, Any], code: str
) -> None:
    before = client.get("/api/tables").json()["tables"]
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400
    assert r.json()["error"] == code
    assert r.json()["message"] and r.json()["message"] != code
    assert client.get("/api/tables").json()["tables"] == before


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    r = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    r = client.post(
        "/api/tables", content=b"x" * 70_000, headers={"content-type": "application/json"}
    )
    assert r.status_code == 413 and r.json()["error"] == "too_large"


def test_create_join_and_invitations(client: TestClient) -> None:
    made = create(client, "bingo", [{"kind": "you"}, {"kind": "human"}])
    tid = made["table"]["id"]
    assert made["seat"] == 0 and len(made["token"]) >= 32
    invite = made["invites"]["1"]
    seats = client.get(f"/api/tables/{tid}").json()["table"]["seats"]
    assert [s["taken"] for s in seats] == [True, False]
    assert "token" not in json.dumps(seats) and invite not in json.dumps(seats)

    def join(seat: Any, inv: Any, name: Any = "Bia") -> Any:
        return client.post(
            f"/api/tables/{tid}/join", json={"seat": seat, "invite": inv, "name": name}
        )

    assert join(1, "wrong").status_code == 403
    assert join(0, invite).status_code == 409  # taken by the creator
    assert join(5, invite).json()["error"] == "bad_seat"
    assert join(1, invite, "").json()["error"] == "bad_name"
    assert join(1, invite, "<script>").json()["error"] == "bad_name"
    r = join(1, invite)
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert join(1, invite, "Caio").status_code == 409
    seats = client.get(f"/api/tables/{tid}").json()["table"]["seats"]
    assert [s["name"] for s in seats] == ["Ana", "Bia"]
    bots = create(client, "texas42", [{"kind": "you"}, *[{"kind": "bot"}] * 3])
    r = client.post(
        f"/api/tables/{bots['table']['id']}/join", json={"seat": 1, "invite": "x", "name": "Bia"}
    )
    assert r.status_code == 409 and r.json()["error"] == "seat_is_bot"


def test_friendly_not_found_pages(client: TestClient) -> None:
    r = client.get("/t/doesnotexist")
    assert r.status_code == 404
    assert "There is no table at this address" in r.text and 'href="/"' in r.text
    r = client.get("/t/doesnotexist", headers={"accept-language": "pt-BR"})
    assert "Não há mesa com este endereço" in r.text
    r = client.get("/no/such/page")
    assert r.status_code == 404 and "does not exist" in r.text
    r = client.get("/api/tables/doesnotexist")
    assert r.status_code == 404 and r.json()["error"] == "no_table"
    assert client.get("/rules/chess").status_code == 404


def test_pages_and_languages(client: TestClient) -> None:
    r = client.get("/", headers={"accept-language": "pt-BR,pt;q=0.9"})
    assert r.status_code == 200 and 'lang="pt-BR"' in r.text and "Salão" in r.text
    r = client.get("/", headers={"accept-language": "en-US"})
    assert 'lang="en"' in r.text and "Lobby" in r.text
    client.cookies.set("lang", "pt")
    r = client.get("/", headers={"accept-language": "en-US"})
    assert 'lang="pt-BR"' in r.text
    client.cookies.clear()
    for game in ludoteca.GAMES:
        for lang in ("pt", "en"):
            r = client.get(f"/rules/{game}?lang={lang}")
            assert r.status_code == 200 and "<h1>" in r.text
    assert client.get("/replay").status_code == 200
    assert "Content-Security-Policy" in client.get("/").headers


def test_each_page_loads_its_languages_messages(client: TestClient) -> None:
    page = client.get("/", headers={"accept-language": "pt-BR"}).text
    src = re.search(r'<script src="(/i18n/pt\.js\?v=\w+)" defer></script>', page)
    assert src and page.index(src.group(1)) < page.index("/static/common.js")
    r = client.get(src.group(1))
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert '"Create the table": "Criar a mesa"' in r.text
    assert '"Create the table": "Create the table"' in client.get("/i18n/en.js").text
    assert client.get("/i18n/fr.js").status_code == 404


# ------------------------------------------------------------------ the socket


def test_seat_and_spectator_views(client: TestClient) -> None:
    made = create(client, "texas42", [{"kind": "you"}, *[{"kind": "bot", "level": "random"}] * 3])
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws, client.websocket_connect(f"/ws/{tid}") as wv:
        me, spec = Client(ws), Client(wv)
        assert me.hello(made["token"])["seat"] == 0
        assert spec.hello(None)["seat"] is None
        state = me.until_state(lambda s: s["view"]["to_move"] == 0 or s["view"]["over"])
        assert len(state["view"]["hand"]) == 7
        watched = spec.until_state(lambda s: s["n"] == state["n"])
        assert watched["view"]["hand"] == [] and watched["view"]["legal_moves"] == []
        assert not tiles_in(watched["view"]["log"][-1:]) & set(state["view"]["hand"])


def test_a_wait_for_a_message_that_never_comes_fails_on_its_own(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(client, "texas42", [{"kind": "you"}, *[{"kind": "bot", "level": "random"}] * 3])
    with client.websocket_connect(f"/ws/{made['table']['id']}") as ws:
        me = Client(ws)
        me.hello(made["token"])
        me.turn(0)  # the bots wait for the person: nothing more comes
        monkeypatch.setattr(sys.modules[__name__], "RECEIVE_SECONDS", 0.3)
        start = time.monotonic()
        with pytest.raises(AssertionError, match=re.escape("no message from the server in 0.3 s")):
            me.receive()
        assert time.monotonic() - start < 5


def test_refusals_change_nothing(client: TestClient) -> None:
    made = create(client, "bingo", [{"kind": "you"}, {"kind": "human"}])
    tid = made["table"]["id"]
    token = made["token"]
    invite = made["invites"]["1"]
    other = client.post(
        f"/api/tables/{tid}/join", json={"seat": 1, "invite": invite, "name": "Bia"}
    ).json()["token"]
    with client.websocket_connect(f"/ws/{tid}") as w0, client.websocket_connect(f"/ws/{tid}") as w1:
        a, b = Client(w0), Client(w1)
        a.hello(token)
        b.hello(other)
        state = a.until_state()
        b.until_state(lambda s: s["n"] == state["n"])
        mover = state["view"]["to_move"]
        player, waiting = (a, b) if mover == 0 else (b, a)
        before = stored_moves(client, tid)
        n = state["n"]
        hand = (player.state or {})["view"]["hand"]

        def refused(client_: Client, message: Any, code: str) -> dict[str, Any]:
            if isinstance(message, str | bytes):
                if isinstance(message, bytes):
                    client_.ws.send_bytes(message)
                else:
                    client_.ws.send_text(message)
            else:
                client_.ws.send_json(message)
            err = client_.error()
            assert err["code"] == code, err
            assert err["message"]
            return err

        refused(player, "{nope", "bad_json")
        refused(player, b"\x00\x01", "bad_json")
        refused(player, "[1, 2]", "bad_message")
        refused(player, {"type": "dance"}, "bad_message")
        refused(player, {"type": "move", "move": "x" * 3000}, "too_large")
        refused(player, {"type": "move", "move": 42}, "bad_move_text")
        refused(player, {"type": "move", "move": "play " + hand[0], "n": n - 1}, "stale")
        refused(waiting, {"type": "move", "move": "play 0-0"}, "not_your_turn")
        theirs = sorted({"6-6", "0-0", "5-5", "6-5"} - set(hand))[0]
        err = refused(player, {"type": "move", "move": f"play {theirs}"}, "illegal")
        assert theirs in err["message"] and "is not in your hand" in err["message"]
        err = refused(player, {"type": "move", "move": "fly away"}, "illegal")
        assert "Bingo moves" in err["message"] or "not a move" in err["message"]
        assert stored_moves(client, tid) == before
        # the same move is accepted afterwards
        move = (player.state or {})["view"]["legal_moves"][0]
        player.ws.send_json({"type": "move", "move": move, "n": n})
        after = player.until_state(lambda s: s["n"] > n)
        stored = stored_moves(client, tid)
        assert stored[: len(before)] == before and len(stored) == after["n"]


def test_wrong_token_and_spectator_moves(client: TestClient) -> None:
    made = create(client, "texas42", [{"kind": "you"}, *[{"kind": "bot", "level": "random"}] * 3])
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        c = Client(ws)
        assert c.hello("not-a-real-token")["seat"] is None
        assert c.error()["code"] == "wrong_token"
        before = stored_moves(client, tid)
        c.ws.send_json({"type": "move", "move": "pass"})
        assert c.error()["code"] == "spectator"
        c.ws.send_json({"type": "hint"})
        assert c.error()["code"] == "spectator"
        assert stored_moves(client, tid)[: len(before)] == before
    with client.websocket_connect("/ws/nosuchtable") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "no_table"


def test_messages_before_hello_are_refused(client: TestClient) -> None:
    made = create(client, "cavaleiro", [{"kind": "you"}, {"kind": "bot", "level": "random"}])
    with client.websocket_connect(f"/ws/{made['table']['id']}") as ws:
        ws.send_json({"type": "move", "move": "pass"})
        assert ws.receive_json()["code"] == "hello_first"


def test_rate_limit_per_connection(client: TestClient) -> None:
    made = create(client, "cavaleiro", [{"kind": "you"}, {"kind": "bot", "level": "random"}])
    with client.websocket_connect(f"/ws/{made['table']['id']}") as ws:
        c = Client(ws)
        c.hello(made["token"])
        for _ in range(40):
            ws.send_json({"type": "ping"})
        err = c.until(lambda m: m["type"] == "error")
        assert err["code"] == "rate_limited"
        pongs = sum(1 for m in c.other if m["type"] == "pong")
        assert pongs <= 25


def test_hints_on_request(client: TestClient) -> None:
    made = create(client, "texas42", [{"kind": "you"}, *[{"kind": "bot", "level": "random"}] * 3])
    with client.websocket_connect(f"/ws/{made['table']['id']}") as ws:
        c = Client(ws)
        c.hello(made["token"], lang="pt")
        state = c.until_state(lambda s: s["view"]["to_move"] == 0)
        assert state["hints"] is True
        ws.send_json({"type": "hint"})
        hint = c.until(lambda m: m["type"] == "hint")
        assert [m["move"] for m in hint["moves"]] == state["view"]["legal_moves"]
        assert hint["moves"][0]["label"]  # said in words
        assert all(m["why"].endswith(".") for m in hint["moves"])  # why, in one sentence


def test_reconnect_rejoins_the_seat(client: TestClient) -> None:
    made = create(client, "texas42", [{"kind": "you"}, *[{"kind": "bot", "level": "random"}] * 3])
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        c = Client(ws)
        c.hello(made["token"])
        state = c.until_state(lambda s: s["view"]["to_move"] == 0)
        ws.send_json({"type": "move", "move": state["view"]["legal_moves"][-1], "n": state["n"]})
        played = c.until_state(lambda s: s["n"] > state["n"])
    with client.websocket_connect(f"/ws/{tid}") as ws:
        c = Client(ws)
        assert c.hello(made["token"])["seat"] == 0
        again = c.until_state()
        assert again["seat"] == 0 and again["n"] >= played["n"]
        assert again["view"]["log"][: played["n"]] == played["view"]["log"]


def test_record_download_only_when_over(client: TestClient) -> None:
    made = create(client, "cavaleiro", [{"kind": "bot", "level": "random"}] * 2)
    tid = made["table"]["id"]
    r = client.get(f"/api/tables/{tid}/record")
    if r.status_code == 409:
        assert r.json()["error"] == "record_not_over"
    with client.websocket_connect(f"/ws/{tid}") as ws:
        c = Client(ws)
        c.hello(None)
        c.until_state(lambda s: s["view"]["over"])
    r = client.get(f"/api/tables/{tid}/record")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    record = r.json()
    game = ludoteca.replay(record)
    assert game.is_over and game.moves == stored_moves(client, tid)


def test_replay_api_steps_through_a_record(client: TestClient) -> None:
    game = ludoteca.new_game("bingo", seed=5, names=["Ana", "Bia"])
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    record = game.record()
    r = client.post("/api/replay", json={"record": record, "step": 3})
    data = r.json()
    assert data["step"] == 3 and data["count"] == len(record["moves"])
    partial = ludoteca.replay(dict(record, moves=record["moves"][:3]))
    assert data["view"]["hands"] == [partial.view(0)["hand"], partial.view(1)["hand"]]
    end = client.post("/api/replay", json={"record": record}).json()
    assert end["step"] == end["count"] and end["result"]["winner"] == game.result()["winner"]
    bad = dict(record, moves=[*record["moves"][:4], "play 9-9"])
    r = client.post("/api/replay", json={"record": bad, "step": 1})
    assert r.status_code == 400 and "move 5" in r.json()["message"]
    r = client.post("/api/replay", json={"record": {"format": "other"}})
    assert r.status_code == 400 and r.json()["error"] == "bad_record"


def test_a_private_table_is_not_listed(client: TestClient) -> None:
    bots = [{"kind": "bot", "level": "random"}] * 2
    hidden = create(client, "bingo", [{"kind": "you"}, {"kind": "human"}], private=True)
    shown = create(client, "bingo", bots, private=False)
    listed = {t["id"] for t in client.get("/api/tables").json()["tables"]}
    assert shown["table"]["id"] in listed and hidden["table"]["id"] not in listed
    # its links still lead to it
    tid = hidden["table"]["id"]
    assert client.get(f"/api/tables/{tid}").json()["table"]["id"] == tid
    assert client.get(f"/t/{tid}").status_code == 200
    stored = client.app.state.store.load_table(tid)  # type: ignore[attr-defined]
    assert stored is not None and stored.listed is False


def test_rematch_keeps_the_seats(client: TestClient) -> None:
    made = create(client, "cavaleiro", [{"kind": "you"}, {"kind": "bot", "level": "random"}])
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        c = Client(ws)
        c.hello(made["token"])
        c.ws.send_json({"type": "rematch"})
        assert c.error()["code"] == "not_over"
        while True:
            s = c.turn(0)
            if s["view"]["over"]:
                break
            c.play(s["view"]["legal_moves"][0], s["n"])
        new_id = c.ask({"type": "rematch"}, lambda m: m["type"] == "rematch")["table"]
    assert new_id != tid
    with client.websocket_connect(f"/ws/{new_id}") as ws:
        c = Client(ws)
        assert c.hello(made["token"])["seat"] == 0
        state = c.until_state()
        assert not state["view"]["over"] and state["table"]["rematch_of"] == tid


# ------------------------------------------------------- hidden tiles, frames


def play_through(
    c: TestClient,
    tid: str,
    tokens: dict[int, str],
    *,
    spectators: int = 1,
    seed: int = 0,
    max_moves: int = 3000,
) -> list[Client]:
    """Play the table to its end by random legal moves of its human seats; every
    frame of every connection is kept."""
    rng = random.Random(seed)
    conns: list[Client] = []
    contexts = []
    for seat in sorted(tokens):
        cm = c.websocket_connect(f"/ws/{tid}")
        contexts.append(cm)
        cl = Client(cm.__enter__())
        cl.hello(tokens[seat])
        conns.append(cl)
    for _ in range(spectators):
        cm = c.websocket_connect(f"/ws/{tid}")
        contexts.append(cm)
        cl = Client(cm.__enter__())
        cl.hello(None)
        conns.append(cl)
    try:
        for cl in conns:
            cl.until_state()
        by_seat = {(cl.state or {})["seat"]: cl for cl in conns}
        for _ in range(max_moves):
            latest = max((cl.state for cl in conns if cl.state), key=lambda s: s["n"])
            if latest["view"]["over"]:
                break
            mover = latest["view"]["to_move"]
            n = latest["n"]
            awaits = latest.get("awaits") or {}
            kind = awaits.get("kind")
            if kind == "continue" or (kind == "roll" and awaits["seat"] in tokens):
                # a hand's end (any person continues) or a person's own roll
                seat = awaits["seat"] if kind == "roll" else rng.choice(sorted(tokens))
                player = by_seat[seat]
                if (player.state or {})["n"] < n:
                    player.until_state(lambda s, n=n: s["n"] >= n)
                player.ask(
                    {"type": kind, "n": n}, lambda m, n=n: m["type"] == "state" and m["n"] > n
                )
            elif mover in tokens:
                player = by_seat[mover]
                if (player.state or {})["n"] < n:
                    player.until_state(lambda s, n=n: s["n"] >= n)
                view = (player.state or {})["view"]
                if view["to_move"] == mover and not view["over"]:
                    move = rng.choice(view["legal_moves"])
                    answer = player.play(move, (player.state or {})["n"])
                    assert answer["type"] == "state", answer
            else:
                # a bot is to move: wait for its move to arrive
                conns[0].until_state(lambda s, n=n: s["n"] > n)
        final = max((cl.state for cl in conns if cl.state), key=lambda s: s["n"])
        assert final["view"]["over"], "the game did not end"
        for cl in conns:
            if not (cl.state or {})["view"]["over"]:
                cl.until_state(lambda s: s["view"]["over"])
    finally:
        for cm in contexts:
            cm.__exit__(None, None, None)
    return conns


def assert_no_leaks(c: TestClient, tid: str, conns: list[Client]) -> int:
    data = c.app.state.store.load_table(tid)  # type: ignore[attr-defined]
    record = {
        "format": "ludoteca/1",
        "game": data.game,
        "options": data.options,
        "players": [s.name for s in data.seats],
        "moves": data.moves,
    }
    checked = 0
    for cl in conns:
        truth = Truth(record)
        for frame in cl.frames:
            game = truth.at(frame["n"])
            decisions = [i for i, who in enumerate(movers(frame)) if who is not None]
            assert all(frame["view"]["log"][i] == data.moves[i] for i in decisions)
            check_frame(frame, game)
            checked += 1
    return checked


def test_two_humans_and_a_spectator_play_bingo_without_leaks(db_url: str) -> None:
    app = create_app(db_url, bot_delay=0.0)
    with TestClient(app) as c:
        made = create(c, "bingo", [{"kind": "you"}, {"kind": "human"}])
        tid = made["table"]["id"]
        other = c.post(
            f"/api/tables/{tid}/join",
            json={"seat": 1, "invite": made["invites"]["1"], "name": "Bia"},
        ).json()["token"]
        conns = play_through(c, tid, {0: made["token"], 1: other}, seed=3)
        checked = assert_no_leaks(c, tid, conns)
        # the deal is the server's (a random seed), so the match's length varies; even
        # the shortest match (two hands) has a dozen decisions, each sent to everyone
        assert checked >= 30 and all(len(cl.frames) >= 10 for cl in conns)
        seats_seen = {f["seat"] for cl in conns for f in cl.frames}
        assert seats_seen == {0, 1, None}


@pytest.mark.parametrize("game", sorted(set(ludoteca.available_games()) - {"bingo"}))
def test_a_human_against_bots_sees_only_its_own_tiles(sqlite_url: str, game: str) -> None:
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        n = ludoteca.new_game(game, seed=0).num_seats
        seats = [{"kind": "you"}, *[{"kind": "bot", "level": "random"}] * (n - 1)]
        options = {"target": 31} if game == "fiveup" else {}  # a shorter game
        made = create(c, game, seats, options=options)
        tid = made["table"]["id"]
        conns = play_through(c, tid, {0: made["token"]}, seed=11)
        assert assert_no_leaks(c, tid, conns) > 20


def test_hidden_tile_check_catches_a_leak() -> None:
    game = ludoteca.new_game("texas42", seed=4)
    other_hand = game.view(1)["hand"]
    assert set(other_hand) <= hidden_from(game, 0)
    frame = {
        "type": "state",
        "seat": 0,
        "n": len(game.moves),
        "view": dict(game.view(0), hand_sizes=other_hand),
        "log_seats": [None] * len(game.moves),
        "labels": {},
    }
    with pytest.raises(AssertionError, match="hidden tiles"):
        check_frame(frame, game)
    frame["view"] = dict(game.view(0), log=game.moves)
    with pytest.raises(AssertionError, match="sees hand"):
        check_frame(frame, game)


# ------------------------------------------------------------- nothing lost


def test_a_restarted_server_resumes_every_game(db_url: str) -> None:
    app = create_app(db_url, bot_delay=0.0)
    with TestClient(app) as c:
        bots_only = create(c, "texas42", [{"kind": "bot", "level": "random"}] * 4, bot_delay=0.05)
        human = create(
            c, "bingo", [{"kind": "you"}, {"kind": "bot", "level": "random"}], bot_delay=0
        )
        with c.websocket_connect(f"/ws/{human['table']['id']}") as ws:
            cl = Client(ws)
            cl.hello(human["token"])
            cl.play_first_moves(0, 3)
            before_human = cl.state
        with c.websocket_connect(f"/ws/{bots_only['table']['id']}") as ws:
            cl = Client(ws)
            cl.hello(None)
            cl.until_state(lambda s: s["n"] >= 12)
        before_bots = stored_moves(c, bots_only["table"]["id"])
        stored_human = stored_moves(c, human["table"]["id"])
    assert before_human is not None and len(stored_human) >= before_human["n"]
    # a new server on the same database
    app2 = create_app(db_url, bot_delay=0.0)
    with TestClient(app2) as c2:
        with c2.websocket_connect(f"/ws/{human['table']['id']}") as ws:
            cl = Client(ws)
            assert cl.hello(human["token"])["seat"] == 0
            s = cl.until_state()
            assert s["n"] == len(stored_human)
            assert (
                s["view"]["hand"]
                == ludoteca.replay(
                    {
                        "format": "ludoteca/1",
                        "game": "bingo",
                        "options": s["table"]["options"],
                        "players": ["Ana", "Bot 2 (random)"],
                        "moves": stored_human,
                    }
                ).view(0)["hand"]
            )
            s = cl.turn(0)
            assert cl.play(s["view"]["legal_moves"][0], s["n"])["type"] == "state"
        with c2.websocket_connect(f"/ws/{bots_only['table']['id']}") as ws:
            cl = Client(ws)
            cl.hello(None)
            s = cl.until_state(lambda s: s["n"] > len(before_bots) + 3)
            for i, e in enumerate(before_bots):
                if movers(s)[i] is not None:
                    assert s["view"]["log"][i] == e
        after = stored_moves(c2, bots_only["table"]["id"])
        assert after[: len(before_bots)] == before_bots
        assert len(after) > len(before_bots)


def test_hints_from_the_expert(sqlite_url: str) -> None:
    if not hasattr(ludoteca, "hint"):
        pytest.skip("ludoteca.hint is not built")
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        made = create(c, "cavaleiro", [{"kind": "you"}, {"kind": "bot", "level": "random"}])
        with c.websocket_connect(f"/ws/{made['table']['id']}") as ws:
            cl = Client(ws)
            cl.hello(made["token"], lang="pt")
            state = cl.turn(0)
            assert state["hints"] is True
            hint = cl.ask({"type": "hint"}, lambda m: m["type"] == "hint")
            assert hint["type"] == "hint", hint
            moves = [m["move"] for m in hint["moves"]]
            assert sorted(moves) == sorted(state["view"]["legal_moves"])
            assert all(m["reason"] and m["label"] for m in hint["moves"])
        fiveup = create(c, "fiveup", [{"kind": "you"}, {"kind": "bot", "level": "random"}])
        with c.websocket_connect(f"/ws/{fiveup['table']['id']}") as ws:
            cl = Client(ws)
            cl.hello(fiveup["token"])
            if "expert" not in available_levels("fiveup"):
                assert cl.until_state()["hints"] is False


def test_a_move_the_database_refuses_changes_nothing(client: TestClient) -> None:
    made = create(client, "cavaleiro", [{"kind": "you"}, {"kind": "bot", "level": "random"}])
    tid = made["table"]["id"]
    store = client.app.state.store  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        cl = Client(ws)
        cl.hello(made["token"])
        state = cl.turn(0)
        before = stored_moves(client, tid)
        real = store.commit_batch

        def broken(*args: Any, **kwargs: Any) -> None:
            raise OSError("disk full")

        store.commit_batch = broken
        try:
            err = cl.ask(
                {"type": "move", "move": state["view"]["legal_moves"][0], "n": state["n"]},
                lambda m: m["type"] == "state" and m["n"] > state["n"],
            )
        finally:
            store.commit_batch = real
        assert err["type"] == "error" and err["code"] == "storage"
        assert stored_moves(client, tid) == before
        live = client.app.state.hub.tables[tid]  # type: ignore[attr-defined]
        assert live.game.moves == before and not live.unsettled  # the move was taken back
        # nothing was broadcast and the table is where it was: the same move now goes through
        after = cl.play(state["view"]["legal_moves"][0], state["n"])
        assert after["type"] == "state" and after["n"] > state["n"]
        assert stored_moves(client, tid)[: len(before)] == before


def test_a_move_is_applied_once(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A person's move is checked and played once, on the live game, then stored: no
    copy of the game plays it again."""
    made = create(client, "bingo", [{"kind": "you"}, {"kind": "human"}])
    tid = made["table"]["id"]
    joined = client.post(
        f"/api/tables/{tid}/join", json={"seat": 1, "invite": made["invites"]["1"], "name": "Bia"}
    )
    tokens = [made["token"], joined.json()["token"]]
    # the first lead is drawn when the table is made: either seat may lead
    leader = client.app.state.hub.tables[tid].game.to_move  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        cl = Client(ws)
        cl.hello(tokens[leader])
        state = cl.turn(leader)
        move = state["view"]["legal_moves"][0]
        played: list[str] = []
        game_class = type(client.app.state.hub.tables[tid].game)  # type: ignore[attr-defined]
        real = game_class.play

        def counted(self: Any, m: Any) -> None:
            played.append(str(m))
            real(self, m)

        monkeypatch.setattr(game_class, "play", counted)
        after = cl.play(move, state["n"])
        assert after["n"] == state["n"] + 1
        assert played == [move]


@pytest.mark.parametrize(
    "path", ["/", "/rules/texas42", "/static/games.js", "/static/style.css", "/api/games"]
)
def test_text_responses_are_compressed_for_a_browser_that_asks(
    client: TestClient, path: str
) -> None:
    asked = client.get(path, headers={"Accept-Encoding": "gzip"})
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    assert asked.status_code == plain.status_code == 200
    assert asked.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in asked.headers["vary"].lower()
    assert "content-encoding" not in plain.headers
    assert asked.content == plain.content  # the same page, decompressed
    assert asked.num_bytes_downloaded < plain.num_bytes_downloaded / 2
    assert asked.headers["x-content-type-options"] == "nosniff"  # the guard's header kept


def test_a_small_response_and_the_websocket_are_not_compressed(client: TestClient) -> None:
    small = client.get("/healthz", headers={"Accept-Encoding": "gzip"})
    assert small.status_code == 200 and "content-encoding" not in small.headers
    made = create(client, "bingo", [{"kind": "you"}, {"kind": "bot", "level": "random"}])
    with client.websocket_connect(f"/ws/{made['table']['id']}") as ws:
        cl = Client(ws)  # its frames are JSON text, as they were
        assert cl.hello(made["token"])["seat"] == 0
        assert cl.until_state()["seat"] == 0


def test_versioned_assets_are_kept_a_year_and_others_checked(client: TestClient) -> None:
    page = client.get("/t/nosuchtable").text + client.get("/").text
    linked = sorted(set(re.findall(r'(?:src|href)="(/(?:static|i18n)/[^"?]+\?v=\w+)"', page)))
    assert any(u.startswith("/i18n/") for u in linked) and any(".css" in u for u in linked)
    for url in linked:  # every script, style and picture a page links to
        got = client.get(url)
        assert got.status_code == 200, url
        assert got.headers["cache-control"] == "public, max-age=31536000, immutable", url
        # the same file at another version (or none) is kept only after asking the server
        for other in (url.split("?")[0], url.split("?")[0] + "?v=0ld"):
            assert client.get(other).headers["cache-control"] == "no-cache", other
    static = client.get("/static/style.css")
    again = client.get("/static/style.css", headers={"If-None-Match": static.headers["etag"]})
    assert again.status_code == 304
    assert "cache-control" not in client.get("/").headers  # a page is asked for every time


def test_the_first_visitors_pages_are_ready_before_the_server_answers(sqlite_url: str) -> None:
    from ludoteca.web import i18n as web_i18n

    web_i18n.script.cache_clear()  # each language's messages for the pages, made on first use
    with TestClient(create_app(sqlite_url, bot_delay=0.0, resume=False)):
        assert web_i18n.script.cache_info().currsize == len(web_i18n.LANGS)
