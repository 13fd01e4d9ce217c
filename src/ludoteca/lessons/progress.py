"""A learner's progress in the terminal: a JSON file in the user's data folder.

The browser keeps the same record in its local storage. Per game: for each
lesson, how many steps were done, whether it was finished or skipped; and
where the learner stopped.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "lessons.json"
>>> p = Progress(path)
>>> p.reached("bingo", "order", 2); p.at("bingo", "order", 3); p.save()
>>> again = Progress(path)
>>> again.lesson("bingo", "order"), again.where("bingo")
({'reached': 2, 'done': False, 'skipped': False}, ('order', 3))
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["Progress", "default_path"]


def default_path() -> Path:
    """``lessons.json`` in the user's data folder (where the web app keeps its database)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("ludoteca", appauthor=False)) / "lessons.json"


class Progress:
    """The progress kept in ``path`` (a missing or unreadable file is a fresh start)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_path()
        self.data: dict[str, Any] = {}
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            loaded = {}
        if isinstance(loaded, dict):
            self.data = loaded

    def _game(self, game: str) -> dict[str, Any]:
        entry = self.data.get(game)
        if not isinstance(entry, dict):
            entry = self.data[game] = {"lessons": {}, "at": None}
        if not isinstance(entry.get("lessons"), dict):
            entry["lessons"] = {}
        return entry

    def lesson(self, game: str, lesson: str) -> dict[str, Any]:
        """``{"reached": steps done, "done": bool, "skipped": bool}`` of a lesson."""
        lessons: dict[str, Any] = self._game(game)["lessons"]
        found = lessons.get(lesson)
        if isinstance(found, dict):
            return found
        fresh: dict[str, Any] = {"reached": 0, "done": False, "skipped": False}
        lessons[lesson] = fresh
        return fresh

    def reached(self, game: str, lesson: str, step: int, *, last: bool = False) -> None:
        """Step ``step`` (1-based) of ``lesson`` was done; ``last``: the lesson is finished."""
        entry = self.lesson(game, lesson)
        entry["reached"] = max(int(entry.get("reached", 0)), step)
        if last:
            entry["done"] = True
            entry["skipped"] = False

    def skipped(self, game: str, lesson: str) -> None:
        entry = self.lesson(game, lesson)
        if not entry.get("done"):
            entry["skipped"] = True

    def restart(self, game: str, lesson: str) -> None:
        self._game(game)["lessons"][lesson] = {"reached": 0, "done": False, "skipped": False}

    def at(self, game: str, lesson: str, step: int) -> None:
        """Where the learner is: ``lesson``, step ``step``."""
        self._game(game)["at"] = {"lesson": lesson, "step": step}

    def where(self, game: str) -> tuple[str, int] | None:
        at = self._game(game).get("at")
        if isinstance(at, dict) and isinstance(at.get("lesson"), str):
            step = at.get("step")
            return at["lesson"], step if isinstance(step, int) and step > 0 else 1
        return None

    def save(self) -> None:
        """Write the file (atomically: a crash never leaves half a file)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data, indent=1, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, self.path)
