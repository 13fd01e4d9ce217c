from collections.abc import Callable
from typing import Any

class Observer:
    def __init__(
        self,
        write: Callable[..., Any],
        size: int,
        num_actions: int,
        empty: Any,
        float32: Any,
        int8: Any,
        /,
    ) -> None: ...
    def __call__(self, game: Any, seat: int, legal: list[int] | None, /) -> dict[str, Any]: ...
