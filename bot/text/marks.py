"""How a suit is written where Discord shows text: in a message, and on a control.

On Discord's dark theme the black suits are near-invisible: ♠️ and ♣️ are near-black emoji on dark
grey, and a plain ♠ becomes that same emoji in a message. So the bot uploads its own suit emojis
at start (``bot/ui/emojis.py``, drawn by ``rendering/emoji.py``: the emblem on a small white card,
readable on both themes) and writes a suit with them:

- in a message, ``9<:atout1_french_S:…>`` reads "9" and the spade card;
- on a bid, take or trump control, the emoji goes in the control's emoji slot.

Where they cannot be used (the upload failed: no network, no permission, the application's
emojis are full — or before it ran), the **fallback** keeps every suit readable on both themes:
red suits as Discord's red emoji (♥️ ♦️), black suits as the outlined ♤ and ♧, which are not
emoji, so Discord draws them in the text's own colour (light on dark, dark on light); on a
control the black suit goes into the label as text.

A card on a button is written like the card's corner, rank first ("10♠"): the suit is then a
text-presentation glyph in the label's own colour (white on the blurple card buttons in both
themes), since Discord puts an emoji slot before the label, never after.

One process speaks for one application: the marks in use are this module's, set by the bot
that uploaded them and taken back when it closes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Final

from games.cards import SUIT_SYMBOLS
from rendering.emoji import emoji_style

FALLBACK_TEXT: Final = {"S": "♤", "H": "♥️", "D": "♦️", "C": "♧"}
"""Suits in a message without the bot's emojis: the red emoji, the black suits outlined."""
FALLBACK_ITALIAN: Final = {"S": "⚔️", "H": "🏆", "D": "🪙", "C": "🪵"}
"""Italian suits without the bot's emojis: swords, a cup, a coin and a baton, beside the word."""
GLYPHS: Final = {suit: symbol + "\ufe0e" for suit, symbol in SUIT_SYMBOLS.items()}
"""Suits as text in a label, asked for in text presentation (U+FE0E), so they take the label's
colour instead of becoming the dark emoji."""
CUSTOM: Final = re.compile(r"<a?:\w+:\d+>")


@dataclass(frozen=True)
class SuitMarks:
    """The bot's suit emojis as Discord writes them (``<:name:id>``), by (style, suit)."""

    emojis: dict[tuple[str, str], str] = field(default_factory=dict)

    def get(self, style: str, suit: str) -> str | None:
        return self.emojis.get((emoji_style(style, suit), suit))


NONE: Final = SuitMarks()
_current: SuitMarks = NONE


def use(marks: SuitMarks) -> None:
    """The suit emojis this process writes from now on (the bot that uploaded them)."""
    global _current
    _current = marks


def drop(marks: SuitMarks) -> None:
    """A bot that closes takes its emojis back, unless another bot has set its own since."""
    global _current
    if _current is marks:
        _current = NONE


def current() -> SuitMarks:
    return _current


PLAIN: Final = SuitMarks(
    {
        (style, suit): symbol
        for style in ("french", "french4")
        for suit, symbol in SUIT_SYMBOLS.items()
    }
)
"""Suits as an image draws them, in its own font and colours: neither Discord's emoji nor ours."""


@contextmanager
def drawn() -> Iterator[None]:
    """Words written for an image rather than for Discord (a review position's labels) take
    the plain suit symbols. For a block without ``await``: no other task writes meanwhile."""
    global _current
    before = _current
    _current = PLAIN
    try:
        yield
    finally:
        _current = before


def suit_text(suit: str, style: str = "french") -> str:
    """A suit in a message: the bot's emoji, else the fallback."""
    found = _current.get(style, suit)
    if found is not None:
        return found
    table = FALLBACK_ITALIAN if style == "italian" else FALLBACK_TEXT
    return table.get(suit, suit)


def suit_emoji(suit: str, style: str = "french") -> str | None:
    """A suit for a control's emoji slot: the bot's emoji, else a Unicode emoji that reads on
    both themes (the red suits, the Italian emblems), else ``None`` — a black French suit then
    goes into the label as text (``suit_glyph``)."""
    found = _current.get(style, suit)
    if found is not None:
        return found
    if style == "italian":
        return FALLBACK_ITALIAN.get(suit)
    return FALLBACK_TEXT[suit] if suit in "HD" else None


def suit_glyph(suit: str) -> str:
    """A suit as text in a label, in the label's own colour."""
    return GLYPHS.get(suit, suit)


def shown_length(text: str) -> int:
    """The length of a message as it reads: a custom emoji is one sign, not its ``<:name:id>``."""
    return len(CUSTOM.sub("x", text))
