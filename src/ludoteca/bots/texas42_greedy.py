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

from ludoteca.games.texas42.tables import COUNT, FOLLOW_MASK, LED_SUIT, STRENGTH, TRUMP_MASK
from ludoteca.tiles import ALL_TILES, tile_index

from .base import Bot, SeatHandle

__all__ = ["GreedyTexas42", "best_trump", "hand_value"]

CONTRACTS = {
    "trump 0": 0, "trump 1": 1, "trump 2": 2, "trump 3": 3, "trump 4": 4, "trump 5": 5,
    "trump 6": 6, "trump doubles": 7, "trump follow-me": 8, "nello": 9, "sevens": 10,
}  # fmt: skip


def _tiles(names: list[str]) -> list[int]:
    return [tile_index(n) for n in names]


def hand_value(hand: list[int], contract: int) -> float:
    """A rough estimate of the points a hand takes with this contract, partner's help included."""
    trumps = [t for t in hand if TRUMP_MASK[contract] >> t & 1]
    value = 0.0
    n = len(trumps)
    has_top = any(STRENGTH[contract][0][t] == 107 or (contract == 7 and t == 27) for t in trumps)
    value += 4.0 * n + (6.0 if has_top else 0.0)
    if n >= 4:
        value += 4.0 * (n - 3)
    for t in hand:
        tile = ALL_TILES[t]
        if not TRUMP_MASK[contract] >> t & 1:
            if tile.is_double and contract != 7:
                value += 3.0 if tile.high >= 4 else 1.5
            value -= 0.5 * COUNT[t] / 5
        else:
            value += 0.5 * COUNT[t]
    return 8.0 + value


def best_trump(hand: list[int]) -> tuple[int, float]:
    """The contract (0–7) that values this hand highest, and that value."""
    best = max(range(8), key=lambda c: hand_value(hand, c))
    return best, hand_value(hand, best)


class GreedyTexas42(Bot):
    """Texas 42 by table habits: bid on trump length, win cheaply, feed count to the partner."""

    level = "greedy"

    def choose(self, handle: SeatHandle) -> str:
        view = handle.view()
        legal = handle.legal_moves()
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        hand = _tiles(view["hand"])
        if phase == "bid":
            return self._bid(view, hand, legal)
        if phase == "trump":
            contract, _ = best_trump(hand)
            name = "trump doubles" if contract == 7 else f"trump {contract}"
            return name if name in legal else legal[0]
        return self._play(view, handle.seat, legal)

    def _bid(self, view: dict[str, Any], hand: list[int], legal: list[str]) -> str:
        _, value = best_trump(hand)
        partner = (view["seat"] + 2) % 4
        if view["bidder"] == partner and "pass" in legal:
            return "pass"
        target = min(34, int(value))
        for bid in range(target, 29, -1):
            if f"bid {bid}" in legal and bid >= 30 and value >= 30:
                return f"bid {bid}"
        if "pass" in legal:
            return "pass"
        return "bid 30" if "bid 30" in legal else legal[1]

    def _play(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        contract = CONTRACTS[view["contract"]]
        tiles = [tile_index(m[5:]) for m in legal]
        trick = [(p["seat"], tile_index(p["tile"])) for p in view["trick"]]
        if not trick:
            # lead the strongest tile: trumps first while holding the top, else high doubles
            return "play " + str(ALL_TILES[max(tiles, key=lambda t: self._lead_score(contract, t))])
        led = LED_SUIT[contract][trick[0][1]]
        strength = STRENGTH[contract][led]
        best_seat, best_tile = max(trick, key=lambda p: strength[p[1]])
        partner_winning = best_seat % 2 == seat % 2
        if contract == 9:  # nello: the bidder ducks, the opponents try to make the bidder win
            return "play " + str(ALL_TILES[min(tiles, key=lambda t: strength[t])])
        if partner_winning:
            # feed count to the partner, else throw the smallest tile
            return "play " + str(ALL_TILES[max(tiles, key=lambda t: (COUNT[t], -strength[t]))])
        winners = [t for t in tiles if strength[t] > strength[best_tile]]
        if winners:
            return "play " + str(ALL_TILES[min(winners, key=lambda t: strength[t])])
        return "play " + str(ALL_TILES[min(tiles, key=lambda t: (COUNT[t], strength[t], t))])

    @staticmethod
    def _lead_score(contract: int, t: int) -> tuple[int, int]:
        tile = ALL_TILES[t]
        if contract < 9 and TRUMP_MASK[contract] >> t & 1:
            return (2, STRENGTH[contract][LED_SUIT[contract][t]][t])
        if tile.is_double:
            return (1, tile.high)
        follow = FOLLOW_MASK[contract][LED_SUIT[contract][t]] if contract < 10 else 0
        return (0, -COUNT[t] - (follow.bit_count() if follow else 0))
