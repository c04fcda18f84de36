"""The public table image: seats round a felt table, the trick in the middle, and a column of
panels on the left (game and contract, scores, cards lying on the table, bidding or declarations).

Only a view is ever read, and of a view only what is public: the seats' hands are drawn as card
backs from ``hand_sizes``, never from ``hand``, so two views that differ only in a hidden hand give
the same image, whoever asks for it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, TypeVar

from PIL import Image, ImageDraw

from games.views import GameView
from rendering import cards, theme
from rendering.canvas import Box, Canvas, Record
from rendering.i18n import DEFAULT_LOCALE, plural, text
from rendering.info import (
    SideLabel,
    TableInfo,
    card_text,
    name_of,
    side_label,
    side_names,
    side_of,
    wins,
)
from rendering.layers import Frame
from rendering.presenters import table_info
from rendering.text import fit_text, size_for_cap_height, text_width, unique_fit, wrap_words

T = TypeVar("T")
W, H = theme.TABLE_SIZE
COLUMN: Final = 316
CENTRE: Final = (COLUMN + (W - COLUMN) // 2, H // 2)
RADII: Final = (308, 280)
SEAT_RADII: Final = {3: (314, 280), 4: (300, 280), 6: (337, 280)}
"""The ellipse the plates' centres lie on, where a seat count needs another than ``RADII``: four
seats leave the side plates room for their width, six leave the trick room for larger cards."""
PLATE: Final = (250, 92)
"""A plate beside the table (left, right, or oblique): narrow, its name over two rows when one
does not hold it (the plate is then ``NAME_ROW`` taller)."""
WIDE_PLATE: Final = (340, 92)
"""A plate above or below the table, where there is room across: a name of 16 characters on
one row."""
TWO_PLATE_WIDTH: Final = 400
LONG_PLATE_WIDTH: Final = 400
"""A plate above or below the table alone on its row grows this wide for a name that the wide
plate does not hold on one row (16 Japanese characters are about 370 px)."""
NAME_ROW: Final = 30
ICON: Final = 24
"""The robot's size; it follows the name, ``ICON_GAP`` after it."""
ICON_GAP: Final = 8
TRICK_LAYOUT: Final = {
    2: ((150, 124), theme.TABLE_CARD),
    3: ((90, 110), theme.TABLE_CARD),
    4: ((108, 124), theme.TABLE_CARD),
    5: ((120, 122), theme.SMALL_CARD),
    6: ((120, 146), theme.SIX_TRICK_CARD),
}
"""Per seat count: the radii of the ellipse the trick's cards lie on, and their size. Chosen so
that no card's index is hidden by a name plate or by another card (five cards need the smaller
size; six lie in two rows of three, the middle ones a little further out)."""
SMALL: Final = theme.min_text_size(W)
"""The type scale, in font pixel sizes: the smallest (labels, scores, logs) is what still reads
at 12 px when Discord shows the image 550 px wide; names, titles and banners are larger."""
NAME: Final = SMALL + 1
TITLE: Final = SMALL + 5
BIG: Final = SMALL + 13
PHONE_WIDTH: Final = 360
"""The width at which a phone shows the image: the side column is read there too."""
PHONE_MIN_CAP: Final = 8
"""The smallest capital, in pixels on a phone, of the side column's text: its facts (contract,
score, bidding) are what a player looks up while playing."""
PANEL_TEXT: Final = size_for_cap_height(-(-PHONE_MIN_CAP * W // PHONE_WIDTH), "condensed")
"""The side column's type (all of it condensed): capitals of ``PHONE_MIN_CAP`` pixels on a
phone."""
PANEL_TITLE: Final = PANEL_TEXT + 4
PANEL_ROW: Final = PANEL_TEXT + 8
MINI_BACK: Final = (22, 32)
CARD_SIZES: Final = ("card", "small", "words")
"""How the cards in the side column (a turn-up, a trump card, a talon) give room to the score
above them, one step at a time: full size, small, a lone face-up card named in words."""
LOG_ROWS: Final = 6
"""The most rows one line of a log may take before its end is cut."""
CHIP: Final = 18
"""Radius of the dealer chip, which hangs on the plate's top right corner, clear of the name."""


@lru_cache(maxsize=2)
def background() -> Image.Image:
    """The room, the wooden table and its felt: the same for every image, so drawn once."""
    im = Image.new("RGB", (W, H), theme.FELT_DARK)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, W, H), fill=(14, 40, 28))
    box = (COLUMN + 10, 8, W - 8, H - 8)
    d.rounded_rectangle(box, radius=150, fill=theme.RIM)
    d.rounded_rectangle(
        (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4),
        radius=146,
        outline=theme.RIM_LIGHT,
        width=2,
    )
    d.rounded_rectangle(
        (box[0] + 16, box[1] + 16, box[2] - 16, box[3] - 16), radius=136, fill=theme.FELT
    )
    d.rounded_rectangle(
        (box[0] + 150, box[1] + 112, box[2] - 150, box[3] - 112),
        radius=90,
        outline=theme.FELT_LINE,
        width=2,
    )
    return im


def seat_anchor(index: int, n: int) -> tuple[int, int]:
    """Screen position of the ``index``-th seat counted from the bottom, counter-clockwise on
    screen, which is play order (docs/rules.md §1.3: the next player sits to the right)."""
    angle = math.radians(90 - 360 * index / n)
    rx, ry = SEAT_RADII.get(n, RADII)
    return (
        round(CENTRE[0] + rx * math.cos(angle)),
        round(CENTRE[1] + ry * math.sin(angle)),
    )


def wide_seat(index: int, n: int) -> bool:
    """Whether the ``index``-th plate lies above or below the trick (rather than beside it), so
    that it may be wide (``WIDE_PLATE``)."""
    ax, ay = seat_anchor(index, n)
    return abs(CENTRE[1] - ay) > abs(CENTRE[0] - ax) * 0.6


def alone_on_row(index: int, n: int) -> bool:
    """Whether no other plate shares the ``index``-th plate's height: a wide plate then may
    grow across (``LONG_PLATE_WIDTH``); one with a neighbour (the top two of five) grows down
    a row instead, as the plates beside the table do."""
    y = seat_anchor(index, n)[1]
    return all(abs(seat_anchor(i, n)[1] - y) > PLATE[1] for i in range(n) if i != index)


