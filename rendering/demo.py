"""Seeded positions from the middle of real deals, for ``python -m rendering demo``, the tests and
the benchmark: the engines are driven through their own contract (``games.registry``), so the
images are drawn from genuine views, never from hand-made dicts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from games.actions import Action
from games.ai import random_play
from games.base import Game
from games.registry import new_game
from games.views import DealRecord, GameView

DEMO_NAMES: Final = ["Marie", "Luc", "Giulia", "Tomás", "Anne-Sophie", "Jean"]
DEMO_SEATS: Final = {
    "belote": 4,
    "coinche": 4,
    "piquet": 2,
    "briscola": 4,
    "chiamata": 5,
    "sueca": 4,
}


@dataclass
class Position:
    """A game paused mid-deal: the engine, the seat to act and its legal cards."""

    game: Game
    seat: int | None
    legal: list[str]
    result: DealRecord | None
    """The last finished deal's result, when one finished on the way."""
    final_view: GameView | None
    """The public view right after that deal ended (its events hold the deal result)."""


def concrete(game: Game, seat: int, action: Action, rng: random.Random) -> Action:
    """A concrete action for a template (Piquet's exchange: random discards within limits)."""
    return random_play.concrete(game.view(seat), action, rng)


def random_position(
    name: str, seed: int, seats: int | None = None, steps: int | None = None
) -> Position:
    """Play seeded random legal actions and stop somewhere in a deal."""
    rng = random.Random(seed)
    seats = seats or DEMO_SEATS[name]
    game = new_game(name, seats=seats, dealer=rng.randrange(seats))
    budget = steps if steps is not None else rng.randint(3, 60)
    result: DealRecord | None = None
    final_view: GameView | None = None
    done = 0
    while not game.over:
        if game.awaiting_deck:
            random_play.deal_shuffled(game, rng)
            continue
        seat = game.to_act
        if seat is None:
            break
        if done >= budget:
            break
        legal = game.legal_actions(seat)
        if not legal:
            break
        deals_before = len(game.deal_results)
        game.apply(seat, concrete(game, seat, rng.choice(legal), rng))
        if len(game.deal_results) > deals_before:
            result = game.deal_results[-1].copy()
            final_view = game.public_view()
        done += 1
    seat = game.to_act
    legal_cards = (
        sorted({a.card for a in game.legal_actions(seat) if a.type == "play" and a.card})
        if seat is not None
        else []
    )
    return Position(game, seat, legal_cards, result, final_view)


def finished_deal(name: str, seed: int) -> Position:
    """Play a whole deal (at least) so a deal summary has something to show."""
    rng = random.Random(seed)
    seats = DEMO_SEATS[name]
    game = new_game(name, seats=seats, dealer=rng.randrange(seats))
    result: DealRecord | None = None
    final_view: GameView | None = None
    for _ in range(5000):
        if game.over:
            break
        if game.awaiting_deck:
            if result is not None and result["trick_points"] is not None:
                break
            random_play.deal_shuffled(game, rng)
            continue
        seat = game.to_act
        if seat is None:
            break
        legal = game.legal_actions(seat)
        deals_before = len(game.deal_results)
        game.apply(seat, concrete(game, seat, rng.choice(legal), rng))
        if len(game.deal_results) > deals_before:
            result = game.deal_results[-1].copy()
            final_view = game.public_view()
    return Position(game, None, [], result, final_view)


@dataclass(frozen=True)
class Moment:
    """One state of a table as the bot draws it after an action: the public view, the view of
    the seat to act (seat 0 when nobody acts) and its playable cards."""

    public: GameView
    private: GameView
    seat: int | None
    legal: list[str]


def played(name: str, seed: int, actions: int, seats: int | None = None) -> list[Moment]:
    """The first ``actions`` states of a seeded game played from its first deal with random
    legal actions, one after each action (and the first before any): a table's images in the
    order the bot draws them."""
    rng = random.Random(seed)
    seats = seats or DEMO_SEATS[name]
    game = new_game(name, seats=seats, dealer=rng.randrange(seats))
    moments: list[Moment] = []
    while len(moments) < actions and not game.over:
        if game.awaiting_deck:
            random_play.deal_shuffled(game, rng)
            continue
        seat = game.to_act
        legal = game.legal_actions(seat) if seat is not None else []
        cards = sorted({a.card for a in legal if a.type == "play" and a.card})
        moments.append(Moment(game.public_view(), game.view(seat or 0), seat, cards))
        if seat is None or not legal:
            break
        game.apply(seat, concrete(game, seat, rng.choice(legal), rng))
    return moments
