"""The hidden-information check of the game tests can fail: it finds cards in text, labels,
select options and custom_ids."""

from __future__ import annotations

from types import SimpleNamespace

from harness.driver import cards_shown


def test_cards_are_found_wherever_a_message_names_them() -> None:
    message = SimpleNamespace(
        content="Alice holds J♥ and 10♠",
        components=[
            {
                "type": 1,
                "components": [
                    {"type": 2, "label": "Q♦", "custom_id": "atout:play:1:2:KC"},
                    {
                        "type": 3,
                        "custom_id": "atout:call:1:2",
                        "options": [{"label": "x", "value": "7D"}],
                    },
                ],
            }
        ],
    )
    assert cards_shown(message) == {"JH", "TS", "QD", "KC", "7D"}


def test_words_are_not_cards() -> None:
    message = SimpleNamespace(
        content="Table 12 — Seat 2: QS? no: 'AS' inside ASK is not", components=[]
    )
    assert cards_shown(message) == set()
