"""The Texas 42 expert's bids against the exact double-dummy value of the deal.

Random deals (games of the default options, marks, seeded from ``--seed`` and
the deal's number), four experts of the given budget bidding and naming trump.
For the contract bid, the deal is solved exactly with every hand open (the
bidders' points under best play by both sides, ``solver.exact_value``) and,
for comparison, with the bidder naming each of the nine trumps (a suit,
doubles, follow-me) instead:

- *made open*: the contract bid makes its bid with every hand open;
- *over-bid*: no trump makes the bid with the hands open (the bid was too high
  whatever the trump);
- *wrong trump*: the bid fails with its trump, open, but another trump makes it;
- *under-bid*: everyone passed while some seat's team makes 30 with its best
  trump as bidder, open (in marks scoring every point bid is worth one mark,
  so a higher point bid is worth nothing more);
- the best open trump's points over the bid: how much room the bids leave.

A double-dummy value flatters the bidder (the defenders do not know the hands
either, but the bidder does not know them in the real game): it is a yardstick,
not the goal. Run from the repository root:

    .venv/bin/python bench/bids_texas42.py --deals 100 [--budget 0.5] [--seed 0]
"""

from __future__ import annotations

import argparse
import statistics
import time

import ludoteca
from ludoteca.bots import choose_move, make_bot
from ludoteca.games.texas42 import Texas42
from ludoteca.games.texas42.core import A_CONTRACT, BID, TRUMP, State, points_to_make
from ludoteca.games.texas42.solver import exact_value, position

NORMAL_CONTRACTS = range(9)  # trump 0 .. 6, doubles, follow-me


def open_values(state: State) -> list[int]:
    """The bidders' points with every hand open, for each trump the declarer may name."""
    out = []
    for c in NORMAL_CONTRACTS:
        child = state.clone()
        child.apply(A_CONTRACT + c)
        out.append(exact_value(position(child)))
    return out


def as_bidder(state: State, seat: int) -> State:
    """The deal at its first bid with ``seat`` bidding 30 and the others passing."""
    child = state.clone()
    while child.phase == BID:
        child.apply(1 if child.turn == seat else 0)  # A_BID_POINTS (30) or A_PASS
    return child


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    counts = dict.fromkeys(["bid", "made", "over", "wrong", "passed", "missed"], 0)
    margins: list[int] = []
    started = time.process_time()
    for deal in range(args.deals):
        seed = args.seed * 1_000_003 + deal
        game = ludoteca.new_game("texas42", seed=seed)
        assert isinstance(game, Texas42)
        bots = [
            make_bot("texas42", "expert", seed=seed * 4 + s, budget=args.budget) for s in range(4)
        ]
        first = game.core.clone()
        while game.core.phase == BID:
            seat = game.to_move
            assert isinstance(seat, int)
            game.play(choose_move(bots[seat], game))
        state = game.core
        if state.phase != TRUMP:  # all passed: could a team have made 30?
            counts["passed"] += 1
            best = max(max(open_values(as_bidder(first, s))) for s in range(4))
            counts["missed"] += best >= 30
            continue
        seat = game.to_move
        assert isinstance(seat, int)
        action = game.move_to_action(choose_move(bots[seat], game))
        values = open_values(state)
        need = points_to_make(state.high)
        counts["bid"] += 1
        if action - A_CONTRACT in NORMAL_CONTRACTS:
            value = values[action - A_CONTRACT]
        else:  # nello or sevens, when their options are on
            child = state.clone()
            child.apply(action)
            value = exact_value(position(child))
        made = value >= need
        counts["made"] += made
        counts["over"] += max(values) < need
        counts["wrong"] += not made and max(values) >= need
        margins.append(max(values) - need)
    cpu = time.process_time() - started
    n = counts["bid"]
    print(f"$ bench/bids_texas42.py --deals {args.deals} --budget {args.budget} --seed {args.seed}")
    print(f"{args.deals} deals: {n} bid, {counts['passed']} passed out")
    if n:
        print(
            f"bids made with the hands open: {counts['made']}/{n} ({counts['made'] / n:.0%}); "
            f"over-bids (no trump makes it): {counts['over']}; wrong trump: {counts['wrong']}"
        )
        print(
            f"best open trump's points over the bid: median {statistics.median(margins):+.0f}, "
            f"mean {statistics.fmean(margins):+.1f}"
        )
    print(f"under-bids: passed out but a team makes 30 open: {counts['missed']}/{counts['passed']}")
    print(f"CPU {cpu:.0f} s")


if __name__ == "__main__":
    main()
