"""The challenges area (``ChallengeStorage``), written once for both databases.

Matchpoints are computed where the results are, in one statement (``MARKS``): for each result on
a deal, the results it beats count 1 and those it ties count ½, as a percentage of the other
people who completed that deal (50 % when nobody else has yet). The standings average those
percentages per person; ``benchmarks/challenge.py`` times them for 1,000 attempts.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import replace
from typing import Any

from bot.storage.challenges.interface import (
    STANDINGS_PAGE,
    Attempt,
    Challenge,
    ChallengeStorage,
    DailySchedule,
    DealResult,
    NewChallenge,
    Par,
    Standing,
    Standings,
)
from bot.storage.databases.database import Database
from bot.storage.tables.settings import TableSettings
from games.duplicate import FixedDeal, detail_from_json

MARKS = (
    "WITH scores AS (SELECT deal_no, score, COUNT(*) AS same FROM challenge_results"
    " WHERE challenge_id = $1 GROUP BY deal_no, score),"
    " tally AS (SELECT deal_no, score, same,"
    " SUM(same) OVER (PARTITION BY deal_no) AS field_size,"
    " SUM(same) OVER (PARTITION BY deal_no ORDER BY score) - same AS below FROM scores),"
    " marks AS (SELECT deal_no, score, field_size, same, field_size - below - same AS above,"
    " CASE WHEN field_size > 1 THEN (below + 0.5 * (same - 1)) * 100.0 / (field_size - 1)"
    " ELSE 50.0 END AS percent FROM tally)"
)
"""The matchpoints of every score made on a deal of a challenge: how many people completed the
deal, how many scored more (so the rank is ``above + 1``), and the percentage — ``below``
results beaten, ``same - 1`` tied. Worked out once per distinct score (a few hundred rows for
thousands of results), then joined to the results. The challenge is ``$1`` of the statement."""

RESULTS = (
    f"{MARKS} SELECT r.deal_no AS deal_no, r.user_id AS user_id, r.score AS score,"
    " r.table_id AS table_id, r.detail AS detail, m.field_size AS field_size,"
    " m.percent AS percent, m.above AS above, m.same AS same, a.name AS name"
    " FROM challenge_results r"
    " JOIN marks m ON m.deal_no = r.deal_no AND m.score = r.score"
    " JOIN challenge_attempts a ON a.challenge_id = r.challenge_id AND a.user_id = r.user_id"
)
"""Each result with its matchpoints and its player's name (``DealResult``); the caller adds
which results (``WHERE r.challenge_id = $1 …``) and their order."""

PERCENT_DIGITS = 9
"""Averages are compared at this precision: two people with the same matchpoints must tie
(then their total against par decides), not differ by a float's last bit."""


def _standing_key(line: Standing) -> tuple[float, float]:
    """What ranks a line, best first: its matchpoints over the deals counted, then its result
    against par per deal played (both rounded, so that equal lines tie)."""
    per_deal = line.vs_par / line.par_deals if line.par_deals else 0.0
    return (-round(line.percent, PERCENT_DIGITS), -round(per_deal, PERCENT_DIGITS))


def _challenge(row: Any) -> Challenge:  # a sqlite3.Row or asyncpg.Record
    return Challenge(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        message_id=row["message_id"],
        creator_id=int(row["creator_id"]),
        game=str(row["game"]),
        seats=int(row["seats"]),
        options=json.loads(row["options"]),
        settings=TableSettings.from_json(json.loads(row["settings"])),
        deal_count=int(row["deal_count"]),
        samples=int(row["samples"]),
        seed=str(row["seed"]),
        deals=[FixedDeal(int(d), tuple(deck)) for d, deck in json.loads(row["deals"])],
        created_at=str(row["created_at"]),
        closes_at=str(row["closes_at"]),
        closed=bool(row["closed"]),
        daily=bool(row["daily"]),
    )


def _attempt(row: Any) -> Attempt:
    return Attempt(
        challenge_id=int(row["challenge_id"]),
        user_id=int(row["user_id"]),
        name=str(row["name"]),
        thread_id=row["thread_id"],
        table_id=row["table_id"],
        deals_done=int(row["deals_done"]),
        started_at=str(row["started_at"]),
        finished_at=row["finished_at"],
    )


