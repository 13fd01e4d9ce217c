"""Texas 42 duplicate match between two engines of the bot protocol: the marks
one side takes over the other, deal pair by deal pair.

Run from the repository root (each side is an engine command, as ``ludoteca
arena`` takes them; the defaults are today's expert and the expert of commit
5dee971 through ``bench/engines/ludoteca_texas42.py``, in a worktree
``../base42`` installed as that script's doc says):

    .venv/bin/python bench/duplicate_42.py --pairs 12 --mode both --workers 2 \\
        --a "cmd:.venv/bin/python -m ludoteca bot texas42 expert" \\
        --b "cmd:../base42/.venv/bin/python bench/engines/ludoteca_texas42.py --seed 1"

A *deal* is one hand: a game of the default options (marks, to 7) is started
from the deal's seed and stopped at its first ``hand_over`` event; the marks
that hand gives each side are the result. Each deal is played twice, side A
at seats 0 and 2 and then at seats 1 and 3, on the same seed, so the same
tiles (chance is drawn from the seed and the move's index, and both games of a
pair reach the deal at the same index). A pair's value is A's marks minus B's
over its two games; the figure is the mean of the pairs with a 95% interval
(mean ± 1.96·sd/√n).

- ``full``: each side bids, names trump and plays for itself. A hand all four
  seats pass is over with no marks (option ``all_pass=redeal``: it counts 0).
- ``play-only``: the auction and the trump are decided once per deal by a
  neutral policy (``--auction``, by default today's built-in expert, in this
  process, seeded from the deal), then each side plays that same contract from
  both seats. A deal all four pass is skipped (the next seed is drawn).

Also printed: each side's make rate as the bidder (hands it bid, or in
``play-only`` played as the bidders, and made), and its time per decision
(decisions with more than one legal move): median and p95 of the CPU time of
the engine's own process over the decision (``/proc/PID/schedstat``: the
view's rebuilding counts with the search), and the wall time the host waited.

Each pair starts its two engines afresh (a few tenths of a second), so a pair
gives the same moves whatever ``--workers`` plays it (the engines are seeded
per game number in their process, as ``ludoteca bot`` is).
"""

from __future__ import annotations

import argparse
import math
import shlex
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca import new_game
from ludoteca.bots import choose_move, make_bot
from ludoteca.bots.base import SeatHandle
from ludoteca.game import Game
from ludoteca.protocol import Engine, EngineError, EngineSpec
from ludoteca.workers import Workers

GAME = "texas42"
SIDES = ((0, 2), (1, 3))
ROOT = Path(__file__).resolve().parent.parent
TODAY = f"cmd:{shlex.quote(sys.executable)} -m ludoteca bot texas42 expert"
BASELINE = (
    f"cmd:{shlex.quote(str(ROOT.parent / 'base42' / '.venv' / 'bin' / 'python'))} "
    + shlex.quote(str(ROOT / "bench" / "engines" / "ludoteca_texas42.py"))
    + " --level expert"
)
"""The expert of commit 5dee971, in a worktree beside this one (see docs/bots.md)."""


@dataclass
class Timing:
    """One decision of an engine: CPU seconds in its process, wall seconds waited."""

    cpu: float
    wall: float
    phase: str


@dataclass
class Hand:
    """One game of a pair: the marks each side took, who bid and whether it was made."""

    marks: dict[str, int]
    bidder: str | None  # "A", "B" or None (all passed)
    made: bool
    contract: str


@dataclass
class PairResult:
    pair: int
    seed: int
    hands: list[Hand] = field(default_factory=list)
    timings: dict[str, list[Timing]] = field(default_factory=lambda: {"A": [], "B": []})
    skipped: bool = False
    failure: str = ""
    engine_cpu: dict[str, float] = field(default_factory=lambda: {"A": 0.0, "B": 0.0})
    """CPU seconds of each side's engine process over the pair, its start included."""
    host_cpu: float = 0.0
    """CPU seconds of the process playing the pair (the auction included)."""

    @property
    def value(self) -> int:
        return sum(h.marks["A"] - h.marks["B"] for h in self.hands)


