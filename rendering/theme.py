"""Colours and sizes shared by every image, in one place so the images look like one product.

The colours are few on purpose: every image is quantised to one fixed palette (``palette.py``),
and a small set of colours with their anti-aliasing ramps is what keeps the PNG files small.
"""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]

FELT: Final[RGB] = (22, 96, 62)
FELT_DARK: Final[RGB] = (16, 74, 48)
FELT_LINE: Final[RGB] = (34, 116, 78)
RIM: Final[RGB] = (92, 58, 34)
RIM_LIGHT: Final[RGB] = (128, 84, 50)
PANEL: Final[RGB] = (12, 46, 31)
PANEL_EDGE: Final[RGB] = (60, 130, 96)
TEXT: Final[RGB] = (246, 244, 236)
TEXT_DIM: Final[RGB] = (170, 200, 184)
GOLD: Final[RGB] = (250, 196, 56)
ACCENT: Final[RGB] = (255, 214, 90)
SHADOW: Final[RGB] = (8, 30, 20)
WIN: Final[RGB] = (120, 220, 140)
LOSE: Final[RGB] = (255, 120, 110)
BOT: Final[RGB] = (140, 190, 255)
TEAM_COLOURS: Final[tuple[RGB, ...]] = (
    (255, 150, 120),
    (120, 190, 255),
    (200, 160, 255),
    (130, 225, 160),
    (250, 210, 110),
)
"""One colour per side, for name tags and score columns; partners share a colour."""

CARD_FACE: Final[RGB] = (252, 251, 246)
CARD_EDGE: Final[RGB] = (120, 120, 112)
CARD_BACK: Final[RGB] = (150, 30, 40)
CARD_BACK_LINE: Final[RGB] = (196, 70, 74)
DIM: Final[RGB] = (70, 80, 74)

BLACK: Final[RGB] = (22, 22, 26)
RED: Final[RGB] = (200, 20, 40)
BLUE: Final[RGB] = (20, 96, 200)
GREEN: Final[RGB] = (22, 130, 52)

ITALIAN_INK: Final[dict[str, RGB]] = {
    "S": (28, 72, 150),
    "H": (184, 30, 30),
    "D": (176, 112, 6),
    "C": (34, 110, 34),
}
"""Rank colour of each Italian suit: the colour of its emblem, dark enough to read on white."""

TABLE_SIZE: Final = (1200, 720)
TABLE_CARD: Final = (104, 150)
HAND_CARD: Final = (112, 160)
SMALL_CARD: Final = (76, 108)
SIX_TRICK_CARD: Final = (96, 138)
"""The trick's cards at a table of six: as large as the gap between the side plates allows."""

PHONE_WIDTH: Final = 360
"""The width at which a phone shows an image of any width W (narrower ones at their own size):
every text shrinks by 360/W there, and most players read Discord on a phone."""
MIN_PHONE_TEXT: Final = 10
"""Smallest text, in pixels on a phone: a font's pixel size, as CSS counts it, times 360/W.
(It was 12 px at the 550 px a computer shows, under 8 px on a phone.)"""


def min_text_size(image_width: int) -> int:
    """The smallest font size an image of this width may use so that its text is still
    ``MIN_PHONE_TEXT`` pixels when a phone shows it ``PHONE_WIDTH`` wide."""
    return -(-MIN_PHONE_TEXT * max(image_width, PHONE_WIDTH) // PHONE_WIDTH)
