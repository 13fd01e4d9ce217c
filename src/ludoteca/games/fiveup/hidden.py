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
from typing import TYPE_CHECKING

from ludoteca.tiles import ALL_TILES, tile_index

from .tables import (
    A_DRAW,
    A_ON,
    A_OPEN,
    A_PASS,
    HAS_NUMBER,
    ON_NUMBER,
    ON_OUTER,
    ON_TARGET,
    ON_TILE,
    deal_text,
)

if TYPE_CHECKING:
    from .game import FiveUp

__all__ = ["HandModel", "hand_model", "sample_hidden"]


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


def _deal_parts(text: str) -> tuple[list[list[int]], list[int]]:
    parts = text[5:].split(" | ")
    hands = [[tile_index(w) for w in p.split()] for p in parts[:-1]]
    stock = [tile_index(w) for w in parts[-1].split()[1:]]
    return hands, stock


def hand_model(game: FiveUp, seat: int) -> HandModel:
    """The constraints on the current hand's deal as ``seat`` sees them."""
    hist = game._history
    deal_text = hist[game.hand_start]
    assert isinstance(deal_text, str)
    dealt, stock = _deal_parts(deal_text)
    n = game.n
    actions = [a for a in hist[game.hand_start + 1 :] if isinstance(a, int)]

    # Walk the hand: who acted, what, with which numbers open, which stock tile.
    tbn = [0] * 7
    sides_free = [0] * 28
    tips_free = [0] * 28
    turn = game.leader
    pos = 0
    events: list[tuple[int, int, int, int]] = []  # seat, action, open numbers, stock pos
    for a in actions:
        open_mask = 0
        for v in range(7):
            if tbn[v]:
                open_mask |= 1 << v
        events.append((turn, a, open_mask, pos))
        if a == A_DRAW:
            pos += 1
            continue
        if a == A_PASS:
            turn = (turn + 1) % n
            continue
        if a < A_ON:
            t = a - A_OPEN
            tile = ALL_TILES[t]
            if tile.is_double:
                sides_free[t] = 2
            tbn[tile.high] |= 1 << t
            tbn[tile.low] |= 1 << t
        else:
            t, x, v = ON_TILE[a], ON_TARGET[a], ON_NUMBER[a]
            if ALL_TILES[x].is_double:
                if sides_free[x]:
                    sides_free[x] -= 1
                    if not sides_free[x]:
                        tips_free[x] = 2
                else:
                    tips_free[x] -= 1
                    if not tips_free[x]:
                        tbn[v] &= ~(1 << x)
            else:
                tbn[v] &= ~(1 << x)
            if ALL_TILES[t].is_double:
                sides_free[t] = 1
                tbn[v] |= 1 << t
            else:
                tbn[ON_OUTER[a]] |= 1 << t
        turn = (turn + 1) % n

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
            fixed[k] = ON_TILE[played] if played >= A_ON else played - A_OPEN
    forced = set(fixed.values()) - known

    # Tiles to place: those played by other players (not fixed), and the unseen ones.
    played_by: dict[int, tuple[int, int]] = {}  # tile -> (player, event index)
    for i, (who, a, _, _) in enumerate(events):
        if a >= A_OPEN and who != seat:
            t = ON_TILE[a] if a >= A_ON else a - A_OPEN
            played_by[t] = (who, i)
    on_table_by_seat = {
        ON_TILE[a] if a >= A_ON else a - A_OPEN
        for who, a, _, _ in events
        if a >= A_OPEN and who == seat
    }
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


def sample_hidden(game: FiveUp, seat: int, rng: random.Random) -> FiveUp:
    """A copy of ``game`` with the current hand's hidden tiles redrawn for ``seat``."""
    if not (isinstance(seat, int) and 0 <= seat < game.n):
        raise ValueError(f"{seat!r} is not a seat of this game: seats are 0 to {game.n - 1}")
    new = game.copy()
    assert isinstance(new, type(game))
    new.seed = rng.getrandbits(63)
    if not game.hand_hidden():
        return new
    cache = game._hidden_cache
    key = (len(game._history), seat)
    if cache is not None and cache[0] == key:
        model = cache[1]
    else:
        model = hand_model(game, seat)
        game._hidden_cache = (key, model)
    hands, stock = model.sample(rng)
    hands = [sorted(h, reverse=True) for h in hands]
    events_hands = [sum(1 << t for t in h) for h in hands]
    for k in range(model.stock_pos):
        events_hands[model.draws_by[k]] |= 1 << stock[k]
    on_table = game.on_table
    new.hands = [h & ~on_table for h in events_hands]
    new.stock = stock
    new._history[game.hand_start] = deal_text(hands, stock)
    assert new.hands[seat] == game.hands[seat]
    return new
