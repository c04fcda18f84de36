"""A deal review in words: the costliest decisions first, "Well played" under the threshold,
an exact cost said as such, cards and bids named as the table's deck and language name them."""

from __future__ import annotations

from typing import Any

from bot.text.i18n import t
from bot.text.review import WELL_PLAYED, action_words, review_text, shown


def decision(
    index: int, cost: float, choice: dict[str, Any], best: dict[str, Any]
) -> dict[str, Any]:
    return {
        "action_index": index,
        "choice": choice,
        "best": best,
        "cost": cost,
        "better_share": 0.78,
        "real": {"choice": 0.0, "best": 0.0},
    }


def play(card: str) -> dict[str, Any]:
    return {"type": "play", "card": card}


def coinche_review(*costs: float) -> dict[str, Any]:
    decisions = [decision(4 * i, c, play("KS"), play("AS")) for i, c in enumerate(costs)]
    return {
        "game": "coinche",
        "seat": 0,
        "deal": 2,
        "unit": "points",
        "decisions": decisions,
        "total_cost": sum(costs),
    }


def test_the_costliest_three_above_the_threshold_are_explained() -> None:
    review = coinche_review(14, 0, 80, 11, 9.5, 25)
    assert [d["cost"] for d in shown(review)] == [80, 25, 14]
    lines = review_text(review, 12, 3, "coinche", "auto", "en").splitlines()
    assert lines[0] == t("review_title", deal=3, table=12, game=t("game_coinche"))
    assert lines[1] == t("review_total", cost="+140 points", count=6)
    assert lines[2] == (
        "1. You played K♤; A♤ would have been better in 78% of the deals you could face,"
        " +80 points on average."
    )
    assert lines[4].startswith("3. ") and len(lines) == 5


def test_well_played_when_nothing_costs_more_than_the_threshold() -> None:
    review = coinche_review(WELL_PLAYED["points"], 0, 3)
    lines = review_text(review, 12, 1, "coinche", "auto", "fr").splitlines()
    assert lines[1] == t("review_well_played", "fr", count=3, cost="+10 points")


def test_an_exact_cost_is_said_as_such() -> None:
    review = coinche_review(30)
    review["exact"] = [0]
    line = review_text(review, 12, 1, "coinche", "auto", "en").splitlines()[2]
    assert line == "1. You played K♤; A♤ was better by +30 points (every card was known)."


def test_actions_are_named_in_the_table_s_words() -> None:
    bid = {"type": "bid", "value": 90, "trump": "H"}
    assert action_words(bid, "coinche", "auto", "en") == "bid 90 ♥️"
    assert action_words({"type": "pass"}, "coinche", "auto", "fr") == "passer"
    assert action_words(play("KC"), "briscola", "auto", "it") == "il re di bastoni"
    exchange = {"type": "exchange", "cards": ["7S", "8D"]}
    assert action_words(exchange, "piquet", "auto", "en") == "discard 7♤ 8♦️"
    assert (
        action_words({"type": "exchange", "cards": []}, "piquet", "auto", "en") == "keep your hand"
    )
