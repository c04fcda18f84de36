"""Seasons on storage, on SQLite and PostgreSQL: a game counts in the season holding its end, its
players' season ratings start from the soft reset and meet the computers' fixed ratings, a season
closes once whoever tries, the next begins with its divisions, and a reset starts the open
season again."""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from typing import Any

import pytest

import bot.storage.databases.migrations as schema
from bot.storage.backends import make_storage
from bot.storage.databases import database
from bot.storage.ratings.model import Skill
from bot.storage.seasons.model import computer_skill, season_start
from bot.storage.shards import Shards
from bot.storage.storage import Storage
from bot.storage.tables.settings import TableSettings

GUILD = 1


class Clock:
    def __init__(self, start: str) -> None:
        self.at = datetime.datetime.fromisoformat(start).replace(tzinfo=datetime.UTC)

    def __call__(self) -> datetime.datetime:
        return self.at

    def set(self, text: str) -> str:
        self.at = datetime.datetime.fromisoformat(text).replace(tzinfo=datetime.UTC)
        return database.now()


@pytest.fixture
def clock() -> Iterator[Clock]:
    moment = Clock("2026-03-10T12:00:00")
    database.use_clock(moment)
    yield moment
    database.use_clock(None)


@pytest.fixture
async def storage(db_url: str, clock: Clock) -> AsyncIterator[Storage]:
    store = make_storage(db_url)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


async def duel(
    storage: Storage, winner: int | str, loser: int | str, game: str = "piquet", **kw: Any
) -> int:
    """A finished, rated duel; a player is a user id or a computer level."""
    row = await storage.tables.create(kw.get("guild", GUILD), 10, game, 2, 100, {}, TableSettings())
    for seat, who in enumerate((winner, loser)):
        if isinstance(who, str):
            await storage.tables.set_seat(row.id, seat, None, who, f"Computer {seat + 1}")
        else:
            await storage.tables.set_seat(row.id, seat, who, None, f"user{who}")
    await storage.tables.update(row.id, status="playing", first_dealer=0)
    await storage.tables.finish(row.id, "finished", [150, 80], [0], {"game": game})
    if kw.get("rate", True):
        await storage.ratings.rate_table(row.id)
    return int(row.id)


async def season_row(storage: Storage, user: int, season: int, game: str = "piquet") -> Any:
    return await storage.database.fetchrow(
        "SELECT * FROM season_ratings WHERE guild_id = $1 AND season = $2 AND game = $3"
        " AND player = $4",
        GUILD,
        season,
        game,
        f"u:{user}",
    )


async def test_a_game_counts_in_the_season_holding_its_end(storage: Storage, clock: Clock) -> None:
    first = await duel(storage, 1, 2)
    (season,) = await storage.seasons.seasons(GUILD)
    # The first season began at once, with the first rated game, and ends with the month.
    assert (season.number, season.starts_at, season.ends_at) == (
        1,
        "2026-03-10T12:00:00Z",
        "2026-04-01T00:00:00Z",
    )
    # A newcomer's season starts where their all-time rating did; the winner went up.
    row = await season_row(storage, 1, 1)
    assert (row["games"], row["wins"], row["start_mu"]) == (1, 1, Skill().mu)
    assert row["mu"] > 25
    clock.set("2026-04-01T00:00:00")  # on the boundary: the next season
    second = await duel(storage, 2, 1)
    seasons = await storage.database.fetch("SELECT table_id, season FROM matches ORDER BY table_id")
    assert [(r["table_id"], r["season"]) for r in seasons] == [(first, 1), (second, 2)]
    # The second season of player 1 starts from their all-time rating, softly reset.
    all_time = await storage.database.fetchrow(
        "SELECT mu_before, sigma_before FROM match_players WHERE table_id = $1 AND player = 'u:1'",
        second,
    )
    start = season_start(Skill(all_time["mu_before"], all_time["sigma_before"]))
    row = await season_row(storage, 1, 2)
    assert (row["start_mu"], row["start_sigma"]) == pytest.approx((start.mu, start.sigma))
    assert row["sigma"] < row["start_sigma"] and row["mu"] < start.mu


