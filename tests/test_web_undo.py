"""Undo at a table of bots, over the table's WebSocket: the exact earlier state, the
store agreeing with the live game (and a restarted server), the bots deciding again
as they did, and each refusal."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from test_web import Client, create, sqlite_url, stored_moves  # noqa: F401
from web_helpers import movers

import ludoteca
from ludoteca.web.app import create_app

BOTS = [{"kind": "bot", "level": "random"}] * 3


def _hand(state: dict[str, Any]) -> int:
    return len(state["view"].get("hands_played", []))


def _undo(cl: Client, n: int) -> dict[str, Any]:
    """Ask to undo on the state numbered ``n``: the state it leads to, or the refusal."""
    return cl.ask({"type": "undo", "n": n}, lambda m: m["type"] == "state" and m["n"] < n)


def test_undo_restores_the_state_and_the_bots_play_the_same_again(sqlite_url: str) -> None:  # noqa: F811
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        made = create(c, "texas42", [{"kind": "you"}, *BOTS])
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as ws, c.websocket_connect(f"/ws/{tid}") as wv:
            cl, spectator = Client(ws), Client(wv)
            cl.hello(made["token"])
            spectator.hello(None)
            first = cl.turn(0)
            assert first["undo"] is False  # no decision of seat 0 yet
            err = _undo(cl, first["n"])
            assert err["type"] == "error" and err["code"] == "nothing_to_undo"
            move = first["view"]["legal_moves"][0]
            cl.play(move, first["n"])
            second = cl.turn(0)
            assert second["undo"] is True and second["n"] > first["n"]
            moves_then = stored_moves(c, tid)
            # a stale n, and a spectator, change nothing
            err = _undo(cl, second["n"] - 1)
            assert err["type"] == "error" and err["code"] == "stale"
            cl.until_state(lambda s: s["n"] == second["n"])  # the table now, after a stale
            spectator.ws.send_json({"type": "undo", "n": second["n"]})
            err = spectator.error()
            assert err["type"] == "error" and err["code"] == "spectator"
            assert stored_moves(c, tid) == moves_then
            back = _undo(cl, second["n"])
            assert back["type"] == "state" and back["n"] == first["n"]
            assert back["view"] == first["view"] and back["undo"] is False
            watched = spectator.until_state(lambda s: s["n"] == first["n"])  # everyone is told
            assert len(watched["view"]["log"]) == first["n"]
            live = c.app.state.hub.tables[tid]  # type: ignore[attr-defined]
            assert stored_moves(c, tid) == live.game.moves == moves_then[: first["n"]]
            # the bots wait for the player, then answer the same move the same way
            cl.play(move, first["n"])
            again = cl.turn(0)
            assert again["n"] == second["n"] and again["view"] == second["view"]
            assert stored_moves(c, tid) == moves_then
            # taken back once more, and the server restarted: the stored game is the live one
            back = _undo(cl, again["n"])
            assert back["n"] == first["n"]
    app2 = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app2) as c2, c2.websocket_connect(f"/ws/{tid}") as ws:
        cl = Client(ws)
        cl.hello(made["token"])
        resumed = cl.until_state()
        assert resumed["n"] == first["n"] and resumed["view"] == first["view"]
        assert stored_moves(c2, tid) == moves_then[: first["n"]]
        cl.play(move, first["n"])
        assert cl.turn(0)["view"] == second["view"]  # the same seed, the same bots


def test_a_hands_end_is_not_undone(sqlite_url: str) -> None:  # noqa: F811
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        made = create(c, "texas42", [{"kind": "you"}, *BOTS])
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            cl = Client(ws)
            cl.hello(made["token"])
            while True:
                st = cl.state if cl.state is not None else cl.until_state()
                if (st["awaits"] or {}).get("kind") == "continue":
                    break
                if st["view"]["to_move"] != 0:
                    seen = st["n"]
                    cl.until_state(lambda s, seen=seen: s["n"] > seen)
                    continue
                cl.play(st["view"]["legal_moves"][0], st["n"])
            assert st["undo"] is False
            err = _undo(cl, st["n"])
            assert err["type"] == "error" and err["code"] == "nothing_to_undo"
            assert "hand" in err["message"]
            assert stored_moves(c, tid) == c.app.state.hub.tables[tid].game.moves  # type: ignore[attr-defined]


def test_undo_is_refused_beside_another_person_and_once_over(sqlite_url: str) -> None:  # noqa: F811
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        made = create(c, "bingo", [{"kind": "you"}, {"kind": "human"}])
        with c.websocket_connect(f"/ws/{made['table']['id']}") as ws:
            cl = Client(ws)
            cl.hello(made["token"], lang="pt")
            st = cl.until_state()
            assert st["undo"] is False
            err = _undo(cl, st["n"])
            assert err["code"] == "waiting"
        made = create(c, "texas42", [{"kind": "you"}, *BOTS])
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            cl = Client(ws)
            cl.hello(made["token"], lang="pt")
            st = cl.turn(0)
            cl.play(st["view"]["legal_moves"][0], st["n"])
            st = cl.turn(0)
            live = c.app.state.hub.tables[tid]  # type: ignore[attr-defined]
            live.seats[2].kind = "human"  # another person sits there now
            err = _undo(cl, st["n"])
            assert err["code"] == "undo_not_alone" and "robôs" in err["message"]
            live.seats[2].kind = "bot"
            live.over = True
            err = _undo(cl, st["n"])
            assert err["code"] == "game_over"
            live.over = False
            assert _undo(cl, st["n"])["type"] == "state"


@pytest.mark.parametrize(("game", "chance"), [("texas42", False), ("cavaleiro", True)])
def test_after_an_undo_the_same_move_gets_the_same_answers(
    sqlite_url: str,  # noqa: F811
    game: str,
    chance: bool,
) -> None:
    """The bots decide again as they did, and the chance events taken back (Cavaleiro's
    rolls) come again: an undo cannot be used to try the bots or the dice again."""
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        seats = ludoteca.new_game(game, seed=0).num_seats
        bots = [{"kind": "bot", "level": "random"}] * (seats - 1)
        made = create(c, game, [{"kind": "you"}, *bots])
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            cl = Client(ws)
            cl.hello(made["token"])
            tried = drawn = 0
            while tried < 3 or (chance and not drawn):
                first = cl.turn(0)
                if first["view"]["over"]:
                    break
                move = first["view"]["legal_moves"][0]
                cl.play(move, first["n"])
                second = cl.turn(0)
                if not second["undo"]:
                    continue  # the hand ended: try in the next one
                tried += 1
                moves_then = stored_moves(c, tid)
                drawn += None in movers(second)[first["n"] :]
                back = _undo(cl, second["n"])
                assert back["n"] == first["n"] and back["view"] == first["view"]
                assert stored_moves(c, tid) == moves_then[: first["n"]]
                cl.play(move, first["n"])
                again = cl.turn(0)
                assert again["n"] == second["n"] and again["view"] == second["view"]
                assert stored_moves(c, tid) == moves_then
            assert tried >= 1 and drawn >= chance


def test_an_undo_where_the_expert_thinks_in_a_worker_process(
    sqlite_url: str,  # noqa: F811
) -> None:
    """A table whose bot decides in a worker process (that process keeps a replica
    of the table) goes back, and goes on the same way."""
    app = create_app(sqlite_url, bot_delay=0.0, bot_workers=1)
    with TestClient(app) as c:
        made = create(c, "bingo", [{"kind": "you"}, {"kind": "bot", "level": "expert"}])
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            cl = Client(ws)
            cl.hello(made["token"])
            for _ in range(20):  # a decision of the hand in play (a Bingo hand may end at once)
                first = cl.turn(0)
                move = first["view"]["legal_moves"][0]
                cl.play(move, first["n"])
                second = cl.turn(0)
                if second["undo"]:
                    break
            assert second["undo"] is True
            moves_then = stored_moves(c, tid)
            assert _undo(cl, second["n"])["n"] == first["n"]
            cl.play(move, first["n"])
            assert cl.turn(0)["view"] == second["view"]
            assert stored_moves(c, tid) == moves_then


def test_an_undo_the_database_refuses_changes_nothing(sqlite_url: str) -> None:  # noqa: F811
    app = create_app(sqlite_url, bot_delay=0.0)
    with TestClient(app) as c:
        made = create(c, "texas42", [{"kind": "you"}, *BOTS])
        tid = made["table"]["id"]
        store = c.app.state.store  # type: ignore[attr-defined]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            cl = Client(ws)
            cl.hello(made["token"])
            first = cl.turn(0)
            cl.play(first["view"]["legal_moves"][0], first["n"])
            second = cl.turn(0)
            before = stored_moves(c, tid)
            real = store.truncate_moves

            def broken(*args: Any, **kwargs: Any) -> None:
                raise OSError("disk full")

            store.truncate_moves = broken
            try:
                err = _undo(cl, second["n"])
            finally:
                store.truncate_moves = real
            assert err["type"] == "error" and err["code"] == "storage"
            live = c.app.state.hub.tables[tid]  # type: ignore[attr-defined]
            assert stored_moves(c, tid) == before == live.game.moves and not live.unsettled
            assert _undo(cl, second["n"])["n"] == first["n"]  # the same undo now goes through