def cpu_of(pid: int) -> float:
    """CPU seconds the process ``pid`` has run (its main thread, to the nanosecond)."""
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[0]) / 1e9


def hand_over(game: Game, since: int) -> Any:
    """The ``hand_over`` event of the moves from ``since`` on (``None``: none)."""
    for events in game.events[since:]:
        for event in events:
            if event.code == "hand_over":
                return event
    return None


def auction(deal_seed: int, level: str) -> Game | None:
    """The game of ``deal_seed`` once the neutral policy has bid and named trump
    (``None``: all four passed)."""
    game = new_game(GAME, seed=deal_seed)
    bots = [make_bot(GAME, level, seed=deal_seed * 4 + s) for s in range(4)]
    while True:
        seat = game.to_move
        assert isinstance(seat, int)
        if game.view(seat)["phase"] == "play":
            return game
        since = len(game.moves)
        game.play(choose_move(bots[seat], game))
        if hand_over(game, since) is not None:
            return None


def play_hand(
    game: Game, engines: dict[str, Engine], seat_of: dict[int, str], result: PairResult
) -> Hand:
    """Play ``game`` on to the end of its hand, each seat asking its side's engine."""
    while True:
        seat = game.to_move
        assert isinstance(seat, int)
        label = seat_of[seat]
        engine = engines[label]
        handle = SeatHandle(game, seat)
        legal = handle.legal_moves()
        phase = handle.view()["phase"]
        assert engine.pid is not None
        cpu = cpu_of(engine.pid)
        decision = engine.decide(
            game=GAME, options=handle.options, seat=seat, view=handle.view(), legal_moves=legal
        )
        if len(legal) > 1:
            result.timings[label].append(Timing(cpu_of(engine.pid) - cpu, decision.seconds, phase))
        since = len(game.moves)
        game.play(decision.move)
        event = hand_over(game, since)
        if event is not None:
            p = event.params
            gained = p.get("gained") or [0, 0]
            bidder = p.get("bidder")
            return Hand(
                marks={seat_of[s]: int(gained[j]) for j, (s, _) in enumerate(SIDES)},
                bidder=None if bidder is None or p.get("all_passed") else seat_of[bidder],
                made=bool(p.get("made")),
                contract=f"{p.get('bid')} {p.get('contract')}",
            )


def play_pair(task: tuple[int, int, str, str, str, str, float]) -> PairResult:
    """Both games of one deal pair (see the module doc)."""
    pair, deal_seed, mode, cmd_a, cmd_b, level, move_time = task
    result = PairResult(pair, deal_seed)
    cpu = time.process_time()
    start: Game | None = new_game(GAME, seed=deal_seed)
    if mode == "play-only":
        start = auction(deal_seed, level)
        if start is None:
            result.skipped = True
            result.host_cpu = time.process_time() - cpu
            return result
    assert start is not None
    engines: dict[str, Engine] = {}
    try:
        for label, cmd in (("A", cmd_a), ("B", cmd_b)):
            engines[label] = Engine(EngineSpec.parse(cmd, move_time=move_time))
            engines[label].start()
        for a_side in (0, 1):
            seat_of = {
                s: "A" if j == a_side else "B" for j, seats in enumerate(SIDES) for s in seats
            }
            for label, engine in engines.items():
                seats = [s for s in range(4) if seat_of[s] == label]
                engine.new_game(GAME, start.options, seats)
            result.hands.append(play_hand(start.copy(), engines, seat_of, result))
    except EngineError as e:
        result.failure = f"{e.kind}: {e}"
    finally:
        for label, engine in engines.items():
            if engine.pid is not None and engine.running:
                result.engine_cpu[label] = cpu_of(engine.pid)
            engine.close()
    result.host_cpu = time.process_time() - cpu
    return result


def pair_results(tasks: list[Any], workers: int) -> Iterator[PairResult]:
    if workers <= 1:
        for task in tasks:
            yield play_pair(task)
        return
    # the arena's worker processes: forked from a fresh server process (the engines'
    # readers are threads), and stopped at once however they are busy
    with Workers(play_pair, workers) as pool:
        yield from pool.run(tasks)


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (1.96·sd/√n)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if n > 1 else math.nan
    return mean, 1.96 * sd / math.sqrt(n)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else math.nan


