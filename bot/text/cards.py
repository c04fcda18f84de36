"""Cards, suits, ranks and contracts as a sentence names them, in the table's language and as
its deck draws them (French or Italian suits). Buttons, selects and narration all name cards
here, so a card reads the same on a button as in the line that says it was played."""

from __future__ import annotations

from bot.text.i18n import t
from bot.text.marks import suit_text
from games.cards import SUITS
from rendering.cards import resolve_style


def italian(game: str, deck_style: str) -> bool:
    return resolve_style(game, deck_style) == "italian"


def rank_letter(rank: str, locale: str = "en") -> str:
    """A French-suited card's index as the language's players write it: ``V`` (valet) for a
    French jack, ``J`` in English; numbers stay numbers and the ten is ``10``."""
    if rank == "T":
        return "10"
    return t(f"rank_letter_{rank}", locale) if rank in "JQKA" and len(rank) == 1 else rank


def card_name(card: str, game: str, deck_style: str = "auto", locale: str = "en") -> str:
    """A card in a sentence: ``J`` and the suit (``V`` in French) with French cards, the suit
    as the bot's own emoji (``bot.text.marks``); with Italian ones, whose suits have no French
    symbol, by their Italian names with the article the language puts before them ("l'asso di
    denari", "the re di bastoni"): "A denari" read like a code."""
    if italian(game, deck_style):
        suit = suit_name(card[1], game, deck_style, locale)
        return t("the_italian_card", locale, rank=card[0], suit=suit)
    if len(card) != 2 or card[1] not in SUITS:
        return card
    return rank_letter(card[0], locale) + suit_text(card[1], resolve_style(game, deck_style))


def rank_phrase(rank: str, game: str = "", deck_style: str = "auto", locale: str = "en") -> str:
    """A rank as a sentence says it, with its article: "the re" (chiamata's calls), "l'as"."""
    if len(rank) != 1:
        return rank
    key = "the_italian_rank" if italian(game, deck_style) else "the_rank"
    return t(key, locale, rank=rank)


def trump_word(trump: str, locale: str = "en", deck_style: str = "french") -> str:
    """A contract's denomination in a sentence: a suit as the bot's emoji, no trumps and all
    trumps by the table abbreviations players of the language use (SA and TA in French)."""
    if trump in SUITS:
        return suit_text(trump, resolve_style("belote", deck_style))
    return t(f"trump_short_{trump}", locale) if trump in ("NT", "AT") else trump


def suit_name(suit: str, game: str = "", deck_style: str = "auto", locale: str = "en") -> str:
    """A suit in words: the Italian names with an Italian deck (coppe, denari…)."""
    if suit not in SUITS:
        return suit
    return t(f"suit_italian_{suit}" if italian(game, deck_style) else f"suit_{suit}", locale)


def rank_name(rank: str, game: str = "", deck_style: str = "auto", locale: str = "en") -> str:
    """A rank in words (a call in chiamata): king, or re with an Italian deck; numbers stay."""
    if rank not in "TJQKA" or len(rank) != 1:
        return rank
    if italian(game, deck_style) and rank != "T":
        return t(f"rank_italian_{rank}", locale)
    return t(f"rank_{rank}", locale)
