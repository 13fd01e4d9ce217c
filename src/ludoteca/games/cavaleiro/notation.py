"""Cavaleiro's decisions written out, for one figure: pass and the removals."""

from __future__ import annotations

from ludoteca.move import Move
from ludoteca.notation import Notation

from .core import A_HORIZONTAL, A_HORIZONTALS, BLOCK, COLUMN, NOTHING, WHAT_NAMES, Rules

__all__ = ["CavaleiroNotation"]


def _texts(rules: Rules) -> list[str]:
    texts = ["pass", "remove horizontals", "remove horizontal"]
    texts += [f"remove block {b + 1}" for b in range(rules.n_blocks)]
    for c in range(rules.n_columns):
        texts += [f"remove {k} from column {c + 1}" for k in range(1, rules.max_height + 1)]
    return texts


def _move_of(rules: Rules, action: int, text: str) -> Move:
    """``pass``, or ``remove`` with detail ``horizontals``, ``horizontal``, ``block``
    (numbers: the block) or ``column`` (numbers: how many, then the column)."""
    what, index, count = rules.removals[action]
    if what == NOTHING:
        return Move("pass", text=text)
    numbers = (count, index + 1) if what == COLUMN else (index + 1,) if what == BLOCK else ()
    return Move("remove", numbers=numbers, detail=WHAT_NAMES[what], text=text)


class CavaleiroNotation(Notation):
    """The removals of one figure (its blocks, columns and their heights)."""

    __slots__ = ("rules",)

    def __init__(self, rules: Rules) -> None:
        texts = _texts(rules)
        aliases = {
            "remove all horizontals": A_HORIZONTALS,
            "remove one horizontal": A_HORIZONTAL,
            "remove 1 horizontal": A_HORIZONTAL,
        }
        forms = (
            f"pass, remove horizontals, remove horizontal, remove block B (B = 1 to "
            f"{rules.n_blocks}), remove K from column C (C = 1 to {rules.n_columns}, "
            f"K = 1 to {rules.max_height})"
        )
        moves = [_move_of(rules, a, text) for a, text in enumerate(texts)]
        super().__init__("Cavaleiro", texts, moves, aliases, forms)
        self.rules = rules

    def read(self, key: str) -> int:
        rules, words = self.rules, key.split()
        if words[:2] == ["remove", "block"] and len(words) == 3:
            raise ValueError(f"the figure has blocks 1 to {rules.n_blocks}, not {words[2]!r}")
        if len(words) == 5 and words[0] == "remove" and words[2:4] == ["from", "column"]:
            if not words[4].isdigit() or not 1 <= int(words[4]) <= rules.n_columns:
                raise ValueError(f"the figure has columns 1 to {rules.n_columns}, not {words[4]!r}")
            raise ValueError(
                f"a column holds 1 to {rules.max_height} sticks: K is 1 to {rules.max_height}, "
                f"not {words[1]!r}"
            )
        return super().read(key)