def run(args: argparse.Namespace, mode: str) -> None:
    wanted = args.pairs
    results: list[PairResult] = []
    skipped: list[PairResult] = []
    failed: list[PairResult] = []
    next_pair = 0
    started = time.perf_counter()
    while len(results) < wanted:
        tasks = [
            (
                p,
                args.seed * 1_000_003 + p,
                mode,
                args.a,
                args.b,
                args.auction,
                args.move_time,
            )
            for p in range(next_pair, next_pair + wanted - len(results))
        ]
        next_pair += len(tasks)
        for r in pair_results(tasks, args.workers):
            if r.skipped:
                skipped.append(r)
            elif r.failure:
                failed.append(r)
            else:
                results.append(r)
            print(f"{mode}: pair {r.pair} {r.value:+d}", file=sys.stderr, flush=True)
    wall = time.perf_counter() - started
    report(args, mode, results, skipped, failed, wall)


def report(
    args: argparse.Namespace,
    mode: str,
    results: list[PairResult],
    skipped: list[PairResult],
    failed: list[PairResult],
    wall: float,
) -> None:
    mean, half = interval([float(r.value) for r in results])
    print(f"## {mode}: {len(results)} deal pairs (seed {args.seed})")
    if mode == "play-only":
        print(
            f"auction and trump by {args.auction} (this tree, in the host); "
            f"{len(skipped)} deals passed out, skipped"
        )
    print(f"A = {args.a}\nB = {args.b}")
    print(f"A - B marks per deal pair: {mean:+.3f} ± {half:.3f} (95%), per hand {mean / 2:+.3f}")
    counts = [
        sum(r.value > 0 for r in results),
        sum(r.value == 0 for r in results),
        sum(r.value < 0 for r in results),
    ]
    print(f"pairs won by A / even / won by B: {counts[0]} / {counts[1]} / {counts[2]}")
    print("pair values:", " ".join(f"{r.value:+d}" for r in results))
    for label in ("A", "B"):
        bids = [h for r in results for h in r.hands if h.bidder == label]
        made = sum(h.made for h in bids)
        rate = f"{100 * made / len(bids):.0f}%" if bids else "-"
        times = [t for r in results for t in r.timings[label]]
        cpu = [t.cpu for t in times]
        wall_t = [t.wall for t in times]
        print(
            f"{label}: bidder make rate {made}/{len(bids)} ({rate}); {len(times)} decisions, "
            f"CPU median {statistics.median(cpu) if cpu else math.nan:.3f} s "
            f"p95 {percentile(cpu, 0.95):.3f} s; wall median "
            f"{statistics.median(wall_t) if wall_t else math.nan:.3f} s "
            f"p95 {percentile(wall_t, 0.95):.3f} s"
        )
    for r in failed:
        print(f"pair {r.pair} (seed {r.seed}) not counted: {r.failure}")
    everything = [*results, *skipped, *failed]
    engines = {x: sum(r.engine_cpu[x] for r in everything) for x in ("A", "B")}
    host = sum(r.host_cpu for r in everything)
    print(
        f"CPU: engine A {engines['A']:.1f} s, engine B {engines['B']:.1f} s, the games "
        f"(auctions included) {host:.1f} s; {wall:.0f} s wall\n",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pairs", type=int, default=12, help="deal pairs per mode")
    parser.add_argument("--mode", choices=["play-only", "full", "both"], default="both")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--a", default=TODAY, help="side A's engine command (cmd:...)")
    parser.add_argument("--b", default=BASELINE, help="side B's engine command (cmd:...)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--auction", default="expert", help="built-in level bidding for play-only (this tree)"
    )
    parser.add_argument("--move-time", type=float, default=60.0, help="seconds per decision")
    args = parser.parse_args()
    modes = ["play-only", "full"] if args.mode == "both" else [args.mode]
    print(f"$ {shlex.join(sys.argv)}\n")
    for mode in modes:
        run(args, mode)


if __name__ == "__main__":
    main()
