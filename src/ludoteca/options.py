"""Declared options of a game, and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidOption

__all__ = ["OptionSpec", "validate_options"]


@dataclass(frozen=True)
class OptionSpec:
    """One option: its default, the values it allows, and what it does."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    kind: type = field(default=object)

    def allowed(self) -> str:
        """The allowed values, in words."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            lo = "" if self.minimum is None else f" from {self.minimum}"
            hi = "" if self.maximum is None else f" to {self.maximum}"
            return f"a whole number{lo}{hi}"
        return f"a {self.kind.__name__}"

    def check(self, value: Any, game: str) -> Any:
        """The value, normalised; ``InvalidOption`` if it is not allowed."""
        ok = True
        if self.kind is bool:
            ok = isinstance(value, bool)
        elif self.kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
            if ok and self.minimum is not None and value < self.minimum:
                ok = False
            if ok and self.maximum is not None and value > self.maximum:
                ok = False
        elif self.kind is not object:
            ok = isinstance(value, self.kind)
        if ok and self.choices is not None:
            ok = value in self.choices
        if not ok:
            raise InvalidOption(
                f"{game} option {self.name}={value!r} is not allowed: "
                f"it must be {self.allowed()} (default {self.default!r})"
            )
        return value


def validate_options(
    game: str, specs: Mapping[str, OptionSpec], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Every option of ``game`` with its value: the given ones checked, the rest defaults."""
    unknown = sorted(set(given) - set(specs))
    if unknown:
        valid = ", ".join(f"{s.name} ({s.allowed()})" for s in specs.values()) or "none"
        raise InvalidOption(f"{game} has no option {', '.join(unknown)}; its options are: {valid}")
    return {name: spec.check(given.get(name, spec.default), game) for name, spec in specs.items()}
