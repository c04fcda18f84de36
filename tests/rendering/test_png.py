"""The PNG writer and the shipped palettes: files any decoder reads back to the same pixels."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image

from rendering import png
from rendering.encode import encode, quantize
from rendering.palette import STYLES, fixed_palette
from rendering.palette_data import PALETTES
from rendering.palette_sample import sample_palette


def _sample(style: str) -> Image.Image:
    image = Image.new("RGB", (37, 11), (22, 96, 62))
    image.paste((252, 251, 246), (3, 2, 20, 9))
    image.putpixel((0, 0), (200, 20, 40))
    image.putpixel((36, 10), (1, 2, 3))
    return quantize(image, style)


@pytest.mark.parametrize("style", STYLES)
def test_png_reads_back_to_the_same_indices_and_colours(style: str) -> None:
    indexed = _sample(style)
    data = png.png_bytes(indexed)
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.format == "PNG" and back.mode == "P" and back.size == indexed.size
    assert back.tobytes() == indexed.tobytes()
    assert back.convert("RGB").tobytes() == indexed.convert("RGB").tobytes()


def test_png_chunks_carry_valid_checksums() -> None:
    data = png.png_bytes(_sample("french"))
    assert data.startswith(png.SIGNATURE)
    pos, kinds = len(png.SIGNATURE), []
    while pos < len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        crc = int.from_bytes(data[pos + 8 + length : pos + 12 + length], "big")
        assert crc == zlib.crc32(kind + body), kind
        kinds.append(kind)
        pos += 12 + length
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]


def test_png_refuses_what_is_not_a_palette_image() -> None:
    with pytest.raises(ValueError, match="palette images"):
        png.png_bytes(Image.new("RGB", (2, 2)))


def test_equal_images_give_equal_bytes() -> None:
    image = Image.new("RGB", (64, 32), (14, 40, 28))
    assert encode(image, "italian") == encode(image.copy(), "italian")


@pytest.mark.parametrize("style", STYLES)
def test_shipped_palettes_are_what_the_samples_give(style: str) -> None:
    """After a change to what the images draw, ``python -m rendering.palette_sample`` rewrites them."""
    computed = bytes(sample_palette(style).getpalette() or [])
    assert computed.hex() == PALETTES[style], "run python -m rendering.palette_sample"
    assert bytes(fixed_palette(style).getpalette() or []) == computed
