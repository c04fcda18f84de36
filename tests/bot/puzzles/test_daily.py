"""``/puzzle daily``: the server's puzzle of the day posted in the channel an admin chose, every
day until stopped; the post shows no hand and no result, and its "Solve it" opens the puzzle for
the clicker only."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from bot.text.i18n import t
from harness.driver import cards_shown
from tests.bot.puzzles.test_today import bot_of, card_ids
from tests.conftest import DAY_SWEEP_S

SWEEP_S = DAY_SWEEP_S
DAY_S = 24 * 3600

pytestmark = pytest.mark.usefixtures("coarse_sweeps")


def posts(env: simcord.Env, channel: object) -> list[Any]:
    return [
        m
        for m in channel.history()  # type: ignore[attr-defined]
        if m.content.startswith("**Puzzle of the day")
    ]


async def test_the_day_s_puzzle_is_posted_every_day_until_stopped(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("daily")
    role = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[role])
    ann = guild.add_member(env.create_user("ann"))
    refused = await ann.slash(channel, "puzzle daily")
    assert refused.response is not None and refused.response.content == t("error_manage_server")
    started = await boss.slash(channel, "puzzle daily")
    assert started.ephemeral and started.response is not None
    assert started.response.content == t("puzzle_daily_on", channel=f"<#{channel.id}>")
    [first] = posts(env, channel)
    stored = env.backend.get_message(channel.id, first.id)
    assert first.attachments and cards_shown(stored) == set()
    ids = card_ids(stored)
    assert len(ids) == 1 and ids[0].startswith("atout:puzzle:")
    opened = await ann.click(first, custom_id=ids[0])
    assert opened.ephemeral and opened.response is not None
    assert len(card_ids(opened.response)) >= 3
    answered = await ann.click(opened.response, custom_id=card_ids(opened.response)[0])
    assert answered.response is not None
    assert t("puzzle_solvers", found=0, answered=1) in answered.response.content
    # Sealed: the post is as it was; nothing of the answers reached the channel.
    assert posts(env, channel)[0].content == first.content and len(posts(env, channel)) == 1

    await env.advance_time(DAY_S + SWEEP_S)
    assert len(posts(env, channel)) == 2
    second = card_ids(env.backend.get_message(channel.id, posts(env, channel)[-1].id))
    assert second != ids  # a new day, a new puzzle
    stopped = await boss.slash(channel, "puzzle daily", action="stop")
    assert stopped.response is not None and stopped.response.content == t("puzzle_daily_off")
    await env.advance_time(DAY_S + SWEEP_S)
    assert len(posts(env, channel)) == 2
    again = await boss.slash(channel, "puzzle daily", action="stop")
    assert again.response is not None and again.response.content == t("puzzle_daily_none")
    assert await bot_of(env).storage.puzzles.due_daily("9999-01-01T00:00:00Z") == []
