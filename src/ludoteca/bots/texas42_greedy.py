"""Texas 42 ``greedy`` level: sound table habits, one move at a time.

- Bidding: the hand is valued for its best trump (trumps held, the trump double,
  off-suit doubles, count it can protect); it bids 30 to 34 when the value is
  high enough, and never outbids its partner.
- Trump: the suit with the most tiles, doubles and high tiles weighing more;
  doubles as trump with four doubles or more.
- Play: win the trick as cheaply as possible when it can; when the partner is
  already winning, add count; otherwise throw the least valuable tile.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.texas42.core import A_BID_POINTS, A_CONTRACT, A_PASS, A_PLAY
from ludoteca.games.texas42.tables import (
    CONTRACT_NAMES,
    COUNT,
    DOUBLES,
    FOLLOW_MASK,
    LED_SUIT,
    NELLO,
    SEVENS,
    STRENGTH,
    TRUMP_MASK,
)
from ludoteca.tiles import ALL_TILES, tile_index

from .base import ActionBot, SeatHandle

__all__ = ["GreedyTexas42", "best_trump", "hand_value"]

TOP_TRUMP = 107  # the trump double's strength: trumps are 100 plus their rank, the double 7


def _tiles(names: list[str]) -> list[int]:
    return [tile_index(n) for n in names]


def hand_value(hand: list[int], contract: int) -> float:
    """A rough estimate of the points a hand takes with this contract, partner's help included."""
    trumps = [t for t in hand if TRUMP_MASK[contract] >> t & 1]
    value = 0.0
    n = len(trumps)
    has_top = any(
        STRENGTH[contract][0][t] == TOP_TRUMP or (contract == DOUBLES and t == 27) for t in trumps
    )
    value += 4.0 * n + (6.0 if has_top else 0.0)
    if n >= 4:
        value += 4.0 * (n - 3)
    for t in hand:
        tile = ALL_TILES[t]
        if not TRUMP_MASK[contract] >> t & 1:
            if tile.is_double and contract != DOUBLES:
                value += 3.0 if tile.high >= 4 else 1.5
            value -= 0.5 * COUNT[t] / 5
        else:
            value += 0.5 * COUNT[t]
    return 8.0 + value


def best_trump(hand: list[int]) -> tuple[int, float]:
    """The contract (0–7) that values this hand highest, and that value."""
    best = max(range(8), key=lambda c: hand_value(hand, c))
    return best, hand_value(hand, best)


class GreedyTexas42(ActionBot):
    """Texas 42 by table habits: bid on trump length, win cheaply, feed count to the partner."""

    level = "greedy"

    def choose_action(self, handle: SeatHandle, legal: list[int]) -> int:
        view = handle.view(log_from=handle.move_count)  # the present is enough
        phase = view["phase"]
        hand = _tiles(view["hand"])
        if phase == "bid":
            action = self._bid(view, hand, legal)
        elif phase == "trump":
            contract, _ = best_trump(hand)
            action = A_CONTRACT + contract if A_CONTRACT + contract in legal else legal[0]
        else:
            action = A_PLAY + self._play(view, handle.seat, [a - A_PLAY for a in legal])
        return action

    def _bid(self, view: dict[str, Any], hand: list[int], legal: list[int]) -> int:
        _, value = best_trump(hand)
        partner = (view["seat"] + 2) % 4
        if view["bidder"] == partner and A_PASS in legal:
            return A_PASS
        target = min(34, int(value))
        for bid in range(target, 29, -1):
            if A_BID_POINTS + bid - 30 in legal and value >= 30:
                return A_BID_POINTS + bid - 30
        if A_PASS in legal:
            return A_PASS
        return A_BID_POINTS if A_BID_POINTS in legal else legal[1]

    def _play(self, view: dict[str, Any], seat: int, tiles: list[int]) -> int:
        """The tile to play, from the legal ``tiles``."""
        contract = CONTRACT_NAMES.index(view["contract"])
        trick = [(p["seat"], tile_index(p["tile"])) for p in view["trick"]]
        if not trick:
            # lead the strongest tile: trumps first while holding the top, else high doubles
            return max(tiles, key=lambda t: self._lead_score(contract, t))
        led = LED_SUIT[contract][trick[0][1]]
        strength = STRENGTH[contract][led]
        best_seat, best_tile = max(trick, key=lambda p: strength[p[1]])
        team_of = view["team_of"]
        partner_winning = team_of[best_seat] == team_of[seat]
        if contract == NELLO:  # the bidder ducks, the opponents try to make the bidder win
            return min(tiles, key=lambda t: strength[t])
        if partner_winning:
            # feed count to the partner, else throw the smallest tile
            return max(tiles, key=lambda t: (COUNT[t], -strength[t]))
        winners = [t for t in tiles if strength[t] > strength[best_tile]]
        if winners:
            return min(winners, key=lambda t: strength[t])
        return min(tiles, key=lambda t: (COUNT[t], strength[t], t))

    @staticmethod
    def _lead_score(contract: int, t: int) -> tuple[int, int]:
        tile = ALL_TILES[t]
        if contract < NELLO and TRUMP_MASK[contract] >> t & 1:
            return (2, STRENGTH[contract][LED_SUIT[contract][t]][t])
        if tile.is_double:
            return (1, tile.high)
        follow = FOLLOW_MASK[contract][LED_SUIT[contract][t]] if contract < SEVENS else 0
        return (0, -COUNT[t] - (follow.bit_count() if follow else 0))
