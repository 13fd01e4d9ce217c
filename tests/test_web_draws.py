"""Five-Up at the web table: one message draws until a tile fits (or until the
stock is down to the tiles never drawn). Each draw stays a move of the record,
stored before the frame that shows it; everyone sees the draws one by one, and
nobody but the player sees the tiles drawn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fiveup_helpers import deal_text, first_draw
from starlette.testclient import TestClient
from test_web import Client
from web_helpers import check_frame, stored_table, tiles_in, truth_at

from ludoteca.web.app import create_app

# seat 1 leads the 6-6; seat 0 holds no 6, and the stock gives it three tiles that
# do not fit before the 6-1
HANDS_2 = ["5-0 4-0 3-0 2-0 1-0", "6-6 6-5 6-4 6-3 6-2"]
STOCK_2 = "5-5 4-4 3-3 6-1"
# four players, seat 3 leads the 6-6: seat 0 draws the six tiles it may (the last
# two, both sixes, are never drawn) and none fits
HANDS_4 = ["5-0 4-0 3-0 2-0 1-0", "5-5 5-4 5-3 5-2 5-1", "4-4 4-3 4-2 4-1 3-3",
           "6-6 6-5 6-4 6-3 6-2"]  # fmt: skip
STOCK_4 = "3-2 3-1 2-2 2-1 1-1 0-0 6-1 6-0"


def _table(c: TestClient, hands: list[str], stock: str) -> tuple[str, list[str]]:
    n = len(hands)
    leader = n - 1
    moves: list[tuple[int | None, str]] = [
        (None, first_draw(n, leader)),
        (None, deal_text(hands, stock)),
        (leader, "play 6-6"),
    ]
    store = c.app.state.store  # type: ignore[attr-defined]
    return stored_table(store, "fiveup", moves, n, {"players": n} if n != 2 else None)


def _record(c: TestClient, tid: str) -> dict[str, Any]:
    data = c.app.state.store.load_table(tid)  # type: ignore[attr-defined]
    return {
        "format": "ludoteca/1",
        "game": data.game,
        "options": data.options,
        "players": [s.name for s in data.seats],
        "moves": data.moves,
        "by": data.move_seats,  # who made each move
    }


def _draw_frames(cl: Client, until: int) -> list[dict[str, Any]]:
    """The frames ``cl`` receives until the one numbered ``until``."""
    frames = []
    while True:
        msg = cl.until_state()
        frames.append(msg)
        if msg["n"] >= until:
            return frames


def test_one_message_draws_until_a_tile_fits(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        tid, tokens = _table(c, HANDS_2, STOCK_2)
        store = c.app.state.store  # type: ignore[attr-defined]
        with (
            c.websocket_connect(f"/ws/{tid}") as w0,
            c.websocket_connect(f"/ws/{tid}") as w1,
            c.websocket_connect(f"/ws/{tid}") as ws,
        ):
            me, other, watcher = Client(w0), Client(w1), Client(ws)
            me.hello(tokens[0])
            other.hello(tokens[1])
            watcher.hello(None)
            start = me.until_state()
            for cl in (other, watcher):
                cl.until_state()
            assert start["n"] == 3 and start["view"]["legal_moves"] == ["draw"]
            me.ws.send_json({"type": "move", "move": "draw", "n": 3, "until_fits": True})
            mine = []
            while not mine or mine[-1]["n"] < 7:
                mine.append(me.until_state())
                # stored before it was sent
                assert len(store.load_table(tid).moves) >= mine[-1]["n"]
            # four draws, each its own frame, each stored before it was sent
            assert [f["n"] for f in mine] == [4, 5, 6, 7]
            assert [f["last"] for f in mine] == [
                {"seat": 0, "move": "draw", "more": True},
                {"seat": 0, "move": "draw", "more": True},
                {"seat": 0, "move": "draw", "more": True},
                {"seat": 0, "move": "draw", "more": False},
            ]
            record = _record(c, tid)
            assert record["moves"][3:] == ["draw"] * 4
            assert record["by"][3:] == [0] * 4
            # the player sees its tiles come one by one; the 6-1 fits, and only it
            hands = [set(f["view"]["hand"]) for f in mine]
            assert [sorted(h - set(HANDS_2[0].split())) for h in hands] == [
                ["5-5"], ["4-4", "5-5"], ["3-3", "4-4", "5-5"], ["3-3", "4-4", "5-5", "6-1"]
            ]  # fmt: skip
            assert {m.split(" on ")[0] for m in mine[-1]["view"]["legal_moves"]} == {"play 6-1"}
            assert mine[-1]["view"]["stock_size"] == 14
            # the other player and the spectator see each draw, and no tile drawn
            for cl in (other, watcher):
                theirs = _draw_frames(cl, 7)
                assert [f["n"] for f in theirs] == [4, 5, 6, 7]
                assert [f["view"]["hand_sizes"][0] for f in theirs] == [6, 7, 8, 9]
                for f in theirs:
                    check_frame(f, truth_at(record, f["n"]))
                    assert not tiles_in([f["view"], f["said"]]) & {"5-5", "4-4", "3-3", "6-1"}
            for f in mine:
                check_frame(f, truth_at(record, f["n"]))
            assert len(store.load_table(tid).moves) == 7
            # then the player plays the tile that fits, as any move
            after = me.play(mine[-1]["view"]["legal_moves"][0], 7)
            assert after["n"] == 8 and after["last"] == {
                "seat": 0, "move": mine[-1]["view"]["legal_moves"][0]
            }  # fmt: skip


def test_the_draws_stop_where_the_stock_keeps_its_last_tiles(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        tid, tokens = _table(c, HANDS_4, STOCK_4)
        with c.websocket_connect(f"/ws/{tid}") as w0:
            me = Client(w0)
            me.hello(tokens[0], lang="pt")
            start = me.until_state()
            assert start["view"]["legal_moves"] == ["draw"] and start["view"]["stock_size"] == 8
            me.ws.send_json({"type": "move", "move": "draw", "n": 3, "until_fits": True})
            frames = _draw_frames(me, 9)
            assert [f["n"] for f in frames] == list(range(4, 10))
            assert [f["last"]["more"] for f in frames] == [True] * 5 + [False]
            end = frames[-1]["view"]
            assert end["stock_size"] == 2 and end["stock_drawable"] == 0
            assert end["legal_moves"] == ["pass"] and len(end["hand"]) == 11
            assert _record(c, tid)["moves"][3:] == ["draw"] * 6
            # nothing left to draw: the draw is refused as the game says, nothing changes
            refused = me.ask(
                {"type": "move", "move": "draw", "n": 9, "until_fits": True},
                lambda m: m["type"] == "state",
            )
            assert refused["type"] == "error" and refused["code"] == "illegal"
            assert "as duas últimas pedras da reserva nunca são compradas" in refused["message"]
            assert len(_record(c, tid)["moves"]) == 9
            passed = me.play("pass", 9)
            assert passed["n"] == 10 and passed["last"] == {"seat": 0, "move": "pass"}


@pytest.mark.parametrize(
    ("who", "message", "code"),
    [
        (0, {"move": "play 5-0", "until_fits": True}, "until_fits"),
        (0, {"move": "draw", "until_fits": "yes"}, "bad_message"),
        (0, {"move": "draw", "until_fits": True, "n": 2}, "stale"),
        (1, {"move": "draw", "until_fits": True}, "not_your_turn"),
        (None, {"move": "draw", "until_fits": True}, "spectator"),
    ],
)
def test_drawing_until_a_tile_fits_is_refused_where_it_is_not_allowed(
    tmp_path: Path, who: int | None, message: dict[str, Any], code: str
) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        tid, tokens = _table(c, HANDS_2, STOCK_2)
        with c.websocket_connect(f"/ws/{tid}") as ws:
            cl = Client(ws)
            cl.hello(None if who is None else tokens[who])
            cl.until_state()
            refused = cl.ask({"type": "move", "n": 3, **message}, lambda m: m["type"] == "state")
            assert refused["type"] == "error" and refused["code"] == code
            assert refused["message"] and refused["message"] != code
            assert len(_record(c, tid)["moves"]) == 3


def test_a_tile_that_fits_is_played_not_drawn_past(tmp_path: Path) -> None:
    """Once a tile fits, drawing until one fits is refused as a draw is: the game's reason."""
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        tid, tokens = _table(c, HANDS_2, "6-1")
        with c.websocket_connect(f"/ws/{tid}") as w0:
            me = Client(w0)
            me.hello(tokens[0])
            me.until_state()
            me.ws.send_json({"type": "move", "move": "draw", "n": 3, "until_fits": True})
            fits = me.until_state()
            assert fits["n"] == 4 and fits["last"] == {"seat": 0, "move": "draw", "more": False}
            refused = me.ask(
                {"type": "move", "move": "draw", "n": 4, "until_fits": True},
                lambda m: m["type"] == "state",
            )
            assert refused["type"] == "error" and refused["code"] == "illegal"
            assert "6-1" in refused["message"] or "fits" in refused["message"]
            assert len(_record(c, tid)["moves"]) == 4


