"""Helpers for the web app's tests: what a seat must not see, and frame checks.

Hidden information is worked out here from the true game (rebuilt from the
stored moves) through the public API, independently of the frame under test:
the tiles in the other seats' hands and in the stock, less the tiles every
player has been shown.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

import ludoteca
from ludoteca.game import CHANCE, Game
from ludoteca.tiles import TILE_TEXT


def unavailable(reason: str) -> None:
    """Skip a test whose service or browser is missing, except in CI, where it fails.

    CI (``.ci/run`` sets ``CI``) installs chromium and PostgreSQL: a missing one
    there is a broken run, never a green one.
    """
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI must provide it", pytrace=False)
    pytest.skip(reason)


TILE_RE = re.compile(r"(?<![0-9])([0-6])-([0-6])(?![0-9])")
ALL_TILES = frozenset(TILE_TEXT)

# View keys that hold earlier hands (every tile shows up there in time):
# checked separately, not scanned for the current hand's hidden tiles.
HAND_ENDS = {"hand_ended"}
"""Events that end a hand and show the tiles left (Five-Up counts them for the bonus)."""
HISTORY_KEYS = {
    "log",
    "events",
    "hands_played",
    "score_events",
    "set_events",
    "first_leader_draw",
    "first_dealer_draws",
    "first_draw",
    "hand_log",
}


def norm(a: str, b: str) -> str:
    x, y = int(a), int(b)
    return f"{max(x, y)}-{min(x, y)}"


def tiles_in(data: Any) -> set[str]:
    """Every tile written anywhere in ``data`` (as JSON)."""
    text = data if isinstance(data, str) else json.dumps(data)
    return {norm(a, b) for a, b in TILE_RE.findall(text)}


def hidden_from(truth: Game, seat: int | None) -> set[str]:
    """Tiles that ``seat`` must not see in ``truth`` now (``None``: a spectator)."""
    if truth.name == "cavaleiro":
        return set()
    n = truth.num_seats
    hands = [set(truth.view(s).get("hand") or []) for s in range(n)]
    public = truth.view(None)
    shown: set[str] = set()
    for held in public.get("known_held") or []:
        shown |= set(held)
    for key in ("turned_up_tile", "up"):
        if public.get(key):
            shown.add(public[key])
    current = {k: v for k, v in public.items() if k not in HISTORY_KEYS}
    on_table = tiles_in(current)
    stock = ALL_TILES - set().union(*hands) - on_table - shown
    hidden = set(stock)
    for s in range(n):
        if s != seat:
            hidden |= hands[s]
    if seat is not None:
        hidden -= hands[seat]
    return hidden - shown


def check_log_redaction(game: str, log: list[str], seats: list[Any], seat: int | None) -> None:
    """Chance events in a seat's log show only that seat's own hidden tiles."""
    assert len(log) == len(seats)
    for entry, who in zip(log, seats, strict=True):
        if who is not None:
            continue
        if game == "texas42" and entry.startswith("deal "):
            parts = [p.strip() for p in entry[5:].split("|")]
            for k, part in enumerate(parts):
                if k != seat:
                    assert part == "?", f"seat {seat} sees hand {k} in {entry!r}"
        elif game == "bingo" and entry.startswith("deal "):
            parts = [p.strip() for p in entry[5:].split("|")]
            for k in (0, 1):
                if k != seat:
                    assert parts[k] == "?", f"seat {seat} sees hand {k} in {entry!r}"
            assert parts[3] == "stock ?", f"the stock order leaks in {entry!r}"
        elif game == "fiveup" and entry.startswith("deal "):
            parts = [p.strip() for p in entry[5:].split("|")]
            for k in range(len(parts) - 1):
                if k != seat:
                    assert parts[k] == "?", f"seat {seat} sees hand {k} in {entry!r}"
            assert parts[-1] == "stock ?", f"the stock order leaks in {entry!r}"


def movers(frame: dict[str, Any]) -> list[int | None]:
    """Who made each move of a frame's view (``None``: a chance event)."""
    return [s if isinstance(s, int) else None for s in frame["view"]["log_seats"]]


