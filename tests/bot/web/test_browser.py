"""The pages in a real browser: Debian's chromium, driven by Playwright (no browser download;
.ci/run installs chromium). One browser for the module, one page server in a thread of its own.

A whole deal is stepped through with the ← → keys, the cards shown at each step checked
against the engine's own replay of the record; then each privacy rule seen as a reader sees it:
a tampered link, a deal in play, a sealed challenge deal show no card.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import threading
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.storage.backends import make_storage
from bot.web.links import WebLinks
from bot.web.server import WebServer
from bot.web.settings import WebSettings
from games.actions import Action
from games.records import parse
from harness.pages import SECRET, URL, Filled

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# A developer without chromium skips these; CI installs it (.ci/run) and never skips them.
pytestmark = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)


@dataclass
class Site:
    base: str
    links: WebLinks

    def url(self, link: str) -> str:
        return link.replace(URL, self.base)


@pytest.fixture(scope="module")
def site(filled: Filled, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The pages served from a copy of the filled database, by a loop in a thread (the test
    drives the browser synchronously)."""
    copy = tmp_path_factory.mktemp("browser") / "pages.sqlite3"
    copy.write_bytes(Path(filled.path).read_bytes())
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    storage = make_storage(str(copy))
    server = WebServer(storage, WebSettings(url=URL, host="127.0.0.1", port=0, secret=SECRET))

    async def start() -> None:
        await storage.open()
        await server.start()

    async def stop() -> None:
        await server.stop()
        await storage.close()

    asyncio.run_coroutine_threadsafe(start(), loop).result(30)
    assert server.holder.links is not None
    try:
        yield Site(f"http://127.0.0.1:{server.port}", server.holder.links)
    finally:
        asyncio.run_coroutine_threadsafe(stop(), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--headless=new"]
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    opened = context.new_page()
    errors: list[str] = []
    opened.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    opened.on("pageerror", lambda e: errors.append(str(e)))
    opened.errors = errors
    try:
        yield opened
    finally:
        context.close()


SHOWN = """() => ({
  step: Number(document.getElementById('player').dataset.step),
  hands: [...document.querySelectorAll('[data-hand]')].map(h =>
    [Number(h.dataset.hand), [...h.querySelectorAll('[data-card]')].map(c => c.dataset.card)]),
  trick: [...document.querySelectorAll('#trick [data-card]')].map(c =>
    [Number(c.closest('figure').dataset.seat), c.dataset.card]),
})"""


def expected_steps(record: dict[str, Any]) -> list[tuple[list[list[str]], list[list[Any]]]]:
    """Each step of the record's one deal as the engine sees it: every seat's hand, and the
    cards on the table (a trick just completed stays there for its step)."""
    parsed = parse(record)
    game = parsed.new_game()
    deal = parsed.deals[0]
    game.deal(deal.deck)
    steps = []

    def shown(completed: list[list[Any]] | None) -> None:
        hands = [list(game.view(seat)["hand"]) for seat in range(game.seats)]
        trick = [list(play) for play in game.public_view()["trick"]]
        steps.append((hands, trick or completed or []))

    shown(None)
    for seat, action in deal.actions:
        tricks = sum(e["type"] == "trick" for e in game.public_view()["events"])
        game.apply(seat, Action.from_json(action.to_json()))
        events = game.public_view()["events"]
        done = None
        if action.type == "play" and sum(e["type"] == "trick" for e in events) > tricks:
            done = [list(play) for play in [e for e in events if e["type"] == "trick"][-1]["cards"]]
        shown(done)
    return steps


def test_a_whole_deal_step_by_step_with_the_keys(page: Any, site: Site, filled: Filled) -> None:
    """A Belote deal (an auction, the rest of the deck dealt after the taking, melds): at
    every step the hands and the trick shown are the engine's."""
    link = site.url(site.links.deal(filled.games["belote"], 0))
    with urllib.request.urlopen(link + ".json") as answer:
        steps = expected_steps(json.load(answer))
    page.goto(link)
    for index, (hands, trick) in enumerate(steps):
        shown = page.evaluate(SHOWN)
        assert shown["step"] == index
        assert sorted(shown["hands"]) == [[seat, cards] for seat, cards in enumerate(hands)], index
        assert shown["trick"] == trick, index
        page.keyboard.press("ArrowRight")
    assert page.evaluate(SHOWN)["step"] == len(steps) - 1, "→ stops at the last step"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(SHOWN)["step"] == len(steps) - 2
    page.keyboard.press("Home")
    assert page.evaluate(SHOWN)["step"] == 0
    page.click("#last")
    assert page.evaluate(SHOWN)["step"] == len(steps) - 1
    assert page.errors == [], "no script error, nothing the CSP refused"


def test_a_review_mark_shows_on_its_step(page: Any, site: Site, filled: Filled) -> None:
    page.goto(site.url(site.links.deal(filled.games["coinche"], 0, seat=0)))
    page.click(".decisions .verdict-mistake a")
    mark = page.locator("#mark")
    assert mark.is_visible()
    assert "Mistake" in mark.inner_text() and "24 points" in mark.inner_text()
    page.keyboard.press("ArrowRight")
    assert not mark.is_visible()
    assert page.errors == []


def _no_card(page: Any) -> None:
    assert page.locator("[data-card]").count() == 0
    assert page.locator(".card").count() == 0


def test_a_tampered_link_shows_nothing(page: Any, site: Site, filled: Filled) -> None:
    good = site.url(site.links.deal(filled.games["belote"], 0))
    tampered = good[:-1] + ("B" if good[-1] == "A" else "A")
    answer = page.goto(tampered)
    assert answer.status == 404
    assert "Page not found" in page.content()
    _no_card(page)


def test_a_deal_in_play_shows_nothing(page: Any, site: Site, filled: Filled) -> None:
    answer = page.goto(site.url(site.links.deal(filled.playing, 1)))
    assert answer.status == 404
    _no_card(page)


def test_a_sealed_challenge_deal_shows_nothing(page: Any, site: Site, filled: Filled) -> None:
    for link in (
        site.links.deal(filled.open_table, 0),
        site.links.challenge_deal(filled.open_challenge, 0),
    ):
        answer = page.goto(site.url(link))
        assert answer.status == 403
        assert "Sealed until the challenge closes" in page.content()
        _no_card(page)
