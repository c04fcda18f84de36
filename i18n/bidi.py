"""Players' names may hold Unicode's direction controls, and a name with an unterminated
RIGHT-TO-LEFT OVERRIDE (U+202E) reverses whatever follows it on its line: in a page, the page's
own words ("lanoisivorp"); in a Discord message, the bot's sentence. So every value a sentence is
filled with (``i18n.catalogue.Catalogue``) and every name drawn (``rendering.text.displayable``)
loses them: the embeddings and overrides always, an isolate unless it is closed within the
value (a closed isolate cannot reach outside it; the pages wrap each name in one, ``isolate``).
The letters of a right-to-left name stay: Unicode's own algorithm places them, and they cannot
turn the words around them.
"""

from __future__ import annotations

import re
from typing import Final

EMBEDDINGS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e")
"""LRE, RLE, PDF, LRO, RLO: nothing a name needs."""
OPENERS: Final = frozenset("\u2066\u2067\u2068")
"""LRI, RLI, FSI."""
CLOSER: Final = "\u2069"
"""PDI."""
CONTROLS: Final = re.compile("[\u202a-\u202e\u2066-\u2069]")
FSI: Final = "\u2068"


def clean_bidi(text: str) -> str:
    """``text`` without a direction control that could reach past its end."""
    if CONTROLS.search(text) is None:
        return text
    kept: list[str] = []
    open_at: list[int] = []
    for char in text:
        if char in EMBEDDINGS:
            continue
        if char in OPENERS:
            open_at.append(len(kept))
        elif char == CLOSER:
            if not open_at:
                continue
            open_at.pop()
        kept.append(char)
    for index in reversed(open_at):
        del kept[index]  # never closed
    return "".join(kept)


def isolate(name: str) -> str:
    """A name set apart from the sentence around it (FIRST STRONG ISOLATE … POP DIRECTIONAL
    ISOLATE): a right-to-left name in a left-to-right sentence keeps the sentence's order, its
    numbers and punctuation included. For text a browser lays out (the pages); images and
    Discord messages take names cleaned only."""
    return FSI + clean_bidi(name) + CLOSER


__all__ = ["clean_bidi", "isolate"]
