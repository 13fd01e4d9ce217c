"""Matches between bots, measured fairly.

Every game is seeded from the match seed and its number, so a match gives the
same results whatever runs it: one process, ``jobs`` processes, or a Ray
cluster (``ray``). With ``duplicate`` every deal is played once per arrangement
of the bots around the table (twice, sides swapped, for two sides), so luck of
the deal cancels out.

The players are built-in levels (``"expert"``, ``"expert:0.5"``), engines of the
bot protocol (``"cmd:python3 mybot.py"``, each game in a process of its own)
or Python agents (see :mod:`ludoteca.agents`). An engine that cannot be started,
does not shake hands or does not play the game is refused before the first game
(``EngineError``, a ``ValueError``). A player that is not a built-in level and
fails in a game (an engine that crashes, stays silent past its time or answers
garbage, any player answering an illegal move or raising an error) loses that
game: the outcome says why (``GameOutcome.failure``), and the match goes on.

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

import contextlib
import json
import math
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .agents import (
    BotSpec,
    IllegalChoice,
    Player,
    check_player,
    close_player,
    is_builtin,
    parse_player,
    player_label,
    resolve,
    seat_player,
)
from .bots import choose_move
from .bots.base import Bot
from .cli import add_game_options, add_seconds_option
from .game import Game
from .i18n import N_, NN_
from .i18n.cli import GAME_TO_PLAY, say, say_count
from .protocol.host import EngineError, EngineSpec, probe
from .registry import GAMES, game_class, game_type, new_game
from .workers import Workers

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

Task = tuple[str, list[Any], dict[str, Any], int, int, tuple[int, ...]]


def parse_bot(text: str) -> Any:
    """``"expert"``, ``"expert:0.5"`` (a budget of 0.5 s per decision) or
    ``"cmd:python3 mybot.py"`` (an engine): see :func:`ludoteca.agents.parse_player`."""
    return parse_player(text)


@dataclass(frozen=True)
class GameOutcome:
    """One game of a match: which bot sat on each side, who won, the scores.

    ``forfeit`` is the side whose player failed (``None``: the game was played
    out), ``failure`` how (one of :data:`ludoteca.protocol.FAILURES`, or
    ``"agent"``) and ``detail`` what happened, in a sentence."""

    deal: int
    arrangement: tuple[int, ...]  # bot index per side
    winner: int | None  # side index
    scores: tuple[float, ...]
    moves: int
    hands: int = 0  # hands played (Cavaleiro: rounds), as the game's events say
    forfeit: int | None = None
    failure: str = ""
    detail: str = ""


def hands_played(game: Game) -> int:
    """How many hands a game lasted (Cavaleiro: rounds), read from its events."""
    count = 0
    ends = game.type.hand_end_code
    for events in game.events:
        for event in events:
            if event.code == ends:
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
    forfeits: int = 0


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
    seats: list[int] = field(default_factory=list)
    """Which bot plays each side before the sides turn (one per side)."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["outcomes"] = [asdict(o) for o in self.outcomes]
        data["title"] = game_class(self.game).title
        return data

    def table(self) -> str:
        """The standings as a text table, then a line for each game a player lost
        by failing."""
        width = max([14, *(len(s.label) + 2 for s in self.standings)])
        head = f"{'bot':<{width}}{'games':>7}{'win rate':>10}{'95% CI':>17}{'margin':>9}{'Elo':>8}"
        lines = [
            f"{game_class(self.game).title}: {self.games} games"
            + (" (duplicate)" if self.duplicate else ""),
            head,
        ]
        for s in self.standings:
            ci = f"[{100 * s.ci_low:5.1f}, {100 * s.ci_high:5.1f}]"
            lines.append(
                f"{s.label:<{width}}{s.games:>7}{100 * s.win_rate:>9.1f}%{ci:>17}"
                f"{s.margin:>+9.2f}{s.elo:>+8.0f}"
            )
        lines += self.incidents()
        return "\n".join(lines)

    def incidents(self) -> list[str]:
        """A line for each game lost by a player's failure."""
        return [incident_line(o, self.bots) for o in self.outcomes if o.forfeit is not None]


def incident_line(outcome: GameOutcome, labels: Sequence[str]) -> str:
    """What happened in a game lost by a failure, in a line."""
    assert outcome.forfeit is not None
    who = labels[outcome.arrangement[outcome.forfeit]]
    return (
        f"deal {outcome.deal}, side {outcome.forfeit}: {who} lost the game after "
        f"{outcome.moves} moves: {outcome.detail}"
    )


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


