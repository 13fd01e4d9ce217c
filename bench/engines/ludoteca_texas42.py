"""Another checkout of Ludoteca as a Texas 42 engine of today's bot protocol.

A checkout older than the protocol (such as commit 5dee971, the expert's
baseline) has no ``ludoteca bot``; this script speaks the protocol
(``docs/protocol.md``) for it. Run it with that checkout's Python: it imports
whichever ``ludoteca`` that interpreter has, and uses only the Game API and the
bots' API documented there (``new_game`` with manual chance, ``play``,
``move_to_action``, ``apply_action_unchecked``, ``make_bot``, ``choose_move``):

    git worktree add --detach ../base42 5dee971
    python3 -m venv ../base42/.venv && ../base42/.venv/bin/pip install -e ../base42
    ../base42/.venv/bin/python bench/engines/ludoteca_texas42.py --level expert

Each decision's view is replayed on a fresh game of that checkout: the seat's
own tiles as the view shows them, each other seat holding the tiles it plays in
the hand, the rest of the deal filled in a fixed order (the moves are replayed
unchecked, since this provisional deal may break a rule of following that the
true one kept). The bot sees the game through a ``SeatHandle`` and redraws the
hidden tiles itself (``handle.sample``), so the provisional deal does not sway
it. As ``ludoteca bot`` does, a fresh bot is made for every game, seeded from
``--seed`` and the game's number.

Only the standard library and the other checkout's ``ludoteca`` are imported.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import ludoteca
from ludoteca.bots import choose_move, make_bot

PROTOCOL = 1
TILES = [f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1)]
"""The 28 tiles, as the notation writes them."""


def deal_text(entry: str, held: dict[int, list[str]]) -> str:
    """The deal ``entry`` of the log (other hands written ``?``) made whole: each
    other seat holds ``held[seat]`` (the tiles it plays in the hand) and tiles
    nobody is known to hold, in a fixed order."""
    parts = [p.split() for p in entry[len("deal ") :].split(" | ")]
    known = {t for part in parts if part != ["?"] for t in part}
    for tiles in held.values():
        known.update(tiles)
    pool = [t for t in TILES if t not in known]
    size = len(TILES) // len(parts)
    whole = []
    for s, part in enumerate(parts):
        if part == ["?"]:
            mine = list(held.get(s, []))
            need = size - len(mine)
            part, pool = mine + pool[:need], pool[need:]
        whole.append(" ".join(part))
    return "deal " + " | ".join(whole)


def tiles_played(log: list[str], seats: list[Any], start: int) -> dict[int, list[str]]:
    """The tiles each seat plays from ``start`` to the next deal of the log."""
    held: dict[int, list[str]] = {}
    for entry, actor in zip(log[start:], seats[start:], strict=True):
        if actor == "chance" and entry.startswith("deal "):
            break
        if isinstance(actor, int) and entry.startswith("play "):
            held.setdefault(actor, []).append(entry.split()[1])
    return held


def rebuild(view: dict[str, Any]) -> Any:
    """A game of this checkout whose seat ``view["seat"]`` sees what ``view`` shows."""
    log, seats = view["log"], view["log_seats"]
    game = ludoteca.new_game("texas42", seed=0, chance="manual", **(view.get("options") or {}))
    for i, (entry, actor) in enumerate(zip(log, seats, strict=True)):
        if actor == "chance":
            if entry.startswith("deal ") and "?" in entry.split():
                entry = deal_text(entry, tiles_played(log, seats, i + 1))
            game.play(entry)
        else:
            if game.to_move != actor:
                raise ValueError(f"the log has seat {actor} playing {entry!r} out of turn")
            game.apply_action_unchecked(game.move_to_action(entry))
    game.chance_mode = "auto"
    return game


class Engine:
    """The protocol's loop for one level of the other checkout."""

    def __init__(self, level: str, seed: int, budget: float | None) -> None:
        self.level = level
        self.seed = seed
        self.budget = budget
        self.games = 0
        self.bot = make_bot("texas42", level, seed=seed, budget=budget)

    def hello(self) -> dict[str, Any]:
        where = ludoteca.__file__ or "?"
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            "name": f"Ludoteca {self.level} at {where.rsplit('/src/', 1)[0]}",
            "author": "Ludoteca",
            "version": getattr(ludoteca, "__version__", ""),
            "games": ["texas42"],
            "options": [
                {
                    "name": "budget",
                    "kind": "number",
                    "default": self.budget,
                    "min": 0.001,
                    "max": 600,
                    "doc": "seconds of thought per decision",
                }
            ],
        }

    def new_game(self) -> None:
        self.games += 1
        self.bot = make_bot(
            "texas42", self.level, seed=self.seed * 7919 + self.games, budget=self.budget
        )

    def decide(self, message: dict[str, Any]) -> dict[str, Any]:
        request = message.get("id")
        try:
            view = message["view"]
            game = rebuild(view)
            legal = game.legal_moves()
            if game.to_move != message["seat"] or legal != list(message["legal_moves"]):
                raise ValueError("the rebuilt game's legal moves are not the ones sent")
            move = choose_move(self.bot, game)
        except Exception as e:  # said to the host, which decides
            return {"type": "error", "id": request, "message": f"{type(e).__name__}: {e}"}
        return {"type": "move", "id": request, "move": move}

    def answer(self, message: dict[str, Any]) -> dict[str, Any] | None:
        kind = message.get("type")
        if kind == "hello":
            return self.hello()
        if kind == "option" and message.get("name") == "budget":
            self.budget = float(message["value"])
        elif kind == "new_game":
            self.new_game()
        elif kind == "decide":
            return self.decide(message)
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None)
    args = parser.parse_args()
    engine = Engine(args.level, args.seed, args.budget)
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("type") == "quit":
            break
        answer = engine.answer(message)
        if answer is not None:
            print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
