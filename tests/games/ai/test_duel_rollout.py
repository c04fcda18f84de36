"""Two-player Briscola's rollout: what the hard player's sampled deals are played out with.

The trick-game rollout led the master card of a suit, which in Briscola any trump takes, and the
hard player valued its cards by deals played that way. The duel rollout judges each card by the
other player's best answer; these positions are the ones where the two policies part.
"""

from __future__ import annotations

import random

import pytest

from games.ai import rollout as rollout_module
from games.ai.deal import Deal
from games.ai.knowledge import Rules, with_trump
from games.ai.rollout import rollout
from games.registry import new_game

SEEDS = range(20)


def _rules() -> Rules:
    """Two-player Briscola's card rules with hearts trumps."""
    game = new_game("briscola", seats=2)
    deck = list(game.full_deck())
    game.deal(deck)
    return Rules(with_trump(game.view(0), "H"))


def _first_card(rules: Rules, hands: list[list[str]], trick: list[str], seed: int) -> str:
    """The card the rollout plays first, seat 0 to play (after ``trick``, seat 1's lead)."""
    masks = [rules.mask(h) for h in hands]
    led = [rules.index[c] for c in trick]
    for card in led:
        masks[1] |= 1 << card
    deal = Deal(rules, masks, [0, 1], 1 if trick else 0, led, [])
    rollout(deal, random.Random(seed))
    return rules.deck[deal.undo[0][1]]


@pytest.fixture(autouse=True)
def _no_random_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollout_module, "RANDOM_MOVE", 0.0)


def test_the_leader_keeps_its_plain_ace_from_the_others_trumps() -> None:
    rules = _rules()
    hands = [["AS", "2C", "KD"], ["4H", "5S", "6D"]]
    leads = {_first_card(rules, hands, [], seed) for seed in SEEDS}
    assert leads == {"2C"}, "a plain ace led into a trump is eleven points lost"


def test_the_ace_goes_when_nothing_can_take_it() -> None:
    rules = _rules()
    hands = [["AS", "2C", "KD"], ["4C", "5D", "6D"]]
    leads = {_first_card(rules, hands, [], seed) for seed in SEEDS}
    assert leads == {"AS"}, "no trump and no higher spade out: the ace makes eleven points"


def test_the_follower_trumps_a_plain_ace_and_lets_a_blank_card_go() -> None:
    rules = _rules()
    hand = ["2H", "4C", "5D"]
    trumped = {_first_card(rules, [hand, ["6S", "7S"]], ["AS"], seed) for seed in SEEDS}
    assert trumped == {"2H"}, "the lowest trump takes eleven points"
    blank = {_first_card(rules, [hand, ["6S", "7S"]], ["2S"], seed) for seed in SEEDS}
    assert blank <= {"4C", "5D"}, "a trump spent on a blank card"


def test_a_seed_fixes_the_rollout() -> None:
    rules = _rules()
    game = new_game("briscola", seats=2)
    deck = list(game.full_deck())
    random.Random(3).shuffle(deck)
    hands = [rules.mask(deck[0:3]), rules.mask(deck[3:6])]
    stock = [rules.index[c] for c in deck[6:]]

    def played(seed: int) -> list[int]:
        deal = Deal(rules, list(hands), [0, 1], 0, [], list(stock))
        rollout(deal, random.Random(seed))
        assert deal.remaining_cards == 0 and not deal.trick
        assert sum(deal.points) == 120, "every card point is won by one side"
        return [record[1] for record in deal.undo]

    assert played(5) == played(5)


def test_while_the_stock_lasts_the_leader_does_not_see_the_other_hand() -> None:
    """The same unseen cards, split two ways between the other hand and the stock: the leader
    cannot tell the two apart, so it leads the same card. (Seeing the hand, it kept its ace
    from three trumps and cashed it against three blank cards.)"""
    rules = _rules()
    mine = ["AS", "2C", "KD"]
    trumps, blanks = ["4H", "5H", "6H"], ["4C", "5D", "6D"]

    def lead(theirs: list[str], stock: list[str], seed: int) -> str:
        masks = [rules.mask(mine), rules.mask(theirs)]
        cards = [rules.index[c] for c in [*stock, "7H"]]  # the face-up trump card drawn last
        deal = Deal(rules, masks, [0, 1], 0, [], cards)
        rollout(deal, random.Random(seed))
        return rules.deck[deal.undo[0][1]]

    for seed in SEEDS:
        assert lead(trumps, blanks, seed) == lead(blanks, trumps, seed)
