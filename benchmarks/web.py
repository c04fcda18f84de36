"""The deals' web pages under load: how fast is a deal page answered while the bot plays?

One bot process under simcord (as ``benchmarks/load.py``) plays ``--tables`` Coinche tables in
the realistic workload (people click 2 s after their ping, computers pause 1.2 s) and serves
the web pages (``ATOUT_WEB_URL`` set) from the same database, which holds ``--games`` finished
Coinche games. A second process, the readers, runs ``--clients`` HTTP clients, each request
from an address of its own (``X-Forwarded-For``, as a reverse proxy on the machine passes it),
each reader in one of the six languages. With ``--pace`` (seconds, default 1), people reading:

- ``cold``, the first third of the time: a new deal's link is posted every ``pace`` seconds
  and every reader opens it within the same 50 ms (the page made once per language: the deal
  replayed, its page made, compressed and kept; the other readers wait for that one);
- ``warm``: each reader opens a page already made every ``pace`` seconds on average.

``--pace 0`` measures capacity instead: every reader asks as fast as it is answered, pages
never asked before (one language each) for the first third, then pages already made.

Printed: the latency of a deal page (p50, p95, p99, from the request to the last byte) in
each phase, pages per second, and what the tables felt meanwhile (click acknowledgement,
event loop lag). ``--tables 0`` measures the pages alone.

    nice -n 10 python benchmarks/web.py --tables 200 --clients 50 --duration 30
    nice -n 10 python benchmarks/web.py --tables 200 --clients 50 --duration 30 --pace 0

``--screenshots DIR`` instead serves a small database alone and saves each kind of page at
360 and 1280 px wide (Debian's chromium through Playwright), printing the files' paths.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import add_json_option, report
from bot.play.workers import default_image_processes
from bot.storage import sqlite
from bot.storage.backends import make_storage
from rendering.i18n import LOCALES

URL = "https://atout.example.org"
READERS_NICE = 9
"""How much lower than the bot the readers' process runs."""
SECRET = "benchmark-secret-" + "x" * 32


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


async def fill(path: str, games: int, seed: int) -> list[tuple[int, int]]:
    """``games`` finished Coinche games to 1000; every (table, deal) they hold."""
    from tests.bot.web.fill import play_table

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
    urls: list[str], clients: int, duration: float, seed: int, pace: float
) -> dict[str, Any]:
    """The readers' process. With ``pace`` (seconds), people reading: for the first third of
    the time a new deal's link is posted every ``pace`` seconds and every reader opens it at
    once, each in their language (``cold``: the page made then, once per language, the others
    waiting for it); then each reader opens a page already made every ``pace`` seconds on
    average (``warm``). With ``pace`` 0, the capacity: every reader asks as fast as it is
    answered, new pages (each in one language) for the first third of the time, then pages
    already made."""
    import aiohttp

    rng = random.Random(seed)
    pages = [(url, locale) for url in urls for locale in LOCALES]
    rng.shuffle(pages)
    links = list(urls)
    rng.shuffle(links)
    made: list[tuple[str, str]] = []
    cold: list[float] = []
    warm: list[float] = []
    statuses: dict[int, int] = {}
    counter = 0
    start = time.perf_counter()
    cold_until = start + duration / 3

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

    async def client(number: int, http: aiohttp.ClientSession) -> None:
        while time.perf_counter() - start < duration:
            first = bool(pages) and (time.perf_counter() < cold_until or not made)
            url, locale = pages.pop() if first else rng.choice(made)
            (cold if first else warm).append(await ask(number, http, url, locale))
            if first:
                made.append((url, locale))

    async def reader(number: int, http: aiohttp.ClientSession) -> None:
        locale = LOCALES[number % len(LOCALES)]
        tick = 0
        while time.perf_counter() < cold_until and tick < len(links):
            # The link of the moment, opened by everybody within the same few milliseconds.
            due = start + tick * pace + rng.uniform(0, 0.05)
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            cold.append(await ask(number, http, links[tick], locale))
            made.append((links[tick], locale))
            tick = int((time.perf_counter() - start) / pace) + 1
        while time.perf_counter() - start < duration:
            await asyncio.sleep(rng.expovariate(1 / pace))
            url, locale = rng.choice(made)
            warm.append(await ask(number, http, url, locale))

    connector = aiohttp.TCPConnector(limit=clients)
    async with aiohttp.ClientSession(connector=connector) as http:
        each = reader if pace > 0 else client
        await asyncio.gather(*(each(n, http) for n in range(clients)))
    wall = time.perf_counter() - start
    return {
        "cold_ms": {q: percentile(cold, q) for q in (50, 95, 99)},
        "warm_ms": {q: percentile(warm, q) for q in (50, 95, 99)},
        "all_ms": {q: percentile(cold + warm, q) for q in (50, 95, 99)},
        "cold_pages": len(cold),
        "warm_pages": len(warm),
        "pages_per_s": (len(cold) + len(warm)) / wall,
        "statuses": statuses,
    }


def readers_main(args: argparse.Namespace) -> None:
    # The readers stand for people on other machines: below the bot, so that the CPU they
    # spend making requests and reading answers is not taken from the bot they measure.
    if hasattr(os, "nice"):
        os.nice(READERS_NICE)
    urls = Path(args.readers).read_text().split()
    result = asyncio.run(readers(urls, args.clients, args.duration, args.seed, args.pace))
    print(json.dumps(result), flush=True)


