"""A deal page's parts (issue 41): a long auction laid out by round, as the review picture does
(Chiamata's 15 calls wrapped as one paragraph), and the deal in play told apart from a wrong
link."""

from __future__ import annotations

import re

import aiohttp

from bot.web.deal_page import Said, auction_rounds
from bot.web.server import WebServer
from harness.pages import URL, Filled


def said(seat: int, step: int) -> Said:
    return Said(seat, f"p{seat}", "x", step)


def test_an_auction_by_round_each_seat_in_its_column() -> None:
    """Chiamata: seats 1 and 2 pass at once and leave the auction; 3 and 4 bid on."""
    calls = [said(s, n) for n, s in enumerate([1, 2, 3, 4, 0, 3, 4, 3, 4, 4])]
    auction = auction_rounds(calls, 5)
    assert auction is not None and auction.seats == [1, 2, 3, 4, 0]
    rows = [[c.seat if c else None for c in row] for row in auction.rounds]
    assert rows == [
        [1, 2, 3, 4, 0],
        [None, None, 3, 4, None],
        [None, None, 3, 4, None],
        [None, None, None, 4, None],
    ]
    assert auction_rounds([], 4) is None


async def test_the_auction_is_a_table_of_rounds(server: WebServer, filled: Filled) -> None:
    assert server.holder.links is not None
    url = server.holder.links.deal(filled.games["chiamata"], 0)
    async with (
        aiohttp.ClientSession() as http,
        http.get(url.replace(URL, f"http://127.0.0.1:{server.port}")) as response,
    ):
        html = await response.text()
    table = re.search(r'<table class="auction">(.*?)</table>', html, re.S)
    assert table is not None
    assert table[1].count('<th scope="col">') == 5
    rows = re.findall(r"<tr>(.*?)</tr>", table[1].split("<tbody>")[1], re.S)
    assert len(rows) > 1 and all(row.count("<td>") == 5 for row in rows)
