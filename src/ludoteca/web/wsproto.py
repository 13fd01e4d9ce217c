"""uvicorn's WebSocket protocol, answering an over-long request line with 414.

uvicorn hands an upgrade request to the protocol's own parser, which holds a
request line longer than it allows open with no answer; this one answers at
once. Named by import path (``WEBSOCKET_PROTOCOL``) so worker processes load it.
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .guard import MAX_PATH

__all__ = ["WEBSOCKET_PROTOCOL", "GuardedWebSocketProtocol"]

WEBSOCKET_PROTOCOL = "ludoteca.web.wsproto:GuardedWebSocketProtocol"


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """The sans-I/O WebSocket protocol with a limit on the request line."""

    def data_received(self, data: bytes) -> None:
        if not self.handshake_initiated:
            end = data.find(b"\r\n")
            if (end if end >= 0 else len(data)) > MAX_PATH + 32:
                self.handshake_initiated = self.handshake_complete = self.close_sent = True
                self.transport.write(
                    b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                )
                self.transport.close()
                return
        super().data_received(data)
