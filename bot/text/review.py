"""A deal review in words: the answer to "Review my play", in the reader's language.

The review (``games.review.Review``) lists the seat's decisions in the order played, each with
a verdict. The answer's first message counts them: how many were mistakes and what each cost
and together (the play's added up; of one auction's choices, which overlap, the largest), or "Well
played" when none cost more than the unit's threshold; then one sentence per decision worth
telling, in the order played, each with its picture: a mistake ("You played K♠; A♠ would have
been better in 78 % of the deals you could face: 14 points on average"), or bad luck ("you could
not know": the choice was as good as any on average, but another did better in the real deal).
Cards are named as the table's deck draws them; a cost never carries a sign.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.text.cards import card_name, rank_name, suit_name, trump_word
from bot.text.i18n import t
from games.actions import Action
from games.review import Decision, Review
from games.review.units import CARD_POINTS
from i18n.numbers import percent

SHOWN: Final = 5
"""Decisions a review explains at most, one message and one picture each: the costliest
mistakes first, then bad luck, told in the order played."""


def action_words(action: Action, game: str, deck_style: str, locale: str) -> str:
    """An action as a short label: ``K♠``, ``pass``, ``bid 90 ♥``."""
    kind = action.type
    if kind == "play":
        return card_name(str(action.card), game, deck_style, locale)
    if kind == "bid":
        value = action.value
        shown = t(f"bid_{value}", locale) if isinstance(value, str) else value
        return t(
            "review_action_bid",
            locale,
            value=shown,
            trump=trump_word(str(action.trump), locale, deck_style),
        )
    if kind == "take":
        trump = trump_word(str(action.trump), locale, deck_style)
        return t("review_action_take", locale, trump=trump)
    if kind == "call":
        rank = rank_name(str(action.rank), game, deck_style, locale)
        if action.points:
            return t("review_action_call_points", locale, rank=rank, points=action.points)
        return t("review_action_call", locale, rank=rank)
    if kind == "trump":
        return t(
            "review_action_trump",
            locale,
            suit=suit_name(str(action.suit), game, deck_style, locale),
        )
    if kind == "exchange":
        cards = [card_name(c, game, deck_style, locale) for c in action.cards or ()]
        if not cards:
            return t("review_action_keep", locale)
        return t("review_action_exchange", locale, cards=" ".join(cards))
    return t(f"review_action_{kind}", locale)


def bid_words(action: Action, game: str, deck_style: str, locale: str) -> str:
    """An action as an auction grid or a contract names it: a bid is its level and trump
    (``80 ♥``, ``capot ♠``) without the verb; anything else as ``action_words`` names it."""
    if action.type != "bid":
        return action_words(action, game, deck_style, locale)
    value = action.value
    level = t(f"bid_{value}", locale) if isinstance(value, str) else str(value)
    return f"{level} {trump_word(str(action.trump), locale, deck_style)}"


def cost_words(cost: float, unit: str, locale: str) -> str:
    """``14 points``, ``3 card points``: a cost rounded to a whole number, at least 1."""
    count = max(1, round(cost))
    key = "review_cost_card_points" if unit == CARD_POINTS else "review_cost_points"
    return t(key, locale, count=count)


def shown(review: Review) -> list[Decision]:
    """The decisions the answer explains, in the order played: every mistake and every unlucky
    choice, or, past ``SHOWN``, the costliest mistakes and then the worst luck."""
    told = [d for d in review.decisions if d.verdict != "fine"]
    if len(told) > SHOWN:
        told.sort(key=lambda d: (d.verdict != "mistake", -d.cost, d.real_choice - d.real_best))
        told = told[:SHOWN]
    return sorted(told, key=lambda d: d.index)


def moment_words(decision: Decision, locale: str) -> str:
    """When the decision was made: ``Trick 3``, or ``Auction`` before the first card."""
    if decision.seen.trick_number:
        return t("review_moment_trick", locale, trick=decision.seen.trick_number)
    return t("review_moment_auction", locale)


def decision_sentence(
    decision: Decision, unit: str, game: str, deck_style: str, locale: str
) -> str:
    """One decision in one sentence."""
    choice = action_words(decision.choice, game, deck_style, locale)
    card = decision.choice.type == "play"
    if decision.verdict == "unlucky" and decision.hindsight is not None:
        better = action_words(decision.hindsight, game, deck_style, locale)
        cost = cost_words(decision.real_best - decision.real_choice, unit, locale)
        key = "review_line_card_unlucky" if card else "review_line_action_unlucky"
        return t(key, locale, choice=choice, best=better, cost=cost)
    best = action_words(decision.best, game, deck_style, locale)
    cost = cost_words(decision.cost, unit, locale)
    if decision.exact:
        key = "review_line_card_exact" if card else "review_line_action_exact"
        return t(key, locale, choice=choice, best=best, cost=cost)
    share = percent(round(100 * decision.better_share), locale)
    key = "review_line_card" if card else "review_line_action"
    return t(key, locale, choice=choice, best=best, cost=cost, share=share)


def decision_text(
    number: int, decision: Decision, unit: str, game: str, deck_style: str, locale: str
) -> str:
    """A decision's message: its number, when it was made, and its sentence."""
    sentence = decision_sentence(decision, unit, game, deck_style, locale)
    return f"**{number}.** {moment_words(decision, locale)} · {sentence}"


