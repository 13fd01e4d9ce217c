"""Cavaleiro for learning agents.

Seats are counted from the observer in seat order: 0 is the observer, 1 the
next seat, and so on. With ``P`` players and a figure of ``C`` columns, the
observation holds, for each relative seat in turn (``C + 2P + 8`` numbers):

- what is left of its figure: each column's verticals over the tallest column
  (``C``), the horizontals over their number, the sticks left over the total;
- its place in this round's order of rolling (``P``);
- its roll this round, once rolled: the category (nothing, one pair, two pairs,
  three of a kind, four of a kind: 5) and its rank among all rolls (1);
- its place in this round's ranking, once every roll is in (``P``);

then the round number over 200 and whether the observer must decide now.

Information state (``obs_type="info_state"``): the observation, then for each
relative seat the rounds it has won (over the figure's total) and its roll in
the previous round (category 5, rank 1). Cavaleiro hides nothing and its
future depends only on the figures, the order and dice still to come, so
these counts sum up everything earlier that a player could recall.

Rewards: when a round ends, its winner receives the sticks removed over the
figure's total, and every other seat minus that share divided by ``P − 1``;
when the game ends the winner receives +1 and every other seat −1/(P − 1).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ludoteca.games.cavaleiro.game import PHASE_NAMES, Cavaleiro
from ludoteca.games.cavaleiro.rolls import ROLL_INDEX, ROLL_RANKED, ROLL_STRENGTH

from .adapter import Adapter, Scalars

__all__ = ["CavaleiroAdapter", "CavaleiroPublic"]

_ROLL, _REMOVE = 1, 2
_MAX_STRENGTH = float(max(ROLL_STRENGTH))
_ROUND_CAP = 200


class CavaleiroPublic(NamedTuple):
    """What any Cavaleiro seat knows: everything (see the view of :class:`Cavaleiro`)."""

    seat: int
    phase: int
    to_move: int
    round: int
    columns: tuple[tuple[int, ...], ...]
    horizontals: tuple[int, ...]
    left: tuple[int, ...]
    order: tuple[int, ...]
    rolls: tuple[tuple[int, int], ...]
    ranking: tuple[int, ...]
    rounds_won: tuple[int, ...]
    last_rolls: tuple[tuple[int, int], ...]


def _roll_of(dice: list[int]) -> int:
    return ROLL_INDEX["roll " + " ".join(map(str, dice))]


class CavaleiroAdapter(Adapter[CavaleiroPublic]):
    """Encoders and rewards of Cavaleiro for any number of players and any figure."""

    game_name = "cavaleiro"
    reward_note = (
        "per round: sticks removed / figure total to the round's winner, minus that over "
        "(players - 1) to each other seat; at the end: +1 to the winner, -1/(players - 1) "
        "to the others"
    )

    def __init__(self, game: Cavaleiro) -> None:
        super().__init__(game)
        n = self.num_seats
        layout = game.layout
        self.n_columns = len(layout.columns)
        self.height = float(max(layout.columns))
        self.n_horizontals = layout.horizontals
        self.total = layout.total
        self.reward_scale = float(self.total)
        self.sides = [[s] for s in range(n)]
        self.seat_block = self.n_columns + 2 * n + 8
        self.o_round = n * self.seat_block
        self.observation_size = self.o_round + 2
        self.info_state_size = self.observation_size + n * 7

    # ------------------------------------------------------------- readers

    def public(self, game: Cavaleiro, seat: int) -> CavaleiroPublic:
        c = self.n_columns
        cols = game.cols
        last = game.last_round
        return CavaleiroPublic(
            seat,
            game.phase,
            game.round_winner if game.phase == _REMOVE else -1,
            game.round,
            tuple(tuple(cols[s * c : s * c + c]) for s in range(self.num_seats)),
            tuple(game.horiz),
            tuple(game.left),
            tuple(game.order),
            tuple(game.rolls),
            tuple(game.ranking),
            tuple(game.rounds_won),
            last[1] if last is not None else (),
        )

    def public_from_view(self, view: dict[str, Any]) -> CavaleiroPublic:
        figures = view["figures"]
        last = view["last_round"]
        to_move = view["to_move"]
        return CavaleiroPublic(
            view["seat"],
            PHASE_NAMES.index(view["phase"]),
            to_move if isinstance(to_move, int) else -1,
            view["round"],
            tuple(tuple(f["columns"]) for f in figures),
            tuple(f["horizontals"] for f in figures),
            tuple(f["sticks_left"] for f in figures),
            tuple(view["order"]),
            tuple((r["seat"], _roll_of(r["dice"])) for r in view["rolls"]),
            tuple(view["ranking"] or ()),
            tuple(view["rounds_won"]),
            tuple((r["seat"], _roll_of(r["dice"])) for r in last["rolls"]) if last else (),
        )

    # ------------------------------------------------------------- writers

    def write_observation(self, p: CavaleiroPublic, buf: bytearray) -> Scalars:
        n = self.num_seats
        seat = p.seat
        c = self.n_columns
        block = self.seat_block
        height = self.height
        scalars: Scalars = []
        for s in range(n):
            o = (s - seat) % n * block
            for i, k in enumerate(p.columns[s]):
                if k:
                    scalars.append((o + i, k / height))
            if p.horizontals[s]:
                scalars.append((o + c, p.horizontals[s] / self.n_horizontals))
            scalars.append((o + c + 1, p.left[s] / self.total))
        o_order = c + 2
        for place, s in enumerate(p.order):
            buf[(s - seat) % n * block + o_order + place] = 1
        o_roll = o_order + n
        for s, roll in p.rolls:
            o = (s - seat) % n * block + o_roll
            buf[o + ROLL_RANKED[roll].rank] = 1
            scalars.append((o + 5, ROLL_STRENGTH[roll] / _MAX_STRENGTH))
        o_rank = o_roll + 6
        for place, s in enumerate(p.ranking):
            buf[(s - seat) % n * block + o_rank + place] = 1
        scalars.append((self.o_round, min(p.round, _ROUND_CAP) / _ROUND_CAP))
        if p.to_move == seat:
            buf[self.o_round + 1] = 1
        return scalars

    def write_info_state(self, p: CavaleiroPublic, buf: bytearray) -> Scalars:
        scalars = self.write_observation(p, buf)
        n = self.num_seats
        seat = p.seat
        base = self.observation_size
        for s in range(n):
            if p.rounds_won[s]:
                o = base + (s - seat) % n * 7
                scalars.append((o, min(p.rounds_won[s], self.total) / self.total))
        for s, roll in p.last_rolls:
            o = base + (s - seat) % n * 7
            buf[o + 1 + ROLL_RANKED[roll].rank] = 1
            scalars.append((o + 6, ROLL_STRENGTH[roll] / _MAX_STRENGTH))
        return scalars

    # ------------------------------------------------------------- rewards

    def hands_done(self, game: Cavaleiro) -> int:
        return sum(game.rounds_won)

    def side_scores(self, game: Cavaleiro) -> list[int]:
        return [self.total - x for x in game.left]
