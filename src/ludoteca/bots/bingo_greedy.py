"""Bingo ``greedy`` level: sound table habits, one move at a time.

- **Lead**: close the stock when the tiles sure to win (nothing the opponent
  may hold beats them) clearly make 70 with the points already taken; lead a
  double with a show when it is sure to win (or nearly, for a show of two or
  more); take a trick that makes 70; once following is compulsory cash the
  sure tiles, the most valuable first; otherwise lead the cheapest tile,
  keeping the trumps.
- **Answer**: win a trick worth it (10 points or more, a show to deny, or 70
  reached) as cheaply as possible; win any trick with a tile that is not a
  trump; otherwise throw the cheapest tile, trumps last.
- **The last two**: take the turned-up tile (a trump) unless the unseen tiles
  are stronger on average.
"""

from __future__ import annotations

from .base import Bot, SeatHandle
from .bingo_common import (
    A_CLOSE,
    A_TAKE_UP,
    SeatKnowledge,
    action_of,
    heuristic_lead,
    heuristic_reply,
    heuristic_take,
)

__all__ = ["GreedyBingo", "greedy_action"]


def greedy_action(k: SeatKnowledge, legal: list[int]) -> int:
    """The greedy decision (an action number) for the seat whose knowledge is ``k``."""
    seat = k.seat
    if A_TAKE_UP in legal:
        unseen = k.possible_opp & ~k.opp_known
        return heuristic_take(k.cfg, k.up, unseen)
    if k.led >= 0:
        allowed = 0
        for a in legal:
            allowed |= 1 << a
        return heuristic_reply(k.cfg, allowed, k.led, k.lead_show, k.points[seat])
    action = heuristic_lead(
        k.cfg,
        k.hand,
        k.shown[seat],
        k.possible_opp,
        k.points[seat],
        k.compulsory,
        A_CLOSE in legal,
    )
    return action if action in legal else legal[0]


class GreedyBingo(Bot):
    """Bingo by table habits (see the module docstring)."""

    level = "greedy"

    def choose(self, handle: SeatHandle) -> str:
        legal = handle.legal_moves()
        if len(legal) == 1:
            return legal[0]
        k = SeatKnowledge.from_view(handle.view())
        return handle.action_to_move(greedy_action(k, [action_of(m) for m in legal]))
