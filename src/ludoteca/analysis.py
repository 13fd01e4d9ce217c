"""Hints during a game, and the analysis of a finished one.

``hint(game)`` asks the strongest bot that ranks moves for its estimate of
every legal move, seen only from the seat to move, best first; each value is
in the unit its ``unit`` names (:data:`ludoteca.bots.base.UNITS`).

``analyse(record)`` goes through a finished game decision by decision. Where
an exact solver applies (the position has no hidden information left once
every hand is known, as in a Texas 42 hand's tricks), the moves are valued
exactly, after the fact, in the same unit as the expert's estimates (a Texas 42
play in marks, a Bingo move in the chance of winning the match, a Five-Up play
in the points margin of the rest of the hand); elsewhere the expert's estimate
from the player's own seat is used, and said to be one. Each decision gets the
move played, the best move and what the difference cost, and each player a
summary of their biggest mistakes. How each hand and the game ended is read
from the game's events (``endings``), and the report says it in words.

The decisions are judged one by one, each with its own seed, so the work can
be split (:func:`decision_indices`, :func:`judge`, :func:`summarise`) and the
parts judged anywhere give the same analysis as one pass.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .bots import LEVELS, Bot, RankedMove, SeatHandle, available_levels, make_bot
from .cli import add_seconds_option
from .effects import move_now
from .errors import GameNotAvailable, IllegalMove, InvalidRecord, NotSolvable
from .game import Game, require_game
from .i18n import N_, default_lang, normalize_lang, texts
from .i18n.cli import RECORD_FILE
from .i18n.events import say_event
from .i18n.hints import HintTexts
from .i18n.moves import describe_move
from .i18n.why import say_decision_why
from .i18n.words import GAME_TITLES, Words
from .record import check_record
from .registry import game_class

__all__ = [
    "Analysis",
    "Decision",
    "analyse",
    "decision_indices",
    "hint",
    "judge",
    "new_replay",
    "summarise",
]

ANALYSIS_BUDGET = 0.25

KINDS = {"exact": N_("exact"), "estimate": N_("estimate")}
"""How a decision was judged, in words."""

MISTAKE_AT_LEAST: dict[str, float] = {
    "match_chance": 0.005,
    "game_chance": 0.005,
    "round_wins_needed": 0.001,
    "sticks_taken": 0.5,
    "marks": 0.01,
    "points": 0.05,
    "hand_margin": 0.05,
}
"""The smallest cost, per unit, counted as a mistake (below it: noise of the estimates)."""

BLUNDER_AT_LEAST: dict[str, float] = {
    "match_chance": 0.1,
    "game_chance": 0.1,
    "round_wins_needed": 0.05,
    "sticks_taken": 2.0,
    "marks": 1.0,
    "points": 5.0,
    "hand_margin": 5.0,
}
"""The smallest cost, per unit, counted as a big mistake."""

UNIT_ORDER = tuple(MISTAKE_AT_LEAST)
"""Units in the order mistakes in different units are listed."""

DIGITS = 6
"""Values and costs are rounded to this many decimals (no float noise in the JSON)."""


def _ranking_bot(game_name: str, seed: int, budget: float | None) -> Bot:
    """The strongest bot of ``game_name`` that ranks moves."""
    for level in reversed(LEVELS):
        if level not in available_levels(game_name):
            continue
        bot = make_bot(game_name, level, seed=seed, budget=budget)
        if type(bot).rank is not Bot.rank:
            return bot
    raise GameNotAvailable(f"hints for {game_name} need its expert bot, which is not built yet")


def hint(
    game: Game, seat: int | None = None, *, budget: float | None = None, seed: int = 0
) -> list[RankedMove]:
    """The legal moves of the seat to move, best first, each with a value (in the
    unit its ``unit`` names), a reason, and for a move of the same value as the one
    before it the rule that ordered them (``tie``).

    Only what ``seat`` may know is used. ``seat`` defaults to the seat to move
    (and must be it).
    """
    require_game(game, "hint")
    mover = game.to_move
    if not isinstance(mover, int):
        raise ValueError("no seat is to move: the game is over or waits for a chance event")
    if seat is not None and seat != mover:
        raise ValueError(f"hints are for the seat to move, seat {mover}, not seat {seat}")
    bot = _ranking_bot(game.name, seed, budget)
    ranked: list[RankedMove] = bot.rank(SeatHandle(game, mover))
    return ranked


@dataclass
class Decision:
    """One decision of the game, judged.

    ``values`` holds every legal move's value, in ``unit``, from the mover's side;
    ``cost`` is the best value minus the played move's (0 for a best move).
    """

    index: int  # 1-based position of the move in the record
    seat: int
    played: str
    best: str
    cost: float
    kind: str  # "exact" (solver, all hands known) or "estimate" (expert, own seat)
    unit: str  # what values and the cost are counted in (a code of UNITS)
    values: dict[str, float] = field(default_factory=dict)
    facts: dict[str, dict[str, Any]] = field(default_factory=dict)
    """What is known of the best move and of the one compared with it (the played
    move, or the runner-up when the best was played): the bot's reason (``code``,
    ``params``) when it ranked them, and what each does at once (``now``,
    :func:`ludoteca.effects.move_now`)."""

    @property
    def mistake(self) -> bool:
        """Whether the cost is above the noise of the unit's estimates."""
        return self.cost >= MISTAKE_AT_LEAST.get(self.unit, 1e-6)

    @property
    def severity(self) -> int:
        """0 for a move good enough, 1 for a mistake, 2 for a big one."""
        if not self.mistake:
            return 0
        return 2 if self.cost >= BLUNDER_AT_LEAST.get(self.unit, float("inf")) else 1


