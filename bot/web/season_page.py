"""A server's standings of one game in one season (issue 45): the page the end-of-season
message links, one division a page (50 players a page without divisions), with the promotion
and relegation lines and the players not ranked yet, as ``/leaderboard season:`` shows them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.storage.seasons.model import Season, Standing, Standings
from bot.text.i18n import t
from bot.text.seasons import season_dates, season_name
from bot.web.pages import render

PAGE_SIZE: Final = 50


@dataclass(frozen=True)
class Row:
    line: Standing
    before: str = ""
    before_class: str = ""
    after: str = ""
    after_class: str = ""


def season_html(
    season: Season, game: str, standings: Standings, page: int, token: str, locale: str
) -> str:
    """``page``: the division when the season has divisions, else the page of 50."""
    name = season_name(season.number, locale)
    divided = standings.divisions > 1
    table = standings.table(min(max(1, page), standings.divisions) if divided else None)
    lines = table.lines
    pages = 1 if divided else max(1, -(-len(lines) // PAGE_SIZE))
    number = 1 if divided else min(max(1, page), pages)
    offset = (number - 1) * PAGE_SIZE
    shown = lines[offset : offset + PAGE_SIZE]
    ranked = len(table.ranked)
    division = table.division or 1
    rows = []
    for index, line in enumerate(shown, start=offset):
        before, before_class, after, after_class = "", "", "", ""
        if table.down and index == ranked - table.down:
            before = t("season_relegation_line", locale, count=table.down, division=division + 1)
            before_class = "down"
        if table.unranked and index == ranked:
            before = t("season_unranked_title", locale, count=standings.min_games)
            before_class = "waiting"
        if table.up and index == table.up - 1:
            after = t("season_promotion_line", locale, count=table.up, division=division - 1)
            after_class = "up"
        rows.append(Row(line, before, before_class, after, after_class))
    subtitle = season_dates(season.starts_at, season.ends_at, locale)
    return render(
        "season.html",
        locale,
        title=t("season_board_title", locale, game=t(f"game_{game}", locale), season=name),
        subtitle=subtitle,
        game=game,
        token=token,
        rows=rows,
        divisions=standings.divisions,
        division=table.division,
        page=number,
        pages=pages,
        previous=f"{token}?page={number - 1}" if not divided and number > 1 else None,
        next=f"{token}?page={number + 1}" if not divided and number < pages else None,
    )
