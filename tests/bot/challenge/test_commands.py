"""The ``/challenge`` commands around play: who may start a challenge (Manage Server, or the role
an admin names), the daily challenge, and a clear one-line refusal for every input that can be
wrong."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.text.i18n import t
from harness.challenge import admin, bot_of, card, new_challenge
from tests.conftest import DAY_SWEEP_S

SWEEP_S = DAY_SWEEP_S
DAY_S = 24 * 3600

pytestmark = pytest.mark.usefixtures("coarse_sweeps")


async def test_who_may_start_a_challenge(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("challenges")
    boss = admin(env, guild)
    hosts = guild.create_role("hosts")
    host = guild.add_member(env.create_user("host"), roles=[hosts])
    member = guild.add_member(env.create_user("member"))
    refused = await host.slash(channel, "challenge new", game="sueca")
    assert refused.ephemeral and refused.response.content == t("error_challenge_rights")
    not_theirs = await member.slash(channel, "challenge role", role=hosts)
    assert not_theirs.response.content == t("error_manage_server")
    named = await boss.slash(channel, "challenge role", role=hosts)
    assert named.ephemeral and hosts.mention in named.response.content
    challenge = await new_challenge(env, host, channel, "sueca", deals=1)
    assert challenge.creator_id == host.id and challenge.deal_count == 1
    still = await member.slash(channel, "challenge new", game="sueca")
    assert still.response.content == t("error_challenge_rights")
    cleared = await boss.slash(channel, "challenge role")
    assert cleared.response.content == t("challenge_role_cleared")
    again = await host.slash(channel, "challenge new", game="sueca")
    assert again.response.content == t("error_challenge_rights")


async def test_wrong_inputs_are_refused_in_one_line(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("challenges")
    boss = admin(env, guild)
    bot_of(env).challenges.samples = 2
    player = guild.add_member(env.create_user("ann"))
    none = await player.slash(channel, "challenge play")
    assert none.response.content == t("challenge_none")
    for options, expected in (
        ({"deals": 25}, t("error_challenge_deals", value=25, most=24)),
        ({"deals": 0}, t("error_challenge_deals", value=0, most=24)),
        ({"rules": "sa_ta_enabled"}, t("error_challenge_rule_text", text="sa_ta_enabled")),
    ):
        answer = await boss.slash(channel, "challenge new", game="coinche", **options)
        assert answer.ephemeral and answer.response.content == expected, options
    for rules in ("no_such_rule=1", "target_score=-5", "sa_ta_enabled=maybe"):
        answer = await boss.slash(channel, "challenge new", game="coinche", rules=rules)
        assert answer.ephemeral, rules
        assert answer.response.content.startswith("Those rules cannot be used: "), rules
        assert "\n" not in answer.response.content
    seats = await boss.slash(channel, "challenge new", game="briscola", seats=5)
    assert seats.response.content.startswith("Those rules cannot be used: ")
    unknown = await player.slash(channel, "challenge standings", challenge=404)
    assert unknown.response.content == t("challenge_unknown", id=404)
    challenge = await new_challenge(env, boss, channel, "sueca", deals=2)
    empty = await player.slash(channel, "challenge standings")
    assert empty.response.content == t("challenge_standings_unplayed", id=challenge.id)
    wrong_deal = await player.slash(channel, "challenge results", deal=3)
    assert wrong_deal.response.content == t("error_challenge_deal", id=challenge.id, most=2)
    # Another server's challenge is not this server's business.
    other = env.create_guild()
    there = other.create_text_channel("elsewhere")
    stranger = other.add_member(env.create_user("stranger"))
    foreign = await stranger.slash(there, "challenge play", challenge=challenge.id)
    assert foreign.response.content == t("challenge_unknown", id=challenge.id)


async def test_a_daily_challenge_comes_every_day_until_stopped(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("daily")
    boss = admin(env, guild)
    # Each day's challenge has its pars worked out at once: two samples a move, as elsewhere.
    bot_of(env).challenges.samples = 2
    started = await boss.slash(channel, "challenge daily", game="briscola", deals=3)
    assert started.ephemeral and "every day" in started.response.content
    storage = bot_of(env).storage
    first = await storage.challenges.latest(guild.id, "2000-01-01T00:00:00Z")
    assert first is not None and first.daily and first.deal_count == 3
    assert card(channel, first).content.startswith(f"**Challenge #{first.id} — Briscola**")

    await env.advance_time(DAY_S + SWEEP_S)
    second = await storage.challenges.latest(guild.id, "2000-01-01T00:00:00Z")
    assert second is not None and second.id != first.id and second.daily
    closed = await storage.challenges.get(first.id)
    assert closed is not None and closed.closed
    assert "Closed" in card(channel, first).content

    stopped = await boss.slash(channel, "challenge daily", game="briscola", action="stop")
    assert stopped.response.content == t("challenge_daily_off", game="Briscola")
    await env.advance_time(DAY_S + SWEEP_S)
    latest = await storage.challenges.latest(guild.id, "2000-01-01T00:00:00Z")
    assert latest is not None and latest.id == second.id
    cards = [m for m in channel.history() if m.content.startswith("**Challenge #")]
    assert len(cards) == 2
    again = await boss.slash(channel, "challenge daily", game="briscola", action="stop")
    assert again.response.content == t("challenge_daily_none", game="Briscola")


async def test_the_card_play_and_standings_buttons(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("challenges")
    boss = admin(env, guild)
    challenge = await new_challenge(env, boss, channel, "piquet", deals=1)
    shown = card(channel, challenge)
    ids = [c.custom_id for row in shown.components for c in row.children]
    assert ids == [
        f"atout:challenge:play:{challenge.id}",
        f"atout:challenge:standings:{challenge.id}",
    ]
    player = guild.add_member(env.create_user("ann"))
    standings = await player.click(shown, custom_id=f"atout:challenge:standings:{challenge.id}")
    assert standings.ephemeral
    assert standings.response.content == t("challenge_standings_unplayed", id=challenge.id)
    assert isinstance(shown.components[0], discord.ActionRow)
