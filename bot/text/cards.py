"""Cards, suits, ranks and contracts as a message names them, in the reader's language and as
the table's deck draws them (French or Italian suits). Buttons, selects and narration all name
cards here, so a card reads the same on a button as in the line that says it was played.

The words are the images' (``rendering.words``: one card-to-text function, the rank and suit
words in one catalogue per language); what is the bot's own is the suit as its emoji
(``bot.text.marks``) and a game's deck as the table chose it."""

from __future__ import annotations

from bot.text.i18n import t
from bot.text.marks import suit_text
from games.cards import SUITS
from rendering import words
from rendering.cards import resolve_style


def italian(game: str, deck_style: str) -> bool:
    return resolve_style(game, deck_style) == "italian"


def rank_letter(rank: str, locale: str = "en") -> str:
    """A French-suited card's index as the language's players write it: ``V`` (valet) for a
    French jack, ``J`` in English; numbers stay numbers and the ten is ``10``: its corner."""
    return words.corner(rank, locale)


def card_name(card: str, game: str, deck_style: str = "auto", locale: str = "en") -> str:
    """A card in a sentence: ``J`` and the suit (``V`` in French) with French cards, the suit
    as the bot's own emoji; with Italian ones, by their names in the reader's language with
    the article it puts before them ("the King of Coins", "le Roi de Deniers")."""
    style = resolve_style(game, deck_style)
    return words.card_name(
        card,
        locale,
        style == "italian",
        symbol=lambda suit: suit_text(suit, style),
        article=True,
    )


def rank_phrase(rank: str, game: str = "", deck_style: str = "auto", locale: str = "en") -> str:
    """A rank as a sentence says it, with its article: "the King" (chiamata's calls), "l'as"."""
    return words.rank_phrase(rank, locale, italian(game, deck_style))


def trump_word(trump: str, locale: str = "en", deck_style: str = "french") -> str:
    """A contract's denomination in a sentence: a suit as the bot's emoji, no trumps and all
    trumps by the table abbreviations players of the language use (SA and TA in French)."""
    if trump in SUITS:
        return suit_text(trump, resolve_style("belote", deck_style))
    return t(f"trump_short_{trump}", locale) if trump in ("NT", "AT") else trump


def suit_name(suit: str, game: str = "", deck_style: str = "auto", locale: str = "en") -> str:
    """A suit in words: an Italian deck's in the reader's language (Coins, Deniers, denari)."""
    return words.suit_word(suit, locale, italian(game, deck_style))


def rank_name(rank: str, game: str = "", deck_style: str = "auto", locale: str = "en") -> str:
    """A rank in words (a call in chiamata): king, or King with an Italian deck; numbers stay."""
    return words.rank_word(rank, locale, italian(game, deck_style))
