"""A name with Unicode's direction controls (issue 42): an unterminated RIGHT-TO-LEFT OVERRIDE
in a player's name used to reverse the page's own words after it ("lanoisivorp"). Now every
name on a page is isolated (``<bdi>``, and FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE
inside a sentence), and no override reaches a page, an image's text or a Discord message."""

from __future__ import annotations

import json
import re

import aiohttp

from bot.storage.storage import Storage
from bot.text.i18n import t
from bot.web.server import WebServer
from harness.pages import URL, Filled
from i18n.bidi import clean_bidi, isolate
from rendering.text import displayable
from rendering.words import text as image_text

RLO, PDF, FSI, PDI, RLI = "\u202e", "\u202c", "\u2068", "\u2069", "\u2067"
HOSTILE = f"{RLO}evil"


def test_controls_that_could_reach_past_a_name_are_taken_out() -> None:
    assert clean_bidi(HOSTILE) == "evil"
    assert clean_bidi(f"a{RLI}b") == "ab", "an isolate never closed"
    assert clean_bidi(f"a{PDI}b") == "ab", "a close of nothing"
    assert clean_bidi(f"x{RLI}שלום{PDI}y") == f"x{RLI}שלום{PDI}y", "closed: harmless"
    assert clean_bidi("דוד") == "דוד", "a right-to-left name keeps its letters"
    assert isolate(HOSTILE) == f"{FSI}evil{PDI}"
    assert clean_bidi(f"{isolate('a')} & {isolate(HOSTILE)}") == f"{FSI}a{PDI} & {FSI}evil{PDI}"


def test_discord_messages_and_images_take_names_cleaned() -> None:
    for line in (
        t("event_trick", "en", name=HOSTILE),
        t("event_play", "fr", name=f"{RLO}x{PDF}{RLO}", card="A♠"),
        image_text("seat_label", "en", number=HOSTILE),
    ):
        assert RLO not in line and PDF not in line, line
    assert displayable(HOSTILE) == "evil"


async def test_a_page_isolates_every_name(
    server: WebServer, storage: Storage, filled: Filled
) -> None:
    table = filled.games["belote"]
    await storage.tables.set_seat(table, 0, 101, None, HOSTILE)
    assert server.holder.links is not None
    url = server.holder.links.deal(table, 0).replace(URL, f"http://127.0.0.1:{server.port}")
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        html = await response.text()
    assert RLO not in html
    # On its own, each name is in a <bdi>; inside a sentence, between FSI and PDI.
    assert re.findall(r"<bdi[^>]*>evil</bdi>", html)
    assert '<span class="name">evil' not in html
    steps = json.loads(re.search(r'id="steps">(.*?)</script>', html, re.S)[1])  # type: ignore[index]
    said = [line for step in steps["steps"] for line in step["x"] if "evil" in line]
    assert said and all(f"{FSI}evil{PDI}" in line for line in said), said[:3]
    game = server.holder.links.game(table).replace(URL, f"http://127.0.0.1:{server.port}")
    async with aiohttp.ClientSession() as http, http.get(game) as response:
        html = await response.text()
    assert RLO not in html and "<bdi" in html