@dataclass
class Analysis:
    """Every decision of a game, judged, and each player's biggest mistakes."""

    game: str
    players: list[str]
    decisions: list[Decision]
    mistakes: dict[int, list[Decision]]
    endings: list[dict[str, Any]] = field(default_factory=list)
    """How each hand and the game ended, as the engine's events said it (each with
    ``n``, the index of its move in the record)."""
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] | None = None
    """Who sat in each seat (``human`` or a bot level), as the record says, if it does."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seats": self.seats,
            "decisions": [asdict(d) for d in self.decisions],
            "mistakes": {str(s): [asdict(d) for d in ds] for s, ds in self.mistakes.items()},
            "endings": self.endings,
        }

    def report(self, lang: str = "en") -> str:
        """A readable summary in ``lang``: moves in words, costs in their units.

        >>> values = {"bid 30": 0.7, "pass": 0.2}
        >>> d = Decision(7, 1, "pass", "bid 30", 0.5, "estimate", "marks", values)
        >>> print(Analysis("texas42", ["Ana", "Bia"], [d], {1: [d]}).report("pt"))
        Texas 42: 1 decisão analisada
        Ana (lugar 0): 0 decisões, 0 erros
        Bia (lugar 1): 1 decisão, 1 erro
          custo médio por decisão: 0,5 marca (0 exatas, 1 estimada)
          jogada 7: passo; melhor: lance de 30; custo 0,5 marca (estimativa)
            Em média, esta jogada vale 0,5 marca a mais.
        """
        tx = texts(lang)
        say = HintTexts(tx)
        names = Words(tx).seat_names(self.players, self.seats)
        lines = [
            tx.n_(
                "{game}: {n} decision analysed",
                "{game}: {n} decisions analysed",
                len(self.decisions),
                game=GAME_TITLES.get(self.game, self.game),
            )
        ]
        lines += [
            "  " + say_event(self.game, e, tx, names, options=self.options) for e in self.endings
        ]
        for seat, name in enumerate(names):
            mine = [d for d in self.decisions if d.seat == seat]
            lines.append(
                tx._(
                    "{name} (seat {seat}): {decisions}, {mistakes}",
                    name=name,
                    seat=seat,
                    decisions=tx.n_("{n} decision", "{n} decisions", len(mine)),
                    mistakes=tx.n_("{n} mistake", "{n} mistakes", sum(d.mistake for d in mine)),
                )
            )
            for unit in _units(mine):
                costs = [d for d in mine if d.unit == unit]
                exact = sum(d.kind == "exact" for d in costs)
                lines.append(
                    "  "
                    + tx._(
                        "average cost per decision: {cost} ({exact}, {estimated})",
                        cost=say.cost(unit, sum(d.cost for d in costs) / len(costs)),
                        exact=tx.n_("{n} exact", "{n} exact", exact),
                        estimated=tx.n_("{n} estimated", "{n} estimated", len(costs) - exact),
                    )
                )
            for d in self.mistakes.get(seat, []):
                kind = tx._(KINDS[d.kind]) if d.kind in KINDS else d.kind
                lines.append(
                    "  "
                    + tx._(
                        "move {index}: {played}; best: {best}; cost {cost} ({kind})",
                        index=d.index,
                        played=describe_move(self.game, d.played, tx),
                        best=describe_move(self.game, d.best, tx),
                        cost=say.cost(d.unit, d.cost),
                        kind=kind,
                    )
                )
                why = say_decision_why(self.game, d.unit, d.best, d.played, d.values, d.facts, tx)
                if why:
                    lines.append("    " + why)
        return "\n".join(lines)


def _units(decisions: Iterable[Decision]) -> list[str]:
    found = {d.unit for d in decisions}
    return [u for u in UNIT_ORDER if u in found] + sorted(found - set(UNIT_ORDER))


# ------------------------------------------------------------ exact values


def _texas42_exact(game: Game) -> tuple[dict[str, float], list[str], str] | None:
    from .bots.texas42_expert import _hand_score
    from .games.texas42.core import bid_marks, points_to_make
    from .games.texas42.solver import position
    from .games.texas42.solver import solve as solve_texas42

    try:
        solution = solve_texas42(game)
    except (NotSolvable, ValueError):
        return None
    pos = position(game)
    mover = game.to_move
    assert isinstance(mover, int)
    side_of = game.type.side_of
    bidding = side_of[pos.bidder] == side_of[mover]
    need, marks = points_to_make(pos.high), bid_marks(pos.high)
    nello = solution.objective == "bidder tricks"
    marks_scoring = game.options["scoring"] == "marks"
    values: dict[str, float] = {}
    order: dict[str, tuple[float, float]] = {}
    for m in solution.moves:
        made = m.value == 0 if nello else m.value >= need
        bidder_points = (42 if made else 0) if nello else m.value
        own_points = bidder_points if bidding else 42 - bidder_points
        if marks_scoring:
            value = float(marks if made == bidding else -marks)
        else:
            value = float(_hand_score(made, bidder_points, need, bidding))
        values[m.move] = value
        order[m.move] = (value, own_points)
    ranked = sorted(values, key=lambda mv: (-order[mv][0], -order[mv][1], mv))
    return values, ranked, "marks" if marks_scoring else "points"


def _bingo_exact(game: Game) -> tuple[dict[str, float], list[str], str] | None:
    from .bots.bingo_expert import EQUITY_UNITS, match_utility
    from .games.bingo.solver import solve as solve_bingo

    view = game.view(None)
    try:
        utility = match_utility((view["sets"][0], view["sets"][1]), view["target_sets"])
        solution = solve_bingo(game, utility=utility)
    except (NotSolvable, ValueError):
        return None
    lift = 1.0 if solution.to_move == 1 else 0.0
    values = {m.move: m.value / EQUITY_UNITS + lift for m in solution.moves}
    margins = {m.move: m.margin for m in solution.moves}
    ranked = sorted(values, key=lambda mv: (-values[mv], -margins[mv], mv))
    return values, ranked, "match_chance"


def _fiveup_exact(game: Game) -> tuple[dict[str, float], list[str], str] | None:
    from .bots.fiveup_expert import WIN_POINTS
    from .games.fiveup.solver import MAX_NODES, Position, move_of, move_value, searcher

    try:
        pos = Position.from_game(game)
        search = searcher(pos, node_limit=MAX_NODES, win=WIN_POINTS)
        by_move: dict[Any, float] = {}
        values: dict[str, float] = {}
        for action in game.legal_actions():
            m = move_of(action)
            if m not in by_move:
                by_move[m] = float(move_value(pos, m, search))
            values[game.action_to_move(action)] = by_move[m]
    except (NotSolvable, ValueError):
        return None
    ranked = sorted(values, key=lambda mv: -values[mv])  # stable: the legal moves' order
    return values, ranked, "hand_margin"


EXACT: dict[str, Callable[[Game], tuple[dict[str, float], list[str], str] | None]] = {
    "texas42": _texas42_exact,
    "bingo": _bingo_exact,
    "fiveup": _fiveup_exact,
}
"""Per game, every legal move's exact value (all hands known) in its expert's unit,
the moves best first, and the unit; ``None`` where the solver does not apply."""

EXACT_CODES = frozenset({"win_chance", "match_exact"})
"""The expert's codes whose values are exact (Cavaleiro's two-player table, a Bingo
hand whose every tile is known to the mover)."""


# ------------------------------------------------------------ the analysis


def new_replay(record: dict[str, Any]) -> Game:
    """A game at the start of ``record`` (checked), to play its moves on."""
    check_record(record)
    cls = game_class(record["game"])
    try:
        return cls(chance="manual", names=record["players"], **record["options"])
    except ValueError as e:
        raise InvalidRecord(f"the record's options or players are not valid: {e}") from None


def _play(game: Game, move: str, index: int) -> None:
    try:
        game.play(move)
    except IllegalMove as e:
        raise IllegalMove(f"move {index} of the record, {move!r}: {e}", index=index) from None


def decision_indices(record: dict[str, Any]) -> list[int]:
    """The (1-based) indices of the record's moves made by a seat with a choice."""
    game = new_replay(record)
    out = []
    for i, move in enumerate(record["moves"], 1):
        if isinstance(game.to_move, int) and len(game.legal_moves()) > 1:
            out.append(i)
        _play(game, move, i)
    return out


