"""Images of the card table for Atout, drawn with Pillow from engine views only.

The renderer never receives a game object, only views (``games.views.GameView``: typed, checked
by mypy, so nothing here re-checks them), so it cannot draw a card its viewer may not see. Every
function returns encoded image bytes (``IMAGE_EXTENSION``). What each game's panels and summaries
say is its presenter's (``rendering.presenters``); card order is the engine's (``games.facts``).

Deck styles: ``auto`` (Italian-suited for Briscola and Briscola a chiamata, French otherwise),
``french``, ``french4`` (four colours: spades black, hearts red, diamonds blue, clubs green, for
colour-blind players) and ``italian``.

Every word drawn comes from the catalogue of ``locale`` (``rendering/locales/<locale>.json``,
English for a missing locale or key); see ``rendering.words``.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.views import DealRecord, GameView
from i18n.locales import DEFAULT_LOCALE
from rendering import layers
from rendering.cards import DECK_STYLES, resolve_style
from rendering.encode import IMAGE_EXTENSION, encode
from rendering.hand import draw_hand
from rendering.info import display_names
from rendering.leaderboard import (
    LeaderboardRow,
    draw_leaderboard,
    draw_rating_chart,
    draw_unrated_tag,
    mark_unrated,
)
from rendering.review import ReviewPicture, render_review_picture
from rendering.sheets import draw_deal_summary, draw_last_trick, draw_score_sheet
from rendering.table import draw_table, table_frame
from rendering.words import clean_locale

__all__ = [
    "DECK_STYLES",
    "IMAGE_EXTENSION",
    "LeaderboardRow",
    "ReviewPicture",
    "render_deal_summary",
    "render_hand",
    "render_last_trick",
    "render_leaderboard",
    "render_rating_chart",
    "render_review_picture",
    "render_score_sheet",
    "render_table",
]


def render_table(
    view: GameView,
    names: Sequence[str | None],
    *,
    bots: Sequence[bool] | None = None,
    deck_style: str = "auto",
    locale: str = DEFAULT_LOCALE,
    unrated: bool = False,
) -> bytes:
    """The table as everybody sees it: seats, trick, contract, table cards, scores; tagged
    "Unrated" when the table's games move no rating."""
    style = resolve_style(view["game"], deck_style)
    loc = clean_locale(locale)
    flags = [bool(b) for b in bots] if bots is not None else []
    seat_names = display_names(names, view["seats"], loc)
    if layers.enabled():
        frame = table_frame(view, seat_names, flags, style, loc)
        if unrated:
            draw_unrated_tag(frame.canvas, loc)
        return frame.encode()
    image = draw_table(view, seat_names, flags, style, loc)
    if unrated:
        image = mark_unrated(image, loc)
    return encode(image, style)


def render_hand(
    view: GameView,
    legal: Sequence[str] | None = None,
    *,
    deck_style: str = "auto",
    locale: str = DEFAULT_LOCALE,
    marked: Sequence[str] = (),
) -> bytes:
    """The viewer's own hand, sorted as card players sort it; cards not in ``legal`` dimmed
    (``legal=None``: every card bright); ``marked`` cards (discards being chosen) lifted."""
    style = resolve_style(view["game"], deck_style)
    cards = None if legal is None else list(legal)
    return encode(draw_hand(view, cards, style, clean_locale(locale), list(marked)), style)


def render_last_trick(
    view: GameView,
    names: Sequence[str | None],
    *,
    deck_style: str = "auto",
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    """The previous trick, each card under its player's name, the winner marked."""
    style = resolve_style(view["game"], deck_style)
    loc = clean_locale(locale)
    seat_names = display_names(names, view["seats"], loc)
    return encode(draw_last_trick(view, seat_names, style, loc), style)


def render_deal_summary(
    view: GameView,
    names: Sequence[str | None],
    result: DealRecord,
    *,
    deck_style: str = "auto",
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    """The end of a deal: contract made or not, points per side, melds, belote, capot, totals."""
    style = resolve_style(view["game"], deck_style)
    loc = clean_locale(locale)
    seat_names = display_names(names, view["seats"], loc)
    image = draw_deal_summary(view, seat_names, result, style, loc)
    return encode(image, style)


def render_score_sheet(
    game: str,
    names: Sequence[str | None],
    deal_results: Sequence[DealRecord],
    totals: Sequence[int],
    *,
    locale: str = DEFAULT_LOCALE,
    teams: list[list[int]] | None = None,
) -> bytes:
    """The score sheet of the game: one row per deal, running totals, the final line. ``teams``
    is the engine's (``game.teams()``); without it, sides alternate round the table."""
    seats = len(names) if names else max(2, len(totals))
    loc = clean_locale(locale)
    results = list(deal_results)
    image = draw_score_sheet(
        game, display_names(names, seats, loc), results, list(totals), loc, teams
    )
    return encode(image)


def render_leaderboard(
    title: str,
    subtitle: str,
    rows: list[LeaderboardRow],
    own: LeaderboardRow | None = None,
    *,
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    """A leaderboard page: rank, name, rating, games and win rate; the caller's line marked
    (and shown under the page when it is not on it)."""
    return encode(draw_leaderboard(title, subtitle, rows, own, clean_locale(locale)))


def render_rating_chart(
    title: str,
    series: list[tuple[str, list[int]]],
    *,
    locale: str = DEFAULT_LOCALE,
    starts: Sequence[int | None] = (),
) -> bytes:
    """A player's rating after each rated game, one line per game, each from the rating it
    started at when ``starts`` knows it."""
    return encode(draw_rating_chart(title, series, clean_locale(locale), starts))
