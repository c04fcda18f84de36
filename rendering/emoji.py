"""The bot's own suit emojis: each suit's emblem, as the cards draw it, on a small white card.

Discord's ♠️ and ♣️ are near-black on the dark theme's grey, and a plain ♠ takes the text's
colour only where Discord does not turn it into that same emoji. An emoji of our own reads the
same on both themes: the white card stands out on dark grey, its grey edge on light grey, and
the emblem inside is the one on the cards (red and black, the four colours of ``french4``, or
the Italian coins, cups, swords and batons). The bot uploads them once as application emojis
(``bot/ui/emojis.py``); the images are drawn here, like every other picture of Atout.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from rendering import theme
from rendering.suits import emblem

SIZE: Final = 128
"""Discord asks for at most 128 × 128 pixels and shows an emoji at 22 to 48."""
EMOJI_SUITS: Final[tuple[tuple[str, str], ...]] = (
    *(("french", suit) for suit in "SHDC"),
    ("french4", "D"),
    ("french4", "C"),
    *(("italian", suit) for suit in "SHDC"),
)
"""Every (deck style, suit) with an emoji of its own: ``french4`` differs from ``french`` only in
its diamonds (blue) and clubs (green)."""
EDGE: Final[theme.RGB] = (150, 150, 144)


def emoji_style(style: str, suit: str) -> str:
    """The style whose emoji draws ``suit`` for a table of ``style``."""
    if style == "french4" and suit in "SH":
        return "french"
    return style if style in ("french", "french4", "italian") else "french"


@lru_cache(maxsize=16)
def suit_emoji(style: str, suit: str) -> bytes:
    """The emoji of one suit as PNG bytes (RGBA, ``SIZE`` square): a white rounded card with a
    grey edge, the emblem filling most of it. Drawn at four times the size and reduced."""
    big = SIZE * 4
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    inset = big // 16
    draw.rounded_rectangle(
        (inset, inset, big - inset - 1, big - inset - 1),
        radius=big // 5,
        fill=(*theme.CARD_FACE, 255),
        outline=(*EDGE, 255),
        width=big // 28,
    )
    size = big * 13 // 16 if style == "italian" else big * 11 // 16
    sprite = emblem(suit, style, size)
    image.alpha_composite(sprite, ((big - size) // 2, (big - size) // 2))
    small = image.resize((SIZE, SIZE), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
