"""Bots in worker processes: they play, a flood of all-bot tables leaves a human
table's bots their share, and expert budgets hold under load."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_web import Client, create, stored_moves
from web_helpers import movers

import ludoteca
from ludoteca.bots.base import choose_move
from ludoteca.web.app import create_app
from ludoteca.web.bots import make_level_bot
from ludoteca.web.limits import ClientLimits
from ludoteca.web.live import decision_seed


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


@pytest.mark.parametrize("pace", [0.0, 0.01])
def test_quick_bots_without_pace_answer_a_play_in_one_frame(app_url: str, pace: float) -> None:
    """Between two plays of a person in Texas 42, the quick bots play. Without a pace
    they play at once: the person sees its play, then one frame with the bots' plays
    (a round of the table at most in one), each stored before, each the move its bot
    makes on its own from the same seed. With a pace, each bot's play comes in a
    frame of its own."""
    app = create_app(app_url, bot_delay=pace)
    with TestClient(app) as c:
        seats = [{"kind": "you"}, *[{"kind": "bot", "level": "greedy"}] * 3]
        made = create(c, "texas42", seats, bot_delay=pace)
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            cl = Client(ws)
            cl.hello(made["token"])
            gaps: list[list[int]] = []
            while len(gaps) < 8:
                st = cl.turn(0)
                assert not st["view"]["over"]
                view = st["view"]
                move = view["legal_moves"][0]
                if view["phase"] != "play" or len(view["hand"]) < 2:
                    cl.play(move, st["n"])
                    continue
                shown = cl.play(move, st["n"])
                assert shown["n"] == st["n"] + 1

                def waits(s: dict[str, Any]) -> bool:
                    return bool(s["view"]["to_move"] == 0 or s["awaits"] or s["view"]["over"])

                seen = len(cl.frames)
                after = shown if waits(shown) else cl.until_state(waits)
                gap = [f["n"] - shown["n"] for f in cl.frames[seen:]]
                if gap and after["view"]["to_move"] == 0:  # bots played; the hand goes on
                    gaps.append(gap)
            stored = stored_moves(c, tid)
            assert len(stored) == cl.frames[-1]["n"]
            live = c.app.state.hub.tables[tid]  # type: ignore[attr-defined]
            actors = [who for who, _ in live.game.history]
    # a frame for each bot's play with a pace; without, one frame for a round of the
    # table's four seats (four bots' decisions at most), and the rest in the next
    played = [gap[-1] for gap in gaps]
    if pace:
        assert gaps == [list(range(1, k + 1)) for k in played]
    else:
        assert gaps == [[k] if k <= 4 else [4, k] for k in played]
    assert max(played) >= 3
    game = ludoteca.new_game("texas42", chance="manual")
    for n, (who, move) in enumerate(zip(actors, stored, strict=True)):
        if isinstance(who, int) and who > 0:  # a bot's decision: as it decides on its own
            seed = decision_seed(live.seed, n, who)
            bot = make_level_bot("texas42", "greedy")
            bot.rng.seed(seed)
            look = game.copy()
            look.chance_mode, look.seed = "auto", seed
            assert choose_move(bot, look) == move
        game.play(move)


def test_a_bot_failing_in_a_round_played_at_once_leaves_the_others_stored(
    app_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A quick bot whose decision fails within a round played at once: the moves
    before it are stored and shown, and it then decides on its own."""
    from ludoteca.web.tablebots import TableBots

    failures: list[int] = []

    def fail(self: TableBots, table: Any, seat: int, level: str, seed: int) -> str:
        failures.append(seat)
        raise RuntimeError("a bot that fails")

    monkeypatch.setattr(TableBots, "_decide_now", fail)
    app = create_app(app_url, bot_delay=0.0)
    with TestClient(app) as c:
        seats = [{"kind": "you"}, *[{"kind": "bot", "level": "greedy"}] * 3]
        made = create(c, "texas42", seats)
        tid = made["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            cl = Client(ws)
            cl.hello(made["token"])
            cl.play_first_moves(0, 3)
            st = cl.turn(0)
            assert st["n"] == len(stored_moves(c, tid)) >= 8
    assert failures
