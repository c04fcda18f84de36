"""What ``/leaderboard``, ``/stats`` and ``/history`` read: the reading half of the ratings
area (``RatingStore`` adds what writes it).

The hot paths are single indexed queries (a leaderboard page, a player's line and rank) or one
aggregate read once and sliced (the last 30 days); ``benchmarks/leaderboard.py`` keeps them
honest. Every query names its server.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from bot.storage.databases.database import (
    TIME_FORMAT,
    Connection,
    Database,
    Row,
    now_moment,
    placeholders,
)
from bot.storage.ratings.interface import PAGE_SIZE, PERIODS, RatingStorage
from bot.storage.ratings.model import (
    BASE,
    PROVISIONAL_GAMES,
    Board,
    BoardLine,
    Companion,
    GameStats,
    HistoryEntry,
    HistorySeat,
    PlayerStats,
    shown_rating,
)
from bot.storage.settings.server import ServerSettings
from bot.storage.settings.store import read_settings

HISTORY_POINTS = 200
"""A rating chart shows at most this many games (the latest)."""
COMPANION_GAMES = 3
"""Games together (or against) before /stats names a best partner or a toughest opponent."""


def _iso_days_ago(days: int) -> str:
    moment = now_moment() - datetime.timedelta(days=days)
    return moment.strftime(TIME_FORMAT)


class StandingsReads(RatingStorage):
    def __init__(self, database: Database) -> None:
        self.database = database

    # ------------------------------------------------------------------ reading
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
        async with self.database.connection() as conn:
            return await self._board(conn, guild_id, game, period, page, user_id, page_size)

    async def _board(
        self,
        conn: Connection,
        guild_id: int,
        game: str,
        period: str,
        page: int,
        user_id: int | None,
        page_size: int,
    ) -> Board:
        settings = await read_settings(conn, guild_id)
        humans_only = "" if settings.show_computers else " AND r.user_id IS NOT NULL"
        if period == "all":
            source = (
                "SELECT r.player, r.user_id, r.ai_level, r.name, r.mu, r.sigma, r.ordinal,"
                " r.games AS games, r.wins AS wins, r.games AS all_games"
                f" FROM ratings r WHERE r.guild_id = $1 AND r.game = $2{humans_only}"
            )
            args: tuple[Any, ...] = (guild_id, game)
        else:
            # The last 30 days: the players who played then, with their games and wins of the
            # period, ranked by their rating now.
            source = (
                "SELECT r.player, r.user_id, r.ai_level, r.name, r.mu, r.sigma, r.ordinal,"
                " p.games AS games, p.wins AS wins, r.games AS all_games FROM"
                " (SELECT player, COUNT(*) AS games, SUM(won) AS wins FROM match_players"
                " WHERE guild_id = $1 AND game = $2 AND rated = 1 AND finished_at >= $3"
                " AND rowid > $4 GROUP BY player) AS p"
                " JOIN ratings r ON r.guild_id = $1 AND r.game = $2 AND r.player = p.player"
                f" WHERE TRUE{humans_only}"
            )
            args = (guild_id, game, _iso_days_ago(30), settings.reset_mark(game))
        board = f"({source}) AS board"
        order = "ORDER BY ordinal DESC, all_games DESC, player"
        offset = (max(1, page) - 1) * page_size
        n = len(args)  # the next placeholders are $n+1…
        if period != "all":
            # The period's board is an aggregate over its games: computed once, then sliced.
            ranked = await conn.fetch(f"SELECT * FROM {board} {order}", *args)
            lines = [_line(offset + i + 1, r) for i, r in enumerate(ranked[offset:][:page_size])]
            mine_at = next((i for i, r in enumerate(ranked) if r["player"] == f"u:{user_id}"), None)
            found = _line(mine_at + 1, ranked[mine_at]) if mine_at is not None else None
            pages = max(1, -(-len(ranked) // page_size))
            return Board(game, period, page, pages, len(ranked), lines, found)
        total_row = await conn.fetchrow(f"SELECT COUNT(*) AS n FROM {board}", *args)
        total = int(total_row["n"]) if total_row is not None else 0
        pages = max(1, -(-total // page_size))
        rows = await conn.fetch(
            f"SELECT * FROM {board} {order} LIMIT ${n + 1} OFFSET ${n + 2}",
            *args,
            page_size,
            offset,
        )
        lines = [_line(offset + i + 1, r) for i, r in enumerate(rows)]
        own: BoardLine | None = next((line for line in lines if line.user_id == user_id), None)
        if own is None and user_id is not None:
            mine = await conn.fetchrow(
                f"SELECT * FROM {board} WHERE player = ${n + 1}", *args, f"u:{user_id}"
            )
            if mine is not None:
                above = await conn.fetchrow(
                    f"SELECT COUNT(*) AS n FROM {board} WHERE ordinal > ${n + 1}"
                    f" OR (ordinal = ${n + 1} AND (all_games > ${n + 2}"
                    f" OR (all_games = ${n + 2} AND player < ${n + 3})))",
                    *args,
                    mine["ordinal"],
                    mine["all_games"],
                    mine["player"],
                )
                own = _line(1 + (int(above["n"]) if above is not None else 0), mine)
        return Board(game, period, page, pages, total, lines, own)

    async def player_stats(self, guild_id: int, user_id: int, game: str | None) -> PlayerStats:
        async with self.database.connection() as conn:
            settings = await read_settings(conn, guild_id)
            player = f"u:{user_id}"
            humans_only = "" if settings.show_computers else " AND user_id IS NOT NULL"
            game_filter = " AND game = $3" if game is not None else ""
            game_args: tuple[Any, ...] = (game,) if game is not None else ()
            rows = await conn.fetch(
                "SELECT game, COUNT(*) AS games, SUM(won) AS wins FROM match_players"
                f" WHERE guild_id = $1 AND player = $2 AND rated = 1{game_filter} GROUP BY game",
                guild_id,
                player,
                *game_args,
            )
            per_game = [
                await self._game_stats(conn, guild_id, player, row, settings, humans_only)
                for row in rows
            ]
            per_game.sort(key=lambda s: -s.games)
            partner = await self._companion(conn, guild_id, player, game, same_side=True)
            opponent = await self._companion(conn, guild_id, player, game, same_side=False)
        return PlayerStats(per_game, partner, opponent)

    async def _game_stats(
        self,
        conn: Connection,
        guild_id: int,
        player: str,
        row: Row,
        settings: ServerSettings,
        humans_only: str,
    ) -> GameStats:
        name = str(row["game"])
        rating = await conn.fetchrow(
            "SELECT mu, sigma, ordinal, games, wins FROM ratings"
            " WHERE guild_id = $1 AND game = $2 AND player = $3",
            guild_id,
            name,
            player,
        )
        rank: int | None = None
        shown: int | None = None
        provisional = True
        if rating is not None:
            # Ranked as the leaderboard orders: rating, then games played, then key.
            above = await conn.fetchrow(
                "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = $1 AND game = $2"
                " AND (ordinal > $3 OR (ordinal = $3 AND (games > $4 OR (games = $4"
                f" AND player < $5)))){humans_only}",
                guild_id,
                name,
                rating["ordinal"],
                rating["games"],
                player,
            )
            rank = 1 + (int(above["n"]) if above is not None else 0)
            shown = shown_rating(rating["mu"], rating["sigma"])
            provisional = int(rating["games"]) < PROVISIONAL_GAMES
        of_row = await conn.fetchrow(
            f"SELECT COUNT(*) AS n FROM ratings WHERE guild_id = $1 AND game = $2{humans_only}",
            guild_id,
            name,
        )
        points = await conn.fetch(
            "SELECT mu_after, sigma_after FROM match_players WHERE guild_id = $1 AND player = $2"
            " AND game = $3 AND rated = 1 AND rowid > $4"
            " ORDER BY finished_at DESC, table_id DESC LIMIT $5",
            guild_id,
            player,
            name,
            settings.reset_mark(name),
            HISTORY_POINTS,
        )
        return GameStats(
            game=name,
            games=int(row["games"]),
            wins=int(row["wins"] or 0),
            rating=shown,
            provisional=provisional,
            rank=rank,
            of=int(of_row["n"]) if of_row is not None else 0,
            history=[shown_rating(p[0], p[1]) for p in reversed(points)],
            # Every game since the start (or the reset) is there: it began at a newcomer's
            # rating, and a chart of one game is a step, not a flat line.
            start=BASE if len(points) < HISTORY_POINTS else None,
        )

    @staticmethod
    async def _companion(
        conn: Connection, guild_id: int, player: str, game: str | None, *, same_side: bool
    ) -> Companion | None:
        """The best partner (most wins together, then the best rate) or the toughest opponent
        (the lowest win rate against, then the most games), only where there is something to
        say: ``COMPANION_GAMES`` games at least, won more often than not with the partner and
        lost more often than not against the opponent (a lone game named a partner one never
        won with, and an opponent one always beat). Named as in their latest game here."""
        side = "o.side = me.side" if same_side else "o.side <> me.side"
        game_filter = " AND me.game = $4" if game is not None else ""
        order = (
            "SUM(me.won) DESC, SUM(me.won) * 1.0 / COUNT(*) DESC, COUNT(*) DESC"
            if same_side
            else "SUM(me.won) * 1.0 / COUNT(*) ASC, COUNT(*) DESC"
        )
        telling = (
            "2 * SUM(me.won) >= COUNT(*) AND SUM(me.won) > 0"
            if same_side
            else "2 * SUM(me.won) < COUNT(*)"
        )
        row = await conn.fetchrow(
            "SELECT o.player AS player, COUNT(*) AS games, SUM(me.won) AS wins"
            " FROM match_players me"
            f" JOIN match_players o ON o.table_id = me.table_id AND o.seat <> me.seat AND {side}"
            " AND o.player <> me.player"
            f" WHERE me.guild_id = $1 AND me.player = $2 AND me.rated = 1{game_filter}"
            f" GROUP BY o.player HAVING COUNT(*) >= $3 AND {telling}"
            f" ORDER BY {order}, o.player LIMIT 1",
            guild_id,
            player,
            COMPANION_GAMES,
            *((game,) if game is not None else ()),
        )
        if row is None:
            return None
        named = await conn.fetchrow(
            "SELECT name, ai_level FROM match_players WHERE guild_id = $1 AND player = $2"
            " ORDER BY finished_at DESC, table_id DESC LIMIT 1",
            guild_id,
            row["player"],
        )
        return Companion(
            str(named["name"]), int(row["games"]), int(row["wins"] or 0), named["ai_level"]
        )

    async def history(
        self, guild_id: int, user_id: int, game: str | None, limit: int = 10
    ) -> list[HistoryEntry]:
        game_filter = " AND me.game = $4" if game is not None else ""
        async with self.database.connection() as conn:
            rows = await conn.fetch(
                "SELECT me.*, m.status AS status FROM match_players me"
                " JOIN matches m ON m.table_id = me.table_id"
                f" WHERE me.guild_id = $1 AND me.user_id = $2{game_filter}"
                " ORDER BY me.finished_at DESC, me.table_id DESC LIMIT $3",
                guild_id,
                user_id,
                limit,
                *((game,) if game is not None else ()),
            )
            if not rows:
                return []
            ids = [int(r["table_id"]) for r in rows]
            seated = await conn.fetch(
                "SELECT table_id, name, side, won, left_game, ai_level FROM match_players"
                f" WHERE table_id IN ({placeholders(len(ids))}) ORDER BY table_id, seat",
                *ids,
            )
        others: dict[int, list[HistorySeat]] = {}
        for r in seated:
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

    async def stored_record(self, guild_id: int, table_id: int) -> dict[str, Any] | None:
        row = await self.database.fetchrow(
            "SELECT r.record FROM results r JOIN tables t ON t.id = r.table_id"
            " WHERE r.table_id = $1 AND t.guild_id = $2",
            table_id,
            guild_id,
        )
        if row is None:
            return None
        record: dict[str, Any] = json.loads(row["record"])
        return record


def _line(rank: int, row: Row) -> BoardLine:
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
