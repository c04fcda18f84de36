"""The hard chiamata auction: calls and trumps judged by what sampled deals pay the caller."""

from __future__ import annotations

import random

from games.actions import Action
from games.ai import choose
from games.ai.calling import choose_call, choose_trump
from games.cards import DECK_40
from games.chiamata import Chiamata

STRONG = ["AH", "3H", "KH", "QH", "JH", "AS", "3S", "AC"]
WEAK = ["2S", "4S", "5H", "6H", "4D", "5D", "2C", "4C"]


def _table(mine: list[str], seed: int, **options: object) -> Chiamata:
    """A deal in which the eldest (seat 0, the dealer is seat 4) holds ``mine``; the other
    hands are the rest of the deck, shuffled by ``seed``."""
    rest = [c for c in DECK_40 if c not in mine]
    random.Random(seed).shuffle(rest)
    hands = [mine, *(rest[8 * k : 8 * k + 8] for k in range(4))]
    deck: list[str] = []
    for packet in range(2):
        for hand in hands:
            deck += hand[4 * packet : 4 * packet + 4]
    game = Chiamata(options=dict(options), dealer=4)
    game.deal(deck)
    assert sorted(game.hands[0]) == sorted(mine)
    return game


def _trump_named(mine: list[str], rank: str, seed: int) -> str | None:
    """The suit the hard player names after calling ``rank`` with ``mine`` as everybody else
    passed."""
    game = _table(mine, seed)
    game.apply(0, Action("call", rank=rank))
    for seat in range(1, 5):
        game.apply(seat, Action("pass"))
    assert game.phase == "trump" and game.to_act == 0
    action = choose_trump(game.view(0), game.legal_actions(0), random.Random(seed))
    return action.suit if action is not None else None


def test_a_strong_hand_calls_and_a_weak_one_passes() -> None:
    for seed in range(3):
        strong = _table(STRONG, seed)
        legal = strong.legal_actions(0)
        action = choose(strong.view(0), legal, "hard", random.Random(seed))
        assert action.type == "call", action
        weak = _table(WEAK, seed)
        action = choose(weak.view(0), weak.legal_actions(0), "hard", random.Random(seed))
        assert action.type == "pass", action


def test_the_declarer_names_the_suit_whose_deals_pay_him_best() -> None:
    # Long hearts without their ace, which somebody else holds: called, it makes a partner.
    mine = ["3H", "KH", "QH", "JH", "7H", "AS", "3C", "4D"]
    assert [_trump_named(mine, "A", seed) for seed in range(3)] == ["H"] * 3


def test_a_seed_fixes_the_call() -> None:
    game = _table(["AH", "3H", "KH", "7H", "AS", "KS", "4C", "5D"], 4)
    view, legal = game.view(0), game.legal_actions(0)
    first = choose_call(view, legal, random.Random(9))
    assert first is not None
    assert all(choose_call(view, legal, random.Random(9)) == first for _ in range(3))


def test_a_declarer_with_the_top_trumps_goes_alone_when_that_pays_best() -> None:
    """Called a 3, with the ace, three, jack and five of spades and two side aces: spades make
    him his own partner (alone, four stakes when made), and pay more than hearts with a
    partner."""
    mine = ["AS", "3S", "JS", "5S", "AD", "AH", "QH", "2D"]
    assert [_trump_named(mine, "3", seed) for seed in range(3)] == ["S"] * 3