def test_a_draw_the_database_refuses_stops_the_draws_where_they_were(tmp_path: Path) -> None:
    """The draws stored before the refusal stay, each shown; the refused one is taken
    back and nothing after it is drawn: the player draws on from there."""
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        tid, tokens = _table(c, HANDS_2, STOCK_2)
        store = c.app.state.store  # type: ignore[attr-defined]
        real = store.commit_batch
        calls = []

        def third_fails(*args: Any, **kwargs: Any) -> Any:
            calls.append(1)
            if len(calls) == 3:
                raise OSError("disk full")
            return real(*args, **kwargs)

        with c.websocket_connect(f"/ws/{tid}") as w0:
            me = Client(w0)
            me.hello(tokens[0])
            me.until_state()
            store.commit_batch = third_fails
            try:
                me.ws.send_json({"type": "move", "move": "draw", "n": 3, "until_fits": True})
                err = me.until(lambda m: m["type"] == "error")
            finally:
                store.commit_batch = real
            assert err["code"] == "storage"
            assert [f["n"] for f in me.frames[1:]] == [4, 5]
            assert all(f["last"]["more"] for f in me.frames[1:])
            assert _record(c, tid)["moves"][3:] == ["draw", "draw"]
            live = c.app.state.hub.tables[tid]  # type: ignore[attr-defined]
            assert len(live.game) == 5 and not live.unsettled
            me.ws.send_json({"type": "move", "move": "draw", "n": 5, "until_fits": True})
            assert [f["n"] for f in _draw_frames(me, 7)] == [6, 7]
            assert _record(c, tid)["moves"][3:] == ["draw"] * 4
