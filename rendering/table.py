"""The public table image: seats round a felt table, the trick in the middle, and a column of
panels on the left (game and contract, scores, cards lying on the table, bidding or declarations).

Only a view is ever read, and of a view only what is public: the seats' hands are drawn as card
backs from ``hand_sizes``, never from ``hand``, so two views that differ only in a hidden hand give
the same image, whoever asks for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
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
    name_of,
    side_label,
    side_names,
    side_of,
    wins,
)
from rendering.layers import Frame
from rendering.presenters import table_info
from rendering.text import fit_text, unique_fit, wrap_words

T = TypeVar("T")
W, H = theme.TABLE_SIZE
COLUMN: Final = 316
CENTRE: Final = (COLUMN + (W - COLUMN) // 2, H // 2)
RADII: Final = (308, 280)
PLATE: Final = (240, 92)
TRICK_LAYOUT: Final = {
    2: ((150, 124), theme.TABLE_CARD),
    3: ((90, 110), theme.TABLE_CARD),
    4: ((118, 124), theme.TABLE_CARD),
    5: ((120, 122), theme.SMALL_CARD),
    6: ((104, 122), theme.SMALL_CARD),
}
"""Per seat count: the radii of the ellipse the trick's cards lie on, and their size. Chosen so
that no card's index is hidden by a name plate or by another card (five or six cards need the
smaller size)."""
SMALL: Final = theme.min_text_size(W)
"""The type scale, in font pixel sizes: the smallest (labels, scores, logs) is what still reads
at 12 px when Discord shows the image 550 px wide; names, titles and banners are larger."""
NAME: Final = SMALL + 1
TITLE: Final = SMALL + 5
BIG: Final = SMALL + 13
MINI_BACK: Final = (22, 32)
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
    return (
        round(CENTRE[0] + RADII[0] * math.cos(angle)),
        round(CENTRE[1] + RADII[1] * math.sin(angle)),
    )


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
    names: tuple[str, ...]
    """Each seat's name as its plate shows it (shortened to fit)."""
    bots: tuple[bool, ...]
    colours: tuple[theme.RGB, ...]
    locale: str

    def plate(self, index: int) -> PlateBase:
        seat = self.order[index]
        name = self.names[seat] if seat < len(self.names) else name_of([], seat, self.locale)
        bot = seat < len(self.bots) and self.bots[seat]
        return PlateBase(index, len(self.order), name, bot, self.colours[seat])


@dataclass(frozen=True)
class PlateBase:
    """The fixed part of one plate, and all that it is drawn from: the key of its kept layer
    (``rendering.layers``), so a renamed seat or another seat count is another layer."""

    index: int
    """The plate's place from the bottom of the image, counter-clockwise."""
    seats: int
    name: str
    bot: bool
    colour: theme.RGB

    @property
    def origin(self) -> tuple[int, int]:
        ax, ay = seat_anchor(self.index, self.seats)
        return ax - PLATE[0] // 2, ay - PLATE[1] // 2

    @property
    def box(self) -> Box:
        """Where ``_plate_base`` paints (ends excluded)."""
        x0, y0 = self.origin
        return (x0, y0, x0 + PLATE[0] + 1, y0 + PLATE[1] + 1)


def _plate_base(c: Canvas, plate: PlateBase, acting: bool = False) -> None:
    """The fixed part of a seat's plate: the panel, the side's colour bar, the name on the first
    row (gold while the seat acts), the robot icon after it."""
    pw, ph = PLATE
    x0, y0 = plate.origin
    c.panel((x0, y0, x0 + pw, y0 + ph), fill=theme.PANEL, outline=theme.PANEL_EDGE, radius=12)
    c.rounded_rectangle((x0 + 6, y0 + 10, x0 + 12, y0 + ph - 10), 3, plate.colour)
    colour = theme.ACCENT if acting else theme.TEXT
    width = c.rich(x0 + 20, y0 + 18, plate.name, NAME, colour, "condensed")
    if plate.bot:
        _bot_icon(c, x0 + 28 + width, y0 + 16, 24)


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
    pw, ph = PLATE
    base = seats.plate(index)
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
        _arrow(c, anchor)
    if bubble:
        _bubble(c, anchor, bubble, seat)


