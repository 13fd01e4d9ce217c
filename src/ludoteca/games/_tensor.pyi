from collections.abc import Callable, Sequence
from typing import Any

def action_mask(actions: Sequence[int], size: int, /) -> bytearray: ...

class _Encoder:
    def observation(self, game: Any, seat: int, out: Any = None, /) -> Any: ...
    def info_state(self, game: Any, seat: int, out: Any = None, /) -> Any: ...

class Texas42Encoder(_Encoder):
    def __init__(
        self,
        offsets: tuple[int, ...],
        led_suit: Any,
        shown_voids: Any,
        phases: tuple[int, int],
        score_cap: int,
        /,
    ) -> None: ...

class BingoEncoder(_Encoder):
    def __init__(self, offsets: tuple[int, ...], phases: tuple[int, int], /) -> None: ...

class FiveUpEncoder(_Encoder):
    def __init__(
        self,
        offsets: tuple[int, ...],
        seats: int,
        target: int,
        side_order: Any,
        action_codes: tuple[int, int, int, int],
        on_tile: Any,
        on_target: Any,
        effects: Any,
        open_end_changes: Any,
        has_number: Any,
        dealt: Callable[[str, int], int],
        facts: tuple[int, int, int],
        /,
    ) -> None: ...

class CavaleiroEncoder(_Encoder):
    def __init__(
        self,
        seats: int,
        columns: int,
        tallest: int,
        horizontals: int,
        total: int,
        seat_block: int,
        o_round: int,
        observation_size: int,
        info_state_size: int,
        rank: Any,
        strength: Any,
        facts: tuple[int, int],
        /,
    ) -> None: ...
