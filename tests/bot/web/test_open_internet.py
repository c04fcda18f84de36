"""The pages as the open internet meets them (issue 42): malformed requests answered in one short
line of log with the security headers, bodies refused, slow and idle sockets closed, the
connections capped per address and in all, a deleted table's kept pages gone, numbers out of
the database's range answered 404, gzip only when it is taken, no software version told."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import aiohttp
import pytest

from bot.storage.storage import Storage
from bot.web import connections
from bot.web import server as server_module
from bot.web.connections import Gate
from bot.web.guard import CSP, Proxies, RateLimit
from bot.web.server import WebServer
from bot.web.settings import WebSettings
from harness.pages import SECRET, URL, Filled


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def local(server: WebServer, url: str) -> str:
    return url.replace(URL, f"http://127.0.0.1:{server.port}")


def deal_url(server: WebServer, table: int, deal: int = 0) -> str:
    assert server.holder.links is not None
    return local(server, server.holder.links.deal(table, deal))


async def raw(server: WebServer, data: bytes, source: str = "127.0.0.1") -> bytes:
    """What the server answers to ``data`` sent as is, read until it closes."""
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(source, 0))
    try:
        writer.write(data)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), 10)
    finally:
        writer.close()


async def test_a_malformed_request_costs_one_short_line_and_echoes_nothing(
    server: WebServer, caplog: pytest.LogCaptureFixture
) -> None:
    """It used to log a whole traceback at ERROR for each, before any rate, and answer 400
    with the request's own bytes in the body, without the security headers."""
    caplog.set_level(logging.DEBUG)
    garbage = b"GET /\x00<script>alert(1)</script> HTTP/1.1\r\nHost: x\r\n\r\n"
    answers = [await raw(server, garbage) for _ in range(20)]
    for answer in answers:
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith((b"HTTP/1.0 400", b"HTTP/1.1 400"))
        assert b"script" not in body and body.strip() == b"400 Bad Request"
        assert f"Content-Security-Policy: {CSP}".encode() in head
        assert b"X-Frame-Options: DENY" in head
        assert b"Server: Atout\r\n" in head
    lines = [r for r in caplog.records if r.name.startswith(("bot.web", "aiohttp"))]
    assert len(lines) == 1, [r.getMessage() for r in lines]
    assert lines[0].exc_info is None and "\n" not in lines[0].getMessage()
    assert "script" not in lines[0].getMessage()
    assert len(lines[0].getMessage()) < 160


async def test_a_request_with_a_body_is_refused_and_not_read(server: WebServer) -> None:
    answer = await raw(
        server,
        b"GET /robots.txt HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + b"x" * 10,
    )
    assert answer.startswith(b"HTTP/1.1 400"), answer[:40]
    assert b"Connection: close" in answer, "closed at once: no body is waited for"


async def test_out_of_range_numbers_answer_404(
    server: WebServer, http: aiohttp.ClientSession
) -> None:
    """A signed table id of 10^19 used to reach SQLite, which raised OverflowError: 500."""
    assert server.signer is not None
    for kind, parts in (
        ("deal", (10**19, 1)),
        ("deal", (2**63, 1)),
        ("game", (10**19,)),
        ("challenge", (10**19, 1)),
        ("board", (10**19, "coinche")),
    ):
        url = f"http://127.0.0.1:{server.port}/{kind}/{server.signer.token(kind, *parts)}"
        async with http.get(url) as response:
            assert response.status == 404, (kind, parts)


