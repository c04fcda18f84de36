"""The images' words: the images catalogue (``rendering/locales/<locale>/images.ftl``) and the
game vocabulary it holds for every floor (refusals, Piquet's combinations, card, suit and game
words, as ``term``, ``reason``, ``combination`` and ``card_name`` word them), read through the
translation engine (``i18n``) that the bot's catalogue shares.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from games.cards import SUIT_SYMBOLS
from i18n.catalogue import Catalogue
from i18n.locales import DEFAULT_LOCALE, LOCALE_NAME, LOCALES, supported

LOCALES_DIR: Final = Path(__file__).resolve().parent / "locales"

IMAGES: Final = Catalogue(LOCALES_DIR, "images.ftl")


def available_locales() -> list[str]:
    return IMAGES.locales()


def text(key: str, locale: str = DEFAULT_LOCALE, **values: Any) -> str:
    """The ``key`` sentence of ``locale`` with ``values`` filled in."""
    return IMAGES.text(key, locale, **values)


def plural(key: str, count: int, locale: str = DEFAULT_LOCALE, **values: Any) -> str:
    """``key`` for ``count``: the catalogue chooses the form (``{ $count -> ... }``)."""
    return IMAGES.text(key, locale, count=count, **values)


@lru_cache(maxsize=4096)
def term(group: str, value: Any, locale: str = DEFAULT_LOCALE, default: str | None = None) -> str:
    """The word for an engine value (a game, a meld kind, an Italian suit): ``<group>_<value>``.

    Engines may add values the catalogue does not know yet; those show as ``default`` (the raw
    value when not given), never as a key.
    """
    key = f"{group}_{value}"
    if IMAGES.has(key, locale):
        return IMAGES.text(key, locale)
    return str(value) if default is None else default


def clean_locale(locale: Any) -> str:
    """A locale from a caller, as one Atout speaks: anything else (None, junk) is English. A
    locale with its own images file is kept as it is (a new translation, or a test's)."""
    if (
        isinstance(locale, str)
        and locale not in LOCALES
        and LOCALE_NAME.fullmatch(locale)
        and IMAGES.bundle(locale) is not None
    ):
        return locale
    return supported(locale)


ITALIAN_DECK_GAMES: Final = frozenset({"briscola", "chiamata"})
"""The games whose deck is Italian-suited unless a table chooses another (``deck_style``
auto): listed here once, for the cards' style (``rendering.cards.resolve_style``) and the
words that name them."""


def corner(rank: str, locale: str = DEFAULT_LOCALE, italian: bool = False) -> str:
    """A rank as a card's corner shows it: ``10`` for a ten, letters as the locale's players
    read them on French-suited cards (R, D, V in French); an Italian deck's F, C, R are printed on
    the cards, the same in every locale."""
    if rank == "T":
        return "10"
    if rank in "AKQJ":
        return term("italian_corner" if italian else "corner", rank, locale, rank)
    return rank


def rank_word(rank: str, locale: str = DEFAULT_LOCALE, italian: bool = False) -> str:
    """A rank in words, in the reader's language: ``king`` (a French-suited deck), ``King``
    (an Italian one's re, named as the reader's language names it: "Roi" in French, "キング"
    in Japanese); numbers stay numbers and the ten is ``10``."""
    if rank == "T":
        return "10"
    if rank in "AKQJ" and len(rank) == 1:
        return term("italian_rank" if italian else "rank", rank, locale, rank)
    return rank


def suit_word(suit: str, locale: str = DEFAULT_LOCALE, italian: bool = False) -> str:
    """A suit in words: ``hearts``, or an Italian suit in the reader's language (``Coins``,
    ``Deniers``, ``denari``, ``金貨``)."""
    if suit not in SUIT_SYMBOLS:
        return suit
    return term("italian_suit" if italian else "suit", suit, locale)


def rank_phrase(rank: str, locale: str = DEFAULT_LOCALE, italian: bool = False) -> str:
    """A rank as a sentence says it, with its article: "the King" (chiamata's calls), "l'As"."""
    if len(rank) != 1:
        return rank
    return text("the_italian_rank" if italian else "the_rank", locale, rank=rank)


def card_name(
    card: str,
    locale: str = DEFAULT_LOCALE,
    italian: bool = False,
    *,
    symbol: Callable[[str], str] | None = None,
    short: bool = False,
    article: bool = False,
) -> str:
    """A card as the reader's language names it: the one card-to-text function of the bot,
    the images and the pages.

    A French-suited card by its corner and suit (``V♥``: the locale's letters; ``symbol``
    writes the suit, the bot's emoji in a message, else the symbol the images draw as an
    emblem). An Italian-suited one by its name in the reader's language (``King of Coins``,
    ``Roi de Deniers``; issue 41.8: it was Italian everywhere, "Better Asso", "the re di
    denari"): with ``article`` as a sentence says it ("the King of Coins"), ``short`` as a
    column of the table has room for it (``King`` and the suit's emblem)."""
    if len(card) != 2 or card[1] not in SUIT_SYMBOLS:
        return card
    rank, suit = card[0], card[1]
    mark = symbol(suit) if symbol is not None else SUIT_SYMBOLS[suit]
    if not italian:
        return corner(rank, locale) + mark
    if short:
        word = rank_word(rank, locale, True)
        return f"{word[:1].upper()}{word[1:]} {mark}"
    if article:
        return text("the_italian_card", locale, rank=rank, suit=suit_word(suit, locale, True))
    return text(
        "italian_card",
        locale,
        rank=rank_word(rank, locale, True),
        suit=suit_word(suit, locale, True),
    )


def _rank_value(rank: str) -> str | int:
    """Digits as numbers, so a catalogue selects a rank with ``[9]`` as it does ``[K]``."""
    return int(rank) if rank.isdigit() else rank


def _words(name: str, value: Any, locale: str, italian: bool) -> Any:
    """One refusal parameter in the words of ``locale`` (the conventions of games/reasons.py)."""
    if not isinstance(value, str):
        return value
    if name.endswith("suit"):
        return suit_word(value, locale, italian)
    if name.endswith("card"):
        return card_name(value, locale, italian)
    if name == "trump":
        if value in ("NT", "AT"):
            return term("denomination", value, locale)
        return term("italian_suit" if italian else "suit", value, locale)
    if name == "rank":
        return rank_word(value, locale, True) if italian and value in "AKQJ" else value
    if name == "action":
        return term("action", value, locale)
    if name == "game":
        return term("game_name", value, locale)
    return value


def reason(exc: Any, locale: str = DEFAULT_LOCALE, game: str | None = None) -> str:
    """Why an action was refused (a ``games.base.IllegalAction``: ``code`` and ``params``) in
    ``locale``'s words; ``game`` chooses the deck's suit and card names. An exception without a
    known code shows its own text: a new engine refusal is never lost, only untranslated."""
    code = getattr(exc, "code", None)
    params = getattr(exc, "params", None) or {}
    if not isinstance(code, str) or not IMAGES.has(f"illegal_{code}"):
        return str(getattr(exc, "reason", exc))
    italian = game in ITALIAN_DECK_GAMES or params.get("game") in ITALIAN_DECK_GAMES
    values: dict[str, Any] = {}
    for name, value in params.items():
        values[name] = _words(name, value, locale, italian)
        if name.endswith("suit") and isinstance(value, str):
            group = "italian_suit" if italian else "suit_one"
            values[name + "_one"] = term(group, value, locale)
    return IMAGES.text(f"illegal_{code}", locale, **values)


def combination(shown: Mapping[str, Any], locale: str = DEFAULT_LOCALE) -> str:
    """A Piquet combination's name (``code`` and ``params`` from the engine) in ``locale``; a
    combination without a known code keeps the engine's English name."""
    code = shown.get("code")
    if not isinstance(code, str) or not IMAGES.has(f"piquet_combination_{code}"):
        return str(shown.get("name", ""))
    params = dict(shown.get("params") or {})
    if isinstance(params.get("rank"), str):
        params["rank"] = _rank_value(params["rank"])
    return IMAGES.text(f"piquet_combination_{code}", locale, **params)
