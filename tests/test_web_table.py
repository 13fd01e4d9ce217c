"""The table waits where people want it to: after a hand's end, until a player
continues (a table of bots for a few paces); before a Cavaleiro player's own
roll, until they roll. Every move is stored before anyone sees it, the pause
included: a restarted server waits at the same place."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_web import Client, create, stored_moves
from web_helpers import movers

import ludoteca
from ludoteca.web.app import create_app
from ludoteca.web.hub import HAND_PAUSE_PACES

HAND_GAMES = ["bingo", "fiveup", "texas42"]


def _url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


def _to_hand_end(cl: Client, seed: int) -> dict[str, Any]:
    """Play seat 0's decisions at random until the table waits at a hand's end."""
    rng = random.Random(seed)

    def stop(s: dict[str, Any]) -> bool:
        return s["view"]["to_move"] == 0 or s["view"]["over"] or bool(s["awaits"])

    for _ in range(400):
        state = cl.state if cl.state is not None and stop(cl.state) else cl.until_state(stop)
        if state["awaits"] and state["awaits"]["kind"] == "continue":
            return state
        assert not state["view"]["over"], "the game ended without a hand's end"
        cl.play(rng.choice(state["view"]["legal_moves"]), state["n"])
    raise AssertionError("no hand ended")


def _replayed(c: TestClient, tid: str, made: dict[str, Any]) -> ludoteca.Game:
    data = c.app.state.store.load_table(tid)  # type: ignore[attr-defined]
    record = {
        "format": "ludoteca/1",
        "game": data.game,
        "options": data.options,
        "players": [s.name for s in data.seats],
        "moves": data.moves,
    }
    return ludoteca.replay(record)


@pytest.mark.parametrize("game", HAND_GAMES)
def test_the_end_of_a_hand_stays_until_a_player_continues(tmp_path: Path, game: str) -> None:
    app = create_app(_url(tmp_path), bot_delay=0.0)
    n_seats = ludoteca.new_game(game, seed=0).num_seats
    with TestClient(app) as c:
        seats = [{"kind": "you"}, *[{"kind": "bot", "level": "random"}] * (n_seats - 1)]
        made = create(c, game, seats)
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as wm, c.websocket_connect(f"/ws/{tid}") as ws:
            me, watcher = Client(wm), Client(ws)
            me.hello(made["token"])
            watcher.hello(None)
            ended = _to_hand_end(me, seed=len(game))
            n = ended["n"]
            view = ended["view"]
            # the frame shows the hand as it ended: its last event is the hand's end,
            # made by the last move, and no deal came after it
            assert view["to_move"] == "chance" and not view["over"]
            ends = ludoteca.game_type(game).hand_end_code
            assert [e for e in view["events"] if e["n"] == n - 1][-1]["code"] == ends
            assert not view["log"][-1].startswith("deal")
            if game == "fiveup":
                assert view["layout"]["tiles"], "the final layout is on the table"
            elif view.get("tricks"):
                assert view["last_trick"] == view["tricks"][-1]  # the last trick is kept
            # stored as shown, and nothing is drawn while the player reads
            time.sleep(0.3)
            assert len(stored_moves(c, tid)) == n
            assert _replayed(c, tid, made).to_move == "chance"
            watcher.until_state(lambda s: s["n"] == n)
            assert watcher.state is not None and watcher.state["awaits"] == {"kind": "continue"}
            refused = watcher.ask({"type": "continue", "n": n}, lambda m: False)
            assert refused["code"] == "spectator"
            # the player continues: the next hand is dealt, stored, shown to everyone
            me.ask({"type": "continue", "n": n}, lambda m: m["type"] == "state" and m["n"] > n)
            dealt = me.state
            assert dealt is not None and dealt["awaits"] != {"kind": "continue"}
            assert dealt["view"]["log"][n].startswith("deal")
            assert len(stored_moves(c, tid)) >= n + 1
            watcher.until_state(lambda s: s["n"] > n)
            # a continue that comes after the deal changes nothing and says nothing
            deals = [m for m in stored_moves(c, tid) if m.startswith("deal")]
            time.sleep(0.5)  # under the rate limit again
            errors = len(me.errors)
            me.ws.send_json({"type": "continue", "n": n})
            me.ask({"type": "ping"}, lambda m: m["type"] == "pong")
            assert [m for m in stored_moves(c, tid) if m.startswith("deal")] == deals
            assert len(me.errors) == errors


def test_a_table_of_bots_shows_the_end_of_a_hand_for_a_few_paces(tmp_path: Path) -> None:
    pace = 0.1
    app = create_app(_url(tmp_path), bot_delay=pace)
    with TestClient(app) as c:
        made = create(c, "bingo", [{"kind": "bot", "level": "random"}] * 2, bot_delay=pace)
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            watcher = Client(ws)
            watcher.hello(None)
            ended = watcher.until_state(lambda s: bool(s["awaits"]))
            seen = time.monotonic()
            assert ended["awaits"] == {
                "kind": "pause",
                "seconds": round(pace * HAND_PAUSE_PACES, 2),
            }
            n = ended["n"]
            dealt = watcher.until_state(lambda s: s["n"] > n)
            assert time.monotonic() - seen >= pace * HAND_PAUSE_PACES * 0.8
            assert dealt["view"]["log"][n].startswith("deal") and dealt["awaits"] is None


def test_a_restarted_server_waits_at_the_same_hand_end(tmp_path: Path) -> None:
    url = _url(tmp_path)
    with TestClient(create_app(url, bot_delay=0.0)) as c:
        made = create(c, "bingo", [{"kind": "you"}, {"kind": "bot", "level": "random"}])
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as wm:
            me = Client(wm)
            me.hello(made["token"])
            n = _to_hand_end(me, seed=2)["n"]
    with TestClient(create_app(url, bot_delay=0.0)) as c, c.websocket_connect(f"/ws/{tid}") as wm:
        me = Client(wm)
        me.hello(made["token"])
        state = me.until_state()
        assert state["n"] == n and state["awaits"] == {"kind": "continue"}
        assert len(stored_moves(c, tid)) == n
        me.ask({"type": "continue", "n": n}, lambda m: m["type"] == "state" and m["n"] > n)


def test_a_cavaleiro_player_rolls_their_own_dice(tmp_path: Path) -> None:
    pace = 0.3
    app = create_app(_url(tmp_path), bot_delay=pace)
    with TestClient(app) as c:
        made = create(
            c, "cavaleiro", [{"kind": "you"}, {"kind": "bot", "level": "random"}], bot_delay=pace
        )
        tid = made["table"]["id"]
        assert stored_moves(c, tid) == []  # seat 0's roll for the order waits for its player
        with c.websocket_connect(f"/ws/{tid}") as wm, c.websocket_connect(f"/ws/{tid}") as ws:
            me, watcher = Client(wm), Client(ws)
            me.hello(made["token"])
            watcher.hello(None)
            first = me.until_state()
            assert first["awaits"] == {"kind": "roll", "seat": 0} and first["n"] == 0
            assert watcher.ask({"type": "roll", "n": 0}, lambda m: False)["code"] == "spectator"
            refused = me.ask({"type": "roll", "n": 5}, lambda m: False)
            assert refused["code"] == "stale"
            rolled = me.ask({"type": "roll", "n": 0}, lambda m: m["type"] == "state" and m["n"] > 0)
            # one roll, stored as chance, with the seat that rolled in its event
            assert rolled["n"] == 1 and movers(rolled) == [None]
            event = next(e for e in rolled["view"]["events"] if e["n"] == 0)
            assert event["code"] == "order_roll" and event["seat"] == 0
            assert rolled["view"]["log"][0] == "roll " + " ".join(map(str, event["dice"]))
            # the bot rolls on its own, at the table's pace, in a frame of its own
            assert rolled["awaits"] == {"kind": "roll", "seat": 1}
            refused = me.ask({"type": "roll", "n": 1}, lambda m: False)
            assert refused["code"] == "not_your_roll" and "Bot 2" in refused["message"]
            started = time.monotonic()
            after = me.until_state(lambda s: s["n"] > 1)
            assert after["n"] == 2 and time.monotonic() - started >= pace * 0.5
            # play on: every roll of seat 0 is its player's, and each comes alone
            for _ in range(4):
                state = me.turn(0)
                if state["view"]["over"]:
                    break
                me.play(state["view"]["legal_moves"][0], state["n"])
            stored = c.app.state.store.load_table(tid)  # type: ignore[attr-defined]
            assert all(
                who is None
                for who, m in zip(stored.move_seats, stored.moves, strict=True)
                if m.startswith("roll")
            )
            rolls_by_me = [
                e
                for e in (me.state or {})["view"]["events"]
                if e["code"] in ("roll", "order_roll") and e["seat"] == 0
            ]
            assert len(rolls_by_me) >= 3
