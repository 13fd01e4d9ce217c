"""Bots in worker processes: they play, a flood of all-bot tables leaves a human
table's bots their share, and expert budgets hold under load."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from test_web import Client, create
from web_helpers import movers

import ludoteca
from ludoteca.web.app import create_app
from ludoteca.web.limits import ClientLimits


@pytest.fixture
def app_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


def test_bots_play_in_worker_processes(app_url: str) -> None:
    app = create_app(app_url, bot_delay=0.0, bot_workers=2)
    with TestClient(app) as c:
        made = create(
            c, "cavaleiro", [{"kind": "bot", "level": "random"}] * 3, options={"players": 3}
        )
        with c.websocket_connect(f"/ws/{made['table']['id']}") as ws:
            cl = Client(ws)
            cl.hello(None)
            final = cl.until_state(lambda s: s["view"]["over"])
        pool = c.app.state.hub.bot_pool  # type: ignore[attr-defined]
        decisions = sum(1 for who in movers(final) if who is not None)
        assert pool.decisions == decisions > 0
        assert ludoteca.replay(c.get(f"/api/tables/{made['table']['id']}/record").json()).is_over


def test_a_flood_of_bot_tables_leaves_a_human_table_its_share(app_url: str) -> None:
    flood, workers, budget = 8, 2, 0.5  # texas42's expert thinks about 0.5 s a decision
    if "expert" not in ludoteca.bots.available_levels("texas42"):
        pytest.skip("the texas42 expert is not built")
    app = create_app(
        app_url, bot_delay=0.0, bot_workers=workers, client_limits=ClientLimits(enabled=False)
    )
    with TestClient(app) as c:
        for _ in range(flood):
            create(c, "texas42", [{"kind": "bot", "level": "expert"}] * 4)
        made = create(c, "texas42", [{"kind": "you"}, *[{"kind": "bot", "level": "greedy"}] * 3])
        pool = c.app.state.hub.bot_pool  # type: ignore[attr-defined]

        def experts() -> list[tuple[float, float]]:
            return [(cpu, wall) for level, cpu, wall, _ in pool.thinking if level == "expert"]

        def wait_for_experts(count: int) -> None:
            deadline = time.monotonic() + 120
            while len(experts()) < count:
                assert time.monotonic() < deadline, f"{len(experts())} of {count} expert decisions"
                time.sleep(0.05)

        wait_for_experts(workers)  # the flood is under way: every worker has thought
        waits = []
        with c.websocket_connect(f"/ws/{made['table']['id']}") as ws:
            cl = Client(ws)
            cl.hello(made["token"])
            state = cl.turn(0)
            for _ in range(4):
                bots_before = sum(1 for s in movers(state) if s not in (0, None))
                sent = time.monotonic()
                cl.play(state["view"]["legal_moves"][0], state["n"])
                state = cl.turn(0)
                bots = sum(1 for s in movers(state) if s not in (0, None)) - bots_before
                if bots:
                    waits.append((time.monotonic() - sent) / bots)
        # first come, first served: a bot decision waits for at most one decision of
        # each flooding table, shared among the workers (as long as they took here)
        slowest = max(wall for _, wall in experts())
        assert waits and max(waits) <= 1.5 * (flood / workers + 1) * slowest, (waits, slowest)
        wait_for_experts(flood)  # every flooding table has had a decision
        # the budget is the expert's own core time, however busy the machine is
        thought = experts()
        assert max(cpu for cpu, _ in thought) <= 1.5 * budget + 0.1, thought


def _greedy_requests(tables: int) -> list[tuple[str, ludoteca.Game]]:
    """Games of Texas 42 where a bot is to move, one per table id."""
    out = []
    for i in range(tables):
        game = ludoteca.new_game("texas42", seed=i)
        out.append((f"t{i}", game))
    return out


def test_quick_decisions_are_made_at_once_and_slow_ones_survive_a_worker_death() -> None:
    """Quick levels are decided in the server, even while the only worker thinks;
    slow decisions queue for the worker, and one killed with a decision in hand is
    replaced, every decision made once more and answered to the right table."""
    import asyncio
    import os
    import signal

    from ludoteca.web.bots import BotPool

    if "expert" not in ludoteca.bots.available_levels("texas42"):
        pytest.skip("the texas42 expert is not built")

    async def scenario() -> None:
        pool = BotPool(1)
        pool.start()
        try:
            games = _greedy_requests(3)
            slow = [
                asyncio.create_task(pool.choose(tid, g, g.to_move, "expert")) for tid, g in games
            ]
            await asyncio.sleep(0.2)
            (pid,) = pool.processes
            quick = [await pool.choose(f"q{tid}", g, g.to_move, "greedy") for tid, g in games]
            # not behind the experts' 0.5 s of core time each: none of them is done yet
            assert all(m in g.legal_moves() for (_, g), m in zip(games, quick, strict=True))
            assert not any(t.done() for t in slow)
            os.kill(pid, signal.SIGKILL)  # with an expert's decision in hand
            moves = await asyncio.wait_for(asyncio.gather(*slow), 60)
            for (_, game), move in zip(games, moves, strict=True):
                assert move in game.legal_moves()
            assert pool.processes != [pid]
            levels = [level for level, *_ in pool.thinking]
            assert levels.count("greedy") == 3 and levels.count("expert") == 3
        finally:
            pool.close()

    asyncio.run(scenario())
