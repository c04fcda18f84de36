"""What a season shows, as text and images, without Discord: a page of its standings (one
division at a time), a player's seasons in ``/stats``, and the message of its end.

Text first (screen readers, images turned off), and an image with the same content; the
benchmark (``benchmarks/season_board.py``) times ``season_answer`` as ``/leaderboard`` runs it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Final

from bot.storage.seasons.interface import PlayerSeason
from bot.storage.seasons.model import DivisionTable, Season, Standing, Standings
from bot.storage.storage import Storage
from bot.text.i18n import t
from bot.text.seasons import season_dates, season_name
from bot.ui.standings import Answer, games_text, plain
from i18n.numbers import number
from rendering import IMAGE_EXTENSION
from rendering.season import PodiumPlace, SeasonRow, render_podium, render_season_board

PAGE_SIZE: Final = 10
MEDALS: Final = ("🥇", "🥈", "🥉")
MESSAGE_LIMIT: Final = 2000
MOVES_SHOWN: Final = 6
"""Division boundaries whose moves the end-of-season message names; the rest are counted."""


@dataclass(frozen=True)
class SeasonPage:
    """One page of a season's standings of one game: a division's (or the season's, with no
    divisions), ranked players first, then those not ranked yet."""

    season: Season
    game: str
    standings: Standings
    table: DivisionTable
    page: int
    pages: int
    offset: int
    lines: list[Standing]
    own: Standing | None
    """The caller's line when it is not on this page (None: they have not played)."""

    @property
    def division(self) -> int | None:
        return self.table.division


