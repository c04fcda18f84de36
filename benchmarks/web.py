"""The deals' web pages under load: how fast is a deal page answered while the bot plays?

One bot process under simcord (as ``benchmarks/load.py``) plays ``--tables`` Coinche tables in
the realistic workload (people click 2 s after their ping, computers pause 1.2 s), each table in
one of the six languages, and serves the web pages (``ATOUT_WEB_URL`` set) from the same
database, which also holds ``--games`` finished Coinche games. A second process, the readers,
runs ``--clients`` HTTP clients, each request from an address of its own (``X-Forwarded-For``,
as a reverse proxy on the machine passes it: ``ATOUT_WEB_TRUSTED_PROXIES=127.0.0.1``). With ``--pace`` (seconds, default 1), people
reading, what a player meets:

- ``first visits``, the first half of the time: a deal ends at one of the tables and its
  summary is posted with its link (the bot process tells the readers at once); every ``pace``
  seconds the link just posted is opened by every reader within the same 50 ms, the moment it is
  posted, most in the table's language (the link's), ``--foreign`` of them in another language
  (a page that must be made on their click, once per language);
- ``pages already made``: then each reader opens one of the pages already opened every
  ``pace`` seconds on average.

``--pace 0`` measures capacity instead: every reader asks as fast as it is answered, pages of
the finished games never asked before (one language each) for the first third, then pages
already made.

Printed: the latency of a deal page (p50, p95, p99, from the request to the last byte) in
each phase, pages per second, the pages made ahead and the cache's size, and what the tables
felt meanwhile (click acknowledgement, event loop lag). ``--tables 0`` measures the pages alone:
no table plays, and the links "posted" are those of the finished games' deals, one every
``pace`` seconds, each page made on its first click (nobody made it ahead).

    nice -n 10 python benchmarks/web.py --tables 200 --clients 50 --duration 30
    nice -n 10 python benchmarks/web.py --tables 200 --clients 50 --duration 30 --pace 0

``--screenshots DIR`` instead serves a small database alone and saves each kind of page at
320, 360, 550 and 1280 px wide (``--widths``), in ``--locales`` (English by default), with
Debian's chromium through Playwright, printing the files' paths.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import os
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import CLIENTS_NICE, add_json_option, percentile, report
from bot.play.workers import default_image_processes
from bot.storage.backends import make_storage
from bot.storage.databases import sqlite
from i18n.locales import LOCALES

URL = "https://atout.example.org"
SECRET = "benchmark-secret-" + "x" * 32


async def post_alone(readers: asyncio.StreamWriter, urls: list[str], pace: float) -> None:
    """``--tables 0``: a finished deal's link every ``pace`` seconds, in the languages in turn,
    as if it had just been posted (its page made on the first click)."""
    for index, url in enumerate(urls):
        if readers.is_closing():
            return
        readers.write(f"{url} {LOCALES[index % len(LOCALES)]}\n".encode())
        await asyncio.sleep(max(pace, 0.05))


async def fill(path: str, games: int, seed: int) -> list[tuple[int, int]]:
    """``games`` finished Coinche games to 1000; every (table, deal) they hold."""
    from harness.pages import play_table

    synchronous, sqlite.SYNCHRONOUS = sqlite.SYNCHRONOUS, "OFF"
    storage = make_storage(path)
    await storage.open()
    try:
        deals: list[tuple[int, int]] = []
        for index in range(games):
            table = await play_table(storage, "coinche", seed=seed + index)
            count = len((await storage.tables.load_log(table)).deals)
            deals += [(table, deal) for deal in range(count)]
        return deals
    finally:
        await storage.close()
        sqlite.SYNCHRONOUS = synchronous


# ----------------------------------------------------------------------------- readers
async def readers(
    urls: list[str], clients: int, duration: float, seed: int, pace: float, foreign: float
) -> dict[str, Any]:
    """The readers' process. With ``pace`` (seconds), people reading: for the first half of
    the time, every ``pace`` seconds the link of the deal that has just ended (each line of
    stdin: its address, its table's language) is opened by every reader at once, the moment
    it is posted: most in the table's language, a ``foreign`` share of the readers each in
    another (``first``, ``other``); then each reader opens a page already opened every ``pace``
    seconds on average (``warm``). With ``pace`` 0, the capacity: every reader asks as fast as
    it is answered, new pages (each in one language) of ``urls`` for the first third of the
    time, then pages already made."""
    import aiohttp

    rng = random.Random(seed)
    made: list[tuple[str, str]] = []
    first: list[float] = []
    other: list[float] = []
    warm: list[float] = []
    statuses: dict[int, int] = {}
    counter = 0
    start = time.perf_counter()
    first_until = start + (duration / 2 if pace > 0 else duration / 3)
    strangers = round(clients * foreign)

    async def ask(number: int, http: aiohttp.ClientSession, url: str, locale: str) -> float:
        nonlocal counter
        counter += 1
        headers = {
            "Accept-Language": locale,
            "Accept-Encoding": "gzip",
            "X-Forwarded-For": f"2001:db8::{number:x}:{counter:x}",
        }
        sent = time.perf_counter()
        async with http.get(url, headers=headers) as response:
            await response.read()
            statuses[response.status] = statuses.get(response.status, 0) + 1
        return (time.perf_counter() - sent) * 1000

    pages = [(url, locale) for url in urls for locale in LOCALES]
    rng.shuffle(pages)

    async def client(number: int, http: aiohttp.ClientSession) -> None:
        while time.perf_counter() - start < duration:
            new = bool(pages) and (time.perf_counter() < first_until or not made)
            url, locale = pages.pop() if new else rng.choice(made)
            (first if new else warm).append(await ask(number, http, url, locale))
            if new:
                made.append((url, locale))

    async def opens(number: int, http: aiohttp.ClientSession, url: str, table: str) -> None:
        """Reader ``number`` opens a link just posted, within 50 ms."""
        await asyncio.sleep(rng.uniform(0, 0.05))
        locale = table
        if number < strangers:
            locale = LOCALES[(LOCALES.index(table) + 1 + number % 5) % len(LOCALES)]
        (first if locale == table else other).append(await ask(number, http, url, locale))
        made.append((url, locale))

    async def posted(http: aiohttp.ClientSession) -> None:
        """The links as the bot posts them; every ``pace`` s, the latest opened by all."""
        loop = asyncio.get_running_loop()
        stdin = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
        burst = 0.0
        bursts: set[asyncio.Task[None]] = set()
        while time.perf_counter() < first_until:
            try:
                line = await asyncio.wait_for(stdin.readline(), first_until - time.perf_counter())
            except TimeoutError:
                break
            if not line:
                break
            if time.perf_counter() - burst < pace:
                continue
            burst = time.perf_counter()
            url, table = line.decode().split()
            for number in range(clients):
                bursts.add(loop.create_task(opens(number, http, url, table)))
        if bursts:
            await asyncio.wait(bursts)

    async def reader(number: int, http: aiohttp.ClientSession) -> None:
        await asyncio.sleep(max(0.0, first_until - time.perf_counter()))
        while time.perf_counter() - start < duration:
            await asyncio.sleep(rng.expovariate(1 / pace))
            if made:
                url, locale = rng.choice(made)
                warm.append(await ask(number, http, url, locale))

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        if pace > 0:
            await asyncio.gather(posted(http), *(reader(n, http) for n in range(clients)))
        else:
            await asyncio.gather(*(client(n, http) for n in range(clients)))
    wall = time.perf_counter() - start
    return {
        "first_ms": {q: percentile(first, q) for q in (50, 95, 99)},
        "other_ms": {q: percentile(other, q) for q in (50, 95, 99)},
        "warm_ms": {q: percentile(warm, q) for q in (50, 95, 99)},
        "first_pages": len(first),
        "other_pages": len(other),
        "warm_pages": len(warm),
        "pages_per_s": (len(first) + len(other) + len(warm)) / wall,
        "statuses": statuses,
    }


def readers_main(args: argparse.Namespace) -> None:
    # The readers stand for people on other machines: below the bot, so that the CPU they
    # spend making requests and reading answers is not taken from the bot they measure.
    if hasattr(os, "nice"):
        os.nice(CLIENTS_NICE)
    urls = Path(args.readers).read_text().split()
    result = asyncio.run(
        readers(urls, args.clients, args.duration, args.seed, args.pace, args.foreign)
    )
    print(json.dumps(result), flush=True)


# ----------------------------------------------------------------------------- the bot
@dataclass
class Play:
    """Tables in play under simcord, their people clicking, the event loop's lag watched."""

    players: Any
    stop: asyncio.Event
    lag: list[float]
    tasks: tuple[asyncio.Task[None], ...]

    async def end(self) -> None:
        self.players.running = False
        self.stop.set()
        await asyncio.gather(*self.tasks)
        for task in list(self.players.tasks):
            task.cancel()


async def tables_in_play(env: Any, probe: Any, players: Any, tables: int, seed: int) -> Play:
    """``tables`` Coinche tables of two people and two easy computers, one in each of the six
    languages in turn, opened and played (the realistic workload of ``benchmarks/load.py``),
    the loop given back its own scheduling (``release_loop``); ``Play.end`` stops them."""
    from benchmarks.load import install_hooks, loop_lag, open_table, release_loop
    from bot.process import collector
    from bot.storage.tables.settings import TableSettings

    bot = env.bot
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(2 * tables)]
    opened = await asyncio.gather(
        *(
            open_table(
                bot,
                channel.id,
                guild.id,
                [members[2 * i].id, members[2 * i + 1].id],
                TableSettings(language=LOCALES[i % len(LOCALES)]),
            )
            for i in range(tables)
        )
    )
    for index, table_id in enumerate(opened):
        for person in members[2 * index : 2 * index + 2]:
            players.actors[person.id] = person
            players.table_of[person.id] = table_id
    await env.settle()
    collector.tune()
    collector.freeze()
    for session in bot.tables.sessions.values():
        assert session.row.table_message_id is not None
        probe.table_messages[session.row.table_message_id] = session.id
    if tables:
        await players.open_hands()
    install_hooks(env, probe)
    release_loop(env)
    probe.pings.clear()
    loop = asyncio.get_running_loop()
    jitter = random.Random(seed)
    for user in players.actors:
        loop.call_later(jitter.uniform(0.0, 6.4), probe.pings.append, (0, user))
    stop = asyncio.Event()
    lag: list[float] = []
    tasks = (loop.create_task(loop_lag(lag, stop)), loop.create_task(players.run()))
    return Play(players, stop, lag, tasks)


