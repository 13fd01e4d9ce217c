"""The messages of the bot protocol: JSON objects, one a line (see ``docs/protocol.md``).

>>> line = encode({"type": "hello", "protocol": PROTOCOL})
>>> line
'{"type":"hello","protocol":1}\\n'
>>> decode(line)["protocol"]
1
>>> decode("thinking...")
Traceback (most recent call last):
...
ludoteca.protocol.messages.ProtocolError: not a JSON object: 'thinking...'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "PROTOCOL",
    "EngineHello",
    "EngineOption",
    "Info",
    "ProtocolError",
    "decide_message",
    "decode",
    "encode",
    "read_hello",
]

PROTOCOL = 1
"""The version of the protocol this module speaks."""

MAX_LINE = 4 * 1024 * 1024
"""The longest line either side reads (a view of a long game is tens of kilobytes)."""


class ProtocolError(ValueError):
    """A line that is not a message of the protocol, or a message out of place."""


def encode(message: Mapping[str, Any]) -> str:
    """One message as a line of JSON (compact, ``\\n`` at the end)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"


def decode(line: str) -> dict[str, Any]:
    """The message of one line; ``ProtocolError`` if it is not a JSON object."""
    text = line.strip()
    if len(text) > MAX_LINE:
        raise ProtocolError(f"a line of {len(text)} characters, over the limit of {MAX_LINE}")
    try:
        message = json.loads(text)
    except ValueError:
        message = None
    if not isinstance(message, dict):
        raise ProtocolError(f"not a JSON object: {_clip(text)!r}")
    return message


def _clip(text: str, size: int = 80) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


@dataclass(frozen=True)
class EngineOption:
    """An option an engine offers (``kind`` is ``"number"``, ``"integer"``,
    ``"boolean"``, ``"string"`` or ``"choice"``)."""

    name: str
    kind: str = "number"
    default: Any = None
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] = ()
    doc: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default}
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.choices:
            out["choices"] = list(self.choices)
        if self.doc:
            out["doc"] = self.doc
        return out

    def check(self, value: Any) -> Any:
        """``value`` if the option takes it; ``ValueError`` saying what it takes otherwise."""
        ok = {
            "number": isinstance(value, int | float) and not isinstance(value, bool),
            "integer": isinstance(value, int) and not isinstance(value, bool),
            "boolean": isinstance(value, bool),
            "string": isinstance(value, str),
            "choice": value in self.choices,
        }.get(self.kind, True)
        if ok and isinstance(value, int | float) and not isinstance(value, bool):
            ok = (self.min is None or value >= self.min) and (self.max is None or value <= self.max)
        if not ok:
            allowed = (
                ", ".join(self.choices)
                if self.kind == "choice"
                else f"a {self.kind}"
                + (f" from {self.min:g}" if self.min is not None else "")
                + (f" to {self.max:g}" if self.max is not None else "")
            )
            raise ValueError(f"option {self.name} takes {allowed}, not {value!r}")
        return value


@dataclass(frozen=True)
class EngineHello:
    """What an engine says of itself in the handshake."""

    name: str
    author: str = ""
    version: str = ""
    games: tuple[str, ...] = ()
    options: tuple[EngineOption, ...] = ()
    protocol: int = PROTOCOL

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "hello",
            "protocol": self.protocol,
            "name": self.name,
            "author": self.author,
            "version": self.version,
            "games": list(self.games),
            "options": [o.to_json() for o in self.options],
        }

    def option(self, name: str) -> EngineOption:
        for option in self.options:
            if option.name == name:
                return option
        offered = ", ".join(o.name for o in self.options) or "none"
        raise ValueError(f"{self.name} has no option {name!r} (its options: {offered})")


def read_hello(message: Mapping[str, Any]) -> EngineHello:
    """The engine's hello; ``ProtocolError`` saying what is wrong with it."""
    if message.get("type") != "hello":
        raise ProtocolError(f"the first answer must be the hello, not {_clip(str(message))}")
    version = message.get("protocol")
    if version != PROTOCOL:
        raise ProtocolError(f"the engine speaks protocol {version!r}; this host speaks {PROTOCOL}")
    name = message.get("name")
    games = message.get("games")
    if not isinstance(name, str) or not name.strip():
        raise ProtocolError("the hello must give the engine's name")
    if not (isinstance(games, list) and games and all(isinstance(g, str) for g in games)):
        raise ProtocolError("the hello must list the games the engine plays")
    options = []
    for raw in message.get("options") or []:
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise ProtocolError(f"an option of the hello has no name: {_clip(str(raw))}")
        options.append(
            EngineOption(
                name=raw["name"],
                kind=str(raw.get("kind", "number")),
                default=raw.get("default"),
                min=raw.get("min"),
                max=raw.get("max"),
                choices=tuple(str(c) for c in raw.get("choices") or ()),
                doc=str(raw.get("doc", "")),
            )
        )
    return EngineHello(
        name=name.strip(),
        author=str(message.get("author") or ""),
        version=str(message.get("version") or ""),
        games=tuple(games),
        options=tuple(options),
    )


@dataclass(frozen=True)
class Info:
    """An information line of an engine about the decision it is making: every
    field optional (``value`` in ``unit``, the expected ``line`` of moves)."""

    move: str | None = None
    value: float | None = None
    unit: str | None = None
    line: tuple[str, ...] = ()
    text: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, message: Mapping[str, Any]) -> Info:
        known = {"type", "id", "move", "value", "unit", "line", "text"}
        value = message.get("value")
        line = message.get("line")
        return cls(
            move=message["move"] if isinstance(message.get("move"), str) else None,
            value=float(value)
            if isinstance(value, int | float) and not isinstance(value, bool)
            else None,
            unit=message["unit"] if isinstance(message.get("unit"), str) else None,
            line=tuple(str(m) for m in line) if isinstance(line, list) else (),
            text=message["text"] if isinstance(message.get("text"), str) else None,
            extra={k: v for k, v in message.items() if k not in known},
        )

    def to_json(self, request_id: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "info"}
        if request_id is not None:
            out["id"] = request_id
        for key in ("move", "value", "unit", "text"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.line:
            out["line"] = list(self.line)
        out.update(self.extra)
        return out


def decide_message(
    request_id: int,
    *,
    game: str,
    options: Mapping[str, Any],
    seat: int,
    view: Mapping[str, Any],
    legal_moves: Sequence[str],
    time: float,
) -> dict[str, Any]:
    """The request for a decision."""
    return {
        "type": "decide",
        "id": request_id,
        "game": game,
        "options": dict(options),
        "seat": seat,
        "view": dict(view),
        "legal_moves": list(legal_moves),
        "time": time,
    }
