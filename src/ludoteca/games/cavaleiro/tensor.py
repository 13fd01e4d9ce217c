"""Cavaleiro as float32 vectors: the observation and information state tensors of
:meth:`ludoteca.Game.observation_tensor` and :meth:`ludoteca.Game.information_state_tensor`.

Seats are counted from the observer in seat order: 0 is the observer, 1 the
next seat, and so on. With ``P`` players and a figure of ``C`` columns, the
observation holds, for each relative seat in turn (``C + 2P + 8`` numbers):

- what is left of its figure: each column's verticals over the tallest column
  (``C``), the horizontals over their number, the sticks left over the total
  (in 255ths);
- its place in this round's order of rolling (``P``);
- its roll this round, once rolled: the category (nothing, one pair, two pairs,
  three of a kind, four of a kind: 5) and its rank among all rolls (1);
- its place in this round's ranking, once every roll is in (``P``);

then the round number over 200 and whether the observer must decide now.

Information state (``obs_type="info_state"``): the observation, then for each
relative seat the rounds it has won (over 255) and its roll in
the previous round (category 5, rank 1). Cavaleiro hides nothing and its
future depends only on the figures, the order and dice still to come, so
these counts sum up everything earlier that a player could recall.

"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple

from ludoteca import tensor
from ludoteca.games.cavaleiro.core import PHASE_NAMES, REMOVE, State
from ludoteca.games.cavaleiro.game import Cavaleiro
from ludoteca.games.cavaleiro.layout import parse_layout
from ludoteca.games.cavaleiro.rolls import ROLL_INDEX, ROLL_RANKED, ROLL_STRENGTH
from ludoteca.tensor import ONE, TensorEncoder, fractions

_new = tuple.__new__  # builds the record without the NamedTuple's Python-level __new__
__all__ = ["CavaleiroPublic", "CavaleiroTensors"]

_STRENGTH = fractions(max(ROLL_STRENGTH))
_F255 = fractions(255)
_ROUND_CAP = 200
_RANK: tuple[int, ...] = tuple(r.rank for r in ROLL_RANKED)
_ROUNDS = fractions(_ROUND_CAP)


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


class CavaleiroTensors(TensorEncoder[CavaleiroPublic]):
    """The observation and information state vectors of
    Cavaleiro for any number of players and any figure."""

    game_name = "cavaleiro"

    def __init__(self, game: Cavaleiro) -> None:
        super().__init__(game)
        n = self.num_seats
        layout = parse_layout(game.options["layout"])
        self.n_columns = len(layout.columns)
        self.tallest = max(layout.columns)
        self.horizontal_scale = max(1, layout.horizontals)
        self.height_fractions = fractions(self.tallest)
        self.horizontal_fractions = fractions(self.horizontal_scale)
        self.total = layout.total
        self.sides = [[s] for s in range(n)]
        self.seat_block = self.n_columns + 2 * n + 8
        self.o_round = n * self.seat_block
        self.observation_size = self.o_round + 2
        self.info_state_size = self.observation_size + n * 7
        # The entries of a figure (columns, horizontals, sticks left), by its state.
        self._figures: dict[tuple[tuple[int, ...], int], bytearray] = {}
        self._zero_observation = bytearray(4 * self.observation_size)
        self._zero_info = bytearray(4 * self.info_state_size)

    # ------------------------------------------------------------- readers

    def public(self, game: Cavaleiro, seat: int) -> CavaleiroPublic:
        c = self.n_columns
        core: State = game.core
        cols = core.cols
        last = core.last_round
        return _new(
            CavaleiroPublic,
            (
                seat,
                core.phase,
                core.round_winner if core.phase == REMOVE else -1,
                core.round,
                tuple([tuple(cols[s * c : s * c + c]) for s in range(self.num_seats)]),
                tuple(core.horiz),
                tuple(core.left),
                core.order,
                core.rolls,
                core.ranking,
                tuple(core.rounds_won),
                last[1] if last is not None else (),
            ),
        )

    def public_from_view(self, view: dict[str, Any]) -> CavaleiroPublic:
        figures = view["figures"]
        last = view["last_round"]
        return CavaleiroPublic(
            view["seat"],
            PHASE_NAMES.index(view["phase"]),
            tensor.seat_number(view["to_move"]),
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

    def write_observation(self, p: CavaleiroPublic, buf: bytearray) -> None:
        self._write(
            buf,
            p.seat,
            p.columns,
            p.horizontals,
            p.order,
            p.rolls,
            p.ranking,
            p.round,
            p.to_move,
        )

    def write_info_state(self, p: CavaleiroPublic, buf: bytearray) -> None:
        self.write_observation(p, buf)
        self._write_past(buf, p.seat, p.rounds_won, p.last_rolls)

    def _write(
        self,
        buf: bytearray,
        seat: int,
        columns: Sequence[Sequence[int]],
        horizontals: Sequence[int],
        order: Sequence[int],
        rolls: Sequence[tuple[int, int]],
        ranking: Sequence[int],
        round_number: int,
        to_move: int,
    ) -> None:
        n = self.num_seats
        c = self.n_columns
        block = self.seat_block
        figures = self._figures
        for s in range(n):
            k = 4 * ((s - seat) % n * block)
            key = (tuple(columns[s]), horizontals[s])
            part = figures.get(key)
            if part is None:
                if len(figures) > 100_000:
                    figures.clear()
                left = sum(columns[s]) + horizontals[s]
                part = figures[key] = (
                    bytearray().join([self.height_fractions[h] for h in columns[s]])
                    + self.horizontal_fractions[horizontals[s]]
                    + _F255[left * 255 // self.total]
                )
            buf[k : k + 4 * c + 8] = part
        o_order = c + 2
        for place, s in enumerate(order):
            k = 4 * ((s - seat) % n * block + o_order + place)
            buf[k : k + 4] = ONE
        o_roll = o_order + n
        for s, roll in rolls:
            k = 4 * ((s - seat) % n * block + o_roll)
            buf[k + 4 * _RANK[roll] : k + 4 * _RANK[roll] + 4] = ONE
            buf[k + 20 : k + 24] = _STRENGTH[ROLL_STRENGTH[roll]]
        o_rank = o_roll + 6
        for place, s in enumerate(ranking):
            k = 4 * ((s - seat) % n * block + o_rank + place)
            buf[k : k + 4] = ONE
        k = 4 * self.o_round
        buf[k : k + 4] = _ROUNDS[min(round_number, _ROUND_CAP)]
        if to_move == seat:
            buf[k + 4 : k + 8] = ONE

    def _write_past(
        self,
        buf: bytearray,
        seat: int,
        rounds_won: Sequence[int],
        last_rolls: Sequence[tuple[int, int]],
    ) -> None:
        n = self.num_seats
        base = self.observation_size
        for s in range(n):
            k = 4 * (base + (s - seat) % n * 7)
            buf[k : k + 4] = _F255[min(rounds_won[s], 255)]
        for s, roll in last_rolls:
            k = 4 * (base + (s - seat) % n * 7)
            buf[k + 4 + 4 * _RANK[roll] : k + 8 + 4 * _RANK[roll]] = ONE
            buf[k + 24 : k + 28] = _STRENGTH[ROLL_STRENGTH[roll]]

    native_name: ClassVar[str | None] = "CavaleiroEncoder"

    def native_args(self) -> tuple[Any, ...]:
        return (
            self.num_seats,
            self.n_columns,
            self.tallest,
            self.horizontal_scale,
            self.total,
            self.seat_block,
            self.o_round,
            self.observation_size,
            self.info_state_size,
            _RANK,
            ROLL_STRENGTH,
            (REMOVE, _ROUND_CAP),
        )

    # ------------------------------------------------------------- patching

    def patch_state(self, game: Cavaleiro, seat: int) -> Any:
        return game

    def patch(self, game: Cavaleiro, seat: int, buf: bytearray, state: Any, info: bool) -> Any:
        """Cavaleiro's vectors are small and a round changes most of them: written
        afresh into the kept buffer, straight from the game's core."""
        if state is not game:
            return None
        buf[:] = self._zero_info if info else self._zero_observation
        c = self.n_columns
        core = game.core
        cols = core.cols
        self._write(
            buf,
            seat,
            [cols[s * c : s * c + c] for s in range(self.num_seats)],
            core.horiz,
            core.order,
            core.rolls,
            core.ranking,
            core.round,
            core.round_winner if core.phase == REMOVE else -1,
        )
        if info:
            last = core.last_round
            self._write_past(buf, seat, core.rounds_won, last[1] if last is not None else ())
        return state
