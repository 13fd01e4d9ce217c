from collections.abc import Sequence

def init(
    number_mask: Sequence[int],
    outer: Sequence[Sequence[int]],
    pips: Sequence[int],
    is_double: Sequence[bool],
    /,
) -> None: ...
def new_id() -> int: ...
def search(
    search_id: int,
    players: int,
    root_side: int,
    exact: int,
    win: int,
    hand0: int,
    hand1: int,
    hand2: int,
    hand3: int,
    layout: int,
    turn: int,
    passes: int,
    distance0: int,
    distance1: int,
    distance2: int,
    alpha: int,
    beta: int,
    node_limit: int,
    /,
) -> int | None: ...
def nodes() -> int: ...
