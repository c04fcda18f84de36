"""What every request meets before any page is made: GET and HEAD only, a path of the pages'
shape (anything long or odd answers 404 at once, with no read), a rate per address, and the
security headers on every answer.

Whom the rate counts is the request's peer, unless the peer is one of the proxies the admin
trusts (``ATOUT_WEB_TRUSTED_PROXIES``, none by default): then the client is the right-most
address of ``X-Forwarded-For`` that is not one of them. Each proxy appends the address it
received the request from, so that address is the last one a proxy of ours wrote; anything
left of it was written by the client, who could put any address there, and is never read.
An IPv6 client is counted by its /64: one household or server holds 2^64 addresses of it.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

PATH_MAX: Final = 120
QUERY_MAX: Final = 24
PATH: Final = re.compile(
    r"/(?:robots\.txt|assets/[0-9a-f]{12}/[A-Za-z0-9.-]{1,40}"
    r"|(?:deal|game|challenge|board|season)/[0-9a-z-]{1,60}-[A-Za-z0-9_-]{22}(?:\.json)?)"
)
"""Every path a page or an asset can have (an asset's name may hold a language's capitals:
``deck-french-pt-BR.png``); anything else is answered 404 without a lookup."""
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
    ("Server", "Atout"),
)
"""On every answer: scripts and styles from the pages' own assets only (no inline script, no
other site), no framing by another site, no content-type guessing, the page's secret address
never sent on as a referrer, no search engine, and no software version to look up."""

HOPS_READ: Final = 16
"""Addresses of ``X-Forwarded-For`` read at most, from the right: a chain of proxies is a few
long; a longer header is the client's own writing, of no use to anyone."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def wanted_path(path: str, query: str) -> bool:
    """A path and query the pages can answer (``/`` is not one: nothing is listed)."""
    if len(path) > PATH_MAX or len(query) > QUERY_MAX:
        return False
    return PATH.fullmatch(path) is not None and QUERY.fullmatch(query) is not None


def parse_networks(text: str) -> tuple[Network, ...]:
    """``ATOUT_WEB_TRUSTED_PROXIES``: addresses or networks, separated by commas or spaces
    (``127.0.0.1, ::1``, ``172.16.0.0/12``); ``ValueError`` naming the first that is neither."""
    networks: list[Network] = []
    for item in re.split(r"[,\s]+", text.strip()):
        if item:
            networks.append(ipaddress.ip_network(item, strict=False))
    return tuple(networks)


@functools.lru_cache(maxsize=4096)
def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as a proxy writes it: bare, ``[v6]``, ``[v6]:port`` or ``v4:port``; an
    IPv4 address mapped into IPv6 is the IPv4 address. Kept for the addresses seen (parsing
    one with ``ipaddress`` costs more than serving a page kept in memory)."""
    text = text.strip()
    if text.startswith("["):
        text = text[1 : text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


@functools.lru_cache(maxsize=4096)
def rate_key(address: str) -> str:
    """Whom a rate or a connection cap counts: an IPv4 address, an IPv6 address's /64."""
    parsed = _address(address)
    if parsed is None:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


@dataclass(frozen=True)
class Proxies:
    """The reverse proxies whose ``X-Forwarded-For`` is believed (``ATOUT_WEB_TRUSTED_PROXIES``)."""

    networks: tuple[Network, ...] = ()

    @classmethod
    def of(cls, items: Iterable[str]) -> Proxies:
        return cls(tuple(ipaddress.ip_network(item, strict=False) for item in items))

    def trusts(self, address: str) -> bool:
        return bool(self.networks) and _trusted(self.networks, address)

    def client(self, peer: str | None, forwarded_for: str | None) -> str:
        """Whom a request is from: its peer, or, when the peer is a proxy of ours, the
        right-most address of ``forwarded_for`` that is not one of ours (all of them ours: the
        left-most). An address that cannot be read there ends the walk at the last proxy."""
        if not peer:
            return "?"
        if not forwarded_for or not self.trusts(peer):
            return peer
        client = peer
        for hop in reversed(forwarded_for.rsplit(",", HOPS_READ)[-HOPS_READ:]):
            address = _address(hop)
            if address is None:
                return client
            client = str(address)
            if not self.trusts(client):
                return client
        return client


@functools.lru_cache(maxsize=4096)
def _trusted(networks: tuple[Network, ...], address: str) -> bool:
    parsed = _address(address)
    return parsed is not None and any(parsed in network for network in networks)


def speaks_for_others(peer: str | None) -> bool:
    """A peer on this machine or a private network: a proxy, perhaps, that the admin has not
    named in ``ATOUT_WEB_TRUSTED_PROXIES`` yet (``server`` says so once in the log)."""
    parsed = _address(peer or "")
    return parsed is not None and (parsed.is_loopback or parsed.is_private)


@dataclass
class Bucket:
    tokens: float
    at: float
    refused: int = 0
    """Requests refused since the last one allowed."""


FLOODING_AFTER: Final = 20
"""Requests refused in a row after which an address is flooding: its new connections are
closed as they open (``connections.Gate``), before a request is read, until its rate allows
one again. A person who reloads a few times past the limit still reads the 429 page."""


@dataclass
class RateLimit:
    """A token bucket per address (an IPv6 /64: ``rate_key``): ``burst`` requests at once,
    then ``per_second``. A page and its assets are five or six requests the first time, one
    later (the assets are kept a year by the browser); a scraper is slowed to a person's
    pace."""

    burst: float = 60.0
    per_second: float = 1.0
    kept: int = 20_000
    """Addresses remembered at most; the fullest buckets are forgotten first."""
    _buckets: dict[str, Bucket] = field(default_factory=dict)

    def allow(self, address: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        key = rate_key(address)
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.kept:
                self._forget(now)
            bucket = self._buckets[key] = Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.per_second)
        bucket.at = now
        if bucket.tokens < 1.0:
            bucket.refused += 1
            return False
        bucket.tokens -= 1.0
        bucket.refused = 0
        return True

    def flooding(self, address: str, now: float | None = None) -> bool:
        """The address has been refused ``FLOODING_AFTER`` times in a row, and its rate would
        refuse it still."""
        bucket = self._buckets.get(rate_key(address))
        if bucket is None or bucket.refused < FLOODING_AFTER:
            return False
        now = time.monotonic() if now is None else now
        return bucket.tokens + (now - bucket.at) * self.per_second < 1.0

    def retry_after(self) -> int:
        """Seconds until a refused address may ask again (``Retry-After``, and the 429 page
        says as much): one token's time."""
        return max(1, round(1.0 / self.per_second))

    def _forget(self, now: float) -> None:
        full = [
            address
            for address, bucket in self._buckets.items()
            if bucket.tokens + (now - bucket.at) * self.per_second >= self.burst
        ]
        for address in full or list(self._buckets)[: self.kept // 2]:
            del self._buckets[address]


def accepts_gzip(header: str | None) -> bool:
    """Whether ``Accept-Encoding`` takes gzip: named (or ``*``) with a weight above 0."""
    if not header:
        return False
    weights: dict[str, float] = {}
    for item in header[:200].split(","):
        name, _, params = item.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights[name.strip().lower()] = weight
    if "gzip" in weights:
        return weights["gzip"] > 0
    return weights.get("*", 0.0) > 0


__all__ = [
    "CSP",
    "SECURITY_HEADERS",
    "Proxies",
    "RateLimit",
    "accepts_gzip",
    "parse_networks",
    "rate_key",
    "speaks_for_others",
    "wanted_path",
]
