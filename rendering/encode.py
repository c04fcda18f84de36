"""Image encoding tuned for speed and size: an 8-bit palette PNG.

A table image is mostly flat felt, white card faces and a few inks, so 256 colours lose nothing
a player can see. Each deck style has one fixed palette (``palette.py``) and the image is mapped
onto it without dithering: dithering would speckle the felt and make the file larger. Without
dithering each pixel's colour index depends on that pixel alone, which is what lets the table's
encoder quantise only the boxes a drawing painted (``rendering.layers``). The file is written by
``png.py``. Everything here is deterministic, so equal images give equal bytes.
"""

from __future__ import annotations

from typing import Final

from PIL import Image

from rendering.palette import fixed_palette
from rendering.png import png_bytes

IMAGE_EXTENSION: Final = "png"


def quantize(image: Image.Image, style: str = "french") -> Image.Image:
    """An RGB image mapped onto the style's fixed palette (mode P)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=fixed_palette(style), dither=Image.Dither.NONE)


def encode(image: Image.Image, style: str = "french") -> bytes:
    """PNG bytes of an RGB image, through the style's fixed 256-colour palette."""
    return png_bytes(quantize(image, style))
