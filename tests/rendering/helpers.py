"""Helpers of the rendering tests."""

from __future__ import annotations

import io

from PIL import Image

from rendering import IMAGE_EXTENSION


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == IMAGE_EXTENSION.upper()
    image.load()
    return image
