"""Pages kept once made: a finished deal never changes, so its page is made once per language
and served from memory after that, already compressed.

Pages that can still change (a game in play, a challenge's traveller, a leaderboard) are kept a
little while only (``expires``). The cache is bounded by the bytes it holds, least recently used
out first. A text page is kept compressed only (every browser asks for gzip; the rare client
that does not gets it inflated on the way out): a deal's page is about 4 KB so, against 34 KB
with its plain form beside it, which is what lets the bot make every finished deal's page ahead
(``server.WebServer.deal_over``) within a few megabytes. While a page is being made, every
other request for it waits for the same making (``Cache.make``): fifty people opening a link
posted in a busy thread cost one replay, not fifty.
"""

from __future__ import annotations

import gzip
import hashlib
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Final

from bot.play.single_flight import SingleFlight
from rendering.lru import SizedLRU

CACHE_BYTES: Final = 16 * 1024 * 1024
"""Bytes of pages kept, their keys and objects counted (``ENTRY_BYTES``): about 3,500 deal pages,
a Coinche deal's compressed page being 3–5 KB, so with a deal ending every second the pages of
the last hour's deals (200 tables in play end one every 2–3 s, ``benchmarks/web.py``)."""
ENTRY_BYTES: Final = 400
"""What an entry costs besides its bytes: its key, its ``Page``, its place in the LRU."""
COMPRESSED_TYPES: Final = ("text/", "application/json")


@dataclass(frozen=True)
class Page:
    data: bytes
    """The page as sent, gzip-compressed when ``compressed``."""
    content_type: str
    status: int = 200
    compressed: bool = False
    etag: str = ""
    expires: float | None = None
    """``time.monotonic()`` after which it is made again; None: kept for good."""
    headers: tuple[tuple[str, str], ...] = ()

    @property
    def body(self) -> bytes:
        """The page itself, for a client that does not take gzip."""
        return gzip.decompress(self.data) if self.compressed else self.data

    @property
    def size(self) -> int:
        return len(self.data) + ENTRY_BYTES


def page(
    body: bytes,
    content_type: str,
    *,
    status: int = 200,
    keep_s: float | None = None,
    headers: tuple[tuple[str, str], ...] = (),
) -> Page:
    """A page ready to serve again: its ETag, and its compressed form for text."""
    compressed = content_type.startswith(COMPRESSED_TYPES) and len(body) > 512
    data = gzip.compress(body, compresslevel=6, mtime=0) if compressed else body
    etag = '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'
    expires = None if keep_s is None else time.monotonic() + keep_s
    return Page(data, content_type, status, compressed, etag, expires, headers)


class Cache:
    """Pages by key in a byte-bounded LRU (``rendering.lru.SizedLRU``), each made once however
    many ask at the same time (``bot.play.single_flight.SingleFlight``)."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self.limit = limit
        self._pages = SizedLRU[Page](limit, lambda made: made.size)
        self._making: SingleFlight[Hashable, Page] = SingleFlight()
        self.hits = 0
        self.made = 0

    def get(self, key: Hashable) -> Page | None:
        found = self._pages.get(key)
        if found is None:
            return None
        if found.expires is not None and time.monotonic() >= found.expires:
            self._pages.pop(key)
            return None
        self.hits += 1
        return found

    def put(self, key: Hashable, made: Page) -> None:
        if made.size > self.limit // 8:
            return  # one page never crowds out an eighth of the others
        self._pages.put(key, made)

    def pop(self, key: Hashable) -> Page | None:
        """Forget ``key``'s page (it has changed); the page it was, if kept."""
        return self._pages.pop(key)

    def drop(self, which: Callable[[Hashable], bool]) -> int:
        """Forget every page whose key ``which`` names (a table's, when it has no page any
        more); how many."""
        dropped = [key for key in self._pages if which(key)]
        for key in dropped:
            self._pages.pop(key)
        return len(dropped)

    @property
    def bytes(self) -> int:
        """What the kept pages weigh, as ``limit`` counts it."""
        return self._pages.weight

    async def make(self, key: Hashable, maker: Callable[[], Awaitable[tuple[Page, bool]]]) -> Page:
        """The page of ``key``: kept, or made by ``maker`` (which says whether to keep it),
        once however many ask at the same time; a reader who leaves does not cancel the making
        for those still waiting."""
        found = self.get(key)
        if found is not None:
            return found

        async def make_and_keep() -> Page:
            made, keep = await maker()
            self.made += 1
            if keep:
                self.put(key, made)
            return made

        return await self._making.run(key, make_and_keep)

    def __len__(self) -> int:
        return len(self._pages)

    def __contains__(self, key: Hashable) -> bool:
        """Kept now (not counted as a reading)."""
        return key in self._pages


__all__ = ["CACHE_BYTES", "Cache", "Page", "page"]
