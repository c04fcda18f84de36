"""Every word a player reads comes from a Fluent catalogue: ``text(key, locale, **values)``.

Why Fluent (see docs/i18n.md): a sentence's grammar belongs to its language, not to the code.
Fluent lets a French or Japanese translator write plurals (CLDR's categories, so French's "0 pli"
and Japanese's single form need no code), selectors on a value (a suit's gender) and terms shared
by many sentences, all in a plain text file a card player can edit. gettext would give plurals but
no selectors, and would bind the source text to English sentences.

Layout: one file per locale per floor. Images use ``rendering/locales/<locale>/images.ftl``; the
bot's messages use ``bot/text/locales/<locale>/bot.ftl`` through the same :class:`Catalogue`. A key
missing from a locale falls back along the chain ``pt-BR`` → ``pt-PT`` → English, so a half-done
catalogue still shows whole sentences; a key missing from English is a bug that shows as the key
and that the tests catch.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from babel.numbers import format_decimal, format_percent
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentNumber, fluent_number

from games.cards import SUIT_SYMBOLS
from rendering.bidi import clean_bidi

LOCALES_DIR: Final = Path(__file__).resolve().parent / "locales"
DEFAULT_LOCALE: Final = "en"
LOCALES: Final = ("en", "fr", "it", "pt-PT", "pt-BR", "ja")
"""The languages Atout speaks; a table may be set to any of them."""
LOCALE_NAME: Final = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?")
"""A language tag (``fr``, ``pt-BR``): anything else never becomes a file name."""
FAMILY: Final = {"en": "en", "fr": "fr", "it": "it", "pt": "pt-PT", "ja": "ja"}
"""The catalogue that speaks for a whole language: Discord's ``en-GB``, ``fr-CA`` or a bare
``pt`` find their words here."""


def supported(locale: Any) -> str:
    """The Atout locale for a tag from Discord or a user (``en-GB`` → ``en``, ``pt-BR`` stays);
    anything Atout does not speak is English."""
    if not isinstance(locale, str) or not LOCALE_NAME.fullmatch(locale):
        return DEFAULT_LOCALE
    tag = locale.replace("_", "-")
    for known in LOCALES:
        if known.lower() == tag.lower():
            return known
    return FAMILY.get(tag.split("-")[0].lower(), DEFAULT_LOCALE)


def _argument(value: Any) -> Any:
    """Numbers stay numbers (so plurals select on them) but print as the code gave them: a score
    of 1620 is never "1,620" in one language and "1 620" in another on the same sheet."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float | Decimal):
        return fluent_number(value, useGrouping=False)
    if isinstance(value, str):
        return clean_bidi(value)  # a name's direction controls end with it (rendering.bidi)
    if isinstance(value, FluentNumber):
        return value
    return clean_bidi(str(value))


class Catalogue:
    """One floor's sentences in every locale: ``<directory>/<locale>/<resource>``."""

    def __init__(self, directory: Path, resource: str) -> None:
        self.directory = directory
        self.resource = resource
        self._bundles: dict[tuple[str, str], FluentBundle | None] = {}
        self._chains: dict[str, tuple[FluentBundle, ...]] = {}
        self._plain: dict[tuple[str, str], str] = {}
        self._filled: dict[Hashable, str] = {}
        """Sentences with values, by locale, key and values: formatting one through Fluent costs
        about 0.1 ms, and a table says the same "3 tricks" on every redraw."""

    def path(self, locale: str) -> Path:
        return self.directory / locale / self.resource

    def locales(self) -> list[str]:
        """The locales that have a file, English first."""
        found = [p.parent.name for p in self.directory.glob(f"*/{self.resource}")]
        return sorted(found, key=lambda name: (name != DEFAULT_LOCALE, name))

    def bundle(self, locale: str, rules: str | None = None) -> FluentBundle | None:
        """``locale``'s own file, choosing plural forms by ``rules`` (default: ``locale``): pt-BR
        reading a pt-PT sentence still says "0 vaza" the Brazilian way."""
        rules = rules or locale
        if (locale, rules) not in self._bundles:
            path = self.path(locale)
            bundle = None
            if LOCALE_NAME.fullmatch(locale) and path.is_file():
                bundle = FluentBundle([rules, locale], use_isolating=False)
                bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
            self._bundles[(locale, rules)] = bundle
        return self._bundles[(locale, rules)]

    def chain(self, locale: str) -> tuple[FluentBundle, ...]:
        """The bundles consulted for ``locale``, best first: the locale, its bare language
        (``fr-CA`` → ``fr``), the catalogue speaking for its language (``pt`` → ``pt-PT``), then
        English. Within a language the requested locale's plural rules apply."""
        if locale not in self._chains:
            names = [locale]
            if LOCALE_NAME.fullmatch(locale):
                base = re.split(r"[-_]", locale)[0].lower()
                names += [base, FAMILY.get(base, DEFAULT_LOCALE)]
            names.append(DEFAULT_LOCALE)
            rules = locale if LOCALE_NAME.fullmatch(locale) else DEFAULT_LOCALE
            bundles = []
            for name in dict.fromkeys(names):
                same_language = name.split("-")[0].lower() == rules.split("-")[0].lower()
                bundles.append(self.bundle(name, rules if same_language else name))
            self._chains[locale] = tuple(b for b in bundles if b is not None)
        return self._chains[locale]

    def has(self, key: str, locale: str = DEFAULT_LOCALE) -> bool:
        return any(bundle.has_message(key) for bundle in self.chain(locale))

    def keys(self, locale: str) -> set[str]:
        """The keys written in ``locale``'s own file (no fallback)."""
        bundle = self.bundle(locale)
        return set() if bundle is None else set(bundle._messages)

    def text(self, key: str, locale: str = DEFAULT_LOCALE, /, **values: Any) -> str:
        """The ``key`` sentence of ``locale`` with ``values`` filled in."""
        if not values:
            cached = self._plain.get((locale, key))
            if cached is not None:
                return cached
            sentence = self._format(key, locale, values)
            self._plain[(locale, key)] = sentence
            return sentence
        # The type too: True == 1, but one prints "True" and the other selects a plural.
        memo: Hashable = (locale, key, *((k, type(v), v) for k, v in sorted(values.items())))
        try:
            cached = self._filled.get(memo)
        except TypeError:  # a value that cannot be a key: formatted every time
            return self._format(key, locale, values)
        if cached is None:
            cached = self._format(key, locale, values)
            if len(self._filled) >= FILLED_KEPT:
                self._filled.clear()
            self._filled[memo] = cached
        return cached

    def _format(self, key: str, locale: str, values: dict[str, Any]) -> str:
        for bundle in self.chain(locale):
            if not bundle.has_message(key):
                continue
            message = bundle.get_message(key)
            if message.value is None:
                continue
            args = {name: _argument(value) for name, value in values.items()}
            result, _errors = bundle.format_pattern(message.value, args)
            return str(result)
        return key


