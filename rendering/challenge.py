"""The standings of a server challenge as an image, in the style of the leaderboard
(``rendering.leaderboard``): rank, player, deals played of those counted, matchpoints, total
against par.

Drawn from plain rows the bot has already read and words it has already translated (the column
headings come in with the rows), at the leaderboard's width, legible where Discord shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from babel.numbers import format_percent
from PIL import Image

from i18n.locales import DEFAULT_LOCALE, supported
from i18n.numbers import number, signed
from rendering import theme
from rendering.canvas import Canvas, Record
from rendering.encode import encode
from rendering.leaderboard import MARGIN, WIDTH, Columns, draw_ranked_page, ranked_row_start
from rendering.text import displayable, fit_text
from rendering.words import clean_locale


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
    tied: bool = False
    """Others share its rank: written ``=1``, as bridge results write a tie."""


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
    records: list[Record] | None = None,
) -> Image.Image:
    """A page of standings; ``own`` (the caller, when not on this page) under a rule."""
    columns = _columns()
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
        "deals": (WIDTH - MARGIN - 270, "r"),
        "percent": (WIDTH - MARGIN - 100, "r"),
        "par": (WIDTH - MARGIN, "r"),
    }


def _row(
    c: Canvas,
    row: ChallengeRow,
    y: int,
    columns: Columns,
    locale: str,
    *,
    striped: bool,
) -> None:
    label = f"={row.rank}" if row.tied else None
    size, ink = ranked_row_start(c, y, row.rank, row.highlight, striped, columns, label)
    x, _ = columns["player"]
    # Room for 16 Japanese characters; the deals ("10/10") are at most 63 px wide.
    room = columns["deals"][0] - 75 - x
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
