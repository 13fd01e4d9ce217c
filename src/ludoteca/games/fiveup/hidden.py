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

__all__ = ["HandModel", "deal_parts", "hand_model"]


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
    parts = text[5:].split(" | ")
    hands = [[tile_index(w) for w in p.split()] for p in parts[:-1]]
    stock = [tile_index(w) for w in parts[-1].split()[1:]]
    return hands, stock


def hand_model(
    rules: Rules, leader: int, deal: str, actions: Sequence[int], seat: int
) -> HandModel:
    """The constraints on a hand's deal as ``seat`` sees them: ``deal`` is the
    hand's chance event (only the seat's own part of it is used as knowledge),
    ``actions`` the decisions since, ``leader`` who opened."""
    dealt, stock = deal_parts(deal)
    n = rules.players

    # Walk the hand on the rules: who acted, what, with which numbers open, which
    # stock tile.
    walk = State(rules=rules)
    walk.leader = leader
    walk.deal(dealt, stock)
    events: list[tuple[int, int, int, int]] = []  # seat, action, open numbers, stock pos
    for a in actions:
        events.append((walk.turn, a, walk.open_mask, walk.stock_pos))
        walk.apply(a)
    pos = walk.stock_pos
    known = set(dealt[seat])
    fixed: dict[int, int] = {}
    draws_by: dict[int, int] = {}
    drawn_at: dict[int, int] = {}
    for i, (who, a, _, k) in enumerate(events):
        if a != A_DRAW:
            continue
        draws_by[k] = who
        drawn_at[k] = i
        if who == seat:
            fixed[k] = stock[k]
            known.add(stock[k])
        elif i + 1 < len(events) and events[i + 1][1] >= A_OPEN:
            played = events[i + 1][1]
            fixed[k] = ACTION_MOVE[played][0]
    forced = set(fixed.values()) - known

    # Tiles to place: those played by other players (not fixed), and the unseen ones.
    played_by: dict[int, tuple[int, int]] = {}  # tile -> (player, event index)
    for i, (who, a, _, _) in enumerate(events):
        if a >= A_OPEN and who != seat:
            t = ACTION_MOVE[a][0]
            played_by[t] = (who, i)
    on_table_by_seat = {ACTION_MOVE[a][0] for who, a, _, _ in events if a >= A_OPEN and who == seat}
    tiles = [
        t for t in range(28) if t not in known and t not in forced and t not in on_table_by_seat
    ]

    # Slots: other players' dealt tiles and draws (not fixed), and the stock left.
    checks: dict[int, list[tuple[int, int]]] = {p: [] for p in range(n)}
    for i, (who, a, open_mask, _) in enumerate(events):
        if a in (A_DRAW, A_PASS):
            checks[who].append((i, open_mask))
    slots: list[tuple[str, int, int, int]] = []  # kind, where, player, moment acquired
    for p in range(n):
        if p != seat:
            slots.extend(("deal", p, p, -1) for _ in range(len(dealt[p])))
    for k, who in draws_by.items():
        if k not in fixed:
            slots.append(("stock", k, who, drawn_at[k]))
    slots.extend(("stock", k, -1, -1) for k in range(pos, len(stock)))

    def allowed_mask(player: int, acquired: int) -> int:
        mask = 0
        for i, t in enumerate(tiles):
            if player < 0:
                ok = t not in played_by
            elif t in played_by:
                owner, when = played_by[t]
                ok = owner == player and acquired < when
                if ok:
                    bad = 0
                    for j, m in checks[player]:
                        if acquired < j < when:
                            bad |= m
                    ok = not HAS_NUMBER[bad] & (1 << t)
            else:
                bad = 0
                for j, m in checks[player]:
                    if j > acquired:
                        bad |= m
                ok = not HAS_NUMBER[bad] & (1 << t)
            if ok:
                mask |= 1 << i
        return mask

    by_mask: dict[int, list[tuple[str, int]]] = {}
    for kind, where, player, acquired in slots:
        by_mask.setdefault(allowed_mask(player, acquired), []).append((kind, where))
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
