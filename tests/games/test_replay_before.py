"""``games.records.replay_before``: the one replay of a record up to a deal."""

from __future__ import annotations

import random

from games.records import parse, replay_before
from games.registry import new_game
from tests.games.conftest import random_action, shuffled_deck


def test_the_match_before_a_deal_is_the_one_that_played_up_to_it() -> None:
    rng = random.Random(5)
    game = new_game("belote", dealer=2)
    before = []
    while len(game.deal_results) < 3:
        if game.awaiting_deck:
            before.append((game.dealer, list(game.deal_results)))
            game.deal(shuffled_deck(game, rng))
            continue
        seat = game.to_act
        assert seat is not None
        game.apply(seat, random_action(game, seat, rng))
    record = parse(game.to_record())
    for deal, (dealer, results) in enumerate(before[:3]):
        replayed = replay_before(record, deal)
        # Deal 0 starts from the record's first dealer, not seat 0.
        assert replayed.dealer == dealer
        assert replayed.deal_results == results
        assert replayed.awaiting_deck
