"""How a phone shows an image, for the tests that measure its text there."""

from __future__ import annotations

from rendering import theme


def phone_scale(image_width: int) -> float:
    """How much a phone shrinks an image of this width (1 for one it shows at its own size)."""
    return theme.PHONE_WIDTH / max(image_width, theme.PHONE_WIDTH)
