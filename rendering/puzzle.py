"""A puzzle's position, drawn like the table: what the puzzle asks on top, the table as its seat
sees it (the trick so far, the contract or trump, the scores), then the hands the puzzle shows.

The caller decides which hands those are (``others``): every other seat's for an open-hand puzzle,
none for a single-dummy one, which shows only what the seat knew. Of ``view`` only the table's
public part and the seat's own hand are read, as for the table and the hand a player sees while
playing (``rendering.table``, ``rendering.hand``): a hidden hand can reach the image only through
``others``. Every word drawn (the title, the goal, the seats' names) comes in the reader's
language from the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image

from games.registry import card_facts
from games.views import GameView
from i18n.locales import DEFAULT_LOCALE
from rendering import cards, theme
from rendering.canvas import Canvas, Record
from rendering.cards import resolve_style
from rendering.encode import encode
from rendering.hand import draw_hand
from rendering.info import display_names
from rendering.table import draw_table
from rendering.text import fit_text, wrap_words
from rendering.words import clean_locale

W: Final = theme.TABLE_SIZE[0]
MARGIN: Final = 24
SMALL: Final = theme.min_text_size(W)
"""The smallest type that still reads at Discord's 550 px: the goal and the hands' names."""
TITLE: Final = SMALL + 7
GOAL_ROWS: Final = 4
OTHER_CARD: Final = theme.SIX_TRICK_CARD
"""The other seats' cards: as large as the table's trick cards of a six-seat table, so that
four hands fit two by two across the image with every corner index whole."""
COLUMNS: Final = 2
CARD_STEP: Final = 8
"""Between two cards of another seat's hand when they need not overlap."""


def _header(title: str, goal: str, style: str, records: list[Record] | None = None) -> Image.Image:
    probe = Canvas((1, 1), theme.PANEL)
    probe.style = style
    room = W - 2 * MARGIN
    rows = wrap_words(goal, SMALL, room, weight="regular", rows=GOAL_ROWS) if goal else []
    row_h = SMALL + 14
    height = MARGIN + TITLE + 18 + row_h * len(rows) + MARGIN // 2
    c = Canvas((W, height), theme.PANEL)
    c.style = style
    c.records = records
    c.rich(MARGIN, MARGIN, fit_text(title, TITLE, room), TITLE, theme.GOLD)
    for k, row in enumerate(rows):
        c.rich(MARGIN, MARGIN + TITLE + 18 + k * row_h, row, SMALL, theme.TEXT, weight="regular")
    return c.image


def _other_hand(
    game: str,
    name: str,
    hand: Sequence[str],
    trump: str | None,
    style: str,
    locale: str,
    records: list[Record] | None = None,
) -> Image.Image:
    """One other seat's hand: its name over its cards, sorted as card players sort them."""
    cw, ch = OTHER_CARD
    cell = W // COLUMNS
    ordered = card_facts(game).sort_hand(list(hand), trump)
    step = cw + CARD_STEP
    if len(ordered) > 1:
        step = min(step, (cell - 2 * MARGIN - cw) // (len(ordered) - 1))
    c = Canvas((cell, SMALL + 24 + ch + MARGIN // 2), theme.FELT_DARK)
    c.style = style
    c.records = records
    c.rich(MARGIN, 12, fit_text(name, SMALL, cell - 2 * MARGIN), SMALL, theme.TEXT)
    top = SMALL + 24
    for k, card in enumerate(ordered):
        x = MARGIN + k * step
        c.shadowed(
            cards.shadow(cw, ch), x - 3, top, cards.face(card, style, cw, ch, locale), x, top
        )
    return c.image


def draw_puzzle(
    view: GameView,
    names: Sequence[str],
    bots: Sequence[bool],
    others: Sequence[tuple[str, Sequence[str]]],
    legal: Sequence[str],
    title: str,
    goal: str,
    style: str,
    locale: str = DEFAULT_LOCALE,
    records: list[Record] | None = None,
) -> Image.Image:
    """``view`` is the puzzle's seat's; ``others`` the (name, cards) of each other hand the
    puzzle shows; ``legal`` the seat's cards it may play (bright, the others dimmed).
    ``records``, when given, receives the texts drawn (each part's own boxes: the parts are
    pasted at their size, so their text is as small in the image as it is in them)."""
    seat_names = display_names(list(names), view["seats"], locale)
    parts = [
        _header(title, goal, style, records),
        draw_table(view, seat_names, list(bots), style, locale, records),
        draw_hand(view, list(legal), style, locale, records=records, within=W),
    ]
    trump = view["trump"]
    tiles = [
        _other_hand(view["game"], n, hand, trump, style, locale, records) for n, hand in others
    ]
    height = sum(part.height for part in parts)
    rows = [tiles[k : k + COLUMNS] for k in range(0, len(tiles), COLUMNS)]
    height += sum(max(tile.height for tile in row) for row in rows)
    image = Image.new("RGB", (W, height), theme.FELT_DARK)
    y = 0
    for part in parts:
        # The hand is as wide as its cards: the felt goes on across the image around it.
        image.paste(theme.FELT, (0, y, W, y + part.height))
        image.paste(part, ((W - part.width) // 2, y))
        y += part.height
    for row in rows:
        for k, tile in enumerate(row):
            image.paste(tile, (k * (W // COLUMNS), y))
        y += max(tile.height for tile in row)
    return image


def render_puzzle(
    view: GameView,
    names: Sequence[str],
    bots: Sequence[bool],
    others: Sequence[tuple[str, Sequence[str]]],
    legal: Sequence[str],
    title: str,
    goal: str,
    *,
    deck_style: str = "auto",
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    """The puzzle's image, encoded (``rendering.IMAGE_EXTENSION``)."""
    style = resolve_style(view["game"], deck_style)
    image = draw_puzzle(view, names, bots, others, legal, title, goal, style, clean_locale(locale))
    return encode(image, style)


__all__ = ["draw_puzzle", "render_puzzle"]
