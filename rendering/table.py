"""The public table image: seats round a felt table, the trick in the middle, and a column of
panels on the left (game and contract, scores, cards lying on the table, bidding or declarations).

This module draws the felt, the name plates, the trick, the middle of an empty table and the
game-over banner; where each of them lies is ``rendering.geometry``'s, and the column of panels
is ``rendering.column``'s.

Only a view is ever read, and of a view only what is public: the seats' hands are drawn as card
backs from ``hand_sizes``, never from ``hand``, so two views that differ only in a hidden hand give
the same image, whoever asks for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from games.views import GameView
from i18n.locales import DEFAULT_LOCALE
from rendering import cards, theme
from rendering.canvas import Box, Canvas, Record
from rendering.column import draw_column
from rendering.geometry import (
    BIG,
    CENTRE,
    CHIP,
    COLUMN,
    ICON,
    ICON_GAP,
    NAME,
    NAME_ROW,
    SMALL,
    TITLE,
    H,
    W,
    name_room,
    outer_left,
    plate_box,
    plate_name,
    plate_origin,
    plate_size,
    robot_beside,
    seat_anchor,
    toward_centre,
    trick_card_box,
)
from rendering.info import (
    TableInfo,
    side_names,
    side_of,
    wins,
)
from rendering.layers import Frame, kept
from rendering.presenters import table_info
from rendering.text import fit_text, unique_fit, wrap_words
from rendering.words import plural, text

MINI_BACK: Final = (22, 32)
ARROW: Final = (34, 20)
"""The turn arrow's length and half-width: about 10 × 12 px when a phone shows the table 360 px
wide (it was 18 × 12 here, 5 × 7 px there)."""


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


def _dealer_chip(c: Canvas, cx: int, cy: int, letter: str, seat: int) -> None:
    """The dealer's chip, its ``letter`` in the table's language (``dealer_chip``)."""
    r = CHIP
    c.mark("icon", (cx - r, cy - r, cx + r, cy + r), seat)
    c.ellipse((cx - r, cy - r, cx + r, cy + r), theme.CARD_FACE, theme.GOLD, width=3)
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

    def plate(self, index: int) -> PlateBase:
        seat = self.order[index]
        rows, size, long = self.names[seat], self.sizes[seat], self.longs[seat]
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
    def robot_below(self) -> bool:
        """A computer's robot on the row of the cards, where it does not fit after the name."""
        return self.bot and not robot_beside(self.rows[-1], self.size, self.size_px[0])

    @property
    def size_px(self) -> tuple[int, int]:
        return plate_size(self.index, self.seats, len(self.rows), self.long)

    @property
    def origin(self) -> tuple[int, int]:
        return plate_origin(self.index, self.seats, len(self.rows), self.long)

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
    if plate.robot_below:
        _bot_icon(c, x0 + 20, y0 + ph - MINI_BACK[1] - 4, ICON)
    elif plate.bot:
        top = y0 + 16 + NAME_ROW * (len(plate.rows) - 1)
        _bot_icon(c, x0 + 20 + ICON_GAP + width, top, ICON)


@dataclass(frozen=True)
class PlateFace:
    """All that one seat's plate shows, and all that it is drawn from (the turn's arrow and the
    bidding's bubble, which lie on the felt, aside): the key of its kept layer. A plate that
    did not change since the table's last image (three of four, in a trick) is laid back whole,
    its cards and words with it, instead of being painted again over its fixed part."""

    base: PlateBase
    seat: int
    acting: bool
    dealer: str | None
    """The dealer chip's letter, on the dealer's plate only."""
    count: int
    """Cards in the seat's hand, drawn as backs."""
    label: str
    """The tricks won, in words."""
    badge: str | None