def season_page(
    season: Season,
    game: str,
    standings: Standings,
    division: int | None,
    page: int,
    player: str | None,
) -> SeasonPage | None:
    """The page asked for; the caller's own division when none is named. None: no such page."""
    mine = standings.find(player) if player is not None else None
    if standings.divisions > 1:
        wanted = division if division is not None else (mine.division if mine else 1)
        table = standings.table(min(max(1, wanted or 1), standings.divisions))
    else:
        table = standings.tables[0]
    everyone = table.lines
    pages = max(1, -(-len(everyone) // PAGE_SIZE))
    if page < 1 or page > pages:
        return None
    offset = (page - 1) * PAGE_SIZE
    lines = everyone[offset : offset + PAGE_SIZE]
    own = mine if mine is not None and all(line.player != mine.player for line in lines) else None
    return SeasonPage(season, game, standings, table, page, pages, offset, lines, own)


def page_title(page: SeasonPage, locale: str) -> str:
    return t(
        "season_board_title",
        locale,
        game=t(f"game_{page.game}", locale),
        season=season_name(page.season.number, locale),
    )


def page_subtitle(page: SeasonPage, locale: str) -> str:
    parts = []
    if page.division is not None:
        parts.append(
            t(
                "season_board_division",
                locale,
                division=page.division,
                divisions=page.standings.divisions,
            )
        )
    parts.append(season_dates(page.season.starts_at, page.season.ends_at, locale))
    if page.pages > 1:
        parts.append(t("season_board_page", locale, page=page.page, pages=page.pages))
    return " · ".join(parts)


def _line(line: Standing, locale: str) -> str:
    if line.rank is None:
        return t(
            "season_line_unranked",
            locale,
            name=plain(line.name),
            games=games_text(line.games, locale),
            count=line.to_go,
        )
    return t(
        "board_line",
        locale,
        rank=line.rank,
        name=plain(line.name),
        rating=number(line.rating, locale),
        games=games_text(line.games, locale),
        rate=round(100 * line.win_rate),
    )


def _marks(page: SeasonPage) -> tuple[int | None, int | None, int | None]:
    """Where the promotion line (after), the relegation line (before) and the "not yet ranked"
    heading (before) fall on this page, as indices of its lines."""
    table = page.table
    ranked = len(table.ranked)

    def here(index: int) -> int | None:
        at = index - page.offset
        return at if 0 <= at < len(page.lines) else None

    promotion = here(table.up - 1) if table.up else None
    relegation = here(ranked - table.down) if table.down else None
    unranked = here(ranked) if table.unranked else None
    return promotion, relegation, unranked


def page_text(page: SeasonPage, locale: str) -> str:
    lines = [f"**{page_title(page, locale)}** — {page_subtitle(page, locale)}"]
    promotion, relegation, unranked = _marks(page)
    division = page.division or 1
    for index, line in enumerate(page.lines):
        if index == relegation:
            lines.append(
                t(
                    "season_relegation_line",
                    locale,
                    count=page.table.down,
                    division=division + 1,
                )
            )
        if index == unranked:
            lines.append(t("season_unranked_title", locale, count=page.standings.min_games))
        lines.append(_line(line, locale))
        if index == promotion:
            lines.append(
                t("season_promotion_line", locale, count=page.table.up, division=division - 1)
            )
    if page.own is not None:
        own = _line(page.own, locale)
        if page.own.division is not None and page.own.division != page.division:
            own = t("season_you_division", locale, division=page.own.division, line=own)
        lines.append(t("board_you", locale, line=own))
    return "\n".join(lines)


def _row(line: Standing, own: Standing | None, player: str | None) -> SeasonRow:
    return SeasonRow(
        rank=line.rank,
        name=line.name,
        rating=line.rating,
        games=line.games,
        to_go=line.to_go,
        highlight=player is not None and line.player == player,
        zone="up" if line.move == "up" else "down" if line.move == "down" else None,
    )


async def page_image(page: SeasonPage, locale: str, player: str | None) -> bytes:
    promotion, relegation, _ = _marks(page)
    rows = [_row(line, page.own, player) for line in page.lines]
    own = _row(page.own, page.own, player) if page.own is not None else None
    return await asyncio.to_thread(
        render_season_board,
        page_title(page, locale),
        page_subtitle(page, locale),
        rows,
        own,
        promotion_after=promotion,
        relegation_before=relegation,
        locale=locale,
    )


async def season_answer(
    storage: Storage,
    season: Season,
    game: str,
    division: int | None,
    page: int,
    user_id: int | None,
    min_games: int,
    locale: str = "en",
) -> tuple[Standings, SeasonPage | None, Answer]:
    """A page of a season's standings: read, laid out, worded and drawn."""
    standings = await storage.seasons.standings(season, game, min_games)
    player = f"u:{user_id}" if user_id is not None else None
    shown = season_page(season, game, standings, division, page, player)
    if shown is None or not shown.lines:
        return standings, shown, Answer("", None)
    image = await page_image(shown, locale, player)
    name = f"season-{game}-{season.number}-{shown.division or 0}-{page}.{IMAGE_EXTENSION}"
    return standings, shown, Answer(page_text(shown, locale), image, name)


# --------------------------------------------------------------------------- /stats
def season_lines(seasons: list[PlayerSeason], locale: str) -> list[str]:
    """A player's seasons, one line each: which, rank and division, games."""
    if not seasons:
        return []
    lines = [t("stats_seasons_title", locale)]
    for entry in seasons:
        if entry.rank is None:
            place = t("stats_season_unranked", locale, count=entry.to_go)
        elif entry.division is not None:
            place = t(
                "stats_season_rank_division",
                locale,
                rank=entry.rank,
                division=entry.division,
                divisions=entry.divisions,
            )
        else:
            place = t("stats_season_rank", locale, rank=entry.rank)
        if entry.season.closed and entry.move in ("up", "down"):
            place += " · " + t(f"stats_season_{entry.move}", locale)
        lines.append(
            t(
                "stats_season_line",
                locale,
                game=t(f"game_{entry.game}", locale),
                season=season_name(entry.season.number, locale),
                current=0 if entry.season.closed else 1,
                place=place,
                games=games_text(entry.games, locale),
                rating=number(entry.rating, locale),
            )
        )
    return lines


# --------------------------------------------------------------------------- the end
@dataclass(frozen=True)
class EndMessage:
    text: str
    image: bytes | None
    filename: str

    @property
    def first_line(self) -> str:
        return self.text.split("\n", 1)[0]


def end_title(season: Season, game: str, locale: str) -> str:
    return t(
        "season_end_title",
        locale,
        game=t(f"game_{game}", locale),
        season=season_name(season.number, locale),
        dates=season_dates(season.starts_at, season.ends_at, locale),
    )


def _moves(standings: Standings, locale: str) -> list[str]:
    """Who goes up and who goes down, boundary by boundary from the top."""
    lines: list[str] = []
    boundaries = 0
    hidden = 0
    for table in standings.tables:
        division = table.division
        if division is None:
            continue
        for move, into in (("up", division - 1), ("down", division + 1)):
            names = [plain(line.name) for line in table.ranked if line.move == move]
            if not names:
                continue
            boundaries += 1
            if boundaries > 2 * MOVES_SHOWN:
                hidden += len(names)
                continue
            lines.append(t(f"season_end_{move}", locale, division=into, names=", ".join(names)))
    if hidden:
        lines.append(t("season_end_more", locale, count=hidden))
    return lines


async def season_end(
    season: Season,
    game: str,
    standings: Standings,
    following: Season | None,
    locale: str,
    divisions: int = 1,
) -> EndMessage:
    """The message posted at the end of a season for one game: the podium (with its image),
    the moves between divisions, and the next season's dates (and its ``divisions``)."""
    lines = [end_title(season, game, locale)]
    podium = standings.podium()
    for medal, line in zip(MEDALS, podium, strict=False):
        lines.append(
            t(
                "season_end_place",
                locale,
                medal=medal,
                name=plain(line.name),
                rating=number(line.rating, locale),
                games=games_text(line.games, locale),
            )
        )
    if not podium:
        lines.append(t("season_end_nobody", locale, count=standings.min_games))
    lines += _moves(standings, locale)
    if following is not None:
        lines.append(
            t(
                "season_end_next",
                locale,
                season=season_name(following.number, locale),
                dates=season_dates(following.starts_at, following.ends_at, locale),
            )
        )
        if divisions > 1:
            lines.append(
                t(
                    "season_end_divisions",
                    locale,
                    season=season_name(following.number, locale),
                    count=divisions,
                )
            )
    else:
        lines.append(t("season_end_off", locale))
    lines.append(t("season_end_command", locale, game=game, number=season.number))
    text = "\n".join(lines)
    while len(text) > MESSAGE_LIMIT and len(lines) > 3:
        # Names of many moves can pass Discord's limit: the last lines go, the title stays.
        lines.pop(-2)
        text = "\n".join(lines)
    image = None
    if podium:
        image = await asyncio.to_thread(
            render_podium,
            t(
                "season_podium_title",
                locale,
                game=t(f"game_{game}", locale),
                season=season_name(season.number, locale),
            ),
            season_dates(season.starts_at, season.ends_at, locale),
            [PodiumPlace(line.name, line.rating, line.games) for line in podium],
            locale=locale,
        )
    return EndMessage(text, image, f"podium-{game}-{season.number}.{IMAGE_EXTENSION}")
