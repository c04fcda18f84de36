"""The pages' connections on the open internet: how long each may take, how many there may be,
and what a malformed request costs.

The pages run in the bot's own process, on the event loop that answers Discord, with the
process's file descriptors. A client that opens a socket and sends nothing, or a byte every few
seconds, must not hold one for good, nor a few hundred of them all the descriptors:

- **timeouts**: a request's headers must be in within ``HEADERS_S`` of the connection opening
  (a slow sender's socket is closed then); an idle kept-alive connection is closed after
  ``KEEPALIVE_S`` (the next request's headers within that time too); a body is never read
  (the pages take none: a request that has one is refused, and its connection closed);
- **caps**: at most ``per_address`` connections from one address (an IPv6 /64) that is not a
  trusted proxy, refused beyond, and none from an address that keeps asking past its rate
  (``RateLimit.flooding``: its 429s close their connection, and its new ones are closed as they
  open, before a byte is read); at most ``total`` in all, from half the process's file limit
  (``RLIMIT_NOFILE``): past it, a new connection closes the oldest idle one, so that a reader
  is answered while slow clients hold every place (they are the oldest: a reader's request
  takes milliseconds);
- **logs**: a malformed request is answered 400, with a fixed body (never the request's bytes)
  and the security headers, and costs at most one short line of log per address a minute
  (``Throttle``); asyncio's "accept() out of system resource" the same.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import Any, Final

from aiohttp import web
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_request import BaseRequest
from aiohttp.web_response import StreamResponse

from bot.web.guard import SECURITY_HEADERS, Proxies, RateLimit, rate_key

log = logging.getLogger("bot.web")

HEADERS_S: Final = 10.0
"""From a connection's opening to its first request's headers, complete."""
KEEPALIVE_S: Final = 15.0
"""An idle kept-alive connection is closed after this (and the next request's headers are due
within it): long enough for a page's assets and the next step's click, short of holding a
descriptor for the reader who has left."""
MAX_CONNECTIONS: Final = 1024
"""Connections in all at most, however high the file limit."""
MIN_CONNECTIONS: Final = 16
LOG_EVERY_S: Final = 60.0
"""One line per address (and per kind of trouble) at most this often."""
LOG_LINES: Final = 10
"""Lines of trouble in all per ``LOG_EVERY_S`` at most; the rest are counted in the next."""


def file_limit() -> int:
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def connection_caps(limit: int | None = None) -> tuple[int, int]:
    """(in all, per address) for a process allowed ``limit`` open files: half of them for the
    pages' connections (the other half for Discord, the database, the drawing processes'
    pipes), an eighth of that per address."""
    limit = file_limit() if limit is None else limit
    if limit == resource.RLIM_INFINITY or limit <= 0:
        limit = 2 * MAX_CONNECTIONS
    total = max(MIN_CONNECTIONS, min(MAX_CONNECTIONS, limit // 2))
    return total, max(8, min(64, total // 8))


@dataclass
class Throttle:
    """At most one line of each trouble per address per ``every`` seconds, and ``lines`` in
    all: a flood of bad requests writes a few lines a minute, and says how many it left out."""

    every: float = LOG_EVERY_S
    lines: int = LOG_LINES
    _last: dict[tuple[str, str], float] = field(default_factory=dict)
    _window: float = 0.0
    _written: int = 0
    _left_out: int = 0

    def allow(self, kind: str, address: str, now: float | None = None) -> int | None:
        """None: say nothing now; else how many lines were left out before this one."""
        now = time.monotonic() if now is None else now
        if now - self._window >= self.every:
            self._window, self._written = now, 0
            if len(self._last) > 10_000:
                self._last = {k: v for k, v in self._last.items() if now - v < self.every}
        key = (kind, rate_key(address))
        last = self._last.get(key)
        if (last is not None and now - last < self.every) or self._written >= self.lines:
            self._left_out += 1
            return None
        self._last[key] = now
        self._written += 1
        left_out, self._left_out = self._left_out, 0
        return left_out


@dataclass
class Gate:
    """The pages' open connections: admitted under the caps, the oldest idle one closed when
    they are all taken."""

    proxies: Proxies = field(default_factory=Proxies)
    rate: RateLimit = field(default_factory=RateLimit)
    """The requests' rate: an address flooding past it has its connections closed at once."""
    total: int = 0
    per_address: int = 0
    throttle: Throttle = field(default_factory=Throttle)
    _open: OrderedDict[Connection, str] = field(default_factory=OrderedDict)
    _by_key: Counter[str] = field(default_factory=Counter)
    refused: int = 0
    evicted: int = 0

    def __post_init__(self) -> None:
        total, per_address = connection_caps()
        self.total = self.total or total
        self.per_address = self.per_address or per_address

    def __len__(self) -> int:
        return len(self._open)

    def admit(self, connection: Connection, peer: str) -> bool:
        key = rate_key(peer)
        if not self.proxies.trusts(peer):
            if self._by_key[key] >= self.per_address:
                self.refused += 1
                self._say(
                    "cap", peer, "connections over the cap of %d an address", self.per_address
                )
                return False
            if self.rate.flooding(peer):
                self.refused += 1
                self._say("flood", peer, "flooding: its connections closed as they open")
                return False
        while len(self._open) >= self.total:
            self._evict_one()
        self._open[connection] = key
        self._by_key[key] += 1
        return True

    def leave(self, connection: Connection) -> None:
        key = self._open.pop(connection, None)
        if key is not None:
            self._by_key[key] -= 1
            if self._by_key[key] <= 0:
                del self._by_key[key]

    def _evict_one(self) -> None:
        idle = next((c for c in self._open if not c.busy), None)
        oldest = idle if idle is not None else next(iter(self._open))
        self.evicted += 1
        self.leave(oldest)
        oldest.abort()

    def _say(self, kind: str, address: str, message: str, *args: Any) -> None:
        left_out = self.throttle.allow(kind, address)
        if left_out is not None:
            more = f" ({left_out} more lines left out)" if left_out else ""
            log.warning("web: %s: " + message + "%s", address, *args, more)

    def bad_request(self, address: str, exc: BaseException | None, status: int) -> None:
        """One short line, throttled: the request's bytes are never written to the log."""
        what = type(exc).__name__ if exc is not None else str(status)
        self._say("bad", address, "malformed request answered %d (%s)", status, what)


