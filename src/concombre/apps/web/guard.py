"""What stands between the web table and the network: who may reach it, and what it accepts.

- `Guard`, an ASGI middleware: the ``Host`` of every request must be allowed
  (loopback names by default), and the ``Origin`` of every browser request
  (HTTP and WebSocket) must be the server's own, compared whole (scheme,
  host and port), or one allowed by name, so that a foreign page (even one
  on another port of the same machine) cannot drive a table and DNS
  rebinding finds nothing; every page is served with a
  Content-Security-Policy that forbids inline scripts.
- `load_json`: JSON with the limits of a game's documents: no
  ``NaN``/``Infinity``, no number too large for a float, nesting no deeper
  than `MAX_DEPTH`, a text no longer than its caller allows.
- `RateLimit`: how many messages a connection may send; `AddressLimit`: how
  many tables one client address (one IPv6 /64) may start (`client_address`
  reads it, from ``X-Forwarded-For`` only when told to trust the proxy that
  sent the request, and only from that proxy's address).

Examples:
    >>> load_json('{"action": {"type": "play"}}', 1000)
    {'action': {'type': 'play'}}
    >>> try:
    ...     load_json('{"score": Infinity}', 1000)
    ... except ValueError as err:
    ...     print(err)
    Infinity is not a number a game holds.
"""

from __future__ import annotations

import ipaddress
import json
import math
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.websockets import WebSocketClose

from concombre.core.i18n import _
from concombre.io.parse import KeysOnce

__all__ = ["LOOPBACK", "MAX_DEPTH", "AddressLimit", "Guard", "RateLimit", "address_bucket", "client_address",
           "load_json", "origin_of"]

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
"""The host names a server on this machine answers to by default.

Examples:
    >>> "localhost" in LOOPBACK
    True
"""

MAX_DEPTH = 20
"""The deepest nesting of arrays and objects a message may have (an action document has 4).

Examples:
    >>> MAX_DEPTH
    20
"""

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)


def _host_name(value: str) -> str:
    """The name in a ``Host`` header or an origin's netloc, without its port: ``[::1]:8000`` gives ``::1``."""
    try:
        name = urlsplit(f"//{value}").hostname
    except ValueError:
        return ""
    return (name or "").lower()


_PORTS = {"http": 80, "https": 443}