FILLED_KEPT: Final = 4096
"""Sentences with values kept per catalogue (all dropped at once when full: cheap, and a drawing
process soon needs again the few it uses)."""
IMAGES: Final = Catalogue(LOCALES_DIR, "images.ftl")


def available_locales() -> list[str]:
    return IMAGES.locales()


def text(key: str, locale: str = DEFAULT_LOCALE, **values: Any) -> str:
    """The ``key`` sentence of ``locale`` with ``values`` filled in."""
    return IMAGES.text(key, locale, **values)


def listed(items: Iterable[str], locale: str = DEFAULT_LOCALE) -> str:
    """Items one after the other as the language lists them: "tierce, quart" · "4枚続き、3枚続き"
    (Japanese separates with the ideographic comma, not a Latin one)."""
    return ("、" if supported(locale) == "ja" else ", ").join(items)


def number(value: int, locale: str = DEFAULT_LOCALE) -> str:
    """A number read at a glance (a rating, a chart's scale), grouped as the language groups
    thousands (CLDR, through Babel): 1,024 · 1 024 · 1.024. Scores on a sheet are not grouped
    (``_argument``): they are compared column by column."""
    return format_decimal(value, locale=_babel(locale))


def signed(value: int, locale: str = DEFAULT_LOCALE) -> str:
    """A change of rating: +17, -8, +0, +1 024."""
    return format_decimal(value, format="+#,##0;-#,##0", locale=_babel(locale))


def percent(value: int, locale: str = DEFAULT_LOCALE) -> str:
    """A whole percentage as the language writes it: 57% · 57 % · 57%."""
    return format_percent(value / 100, locale=_babel(locale))


def _babel(locale: str) -> str:
    return supported(locale).replace("-", "_")


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


def corner(rank: str, locale: str = DEFAULT_LOCALE, italian: bool = False) -> str:
    """A rank as a card's corner shows it: ``10`` for a ten, letters as the locale's players
    read them on French-suited cards (R, D, V in French); an Italian deck's F, C, R are printed on
    the cards, the same in every locale."""
    if rank == "T":
        return "10"
    if rank in "AKQJ":
        return term("italian_corner" if italian else "corner", rank, locale, rank)
    return rank


def card_name(card: str, locale: str = DEFAULT_LOCALE, italian: bool = False) -> str:
    """A card in a sentence: ``V♥`` (French decks, the locale's letters), ``Fante di coppe``
    (Italian decks, whose names are Italian everywhere)."""
    if len(card) != 2 or card[1] not in SUIT_SYMBOLS:
        return card
    rank, suit = card[0], card[1]
    if italian:
        rank_word = term("italian_rank", rank, locale, rank)
        return text("italian_card", locale, rank=rank_word, suit=term("italian_suit", suit, locale))
    return corner(rank, locale) + SUIT_SYMBOLS[suit]


def _rank_value(rank: str) -> str | int:
    """Digits as numbers, so a catalogue selects a rank with ``[9]`` as it does ``[K]``."""
    return int(rank) if rank.isdigit() else rank


def _words(name: str, value: Any, locale: str, italian: bool) -> Any:
    """One refusal parameter in the words of ``locale`` (the conventions of games/reasons.py)."""
    if not isinstance(value, str):
        return value
    if name.endswith("suit"):
        group = "italian_suit" if italian else "suit"
        return term(group, value, locale)
    if name.endswith("card"):
        return card_name(value, locale, italian)
    if name == "trump":
        if value in ("NT", "AT"):
            return term("denomination", value, locale)
        return term("italian_suit" if italian else "suit", value, locale)
    if name == "rank":
        if italian and value in "AKQJ":
            return term("italian_rank", value, locale, value)
        return value
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