def _toward_centre(anchor: tuple[int, int], extra: int) -> tuple[float, float, float, float]:
    """A point ``extra`` pixels beyond the plate's edge on the way to the centre, and the unit
    vector of that way."""
    dx, dy = CENTRE[0] - anchor[0], CENTRE[1] - anchor[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    reach = (PLATE[1] // 2 + 14) if abs(uy) > abs(ux) * 0.6 else (PLATE[0] // 2 + 14)
    return anchor[0] + ux * (reach + extra), anchor[1] + uy * (reach + extra), ux, uy


def _bubble(c: Canvas, anchor: tuple[int, int], text: str, seat: int) -> None:
    """What the seat said in the bidding, in a speech bubble on the table side of its plate."""
    size = NAME
    width = c.rich_width(text, size) + 28
    height = 46
    _, _, ux, uy = _toward_centre(anchor, 0)
    vertical = abs(uy) > abs(ux) * 0.6
    half = height // 2 if vertical else width // 2
    cx, cy, _, _ = _toward_centre(anchor, 22 + half)
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


def _arrow(c: Canvas, anchor: tuple[int, int]) -> None:
    """A gold pointer from the acting seat towards the middle of the table."""
    tx, ty, ux, uy = _toward_centre(anchor, 18)
    bx, by, _, _ = _toward_centre(anchor, 0)
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


def plate_box(index: int, n: int) -> tuple[int, int, int, int]:
    """The name plate of the ``index``-th seat from the bottom, badge included: x0, y0, x1, y1."""
    ax, ay = seat_anchor(index, n)
    return (
        ax - PLATE[0] // 2 - 5,
        ay - PLATE[1] // 2 - 4 - CHIP,
        ax + PLATE[0] // 2 - 4 + CHIP,
        ay + PLATE[1] // 2 + 5,
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
    y = _kept(c, frame, _contract_panel, info.title, tuple(info.contract[:6]))
    scores = view.get("scores") or {}
    game_scores = scores.get("game") if isinstance(scores, dict) else None
    deal_scores = scores.get("deal") if isinstance(scores, dict) else None
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
        y = _kept(c, frame, _scores, y, labels, deal, tuple(game_scores), info.locale)
    if int(view.get("seats") or 0) != 2:
        for group in info.cards:
            shown = (group.label, tuple(group.cards), group.count, group.crosswise_last)
            y = _kept(c, frame, _table_cards, shown, y, x0, x1, style, info.locale)
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


def _contract_panel(c: Canvas, title_text: str, contract: tuple[str, ...]) -> int:
    """The game's name and its contract or trump lines; returns where the next panel starts."""
    x0, x1 = 10, COLUMN - 6
    y = 10
    room = x1 - x0 - 28
    rows: list[str] = []
    for line in contract:
        rows += wrap_words(line, SMALL, room, "condensed", measure=_measure(c))
    height = 52 + 32 * len(rows)
    c.panel((x0, y, x1, y + height))
    title_size = TITLE
    while title_size > SMALL and c.rich_width(title_text, title_size, "condensed") > room:
        title_size -= 1
    title = fit_text(title_text, title_size, room, "condensed")
    c.rich(x0 + 14, y + 14, title, title_size, theme.GOLD, "condensed")
    for i, line in enumerate(rows):
        c.rich(x0 + 14, y + 54 + 32 * i, line, SMALL, theme.TEXT, "condensed")
    return y + height + 10


def _scores(
    c: Canvas,
    y: int,
    labels: tuple[SideLabel, ...],
    deal_scores: tuple[object, ...],
    game_scores: tuple[object, ...],
    locale: str,
) -> int:
    """One block per side: its name (partners over two rows when they do not fit on one), then
    the points of this deal and of the game, right-aligned under their column heads."""
    x0, x1 = 10, COLUMN - 6
    row = 32
    deal_x, game_x = x1 - 100, x1 - 12
    blocks: list[tuple[list[str], bool]] = []
    for label in labels:
        lines = side_lines(c, label, x1 - x0 - 40)
        width = c.rich_width(lines[-1], SMALL, "condensed")
        numbers_room = deal_x - 70 - (x0 + 26)
        blocks.append((lines, width <= numbers_room))
    height = 48 + sum(row * (len(lines) + (0 if inline else 1)) + 6 for lines, inline in blocks)
    if y + height > H - 6:
        return y
    c.panel((x0, y, x1, y + height))
    c.rich(x0 + 14, y + 12, text("score_panel", locale), SMALL, theme.GOLD)
    c.rich(deal_x, y + 12, text("score_deal", locale), SMALL, theme.TEXT_DIM, "condensed", "r")
    c.rich(game_x, y + 12, text("score_game", locale), SMALL, theme.TEXT_DIM, "condensed", "r")
    ry = y + 48
    for i, (lines, inline) in enumerate(blocks):
        colour = theme.TEAM_COLOURS[i % len(theme.TEAM_COLOURS)]
        total = len(lines) + (0 if inline else 1)
        c.rounded_rectangle((x0 + 12, ry, x0 + 18, ry + row * total - 8), 3, colour)
        for k, line in enumerate(lines):
            c.rich(x0 + 26, ry + row * k, line, SMALL, theme.TEXT, "condensed")
        ny = ry + row * (total - 1)
        deal = deal_scores[i]
        if deal is not None:
            c.rich(deal_x, ny, str(deal), SMALL, theme.TEXT_DIM, "condensed", anchor="r")
        c.rich(game_x, ny, str(game_scores[i]), SMALL, theme.ACCENT, "condensed", anchor="r")
        ry += row * total + 6
    return y + height + 10


def side_lines(c: Canvas, label: SideLabel, room: int) -> list[str]:
    """A side's name in the score panel: one line, or partners over two rows when they do not
    fit on one (a player's own name is never cut at an "&" it holds)."""
    lines = [label.text]
    if c.rich_width(label.text, SMALL, "condensed") > room:
        members = list(label.members)
        lines = [f"{m} &" for m in members[:-1]] + members[-1:]
    return [fit_text(line, SMALL, room, "condensed") for line in lines]


def _table_cards(
    c: Canvas,
    group: tuple[str, tuple[str | None, ...], int | None, bool],
    y: int,
    x0: int,
    x1: int,
    style: str,
    locale: str = DEFAULT_LOCALE,
) -> int:
    """Cards lying on the table (``TableCards``' label, cards, count and crosswise_last), under
    a title row that also says how many there are."""
    group_label, group_cards, group_count, crosswise_last = group
    cw, ch = theme.TABLE_CARD if len(group_cards) <= 2 else theme.SMALL_CARD
    height = 50 + ch + 10
    if y + height > H - 6:
        return y
    c.panel((x0, y, x1, y + height))
    count = plural("cards_count", group_count, locale) if group_count is not None else ""
    count_width = c.rich_width(count, SMALL) + 12 if count else 0
    label = fit_text(group_label, SMALL, x1 - x0 - 28 - count_width)
    c.rich(x0 + 14, y + 12, label, SMALL, theme.GOLD)
    if count:
        c.rich(x1 - 14, y + 12, count, SMALL, theme.TEXT, anchor="r")
    cy = y + 50
    x = x0 + 16
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
            sx = x + cw - 22
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
    return y + height + 10


def _measure(c: Canvas, size: int = SMALL, weight: str = "condensed") -> Callable[[str], int]:
    """The width of a line as ``Canvas.rich`` draws it, suit emblems included."""
    return lambda line: c.rich_width(line, size, weight)


def _log(c: Canvas, y: int, title: str, log: tuple[str, ...]) -> None:
    """The latest lines of the log that fit above the bottom edge, each over two rows at most."""
    x0, x1 = 10, COLUMN - 6
    row = 32
    room = (H - 10 - y - 48) // row
    if room <= 0:
        return
    rows: list[str] = []
    for line in reversed(log):
        wrapped = wrap_words(line, SMALL, x1 - x0 - 54, "condensed", 3, _measure(c))
        wrapped[1:] = ["   " + rest for rest in wrapped[1:]]
        if len(rows) + len(wrapped) > room:
            break
        rows[:0] = wrapped
    if not rows:
        return
    c.panel((x0, y, x1, y + 48 + row * len(rows)))
    c.rich(x0 + 14, y + 12, title, SMALL, theme.GOLD)
    for i, line in enumerate(rows):
        c.rich(x0 + 14, y + 46 + row * i, line, SMALL, theme.TEXT, "condensed")


def _seats(view: GameView, names: list[str], bots: list[bool], locale: str) -> Seats:
    n = int(view.get("seats") or len(names) or 4)
    viewer = view.get("seat")
    first = viewer if isinstance(viewer, int) and 0 <= viewer < n else 0
    rooms = [PLATE[0] - 30 - (34 if s < len(bots) and bots[s] else 0) for s in range(len(names))]
    colours = tuple(
        theme.TEAM_COLOURS[side_of(view, seat) % len(theme.TEAM_COLOURS)] for seat in range(n)
    )
    return Seats(
        order=tuple((first + i) % n for i in range(n)),
        names=tuple(unique_fit(names, NAME, rooms, "condensed")),
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
    column_names = unique_fit(names, SMALL, COLUMN - 16 - 40 - 36, "condensed")
    _column(c, view, info, column_names, style, frame)
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
        _game_over(c, view, names, locale, list(seats.order))


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


def _game_over(c: Canvas, view: GameView, names: list[str], locale: str, order: list[int]) -> None:
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
    n = len(order)
    left, right = COLUMN + 24, W - 24
    top, bottom = 24, H - 24
    for index in range(n):
        px0, py0, px1, py1 = plate_box(index, n)
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
    rows = wrap_words(line, NAME, 2 * half - 40, measure=_measure(c, NAME, "bold")) if line else []
    height = 40 + BIG + 18 + (NAME + 12) * len(rows)
    box = (CENTRE[0] - half, CENTRE[1] - height // 2, CENTRE[0] + half, CENTRE[1] + height // 2)
    c.mark("banner", box)
    c.panel(box, fill=theme.PANEL, outline=theme.GOLD, width=3, radius=18)
    y = box[1] + 22
    c.rich(CENTRE[0], y, text("game_over", locale), BIG, theme.GOLD, anchor="m")
    y += BIG + 18
    for row in rows:
        c.rich(CENTRE[0], y, row, NAME, theme.TEXT, anchor="m")
        y += NAME + 12
