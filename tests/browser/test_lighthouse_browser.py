"""Lighthouse's mobile audits of the lobby and of a table seated at a decision against
bots: performance at least 95, accessibility and best practices 100, and behind the
scores what does not vary with the machine's load: no layout shift, every text response
compressed and every asset kept by the browser, nothing but the stylesheet holding the
first paint back, and the page's weight.

Lighthouse is the npm package pinned in ``package.json`` (``npm ci`` at the repository's
root installs it), run with ``npx`` on Debian's chromium: a missing one fails the test.
Its reports go to ``artifacts/lighthouse-*.json``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import click_a_legal_move, create_table, wait_turn_or_end

import ludoteca

ROOT = Path(__file__).resolve().parents[2]

CATEGORIES = {"performance": 0.95, "accessibility": 1.0, "best-practices": 1.0}
"""Each category's lowest score."""
MAX_BYTES = {"lobby": 40_000, "table": 64_000}
"""What a first visit downloads, compressed (now about 24 kB and 42 kB)."""
MOBILE = {"width": 412, "height": 823}
"""Lighthouse's mobile screen (a Moto G Power), for the page that sits at the table."""
TRIES = 3
"""Lighthouse runs at most for a performance score that falls short (see :func:`audited`)."""
SETTLED = ("uses-text-compression", "uses-long-cache-ttl", "errors-in-console")
"""Audits whose result does not depend on the machine's speed: each must pass."""
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"


def lighthouse(
    chromium: tuple[str, list[str]], url: str, out: Path, profile: Path | None = None
) -> dict[str, Any]:
    """Lighthouse's report on ``url`` in its mobile profile, with its simulated throttling,
    in a chromium of its own (on the user data in ``profile`` when given: the seat's token
    the page keeps)."""
    npx = shutil.which("npx")
    if npx is None or not LIGHTHOUSE.exists():
        pytest.fail("Lighthouse is not installed: run `npm ci` at the repository's root")
    path, args = chromium
    flags = ["--headless=new", *(a for a in args if not a.startswith("--headless"))]
    if profile is not None:
        flags.append(f"--user-data-dir={profile}")
    cmd = [
        npx,
        "--no-install",
        "lighthouse",
        url,
        "--output=json",
        f"--output-path={out}",
        "--only-categories=performance,accessibility,best-practices",
        "--form-factor=mobile",
        f"--chrome-flags={' '.join(flags)}",
        "--quiet",
    ]
    env = {**os.environ, "CHROME_PATH": path}
    run = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, f"lighthouse failed ({run.returncode}): {run.stderr[-3000:]}"
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def failing(report: dict[str, Any]) -> list[str]:
    """The audits of the three categories that did not pass, each with what it measured."""
    audits = report["audits"]
    bad = []
    for category in report["categories"].values():
        for ref in category["auditRefs"]:
            audit = audits[ref["id"]]
            mode = audit.get("scoreDisplayMode")
            if mode == "error" or (audit.get("score") is not None and audit["score"] < 1):
                said = audit.get("displayValue") or audit.get("errorMessage") or ""
                bad.append(f"{category['id']}: {audit['id']} {audit.get('score')} {said}".strip())
    return bad


def audited(
    chromium: tuple[str, list[str]], url: str, out: Path, page: str, profile: Path | None = None
) -> None:
    """Lighthouse on ``url``, checked: again, up to :data:`TRIES` runs in all, while only
    the performance score falls short. That score is simulated from the CPU time the
    page's tasks took here, four times over, so a busy machine lowers it (seen on a
    loaded 2-core machine: 0.87 to 1.00 for the lobby, with long tasks that are
    chromium's own); what the page itself decides is checked on every run."""
    scores = []
    for _ in range(TRIES):
        report = lighthouse(chromium, url, out, profile)
        scores.append(report["categories"]["performance"]["score"])
        check(report, page, scores)
        if scores[-1] >= CATEGORIES["performance"]:
            return
    raise AssertionError(describe(report, page, scores))


def describe(report: dict[str, Any], page: str, performance: list[float]) -> str:
    """The scores, the metrics, Lighthouse's warnings and every failing audit."""
    scores = {k: c["score"] for k, c in report["categories"].items()}
    m = report["audits"]["metrics"]["details"]["items"][0]
    return (
        f"{page}: scores {scores} (performance in each run {performance}); "
        f"FCP {m['firstContentfulPaint']} ms, LCP {m['largestContentfulPaint']} ms, "
        f"TBT {m['totalBlockingTime']} ms, CLS {m['cumulativeLayoutShift']}; "
        f"warnings {report.get('runWarnings')}\n" + "\n".join(failing(report))
    )


def check(report: dict[str, Any], page: str, performance: list[float]) -> None:
    """The scores and the audits behind them; every failing audit said in the message
    (the performance score as :func:`audited` says)."""
    audits = report["audits"]
    scores = {k: c["score"] for k, c in report["categories"].items()}
    said = describe(report, page, performance)
    errored = [a["id"] for a in audits.values() if a.get("scoreDisplayMode") == "error"]
    assert not errored, f"audits that could not run: {errored}\n{said}"
    for category, bar in CATEGORIES.items():
        if category != "performance":
            assert scores[category] is not None and scores[category] >= bar, said
    assert audits["cumulative-layout-shift"]["numericValue"] == 0, said
    for audit in SETTLED:
        assert audits[audit]["score"] == 1, f"{audit}\n{said}"
    blocking = [i["url"] for i in audits["render-blocking-resources"]["details"]["items"]]
    assert [u.split("?")[0].rsplit("/", 1)[-1] for u in blocking] in ([], ["style.css"]), said
    weight = audits["total-byte-weight"]["numericValue"]
    assert weight <= MAX_BYTES[page], f"{weight} bytes\n{said}"


def test_the_lobby(make_server: Any, artifacts: Path, chromium: tuple[str, list[str]]) -> None:
    server = make_server()
    audited(chromium, server.url + "/?lang=pt", artifacts / "lighthouse-lobby.json", "lobby")


@pytest.mark.parametrize(
    ("game", "locale"),
    [("texas42", "pt-BR"), ("fiveup", "en-US"), ("bingo", "pt-BR"), ("cavaleiro", "en-US")],
)
def test_a_table_seated_at_a_decision(
    browser: Any,
    chromium: tuple[str, list[str]],
    make_server: Any,
    artifacts: Path,
    tmp_path: Path,
    game: str,
    locale: str,
) -> None:
    server = make_server()
    profile = tmp_path / "profile"
    # sit at the table in a browser whose user data Lighthouse's chromium then opens
    path, args = chromium
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=path, args=args, locale=locale, viewport=MOBILE
    )
    page = context.new_page()
    n = ludoteca.new_game(game, seed=0).num_seats
    table_id = create_table(page, server.url, game, ["you", *["bot:random"] * (n - 1)])
    assert wait_turn_or_end(page)
    rng = random.Random(4)
    for _ in range(10):  # Cavaleiro: the dice first, as often as they are the player's to roll
        if page.get_attribute("#board", "data-awaits") != "roll":
            break
        click_a_legal_move(page, rng)
        assert wait_turn_or_end(page)
    assert not page.get_attribute("#board", "data-awaits")  # a move to choose
    assert page.locator("#board :is(.tile-btn, .move-btn).legal").count() > 0
    context.close()
    url = f"{server.url}/t/{table_id}?lang={locale[:2]}"
    audited(chromium, url, artifacts / f"lighthouse-{game}.json", "table", profile)