def _plate_face(c: Canvas, face: PlateFace, frame: Frame | None) -> Box | None:
    """A seat's name plate: the name on the first row, the hand's size and the tricks won on the
    second; the badge on the top edge at the left, the dealer chip on the top right corner, so
    that neither ever covers the name or the robot icon. Returns the badge's box.

    With a ``frame``, the fixed part is laid back from its own kept layer (``_plate_base``),
    except on the acting seat, where it is drawn again over the gold ring."""
    base = face.base
    n = base.seats
    pw, ph = base.size_px
    x0, y0 = base.origin
    c.mark("plate", (x0 - 5, y0 - 5, x0 + pw + 5, y0 + ph + 5), face.seat)
    if face.acting:
        c.panel(
            (x0 - 5, y0 - 5, x0 + pw + 5, y0 + ph + 5), fill=theme.GOLD, outline=None, radius=16
        )
        _plate_base(c, base, True)
    else:
        kept(c, frame, _plate_base, base, admit=True)
    mirrored = outer_left(base.index, n)
    if face.dealer is not None:
        _dealer_chip(c, x0 + 4 if mirrored else x0 + pw - 4, y0 - 6, face.dealer, face.seat)
    count = face.count
    back = cards.back(*MINI_BACK)
    label = face.label
    left = x0 + 20 + (ICON + ICON_GAP if base.robot_below else 0)
    room = x0 + pw - left - MINI_BACK[0] - c.rich_width(label, SMALL, "condensed") - 24
    step = min(8, room // max(1, count - 1)) if count > 1 else 8
    for i in range(count):
        c.sprite(back, left + i * step, y0 + ph - MINI_BACK[1] - 8)
    c.rich(x0 + pw - 12, y0 + ph - 38, label, SMALL, theme.TEXT_DIM, "condensed", anchor="r")
    # Only some seats wear a badge (the taker, the elder…).
    badge = face.badge
    if not badge:
        return None
    # The tab goes over the plate's top edge, clear of the dealer chip; a contract longer
    # than that ("cappotto TA ×2") goes over two rows, the tab growing up.
    room = pw - 40 - (CHIP - 4 if face.dealer is not None else 0)
    rows = wrap_words(badge, SMALL, room, "condensed", 2, _measure(c, SMALL))
    if "…" in "".join(rows):
        # "cappotto ♠ ×2" beside the dealer chip: the suit goes to the second row rather
        # than the word losing its end.
        head, _, tail = badge.partition(" ")
        rows = [head, fit_text(tail, SMALL, room, "condensed")] if tail else rows
    width = max(c.rich_width(row, SMALL, "condensed") for row in rows) + 20
    bx = x0 + pw - 10 - width if mirrored else x0 + 10
    box = (bx, y0 - 30 - NAME_ROW * (len(rows) - 1), bx + width, y0 + 14)
    c.mark("badge", box, face.seat)
    # A tab of the plate, in its colours: gold is the turn's alone (the ring, the arrow).
    c.panel(box, fill=theme.PANEL, outline=theme.PANEL_EDGE, radius=12)
    for k, row in enumerate(rows):
        c.rich(bx + 10, box[1] + 8 + NAME_ROW * k, row, SMALL, theme.TEXT, "condensed")
    return box


def _plate(
    c: Canvas,
    info: TableInfo,
    view: GameView,
    seats: Seats,
    index: int,
    frame: Frame | None,
) -> None:
    """A seat's plate (``_plate_face``), laid back whole with a ``frame`` when the table showed
    it so before; then what the seat says in a bubble, or the arrow of its turn."""
    n = len(seats.order)
    seat = seats.order[index]
    base = seats.plate(index)
    acting = view["to_act"] == seat
    face = PlateFace(
        base,
        seat,
        acting,
        text("dealer_chip", info.locale) if view["dealer"] == seat else None,
        view["hand_sizes"][seat],
        plural("tricks", view["tricks_won"][seat], info.locale),
        info.badges.get(seat) or None,
    )
    if frame is None:
        badge = _plate_face(c, face, None)
    else:
        # A plate shown once (the acting seat's, whose hand changes as it acts) is kept the
        # second time it is drawn; a waiting seat's plate, at once: it stays for the trick.
        badge = frame.layer(
            ("_plate_face", face),
            lambda canvas: _plate_face(canvas, face, frame),
            admit=not acting,
            keep_pixels=False,
        )
    anchor = seat_anchor(index, n)
    pw, ph = base.size_px
    x0, y0 = base.origin
    bubble = info.bubbles.get(seat)
    if acting and not bubble:
        ring = (x0 - 5, y0 - 5, x0 + pw + 5, y0 + ph + 5)
        _arrow(c, anchor, (pw, ph), seat, [ring, badge] if badge else [ring])
    if bubble:
        _bubble(c, anchor, (pw, ph), bubble, seat)


def _measure(c: Canvas, size: int) -> Callable[[str], int]:
    """The width of a condensed line as ``Canvas.rich`` draws it, suit emblems included."""
    return lambda line: c.rich_width(line, size, "condensed")


def _bubble(
    c: Canvas, anchor: tuple[int, int], plate: tuple[int, int], text: str, seat: int
) -> None:
    """What the seat said in the bidding, in a speech bubble on the table side of its plate."""
    size = NAME
    width = c.rich_width(text, size) + 28
    height = 46
    _, _, ux, uy = toward_centre(anchor, plate, 0)
    vertical = abs(uy) > abs(ux) * 0.6
    half = height // 2 if vertical else width // 2
    cx, cy, _, _ = toward_centre(anchor, plate, 22 + half)
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


def _arrow(
    c: Canvas, anchor: tuple[int, int], plate: tuple[int, int], seat: int, clear: list[Box]
) -> None:
    """A gold pointer from the acting seat towards the middle of the table, clear of the seat's
    plate with its ring and of its badge where the badge lies on that side (under Piquet's
    "Elder · took 1" on the bottom plate, the pointer was hidden)."""
    length, half = ARROW
    start = 0
    while True:
        tx, ty, ux, uy = toward_centre(anchor, plate, start + length)
        bx, by, _, _ = toward_centre(anchor, plate, start)
        px, py = -uy * half, ux * half
        points = [(tx, ty), (bx + px, by + py), (bx - px, by - py)]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        box = (math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)), math.ceil(max(ys)))
        if not any(_overlap(box, other) for other in clear):
            break
        start += 4
    c.mark("arrow", box, seat)
    c.polygon(points, theme.GOLD, theme.PANEL)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _trick(c: Canvas, view: GameView, order: list[int], style: str, locale: str) -> None:
    n = len(order)
    trick = view["trick"]
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