# ----------------------------------------------------------------------------- the bot
async def run(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    import simcord

    from benchmarks.load import (
        Players,
        Probe,
        _no_presence_sweep,
        install_hooks,
        loop_lag,
        open_table,
        release_loop,
    )
    from bot import collector
    from bot.app import create_bot
    from bot.config import Settings
    from bot.web.settings import WebSettings

    logging.basicConfig(level=logging.CRITICAL)
    _no_presence_sweep()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "web.sqlite3")
        deals = await fill(db, args.games, args.seed)
        print(f"{len(deals)} finished deals in {args.games} games", file=sys.stderr, flush=True)
        web = WebSettings(url=URL, host="127.0.0.1", port=0, secret=SECRET)
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
            guild = env.create_guild()
            channel = guild.create_text_channel("cards")
            users = [env.create_user(f"p{i}") for i in range(2 * args.tables)]
            members = [guild.add_member(user) for user in users]
            opened = await asyncio.gather(
                *(
                    open_table(
                        bot, channel.id, guild.id, [members[2 * i].id, members[2 * i + 1].id]
                    )
                    for i in range(args.tables)
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
            if args.tables:
                await players.open_hands()
            install_hooks(env, probe)
            release_loop(env)
            probe.pings.clear()
            loop = asyncio.get_running_loop()
            jitter = random.Random(args.seed)
            for user in players.actors:
                loop.call_later(jitter.uniform(0.0, 6.4), probe.pings.append, (0, user))
            stop = asyncio.Event()
            lag: list[float] = []
            lag_task = loop.create_task(loop_lag(lag, stop))
            players_task = loop.create_task(players.run())
            # The tables find their pace before the readers come.
            await asyncio.sleep(args.warmup)
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
            ]
            process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
            clicks_before = len(probe.clicks)
            out, _ = await process.communicate()
            reading = json.loads(out.decode().strip().splitlines()[-1])
            players.running = False
            stop.set()
            await asyncio.gather(lag_task, players_task)
            for task in list(players.tasks):
                task.cancel()
            cache_hits, made = bot.web.cache.hits, bot.web.cache.made
        finally:
            await env.shutdown()
            await bot.storage.close()
    clicks = list(probe.clicks.values())[clicks_before:]
    acks = [(c.acked - c.sent) * 1000 for c in clicks if c.acked is not None]
    cold, warm = reading["cold_ms"], reading["warm_ms"]
    figures = {
        "tables": args.tables,
        "clients": args.clients,
        "pace_s": args.pace,
        "deal_page_cold_ms": cold,
        "deal_page_warm_ms": warm,
        "deal_page_all_ms": reading["all_ms"],
        "pages_per_s": reading["pages_per_s"],
        "statuses": reading["statuses"],
        "pages_made": made,
        "cache_hits": cache_hits,
        "ack_ms_during": {"p50": percentile(acks, 50), "p99": percentile(acks, 99)},
        "loop_lag_p999_ms": percentile(lag, 99.9) * 1000,
    }
    how = f"each a page every {args.pace:g} s" if args.pace > 0 else "as fast as answered"
    first = "a new link opened by all at once" if args.pace > 0 else "first visits"
    line = (
        f"{args.tables} tables, {args.clients} readers {how}, {args.duration:.0f} s: deal page,"
        f" {first}: p50 {cold['50']:.0f} ms p95 {cold['95']:.0f} ms p99 {cold['99']:.0f} ms"
        f" ({reading['cold_pages']} pages); pages already made: p50 {warm['50']:.0f} ms"
        f" p95 {warm['95']:.0f} ms p99 {warm['99']:.0f} ms ({reading['warm_pages']} pages); all p95"
        f" {reading['all_ms']['95']:.0f} ms;"
        f" {reading['pages_per_s']:.0f} pages/s, answers {reading['statuses']};"
        f" {made} pages made, {cache_hits} from memory; tables meanwhile: ack p50"
        f" {percentile(acks, 50):.0f} ms p99 {percentile(acks, 99):.0f} ms over {len(acks)}"
        f" clicks, loop lag p99.9 {percentile(lag, 99.9) * 1000:.0f} ms"
    )
    return line, figures


# ----------------------------------------------------------------------------- screenshots
async def screenshots(folder: Path) -> list[str]:
    """Each kind of page at 360 and 1280 px, from a small database served alone."""
    from playwright.async_api import async_playwright

    from bot.web.server import WebServer
    from bot.web.settings import WebSettings
    from tests.bot.web import conftest

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        synchronous, sqlite.SYNCHRONOUS = sqlite.SYNCHRONOUS, "OFF"
        try:
            filled = await conftest._fill(str(Path(tmp) / "shots.sqlite3"))
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
            for width, height in ((360, 740), (1280, 800)):
                context = await browser.new_context(viewport={"width": width, "height": height})
                page = await context.new_page()
                for name, (url, steps) in pages.items():
                    await page.goto(url.replace(URL, base))
                    for _ in range(steps):
                        await page.keyboard.press("ArrowRight")
                    path = folder / f"{name}-{width}.png"
                    await page.screenshot(path=str(path), full_page=steps == 0)
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
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of play before")
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
    parser.add_argument("--readers", metavar="URLS", help=argparse.SUPPRESS)
    parser.add_argument("--screenshots", metavar="DIR", type=Path)
    add_json_option(parser)
    args = parser.parse_args()
    if args.readers:
        readers_main(args)
        return
    if args.screenshots:
        for path in asyncio.run(screenshots(args.screenshots)):
            print(path)
        return
    line, figures = asyncio.run(run(args))
    report(args, line, "web", **figures)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
