"""The deals' web pages on the open internet, attacked on 127.0.0.1 while the bot plays: is a
normal reader still answered quickly, and are the tables' clicks still acknowledged in time?

One bot process under simcord (as ``benchmarks/web.py``) plays ``--tables`` Coinche tables in the
realistic workload and serves the pages, its file limit set to ``--nofile`` (256: the pages may
then hold 128 connections, 16 an address). Two more processes:

- the attackers (below the bot's priority, as people on other machines): ``--slow`` slow clients,
  each from an address of its own in 127.1.0.0/16 (every 127.x address is this machine), that
  open a connection, send a request's first line and then a header line every 2 s, never
  finishing it, and open another a second after theirs is closed (as slowloris does); and one
  address (127.2.0.1) flooding deal pages over 8 kept-alive connections as fast as it is
  answered;
- the reader (the bot's priority): people on 127.3.0.0/24 opening a deal page already made, a
  new connection each time, every ``--every`` seconds in all (each address in turn, so that each
  stays within a person's pace: the rate allows one a second).

Printed: the reader's latency (p50, p95, p99, max, from the connection to the last byte) and how
many of its requests failed; the flood's answers and rate; the slow clients' connections; the
connections the pages refused and closed; the tables' clicks meanwhile (acknowledgement p50,
p95, p99, max, and how many over Discord's 3 s); and the share of a core the bot's process used
(its CPU time over the attack's wall time: what the attack costs the bot, the figure a shared
machine disturbs least). ``--no-attack`` is the same run without the attackers, to compare.

    nice -n 10 python benchmarks/web_attack.py --tables 200 --slow 300 --duration 30
    nice -n 10 python benchmarks/web_attack.py --tables 200 --duration 30 --no-attack
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import CLIENTS_NICE, add_json_option, percentile, report

# The attackers and the reader run in processes of their own (``--side``), started when the
# tables are in play: they import aiohttp alone, not the bot (0.9 s of CPU each, in the middle
# of what is measured). The bot's side imports it in ``run``.

FLOODER = "127.2.0.1"
READERS = 16
"""Addresses the reader's requests come from in turn (127.3.0.1 to .16)."""
DISCORD_BUDGET_MS = 3000.0
"""Discord drops an interaction not answered within 3 s."""


# ----------------------------------------------------------------------------- attackers
async def attack(host: str, port: int, url: str, slow: int, duration: float) -> dict[str, Any]:
    """``slow`` slow clients and one flooding address for ``duration`` seconds."""
    import aiohttp

    opened = closed = 0
    flood: dict[int, int] = {}
    flood_errors = 0
    end = time.perf_counter() + duration

    async def slow_client(number: int) -> None:
        nonlocal opened, closed
        source = f"127.1.{number // 250}.{1 + number % 250}"
        rng = random.Random(number)

        async def pause(seconds: float) -> None:
            """A slow client's pause, cut short at the attack's end (not slept past it)."""
            await asyncio.sleep(max(0.0, min(seconds, end - time.perf_counter())))

        await pause(rng.uniform(0, 1))
        while time.perf_counter() < end:
            try:
                reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
            except OSError:
                await pause(1)
                continue
            opened += 1
            try:
                writer.write(b"GET /robots.txt HTTP/1.1\r\nHost: atout\r\n")
                while True:
                    await pause(2)
                    if time.perf_counter() >= end:
                        break
                    writer.write(b"X-Slow: 1\r\n")
                    await writer.drain()
                    if reader.at_eof():
                        break
            except (OSError, ConnectionError):
                pass
            finally:
                closed += 1
                writer.close()
            await pause(1)

    async def flooder(http: aiohttp.ClientSession) -> None:
        nonlocal flood_errors
        while time.perf_counter() < end:
            try:
                async with http.get(url) as response:
                    await response.read()
                    flood[response.status] = flood.get(response.status, 0) + 1
            except (aiohttp.ClientError, OSError):
                flood_errors += 1
                await asyncio.sleep(0.01)

    connector = aiohttp.TCPConnector(limit=8, local_addr=(FLOODER, 0))
    start = time.perf_counter()
    async with aiohttp.ClientSession(connector=connector) as http:
        await asyncio.gather(
            *(slow_client(n) for n in range(slow)), *(flooder(http) for _ in range(8))
        )
    wall = time.perf_counter() - start
    return {
        "slow_opened": opened,
        "slow_closed": closed,
        "flood_statuses": flood,
        "flood_errors": flood_errors,
        "flood_per_s": sum(flood.values()) / wall,
    }


