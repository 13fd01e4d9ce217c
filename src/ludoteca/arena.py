"""Matches between bots, measured fairly.

Every game is seeded from the match seed and its number, so a match gives the
same results whatever the number of processes. With ``duplicate`` every deal is
played once per arrangement of the bots around the table (twice, sides swapped,
for two sides), so luck of the deal cancels out.

>>> from ludoteca.arena import run_match
>>> result = run_match("texas42", ["greedy", "random"], games=4, duplicate=True, seed=1)
>>> result.games, [s.label for s in result.standings]
(4, ['greedy', 'random'])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from .bots import choose_move, make_bot
from .registry import new_game

__all__ = ["BotSpec", "GameOutcome", "MatchResult", "Standing", "parse_bot", "run_match", "wilson"]


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


def _play_one(
    task: tuple[str, list[BotSpec], dict[str, Any], int, int, tuple[int, ...]],
) -> GameOutcome:
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
) -> MatchResult:
    """Play ``games`` games between ``bots`` (one per side, cycling if fewer).

    With ``duplicate`` the games come in groups of one per arrangement of the
    bots around the table, all on the same deal (``games`` is rounded up to a
    whole number of groups).
    """
    specs = [b if isinstance(b, BotSpec) else parse_bot(b) for b in bots]
    if len(specs) < 2:
        raise ValueError("a match needs at least two bots")
    opts = dict(options or {})
    probe = new_game(game, seed=0, **opts)
    for spec in specs:
        make_bot(game, spec.level)  # fail early on an unknown or unbuilt level
    n_sides = len(probe.result()["sides"])
    tasks: list[tuple[str, list[BotSpec], dict[str, Any], int, int, tuple[int, ...]]] = []
    deal = 0
    while len(tasks) < games:
        for arrangement in _arrangements(n_sides, len(specs), deal, duplicate):
            tasks.append((game, specs, opts, seed, deal, arrangement))
        deal += 1
    outcomes: list[GameOutcome] = []
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for i, outcome in enumerate(pool.map(_play_one, tasks, chunksize=1)):
                outcomes.append(outcome)
                if progress:
                    progress(i + 1, len(tasks))
    else:
        for i, task in enumerate(tasks):
            outcomes.append(_play_one(task))
            if progress:
                progress(i + 1, len(tasks))
    labels = [s.label for s in specs]
    if len(set(labels)) < len(labels):
        labels = [f"{chr(65 + i)}:{lab}" for i, lab in enumerate(labels)]
    standings = [Standing(label) for label in labels]
    for o in outcomes:
        for j, b in enumerate(o.arrangement):
            st = standings[b]
            st.games += 1
            if o.winner == j:
                st.points += 1
            elif o.winner is None:
                st.points += 0.5
            others = [s for k, s in enumerate(o.scores) if k != j]
            st.margin_total += o.scores[j] - sum(others) / len(others)
    elos = _elo(outcomes, len(specs))
    for st, elo in zip(standings, elos, strict=True):
        if st.games:
            st.win_rate = st.points / st.games
            st.ci_low, st.ci_high = wilson(st.points, st.games)
            st.margin = st.margin_total / st.games
        st.elo = elo
    return MatchResult(
        game=game,
        bots=labels,
        games=len(outcomes),
        duplicate=duplicate,
        seed=seed,
        options=opts,
        standings=standings,
        outcomes=outcomes,
    )


def add_subcommand(sub: Any) -> None:
    """``ludoteca arena``."""
    p = sub.add_parser("arena", help="play matches between bots and measure them")
    p.add_argument("game")
    p.add_argument("--bots", required=True, help="levels, one per side: expert,greedy[,...]")
    p.add_argument("--games", type=int, default=100)
    p.add_argument(
        "--duplicate", action="store_true", help="play every deal with the sides swapped"
    )
    p.add_argument("--jobs", type=int, default=1, help="processes (results do not depend on it)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.set_defaults(func=_cmd_arena)


def _cmd_arena(args: Any) -> int:
    import json
    import sys

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from .cli import parse_option_values

    try:
        options = parse_option_values(args.option)
        bots = [parse_bot(b) for b in args.bots.split(",")]
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            transient=True,
            disable=args.json or not sys.stderr.isatty(),
        ) as bar:
            task = bar.add_task(f"{args.game}: {args.bots}", total=args.games)

            def tick(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            result = run_match(
                args.game,
                bots,
                games=args.games,
                duplicate=args.duplicate,
                jobs=args.jobs,
                seed=args.seed,
                options=options,
                progress=tick,
            )
    except ValueError as e:
        print(f"ludoteca arena: {e}", file=sys.stderr)
        return 2
    if args.json:
        data = result.to_json()
        del data["outcomes"]
        print(json.dumps(data, indent=1))
    else:
        print(result.table())
    return 0
