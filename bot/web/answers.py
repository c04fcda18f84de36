"""How a page is answered, and how a request's numbers are read: the few functions every
handler of ``server`` shares."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Hashable
from typing import Final

from aiohttp import web

from bot.web.cache import Page
from bot.web.guard import SECURITY_HEADERS, accepts_gzip
from bot.web.reads import TableFacts
from bot.web.replay import LogFacts

ID_MAX: Final = 2**63 - 1


class DealInPlay(Exception):
    """The deal asked for is the one a table is playing: it has no page yet, and the reader is
    told so (``WebServer._in_play``), without a card, a name or a score of it."""


def missing(table: TableFacts, log: LogFacts, deal_no: int) -> Exception:
    """Why a deal has no page: it is the deal the table is playing (``DealInPlay``), or there is
    no such deal (404)."""
    if table.status == "playing" and deal_no == len(log.deals) - 1:
        return DealInPlay()
    return web.HTTPNotFound()


def number_of(text: str) -> int:
    """A number of a signed address (a table, a deal, a seat), or 404: only digits, and within
    the database's 64-bit integers (a larger one is no table's, and SQLite could not be asked
    about it)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) > ID_MAX:
        raise web.HTTPNotFound()
    return int(text)


def deal_key(table_id: int, deal_no: int, seat: int | None, locale: str) -> Hashable:
    """A deal page's place in the cache (``locale`` "": the deal's record)."""
    return ("deal", table_id, deal_no, seat, locale)


def kept(made: Page, keep_s: float | None) -> Page:
    """A page made elsewhere, kept ``keep_s`` from now (for good: None)."""
    if keep_s is None:
        return made
    return dataclasses.replace(made, expires=time.monotonic() + keep_s)


def respond(made: Page, request: web.Request | None, cache_control: str) -> web.Response:
    headers = {"Cache-Control": cache_control, "Vary": "Accept-Encoding, Accept-Language"}
    headers.update(made.headers)
    if made.etag:
        headers["ETag"] = made.etag
        if request is not None and request.headers.get("If-None-Match") == made.etag:
            return web.Response(status=304, headers=headers)
    if (
        made.compressed
        and request is not None
        and accepts_gzip(request.headers.get("Accept-Encoding"))
    ):
        body = made.data
        headers["Content-Encoding"] = "gzip"
    else:
        body = made.body  # inflated for this client only (kept compressed)
    headers["Content-Type"] = made.content_type
    return web.Response(status=made.status, body=body, headers=headers)


async def security_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in SECURITY_HEADERS:
        response.headers[name] = value


__all__ = [
    "ID_MAX",
    "DealInPlay",
    "deal_key",
    "kept",
    "missing",
    "number_of",
    "respond",
    "security_headers",
]