async def read(host: str, port: int, url: str, every: float, duration: float) -> dict[str, Any]:
    """The normal reader: a page already made, on a new connection, every ``every`` s."""
    import aiohttp

    times: list[float] = []
    statuses: dict[int, int] = {}
    failed = 0
    end = time.perf_counter() + duration
    timeout = aiohttp.ClientTimeout(total=10)
    number = 0
    while time.perf_counter() < end:
        number += 1
        source = f"127.3.0.{1 + number % READERS}"
        connector = aiohttp.TCPConnector(local_addr=(source, 0), force_close=True)
        async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
            sent = time.perf_counter()
            try:
                async with http.get(url, headers={"Accept-Encoding": "gzip"}) as response:
                    await response.read()
                    statuses[response.status] = statuses.get(response.status, 0) + 1
                times.append((time.perf_counter() - sent) * 1000)
            except (aiohttp.ClientError, OSError, TimeoutError):
                failed += 1
        await asyncio.sleep(max(0.0, every - (time.perf_counter() - sent)))
    return {
        "reader_ms": {q: percentile(times, q) for q in (50, 95, 99, 100)},
        "reader_pages": len(times),
        "reader_statuses": statuses,
        "reader_failed": failed,
    }


def side_main(args: argparse.Namespace) -> None:
    host, port, url = "127.0.0.1", args.port, args.url
    if args.side == "attack":
        if hasattr(os, "nice"):
            os.nice(CLIENTS_NICE)
        result = asyncio.run(attack(host, port, url, args.slow, args.duration))
    else:
        result = asyncio.run(read(host, port, url, args.every, args.duration))
    print(json.dumps(result), flush=True)


