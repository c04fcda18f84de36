"""The images of ratings: a leaderboard page and a player's rating history chart.

They are drawn from plain rows the bot has already read (names, numbers), in the colours and
fonts of the table images, at a width that stays legible where Discord shows it (about 550 px).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from i18n.locales import DEFAULT_LOCALE
from i18n.numbers import number, percent
from rendering import theme
from rendering.canvas import Canvas, Record, font_for
from rendering.text import cap_height, displayable, fit_text, wrap_words
from rendering.words import text

WIDTH: Final = 760
MARGIN: Final = 24
ROW: Final = 40
CHART_SIZE: Final = (760, 360)
CHART_COLOURS: Final = (*theme.TEAM_COLOURS, theme.TEXT)
"""One colour for each of the six games a player may have played."""
ROUND_STEPS: Final = (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    name: str
    rating: int
    games: int
    wins: int
    provisional: bool = False
    highlight: bool = False
    """The caller's own line."""
    computer: bool = False


Columns = dict[str, tuple[int, str]]
"""A ranked page's columns: key → (x, anchor)."""


def draw_ranked_page(
    title: str,
    subtitle: str,
    headings: dict[str, str],
    columns: Columns,
    count: int,
    with_own: bool,
    draw_row: Callable[[Canvas, int, int], None],
    records: list[Record] | None = None,
) -> Image.Image:
    """A page of ranked rows under a title and column headings — the leaderboard's, and a
    challenge's standings (``rendering.challenge``). ``draw_row(canvas, index, y)`` draws row
    ``index`` (``count`` for the caller's own, under a rule when ``with_own``); ``records``,
    when given, receives the texts drawn."""
    small = max(font_for(15, "condensed"), theme.min_text_size(WIDTH))
    # A heading wider than the room left of it by the column before goes over two rows
    # ("Points de / match"), the rows moving down by a row.
    heads: dict[str, list[str]] = {}
    before = MARGIN
    for key, (x, anchor) in columns.items():
        room = x - before - 12 if anchor == "r" else WIDTH - MARGIN - x
        heads[key] = wrap_words(headings.get(key, ""), small, room, "condensed", 2)
        before = x
    head_rows = max((len(rows) for rows in heads.values()), default=1)
    extra = 1 if with_own else 0
    height = 96 + (small + 8) * (head_rows - 1) + ROW * (count + extra) + (16 if extra else 0)
    c = Canvas((WIDTH, height + MARGIN), theme.FELT)
    c.records = records
    c.draw.rectangle((0, 0, WIDTH, 52), fill=theme.PANEL)
    said = c.rich(WIDTH - MARGIN, 17, subtitle, small, theme.TEXT_DIM, "condensed", anchor="r")
    big = font_for(22)
    c.rich(MARGIN, 14, fit_text(title, big, WIDTH - 2 * MARGIN - said - 16), big, theme.GOLD)
    y = 66
    for key, (x, anchor) in columns.items():
        rows = heads[key]
        for k, row in enumerate(rows):
            top = y + (small + 8) * (head_rows - len(rows) + k)
            c.rich(x, top, row, small, theme.TEXT_DIM, "condensed", anchor=anchor)
    y += 30 + (small + 8) * (head_rows - 1)
    for index in range(count):
        draw_row(c, index, y)
        y += ROW
    if with_own:
        c.draw.line((MARGIN, y - 2, WIDTH - MARGIN, y - 2), fill=theme.TEXT_DIM, width=1)
        y += 16
        draw_row(c, count, y)
    return c.image


def ranked_row_start(
    c: Canvas,
    y: int,
    rank: int,
    highlight: bool,
    striped: bool,
    columns: Columns,
    label: str | None = None,
) -> tuple[int, theme.RGB]:
    """A ranked row's band (the caller's own framed in gold, every other row darker) and its
    rank (``label`` where the rank is written otherwise, as ``=1`` for a tie); the row's font
    and ink, for the rest of its cells."""
    size = font_for(18, "condensed")
    if highlight:
        c.panel((MARGIN - 10, y - 10, WIDTH - MARGIN + 10, y + ROW - 12), theme.PANEL, theme.GOLD)
    elif striped:
        c.draw.rectangle((MARGIN - 10, y - 10, WIDTH - MARGIN + 10, y + ROW - 12), theme.FELT_DARK)
    ink = theme.ACCENT if highlight else theme.TEXT
    x, anchor = columns["rank"]
    shown = str(rank) if label is None else label
    c.rich(x, y, shown, size, theme.GOLD if rank <= 3 else ink, "condensed", anchor)
    return size, ink


def draw_leaderboard(
    title: str,
    subtitle: str,
    rows: list[LeaderboardRow],
    own: LeaderboardRow | None,
    locale: str = DEFAULT_LOCALE,
    records: list[Record] | None = None,
) -> Image.Image:
    """A page of the leaderboard; ``own`` (the caller, when not on this page) under a rule."""
    columns = _columns()
    headings = {
        "rank": text("board_rank", locale),
        "player": text("board_player", locale),
        "rating": text("board_rating", locale),
        "games": text("board_games", locale),
        "win_rate": text("board_win_rate", locale),
    }
    every = [*rows, own]

    def draw_row(c: Canvas, index: int, y: int) -> None:
        row = every[index]
        assert row is not None
        _row(c, row, y, columns, locale, striped=index < len(rows) and index % 2 == 0)

    return draw_ranked_page(
        title, subtitle, headings, columns, len(rows), own is not None, draw_row, records
    )


