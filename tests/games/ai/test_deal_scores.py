"""A compact deal scores what the engine scores, under every table's rules.

The hard player values a card by the deal's score as the table counts it (``games.ai.scorer``),
and a deal review shows those values in the game's unit. These tests hold that scoring to the
engines: from a seat's view at a decision, with the real hands, the rest of the real deal is
played on the compact deal too, and its scores must be the engine's ``deal_result`` scores
exactly — for every game and seat count, with random house rules, from decisions early and late
(Belote's melds still to resolve, Piquet's younger declarations still hidden from the elder).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.ai import choose
from games.ai.scorer import DealScore, start_deal
from games.ai.search import play_values
from games.base import Game
from games.registry import GAME_NAMES, game_class, new_game
from tests.games.conftest import random_action, random_options, shuffled_deck

CONFIGS = [(name, seats) for name in GAME_NAMES for seats in game_class(name).SEAT_COUNTS]


def _hands(game: Game) -> list[list[str]]:
    return [list(game.view(s)["hand"]) for s in range(game.seats)]


def _stock(game: Game) -> list[str]:
    return list(getattr(game, "stock", []) or [])


def _replay_and_compare(game: Game, rng: random.Random, early: float) -> tuple[DealScore, Any]:
    """Play random legal actions until a card decision (taken with chance ``early`` each time),
    start the compact deal there, finish both, and return its score and the engine's result."""
    while True:
        seat = game.to_act
        assert seat is not None
        if game.phase == "play" and rng.random() < early:
            break
        game.apply(seat, random_action(game, seat, rng))
        if game.awaiting_deck or game.over:
            raise LookupError("the deal ended before a decision was taken")
    view = game.view(seat)
    deal, scoring = start_deal(view, _hands(game), _stock(game))
    rules = deal.rules
    results = len(game.deal_results)
    while len(game.deal_results) == results:
        seat = game.to_act
        assert seat is not None and seat == deal.turn
        action = random_action(game, seat, rng)
        game.apply(seat, action)
        deal.play(rules.index[str(action.card)])
    assert deal.over()
    return scoring.score(deal), game.deal_results[-1]


@pytest.mark.parametrize(("name", "seats"), CONFIGS)
def test_the_compact_deal_scores_what_the_engine_scores(name: str, seats: int) -> None:
    rng = random.Random(f"deal-scores:{name}:{seats}")
    compared = 0
    while compared < 40:
        options = random_options(name, rng) if compared % 4 else {}
        game = new_game(name, options=options, seats=seats, dealer=rng.randrange(seats))
        game.deal(shuffled_deck(game, rng))
        try:
            score, result = _replay_and_compare(game, rng, early=(0.9, 0.3, 0.05)[compared % 3])
        except LookupError:
            continue
        assert list(score.scores) == list(result["scores"]), (options, result)
        if name != "piquet":
            assert list(score.trick_points) == list(result["trick_points"]), (options, result)
        compared += 1


def test_score_values_are_the_seats_margin_in_game_units() -> None:
    """``play_values(objective="score")`` gives Coinche deal-score margins (multiples of ten
    under the default rounding) and Briscola hand margins (-1, 0 or 1)."""
    rng = random.Random(3)
    for name, unit in (("coinche", 10), ("briscola", 1)):
        found = 0
        while found < 6:
            game = new_game(name, dealer=rng.randrange(game_class(name).SEAT_COUNTS[0]))
            game.deal(shuffled_deck(game, rng))
            while not game.awaiting_deck and not game.over:
                seat = game.to_act
                assert seat is not None
                legal = game.legal_actions(seat)
                if game.phase == "play" and len(legal) > 1 and rng.random() < 0.3:
                    cards = [str(a.card) for a in legal]
                    valued = play_values(
                        game.view(seat), cards, random.Random(found), 4, None, None, "score"
                    )
                    for card in cards:
                        for value in valued.values[card]:
                            assert value == int(value) and int(value) % unit == 0
                            if name == "briscola":
                                assert value in (-1.0, 0.0, 1.0)
                    found += 1
                game.apply(seat, choose(game.view(seat), legal, "easy", rng))


def test_a_bonus_only_table_values_a_card_by_the_contract_alone() -> None:
    """Under ``scoring_method = bonus_only`` a Coinche deal scores the contract's value to one
    side and nothing else: every value the search gives is plus or minus that value."""
    rng = random.Random(8)
    checked = 0
    while checked < 5:
        game = new_game(
            "coinche", options={"scoring_method": "bonus_only"}, dealer=rng.randrange(4)
        )
        game.deal(shuffled_deck(game, rng))
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            view = game.view(seat)
            contract = view["contract"]
            if contract is not None and len(legal) > 1 and rng.random() < 0.3:
                value = contract["value"]
                stake = (value if isinstance(value, int) else 250) * contract["multiplier"]
                cards = [str(a.card) for a in legal]
                valued = play_values(view, cards, random.Random(checked), 4, None, None, "score")
                for card in cards:
                    assert {abs(v) for v in valued.values[card]} == {stake}
                checked += 1
            game.apply(seat, choose(view, legal, "normal", rng))
