"""Delta frames: after its first ``state`` a connection gets only what changed,
and what it rebuilds is exactly the full state; a thousand spectators on one
table cost at most two frames each per move."""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import websockets
from starlette.testclient import TestClient
from test_web import Client, create
from test_web_input import live  # noqa: F401  (a fixture)
from web_helpers import apply_delta

import ludoteca
from ludoteca.web.app import create_app
from ludoteca.web.hub import INFO_DELAY

STATE_KEYS = ("n", "seat", "view", "said", "labels", "moves", "result", "table")


@pytest.mark.parametrize("game", sorted(ludoteca.available_games()))
def test_deltas_rebuild_the_full_state(tmp_path: Path, game: str) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    n = ludoteca.new_game(game, seed=0).num_seats
    rng = random.Random(5)
    with TestClient(app) as c:
        made = create(c, game, [{"kind": "you"}, *[{"kind": "bot", "level": "random"}] * (n - 1)])
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as wm, c.websocket_connect(f"/ws/{tid}") as ws:
            me, spectator = Client(wm), Client(ws)
            me.hello(made["token"])
            spectator.hello(None)
            # past the end of a hand, so the lists that only grow (hands_played, and
            # score_events or set_events) have grown in deltas
            hands = 0
            for _ in range(400):
                state = me.turn(0)
                hands = len(state["view"].get("hands_played", ()))
                if state["view"]["over"] or hands >= 2:
                    break
                me.play(rng.choice(state["view"]["legal_moves"]), state["n"])
            n_now = (me.state or {})["n"]
            spectator.until_state(lambda s: s["n"] >= n_now)
            assert me.deltas > 5 and spectator.deltas > 5
            assert hands >= 2 or game == "cavaleiro" or (me.state or {})["view"]["over"]
            for cl, token in ((me, made["token"]), (spectator, None)):
                with c.websocket_connect(f"/ws/{tid}") as wf:
                    fresh = Client(wf)
                    fresh.hello(token)
                    full = fresh.until_state()
                    kept = cl.state or {}
                    if kept["n"] < full["n"]:  # a bot moved since: catch up
                        kept = cl.until_state(lambda s, n=full["n"]: s["n"] >= n)
                    if kept["n"] == full["n"]:
                        for key in STATE_KEYS:
                            if key == "table":  # the fresh connection counts itself
                                kept[key] = dict(kept[key], spectators=0)
                                full[key] = dict(full[key], spectators=0)
                            assert kept[key] == full[key], key


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


def _post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        return json.loads(r.read())


def test_a_thousand_spectators_cost_two_frames_each_per_move(live: int) -> None:  # noqa: F811
    base = f"http://127.0.0.1:{live}"
    made = _post(
        base + "/api/tables",
        {"game": "bingo", "seats": [{"kind": "you"}, {"kind": "human"}], "name": "Ana"},
    )
    tid = made["table"]["id"]
    other = _post(
        f"{base}/api/tables/{tid}/join",
        {"seat": 1, "invite": made["invites"]["1"], "name": "Bia"},
    )["token"]
    moves = 6
    seen: list[list[int]] = []  # per spectator: the move count of each frame after the joins
    news: list[list[int]] = []  # per spectator: frames while the others joined
    informed: list[bool] = []  # per spectator: told that both players sit

    async def spectator(joined: list[int], ready: asyncio.Event, go: asyncio.Event) -> None:
        async with websockets.connect(f"ws://127.0.0.1:{live}/ws/{tid}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            assert json.loads(await ws.recv())["type"] == "state"
            joined.append(1)
            if len(joined) == 1000:
                ready.set()
            frames: list[int] = []
            before: list[int] = []
            seen.append(frames)
            news.append(before)
            index = len(informed)
            informed.append(False)
            while True:
                msg = json.loads(await ws.recv())
                (frames if go.is_set() else before).append(msg.get("n", -1))
                if isinstance(msg.get("table"), dict):
                    informed[index] = all(s["online"] for s in msg["table"]["seats"])

    started = [time.monotonic()]

    async def main() -> None:
        ready, go = asyncio.Event(), asyncio.Event()
        joined: list[int] = []
        tasks = [asyncio.create_task(spectator(joined, ready, go)) for _ in range(1000)]
        await asyncio.wait_for(ready.wait(), 120)
        async with (
            websockets.connect(f"ws://127.0.0.1:{live}/ws/{tid}") as a,
            websockets.connect(f"ws://127.0.0.1:{live}/ws/{tid}") as b,
        ):
            players: dict[int, list[Any]] = {}
            for ws, token in ((a, made["token"]), (b, other)):
                await ws.send(json.dumps({"type": "hello", "token": token}))
                while True:
                    msg = json.loads(await ws.recv())
                    if msg["type"] == "state":
                        players[msg["seat"]] = [ws, msg]
                        break
            deadline = time.monotonic() + 120
            while not all(informed):  # the news of the joins has gone out
                assert time.monotonic() < deadline, "the spectators were not told of the joins"
                await asyncio.sleep(0.1)
            for entry in players.values():
                while True:
                    try:
                        msg = json.loads(await asyncio.wait_for(entry[0].recv(), 0.3))
                    except TimeoutError:
                        break
                    if msg["type"] == "delta":
                        entry[1] = apply_delta(entry[1], msg)
            go.set()
            for _ in range(moves):
                seat = players[0][1]["view"]["to_move"]
                ws, state = players[seat]
                move = state["view"]["legal_moves"][0]
                await ws.send(json.dumps({"type": "move", "move": move, "n": state["n"]}))
                for entry in players.values():  # both players see the move
                    while entry[1]["n"] <= state["n"]:
                        msg = json.loads(await asyncio.wait_for(entry[0].recv(), 30))
                        if msg["type"] == "delta":
                            entry[1] = apply_delta(entry[1], msg)
            final = players[0][1]["n"]
            deadline = time.monotonic() + 60
            while not all(f and f[-1] >= final for f in seen):
                assert time.monotonic() < deadline, "the spectators did not see every move"
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.3)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    assert len(seen) == 1000
    # joining cost each connection a few frames, not one per other spectator
    joining = time.monotonic() - started[0]
    assert max(len(f) for f in news) <= 4 + 2 * joining / INFO_DELAY, max(len(f) for f in news)
    assert max(len(f) for f in seen) <= 2 * moves, max(len(f) for f in seen)
    deadline = time.monotonic() + 10  # they have all left: the server goes on at once
    while _get(f"{base}/api/tables/{tid}")["table"]["spectators"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
