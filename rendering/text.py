"""Text with the vendored fonts only, so an image is the same on every machine.

DejaVu draws Latin text and symbols; a character DejaVu lacks (kana, kanji, full-width
punctuation: Japanese sentences, and Japanese or Chinese player names in any locale) is drawn
with the vendored Noto Sans CJK JP subset, glyph by glyph, on the same baseline and at the same
size: a Japanese text of size S is as legible as a Latin one of size S (issue 41.1: 10 px on a
phone). An ideograph then rises about 0.12 S above a Latin capital, the way an accented capital
does: its mask grows upwards by those rows (``overhang``), so lines keep their place in every
language and nothing is cut. ``ImageFont.Layout.BASIC`` is forced: the RAQM layout depends on system libraries that differ
between machines. Rendered strings are cached as RGBA sprites because a table redraws the same
names and labels on every update.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Final

from PIL import Image, ImageChops, ImageDraw, ImageFont

from games.cards import SUIT_SYMBOLS
from i18n.bidi import clean_bidi
from rendering.lru import SizedLRU
from rendering.theme import RGB

FONT_DIR: Final = Path(__file__).resolve().parent / "fonts"
_FREETYPE: Final = threading.Lock()
"""The bot draws images in worker threads; a FreeType face must not be used by two at once."""
FONT_FILES: Final = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}
CJK_FONT: Final = "NotoSansCJKjp-Bold-subset.otf"
"""Noto Sans CJK JP Bold cut to JIS X 0208, kana and punctuation (rendering/fonts/LICENSE-NotoSansCJK.txt)."""
CJK_SCALE: Final = 1.0
"""The CJK font's size as a fraction of the Latin size. It was 0.84 (an ideograph as tall as a
capital), which drew Japanese at 8.4 px where Latin text was 10 px on a phone."""
CJK_WIDTH: Final = 0.84
"""CJK glyphs are condensed to this fraction of their width (長体, as Japanese print and captions
condense type to fit): full-height ideographs take the room the 0.84-size ones took, so a name of
16 kanji still fits the plates, columns and sheets laid out for it."""


@lru_cache(maxsize=64)
def font(size: int, weight: str = "bold") -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(
        str(FONT_DIR / FONT_FILES[weight]), size, layout_engine=ImageFont.Layout.BASIC
    )


@lru_cache(maxsize=64)
def cjk_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(
        str(FONT_DIR / CJK_FONT),
        max(4, round(size * CJK_SCALE)),
        layout_engine=ImageFont.Layout.BASIC,
    )


def runs(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into runs of one font: ``(run, True)`` for the CJK font's characters."""
    out: list[tuple[str, bool]] = []
    for ch in text:
        cjk = not ch.isspace() and not _dejavu_has(ch) and _cjk_has(ch)
        if out and out[-1][1] == cjk:
            out[-1] = (out[-1][0] + ch, cjk)
        else:
            out.append((ch, cjk))
    return out


