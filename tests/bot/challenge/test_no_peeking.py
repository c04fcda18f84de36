"""No peeking (issue 24, item 4): nothing about a deal reaches a person before they have played it —
not the card, not the standings, not their results, not another player's thread or table (by any
button or command, forged ones included), and the challenge's deals never join the history."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord
import simcord
from simcord.actors import _component_interaction, _visible_message

from bot.storage.challenges import Challenge
from bot.text.i18n import t
from tests.bot.challenge.play import Attempt, admin, bot_of, card, cards_seen_by, new_challenge
from tests.bot.driver import CARD_CODE, CARD_LABEL, components_of
from tests.bot.ui.test_fuzz_custom_ids import post_buttons

SAMPLES = 2


@dataclass
class Scene:
    guild: Any
    channel: Any
    challenge: Challenge
    ann: Attempt
    bob: Attempt


async def two_players(env: simcord.Env) -> Scene:
    """Ann has played both deals of a Coinche challenge; Bob has played the first only."""
    guild = env.create_guild()
    channel = guild.create_text_channel("challenges")
    boss = admin(env, guild)
    bot_of(env).challenges.samples = SAMPLES
    challenge = await new_challenge(env, boss, channel, "coinche", deals=2)
    ann = Attempt(env, channel, guild.add_member(env.create_user("ann")), challenge, seed=1)
    bob = Attempt(env, channel, guild.add_member(env.create_user("bob")), challenge, seed=2)
    await ann.play_all()
    await bob.start()
    await bob.play_deal()
    return Scene(guild, channel, challenge, ann, bob)


async def test_a_thread_is_private_to_its_player(env: simcord.Env) -> None:
    scene = await two_players(env)
    from simcord.backend.access import channel_accessible

    backend = env.backend
    attempt = await bot_of(env).storage.get_attempt(scene.challenge.id, scene.ann.player.id)
    assert attempt is not None and attempt.thread_id is not None
    thread = backend.channels[attempt.thread_id]
    assert thread.type == discord.ChannelType.private_thread.value
    assert set(thread.thread_members) == {backend.bot_user.id, scene.ann.player.id}
    assert channel_accessible(backend, thread.id, scene.ann.player.id)
    assert not channel_accessible(backend, thread.id, scene.bob.player.id)
    # Every card Bob can read anywhere is in his own thread or his own hands.
    own = await bot_of(env).storage.get_attempt(scene.challenge.id, scene.bob.player.id)
    assert own is not None
    for message_id in cards_seen_by(env, scene.bob.player.id):
        message = next(
            m
            for messages in backend.messages.values()
            for m in messages.values()
            if m.id == message_id
        )
        assert message.channel_id == own.thread_id or message.is_ephemeral


async def test_the_card_and_the_standings_say_nothing_about_a_deal(env: simcord.Env) -> None:
    scene = await two_players(env)
    shown = card(scene.channel, scene.challenge)
    assert not CARD_CODE.search(shown.content) and not CARD_LABEL.search(shown.content)
    assert "Players: 2 · finished: 1" in shown.content
    result = await scene.bob.player.slash(scene.channel, "challenge standings")
    text = result.response.content
    assert not CARD_CODE.search(text) and not CARD_LABEL.search(text)
    # Counts of deals completed and totals only: no contract, no trump, no deal's score.
    lines = [line for line in text.splitlines() if re.match(r"\d+\. ", line)]
    assert len(lines) == 2
    for line in lines:
        assert re.fullmatch(r"\d+\. \w+ — [\d.]+% · [+-]\d[\d,]* against par · \d/2 deals", line), (
            line
        )
    for word in ("♠", "♥", "♦", "♣", "No trumps", "Contract", "coinche"):
        assert word not in text.replace("Coinche", "")


async def test_results_show_a_deal_only_to_those_who_played_it(env: simcord.Env) -> None:
    scene = await two_players(env)
    locked = await scene.bob.player.slash(scene.channel, "challenge results", deal=2)
    assert locked.ephemeral
    assert locked.response.content == t("challenge_results_locked", number=2)
    mine = await scene.bob.player.slash(scene.channel, "challenge results")
    assert "Deal 1: " in mine.response.content and "Deal 2: not played yet" in mine.response.content
    field = await scene.bob.player.slash(scene.channel, "challenge results", deal=1)
    assert field.ephemeral
    content = field.response.content
    assert "ann" in content and "bob" in content and content.startswith("**Challenge")
    assert "Par:" in content
    stranger = scene.guild.add_member(env.create_user("cat"))
    nothing = await stranger.slash(scene.channel, "challenge results")
    assert nothing.response.content == t("challenge_results_none", id=scene.challenge.id)
    peek = await stranger.slash(scene.channel, "challenge results", deal=1)
    assert peek.response.content == t("challenge_results_locked", number=1)


async def test_nobody_else_reaches_a_players_table(env: simcord.Env) -> None:
    scene = await two_players(env)
    table = scene.bob.table_id
    assert table is not None
    finished = scene.ann.tables[0]
    cat = scene.guild.add_member(env.create_user("cat"))
    nowhere = t("error_no_table")
    # Forged clicks: the buttons of Bob's table message, posted where the others can press them.
    forged = await post_buttons(
        env, scene.channel, [f"atout:hand:{table}", f"atout:last:{table}", f"atout:last:{finished}"]
    )
    for who in (scene.ann.player, cat):
        for component in components_of(forged[0]):
            if who is scene.ann.player and component["custom_id"].endswith(f":{finished}"):
                continue  # her own table
            stored = _visible_message(who, forged[0])
            data = {"custom_id": component["custom_id"], "component_type": 2}
            clicked = await _component_interaction(who, stored, data)
            assert clicked.ephemeral and clicked.response.content == nowhere, component
    for who in (scene.ann.player, cat):
        for command in ("table export", "table rules", "table hand"):
            for target in (table, finished):
                if who is scene.ann.player and target == finished:
                    continue
                answer = await who.slash(scene.channel, command, table=target)
                assert answer.ephemeral and answer.response.content == nowhere, (command, target)
    # Bob's own table: he may export it (its finished deals only) but not leave or abandon it.
    left = await scene.bob.player.slash(scene.channel, "table leave", table=table)
    assert left.response.content == t("error_challenge_table")
    abandoned = await scene.bob.player.slash(scene.channel, "table abandon", table=table)
    assert abandoned.response.content == t("error_challenge_table")
    assert scene.bob.session.row.status == "playing"


async def test_the_deals_join_no_history_and_move_no_rating(env: simcord.Env) -> None:
    scene = await two_players(env)
    for command in ("history", "stats"):
        answer = await scene.ann.player.slash(scene.channel, command)
        assert answer.ephemeral and "ann" not in answer.response.content.split(":")[0].lower()
    assert await bot_of(env).storage.history(scene.guild.id, scene.ann.player.id, None) == []
    board = await scene.ann.player.slash(scene.channel, "leaderboard", game="coinche")
    assert board.ephemeral
