"""Suit emblems drawn as shapes (no card art, no font glyphs), for French and Italian decks.

Each emblem is drawn four times larger than needed and reduced, which gives clean anti-aliased
edges; results are cached, since the same few emblems appear on every card of every image.
French suits are one colour (``french``: red and black; ``french4``: spades black, hearts red,
diamonds blue, clubs green). Italian suits are the many-coloured emblems of the regional decks:
denari (coins), coppe (cups), spade (swords), bastoni (batons).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from rendering import theme
from rendering.theme import RGB

SUPER: Final = 4

Point = tuple[float, float]

FRENCH_INK: Final[dict[str, dict[str, RGB]]] = {
    "french": {"S": theme.BLACK, "H": theme.RED, "D": theme.RED, "C": theme.BLACK},
    "french4": {"S": theme.BLACK, "H": theme.RED, "D": theme.BLUE, "C": theme.GREEN},
}


def ink(suit: str, style: str) -> RGB:
    """The colour of a suit's ranks and pips in a deck style."""
    if style == "italian":
        return theme.ITALIAN_INK[suit]
    return FRENCH_INK.get(style, FRENCH_INK["french"])[suit]


def _heart(w: float, h: float, flip: bool = False) -> list[Point]:
    pts: list[Point] = []
    for i in range(120):
        t = 2 * math.pi * i / 120
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        # x in [-16, 16], y in [-17, 12]; screen y grows downwards.
        py = (12 - y) / 29 if not flip else (y + 17) / 29
        pts.append(((x + 16) / 32 * w, py * h))
    return pts


def _french_mask(suit: str, size: int) -> Image.Image:
    s = size * SUPER
    mask = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(mask)
    if suit == "H":
        d.polygon([(x, y + s * 0.06) for x, y in _heart(s, s * 0.88)], fill=255)
    elif suit == "D":
        c = s / 2
        pts: list[Point] = []
        for i in range(4):
            a0 = math.pi / 2 * i
            ax, ay = c + math.cos(a0) * s * 0.40, c + math.sin(a0) * s * 0.5
            b = math.pi / 2 * (i + 1)
            bx, by = c + math.cos(b) * s * 0.40, c + math.sin(b) * s * 0.5
            for k in range(12):
                t = k / 12
                mx, my = ax + (bx - ax) * t, ay + (by - ay) * t
                bow = math.sin(math.pi * t) * s * 0.045
                pts.append(
                    (
                        mx + (c - mx) / max(1.0, abs(c - mx) + abs(c - my)) * bow * 2,
                        my + (c - my) / max(1.0, abs(c - mx) + abs(c - my)) * bow * 2,
                    )
                )
        d.polygon(pts, fill=255)
    elif suit == "S":
        body = [(x + s * 0.05, y) for x, y in _heart(s * 0.9, s * 0.78, flip=True)]
        d.polygon(body, fill=255)
        d.polygon([(s * 0.5, s * 0.55), (s * 0.3, s), (s * 0.7, s)], fill=255)
    else:
        r = s * 0.21
        for cx, cy in ((0.5, 0.24), (0.27, 0.55), (0.73, 0.55)):
            d.ellipse((cx * s - r, cy * s - r, cx * s + r, cy * s + r), fill=255)
        d.polygon([(s * 0.5, s * 0.3), (s * 0.36, s * 0.6), (s * 0.64, s * 0.6)], fill=255)
        d.polygon([(s * 0.5, s * 0.5), (s * 0.3, s), (s * 0.7, s)], fill=255)
    return mask


Draw = ImageDraw.ImageDraw


def _denari(d: Draw, s: int, lw: int) -> None:
    """A gold coin with a red rosette and a blue boss."""
    gold, dark, red = (232, 170, 40, 255), (120, 60, 10, 255), (190, 40, 30, 255)
    m = s * 0.04
    d.ellipse((m, m, s - m, s - m), fill=gold, outline=dark, width=lw)
    r2 = s * 0.30
    c = s / 2
    d.ellipse((c - r2, c - r2, c + r2, c + r2), fill=(245, 205, 90, 255), outline=red, width=lw)
    for i in range(8):
        a = math.pi / 4 * i
        px, py = c + math.cos(a) * s * 0.18, c + math.sin(a) * s * 0.18
        pr = s * 0.06
        d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=red)
    cr = s * 0.08
    d.ellipse((c - cr, c - cr, c + cr, c + cr), fill=(40, 90, 170, 255))


def _coppe(d: Draw, s: int, lw: int) -> None:
    """A gold cup: its bowl banded in red, a blue knot on the stem, a wide foot."""
    gold, dark, red, blue = (
        (232, 170, 40, 255),
        (110, 60, 10, 255),
        (190, 40, 30, 255),
        (40, 90, 170, 255),
    )
    bowl = [
        (s * 0.12, s * 0.10),
        (s * 0.88, s * 0.10),
        (s * 0.80, s * 0.34),
        (s * 0.62, s * 0.50),
        (s * 0.38, s * 0.50),
        (s * 0.20, s * 0.34),
    ]
    d.polygon(bowl, fill=gold, outline=dark, width=lw)
    d.rectangle((s * 0.14, s * 0.16, s * 0.86, s * 0.25), fill=red)
    d.rectangle((s * 0.44, s * 0.50, s * 0.56, s * 0.76), fill=gold, outline=dark, width=lw)
    d.ellipse((s * 0.36, s * 0.57, s * 0.64, s * 0.70), fill=blue, outline=dark, width=lw)
    d.polygon(
        [
            (s * 0.40, s * 0.76),
            (s * 0.60, s * 0.76),
            (s * 0.80, s * 0.95),
            (s * 0.20, s * 0.95),
        ],
        fill=gold,
        outline=dark,
    )
    d.line([(s * 0.20, s * 0.95), (s * 0.80, s * 0.95)], fill=dark, width=lw)


