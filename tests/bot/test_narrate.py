"""The sentences under the table image and in the deal summaries."""

from __future__ import annotations

from random import Random

from bot.narrate import event_text, options_line, side_names, status_line
from games.registry import new_game

NAMES = ["Marie", "Luc", "Ana", "Rui"]


def test_events_in_words() -> None:
    assert event_text({"type": "coinche", "seat": 1}, NAMES) == "Coinched by Luc"
    assert (
        event_text({"type": "bid", "seat": 0, "value": 120, "trump": "H"}, NAMES)
        == "Marie bid 120 ♥"
    )
    assert event_text({"type": "take", "seat": 2, "trump": "NT"}, NAMES) == "Ana took SA"
    assert event_text({"type": "trick", "seat": 3, "winner": 3}, NAMES) == "Rui won the trick"
    assert (
        event_text({"type": "trump", "seat": 0, "suit": "D", "called_card": "KD"}, NAMES)
        == "Marie named diamonds: the called card is K♦"
    )
    assert event_text({"type": "deal_result", "seat": None}, NAMES) is None


def test_the_status_line_says_whose_turn_it_is() -> None:
    game = new_game("sueca", {}, 4, dealer=3)
    deck = list(game.full_deck())
    Random(2).shuffle(deck)
    game.deal(deck)
    assert status_line(game, NAMES) == "Marie to play"
    card = game.legal_actions(0)[0]
    game.apply(0, card)
    assert status_line(game, NAMES) == "Luc to play"


def test_sides_and_house_rules() -> None:
    game = new_game("sueca", {}, 4, dealer=0)
    assert side_names(game, NAMES) == ["Marie & Ana", "Luc & Rui"]
    assert options_line({"a": 1, "b": True}, {"a": 1, "b": False}) == "b = on"
    assert options_line({"a": 1}, {"a": 1}) == "standard rules"
