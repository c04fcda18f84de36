"""A deal review in words: the answer to "Review my play", in the reader's language.

The review itself (``games.review``, stored as JSON by ``bot.play.reviews``) holds actions and
numbers; here they become sentences: how much the player left on the table, then one sentence
for each of the costliest decisions ("You played K♠; A♠ would have been better in 78 % of the
deals you could face, +14 points on average"), or "Well played" when no decision cost more than
``WELL_PLAYED`` of the game's unit. Cards are named as the table's deck draws them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.text.cards import card_name, rank_name, suit_name, trump_word
from bot.text.i18n import t
from rendering.i18n import percent

WELL_PLAYED: Final[dict[str, float]] = {"points": 10.0, "card points": 4.0}
"""A decision costing no more than this (in the review's unit) is not worth a remark: a Coinche
score moves by tens, a card point by ones."""

SHOWN: Final = 3
"""Decisions a review message explains, the costliest first."""

Json = Mapping[str, Any]  # JSON: a stored review (bot.play.reviews)


def action_words(action: Json, game: str, deck_style: str, locale: str) -> str:
    """An action of a record (docs/records.md) as a short label: ``K♠``, ``pass``, ``90 ♥``."""
    kind = action.get("type")
    if kind == "play":
        return card_name(str(action.get("card")), game, deck_style, locale)
    if kind == "bid":
        value = action.get("value")
        shown = t(f"bid_{value}", locale) if isinstance(value, str) else value
        return t(
            "review_action_bid",
            locale,
            value=shown,
            trump=trump_word(str(action["trump"]), locale, deck_style),
        )
    if kind == "take":
        trump = trump_word(str(action.get("trump")), locale, deck_style)
        return t("review_action_take", locale, trump=trump)
    if kind == "call":
        rank = rank_name(str(action.get("rank")), game, deck_style, locale)
        points = action.get("points")
        if points:
            return t("review_action_call_points", locale, rank=rank, points=points)
        return t("review_action_call", locale, rank=rank)
    if kind == "trump":
        return t(
            "review_action_trump",
            locale,
            suit=suit_name(str(action.get("suit")), game, deck_style, locale),
        )
    if kind == "exchange":
        cards = [card_name(str(c), game, deck_style, locale) for c in action.get("cards") or []]
        if not cards:
            return t("review_action_keep", locale)
        return t("review_action_exchange", locale, cards=" ".join(cards))
    return t(f"review_action_{kind}", locale)


def cost_words(cost: float, unit: str, locale: str) -> str:
    """``+14 points``, ``+3 card points``: a cost rounded to a whole number, at least 1."""
    count = max(1, round(cost))
    key = "review_cost_card_points" if unit == "card points" else "review_cost_points"
    return t(key, locale, count=count)


def shown(review: Json) -> list[Json]:
    """The decisions a message explains: those costing more than ``WELL_PLAYED``, costliest
    first, at most ``SHOWN``."""
    threshold = WELL_PLAYED.get(str(review.get("unit")), 0.0)
    costly = [d for d in review.get("decisions") or [] if float(d["cost"]) > threshold]
    costly.sort(key=lambda d: (-float(d["cost"]), int(d["action_index"])))
    return costly[:SHOWN]


def decision_sentence(
    decision: Json, unit: str, game: str, deck_style: str, locale: str, exact: bool
) -> str:
    """One decision in one sentence."""
    choice = action_words(decision["choice"], game, deck_style, locale)
    best = action_words(decision["best"], game, deck_style, locale)
    cost = cost_words(float(decision["cost"]), unit, locale)
    card = decision["choice"].get("type") == "play"
    if exact:
        key = "review_line_card_exact" if card else "review_line_action_exact"
        return t(key, locale, choice=choice, best=best, cost=cost)
    share = percent(round(100 * float(decision["better_share"])), locale)
    key = "review_line_card" if card else "review_line_action"
    return t(key, locale, choice=choice, best=best, cost=cost, share=share)


def review_text(
    review: Json, table_id: int, deal: int, game: str, deck_style: str, locale: str
) -> str:
    """The whole message: a title, the total left on the table, the costliest decisions; or
    "Well played". ``deal`` counts from 1, as the deal summaries do."""
    unit = str(review.get("unit"))
    decisions: Sequence[Json] = review.get("decisions") or []
    lines = [t("review_title", locale, deal=deal, table=table_id, game=t(f"game_{game}", locale))]
    explained = shown(review)
    if not explained:
        threshold = cost_words(WELL_PLAYED.get(unit, 0.0), unit, locale)
        lines.append(t("review_well_played", locale, count=len(decisions), cost=threshold))
        return "\n".join(lines)
    total = float(review.get("total_cost") or sum(float(d["cost"]) for d in decisions))
    lines.append(
        t("review_total", locale, cost=cost_words(total, unit, locale), count=len(decisions))
    )
    exact_ones = set(review.get("exact") or [])
    for number, decision in enumerate(explained, 1):
        exact = decision["action_index"] in exact_ones
        sentence = decision_sentence(decision, unit, game, deck_style, locale, exact)
        lines.append(f"{number}. {sentence}")
    return "\n".join(lines)


__all__ = ["WELL_PLAYED", "action_words", "decision_sentence", "review_text", "shown"]
