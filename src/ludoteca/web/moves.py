"""Moves as the pages read them: every decision the server sends as text comes
with its parsed form, so that no page script reads notation.

A parsed form is :meth:`ludoteca.Move.to_json`: ``{text, kind, tiles, numbers,
detail}``, as each game documents its kinds (``docs/games/``), made by the
game's own :meth:`~ludoteca.Game.parse`, the one authority on its notation. A
decision's canonical text says all of it, so its parsed form is the same in
every state of every game of its kind (a page keeps those of the log it was
sent). Chance events (deals, draws, rolls) are said by their events: no page
reads their parts, and none is sent parsed.

>>> import ludoteca
>>> game = ludoteca.new_game("fiveup", seed=1)
>>> parsed_decisions(game, ["draw", "deal ? | ? | stock ?"])
{'draw': {'text': 'draw', 'kind': 'draw', 'tiles': [], 'numbers': [], 'detail': ''}}
>>> tries(ludoteca.new_game("cavaleiro", seed=1))["remove 2 from column 3"]["numbers"]
[2, 3]
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from ludoteca.game import Game

__all__ = ["CACHE_SIZE", "TRIES_CACHE_SIZE", "parsed_decisions", "parsed_move", "tries"]

CACHE_SIZE = 65536
"""Most moves whose parsed forms (``None`` for a chance event) are kept, the last
parsed (a table sends the same moves again and again)."""
TRIES_CACHE_SIZE = 64
"""Most kinds of game (a game with its options) whose :func:`tries` are kept."""

_parsed: dict[tuple[str, str], dict[str, Any] | None] = {}
_UNKNOWN: dict[str, Any] = {}
_tries: OrderedDict[str, dict[str, dict[str, Any]]] = OrderedDict()
_lock = threading.Lock()  # for changes: the replay, the review and the lessons parse in threads


def parsed_move(game: Game, text: str) -> dict[str, Any] | None:
    """The parsed form of ``text`` if it is a decision of ``game``'s kind, else
    ``None`` (a chance event). The dictionary is shared: never change it.

    A move of a game (from its log, its legal moves or its actions) is a decision
    or a chance event whatever the game's options and state (the two are written
    differently), and a decision's text says all it holds: each is parsed once
    per game."""
    key = (game.name, text)
    known = _parsed.get(key, _UNKNOWN)
    if known is not _UNKNOWN:
        return known
    made: dict[str, Any] | None
    try:
        game.move_to_action(text)
    except ValueError:
        made = None
    else:
        made = game.parse(text).to_json()
    with _lock:
        _parsed[key] = made
        if len(_parsed) > CACHE_SIZE:
            del _parsed[next(iter(_parsed))]  # the first parsed
    return made


def parsed_decisions(game: Game, texts: Iterable[str]) -> dict[str, dict[str, Any]]:
    """The decisions among ``texts`` (moves of ``game``: its log, its legal moves),
    each with its parsed form: the ``moves`` that go with a frame's ``labels``."""
    out = {}
    for text in texts:
        move = parsed_move(game, text)
        if move is not None:
            out[text] = move
    return out


def tries(game: Game) -> dict[str, dict[str, Any]]:
    """The moves a click on the board asks for, allowed now or not (the refusal says
    why): every decision of ``game``'s kind that plays one tile (a tile of the hand)
    or removes sticks (a stick of the figure), with its parsed form."""
    key = game.name + json.dumps(dict(game.type.options), sort_keys=True, default=str)
    with _lock:
        known = _tries.get(key)
        if known is not None:
            _tries.move_to_end(key)
            return known
    out = {}
    for action in range(game.num_actions):
        text = game.action_to_move(action)
        move = parsed_move(game, text)
        assert move is not None  # every action is a decision
        one_tile = len(move["tiles"]) == 1 and not move["numbers"] and not move["detail"]
        if (move["kind"] == "play" and one_tile) or move["kind"] == "remove":
            out[text] = move
    with _lock:
        _tries[key] = out
        if len(_tries) > TRIES_CACHE_SIZE:
            _tries.popitem(last=False)
    return out
