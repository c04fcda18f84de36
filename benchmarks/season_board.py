"""A season at the size of a busy server (issue 45): ``/leaderboard season:`` with 1,000 players
and 20,000 games in one season, as the command answers it.

Builds a database with ``--players`` people and ``--games`` finished games of one server, all
in one quarterly season (the clock of storage is set to the first quarter of 2026), rated
through the real path (``rate_pending``, which also moves the season ratings), then measures
``bot.seasons.screens.season_answer`` — the season's standings of one game read and ranked,
a page laid out, worded and drawn — for random games, pages and callers:

- without divisions (the season as it ran), and
- with divisions: the season's players split as a season's close splits them
  (``bot.storage.seasons.divisions.split``: about 50 divisions of 20), one division a page,
  the caller's own by default;

then ``/stats``'s seasons of a player (``storage.seasons.player_seasons``) and the close of the
season (its standings frozen, the next season's divisions, its messages queued), once.

Prints p50 and p95 in milliseconds of wall time against the issue's target (p95 <= 300 ms), then
CPU time, and the load average. Run it alone under ``nice``:
``nice -n 10 python benchmarks/season_board.py [--players N --games N --samples N]``;
``--db PATH`` keeps the built database to measure again without building it.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import add_json_option, percentile, report
from benchmarks.leaderboard import SEATS, WEIGHTS, store_and_rate, timed
from bot.seasons.screens import season_answer
from bot.storage.backends import make_storage
from bot.storage.databases import database
from bot.storage.ratings.model import GAMES
from bot.storage.seasons.divisions import Seeded, split
from bot.storage.seasons.model import Season
from bot.storage.storage import Storage
from games.registry import game_class

GUILD = 4545
START = datetime.datetime(2026, 1, 2, tzinfo=datetime.UTC)
SPAN_DAYS = 85
"""The games end between January 2nd and March 28th: one quarterly season holds them all."""


async def build(storage: Storage, players: int, games: int, seed: int) -> float:
    """``games`` finished tables among ``players`` people, rated; the seconds rating took."""
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(players)]
    kinds = list(WEIGHTS)
    tables, seated, results = [], [], []
    for table_id in range(1, games + 1):
        game = rng.choices(kinds, [WEIGHTS[k] for k in kinds])[0]
        seats = SEATS[game]
        people = rng.sample(range(players), seats)
        engine = game_class(game)(seats=seats)
        strength = [0.0] * engine.sides
        for seat, person in enumerate(people):
            strength[engine.side_of(seat)] += skill[person] + rng.gauss(0, 1.5)
        totals = [round(100 + 20 * s) for s in strength]
        winners = [s for s in range(engine.sides) if totals[s] == max(totals)]
        moment = START + datetime.timedelta(days=SPAN_DAYS * table_id / games)
        stamp = moment.strftime(database.TIME_FORMAT)
        tables.append((table_id, GUILD, game, seats, people[0] + 1, stamp, stamp))
        seated.extend((table_id, seat, p + 1, f"Player {p + 1}") for seat, p in enumerate(people))
        results.append((table_id, json.dumps(totals), json.dumps(winners), "{}"))
    await storage.settings.update(GUILD, lambda s: replace(s, season="quarterly"))
    return await store_and_rate(storage, tables, seated, results)


async def divide(storage: Storage, season: Season) -> dict[str, int]:
    """Each game's players split into divisions as a close splits them (by rating); the
    number of divisions of each game."""
    counts: dict[str, int] = {}
    for game in GAMES:
        rows = await storage.database.fetch(
            "SELECT player, mu - 3 * sigma AS rating FROM season_ratings"
            " WHERE guild_id = $1 AND season = $2 AND game = $3",
            GUILD,
            season.number,
            game,
        )
        placed = split([Seeded(str(r["player"]), float(r["rating"])) for r in rows])
        counts[game] = max(placed.values(), default=1)
        async with storage.database.transaction() as conn:
            await conn.executemany(
                "INSERT INTO season_divisions (guild_id, season, game, player, division)"
                " VALUES ($1, $2, $3, $4, $5)",
                [(GUILD, season.number, game, p, d) for p, d in placed.items()],
            )
    return counts


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--db", help="keep the database here (built once, reused)")
    add_json_option(parser)
    args = parser.parse_args()
    scratch = tempfile.TemporaryDirectory()
    path = args.db or os.path.join(scratch.name, "bench.sqlite3")
    fresh = not os.path.exists(path)
    moment = START + datetime.timedelta(days=SPAN_DAYS + 1)
    database.use_clock(lambda: moment)
    storage = make_storage(path)
    await storage.open()
    try:
        if fresh:
            seconds = await build(storage, args.players, args.games, args.seed)
            if not args.json:
                print(f"built: {args.players} players, {args.games} games rated in {seconds:.1f} s")
        season = await storage.seasons.current(GUILD, database.now())
        assert season is not None
        played = await storage.database.fetchrow(
            "SELECT COUNT(*) AS n FROM matches WHERE season = $1", season.number
        )
        rng = random.Random(args.seed)
        minimum = 10

        async def board(division: bool) -> object:
            game = rng.choice(GAMES)
            user = rng.randint(1, args.players)
            page = rng.randint(1, 2) if division else rng.randint(1, 20)
            return await season_answer(
                storage, season, game, None, page, user, minimum, rng.choice(("en", "fr"))
            )

        async def plain() -> object:
            return await board(False)

        async def divided() -> object:
            return await board(True)

        async def seasons() -> object:
            user = rng.randint(1, args.players)
            return await storage.seasons.player_seasons(GUILD, user, None, minimum, 3)

        # Without divisions first (a kept database's are made again after).
        await storage.database.execute(
            "DELETE FROM season_divisions WHERE guild_id = $1 AND season = $2",
            GUILD,
            season.number,
        )
        await _measure(
            args, "/leaderboard season: (no divisions, image included)", plain, 300, played
        )
        counts = await divide(storage, season)
        await _measure(
            args, "/leaderboard season: (a division, image included)", divided, 300, played
        )
        await _measure(args, "/stats seasons of a player", seasons, 300, played)
        start = time.perf_counter()
        closed = await storage.seasons.close(GUILD, season.number, season.ends_at)
        took = (time.perf_counter() - start) * 1000
        if closed is not None:
            ranked = sum(s.ranked for s in closed.standings.values())
            report(
                args,
                f"the season's close, once: {took:.0f} ms ({ranked} ranked players frozen,"
                f" divisions {counts})",
                "season close",
                wall_ms=took,
            )
        elif not args.json:
            print("the season's close: closed already (a kept database)")
        load = os.getloadavg()[0]
        report(args, f"load average while measuring: {load:.1f}", "load average", value=load)
    finally:
        await storage.close()
        database.use_clock(None)
        scratch.cleanup()


async def _measure(
    args: argparse.Namespace,
    name: str,
    job: Callable[[], Awaitable[object]],
    target: int,
    played: Any,  # the row of the season's count of games
) -> None:
    wall, cpu = await timed(job, args.samples)
    p50, p95 = statistics.median(wall), percentile(wall, 95)
    verdict = "ok" if p95 <= target else "OVER"
    games = int(played["n"]) if played is not None else 0
    report(
        args,
        f"{name}: p50 {p50:.1f} ms, p95 {p95:.1f} ms wall (target p95 <= {target} ms:"
        f" {verdict}, {p95 / target:.2f} of it); CPU p50 {statistics.median(cpu):.1f} ms,"
        f" p95 {percentile(cpu, 95):.1f} ms; {games} games in the season",
        name,
        wall_ms={"p50": p50, "p95": p95},
        cpu_ms={"p50": statistics.median(cpu), "p95": percentile(cpu, 95)},
        target_p95_ms=target,
        season_games=games,
    )


if __name__ == "__main__":
    asyncio.run(main())
