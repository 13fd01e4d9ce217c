"""The pages' scripts parse: a syntax error in one would blank every page that loads it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import ludoteca

STATIC = Path(ludoteca.__file__).resolve().parent / "web" / "static"
SCRIPTS = sorted(STATIC.glob("*.js"))


def _node() -> Path:
    """The Node.js that Playwright ships (the browser tests need it anyway)."""
    import playwright

    return Path(playwright.__file__).resolve().parent / "driver" / "node"


def test_there_are_scripts() -> None:
    assert len(SCRIPTS) >= 5, SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_each_script_parses(script: Path) -> None:
    done = subprocess.run(
        [str(_node()), "--check", str(script)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
