"""Where things lie on the table image: its size, the seats round the felt, the name plates'
sizes, the trick's cards, and the type scale of what the plates say.

Pure arithmetic on seat indices (counted from the bottom of the image, counter-clockwise) and
names: the table (``rendering.table``) draws at these places, the layout tests check that none
of them overlaps another, and nothing here draws. What depends on seat indices alone is worked
out once (``functools.cache``: a few seat counts, a few plates each): every table image asks
for it again, dozens of times.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Final

from rendering import theme
from rendering.text import text_width, wrap_words

W, H = theme.TABLE_SIZE
COLUMN: Final = 316
CENTRE: Final = (COLUMN + (W - COLUMN) // 2, H // 2)
RADII: Final = (308, 280)
SEAT_RADII: Final = {3: (330, 280), 4: (292, 280), 5: (306, 280), 6: (336, 280)}
"""The ellipse the plates' centres lie on, where a seat count needs another than ``RADII``: four
seats leave the side plates room for their width, six leave the trick room for larger cards."""
PLATE: Final = (260, 102)
"""A plate beside the table (left, right, or oblique): narrow, its name over two rows when one
does not hold it (the plate is then ``NAME_ROW`` taller)."""
WIDE_PLATE: Final = (340, 102)
"""A plate above or below the table, where there is room across: a name of 16 characters on
one row."""
TWO_PLATE_WIDTH: Final = 420
LONG_PLATE_WIDTH: Final = 500
"""A plate above or below the table alone on its row grows this wide for a name that the wide
plate does not hold on one row (16 Japanese characters are about 460 px)."""
NAME_ROW: Final = 38
ICON: Final = 24
"""The robot's size; it follows the name, ``ICON_GAP`` after it."""
ICON_GAP: Final = 8
TRICK_LAYOUT: Final = {
    2: ((150, 124), theme.TABLE_CARD),
    3: ((90, 110), theme.TABLE_CARD),
    4: ((104, 124), theme.TABLE_CARD),
    5: ((120, 122), theme.SMALL_CARD),
    6: ((120, 146), theme.SIX_TRICK_CARD),
}
"""Per seat count: the radii of the ellipse the trick's cards lie on, and their size. Chosen so
that no card's index is hidden by a name plate or by another card (five cards need the smaller
size; six lie in two rows of three, the middle ones a little further out)."""
SMALL: Final = theme.min_text_size(W)
"""The type scale, in font pixel sizes: the smallest (names, labels, scores, logs) is what still
reads at 10 px when a phone shows the image 360 px wide (``theme.MIN_PHONE_TEXT``); titles and
banners are larger."""
NAME: Final = SMALL
TITLE: Final = SMALL + 4
BIG: Final = SMALL + 12
CHIP: Final = 23
"""Radius of the dealer chip, which hangs on the plate's top right corner, clear of the name."""


@cache
def seat_anchor(index: int, n: int) -> tuple[int, int]:
    """Screen position of the ``index``-th seat counted from the bottom, counter-clockwise on
    screen, which is play order (docs/rules.md §1.3: the next player sits to the right)."""
    angle = math.radians(90 - 360 * index / n)
    rx, ry = SEAT_RADII.get(n, RADII)
    return (
        round(CENTRE[0] + rx * math.cos(angle)),
        round(CENTRE[1] + ry * math.sin(angle)),
    )


@cache
def wide_seat(index: int, n: int) -> bool:
    """Whether the ``index``-th plate lies above or below the trick (rather than beside it), so
    that it may be wide (``WIDE_PLATE``)."""
    ax, ay = seat_anchor(index, n)
    return abs(CENTRE[1] - ay) > abs(CENTRE[0] - ax) * 0.6


@cache
def alone_on_row(index: int, n: int) -> bool:
    """Whether no other plate shares the ``index``-th plate's height: a wide plate then may
    grow across (``LONG_PLATE_WIDTH``); one with a neighbour (the top two of five) grows down
    a row instead, as the plates beside the table do."""
    y = seat_anchor(index, n)[1]
    return all(abs(seat_anchor(i, n)[1] - y) > PLATE[1] for i in range(n) if i != index)


@cache
def two_rows(index: int, n: int) -> bool:
    """Whether the ``index``-th plate may write a name over two rows."""
    return not (wide_seat(index, n) and alone_on_row(index, n))


@cache
def plate_size(index: int, n: int, rows: int = 1, long: bool = False) -> tuple[int, int]:
    """Width and height of the ``index``-th plate whose name takes ``rows`` rows; ``long``: a
    wide plate grown for a long name."""
    w, h = WIDE_PLATE if wide_seat(index, n) else PLATE
    if long and wide_seat(index, n) and alone_on_row(index, n):
        w = LONG_PLATE_WIDTH
    if n == 2:
        # Two players face each other across the whole table: room for Piquet's badges
        # ("Younger · took 3") beside the dealer's chip.
        w = max(w, TWO_PLATE_WIDTH)
    return w, h + NAME_ROW * (rows - 1)


