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


SPECTATORS = 1000
"""How many spectators watch the table in the frame-cost test."""


class _Audience:
    """What the spectators of the frame-cost test saw, per spectator, in the order
    they joined; and the events that pace them."""

    def __init__(self) -> None:
        self.joined = 0
        self.ready = asyncio.Event()  # every spectator has its first state
        self.go = asyncio.Event()  # the players are about to move
        self.seen: list[list[int]] = []  # the move count of each frame after the joins
        self.news: list[list[int]] = []  # the frames while the others joined
        self.informed: list[bool] = []  # told that both players sit


def _take_frame(entry: list[Any], msg: dict[str, Any]) -> None:
    """Apply a ``delta`` frame to a player's ``[connection, state]`` entry."""
    if msg["type"] == "delta":
        entry[1] = apply_delta(entry[1], msg)


async def _spectate(port: int, tid: str, audience: _Audience) -> None:
    """Watch the table, recording each frame in ``audience`` until cancelled."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{tid}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": None}))
        assert json.loads(await ws.recv())["type"] == "welcome"
        assert json.loads(await ws.recv())["type"] == "state"
        audience.joined += 1
        if audience.joined == SPECTATORS:
            audience.ready.set()
        frames: list[int] = []
        before: list[int] = []
        audience.seen.append(frames)
        audience.news.append(before)
        index = len(audience.informed)
        audience.informed.append(False)
        while True:
            msg = json.loads(await ws.recv())
            (frames if audience.go.is_set() else before).append(msg.get("n", -1))
            if isinstance(msg.get("table"), dict):
                audience.informed[index] = all(s["online"] for s in msg["table"]["seats"])


async def _sit_players(
    connections: list[tuple[websockets.ClientConnection, str]],
) -> dict[int, list[Any]]:
    """Say hello with each player's token: per seat, ``[connection, first state]``."""
    players: dict[int, list[Any]] = {}
    for ws, token in connections:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "state":
                players[msg["seat"]] = [ws, msg]
                break
    return players


async def _until_told_of_the_joins(audience: _Audience) -> None:
    """Wait until every spectator has been told that both players sit."""
    deadline = time.monotonic() + 120
    while not all(audience.informed):  # the news of the joins has gone out
        assert time.monotonic() < deadline, "the spectators were not told of the joins"
        await asyncio.sleep(0.1)


async def _catch_up(players: dict[int, list[Any]]) -> None:
    """Apply to each player's state the frames already sent, until a quiet 0.3 s."""
    for entry in players.values():
        while True:
            try:
                msg = json.loads(await asyncio.wait_for(entry[0].recv(), 0.3))
            except TimeoutError:
                break
            _take_frame(entry, msg)


async def _play_first_moves(players: dict[int, list[Any]], moves: int) -> None:
    """Play the first legal move ``moves`` times, each seen by both players."""
    for _ in range(moves):
        seat = players[0][1]["view"]["to_move"]
        ws, state = players[seat]
        move = state["view"]["legal_moves"][0]
        await ws.send(json.dumps({"type": "move", "move": move, "n": state["n"]}))
        for entry in players.values():  # both players see the move
            while entry[1]["n"] <= state["n"]:
                _take_frame(entry, json.loads(await asyncio.wait_for(entry[0].recv(), 30)))


async def _until_every_move_seen(audience: _Audience, final: int) -> None:
    """Wait until every spectator has a frame at move count ``final``."""
    deadline = time.monotonic() + 60
    while not all(f and f[-1] >= final for f in audience.seen):
        assert time.monotonic() < deadline, "the spectators did not see every move"
        await asyncio.sleep(0.1)


async def _watch_moves(port: int, tid: str, tokens: tuple[str, str], moves: int) -> _Audience:
    """The spectators join, then both players, who make ``moves`` moves; what the
    spectators saw."""
    audience = _Audience()
    tasks = [asyncio.create_task(_spectate(port, tid, audience)) for _ in range(SPECTATORS)]
    await asyncio.wait_for(audience.ready.wait(), 120)
    async with (
        websockets.connect(f"ws://127.0.0.1:{port}/ws/{tid}") as a,
        websockets.connect(f"ws://127.0.0.1:{port}/ws/{tid}") as b,
    ):
        players = await _sit_players([(a, tokens[0]), (b, tokens[1])])
        await _until_told_of_the_joins(audience)
        await _catch_up(players)
        audience.go.set()
        await _play_first_moves(players, moves)
        await _until_every_move_seen(audience, players[0][1]["n"])
        await asyncio.sleep(0.3)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return audience


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
    started = time.monotonic()
    audience = asyncio.run(_watch_moves(live, tid, (made["token"], other), moves))
    seen, news = audience.seen, audience.news
    assert len(seen) == SPECTATORS
    # joining cost each connection a few frames, not one per other spectator
    joining = time.monotonic() - started
    assert max(len(f) for f in news) <= 4 + 2 * joining / INFO_DELAY, max(len(f) for f in news)
    assert max(len(f) for f in seen) <= 2 * moves, max(len(f) for f in seen)
    deadline = time.monotonic() + 10  # they have all left: the server goes on at once
    while _get(f"{base}/api/tables/{tid}")["table"]["spectators"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
