"""Cards, suits, ranks and the decks of docs/rules.md §1.1: one notation for every game.

A card is always its two-character code (``"JH"``, ``"TS"``, ``"2C"``) at every boundary: actions,
views, records, custom_ids. Engines are free to use integer indices or bitmasks inside, but what
crosses a module boundary is the code, upper case.
"""

from __future__ import annotations

from typing import Final

SUITS: Final = "SHDC"
RANKS: Final = "23456789TJQKA"

SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

TRUMP_CODES: Final = ("S", "H", "D", "C", "NT", "AT")
"""Contract denominations: a suit, NT (sans atout, SA) or AT (tout atout, TA)."""


def _deck(ranks: str) -> tuple[str, ...]:
    return tuple(r + s for s in SUITS for r in ranks)


FRENCH_32: Final = _deck("789TJQKA")
FRENCH_36: Final = _deck("6789TJQKA")
DECK_40: Final = _deck("A234567JQK")
"""The 40-card deck: Italian-suited (Briscola, chiamata) or French without 8, 9, T (Sueca)."""


def is_card_code(text: object) -> bool:
    """True when ``text`` is written as a card code (any case), whether or not a deck holds it."""
    return (
        isinstance(text, str)
        and len(text) == 2
        and text[0].upper() in RANKS
        and text[1].upper() in SUITS
    )


def parse_card(text: object) -> str:
    """Normalise a card code to upper case; ``ValueError`` naming the text when it is not one."""
    if not is_card_code(text):
        raise ValueError(f"{text!r} is not a card code (rank 2-9/T/J/Q/K/A, suit S/H/D/C)")
    assert isinstance(text, str)
    return text.upper()


def parse_suit(text: object) -> str:
    if isinstance(text, str) and len(text) == 1 and text.upper() in SUITS:
        return text.upper()
    raise ValueError(f"{text!r} is not a suit (S, H, D or C)")


def parse_trump(text: object) -> str:
    """A contract denomination: a suit letter, ``NT`` or ``AT`` (any case)."""
    if isinstance(text, str) and text.upper() in TRUMP_CODES:
        return text.upper()
    raise ValueError(f"{text!r} is not a trump (S, H, D, C, NT or AT)")


def parse_rank(text: object) -> str:
    if isinstance(text, str) and len(text) == 1 and text.upper() in RANKS:
        return text.upper()
    raise ValueError(f"{text!r} is not a rank (2-9, T, J, Q, K, A)")
