"""What a Five-Up seat knows of the hand, for the bots.

:class:`HandKnowledge` is read from the seat's view alone (its own tiles, the
public log of the hand with who made each move, the hand sizes and the stock
count): the layout on the table, laid by the rules' own state
(:class:`ludoteca.games.fiveup.core.State`, with its counts: the open ends of
non-doubles by number, the places left on each double, the sum of the open ends),
the tiles not seen yet, and the numbers each other player is known to lack (a
player who drew or passed held nothing that fitted the open ends at that moment;
after drawing, the tiles held still lack the numbers open then).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.games.fiveup.core import State
from ludoteca.games.fiveup.tables import A_DRAW, A_PASS, ACTION_MOVE, ACTION_OF
from ludoteca.tiles import FULL_MASK, tile_index

__all__ = ["HandKnowledge"]


@dataclass
class HandKnowledge:
    """A seat's knowledge of the hand under way, from its view only.

    ``layout`` is the table as a state of the rules, counts only (no hands: use
    its :meth:`~ludoteca.games.fiveup.core.State.placements`,
    :meth:`~ludoteca.games.fiveup.core.State.ends_after`, ``lay`` and ``unlay``).
    """

    seat: int
    players: int
    side_of: tuple[int, ...]
    sides: int
    hand: int
    layout: State
    hand_sizes: list[int]
    stock_size: int
    stock_drawable: int
    scores: list[int]
    target: int
    exact: bool
    lacks: list[int]
    plays: int

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> HandKnowledge:
        seat: int = view["seat"]
        players = len(view["side_of"])
        hand = 0
        for text in view["hand"]:
            hand |= 1 << tile_index(text)
        log: list[str] = view["log"]
        actors: list[int | str] = view["log_seats"]
        start = max(i for i, e in enumerate(log) if e.startswith("deal "))
        table = State(players)
        lacks = [0] * players
        plays = 0
        for entry, actor in zip(log[start + 1 :], actors[start + 1 :], strict=True):
            assert isinstance(actor, int)
            a = ACTION_OF[entry]
            if a == A_DRAW:
                lacks[actor] = table.open_mask
            elif a == A_PASS:
                lacks[actor] |= table.open_mask
            else:
                table.lay(*ACTION_MOVE[a])
                plays += 1
        return cls(
            seat=seat,
            players=players,
            side_of=tuple(view["side_of"]),
            sides=len(view["sides"]),
            hand=hand,
            layout=table.clone(counts_only=True),
            hand_sizes=list(view["hand_sizes"]),
            stock_size=view["stock_size"],
            stock_drawable=view["stock_drawable"],
            scores=list(view["scores"]),
            target=view["target"],
            exact=bool(view["options"]["exact_61"]),
            lacks=lacks,
            plays=plays,
        )

    @property
    def ends(self) -> int:
        """The sum of the open ends."""
        return self.layout.ends

    @property
    def on_table(self) -> int:
        """The tiles on the table (a mask)."""
        return self.layout.on_table

    @property
    def unseen(self) -> int:
        """Tiles this seat has not seen: the other hands and the stock."""
        return FULL_MASK & ~self.hand & ~self.on_table

    def opponents(self) -> list[int]:
        side = self.side_of[self.seat]
        return [s for s in range(self.players) if self.side_of[s] != side]
