"""``play_values``: the deals the hard player samples and each card's value in them, in public.

A deal review will show a player, for a card they played, the deals the computer imagined and
what each card was worth in each. These tests hold the function to what it promises: the deals
fit what the seat knows, every candidate card has one value per deal, the values are exact where
few cards are left, a seed fixes them, and the hard player's card is the best of them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.ai import choose, duel_value
from games.ai.card_belief import packaged
from games.ai.hard import BELIEFS, LEARNED_BRISCOLA2
from games.ai.knowledge import Knowledge
from games.ai.scorer import DealScoring
from games.ai.search import DD_CARDS, play_values
from games.base import Game
from games.registry import new_game
from games.views import GameView
from tests.games.ai.test_choices_unchanged import CONFIGS, positions
from tests.games.conftest import random_options, shuffled_deck

SAMPLES = 8


def _card_decisions(per_config: int = 4) -> Iterator[tuple[Game, int, GameView, list[str]]]:
    """Positions where a seat chooses among several cards, a few of every game and rule set."""
    for config in CONFIGS:
        found = 0
        for game, seat in positions(config):
            legal = game.legal_actions(seat)
            if len(legal) > 1 and all(a.type == "play" for a in legal):
                yield game, seat, game.view(seat), [str(a.card) for a in legal]
                found += 1
                if found == per_config:
                    break


def test_the_sampled_deals_fit_what_the_seat_knows() -> None:
    checked = 0
    for _game, seat, view, cards in _card_decisions():
        valued = play_values(view, cards, random.Random(checked), SAMPLES)
        know = Knowledge(view)
        rules = know.rules
        left = sum(view["hand_sizes"]) + (view["stock_size"] if view["game"] == "briscola" else 0)
        assert len(valued.deals) == SAMPLES
        assert valued.cards == tuple(cards)
        for card in cards:
            assert len(valued.values[card]) == SAMPLES
        for deal in valued.deals:
            assert sorted(deal.hands[seat]) == sorted(view["hand"])
            assert [len(h) for h in deal.hands] == view["hand_sizes"]
            dealt = [c for hand in deal.hands for c in hand] + list(deal.stock)
            assert len(dealt) == len(set(dealt)), "a card dealt twice"
            assert not rules.mask(dealt) & know.played, "a played card dealt again"
            for other, hand in enumerate(deal.hands):
                if other != seat:
                    assert not rules.mask(list(hand)) & know.forbidden[other], "a shown void"
                    assert know.held[other] & ~rules.mask(list(hand)) == 0, "a known card moved"
            if view["game"] == "briscola" and view["stock_size"]:
                assert len(deal.stock) == view["stock_size"]
                assert deal.stock[-1] == view["trump_card"], "the face-up trump is drawn last"
            else:
                assert deal.stock == ()
            assert deal.solved == (left <= DD_CARDS[view["game"]])
        checked += 1
    assert checked == 4 * len(CONFIGS)


def test_a_seed_fixes_the_deals_and_the_values() -> None:
    for _game, _seat, view, cards in _card_decisions(per_config=1):
        first = play_values(view, cards, random.Random(4), SAMPLES)
        again = play_values(view, cards, random.Random(4), SAMPLES)
        assert first == again


def test_the_hard_players_card_has_the_best_total() -> None:
    """Wherever the hard player searches, on the deals it draws (by the game's shipped belief
    where one ships: ``BELIEFS``): when it plays two-player Briscola by the learned value
    (``LEARNED_BRISCOLA2``), that is tested in tests/games/ai/test_duel_value.py."""
    solved = rolled = 0
    for index, (game, seat, view, cards) in enumerate(_card_decisions()):
        if LEARNED_BRISCOLA2 and duel_value.applies(view):
            continue
        legal = game.legal_actions(seat)
        chosen = choose(view, legal, "hard", random.Random(index), samples=SAMPLES)
        rng = random.Random(index)
        rng.random()  # the hard player first seeds the normal player that breaks its ties
        belief = packaged(view["game"], view["seats"]) if BELIEFS else None
        valued = play_values(view, cards, rng, SAMPLES, belief=belief)
        best = max(valued.total(card) for card in cards)
        assert valued.total(str(chosen.card)) == best
        assert valued.mean(str(chosen.card)) == best / SAMPLES
        solved += valued.deals[0].solved
        rolled += not valued.deals[0].solved
    assert solved and rolled, "both the exact and the rolled-out values were checked"


def _late_briscola_decisions() -> Iterator[tuple[GameView, list[str]]]:
    """Two-player Briscola decisions with 10 cards or fewer left, from seeded normal play."""
    rng = random.Random("late briscola")
    for _ in range(4):
        game = new_game("briscola", options=random_options("briscola", rng), seats=2)
        game.deal(shuffled_deck(game, rng))
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions(seat)
            if int(view.get("stock_size") or 0) <= 4 and len(legal) > 1:
                yield view, [str(a.card) for a in legal]
            game.apply(seat, choose(view, legal, "normal", rng))


def test_briscolas_bounds_prune_the_solver_without_changing_a_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked = 0
    for view, cards in _late_briscola_decisions():
        pruned = play_values(view, cards, random.Random(checked), SAMPLES, dd_cards=10)
        with monkeypatch.context() as patch:
            patch.setattr(DealScoring, "_briscola_bounds", lambda _self, _deal: (-1e9, 1e9))
            plain = play_values(view, cards, random.Random(checked), SAMPLES, dd_cards=10)
        assert all(deal.solved for deal in pruned.deals)
        assert pruned == plain
        checked += 1
    assert checked >= 20
