"""Hints during a game, and the analysis of a finished one.

``hint(game)`` asks the strongest bot that ranks moves for its estimate of
every legal move, seen only from the seat to move.

``analyse(record)`` goes through a finished game decision by decision. Where
an exact solver applies (the position has no hidden information left once
every hand is known, as in a Texas 42 hand's tricks), the move played is
compared with the best move exactly, after the fact; elsewhere the expert's
estimate from the player's own seat is used. Each decision gets the move
played, the best move and what the difference cost, and each player a summary
of their biggest mistakes. How each hand and the game ended is read from the
game's events (``endings``), and the report says it in words.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, field
from typing import Any

from .bots import LEVELS, Bot, RankedMove, SeatHandle, available_levels, make_bot
from .errors import GameNotAvailable, IllegalMove, InvalidRecord, NotSolvable
from .game import Game
from .i18n import N_, default_lang, normalize_lang, texts
from .i18n.events import say_event
from .i18n.moves import describe_move
from .record import check_record
from .registry import game_class
from .solve import solve

__all__ = ["Analysis", "Decision", "analyse", "hint"]

ANALYSIS_BUDGET = 0.25

KINDS = {"exact": N_("exact"), "estimate": N_("estimate")}
"""How a decision was judged, in words."""
UNITS = {
    "points": N_("points"),
    "value": N_("value"),
    "utility": N_("utility"),
    "set difference": N_("set difference"),
    "bidder tricks": N_("bidder's tricks"),
    "points margin": N_("points margin"),
    "points margin against each opponent, summed (paranoid)": N_(
        "points margin against each opponent, summed"
    ),
}
"""What a cost is counted in, in words."""

ENDINGS = frozenset({"hand_over", "hand_ended", "game_over"})
"""The events that say how a hand, or the game, ended."""


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
    """The legal moves of the seat to move, best first, each with a value and a reason.

    Only what ``seat`` may know is used. ``seat`` defaults to the seat to move
    (and must be it).
    """
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
    """One decision of the game, judged."""

    index: int  # 1-based position of the move in the record
    seat: int
    played: str
    best: str
    cost: float  # best value minus the played move's value, from the mover's side
    kind: str  # "exact" (solver, all hands known) or "estimate" (expert, own seat)
    unit: str  # what cost is counted in ("" when the estimate has no single unit)
    values: dict[str, float] = field(default_factory=dict)


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

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "decisions": [asdict(d) for d in self.decisions],
            "mistakes": {str(s): [asdict(d) for d in ds] for s, ds in self.mistakes.items()},
            "endings": self.endings,
        }

    def report(self, lang: str = "en") -> str:
        """A readable summary in ``lang``: moves in words, numbers the language's way.

        >>> d = Decision(7, 1, "pass", "bid 30", 2.5, "estimate", "points")
        >>> print(Analysis("texas42", ["Ana", "Bia"], [d], {1: [d]}).report("pt"))
        texas42: 1 decisão analisada
        Ana (lugar 0): custo exato 0
        Bia (lugar 1): custo exato 0
          lance 7: passo; melhor: lance de 30; custo 2,5 pontos (estimativa)
        """
        tx = texts(lang)
        lines = [
            tx.n_(
                "{game}: {n} decision analysed",
                "{game}: {n} decisions analysed",
                len(self.decisions),
                game=self.game,
            )
        ]
        lines += [
            "  " + say_event(self.game, e, tx, self.players, options=self.options)
            for e in self.endings
        ]
        for seat, name in enumerate(self.players):
            total = sum(d.cost for d in self.decisions if d.seat == seat and d.kind == "exact")
            lines.append(
                tx._(
                    "{name} (seat {seat}): exact cost {cost}",
                    name=name,
                    seat=seat,
                    cost=tx.decimal(total, 3),
                )
            )
            for d in self.mistakes.get(seat, []):
                unit = tx._(UNITS[d.unit]) if d.unit in UNITS else d.unit
                kind = tx._(KINDS[d.kind]) if d.kind in KINDS else d.kind
                cost = tx.decimal(d.cost, 3) + (" " + unit if unit else "")
                lines.append(
                    "  "
                    + tx._(
                        "move {index}: {played}; best: {best}; cost {cost} ({kind})",
                        index=d.index,
                        played=describe_move(self.game, d.played, tx),
                        best=describe_move(self.game, d.best, tx),
                        cost=cost,
                        kind=kind,
                    )
                )
        return "\n".join(lines)


def _exact_values(game: Game) -> tuple[dict[str, float], str] | None:
    try:
        solution = solve(game)
    except NotSolvable:
        return None
    values = {m.move: float(m.score) for m in solution.moves}
    return values, getattr(solution, "objective", "value")


def analyse(
    record: dict[str, Any], *, budget: float = ANALYSIS_BUDGET, seed: int = 0, top: int = 3
) -> Analysis:
    """Judge every decision of a recorded game (see the module docstring)."""
    check_record(record)
    cls = game_class(record["game"])
    try:
        game = cls(chance="manual", names=record["players"], **record["options"])
    except ValueError as e:
        raise InvalidRecord(f"the record's options or players are not valid: {e}") from None
    bot: Bot | None = None
    decisions: list[Decision] = []
    for i, move in enumerate(record["moves"], 1):
        seat = game.to_move
        if isinstance(seat, int) and len(game.legal_moves()) > 1:
            exact = _exact_values(game)
            if exact is not None:
                values, unit = exact
                kind = "exact"
            else:
                if bot is None:
                    bot = _ranking_bot(game.name, seed, budget)
                ranked = bot.rank(SeatHandle(game, seat))
                values = {r.move: r.value for r in ranked}
                unit, kind = getattr(bot, "value_unit", ""), "estimate"
            try:
                played = game.action_to_move(game.move_to_action(move))
            except IllegalMove:
                played = move
            best = max(values, key=lambda m: values[m])
            cost = values[best] - values.get(played, values[best])
            decisions.append(Decision(i, seat, played, best, cost, kind, unit, values))
        try:
            game.play(move)
        except IllegalMove as e:
            raise IllegalMove(f"move {i} of the record, {move!r}: {e}", index=i) from None
    mistakes: dict[int, list[Decision]] = {}
    for seat in range(game.num_seats):
        mine = [d for d in decisions if d.seat == seat and d.cost > 1e-9]
        mine.sort(key=lambda d: (d.kind != "exact", -d.cost))
        mistakes[seat] = mine[:top]
    endings = [
        {"n": n, **e.to_json()}
        for n, events in enumerate(game.events)
        for e in events
        if e.code in ENDINGS
    ]
    players = list(record["players"])
    return Analysis(record["game"], players, decisions, mistakes, endings, dict(record["options"]))


def add_subcommand(sub: Any) -> None:
    """``ludoteca analyse``."""
    p = sub.add_parser("analyse", aliases=["analyze"], help="judge every decision of a game")
    p.add_argument("file", help="a ludoteca/1 record (JSON)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--budget", type=float, default=ANALYSIS_BUDGET, help="seconds per estimate")
    p.add_argument(
        "--lang", choices=["pt", "en"], help="language of the report (default: the system's)"
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
