"""End positions where the whole deal is known to the seat: the review states the exact cost
of a mistake, the one a card player works out by hand."""

from __future__ import annotations

import json
import random

from games.actions import Action
from games.base import Game
from games.records import ParsedRecord, loads
from games.registry import new_game
from games.review import review
from games.review.worlds import determined


def first_legal_until(game: Game, stop: int) -> None:
    """Play the first legal action for everybody until ``stop`` actions of the deal are done."""
    while len(game.log[-1]["actions"]) < stop:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])


def finish_first_legal(game: Game) -> None:
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])


def briscola_end(mistake: str) -> tuple[Game, int]:
    """A two-player Briscola (dealer seat 1, clubs trumps) played to its last two tricks, the
    stock empty: seat 0 holds 7♥ and 5♣, seat 1 holds 3♦ and K♣, seat 0 to lead. Seat 0 then
    leads ``mistake``; the deal is played out."""
    game = new_game("briscola", seats=2, dealer=1)
    deck = list(game.full_deck())
    random.Random(5).shuffle(deck)
    game.deal(deck)
    first_legal_until(game, 36)
    assert game.to_act == 0
    assert sorted(game.view(0)["hand"]) == ["5C", "7H"]
    assert sorted(game.view(1)["hand"]) == ["3D", "KC"]
    assert game.view(0)["trump"] == "C" and game.view(0)["stock_size"] == 0
    index = len(game.log[-1]["actions"])
    game.apply(0, Action("play", card=mistake))
    finish_first_legal(game)
    return game, index


def test_leading_the_small_trump_costs_the_ten_of_the_last_trick() -> None:
    # By hand. Lead 7♥: if seat 1 plays 3♦ (it need not follow), 7♥ wins 10 points and seat 1
    # takes 5♣ with K♣ (4); if it trumps with K♣ (4), it must lead 3♦, which 5♣ trumps: 10.
    # Either way seat 0 takes 10 points of the last two tricks. Lead 5♣: seat 1 takes it with
    # K♣ (4) and leads 3♦ over 7♥ (10): seat 0 takes nothing. Leading 5♣ costs 10.
    game, index = briscola_end("5C")
    record = loads_record(game)
    found = review(record, seat=0, deal=0, samples=8, seed=1)
    decision = next(d for d in found.decisions if d.index == index)
    assert decision.exact and decision.deals == 1
    assert decision.choice == Action("play", card="5C")
    assert decision.best == Action("play", card="7H")
    assert decision.cost == 10
    assert decision.better_share == 1.0
    assert decision.real_best - decision.real_choice == 10
    assert found.unit == "card points"


def test_the_right_lead_costs_nothing() -> None:
    game, index = briscola_end("7H")
    found = review(loads_record(game), seat=0, deal=0, samples=8, seed=1)
    decision = next(d for d in found.decisions if d.index == index)
    assert decision.exact
    assert decision.cost == 0 and decision.best == decision.choice
    assert decision.better_share == 0.0


def test_the_seat_knows_the_deal_only_once_the_stock_is_empty() -> None:
    game = new_game("briscola", seats=2, dealer=1)
    deck = list(game.full_deck())
    random.Random(5).shuffle(deck)
    game.deal(deck)
    first_legal_until(game, 30)
    seat = game.to_act
    assert seat is not None and game.view(seat)["stock_size"] > 0
    assert not determined(game.view(seat))
    first_legal_until(game, 36)
    assert determined(game.view(0))


def loads_record(game: Game) -> ParsedRecord:
    return loads(json.dumps(game.to_record()))
