"""Drawing helpers shared by every image: sprites, text with drawn suit emblems, panels.

Suit symbols inside a label (``"120 ♥ ×2"``) are drawn as the deck's emblems rather than as
font glyphs, so the table speaks the same visual language as its cards.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from games.cards import SUIT_SYMBOLS
from rendering import pixels, theme
from rendering.suits import emblem
from rendering.text import overhang, size_for_cap_height, text_mask, text_width

SYMBOL_SUITS: Final = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}

ON_DARK: Final[dict[str, dict[str, theme.RGB]]] = {
    "french": {"S": (235, 235, 240), "H": (255, 96, 96), "D": (255, 96, 96), "C": (235, 235, 240)},
    "french4": {
        "S": (235, 235, 240),
        "H": (255, 96, 96),
        "D": (110, 170, 255),
        "C": (110, 220, 120),
    },
}
"""French suit colours that read on the dark felt and panels (black on green would not)."""


@lru_cache(maxsize=256)
def suit_on_dark(suit: str, style: str, size: int) -> Image.Image:
    """A suit emblem for dark backgrounds: French suits recoloured light, Italian ones as drawn."""
    if style == "italian":
        chip = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        ImageDraw.Draw(chip).ellipse((0, 0, size - 1, size - 1), fill=(*theme.CARD_FACE, 255))
        inner = emblem(suit, style, size - 6)
        chip.alpha_composite(inner, (3, 3))
        return chip
    base = emblem(suit, "french", size)
    colour = ON_DARK.get(style, ON_DARK["french"])[suit]
    sprite = Image.new("RGBA", base.size, (*colour, 0))
    sprite.putalpha(base.getchannel("A"))
    return sprite


def _segments(text: str) -> list[str]:
    parts: list[str] = []
    current = ""
    for ch in text:
        if ch in SYMBOL_SUITS:
            if current:
                parts.append(current)
            parts.append(ch)
            current = ""
        else:
            current += ch
    if current:
        parts.append(current)
    return parts


Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Record:
    """Something drawn: its kind, its box (x0, y0, x1, y1), the seat it belongs to, and for a
    text its font size in pixels (the height from the top of capitals to the bottom of
    descenders) and the string."""

    kind: str
    box: Box
    owner: int | None = None
    size: int = 0
    text: str = ""
    weight: str = ""
    """A text's font weight (``rendering.text.FONT_FILES``): capitals differ in height between
    them at one size."""


class Canvas:
    """An RGB image being composed, with the few operations every renderer needs.

    Every drawing goes through a method of the canvas, so that when ``dirty`` is a list each
    one adds the box it may have painted: the table's encoder then quantises only those boxes
    over an image it quantised before (``rendering.layers``). ``draw`` (Pillow's own drawing
    object) paints without telling, so it refuses while boxes are being kept.
    """

    def __init__(
        self, size: tuple[int, int], background: theme.RGB | Image.Image, copy: bool = True
    ) -> None:
        """A canvas of ``size`` filled with a colour, or a copy of an image (the image itself,
        drawn on in place, with ``copy=False``)."""
        if isinstance(background, Image.Image):
            self.image = background.copy() if copy else background
        else:
            self.image = Image.new("RGB", size, background)
        self._draw = ImageDraw.Draw(self.image)
        self.style = "french"
        self.light = False
        """True while drawing on a light ground (a speech bubble): suits in their card colours."""
        self.records: list[Record] | None = None
        """When a list, every text drawn and every element ``mark``-ed is appended to it, so a
        test can check sizes and overlaps of what was really drawn (``None``: nothing kept)."""
        self.dirty: list[Box] | None = None
        """When a list, the box (x0, y0, x1, y1, ends excluded) of everything painted is appended
        to it: no pixel outside these boxes differs from the image the canvas started from."""
        self.before_paint: Callable[[Box], None] | None = None
        """Told each box about to be painted, while boxes are kept (``layers.Frame`` puts the
        pixels of a kept layer on the canvas only when something is painted over them)."""

    @property
    def draw(self) -> ImageDraw.ImageDraw:
        """Pillow's drawing object, for images whose painted boxes nobody keeps."""
        if self.dirty is not None:
            raise RuntimeError("this canvas keeps painted boxes: draw through its methods")
        return self._draw

    def touch(self, x0: float, y0: float, x1: float, y1: float, pad: int = 0) -> None:
        """Note that the box may have been painted (``pad`` pixels more on every side)."""
        if self.dirty is not None:
            w, h = self.image.size
            box = (
                max(0, math.floor(x0) - pad),
                max(0, math.floor(y0) - pad),
                min(w, math.ceil(x1) + pad),
                min(h, math.ceil(y1) + pad),
            )
            if box[0] < box[2] and box[1] < box[3]:
                self.dirty.append(box)
                if self.before_paint is not None:
                    self.before_paint(box)

    def mark(self, kind: str, box: Box, owner: int | None = None) -> None:
        """Note that an element (a plate, a chip, a badge…) of seat ``owner`` covers ``box``."""
        if self.records is not None:
            self.records.append(Record(kind, box, owner))

    def sprite(self, sprite: Image.Image, x: int, y: int) -> None:
        """Paste ``sprite`` with its top left corner at ``(x, y)`` (through its alpha)."""
        if self.dirty is not None:
            self.touch(x, y, x + sprite.width, y + sprite.height)
        pixels.paste(self.image, sprite, x, y)

    def paint(self, colour: theme.RGB, mask: Image.Image, x: int, y: int) -> None:
        """Paint ``colour`` through ``mask`` (mode L) with its top left corner at ``(x, y)``."""
        if self.dirty is not None:
            self.touch(x, y, x + mask.width, y + mask.height)
        pixels.fill(self.image, colour, mask, x, y)

    def shadowed(
        self, shadow: Image.Image, sx: int, sy: int, sprite: Image.Image, x: int, y: int
    ) -> None:
        """``sprite(shadow, sx, sy)`` then ``sprite(sprite, x, y)``: a card on its shadow."""
        if self.dirty is not None:
            self.touch(sx, sy, sx + shadow.width, sy + shadow.height)
            self.touch(x, y, x + sprite.width, y + sprite.height)
        pixels.paste_under(self.image, shadow, sx, sy, sprite, x, y)

    def rectangle(self, box: Box, fill: theme.RGB) -> None:
        self.touch(box[0], box[1], box[2] + 1, box[3] + 1)
        self._draw.rectangle(box, fill=fill)

    def rounded_rectangle(
        self,
        box: Box,
        radius: int,
        fill: theme.RGB | None = None,
        outline: theme.RGB | None = None,
        width: int = 1,
    ) -> None:
        self.touch(box[0], box[1], box[2] + 1, box[3] + 1)
        x0, y0, x1, y1 = box
        if self.image.mode == "RGB" and all(type(v) is int for v in box) and x0 <= x1 and y0 <= y1:
            pixels.rounded_rectangle(self.image, box, radius, fill, outline, width)
        else:
            self._draw.rounded_rectangle(
                box, radius=radius, fill=fill, outline=outline, width=width
            )

    def ellipse(
        self,
        box: tuple[float, float, float, float],
        fill: theme.RGB,
        outline: theme.RGB | None = None,
        width: int = 1,
    ) -> None:
        self.touch(box[0], box[1], box[2], box[3], pad=1)
        self._draw.ellipse(box, fill=fill, outline=outline, width=width)

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        fill: theme.RGB,
        outline: theme.RGB | None = None,
    ) -> None:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        self.touch(min(xs), min(ys), max(xs), max(ys), pad=2)
        self._draw.polygon(list(points), fill=fill, outline=outline)

    def line(self, points: Sequence[tuple[float, float]], fill: theme.RGB, width: int = 1) -> None:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        self.touch(min(xs), min(ys), max(xs), max(ys), pad=width // 2 + 2)
        self._draw.line(list(points), fill=fill, width=width)

    def rich_width(self, text: str, size: int, weight: str = "bold") -> int:
        return rich_width(text, size, weight)

    def rich(
        self,
        x: int,
        y: int,
        text: str,
        size: int,
        colour: theme.RGB = theme.TEXT,
        weight: str = "bold",
        anchor: str = "l",
    ) -> int:
        """Draw ``text`` with ``y`` as the top of its capitals; ``anchor`` l, m or r on ``x``.
        Returns the width drawn."""
        width = rich_width(text, size, weight)
        if anchor == "m":
            x -= width // 2
        elif anchor == "r":
            x -= width
        self._rich(text, size, colour, weight, x, y)
        if self.records is not None and text:
            self.records.append(
                Record("text", (x, y, x + width, y + size), None, size, text, weight)
            )
        return width

    def _rich(self, text: str, size: int, colour: theme.RGB, weight: str, x0: int, y: int) -> None:
        cap = max(1, _cap(size, weight))
        emblem_size = cap + cap // 3
        x = x0
        for part in _segments(text):
            if part in SYMBOL_SUITS:
                suit = SYMBOL_SUITS[part]
                sprite = (
                    emblem(suit, self.style, emblem_size)
                    if self.light
                    else suit_on_dark(suit, self.style, emblem_size)
                )
                self.sprite(sprite, x + 1, y - (emblem_size - cap) // 2)
                x += emblem_size + 2
            else:
                mask = text_mask(part, size, weight)
                self.paint(colour, mask, x, y - overhang(mask))
                x += mask.width + (size // 4 if part.endswith(" ") else 0)

    def panel(
        self,
        box: tuple[int, int, int, int],
        fill: theme.RGB = theme.PANEL,
        outline: theme.RGB | None = theme.PANEL_EDGE,
        width: int = 2,
        radius: int = 12,
    ) -> None:
        self.rounded_rectangle(box, radius, fill, outline, width)


@lru_cache(maxsize=4096)
def rich_width(text: str, size: int, weight: str = "bold") -> int:
    """The width ``Canvas.rich`` draws ``text`` in: its strings' widths, and suit symbols as
    emblems. Measured lines are measured again and again (wrapping, fitting names), hence kept."""
    cap = max(1, _cap(size, weight))
    emblem_size = cap + cap // 3
    x = 0
    for part in _segments(text):
        if part in SYMBOL_SUITS:
            x += emblem_size + 2
        else:
            x += text_width(part, size, weight) + (size // 4 if part.endswith(" ") else 0)
    return x


@lru_cache(maxsize=64)
def _cap(size: int, weight: str) -> int:
    from rendering.text import cap_height

    return cap_height(size, weight)


def font_for(cap: int, weight: str = "bold") -> int:
    """Font size whose capitals are ``cap`` pixels tall."""
    return size_for_cap_height(cap, weight)
