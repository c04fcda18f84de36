"""The pages in the reader's language: Jinja2 templates (``bot/web/templates``) filled from the
replays and reads, with every sentence from a catalogue.

Templates escape everything they are given (``autoescape``): a player's name is text, never
markup. Every address in a page is relative (``../assets/…``, ``../game/…``): all pages sit one
folder deep, so the same page works at the site's root and under a reverse proxy's prefix.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import jinja2
from babel.dates import format_datetime

from bot.text.cards import card_name
from bot.text.i18n import t
from bot.text.marks import drawn
from bot.text.review import action_words
from bot.text.rules import rules_summary
from bot.web.assets import asset_path, sheet_name
from bot.web.text import web_text
from games.actions import Action
from games.registry import game_class
from i18n.bidi import isolate
from i18n.numbers import percent
from rendering.cards import resolve_style
from rendering.info import SideLabel, display_names, side_names
from rendering.words import text as image_text

TEMPLATES: Final = Path(__file__).resolve().parent / "templates"

ENV: Final = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    auto_reload=False,
)

POSITIONS: Final[Mapping[int, tuple[str, ...]]] = {
    2: ("b", "t"),
    3: ("b", "tr", "tl"),
    4: ("b", "r", "t", "l"),
    5: ("b", "r", "tr", "tl", "l"),
    6: ("b", "r", "tr", "t", "tl", "l"),
}
"""Where each seat sits around the felt, from the seat at the bottom: the next seat to play is
on its right, as in a real room (docs/records.md: these games go counter-clockwise)."""


@dataclass(frozen=True)
class SeatShown:
    seat: int
    name: str
    """The player's name as shown on its own (a template sets it in ``<bdi>``)."""
    side: int
    computer: bool
    dealer: bool
    position: str

    @property
    def said(self) -> str:
        """The name inside a sentence: isolated (``i18n.bidi.isolate``)."""
        return isolate(self.name)


class Words:
    """What a template calls to say something in the reader's language."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def __call__(self, key: str, /, **values: object) -> str:
        return web_text(key, self.locale, **values)

    def bot(self, key: str, /, **values: object) -> str:
        """One of the bot's own sentences (a game's name, an event)."""
        return t(key, self.locale, **values)

    def image(self, key: str, /, **values: object) -> str:
        """One of the images' words (a column's head), so a page and a picture agree."""
        return image_text(key, self.locale, **values)

    def when(self, iso: str) -> str:
        """An instant of the schema (ISO-8601 UTC) as the language writes a date and time."""
        moment = datetime.datetime.strptime(iso, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.UTC)
        babel_locale = self.locale.replace("-", "_")
        return f"{format_datetime(moment, 'medium', tzinfo=datetime.UTC, locale=babel_locale)} UTC"

    def percent(self, share: float) -> str:
        return percent(round(100 * share), self.locale)


def render(template: str, locale: str, **context: Any) -> str:
    """A page: ``template`` filled with ``context``, the reader's words and the assets."""
    return ENV.get_template(template).render(
        w=Words(locale), locale=locale, assets=asset_path(), **context
    )


def seats_shown(
    names: Sequence[str],
    computers: Sequence[bool],
    teams: Sequence[Sequence[int]],
    dealer: int | None,
    bottom: int,
    locale: str,
) -> list[SeatShown]:
    seats = len(names)
    shown = display_names(list(names), seats, locale)
    side_of = {seat: side for side, members in enumerate(teams) for seat in members}
    positions = POSITIONS.get(seats, ("b",) * seats)
    return [
        SeatShown(
            seat=seat,
            name=shown[seat],
            side=side_of.get(seat, seat),
            computer=computers[seat] if seat < len(computers) else False,
            dealer=seat == dealer,
            position=positions[(seat - bottom) % seats],
        )
        for seat in range(seats)
    ]


def sides_shown(
    teams: Sequence[Sequence[int]], names: Sequence[str], locale: str
) -> list[SideLabel]:
    return side_names([list(team) for team in teams], list(names), locale, max_joined=None)


def card_labels(cards: Iterable[str], game: str, deck_style: str, locale: str) -> dict[str, str]:
    """Each card's name as a sentence says it (``V♥``, ``asso di denari``): a card's alt text."""
    with drawn():
        return {card: card_name(card, game, deck_style, locale) for card in sorted(set(cards))}


def action_label(action: Action, game: str, deck_style: str, locale: str) -> str:
    """An action in a few words (``80 ♥``, ``pass``, ``K♠``)."""
    with drawn():
        return action_words(action, game, deck_style, locale)


def deck_sheet(game: str, deck_style: str, locale: str) -> str:
    """The sprite sheet of the table's deck, as its cards are drawn in Discord."""
    return sheet_name(resolve_style(game, deck_style), locale)


def rules_line(
    game: str, options: dict[str, object], seats: int, locale: str, *, one_deal: bool = False
) -> str:
    """The table's rules in one sentence, as the lobby says them (the rules in force: an
    engine fills in what the options leave out). A challenge plays single deals (``one_deal``):
    how a match is won is no rule of it, only what differs from the standard rules is."""
    cls = game_class(game)
    defaults = {spec.name: spec.default for spec in cls.OPTIONS}
    in_force = cls(options=options, seats=seats, dealer=0).options
    with drawn():
        return rules_summary(game, in_force, defaults, locale, single_deals=one_deal)


def error_page(
    locale: str,
    title_key: str,
    text_key: str,
    *,
    link: str | None = None,
    link_key: str = "",
    **values: object,
) -> str:
    """A page that says why there is nothing to show, with a ``link`` elsewhere if any."""
    return render(
        "error.html",
        locale,
        title=web_text(title_key, locale),
        title_key=title_key,
        text_key=text_key,
        values=values,
        link=link,
        link_key=link_key,
    )


__all__ = [
    "ENV",
    "POSITIONS",
    "SeatShown",
    "Words",
    "action_label",
    "card_labels",
    "deck_sheet",
    "error_page",
    "render",
    "rules_line",
    "seats_shown",
    "sides_shown",
]