def _seats(view: GameView, names: list[str], bots: list[bool]) -> Seats:
    n = view["seats"]
    colours = tuple(
        theme.TEAM_COLOURS[side_of(view, seat) % len(theme.TEAM_COLOURS)] for seat in range(n)
    )
    # The public view (no seat) puts seat 0 at the bottom; a seat's own view, that seat.
    return _seating(n, view["seat"] or 0, tuple(names), tuple(bots), colours)


@lru_cache(maxsize=1024)
def _seating(
    n: int,
    first: int,
    names: tuple[str, ...],
    bots: tuple[bool, ...],
    colours: tuple[theme.RGB, ...],
) -> Seats:
    """``_seats``, from all that it reads: worked out once per table (fitting the names to
    their plates measures them again and again), not at every image."""
    order = tuple((first + i) % n for i in range(n))
    index_of = {seat: i for i, seat in enumerate(order)}
    bot = [s < len(bots) and bots[s] for s in range(n)]
    fitted = [plate_name(names[s], bot[s], index_of[s], n) for s in range(n)]
    # A name that two rows do not hold is shortened on one, kept apart from the others.
    rooms = [name_room(plate_size(index_of[s], n)[0], bot[s]) for s in range(n)]
    short = unique_fit(list(names), NAME, rooms, "condensed")
    rows = tuple(f[0] if f else (short[s],) for s, f in enumerate(fitted))
    return Seats(
        order=order,
        names=rows,
        sizes=tuple(f[1] if f else NAME for f in fitted),
        longs=tuple(bool(f and f[2]) for f in fitted),
        bots=bots,
        colours=colours,
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
    seats = _seats(view, names, bots)
    info = table_info(view, names, locale)
    draw_column(c, view, info, names, style, frame)
    n = len(seats.order)
    if n == 2 and view["phase"] != "over":
        _felt_cards(c, info, style)
    if view["trick"]:
        _trick(c, view, list(seats.order), style, locale)
    else:
        _focus(c, info, style)
    for index in range(n):
        _plate(c, info, view, seats, index, frame)
    if view["phase"] == "over":
        _game_over(c, view, names, locale, seats)


def draw_table(
    view: GameView,
    names: list[str],
    bots: list[bool],
    style: str,
    locale: str = DEFAULT_LOCALE,
    records: list[Record] | None = None,
) -> Image.Image:
    """The table image, drawn whole, with one name a seat (``rendering.info.display_names``);
    ``records``, when given, receives every text and element drawn (the layout tests read it)."""
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
    ranking = view["scores"]["game"]
    if view["game"] == "piquet" and any(view["games_won"]):
        # A Piquet match is won in games, each of them in points.
        ranking = view["games_won"]
    line = ""
    if ranking:
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

    def measure(line: str) -> int:
        return c.rich_width(line, NAME, "condensed")

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
