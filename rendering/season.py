"""The images of a season (issue 45): a page of a season's standings, with the promotion and
relegation lines of its division and the players not yet ranked, and the podium posted at the
season's end.

Both are ``WIDTH`` (540) pixels wide, narrower than the all-time leaderboard, with no text under
``MIN_SIZE`` (15 px): Discord shows them at their own size in a 550 px column, and a phone's
360 px column shrinks them by a third, where the smallest text is still 10 px.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from PIL import Image

from i18n.locales import DEFAULT_LOCALE
from i18n.numbers import number
from rendering import theme
from rendering.canvas import Canvas, Record, font_for
from rendering.encode import encode
from rendering.text import displayable, fit_text
from rendering.words import clean_locale, text

WIDTH: Final = 540
MARGIN: Final = 20
ROW: Final = 36
MIN_SIZE: Final = 15
"""The smallest font size drawn: 10 px once a 360 px phone column shrinks the image."""
TITLE: Final = font_for(18)
SMALL: Final = max(MIN_SIZE, font_for(13, "condensed"))
BODY: Final = font_for(15, "condensed")
SILVER: Final[theme.RGB] = (200, 206, 212)
BRONZE: Final[theme.RGB] = (214, 140, 74)
MEDALS: Final = (theme.GOLD, SILVER, BRONZE)

Zone = Literal["up", "down"]


@dataclass(frozen=True)
class SeasonRow:
    """A line of a season's standings, in words the bot has already chosen."""

    rank: int | None
    """None: not ranked yet (``to_go`` games needed)."""
    name: str
    rating: int
    games: int
    to_go: int = 0
    highlight: bool = False
    """The caller's own line."""
    zone: Zone | None = None
    """Where the season's end would send them now."""


@dataclass(frozen=True)
class PodiumPlace:
    name: str
    rating: int
    games: int


def _columns() -> dict[str, tuple[int, str]]:
    return {
        "rank": (MARGIN + 34, "r"),
        "player": (MARGIN + 48, "l"),
        "rating": (WIDTH - MARGIN - 96, "r"),
        "games": (WIDTH - MARGIN, "r"),
    }


def _header(c: Canvas, title: str, subtitle: str) -> int:
    c.draw.rectangle((0, 0, WIDTH, 46), fill=theme.PANEL)
    c.rich(MARGIN, 12, fit_text(title, TITLE, WIDTH - 2 * MARGIN), TITLE, theme.GOLD)
    c.rich(
        MARGIN,
        58,
        fit_text(subtitle, SMALL, WIDTH - 2 * MARGIN, "condensed"),
        SMALL,
        theme.TEXT_DIM,
        "condensed",
    )
    return 86


def draw_season_board(
    title: str,
    subtitle: str,
    rows: list[SeasonRow],
    own: SeasonRow | None = None,
    *,
    promotion_after: int | None = None,
    relegation_before: int | None = None,
    locale: str = DEFAULT_LOCALE,
    records: list[Record] | None = None,
) -> Image.Image:
    """A page of a season's standings. The promotion line is drawn under row
    ``promotion_after`` (an index into ``rows``), the relegation line above row
    ``relegation_before``; a rule and the minimum come before the first player not yet ranked;
    ``own`` (the caller, when not on this page) comes last, under a rule."""
    unranked_at = next((i for i, row in enumerate(rows) if row.rank is None), None)
    gaps = sum(1 for mark in (promotion_after, relegation_before, unranked_at) if mark is not None)
    height = 86 + 28 + ROW * len(rows) + 26 * gaps + (ROW + 16 if own is not None else 0) + 8
    c = Canvas((WIDTH, height), theme.FELT)
    c.records = records
    y = _header(c, title, subtitle)
    columns = _columns()
    headings = {
        "rank": text("board_rank", locale),
        "player": text("board_player", locale),
        "rating": text("board_rating", locale),
        "games": text("board_games", locale),
    }
    for key, (x, anchor) in columns.items():
        c.rich(x, y, headings[key], SMALL, theme.TEXT_DIM, "condensed", anchor=anchor)
    y += 28
    for index, row in enumerate(rows):
        if index == relegation_before:
            y = _line(c, y, text("season_relegation", locale), theme.LOSE, "down")
        if index == unranked_at:
            y = _line(c, y, text("season_unranked", locale), theme.TEXT_DIM, None)
        _row(c, row, y, columns, locale, striped=index % 2 == 0)
        y += ROW
        if index == promotion_after:
            y = _line(c, y, text("season_promotion", locale), theme.WIN, "up")
    if own is not None:
        c.draw.line((MARGIN, y + 4, WIDTH - MARGIN, y + 4), fill=theme.TEXT_DIM, width=1)
        _row(c, own, y + 16, columns, locale, striped=False)
    return c.image


