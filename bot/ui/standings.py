"""What ``/leaderboard``, ``/stats``, ``/history`` and the end of a game say, as text and images.

Every answer is text first (screen readers, and people who turned images off) and an image with
the same content. Nothing here talks to Discord: the cog sends what these functions build, and the
benchmark times them on the same path.
"""

from __future__ import annotations

import asyncio
import datetime
from dataclasses import dataclass

from discord.utils import escape_markdown

import rendering
from bot.storage.ratings.interface import PAGE_SIZE
from bot.storage.ratings.model import (
    Board,
    BoardLine,
    Companion,
    HistoryEntry,
    PlayerStats,
    RatingChange,
)
from bot.storage.storage import Storage
from bot.text.i18n import t
from i18n.bidi import clean_bidi
from i18n.numbers import number, signed
from rendering import LeaderboardRow


def games_text(count: int, locale: str) -> str:
    """ "1 game", "12 games" (the catalogue holds both forms)."""
    return t("count_games", locale, count=count)


def plain(name: str) -> str:
    """A Discord name as text: no markdown, no mention, no direction control (``i18n.bidi``)."""
    return escape_markdown(clean_bidi(name)).replace("@", "@\u200b")


def line_name(line: BoardLine, locale: str) -> str:
    if line.ai_level is not None:
        return t("computer_rated", locale, level=t(f"level_{line.ai_level}", locale))
    return line.name


def rating_text(rating: int, provisional: bool, locale: str) -> str:
    shown = number(rating, locale)
    return t("rating_provisional", locale, rating=shown) if provisional else shown


# --------------------------------------------------------------------------- game end
def change_lines(changes: list[RatingChange], locale: str) -> list[str]:
    """``Marie 1,024 → 1,041 (+17)``, one per person of the table."""
    return [
        t(
            "rating_change",
            locale,
            name=plain(c.name),
            before=number(c.before, locale),
            after=number(c.after, locale),
            delta=signed(c.delta, locale),
        )
        + (" " + t("rating_provisional_mark", locale) if c.provisional else "")
        for c in changes
    ]


# --------------------------------------------------------------------------- leaderboard
@dataclass(frozen=True)
class Answer:
    text: str
    image: bytes | None
    filename: str = ""


def board_title(game: str, locale: str) -> str:
    return t("board_title", locale, game=t(f"game_{game}", locale))


def board_subtitle(board: Board, locale: str) -> str:
    return t(
        "board_subtitle",
        locale,
        period=t(f"period_{board.period}", locale),
        page=board.page,
        pages=board.pages,
    )


def board_text(board: Board, locale: str) -> str:
    lines = [f"**{board_title(board.game, locale)}** — {board_subtitle(board, locale)}"]
    lines += [_board_line(line, locale) for line in board.lines]
    if board.own is not None and board.own not in board.lines:
        lines.append(t("board_you", locale, line=_board_line(board.own, locale)))
    return "\n".join(lines)


def _board_line(line: BoardLine, locale: str) -> str:
    return t(
        "board_line",
        locale,
        rank=line.rank,
        name=plain(line_name(line, locale)),
        rating=rating_text(line.rating, line.provisional, locale),
        games=games_text(line.games, locale),
        rate=round(100 * line.win_rate),
    )


def _row(line: BoardLine, own: BoardLine | None, locale: str) -> LeaderboardRow:
    return LeaderboardRow(
        rank=line.rank,
        name=line_name(line, locale),
        rating=line.rating,
        games=line.games,
        wins=line.wins,
        provisional=line.provisional,
        highlight=own is not None and line.player == own.player,
        computer=line.ai_level is not None,
    )


async def board_answer(
    storage: Storage,
    guild_id: int,
    game: str,
    period: str,
    page: int,
    user_id: int,
    locale: str = "en",
    *,
    everywhere: bool = False,
) -> tuple[Board, Answer]:
    """One leaderboard page: the board read from storage, its text and its image. The text
    says which games count: this server's tables, or (``everywhere``, the instance's ladder)
    the open tables of every server."""
    board = await storage.ratings.leaderboard(
        guild_id, game, period=period, page=page, user_id=user_id, page_size=PAGE_SIZE
    )
    if not board.lines:
        return board, Answer("", None)
    rows = [_row(line, board.own, locale) for line in board.lines]
    own_row = None
    if board.own is not None and all(line.player != board.own.player for line in board.lines):
        own_row = _row(board.own, board.own, locale)
    title = t("board_title_everywhere", locale, game=t(f"game_{game}", locale))
    image = await asyncio.to_thread(
        rendering.render_leaderboard,
        title if everywhere else board_title(game, locale),
        board_subtitle(board, locale),
        rows,
        own_row,
        locale=locale,
    )
    name = f"leaderboard-{game}-{page}.{rendering.IMAGE_EXTENSION}"
    text = board_text(board, locale)
    if everywhere:
        text = text.replace(board_title(game, locale), title, 1)
    counted = t("board_counts_everywhere" if everywhere else "board_counts_server", locale)
    return board, Answer(text + "\n" + counted, image, name)


