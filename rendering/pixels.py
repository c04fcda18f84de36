"""The few pixel operations an image repeats by the dozen, called on Pillow's core images.

``Image.paste``, ``Image.crop`` and ``Image.quantize`` check their arguments, load lazy images
and copy palettes in Python before they reach the C code that does the work; for a text sprite
or a 16-pixel-tall band that wrapping costs several times the work itself, and a table image
pastes about sixty sprites and quantises a dozen boxes. Every image here is made in memory
(nothing lazy, nothing read-only), which is what the wrappers check for, so these functions go
straight to the core operation the wrapper ends in, with the same result.

Pasting through an alpha mask blends every pixel, even a fully opaque one (the blend of an
opaque pixel is the pixel itself, exactly). A card is opaque but for its rounded corners, so
``paste`` blends only the bands of rows above and below its opaque middle and copies the middle:
a fifth of the work for the same pixels. ``paste_under`` does the same for a drop shadow that a
card is about to cover: only the parts of the shadow that stay visible are blended.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Final

from PIL import Image

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

Box = tuple[int, int, int, int]

SPLIT_AREA: Final = 4096
"""Sprites smaller than this (text, emblems, chips) are pasted in one go: splitting them would
cost more calls than it saves blending."""


_rows_of: dict[int, tuple[weakref.ref[Image.Image], tuple[int, int] | None]] = {}
"""Opaque rows by sprite (its ``id``, checked against a weak reference; an entry leaves with
its sprite). Sprites are cached and never changed once made, so they are measured once."""


def opaque_rows(sprite: Image.Image) -> tuple[int, int] | None:
    """The rows ``(top, bottom)`` (bottom excluded) of an RGBA sprite that are opaque from side
    to side, when they are one run."""
    key = id(sprite)
    known = _rows_of.get(key)
    if known is not None and known[0]() is sprite:
        return known[1]
    width, height = sprite.size
    alpha = sprite.getchannel("A").tobytes()
    full = b"\xff" * width
    rows = [y for y in range(height) if alpha[y * width : (y + 1) * width] == full]
    found = None
    if rows and rows[-1] - rows[0] + 1 == len(rows):
        found = (rows[0], rows[-1] + 1)
    _rows_of[key] = (weakref.ref(sprite, lambda _: _rows_of.pop(key, None)), found)
    return found


def _blend(target: Image.Image, sprite: Image.Image, x: int, y: int, box: Box) -> None:
    """Paste the ``box`` of an RGBA sprite at ``(x + box[0], y + box[1])`` through its alpha."""
    if box[0] >= box[2] or box[1] >= box[3]:
        return
    part = sprite.im.crop(box)
    target.im.paste(part, (x + box[0], y + box[1], x + box[2], y + box[3]), part)


def paste(target: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    """``target.paste(sprite, (x, y), sprite)`` for an RGBA sprite (its alpha is the mask),
    ``target.paste(sprite, (x, y))`` for any other."""
    width, height = sprite.size
    box = (x, y, x + width, y + height)
    if sprite.mode != "RGBA":
        target.im.paste(sprite.im, box)
        return
    rows = opaque_rows(sprite) if width * height >= SPLIT_AREA else None
    if rows is None:
        target.im.paste(sprite.im, box, sprite.im)
        return
    top, bottom = rows
    _blend(target, sprite, x, y, (0, 0, width, top))
    target.im.paste(sprite.im.crop((0, top, width, bottom)), (x, y + top, x + width, y + bottom))
    _blend(target, sprite, x, y, (0, bottom, width, height))


def paste_under(
    target: Image.Image, shadow: Image.Image, sx: int, sy: int, cover: Image.Image, x: int, y: int
) -> None:
    """``paste(target, shadow, sx, sy)`` followed by ``paste(target, cover, x, y)``, without
    blending the shadow where the cover's opaque middle is about to hide it."""
    rows = opaque_rows(cover) if cover.width * cover.height >= SPLIT_AREA else None
    if rows is None or shadow.mode != "RGBA":
        paste(target, shadow, sx, sy)
        paste(target, cover, x, y)
        return
    # The hidden rectangle, in the shadow's own coordinates.
    hx0, hy0 = x - sx, y + rows[0] - sy
    hx1, hy1 = hx0 + cover.width, y + rows[1] - sy
    width, height = shadow.size
    hx0, hy0, hx1, hy1 = max(0, hx0), max(0, hy0), min(width, hx1), min(height, hy1)
    if hx0 >= hx1 or hy0 >= hy1:
        _blend(target, shadow, sx, sy, (0, 0, width, height))
    else:
        _blend(target, shadow, sx, sy, (0, 0, width, hy0))
        _blend(target, shadow, sx, sy, (0, hy0, hx0, hy1))
        _blend(target, shadow, sx, sy, (hx1, hy0, width, hy1))
        _blend(target, shadow, sx, sy, (0, hy1, width, height))
    paste(target, cover, x, y)


def fill(
    target: Image.Image, colour: tuple[int, int, int], mask: Image.Image, x: int, y: int
) -> None:
    """``target.paste(colour, (x, y, …), mask)``: a colour painted through a mask (mode L). The
    same blend of each pixel as pasting a sprite of that colour through its alpha."""
    target.im.paste(colour, (x, y, x + mask.width, y + mask.height), mask.im)


def quantized(source: Image.Image, box: Box, palette: Image.Image) -> ImagingCore:
    """``source.crop(box).quantize(palette=palette, dither=NONE)``, as a core image: the box of
    an RGB image mapped onto the colours of a palette image."""
    core: ImagingCore = source.im.crop(box).convert("P", int(Image.Dither.NONE), palette.im)
    return core


def put(target: Image.Image, indexed: ImagingCore, x: int, y: int) -> None:
    """``target.paste(indexed, (x, y))`` for a core image of the target's mode."""
    width, height = indexed.size
    target.im.paste(indexed, (x, y, x + width, y + height))


def core_bytes(core: ImagingCore) -> bytes:
    """The pixels of a core image, as ``Image.tobytes`` gives them."""
    image = Image.new(core.mode, core.size)
    put(image, core, 0, 0)
    return image.tobytes()
