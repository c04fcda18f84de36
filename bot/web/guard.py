"""What every request meets before any page is made: GET and HEAD only, a path of the pages'
shape (anything long or odd answers 404 at once, with no read), a rate per address, and the
security headers on every answer.

The address of a request is its peer's, unless the peer is on this machine or a private network
(a reverse proxy: Caddy, nginx, a compose service) and says whom it forwards for
(``X-Forwarded-For``, its last address: the one the proxy itself saw). A client on the open
internet cannot choose its own address that way.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import time
from dataclasses import dataclass, field
from typing import Final

PATH_MAX: Final = 120
QUERY_MAX: Final = 24
PATH: Final = re.compile(
    r"/(?:robots\.txt|assets/[0-9a-f]{12}/[a-z0-9.-]{1,40}"
    r"|(?:deal|game|challenge|board|season)/[0-9a-z-]{1,60}-[A-Za-z0-9_-]{22}(?:\.json)?)"
)
"""Every path a page or an asset can have; anything else is answered 404 without a lookup."""
QUERY: Final = re.compile(r"(?:page=[0-9]{1,5})?")

CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS: Final = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("X-Robots-Tag", "noindex, nofollow"),
)
"""On every answer: scripts and styles from the pages' own assets only (no inline script, no
other site), no framing by another site, no content-type guessing, the page's secret address
never sent on as a referrer, and no search engine."""


def wanted_path(path: str, query: str) -> bool:
    """A path and query the pages can answer (``/`` is not one: nothing is listed)."""
    if len(path) > PATH_MAX or len(query) > QUERY_MAX:
        return False
    return PATH.fullmatch(path) is not None and QUERY.fullmatch(query) is not None


ADDRESS: Final = re.compile(r"[0-9A-Fa-f:.]{2,45}")
"""What an IPv4 or IPv6 address is made of: enough to key a rate by (parsing one with
``ipaddress`` took most of a cached page's time)."""


@functools.lru_cache(maxsize=256)
def _proxy(peer: str) -> bool:
    """A peer that may speak for its clients: on this machine or a private network."""
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    return address.is_loopback or address.is_private


def client_address(peer: str | None, forwarded_for: str | None) -> str:
    """Whom the rate counts: the peer, or the client a proxy of ours forwards for."""
    if peer and forwarded_for and _proxy(peer):
        last = forwarded_for.rsplit(",", 1)[-1].strip()
        return last.lower() if ADDRESS.fullmatch(last) else peer
    return peer or "?"


@dataclass
class Bucket:
    tokens: float
    at: float


@dataclass
class RateLimit:
    """A token bucket per address: ``burst`` requests at once, then ``per_second``. A page
    and its assets are five or six requests the first time, one later (the assets are kept a
    year by the browser); a scraper is slowed to a person's pace."""

    burst: float = 60.0
    per_second: float = 1.0
    kept: int = 20_000
    """Addresses remembered at most; the fullest buckets are forgotten first."""
    _buckets: dict[str, Bucket] = field(default_factory=dict)

    def allow(self, address: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= self.kept:
                self._forget(now)
            bucket = self._buckets[address] = Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.per_second)
        bucket.at = now
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True

    def retry_after(self) -> int:
        return max(1, round(1.0 / self.per_second))

    def _forget(self, now: float) -> None:
        full = [
            address
            for address, bucket in self._buckets.items()
            if bucket.tokens + (now - bucket.at) * self.per_second >= self.burst
        ]
        for address in full or list(self._buckets)[: self.kept // 2]:
            del self._buckets[address]


__all__ = ["CSP", "SECURITY_HEADERS", "RateLimit", "client_address", "wanted_path"]
