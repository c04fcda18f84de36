"""Slash-option values that Discord would not offer (a stale command registration, another
client) get a polite ephemeral answer, and no table is made."""

from __future__ import annotations

from typing import Any

import pytest
import simcord
import simcord.interactions

from bot.text.i18n import t


@pytest.fixture
def any_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the simulated client send values outside an option's choices."""
    original = simcord.interactions.validate_option_value

    def without_choices(command: str, option: dict[str, Any], value: Any) -> Any:
        return original(command, {k: v for k, v in option.items() if k != "choices"}, value)

    monkeypatch.setattr(simcord.interactions, "validate_option_value", without_choices)


BAD = [
    ("coinche start", {"target_score": 0}, "target_score"),
    ("coinche start", {"target_score": -5}, "target_score"),
    ("belote start", {"target_score": -100}, "target_score"),
    ("briscola start", {"seats": 5}, "5"),
    ("briscola start", {"seats": 0}, "0"),
    ("briscola start", {"seats": -2}, "-2"),
    ("briscola start", {"hands_to_win": 0}, "hands_to_win"),
    ("chiamata start", {"match_deals": -1}, "match_deals"),
    ("piquet start", {"scoring_mode": "golf"}, "scoring_mode"),
    ("sueca start", {"games_to_win": 0}, "games_to_win"),
    ("coinche start", {"level": "expert"}, "level"),
    ("coinche start", {"turn_timer": -5}, "turn_timer"),
    ("coinche start", {"turn_timer": 99999}, "turn_timer"),
    ("sueca start", {"deck_style": "tarot"}, "deck_style"),
    ("sueca start", {"language": "klingon"}, "language"),
    ("coinche start", {"language": "de"}, "language"),
]


@pytest.mark.parametrize(("command", "options", "named"), BAD)
async def test_a_value_outside_the_choices_is_refused_and_changes_nothing(
    env: simcord.Env, any_value: None, command: str, options: dict[str, Any], named: str
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    result = await alice.slash(channel, command, **options)
    assert result.ephemeral and result.response is not None
    assert named in result.response.content
    assert result.response.content != t("error_internal")
    assert await env.bot.storage.tables.active() == []  # type: ignore[attr-defined]
    assert [m for m in channel.history() if not m.flags.ephemeral] == []


async def test_the_offered_values_still_open_a_lobby(env: simcord.Env, any_value: None) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    result = await alice.slash(channel, "briscola start", seats=6, level="hard", turn_timer=60)
    assert result.response is not None and not result.ephemeral
    (row,) = await env.bot.storage.tables.active()  # type: ignore[attr-defined]
    assert row.seats == 6 and row.settings.level == "hard"
    assert row.settings.turn_timer == 60