def two_rows(index: int, n: int) -> bool:
    """Whether the ``index``-th plate may write a name over two rows."""
    return not (wide_seat(index, n) and alone_on_row(index, n))


def plate_size(index: int, n: int, rows: int = 1, long: bool = False) -> tuple[int, int]:
    """Width and height of the ``index``-th plate whose name takes ``rows`` rows; ``long``: a
    wide plate grown for a long name."""
    w, h = WIDE_PLATE if wide_seat(index, n) else PLATE
    if long and wide_seat(index, n) and alone_on_row(index, n):
        w = LONG_PLATE_WIDTH
    if n == 2:
        # Two players face each other across the whole table: room for Piquet's badges
        # ("Younger · took 3") beside the dealer's chip.
        w = TWO_PLATE_WIDTH
    return w, h + NAME_ROW * (rows - 1)


def name_room(width: int, bot: bool) -> int:
    """The width a plate of ``width`` leaves its name, the robot after it included."""
    return width - 30 - (ICON + ICON_GAP if bot else 0)


def plate_name(
    name: str, bot: bool, index: int, n: int
) -> tuple[tuple[str, ...], int, bool] | None:
    """The rows a plate writes ``name`` in, their font size, and whether the plate is grown
    long: one row at the name's size, else one row a point smaller, else (above or below the
    table, alone on its row) one row on a long plate, else two rows broken at a space or
    between Japanese characters; ``None`` when even that would cut it."""
    for long in (False, True):
        room = name_room(plate_size(index, n, 1, long)[0], bot)
        for size in (NAME, SMALL):
            if text_width(name, size, "condensed") <= room:
                return (name,), size, long
    if not two_rows(index, n):
        return None
    room = name_room(plate_size(index, n)[0], bot)
    rows = wrap_words(name, NAME, room, "condensed")
    if len(rows) == 2 and "…" not in "".join(rows) and rows[0] and rows[1]:
        return tuple(rows), NAME, False
    return None