async def test_computers_play_at_their_fixed_rating_and_are_never_ranked(
    storage: Storage,
) -> None:
    await duel(storage, 1, "hard")
    await duel(storage, 2, "easy")
    rows = await storage.database.fetch("SELECT player FROM season_ratings ORDER BY player")
    assert [r["player"] for r in rows] == ["u:1", "u:2"]
    # Beating the hard computer is worth more than beating the easy one.
    one, two = await season_row(storage, 1, 1), await season_row(storage, 2, 1)
    assert one["mu"] > two["mu"] > 25
    # Its all-time rating moves as before; its season one stays what its level says.
    hard = computer_skill("hard")
    await duel(storage, 3, "hard")
    three = await season_row(storage, 3, 1)
    assert three["mu"] == pytest.approx(one["mu"])
    assert hard.mu == 32.0


async def test_a_season_closes_once_and_the_next_begins_with_divisions(
    storage: Storage, clock: Clock, db_url: str
) -> None:
    await storage.settings.update(GUILD, lambda s: replace(s, season_min_games=1))
    await storage.settings.update(GUILD, lambda s: replace(s, announce_channel=77))
    for n in range(0, 46, 2):
        await duel(storage, 100 + n, 101 + n)
    await duel(storage, 100, 103)  # 46 players, 47 games
    # A game that ended before the boundary but is not stored yet is not left out.
    clock.set("2026-03-31T23:59:59")
    late = await duel(storage, 140, 100, rate=False)
    now = clock.set("2026-04-01T00:01:30")
    assert not await storage.seasons.anything_due("2026-03-31T23:59:59Z")
    assert await storage.seasons.anything_due(now)
    assert [s.number for s in await storage.seasons.due(now)] == [1]
    # A second process on the database: a shard cluster of other servers does not see it due;
    # one of this server's (a restart racing the old process) tries to close it at once.
    other = make_storage(db_url)
    await other.open()
    try:
        other.shards = Shards(2, (1,))
        assert await other.seasons.due(now) == []
        other.shards = Shards(2, (0,))
        assert [s.number for s in await other.seasons.due(now)] == [1]
        closed = await asyncio.gather(
            storage.seasons.close(GUILD, 1, now), other.seasons.close(GUILD, 1, now)
        )
    finally:
        await other.close()
    done = [c for c in closed if c is not None]
    assert len(done) == 1 and await storage.seasons.due(now) == []
    (result,) = done
    assert (
        await storage.database.fetchrow("SELECT season FROM matches WHERE table_id = $1", late)
    )["season"] == 1
    table = result.standings["piquet"]
    assert table.divisions == 1 and table.ranked == 46
    assert result.following is not None and result.following.number == 2
    assert result.following.starts_at == "2026-04-01T00:00:00Z"
    # The next season has two divisions of 23, by rating at its start.
    split = await storage.database.fetch(
        "SELECT division, COUNT(*) AS n FROM season_divisions WHERE season = 2"
        " GROUP BY division ORDER BY division"
    )
    assert [(r["division"], r["n"]) for r in split] == [(1, 23), (2, 23)]
    posts = await storage.seasons.pending_posts()
    assert [(p.season, p.game, p.channel_id) for p in posts] == [(1, "piquet", 77)]
    assert await storage.seasons.claim_post(posts[0], now, now)
    assert not await storage.seasons.claim_post(posts[0], now, now)
    await storage.seasons.posted(posts[0], 5, now)
    assert await storage.seasons.pending_posts() == []
    await storage.seasons.roles_given(result.season, now)
    assert not await storage.seasons.anything_due(now)
    # Nothing is closed twice, even after a restart.
    assert await storage.seasons.close(GUILD, 1, now) is None


async def test_a_reset_starts_the_open_season_again(storage: Storage, clock: Clock) -> None:
    await duel(storage, 1, 2)
    await duel(storage, 1, 2, game="briscola")
    await storage.ratings.reset(GUILD, "piquet")
    assert await season_row(storage, 1, 1) is None
    assert await season_row(storage, 1, 1, "briscola") is not None
    await duel(storage, 2, 1)
    row = await season_row(storage, 1, 1)
    assert (row["games"], row["start_mu"], row["start_sigma"]) == (1, Skill().mu, Skill().sigma)