def judge(
    record: dict[str, Any],
    indices: Iterable[int] | None = None,
    *,
    budget: float = ANALYSIS_BUDGET,
    seed: int = 0,
    progress: Callable[[Decision], None] | None = None,
) -> list[Decision]:
    """Judge the decisions at ``indices`` (every decision with a choice by default);
    ``progress`` is given each decision as it is judged.

    Each decision's estimate is seeded by ``seed`` and its index alone, so the
    decisions may be judged in any groups, in any order, with the same result.
    """
    game = new_replay(record)
    wanted = None if indices is None else set(indices)
    last = len(record["moves"]) if wanted is None else max(wanted, default=0)
    bot: Bot | None = None
    decisions: list[Decision] = []
    for i, move in enumerate(record["moves"][:last], 1):
        seat = game.to_move
        if (
            (wanted is None or i in wanted)
            and isinstance(seat, int)
            and len(game.legal_moves()) > 1
        ):
            if bot is None:
                bot = _ranking_bot(game.name, seed, budget)
            decisions.append(_judge_one(game, seat, move, i, bot, seed))
            if progress is not None:
                progress(decisions[-1])
        _play(game, move, i)
    return decisions


def _judge_one(game: Game, seat: int, move: str, index: int, bot: Bot, seed: int) -> Decision:
    try:
        played = game.action_to_move(game.move_to_action(move))
    except (IllegalMove, ValueError):
        played = move
    exact_of = EXACT.get(game.name)
    exact = exact_of(game) if exact_of is not None else None
    if exact is not None:
        values, order, unit = exact
        kind = "exact"
        reasons: dict[str, dict[str, Any]] = {}
    else:
        bot.rng = random.Random(f"{seed}:{index}")
        ranked = bot.rank(SeatHandle(game, seat))
        values = {r.move: float(r.value) for r in ranked}
        order = [r.move for r in ranked]
        reasons = {r.move: {"code": r.code, "params": _rounded(r.params)} for r in ranked}
        unit = ranked[0].unit or "value"
        kind = "exact" if all(r.code in EXACT_CODES for r in ranked) else "estimate"
    values = {m: round(v, DIGITS) for m, v in values.items()}
    best = order[0]
    cost = round(values[best] - values.get(played, values[best]), DIGITS)
    other = compared_with(best, played, order)
    facts = {
        m: {**reasons.get(m, {}), "now": move_now(game, m)} for m in dict.fromkeys((best, other))
    }
    return Decision(index, seat, played, best, max(cost, 0.0), kind, unit, values, facts)


