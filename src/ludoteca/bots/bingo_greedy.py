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

from ludoteca.games.bingo.hidden import position_from_view

from .base import ActionBot, SeatHandle
from .bingo_common import greedy_action

__all__ = ["GreedyBingo"]


class GreedyBingo(ActionBot):
    """Bingo by table habits (see the module docstring)."""

    level = "greedy"

    def choose_action(self, handle: SeatHandle, legal: list[int]) -> int:
        action = greedy_action(position_from_view(handle.view(log_from=handle.move_count)))
        return action if action in legal else legal[0]
