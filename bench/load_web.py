"""Load on ``ludoteca serve``: real WebSocket clients over loopback, one human per
table and greedy bots at pace 0, for a fixed duration.

Prints the move-to-broadcast latency (from sending a move to receiving the
state that shows it: median and p95), the stored moves a second (rows added to
the moves table during the measured window) and the server's CPU use.

    python bench/load_web.py --tables 200 --duration 20
    python bench/load_web.py --tables 200 --db postgresql://ludoteca:ludoteca@127.0.0.1/bench
    python bench/load_web.py --tables 200 --serve-arg=--workers --serve-arg=2 --broker redis://…

By default it starts the server of this checkout on a fresh database
(``--src DIR`` runs the server of another checkout's ``src``); ``--url`` uses a
server already running (its database given by ``--db`` for the move count).
Every client talks only to the loopback server, and the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import orjson
import websockets
from sqlalchemy import create_engine, text

import ludoteca
from ludoteca.web.store import normalise_database_url

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def post_json(host: str, port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """A minimal HTTP/1.1 POST of JSON (the bench needs nothing more)."""
    reader, writer = await asyncio.open_connection(host, port)
    payload = json.dumps(body).encode()
    writer.write(
        f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n".encode()
        + payload
    )
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, rest = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    if status != 201:
        raise RuntimeError(f"creating a table: {status} {rest[:200]!r}")
    data: dict[str, Any] = json.loads(rest)
    return data


class Stats:
    def __init__(self) -> None:
        self.measuring = False
        self.latencies: list[float] = []
        self.human_moves = 0
        self.games = 0
        self.errors: dict[str, int] = {}


class PendingFrame:
    """The frame a human last sent, and since when it waits to see it applied."""

    def __init__(self) -> None:
        self.sent_at: float | None = None
        self.sent_n = -1
        self.last_sent: str | None = None

    async def send(self, ws: websockets.ClientConnection, frame: dict[str, Any]) -> None:
        """Send ``frame`` (which answers the state at move count ``frame["n"]``)."""
        self.sent_n = frame["n"]
        self.sent_at = time.monotonic()
        self.last_sent = json.dumps(frame)
        await ws.send(self.last_sent)


def table_request(game: str, levels: list[str]) -> dict[str, Any]:
    """The body that creates a table: us at seat 0, then bots of these levels."""
    seats = [{"kind": "you"}, *({"kind": "bot", "level": lv} for lv in levels)]
    body: dict[str, Any] = {"game": game, "seats": seats, "name": "Ana", "bot_delay": 0}
    if "players" in ludoteca.game_type(game).option_specs:  # Five-Up, Cavaleiro
        body["options"] = {"players": len(seats)}
    return body


async def answer_error(
    ws: websockets.ClientConnection, msg: dict[str, Any], stats: Stats, pending: PendingFrame
) -> None:
    """Count an ``error`` frame; send again what was rate limited, else stop waiting."""
    stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
    if msg["code"] == "rate_limited" and pending.last_sent is not None:
        # faster than a connection may send (a person never is): again soon
        await asyncio.sleep(0.2)
        pending.sent_at = time.monotonic()
        await ws.send(pending.last_sent)
    elif pending.sent_at is not None:
        pending.sent_at = None


async def act_if_awaited(
    ws: websockets.ClientConnection,
    state: dict[str, Any],
    stats: Stats,
    rng: random.Random,
    pending: PendingFrame,
) -> None:
    """Unless a frame is pending: continue, roll or play a random legal move when it is
    ours to do."""
    if pending.sent_at is not None:
        return
    view = state["view"]
    awaits = state.get("awaits") or {}
    waited = awaits.get("kind")
    if waited == "continue" or (waited == "roll" and awaits.get("seat") == 0):
        # the hand's end is shown until a player continues, and a player's
        # dice wait for them (Cavaleiro): at once here
        await pending.send(ws, {"type": waited, "n": state["n"]})
        if waited == "roll" and stats.measuring:
            stats.human_moves += 1
        return
    if view["to_move"] == 0 and view["legal_moves"]:
        move = rng.choice(view["legal_moves"])
        await pending.send(ws, {"type": "move", "move": move, "n": state["n"]})
        if stats.measuring:
            stats.human_moves += 1


async def play_one_game(
    ws: websockets.ClientConnection, stats: Stats, stop: float, rng: random.Random
) -> bool:
    """Play at seat 0 until the game ends or ``stop``; False if the server fell silent
    until ``stop``."""
    state: dict[str, Any] | None = None
    pending = PendingFrame()
    while time.monotonic() < stop:
        try:
            raw = await asyncio.wait_for(ws.recv(), max(0.1, stop - time.monotonic()))
        except TimeoutError:
            return False
        now = time.monotonic()
        msg = orjson.loads(raw)  # the clients share the machine: parse cheaply
        kind = msg["type"]
        if kind == "delta" and state is not None:
            state = apply_delta(state, msg)
        elif kind == "state":
            state = msg
        else:
            if kind == "error":
                await answer_error(ws, msg, stats, pending)
            continue
        if pending.sent_at is not None and state["n"] > pending.sent_n:
            if stats.measuring:
                stats.latencies.append(now - pending.sent_at)
            pending.sent_at = None
        if state["view"]["over"]:
            stats.games += 1
            return True
        await act_if_awaited(ws, state, stats, rng, pending)
    return True


async def human(
    host: str,
    port: int,
    game: str,
    levels: list[str],
    stats: Stats,
    stop: float,
    rng: random.Random,
) -> None:
    """One table: create it, sit at seat 0, play a legal move whenever it is our turn."""
    while time.monotonic() < stop:
        made = await post_json(host, port, "/api/tables", table_request(game, levels))
        tid = made["table"]["id"]
        uri = f"ws://{host}:{port}/ws/{tid}"
        async with websockets.connect(uri, max_size=None, ping_interval=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
            if not await play_one_game(ws, stats, stop, rng):
                return


def apply_delta(state: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The state after a ``delta`` frame, as the page builds it (labels and parsed moves
    unpruned)."""
    start = delta["log_from"]
    view = {} if delta.get("view_replace") else dict(state["view"])
    view.update(delta["view"])
    for key in delta.get("view_drop", []):
        view.pop(key, None)
    view["log"] = state["view"]["log"][:start] + delta["log"]
    if "events" in delta:  # the events of the new moves only
        kept = [e for e in state["view"].get("events", []) if e["n"] < start]
        view["events"] = kept + delta["events"]
    for key, items in delta.get("append", {}).items():
        view[key] = state["view"][key] + items
    after = {
        **state,
        "n": delta["n"],
        "view": view,
        "labels": {**state["labels"], **delta["labels"]},
        "awaits": delta.get("awaits"),
        "moves": {**state.get("moves", {}), **delta.get("moves", {})},
        "table": delta.get("table", state["table"]),
    }
    if "log_seats" in delta:  # servers before the seats travelled in the view only
        after["log_seats"] = state["log_seats"][:start] + delta["log_seats"]
    return after


