"""Pages made ahead of their readers: when a deal's summary and its link are posted in the
table's thread, the deal's page is made at once in the table's language, so that the players who
click the link (and the friends they pass it to) find it made. Never a page of a deal in play or
of a sealed challenge deal; the previous deal's pages, which could not link a deal then in play,
are made again; and the pages kept stay within the cache's bytes."""

from __future__ import annotations

import asyncio
import gzip
from pathlib import Path

import aiohttp
import pytest
import simcord

from bot.config import Settings
from bot.web.cache import ENTRY_BYTES, Cache, page
from bot.web.server import WebServer
from bot.web.settings import WebSettings
from games.actions import Action
from harness.driver import Table
from harness.pages import URL, Filled
from tests.conftest import migrated_sqlite


@pytest.fixture
def settings(tmp_path: Path, sqlite_template: Path) -> Settings:
    web = WebSettings(url=URL, host="127.0.0.1", port=0)
    db = migrated_sqlite(sqlite_template, tmp_path / "atout.sqlite3")
    return Settings(token=None, db_path=db, ai_pause_s=0.0, web=web)


async def fetch(web: WebServer, url: str, locale: str = "en") -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(
            url.replace(URL, f"http://127.0.0.1:{web.port}"), headers={"Accept-Language": locale}
        ) as response,
    ):
        return response.status, await response.text()


def kept(web: WebServer, table_id: int, deal_no: int, locale: str = "en") -> bool:
    return ("deal", table_id, deal_no, None, locale) in web.cache


async def all_pass(table: Table) -> None:
    """One Coinche deal where everybody passes: a finished deal (thrown in) in four clicks."""
    game = table.session.game
    assert game is not None
    deals = len(game.deal_results)
    while len(game.deal_results) == deals:
        seat = table.session.seat(game.to_act)  # type: ignore[arg-type]
        assert seat is not None and seat.user_id is not None
        player = table.actor(seat.user_id)
        result = await table.click_action(player, await table.hand(player), Action("pass"))
        assert result.acknowledged
        game = table.session.game
        assert game is not None


async def test_a_finished_deals_page_is_made_before_anyone_asks(env: simcord.Env) -> None:
    web = env.bot.web  # type: ignore[attr-defined]
    assert isinstance(web, WebServer)
    guild = env.create_guild()
    people = [guild.add_member(env.create_user(name)) for name in ("ann", "bob", "cat", "dan")]
    table = Table(env, guild.create_text_channel("cards"), people)
    await table.open("coinche")
    tid = table.table_id
    assert tid is not None
    await all_pass(table)
    await env.settle()
    await web.settled()
    assert kept(web, tid, 0), "made with nobody asking"
    assert not kept(web, tid, 1), "the deal in play has no page"
    assert web.cache.hits == 0
    links = web.holder.links
    assert links is not None
    made = web.cache.made
    status, english = await fetch(web, links.deal(tid, 0))
    assert status == 200 and web.cache.made == made, "the first reader found it made"
    assert 'rel="next"' not in english, "the next deal is in play"
    status, french = await fetch(web, links.deal(tid, 0), "fr")
    assert status == 200 and 'rel="next"' not in french
    await all_pass(table)
    await env.settle()
    await web.settled()
    assert kept(web, tid, 1)
    made = web.cache.made
    status, english = await fetch(web, links.deal(tid, 0))
    assert web.cache.made == made and 'rel="next"' in english, "made again, with its next deal"
    status, french = await fetch(web, links.deal(tid, 0), "fr")
    assert 'rel="next"' in french, "the page kept without the next deal was dropped"


async def test_no_page_is_made_ahead_of_a_deal_in_play_nor_of_a_sealed_one(
    server: WebServer, filled: Filled
) -> None:
    server.deal_over(filled.playing, 1, "fr")
    server.deal_over(filled.open_table, 0, "fr")
    await server.settled()
    assert len(server.cache) == 0 and server.cache.made == 0
    server.deal_over(filled.playing, 0, "fr")
    server.deal_over(filled.closed_table, 0, "fr")
    await server.settled()
    assert kept(server, filled.playing, 0, "fr") and kept(server, filled.closed_table, 0, "fr")
    assert server.cache.made == 2


async def test_alone_a_page_that_may_gain_a_next_deal_is_kept_a_while_only(
    server: WebServer, filled: Filled
) -> None:
    """``python -m bot web`` does not see deals end: the last finished deal of a table in
    play is made again after a while, to link the next deal once it is over."""
    links = server.holder.links
    assert links is not None
    assert (await fetch(server, links.deal(filled.playing, 0)))[0] == 200
    assert (await fetch(server, links.deal(filled.games["coinche"], 0)))[0] == 200
    open_ended = server.cache.get(("deal", filled.playing, 0, None, "en"))
    final = server.cache.get(("deal", filled.games["coinche"], 0, None, "en"))
    assert open_ended is not None and open_ended.expires is not None
    assert final is not None and final.expires is None


async def test_pages_are_kept_compressed_and_within_the_bytes_given(
    server: WebServer, filled: Filled
) -> None:
    links = server.holder.links
    assert links is not None
    async with (
        aiohttp.ClientSession(auto_decompress=False) as http,
        http.get(
            links.deal(filled.games["coinche"], 0).replace(URL, f"http://127.0.0.1:{server.port}"),
            headers={"Accept-Encoding": "identity"},
        ) as response,
    ):
        assert "Content-Encoding" not in response.headers
        plain = await response.read()
    assert plain.startswith(b"<!doctype html>")
    made = server.cache.get(("deal", filled.games["coinche"], 0, None, "en"))
    assert made is not None and made.compressed and gzip.decompress(made.data) == plain
    assert made.size == len(made.data) + ENTRY_BYTES < len(plain) / 3
    cache = Cache(limit=20 * made.size)
    for number in range(100):
        cache.put(number, made)
        assert cache.bytes <= cache.limit
    assert len(cache) == 20 and cache.get(79) is None and cache.get(99) is made
    cache.put("big", page(bytes(range(256)) * 1000, "image/png"))
    assert cache.get("big") is None, "a page past an eighth of the cache is not kept"


async def test_readers_asking_at_once_for_a_page_not_made_share_one_making(
    server: WebServer, filled: Filled
) -> None:
    """A link opened by many in a language the page was not made in: one making, all wait."""
    links = server.holder.links
    assert links is not None
    url = links.deal(filled.games["sueca"], 0)
    answers = await asyncio.gather(*(fetch(server, url, "it") for _ in range(10)))
    assert {status for status, _ in answers} == {200} and len({text for _, text in answers}) == 1
    assert server.cache.made == 1
