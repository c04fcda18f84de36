"""One fixed 256-colour palette per deck style, so an image needs no colour analysis of its own.

Choosing a palette per image (an octree over a reduced copy) costs about as much as drawing the
table. Every image of a style is made of the same few sprites, panel colours and text inks, so
the palette is chosen from a sample made of those very things: every card face (bright, dimmed,
at each size), backs, and tables, hands and sheets drawn from built-in sample views that use
every kind of element (bubbles, badges, the highlighted seat, the stock, a log).

The sample (``palette_sample.py``) does not depend on anything a game does, so its palettes are
computed once and shipped (``palette_data.py``): a drawing process never builds the sample,
which took 1.3-2.9 s per style and, through the allocator's fragmentation, left about 55 MB of
memory per style behind. ``tests/rendering/test_png.py`` checks that the shipped palettes are
still what the sample gives; after a change to the drawing, ``python -m rendering.palette_sample``
rewrites them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image

from rendering.palette_data import PALETTES

STYLES: Final = ("french", "french4", "italian")
"""The deck styles a drawing resolves to (``cards.resolve_style``): one palette each."""


@lru_cache(maxsize=8)
def fixed_palette(style: str) -> Image.Image:
    """The palette image (mode P) for a deck style (an unknown style gets the French one)."""
    image = Image.new("P", (1, 1))
    image.putpalette(bytes.fromhex(PALETTES.get(style, PALETTES["french"])))
    image.load()  # hands the palette to the core image, which ``pixels.quantized`` reads
    return image