def _rounded(params: Mapping[str, Any]) -> dict[str, Any]:
    """A reason's parameters with their floats rounded as values are (JSON without noise)."""
    return {
        k: round(v, DIGITS)
        if isinstance(v, float)
        else (_rounded(v) if isinstance(v, Mapping) else v)
        for k, v in params.items()
    }


def compared_with(best: str, played: str, order: Sequence[str]) -> str:
    """The move a decision's best is compared with: the played one, or the
    runner-up when the best was played."""
    if played != best or len(order) < 2:
        return played
    return order[1]


def summarise(record: dict[str, Any], decisions: Iterable[Decision], top: int = 3) -> Analysis:
    """The analysis of ``record`` from its judged ``decisions``: each player's
    ``top`` biggest mistakes (by unit, then cost)."""
    ordered = sorted(decisions, key=lambda d: d.index)
    mistakes: dict[int, list[Decision]] = {}
    for seat in range(len(record["players"])):
        mine = [d for d in ordered if d.seat == seat and d.mistake]
        rank = {u: k for k, u in enumerate(_units(mine))}
        mine.sort(key=lambda d: (rank[d.unit], -d.cost, d.index))
        mistakes[seat] = mine[:top]
    players = list(record["players"])
    options = dict(record.get("options") or {})
    seats = record.get("seats")
    kinds = [str(s) for s in seats] if isinstance(seats, list) else None
    return Analysis(record["game"], players, ordered, mistakes, _endings(record), options, kinds)


