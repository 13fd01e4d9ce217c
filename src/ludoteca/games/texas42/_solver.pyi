from collections.abc import Sequence

def init(
    led_suit: Sequence[Sequence[int]],
    follow_mask: Sequence[Sequence[int]],
    strength: Sequence[Sequence[Sequence[int]]],
    count: Sequence[int],
    sevens_ring: Sequence[int],
    sevens_contract: int,
    /,
) -> None: ...
def search(
    hand0: int,
    hand1: int,
    hand2: int,
    hand3: int,
    contract: int,
    sitting_out: int,
    mode: int,
    scorer: int,
    maxer: int,
    seat: int,
    pos: int,
    led: int,
    best_strength: int,
    best_seat: int,
    tricks_left: int,
    trick_points: int,
    alpha: int,
    beta: int,
    /,
) -> int: ...
def nodes() -> int: ...
def clear() -> None: ...
