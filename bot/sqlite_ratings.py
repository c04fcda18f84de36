"""SQLite side of ratings and history (``RatingStorage``), mixed into ``SqliteStorage``.

The tables are those of migration 003. A game is rated in one transaction with the rows that
say so (``matches``), so a game is rated exactly once: ``rate_table`` on a stored game only reads
back what it did. The hot paths (a leaderboard page, a player's stats) are single indexed
queries; the benchmark ``benchmarks/leaderboard.py`` keeps them honest.
"""

from __future__ import annotations

import asyncio
import datetime
import functools
import json
import sqlite3
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar, cast

from bot.ratings import (
    PROVISIONAL_GAMES,
    Board,
    BoardLine,
    Companion,
    Entrant,
    GameStats,
    HistoryEntry,
    HistorySeat,
    PlayerStats,
    RatingChange,
    Skill,
    player_key,
    rate,
    shown_rating,
)
from bot.ratings_store import PAGE_SIZE, PERIODS, RatingStorage
from games.registry import game_class

if TYPE_CHECKING:
    import aiosqlite

RATINGS_MIGRATION = 3
"""The migration that creates these tables; after it runs, the finished tables are rated."""
HISTORY_POINTS = 200
"""A rating chart shows at most this many games (the latest)."""
NOW = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"

F = TypeVar("F", bound=Callable[..., Coroutine[Any, Any, Any]])


def _serialized(method: F) -> F:
    """The storage's one-call-at-a-time lock (see ``bot.sqlite_storage.serialized``)."""

    @functools.wraps(method)
    async def wrapper(self: SqliteRatings, *args: Any, **kwargs: Any) -> Any:
        async with self._lock:
            return await method(self, *args, **kwargs)

    return cast(F, wrapper)


