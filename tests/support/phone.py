"""How a phone shows an image, for the tests that measure its text there."""

from __future__ import annotations

from rendering import theme
from rendering.canvas import Record
from rendering.text import cjk_font, runs


def phone_scale(image_width: int) -> float:
    """How much a phone shrinks an image of this width (1 for one it shows at its own size)."""
    return theme.PHONE_WIDTH / max(image_width, theme.PHONE_WIDTH)


def drawn_size(record: Record) -> float:
    """The smallest font size a text is really drawn at: its Japanese or Chinese characters are
    drawn with the CJK font at the size ``cjk_font`` gives it, which was once 0.84 of the text's
    size (8.4 px on a phone for a text recorded at 10)."""
    if any(is_cjk for _, is_cjk in runs(record.text)):
        return min(record.size, cjk_font(record.size).size)
    return record.size


def on_phone(record: Record, image_width: int) -> float:
    """The text's size in pixels on a phone (``drawn_size`` × 360 / the image's width)."""
    return drawn_size(record) * phone_scale(image_width)
