"""Matches between bots, measured fairly.

Every game is seeded from the match seed and its number, so a match gives the
same results whatever runs it: one process, ``jobs`` processes, or a Ray
cluster (``ray``). With ``duplicate`` every deal is played once per arrangement
of the bots around the table (twice, sides swapped, for two sides), so luck of
the deal cancels out.

With ``results`` (a file) every game is written there as a JSON line as soon
as it finishes, after a first line naming the match; running the same match
again with the same file plays only the games not written yet (a line cut short
by an interruption is played again), so an interrupted match resumes where it
stopped. Each game's outcome holds who won, the scores, the moves and the hands
played (Cavaleiro: the rounds), as the game's events tell them.

>>> from ludoteca.arena import run_match
>>> result = run_match("texas42", ["greedy", "random"], games=4, duplicate=True, seed=1)
>>> result.games, [s.label for s in result.standings]
(4, ['greedy', 'random'])
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any

from .bots import choose_move, make_bot
from .game import Game
from .registry import new_game

__all__ = [
    "BotSpec",
    "GameOutcome",
    "MatchResult",
    "Standing",
    "hands_played",
    "parse_bot",
    "run_match",
    "standings",
    "wilson",
]

Task = tuple[str, list["BotSpec"], dict[str, Any], int, int, tuple[int, ...]]


@dataclass(frozen=True)
class BotSpec:
    """A bot in a match: its level and, optionally, its thinking budget per decision."""

    level: str
    budget: float | None = None

    @property
    def label(self) -> str:
        return self.level if self.budget is None else f"{self.level}:{self.budget:g}"


def parse_bot(text: str) -> BotSpec:
    """``"expert"`` or ``"expert:0.5"`` (a budget of 0.5 s per decision)."""
    level, _, budget = text.strip().partition(":")
    try:
        return BotSpec(level, float(budget) if budget else None)
    except ValueError:
        raise ValueError(f"a bot is written level or level:seconds, not {text!r}") from None


@dataclass(frozen=True)
class GameOutcome:
    """One game of a match: which bot sat on each side, who won, the scores."""

    deal: int
    arrangement: tuple[int, ...]  # bot index per side
    winner: int | None  # side index
    scores: tuple[float, ...]
    moves: int
    hands: int = 0  # hands played (Cavaleiro: rounds), as the game's events say


def hands_played(game: Game) -> int:
    """How many hands a game lasted (Cavaleiro: rounds), read from its events."""
    count = 0
    for events in game.events:
        for event in events:
            if event.code in ("hand_over", "hand_ended"):
                count += 1
            elif event.code == "game_over" and "rounds" in event.params:
                count = int(event.params["rounds"])
    return count


@dataclass
class Standing:
    """How one bot did over the match."""

    label: str
    games: int = 0
    points: float = 0.0  # 1 a win, 1/2 a shared result
    margin_total: float = 0.0
    win_rate: float = 0.0
    ci_low: float = 0.0
    ci_high: float = 0.0
    margin: float = 0.0
    elo: float = 0.0


@dataclass
class MatchResult:
    """The outcome of a match."""

    game: str
    bots: list[str]
    games: int
    duplicate: bool
    seed: int
    options: dict[str, Any]
    standings: list[Standing] = field(default_factory=list)
    outcomes: list[GameOutcome] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["outcomes"] = [asdict(o) for o in self.outcomes]
        return data

    def table(self) -> str:
        """The standings as a text table."""
        head = f"{'bot':<14}{'games':>7}{'win rate':>10}{'95% CI':>17}{'margin':>9}{'Elo':>8}"
        lines = [
            f"{self.game}: {self.games} games" + (" (duplicate)" if self.duplicate else ""),
            head,
        ]
        for s in self.standings:
            ci = f"[{100 * s.ci_low:5.1f}, {100 * s.ci_high:5.1f}]"
            lines.append(
                f"{s.label:<14}{s.games:>7}{100 * s.win_rate:>9.1f}%{ci:>17}"
                f"{s.margin:>+9.2f}{s.elo:>+8.0f}"
            )
        return "\n".join(lines)


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> lo, hi = wilson(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _play_one(task: Task) -> GameOutcome:
    game_name, bots, options, seed, deal, arrangement = task
    game = new_game(game_name, seed=seed * 1_000_003 + deal, **options)
    sides = game.result()["sides"]
    side_of = {seat: j for j, seats in enumerate(sides) for seat in seats}
    players = []
    for j in range(len(sides)):
        spec = bots[arrangement[j]]
        players.append(
            make_bot(game_name, spec.level, seed=(seed * 7919 + deal) * 31 + j, budget=spec.budget)
        )
    seat_bot = {seat: players[side_of[seat]] for seat in side_of}
    while not game.is_over:
        seat = game.to_move
        assert isinstance(seat, int)
        game.play(choose_move(seat_bot[seat], game))
    result = game.result()
    return GameOutcome(
        deal=deal,
        arrangement=arrangement,
        winner=result["winner"],
        scores=tuple(float(s) for s in result["scores"]),
        moves=len(game.moves),
        hands=hands_played(game),
    )


def _arrangements(sides: int, bots: int, deal: int, duplicate: bool) -> list[tuple[int, ...]]:
    base = [j % bots for j in range(sides)]
    if duplicate:
        return [tuple(base[(j - r) % sides] for j in range(sides)) for r in range(sides)]
    r = deal % sides
    return [tuple(base[(j - r) % sides] for j in range(sides))]


def _elo(outcomes: Sequence[GameOutcome], n_bots: int) -> list[float]:
    """Bradley-Terry strengths fitted to pairwise results, as Elo points (last bot at 0)."""
    wins = [[0.5] * n_bots for _ in range(n_bots)]  # a half game of prior each way
    for o in outcomes:
        for j, a in enumerate(o.arrangement):
            for k, b in enumerate(o.arrangement):
                if a == b or j >= k:
                    continue
                if o.winner == j:
                    wins[a][b] += 1
                elif o.winner == k:
                    wins[b][a] += 1
                elif o.winner is None:
                    wins[a][b] += 0.5
                    wins[b][a] += 0.5
    strength = [1.0] * n_bots
    for _ in range(200):
        new = []
        for a in range(n_bots):
            total_wins = sum(wins[a][b] for b in range(n_bots) if b != a)
            denom = sum(
                (wins[a][b] + wins[b][a]) / (strength[a] + strength[b])
                for b in range(n_bots)
                if b != a
            )
            new.append(total_wins / denom if denom else strength[a])
        strength = new
    ref = strength[-1]
    return [400 * math.log10(s / ref) for s in strength]


def standings(outcomes: Sequence[GameOutcome], labels: Sequence[str]) -> list[Standing]:
    """How each bot did over ``outcomes``: win rate with its Wilson interval, average
    margin over the other sides, and Elo (the last bot at 0)."""
    table = [Standing(label) for label in labels]
    for o in outcomes:
        for j, b in enumerate(o.arrangement):
            st = table[b]
            st.games += 1
            if o.winner == j:
                st.points += 1
            elif o.winner is None:
                st.points += 0.5
            others = [s for k, s in enumerate(o.scores) if k != j]
            st.margin_total += o.scores[j] - sum(others) / len(others)
    elos = _elo(outcomes, len(labels))
    for st, elo in zip(table, elos, strict=True):
        if st.games:
            st.win_rate = st.points / st.games
            st.ci_low, st.ci_high = wilson(st.points, st.games)
            st.margin = st.margin_total / st.games
        st.elo = elo
    return table


def run_match(
    game: str,
    bots: Sequence[str | BotSpec],
    *,
    games: int = 100,
    duplicate: bool = False,
    jobs: int = 1,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    ray: str | None = None,
    results: str | os.PathLike[str] | None = None,
    on_outcome: Callable[[GameOutcome], None] | None = None,
) -> MatchResult:
    """Play ``games`` games between ``bots`` (one per side, cycling if fewer).

    With ``duplicate`` the games come in groups of one per arrangement of the
    bots around the table, all on the same deal (``games`` is rounded up to a
    whole number of groups). ``jobs`` processes play them at once, or, with
    ``ray``, a Ray cluster: ``"local"`` starts one on this machine (with ``jobs``
    workers when more than one), anything else is the address of a running
    cluster (``"auto"``, ``"HOST:6379"``, ``"ray://HOST:10001"``). The results
    are the same either way. ``results`` is the JSON lines file that keeps every
    finished game (see the module doc). ``progress(done, total)`` and
    ``on_outcome(outcome)`` are called as games finish, in the order they finish
    (``on_outcome`` first with the games read back from ``results``). An
    exception raised by either stops the match: the games not started are
    dropped, and what finished is in ``results``.
    """
    specs = [b if isinstance(b, BotSpec) else parse_bot(b) for b in bots]
    if len(specs) < 2:
        raise ValueError("a match needs at least two bots")
    opts = dict(options or {})
    probe = new_game(game, seed=0, **opts)
    for spec in specs:
        make_bot(game, spec.level)  # fail early on an unknown or unbuilt level
    n_sides = len(probe.result()["sides"])
    tasks: list[Task] = []
    deal = 0
    while len(tasks) < games:
        for arrangement in _arrangements(n_sides, len(specs), deal, duplicate):
            tasks.append((game, specs, opts, seed, deal, arrangement))
        deal += 1
    labels = [s.label for s in specs]
    if len(set(labels)) < len(labels):
        labels = [f"{chr(65 + i)}:{lab}" for i, lab in enumerate(labels)]
    header = {
        "match": {
            "game": game,
            "bots": [s.label for s in specs],
            "duplicate": duplicate,
            "seed": seed,
            "options": opts,
        }
    }
    done: dict[tuple[int, tuple[int, ...]], GameOutcome] = {}
    if results is not None:
        done = _read_results(results, header)
    wanted = {(t[4], t[5]) for t in tasks}
    finished = [o for key, o in done.items() if key in wanted]
    todo = [t for t in tasks if (t[4], t[5]) not in done]
    count = len(finished)
    if on_outcome:
        for outcome in finished:
            on_outcome(outcome)
    if progress and count:
        progress(count, len(tasks))
    with _ResultsFile(results, header, fresh=not done) as sink:
        for outcome in _outcomes(todo, jobs, ray):
            sink.write(outcome)
            finished.append(outcome)
            count += 1
            if on_outcome:
                on_outcome(outcome)
            if progress:
                progress(count, len(tasks))
    order = {(t[4], t[5]): i for i, t in enumerate(tasks)}
    finished.sort(key=lambda o: order[o.deal, o.arrangement])
    return MatchResult(
        game=game,
        bots=labels,
        games=len(finished),
        duplicate=duplicate,
        seed=seed,
        options=opts,
        standings=standings(finished, labels),
        outcomes=finished,
    )


def _outcomes(tasks: list[Task], jobs: int, ray: str | None) -> Iterator[GameOutcome]:
    """The outcomes of ``tasks`` as they finish: here, in ``jobs`` processes, or on Ray."""
    if not tasks:
        return
    if ray is not None:
        yield from _ray_outcomes(tasks, jobs, ray)
    elif jobs > 1:
        pool = ProcessPoolExecutor(max_workers=jobs)
        try:
            futures = [pool.submit(_play_one, task) for task in tasks]
            for future in as_completed(futures):
                yield future.result()
        finally:  # stopped early (an interruption): drop the games not started
            pool.shutdown(wait=True, cancel_futures=True)
    else:
        for task in tasks:
            yield _play_one(task)


def _ray_outcomes(tasks: list[Task], jobs: int, address: str) -> Iterator[GameOutcome]:
    try:
        import ray  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise ValueError(
            "--ray needs Ray: pip install 'ludoteca[cluster]' (on every node of the cluster)"
        ) from None
    started = not ray.is_initialized()
    if started:
        if address == "local":
            ray.init(
                num_cpus=jobs if jobs > 1 else None,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    pending: list[Any] = []
    try:
        play = ray.remote(_play_one)
        pending = [play.remote(task) for task in tasks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            outcome: GameOutcome = ray.get(ready[0])
            yield outcome
    finally:
        for ref in pending:  # stopped early (an interruption): drop the games left
            ray.cancel(ref)
        if started:
            ray.shutdown()


def _outcome_json(o: GameOutcome) -> dict[str, Any]:
    data = asdict(o)
    data["arrangement"] = list(o.arrangement)
    data["scores"] = list(o.scores)
    return data


def _read_results(
    path: str | os.PathLike[str], header: dict[str, Any]
) -> dict[tuple[int, tuple[int, ...]], GameOutcome]:
    """The games already in a results file of this match (none if there is no file);
    ``ValueError`` if the file holds another match."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return {}
    lines = text.split("\n")
    if not text.endswith("\n"):
        lines = lines[:-1]  # a line cut short by an interruption: played again
    lines = [line for line in lines if line.strip()]
    if not lines:
        return {}
    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError:
        first = None
    if first != header:
        raise ValueError(
            f"{os.fspath(path)} holds the results of another match "
            f"({first.get('match') if isinstance(first, dict) else 'not a results file'}); "
            "give another file, or the same match"
        )
    out: dict[tuple[int, tuple[int, ...]], GameOutcome] = {}
    for number, line in enumerate(lines[1:], 2):
        try:
            data = json.loads(line)
            o = GameOutcome(
                deal=int(data["deal"]),
                arrangement=tuple(int(a) for a in data["arrangement"]),
                winner=None if data["winner"] is None else int(data["winner"]),
                scores=tuple(float(x) for x in data["scores"]),
                moves=int(data["moves"]),
                hands=int(data.get("hands", 0)),
            )
        except (ValueError, KeyError, TypeError):
            raise ValueError(f"{os.fspath(path)}, line {number}: not a game of the match") from None
        out[o.deal, o.arrangement] = o
    return out