async def run(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    import simcord

    from benchmarks.load import Players, Probe, no_background_loops
    from bot.app import create_bot
    from bot.config import Settings
    from bot.play.sessions import TableSession
    from bot.play.settings import locale_of
    from bot.web.guard import parse_networks
    from bot.web.settings import WebSettings

    logging.basicConfig(level=logging.CRITICAL)
    no_background_loops()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "web.sqlite3")
        deals = await fill(db, args.games, args.seed)
        print(f"{len(deals)} finished deals in {args.games} games", file=sys.stderr, flush=True)
        web = WebSettings(
            url=URL,
            host="127.0.0.1",
            port=0,
            secret=SECRET,
            trusted_proxies=parse_networks("127.0.0.1"),  # the readers' proxy
        )
        settings = Settings(
            token=None,
            db_path=db,
            ai_pause_s=1.2,
            web=web,
            image_processes=args.image_processes,
        )
        bot = create_bot(settings)
        env = simcord.Env(bot, settle_timeout=120.0, check_errors=False)
        await env.start()
        probe = Probe()
        players = Players(env, probe, 2.0, args.seed)
        try:
            assert bot.web is not None and bot.web_links.links is not None
            base = f"http://127.0.0.1:{bot.web.port}"
            urls = [bot.web_links.links.deal(t, d).replace(URL, base) for t, d in deals]
            play = await tables_in_play(env, probe, players, args.tables, args.seed)
            loop = asyncio.get_running_loop()
            links = bot.web_links.links
            web_server = bot.web
            readers_in: asyncio.StreamWriter | None = None
            ready: list[bool] = []  # each link posted while they read: its page made by then
            summaries = 0
            message = bot.ui.message
            post_summary = message.post_deal_summary

            async def posted(
                session: TableSession, deal_index: int, heading: str | None = None
            ) -> None:
                # The readers learn of a link as the players do: once it is posted.
                nonlocal summaries
                await post_summary(session, deal_index, heading)
                summaries += 1
                if readers_in is None or readers_in.is_closing():
                    return
                key = ("deal", session.id, deal_index, None, locale_of(session))
                ready.append(key in web_server.cache)
                url = links.deal(session.id, deal_index).replace(URL, base)
                readers_in.write(f"{url} {locale_of(session)}\n".encode())

            message.post_deal_summary = posted  # type: ignore[method-assign]
            # The tables find their pace before the readers come, and their deals end (the
            # first ones after a minute or more, on a loaded machine more).
            await asyncio.sleep(args.warmup)
            while args.tables and summaries < 10:
                await asyncio.sleep(0.5)
            urls_file = Path(tmp) / "urls.txt"
            urls_file.write_text("\n".join(urls))
            command = [
                sys.executable,
                __file__,
                "--readers",
                str(urls_file),
                f"--clients={args.clients}",
                f"--duration={args.duration}",
                f"--seed={args.seed}",
                f"--pace={args.pace}",
                f"--foreign={args.foreign}",
            ]
            process = await asyncio.create_subprocess_exec(
                *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
            )
            assert process.stdin is not None and process.stdout is not None
            readers_in = process.stdin
            clicks_before = len(probe.clicks)
            posting = None
            if not args.tables:
                # The pages alone: the finished games' deals are "posted" in turn.
                posting = loop.create_task(post_alone(readers_in, urls, args.pace))
            out = await process.stdout.read()
            if posting is not None:
                posting.cancel()
            await process.wait()
            readers_in = None
            message.post_deal_summary = post_summary  # type: ignore[method-assign]
            reading = json.loads(out.decode().strip().splitlines()[-1])
            await play.end()
            await bot.web.settled()
            cache_hits, made = bot.web.cache.hits, bot.web.cache.made
            ahead = bot.web.ahead_made
            kept, kept_bytes = len(bot.web.cache), bot.web.cache.bytes
        finally:
            await env.shutdown()
            await bot.storage.close()
    clicks = list(probe.clicks.values())[clicks_before:]
    acks = [(c.acked - c.sent) * 1000 for c in clicks if c.acked is not None]
    first, other, warm = reading["first_ms"], reading["other_ms"], reading["warm_ms"]
    ack = {f"p{q}": percentile(acks, q) for q in (50, 95, 99)}
    tables = (
        f"ack p50 {ack['p50']:.0f} ms p95 {ack['p95']:.0f} ms p99 {ack['p99']:.0f} ms over"
        f" {len(acks)} clicks"
        if acks
        else "no table in play"
    )
    figures = {
        "tables": args.tables,
        "clients": args.clients,
        "pace_s": args.pace,
        "foreign": args.foreign,
        "deal_page_first_ms": first,
        "deal_page_other_language_ms": other,
        "deal_page_warm_ms": warm,
        "first_pages": reading["first_pages"],
        "other_pages": reading["other_pages"],
        "warm_pages": reading["warm_pages"],
        "links_posted": len(ready),
        "made_when_posted": sum(ready),
        "pages_per_s": reading["pages_per_s"],
        "statuses": reading["statuses"],
        "pages_made": made,
        "pages_made_ahead": ahead,
        "cache_hits": cache_hits,
        "cache_pages": kept,
        "cache_bytes": kept_bytes,
        "ack_ms_during": ack,
        "loop_lag_p999_ms": percentile(play.lag, 99.9) * 1000,
    }

    def ms(figures: dict[str, float]) -> str:
        if any(math.isnan(figures[q]) for q in ("50", "95", "99")):
            return "none"  # nothing of the kind was asked
        return " ".join(f"p{q} {figures[q]:.0f}" for q in ("50", "95", "99"))

    if args.pace > 0:
        how = f"each a page every {args.pace:g} s"
        visits = (
            f"a link opened by all the moment it is posted: in the table's language {ms(first)}"
            f" ms ({reading['first_pages']} pages), in another {ms(other)} ms"
            f" ({reading['other_pages']})"
        )
    else:
        how = "as fast as answered"
        visits = f"first visits {ms(first)} ms ({reading['first_pages']} pages)"
    line = (
        f"{args.tables} tables, {args.clients} readers {how}, {args.duration:.0f} s: deal page,"
        f" {visits}; pages already made {ms(warm)} ms ({reading['warm_pages']} pages);"
        f" {reading['pages_per_s']:.0f} pages/s, answers {reading['statuses']};"
        f" {len(ready)} links posted, {sum(ready)} of their pages made by then;"
        f" {made} pages made ({ahead} ahead), {cache_hits} from memory, {kept} kept in"
        f" {kept_bytes / 1e6:.2f} MB; tables meanwhile: {tables},"
        f" loop lag p99.9 {percentile(play.lag, 99.9) * 1000:.0f} ms"
    )
    return line, figures


