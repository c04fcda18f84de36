"""A server challenge at the size of a busy server: ``/challenge standings`` with 1,000 completed
attempts of an 8-deal Coinche challenge (issue 24: p95 <= 300 ms, on SQLite and on PostgreSQL).

Builds the challenge and its attempts as the bot records them: each deal is played out (the
person by the easy computer player with a seed of their own, the other seats by the normal one)
in ``--variants`` ways, and each attempt takes, deal by deal, one of those ways: its score in the
game's unit and the detail the results page shows, written as ``record_result`` writes them (in
bulk: the build is not what is measured). The par of each deal is stored too. Then it measures,
as the commands do it:

- ``/challenge standings``: every attempt's matchpoints on every deal, averaged, ranked, a random
  page for a random caller, and the image drawn (``bot.challenge.screens.standings_answer``);
- the read alone (storage's part of the standings);
- ``/challenge results deal:<n>``: the best results on one deal, the caller's own, and the text.

Prints medians (p50) and 95th percentiles in milliseconds of wall time, then CPU time, and the load
average. Run it alone under ``nice``:

    nice -n 10 python benchmarks/challenge.py                  # SQLite (a temporary file)
    nice -n 10 python benchmarks/challenge.py --postgres       # a throwaway PostgreSQL server
    nice -n 10 python benchmarks/challenge.py --db postgresql://user@host/db   # an empty database
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import add_json_option, percentile, report
from benchmarks.leaderboard import timed
from bot.challenge.screens import FIELD_SHOWN, field_text, standings_answer
from bot.storage.backends import make_storage
from bot.storage.challenges.interface import Challenge, ChallengeTerms, NewChallenge, Par, iso
from bot.storage.databases.postgres import PgDatabase
from bot.storage.storage import Storage
from bot.storage.tables.settings import TableSettings
from games.ai import choose
from games.base import Game
from games.duplicate import PLAYER_SEAT, deal_detail, fixed_deals, seat_result
from games.registry import game_class

GUILD = 4242
GAME = "coinche"
SEATS = 4
TARGET_MS = 300


def play(game: str, deck: tuple[str, ...], dealer: int, seed: int) -> Game:
    """One way a deal goes: the person (seat 0) easy with their own seed, the others normal."""
    engine = game_class(game)(options={}, seats=SEATS, dealer=dealer)
    engine.deal(list(deck))
    person, others = random.Random(seed), random.Random(seed + 1)
    while not engine.deal_results:
        seat = engine.to_act
        assert seat is not None
        level, rng = ("easy", person) if seat == PLAYER_SEAT else ("normal", others)
        engine.apply(seat, choose(engine.view(seat), engine.legal_actions(seat), level, rng))
    return engine


async def build(storage: Storage, attempts: int, deals: int, variants: int, seed: int) -> Challenge:
    rng = random.Random(seed)
    now = datetime.datetime.now(datetime.UTC)
    new = NewChallenge(
        ChallengeTerms(
            GUILD, channel_id=1, creator_id=1, game=GAME, seats=SEATS, options={}, deal_count=deals
        ),
        settings=TableSettings(language="en"),
        samples=64,
        seed="benchmark",
        deals=fixed_deals(GAME, {}, SEATS, deals, "benchmark"),
        created_at=iso(now),
        closes_at=iso(now + datetime.timedelta(days=7)),
    )
    challenge = await storage.challenges.create(new)
    names = ["Player", "Computer 1", "Computer 2", "Computer 3"]
    ways: list[list[tuple[int, str]]] = []
    for deal_no, deal in enumerate(challenge.deals):
        played = [
            play(GAME, deal.deck, deal.dealer, seed + 1000 * deal_no + v) for v in range(variants)
        ]
        ways.append(
            [(seat_result(g, PLAYER_SEAT), json.dumps(deal_detail(g, names))) for g in played]
        )
        await storage.challenges.store_par(
            challenge.id,
            deal_no,
            Par(seat_result(played[0], PLAYER_SEAT), deal_detail(played[0], names)),
        )
    stamp = iso(now)
    attempt_rows = []
    result_rows = []
    table = 1
    for user in range(1, attempts + 1):
        attempt_rows.append((challenge.id, user, f"Player {user}", None, None, deals, stamp, stamp))
        for deal_no in range(deals):
            score, detail = rng.choice(ways[deal_no])
            result_rows.append((challenge.id, deal_no, user, table, score, detail, stamp))
            table += 1
    async with storage.database.transaction() as conn:
        await conn.executemany(
            "INSERT INTO challenge_attempts (challenge_id, user_id, name, thread_id, table_id,"
            " deals_done, started_at, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            attempt_rows,
        )
        await conn.executemany(
            "INSERT INTO challenge_results (challenge_id, deal_no, user_id, table_id, score,"
            " detail, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            result_rows,
        )
    if isinstance(storage.database, PgDatabase):
        # Statistics for the planner, as autovacuum would gather them.
        await storage.database.execute("ANALYZE")
    return challenge


async def measure(args: argparse.Namespace, db: str, backend: str) -> None:
    storage = make_storage(db)
    await storage.open()
    try:
        start = time.perf_counter()
        challenge = await build(storage, args.attempts, args.deals, args.variants, args.seed)
        if not args.json:
            print(
                f"{backend}: built {args.attempts} attempts of a {args.deals}-deal {GAME}"
                f" challenge ({args.variants} ways per deal) in {time.perf_counter() - start:.1f} s"
            )
        rng = random.Random(args.seed)
        now = datetime.datetime.now(datetime.UTC)
        pages = (await storage.challenges.standings(challenge.id)).pages

        async def standings() -> object:
            found = await storage.challenges.standings(
                challenge.id,
                page=rng.randint(1, max(1, pages // 3)),
                user_id=rng.randint(1, args.attempts),
            )
            return await standings_answer(challenge, found, now, "en")

        async def results() -> object:
            deal_no = rng.randrange(args.deals)
            user = rng.randint(1, args.attempts)
            field = await storage.challenges.deal_field(challenge.id, deal_no, limit=FIELD_SHOWN)
            own = await storage.challenges.own_results(challenge.id, user)
            field += [r for r in own if r.deal_no == deal_no and r not in field]
            par = (await storage.challenges.pars(challenge.id)).get(deal_no)
            return field_text(challenge, deal_no, field, par, user, "en")

        async def read() -> object:
            return await storage.challenges.standings(
                challenge.id,
                page=rng.randint(1, max(1, pages // 3)),
                user_id=rng.randint(1, args.attempts),
            )

        for name, job, target in (
            ("/challenge standings (image included)", standings, TARGET_MS),
            ("standings read alone (matchpoints of every attempt, ranked)", read, TARGET_MS),
            ("/challenge results deal:", results, TARGET_MS),
        ):
            wall, cpu = await timed(job, args.samples)
            p50, p95 = statistics.median(wall), percentile(wall, 95)
            verdict = "ok" if p95 <= target else "OVER"
            report(
                args,
                f"{backend} {name}: p50 {p50:.1f} ms, p95 {p95:.1f} ms wall"
                f" (target p95 <= {target} ms: {verdict}, {p95 / target:.2f} of it);"
                f" CPU p50 {statistics.median(cpu):.1f} ms, p95 {percentile(cpu, 95):.1f} ms",
                name,
                backend=backend,
                attempts=args.attempts,
                deals=args.deals,
                wall_ms={"p50": p50, "p95": p95},
                cpu_ms={"p50": statistics.median(cpu), "p95": percentile(cpu, 95)},
                target_p95_ms=target,
            )
    finally:
        await storage.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--attempts", type=int, default=1000)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--variants", type=int, default=40, help="ways each deal is played")
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--db", help="an empty PostgreSQL database (postgresql://…)")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="on a throwaway PostgreSQL server (harness.pg_server)",
    )
    add_json_option(parser)
    args = parser.parse_args()
    if args.db:
        await measure(args, args.db, "postgresql")
    elif args.postgres:
        from harness.pg_server import PgServer

        server = PgServer(durable=True)
        server.start()
        try:
            await measure(args, await server.new_database(), "postgresql")
        finally:
            server.stop()
    else:
        with tempfile.TemporaryDirectory() as scratch:
            await measure(args, os.path.join(scratch, "bench.sqlite3"), "sqlite")
    load = os.getloadavg()[0]
    report(args, f"load average while measuring: {load:.1f}", "load average", value=load)


if __name__ == "__main__":
    asyncio.run(main())
