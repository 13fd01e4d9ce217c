"""The review of a finished game over HTTP: the analysis worked out off the event
loop (in a thread, or in the bot worker processes), a few decisions at a time,
kept per record, said in the asker's language; and the hint message's units."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient
from test_web import Client, create
from web_helpers import owes

import ludoteca
from ludoteca.analysis import analyse, decision_indices
from ludoteca.bots import available_levels
from ludoteca.bots.base import UNITS
from ludoteca.web.app import create_app

BUDGET = 0.02


def random_record(game: str, seed: int, **options: Any) -> dict[str, Any]:
    g = ludoteca.new_game(game, seed=seed, names=["Ana", "Bia", "Caio", "Duda"][:2], **options)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g.record()


@pytest.fixture(params=[0, 1], ids=["threads", "bot-workers"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        f"sqlite:///{tmp_path / 'web.db'}",
        bot_delay=0.0,
        analysis_budget=BUDGET,
        bot_workers=request.param,
    )
    with TestClient(app) as c:
        yield c


def review(c: TestClient, body: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Ask until the review is done (as the page does)."""
    deadline = time.monotonic() + 120
    while True:
        r = c.post(f"/api/review?lang={lang}", json=body)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        assert data["status"] in ("running", "done"), data
        assert 0 <= data["judged"] <= data["total"]
        if data["status"] == "done":
            return data
        assert time.monotonic() < deadline, "the review took too long"
        time.sleep(0.1)


def test_a_record_is_reviewed_with_units_in_both_languages(client: TestClient) -> None:
    record = random_record("cavaleiro", 3, players=2)
    done = review(client, {"record": record})
    expected = analyse(record, budget=BUDGET)
    assert [d["index"] for d in done["decisions"]] == [d.index for d in expected.decisions]
    assert done["judged"] == done["total"] == len(expected.decisions)
    assert done["sides"] == [[0], [1]]
    by_index = {d["index"]: d for d in done["decisions"]}
    for d in expected.decisions:
        said = by_index[d.index]
        assert said["unit"] == d.unit and said["unit"] in UNITS
        assert said["cost"] == d.cost and said["best"] == d.best and said["played"] == d.played
        assert said["kind"] in ("exact", "estimate") and said["kind_text"]
        assert bool(said["cost_text"]) == (d.cost > 0)
    assert {int(s): ids for s, ids in done["mistakes"].items()} == {
        s: [d.index for d in ds] for s, ds in expected.mistakes.items()
    }
    # the same analysis (not done again) said in Portuguese
    pt = review(client, {"record": record}, "pt")
    assert [d["cost"] for d in pt["decisions"]] == [d["cost"] for d in done["decisions"]]
    costly = [i for i, d in enumerate(done["decisions"]) if d["cost"] > 0]
    assert costly
    for i in costly:
        assert pt["decisions"][i]["cost_text"] != done["decisions"][i]["cost_text"]
        assert pt["decisions"][i]["unit_text"] != done["decisions"][i]["unit_text"]


@pytest.mark.skipif("expert" not in available_levels("bingo"), reason="no Bingo expert")
def test_a_finished_table_is_reviewed_whole(client: TestClient) -> None:
    bots = [{"kind": "bot", "level": "random"}] * 2
    r = client.post(
        "/api/tables", json={"game": "bingo", "seats": bots, "name": "Ana", "bot_delay": 0}
    )
    assert r.status_code == 201, r.text
    table = r.json()["table"]["id"]
    deadline = time.monotonic() + 60
    while not client.get(f"/api/tables/{table}").json()["table"]["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    done = review(client, {"table": table})
    record = client.get(f"/api/tables/{table}/record").json()
    assert ludoteca.replay(record).is_over and done["first"] == 0
    assert [d["index"] for d in done["decisions"]] == decision_indices(record)
    assert done["decisions"] and all(d["unit"] == "match_chance" for d in done["decisions"])
    assert any(d["kind"] == "estimate" for d in done["decisions"])


def test_a_bad_record_is_refused_and_nothing_is_started(client: TestClient) -> None:
    record = random_record("bingo", 2)
    bad = dict(record, moves=[*record["moves"][:4], "play 9-9"])
    r = client.post("/api/review", json={"record": bad})
    assert r.status_code == 400 and r.json()["error"] == "bad_record"
    assert "move 5" in r.json()["message"]
    for body in ({"record": {"format": "other"}}, {"record": 3}, {}, []):
        r = client.post("/api/review", json=body)
        assert r.status_code == 400, body
    assert client.post("/api/review", json={"table": "nosuchtable"}).status_code == 404


def test_a_hand_is_reviewed_while_its_game_goes_on(client: TestClient) -> None:
    """Once a hand has ended, the table's record holds its finished hands and nothing of
    the hand in play; the review judges the last finished hand's decisions alone.

    The greedy bots never bid a mark and the seat bids the lowest bid it may, so
    each hand is worth one mark and the game goes on after two."""
    made = create(client, "texas42", [{"kind": "you"}] + [{"kind": "bot", "level": "greedy"}] * 3)
    tid, token = made["table"]["id"], made["token"]
    refused = client.get(f"/api/tables/{tid}/record")
    assert refused.status_code == 409 and refused.json()["error"] == "record_not_over"
    assert "hidden tiles" in refused.json()["message"]
    assert client.post("/api/review", json={"table": tid}).status_code == 409

    def stop(s: dict[str, Any]) -> bool:
        return bool(s["view"]["to_move"] == 0 or owes(s, 0) == "continue")

    with client.websocket_connect(f"/ws/{tid}") as ws:
        c = Client(ws)
        c.hello(token)
        ends = 0
        while ends < 2:  # the seat plays until two hands have ended
            st = c.state if c.state is not None and stop(c.state) else c.until_state(stop)
            if owes(st, 0) == "continue":
                ends += 1
                record = client.get(f"/api/tables/{tid}/record").json()
                game = ludoteca.replay(record)
                assert not game.is_over and game.next_step().kind == "deal"
                assert len(record["moves"]) == st["n"]  # up to the hand's end, no further
                done = review(client, {"table": tid})
                first = done["first"]
                assert (first == 0) == (ends == 1)
                if ends > 1:
                    assert (
                        ludoteca.replay({**record, "moves": record["moves"][:first]})
                        .next_step()
                        .kind
                        == "deal"
                    )
                wanted = [i for i in decision_indices(record) if i > first]
                assert [d["index"] for d in done["decisions"]] == wanted
                c.ask(
                    {"type": "continue", "n": st["n"]},
                    lambda m, n=st["n"]: m["type"] == "state" and m["n"] > n,
                )
            else:
                legal = st["view"]["legal_moves"]
                move = legal[1] if st["view"]["phase"] == "bid" else legal[-1]
                c.ask(
                    {"type": "move", "move": move, "n": st["n"]},
                    lambda m, n=st["n"]: m["type"] == "state" and m["n"] > n,
                )
