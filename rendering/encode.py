"""Image encoding tuned for speed and size: an 8-bit palette PNG.

A table image is mostly flat felt, white card faces and a few inks, so 256 colours lose nothing
a player can see. Each deck style has one fixed palette (``palette.py``) and the image is mapped
onto it without dithering: dithering would speckle the felt and make the file larger. zlib level 1
is chosen because the palette image already compresses well (about 35 KB for a table) and the
higher levels cost twice the time for a few kilobytes. Everything here is deterministic, so equal
images give equal bytes.
"""

from __future__ import annotations

import io
from typing import Final

from PIL import Image

IMAGE_EXTENSION: Final = "png"
COMPRESS_LEVEL: Final = 1


def encode(image: Image.Image, style: str = "french") -> bytes:
    """PNG bytes of an RGB image, through the style's fixed 256-colour palette."""
    from rendering.palette import fixed_palette

    rgb = image if image.mode == "RGB" else image.convert("RGB")
    palette = fixed_palette(style)
    indexed = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