def _mixed_mask(text: str, size: int, weight: str) -> Image.Image:
    """The mask of a string mixing DejaVu and CJK runs, on DejaVu's baseline and line height;
    ``info["overhang"]`` rows above the capitals' top for the ideographs (and accents) that rise
    above it, and rows below DejaVu's descent for any glyph that sinks lower."""
    latin, cjk = font(size, weight), cjk_font(size)
    pieces = runs(text)
    top = latin.getbbox("H")[1]
    ascent, descent = latin.getmetrics()
    height = max(1, int(ascent + descent - top))
    room = size  # rows drawn above the capitals' top and below the descent, cut off after
    baseline = room + ascent - top
    advance = sum(int(_advance(run, is_cjk, latin, cjk)) + 2 for run, is_cjk in pieces)
    mask = Image.new("L", (advance + 2 * size, height + 2 * room), 0)
    draw = ImageDraw.Draw(mask)
    x = float(size // 2)
    for run, is_cjk in pieces:
        if is_cjk:
            _paste_condensed(mask, run, cjk, int(x), baseline)
        else:
            draw.text((x, baseline), run, font=latin, fill=255, anchor="ls")
        x += _advance(run, is_cjk, latin, cjk)
    box = mask.getbbox()
    if box is None:
        empty = Image.new("L", (1, height), 0)
        empty.info["overhang"] = 0
        return empty
    rise = max(0, room - box[1])
    sink = max(0, box[3] - room - height)
    out = mask.crop((box[0], room - rise, box[2], room + height + sink))
    out.info["overhang"] = rise
    return out


def _advance(
    run: str, is_cjk: bool, latin: ImageFont.FreeTypeFont, cjk: ImageFont.FreeTypeFont
) -> float:
    return cjk.getlength(run) * CJK_WIDTH if is_cjk else latin.getlength(run)


def _paste_condensed(
    mask: Image.Image, run: str, cjk: ImageFont.FreeTypeFont, x: int, baseline: float
) -> None:
    """Draw a CJK run at full height, condensed to ``CJK_WIDTH`` of its width, into ``mask``
    with its origin at ``(x, baseline)``."""
    ascent, descent = cjk.getmetrics()
    wide = Image.new("L", (int(cjk.getlength(run)) + 2, ascent + descent), 0)
    ImageDraw.Draw(wide).text((0, ascent), run, font=cjk, fill=255, anchor="ls")
    ink = wide.getbbox()
    if ink is None:
        return
    band = wide.crop((0, ink[1], wide.width, ink[3]))  # only the inked rows are resampled
    narrow = band.resize(
        (max(1, round(band.width * CJK_WIDTH)), band.height), Image.Resampling.LANCZOS
    )
    top = max(0, round(baseline) - ascent + ink[1])
    box = (x, top, x + narrow.width, min(mask.height, top + narrow.height))
    mask.paste(
        ImageChops.lighter(mask.crop(box), narrow.crop((0, 0, box[2] - x, box[3] - top))), box
    )


MASKS: Final = SizedLRU[Image.Image](4 * 1024 * 1024, lambda mask: mask.width * mask.height + 200)
"""Text masks of this process, at most 4 MB: names, labels and log lines are drawn again on
every update of a table, but a process drawing many tables meets thousands of them."""


def text_mask(text: str, size: int, weight: str = "bold") -> Image.Image:
    """The string as a tight mask (mode L, the ink's coverage) whose top is the top of the
    font's capitals; ``info["overhang"]`` rows above it for accents (``overhang``).

    Tight to the ink horizontally, but vertically aligned on the font's ascent, so that strings of
    one size line up whatever letters they hold, in whichever font. One mask serves every colour:
    painting a colour through it is painting the coloured sprite through its alpha.
    """
    key = (text, size, weight)
    mask = MASKS.get(key)
    if mask is None:
        mask = _draw_mask(text, size, weight)
        MASKS.put(key, mask)
    return mask


def _draw_mask(text: str, size: int, weight: str) -> Image.Image:
    if not text.isascii() and any(is_cjk for _, is_cjk in runs(text)):
        with _FREETYPE:
            return _mixed_mask(text, size, weight)
    f = font(size, weight)
    with _FREETYPE:
        left, ink_top, right, _ = f.getbbox(text or " ")
        top = f.getbbox("H")[1]
        ascent, descent = f.getmetrics()
        # An accented capital (É, Ú, À) rises above the capitals: the mask grows upwards by
        # ``overhang`` rows, which Canvas.rich draws above ``y``. Plain ASCII keeps its old box.
        overhang = 0 if text.isascii() else max(0, int(top - ink_top))
        width = max(1, int(right - left))
        height = max(1, int(ascent + descent - top)) + overhang
        mask = Image.new("L", (width, height), 0)
        ImageDraw.Draw(mask).text((-left, overhang - top), text, font=f, fill=255)
    mask.info["overhang"] = overhang
    return mask


@lru_cache(maxsize=256)
def text_sprite(text: str, size: int, colour: RGB, weight: str = "bold") -> Image.Image:
    """``text_mask`` as an RGBA sprite in ``colour`` (for sprites built once: card indices)."""
    mask = text_mask(text, size, weight)
    sprite = Image.new("RGBA", mask.size, (*colour, 0))
    sprite.putalpha(mask)
    sprite.info["overhang"] = overhang(mask)
    return sprite


def overhang(sprite: Image.Image) -> int:
    """Rows of a text mask or sprite above the top of the capitals (accents): draw it that much
    higher."""
    value = sprite.info.get("overhang", 0)
    return value if isinstance(value, int) else 0


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


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, weight: str = "bold") -> int:
    """The width of ``text_mask(text, size, weight)``, measured without drawing it (Latin
    text): names are measured many times over while they are fitted, and drawn once."""
    if not text.isascii() and any(is_cjk for _, is_cjk in runs(text)):
        return text_mask(text, size, weight).width
    with _FREETYPE:
        left, _, right, _ = font(size, weight).getbbox(text or " ")
    return max(1, int(right - left))


def fit_text(text: str, size: int, max_width: int, weight: str = "bold") -> str:
    """``text`` shortened with an ellipsis so that it fits ``max_width`` (long Discord names)."""
    if text_width(text, size, weight) <= max_width:
        return text
    cut = text
    while len(cut) > 1 and text_width(cut + "…", size, weight) > max_width:
        cut = cut[:-1]
    return cut.rstrip() + "…"


@lru_cache(maxsize=2)
def _notdef(cjk: bool) -> tuple[tuple[int, int], bytes]:
    with _FREETYPE:
        face = cjk_font(24) if cjk else font(20, "condensed")
        mask = face.getmask("\U0010ffff")
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def _dejavu_has(char: str) -> bool:
    with _FREETYPE:
        mask = font(20, "condensed").getmask(char)
    return (mask.size, bytes(mask)) != _notdef(False)