class _Forfeit(Exception):
    """A player failed: its side loses the game."""

    def __init__(self, side: int, failure: str, detail: str) -> None:
        super().__init__(detail)
        self.side = side
        self.failure = failure
        self.detail = detail


def _play_one(task: Task) -> GameOutcome:
    game_name, bots, options, seed, deal, arrangement = task
    game = new_game(game_name, seed=seed * 1_000_003 + deal, **options)
    sides = game.type.sides
    side_of = {seat: j for j, seats in enumerate(sides) for seat in seats}
    players: list[Bot] = []
    try:
        for j, seats in enumerate(sides):
            player = bots[arrangement[j]]
            try:
                players.append(
                    seat_player(
                        player,
                        game_name,
                        options,
                        seed=(seed * 7919 + deal) * 31 + j,
                        seats=list(seats),
                    )
                )
            except EngineError as e:
                return _forfeited(game, deal, arrangement, j, e.kind, e.detail)
        try:
            while not game.is_over:
                seat = game.to_move
                assert isinstance(seat, int)
                side = side_of[seat]
                game.play(_decide(players[side], bots[arrangement[side]], game, side))
        except _Forfeit as f:
            return _forfeited(game, deal, arrangement, f.side, f.failure, f.detail)
        for j, seats in enumerate(sides):
            engine = getattr(players[j], "engine", None)
            if engine is not None:
                engine.game_over(game_name, seats[0], game.view(seats[0]), game.result())
    finally:
        for bot in players:
            close_player(bot)
    result = game.result()
    return GameOutcome(
        deal=deal,
        arrangement=arrangement,
        winner=result["winner"],
        scores=tuple(float(s) for s in result["scores"]),
        moves=len(game.moves),
        hands=hands_played(game),
    )


def _decide(bot: Bot, player: Any, game: Game, side: int) -> str:
    """The move of ``bot`` (seated for ``player``); a failure of a player that is not
    a built-in level forfeits the game."""
    try:
        move = choose_move(bot, game)
    except EngineError as e:
        raise _Forfeit(side, e.kind, e.detail) from None
    except Exception as e:
        if is_builtin(player):
            raise
        failure = "illegal" if isinstance(e, IllegalChoice) else "agent"
        raise _Forfeit(side, failure, f"{type(e).__name__}: {e}") from None
    if move not in game.legal_moves():
        raise _Forfeit(side, "illegal", f"it answered {move!r}, which is not legal now")
    return move


def _forfeited(
    game: Game, deal: int, arrangement: tuple[int, ...], side: int, failure: str, detail: str
) -> GameOutcome:
    n = len(game.type.sides)
    scores = game.fast.side_scores()
    return GameOutcome(
        deal=deal,
        arrangement=arrangement,
        winner=1 - side if n == 2 else None,
        scores=tuple(float(s) for s in scores),
        moves=len(game.moves),
        hands=hands_played(game),
        forfeit=side,
        failure=failure,
        detail=detail,
    )


def _arrangements(base: Sequence[int], deal: int, duplicate: bool) -> list[tuple[int, ...]]:
    sides = len(base)
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
                won = _points(o, j, k)
                wins[a][b] += won
                wins[b][a] += 1 - won
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


def _points(o: GameOutcome, j: int, k: int | None = None) -> float:
    """What side ``j`` scored in game ``o`` (against side ``k``, or over the game):
    1 a win, 0 a loss, 1/2 a shared result. A game forfeited by one of three or
    more sides is lost by that side and shared by the others."""
    if o.winner is not None:
        return 1.0 if o.winner == j else 0.0 if k is None or o.winner == k else 0.5
    if o.forfeit is not None:
        if o.forfeit == j:
            return 0.0
        if o.forfeit == k:
            return 1.0
    return 0.5


def standings(outcomes: Sequence[GameOutcome], labels: Sequence[str]) -> list[Standing]:
    """How each bot did over ``outcomes``: win rate with its Wilson interval, average
    margin over the other sides, and Elo (the last bot at 0)."""
    table = [Standing(label) for label in labels]
    for o in outcomes:
        for j, b in enumerate(o.arrangement):
            st = table[b]
            st.games += 1
            st.points += _points(o, j)
            st.forfeits += o.forfeit == j
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


