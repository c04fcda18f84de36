"""The pixel shortcuts give Pillow's own pixels: a panel painted from its cached pieces is, byte
for byte, the rounded rectangle Pillow draws, whatever its size, corners, outline and place
(partly outside the image too)."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from rendering import pixels, theme
from rendering.canvas import Canvas

RGB = tuple[int, int, int]


def _ground() -> Image.Image:
    """A ground where every pixel differs from its neighbours, so that a pixel painted or left
    by mistake shows."""
    rng = random.Random(5)
    image = Image.new("RGB", (90, 70))
    image.putdata(
        [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(6300)]
    )
    return image


def test_panels_from_pieces_are_pillows_rounded_rectangles() -> None:
    ground = _ground()
    rng = random.Random(7)
    red, blue = (200, 30, 30), (20, 40, 220)
    inks: list[tuple[RGB | None, RGB | None]] = [(red, blue), (red, None), (None, blue), (red, red)]
    cases = [
        (w, h, radius, width)
        for w, h in ((0, 9), (1, 1), (6, 82), (13, 7), (61, 24))
        for radius in (0, 3, 12, 30)
        for width in (0, 2, 3)
    ]
    # An outline thicker than its box paints past it: drawn by Pillow itself.
    cases += [(2, 2, 0, 9), (0, 9, 0, 12)]
    assert pixels._rounded(2, 2, 0, 9, True, True) is None
    for w, h, radius, width in cases:
        for fill, outline in inks:
            # Inside, and over each edge of the image.
            for x, y in ((10, 8), (-rng.randrange(1, 20), 60), (70, -rng.randrange(1, 20))):
                box = (x, y, x + w, y + h)
                expected = ground.copy()
                ImageDraw.Draw(expected).rounded_rectangle(
                    box, radius=radius, fill=fill, outline=outline, width=width
                )
                drawn = ground.copy()
                pixels.rounded_rectangle(drawn, box, radius, fill, outline, width)
                assert drawn.tobytes() == expected.tobytes(), (box, radius, width, fill, outline)


def test_a_canvas_panel_is_pillows() -> None:
    """The canvas takes the pieces for whole-pixel boxes, Pillow itself for others."""
    for box in ((5, 6, 70, 50), (5.5, 6, 70, 50.25)):
        canvas = Canvas((90, 70), _ground())
        canvas.panel(box)  # type: ignore[arg-type]
        expected = _ground()
        ImageDraw.Draw(expected).rounded_rectangle(
            box, radius=12, fill=theme.PANEL, outline=theme.PANEL_EDGE, width=2
        )
        assert canvas.image.tobytes() == expected.tobytes(), box
