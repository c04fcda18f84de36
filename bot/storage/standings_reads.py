"""What ``/leaderboard``, ``/stats`` and ``/history`` read, mixed into both backends through
``RatingsWrites`` (which writes what this reads).

The hot paths are single indexed queries (a leaderboard page, a player's line and rank) or one
aggregate read once and sliced (the last 30 days); ``benchmarks/leaderboard.py`` keeps them
honest. Every query names its server.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from typing import TYPE_CHECKING, Any

from bot.storage.queries import Queries, serialized
from bot.storage.ratings import (
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
from bot.storage.ratings_interface import PAGE_SIZE, PERIODS, RatingStorage

if TYPE_CHECKING:
    pass

HISTORY_POINTS = 200
"""A rating chart shows at most this many games (the latest)."""
COMPANION_GAMES = 3
"""Games together (or against) before /stats names a best partner or a toughest opponent."""


def _iso_days_ago(days: int) -> str:
    moment = datetime.datetime.now(datetime.UTC) - datetime.timedelta(days=days)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class StandingsReads(Queries, RatingStorage):
    # ------------------------------------------------------------------ settings
    async def _settings(self, guild_id: int) -> dict[str, Any]:
        row = await self._one("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        settings: dict[str, Any] = json.loads(row["settings"]) if row is not None else {}
        return settings

    @serialized
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._settings(guild_id)

    @staticmethod
    def _reset_mark(settings: dict[str, Any], game: str) -> int:
        """Games stored after this row count (the last reset of ``game``; 0: every game)."""
        resets = settings.get("resets") or {}
        return int(resets.get(game, 0))

    # ------------------------------------------------------------------ reading
    @serialized
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

    @serialized
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
                # Ranked as the leaderboard orders: rating, then games played, then key.
                above = await self._one(
                    "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game = ?"
                    " AND (ordinal > ? OR (ordinal = ? AND (games > ? OR (games = ?"
                    f" AND player < ?)))){humans_only}",
                    (
                        guild_id,
                        name,
                        rating["ordinal"],
                        rating["ordinal"],
                        rating["games"],
                        rating["games"],
                        player,
                    ),
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
                    # Every game since the start (or the reset) is there: it began at a
                    # newcomer's rating, and a chart of one game is a step, not a flat line.
                    start=BASE if len(points) < HISTORY_POINTS else None,
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
        (the lowest win rate against, then the most games), only where there is something to
        say: ``COMPANION_GAMES`` games at least, won more often than not with the partner and
        lost more often than not against the opponent (a lone game named a partner one never
        won with, and an opponent one always beat)."""
        side = "o.side = me.side" if same_side else "o.side <> me.side"
        game_filter = " AND me.game = ?" if game is not None else ""
        order = (
            "wins DESC, wins * 1.0 / games DESC, games DESC"
            if same_side
            else "wins * 1.0 / games ASC, games DESC"
        )
        telling = (
            "2 * SUM(me.won) >= COUNT(*) AND SUM(me.won) > 0"
            if same_side
            else "2 * SUM(me.won) < COUNT(*)"
        )
        row = await self._one(
            "SELECT o.name AS name, o.ai_level AS ai_level, MAX(o.finished_at) AS latest, COUNT(*) AS games,"
            " SUM(me.won) AS wins FROM match_players me"
            f" JOIN match_players o ON o.table_id = me.table_id AND o.seat <> me.seat AND {side}"
            " AND o.player <> me.player"
            f" WHERE me.guild_id = ? AND me.player = ? AND me.rated = 1{game_filter}"
            f" GROUP BY o.player HAVING COUNT(*) >= ? AND {telling}"
            f" ORDER BY {order}, o.player LIMIT 1",
            (guild_id, player, *((game,) if game is not None else ()), COMPANION_GAMES),
        )
        if row is None:
            return None
        return Companion(
            str(row["name"]), int(row["games"]), int(row["wins"] or 0), row["ai_level"]
        )

    @serialized
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

    @serialized
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