def origin_of(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """An origin as its three parts, compared whole: scheme, host name and port (the scheme's own when none is
    written); None for anything that is not an http or https origin.

    Examples:
        >>> origin_of("http", "localhost:8000"), origin_of("HTTPS", "Cards.Example")
        (('http', 'localhost', 8000), ('https', 'cards.example', 443))
        >>> origin_of("http", "localhost:1234") == origin_of("http", "localhost:8000"), origin_of("ftp", "x")
        (False, None)
    """
    scheme = scheme.lower()
    if scheme not in _PORTS:
        return None
    try:
        parts = urlsplit(f"//{netloc}")
        name, port = parts.hostname, parts.port
    except ValueError:
        return None
    return None if not name else (scheme, name.lower(), _PORTS[scheme] if port is None else port)


def _parse_origin(text: str) -> tuple[str, str, int] | None:
    parts = urlsplit(text.strip().rstrip("/"))
    return origin_of(parts.scheme, parts.netloc)


def _headers(scope: Scope) -> dict[str, str]:
    return {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope.get("headers", [])}


def _from_proxy(scope: Scope, proxies: frozenset[str]) -> bool:
    """Whether the request's peer is one of the trusted ``proxies``."""
    client = scope.get("client")
    return bool(proxies) and client is not None and str(client[0]) in proxies


class Guard:
    """The ASGI middleware that lets through only allowed hosts and origins, and sets security headers.

    Args:
        app: The application guarded.
        hosts: Host names the server answers to, beyond `LOOPBACK`.
        origins: Origins (``https://cards.example``) whose pages may use the server, beyond the server's own.
        proxies: The addresses of the reverse proxies trusted to say, in ``X-Forwarded-Proto``, the scheme a
            page was served with (a proxy that ends TLS serves ``https`` pages over plain HTTP to the server).

    Attributes:
        app: The application guarded.
        hosts: Every host name the server answers to.
        origins: The origins allowed by name, each as its (scheme, host, port).
        proxies: The trusted proxies' addresses.

    Examples:
        >>> async def app(scope, receive, send):
        ...     pass
        >>> guard = Guard(app, hosts=["cards.example"])
        >>> guard.allowed_host("cards.example:8000")
        True
        >>> scope = {"scheme": "http", "headers": [(b"host", b"localhost:8000")]}
        >>> guard.allowed_origin("http://localhost:8000", scope), guard.allowed_origin("http://localhost:1234", scope)
        (True, False)
    """

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], hosts: Iterable[str] = (),
                 origins: Iterable[str] = (), proxies: Iterable[str] = ()) -> None:
        self.app = app
        self.hosts = LOOPBACK | {host.lower() for host in hosts}
        self.origins = frozenset(found for found in map(_parse_origin, origins) if found is not None)
        self.proxies = frozenset(proxies)

    def allowed_host(self, host: str) -> bool:
        """Whether a ``Host`` header names this server."""
        return _host_name(host) in self.hosts

    def own_origin(self, scope: Scope, headers: dict[str, str] | None = None) -> tuple[str, str, int] | None:
        """The origin of the pages this server serves, as the request sees it: its scheme (a trusted proxy's
        ``X-Forwarded-Proto``, else the connection's own), its ``Host`` and port (``headers``: the request's,
        when already read)."""
        headers = _headers(scope) if headers is None else headers
        scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
        forwarded = headers.get("x-forwarded-proto", "").split(",")[-1].strip().lower()
        if forwarded in _PORTS and _from_proxy(scope, self.proxies):
            scheme = forwarded
        return origin_of(scheme, headers.get("host", ""))

    def allowed_origin(self, origin: str, scope: Scope, headers: dict[str, str] | None = None) -> bool:
        """Whether a page of ``origin`` may use the server: the server's own page (same scheme, host and port),
        or one allowed by name."""
        found = _parse_origin(origin)
        return found is not None and (found in self.origins or found == self.own_origin(scope, headers))

    def problem(self, scope: Scope) -> str | None:
        """Why this request may not reach the server, or None."""
        headers = _headers(scope)
        if not self.allowed_host(headers.get("host", "")):
            return _("This server does not answer to that host name (start it with --allow-host).")
        origin = headers.get("origin")
        if origin is not None and not self.allowed_origin(origin, scope, headers):
            return _("Pages of that origin may not use this server (start it with --allow-origin).")
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        problem = self.problem(scope)
        if problem is not None:
            if scope["type"] == "http":
                await JSONResponse({"error": problem}, status_code=403)(scope, receive, send)
            else:
                await WebSocketClose(code=1008, reason=problem[:120])(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"],
                                      (b"content-security-policy", _POLICY.encode()),
                                      (b"x-content-type-options", b"nosniff"),
                                      (b"referrer-policy", b"no-referrer")]
            await send(message)

        await self.app(scope, receive, with_headers)


def _refuse_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a number a game holds.", name=name))


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(_("{number} is too large a number.", number=text[:20]))
    return value