def knows_no_client_limits(src: str | None) -> bool:
    """Whether the server to run (this checkout's, or ``src``'s) takes ``--no-client-limits``."""
    if src is None:
        return True
    cli = Path(src) / "ludoteca" / "web" / "__init__.py"
    return cli.exists() and "--no-client-limits" in cli.read_text(encoding="utf-8")


def count_moves(db_url: str) -> int:
    engine = create_engine(normalise_database_url(db_url))
    try:
        with engine.connect() as c:
            return int(c.execute(text("SELECT count(*) FROM ludoteca_moves")).scalar_one())
    finally:
        engine.dispose()


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def server_pids(root: int) -> list[int]:
    """The server's process and its children (worker processes)."""
    pids = [root]
    for path in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = path.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) in pids:
            pids.append(int(path.parent.name))
    return pids


def reset_postgres(url: str) -> None:
    engine = create_engine(normalise_database_url(url))
    with engine.begin() as c:
        for name in ("ludoteca_moves", "ludoteca_seats", "ludoteca_tables", "alembic_version"):
            c.execute(text(f"DROP TABLE IF EXISTS {name} CASCADE"))
    engine.dispose()


async def run(args: argparse.Namespace) -> None:
    proc: subprocess.Popen[bytes] | None = None
    tmp = tempfile.TemporaryDirectory()
    if args.url:
        host, port = args.url.split("//")[1].rstrip("/").split(":")
        port_n = int(port)
        db = args.db
    else:
        host, port_n = "127.0.0.1", free_port()
        db = args.db or f"sqlite:///{tmp.name}/bench.db"
        if db.startswith("postgres"):
            reset_postgres(db)
        env = dict(os.environ)
        if args.src:
            env["PYTHONPATH"] = str(Path(args.src).resolve())
        cmd = [sys.executable, "-m", "ludoteca.cli", "serve", "--port", str(port_n)]
        cmd += ["--db", db, "--bot-delay", "0", *args.serve_arg]
        if knows_no_client_limits(args.src):  # every client comes from one address
            cmd.append("--no-client-limits")
        log = open(Path(tmp.name) / "server.log", "wb")  # noqa: SIM115
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://{host}:{port_n}/healthz", timeout=1):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                await asyncio.sleep(0.2)
    try:
        stats = Stats()
        levels = ["greedy"] * (args.seats - 1)
        stop = time.monotonic() + args.warmup + args.duration
        rng = random.Random(args.seed)
        clients = []
        for i in range(args.tables):
            clients.append(
                asyncio.create_task(
                    human(host, port_n, args.game, levels, stats, stop, random.Random(rng.random()))
                )
            )
            if i % 20 == 19:
                await asyncio.sleep(0.05)
        await asyncio.sleep(args.warmup)
        pids = server_pids(proc.pid) if proc is not None else []
        moves0 = count_moves(db) if db else 0
        cpu0 = cpu_seconds(pids)
        t0 = time.monotonic()
        stats.measuring = True
        await asyncio.sleep(max(0.0, stop - time.monotonic()))
        stats.measuring = False
        elapsed = time.monotonic() - t0
        moves1 = count_moves(db) if db else 0
        cpu1 = cpu_seconds(pids)
        results = await asyncio.gather(*clients, return_exceptions=True)
        failures = [r for r in results if isinstance(r, BaseException)]
        lat = [x * 1000 for x in stats.latencies]
        median = statistics.median(lat) if lat else float("nan")
        kind = "postgresql" if db and db.startswith("postgres") else "sqlite"
        print(
            f"{args.tables} tables ({args.game}, 1 human + {args.seats - 1} greedy bots, pace 0), "
            f"{kind}, {' '.join(args.serve_arg) or 'one process'}, {elapsed:.0f} s measured"
        )
        print(
            f"  move-to-broadcast: median {median:.1f} ms, "
            f"p95 {percentile(lat, 0.95):.1f} ms over {len(lat)} human moves"
        )
        print(
            f"  stored moves: {(moves1 - moves0) / elapsed:.0f} a second; "
            f"server CPU {100 * (cpu1 - cpu0) / elapsed:.0f}% of one core; "
            f"games finished {stats.games}"
        )
        if stats.errors or failures:
            print(f"  errors: {stats.errors} client failures: {len(failures)}")
            for f in failures[:3]:
                print(f"    {type(f).__name__}: {f}")
            if proc is not None:
                tail = (Path(tmp.name) / "server.log").read_text(errors="replace")[-1500:]
                print("  the server's log ends with:\n" + tail)
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        tmp.cleanup()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--duration", type=float, default=20.0, help="seconds measured (20)")
    p.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring (5)")
    p.add_argument("--game", default="texas42")
    p.add_argument(
        "--seats", type=int, default=4, help="seats (4 for texas42, 2 for bingo; players otherwise)"
    )
    p.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    p.add_argument("--url", default=None, help="a running server, http://HOST:PORT")
    p.add_argument("--src", default=None, help="run the server of this src folder")
    p.add_argument("--serve-arg", action="append", default=[], help="passed to ludoteca serve")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
