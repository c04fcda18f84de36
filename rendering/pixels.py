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

A panel (``rounded_rectangle``) is drawn by Pillow in Python, corner by corner, about fifteen
times a table and each time the same few shapes: each shape is drawn once on a mask, cut into
the rectangles of its straight parts (filled with the colour, no blend) and its corners (painted
through their own small masks), and painted from these pieces: the same pixels, a quarter of the
work.
"""

from __future__ import annotations

import weakref
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from PIL import Image, ImageDraw

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


Piece = tuple[Box, "ImagingCore | None"]
"""Part of a shape: a box (relative to the shape's corner, ends excluded) filled whole with the
colour (``None``) or painted through a mask of the box's size."""


def _runs(line: bytes) -> list[tuple[int, int]]:
    """The runs ``(start, end)`` of 255 in a line of a 0/255 mask."""
    out: list[tuple[int, int]] = []
    start = None
    for i, value in enumerate(line):
        if value == 255 and start is None:
            start = i
        elif value != 255 and start is not None:
            out.append((start, i))
            start = None
    if start is not None:
        out.append((start, len(line)))
    return out


def _bands(lines: list[bytes]) -> list[tuple[int, int]]:
    """Consecutive equal lines grouped: ``(first, end)`` of each group."""
    out: list[tuple[int, int]] = []
    start = 0
    for i in range(1, len(lines) + 1):
        if i == len(lines) or lines[i] != lines[start]:
            out.append((start, i))
            start = i
    return out


def _binary(line: bytes) -> bool:
    return not line.strip(b"\x00\xff")


def _pieces(mask: Image.Image) -> tuple[Piece, ...]:
    """A mask (mode L) as pieces: the rows repeated over several lines are rectangles of their
    runs; between them, the columns repeated over several columns of the remaining rows too;
    what is left (the corners), masks cropped to what they paint."""
    width, height = mask.size
    data = mask.tobytes()
    rows = [data[y * width : (y + 1) * width] for y in range(height)]
    pieces: list[Piece] = []

    def irregular(top: int, bottom: int) -> None:
        strip = mask.crop((0, top, width, bottom))
        turned = strip.transpose(Image.Transpose.TRANSPOSE).tobytes()
        tall = bottom - top
        columns = [turned[x * tall : (x + 1) * tall] for x in range(width)]
        left = None
        for a, b in [*_bands(columns), (width, width)]:
            if a < width and b - a > 1 and _binary(columns[a]):
                for y0, y1 in _runs(columns[a]):
                    pieces.append(((a, top + y0, b, top + y1), None))
            elif a < width:
                left = a if left is None else left
                continue
            if left is not None:
                part = strip.crop((left, 0, a, bottom - top))
                found = part.getbbox()
                if found:
                    x0, y0, x1, y1 = found
                    core = part.crop(found).im
                    pieces.append(((left + x0, top + y0, left + x1, top + y1), core))
                left = None

    pending = None
    for a, b in [*_bands(rows), (height, height)]:
        if a < height and b - a > 1 and _binary(rows[a]):
            if pending is not None:
                irregular(pending, a)
                pending = None
            pieces.extend(((x0, a, x1, b), None) for x0, x1 in _runs(rows[a]))
        elif a < height:
            pending = a if pending is None else pending
        elif pending is not None:
            irregular(pending, height)
    return tuple(pieces)


MARGIN: Final = 4
"""Room around a shape's mask: Pillow may paint past the box (a thick outline on a box thinner
than itself); a shape that reaches the edge of this room is left to Pillow."""


def _shape(width: int, height: int, radius: int, line: int, part: str) -> tuple[Piece, ...] | None:
    """The pieces of a rounded rectangle's ``fill`` or ``outline``, drawn by Pillow on a mask
    (the box ``(0, 0, width, height)``, ends included as Pillow's are); ``None`` if it paints
    outside the room kept around the box."""
    m = MARGIN
    mask = Image.new("L", (width + 1 + 2 * m, height + 1 + 2 * m), 0)
    draw = ImageDraw.Draw(mask)
    box = (m, m, m + width, m + height)
    if part == "fill":
        draw.rounded_rectangle(box, radius=radius, fill=255, width=line)
    else:
        draw.rounded_rectangle(box, radius=radius, outline=255, width=line)
    found = mask.getbbox()
    if found is None:
        return ()
    x0, y0, x1, y1 = found
    if x0 == 0 or y0 == 0 or x1 == mask.width or y1 == mask.height:
        return None
    return tuple(((a - m, b - m, c - m, d - m), core) for (a, b, c, d), core in _pieces(mask))


@lru_cache(maxsize=512)
def _rounded(
    width: int, height: int, radius: int, line: int, fill: bool, outline: bool
) -> tuple[tuple[Piece, ...], tuple[Piece, ...]] | None:
    """The pieces of a rounded rectangle's fill and of its outline (none where not drawn);
    ``None`` for a shape left to Pillow."""
    inside = _shape(width, height, radius, line, "fill") if fill else ()
    rim = _shape(width, height, radius, line, "outline") if outline else ()
    if inside is None or rim is None:
        return None
    return inside, rim


def _lay(
    core: ImagingCore, pieces: tuple[Piece, ...], colour: tuple[int, int, int], x: int, y: int
) -> None:
    for (x0, y0, x1, y1), mask in pieces:
        box = (x + x0, y + y0, x + x1, y + y1)
        if mask is None:
            core.paste(colour, box)
        else:
            core.paste(colour, box, mask)


def rounded_rectangle(
    target: Image.Image,
    box: Box,
    radius: int,
    fill: tuple[int, int, int] | None,
    outline: tuple[int, int, int] | None,
    width: int,
) -> None:
    """``ImageDraw.Draw(target).rounded_rectangle(box, radius, fill, outline, width)`` on an RGB
    image: the shape's pieces, made once per size."""
    x0, y0, x1, y1 = box
    # Pillow draws the outline over the fill, and not at all in the fill's own colour.
    edge = outline is not None and outline != fill and width != 0
    shape = _rounded(x1 - x0, y1 - y0, radius, width, fill is not None, edge)
    if shape is None:
        ImageDraw.Draw(target).rounded_rectangle(
            box, radius=radius, fill=fill, outline=outline, width=width
        )
        return
    inside, rim = shape
    if fill is not None:
        _lay(target.im, inside, fill, x0, y0)
    if outline is not None and edge:
        _lay(target.im, rim, outline, x0, y0)
