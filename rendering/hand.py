"""One seat's hand as an image: sorted as card players sort, the playable cards bright and lifted,
the others dimmed, a small gap between suits."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from PIL import Image

from games.registry import card_facts
from games.views import GameView
from i18n.locales import DEFAULT_LOCALE
from rendering import cards, theme
from rendering.canvas import Canvas, Record, font_for
from rendering.info import denomination
from rendering.words import card_name, text

MARGIN: Final = 14
LIFT: Final = 16
SUIT_GAP: Final = 14
MAX_WIDTH: Final = theme.TABLE_SIZE[0]
SPREAD: Final = 4
"""A hand of at most this many cards (Briscola's three, the end of a deal) lies card beside
card, whole, rather than overlapped: the image is then as wide as its cards."""
CARD_GAP: Final = 10


def hand_layout(hand: list[str], card_w: int) -> list[int]:
    """x offset of each card: overlapping so the corner index stays visible, gaps between suits;
    a short hand side by side."""
    n = len(hand)
    gaps = sum(1 for a, b in itertools.pairwise(hand) if a[1] != b[1])
    step = card_w + CARD_GAP if n <= SPREAD else 76
    room = MAX_WIDTH - 2 * MARGIN - card_w - gaps * SUIT_GAP
    if n > 1 and step * (n - 1) > room:
        step = max(40, room // (n - 1))
    xs: list[int] = []
    x = MARGIN
    for i, card in enumerate(hand):
        if i and card[1] != hand[i - 1][1]:
            x += SUIT_GAP
        xs.append(x)
        x += step
    return xs


def hand_inputs(
    view: GameView, legal: Sequence[str] | None, marked: Sequence[str] = ()
) -> tuple[object, ...]:
    """What ``draw_hand`` reads of its arguments: two hands with equal inputs are one image (in
    one deck style and language). A hand message whose image would not change keeps it, and
    nothing is drawn: the hand that waits while others bid or play, a bid that leaves the hand
    as it was. Everything ``draw_hand`` looks at is here, and nothing else of the view (the
    trick, the scores and the bids change at every action and are not in the hand image)."""
    to_act = view["to_act"] == view["seat"]
    exchange = view["exchange"] if view["game"] == "piquet" and to_act else None
    led = None
    if view["game"] == "chiamata" and view["trick"]:
        led = view["trick"][0][1][1]
    return (
        view["game"],
        tuple(view["hand"]),
        view["trump"],
        view["turn_up"] if view["game"] == "belote" else None,
        None if exchange is None else (exchange["min"], exchange["max"]),
        # Whose turn it is and the phase matter only to the lines of an exchange and of
        # playable cards, and to which cards are dimmed.
        None if legal is None else (tuple(legal), to_act, view["phase"]),
        led,
        tuple(marked),
    )


def draw_hand(
    view: GameView,
    legal: list[str] | None,
    style: str,
    locale: str = DEFAULT_LOCALE,
    marked: Sequence[str] = (),
    records: list[Record] | None = None,
    within: int = 0,
) -> Image.Image:
    """The hand; ``marked`` cards (Piquet's discards being chosen) stand lifted, edged in red,
    where they lie in the hand. The image is as wide as the cards: a header wider than them goes
    over more rows (at its " · "). Its type is as large as a phone needs for an image that wide,
    or for one ``within`` pixels wide where the hand is part of a larger image (a puzzle's).
    ``records``, when given, receives the texts and cards drawn."""
    trump = view["trump"]
    hand = card_facts(view["game"]).sort_hand(view["hand"], trump)
    cw, ch = theme.HAND_CARD
    xs = hand_layout(hand, cw)
    parts = [text("your_hand", locale)]
    if trump:
        parts.append(text("hand_trump", locale, trump=denomination(trump, locale)))
    elif view["game"] == "belote" and view["turn_up"]:
        parts.append(text("hand_turn_up", locale, card=card_name(view["turn_up"], locale)))
    exchange = view["exchange"] if view["game"] == "piquet" else None
    to_act = view["to_act"] == view["seat"]
    if exchange is not None and to_act:
        low, high = exchange["min"], exchange["max"]
        if low != high:
            parts.append(text("hand_exchange_range", locale, low=low, high=high))
        else:
            parts.append(text("hand_exchange", locale, count=low))
    if legal is not None and to_act and hand:
        playable = sum(1 for card in hand if card in legal)
        # Said only when it tells something: not when every card may be played (Briscola's
        # always may).
        if 0 < playable < len(hand):
            parts.append(text("hand_playable", locale, count=playable))
            if view["game"] == "chiamata" and view["trick"]:
                # Chiamata's duty to follow suit is a table's choice (docs/rules.md, D9: many play
                # Briscola's freedom), so the hand says which rule dims the other cards.
                led = denomination(view["trick"][0][1][1], locale)
                parts.append(text("hand_follow_rule", locale, suit=led))
    probe = Canvas((1, 1), theme.FELT)
    probe.style = style

    def measure(line: str) -> int:
        return probe.rich_width(line, size) + 2 * MARGIN

    cards_width = (xs[-1] + cw + MARGIN) if xs else 0
    # The type a phone reads at this width; a header wider than the cards widens the image,
    # which may ask for larger type again (it settles: at most MAX_WIDTH).
    size, width = font_for(18), 0
    while True:
        size = max(size, theme.min_text_size(max(width, within)))
        wanted = min(MAX_WIDTH, max(cards_width, *(measure(part) for part in parts)))
        if not hand:
            wanted = max(wanted, 360)
        if theme.min_text_size(max(wanted, within)) <= size:
            width = wanted
            break
        width = wanted
    rows: list[str] = []
    for part in parts:
        if rows and measure(f"{rows[-1]} · {part}") <= width:
            rows[-1] = f"{rows[-1]} · {part}"
        else:
            rows.append(part)
    row_h = size + 10
    header_h = size + 16 + row_h * (len(rows) - 1)
    height = header_h + LIFT + ch + MARGIN + 6
    c = Canvas((width, height), theme.FELT)
    c.style = style
    c.records = records
    c.draw.rectangle((0, 0, width, header_h - 4), fill=theme.PANEL)
    for k, row in enumerate(rows):
        c.rich(MARGIN, 10 + row_h * k, row, size, theme.TEXT)
    # An empty list outside trick play (bidding, Piquet's exchange) means "no card to play now",
    # not "every card is unplayable": the hand stays bright so the player can plan.
    if legal is not None and not legal and view["phase"] != "play":
        legal = None
    legal_set = set(legal) if legal is not None else None
    chosen = set(marked)
    for card, x in zip(hand, xs, strict=True):
        bright = legal_set is None or card in legal_set
        lifted = (bright and legal_set is not None) or card in chosen
        y = header_h + (0 if lifted else LIFT)
        draw = cards.face if bright else cards.dimmed
        sprite = draw(card, style, cw, ch, locale)
        if card in chosen:
            c.panel(
                (x - 4, y - 4, x + cw + 4, y + ch + 4), fill=theme.LOSE, outline=None, radius=12
            )
        c.shadowed(cards.shadow(cw, ch), x - 3, y, sprite, x, y)
        c.mark("card", (x, y, x + cw, y + ch))
    if not hand:
        c.rich(
            width // 2,
            header_h + ch // 2,
            text("no_cards_in_hand", locale),
            max(font_for(20), size),
            theme.TEXT_DIM,
            anchor="m",
        )
    return c.image
