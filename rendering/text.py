"""Text with the vendored DejaVu fonts only, so an image is the same on every machine.

``ImageFont.Layout.BASIC`` is forced: the RAQM layout depends on system libraries that differ
between machines. Rendered strings are cached as RGBA sprites because a table redraws the same
names and labels on every update.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
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


SUIT_SYMBOLS = frozenset("♠♥♦♣")


def wrap_words(
    text: str,
    size: int,
    max_width: int,
    weight: str = "bold",
    rows: int = 2,
    measure: Callable[[str], int] | None = None,
) -> list[str]:
    """``text`` over at most ``rows`` lines of ``max_width``, broken at spaces, so a long name or
    label stays whole instead of losing its end; only a single word wider than a line (or a text
    longer than ``rows`` lines) is cut, and then with a visible ellipsis. A number stays with the
    word before it ("Computer 1" never breaks), and ``measure`` (default: plain text width) lets
    a caller count suit emblems as it draws them. A suit symbol stays with the bid before it
    ("80 ♠" never leaves the ♠ alone on a line)."""
    width = measure or (lambda s: text_width(s, size, weight))
    words: list[str] = []
    for word in re.sub(r" (\d+\b|[♠♥♦♣](?= |$))", "\u00a0\\1", text).split(" "):
        glued = word.replace("\u00a0", " ")
        if width(glued) <= max_width:
            words.append(word)
            continue
        for part in word.split("\u00a0"):
            if words and part in SUIT_SYMBOLS:
                words[-1] += "\u00a0" + part
            else:
                words.append(part)
    lines: list[str] = []
    current = ""
    for i, word in enumerate(words):
        trial = f"{current} {word}".strip()
        if width(trial.replace("\u00a0", " ")) <= max_width or not current:
            current = trial
            continue
        if len(lines) == rows - 1:
            current = " ".join([current, *words[i:]])
            break
        lines.append(current)
        current = word
    lines.append(current)
    out = []
    for line in (line.replace("\u00a0", " ") for line in lines):
        while width(line) > max_width and len(line) > 1:
            line = line.rstrip("…")[:-1].rstrip() + "…"
        out.append(line)
    return out


def unique_fit(
    names: list[str], size: int, max_width: int | list[int], weight: str = "bold"
) -> list[str]:
    """Each name shortened to ``max_width`` so that the short names stay distinct: a name that
    does not fit keeps a short last word ("Computer 1" → "Comp… 1"), since that is what tells
    numbered players apart, and the seat number is the last resort."""
    rooms = max_width if isinstance(max_width, list) else [max_width] * len(names)
    short = [fit_text(name, size, rooms[i], weight) for i, name in enumerate(names)]
    for i, name in enumerate(names):
        if short[i] == name:
            continue
        room = rooms[i]
        head, _, tail = name.rpartition(" ")
        if head and len(tail) <= 4 and text_width(f"… {tail}", size, weight) < room:
            cut = head
            while cut and text_width(f"{cut}… {tail}", size, weight) > room:
                cut = cut[:-1]
            short[i] = f"{cut.rstrip()}… {tail}"
    for i, name in enumerate(names):
        if short[i] != name and short.count(short[i]) > 1:
            mark = f" #{i + 1}"
            cut = fit_text(name, size, rooms[i] - text_width(mark, size, weight), weight)
            short[i] = cut + mark
    return short
