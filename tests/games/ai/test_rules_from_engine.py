"""The computer players play with the engine's deck and follow rule, whatever the table's rules
and seats: ``Rules`` reads them from the engine (``Game.deck_for``, ``Game.follows_suit``), so a
house rule that changes the deck (Piquet's 36 cards, the 2 left out with three at Briscola) or
the duty to follow (chiamata's ``follow_rule``) reaches them without a copy to keep in step."""

from __future__ import annotations

import random

import pytest

from games.ai.knowledge import FREE, Rules
from games.registry import GAME_NAMES, game_class, new_game
from tests.games.conftest import random_action, shuffled_deck

RULE_SETS = [
    (name, seats, options)
    for name in GAME_NAMES
    for seats in game_class(name).SEAT_COUNTS
    for options in (
        [{}, {"rules_era": "c17"}, {"rules_era": "old"}]
        if name == "piquet"
        else [{"three_player_removed_card": two} for two in ("2C", "2S")]
        if name == "briscola"
        else [{"follow_rule": "must_follow"}, {"follow_rule": "free"}]
        if name == "chiamata"
        else [{}]
    )
]


@pytest.mark.parametrize(("name", "seats", "options"), RULE_SETS)
def test_rules_hold_the_engines_deck_and_follow_duty(
    name: str, seats: int, options: dict[str, str]
) -> None:
    rng = random.Random(f"{name}{seats}{options}")
    game = new_game(name, options=options, seats=seats, dealer=0)
    game.deal(shuffled_deck(game, rng))
    for _ in range(3):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, random_action(game, seat, rng))
    seat = game.to_act
    assert seat is not None
    rules = Rules(game.view(seat))
    assert sorted(rules.deck) == sorted(game.full_deck())
    assert rules.size == len(game.full_deck())
    assert (rules.follow != FREE) == type(game).follows_suit(game.options)


def test_the_follow_duty_is_the_one_the_engine_enforces() -> None:
    """``follows_suit`` is what the engine's legal plays obey: with a duty, a player holding the
    suit led is offered that suit only."""
    for name in ("briscola", "sueca", "chiamata"):
        for options in ({}, {"follow_rule": "free"}) if name == "chiamata" else ({},):
            game = new_game(name, options=options, seats=game_class(name).SEAT_COUNTS[-1])
            rng = random.Random(name + str(options))
            duty = type(game).follows_suit(game.options)
            offered_off_suit = False
            for _ in range(400):
                if game.over:
                    break
                if game.awaiting_deck:
                    game.deal(shuffled_deck(game, rng))
                    continue
                seat = game.to_act
                assert seat is not None
                view = game.view(seat)
                if view["trick"] and view["phase"] == "play":
                    led = view["trick"][0][1][1]
                    plays = {a.card for a in game.legal_actions(seat) if a.card}
                    if any(c[1] == led for c in view["hand"]):
                        offered_off_suit |= any(c[1] != led for c in plays)
                game.apply(seat, random_action(game, seat, rng))
            assert offered_off_suit != duty, (name, options)
