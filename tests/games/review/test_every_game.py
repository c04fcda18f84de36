"""The review of one deal of every game: every decision that was a choice is listed, with a
legal best alternative, and the same seed and budget give the same review."""

from __future__ import annotations

import json
import random

import pytest

from games.ai import choose
from games.ai.random_play import deal_shuffled
from games.base import Game
from games.records import loads
from games.registry import new_game
from games.review import Review, review
from games.review.choices import is_choice

GAMES = [
    ("belote", 4),
    ("coinche", 4),
    ("piquet", 2),
    ("briscola", 2),
    ("briscola", 3),
    ("chiamata", 5),
    ("sueca", 4),
]


def one_deal(name: str, seats: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = new_game(name, seats=seats, dealer=0)
    deal_shuffled(game, rng)
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        assert seat is not None
        level = ("easy", "normal")[seat % 2]
        game.apply(seat, choose(game.view(seat), game.legal_actions(seat), level, rng))
    return game


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_every_choice_of_the_seat_is_reviewed(name: str, seats: int) -> None:
    game = one_deal(name, seats, seed=11)
    record = loads(json.dumps(game.to_record()))
    replayed = record.new_game()
    replayed.deal(record.deals[0].deck)
    choices = []
    for index, (seat, action) in enumerate(record.deals[0].actions):
        legal = replayed.legal_actions(seat)
        if seat == 0 and is_choice(legal, len(replayed.view(seat).get("hand") or [])):
            choices.append((index, action, replayed.clone()))
        replayed.apply(seat, action)
    found = review(record, seat=0, deal=0, samples=2, seed=3)
    assert [d.index for d in found.decisions] == [i for i, _, _ in choices]
    for decision, (_, action, before) in zip(found.decisions, choices, strict=True):
        assert decision.choice == action
        assert decision.cost >= 0 and 0 <= decision.better_share <= 1
        assert before.is_legal(0, decision.best)
        if decision.cost == 0:
            assert decision.best == decision.choice
        # What the seat saw, and nothing else: its own hand and the table's trick then.
        view = before.view(0)
        assert decision.seen.hand == tuple(view["hand"])
        assert decision.seen.trick == tuple((s, c) for s, c in view["trick"])
        assert decision.seen.sides[0] == "you"
        assert all(a.type != "exchange" for _, a in decision.seen.auction)
    again = review(record, seat=0, deal=0, samples=2, seed=3)
    assert again.to_json() == found.to_json()
    # The typed value's JSON form reads back into the same value (what the bot stores).
    assert Review.from_json(json.loads(json.dumps(found.to_json()))).to_json() == found.to_json()