# ----------------------------------------------------------------------------- screenshots
async def screenshots(folder: Path, widths: list[int], locales: list[str]) -> list[str]:
    """Each kind of page at each of ``widths``, in each of ``locales``, from a small database
    served alone."""
    from playwright.async_api import async_playwright

    from bot.web.server import WebServer
    from bot.web.settings import WebSettings
    from harness.pages import fill_pages

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        synchronous, sqlite.SYNCHRONOUS = sqlite.SYNCHRONOUS, "OFF"
        try:
            filled = await fill_pages(str(Path(tmp) / "shots.sqlite3"))
        finally:
            sqlite.SYNCHRONOUS = synchronous
        storage = make_storage(filled.path)
        await storage.open()
        server = WebServer(storage, WebSettings(url=URL, host="127.0.0.1", port=0, secret=SECRET))
        await server.start()
        links = server.holder.links
        assert links is not None
        base = f"http://127.0.0.1:{server.port}"
        pages = {
            "deal-coinche-review": (links.deal(filled.games["coinche"], 0, seat=0), 12),
            "deal-belote": (links.deal(filled.games["belote"], 0), 14),
            "deal-briscola": (links.deal(filled.games["briscola"], 0), 9),
            "deal-chiamata": (links.deal(filled.games["chiamata"], 0), 20),
            "deal-piquet": (links.deal(filled.games["piquet"], 0), 6),
            "game-coinche": (links.game(filled.games["coinche"]), 0),
            "challenge-traveller": (links.challenge_deal(filled.closed_challenge, 0), 0),
            "leaderboard": (links.board(1, "coinche"), 0),
            "sealed": (links.challenge_deal(filled.open_challenge, 0), 0),
            "not-found": (links.game(filled.games["coinche"])[:-1] + "x", 0),
        }
        saved: list[str] = []
        chromium = shutil.which("chromium")
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--headless=new"]
            )
            for locale in locales:
                for width in widths:
                    height = 800 if width >= 760 else 740
                    context = await browser.new_context(
                        viewport={"width": width, "height": height}, locale=locale
                    )
                    page = await context.new_page()
                    for name, (url, steps) in pages.items():
                        await page.goto(url.replace(URL, base))
                        for _ in range(steps):
                            await page.keyboard.press("ArrowRight")
                        path = folder / f"{name}-{locale}-{width}.png"
                        await page.screenshot(path=str(path), full_page=True)
                        saved.append(str(path))
                    await context.close()
            await browser.close()
        await server.stop()
        await storage.close()
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--games", type=int, default=30, help="finished games in the database")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of reading")
    parser.add_argument(
        "--warmup",
        type=float,
        default=10.0,
        help="seconds of play before, and until 10 deals have ended (the first after a minute)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pace",
        type=float,
        default=1.0,
        help="seconds between a reader's pages (a new link posted every PACE s for the first"
        " third, then a page a reader every PACE s on average); 0: as fast as answered",
    )
    parser.add_argument(
        "--image-processes",
        type=int,
        default=default_image_processes(),
        help="drawing processes, as python -m bot (0: threads, and the pages made in a thread)",
    )
    parser.add_argument(
        "--foreign",
        type=float,
        default=0.1,
        help="share of the readers who read in another language than the table's (their page"
        " made on their click)",
    )
    parser.add_argument("--readers", metavar="URLS", help=argparse.SUPPRESS)
    parser.add_argument("--screenshots", metavar="DIR", type=Path)
    parser.add_argument(
        "--widths", default="320,360,550,1280", help="the screenshots' widths, px (comma-separated)"
    )
    parser.add_argument("--locales", default="en", help="the screenshots' languages")
    add_json_option(parser)
    args = parser.parse_args()
    if args.readers:
        readers_main(args)
        return
    if args.screenshots:
        widths = [int(w) for w in args.widths.split(",")]
        locales = args.locales.split(",")
        for path in asyncio.run(screenshots(args.screenshots, widths, locales)):
            print(path)
        return
    line, figures = asyncio.run(run(args))
    report(args, line, "web", **figures)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