def _columns() -> Columns:
    return {
        "rank": (MARGIN + 50, "r"),
        "player": (MARGIN + 70, "l"),
        "rating": (WIDTH - MARGIN - 250, "r"),
        "games": (WIDTH - MARGIN - 130, "r"),
        "win_rate": (WIDTH - MARGIN, "r"),
    }


def _row(
    c: Canvas,
    row: LeaderboardRow,
    y: int,
    columns: Columns,
    locale: str,
    *,
    striped: bool,
) -> None:
    size, ink = ranked_row_start(c, y, row.rank, row.highlight, striped, columns)
    name_ink = theme.BOT if row.computer else ink
    x, _ = columns["player"]
    room = columns["rating"][0] - 90 - x
    name = fit_text(displayable(row.name), size, room, "condensed")
    c.rich(x, y, name, size, name_ink, "condensed")
    x, anchor = columns["rating"]
    rating = number(row.rating, locale) + ("?" if row.provisional else "")
    c.rich(x, y, rating, size, theme.TEXT_DIM if row.provisional else ink, "condensed", anchor)
    x, anchor = columns["games"]
    c.rich(x, y, number(row.games, locale), size, ink, "condensed", anchor)
    x, anchor = columns["win_rate"]
    rate = round(100 * row.wins / row.games) if row.games else 0
    c.rich(x, y, percent(rate, locale), size, ink, "condensed", anchor)


def draw_rating_chart(
    title: str,
    series: list[tuple[str, list[int]]],
    locale: str = DEFAULT_LOCALE,
    starts: Sequence[int | None] = (),
    records: list[Record] | None = None,
) -> Image.Image:
    """One line per game: the rating after each rated game, oldest on the left. ``starts``
    gives, per series, the rating before its first game when that game was the player's first
    (a newcomer's 1,000): the line then rises or falls from it, so one game is a step."""
    width, height = CHART_SIZE
    c = Canvas((width, height), theme.FELT)
    c.records = records
    c.draw.rectangle((0, 0, width, 52), fill=theme.PANEL)
    c.rich(MARGIN, 14, fit_text(title, font_for(22), width - 2 * MARGIN), font_for(22), theme.GOLD)
    games = max((len(points) for _, points in series), default=0)
    begun = list(starts) + [None] * (len(series) - len(starts))
    drawn = [
        (label, ([] if start is None else [start]) + points)
        for (label, points), start in zip(series, begun, strict=True)
        if points
    ]
    small = max(font_for(14, "condensed"), theme.min_text_size(width))
    left, top, right, bottom = MARGIN + 56, 100, width - MARGIN, height - 44
    c.draw.rectangle((left, top, right, bottom), fill=theme.FELT_DARK)
    if not drawn:
        c.rich(
            (left + right) // 2,
            (top + bottom) // 2,
            text("chart_empty", locale),
            font_for(18),
            theme.TEXT_DIM,
            anchor="m",
        )
        return c.image
    values = [v for _, points in drawn for v in points]
    # Four steps of a round size that hold every value, starting at a multiple of the step.
    step = next(
        (s for s in ROUND_STEPS if min(values) // s * s + 4 * s >= max(values)), ROUND_STEPS[-1]
    )
    low = min(values) // step * step
    span = 4 * step
    longest = max(len(points) for _, points in drawn)
    for line in range(5):
        value = low + step * line
        y = bottom - (bottom - top) * line // 4
        c.draw.line((left, y, right, y), fill=theme.FELT_LINE, width=1)
        c.rich(
            left - 8,
            y - cap_height(small, "condensed") // 2,
            number(value, locale),
            small,
            theme.TEXT_DIM,
            "condensed",
            anchor="r",
        )
    axis = text("chart_games", locale, count=games)
    c.rich(right, bottom + 14, axis, small, theme.TEXT_DIM, "condensed", anchor="r")
    legend_x = MARGIN
    for index, (label, points) in enumerate(drawn):
        colour = CHART_COLOURS[index % len(CHART_COLOURS)]
        if len(points) == 1:
            points = [points[0], points[0]]
        # Game by game from the left: a game played less often ends before the right edge.
        xy = [
            (
                left + (right - left) * i // max(1, longest - 1),
                bottom - (bottom - top) * (v - low) // span,
            )
            for i, v in enumerate(points)
        ]
        c.draw.line(xy, fill=colour, width=3, joint="curve")
        end_x, end_y = xy[-1]
        c.draw.ellipse((end_x - 5, end_y - 5, end_x + 5, end_y + 5), fill=colour)
        c.draw.rectangle((legend_x, 62, legend_x + 14, 74), fill=colour)
        legend_x += 20 + c.rich(legend_x + 20, 62, label, small, theme.TEXT, "condensed") + 16
    return c.image


def mark_unrated(image: Image.Image, locale: str = DEFAULT_LOCALE) -> Image.Image:
    """The table image with its "Unrated" tag (``draw_unrated_tag``)."""
    c = Canvas(image.size, image)
    draw_unrated_tag(c, locale)
    return c.image


def draw_unrated_tag(c: Canvas, locale: str = DEFAULT_LOCALE) -> None:
    """The table image's tag for a table whose games move no rating, in the bottom-left corner
    (under the score and log panels, which grow downwards from the top)."""
    label = text("unrated_table", locale)
    size = max(font_for(16), theme.min_text_size(c.image.width))
    width = c.rich_width(label, size, "condensed") + 28
    bottom = c.image.height - 14
    height = cap_height(size, "condensed") + 22
    c.mark("unrated", (12, bottom - height, 12 + width, bottom))
    c.panel((12, bottom - height, 12 + width, bottom), theme.PANEL, theme.TEXT_DIM, radius=10)
    c.rich(12 + 14, bottom - height + 11, label, size, theme.TEXT_DIM, "condensed")