def check_frame(frame: dict[str, Any], truth: Game) -> None:
    """A state frame sent to its seat shows nothing hidden from that seat."""
    seat = frame["seat"]
    view = frame["view"]
    assert view["seat"] == seat
    hidden = hidden_from(truth, seat)
    current = {k: v for k, v in view.items() if k not in HISTORY_KEYS}
    leaked = tiles_in(current) & hidden
    assert not leaked, f"seat {seat} was sent hidden tiles {sorted(leaked)} at move {frame['n']}"
    last = frame.get("last")
    if last is not None:  # the decision just made: public, and already in the log
        assert last["seat"] is not None and last["move"] in view["log"]
    if frame.get("result") is not None:  # the end: every hand summed up, as the record shows
        assert truth.is_over and frame["result"] == json.loads(json.dumps(truth.result()))
    # labels and parsed moves say moves of the log (checked with it) and legal moves; the
    # moves a click may try name every tile of the game: none is a secret
    shown = ("view", "said", "labels", "moves", "last", "result", "tries")
    rest = {k: v for k, v in frame.items() if k not in shown}
    leaked = tiles_in(rest) & hidden
    assert not leaked, f"seat {seat} was sent hidden tiles {sorted(leaked)} outside its view"
    # the words say the view's moves and events: no tile the view does not show
    unseen = tiles_in(frame.get("said") or {}) - tiles_in(view)
    assert not unseen & hidden, f"seat {seat} was told of hidden tiles {sorted(unseen & hidden)}"
    events = [e for e in view.get("score_events") or [] if e.get("hand") == view.get("hand_number")]
    assert not tiles_in(events) & hidden
    deals = [i for i, entry in enumerate(view["log"]) if entry.startswith("deal ")]
    # the end of a Five-Up hand shows the tiles left (they are counted); nothing before it does
    this_hand = [
        e
        for e in view.get("events") or []
        if e["n"] > (deals[-1] if deals else -1) and e["code"] not in HAND_ENDS
    ]
    assert not tiles_in(this_hand) & hidden, f"seat {seat} sees hidden tiles in this hand's events"
    check_log_redaction(truth.name, view["log"], movers(frame), seat)
    allowed_labels = set(view["log"]) | set(view["legal_moves"])
    assert set(frame["labels"]) <= allowed_labels
    for key, label in frame["labels"].items():
        if key.startswith("deal "):
            assert not tiles_in(label) - tiles_in(key), label
    check_parsed(frame, truth)
    if seat is not None and truth.to_move == seat:
        assert sorted(view["legal_moves"]) == sorted(truth.legal_moves())
    else:
        assert view["legal_moves"] == []


def check_parsed(frame: dict[str, Any], truth: Game) -> None:
    """Every decision the frame names (its legal moves, the log's decisions) comes
    parsed, as the game parses it; its chance events do not (no page reads them)."""
    view = frame["view"]
    made_by_seats = [i for i, (who, _) in enumerate(truth.history) if who != CHANCE]
    decisions = {view["log"][i] for i in made_by_seats} | set(view["legal_moves"])
    assert set(frame["moves"]) == decisions
    assert decisions <= set(frame["labels"])
    for text, parsed in frame["moves"].items():
        assert parsed == truth.parse(text).to_json(), text
        assert tiles_in(parsed) == tiles_in(text), text
    if "tries" in frame:  # a seat's: a play of each tile of the game, or each removal
        assert frame["seat"] is not None
        for text, parsed in frame["tries"].items():
            assert parsed == truth.parse(text).to_json(), text
        kinds = {p["kind"] for p in frame["tries"].values()}
        assert kinds == ({"remove"} if truth.name == "cavaleiro" else {"play"})
        if kinds == {"play"}:
            assert sorted(p["tiles"][0] for p in frame["tries"].values()) == sorted(TILE_TEXT)


