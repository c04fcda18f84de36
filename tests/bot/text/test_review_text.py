"""A deal review in words: mistakes counted with each one's cost and their total (of one
auction's overlapping choices, the largest), bad luck said apart, "Well played" when nothing is worth a remark, an exact cost said
as such, no sign on a cost, cards and bids named as the table's deck and language name them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.text.i18n import t
from bot.text.review import SHOWN, action_words, decision_text, review_text, shown
from games.actions import Action
from games.review import Decision, Review, Seen
from games.review.values import Verdict
from i18n.locales import LOCALES

SEEN = Seen(
    ("KS", "AS"), (), "H", None, (), None, None, ("you", "opponent", "partner", "opponent"), 3
)


def play(card: str) -> Action:
    return Action("play", card=card)


def decision(
    index: int,
    cost: float,
    verdict: Verdict = "mistake",
    *,
    exact: bool = False,
    real: tuple[float, float] = (0.0, 0.0),
) -> Decision:
    best = play("AS") if verdict == "mistake" else play("KS")
    hindsight = play("AS") if verdict == "unlucky" else None
    return Decision(index, play("KS"), best, cost, 0.78, *real, 16, exact, verdict, hindsight, SEEN)


def coinche(*decisions: Decision) -> Review:
    return Review("coinche", 0, 2, "points", 4, decisions)


def test_mistakes_are_counted_with_each_one_s_cost_and_their_total() -> None:
    """Issue 41.7: each mistake's cost, then what they cost together: the play's add up."""
    review = coinche(decision(3, 14), decision(7, 0, "fine"), decision(11, 80))
    lines = review_text(review, 12, 3, "coinche", "en").splitlines()
    assert lines[0] == t("review_title", deal=3, table=12, game=t("game_coinche"))
    assert lines[1] == "**2 mistakes** in 3 decisions, which cost 14 points and 80 points."
    assert lines[2] == "Together: 94 points."
    assert len(lines) == 3
    # Explained in the order played, not by cost.
    assert [d.index for d in shown(review)] == [3, 11]


def test_overlapping_mistakes_of_one_auction_count_the_largest() -> None:
    """Two choices of one auction lose the same contract: of those only the largest counts,
    and a play mistake after them adds its own."""
    auction = replace(SEEN, trick_number=0)
    bid, other = decision(0, 30), decision(4, 50)
    review = coinche(replace(bid, seen=auction), replace(other, seen=auction), decision(9, 12))
    lines = review_text(review, 12, 3, "coinche", "en").splitlines()
    assert lines[1] == (
        "**3 mistakes** in 3 decisions, which cost 30 points, 50 points and 12 points."
    )
    assert lines[2].startswith("Together: about 62 points, the largest of the auction's")


def test_a_mistake_s_sentence_has_no_plus_sign() -> None:
    review = coinche(decision(3, 80))
    assert decision_text(1, review.decisions[0], "points", "coinche", "auto", "en") == (
        "**1.** Trick 3 · You played K♤; A♤ would have been better in 78% of the deals you"
        " could face: it cost you 80 points on average."
    )
    french = review_text(review, 12, 3, "coinche", "fr").splitlines()[1]
    assert french == "**1 erreur** en 1 décision, qui t'a coûté 80 points."


def test_bad_luck_is_said_apart() -> None:
    unlucky = decision(5, 0, "unlucky", real=(-20.0, -10.0))
    review = coinche(unlucky, decision(9, 0, "fine"))
    lines = review_text(review, 12, 1, "coinche", "en").splitlines()
    assert lines[1] == ("**No mistake** in 2 decisions: none cost more than 10 points on average.")
    assert lines[2].startswith("One choice was unlucky: ")
    assert decision_text(1, unlucky, "points", "coinche", "auto", "en") == (
        "**1.** Trick 3 · You played K♤, and you could not know: A♤ did better only in the"
        " real deal, by 10 points. Over the deals you could face, your card was as good."
    )
    assert shown(review) == [unlucky]


def test_well_played_when_there_is_no_mistake_and_no_bad_luck() -> None:
    review = coinche(decision(1, 10, "fine"), decision(2, 0, "fine"), decision(3, 3, "fine"))
    lines = review_text(review, 12, 1, "coinche", "fr").splitlines()
    assert lines[1] == "**Bien joué !** Aucune de tes 3 décisions n'a coûté plus de 10 points."
    assert shown(review) == []


def test_an_exact_cost_is_said_as_such() -> None:
    exact = decision(0, 30, exact=True)
    assert decision_text(1, exact, "points", "coinche", "auto", "en") == (
        "**1.** Trick 3 · You played K♤; A♤ was better by 30 points (every card was known)."
    )


def test_past_the_limit_the_costliest_are_told_in_the_order_played() -> None:
    costs = [11, 90, 12, 50, 13, 70, 14, 60]
    review = coinche(*(decision(i, c) for i, c in enumerate(costs)))
    told = shown(review)
    assert len(told) == SHOWN
    assert [d.cost for d in told] == [90, 50, 70, 14, 60]
    assert review_text(review, 1, 1, "coinche", "en").splitlines()[-1] == (
        t("review_only_some", count=SHOWN)
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_no_cost_carries_a_sign_in_any_language(locale: str) -> None:
    # Issue 33.5: "+264 points", "n'a coûté plus de +10 points".
    reviews = [
        coinche(decision(3, 14), decision(4, 80, exact=True)),
        coinche(decision(5, 0, "unlucky", real=(-20.0, -10.0))),
        coinche(decision(1, 1, "fine")),
    ]
    for review in reviews:
        words = [review_text(review, 1, 1, "coinche", locale)]
        words += [
            decision_text(n, d, review.unit, "coinche", "auto", locale)
            for n, d in enumerate(shown(review), 1)
        ]
        for line in words:
            assert "+" not in line, line


def test_actions_are_named_in_the_table_s_words() -> None:
    bid = Action("bid", value=90, trump="H")
    assert action_words(bid, "coinche", "auto", "en") == "bid 90 ♥️"
    assert action_words(Action("pass"), "coinche", "auto", "fr") == "passer"
    assert action_words(play("KC"), "briscola", "auto", "it") == "il re di bastoni"
    exchange = Action("exchange", cards=("7S", "8D"))
    assert action_words(exchange, "piquet", "auto", "en") == "discard 7♤ 8♦️"
    assert action_words(Action("exchange", cards=()), "piquet", "auto", "en") == "keep your hand"


@pytest.mark.parametrize("locale", LOCALES)
def test_a_name_ending_in_a_digit_stays_apart_from_its_points(locale: str) -> None:
    """Chiamata's review read "Points so far: you 15 · Computer 1 0": a name and its points are
    set apart by a colon in every language."""
    import re

    from bot.table.review import state_lines
    from rendering.review import Player

    names = ("alice", "Computer 1", "Computer 2", "Computer 3", "Computer 4")
    roles = ("you", "unknown", "unknown", "unknown", "unknown")
    players = tuple(Player(n, r) for n, r in zip(names, roles, strict=True))
    seen = replace(SEEN, sides=roles, trick_number=4, scores=(15, 0, 11, 3, 7), played=12, deck=40)
    chosen = decision(1, 4.0)
    lines = state_lines(replace(chosen, seen=seen), 0, players, [[s] for s in range(5)], locale)
    points = lines[-1]
    for name, score in zip(names[1:], (0, 11, 3, 7), strict=True):
        assert re.search(rf"{name} ?[:：] ?{score}\b", points), points
        assert f"{name} {score}" not in points, points
    you = t("review_state_you", locale, points=15)
    assert re.search(r"[:：] ?15$", you), you
    assert you in points