def _result(row: Any) -> DealResult:
    return DealResult(
        deal_no=int(row["deal_no"]),
        user_id=int(row["user_id"]),
        name=str(row["name"]),
        score=int(row["score"]),
        percent=float(row["percent"]),
        field_size=int(row["field_size"]),
        table_id=int(row["table_id"]),
        detail=detail_from_json(json.loads(row["detail"])),
        rank=int(row["above"]) + 1,
        tied=int(row["same"]) > 1,
    )


def _daily(row: Any) -> DailySchedule:
    return DailySchedule(
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        creator_id=int(row["creator_id"]),
        game=str(row["game"]),
        seats=int(row["seats"]),
        options=json.loads(row["options"]),
        deal_count=int(row["deal_count"]),
        next_at=str(row["next_at"]),
    )


class ChallengeStore(ChallengeStorage):
    def __init__(self, database: Database) -> None:
        self.database = database

    def _mine(self, column: str) -> str:
        """`` AND`` the shard cluster's servers, or nothing when one process serves all."""
        return "" if self.shards is None else f" AND {self.shards.sql_condition(column)}"

    # ------------------------------------------------------------------ challenges
    async def create(self, new: NewChallenge) -> Challenge:
        terms = new.terms
        row = await self.database.fetchrow(
            "INSERT INTO challenges (guild_id, channel_id, creator_id, game, seats, options,"
            " settings, deal_count, samples, seed, deals, created_at, closes_at, daily)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *",
            terms.guild_id,
            terms.channel_id,
            terms.creator_id,
            terms.game,
            terms.seats,
            json.dumps(terms.options),
            json.dumps(new.settings.to_json()),
            terms.deal_count,
            new.samples,
            new.seed,
            json.dumps([[d.dealer, list(d.deck)] for d in new.deals]),
            new.created_at,
            new.closes_at,
            int(new.daily),
        )
        return _challenge(row)

    async def set_message(self, challenge_id: int, message_id: int) -> None:
        await self.database.execute(
            "UPDATE challenges SET message_id = $1 WHERE id = $2", message_id, challenge_id
        )

    async def get(self, challenge_id: int) -> Challenge | None:
        row = await self.database.fetchrow("SELECT * FROM challenges WHERE id = $1", challenge_id)
        return None if row is None else _challenge(row)

    async def latest(self, guild_id: int, now: str) -> Challenge | None:
        row = await self.database.fetchrow(
            "SELECT * FROM challenges WHERE guild_id = $1"
            " ORDER BY (closed = 0 AND closes_at > $2) DESC, id DESC LIMIT 1",
            guild_id,
            now,
        )
        return None if row is None else _challenge(row)

    async def to_watch(self) -> list[Challenge]:
        rows = await self.database.fetch(
            "SELECT * FROM challenges c WHERE (closed = 0 OR deal_count >"
            " (SELECT COUNT(*) FROM challenge_pars p WHERE p.challenge_id = c.id))"
            f"{self._mine('guild_id')} ORDER BY closes_at, id"
        )
        return [_challenge(row) for row in rows]

    async def mark_closed(self, challenge_id: int) -> bool:
        # One statement decides, whichever process asks first.
        row = await self.database.fetchrow(
            "UPDATE challenges SET closed = 1 WHERE id = $1 AND closed = 0 RETURNING id",
            challenge_id,
        )
        return row is not None

    async def store_par(self, challenge_id: int, deal_no: int, par: Par) -> None:
        await self.database.execute(
            "INSERT INTO challenge_pars (challenge_id, deal_no, score, detail)"
            " VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            challenge_id,
            deal_no,
            par.score,
            json.dumps(par.detail),
        )

    async def pars(self, challenge_id: int) -> dict[int, Par]:
        rows = await self.database.fetch(
            "SELECT deal_no, score, detail FROM challenge_pars WHERE challenge_id = $1",
            challenge_id,
        )
        return {
            int(r["deal_no"]): Par(int(r["score"]), detail_from_json(json.loads(r["detail"])))
            for r in rows
        }

    # ------------------------------------------------------------------ attempts
    async def start_attempt(
        self, challenge_id: int, user_id: int, name: str, started_at: str
    ) -> tuple[Attempt, bool]:
        # One statement decides, whichever start comes first: the second finds the first's.
        async with self.database.connection() as conn:
            created = await conn.fetchrow(
                "INSERT INTO challenge_attempts (challenge_id, user_id, name, started_at)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING *",
                challenge_id,
                user_id,
                name,
                started_at,
            )
            if created is not None:
                return _attempt(created), True
            row = await conn.fetchrow(
                "SELECT * FROM challenge_attempts WHERE challenge_id = $1 AND user_id = $2",
                challenge_id,
                user_id,
            )
        return _attempt(row), False

    async def get_attempt(self, challenge_id: int, user_id: int) -> Attempt | None:
        row = await self.database.fetchrow(
            "SELECT * FROM challenge_attempts WHERE challenge_id = $1 AND user_id = $2",
            challenge_id,
            user_id,
        )
        return None if row is None else _attempt(row)

    async def update_attempt(
        self,
        challenge_id: int,
        user_id: int,
        *,
        thread_id: int | None = None,
        table_id: int | None = None,
    ) -> None:
        await self.database.execute(
            "UPDATE challenge_attempts SET thread_id = $1, table_id = $2"
            " WHERE challenge_id = $3 AND user_id = $4",
            thread_id,
            table_id,
            challenge_id,
            user_id,
        )

    async def record_result(
        self, challenge_id: int, result: DealResult, finished_at: str, last: bool
    ) -> bool:
        async with self.database.transaction() as conn:
            # The attempt moves on only from before this deal: the one statement that decides
            # when a restart recovers the same deal twice, in any process.
            moved = await conn.fetchrow(
                "UPDATE challenge_attempts SET deals_done = $1, table_id = NULL, finished_at = $2"
                " WHERE challenge_id = $3 AND user_id = $4 AND deals_done <= $5 RETURNING user_id",
                result.deal_no + 1,
                finished_at if last else None,
                challenge_id,
                result.user_id,
                result.deal_no,
            )
            if moved is None:
                return False
            await conn.execute(
                "INSERT INTO challenge_results (challenge_id, deal_no, user_id, table_id, score,"
                " detail, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                challenge_id,
                result.deal_no,
                result.user_id,
                result.table_id,
                result.score,
                json.dumps(result.detail),
                finished_at,
            )
        return True

    async def attempts_to_recover(self) -> list[Attempt]:
        rows = await self.database.fetch(
            "SELECT a.* FROM challenge_attempts a JOIN tables t ON t.id = a.table_id"
            " JOIN challenges c ON c.id = a.challenge_id"
            f" WHERE t.status IN ('finished', 'abandoned'){self._mine('c.guild_id')}"
            " ORDER BY a.challenge_id, a.user_id"
        )
        return [_attempt(row) for row in rows]

    async def open_attempts(self, challenge_id: int) -> list[Attempt]:
        rows = await self.database.fetch(
            "SELECT * FROM challenge_attempts WHERE challenge_id = $1 AND table_id IS NOT NULL"
            " ORDER BY user_id",
            challenge_id,
        )
        return [_attempt(row) for row in rows]

    async def attempt_counts(self, challenge_id: int) -> tuple[int, int]:
        row = await self.database.fetchrow(
            "SELECT COUNT(*) AS started, COUNT(finished_at) AS finished"
            " FROM challenge_attempts WHERE challenge_id = $1",
            challenge_id,
        )
        return (int(row["started"]), int(row["finished"])) if row is not None else (0, 0)

    # ------------------------------------------------------------------ standings
    async def standings(
        self,
        challenge_id: int,
        *,
        page: int = 1,
        user_id: int | None = None,
        page_size: int = STANDINGS_PAGE,
        deals_below: int | None = None,
    ) -> Standings:
        counted, values = (
            ("", ()) if deals_below is None else (" AND r.deal_no < $2", (deals_below,))
        )
        if deals_below is None:
            found = await self.database.fetchrow(
                "SELECT deal_count FROM challenges WHERE id = $1", challenge_id
            )
            out_of = int(found["deal_count"]) if found is not None else 0
        else:
            out_of = deals_below
        rows = await self.database.fetch(
            f"{MARKS} SELECT r.user_id AS user_id, a.name AS name, COUNT(*) AS deals,"
            " SUM(m.percent) AS points,"
            " SUM(CASE WHEN p.score IS NULL THEN 0 ELSE r.score - p.score END) AS vs_par,"
            " SUM(CASE WHEN p.score IS NULL THEN 0 ELSE 1 END) AS par_deals,"
            " a.finished_at AS finished_at"
            " FROM challenge_results r"
            " JOIN marks m ON m.deal_no = r.deal_no AND m.score = r.score"
            " JOIN challenge_attempts a ON a.challenge_id = r.challenge_id AND a.user_id = r.user_id"
            " LEFT JOIN challenge_pars p ON p.challenge_id = r.challenge_id"
            " AND p.deal_no = r.deal_no"
            f" WHERE r.challenge_id = $1{counted} GROUP BY r.user_id, a.name, a.finished_at",
            challenge_id,
            *values,
        )
        # Every line over the same deals (docs/challenges.md, "Standings"): a deal not played
        # counts 0 %, and par is compared per deal played, so that leaving a deal unplayed
        # never helps (a player who played one deal of two at 50 % had 50 %, and ranked above
        # one who played both at 50 % with a worse total against par).
        found_lines = [
            Standing(
                rank=0,
                user_id=int(r["user_id"]),
                name=str(r["name"]),
                deals=int(r["deals"]),
                percent=float(r["points"]) / max(out_of, int(r["deals"]), 1),
                vs_par=int(r["vs_par"]),
                finished=r["finished_at"] is not None,
                counted=max(out_of, int(r["deals"])),
                par_deals=int(r["par_deals"]),
            )
            for r in rows
        ]
        ordered = sorted(found_lines, key=lambda line: (*_standing_key(line), line.user_id))
        lines: list[Standing] = []
        rank = 0
        previous: tuple[float, float] | None = None
        for index, line in enumerate(ordered, start=1):
            key = _standing_key(line)
            if key != previous:
                rank, previous = index, key
            lines.append(replace(line, rank=rank))
        shared = Counter(line.rank for line in lines)
        lines = [replace(line, tied=shared[line.rank] > 1) for line in lines]
        pages = max(1, math.ceil(len(lines) / page_size))
        own = next((line for line in lines if line.user_id == user_id), None)
        shown = lines[(page - 1) * page_size : page * page_size]
        return Standings(shown, own, len(lines), page, pages)

    async def deal_field(
        self, challenge_id: int, deal_no: int, *, limit: int | None = None
    ) -> list[DealResult]:
        page = "" if limit is None else f" LIMIT {int(limit)}"
        rows = await self.database.fetch(
            f"{RESULTS} WHERE r.challenge_id = $1 AND r.deal_no = $2"
            f" ORDER BY r.score DESC, a.name, r.user_id{page}",
            challenge_id,
            deal_no,
        )
        return [_result(row) for row in rows]

    async def own_results(self, challenge_id: int, user_id: int) -> list[DealResult]:
        rows = await self.database.fetch(
            f"{RESULTS} WHERE r.challenge_id = $1 AND r.user_id = $2 ORDER BY r.deal_no",
            challenge_id,
            user_id,
        )
        return [_result(row) for row in rows]

    # ------------------------------------------------------------------ daily
    async def set_daily(self, schedule: DailySchedule) -> None:
        await self.database.execute(
            "INSERT INTO challenge_daily (guild_id, game, channel_id, creator_id, seats,"
            " deal_count, options, next_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            " ON CONFLICT (guild_id, game) DO UPDATE SET channel_id = excluded.channel_id,"
            " creator_id = excluded.creator_id, seats = excluded.seats,"
            " deal_count = excluded.deal_count, options = excluded.options,"
            " next_at = excluded.next_at",
            schedule.guild_id,
            schedule.game,
            schedule.channel_id,
            schedule.creator_id,
            schedule.seats,
            schedule.deal_count,
            json.dumps(schedule.options),
            schedule.next_at,
        )

    async def stop_daily(self, guild_id: int, game: str) -> bool:
        row = await self.database.fetchrow(
            "DELETE FROM challenge_daily WHERE guild_id = $1 AND game = $2 RETURNING game",
            guild_id,
            game,
        )
        return row is not None

    async def due_daily(self, now: str) -> list[DailySchedule]:
        rows = await self.database.fetch(
            f"SELECT * FROM challenge_daily WHERE next_at <= $1{self._mine('guild_id')}"
            " ORDER BY next_at, guild_id, game",
            now,
        )
        return [_daily(row) for row in rows]

    async def claim_daily(self, schedule: DailySchedule, next_at: str) -> bool:
        # One statement decides, whichever process asks first.
        row = await self.database.fetchrow(
            "UPDATE challenge_daily SET next_at = $1 WHERE guild_id = $2 AND game = $3"
            " AND next_at = $4 RETURNING next_at",
            next_at,
            schedule.guild_id,
            schedule.game,
            schedule.next_at,
        )
        return row is not None