# --------------------------------------------------------------------------- stats
def _companion(key: str, companion: Companion | None, locale: str) -> str | None:
    if companion is None:
        return None
    name = (
        t("computer_rated", locale, level=t(f"level_{companion.ai_level}", locale))
        if companion.ai_level is not None
        else companion.name
    )
    return t(key, locale, name=plain(name), games=companion.games, wins=companion.wins)


def stats_text(name: str, stats: PlayerStats, locale: str) -> str:
    lines = [t("stats_title", locale, name=plain(name))]
    for game in stats.per_game:
        rating = (
            rating_text(game.rating, game.provisional, locale)
            if game.rating is not None
            else t("stats_not_rated", locale)
        )
        rank = t("stats_rank", locale, rank=game.rank, of=game.of) if game.rank else ""
        lines.append(
            t(
                "stats_line",
                locale,
                game=t(f"game_{game.game}", locale),
                rating=rating,
                rank=rank,
                games=games_text(game.games, locale),
                wins=game.wins,
                rate=round(100 * game.win_rate),
            )
        )
    for line in (
        _companion("stats_partner", stats.best_partner, locale),
        _companion("stats_opponent", stats.toughest_opponent, locale),
    ):
        if line is not None:
            lines.append(line)
    return "\n".join(lines)


async def stats_answer(
    storage: Storage, guild_id: int, user_id: int, name: str, game: str | None, locale: str = "en"
) -> Answer | None:
    """None when the player has no rated game here (the cog answers kindly)."""
    stats = await storage.ratings.player_stats(guild_id, user_id, game)
    if not stats.per_game:
        return None
    charted = [s for s in stats.per_game if s.history]
    series = [(t(f"game_{s.game}", locale), s.history) for s in charted]
    image = await asyncio.to_thread(
        rendering.render_rating_chart,
        t("stats_chart_title", locale, name=name),
        series,
        locale=locale,
        # A line starts where the player started: one game is a step from 1,000, not a dot.
        starts=[s.start for s in charted],
    )
    return Answer(stats_text(name, stats, locale), image, f"rating-{user_id}.png")


# --------------------------------------------------------------------------- history
def _when(iso: str) -> str:
    try:
        moment = datetime.datetime.strptime(iso, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.UTC)
    except ValueError:
        return iso
    return f"<t:{int(moment.timestamp())}:d>"


def _players(entry: HistoryEntry, sides: int, locale: str) -> str:
    if sides < len(entry.seats):
        teams: dict[int, list[str]] = {}
        for seat in entry.seats:
            teams.setdefault(seat.side, []).append(plain(seat.name))
        versus = t("history_versus", locale)
        return versus.join(" & ".join(names) for _, names in sorted(teams.items()))
    return ", ".join(plain(seat.name) for seat in entry.seats)


def _result(entry: HistoryEntry, locale: str) -> str:
    if entry.status == "abandoned":
        return t("history_abandoned", locale)
    if entry.left:
        return t("history_left", locale)
    if entry.won:
        outcome = t("history_won", locale)
    elif entry.place == 0:
        outcome = t("history_tie", locale)
    else:
        outcome = t("history_lost", locale)
    if entry.before is not None and entry.after is not None:
        return t(
            "history_rated",
            locale,
            outcome=outcome,
            before=number(entry.before, locale),
            after=number(entry.after, locale),
            delta=signed(entry.after - entry.before, locale),
        )
    return t("history_unrated", locale, outcome=outcome)


def history_text(name: str, entries: list[HistoryEntry], locale: str) -> str:
    lines = [t("history_title", locale, name=plain(name))]
    for index, entry in enumerate(entries, start=1):
        sides = len({seat.side for seat in entry.seats})
        lines.append(
            t(
                "history_line",
                locale,
                number=index,
                when=_when(entry.finished_at),
                game=t(f"game_{entry.game}", locale),
                id=entry.table_id,
                players=_players(entry, sides, locale),
                result=_result(entry, locale),
            )
        )
    return "\n".join(lines)