async def test_seasons_off_make_no_season_and_a_length_applies_at_the_next_boundary(
    storage: Storage, clock: Clock
) -> None:
    await storage.settings.update(GUILD, lambda s: replace(s, season="off"))
    await duel(storage, 1, 2)
    assert await storage.seasons.seasons(GUILD) == []
    await storage.settings.update(GUILD, lambda s: replace(s, season="monthly"))
    await duel(storage, 1, 2)
    await storage.settings.update(GUILD, lambda s: replace(s, season="weekly"))
    (march,) = await storage.seasons.seasons(GUILD)
    assert march.ends_at == "2026-04-01T00:00:00Z"  # unchanged mid-season
    now = clock.set("2026-04-01T00:05:00")
    closed = await storage.seasons.close(GUILD, 1, now)
    assert closed is not None and closed.following is not None
    # April 1st 2026 is a Wednesday: the first weekly season ends on Monday the 6th.
    assert (closed.following.starts_at, closed.following.ends_at) == (
        "2026-04-01T00:00:00Z",
        "2026-04-06T00:00:00Z",
    )
    await storage.settings.update(GUILD, lambda s: replace(s, season="off"))
    now = clock.set("2026-04-06T00:05:00")
    closed = await storage.seasons.close(GUILD, 2, now)
    assert closed is not None and closed.following is None
    assert await storage.seasons.current(GUILD, now) is None


async def test_a_player_s_season_in_stats_is_where_the_standings_show_them(
    storage: Storage,
) -> None:
    """``/stats`` counts a player's place in a running season in SQL; it agrees with the
    standings, divisions, zones and those not ranked yet included."""
    for n in range(0, 60, 2):
        await duel(storage, 200 + n, 201 + n)
        await duel(storage, 201 + n, 200 + n + 2 if n < 58 else 200)
    (season,) = await storage.seasons.seasons(GUILD)
    for n in range(10):
        await duel(storage, 300 + n, 200 + n)  # newcomers, not in the divisions
    rows = await storage.database.fetch("SELECT player FROM season_ratings ORDER BY player")
    ladder = [(GUILD, 1, "piquet", str(r["player"]), 1 + i % 3) for i, r in enumerate(rows[:50])]
    async with storage.database.transaction() as conn:
        await conn.executemany(
            "INSERT INTO season_divisions (guild_id, season, game, player, division)"
            " VALUES ($1, $2, $3, $4, $5)",
            ladder,
        )
    table = await storage.seasons.standings(season, "piquet", 2)
    assert table.divisions == 3 and any(t.up for t in table.tables)
    for division in table.tables:
        for line in division.lines:
            assert line.user_id is not None
            (mine,) = await storage.seasons.player_seasons(GUILD, line.user_id, "piquet", 2, 1)
            assert (mine.rank, mine.division, mine.move, mine.to_go) == (
                line.rank,
                line.division,
                line.move,
                line.to_go,
            )


async def test_the_seasons_migration_keeps_every_rating(
    db_url: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database of the version before seasons (migration 7) is upgraded in place: every
    rating and every stored game stays as it was, the old games count in no season, and the
    next game begins the first one."""
    today = schema.migrations
    monkeypatch.setattr(
        schema, "migrations", lambda folder: [m for m in today(folder) if m.number <= 7]
    )
    old = make_storage(db_url)
    # The code of that version: nothing of seasons with a stored game.
    old.ratings.stored_hooks = ()  # type: ignore[attr-defined]
    await old.open()
    try:
        await duel(old, 1, 2)
        await duel(old, 3, 1, game="briscola")
        before = await old.database.fetch("SELECT * FROM ratings ORDER BY game, player")
    finally:
        await old.close()
    monkeypatch.setattr(schema, "migrations", today)
    new = make_storage(db_url)
    await new.open()
    try:
        after = await new.database.fetch("SELECT * FROM ratings ORDER BY game, player")
        assert [dict(r) for r in after] == [dict(r) for r in before]
        stored = await new.database.fetch("SELECT season FROM matches")
        assert [r["season"] for r in stored] == [None, None]
        assert await new.seasons.seasons(GUILD) == []
        await duel(new, 2, 1)
        (first,) = await new.seasons.seasons(GUILD)
        assert first.starts_at == "2026-03-10T12:00:00Z"
    finally:
        await new.close()