def name_room(width: int, bot: bool = False) -> int:
    """The width a plate of ``width`` leaves its name (a computer's robot goes after it where
    it fits, else on the row of the cards under it: ``robot_beside``)."""
    return width - 30


def robot_beside(last_row: str, size: int, width: int) -> bool:
    """Whether a computer's robot fits after the last row of its name on a plate of ``width``
    ("Computer 2" does at 34 px on a plate beside the table; "Computador 2" leaves it to the
    row under it)."""
    return text_width(last_row, size, "condensed") + ICON_GAP + ICON <= name_room(width)


def plate_name(
    name: str, bot: bool, index: int, n: int
) -> tuple[tuple[str, ...], int, bool] | None:
    """The rows a plate writes ``name`` in, their font size, and whether the plate is grown
    long: one row, else (above or below the table, alone on its row) one row on a long plate,
    else two rows broken at a space or between Japanese characters; ``None`` when even that
    would cut it."""
    for long in (False, True):
        room = name_room(plate_size(index, n, 1, long)[0], bot)
        if text_width(name, NAME, "condensed") <= room:
            return (name,), NAME, long
    if not two_rows(index, n):
        return None
    room = name_room(plate_size(index, n)[0], bot)
    rows = wrap_words(name, NAME, room, "condensed")
    if len(rows) == 2 and "…" not in "".join(rows) and rows[0] and rows[1]:
        return tuple(rows), NAME, False
    return None


def toward_centre(
    anchor: tuple[int, int], plate: tuple[int, int], extra: int
) -> tuple[float, float, float, float]:
    """A point ``extra`` pixels beyond the edge of the plate (of size ``plate``) on the way to the
    centre, and the unit vector of that way."""
    dx, dy = CENTRE[0] - anchor[0], CENTRE[1] - anchor[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    reach = (plate[1] // 2 + 14) if abs(uy) > abs(ux) * 0.6 else (plate[0] // 2 + 14)
    return anchor[0] + ux * (reach + extra), anchor[1] + uy * (reach + extra), ux, uy


@cache
def trick_card_box(index: int, n: int) -> tuple[int, int, int, int]:
    """Where the card of the ``index``-th seat from the bottom lies in the trick: x, y, w, h."""
    (rx, ry), (cw, ch) = TRICK_LAYOUT.get(n, TRICK_LAYOUT[6])
    angle = math.radians(90 - 360 * index / n)
    x = round(CENTRE[0] + rx * math.cos(angle)) - cw // 2
    y = round(CENTRE[1] + ry * math.sin(angle)) - ch // 2
    return x, y, cw, ch


@cache
def outer_left(index: int, n: int) -> bool:
    """Whether the ``index``-th plate lies in the table's left half: its dealer chip then hangs
    on its top left corner and its badge on its right, so that neither reaches towards the
    trick or the plate beside it (a plate beside the table is as wide as the room between the
    trick and the rim allows, and the chip is not in that room)."""
    return seat_anchor(index, n)[0] < CENTRE[0] - NAME_ROW


@cache
def plate_origin(index: int, n: int, rows: int = 1, long: bool = False) -> tuple[int, int]:
    """The top left corner of the ``index``-th plate whose name takes ``rows`` rows. A plate
    beside the table grows by its second row towards the middle of the image's height (at six,
    one grown up would meet the top plate); one above or below it grows away from the trick."""
    ax, ay = seat_anchor(index, n)
    pw, ph = plate_size(index, n, rows, long)
    one = plate_size(index, n, 1, long)[1]
    down, up = (ax - pw // 2, ay - one // 2), (ax - pw // 2, ay + one - one // 2 - ph)
    if abs(ay - CENTRE[1]) <= NAME_ROW:
        return ax - pw // 2, ay - ph // 2
    if wide_seat(index, n):
        return up if ay < CENTRE[1] else down
    return down if ay < CENTRE[1] else up


@cache
def plate_box(index: int, n: int, rows: int = 2, long: bool = True) -> tuple[int, int, int, int]:
    """The name plate of the ``index``-th seat from the bottom whose name takes ``rows`` rows
    on a plate grown ``long`` or not (by default the largest a plate can be), badge included:
    x0, y0, x1, y1."""
    rows = rows if two_rows(index, n) else 1
    pw, ph = plate_size(index, n, rows, long)
    x0, y0 = plate_origin(index, n, rows, long)
    if outer_left(index, n):
        return (x0 + 4 - CHIP, y0 - 6 - CHIP, x0 + pw + 5, y0 + ph + 5)
    return (x0 - 5, y0 - 6 - CHIP, x0 + pw - 4 + CHIP, y0 + ph + 5)
