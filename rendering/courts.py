"""Court figures drawn by the project with Pillow's shapes: a king, a queen and a jack (re,
cavallo and fante in Italian decks) that tell themselves apart by their silhouette, since at the
size Discord shows a table a card is a few dozen pixels wide and a letter alone reads as a pip.

Each figure is a half-length portrait in a frame: the headgear carries the rank (a pointed crown
for the king, a tiara over long hair for the queen, a feathered cap for the jack, a horse's head
for the cavallo) and the robe the suit (its colour, and the suit's emblem on the chest). Drawn at
four times the size and reduced for clean edges; cached, like every sprite.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from rendering import theme
from rendering.suits import emblem, ink
from rendering.theme import RGB

SUPER: Final = 4
SKIN: Final[RGB] = (246, 206, 168)
HAIR: Final[RGB] = (110, 66, 34)
BEARD: Final[RGB] = (150, 150, 150)
CROWN: Final[RGB] = (236, 178, 40)
CROWN_EDGE: Final[RGB] = (150, 100, 10)
HORSE: Final[RGB] = (150, 96, 52)
OUTLINE: Final[RGB] = (40, 32, 28)


def _tint(colour: RGB, amount: float) -> RGB:
    """``colour`` mixed with white: ``amount`` of the colour is kept."""
    r, g, b = (round(c * amount + 255 * (1 - amount)) for c in colour)
    return (r, g, b)


@lru_cache(maxsize=256)
def figure(rank: str, suit: str, style: str, w: int, h: int) -> Image.Image:
    """The framed portrait of the court card ``rank`` of ``suit``, ``w`` × ``h`` pixels."""
    s = SUPER
    W, H = w * s, h * s
    im = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    colour = ink(suit, style)
    line = max(2, s * 2)
    d.rounded_rectangle(
        (0, 0, W - 1, H - 1),
        radius=6 * s,
        fill=(*_tint(colour, 0.14), 255),
        outline=(*colour, 255),
        width=line,
    )
    cx = W / 2
    head_r = min(W * 0.27, H * 0.12)
    head_y = H * 0.40
    if rank == "Q" and style == "italian":
        _horse(d, W, H, colour, line)
    else:
        if rank == "Q":
            # Long hair behind the head and over the shoulders.
            d.rounded_rectangle(
                (
                    cx - head_r * 1.35,
                    head_y - head_r * 1.1,
                    cx + head_r * 1.35,
                    head_y + head_r * 2.4,
                ),
                radius=round(head_r),
                fill=(*HAIR, 255),
            )
        _robe(d, W, H, colour, head_y + head_r * 0.9, line)
        d.ellipse(
            (cx - head_r, head_y - head_r, cx + head_r, head_y + head_r),
            fill=(*SKIN, 255),
            outline=(*OUTLINE, 255),
            width=max(1, s),
        )
        eye = max(2, head_r / 7)
        for ex in (cx - head_r * 0.38, cx + head_r * 0.38):
            d.ellipse((ex - eye, head_y - eye, ex + eye, head_y + eye), fill=(*OUTLINE, 255))
        if rank == "K":
            _beard(d, cx, head_y, head_r)
            _crown(d, cx, head_y - head_r * 0.75, head_r * 1.25, head_r * 1.15, points=3)
        elif rank == "Q":
            _crown(d, cx, head_y - head_r * 0.8, head_r * 0.95, head_r * 0.7, points=5)
        else:
            _cap(d, cx, head_y - head_r * 0.55, head_r, colour)
    _chest(im, suit, style, W, H)
    return im.resize((w, h), Image.Resampling.LANCZOS)


def _robe(d: ImageDraw.ImageDraw, W: int, H: int, colour: RGB, top: float, line: int) -> None:
    """Shoulders in the suit's colour, with a gold collar."""
    cx = W / 2
    d.polygon(
        [
            (cx - W * 0.22, top),
            (cx + W * 0.22, top),
            (W - line * 1.5, H - line * 1.5),
            (line * 1.5, H - line * 1.5),
        ],
        fill=(*colour, 255),
    )
    d.polygon(
        [(cx - W * 0.20, top), (cx + W * 0.20, top), (cx, top + H * 0.09)],
        fill=(*CROWN, 255),
    )


