"""What a starter may choose for a table's settings: the values Discord offers make the typed
settings; anything else is refused with its key and value, for a polite answer."""

from __future__ import annotations

import pytest

from bot.play.settings import MAX_TURN_TIMER, SettingRefused, chosen_settings
from bot.storage.tables.settings import TableSettings

OFFERED = {"level": "normal", "deck_style": "italian", "turn_timer": 120, "language": "it"}


def test_the_offered_values_make_the_settings() -> None:
    assert chosen_settings(**OFFERED) == TableSettings(
        level="normal", deck_style="italian", turn_timer=120, language="it"
    )
    assert chosen_settings(**{**OFFERED, "turn_timer": 0}).turn_timer == 0
    assert chosen_settings(**{**OFFERED, "turn_timer": MAX_TURN_TIMER}).turn_timer == 3600


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("level", "expert"),
        ("level", None),
        ("deck_style", "tarot"),
        ("turn_timer", -5),
        ("turn_timer", MAX_TURN_TIMER + 1),
        ("turn_timer", True),
        ("turn_timer", "60"),
        ("language", "de"),
        ("language", None),
    ],
)
def test_a_value_the_bot_does_not_know_is_refused_by_name(key: str, value: object) -> None:
    with pytest.raises(SettingRefused) as refused:
        chosen_settings(**{**OFFERED, key: value})
    assert (refused.value.key, refused.value.value) == (key, value)