def _bot_icon(c: Canvas, x: int, y: int, size: int) -> None:
    """A small robot head: this seat is a computer player."""
    c.mark("icon", (x, y - 3, x + size, y + size))
    c.line([(x + size // 2, y), (x + size // 2, y + size // 4)], theme.BOT, width=2)
    c.ellipse((x + size // 2 - 3, y - 3, x + size // 2 + 3, y + 3), theme.BOT)
    c.rounded_rectangle((x, y + size // 4, x + size, y + size), size // 5, theme.BOT)
    e = max(2, size // 7)
    for ex in (x + size // 3, x + 2 * size // 3):
        c.ellipse((ex - e, y + size // 2 - e, ex + e, y + size // 2 + e), theme.PANEL)
    c.line(
        [(x + size // 3, y + 3 * size // 4 + 1), (x + 2 * size // 3, y + 3 * size // 4 + 1)],
        theme.PANEL,
        width=2,
    )


def _dealer_chip(c: Canvas, cx: int, cy: int, locale: str, seat: int) -> None:
    r = CHIP
    c.mark("icon", (cx - r, cy - r, cx + r, cy + r), seat)
    c.ellipse((cx - r, cy - r, cx + r, cy + r), theme.CARD_FACE, theme.GOLD, width=3)
    letter = text("dealer_chip", locale)
    c.rich(cx, cy - SMALL * 3 // 8, letter, SMALL, theme.BLACK, anchor="m")


@dataclass(frozen=True)
class Seats:
    """Who sits where: what the name plates show that does not change while a table is played."""

    order: tuple[int, ...]
    """Seats from the bottom of the image, counter-clockwise."""
    names: tuple[tuple[str, ...], ...]
    """Each seat's name as its plate shows it: its rows (two beside the table when one does not
    hold it; shortened only when two do not either)."""
    sizes: tuple[int, ...]
    """The font size of each seat's name."""
    longs: tuple[bool, ...]
    """Whether each seat's plate is grown long for its name (``LONG_PLATE_WIDTH``)."""
    bots: tuple[bool, ...]
    colours: tuple[theme.RGB, ...]
    locale: str

    def plate(self, index: int) -> PlateBase:
        seat = self.order[index]
        if seat < len(self.names):
            rows, size, long = self.names[seat], self.sizes[seat], self.longs[seat]
        else:
            rows, size, long = (name_of([], seat, self.locale),), NAME, False
        bot = seat < len(self.bots) and self.bots[seat]
        return PlateBase(index, len(self.order), rows, size, long, bot, self.colours[seat])


@dataclass(frozen=True)
class PlateBase:
    """The fixed part of one plate, and all that it is drawn from: the key of its kept layer
    (``rendering.layers``), so a renamed seat or another seat count is another layer."""

    index: int
    """The plate's place from the bottom of the image, counter-clockwise."""
    seats: int
    rows: tuple[str, ...]
    """The name, over one row or two."""
    size: int
    long: bool
    bot: bool
    colour: theme.RGB

    @property
    def size_px(self) -> tuple[int, int]:
        return plate_size(self.index, self.seats, len(self.rows), self.long)

    @property
    def origin(self) -> tuple[int, int]:
        ax, ay = seat_anchor(self.index, self.seats)
        pw, ph = self.size_px
        return ax - pw // 2, ay - ph // 2

    @property
    def box(self) -> Box:
        """Where ``_plate_base`` paints (ends excluded)."""
        x0, y0 = self.origin
        pw, ph = self.size_px
        return (x0, y0, x0 + pw + 1, y0 + ph + 1)


def _plate_base(c: Canvas, plate: PlateBase, acting: bool = False) -> None:
    """The fixed part of a seat's plate: the panel, the side's colour bar, the name on the first
    row or two (gold while the seat acts), the robot icon after it."""
    pw, ph = plate.size_px
    x0, y0 = plate.origin
    c.panel((x0, y0, x0 + pw, y0 + ph), fill=theme.PANEL, outline=theme.PANEL_EDGE, radius=12)
    c.rounded_rectangle((x0 + 6, y0 + 10, x0 + 12, y0 + ph - 10), 3, plate.colour)
    colour = theme.ACCENT if acting else theme.TEXT
    width = 0
    for k, row in enumerate(plate.rows):
        width = c.rich(x0 + 20, y0 + 18 + NAME_ROW * k, row, plate.size, colour, "condensed")
    if plate.bot:
        top = y0 + 16 + NAME_ROW * (len(plate.rows) - 1)
        _bot_icon(c, x0 + 20 + ICON_GAP + width, top, ICON)


def _plate(
    c: Canvas,
    info: TableInfo,
    view: GameView,
    seats: Seats,
    index: int,
    frame: Frame | None,
) -> None:
    """A seat's name plate: the name on the first row, the hand's size and the tricks won on the
    second; the badge on the top edge at the left, the dealer chip on the top right corner, so
    that neither ever covers the name or the robot icon.

    With a ``frame``, the fixed part is already there (a kept layer) and is drawn again only for
    the acting seat (over its gold ring) or over something painted on it since."""
    n = len(seats.order)
    seat = seats.order[index]
    anchor = seat_anchor(index, n)
    base = seats.plate(index)
    pw, ph = base.size_px
    x0, y0 = base.origin
    acting = view.get("to_act") == seat
    c.mark("plate", (x0 - 5, y0 - 5, x0 + pw + 5, y0 + ph + 5), seat)
    if acting:
        c.panel(
            (x0 - 5, y0 - 5, x0 + pw + 5, y0 + ph + 5), fill=theme.GOLD, outline=None, radius=16
        )
    if frame is None or acting or frame.painted(base.box):
        _plate_base(c, base, acting)
    if view.get("dealer") == seat:
        _dealer_chip(c, x0 + pw - 4, y0 - 4, info.locale, seat)
    sizes = view.get("hand_sizes") or []
    count = sizes[seat] if seat < len(sizes) and isinstance(sizes[seat], int) else 0
    back = cards.back(*MINI_BACK)
    won = view.get("tricks_won") or []
    tricks = won[seat] if seat < len(won) and isinstance(won[seat], int) else 0
    label = plural("tricks", tricks, info.locale)
    room = pw - 20 - MINI_BACK[0] - c.rich_width(label, SMALL) - 24
    step = min(8, room // max(1, count - 1)) if count > 1 else 8
    for i in range(count):
        c.sprite(back, x0 + 20 + i * step, y0 + ph - MINI_BACK[1] - 8)
    c.rich(x0 + pw - 12, y0 + ph - 32, label, SMALL, theme.TEXT_DIM, anchor="r")
    badge = info.badges.get(seat)
    if badge:
        room = pw - 30 - (CHIP + 10 if view.get("dealer") == seat else 0)
        badge = fit_text(badge, SMALL, room, "condensed")
        width = c.rich_width(badge, SMALL, "condensed") + 20
        bx = x0 + 10
        box = (bx, y0 - 24, bx + width, y0 + 12)
        c.mark("badge", box, seat)
        c.panel(box, fill=theme.GOLD, outline=None, radius=12)
        c.light = True
        c.rich(bx + 10, y0 - 16, badge, SMALL, theme.PANEL, "condensed")
        c.light = False
    bubble = info.bubbles.get(seat)
    if acting and not bubble:
        _arrow(c, anchor, (pw, ph))
    if bubble:
        _bubble(c, anchor, (pw, ph), bubble, seat)


def _toward_centre(
    anchor: tuple[int, int], plate: tuple[int, int], extra: int
) -> tuple[float, float, float, float]:
    """A point ``extra`` pixels beyond the edge of the plate (of size ``plate``) on the way to the
    centre, and the unit vector of that way."""
    dx, dy = CENTRE[0] - anchor[0], CENTRE[1] - anchor[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    reach = (plate[1] // 2 + 14) if abs(uy) > abs(ux) * 0.6 else (plate[0] // 2 + 14)
    return anchor[0] + ux * (reach + extra), anchor[1] + uy * (reach + extra), ux, uy


def _bubble(
    c: Canvas, anchor: tuple[int, int], plate: tuple[int, int], text: str, seat: int
) -> None:
    """What the seat said in the bidding, in a speech bubble on the table side of its plate."""
    size = NAME
    width = c.rich_width(text, size) + 28
    height = 46
    _, _, ux, uy = _toward_centre(anchor, plate, 0)
    vertical = abs(uy) > abs(ux) * 0.6
    half = height // 2 if vertical else width // 2
    cx, cy, _, _ = _toward_centre(anchor, plate, 22 + half)
    x0, y0 = round(cx - width / 2), round(cy - height / 2)
    tail = (cx - ux * (half + 14), cy - uy * (half + 14))
    base_x, base_y = cx - ux * (half - 4), cy - uy * (half - 4)
    px, py = -uy * 9, ux * 9
    c.polygon(
        [tail, (base_x + px, base_y + py), (base_x - px, base_y - py)],
        theme.CARD_FACE,
        theme.CARD_EDGE,
    )
    c.mark("bubble", (x0, y0, x0 + width, y0 + height), seat)
    c.panel(
        (x0, y0, x0 + width, y0 + height), fill=theme.CARD_FACE, outline=theme.CARD_EDGE, radius=18
    )
    c.polygon(
        [
            (base_x + px * 0.8, base_y + py * 0.8),
            (base_x - px * 0.8, base_y - py * 0.8),
            (base_x + ux * 3, base_y + uy * 3),
        ],
        theme.CARD_FACE,
    )
    c.light = True
    c.rich(x0 + 14, y0 + 12, text, size, theme.BLACK)
    c.light = False


def _arrow(c: Canvas, anchor: tuple[int, int], plate: tuple[int, int]) -> None:
    """A gold pointer from the acting seat towards the middle of the table."""
    tx, ty, ux, uy = _toward_centre(anchor, plate, 18)
    bx, by, _, _ = _toward_centre(anchor, plate, 0)
    tip, base = (tx, ty), (bx, by)
    px, py = -uy * 12, ux * 12
    c.polygon([tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)], theme.GOLD)


def trick_card_box(index: int, n: int) -> tuple[int, int, int, int]:
    """Where the card of the ``index``-th seat from the bottom lies in the trick: x, y, w, h."""
    (rx, ry), (cw, ch) = TRICK_LAYOUT.get(n, TRICK_LAYOUT[6])
    angle = math.radians(90 - 360 * index / n)
    x = round(CENTRE[0] + rx * math.cos(angle)) - cw // 2
    y = round(CENTRE[1] + ry * math.sin(angle)) - ch // 2
    return x, y, cw, ch


def plate_box(index: int, n: int, rows: int = 2, long: bool = True) -> tuple[int, int, int, int]:
    """The name plate of the ``index``-th seat from the bottom whose name takes ``rows`` rows
    on a plate grown ``long`` or not (by default the largest a plate can be), badge included:
    x0, y0, x1, y1."""
    ax, ay = seat_anchor(index, n)
    pw, ph = plate_size(index, n, rows if two_rows(index, n) else 1, long)
    return (
        ax - pw // 2 - 5,
        ay - ph // 2 - 4 - CHIP,
        ax + pw // 2 - 4 + CHIP,
        ay + ph // 2 + 5,
    )


def _trick(c: Canvas, view: GameView, order: list[int], style: str, locale: str) -> None:
    n = len(order)
    trick = view.get("trick") or []
    # The engine says who wins the trick so far; a lone card is not marked.
    winning = view["winning"] if len(trick) > 1 else None
    for seat, card in trick:
        x, y, cw, ch = trick_card_box(order.index(seat), n)
        if seat == winning:
            c.panel(
                (x - 5, y - 5, x + cw + 5, y + ch + 5), fill=theme.GOLD, outline=None, radius=14
            )
        c.mark("card", (x, y, x + cw, y + ch), seat)
        c.shadowed(cards.shadow(cw, ch), x - 2, y, cards.face(card, style, cw, ch, locale), x, y)


def _focus(c: Canvas, info: TableInfo, style: str) -> None:
    """The middle of an empty table: the turn-up, the talon, the standing bid."""
    cw, ch = theme.TABLE_CARD
    first = TITLE if info.focus_cards else BIG
    y = CENTRE[1] - (first + 44 * (len(info.focus_lines) - 1)) // 2
    if info.focus_cards:
        n = len(info.focus_cards)
        step = cw + 10 if n <= 3 else 26
        width = step * (n - 1) + cw
        x = CENTRE[0] - width // 2
        y = CENTRE[1] - (ch + 44 * len(info.focus_lines)) // 2
        for card in info.focus_cards:
            sprite = (
                cards.back(cw, ch) if card is None else cards.face(card, style, cw, ch, info.locale)
            )
            c.shadowed(cards.shadow(cw, ch), x - 2, y, sprite, x, y)
            x += step
        c.mark("card", (CENTRE[0] - width // 2, y, CENTRE[0] + width // 2, y + ch))
        y += ch + 16
    for i, line in enumerate(info.focus_lines):
        size = first if i == 0 else NAME
        c.rich(CENTRE[0], y, line, size, theme.TEXT if i == 0 else theme.TEXT_DIM, anchor="m")
        y += size + 14


def _felt_cards(c: Canvas, info: TableInfo, style: str) -> None:
    """Two players leave the sides of the table free: the stock, the talon or the turn-up lie
    there, beside the trick, as they would on a real table."""
    cw, ch = theme.TABLE_CARD
    x = COLUMN + 70
    y = CENTRE[1] - ch // 2 - 14
    for group in info.cards[:2]:
        c.rich(x, y - 40, group.label, SMALL, theme.TEXT_DIM)
        faces = [card for card in group.cards if card is not None]
        backs = len(group.cards) - len(faces)
        cx = x
        for card in faces:
            c.shadowed(
                cards.shadow(cw, ch), cx - 2, y, cards.face(card, style, cw, ch, info.locale), cx, y
            )
            cx += cw - 30 if backs else cw + 12
        if backs:
            depth = min(5, max(1, (group.count or 1) // 3))
            for k in range(depth, -1, -1):
                if k == depth:
                    c.sprite(cards.shadow(cw, ch), cx + 2 * k - 2, y - 2 * k)
                c.sprite(cards.back(cw, ch), cx + 2 * k, y - 2 * k)
            cx += cw + 2 * depth
        c.mark("card", (x, y - 2 * 5, cx, y + ch))
        if group.count is not None:
            label = plural("cards_count", group.count, info.locale)
            c.rich(x, y + ch + 14, label, SMALL, theme.TEXT)
        x = cx + 40
        if x > CENTRE[0] - cw:
            break


def _column(
    c: Canvas,
    view: GameView,
    info: TableInfo,
    names: list[str],
    style: str,
    frame: Frame | None = None,
) -> None:
    """The panels on the left. Lines too long for the column wrap to a second row rather than
    lose their end; a panel that no longer fits above the bottom edge is left out whole. With a
    ``frame``, each panel is a kept layer under what it shows (a panel that shows the same as a
    moment ago, like the contract during the play, is not drawn again)."""
    x0, x1 = 10, COLUMN - 6
    scores = view.get("scores") or {}
    game_scores = scores.get("game") if isinstance(scores, dict) else None
    deal_scores = scores.get("deal") if isinstance(scores, dict) else None
    score_args: tuple[tuple[SideLabel, ...], tuple[object, ...], tuple[object, ...]] | None = None
    fits = ("wrap", "whole", "compact")
    need = dict.fromkeys(fits, 0)
    if isinstance(game_scores, list):
        found = side_names(view["teams"], names, info.locale)
        sides = range(len(game_scores))
        labels = tuple(
            found[i] if i < len(found) else SideLabel((side_label(i, info.locale),)) for i in sides
        )
        deal = tuple(
            deal_scores[i] if isinstance(deal_scores, list) and i < len(deal_scores) else None
            for i in sides
        )
        score_args = (labels, deal, tuple(game_scores))
        need = {fit: _score_rows(c, *score_args, fit)[3] + 10 for fit in fits}
    # The contract gives up its last lines before the score would be left out, and its last
    # two (chiamata's "Deal 1 of 5" and briscola, which "Called: 2 ♦" names) before a side's
    # name would be shortened; once the match is over, all but who called what.
    contract = tuple(info.contract[:6])
    room = H - 6 - 10 - need["compact"]
    whole = H - 6 - 10 - need["whole"]
    keep = 2 if view.get("phase") == "over" else len(contract) - 2
    if len(_contract_rows(c, info.title, contract, whole)[3]) >= keep:
        room = whole
    y = _kept(c, frame, _contract_panel, info.title, contract, room)
    size = "card"
    if score_args is not None:
        # Names whole, over two rows where the column has room for that and the cards on the
        # table after it; shortened beside their numbers where it has not. The cards are drawn
        # smaller, or a lone card named in words, where that keeps the names whole.
        groups = [] if int(view.get("seats") or 0) == 2 else info.cards
        chosen: dict[str, str] = {}
        spare = bool(groups) and all(g.said for g in groups)
        for size in CARD_SIZES + (("none",) if spare else ()):
            reserve = (
                0
                if size == "none"
                else sum(
                    _cards_height(
                        c,
                        (g.label, tuple(g.cards), g.count, g.crosswise_last),
                        info.locale,
                        size,
                        style,
                    )
                    for g in groups
                )
            )
            fit = next((f for f in fits if y + need[f] <= H - 6 - reserve), "compact")
            chosen.setdefault(fit, size)
        fit = min(chosen, key=fits.index)
        size = chosen[fit]
        y = _kept(c, frame, _scores, y, *score_args, info.locale, fit)
    if int(view.get("seats") or 0) != 2 and size != "none":
        for group in info.cards:
            shown = (group.label, tuple(group.cards), group.count, group.crosswise_last)
            y = _kept(c, frame, _table_cards, shown, y, x0, x1, style, info.locale, size)
    if info.log and y < H - 100:
        _kept(c, frame, _log, y, info.log_title, tuple(info.log))


def _kept(
    c: Canvas, frame: Frame | None, draw: Callable[..., T], *args: Hashable, admit: bool = False
) -> T:
    """``draw(c, *args)``; with a ``frame``, kept as a layer under ``draw``'s name and ``args``,
    which are all that ``draw`` reads (``Frame.layer``)."""
    if frame is None:
        return draw(c, *args)
    return frame.layer((draw.__qualname__, *args), lambda canvas: draw(canvas, *args), admit)


def _contract_rows(
    c: Canvas, title_text: str, contract: tuple[str, ...], limit: int = H
) -> tuple[int, list[str], int, list[list[str]]]:
    """The contract panel's title size and rows, where its lines start, and the lines it keeps
    (each over its rows) within ``limit``."""
    room = COLUMN - 16 - 28
    title_size = PANEL_TITLE
    while title_size > PANEL_TEXT and c.rich_width(title_text, title_size, "condensed") > room:
        title_size -= 1
    titles = wrap_words(title_text, title_size, room, "condensed")
    top = 12 + (title_size + 8) * len(titles) + 6
    lines = [wrap_words(line, PANEL_TEXT, room, "condensed", 3, _measure(c)) for line in contract]
    while lines and top + 8 + PANEL_ROW * sum(map(len, lines)) > limit:
        lines.pop()
    return title_size, titles, top, lines


def _contract_panel(c: Canvas, title_text: str, contract: tuple[str, ...], limit: int = H) -> int:
    """The game's name (over two rows when one does not hold it) and its contract or trump
    lines, the last lines left out where the panel would be taller than ``limit``; returns
    where the next panel starts."""
    x0, x1 = 10, COLUMN - 6
    y = 10
    title_size, titles, top, lines = _contract_rows(c, title_text, contract, limit)
    rows = [row for line in lines for row in line]
    height = top + 8 + PANEL_ROW * len(rows)
    c.panel((x0, y, x1, y + height))
    for k, title in enumerate(titles):
        c.rich(x0 + 14, y + 12 + (title_size + 8) * k, title, title_size, theme.GOLD, "condensed")
    for i, line in enumerate(rows):
        c.rich(x0 + 14, y + top + PANEL_ROW * i, line, PANEL_TEXT, theme.TEXT, "condensed")
    return y + height + 10


def _score_rows(
    c: Canvas,
    labels: tuple[SideLabel, ...],
    deal_scores: tuple[object, ...],
    game_scores: tuple[object, ...],
    fit: str,
) -> tuple[tuple[tuple[tuple[str, ...], bool], ...], int, int, int]:
    """The score panel's rows: for each side its name's rows and whether its numbers share the
    name's last row; then the x of the deal and game columns and the panel's height. ``fit``
    says how names meet a narrow column: ``wrap`` (a long name over two rows), ``whole`` (one
    row, the numbers under it) or ``compact`` (shortened beside the numbers, distinct)."""
    x0, x1 = 10, COLUMN - 6
    row = PANEL_ROW

    def width(line: str) -> int:
        return c.rich_width(line, PANEL_TEXT, "condensed")

    numbers = [str(v) for v in (*deal_scores, *game_scores) if v is not None]
    digits = max((width(v) for v in numbers), default=0)
    game_x = x1 - 12
    deal_x = game_x - digits - 22
    firsts = [
        deal_x - width(str(deal_scores[i]))
        if deal_scores[i] is not None
        else game_x - width(str(game_scores[i]))
        for i in range(len(labels))
    ]
    rooms = [first - 16 - (x0 + 26) for first in firsts]
    # Shortened from the end ("Anne-So…"), unless that leaves two alike ("Compu…"): then
    # keeping the short last word that tells them apart ("Com… 1").
    texts = [label.text for label in labels]
    cut = [fit_text(t, PANEL_TEXT, rooms[i], "condensed") for i, t in enumerate(texts)]
    apart = unique_fit(texts, PANEL_TEXT, rooms, "condensed")
    short = [cut[i] if cut.count(cut[i]) == 1 else apart[i] for i in range(len(texts))]
    blocks = []
    for i, label in enumerate(labels):
        if fit == "compact":
            lines: tuple[str, ...] = (short[i],)
        else:
            lines = tuple(side_lines(c, label, x1 - x0 - 40, fit == "wrap"))
        blocks.append((lines, width(lines[-1]) <= rooms[i]))
    rows = sum(len(lines) + (0 if inline else 1) for lines, inline in blocks)
    return tuple(blocks), deal_x, game_x, row + 14 + row * rows + block_gap(blocks) * len(blocks)


def block_gap(blocks: Sequence[object]) -> int:
    """The space between two sides' blocks: less between five (chiamata), whose two computers'
    names each take a row of their own ("Ordinateur 1" over its numbers) in a tall column."""
    return 6 if len(blocks) <= 3 else 2


def _scores(
    c: Canvas,
    y: int,
    labels: tuple[SideLabel, ...],
    deal_scores: tuple[object, ...],
    game_scores: tuple[object, ...],
    locale: str,
    fit: str = "wrap",
) -> int:
    """One block per side: its name (partners over two rows when they do not fit on one, and
    with ``wrap`` a long name over two rows), then the points of this deal and of the game,
    right-aligned under their column heads, on the name's last row when they fit beside it."""
    x0, x1 = 10, COLUMN - 6
    size, row = PANEL_TEXT, PANEL_ROW
    blocks, deal_x, game_x, height = _score_rows(c, labels, deal_scores, game_scores, fit)
    if y + height > H - 6:
        return y
    deal_head, game_head = text("score_deal", locale), text("score_game", locale)
    head_w = c.rich_width(deal_head, size, "condensed")
    heads = game_x - c.rich_width(game_head, size, "condensed") - 14
    # The heads stand over their columns, or side by side when the deal's is the wider.
    head_x = min(deal_x, heads)
    title = text("score_panel", locale)
    c.panel((x0, y, x1, y + height))
    c.mark("score", (x0, y, x1, y + height))
    # The panel's word ("Score") only where the column heads leave it room: they say it too.
    if x0 + 14 + c.rich_width(title, size, "condensed") + 14 <= head_x - head_w:
        c.rich(x0 + 14, y + 10, title, size, theme.GOLD, "condensed")
    c.rich(head_x, y + 10, deal_head, size, theme.TEXT_DIM, "condensed", "r")
    c.rich(game_x, y + 10, game_head, size, theme.TEXT_DIM, "condensed", "r")
    ry = y + row + 14
    for i, (lines, inline) in enumerate(blocks):
        colour = theme.TEAM_COLOURS[i % len(theme.TEAM_COLOURS)]
        total = len(lines) + (0 if inline else 1)
        c.rounded_rectangle((x0 + 12, ry, x0 + 18, ry + row * total - 8), 3, colour)
        for k, line in enumerate(lines):
            c.rich(x0 + 26, ry + row * k, line, size, theme.TEXT, "condensed")
        ny = ry + row * (total - 1)
        deal = deal_scores[i]
        if deal is not None:
            c.rich(deal_x, ny, str(deal), size, theme.TEXT_DIM, "condensed", anchor="r")
        c.rich(game_x, ny, str(game_scores[i]), size, theme.ACCENT, "condensed", anchor="r")
        ry += row * total + block_gap(blocks)
    return y + height + 10


def side_lines(c: Canvas, label: SideLabel, room: int, wrap: bool = False) -> list[str]:
    """A side's name in the score panel: one line, or one partner a row when they do not fit
    on one (a player's own name is never cut at an "&" it holds); with ``wrap``, a name too
    long for its row goes on over a second rather than being shortened."""
    lines = [label.text]
    if c.rich_width(label.text, PANEL_TEXT, "condensed") > room:
        # One partner a row, the side's bar joining them: an "&" at a row's end would push
        # "Computador 1 &" past the column's edge.
        lines = list(label.members)
    if wrap:
        measure = _measure(c)
        return [
            row
            for line in lines
            for row in wrap_words(line, PANEL_TEXT, room, "condensed", 2, measure)
        ]
    return [fit_text(line, PANEL_TEXT, room, "condensed") for line in lines]


CardsGroup = tuple[str, tuple[str | None, ...], int | None, bool]
"""``TableCards``' label, cards, count and crosswise_last, hashable for a kept layer."""


@dataclass(frozen=True)
class CardsPanel:
    """How a panel of cards lies in the column: ``beside`` puts a single card at the panel's
    right with its label's rows and count on its left (the turn-up, a called card, the talon),
    otherwise the cards go under the label. ``height`` leaves out the gap after the panel."""

    rows: tuple[str, ...]
    count: tuple[str, ...]
    """The count's rows (two where "24 cartes" is wider than the room beside the stock)."""
    count_row: int
    """The row the count starts on, right-aligned beside the label's last row or under it."""
    beside: bool
    card: tuple[int, int]
    height: int


def _cards_panel(
    c: Canvas, group: CardsGroup, locale: str, size: str = "card", style: str = "french"
) -> CardsPanel:
    """The label over as many rows as it needs (never cut short), and the cards' size (one of
    ``CARD_SIZES``, the later ones where the column is short of room): a panel tall enough for
    its cards and its words, no taller, so that the score above it keeps its names whole."""
    group_label, group_cards, group_count, crosswise_last = group
    x0, x1 = 10, COLUMN - 6
    count = plural("cards_count", group_count, locale) if group_count is not None else ""
    measure = _measure(c)
    room = x1 - x0 - 28
    lone = group_cards[0] if len(group_cards) == 1 and not group_count else None
    if size == "words" and lone is not None:
        # The card in words after its label ("Turn-up card · J♦"), the panel one row or two.
        said = f"{group_label} · {card_text(lone, style == 'italian', locale)}"
        rows = tuple(wrap_words(said, PANEL_TEXT, room, "condensed", 3, measure))
        return CardsPanel(rows, (), len(rows) - 1, False, (0, 0), 10 + PANEL_ROW * len(rows))
    big = len(group_cards) <= 2 and size == "card"
    cw, ch = theme.TABLE_CARD if big else theme.SMALL_CARD
    if crosswise_last and not big:
        # Briscola's stock, small, at the panel's right (the trump card's index showing left of
        # the backs), its label and count over rows on its left: 130 px tall instead of 258,
        # which a team of two computers needs to be named whole ("alice & b…", "Ordinat…"),
        # "Baralho" (133 px) whole beside it.
        stack = stock_width(cw, len(group_cards) > 1)
        words_room = room - stack - 8
        rows = tuple(wrap_words(group_label, PANEL_TEXT, words_room, "condensed", 2, measure))
        counted = tuple(wrap_words(count, PANEL_TEXT, words_room, "condensed", 2, measure))
        if count and not any("…" in r for r in rows + counted):
            words = (len(rows) + len(counted)) * PANEL_ROW - 8
            height = 10 + max(ch, words) + 10
            return CardsPanel(rows, counted, len(rows), True, (cw, ch), height)
    rows = tuple(wrap_words(group_label, PANEL_TEXT, room - cw - 14, "condensed", 4, measure))
    # One card beside its words, when no word of them has to be cut there ("Computador 1").
    beside = len(group_cards) == 1 and not crosswise_last and not any("…" in r for r in rows)
    if beside:
        room -= cw + 14
    else:
        rows = tuple(wrap_words(group_label, PANEL_TEXT, room, "condensed", 2, measure))
    count_w = measure(count) + 12 if count else 0
    if beside:
        # The count under the label, both left of the card.
        count_row = len(rows) if count else len(rows) - 1
        words = (count_row + 1) * PANEL_ROW
        height = 10 + max(ch, words - 8) + 10
    else:
        count_row = len(rows) - 1 if measure(rows[-1]) + count_w <= room else len(rows)
        height = 14 + PANEL_ROW * (max(count_row, len(rows) - 1) + 1) + ch + 10
    return CardsPanel(rows, (count,) if count else (), count_row, beside, (cw, ch), height)


def stock_offset(cw: int) -> int:
    """How far right of the trump card the stock's backs lie: its index stays in sight (a small
    card's index is about 30 px wide)."""
    return cw - 22 if cw > theme.SMALL_CARD[0] else cw // 2


def stock_width(cw: int, backs: bool) -> int:
    """The width of the trump card and the stock over it (up to four backs, 2 px apart)."""
    return stock_offset(cw) + cw + 8 if backs else cw


def _table_cards(
    c: Canvas,
    group: CardsGroup,
    y: int,
    x0: int,
    x1: int,
    style: str,
    locale: str = DEFAULT_LOCALE,
    size: str = "card",
) -> int:
    """Cards lying on the table (``TableCards``' label, cards, count and crosswise_last) with
    a title that also says how many there are: one card beside its title, more under it; with
    ``size`` "words", a lone face-up card is named after its title instead."""
    _, group_cards, group_count, crosswise_last = group
    panel = _cards_panel(c, group, locale, size, style)
    cw, ch = panel.card
    if y + panel.height > H - 6:
        return y
    c.panel((x0, y, x1, y + panel.height))
    for k, row in enumerate(panel.rows):
        c.rich(x0 + 14, y + 10 + PANEL_ROW * k, row, PANEL_TEXT, theme.GOLD, "condensed")
    if not cw:
        return y + panel.height + 10
    for k, count in enumerate(panel.count):
        cy = y + 10 + PANEL_ROW * (panel.count_row + k)
        if panel.beside:
            c.rich(x0 + 14, cy, count, PANEL_TEXT, theme.TEXT, "condensed")
        else:
            c.rich(x1 - 14, cy, count, PANEL_TEXT, theme.TEXT, "condensed", "r")
    if panel.beside and crosswise_last:
        x, cy = x1 - 14 - stock_width(cw, len(group_cards) > 1), y + (panel.height - ch) // 2
    elif panel.beside:
        x, cy = x1 - 14 - cw, y + (panel.height - ch) // 2
    else:
        x = x0 + 16
        cy = y + 14 + PANEL_ROW * (max(panel.count_row, len(panel.rows) - 1) + 1)
    if crosswise_last and group_cards and group_cards[0] is not None:
        # The face-up trump under the stock: the stock covers its right side, not its index.
        c.shadowed(
            cards.shadow(cw, ch),
            x - 2,
            cy,
            cards.face(group_cards[0], style, cw, ch, locale),
            x,
            cy,
        )
        if len(group_cards) > 1:
            sx = x + stock_offset(cw)
            depth = min(4, max(1, (group_count or 2) // 6))
            for k in range(depth, -1, -1):
                c.sprite(cards.back(cw, ch), sx + 2 * k, cy - 2 * k + 4)
    else:
        for card in group_cards:
            sprite = cards.back(cw, ch) if card is None else cards.face(card, style, cw, ch, locale)
            c.shadowed(cards.shadow(cw, ch), x - 2, cy, sprite, x, cy)
            x += (
                cw + 8
                if len(group_cards) < 4
                else (x1 - x0 - 40 - cw) // max(1, len(group_cards) - 1)
            )
    return y + panel.height + 10


def _cards_height(
    c: Canvas, group: CardsGroup, locale: str, size: str = "card", style: str = "french"
) -> int:
    """The height ``_table_cards`` takes for ``group``, the gap after it included."""
    return _cards_panel(c, group, locale, size, style).height + 10


def _measure(c: Canvas, size: int = PANEL_TEXT, weight: str = "condensed") -> Callable[[str], int]:
    """The width of a line as ``Canvas.rich`` draws it, suit emblems included."""
    return lambda line: c.rich_width(line, size, weight)


LOG_INDENT: Final = "   "
"""What a log line's later rows start with, so that the eye finds where each line begins."""


def _log_rows(c: Canvas, line: str, room: int) -> list[str]:
    """A log line over the rows it takes: the first the panel's whole width, the later ones
    indented and as much narrower, so that none passes the panel's edge. Both were 246 px wide,
    which broke "Computador 1: Passo" before its number (the first row holds "Computador 1:",
    257 px), and an indented row could run 15 px past the edge."""
    measure = _measure(c)
    first = wrap_words(line, PANEL_TEXT, room, "condensed", LOG_ROWS, measure)
    # The rows come back with plain spaces where the line had no-break ones, one for one.
    plain = re.sub("[\u00a0\u202f]", " ", line)
    if len(first) == 1 or not plain.startswith(first[0]):
        return first[:1] if len(first) == 1 else _indented(c, line, room)
    rest = line[len(first[0]) :].lstrip()
    later = wrap_words(
        rest, PANEL_TEXT, room - measure(LOG_INDENT), "condensed", LOG_ROWS - 1, measure
    )
    return [first[0], *(LOG_INDENT + row for row in later)]


def _indented(c: Canvas, line: str, room: int) -> list[str]:
    """A line every row of which is as narrow as an indented one (where its first row is not
    a plain start of the line: a word cut between Japanese characters)."""
    narrow = room - _measure(c)(LOG_INDENT)
    rows = wrap_words(line, PANEL_TEXT, narrow, "condensed", LOG_ROWS, _measure(c))
    return rows[:1] + [LOG_INDENT + row for row in rows[1:]]


def _log(c: Canvas, y: int, title: str, log: tuple[str, ...]) -> None:
    """The latest lines of the log that fit above the bottom edge, each over as many rows as it
    takes (Piquet's "quart to the ace, tierce to the queen +7" needs three or four): a line is
    shown whole or not at all."""
    x0, x1 = 10, COLUMN - 6
    row = PANEL_ROW
    room = (H - 10 - y - row - 14) // row
    if room <= 0:
        return
    rows: list[str] = []
    for line in reversed(log):
        wrapped = _log_rows(c, line, x1 - x0 - 28)
        if len(rows) + len(wrapped) > room:
            break
        rows[:0] = wrapped
    if not rows:
        return
    c.panel((x0, y, x1, y + row + 14 + row * len(rows)))
    c.rich(x0 + 14, y + 10, title, PANEL_TEXT, theme.GOLD, "condensed")
    for i, line in enumerate(rows):
        c.rich(x0 + 14, y + row + 10 + row * i, line, PANEL_TEXT, theme.TEXT, "condensed")


def _seats(view: GameView, names: list[str], bots: list[bool], locale: str) -> Seats:
    n = int(view.get("seats") or len(names) or 4)
    viewer = view.get("seat")
    first = viewer if isinstance(viewer, int) and 0 <= viewer < n else 0
    order = tuple((first + i) % n for i in range(n))
    index_of = {seat: i for i, seat in enumerate(order)}
    bot = [s < len(bots) and bots[s] for s in range(len(names))]
    fitted = [
        plate_name(name, bot[s], index_of[s], n) if s in index_of else None
        for s, name in enumerate(names)
    ]
    # A name that two rows do not hold is shortened on one, kept apart from the others.
    rooms = [name_room(plate_size(index_of.get(s, 0), n)[0], bot[s]) for s in range(len(names))]
    short = unique_fit(names, NAME, rooms, "condensed")
    rows = tuple(f[0] if f else (short[s],) for s, f in enumerate(fitted))
    colours = tuple(
        theme.TEAM_COLOURS[side_of(view, seat) % len(theme.TEAM_COLOURS)] for seat in range(n)
    )
    return Seats(
        order=order,
        names=rows,
        sizes=tuple(f[1] if f else NAME for f in fitted),
        longs=tuple(bool(f and f[2]) for f in fitted),
        bots=tuple(bots),
        colours=colours,
        locale=locale,
    )


def _draw(
    c: Canvas,
    view: GameView,
    names: list[str],
    bots: list[bool],
    style: str,
    locale: str,
    frame: Frame | None,
) -> None:
    """The whole table on ``c``; with a ``frame``, what a table keeps from one image to the next
    (the plates' fixed part, panels showing what they showed) is laid back from kept layers."""
    seats = _seats(view, names, bots, locale)
    if frame is not None:
        for index in range(len(seats.order)):
            _kept(c, frame, _plate_base, seats.plate(index), admit=True)
    info = table_info(view, names, locale)
    _column(c, view, info, names, style, frame)
    n = len(seats.order)
    if n == 2 and view.get("phase") != "over":
        _felt_cards(c, info, style)
    if view.get("trick"):
        _trick(c, view, list(seats.order), style, locale)
    else:
        _focus(c, info, style)
    for index in range(n):
        _plate(c, info, view, seats, index, frame)
    if view.get("phase") == "over":
        _game_over(c, view, names, locale, seats)


def draw_table(
    view: GameView,
    names: list[str],
    bots: list[bool],
    style: str,
    locale: str = DEFAULT_LOCALE,
    records: list[Record] | None = None,
) -> Image.Image:
    """The table image, drawn whole; ``records``, when given, receives every text and element
    drawn (the layout tests read it)."""
    c = Canvas((W, H), background())
    c.style = style
    c.records = records
    _draw(c, view, names, bots, style, locale, None)
    return c.image


def table_frame(
    view: GameView, names: list[str], bots: list[bool], style: str, locale: str = DEFAULT_LOCALE
) -> Frame:
    """The table image drawn over its kept layers, ready to encode: the same pixels as
    ``draw_table``, for less work once the table's layers are kept."""
    frame = Frame(background(), style)
    _draw(frame.canvas, view, names, bots, style, locale, frame)
    return frame


def _game_over(c: Canvas, view: GameView, names: list[str], locale: str, seats: Seats) -> None:
    """A banner in the middle: the game is over, and who won it. It is as wide as the gap
    between the side seats' plates, so every seat stays in sight, and the winners' names wrap
    to a second row rather than run under a plate."""
    scores = view.get("scores")
    ranking = view.get("games_won")
    if not (isinstance(ranking, list) and any(ranking)):
        ranking = scores.get("game") if isinstance(scores, dict) else None
    line = ""
    if isinstance(ranking, list) and ranking and all(isinstance(v, int) for v in ranking):
        best = max(ranking)
        leaders = [i for i, v in enumerate(ranking) if v == best]
        labels = side_names(view["teams"], names, locale)
        if len(leaders) == 1 and leaders[0] < len(labels):
            line = wins(labels[leaders[0]], locale)
    n = len(seats.order)
    left, right = COLUMN + 24, W - 24
    top, bottom = 24, H - 24
    for index in range(n):
        plate = seats.plate(index)
        px0, py0, px1, py1 = plate_box(index, n, len(plate.rows), plate.long)
        if py1 > CENTRE[1] - 80 and py0 < CENTRE[1] + 80:
            if px1 <= CENTRE[0]:
                left = max(left, px1 + 12)
            elif px0 >= CENTRE[0]:
                right = min(right, px0 - 12)
        elif px0 < CENTRE[0] + 200 and px1 > CENTRE[0] - 200:
            if py1 <= CENTRE[1]:
                top = max(top, py1 + 12)
            else:
                bottom = min(bottom, py0 - 12)
    half = min(CENTRE[0] - left, right - CENTRE[0])
    room = 2 * half - 40
    # Two long names and the verb may take several rows: a name is never cut here.
    measure = _measure(c, NAME, "condensed")
    rows = wrap_words(line, NAME, room, "condensed", 5, measure) if line else []
    title = text("game_over", locale)
    big, weight = BIG, "bold"
    while big > NAME and c.rich_width(title, big, weight) > room:
        big -= 1
    if c.rich_width(title, big, weight) > room:
        # A narrow banner (plates of two rows on each side): the title in condensed type.
        big, weight = BIG, "condensed"
        while big > SMALL and c.rich_width(title, big, weight) > room:
            big -= 1
    height = 40 + big + 18 + (NAME + 12) * len(rows)
    box = (CENTRE[0] - half, CENTRE[1] - height // 2, CENTRE[0] + half, CENTRE[1] + height // 2)
    c.mark("banner", box)
    c.panel(box, fill=theme.PANEL, outline=theme.GOLD, width=3, radius=18)
    y = box[1] + 22
    c.rich(CENTRE[0], y, title, big, theme.GOLD, weight, "m")
    y += big + 18
    for row in rows:
        c.rich(CENTRE[0], y, row, NAME, theme.TEXT, "condensed", anchor="m")
        y += NAME + 12
