"""The work a decision and a chance event do, counted on fixed games (never timed).

Each game is played to its end on the fast path (``legal_actions`` and
``fast.apply``, chance drawn by the game) while the expensive steps are
counted: generators seeded, chance numbers drawn, events built, copies, views,
rebuilds and moves written out. A decision that starts seeding a generator for its
dice, building its events when nobody reads them or copying the state fails here,
whatever the machine's speed. (Cavaleiro's fast path once seeded a generator from a
string for every roll and built every event as it went: eight times slower.)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import ludoteca
from ludoteca.chance import ChanceSource
from ludoteca.events import Event
from ludoteca.game import Game
from ludoteca.games.bingo.core import BingoCore
from ludoteca.games.cavaleiro.core import State as CavaleiroState
from ludoteca.games.fiveup.core import State as FiveUpState
from ludoteca.games.texas42.core import State as Texas42State

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("texas42", {}, 11),
    ("fiveup", {"players": 2}, 12),
    ("fiveup", {"players": 4}, 13),
    ("bingo", {}, 14),
    ("cavaleiro", {"players": 2}, 15),
    ("cavaleiro", {"players": 6}, 16),
]

EVENTS_BUILT_AT_MOST: dict[tuple[str, int], float] = {
    ("texas42", 4): 0.31,
    ("fiveup", 2): 0.16,
    ("fiveup", 4): 0.17,
    ("bingo", 2): 0.0,
    ("cavaleiro", 2): 0.0,
    ("cavaleiro", 6): 0.0,
}
"""Events built per move (decision or chance event) on the fast path, at most, in the
games above: Bingo's and Cavaleiro's are built only when read; the other cores emit
theirs as they go (a trick won, points scored, a hand's end)."""


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """A counter of the steps that cost: each method below, wrapped."""
    counts: Counter[str] = Counter()

    def wrap(owner: Any, name: str, label: str) -> None:
        original: Callable[..., Any] = getattr(owner, name)

        def counting(*args: Any, **kwargs: Any) -> Any:
            counts[label] += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, counting)

    wrap(random.Random, "seed", "generators seeded")
    wrap(ChanceSource, "number", "chance numbers")
    numbers = ChanceSource.numbers

    def counting_numbers(source: ChanceSource, start: int, count: int) -> list[int]:
        counts["chance numbers"] += count
        return numbers(source, start, count)

    monkeypatch.setattr(ChanceSource, "numbers", counting_numbers)
    wrap(Event, "__init__", "events built")
    wrap(Game, "copy", "copies")
    wrap(Game, "view", "views")
    wrap(Game, "_rebuild", "rebuilds")
    for core in (Texas42State, FiveUpState, BingoCore, CavaleiroState):
        wrap(core, "clone", "copies")
    for name in ("texas42", "fiveup", "bingo", "cavaleiro"):
        wrap(ludoteca.game_class(name), "action_to_move", "moves written")
    yield counts


def play_out(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end with random decisions on the fast path; the decisions."""
    decisions = 0
    legal = game.legal_actions
    apply = game.fast.apply
    while not game.is_over:
        apply(rng.choice(legal()))
        decisions += 1
    return decisions


@pytest.mark.parametrize(("name", "options", "seed"), GAMES)
def test_a_decision_and_a_chance_event_do_no_more_work_than_they_must(
    counted: Counter[str], name: str, options: dict[str, Any], seed: int
) -> None:
    game = ludoteca.new_game(name, seed=seed, **options)
    start = len(game)  # the chance events before the first decision
    rng = random.Random(seed)
    counted.clear()
    decisions = play_out(game, rng)
    drawn = sum(1 for actor, _ in game.history[start:] if actor == "chance")
    assert decisions > 20 and drawn > 0
    assert counted["generators seeded"] == 0
    assert counted["chance numbers"] == drawn  # one number a chance event, nothing else
    assert counted["copies"] == counted["views"] == counted["rebuilds"] == 0
    budget = EVENTS_BUILT_AT_MOST[name, game.num_seats]
    assert counted["events built"] <= budget * (len(game) - start)


@pytest.mark.parametrize(("name", "options", "seed"), GAMES)
def test_events_built_late_are_the_events_of_the_moves(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = ludoteca.new_game(name, seed=seed, **options)
    play_out(game, random.Random(seed))
    again = ludoteca.replay(game.record())  # every move played through play()
    assert again.events == game.events
    assert game.last_events() == again.events[-1]
    assert any(game.events)


@pytest.mark.parametrize(("name", "options", "seed"), GAMES)
def test_pop_does_the_same_work_early_and_late(
    counted: Counter[str], name: str, options: dict[str, Any], seed: int
) -> None:
    game = ludoteca.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    decisions = 0
    work = []
    for target in (3, 30):
        while decisions < target:
            game.fast.apply(rng.choice(game.legal_actions()))
            decisions += 1
        assert not game.is_over
        counted.clear()
        game.pop()
        work.append(counted.copy())
        game.fast.apply(rng.choice(game.legal_actions()))
    assert work[0] == work[1]
    assert work[0]["moves written"] == 1
    assert work[0]["rebuilds"] == work[0]["copies"] == work[0]["chance numbers"] == 0


class CountingList(list[Any]):
    """A list that counts the entries read from it (by index, slice or iteration)."""

    reads = 0

    def __getitem__(self, key: Any) -> Any:
        found = super().__getitem__(key)
        CountingList.reads += len(found) if isinstance(key, slice) else 1
        return found

    def __iter__(self) -> Iterator[Any]:
        CountingList.reads += len(self)
        return super().__iter__()


@pytest.mark.parametrize("chance", ["auto", "manual"])
@pytest.mark.parametrize(("name", "options", "seed"), GAMES)
def test_every_pop_of_a_whole_game_reads_only_the_moves_it_undoes(
    counted: Counter[str], name: str, options: dict[str, Any], seed: int, chance: str
) -> None:
    """Played to its end, then popped back to its start: each pop reads the entries it
    takes off the history and a few more, never the rest of the game (a pop that
    writes out the history, or looks back for the hand's deal, fails here)."""
    game = ludoteca.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    decisions = play_out(game, rng)
    if chance == "manual":
        game.chance_mode = "manual"
    pops = decisions if chance == "auto" else len(game)
    game._history = CountingList(game._history)
    game._actors = CountingList(game._actors)
    assert decisions > 40
    most = 0
    for _ in range(pops):
        before = len(game)
        CountingList.reads = 0
        counted.clear()
        game.pop()
        taken = before - len(game)
        assert 1 <= taken <= 8
        assert counted["moves written"] <= 1
        assert counted["rebuilds"] == counted["copies"] == counted["chance numbers"] == 0
        most = max(most, CountingList.reads - taken)
    assert most <= 2
    assert all(actor == "chance" for actor, _ in game.history)
    if chance == "manual":
        assert len(game) == 0