def truth_at(record: dict[str, Any], n: int) -> Game:
    """The true game after its first ``n`` stored moves."""
    prefix = dict(record, moves=record["moves"][:n])
    return ludoteca.replay(prefix)


class Truth:
    """The true game, advanced to any later move count of one record."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.game: Game = ludoteca.new_game(
            record["game"], chance="manual", names=record["players"], **record["options"]
        )
        self.n = 0

    def at(self, n: int) -> Game:
        if n < self.n:
            self.__init__(self.record)  # type: ignore[misc]
        while self.n < n:
            self.game.play(self.record["moves"][self.n])
            self.n += 1
        return self.game


def owes(state: dict[str, Any], seat: int | None) -> str | None:
    """What ``seat`` must send for the table to go on: ``continue`` after a hand's
    end, ``roll`` when its own roll is due; ``None``: nothing."""
    awaits = state.get("awaits")
    if seat is None or not awaits:
        return None
    if awaits["kind"] == "continue" or (awaits["kind"] == "roll" and awaits["seat"] == seat):
        return str(awaits["kind"])
    return None


def apply_delta(state: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The ``state`` a ``delta`` frame leads to, as the page's script builds it.

    The result is what a full ``state`` frame at the delta's move count holds
    (labels and parsed moves limited to the log and the legal moves, like a full
    frame's).
    """
    start = delta["log_from"]
    view = {} if delta.get("view_replace") else dict(state["view"])
    view.update(delta["view"])
    for key in delta.get("view_drop", []):
        view.pop(key, None)
    view["log"] = state["view"]["log"][:start] + delta["log"]
    kept_events = [e for e in state["view"]["events"] if e["n"] < start]
    view["events"] = kept_events + delta["events"]
    said = {
        **state["said"],
        **delta["said"],
        "log": [line for line in state["said"]["log"] if line["n"] < start] + delta["said"]["log"],
        "events": state["said"]["events"][: len(kept_events)] + delta["said"]["events"],
    }
    for key, items in delta.get("append", {}).items():
        view[key] = state["view"][key] + items
    wanted = set(view["log"]) | set(view["legal_moves"])
    labels = {k: v for k, v in {**state["labels"], **delta["labels"]}.items() if k in wanted}
    moves = {k: v for k, v in {**state["moves"], **delta["moves"]}.items() if k in wanted}
    return {
        **state,
        "type": "state",
        "n": delta["n"],
        "view": view,
        "said": said,
        "labels": labels,
        "moves": moves,
        "last": delta["last"],
        "result": delta["result"],
        "awaits": delta["awaits"],
        "undo": delta.get("undo", False),
        "table": delta.get("table", state["table"]),
    }


def stored_table(
    store: Any,
    game: str,
    moves: list[tuple[int | None, str]],
    players: int,
    options: dict[str, Any] | None = None,
    bot_delay: float = 0.0,
    bots: dict[int, str] | None = None,
) -> tuple[str, list[str]]:
    """A table stored with these first moves (who made each, the move: a deal set by
    hand), a person in every seat but the ``bots`` (seat: level): its id, and each
    seat's token (as the page keeps it)."""
    import secrets

    from ludoteca.web.hub import new_table_id
    from ludoteca.web.schema import hash_secret
    from ludoteca.web.store import SeatData, TableData

    tokens = [secrets.token_urlsafe(16) for _ in range(players)]
    bots = bots or {}
    seats = [
        SeatData(i, "bot", bots[i], f"Bot {i + 1}", None, None)
        if i in bots
        else SeatData(i, "human", None, f"P{i + 1}", None, hash_secret(tokens[i]))
        for i in range(players)
    ]
    table_id = new_table_id()
    store.create_table(
        TableData(
            id=table_id, game=game, options=options or {}, seed=1, bot_delay=bot_delay,
            over=False, seats=seats, moves=[m for _, m in moves], move_seats=[w for w, _ in moves],
        )
    )  # fmt: skip
    return table_id, tokens