class _ResultsFile:
    """Appends each finished game to the results file (nothing without one)."""

    def __init__(
        self, path: str | os.PathLike[str] | None, header: dict[str, Any], *, fresh: bool
    ) -> None:
        self.path = path
        self.header = header
        self.fresh = fresh
        self.file: Any = None

    def __enter__(self) -> _ResultsFile:
        if self.path is not None:
            if self.fresh:
                self.file = open(self.path, "w", encoding="utf-8")
                self._line(self.header)
            else:
                with open(self.path, "r+", encoding="utf-8") as f:
                    text = f.read()
                    if not text.endswith("\n"):  # a line cut short by an interruption
                        f.truncate(len(text[: text.rfind("\n") + 1].encode("utf-8")))
                self.file = open(self.path, "a", encoding="utf-8")
        return self

    def _line(self, data: dict[str, Any]) -> None:
        self.file.write(json.dumps(data) + "\n")
        self.file.flush()

    def write(self, outcome: GameOutcome) -> None:
        if self.file is not None:
            self._line(_outcome_json(outcome))

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


def add_subcommand(sub: Any) -> None:
    """``ludoteca arena``."""
    p = sub.add_parser("arena", help="play matches between bots and measure them")
    p.add_argument("game")
    p.add_argument("--bots", required=True, help="levels, one per side: expert,greedy[,...]")
    p.add_argument("--games", type=int, default=100)
    p.add_argument(
        "--duplicate", action="store_true", help="play every deal with the sides swapped"
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes (with --ray on a local cluster: its workers); results do not depend on it",
    )
    p.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help="play the games on a Ray cluster: a local one without ADDRESS, else the running "
        "cluster at ADDRESS (auto, HOST:6379, ray://HOST:10001); needs ludoteca[cluster]",
    )
    p.add_argument(
        "--out",
        metavar="FILE",
        help="write every game as a JSON line as it finishes; run again to resume",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.set_defaults(func=_cmd_arena)


def _running(labels: Sequence[str], outcomes: Sequence[GameOutcome]) -> str:
    """The standings so far in one line: each bot's win rate."""
    table = standings(outcomes, labels)
    return "  ".join(f"{s.label} {100 * s.win_rate:.0f}%" for s in table)


def _cmd_arena(args: Any) -> int:
    import sys

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from .cli import parse_option_values

    try:
        options = parse_option_values(args.option)
        bots = [parse_bot(b) for b in args.bots.split(",")]
        labels = [b.label for b in bots]
        if len(set(labels)) < len(labels):
            labels = [f"{chr(65 + i)}:{lab}" for i, lab in enumerate(labels)]
        seen: list[GameOutcome] = []
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            "{task.fields[standings]}",
            transient=True,
            disable=args.json or not sys.stderr.isatty(),
        ) as bar:
            task = bar.add_task(f"{args.game}: {args.bots}", total=args.games, standings="")

            def tick(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            def record(outcome: GameOutcome) -> None:
                seen.append(outcome)
                bar.update(task, standings=_running(labels, seen))

            result = run_match(
                args.game,
                bots,
                games=args.games,
                duplicate=args.duplicate,
                jobs=args.jobs,
                seed=args.seed,
                options=options,
                progress=tick,
                ray=args.ray,
                results=args.out,
                on_outcome=record,
            )
    except (ValueError, OSError) as e:
        print(f"ludoteca arena: {e}", file=sys.stderr)
        return 2
    if args.json:
        data = result.to_json()
        del data["outcomes"]
        print(json.dumps(data, indent=1))
    else:
        print(result.table())
    return 0
