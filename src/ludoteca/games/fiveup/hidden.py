"""Exact resampling of what one seat cannot see in a hand of Five-Up.

What a seat knows of the current hand: its own five tiles and every tile it drew,
every play (public), how many tiles each player drew and when, and one
inference: a player who drew or passed held nothing that fitted the open ends at
that moment. Everything else — the other hands and the order of the stock — is
hidden.

The resampled deal is drawn **uniformly among the complete deals of the hand that
agree with all of that** (the exact posterior when every deal is a priori
equally likely), then the hand's moves are played forward on it.

How: the deal is a set of *slots* — each other player's five dealt tiles, each
stock position drawn by another player, and the stock positions not drawn yet.
A tile that went to a slot was held from that slot's moment on, so it must not
fit the open ends at any later draw or pass of that player (up to the moment it
was played, for a tile played since). A tile played straight after a draw is the
tile drawn (nothing fitted a moment before), so that slot is fixed. Slots that
allow exactly the same tiles are merged into groups; the number of ways to fill
the groups is counted exactly by a dynamic programme over the tiles (state: the
room left in each group), and tiles are then placed one by one with
probabilities proportional to the completions they leave, and shuffled within
their group.

>>> import random
>>> from ludoteca import new_game
>>> g = new_game("fiveup", seed=3)
>>> for _ in range(6):
...     g.play(g.legal_moves()[0])
>>> s = g.sample_hidden(0, random.Random(1))
>>> s.view(0) == g.view(0), s.hand_masks[0] == g.hand_masks[0]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ludoteca.tiles import tile_index

from .core import Rules, State
from .tables import A_DRAW, A_OPEN, A_PASS, ACTION_MOVE, HAS_NUMBER

__all__ = ["HandModel", "deal_parts", "dealt_to", "hand_model"]

Event = tuple[int, int, int, int]
"""One decision of the hand: who made it, the action, the numbers open just
before (a mask), the stock position then."""
Slot = tuple[str, int, int, int]
"""``(kind, where, player, moment acquired)``: ``player`` -1 for the stock left."""
NEVER = 1 << 30


class HandModel:
    """The slots of a hand's deal hidden from one seat, grouped, with the counting table.

    ``tiles`` are the tiles to place; ``allowed[i]`` the groups tile ``i`` may go
    to; ``groups[g]`` the slots of group ``g`` (``("deal", p)`` for one of
    player ``p``'s dealt tiles, ``("stock", k)`` for stock position ``k``).
    """

    def __init__(
        self,
        seat: int,
        dealt: list[list[int]],
        stock: list[int],
        stock_pos: int,
        fixed: dict[int, int],
        draws_by: dict[int, int],
        tiles: list[int],
        allowed: list[list[int]],
        groups: list[list[tuple[str, int]]],
    ) -> None:
        self.seat = seat
        self.dealt = dealt  # the true deal: only the seat's own hand is read from it
        self.stock = stock  # the true stock: only the seat's own draws are read
        self.stock_pos = stock_pos
        self.fixed = fixed  # stock position -> tile known to the seat
        self.draws_by = draws_by  # stock position -> seat that drew it
        self.tiles = tiles
        self.allowed = allowed
        self.groups = groups
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}

    @property
    def capacities(self) -> tuple[int, ...]:
        return tuple(len(g) for g in self.groups)

    def count(self, i: int = 0, caps: tuple[int, ...] | None = None) -> int:
        """Ways to place tiles ``i…`` into the room ``caps`` left in the groups."""
        if caps is None:
            caps = self.capacities
        if i == len(self.tiles):
            return 1
        key = (i, caps)
        memo = self._memo
        got = memo.get(key)
        if got is not None:
            return got
        total = 0
        for g in self.allowed[i]:
            if caps[g]:
                total += self.count(i + 1, (*caps[:g], caps[g] - 1, *caps[g + 1 :]))
        memo[key] = total
        return total

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """A deal drawn uniformly among the consistent ones: hands, then stock order."""
        caps = self.capacities
        if self.count(0, caps) == 0:  # pragma: no cover - the true deal always fits
            raise RuntimeError("no deal agrees with the history")
        members: list[list[int]] = [[] for _ in self.groups]
        for i, t in enumerate(self.tiles):
            options = []
            for g in self.allowed[i]:
                if caps[g]:
                    after = (*caps[:g], caps[g] - 1, *caps[g + 1 :])
                    options.append((g, after, self.count(i + 1, after)))
            r = rng.randrange(sum(w for _, _, w in options))
            for g, after, w in options:
                if r < w:
                    members[g].append(t)
                    caps = after
                    break
                r -= w
        n = len(self.dealt)
        hands: list[list[int]] = [[] for _ in range(n)]
        hands[self.seat] = list(self.dealt[self.seat])
        stock = [-1] * len(self.stock)
        for k, t in self.fixed.items():
            stock[k] = t
        for g, slots in enumerate(self.groups):
            chosen = members[g]
            rng.shuffle(chosen)
            for (kind, where), t in zip(slots, chosen, strict=True):
                if kind == "deal":
                    hands[where].append(t)
                else:
                    stock[where] = t
        return hands, stock


def deal_parts(text: str) -> tuple[list[list[int]], list[int]]:
    """The hands and the stock of a ``deal …`` chance event."""
    parts = _parts_of_deal(text)
    hands = [[tile_index(w) for w in p.split()] for p in parts[:-1]]
    stock = [tile_index(w) for w in parts[-1].split()[1:]]
    return hands, stock


def dealt_to(text: str, seat: int) -> list[int]:
    """The tiles ``seat`` was dealt in a ``deal …`` chance event, or in a seat's view
    of it (the other parts hidden)."""
    return [tile_index(w) for w in _parts_of_deal(text)[seat].split()]


def _parts_of_deal(text: str) -> list[str]:
    return text[5:].split(" | ")


def hand_model(
    rules: Rules, leader: int, deal: str, actions: Sequence[int], seat: int
) -> HandModel:
    """The constraints on a hand's deal as ``seat`` sees them: ``deal`` is the
    hand's chance event (only the seat's own part of it is used as knowledge),
    ``actions`` the decisions since, ``leader`` who opened."""
    dealt, stock = deal_parts(deal)
    events, pos = _walk(rules, leader, dealt, stock, actions)
    draws_by, drawn_at = _draws(events)
    known = set(dealt[seat]) | {stock[k] for k, who in draws_by.items() if who == seat}
    fixed = _fixed_draws(events, seat, stock, draws_by, drawn_at)
    forced = set(fixed.values()) - known
    played_by = _played_by_others(events, seat)
    on_table_by_seat = {ACTION_MOVE[a][0] for who, a, _, _ in events if a >= A_OPEN and who == seat}
    tiles = [
        t for t in range(28) if t not in known and t not in forced and t not in on_table_by_seat
    ]
    checks = _draw_and_pass_checks(events, rules.players)
    slots = _slots(seat, dealt, draws_by, drawn_at, fixed, range(pos, len(stock)))

    by_mask: dict[int, list[tuple[str, int]]] = {}
    for kind, where, player, acquired in slots:
        mask = _allowed_mask(tiles, played_by, checks, player, acquired)
        by_mask.setdefault(mask, []).append((kind, where))
    masks = list(by_mask)
    groups = [by_mask[m] for m in masks]
    allowed = [[g for g, m in enumerate(masks) if m >> i & 1] for i in range(len(tiles))]
    # Most constrained tiles first keeps the counting table small.
    order = sorted(range(len(tiles)), key=lambda i: (len(allowed[i]), allowed[i]))
    return HandModel(
        seat,
        dealt,
        stock,
        pos,
        fixed,
        draws_by,
        [tiles[i] for i in order],
        [allowed[i] for i in order],
        groups,
    )


def _walk(
    rules: Rules, leader: int, dealt: list[list[int]], stock: list[int], actions: Sequence[int]
) -> tuple[list[Event], int]:
    """The hand's decisions replayed on the rules (see :data:`Event`), and the
    stock position reached."""
    walk = State(rules=rules)
    walk.leader = leader
    walk.deal(dealt, stock)
    events: list[Event] = []
    for a in actions:
        events.append((walk.turn, a, walk.open_mask, walk.stock_pos))
        walk.apply(a)
    return events, walk.stock_pos


def _draws(events: list[Event]) -> tuple[dict[int, int], dict[int, int]]:
    """For each stock position drawn: who drew it, and at which event."""
    draws_by: dict[int, int] = {}
    drawn_at: dict[int, int] = {}
    for i, (who, a, _, k) in enumerate(events):
        if a == A_DRAW:
            draws_by[k] = who
            drawn_at[k] = i
    return draws_by, drawn_at


def _fixed_draws(
    events: list[Event],
    seat: int,
    stock: list[int],
    draws_by: dict[int, int],
    drawn_at: dict[int, int],
) -> dict[int, int]:
    """The stock positions whose tile ``seat`` knows: its own draws, and a draw
    of another player followed at once by a play (nothing fitted before, so the
    tile played is the tile drawn)."""
    fixed: dict[int, int] = {}
    for k, who in draws_by.items():
        i = drawn_at[k]
        if who == seat:
            fixed[k] = stock[k]
        elif i + 1 < len(events) and events[i + 1][1] >= A_OPEN:
            fixed[k] = ACTION_MOVE[events[i + 1][1]][0]
    return fixed


def _played_by_others(events: list[Event], seat: int) -> dict[int, tuple[int, int]]:
    """Tile -> (player, event index) for the tiles the other players played."""
    played_by: dict[int, tuple[int, int]] = {}
    for i, (who, a, _, _) in enumerate(events):
        if a >= A_OPEN and who != seat:
            played_by[ACTION_MOVE[a][0]] = (who, i)
    return played_by


def _draw_and_pass_checks(events: list[Event], players: int) -> dict[int, list[tuple[int, int]]]:
    """For each player, ``(event index, open numbers)`` of each of its draws and
    passes: moments it held nothing with those numbers."""
    checks: dict[int, list[tuple[int, int]]] = {p: [] for p in range(players)}
    for i, (who, a, open_mask, _) in enumerate(events):
        if a in (A_DRAW, A_PASS):
            checks[who].append((i, open_mask))
    return checks


def _slots(
    seat: int,
    dealt: list[list[int]],
    draws_by: dict[int, int],
    drawn_at: dict[int, int],
    fixed: dict[int, int],
    stock_left: range,
) -> list[Slot]:
    """The places of hidden tiles (see :data:`Slot`): the other players' dealt
    tiles, their draws not known, and the stock positions ``stock_left``."""
    slots: list[Slot] = []
    for p, hand in enumerate(dealt):
        if p != seat:
            slots.extend(("deal", p, p, -1) for _ in hand)
    for k, who in draws_by.items():
        if k not in fixed:
            slots.append(("stock", k, who, drawn_at[k]))
    slots.extend(("stock", k, -1, -1) for k in stock_left)
    return slots


def _allowed_mask(
    tiles: list[int],
    played_by: dict[int, tuple[int, int]],
    checks: dict[int, list[tuple[int, int]]],
    player: int,
    acquired: int,
) -> int:
    """Bit ``i`` set when ``tiles[i]`` may fill a slot that ``player`` acquired at
    event ``acquired`` (``player`` -1: the stock not drawn yet, where no tile
    played can be). A tile played must be the player's own, got before the play;
    a tile held (until played, or up to now) fitted none of the numbers open at
    the player's draws and passes meanwhile."""
    mask = 0
    if player < 0:
        for i, t in enumerate(tiles):
            if t not in played_by:
                mask |= 1 << i
        return mask
    own_checks = checks[player]
    unfit_since = HAS_NUMBER[_numbers_open(own_checks, acquired, NEVER)]
    for i, t in enumerate(tiles):
        played = played_by.get(t)
        if played is None:
            unfit = unfit_since
        elif played[0] == player and acquired < played[1]:
            unfit = HAS_NUMBER[_numbers_open(own_checks, acquired, played[1])]
        else:
            continue
        if not unfit & (1 << t):
            mask |= 1 << i
    return mask


def _numbers_open(own_checks: list[tuple[int, int]], after: int, before: int) -> int:
    """The numbers open at a player's draws and passes between two events (a mask)."""
    numbers = 0
    for j, m in own_checks:
        if after < j < before:
            numbers |= m
    return numbers
