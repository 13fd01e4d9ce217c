"""Every Python block of the README and of ``docs/`` runs as pasted, alone.

A block of ``>>>`` lines is a doctest (its output checked); any other block is run
as a script in a fresh namespace, in an empty folder, with nothing on its input.
The random engine of ``docs/protocol.md`` is also played against in a match.
"""

from __future__ import annotations

import doctest
import importlib.util
import io
import re
import sys
from pathlib import Path

import pytest
from web_helpers import unavailable

from ludoteca.arena import run_match
from ludoteca.protocol import EngineSpec

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
ENGINE_MARK = "<!-- random_engine.py -->"


def blocks() -> list[tuple[str, int, str]]:
    out = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start()) + 2
            out.append((str(path.relative_to(ROOT)), line, match.group(1)))
    return out


BLOCKS = blocks()


def test_the_docs_have_python_blocks_everywhere_they_show_code() -> None:
    places = {place for place, _, _ in BLOCKS}
    assert {"README.md", "docs/bots.md", "docs/protocol.md", "docs/rl.md"} <= places
    assert len(BLOCKS) >= 25


@pytest.mark.parametrize(("place", "line", "code"), BLOCKS, ids=[f"{p}:{n}" for p, n, _ in BLOCKS])
def test_a_block_runs_on_its_own(
    place: str,
    line: str,
    code: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if "pyspiel" in code and importlib.util.find_spec("pyspiel") is None:
        unavailable("OpenSpiel is not installed: pip install -e '.[openspiel]'")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    name = f"{place}, line {line}"
    if code.lstrip().startswith(">>>"):
        parser = doctest.DocTestParser()
        test = parser.get_doctest(code, {}, name, place, int(line))
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test, out=print)
        assert runner.failures == 0, capsys.readouterr().out
        assert runner.tries > 0
    else:
        exec(compile(code, name, "exec"), {"__name__": "__main__"})


def test_the_random_engine_of_the_docs_plays_a_match(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    after = text[text.index(ENGINE_MARK) :]
    engine = BLOCK.search(after)
    assert engine is not None
    path = tmp_path / "random_engine.py"
    path.write_text(engine.group(1), encoding="utf-8")
    assert len(engine.group(1).strip().splitlines()) <= 25
    spec = EngineSpec((sys.executable, str(path)), hello_time=60, move_time=60)
    for game in ("texas42", "bingo", "fiveup", "cavaleiro"):
        result = run_match(game, ["random", spec], games=2, seed=4)
        assert result.games == 2 and result.incidents() == []
        assert all(o.winner is not None for o in result.outcomes)