def _spade(d: Draw, s: int, lw: int) -> None:
    """A steel sword, point up, with a gold guard and pommel and a red grip."""
    steel, edge, dark, gold, grip = (
        (150, 185, 230, 255),
        (90, 130, 190, 255),
        (24, 50, 100, 255),
        (232, 170, 40, 255),
        (170, 40, 30, 255),
    )
    thin = max(2, s // 45)
    blade = [
        (s * 0.50, s * 0.02),
        (s * 0.60, s * 0.15),
        (s * 0.58, s * 0.66),
        (s * 0.42, s * 0.66),
        (s * 0.40, s * 0.15),
    ]
    d.polygon(blade, fill=steel, outline=dark, width=thin)
    d.polygon(
        [
            (s * 0.50, s * 0.06),
            (s * 0.56, s * 0.16),
            (s * 0.55, s * 0.64),
            (s * 0.50, s * 0.64),
        ],
        fill=edge,
    )
    d.rounded_rectangle(
        (s * 0.18, s * 0.65, s * 0.82, s * 0.74),
        radius=s * 0.04,
        fill=gold,
        outline=dark,
        width=thin,
    )
    d.rectangle((s * 0.44, s * 0.74, s * 0.56, s * 0.89), fill=grip, outline=dark, width=thin)
    d.ellipse((s * 0.39, s * 0.86, s * 0.61, s * 0.99), fill=gold, outline=dark, width=thin)


def _bastoni(d: Draw, s: int, lw: int) -> None:
    """A green baton, leaning, with cut branches and two red bands."""
    wood, light, dark, knot, band = (
        (70, 140, 50, 255),
        (120, 180, 80, 255),
        (24, 60, 20, 255),
        (150, 95, 45, 255),
        (190, 40, 30, 255),
    )
    angle = math.radians(-24)
    cx, cy = s / 2, s / 2
    thin = max(2, s // 45)

    def rot(x: float, y: float) -> Point:
        dx, dy = x * s - cx, y * s - cy
        return (
            cx + dx * math.cos(angle) - dy * math.sin(angle),
            cy + dx * math.sin(angle) + dy * math.cos(angle),
        )

    def half_width(y: float) -> float:
        return 0.15 - 0.08 * (y - 0.06) / 0.9

    for y, side in ((0.26, 1), (0.46, -1), (0.66, 1)):
        inner = 0.5 + side * (half_width(y) - 0.03)
        tip = 0.5 + side * (half_width(y) + 0.11)
        stub = [(inner, y - 0.04), (tip, y - 0.075), (tip, y - 0.015), (inner, y + 0.04)]
        d.polygon([rot(x, yy) for x, yy in stub], fill=knot, outline=dark, width=thin)
    body = [(0.5 - half_width(y), y) for y in (0.10, 0.96)]
    body += [(0.5 + half_width(y), y) for y in (0.96, 0.10)]
    d.polygon([rot(x, y) for x, y in body], fill=wood, outline=dark, width=thin)
    top = [rot(0.5 - half_width(0.10), 0.10), rot(0.5 + half_width(0.10), 0.10)]
    r = half_width(0.10) * s
    mx, my = (top[0][0] + top[1][0]) / 2, (top[0][1] + top[1][1]) / 2
    d.ellipse((mx - r, my - r * 0.7, mx + r, my + r * 0.7), fill=light, outline=dark, width=thin)
    stripe = [(0.47, 0.12), (0.50, 0.12), (0.50, 0.92), (0.48, 0.92)]
    d.polygon([rot(x, y) for x, y in stripe], fill=light)
    for y in (0.34, 0.80):
        w = half_width(y)
        band_box = [(0.5 - w, y), (0.5 + w, y), (0.5 + w, y + 0.045), (0.5 - w, y + 0.045)]
        d.polygon([rot(x, yy) for x, yy in band_box], fill=band)


ITALIAN_EMBLEMS: Final = {"D": _denari, "H": _coppe, "S": _spade, "C": _bastoni}
"""Each Italian suit's emblem, drawn on a square of ``s`` pixels (``SUPER`` times its size)."""


def _italian(suit: str, size: int) -> Image.Image:
    s = size * SUPER
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    ITALIAN_EMBLEMS[suit](ImageDraw.Draw(im), s, max(2, s // 22))
    return im


@lru_cache(maxsize=512)
def emblem(suit: str, style: str, size: int) -> Image.Image:
    """The suit's emblem as an RGBA sprite of ``size`` × ``size`` pixels."""
    if style == "italian":
        return _italian(suit, size).resize((size, size), Image.Resampling.LANCZOS)
    mask = _french_mask(suit, size).resize((size, size), Image.Resampling.LANCZOS)
    sprite = Image.new("RGBA", (size, size), (*ink(suit, style), 0))
    sprite.putalpha(mask)
    return sprite
