"""The few pixel operations an image repeats by the dozen, called on Pillow's core images.

``Image.paste``, ``Image.crop`` and ``Image.quantize`` check their arguments, load lazy images
and copy palettes in Python before they reach the C code that does the work; for a text sprite
or a 16-pixel-tall band that wrapping costs several times the work itself, and a table image
pastes about sixty sprites and quantises a dozen boxes. Every image here is made in memory
(nothing lazy, nothing read-only), which is what the wrappers check for, so these functions go
straight to the core operation the wrapper ends in, with the same result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

Box = tuple[int, int, int, int]


def paste(target: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    """``target.paste(sprite, (x, y), sprite)`` for an RGBA sprite (its alpha is the mask),
    ``target.paste(sprite, (x, y))`` for any other."""
    box = (x, y, x + sprite.width, y + sprite.height)
    if sprite.mode == "RGBA":
        target.im.paste(sprite.im, box, sprite.im)
    else:
        target.im.paste(sprite.im, box)


def quantized(source: Image.Image, box: Box, palette: Image.Image) -> ImagingCore:
    """``source.crop(box).quantize(palette=palette, dither=NONE)``, as a core image: the box of
    an RGB image mapped onto the colours of a palette image."""
    core: ImagingCore = source.im.crop(box).convert("P", int(Image.Dither.NONE), palette.im)
    return core


def put(target: Image.Image, indexed: ImagingCore, x: int, y: int) -> None:
    """``target.paste(indexed, (x, y))`` for a core image of the target's mode."""
    width, height = indexed.size
    target.im.paste(indexed, (x, y, x + width, y + height))
