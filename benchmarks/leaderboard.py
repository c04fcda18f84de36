"""Ratings at the size of a busy server: ``/leaderboard``, ``/stats`` and the update at game end.

Builds a database with ``--players`` rated people and ``--games`` finished games in one server
(the games are written as finished tables and rated through the real path, ``rate_pending``,
which is also what the migration runs), then measures, as the commands do it:

- ``/leaderboard``: read a page (all time or the last 30 days, random pages and callers, the
  caller's own line) and draw its image: ``bot.ui.standings.board_answer``;
- ``/stats``: a player's games, ratings and ranks in every game, partner and opponent, and the
  rating chart: ``bot.ui.standings.stats_answer``;
- the rating update at the end of a game: ``storage.ratings.rate_table`` for a newly finished table.

Prints medians (p50) and 95th percentiles in milliseconds of wall time, against the targets of
issue 9 (``/leaderboard`` and ``/stats`` p95 <= 300 ms, update <= 20 ms), then the same in CPU
time (the work of one core, whatever else the machine is doing), and the load average. Run it alone under
``nice``: ``nice -n 10 python benchmarks/leaderboard.py [--players N --games N --samples N]``.
``--db PATH`` keeps the built database to measure again without building it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import add_json_option, percentile, report
from bot.storage.backends import make_storage
from bot.storage.ratings.model import GAMES
from bot.storage.storage import Storage
from bot.storage.tables.settings import TableSettings
from bot.ui.standings import board_answer, stats_answer
from games.registry import game_class

GUILD = 4242
SEATS = {"belote": 4, "coinche": 4, "piquet": 2, "briscola": 4, "chiamata": 5, "sueca": 4}
WEIGHTS = {"belote": 3, "coinche": 5, "piquet": 1, "briscola": 2, "chiamata": 1, "sueca": 1}


async def build(storage: Storage, players: int, games: int, seed: int) -> float:
    """Write ``games`` finished tables among ``players`` people and rate them; the seconds the
    rating of all of them took."""
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(players)]
    now = time.time()
    kinds = list(WEIGHTS)
    tables, seated, results = [], [], []
    for table_id in range(1, games + 1):
        game = rng.choices(kinds, [WEIGHTS[k] for k in kinds])[0]
        seats = SEATS[game]
        people = rng.sample(range(players), seats)
        engine = game_class(game)(seats=seats)
        sides = engine.sides
        strength = [0.0] * sides
        for seat, person in enumerate(people):
            strength[engine.side_of(seat)] += skill[person] + rng.gauss(0, 1.5)
        totals = [round(100 + 20 * s) for s in strength]
        best = max(totals)
        winners = [s for s in range(sides) if totals[s] == best]
        # Spread over the last 90 days, in finishing order.
        finished = now - 90 * 86400 * (1 - table_id / games)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(finished))
        tables.append((table_id, GUILD, game, seats, people[0] + 1, stamp, stamp))
        seated.extend((table_id, seat, p + 1, f"Player {p + 1}") for seat, p in enumerate(people))
        results.append(
            (table_id, json.dumps(totals), json.dumps(winners), json.dumps({"game": game}))
        )
    return await store_and_rate(storage, tables, seated, results)


async def store_and_rate(
    storage: Storage,
    tables: list[tuple[Any, ...]],
    seated: list[tuple[Any, ...]],
    results: list[tuple[Any, ...]],
) -> float:
    """Finished games written as a table's end leaves them, in one transaction; the seconds the
    ratings took to take them all in (what both leaderboard benchmarks time)."""
    async with storage.database.transaction() as conn:
        await conn.executemany(
            "INSERT INTO tables (id, guild_id, channel_id, game, seats, starter_id, options,"
            " settings, status, first_dealer, created_at, finished_at)"
            " VALUES ($1, $2, 1, $3, $4, $5, '{}', '{}', 'finished', 0, $6, $7)",
            tables,
        )
        await conn.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name) VALUES ($1, $2, $3, $4)", seated
        )
        await conn.executemany(
            "INSERT INTO results (table_id, totals, winners, record) VALUES ($1, $2, $3, $4)",
            results,
        )
    start = time.perf_counter()
    await storage.ratings.rate_pending()
    return time.perf_counter() - start


async def timed(
    job: Callable[[], Awaitable[object]], samples: int
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each run. CPU time (``process_time``: every thread
    of this process, so the database thread and the image worker count) is the work itself,
    what one core spends; wall time adds the waiting a busy machine imposes."""
    for _ in range(min(3, samples)):
        await job()
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(samples):
        start, start_cpu = time.perf_counter(), time.process_time()
        await job()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


async def new_game(storage: Storage, rng: random.Random, players: int) -> int:
    """A coinche table that just ended, as ``storage.tables.finish`` leaves it."""
    row = await storage.tables.create(GUILD, 1, "coinche", 4, 1, {}, TableSettings())
    for seat, person in enumerate(rng.sample(range(1, players + 1), 4)):
        await storage.tables.set_seat(row.id, seat, person, None, f"Player {person}")
    await storage.tables.update(row.id, status="playing", first_dealer=0)
    await storage.tables.finish(row.id, "finished", [1001, 640], [0], {"game": "coinche"})
    return int(row.id)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--db", help="keep the database here (built once, reused)")
    add_json_option(parser)
    args = parser.parse_args()
    scratch = tempfile.TemporaryDirectory()
    path = args.db or os.path.join(scratch.name, "bench.sqlite3")
    fresh = not os.path.exists(path)
    storage = make_storage(path)
    await storage.open()
    try:
        if fresh:
            seconds = await build(storage, args.players, args.games, args.seed)
            if not args.json:
                print(f"built: {args.players} players, {args.games} games rated in {seconds:.1f} s")
        rng = random.Random(args.seed)
        board = await storage.ratings.leaderboard(GUILD, "coinche")
        pages = board.pages

        async def leaderboard() -> object:
            game = rng.choice(GAMES)
            period = rng.choice(("all", "30d"))
            page = rng.randint(1, max(1, pages // 3))
            return await board_answer(
                storage, GUILD, game, period, page, rng.randint(1, args.players)
            )

        async def stats() -> object:
            user = rng.randint(1, args.players)
            return await stats_answer(storage, GUILD, user, f"Player {user}", None)

        tables = [await new_game(storage, rng, args.players) for _ in range(args.samples + 3)]
        queue = iter(tables)

        async def update() -> object:
            return await storage.ratings.rate_table(next(queue))

        for name, job, target in (
            ("/leaderboard (image included)", leaderboard, 300),
            ("/stats (chart included)", stats, 300),
            ("rating update at game end", update, 20),
        ):
            wall, cpu = await timed(job, args.samples)
            p50, p95 = statistics.median(wall), percentile(wall, 95)
            verdict = "ok" if p95 <= target else "OVER"
            report(
                args,
                f"{name}: p50 {p50:.1f} ms, p95 {p95:.1f} ms wall"
                f" (target p95 <= {target} ms: {verdict}, {p95 / target:.2f} of it);"
                f" CPU p50 {statistics.median(cpu):.1f} ms, p95 {percentile(cpu, 95):.1f} ms",
                name,
                wall_ms={"p50": p50, "p95": p95},
                cpu_ms={"p50": statistics.median(cpu), "p95": percentile(cpu, 95)},
                target_p95_ms=target,
            )
        load = os.getloadavg()[0]
        report(args, f"load average while measuring: {load:.1f}", "load average", value=load)
    finally:
        await storage.close()
        scratch.cleanup()


if __name__ == "__main__":
    asyncio.run(main())