def _iso_days_ago(days: int) -> str:
    moment = datetime.datetime.now(datetime.UTC) - datetime.timedelta(days=days)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class SqliteRatings(RatingStorage):
    if TYPE_CHECKING:
        _lock: asyncio.Lock

        @property
        def db(self) -> aiosqlite.Connection: ...

        async def _exec(self, sql: str, args: tuple[Any, ...] = ()) -> int | None: ...

    async def _all(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        async with self.db.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def _one(self, sql: str, args: tuple[Any, ...] = ()) -> sqlite3.Row | None:
        async with self.db.execute(sql, args) as cur:
            row: sqlite3.Row | None = await cur.fetchone()
        return row

    async def after_migration(self, number: int) -> None:
        """Called inside a migration's transaction, after its statements."""
        if number == RATINGS_MIGRATION:
            await self._rate_pending()

    # ------------------------------------------------------------------ writing
    @_serialized
    async def record_departure(self, table_id: int, seat: int, user_id: int, name: str) -> None:
        await self._exec(
            "INSERT OR IGNORE INTO departures (table_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
            (table_id, seat, user_id, name),
        )

    @_serialized
    async def rate_table(self, table_id: int) -> list[RatingChange]:
        await self._exec("BEGIN IMMEDIATE")
        try:
            await self._store_match(table_id)
            changes = await self._changes(table_id)
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return changes

    @_serialized
    async def rate_pending(self) -> int:
        await self._exec("BEGIN IMMEDIATE")
        try:
            count = await self._rate_pending()
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return count

    async def _rate_pending(self) -> int:
        rows = await self._all(
            "SELECT id FROM tables WHERE status IN ('finished', 'abandoned')"
            " AND first_dealer IS NOT NULL AND id NOT IN (SELECT table_id FROM matches)"
            " ORDER BY finished_at, id"
        )
        stored = 0
        for row in rows:
            stored += await self._store_match(int(row["id"]))
        return stored

    async def _store_match(self, table_id: int) -> int:
        """Store one ended table's game (and rate it); 1 if stored now, 0 otherwise (already
        stored, not ended, or a lobby that never started). Few statements on purpose: this
        runs at the end of every game, and for every game of a database being migrated."""
        # One read for everything (each statement is a hop to the database thread, and this
        # runs while a table waits for its result message): the table, its result, who sat
        # where (and who left), and the ratings of all of them.
        table = await self._one(
            "SELECT t.*, r.totals AS totals, r.winners AS winners,"
            " (SELECT MIN(created_at) FROM actions a WHERE a.table_id = t.id) AS started_at,"
            " EXISTS (SELECT 1 FROM matches m WHERE m.table_id = t.id) AS stored,"
            " (SELECT json_group_array(json_array(0, seat, user_id, ai_level, name))"
            "  FROM seats WHERE table_id = t.id) AS seat_list,"
            " (SELECT json_group_array(json_array(1, seat, user_id, NULL, name))"
            "  FROM departures WHERE table_id = t.id) AS departed_list,"
            " (SELECT json_group_array(json_array(player, mu, sigma, games)) FROM ratings g"
            "  WHERE g.guild_id = t.guild_id AND g.game = t.game AND g.player IN"
            "  (SELECT CASE WHEN user_id IS NULL THEN 'ai:' || ai_level ELSE 'u:' || user_id END"
            "   FROM seats WHERE table_id = t.id"
            "   UNION SELECT 'u:' || user_id FROM departures WHERE table_id = t.id)) AS skills"
            " FROM tables t LEFT JOIN results r ON r.table_id = t.id WHERE t.id = ?",
            (table_id,),
        )
        if table is None or table["stored"] or table["first_dealer"] is None:
            return 0
        if table["status"] not in ("finished", "abandoned"):
            return 0
        game = str(table["game"])
        options = json.loads(table["options"])
        settings = json.loads(table["settings"])
        engine = game_class(game)(options=options, seats=table["seats"], dealer=0)
        sides = engine.sides
        finished = table["status"] == "finished" and table["totals"] is not None
        totals: list[int] = json.loads(table["totals"]) if finished else []
        winners: list[int] = json.loads(table["winners"]) if finished else []
        rated = finished and settings.get("rated", True) is not False
        seats = {int(r[1]): r for r in json.loads(table["seat_list"])}
        departed = {int(r[1]): r for r in json.loads(table["departed_list"])}
        entrants: list[Entrant] = []
        for index in range(table["seats"]):
            # The person who left the seat during play is rated there, not the computer.
            row = departed.get(index) or seats.get(index)
            if row is None:
                continue
            _, _, user_id, level, name = row
            entrants.append(
                Entrant(
                    seat=index,
                    side=engine.side_of(index),
                    player=player_key(user_id, level),
                    user_id=user_id,
                    ai_level=level,
                    name=str(name),
                    left=index in departed,
                )
            )
        guild = int(table["guild_id"])
        finished_at = str(table["finished_at"] or table["created_at"])
        current: dict[str, Skill] = {}
        games_before: dict[str, int] = {}
        for player, mu, sigma, count in json.loads(table["skills"]):
            current[player] = Skill(float(mu), float(sigma))
            games_before[player] = int(count)
        outcome = rate(entrants, totals, winners, sides, current) if rated else None
        await self._exec(
            "INSERT INTO matches (table_id, guild_id, game, status, rated, seats, sides, options,"
            " totals, winners, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                guild,
                game,
                "finished" if finished else "abandoned",
                int(rated),
                table["seats"],
                sides,
                json.dumps(options),
                json.dumps(totals),
                json.dumps(winners),
                table["started_at"],
                finished_at,
            ),
        )
        rows: list[tuple[Any, ...]] = []
        for entrant in entrants:
            before = current.get(entrant.player, Skill())
            after = outcome.after.get(entrant.player, before) if outcome else None
            rows.append(
                (
                    table_id,
                    entrant.seat,
                    entrant.side,
                    guild,
                    game,
                    finished_at,
                    entrant.player,
                    entrant.user_id,
                    entrant.ai_level,
                    entrant.name,
                    totals[entrant.side] if entrant.side < len(totals) else 0,
                    outcome.places[entrant.seat] if outcome else 0,
                    int(outcome.won[entrant.seat]) if outcome else 0,
                    int(entrant.left),
                    int(rated),
                    before.mu if rated else None,
                    before.sigma if rated else None,
                    after.mu if after else None,
                    after.sigma if after else None,
                    games_before.get(entrant.player, 0),
                )
            )
        await self.db.executemany(
            "INSERT INTO match_players (table_id, seat, side, guild_id, game, finished_at,"
            " player, user_id, ai_level, name, score, place, won, left_game, rated,"
            " mu_before, sigma_before, mu_after, sigma_after, games_before)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        if outcome is not None:
            wins: dict[str, int] = {}
            for entrant in entrants:
                wins[entrant.player] = wins.get(entrant.player, 0) + int(outcome.won[entrant.seat])
            named = {e.player: e for e in entrants}
            await self.db.executemany(
                "INSERT INTO ratings (guild_id, game, player, user_id, ai_level, name, mu,"
                " sigma, ordinal, games, wins, updated_at)"
                f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, {NOW})"
                " ON CONFLICT (guild_id, game, player) DO UPDATE SET name = excluded.name,"
                " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
                " games = games + 1, wins = wins + excluded.wins,"
                " updated_at = excluded.updated_at",
                [
                    (
                        guild,
                        game,
                        player,
                        named[player].user_id,
                        named[player].ai_level,
                        named[player].name
                        if named[player].user_id is not None
                        else f"Computer ({player[3:]})",
                        skill.mu,
                        skill.sigma,
                        skill.ordinal,
                        wins[player],
                    )
                    for player, skill in outcome.after.items()
                ],
            )
        return 1

    async def _changes(self, table_id: int) -> list[RatingChange]:
        rows = await self._all(
            "SELECT name, user_id, mu_before, sigma_before, mu_after, sigma_after, games_before"
            " FROM match_players WHERE table_id = ? AND rated = 1 AND user_id IS NOT NULL"
            " ORDER BY seat",
            (table_id,),
        )
        return [
            RatingChange(
                name=r["name"],
                user_id=r["user_id"],
                before=shown_rating(r["mu_before"], r["sigma_before"]),
                after=shown_rating(r["mu_after"], r["sigma_after"]),
                provisional=int(r["games_before"]) + 1 < PROVISIONAL_GAMES,
            )
            for r in rows
        ]

    # ------------------------------------------------------------------ settings
    async def _settings(self, guild_id: int) -> dict[str, Any]:
        row = await self._one("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        settings: dict[str, Any] = json.loads(row["settings"]) if row is not None else {}
        return settings

    @_serialized
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._settings(guild_id)

    @_serialized
    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        await self._exec("BEGIN IMMEDIATE")
        try:
            settings = await self._settings(guild_id)
            settings[key] = value
            await self._exec(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, json.dumps(settings)),
            )
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise

    @_serialized
    async def reset_ratings(self, guild_id: int, game: str) -> int:
        await self._exec("BEGIN IMMEDIATE")
        try:
            row = await self._one(
                "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game = ?"
                " AND user_id IS NOT NULL",
                (guild_id, game),
            )
            await self._exec(
                "DELETE FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
            )
            settings = await self._settings(guild_id)
            resets = dict(settings.get("resets") or {})
            # The history stays; what counts from now on is what is stored after this mark.
            mark = await self._one(
                "SELECT MAX(rowid) AS n FROM match_players WHERE guild_id = ? AND game = ?",
                (guild_id, game),
            )
            resets[game] = int(mark["n"] or 0) if mark is not None else 0
            settings["resets"] = resets
            await self._exec(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, json.dumps(settings)),
            )
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return int(row["n"]) if row is not None else 0

    @staticmethod
    def _reset_mark(settings: dict[str, Any], game: str) -> int:
        """Games stored after this row count (the last reset of ``game``; 0: every game)."""
        resets = settings.get("resets") or {}
        return int(resets.get(game, 0))

    # ------------------------------------------------------------------ reading
    @_serialized
    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        *,
        period: str = "all",
        page: int = 1,
        user_id: int | None = None,
        page_size: int = PAGE_SIZE,
    ) -> Board:
        if period not in PERIODS:
            raise ValueError(f"unknown period {period!r}")
        settings = await self._settings(guild_id)
        humans_only = "" if settings.get("show_computers") else " AND r.user_id IS NOT NULL"
        if period == "all":
            source = (
                "SELECT r.player, r.user_id, r.ai_level, r.name, r.mu, r.sigma, r.ordinal,"
                " r.games AS games, r.wins AS wins, r.games AS all_games"
                f" FROM ratings r WHERE r.guild_id = ? AND r.game = ?{humans_only}"
            )
            args: tuple[Any, ...] = (guild_id, game)
        else:
            # The last 30 days: the players who played then, with their games and wins of the
            # period, ranked by their rating now.
            source = (
                "SELECT r.player, r.user_id, r.ai_level, r.name, r.mu, r.sigma, r.ordinal,"
                " p.games AS games, p.wins AS wins, r.games AS all_games FROM"
                " (SELECT player, COUNT(*) AS games, SUM(won) AS wins FROM match_players"
                " WHERE guild_id = ? AND game = ? AND rated = 1 AND finished_at >= ?"
                " AND rowid > ? GROUP BY player) p"
                " JOIN ratings r ON r.guild_id = ? AND r.game = ? AND r.player = p.player"
                f" WHERE 1{humans_only}"
            )
            args = (
                guild_id,
                game,
                _iso_days_ago(30),
                self._reset_mark(settings, game),
                guild_id,
                game,
            )
        order = "ORDER BY ordinal DESC, all_games DESC, player"
        offset = (max(1, page) - 1) * page_size
        if period != "all":
            # The period's board is an aggregate over its games: computed once, then sliced.
            ranked = await self._all(f"SELECT * FROM ({source}) {order}", args)
            lines = [_line(offset + i + 1, r) for i, r in enumerate(ranked[offset:][:page_size])]
            mine_at = next((i for i, r in enumerate(ranked) if r["player"] == f"u:{user_id}"), None)
            found = _line(mine_at + 1, ranked[mine_at]) if mine_at is not None else None
            pages = max(1, -(-len(ranked) // page_size))
            return Board(game, period, page, pages, len(ranked), lines, found)
        total_row = await self._one(f"SELECT COUNT(*) AS n FROM ({source})", args)
        total = int(total_row["n"]) if total_row is not None else 0
        pages = max(1, -(-total // page_size))
        rows = await self._all(
            f"SELECT * FROM ({source}) {order} LIMIT ? OFFSET ?", (*args, page_size, offset)
        )
        lines = [_line(offset + i + 1, r) for i, r in enumerate(rows)]
        own: BoardLine | None = next((line for line in lines if line.user_id == user_id), None)
        if own is None and user_id is not None:
            mine = await self._one(
                f"SELECT * FROM ({source}) WHERE player = ?", (*args, f"u:{user_id}")
            )
            if mine is not None:
                above = await self._one(
                    f"SELECT COUNT(*) AS n FROM ({source}) WHERE ordinal > ?"
                    " OR (ordinal = ? AND (all_games > ? OR (all_games = ? AND player < ?)))",
                    (
                        *args,
                        mine["ordinal"],
                        mine["ordinal"],
                        mine["all_games"],
                        mine["all_games"],
                        mine["player"],
                    ),
                )
                own = _line(1 + (int(above["n"]) if above is not None else 0), mine)
        return Board(game, period, page, pages, total, lines, own)

    @_serialized
    async def player_stats(self, guild_id: int, user_id: int, game: str | None) -> PlayerStats:
        settings = await self._settings(guild_id)
        player = f"u:{user_id}"
        humans_only = "" if settings.get("show_computers") else " AND user_id IS NOT NULL"
        game_filter = " AND game = ?" if game is not None else ""
        game_args: tuple[Any, ...] = (game,) if game is not None else ()
        rows = await self._all(
            "SELECT game, COUNT(*) AS games, SUM(won) AS wins FROM match_players"
            f" WHERE guild_id = ? AND player = ? AND rated = 1{game_filter} GROUP BY game",
            (guild_id, player, *game_args),
        )
        per_game: list[GameStats] = []
        for row in rows:
            name = str(row["game"])
            rating = await self._one(
                "SELECT mu, sigma, ordinal, games, wins FROM ratings"
                " WHERE guild_id = ? AND game = ? AND player = ?",
                (guild_id, name, player),
            )
            rank: int | None = None
            shown: int | None = None
            provisional = True
            if rating is not None:
                above = await self._one(
                    "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game = ?"
                    f" AND ordinal > ?{humans_only}",
                    (guild_id, name, rating["ordinal"]),
                )
                rank = 1 + (int(above["n"]) if above is not None else 0)
                shown = shown_rating(rating["mu"], rating["sigma"])
                provisional = int(rating["games"]) < PROVISIONAL_GAMES
            of_row = await self._one(
                f"SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game = ?{humans_only}",
                (guild_id, name),
            )
            points = await self._all(
                "SELECT mu_after, sigma_after FROM match_players WHERE guild_id = ? AND player = ?"
                " AND game = ? AND rated = 1 AND rowid > ?"
                " ORDER BY finished_at DESC, table_id DESC LIMIT ?",
                (guild_id, player, name, self._reset_mark(settings, name), HISTORY_POINTS),
            )
            per_game.append(
                GameStats(
                    game=name,
                    games=int(row["games"]),
                    wins=int(row["wins"] or 0),
                    rating=shown,
                    provisional=provisional,
                    rank=rank,
                    of=int(of_row["n"]) if of_row is not None else 0,
                    history=[shown_rating(p[0], p[1]) for p in reversed(points)],
                )
            )
        per_game.sort(key=lambda s: -s.games)
        partner = await self._companion(guild_id, player, game, same_side=True)
        opponent = await self._companion(guild_id, player, game, same_side=False)
        return PlayerStats(per_game, partner, opponent)

    async def _companion(
        self, guild_id: int, player: str, game: str | None, *, same_side: bool
    ) -> Companion | None:
        """The best partner (most wins together, then the best rate) or the toughest opponent
        (the lowest win rate against, then the most games)."""
        side = "o.side = me.side" if same_side else "o.side <> me.side"
        game_filter = " AND me.game = ?" if game is not None else ""
        order = (
            "wins DESC, wins * 1.0 / games DESC, games DESC"
            if same_side
            else "wins * 1.0 / games ASC, games DESC"
        )
        row = await self._one(
            "SELECT o.name AS name, o.ai_level AS ai_level, MAX(o.finished_at) AS latest, COUNT(*) AS games,"
            " SUM(me.won) AS wins FROM match_players me"
            f" JOIN match_players o ON o.table_id = me.table_id AND o.seat <> me.seat AND {side}"
            " AND o.player <> me.player"
            f" WHERE me.guild_id = ? AND me.player = ? AND me.rated = 1{game_filter}"
            f" GROUP BY o.player ORDER BY {order}, o.player LIMIT 1",
            (guild_id, player, *((game,) if game is not None else ())),
        )
        if row is None:
            return None
        return Companion(
            str(row["name"]), int(row["games"]), int(row["wins"] or 0), row["ai_level"]
        )

    @_serialized
    async def history(
        self, guild_id: int, user_id: int, game: str | None, limit: int = 10
    ) -> list[HistoryEntry]:
        game_filter = " AND me.game = ?" if game is not None else ""
        rows = await self._all(
            "SELECT me.*, m.status AS status FROM match_players me"
            " JOIN matches m ON m.table_id = me.table_id"
            f" WHERE me.guild_id = ? AND me.user_id = ?{game_filter}"
            " ORDER BY me.finished_at DESC, me.table_id DESC LIMIT ?",
            (guild_id, user_id, *((game,) if game is not None else ()), limit),
        )
        if not rows:
            return []
        ids = [int(r["table_id"]) for r in rows]
        marks = ", ".join("?" for _ in ids)
        others: dict[int, list[HistorySeat]] = {}
        for r in await self._all(
            "SELECT table_id, name, side, won, left_game, ai_level FROM match_players"
            f" WHERE table_id IN ({marks}) ORDER BY table_id, seat",
            tuple(ids),
        ):
            others.setdefault(int(r["table_id"]), []).append(
                HistorySeat(
                    str(r["name"]),
                    int(r["side"]),
                    bool(r["won"]),
                    bool(r["left_game"]),
                    r["ai_level"] is not None,
                )
            )
        entries: list[HistoryEntry] = []
        for r in rows:
            rated = bool(r["rated"])
            entries.append(
                HistoryEntry(
                    table_id=int(r["table_id"]),
                    game=str(r["game"]),
                    finished_at=str(r["finished_at"]),
                    status=str(r["status"]),
                    rated=rated,
                    won=bool(r["won"]),
                    place=int(r["place"]),
                    left=bool(r["left_game"]),
                    before=shown_rating(r["mu_before"], r["sigma_before"]) if rated else None,
                    after=shown_rating(r["mu_after"], r["sigma_after"]) if rated else None,
                    seats=others.get(int(r["table_id"]), []),
                )
            )
        return entries

    @_serialized
    async def stored_record(self, guild_id: int, table_id: int) -> dict[str, Any] | None:
        row = await self._one(
            "SELECT r.record FROM results r JOIN tables t ON t.id = r.table_id"
            " WHERE r.table_id = ? AND t.guild_id = ?",
            (table_id, guild_id),
        )
        if row is None:
            return None
        record: dict[str, Any] = json.loads(row["record"])
        return record


def _line(rank: int, row: sqlite3.Row) -> BoardLine:
    return BoardLine(
        rank=rank,
        player=str(row["player"]),
        user_id=row["user_id"],
        ai_level=row["ai_level"],
        name=str(row["name"]),
        rating=shown_rating(row["mu"], row["sigma"]),
        games=int(row["games"]),
        wins=int(row["wins"] or 0),
        provisional=int(row["all_games"]) < PROVISIONAL_GAMES,
    )
