"""A deal review's position: what the player held, what was on the table, the card they chose
and the one that would have been better.

Drawn from the position a review keeps (the reviewed seat's own hand and the public trick at
that moment), never from a game: nothing else of the deal can reach the image. A decision that
is not a card (a bid, a take, an exchange) shows the hand, and the choice and the better one in
words, which the caller gives in the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image

from games.registry import card_facts
from rendering import cards, theme
from rendering.canvas import Canvas, font_for
from rendering.i18n import DEFAULT_LOCALE, text
from rendering.info import card_text, denomination

MARGIN: Final = 16
HEADER: Final = 44
SPACE: Final = 8
"""Between the cards of the hand, which do not overlap: the two marked ones stay whole."""
GAP: Final = 36
RING: Final = 5
LIFT: Final = 14
PLAYED: Final[theme.RGB] = theme.LOSE
BETTER: Final[theme.RGB] = theme.WIN


def draw_review_position(
    game: str,
    hand: Sequence[str],
    trick: Sequence[tuple[int, str]],
    trump: str | None,
    choice: str,
    best: str,
    trick_names: Sequence[str],
    style: str,
    locale: str = DEFAULT_LOCALE,
) -> Image.Image:
    """``choice`` and ``best`` are card codes for a card decision, else words (a bid, an
    exchange) drawn under the hand. ``trick_names`` names the player of each card of
    ``trick``."""
    cw, ch = theme.SMALL_CARD
    ordered = card_facts(game).sort_hand(list(hand), trump)
    is_card = choice in ordered
    italian = style == "italian"
    label = font_for(15)
    title = font_for(17)
    header = text("review_hand", locale)
    if trump:
        header += " · " + text("hand_trump", locale, trump=denomination(trump, locale))
    if is_card:
        legend = [
            (text("review_played", locale) + " " + card_text(choice, italian, locale), PLAYED)
        ]
        if best != choice:
            legend.append(
                (text("review_better", locale) + " " + card_text(best, italian, locale), BETTER)
            )
    else:
        legend = [(text("review_chose", locale, action=choice), PLAYED)]
        if best != choice:
            legend.append((text("review_better_action", locale, action=best), BETTER))
    probe = Canvas((1, 1), theme.FELT)
    probe.style = style
    hand_w = len(ordered) * (cw + SPACE) - SPACE if ordered else cw
    trick_w = len(trick) * (cw + SPACE) - SPACE if trick else 0
    table_w = max(trick_w, probe.rich_width(text("review_table", locale), label)) if trick else 0
    legend_w = sum(probe.rich_width(words, label) for words, _ in legend) + 24 * len(legend)
    width = 2 * MARGIN + max(
        hand_w + (GAP + table_w if trick else 0),
        probe.rich_width(header, title),
        legend_w,
    )
    top = HEADER + 26 + LIFT
    rows = (1 if is_card else len(legend)) + (1 if trick else 0)
    height = top + ch + 14 + (label + 16) * rows
    height += MARGIN
    c = Canvas((max(width, 480), height), theme.FELT)
    c.style = style
    c.draw.rectangle((0, 0, c.image.width, HEADER - 6), fill=theme.PANEL)
    c.rich(MARGIN, 13, header, title, theme.TEXT)
    for i, card in enumerate(ordered):
        x = MARGIN + i * (cw + SPACE)
        marked = is_card and card in (choice, best)
        y = top - (LIFT if marked else 0)
        if marked:
            colour = BETTER if card == best else PLAYED
            c.draw.rounded_rectangle(
                (x - RING, y - RING, x + cw + RING, y + ch + RING), radius=10, fill=colour
            )
        c.sprite(cards.shadow(cw, ch), x - 3, y)
        c.sprite(cards.face(card, style, cw, ch, locale), x, y)
    below = top + ch + 14
    if trick:
        left = MARGIN + hand_w + GAP
        c.rich(left, HEADER + 4, text("review_table", locale), label, theme.TEXT_DIM)
        for k, (_, card) in enumerate(trick):
            x = left + k * (cw + SPACE)
            c.sprite(cards.shadow(cw, ch), x - 3, top)
            c.sprite(cards.face(card, style, cw, ch, locale), x, top)
            name = trick_names[k] if k < len(trick_names) else ""
            name = _fit(c, name, label, cw + SPACE - 4)
            c.rich(x + cw // 2, below, name, label, theme.TEXT_DIM, anchor="m")
        below += label + 16
    x, y = MARGIN, below
    for words, colour in legend:
        drawn = c.rich(x, y, words, label, colour)
        if is_card:
            x += drawn + 24
        else:
            y += label + 16
    return c.image


def _fit(c: Canvas, name: str, size: int, room: int) -> str:
    """``name`` cut (with an ellipsis) to ``room`` pixels."""
    if c.rich_width(name, size) <= room:
        return name
    while name and c.rich_width(name + "…", size) > room:
        name = name[:-1]
    return name + "…"


__all__ = ["draw_review_position"]
