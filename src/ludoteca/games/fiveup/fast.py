"""Five-Up on a compact state, for simulation and search.

Both follow exactly the rules and the action numbers of
:class:`ludoteca.games.fiveup.FiveUp` (the tests check them against the
engine), without the Game API's bookkeeping: no history, no notation, no views.

- :class:`HandState` is one hand from any position, everything known (a real
  deal or a determinization), played move by move by any policy: the play-outs
  of Monte Carlo players such as the ``expert`` bot. Once the stock is closed,
  :mod:`ludoteca.games.fiveup.solver` solves the rest exactly.
- :func:`playout` plays a game on from any position to its end with uniformly
random legal moves (and uniformly random deals for later hands), without
touching the game it starts from and without building records, views or score
events: the rules of :mod:`.game` in one tight loop over small ints and tile
masks. Passing a ``trace`` list collects the chance events (as text) and the
decisions (as action numbers), so a play-out can be replayed through the public
API, which is how the tests check that both agree.

>>> import random
>>> from ludoteca import new_game
>>> g = new_game("fiveup", seed=5, players=3)
>>> scores, hands = playout(g, random.Random(1))
>>> max(scores) >= 61, hands >= 1, g.moves == new_game("fiveup", seed=5, players=3).moves
(True, True, True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoteca.tiles import ALL_TILES, TILE_TEXT, indices_of

from .solver import OPENING, PASS, PLAIN, SPINNER, Move
from .tables import (
    A_DRAW,
    A_OPEN,
    A_PASS,
    IS_DOUBLE,
    NUMBER_MASK,
    NUMBERS_OF,
    ON_NUMBER,
    ON_OUTER,
    OUTER,
    PIPS,
    PLAY_ON,
    bonus_points,
    deal_text,
)

if TYPE_CHECKING:
    from ludoteca.game import Game

    from .game import FiveUp

__all__ = ["HandState", "Play", "playout"]

_NUMBERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(v for v in range(7) if m >> v & 1) for m in range(128)
)
_SINGLE: tuple[int, ...] = tuple(ns[0] if len(ns) == 1 else -1 for ns in _NUMBERS)
"""The number of a 7-bit mask holding just one, else -1."""
_ALL = list(range(28))
_Pair = tuple[int, int, int, int, int, int, int, int, int, int]
_PAIRS: dict[int, list[_Pair]] = {}
"""The plays of some tiles on some targets, all showing one number, by
``tiles << 28 | targets``: ``(action, tile, target, number, outer number, tile bit,
target bit, number bit, outer bit, kind)``; kind 0 is a non-double joining a
non-double, 1 a non-double joining a double, 2 a double joining a non-double."""


def _half_table(base: int, pips: bool) -> tuple[int, ...]:
    """For each 14-bit half of a hand: its pips, or the numbers it shows (7-bit mask)."""
    table = [0] * (1 << 14)
    for m in range(1, 1 << 14):
        low = m & -m
        t = base + low.bit_length() - 1
        table[m] = table[m ^ low] + PIPS[t] if pips else table[m ^ low] | NUMBERS_OF[t]
    return tuple(table)


_NUMS_LOW = _half_table(0, False)
_NUMS_HIGH = _half_table(14, False)
_PIPS_LOW = _half_table(0, True)
_PIPS_HIGH = _half_table(14, True)


def _pairs(key: int) -> list[_Pair]:
    tiles, targets = key >> 28, key & 0xFFFFFFF
    moves = []
    for t in range(28):
        if not tiles >> t & 1:
            continue
        for x in range(28):
            if not targets >> x & 1:
                continue
            a = PLAY_ON[t * 28 + x]
            v, o = ON_NUMBER[a], ON_OUTER[a]
            kind = 2 if IS_DOUBLE[t] else 1 if IS_DOUBLE[x] else 0
            moves.append((a, t, x, v, o, 1 << t, 1 << x, 1 << v, 1 << o, kind))
    if len(_PAIRS) < 200_000:
        _PAIRS[key] = moves
    return moves


def _pips(mask: int) -> int:
    return _PIPS_LOW[mask & 0x3FFF] + _PIPS_HIGH[mask >> 14]


def playout(
    game: FiveUp, rng: random.Random, trace: list[int | str] | None = None
) -> tuple[list[int], int]:
    """Play ``game`` on to its end at random, on a private state.

    Returns the final scores and how many hands were dealt on the way. In the
    hand under way the stock is drawn in its order; in new hands each draw takes
    a uniformly random tile of those left, which is the same as drawing from a
    shuffled stock without shuffling it all (with a ``trace``, the deal written
    there lists the tiles drawn in order, then the others shuffled).
    """
    n = game.n
    reserve = game.reserve
    side_of = game.side_of
    target: int = game.options["target"]
    exact: bool = game.options["exact_61"]
    winner_leads = game.options["later_lead"] == "winner"
    scores = list(game.scores)
    if game.winner is not None:
        return scores, 0
    rand = rng.random
    tracing = trace is not None
    log: list[int | str] = trace if trace is not None else []
    numbers_of = NUMBERS_OF
    pairs = _PAIRS
    numbers = _NUMBERS
    single = _SINGLE
    nums_low, nums_high = _NUMS_LOW, _NUMS_HIGH
    pips_low, pips_high = _PIPS_LOW, _PIPS_HIGH
    number_mask = NUMBER_MASK
    nxt = game.next_seat
    leader = game.leader
    hands_dealt = 0
    # the stock: pool[:left] are the tiles still to draw; drawn in order from
    # the end when ``ordered``, else picked at random
    pool: list[int] = []
    left = 0
    ordered = False
    deal_at = -1  # where the current deal goes in the trace
    dealt: list[list[int]] = []
    drawn_seq: list[int] = []
    phase = game.phase  # 0 draw, 1 deal, 2 play
    if phase == 0:
        drawn = rng.sample(range(28), n)
        leader = max(range(n), key=lambda s: (ALL_TILES[drawn[s]].pips, ALL_TILES[drawn[s]].high))
        if tracing:
            log.append("draw " + " ".join(TILE_TEXT[t] for t in drawn))
    hands: list[int] = []
    tbn: list[int] = []
    room: list[int] = []
    ends = passes = turn = open_mask = 0
    resume = phase == 2  # the hand under way goes on first
    if resume:
        hands = list(game.hands)
        pool = game.stock[game.stock_pos :][::-1]
        left = len(pool)
        ordered = True
        tbn = list(game.tbn)
        room = [
            side + 2 if side else tip
            for side, tip in zip(game.sides_free, game.tips_free, strict=True)
        ]
        ends = game.ends
        passes = game.passes
        turn = game.turn
        for v in range(7):
            if tbn[v]:
                open_mask |= 1 << v
    over = False
    while not over:
        # ------------------------------------------------------------ a hand
        if not resume:
            hands_dealt += 1
            pool = _ALL[:]
            left = 28
            hands = [0] * n
            first = 0
            for s in range(n):
                m = 0
                for _ in range(5):
                    j = int(rand() * left)
                    left -= 1
                    t = pool[j]
                    m |= 1 << t
                    pool[j] = pool[left]
                hands[s] = m
                if s == leader:
                    # the leader's last tile dealt is a uniform pick of its hand: it opens
                    first = t
            ordered = False
            if tracing:
                deal_at = len(log)
                log.append("")
                dealt = [[t for t in range(27, -1, -1) if h >> t & 1] for h in hands]
                drawn_seq = []
            room = [0] * 28
            passes = 0
            turn = leader
        if not resume or not game.on_table:
            # the opening tile
            hand = hands[turn]
            if resume:
                opening = list(indices_of(hand))
                t = opening[int(rand() * len(opening))]
            else:
                t = first
            if tracing:
                log.append(A_OPEN + t)
            hands[turn] = hand ^ (1 << t)
            tile = ALL_TILES[t]
            tbn = [0] * 7
            tbn[tile.high] |= 1 << t
            tbn[tile.low] |= 1 << t
            open_mask = (1 << tile.high) | (1 << tile.low)
            if tile.is_double:
                room[t] = 4
            ends = tile.pips
            if not ends % 5 and ends:
                side = side_of[turn]
                gained = scores[side] + ends // 5
                if not (exact and gained > target):
                    scores[side] = gained
                    if gained >= target:
                        break
            turn = nxt[turn]
        resume = False
        while True:
            # -------------------------------------------------------- a decision
            hand = hands[turn]
            fits = open_mask & (nums_low[hand & 0x3FFF] | nums_high[hand >> 14])
            if fits:
                v = single[fits]
                if v >= 0:
                    key = (hand & number_mask[v]) << 28 | tbn[v]
                    moves = pairs.get(key) or _pairs(key)
                else:
                    moves = []
                    for v in numbers[fits]:
                        key = (hand & number_mask[v]) << 28 | tbn[v]
                        moves += pairs.get(key) or _pairs(key)
                a, t, x, v, o, bit, xbit, vbit, obit, kind = (
                    moves[int(rand() * len(moves))] if len(moves) > 1 else moves[0]
                )
                if tracing:
                    log.append(a)
                hand ^= bit
                hands[turn] = hand
                if kind == 0:
                    ends += o - v
                    tbn[v] ^= xbit
                    tbn[o] |= bit
                    open_mask |= obit
                    if not tbn[v]:
                        open_mask ^= vbit
                elif kind == 1:
                    # places left on a double: its free sides, then its two tips; it
                    # counts while a side is free (more than two places left)
                    r = room[x] - 1
                    room[x] = r
                    if r == 2:
                        ends -= v + v
                    elif not r:
                        tbn[v] ^= xbit
                    ends += o
                    tbn[o] |= bit
                    open_mask |= obit
                    if not tbn[v]:
                        open_mask ^= vbit
                else:
                    # a double joins a non-double: v stays open, on the double
                    tbn[v] = tbn[v] ^ xbit | bit
                    room[t] = 3
                    ends += v
                passes = 0
                if not ends % 5 and ends:
                    side = side_of[turn]
                    gained = scores[side] + ends // 5
                    if not (exact and gained > target):
                        scores[side] = gained
                        if gained >= target:
                            over = True
                            break
                if hand:
                    turn = nxt[turn]
                    continue
                # domino
                side = side_of[turn]
                opp = 0
                for s in range(n):
                    if side_of[s] != side:
                        h = hands[s]
                        opp += pips_low[h & 0x3FFF] + pips_high[h >> 14]
                points = (opp + 2) // 5  # bonus_points
                if points:
                    gained = scores[side] + points
                    if not (exact and gained > target):
                        scores[side] = gained
                        over = gained >= target
                leader = turn if winner_leads else nxt[leader]
                break
            if left > reserve:
                # draw until a tile fits or the stock is down to what is never drawn
                while True:
                    left -= 1
                    if ordered:
                        t = pool[left]
                    else:
                        j = int(rand() * (left + 1))
                        t = pool[j]
                        pool[j] = pool[left]
                    hand |= 1 << t
                    if tracing:
                        log.append(A_DRAW)
                        drawn_seq.append(t)
                    if numbers_of[t] & open_mask or left == reserve:
                        break
                hands[turn] = hand
                continue
            if tracing:
                log.append(A_PASS)
            passes += 1
            if passes < n:
                turn = nxt[turn]
                continue
            # blocked
            per_side = [0] * len(scores)
            for s in range(n):
                per_side[side_of[s]] += _pips(hands[s])
            low = min(per_side)
            if per_side.count(low) == 1:
                side = per_side.index(low)
                points = bonus_points(sum(per_side) - low)
                if points:
                    gained = scores[side] + points
                    if not (exact and gained > target):
                        scores[side] = gained
                        over = gained >= target
            leader = nxt[leader]
            break
        if tracing and deal_at >= 0:
            _write_deal(log, deal_at, dealt, drawn_seq, pool[:left], rng)
            deal_at = -1
    if tracing and deal_at >= 0:
        _write_deal(log, deal_at, dealt, drawn_seq, pool[:left], rng)
    return scores, hands_dealt


def _write_deal(
    trace: list[int | str],
    at: int,
    dealt: list[list[int]],
    drawn: list[int],
    rest: list[int],
    rng: random.Random,
) -> None:
    """Write a play-out's deal into its trace: the tiles drawn in order, then the others."""
    rng.shuffle(rest)
    trace[at] = deal_text(dealt, drawn + rest)


