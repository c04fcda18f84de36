"""Public images are drawn in the table's language (a table setting), like the table's sentences;
a hand, which only its owner sees, in the owner's own language (their Discord client's)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import simcord

import rendering
from harness.driver import Table


async def test_images_are_drawn_in_the_tables_language(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, set[str]] = {}

    def spy(name: str) -> None:
        original = getattr(rendering, name)

        def wrapper(*args: Any, **kwargs: Any) -> bytes:
            seen.setdefault(name, set()).add(kwargs.get("locale", "missing"))
            return original(*args, **kwargs)

        monkeypatch.setattr(rendering, name, wrapper)

    for name in ("render_table", "render_hand", "render_deal_summary", "render_score_sheet"):
        spy(name)
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    table.session.row.settings = replace(table.session.row.settings, language="pt-PT")
    await table.play_to_end()
    assert seen["render_table"] >= {"pt-PT"}
    # simcord's clients are en-US: alice's hand is English at a Portuguese table.
    assert seen["render_hand"] == {"en"}
    assert seen["render_deal_summary"] == {"pt-PT"}
    assert seen["render_score_sheet"] == {"pt-PT"}
