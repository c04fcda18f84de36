"""The standings of a server challenge as an image, in the style of the leaderboard
(``rendering.leaderboard``): rank, player, deals completed, matchpoints, total against par.

Drawn from plain rows the bot has already read and words it has already translated (the column
headings come in with the rows), at the leaderboard's width, legible where Discord shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from babel.numbers import format_percent
from PIL import Image

from rendering import theme
from rendering.canvas import Canvas, font_for
from rendering.encode import encode
from rendering.i18n import DEFAULT_LOCALE, clean_locale, number, signed, supported
from rendering.leaderboard import MARGIN, ROW, WIDTH
from rendering.text import displayable, fit_text

COLUMNS: Final = ("rank", "player", "deals", "percent", "par")


@dataclass(frozen=True)
class ChallengeRow:
    rank: int
    name: str
    deals: int
    deal_count: int
    percent: float
    vs_par: int
    highlight: bool = False
    """The caller's own line."""


def matchpoints(value: float, locale: str = DEFAULT_LOCALE) -> str:
    """A matchpoint percentage to one decimal, as the language writes percentages: 67.5% ·
    67,5 % · 50%."""
    # A Decimal of the rounded text: a float would print 41.2 as 41.200000000000003.
    fraction = (Decimal(f"{value:.1f}") / 100).normalize()
    return format_percent(
        fraction, locale=supported(locale).replace("-", "_"), decimal_quantization=False
    )


def draw_challenge_standings(
    title: str,
    subtitle: str,
    headings: dict[str, str],
    rows: list[ChallengeRow],
    own: ChallengeRow | None,
    locale: str = DEFAULT_LOCALE,
) -> Image.Image:
    """A page of standings; ``own`` (the caller, when not on this page) under a rule."""
    extra = 1 if own is not None else 0
    height = 96 + ROW * (len(rows) + extra) + (16 if extra else 0) + MARGIN
    c = Canvas((WIDTH, height), theme.FELT)
    c.draw.rectangle((0, 0, WIDTH, 52), fill=theme.PANEL)
    c.rich(MARGIN, 14, fit_text(title, font_for(22), WIDTH - 2 * MARGIN), font_for(22), theme.GOLD)
    small = font_for(15, "condensed")
    c.rich(WIDTH - MARGIN, 19, subtitle, small, theme.TEXT_DIM, "condensed", anchor="r")
    columns = _columns()
    y = 66
    for key, (x, anchor) in columns.items():
        c.rich(x, y, headings.get(key, ""), small, theme.TEXT_DIM, "condensed", anchor=anchor)
    y += 30
    for index, row in enumerate(rows):
        _row(c, row, y, columns, locale, striped=index % 2 == 0)
        y += ROW
    if own is not None:
        c.draw.line((MARGIN, y - 2, WIDTH - MARGIN, y - 2), fill=theme.TEXT_DIM, width=1)
        y += 16
        _row(c, own, y, columns, locale, striped=False)
    return c.image


def _columns() -> dict[str, tuple[int, str]]:
    return {
        "rank": (MARGIN + 50, "r"),
        "player": (MARGIN + 70, "l"),
        "deals": (WIDTH - MARGIN - 290, "r"),
        "percent": (WIDTH - MARGIN - 140, "r"),
        "par": (WIDTH - MARGIN, "r"),
    }


def _row(
    c: Canvas,
    row: ChallengeRow,
    y: int,
    columns: dict[str, tuple[int, str]],
    locale: str,
    *,
    striped: bool,
) -> None:
    size = font_for(18, "condensed")
    if row.highlight:
        c.panel((MARGIN - 10, y - 10, WIDTH - MARGIN + 10, y + ROW - 12), theme.PANEL, theme.GOLD)
    elif striped:
        c.draw.rectangle((MARGIN - 10, y - 10, WIDTH - MARGIN + 10, y + ROW - 12), theme.FELT_DARK)
    ink = theme.ACCENT if row.highlight else theme.TEXT
    x, anchor = columns["rank"]
    c.rich(x, y, str(row.rank), size, theme.GOLD if row.rank <= 3 else ink, "condensed", anchor)
    x, _ = columns["player"]
    room = columns["deals"][0] - 90 - x
    c.rich(x, y, fit_text(displayable(row.name), size, room, "condensed"), size, ink, "condensed")
    x, anchor = columns["deals"]
    complete = row.deals >= row.deal_count
    deals = f"{number(row.deals, locale)}/{number(row.deal_count, locale)}"
    c.rich(x, y, deals, size, ink if complete else theme.TEXT_DIM, "condensed", anchor)
    x, anchor = columns["percent"]
    c.rich(x, y, matchpoints(row.percent, locale), size, ink, "condensed", anchor)
    x, anchor = columns["par"]
    colour = theme.WIN if row.vs_par > 0 else theme.LOSE if row.vs_par < 0 else ink
    c.rich(x, y, signed(row.vs_par, locale), size, colour, "condensed", anchor)


def render_challenge_standings(
    title: str,
    subtitle: str,
    headings: dict[str, str],
    rows: list[ChallengeRow],
    own: ChallengeRow | None = None,
    *,
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    """A page of a challenge's standings, encoded (``rendering.IMAGE_EXTENSION``)."""
    image = draw_challenge_standings(title, subtitle, headings, rows, own, clean_locale(locale))
    return encode(image)