def _line(c: Canvas, y: int, label: str, colour: theme.RGB, arrow: Zone | None) -> int:
    """A labelled line across the standings (26 px): promotion, relegation, not yet ranked."""
    middle = y + 2
    width = c.rich_width(label, SMALL, "condensed")
    right = WIDTH - MARGIN
    c.draw.line(
        (MARGIN, middle, right - width - (30 if arrow else 12), middle), fill=colour, width=2
    )
    x = right - width
    if arrow is not None:
        tip, base = (middle - 7, middle + 5) if arrow == "up" else (middle + 7, middle - 5)
        c.polygon([(x - 20, base), (x - 8, base), (x - 14, tip)], colour)
    c.rich(x, middle - 6, label, SMALL, colour, "condensed")
    return y + 26


def _row(
    c: Canvas,
    row: SeasonRow,
    y: int,
    columns: dict[str, tuple[int, str]],
    locale: str,
    *,
    striped: bool,
) -> None:
    top, bottom = y - 10, y + ROW - 14
    if row.highlight:
        c.panel((MARGIN - 8, top, WIDTH - MARGIN + 8, bottom), theme.PANEL, theme.GOLD)
    elif striped:
        c.draw.rectangle((MARGIN - 8, top, WIDTH - MARGIN + 8, bottom), theme.FELT_DARK)
    if row.zone is not None:
        colour = theme.WIN if row.zone == "up" else theme.LOSE
        c.draw.rectangle((MARGIN - 8, top, MARGIN - 4, bottom), colour)
    ink = theme.ACCENT if row.highlight else theme.TEXT
    x, anchor = columns["rank"]
    if row.rank is not None:
        c.rich(x, y, str(row.rank), BODY, theme.GOLD if row.rank <= 3 else ink, "condensed", anchor)
    else:
        c.rich(x, y, "–", BODY, theme.TEXT_DIM, "condensed", anchor)
    x, _ = columns["player"]
    right, anchor = columns["rating"]
    if row.rank is not None:
        value, size, weight = number(row.rating, locale), BODY, "condensed"
        c.rich(right, y, value, size, ink, weight, anchor)
        room = right - 80 - x
    else:
        value = text("season_to_go", locale, count=row.to_go)
        width = c.rich(right, y + 2, value, SMALL, theme.TEXT_DIM, "condensed", anchor)
        room = right - width - 14 - x
    c.rich(x, y, fit_text(displayable(row.name), BODY, room, "condensed"), BODY, ink, "condensed")
    x, anchor = columns["games"]
    c.rich(x, y, number(row.games, locale), BODY, ink, "condensed", anchor)


def draw_podium(
    title: str,
    subtitle: str,
    places: list[PodiumPlace],
    locale: str = DEFAULT_LOCALE,
    records: list[Record] | None = None,
) -> Image.Image:
    """The season's top three on their steps: the champion in the middle, second on the left,
    third on the right; each with their rating and games."""
    height = 330
    c = Canvas((WIDTH, height), theme.FELT)
    c.records = records
    _header(c, title, subtitle)
    ground = height - 18
    step_width = 156
    centres = (WIDTH // 2, WIDTH // 2 - 172, WIDTH // 2 + 172)
    heights = (96, 66, 44)
    name_size, rating_size = font_for(14), font_for(17)
    for place in range(3):
        x, tall = centres[place], heights[place]
        top = ground - tall
        colour = MEDALS[place]
        c.draw.rounded_rectangle(
            (x - step_width // 2, top, x + step_width // 2, ground),
            radius=8,
            fill=theme.PANEL,
            outline=colour,
            width=3,
        )
        c.rich(x, top + tall // 2 - 12, str(place + 1), font_for(20), colour, anchor="m")
        if place >= len(places):
            c.rich(x, top - 36, "—", name_size, theme.TEXT_DIM, anchor="m")
            continue
        shown = places[place]
        name = fit_text(displayable(shown.name), name_size, step_width + 8)
        games = text("chart_games", locale, count=shown.games)
        c.rich(x, top - 86, name, name_size, theme.TEXT, anchor="m")
        c.rich(x, top - 58, number(shown.rating, locale), rating_size, colour, anchor="m")
        c.rich(x, top - 28, games, SMALL, theme.TEXT_DIM, "condensed", anchor="m")
    return c.image


def render_season_board(
    title: str,
    subtitle: str,
    rows: list[SeasonRow],
    own: SeasonRow | None = None,
    *,
    promotion_after: int | None = None,
    relegation_before: int | None = None,
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    return encode(
        draw_season_board(
            title,
            subtitle,
            rows,
            own,
            promotion_after=promotion_after,
            relegation_before=relegation_before,
            locale=clean_locale(locale),
        )
    )


def render_podium(
    title: str, subtitle: str, places: list[PodiumPlace], *, locale: str = DEFAULT_LOCALE
) -> bytes:
    return encode(draw_podium(title, subtitle, places, clean_locale(locale)))