def _beard(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    d.chord(
        (cx - r * 0.95, cy - r * 0.55, cx + r * 0.95, cy + r * 1.55),
        0,
        180,
        fill=(*BEARD, 255),
    )


def _crown(
    d: ImageDraw.ImageDraw, cx: float, base: float, half: float, height: float, points: int
) -> None:
    """A gold crown on ``base``: ``points`` spikes (a king's three, a queen's tiara of five)."""
    top = base - height
    outline: list[tuple[float, float]] = [(cx - half, base)]
    for i in range(points):
        left = cx - half + 2 * half * i / points
        right = cx - half + 2 * half * (i + 1) / points
        outline += [
            (left, top + height * 0.45),
            ((left + right) / 2, top),
            (right, top + height * 0.45),
        ]
    outline.append((cx + half, base))
    d.polygon(outline, fill=(*CROWN, 255), outline=(*CROWN_EDGE, 255))
    jewel = height * 0.16
    d.ellipse(
        (cx - jewel, base - height * 0.3 - jewel, cx + jewel, base - height * 0.3 + jewel),
        fill=(*theme.RED, 255),
    )


def _cap(d: ImageDraw.ImageDraw, cx: float, base: float, r: float, colour: RGB) -> None:
    """A jack's flat cap in the suit's colour, with a long white feather."""
    d.pieslice(
        (cx - r * 1.25, base - r * 0.9, cx + r * 1.25, base + r * 0.9),
        180,
        360,
        fill=(*colour, 255),
        outline=(*OUTLINE, 255),
    )
    d.rectangle(
        (cx - r * 1.25, base - r * 0.05, cx + r * 1.25, base + r * 0.12), fill=(*colour, 255)
    )
    d.ellipse(
        (cx + r * 0.2, base - r * 1.9, cx + r * 0.75, base - r * 0.2),
        fill=(*theme.CARD_FACE, 255),
        outline=(*OUTLINE, 255),
    )


def _horse(d: ImageDraw.ImageDraw, W: int, H: int, colour: RGB, line: int) -> None:
    """The cavallo: a horse's head and neck in profile, with a saddle cloth in the suit's
    colour."""
    _robe(d, W, H, colour, H * 0.62, line)
    head = [
        (W * 0.30, H * 0.70),
        (W * 0.30, H * 0.38),
        (W * 0.42, H * 0.20),
        (W * 0.50, H * 0.12),
        (W * 0.56, H * 0.20),
        (W * 0.84, H * 0.36),
        (W * 0.86, H * 0.44),
        (W * 0.78, H * 0.47),
        (W * 0.58, H * 0.40),
        (W * 0.66, H * 0.70),
    ]
    d.polygon(head, fill=(*HORSE, 255), outline=(*OUTLINE, 255))
    mane = [(W * 0.30, H * 0.66), (W * 0.22, H * 0.42), (W * 0.36, H * 0.22), (W * 0.30, H * 0.40)]
    d.polygon(mane, fill=(*HAIR, 255))
    eye = W * 0.04
    ex, ey = W * 0.55, H * 0.26
    d.ellipse((ex - eye, ey - eye, ex + eye, ey + eye), fill=(*OUTLINE, 255))


def _chest(im: Image.Image, suit: str, style: str, W: int, H: int) -> None:
    """The suit's emblem on a light disc on the chest, so it reads on any robe colour."""
    size = round(min(W * 0.42, H * 0.24))
    cx, cy = W // 2, round(H * 0.80)
    r = size * 0.62
    ImageDraw.Draw(im).ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*theme.CARD_FACE, 255))
    sprite = emblem(suit, style, size)
    im.alpha_composite(sprite, (cx - size // 2, cy - size // 2))