async def test_gzip_only_when_the_client_takes_it(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    url = deal_url(server, filled.games["sueca"])
    async with http.get(url, headers={"Accept-Encoding": "gzip"}) as response:
        assert response.headers.get("Content-Encoding") == "gzip"
    async with http.get(url, headers={"Accept-Encoding": "gzip;q=0, identity"}) as response:
        assert "Content-Encoding" not in response.headers
        assert "<html" in await response.text()


async def test_no_software_version_is_told(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    for url in (deal_url(server, filled.games["sueca"]), f"http://127.0.0.1:{server.port}/x"):
        async with http.get(url) as response:
            assert response.headers["Server"] == "Atout"


async def test_a_deleted_tables_kept_pages_answer_404(
    server: WebServer, storage: Storage, filled: Filled, http: aiohttp.ClientSession
) -> None:
    """A page kept in memory used to answer 200 for good after its table was deleted: the
    table's verdict is believed a few seconds only (``ACCESS_KEPT_S``)."""
    table = filled.games["belote"]
    url = deal_url(server, table)
    assert server.holder.links is not None
    game = local(server, server.holder.links.game(table))
    for each in (url, game):
        async with http.get(each) as response:
            assert response.status == 200
    assert any(isinstance(k, tuple) and k[1] == table for k in server.cache._pages)
    async with storage.database.transaction() as conn:
        await conn.execute("DELETE FROM tables WHERE id = $1", table)
    server.access_kept_s = 0.0  # as ACCESS_KEPT_S later
    for each in (url, game):
        async with http.get(each) as response:
            assert response.status == 404, each
    assert not any(isinstance(k, tuple) and k[1] == table for k in server.cache._pages)


async def test_the_verdict_is_believed_a_few_seconds_only(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    url = deal_url(server, filled.games["briscola"])
    reads = 0
    table = server.reads.table

    async def counted(table_id: int) -> object:
        nonlocal reads
        reads += 1
        return await table(table_id)

    server.reads.table = counted  # type: ignore[method-assign,assignment]
    for _ in range(5):
        async with http.get(url) as response:
            assert response.status == 200
    assert reads == 1, "a page kept is served without a read while its verdict is fresh"
    assert server_module.ACCESS_KEPT_S <= 10


async def test_a_slow_sender_is_closed_and_idle_ones_too(
    server: WebServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A socket that sends its headers a byte at a time, or nothing, used to be held for an
    hour (aiohttp's keep-alive default, and no header timeout)."""
    assert connections.HEADERS_S <= 10 and connections.KEEPALIVE_S <= 15
    monkeypatch.setattr(connections, "HEADERS_S", 0.3)
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(b"GET /robots.txt HTTP/1.1\r\n")
    await writer.drain()
    for _ in range(3):
        await asyncio.sleep(0.05)
        writer.write(b"X")
    assert await asyncio.wait_for(reader.read(), 5) == b"", "closed with no answer"
    writer.close()
    assert len(server.gate) == 0


async def test_the_connections_are_capped_per_address_and_in_all(
    storage: Storage, filled: Filled, http: aiohttp.ClientSession
) -> None:
    settings = WebSettings(url=URL, host="127.0.0.1", port=0, secret=SECRET)
    web = WebServer(storage, settings)
    web.gate = Gate(Proxies(), total=12, per_address=4)
    await web.start()
    try:
        held = [
            await asyncio.open_connection("127.0.0.1", web.port, local_addr=("127.0.0.2", 0))
            for _ in range(6)
        ]
        await asyncio.sleep(0.05)
        assert len(web.gate) == 4 and web.gate.refused == 2
        for n in range(3, 12):
            held.append(
                await asyncio.open_connection("127.0.0.1", web.port, local_addr=(f"127.0.0.{n}", 0))
            )
        await asyncio.sleep(0.05)
        assert len(web.gate) == 12 and web.gate.evicted == 1
        # Every place is taken by sockets that say nothing: a reader is still answered (the
        # oldest idle one makes room).
        async with http.get(deal_url(web, filled.games["briscola"])) as response:
            assert response.status == 200
        assert len(web.gate) <= 12
        for _, writer in held:
            writer.close()
    finally:
        await web.stop()


async def test_a_flooding_address_has_its_connections_closed_as_they_open(
    storage: Storage, filled: Filled
) -> None:
    """A flood of requests past the rate used to be answered 429 one by one on kept-alive
    connections, each costing a request's parsing and an answer on the bot's event loop."""
    settings = WebSettings(url=URL, host="127.0.0.1", port=0, secret=SECRET)
    web = WebServer(storage, settings, rate=RateLimit(burst=2, per_second=0.01))
    await web.start()
    try:
        url = deal_url(web, filled.games["briscola"])
        connector = aiohttp.TCPConnector(local_addr=("127.0.0.5", 0))
        statuses: list[int | str] = []
        async with aiohttp.ClientSession(connector=connector) as http:
            for _ in range(40):
                try:
                    async with http.get(url) as response:
                        statuses.append(response.status)
                except aiohttp.ClientError:
                    statuses.append("closed")
        assert statuses[:2] == [200, 200] and statuses[2:22] == [429] * 20
        assert set(statuses[22:]) == {"closed"}, statuses
        assert web.gate.refused >= 18
        # Another address is not concerned.
        async with aiohttp.ClientSession() as http, http.get(url) as response:
            assert response.status == 200
    finally:
        await web.stop()
