"""Text with the vendored DejaVu fonts only, so an image is the same on every machine.

``ImageFont.Layout.BASIC`` is forced: the RAQM layout depends on system libraries that differ
between machines. Rendered strings are cached as RGBA sprites because a table redraws the same
names and labels on every update.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from rendering.theme import RGB

FONT_DIR: Final = Path(__file__).resolve().parent / "fonts"
_FREETYPE: Final = threading.Lock()
"""The bot draws images in worker threads; a FreeType face must not be used by two at once."""
FONT_FILES: Final = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=64)
def font(size: int, weight: str = "bold") -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(
        str(FONT_DIR / FONT_FILES[weight]), size, layout_engine=ImageFont.Layout.BASIC
    )


@lru_cache(maxsize=4096)
def text_sprite(text: str, size: int, colour: RGB, weight: str = "bold") -> Image.Image:
    """The string as a tight RGBA sprite whose top is the top of the font's capitals.

    Tight to the ink horizontally, but vertically aligned on the font's ascent, so that strings of
    one size line up whatever letters they hold.
    """
    f = font(size, weight)
    with _FREETYPE:
        left, _, right, _ = f.getbbox(text or " ")
        top = f.getbbox("H")[1]
        ascent, descent = f.getmetrics()
        width = max(1, int(right - left))
        height = max(1, int(ascent + descent - top))
        mask = Image.new("L", (width, height), 0)
        ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255)
    sprite = Image.new("RGBA", (width, height), (*colour, 0))
    sprite.putalpha(mask)
    return sprite


def cap_height(size: int, weight: str = "bold") -> int:
    """Height in pixels of a capital or a digit at this size (what a reader sees as text size)."""
    with _FREETYPE:
        box = font(size, weight).getbbox("H8")
    return int(box[3] - box[1])


@lru_cache(maxsize=64)
def size_for_cap_height(pixels: int, weight: str = "bold") -> int:
    """Smallest font size whose capitals are at least ``pixels`` tall."""
    size = max(4, pixels)
    while cap_height(size, weight) < pixels:
        size += 1
    return size


def text_width(text: str, size: int, weight: str = "bold") -> int:
    return text_sprite(text, size, (0, 0, 0), weight).width


def fit_text(text: str, size: int, max_width: int, weight: str = "bold") -> str:
    """``text`` shortened with an ellipsis so that it fits ``max_width`` (long Discord names)."""
    if text_width(text, size, weight) <= max_width:
        return text
    cut = text
    while len(cut) > 1 and text_width(cut + "…", size, weight) > max_width:
        cut = cut[:-1]
    return cut.rstrip() + "…"


@lru_cache(maxsize=1)
def _notdef() -> tuple[tuple[int, int], bytes]:
    with _FREETYPE:
        mask = font(20, "condensed").getmask("\U0010ffff")
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether the vendored fonts can draw ``char`` (else FreeType would draw an empty box)."""
    with _FREETYPE:
        mask = font(20, "condensed").getmask(char)
    return (mask.size, bytes(mask)) != _notdef()


def displayable(text: str) -> str:
    """``text`` without the characters the fonts lack (CJK, most emoji in Discord names), so a
    name never shows as a row of boxes; an empty result falls back to ``?``."""
    kept = "".join(ch for ch in text if ch.isspace() or has_glyph(ch)).strip()
    return " ".join(kept.split()) or "?"