# ----------------------------------------------------------------------------- the bot
def _cpu_s() -> float:
    """CPU time of this process (the bot's: the event loop that answers Discord and the pages,
    and its threads), not of its drawing processes: what an attack on the pages takes from the
    tables, least disturbed by other work on a shared machine."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def run(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    import aiohttp
    import simcord

    from benchmarks.load import Players, Probe, no_background_loops
    from benchmarks.web import SECRET, URL, fill, tables_in_play
    from bot.app import create_bot
    from bot.config import Settings
    from bot.play.workers import default_image_processes
    from bot.web.settings import WebSettings

    logging.basicConfig(level=logging.CRITICAL)
    no_background_loops()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if args.nofile:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(args.nofile, hard), hard))
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "attack.sqlite3")
        deals = await fill(db, args.games, args.seed)
        web = WebSettings(url=URL, host="127.0.0.1", port=0, secret=SECRET)
        settings = Settings(
            token=None,
            db_path=db,
            ai_pause_s=1.2,
            web=web,
            image_processes=(
                default_image_processes() if args.image_processes is None else args.image_processes
            ),
        )
        bot = create_bot(settings)
        env = simcord.Env(bot, settle_timeout=120.0, check_errors=False)
        await env.start()
        probe = Probe()
        players = Players(env, probe, 2.0, args.seed)
        try:
            assert bot.web is not None and bot.web_links.links is not None
            gate = bot.web.gate
            base = f"http://127.0.0.1:{bot.web.port}"
            table, deal = deals[len(deals) // 2]
            page = bot.web_links.links.deal(table, deal).replace(URL, base)
            flooded = bot.web_links.links.deal(*deals[0]).replace(URL, base)
            async with aiohttp.ClientSession() as http:
                for each in (page, flooded):  # both made: the reader reads a page made
                    async with http.get(each) as response:
                        assert response.status == 200, response.status
            play = await tables_in_play(env, probe, players, args.tables, args.seed)
            await asyncio.sleep(args.warmup)
            clicks_before = len(probe.clicks)
            cpu_before, wall_before = _cpu_s(), time.perf_counter()
            port = str(bot.web.port)
            sides = ["read"] + ([] if args.no_attack else ["attack"])
            processes = []
            for side in sides:
                command = [sys.executable, __file__, "--side", side, "--port", port]
                command += ["--url", page if side == "read" else flooded]
                command += [f"--slow={args.slow}", f"--duration={args.duration}"]
                command += [f"--every={args.every}"]
                processes.append(
                    await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
                )
            outputs = await asyncio.gather(*(p.communicate() for p in processes))
            cpu_share = (_cpu_s() - cpu_before) / (time.perf_counter() - wall_before)
            results: dict[str, Any] = {}
            for out, _ in outputs:
                results.update(json.loads(out.decode().strip().splitlines()[-1]))
            await play.end()
            refused, evicted = gate.refused, gate.evicted
            total, per_address = gate.total, gate.per_address
        finally:
            await env.shutdown()
            await bot.storage.close()
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    clicks = list(probe.clicks.values())[clicks_before:]
    acks = [(c.acked - c.sent) * 1000 for c in clicks if c.acked is not None]
    unanswered = sum(c.acked is None for c in clicks)
    ack = {f"p{q}": percentile(acks, q) for q in (50, 95, 99, 100)}
    over = sum(a > DISCORD_BUDGET_MS for a in acks) + unanswered
    reader = results["reader_ms"]
    figures: dict[str, Any] = {
        "tables": args.tables,
        "attack": not args.no_attack,
        "slow_clients": 0 if args.no_attack else args.slow,
        "nofile": args.nofile,
        "connections_cap": [total, per_address],
        "reader_ms": reader,
        "reader_pages": results["reader_pages"],
        "reader_statuses": results["reader_statuses"],
        "reader_failed": results["reader_failed"],
        "flood_statuses": results.get("flood_statuses", {}),
        "flood_per_s": results.get("flood_per_s", 0.0),
        "slow_opened": results.get("slow_opened", 0),
        "connections_refused": refused,
        "connections_closed_for_room": evicted,
        "ack_ms": ack,
        "clicks": len(clicks),
        "acks_over_3s": over,
        "loop_lag_p999_ms": percentile(play.lag, 99.9) * 1000,
        "bot_cpu_share": cpu_share,
    }
    attackers = (
        "no attack"
        if args.no_attack
        else f"{args.slow} slow clients ({figures['slow_opened']} connections opened) and one"
        f" address flooding ({figures['flood_per_s']:.0f} requests/s, answers"
        f" {figures['flood_statuses']})"
    )
    line = (
        f"{args.tables} tables, file limit {args.nofile or soft} (pages: {total} connections,"
        f" {per_address} an address), {attackers}, {args.duration:.0f} s: the reader p50"
        f" {reader['50']:.0f} ms p95 {reader['95']:.0f} ms p99 {reader['99']:.0f} ms max"
        f" {reader['100']:.0f} ms over {results['reader_pages']} pages"
        f" ({results['reader_failed']} failed, answers {results['reader_statuses']});"
        f" connections refused {refused}, closed for room {evicted}; clicks meanwhile ack p50"
        f" {ack['p50']:.0f} ms p95 {ack['p95']:.0f} ms p99 {ack['p99']:.0f} ms max"
        f" {ack['p100']:.0f} ms over {len(clicks)} clicks, {over} over Discord's 3 s;"
        f" loop lag p99.9 {figures['loop_lag_p999_ms']:.0f} ms; the bot's process used"
        f" {cpu_share:.0%} of a core"
    )
    return line, figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--slow", type=int, default=300, help="slow clients")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of attack")
    parser.add_argument("--every", type=float, default=0.2, help="the reader's pace, seconds")
    parser.add_argument("--games", type=int, default=4, help="finished games in the database")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of play before")
    parser.add_argument("--nofile", type=int, default=256, help="the bot's file limit (0: as is)")
    parser.add_argument("--no-attack", action="store_true", help="the reader and the tables only")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--image-processes", type=int, help="drawing processes (default: as python -m bot)"
    )
    parser.add_argument("--side", choices=("attack", "read"), help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    add_json_option(parser)
    args = parser.parse_args()
    if args.side:
        side_main(args)
        return
    line, figures = asyncio.run(run(args))
    report(args, line, "web_attack", **figures)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
