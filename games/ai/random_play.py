"""Uniformly random play from a view: what benchmarks, demos and property tests drive games with.

The one subtle part is Piquet's exchange, which ``legal_actions`` gives as a template: a random
instance discards a random number of cards within the view's limits, chosen from the own hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.actions import Action
from games.ai.knowledge import as_piquet
from games.base import Game
from games.views import GameView


def deal_shuffled(game: Game, rng: random.Random) -> list[str]:
    """Deal ``game`` its whole deck in an order drawn from ``rng``, and return that deck.

    The draws are those of shuffling the deck's list, so a seed names the same deal in every test,
    demo and benchmark that deals this way."""
    deck = list(game.full_deck())
    rng.shuffle(deck)
    game.deal(deck)
    return deck


def concrete(view: GameView, action: Action, rng: random.Random) -> Action:
    """``action`` itself, or for the exchange template a random exchange the rules allow."""
    if action.type != "exchange" or action.cards is not None:
        return action
    piquet = as_piquet(view)
    limits = piquet["exchange"] if piquet is not None else None
    hand = list(view["hand"])
    low = limits["min"] if limits else 1
    high = min(limits["max"] if limits else 5, len(hand))
    return Action("exchange", cards=tuple(rng.sample(hand, rng.randint(low, high))))


def random_action(view: GameView, legal: Sequence[Action], rng: random.Random) -> Action:
    """A uniformly random legal action, templates made concrete."""
    return concrete(view, rng.choice(list(legal)), rng)
