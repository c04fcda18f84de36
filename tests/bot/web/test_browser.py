"""The pages in a real browser: Debian's chromium, driven by Playwright (no browser download;
.ci/run installs chromium). One browser for the module, one page server in a thread of its own.

A whole deal is stepped through with the ← → keys, the cards shown at each step checked
against the engine's own replay of the record; then each privacy rule seen as a reader sees it:
a tampered link, a deal in play, a sealed challenge deal show no card. Every language loads
every deck's cards (issue 41: Portuguese readers saw none), and no page is wider than a
320 or 360 px window (Piquet's was 368 px).
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
from bot.web.guard import RateLimit
from bot.web.links import WebLinks
from bot.web.server import WebServer
from bot.web.settings import WebSettings
from games.actions import Action
from games.records import parse
from harness.pages import SECRET, URL, Filled, play_table
from i18n.locales import LOCALES

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# A developer without chromium skips these; CI installs it (.ci/run) and never skips them.
pytestmark = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)


@dataclass
class Site:
    base: str
    links: WebLinks
    french4: int
    """A Belote table played with the four-colour French deck."""

    def url(self, link: str) -> str:
        return link.replace(URL, self.base)


async def _french4_table(path: str) -> int:
    storage = make_storage(path)
    await storage.open()
    try:
        options = {"target_score": 300}
        settings = {"deck_style": "french4"}
        return await play_table(storage, "belote", options=options, settings=settings, seed=12)
    finally:
        await storage.close()


@pytest.fixture(scope="module")
def site(filled: Filled, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The pages served from a copy of the filled database, by a loop in a thread (the test
    drives the browser synchronously)."""
    copy = tmp_path_factory.mktemp("browser") / "pages.sqlite3"
    copy.write_bytes(Path(filled.path).read_bytes())
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    french4 = asyncio.run_coroutine_threadsafe(_french4_table(str(copy)), loop).result(60)
    storage = make_storage(str(copy))
    settings = WebSettings(url=URL, host="127.0.0.1", port=0, secret=SECRET)
    # One reader reads every page of the module: more than the rate lets one address read.
    server = WebServer(storage, settings, rate=RateLimit(burst=100_000))

    async def start() -> None:
        await storage.open()
        await server.start()

    async def stop() -> None:
        await server.stop()
        await storage.close()

    asyncio.run_coroutine_threadsafe(start(), loop).result(30)
    assert server.holder.links is not None
    try:
        yield Site(f"http://127.0.0.1:{server.port}", server.holder.links, french4)
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


def test_a_deal_in_play_says_so_and_shows_nothing(page: Any, site: Site, filled: Filled) -> None:
    """It used to answer "Page not found", as a wrong link does."""
    answer = page.goto(site.url(site.links.deal(filled.playing, 1)))
    assert answer.status == 404
    text = page.inner_text("main")
    assert "still being played" in text and "alice" not in text
    _no_card(page)
    page.click("text=The whole game")
    assert page.locator(".deals").count() == 1, "the game's page, with its finished deal"


def test_a_sealed_challenge_deal_shows_nothing(page: Any, site: Site, filled: Filled) -> None:
    for link in (
        site.links.deal(filled.open_table, 0),
        site.links.challenge_deal(filled.open_challenge, 0),
    ):
        answer = page.goto(site.url(link))
        assert answer.status == 403
        assert "Sealed until the challenge closes" in page.content()
        _no_card(page)


SHEETS_SHOWN = """async () => {
  const urls = new Set([...document.querySelectorAll('.card')]
    .map(c => getComputedStyle(c).backgroundImage.replace(/^url\\("?|"?\\)$/g, ''))
    .filter(u => u.includes('/deck-')));
  const sizes = {};
  for (const u of urls) {
    const image = new Image();
    image.src = u;
    await image.decode();
    sizes[u.split('/').pop()] = image.naturalWidth;
  }
  return sizes;
}"""


@pytest.mark.parametrize("locale", LOCALES)
def test_every_language_loads_every_decks_cards(
    browser: Any, site: Site, filled: Filled, locale: str
) -> None:
    """``/assets/<v>/deck-french-pt-BR.png`` answered 404 (the path check took no capitals):
    Portuguese readers saw no card. The French deck, the four-colour one and the Italian."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale=locale)
    try:
        page = context.new_page()
        refused: list[str] = []
        page.on("response", lambda r: refused.append(r.url) if r.status >= 400 else None)
        sheets: dict[str, int] = {}
        for table in (filled.games["belote"], site.french4, filled.games["briscola"]):
            page.goto(site.url(site.links.deal(table, 0)))
            sheets.update(page.evaluate(SHEETS_SHOWN))
        assert refused == []
        assert set(sheets) == {
            f"deck-french-{locale}.png",
            f"deck-french4-{locale}.png",
            "deck-italian-en.png",  # an Italian deck prints its own letters in every language
        }, sheets
        assert all(width > 0 for width in sheets.values()), sheets
    finally:
        context.close()


WIDEST = """() => document.documentElement.scrollWidth"""


@pytest.mark.parametrize("width", [320, 360])
def test_no_page_is_wider_than_a_phone(
    browser: Any, site: Site, filled: Filled, width: int
) -> None:
    """Piquet's 12-card hands ran off a 360 px screen (368 px); the step buttons off 320."""
    context = browser.new_context(viewport={"width": width, "height": 740}, locale="pt-BR")
    try:
        page = context.new_page()
        links = site.links
        pages = [links.deal(table, 0) for table in filled.games.values()]
        pages += [
            links.deal(filled.games["coinche"], 0, seat=0),
            links.game(filled.games["piquet"]),
            links.challenge_deal(filled.closed_challenge, 0),
            links.board(1, "coinche"),
            links.deal(filled.playing, 1),
        ]
        for link in pages:
            page.goto(site.url(link))
            for _ in range(2):  # as dealt, then the last step (the widest hand may be either)
                assert page.evaluate(WIDEST) <= width, (link, page.evaluate(WIDEST))
                page.keyboard.press("End")
    finally:
        context.close()


def test_the_last_step_tells_the_deals_result(page: Any, site: Site, filled: Filled) -> None:
    """It said only who won the last trick."""
    page.goto(site.url(site.links.deal(filled.games["coinche"], 0)))
    page.keyboard.press("End")
    told = page.locator("#narration .headline")
    assert told.count() >= 1
    summary = page.locator("section.panel p.headline").first.inner_text()
    assert told.first.inner_text() == summary, "as the score's headline says it"
    page.keyboard.press("ArrowLeft")
    assert page.locator("#narration .headline").count() == 0


def test_the_step_buttons_are_drawn_by_the_page(page: Any, site: Site, filled: Filled) -> None:
    """⏮ and ⏭ showed as empty boxes where the reader's fonts lack them."""
    page.goto(site.url(site.links.deal(filled.games["sueca"], 0)))
    for button in ("first", "prev", "next", "last"):
        assert page.locator(f"#{button} svg path").count() == 1
        assert page.locator(f"#{button}").inner_text().strip() == ""
        box = page.locator(f"#{button} svg").bounding_box()
        assert box is not None and box["width"] >= 16