def _check_match(players: list[Any], games: Any, jobs: Any, seed: Any, options: Any) -> None:
    """``ValueError`` or ``TypeError`` saying which of a match's arguments is wrong."""
    if len(players) < 2:
        raise ValueError("a match needs at least two bots")
    for name, value, low in (("games", games, 1), ("jobs", jobs, 1)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise ValueError(f"{name} is a whole number, {low} or more, not {value!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed is a whole number, not {seed!r}")
    if options is not None and not isinstance(options, dict):
        raise TypeError(f"options is a dict of the game's options, not {type(options).__name__}")


def _deals(base: list[int], games: int, duplicate: bool) -> list[tuple[int, tuple[int, ...]]]:
    """The (deal, arrangement) of each game of a match: at least ``games`` of them."""
    out: list[tuple[int, tuple[int, ...]]] = []
    deal = 0
    while len(out) < games:
        out += [(deal, arrangement) for arrangement in _arrangements(base, deal, duplicate)]
        deal += 1
    return out


def run_match(
    game: str,
    bots: Sequence[Player],
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
    seats: Sequence[int] | None = None,
) -> MatchResult:
    """Play ``games`` games between ``bots``, one per side (see the module doc for
    the players a match takes).

    With as many bots as the game has sides, the first plays side 0, the second
    side 1, and so on; ``seats`` says it otherwise, a bot (its index in ``bots``)
    for each side: ``seats=[0, 1, 1]`` seats the second bot on two sides of a
    three-player game (every bot on one side at least). With ``duplicate`` the
    games come in groups of one per turn of the bots around the table, all on
    the same deal (``games`` is rounded up to a whole number of groups);
    otherwise each deal turns them once more. ``jobs`` processes play them at
    once, or, with ``ray``, a Ray cluster: ``"local"`` starts one on this
    machine (with ``jobs`` workers when more than one), anything else is the
    address of a running cluster (``"auto"``, ``"HOST:6379"``,
    ``"ray://HOST:10001"``). The results are the same either way (Python agents
    sent to other processes must pickle). ``results`` is the JSON lines file that
    keeps every finished game (see the module doc). ``progress(done, total)``
    and ``on_outcome(outcome)`` are called as games finish, in the order they
    finish (``on_outcome`` first with the games read back from ``results``). An
    exception raised by either, or a ``KeyboardInterrupt``, stops the match at
    once: the games under way are dropped, and what finished is in ``results``.
    """
    players = [resolve(b) for b in bots]
    _check_match(players, games, jobs, seed, options)
    opts = dict(options or {})
    kind = game_type(game, **opts)
    base = _seating(kind.title, len(kind.sides), len(players), seats)
    for player in players:
        check_player(player, game, opts)  # fail early on an unknown or unbuilt level
    for spec in {p for p in players if isinstance(p, EngineSpec)}:
        probe(spec, game)  # and on an engine that cannot start or play this game
    tasks: list[Task] = []
    for deal, arrangement in _deals(base, games, duplicate):
        tasks.append((game, players, opts, seed, deal, arrangement))
    names = [player_label(b) for b in players]
    labels = names
    if len(set(labels)) < len(labels):
        labels = [f"{chr(65 + i)}:{lab}" for i, lab in enumerate(labels)]
    header: dict[str, Any] = {
        "match": {
            "game": game,
            "bots": names,
            "duplicate": duplicate,
            "seed": seed,
            "options": opts,
        }
    }
    if base != list(range(len(base))):
        header["match"]["seats"] = base
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
        seats=base,
    )


def _seating(title: str, sides: int, bots: int, seats: Sequence[int] | None) -> list[int]:
    """The bot of each side before the sides turn: ``seats``, or one bot a side."""
    if seats is None:
        if bots != sides:
            example = ",".join(str(min(j, bots - 1)) for j in range(sides))
            raise ValueError(
                f"{title} with these options has {sides} sides, and {bots} bots were given: "
                f"give one bot a side, or say which bot plays each side (for example "
                f"seats=[{example}], on the command line --seats "
                f"{','.join(str(1 + min(j, bots - 1)) for j in range(sides))})"
            )
        return list(range(sides))
    base = list(seats)
    if (
        len(base) != sides
        or not all(isinstance(b, int) and not isinstance(b, bool) and 0 <= b < bots for b in base)
        or set(base) != set(range(bots))
    ):
        raise ValueError(
            f"seats gives a bot for each of the {sides} sides of {title} (a number from 0 to "
            f"{bots - 1}, every bot at least once), not {base!r}"
        )
    return base


