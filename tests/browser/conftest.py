"""Browser tests of the web app: Playwright driving Debian's chromium.

They run in their own pytest invocation (``pytest tests/browser``, as
``scripts/test.sh`` does): sync Playwright leaves an event loop behind that
breaks asyncio tests run after it, so when other tests are collected in the
same session these are skipped. Each test starts its own server on a free port
with a temporary SQLite file (or the PostgreSQL database named by
``LUDOTECA_TEST_POSTGRES``). Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = os.environ.get("LUDOTECA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # web_helpers

from web_helpers import unavailable  # noqa: E402


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    ours = [i for i in items if Path(str(i.fspath)).resolve().is_relative_to(HERE)]
    if len(ours) == len(items):
        return
    skip = pytest.mark.skip(reason="browser tests run in their own session: pytest tests/browser")
    for item in ours:
        item.add_marker(skip)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``ludoteca serve`` in a subprocess; may be stopped and started again."""

    def __init__(
        self, db_url: str, log: Path, bot_delay: float = 0.0, args: tuple[str, ...] = ()
    ) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.log = log
        self.bot_delay = bot_delay
        self.args = args
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [
            sys.executable,
            "-m",
            "ludoteca.cli",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--bot-delay",
            str(self.bot_delay),
            *self.args,
        ]
        out = self.log.open("ab")
        self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None


def _reset_postgres(url: str) -> None:
    from ludoteca.web.store import Store

    store = Store(url)
    store.drop_everything()
    store.close()


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Any]:
    servers: list[Server] = []

    def make(db: str = "sqlite", bot_delay: float = 0.0, args: tuple[str, ...] = ()) -> Server:
        if db == "sqlite":
            url = f"sqlite:///{tmp_path / 'web.db'}"
        else:
            pg = os.environ.get("LUDOTECA_TEST_POSTGRES")
            if not pg:
                unavailable("LUDOTECA_TEST_POSTGRES is not set")
            _reset_postgres(pg)
            url = pg
        server = Server(url, tmp_path / "server.log", bot_delay, args)
        server.start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        unavailable(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def chromium() -> tuple[str, list[str]]:
    """The tests' chromium and its flags, for a test that starts one of its own."""
    return CHROMIUM, CHROMIUM_ARGS


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