@lru_cache(maxsize=8192)
def _cjk_has(char: str) -> bool:
    with _FREETYPE:
        mask = cjk_font(24).getmask(char)
    return (mask.size, bytes(mask)) != _notdef(True)


def glyph_font(char: str) -> str | None:
    """Which vendored font draws ``char``: ``"dejavu"``, ``"cjk"``, or ``None`` (it would be a
    box: tofu)."""
    if _dejavu_has(char):
        return "dejavu"
    if _cjk_has(char):
        return "cjk"
    return None


def has_glyph(char: str) -> bool:
    """Whether the vendored fonts can draw ``char`` (else FreeType would draw an empty box)."""
    return char.isspace() or glyph_font(char) is not None


def displayable(text: str) -> str:
    """``text`` without the characters the fonts lack (most emoji in Discord names, scripts
    beyond Latin, Greek, Cyrillic and Japanese), so a name never shows as a row of boxes; an
    empty result falls back to ``?``."""
    kept = "".join(ch for ch in clean_bidi(text) if ch.isspace() or has_glyph(ch)).strip()
    return " ".join(kept.split()) or "?"


SUIT_SIGNS: Final = frozenset(SUIT_SYMBOLS.values())
GLUED_AFTER: Final = re.compile(" (\\d+\\b|[" + "".join(SUIT_SYMBOLS.values()) + "](?= |$))")
"""A number or a lone suit sign after a space: glued to the word before it."""
STRONG_GLUE: Final = "\u2060"
"""Stands for a no-break space of the text while ``wrap_words`` breaks it into lines."""
JOIN: Final = "\u200b"
"""Starts a piece of a word that ``wrap_words`` split between two Japanese characters: it joins
the piece before it without a space."""
NO_LINE_START: Final = frozenset(
    "ーッャュョァィゥェォヮヵヶっゃゅょぁぃぅぇぉゎ、。，．）」』】〕・：；？！ゝゞヽヾ々〜～"
)
"""Characters a Japanese line never starts with (kinsoku shori): small kana, the long-vowel mark,
closing brackets and punctuation."""
NO_LINE_END: Final = frozenset("（「『【〔")


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "WF"


def cjk_pieces(word: str) -> list[str]:
    """``word`` cut where Japanese allows a line to break, between two wide characters (kana,
    kanji, full-width), never before a small kana or closing mark nor after an opening one: a
    name written without spaces can then wrap instead of losing its end."""
    pieces = [word[:1]]
    for before, char in pairwise(word):
        if (
            _wide(before)
            and _wide(char)
            and char not in NO_LINE_START
            and before not in NO_LINE_END
            and not ({before, char} & {"\u00a0", STRONG_GLUE})
        ):
            pieces.append(char)
        else:
            pieces[-1] += char
    return pieces


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
    measured = measure or (lambda s: text_width(s, size, weight))

    def width(line: str) -> int:
        return measured(line.replace(STRONG_GLUE, " "))

    words: list[str] = []
    # A space the text itself makes unbreakable (French "Marie : Passe") is a strong glue, kept
    # even where the glue added here ("Computer 1", "80 ♠") has to give.
    strong = re.sub("[\u00a0\u202f]", STRONG_GLUE, text)
    for word in GLUED_AFTER.sub("\u00a0\\1", strong).split(" "):
        glued = word.replace("\u00a0", " ")
        if width(glued) <= max_width:
            words.append(word)
            continue
        for part in word.split("\u00a0"):
            if words and part in SUIT_SIGNS:
                words[-1] += "\u00a0" + part
            elif width(part) > max_width or len(cjk_pieces(part)) > 1:
                # Japanese breaks between wide characters: "コンピューター 1：" stays one row
                # and "パス" goes on, where breaking at the glue put "1：パス" under the name.
                pieces = cjk_pieces(part)
                words.extend([pieces[0], *(JOIN + piece for piece in pieces[1:])])
            else:
                words.append(part)

    def joined(parts: list[str]) -> str:
        line = ""
        for part in parts:
            line = line + part if part.startswith(JOIN) or not line else f"{line} {part}"
        return line

    lines: list[str] = []
    current = ""
    for i, word in enumerate(words):
        trial = joined([current, word]) if current else word
        if width(trial.replace("\u00a0", " ").replace(JOIN, "")) <= max_width or not current:
            current = trial
            continue
        if len(lines) == rows - 1:
            current = joined([current, *words[i:]])
            break
        lines.append(current)
        current = word.removeprefix(JOIN)
    lines.append(current)
    # A separator where the line breaks says nothing the break does not ("80 ♦ ·" over
    # "Computer 2"): it goes.
    lines = [re.sub(r"^· ", "", line) if i else line for i, line in enumerate(lines)]
    lines = [
        line.removesuffix(" ·") if i < len(lines) - 1 else line for i, line in enumerate(lines)
    ]
    out = []
    for line in (
        line.replace("\u00a0", " ").replace(STRONG_GLUE, " ").replace(JOIN, "") for line in lines
    ):
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