def _ignore_interrupts() -> None:
    """In a worker process: Ctrl-C is the parent's to handle; a stop ends the
    engines started here first."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def stop(signum: int, frame: Any) -> None:
        from .protocol.host import stop_engines

        stop_engines()
        os._exit(128 + signum)

    signal.signal(signal.SIGTERM, stop)


def _outcomes(tasks: list[Task], jobs: int, ray: str | None) -> Iterator[GameOutcome]:
    """The outcomes of ``tasks`` as they finish: here, in ``jobs`` processes, or on Ray.
    Stopped early (an interruption), the games under way are dropped at once."""
    if not tasks:
        return
    if ray is not None:
        yield from _ray_outcomes(tasks, jobs, ray)
    elif jobs > 1:
        # workers forked from a fresh server process, not from this one: a process with
        # threads (Ray's, an engine's readers) may fork a worker holding a lock for ever
        workers: Workers[Task, GameOutcome] = Workers(
            _play_one, min(jobs, len(tasks)), initializer=_ignore_interrupts
        )
        finished = False
        try:
            yield from workers.run(tasks)
            finished = True
        finally:
            if finished:
                workers.close()  # every game is in: the workers end when told
            else:
                workers.stop()
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
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def _outcome_json(o: GameOutcome) -> dict[str, Any]:
    data = asdict(o)
    data["arrangement"] = list(o.arrangement)
    data["scores"] = list(o.scores)
    if o.forfeit is None:  # the lines of games played out stay as they were
        del data["forfeit"], data["failure"], data["detail"]
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
            forfeit = data.get("forfeit")
            o = GameOutcome(
                deal=int(data["deal"]),
                arrangement=tuple(int(a) for a in data["arrangement"]),
                winner=None if data["winner"] is None else int(data["winner"]),
                scores=tuple(float(x) for x in data["scores"]),
                moves=int(data["moves"]),
                hands=int(data.get("hands", 0)),
                forfeit=None if forfeit is None else int(forfeit),
                failure=str(data.get("failure", "")),
                detail=str(data.get("detail", "")),
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
    p = sub.add_parser("arena", help=N_("play matches between bots and measure them"))
    p.add_argument("game", choices=list(GAMES), help=GAME_TO_PLAY)
    p.add_argument(
        "--bots",
        required=True,
        metavar="PLAYERS",
        help=N_(
            "the players, one a side, separated by commas: a bot level (LEVEL or "
            "LEVEL:SECONDS, its thinking time per decision) or an engine (cmd:COMMAND)"
        ),
    )
    p.add_argument(
        "--seats",
        metavar="N,N,...",
        help=N_(
            "which player plays each side, by its place in --bots from 1 (when the game "
            "has more sides than players: 1,2,2)"
        ),
    )
    p.add_argument("--games", type=int, default=100, help=N_("how many games (%(default)s)"))
    p.add_argument(
        "--duplicate", action="store_true", help=N_("play every deal with the sides swapped")
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        help=N_(
            "processes (with --ray on a local cluster: its workers); results do not depend on it"
        ),
    )
    p.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help=N_(
            "play the games on a Ray cluster: a local one without ADDRESS, else the running "
            "cluster at ADDRESS (auto, HOST:6379, ray://HOST:10001); needs ludoteca[cluster]"
        ),
    )
    p.add_argument(
        "--out",
        metavar="FILE",
        help=N_("write every game as a JSON line as it finishes; run again to resume"),
    )
    add_seconds_option(
        p, "--move-time", 10.0, N_("the time an engine has for each decision (%(default)s s)")
    )
    p.add_argument(
        "--seed", type=int, default=0, help=N_("the match's seed: the same seed, the same games")
    )
    p.add_argument("--json", action="store_true", help=N_("print the results as JSON"))
    add_game_options(p)
    p.set_defaults(func=_cmd_arena)


def _running(labels: Sequence[str], outcomes: Sequence[GameOutcome]) -> str:
    """The standings so far in one line: each bot's win rate."""
    table = standings(outcomes, labels)
    return "  ".join(f"{s.label} {100 * s.win_rate:.0f}%" for s in table)