def _endings(record: dict[str, Any]) -> list[dict[str, Any]]:
    """How each hand and the game ended, as the engine's events said it."""
    game = new_replay(record)
    for i, move in enumerate(record["moves"], 1):
        _play(game, move, i)
    endings = {game.type.hand_end_code, "game_over"}
    return [
        {"n": n, **e.to_json()}
        for n, events in enumerate(game.events)
        for e in events
        if e.code in endings
    ]


def analyse(
    record: dict[str, Any],
    *,
    budget: float = ANALYSIS_BUDGET,
    seed: int = 0,
    top: int = 3,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Judge every decision of a recorded game (see the module docstring);
    ``progress(done, total)`` is told after each decision."""
    if progress is None:
        return summarise(record, judge(record, budget=budget, seed=seed), top)
    total = len(decision_indices(record))
    done = 0

    def tell(_: Decision) -> None:
        nonlocal done
        done += 1
        progress(done, total)

    return summarise(record, judge(record, budget=budget, seed=seed, progress=tell), top)


def add_subcommand(sub: Any) -> None:
    """``ludoteca analyse``."""
    p = sub.add_parser("analyse", aliases=["analyze"], help=N_("judge every decision of a game"))
    p.add_argument("file", help=RECORD_FILE)
    p.add_argument("--json", action="store_true", help=N_("print the analysis as JSON"))
    add_seconds_option(
        p, "--budget", ANALYSIS_BUDGET, N_("seconds of thought per estimate (%(default)s)")
    )
    p.add_argument(
        "--lang", choices=["pt", "en"], help=N_("language of the report (default: the system's)")
    )
    p.set_defaults(func=_cmd_analyse)


def _cmd_analyse(args: Any) -> int:
    from .record import load_record

    try:
        result = analyse(load_record(args.file), budget=args.budget)
    except (ValueError, OSError) as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 1
    lang = normalize_lang(args.lang) if args.lang else default_lang()
    print(json.dumps(result.to_json(), indent=1) if args.json else result.report(lang))
    return 0
