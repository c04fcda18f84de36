"""Card sprites: faces in three deck styles, backs, dimmed faces; built once and cached.

A face shows a big rank and suit in the top-left corner (what stays visible when cards overlap in
a hand) and a large emblem in the lower right, the way phone card games draw cards so that they
read at a glance. Court cards show a framed figure instead (``courts.py``): a king, a queen or a
jack (re, cavallo, fante) told apart by their headgear.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from i18n.locales import DEFAULT_LOCALE
from rendering import theme
from rendering.courts import figure
from rendering.suits import emblem, ink
from rendering.text import size_for_cap_height, text_sprite
from rendering.words import ITALIAN_DECK_GAMES, corner

DECK_STYLES: Final = ("auto", "french", "french4", "italian")


MIN_INDEX: Final = 28
"""Smallest height in pixels of a rank or suit index (phones)."""


def resolve_style(game: str | None, deck_style: str) -> str:
    """``auto`` is Italian for the Italian games, French otherwise; unknown styles fall back too."""
    if deck_style in ("french", "french4", "italian"):
        return deck_style
    return "italian" if game in ITALIAN_DECK_GAMES else "french"


def rank_label(rank: str, style: str, locale: str = DEFAULT_LOCALE) -> str:
    """The corner's rank: French-suited cards use the letters of the locale's players (R, D, V
    in French); Italian decks always show F, C, R for fante, cavallo, re, as printed on them."""
    if style == "italian":
        return corner(rank, DEFAULT_LOCALE, italian=True)
    return corner(rank, locale)


def _rounded_base(w: int, h: int, fill: theme.RGB, edge: theme.RGB) -> Image.Image:
    """A card outline with anti-aliased rounded corners (drawn at 4× and reduced)."""
    s = 4
    mask = Image.new("L", (w * s, h * s), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, w * s - 1, h * s - 1), radius=w * s // 10, fill=255
    )
    inner = Image.new("L", (w * s, h * s), 0)
    ImageDraw.Draw(inner).rounded_rectangle(
        (s * 2, s * 2, w * s - 1 - s * 2, h * s - 1 - s * 2), radius=w * s // 10 - s * 2, fill=255
    )
    mask = mask.resize((w, h), Image.Resampling.BOX)
    inner = inner.resize((w, h), Image.Resampling.BOX)
    card = Image.new("RGBA", (w, h), (*edge, 255))
    card.paste(Image.new("RGBA", (w, h), (*fill, 255)), (0, 0), inner)
    card.putalpha(mask)
    return card


def index_sizes(w: int, h: int) -> tuple[int, int]:
    """Height in pixels of the rank (its capitals) and of the suit emblem in a card's corner."""
    index_h = max(MIN_INDEX, round(h * 0.21))
    return index_h, max(MIN_INDEX + 2, round(index_h * 1.05))


@lru_cache(maxsize=512)
def face(card: str, style: str, w: int, h: int, locale: str = DEFAULT_LOCALE) -> Image.Image:
    """The face of ``card`` (a code such as ``"TH"``) as an RGBA sprite of ``w`` × ``h``."""
    rank, suit = card[0], card[1]
    sprite = _rounded_base(w, h, theme.CARD_FACE, theme.CARD_EDGE)
    colour = ink(suit, style)
    index_h, suit_size = index_sizes(w, h)
    label = rank_label(rank, style, locale)
    weight = "condensed" if len(label) > 1 else "bold"
    rank_img = text_sprite(label, size_for_cap_height(index_h, weight), colour, weight)
    pad = max(5, w // 14)
    column = max(rank_img.width, suit_size)
    sprite.alpha_composite(rank_img, (pad + (column - rank_img.width) // 2, pad))
    small = emblem(suit, style, suit_size)
    sprite.alpha_composite(
        small, (pad + (column - suit_size) // 2, pad + index_h + index_h // 4 + 2)
    )
    big_size = min(w - column - 2 * pad - 2, h - index_h - 3 * pad) + 4
    big_size = max(big_size, min(w, h) // 2)
    bx = w - big_size - pad
    by = h - big_size - pad
    if rank in "JQK":
        # A court card shows its figure, framed, beside the index, as tall as the card allows.
        fx = pad + column + max(3, w // 30)
        portrait = figure(rank, suit, style, w - pad - fx, h - 2 * pad)
        sprite.alpha_composite(portrait, (fx, pad))
        return sprite
    sprite.alpha_composite(emblem(suit, style, big_size), (bx, by))
    return sprite


@lru_cache(maxsize=16)
def back(w: int, h: int) -> Image.Image:
    """The back of a card: a red lattice in a white border, the same for every deck style."""
    sprite = _rounded_base(w, h, theme.CARD_FACE, theme.CARD_EDGE)
    d = ImageDraw.Draw(sprite)
    m = max(4, w // 12)
    d.rounded_rectangle(
        (m, m, w - 1 - m, h - 1 - m), radius=max(3, w // 16), fill=(*theme.CARD_BACK, 255)
    )
    step = max(6, w // 8)
    lattice = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ld = ImageDraw.Draw(lattice)
    for k in range(-h, w + h, step):
        ld.line([(k, 0), (k + h, h)], fill=(*theme.CARD_BACK_LINE, 255), width=1)
        ld.line([(k, 0), (k - h, h)], fill=(*theme.CARD_BACK_LINE, 255), width=1)
    clip = Image.new("L", (w, h), 0)
    ImageDraw.Draw(clip).rounded_rectangle(
        (m + 3, m + 3, w - 4 - m, h - 4 - m), radius=max(2, w // 20), fill=255
    )
    sprite.paste(lattice, (0, 0), ImageChops.multiply(lattice.getchannel("A"), clip))
    if w >= 40:
        cx, cy, r = w // 2, h // 2, w // 5
        medallion = [(cx, cy - r * 1.4), (cx + r, cy), (cx, cy + r * 1.4), (cx - r, cy)]
        d.polygon(medallion, fill=(*theme.CARD_BACK, 255), outline=(*theme.CARD_FACE, 255), width=2)
        spade = emblem("S", "french", r)
        tinted = Image.new("RGBA", spade.size, (*theme.CARD_FACE, 0))
        tinted.putalpha(spade.getchannel("A"))
        sprite.alpha_composite(tinted, (cx - r // 2, cy - r // 2))
    return sprite


@lru_cache(maxsize=512)
def dimmed(card: str, style: str, w: int, h: int, locale: str = DEFAULT_LOCALE) -> Image.Image:
    """A face greyed and darkened: the card may not be played now."""
    sprite = face(card, style, w, h, locale).copy()
    alpha = sprite.getchannel("A")
    grey = Image.new("RGBA", (w, h), (*theme.DIM, 255))
    sprite = Image.blend(sprite, grey, 0.5)
    sprite.putalpha(alpha)
    return sprite


@lru_cache(maxsize=64)
def shadow(w: int, h: int) -> Image.Image:
    """A soft drop shadow to put under a card lying on the felt."""
    mask = Image.new("L", (w + 8, h + 8), 0)
    ImageDraw.Draw(mask).rounded_rectangle((4, 4, w + 3, h + 3), radius=w // 10, fill=110)
    mask = mask.filter(ImageFilter.GaussianBlur(3))
    sprite = Image.new("RGBA", (w + 8, h + 8), (*theme.SHADOW, 0))
    sprite.putalpha(mask)
    return sprite