class Connection(RequestHandler):
    """aiohttp's connection, admitted by the ``Gate``, given ``HEADERS_S`` to send its first
    request, and answering aiohttp's own errors (a malformed request) as the pages do."""

    def __init__(self, manager: web.Server, gate: Gate, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self.gate = gate
        self.peer = "?"
        self._headers_due: asyncio.TimerHandle | None = None
        self._admitted = False

    @property
    def busy(self) -> bool:
        """A request is being answered (an idle connection waits for one)."""
        return bool(getattr(self, "_request_in_progress", False))

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.peer = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self.gate.admit(self, self.peer):
            self._manager = None  # never registered: connection_lost has nothing to undo
            assert isinstance(transport, asyncio.Transport)
            transport.abort()
            return
        self._admitted = True
        super().connection_made(transport)
        self._headers_due = self._loop.call_later(HEADERS_S, self._headers_late)

    def _headers_late(self) -> None:
        self._headers_due = None
        if self._request_count == 0:
            self.abort()

    def abort(self) -> None:
        """Closed at once, whatever is unsent (a client that does not read gets no more)."""
        if self.transport is not None:
            self.transport.abort()

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._headers_due is not None:
            self._headers_due.cancel()
            self._headers_due = None
        if self._admitted:
            self.gate.leave(self)
            self._admitted = False
        super().connection_lost(exc)

    def handle_error(
        self,
        request: BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> StreamResponse:
        if status >= 500 and exc is not None:
            log.error("web: %s failed", request.path, exc_info=exc)
        else:
            self.gate.bad_request(self.peer, exc, status)
        if request.writer.output_size > 0:
            raise ConnectionError("the answer had begun: the connection is closed")
        text = {400: "400 Bad Request", 504: "504 Gateway Timeout"}.get(status, f"{status}")
        response = web.Response(status=status, text=text + "\n", content_type="text/plain")
        for name, value in SECURITY_HEADERS:
            response.headers[name] = value
        response.force_close()
        return response


def handler_options() -> dict[str, Any]:
    """aiohttp's settings of each connection: keep-alive, no access log, no body read."""
    return {
        "keepalive_timeout": KEEPALIVE_S,
        "access_log": None,
        "lingering_time": 0.0,
    }


class GuardedSite(web.TCPSite):
    """aiohttp's TCP site with ``Connection`` for each connection."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, gate: Gate) -> None:
        super().__init__(runner, host, port)
        self.gate = gate

    async def start(self) -> None:
        await web.BaseSite.start(self)
        loop = asyncio.get_running_loop()
        server = self._runner.server
        assert isinstance(server, web.Server)
        options = handler_options()

        def connection() -> Connection:
            return Connection(server, self.gate, loop=loop, **options)

        self._server = await loop.create_server(
            connection, self._host, self._port, backlog=self._backlog, reuse_address=True
        )
        sockets = self._server.sockets
        self._bound_port = sockets[0].getsockname()[1] if sockets else self._port


class AcceptTrouble(logging.Filter):
    """asyncio's "socket.accept() out of system resource", when the process is out of file
    descriptors (something besides the pages holds them): once a minute, not thousands of
    times a second."""

    def __init__(self) -> None:
        super().__init__()
        self.last = -LOG_EVERY_S
        self.left_out = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if "out of system resource" not in str(record.msg):
            return True
        now = time.monotonic()
        if now - self.last < LOG_EVERY_S:
            self.left_out += 1
            return False
        self.last = now
        if self.left_out:
            record.msg = f"{record.msg} ({self.left_out} more left out)"
            self.left_out = 0
        record.exc_info = None  # the errno says it: no traceback
        record.exc_text = None
        return True


ACCEPT_TROUBLE: Final = AcceptTrouble()


def quiet_accept_trouble() -> None:
    asyncio_log = logging.getLogger("asyncio")
    if ACCEPT_TROUBLE not in asyncio_log.filters:
        asyncio_log.addFilter(ACCEPT_TROUBLE)


__all__ = [
    "HEADERS_S",
    "KEEPALIVE_S",
    "Connection",
    "Gate",
    "GuardedSite",
    "Throttle",
    "connection_caps",
    "quiet_accept_trouble",
]