Play = tuple[int, int, int, int]
"""``(tile, number, kind, ends after)``: a solver :data:`~.solver.Move` with the
sum of the open ends it leaves (what it scores: a fifth of that when it is a
positive multiple of 5)."""


class HandState:
    """One Five-Up hand with every tile known, played on move by move by the rules.

    The layout is the solver's (:class:`~.solver.Position`): ``plain[v]`` open
    ends of non-doubles showing ``v``, ``room[v]`` the places left on the double
    ``v-v`` (free sides plus its 2 tips while a side is free, then the free tips;
    a double counts both halves while ``room > 2``) and ``ends`` their sum.
    ``hands`` are per seat (masks); ``stock[spos:]`` the tiles still in the stock
    in draw order, of which the last ``reserve`` are never drawn; ``scores`` the
    sides' game scores. Once the hand is over, ``end`` says how (``domino``,
    ``blocked``, or ``target reached`` when a play's ends reach the target) and
    ``winner`` is the side that reached the target (-1: none). With ``exact``
    (the option ``exact_61``) a score that would pass the target is not scored.

    Moves are the solver's: :meth:`plays` lists the plays of a seat with the
    ends each leaves, :meth:`play` makes one; with no play the player to move
    must :meth:`draw` while :attr:`can_draw`, else :meth:`pass_turn`.

    >>> from ludoteca import new_game
    >>> g = new_game("fiveup", seed=4, players=3)
    >>> h = HandState.from_game(g)
    >>> over = False
    >>> while not over:
    ...     plays = h.plays(h.turn)
    ...     if plays:
    ...         over = h.play(*plays[0])
    ...     elif h.can_draw:
    ...         _ = h.draw()
    ...     else:
    ...         over = h.pass_turn()
    >>> h.end in ("domino", "blocked", "target reached"), g.scores == [0, 0, 0]
    (True, True)
    """

    __slots__ = (
        "end",
        "ends",
        "exact",
        "hands",
        "passes",
        "plain",
        "players",
        "reserve",
        "room",
        "scores",
        "side_of",
        "spos",
        "stock",
        "target",
        "turn",
        "winner",
    )

    players: int
    side_of: tuple[int, ...]
    hands: list[int]
    stock: list[int]
    spos: int
    reserve: int
    plain: list[int]
    room: list[int]
    ends: int
    turn: int
    passes: int
    scores: list[int]
    target: int
    exact: bool
    end: str
    winner: int

    @classmethod
    def from_game(cls, game: Game) -> HandState:
        """The hand under way in a Five-Up game (a real one or a determinization)."""
        from .game import PLAY, FiveUp

        if not isinstance(game, FiveUp) or game.phase != PLAY:
            raise ValueError("a hand state is taken from a Five-Up game while a hand is played")
        new = cls.__new__(cls)
        new.players = game.n
        new.side_of = tuple(game.side_of)
        new.hands = list(game.hands)
        new.stock = game.stock
        new.spos = game.stock_pos
        new.reserve = game.reserve
        plain = [0] * 7
        room = [0] * 7
        for v in range(7):
            m = game.tbn[v]
            while m:
                low = m & -m
                x = low.bit_length() - 1
                m ^= low
                if IS_DOUBLE[x]:
                    sides = game.sides_free[x]
                    room[v] = sides + 2 if sides else game.tips_free[x]
                else:
                    plain[v] += 1
        new.plain = plain
        new.room = room
        new.ends = game.ends
        new.turn = game.turn
        new.passes = game.passes
        new.scores = list(game.scores)
        new.target = game.target
        new.exact = bool(game.options["exact_61"])
        new.end = ""
        new.winner = -1
        return new

    def copy(self) -> HandState:
        """An independent copy (the stock, never changed, is shared)."""
        new = HandState.__new__(HandState)
        new.players = self.players
        new.side_of = self.side_of
        new.hands = list(self.hands)
        new.stock = self.stock
        new.spos = self.spos
        new.reserve = self.reserve
        new.plain = list(self.plain)
        new.room = list(self.room)
        new.ends = self.ends
        new.turn = self.turn
        new.passes = self.passes
        new.scores = list(self.scores)
        new.target = self.target
        new.exact = self.exact
        new.end = self.end
        new.winner = self.winner
        return new

    # ------------------------------------------------------------ the layout

    @property
    def opened(self) -> bool:
        """Whether the hand's first tile is on the table."""
        return any(self.plain) or any(self.room)

    @property
    def can_draw(self) -> bool:
        """Whether the stock holds a tile that may be drawn."""
        return len(self.stock) - self.spos > self.reserve

    def plays(self, seat: int) -> list[Play]:
        """Every play of ``seat`` on the layout, with the ends it leaves.

        Plays on ends showing the same number are one play (as in the solver);
        before the first tile is down, every tile of the hand opens it.
        """
        hand = self.hands[seat]
        plain, room, ends = self.plain, self.room, self.ends
        out = []
        for v in range(7):
            if not (plain[v] or room[v]):
                continue
            m = hand & NUMBER_MASK[v]
            while m:
                low = m & -m
                t = low.bit_length() - 1
                m ^= low
                o = OUTER[t][v]
                if plain[v]:
                    out.append((t, v, PLAIN, ends + v if o == v else ends + o - v))
                if room[v]:
                    out.append((t, v, SPINNER, ends + o - (2 * v if room[v] == 3 else 0)))
        if not out and not ends and not self.opened:
            return [(t, -1, OPENING, PIPS[t]) for t in indices_of(hand)]
        return out

    def ends_after(self, move: Move) -> int:
        """The sum of the open ends after ``move`` (a play that fits)."""
        t, v, kind = move
        if kind == OPENING:
            return PIPS[t]
        o = OUTER[t][v]
        if kind == PLAIN:
            return self.ends + v if o == v else self.ends + o - v
        return self.ends + o - (2 * v if self.room[v] == 3 else 0)

    def lay(self, t: int, v: int, kind: int, e: int) -> None:
        """Put a play on the layout (no hand, turn or score changes): :meth:`unlay`
        takes it back, for looking one play ahead."""
        if kind == OPENING:
            tile = ALL_TILES[t]
            if tile.is_double:
                self.room[tile.high] = 4
            else:
                self.plain[tile.high] += 1
                self.plain[tile.low] += 1
            self.ends = e
            return
        if kind == PLAIN:
            self.plain[v] -= 1
        else:
            self.room[v] -= 1
        if IS_DOUBLE[t]:
            self.room[v] = 3
        else:
            self.plain[OUTER[t][v]] += 1
        self.ends = e

    def unlay(self, t: int, v: int, kind: int, e: int) -> None:
        """Take back :meth:`lay` (``e``: the ends before it)."""
        self.ends = e
        if kind == OPENING:
            tile = ALL_TILES[t]
            self.room[tile.high] = self.plain[tile.high] = self.plain[tile.low] = 0
            return
        if IS_DOUBLE[t]:
            self.room[v] = 0
        else:
            self.plain[OUTER[t][v]] -= 1
        if kind == PLAIN:
            self.plain[v] += 1
        else:
            self.room[v] += 1

    # -------------------------------------------------------------- the moves

    def opponents_pips(self, side: int) -> int:
        """The pips in the hands of ``side``'s opponents (what a domino scores on)."""
        total = 0
        for s in range(self.players):
            if self.side_of[s] != side:
                h = self.hands[s]
                total += _PIPS_LOW[h & 0x3FFF] + _PIPS_HIGH[h >> 14]
        return total

    def _award(self, side: int, points: int) -> bool:
        """``side`` scores ``points`` (unless that passes the target with ``exact``):
        whether it reached the target."""
        total = self.scores[side] + points
        if self.exact and total > self.target:
            return False
        self.scores[side] = total
        if total >= self.target:
            self.winner = side
            return True
        return False

    def play(self, t: int, v: int, kind: int, e: int) -> bool:
        """The player to move makes a play of :meth:`plays`: whether the hand is over.

        The play scores ``e // 5`` when ``e`` is a positive multiple of 5 (the hand
        ends at once if that reaches the target); going out ends the hand with the
        domino bonus, a point per 5 pips in the opponents' hands, 3 or 4 rounded up.
        """
        seat = self.turn
        hand = self.hands[seat] ^ (1 << t)
        self.hands[seat] = hand
        self.lay(t, v, kind, e)
        self.passes = 0
        side = self.side_of[seat]
        if e and not e % 5 and self._award(side, e // 5):
            self.end = "target reached"
            return True
        if not hand:
            bonus = (self.opponents_pips(side) + 2) // 5  # bonus_points
            if bonus:
                self._award(side, bonus)
            self.end = "domino"
            return True
        self.turn = seat + 1 if seat + 1 < self.players else 0
        return False

    def play_move(self, move: Move) -> bool:
        """:meth:`play` of a solver move (a pass included): whether the hand is over."""
        if move[2] == PASS:
            return self.pass_turn()
        return self.play(*move, self.ends_after(move))

    def draw(self) -> int:
        """The player to move draws the next tile of the stock (it keeps the turn):
        the tile drawn."""
        t = self.stock[self.spos]
        self.spos += 1
        self.hands[self.turn] |= 1 << t
        return t

    def pass_turn(self) -> bool:
        """The player to move passes: whether the hand is blocked (everyone passed).

        A blocked hand goes to the side with the fewest pips (none on a tie), who
        scores the bonus on the pips of the other sides.
        """
        self.passes += 1
        if self.passes < self.players:
            self.turn = self.turn + 1 if self.turn + 1 < self.players else 0
            return False
        per = [0] * len(self.scores)
        for s in range(self.players):
            h = self.hands[s]
            per[self.side_of[s]] += _PIPS_LOW[h & 0x3FFF] + _PIPS_HIGH[h >> 14]
        low = min(per)
        if per.count(low) == 1:
            bonus = bonus_points(sum(per) - low)
            if bonus:
                self._award(per.index(low), bonus)
        self.end = "blocked"
        return True