def _depth(value: Any) -> int:
    """How deeply ``value`` nests arrays and objects, counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def load_json(text: str, limit: int) -> Any:
    """``text`` read as JSON within a game's limits, else `ValueError` with a sentence to send back.

    Examples:
        >>> try:
        ...     load_json("[" * 50 + "]" * 50, 1000)
        ... except ValueError as err:
        ...     print(err)
        The message nests deeper than 20 levels.
        >>> try:
        ...     load_json('{"type": "play", "card": "QH", "card": "AS"}', 1000)
        ... except ValueError as err:
        ...     print(err)
        The message gives 'card' twice, at $.card.
    """
    if len(text) > limit:
        raise ValueError(_("The message is longer than {limit} characters.", limit=limit))
    once = KeysOnce()  # a key given twice is read as neither (another reader may keep the first)
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite, object_pairs_hook=once)
    except RecursionError:
        raise ValueError(_("The message nests deeper than {depth} levels.", depth=MAX_DEPTH)) from None
    except json.JSONDecodeError as err:
        raise ValueError(_("The message is not JSON: {error} at character {position}.", error=err.msg,
                           position=err.pos)) from None
    if _depth(value) > MAX_DEPTH:
        raise ValueError(_("The message nests deeper than {depth} levels.", depth=MAX_DEPTH))
    twice = once.given_twice(value)
    if twice is not None:
        raise ValueError(_("The message gives {key} twice, at {path}.", key=repr(twice[0]), path=twice[1]))
    return value


class RateLimit:
    """A token bucket: ``burst`` messages at once, then ``per_second`` a second.

    Attributes:
        per_second: Messages a second, in the long run.
        burst: Messages at once.
        clock: The clock, in seconds.
        tokens: The messages that may pass now.
        last: When the bucket was last filled.

    Examples:
        >>> limit = RateLimit(per_second=1, burst=2, clock=lambda: 0.0)
        >>> limit.allow(), limit.allow(), limit.allow()
        (True, True, False)
    """

    def __init__(self, per_second: float = 20, burst: float = 40, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second, self.burst, self.clock = per_second, burst, clock
        self.tokens, self.last = burst, clock()

    def allow(self) -> bool:
        """Whether one more message may pass now (and it is counted)."""
        return self.wait() == 0.0

    def wait(self) -> float:
        """0.0 when one more may pass now (and it is counted), else the seconds until one may.

        Examples:
            >>> limit = RateLimit(per_second=0.5, burst=1, clock=lambda: 0.0)
            >>> limit.wait(), limit.wait()
            (0.0, 2.0)
        """
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens < 1:
            return (1 - self.tokens) / self.per_second
        self.tokens -= 1
        return 0.0


class AddressLimit:
    """A token bucket per client address: ``burst`` at once, then ``per_minute`` a minute each.

    The buckets are bounded: past ``most`` addresses the one used longest ago is forgotten (it starts full
    again when it comes back).

    Attributes:
        per_minute: What one address may do a minute, in the long run (0: no limit).
        burst: What it may do at once.
        clock: The clock, in seconds.
        most: The most addresses remembered.

    Examples:
        >>> limit = AddressLimit(per_minute=6, burst=2, clock=lambda: 0.0)
        >>> limit.wait("10.0.0.1"), limit.wait("10.0.0.1"), limit.wait("10.0.0.1"), limit.wait("10.0.0.2")
        (0.0, 0.0, 10.0, 0.0)
    """

    def __init__(self, per_minute: float, burst: float, clock: Callable[[], float] = time.monotonic,
                 most: int = 100_000) -> None:
        self.per_minute, self.burst, self.clock, self.most = per_minute, burst, clock, most
        self._buckets: dict[str, RateLimit] = {}  # by address, the least recently used first

    def wait(self, address: str) -> float:
        """0.0 when ``address`` may go on now (and it is counted), else the seconds until it may; the addresses
        of one IPv6 /64 share a bucket (`address_bucket`)."""
        if self.per_minute <= 0:
            return 0.0
        address = address_bucket(address)
        bucket = self._buckets.pop(address, None) or RateLimit(self.per_minute / 60, self.burst, self.clock)
        self._buckets[address] = bucket
        while len(self._buckets) > self.most:
            del self._buckets[next(iter(self._buckets))]
        return bucket.wait()


def address_bucket(address: str) -> str:
    """The bucket a client address counts in: an IPv4 address alone, an IPv6 address with its whole /64 (one
    household or server is handed a /64 and can use any of its addresses); anything else as it is.

    Examples:
        >>> address_bucket("203.0.113.7"), address_bucket("2001:db8:1:2:aaaa::1"), address_bucket("::ffff:10.0.0.1")
        ('203.0.113.7', '2001:db8:1:2::/64', '10.0.0.1')
    """
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.IPv6Network((found, 64), strict=False))
    return str(found)


def client_address(scope: Scope, trust_proxy: bool, proxies: Iterable[str] = ("127.0.0.1", "::1")) -> str:
    """The address a request comes from: the peer's, or, with ``trust_proxy`` and a peer that is one of the
    ``proxies``, the last address of the ``X-Forwarded-For`` header, which that proxy wrote (any earlier one is
    the client's own word, and could be anything; a request that does not come through the proxy is the
    peer's, whatever its header says).

    Examples:
        >>> scope = {"client": ("127.0.0.1", 5000), "headers": [(b"x-forwarded-for", b"1.2.3.4, 203.0.113.7")]}
        >>> client_address(scope, trust_proxy=False), client_address(scope, trust_proxy=True)
        ('127.0.0.1', '203.0.113.7')
        >>> client_address(scope, trust_proxy=True, proxies=["10.0.0.2"])  # not through the proxy
        '127.0.0.1'
    """
    client = scope.get("client")
    peer = str(client[0]) if client else "unknown"
    if trust_proxy and _from_proxy(scope, frozenset(proxies)):
        forwarded = _headers(scope).get("x-forwarded-for", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last[:64]
    return peer
