"""The bot protocol: programs that play, in any language, over standard input and output.

As UCI is for chess engines and GTP for Go, an *engine* is a program that reads
JSON messages, one a line, on its standard input and answers on its standard
output: a handshake (its name, author, the games it plays and its options),
then a decision whenever asked, each request carrying the game and its options,
the seat, the seat's view, its legal moves and the time allowed. See
``docs/protocol.md`` for the messages.

- :class:`Engine` and :class:`EngineBot` seat an engine (the host's side):
  ``ludoteca arena GAME --bots expert,"cmd:python3 mybot.py"``;
- :func:`serve` answers the protocol with a Python agent (the engine's side);
  ``ludoteca bot GAME LEVEL`` does it for a built-in level.
"""

from .engine import LevelAgent, serve
from .host import ENGINE_PREFIX, FAILURES, Decision, Engine, EngineBot, EngineError, EngineSpec
from .messages import PROTOCOL, EngineHello, EngineOption, Info, ProtocolError

__all__ = [
    "ENGINE_PREFIX",
    "FAILURES",
    "PROTOCOL",
    "Decision",
    "Engine",
    "EngineBot",
    "EngineError",
    "EngineHello",
    "EngineOption",
    "EngineSpec",
    "Info",
    "LevelAgent",
    "ProtocolError",
    "serve",
]
