"""Each public event of a deal in words: one sentence per kind of event, looked up in a table
(``SENTENCES``) so that a game's new event is one entry, not one more branch. Events the table
image already shows (a card played) have no sentence."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.text.cards import card_name, rank_phrase, suit_name, trump_word
from bot.text.i18n import t
from games.views import Event
from i18n.numbers import listed
from rendering.words import combination, term


@dataclass(frozen=True)
class Voice:
    """Who speaks to whom: the seats' names, the table's language and deck."""

    names: list[str]
    locale: str
    game: str
    deck_style: str
    elder: int | None = None
    """Piquet's elder hand, who declares first: the younger answers "good" or "not good"."""

    def name(self, seat: object) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else ""

    def rank(self, rank: object) -> str:
        """A rank with its article ("the re"), as the sentences about calls say it."""
        return rank_phrase(str(rank), self.game, self.deck_style, self.locale)

    def suit(self, suit: object) -> str:
        return suit_name(str(suit), self.game, self.deck_style, self.locale)

    def card(self, card: object) -> str:
        return card_name(str(card), self.game, self.deck_style, self.locale)


Sentence = Callable[[Event, Voice], str | None]
"""Each reads its own kind of event (``SENTENCES``), narrowed by its type: the keys that kind
guarantees are indexed, so that an engine that stops giving one fails the tests rather than
say a sentence with a blank in it."""


def _named(key: str) -> Sentence:
    """The sentences that say only who did it (``event_pass``: "bob passes")."""
    return lambda event, voice: t(key, voice.locale, name=voice.name(event["seat"]))


def _trick(event: Event, voice: Voice) -> str | None:
    if event["type"] != "trick":
        return None
    return t("event_trick", voice.locale, name=voice.name(event["winner"]))


def _take(event: Event, voice: Voice) -> str | None:
    if event["type"] != "take":
        return None
    trump = trump_word(event["trump"], voice.locale, voice.deck_style)
    return t("event_take", voice.locale, name=voice.name(event["seat"]), trump=trump)


def _bid(event: Event, voice: Voice) -> str | None:
    if event["type"] != "bid":
        return None
    value = event["value"]
    shown = t(f"bid_{value}", voice.locale) if isinstance(value, str) else value
    trump = trump_word(str(event["trump"]), voice.locale, voice.deck_style)
    name = voice.name(event["seat"])
    return t("event_bid", voice.locale, name=name, value=shown, trump=trump)


def _call(event: Event, voice: Voice) -> str | None:
    if event["type"] != "call":
        return None
    name, rank = voice.name(event["seat"]), voice.rank(event["rank"])
    points = event.get("points")  # only a target over a standing 2 (``two_then_points``)
    if points:
        return t("event_call_points", voice.locale, name=name, rank=rank, points=points)
    return t("event_call", voice.locale, name=name, rank=rank)


def _trump(event: Event, voice: Voice) -> str | None:
    if event["type"] != "trump":
        return None
    name, suit, called = voice.name(event["seat"]), voice.suit(event["suit"]), event["called_card"]
    if called:
        return t("event_trump_called", voice.locale, name=name, suit=suit, card=voice.card(called))
    return t("event_trump", voice.locale, name=name, suit=suit)


def _exchange(event: Event, voice: Voice) -> str | None:
    if event["type"] != "exchange":
        return None
    name = voice.name(event["seat"])
    return t("event_exchange", voice.locale, name=name, count=event["count"])


def _declarer(event: Event, voice: Voice) -> str | None:
    if event["type"] != "declarer":
        return None
    name = voice.name(event["seat"])
    return t("event_declarer", voice.locale, name=name, rank=voice.rank(event["rank"]))


def _partner(event: Event, voice: Voice) -> str | None:
    if event["type"] != "partner":
        return None
    key = "event_alone" if event["alone"] else "event_partner"
    return t(key, voice.locale, name=voice.name(event["seat"]))


def _declaration(event: Event, voice: Voice) -> str | None:
    """Piquet's dialogue (docs/rules.md §4.7): the elder declares, the younger answers "good",
    "not good" (and shows better) or "equal". A category nobody holds is not spoken of."""
    if event["type"] != "declaration":
        return None
    result, seat = event["result"], event["seat"]
    category = term("piquet_category", event["category"], voice.locale)
    shown = event["combinations"]
    what = (
        listed((combination(c, voice.locale) for c in shown), voice.locale)
        if shown
        else category.lower()
    )
    what = what[:1].upper() + what[1:]
    if result == "tie":
        return t("event_declaration_equal", voice.locale, category=category)
    if result != "won" or seat is None:
        return None
    points, name = event["points"], voice.name(seat)
    if voice.elder is None or seat == voice.elder:
        return t("event_declaration_good", voice.locale, what=what, points=points, name=name)
    return t(
        "event_declaration_not_good",
        voice.locale,
        category=category,
        what=what[:1].lower() + what[1:],
        points=points,
        name=name,
    )


SENTENCES: dict[str, Sentence] = {
    "trick": _trick,
    "pass": _named("event_pass"),
    "take": _take,
    "bid": _bid,
    "coinche": _named("event_coinche"),
    "surcoinche": _named("event_surcoinche"),
    "call": _call,
    "trump": _trump,
    "exchange": _exchange,
    "belote": _named("event_belote"),
    "rebelote": _named("event_rebelote"),
    "redeal": lambda event, voice: t("event_redeal", voice.locale),
    "declarer": _declarer,
    "partner": _partner,
    "carte_blanche": _named("event_carte_blanche"),
    "declaration": _declaration,
    "pique": _named("event_pique"),
    "repique": _named("event_repique"),
}
"""Every event kind that has a sentence; the others are what the table image shows."""


def event_text(
    event: Event,
    names: list[str],
    locale: str = "en",
    *,
    game: str = "",
    deck_style: str = "auto",
    elder: int | None = None,
) -> str | None:
    """One public event in words, or None for events the table image already shows. Suits
    and cards are named as the table's deck draws them (``game`` and ``deck_style``)."""
    sentence = SENTENCES.get(event["type"])
    voice = Voice(names, locale, game, deck_style, elder)
    return sentence(event, voice) if sentence else None
