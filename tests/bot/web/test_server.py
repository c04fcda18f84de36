"""The web server over real HTTP: every page of every game, the record as JSON, and each rule of
its privacy (signed links, no page of a deal in play, a challenge sealed until it closes, GET
and HEAD only, odd paths and floods refused, the security headers on every answer)."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator

import aiohttp
import pytest

from bot.storage.storage import Storage
from bot.web.guard import CSP, RateLimit, parse_networks
from bot.web.links import WebLinks
from bot.web.server import WebServer
from bot.web.settings import WebSettings
from games.records import parse, replay
from harness.pages import SECRET, URL, Filled

CARD = re.compile(r'data-card="([2-9TJQKA][SHDC])"')


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(auto_decompress=True) as session:
        yield session


def links(server: WebServer) -> WebLinks:
    assert server.holder.links is not None
    return server.holder.links


def local(server: WebServer, url: str) -> str:
    return url.replace(URL, f"http://127.0.0.1:{server.port}")


async def get(
    http: aiohttp.ClientSession, server: WebServer, url: str, **headers: str
) -> tuple[int, str, aiohttp.ClientResponse]:
    async with http.get(local(server, url), headers=headers, allow_redirects=False) as response:
        return response.status, await response.text(), response


@pytest.mark.parametrize("game", ["belote", "coinche", "piquet", "briscola", "chiamata", "sueca"])
async def test_every_deal_and_game_of_every_game_has_a_page(
    game: str, server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    table = filled.games[game]
    status, text, _ = await get(http, server, links(server).game(table))
    assert status == 200, text
    deals = re.findall(r'href="(\.\./deal/[^"]+)"', text)
    assert deals, "the game page links its deals"
    status, page, response = await get(http, server, links(server).deal(table, 0))
    assert status == 200, page
    assert response.headers["Content-Type"].startswith("text/html")
    assert CARD.search(page), "the deal as dealt shows its cards"
    steps = json.loads(re.search(r'id="steps">(.*?)</script>', page, re.S)[1])  # type: ignore[index]
    assert steps["steps"][0]["h"], "the replay's steps are on the page"


async def test_the_record_replays_to_the_deal_shown(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    table = filled.games["coinche"]
    status, text, response = await get(http, server, links(server).deal(table, 1) + ".json")
    assert status == 200
    assert "attachment" in response.headers["Content-Disposition"]
    record = json.loads(text)
    assert record["format"] == "atout-record/1" and record["game"] == "coinche"
    assert len(record["deals"]) == 1
    result = replay(parse(record)).replay_result()
    assert result["deals"][0]["complete"]


async def test_a_tampered_or_unknown_link_answers_404(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    good = links(server).deal(filled.games["belote"], 0)
    token = good.rsplit("/", 1)[1]
    numbers, sig = token[:-23], token[-22:]
    flipped = sig[:-1] + ("A" if sig[-1] != "A" else "B")
    other_table = good.replace(f"/{numbers}-", f"/{filled.games['coinche']}-1-")
    other_kind = good.replace("/deal/", "/game/")
    for url in (good.replace(sig, flipped), other_table, other_kind):
        status, text, _ = await get(http, server, url)
        assert status == 404, url
        assert not CARD.search(text)
    # Signed with another secret: a link of another instance opens nothing here.
    foreign = WebLinks(URL, type(links(server).signer)("t" * 40)).deal(filled.games["belote"], 0)
    assert (await get(http, server, foreign))[0] == 404


async def test_a_deal_in_play_has_no_page(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    first, second = (links(server).deal(filled.playing, n) for n in (0, 1))
    assert (await get(http, server, first))[0] == 200, "the finished deal has its page"
    status, text, _ = await get(http, server, second)
    assert status == 404 and not CARD.search(text)
    assert (await get(http, server, second + ".json"))[0] == 404
    status, text, _ = await get(http, server, links(server).game(filled.playing))
    assert status == 200
    assert "deal/" in text and text.count('href="../deal/') == 1, "only the finished deal"


async def test_a_challenge_deal_is_sealed_until_the_challenge_closes(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    for url in (
        links(server).deal(filled.open_table, 0),
        links(server).game(filled.open_table),
        links(server).deal(filled.open_table, 0) + ".json",
        links(server).challenge_deal(filled.open_challenge, 0),
    ):
        status, text, _ = await get(http, server, url)
        assert status == 403, url
        assert not CARD.search(text) and "dana" not in text
    status, text, _ = await get(
        http, server, links(server).challenge_deal(filled.closed_challenge, 0)
    )
    assert status == 200 and "dana" in text
    assert "first to" not in text, "a challenge plays single deals: no match target"
    replay_link = re.search(r'href="(\.\./deal/[^"]+)"', text)
    assert replay_link is not None
    status, text, _ = await get(
        http, server, URL + "/deal/" + replay_link[1].removeprefix("../deal/")
    )
    assert status == 200 and CARD.search(text)


async def test_only_get_and_head(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    url = local(server, links(server).deal(filled.games["briscola"], 0))
    async with http.head(url) as response:
        assert response.status == 200
    for method in ("POST", "PUT", "DELETE", "OPTIONS"):
        async with http.request(method, url) as response:
            assert response.status == 405
            assert response.headers["Allow"] == "GET, HEAD"
            assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/deal/",
        "/deal/" + "1" * 200 + "-" + "A" * 22,
        "/etc/passwd",
        "/deal/../../etc/passwd",
        "/deal/1-1-%2e%2e",
        "/assets/000000000000/site.css",
        "/deal/1-1-AAAAAAAAAAAAAAAAAAAAAA?x=" + "y" * 40,
    ],
)
async def test_odd_paths_answer_404(
    path: str, server: WebServer, http: aiohttp.ClientSession
) -> None:
    async with http.get(f"http://127.0.0.1:{server.port}{path}") as response:
        assert response.status == 404
        assert response.headers["Content-Security-Policy"] == CSP


async def test_security_headers_on_every_answer(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    status, text, response = await get(http, server, links(server).deal(filled.games["sueca"], 0))
    assert status == 200
    headers = response.headers
    assert headers["Content-Security-Policy"] == CSP
    assert "script-src 'self'" in CSP and "frame-ancestors 'none'" in CSP
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "no-referrer"
    # No inline script: the page's only scripts are its own file and its JSON data.
    scripts = re.findall(r"<script([^>]*)>", text)
    assert all("src=" in s or 'type="application/json"' in s for s in scripts), scripts
    assert "style=" not in text and " on" not in re.sub(r"[^<]*", "", text)


async def test_a_flood_from_one_address_is_slowed(
    storage: Storage, filled: Filled, http: aiohttp.ClientSession
) -> None:
    settings = WebSettings(url=URL, host="127.0.0.1", port=0, secret=SECRET)
    web = WebServer(storage, settings, rate=RateLimit(burst=5, per_second=0.01))
    await web.start()
    try:
        url = links(web).deal(filled.games["briscola"], 0)
        statuses = [(await get(http, web, url))[0] for _ in range(7)]
        assert statuses[:5] == [200] * 5 and statuses[5:] == [429, 429]
        _status, text, response = await get(http, web, url)
        assert response.headers["Retry-After"] == "100"
        assert "wait 100 seconds" in text, "the page says the wait Retry-After says"
        # No proxy is trusted by default: an address the client writes itself counts for
        # nothing (it used to open a fresh bucket for every forged address).
        forged = [
            (await get(http, web, url, **{"X-Forwarded-For": f"203.0.113.{n}"}))[0]
            for n in range(5)
        ]
        assert forged == [429] * 5
    finally:
        await web.stop()


async def test_behind_a_trusted_proxy_each_client_is_counted_apart(
    storage: Storage, filled: Filled, http: aiohttp.ClientSession
) -> None:
    settings = WebSettings(
        url=URL,
        host="127.0.0.1",
        port=0,
        secret=SECRET,
        trusted_proxies=parse_networks("::1 127.0.0.1"),
    )
    web = WebServer(storage, settings, rate=RateLimit(burst=2, per_second=0.01))
    await web.start()
    try:
        url = links(web).deal(filled.games["briscola"], 0)
        one = {"X-Forwarded-For": "203.0.113.9"}
        assert [(await get(http, web, url, **one))[0] for _ in range(3)] == [200, 200, 429]
        # What a client writes left of what the proxy appends does not make it someone else.
        again = {"X-Forwarded-For": "198.51.100.1, 203.0.113.9"}
        assert (await get(http, web, url, **again))[0] == 429
        other = {"X-Forwarded-For": "203.0.113.10"}
        assert (await get(http, web, url, **other))[0] == 200
        # Readers who come through without the header share the proxy's own bucket only.
        assert [(await get(http, web, url))[0] for _ in range(3)] == [200, 200, 429]
    finally:
        await web.stop()


async def test_pages_are_made_once_then_served_compressed_and_revalidated(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    url = local(server, links(server).deal(filled.games["piquet"], 0))
    async with http.get(url, headers={"Accept-Encoding": "gzip"}) as response:
        assert response.headers["Content-Encoding"] == "gzip"
        etag = response.headers["ETag"]
        first = await response.text()
    made = server.cache.made
    async with http.get(url) as response:
        assert await response.text() == first
    assert server.cache.made == made, "the second visit was served from memory"
    async with http.get(url, headers={"If-None-Match": etag}) as response:
        assert response.status == 304


async def test_the_readers_language(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    url = links(server).deal(filled.games["belote"], 0)
    _, french, _ = await get(http, server, url, **{"Accept-Language": "fr-CA,fr;q=0.9"})
    assert 'lang="fr"' in french and "Donne 1" in french
    _, other, _ = await get(http, server, url, **{"Accept-Language": "de-DE,de;q=0.9"})
    assert 'lang="en"' in other and "Deal 1" in other
    _, japanese, _ = await get(http, server, url, **{"Accept-Language": "ja"})
    assert "ディール" in japanese


async def test_a_seats_review_is_marked_on_its_steps(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    table = filled.games["coinche"]
    status, text, _ = await get(http, server, links(server).deal(table, 0, seat=0))
    assert status == 200
    data = json.loads(re.search(r'id="steps">(.*?)</script>', text, re.S)[1])  # type: ignore[index]
    marked = [step["m"] for step in data["steps"] if step["m"] is not None]
    assert marked == [0, 1]
    assert [mark["v"] for mark in data["meta"]["marks"]] == ["fine", "mistake"]
    assert "24 points" in data["meta"]["marks"][1]["x"]
    assert "1 mistake in 2 decisions" in text
    # Another seat, not reviewed: the page says so, and is not kept until it is.
    status, text, _ = await get(http, server, links(server).deal(table, 0, seat=1))
    assert status == 200 and "has not been reviewed yet" in text


async def test_a_review_stored_in_an_older_form_is_not_shown_in_half(
    server: WebServer, storage: Storage, filled: Filled, http: aiohttp.ClientSession
) -> None:
    """The bot computes such a review again at the next click (``bot.play.reviews``); until
    then the page says the seat is not reviewed, as the bot would."""
    table = filled.games["coinche"]
    older = {"game": "coinche", "seat": 2, "deal": 0, "unit": "points", "decisions": []}
    await storage.reviews.store(table, 0, 2, older)
    status, text, _ = await get(http, server, links(server).deal(table, 0, seat=2))
    assert status == 200 and "has not been reviewed yet" in text


async def test_the_leaderboard_page(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    status, text, _ = await get(http, server, links(server).board(1, "coinche"))
    assert status == 200
    assert "alice (0)" in text
    status, text, _ = await get(http, server, links(server).board(1, "coinche") + "?page=9")
    assert status == 200


async def test_a_season_s_page(
    server: WebServer, filled: Filled, http: aiohttp.ClientSession
) -> None:
    """Issue 45: the standings of a season, linked from its end's message; the filled games'
    players have not played the ten games a season ranks by yet."""
    status, text, _ = await get(http, server, links(server).season(1, "coinche", 1))
    assert status == 200, text
    assert "Coinche — Season 1" in text and "alice (0)" in text
    assert "Not yet ranked (10 rated games needed):" in text and "9 games to go" in text
    missing = links(server).season(1, "coinche", 7)
    assert (await get(http, server, missing))[0] == 404
    forged = links(server).season(1, "coinche", 1).replace("coinche-1", "coinche-2")
    assert (await get(http, server, forged))[0] == 404
