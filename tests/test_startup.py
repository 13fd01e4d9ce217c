"""Start-up stays small: ``import ludoteca`` and a first game bring neither the texts
of every language (``ludoteca.i18n`` and Babel) nor the analysis and its bots, which
only the apps, hints and reviews need. Each check runs in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("babel", "ludoteca.i18n", "ludoteca.analysis", "ludoteca.bots")


def imported_after(code: str) -> list[str]:
    """The modules of :data:`HEAVY` (and their submodules) a fresh interpreter holds
    after running ``code``."""
    check = (
        f"{code}\nimport sys\n"
        f"print(' '.join(m for m in sys.modules if m.split('.')[0] == 'babel' "
        f"or m.startswith({HEAVY[1:]!r})))"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    return done.stdout.split()


def test_import_ludoteca_brings_no_texts_nor_analysis() -> None:
    assert imported_after("import ludoteca") == []


@pytest.mark.parametrize("name", ["texas42", "fiveup", "bingo", "cavaleiro"])
def test_a_first_game_brings_no_texts_nor_analysis(name: str) -> None:
    code = (
        "import ludoteca\n"
        f"game = ludoteca.new_game({name!r}, seed=1)\n"
        "game.play(game.legal_moves()[0]); game.view(0); game.pop(); game.record()\n"
    )
    assert imported_after(code) == []


def test_the_check_sees_the_analysis_when_it_is_asked_for() -> None:
    found = imported_after("import ludoteca\nludoteca.analyse")
    assert "ludoteca.analysis" in found and "ludoteca.i18n" in found and "babel" in found