def listed(items: list[str], locale: str) -> str:
    """``a, b and c`` in the reader's language."""
    if len(items) < 2:
        return "".join(items)
    head = t("review_list_separator", locale).join(items[:-1])
    return head + t("review_list_last", locale) + items[-1]


def together(mistakes: Sequence[Decision], unit: str, locale: str) -> str:
    """What several mistakes cost together (issue 41.7: "cost 9, 8, 7 and 11 card points" and
    no total). The play's costs add up: each is measured from the position the earlier ones
    left. Two choices of one auction overlap (a bid too low and the pass after it lose the same
    contract), so of the auction's only the largest counts."""
    whole = [max(1, round(d.cost)) for d in mistakes]
    auction = [w for w, d in zip(whole, mistakes, strict=True) if not d.seen.trick_number]
    play = [w for w, d in zip(whole, mistakes, strict=True) if d.seen.trick_number]
    if len(auction) < 2:
        return t("review_cost_together", locale, total=cost_words(sum(whole), unit, locale))
    total = max(auction) + sum(play)
    return t("review_cost_overlap", locale, total=cost_words(total, unit, locale))


def review_text(review: Review, table_id: int, deal: int, game: str, locale: str) -> str:
    """The first message: a title, then how many mistakes and what each cost, and how many
    choices were unlucky; or "Well played". ``deal`` counts from 1, as the deal summaries do."""
    unit = review.unit
    count = len(review.decisions)
    lines = [t("review_title", locale, deal=deal, table=table_id, game=t(f"game_{game}", locale))]
    mistakes = review.mistakes
    unlucky = review.unlucky
    if not mistakes and not unlucky:
        threshold = cost_words(review.threshold, unit, locale)
        lines.append(t("review_well_played", locale, count=count, cost=threshold))
        return "\n".join(lines)
    if mistakes:
        costs = listed([cost_words(d.cost, unit, locale) for d in mistakes], locale)
        lines.append(t("review_mistakes", locale, mistakes=len(mistakes), count=count, costs=costs))
        if len(mistakes) > 1:
            lines.append(together(mistakes, unit, locale))
    else:
        threshold = cost_words(review.threshold, unit, locale)
        lines.append(t("review_no_mistake", locale, count=count, cost=threshold))
    if unlucky:
        lines.append(t("review_unlucky_count", locale, count=len(unlucky)))
    told = shown(review)
    if len(told) < len(mistakes) + len(unlucky):
        lines.append(t("review_only_some", locale, count=len(told)))
    return "\n".join(lines)


__all__ = [
    "SHOWN",
    "action_words",
    "bid_words",
    "cost_words",
    "decision_sentence",
    "decision_text",
    "listed",
    "moment_words",
    "review_text",
    "shown",
    "together",
]
