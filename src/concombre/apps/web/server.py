"""How the web table meets the network: the HTTP server's settings that no request can get round.

`config` builds the uvicorn configuration ``concombre serve`` runs (and the tests run): no proxy header is read
by the server itself (the application reads ``X-Forwarded-For`` only with ``--trust-proxy``, and only from the
proxy's address: `concombre.apps.web.guard.client_address`), a WebSocket frame larger than `MAX_FRAME` is
refused by the protocol layer before it is buffered (close code 1009), and a request whose headers do not
arrive within `HEADER_TIMEOUT` seconds is dropped (a client that sends half a request holds nothing).

Examples:
    >>> settings = config(object(), "127.0.0.1", 8000)
    >>> settings.proxy_headers, settings.ws_max_size
    (False, 65536)
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["HEADER_TIMEOUT", "MAX_FRAME", "config"]

MAX_FRAME = 65536
"""The largest WebSocket frame the server reads, in bytes: larger ones close the connection with 1009 before
they are buffered (the longest Rommé action is a few hundred bytes).

Examples:
    >>> MAX_FRAME
    65536
"""

HEADER_TIMEOUT = 10.0
"""Seconds a connection has to send a whole request's headers, from when it opens or its last answer.

Examples:
    >>> HEADER_TIMEOUT
    10.0
"""


class _TimelyHeaders(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline for each request's headers: uvicorn's own keep-alive
    timeout stops counting as soon as a byte arrives, so a client that sends half a request would hold the
    connection for ever."""

    header_timeout = HEADER_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_deadline()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._start_deadline()

    def _start_deadline(self) -> None:
        self.loop.call_later(self.header_timeout, self._late)

    def _late(self) -> None:
        """Drop the connection if it still waits for a request's headers (not upgraded, not answering)."""
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        if self.conn.their_state is h11.IDLE and self.conn.our_state is h11.IDLE:
            self.transport.close()


def config(app: Any, host: str, port: int, *, ws_compression: bool = False,
           header_timeout: float = HEADER_TIMEOUT, log_level: str = "warning") -> uvicorn.Config:
    """The uvicorn configuration of a web table server for ``app`` on ``host``:``port``.

    Args:
        app: The ASGI application (`concombre.apps.web.app.create_app`).
        host: The address to listen on.
        port: The port.
        ws_compression: Compress WebSocket messages (permessage-deflate).
        header_timeout: Seconds a connection has to send a request's headers.
        log_level: uvicorn's log level.

    Examples:
        >>> config(object(), "127.0.0.1", 8000, header_timeout=2.5).http.header_timeout
        2.5
    """
    protocol = type("TimelyHeaders", (_TimelyHeaders,), {"header_timeout": header_timeout})
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, ws_per_message_deflate=ws_compression,
                          proxy_headers=False, ws_max_size=MAX_FRAME, http=protocol,
                          server_header=False)
