"""The pages' assets, all served by the bot itself: the style sheet, the replay's script, and the
cards as the table draws them in Discord (``rendering.cards``), one sprite sheet per deck.

A sheet holds the 52 faces (13 ranks a row, one suit a row) and a back, drawn by the same code
as the table's images, in the same deck styles (French, French in four colours, Italian) and
with the corner letters of the reader's language (R, D, V in French). It is drawn once, the
first time a page needs it, and kept: under a second of drawing, a 40 KB palette PNG.

Asset addresses carry a version made of the assets' own bytes and of the card drawing's
sources, so a browser keeps them for a year and still never shows stale cards.
"""

from __future__ import annotations

import hashlib
import io
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from PIL import Image

import rendering
from i18n.locales import DEFAULT_LOCALE, LOCALES
from rendering.cards import back, face

STATIC: Final = Path(__file__).resolve().parent / "static"
RANKS: Final = "23456789TJQKA"
SUITS: Final = "SHDC"
SPRITE: Final = (112, 160)
"""A card of the sheet, in pixels: the hand's card size (``rendering.theme.HAND_CARD``),
crisp at the pages' 40-64 px on screens of two or three device pixels per pixel."""
COLUMNS: Final = len(RANKS) + 1
"""The ranks, then the back."""
STYLES: Final = ("french", "french4", "italian")
TYPES: Final = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}


@dataclass(frozen=True)
class Asset:
    body: bytes
    content_type: str


def sheet_name(style: str, locale: str) -> str:
    """``french-fr``: Italian decks print their own letters, the same in every language."""
    return f"{style}-{DEFAULT_LOCALE if style == 'italian' else locale}"


SHEETS: Final = frozenset(sheet_name(style, locale) for style in STYLES for locale in LOCALES)


def _position(index: int, count: int) -> str:
    return "0%" if count <= 1 else f"{100 * index / (count - 1):.4f}%"


def deck_css() -> str:
    """Where each card is on its sheet, and which sheet each deck uses (the page's body names
    its deck: ``<body class="deck-french-fr">``)."""
    rules = [
        f".card{{background-size:{COLUMNS}00% {len(SUITS)}00%}}",
        f".card.back{{background-position:{_position(COLUMNS - 1, COLUMNS)} 0%}}",
    ]
    for row, suit in enumerate(SUITS):
        for column, rank in enumerate(RANKS):
            x, y = _position(column, COLUMNS), _position(row, len(SUITS))
            rules.append(f".c-{rank}{suit}{{background-position:{x} {y}}}")
    for name in sorted(SHEETS):
        rules.append(f".deck-{name} .card{{background-image:url(deck-{name}.png)}}")
    return "\n".join(rules) + "\n"


def draw_sheet(style: str, locale: str) -> bytes:
    w, h = SPRITE
    sheet = Image.new("RGBA", (COLUMNS * w, len(SUITS) * h), (0, 0, 0, 0))
    for row, suit in enumerate(SUITS):
        for column, rank in enumerate(RANKS):
            sheet.alpha_composite(face(rank + suit, style, w, h, locale), (column * w, row * h))
    sheet.alpha_composite(back(w, h), ((COLUMNS - 1) * w, 0))
    # A palette PNG with transparency: 40 KB where true colour takes 160.
    out = io.BytesIO()
    sheet.quantize(256, method=Image.Quantize.FASTOCTREE).save(out, "PNG", optimize=True)
    return out.getvalue()


def _sources() -> list[Path]:
    """The files whose bytes make the assets' version: the static files, and the code that
    draws the cards."""
    drawing = Path(rendering.__file__).resolve().parent
    static = sorted(p for p in STATIC.iterdir() if p.is_file())
    return static + [drawing / name for name in ("cards.py", "courts.py", "suits.py", "theme.py")]


def _version() -> str:
    digest = hashlib.sha256()
    for path in _sources():
        if path.is_file():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


VERSION: Final = _version()


def asset_path() -> str:
    """The assets' folder as a page links it (pages are one folder deep)."""
    return f"../assets/{VERSION}"


class Assets:
    """Every asset by name; the sheets drawn on first use, once, whoever asks meanwhile."""

    def __init__(self) -> None:
        self._files: dict[str, Asset] = {}
        for path in STATIC.iterdir():
            if path.is_file() and path.suffix in TYPES:
                self._files[path.name] = Asset(path.read_bytes(), TYPES[path.suffix])
        self._files["deck.css"] = Asset(deck_css().encode(), TYPES[".css"])
        self._sheets: dict[str, Asset] = {}
        self._lock = threading.Lock()

    def known(self, name: str) -> bool:
        return name in self._files or self._sheet_of(name) is not None

    @staticmethod
    def _sheet_of(name: str) -> str | None:
        if name.startswith("deck-") and name.endswith(".png"):
            sheet = name[len("deck-") : -len(".png")]
            if sheet in SHEETS:
                return sheet
        return None

    def ready(self, name: str) -> Asset | None:
        """The asset if it is at hand (no drawing needed)."""
        sheet = self._sheet_of(name)
        return self._files.get(name) if sheet is None else self._sheets.get(sheet)

    def get(self, name: str) -> Asset | None:
        """The asset, drawing its sheet now if it is one not drawn yet (call off the event
        loop: a sheet takes under a second)."""
        found = self.ready(name)
        sheet = self._sheet_of(name)
        if found is not None or sheet is None:
            return found
        with self._lock:
            if sheet not in self._sheets:
                style, _, locale = sheet.partition("-")
                self._sheets[sheet] = Asset(draw_sheet(style, locale), TYPES[".png"])
            return self._sheets[sheet]


__all__ = ["SHEETS", "VERSION", "Asset", "Assets", "asset_path", "deck_css", "sheet_name"]
