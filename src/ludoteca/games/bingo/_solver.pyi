from collections.abc import Sequence

def init(
    strength: Sequence[Sequence[int]],
    value: Sequence[Sequence[int]],
    follow_steps: Sequence[Sequence[Sequence[int]]],
    trump_double: Sequence[int],
    show_points: Sequence[int],
    double_of: Sequence[int],
    /,
) -> None: ...
def search(
    hand0: int,
    hand1: int,
    cfg: int,
    closed_by: int,
    points: int,
    utility: Sequence[int],
    turn: int,
    led: int,
    show: int,
    points0: int,
    points1: int,
    won: int,
    shown0: int,
    shown1: int,
    capture: int,
    alpha: int,
    beta: int,
    /,
) -> int: ...
def nodes() -> int: ...
def clear() -> None: ...