def _players(args: Any) -> tuple[list[Any], list[int] | None]:
    from .protocol.host import EngineSpec

    players: list[Any] = []
    for text in _split_players(args.bots):
        player = parse_player(text)
        if isinstance(player, EngineSpec):
            player = EngineSpec(player.command, move_time=args.move_time)
        players.append(player)
    seats = None
    if args.seats is not None:
        try:
            seats = [int(x) - 1 for x in args.seats.split(",")]
        except ValueError:
            raise ValueError(
                say(
                    N_(
                        "--seats is a list of the players' places in --bots (from 1), such "
                        "as 1,2,2; not {value}"
                    ),
                    value=repr(args.seats),
                )
            ) from None
    return players, seats


def _split_players(text: str) -> list[str]:
    """``--bots``: players separated by commas (an engine's command may hold commas
    inside quotes, ``cmd:'bot --x a,b'``, as a shell would read them)."""
    out: list[str] = []
    word = ""
    quote = ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == ",":
            out.append(word)
            word = ""
            continue
        word += ch
    out.append(word)
    return [w.strip() for w in out]


class _Progress:
    """How a match shows its progress: a bar on a terminal, plain lines off one
    (every twentieth of the games), nothing with --json."""

    def __init__(self, args: Any, labels: Sequence[str], title: str) -> None:
        self.labels = labels
        self.title = title
        self.seen: list[GameOutcome] = []
        self.total = args.games
        self.bar: Any = None
        self.lines = not args.json and not sys.stderr.isatty()
        self.step = max(1, args.games // 20)
        self.shown = 0
        if not args.json and sys.stderr.isatty():
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            self.bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                "{task.fields[standings]}",
                transient=True,
            )
            self.task = self.bar.add_task(f"{title}: {args.bots}", total=args.games, standings="")

    def __enter__(self) -> _Progress:
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def tick(self, done: int, total: int) -> None:
        self.total = total
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total)
        elif self.lines and (done - self.shown >= self.step or done == total):
            self.shown = done
            print(
                f"{self.title}: {done}/{total} games  {_running(self.labels, self.seen)}",
                file=sys.stderr,
                flush=True,
            )

    def record(self, outcome: GameOutcome) -> None:
        self.seen.append(outcome)
        if outcome.forfeit is not None:
            line = incident_line(outcome, self.labels)
            if self.bar is not None:
                self.bar.console.print(line, markup=False, highlight=False)
            else:
                print(line, file=sys.stderr, flush=True)
        if self.bar is not None:
            self.bar.update(self.task, standings=_running(self.labels, self.seen))


def _cmd_arena(args: Any) -> int:
    from .cli import parse_option_values

    try:
        options = parse_option_values(args.option)
        players, seats = _players(args)
        if not 0 < args.move_time <= 3600:
            raise ValueError(
                say(
                    N_("--move-time is a number of seconds above 0, at most 3600; not {value}"),
                    value=repr(args.move_time),
                )
            )
        labels = [player_label(b) for b in players]
        if len(set(labels)) < len(labels):
            labels = [f"{chr(65 + i)}:{lab}" for i, lab in enumerate(labels)]
        title = game_class(args.game).title
        show = _Progress(args, labels, title)
        with show:
            result = run_match(
                args.game,
                players,
                games=args.games,
                duplicate=args.duplicate,
                jobs=args.jobs,
                seed=args.seed,
                options=options,
                progress=show.tick,
                ray=args.ray,
                results=args.out,
                on_outcome=show.record,
                seats=seats,
            )
    except (ValueError, TypeError, OSError) as e:
        print(f"ludoteca arena: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _interrupted(args, show, labels)
    if args.json:
        data = result.to_json()
        del data["outcomes"]
        data["incidents"] = result.incidents()
        print(json.dumps(data, indent=1))
    else:
        print(result.table())
    return 0


def _interrupted(args: Any, show: _Progress, labels: Sequence[str]) -> int:
    """Ctrl-C: what finished, and how to go on."""
    done = len(show.seen)
    games = say_count(NN_("{done} of {n} game", "{done} of {n} games"), show.total, done=done)
    if args.out:
        said = say(
            N_(
                "interrupted after {games}; the finished games are in {file}: "
                "run the same command again to play the others"
            ),
            games=games,
            file=args.out,
        )
    else:
        said = say(
            N_(
                "interrupted after {games}; to keep the games of a match and "
                "resume it, give --out FILE"
            ),
            games=games,
        )
    print(f"\nludoteca arena: {said}", file=sys.stderr)
    if show.seen and not args.json:
        print(f"{show.title}: {_running(labels, show.seen)}", file=sys.stderr)
    return 130
