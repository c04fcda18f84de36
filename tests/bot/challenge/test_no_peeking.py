"""No peeking (issue 24, item 4): nothing about a deal reaches a person before they have played it —
not the card, not the standings, not their results, not another player's thread or table (by any
button or command, forged ones included), and the challenge's deals never join the history.

Every test reads one scene, played once for the module (``scene``): its three deals of Coinche
against hard computers were 2.5 s of CPU a test. What a test does in it changes nothing another
reads (members who never play, refused commands, standings asked for, the pars worked out)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio
import simcord
from simcord.actors import _component_interaction, _visible_message

from bot.play import workers
from bot.storage.challenges.interface import Challenge
from bot.text.i18n import t
from harness.challenge import Attempt, admin, bot_of, card, cards_seen_by, new_challenge
from harness.driver import CARD_CODE, CARD_LABEL, components_of
from rendering.challenge import ChallengeRow
from tests.bot.ui.test_fuzz_custom_ids import post_buttons
from tests.support.shared_env import module_world

SAMPLES = 2

pytestmark = pytest.mark.asyncio(loop_scope="module")


@dataclass
class Scene:
    guild: Any
    channel: Any
    challenge: Challenge
    ann: Attempt
    bob: Attempt


async def two_players(env: simcord.Env) -> Scene:
    """Ann has played both deals of a Coinche challenge; Bob has played the first only."""
    assert not workers.SEARCH_LEVELS, "searched in threads, as in the bot's other tests"
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


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def played(
    tmp_path_factory: pytest.TempPathFactory, sqlite_template: Path
) -> AsyncIterator[tuple[simcord.Env, Scene]]:
    """One world for the module (``tests.support.shared_env``), and the scene played in it."""
    async with module_world(tmp_path_factory.mktemp("peeking"), sqlite_template) as world:
        yield world, await two_players(world)


@pytest.fixture
def env(played: tuple[simcord.Env, Scene]) -> simcord.Env:
    return played[0]


@pytest.fixture
def scene(played: tuple[simcord.Env, Scene]) -> Iterator[Scene]:
    yield played[1]
    # What the bot raised during this test (even if handled) fails this test.
    played[0].raise_errors()


async def test_a_thread_is_private_to_its_player(env: simcord.Env, scene: Scene) -> None:
    from simcord.backend.access import channel_accessible

    backend = env.backend
    attempt = await bot_of(env).storage.challenges.get_attempt(
        scene.challenge.id, scene.ann.player.id
    )
    assert attempt is not None and attempt.thread_id is not None
    thread = backend.channels[attempt.thread_id]
    assert thread.type == discord.ChannelType.private_thread.value
    assert set(thread.thread_members) == {backend.bot_user.id, scene.ann.player.id}
    assert channel_accessible(backend, thread.id, scene.ann.player.id)
    assert not channel_accessible(backend, thread.id, scene.bob.player.id)
    # Every card Bob can read anywhere is in his own thread or his own hands.
    own = await bot_of(env).storage.challenges.get_attempt(scene.challenge.id, scene.bob.player.id)
    assert own is not None
    for message_id in cards_seen_by(env, scene.bob.player.id):
        message = next(
            m
            for messages in backend.messages.values()
            for m in messages.values()
            if m.id == message_id
        )
        assert message.channel_id == own.thread_id or message.is_ephemeral


async def test_the_card_and_the_standings_say_nothing_about_a_deal(
    env: simcord.Env, scene: Scene
) -> None:
    shown = card(scene.channel, scene.challenge)
    assert not CARD_CODE.search(shown.content) and not CARD_LABEL.search(shown.content)
    assert "Players: 2 · finished: 1" in shown.content
    # Nobody leads on the card while it is open: a leader's average is made of deals most
    # readers have not played.
    assert "Leading" not in shown.content and "ann" not in shown.content
    result = await scene.bob.player.slash(scene.channel, "challenge standings")
    assert result.ephemeral, "each reader's own standings, never the channel's"
    text = result.response.content
    assert not CARD_CODE.search(text) and not CARD_LABEL.search(text)
    # What is counted, the reader's own line, and no table in words (the image has it).
    assert "Only the deal you have finished counts here (of 2)" in text
    own = [line for line in text.splitlines() if line.startswith("You: ")]
    assert len(own) == 1
    assert re.fullmatch(
        r"You: rank \d of 2( \(tied\))? · [\d.]+% · [+-]?\d[\d,]* against par · 1 of 2 deals played",
        own[0],
    ), own[0]
    assert "ann —" not in text
    for word in ("♠", "♥", "♦", "♣", "No trumps", "Contract", "coinche"):
        assert word not in text.replace("Coinche", "")


async def test_standings_count_only_the_deals_the_reader_has_finished(
    env: simcord.Env, scene: Scene
) -> None:
    """Issue 33, item 6: Bob, who has played deal 1 only, takes Ann's total against par from
    his standings and subtracts her result on deal 1 (which he may see): nothing of her deal 2
    may be left. Before, her total covered both deals, and the difference was her result on
    deal 2 to the point."""
    storage = bot_of(env).storage
    challenge = scene.challenge
    await bot_of(env).challenges.work_out_pars()
    pars = await storage.challenges.pars(challenge.id)
    assert sorted(pars) == [0, 1]
    seen = await storage.challenges.standings(
        challenge.id, user_id=scene.bob.player.id, deals_below=1
    )
    ann = next(line for line in seen.lines if line.user_id == scene.ann.player.id)
    field = await storage.challenges.deal_field(challenge.id, 0)
    ann_deal_1 = next(r for r in field if r.user_id == scene.ann.player.id)
    assert ann.deals == 1
    assert ann.vs_par - (ann_deal_1.score - pars[0].score) == 0
    assert ann.percent == ann_deal_1.percent
    # A member who has finished no deal gets no standings at all while it is open.
    cat = scene.guild.add_member(env.create_user("cat"))
    refused = await cat.slash(scene.channel, "challenge standings")
    assert refused.ephemeral and not refused.response.attachments
    assert refused.response.content == t("challenge_standings_unplayed", id=challenge.id)
    # The card's Standings button answers Bob the same way as the command.
    clicked = await scene.bob.player.click(
        card(scene.channel, challenge), custom_id=f"atout:challenge:standings:{challenge.id}"
    )
    assert clicked.ephemeral and "1 of 2 deals played" in clicked.response.content


async def test_sealed_standings_count_everybody_over_the_reader_s_deals(
    env: simcord.Env, scene: Scene, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 41.4: Ann has finished both deals; Bob, who has finished one, read her line as
    "1/2 deals", as if she had played one. Every line counts the deals counted here: "1/1"."""
    import bot.challenge.screens as screens

    drawn: list[list[ChallengeRow]] = []
    real = screens.render_challenge_standings

    def render(*args: Any, **kwargs: Any) -> bytes:
        drawn.append(list(args[3]))
        return real(*args, **kwargs)

    monkeypatch.setattr(screens, "render_challenge_standings", render)
    result = await scene.bob.player.slash(scene.channel, "challenge standings")
    assert result.ephemeral
    assert {(row.name, row.deals, row.deal_count) for row in drawn[-1]} == {
        ("ann", 1, 1),
        ("bob", 1, 1),
    }
    # Bob's own line says in words what he has played, beside the image's "1/1" (it read
    # "1/2 deals" there: two fractions of one person over different deals).
    own = [line for line in result.response.content.splitlines() if line.startswith("You: ")]
    assert own and own[0].endswith(" · 1 of 2 deals played"), own


async def test_results_show_a_deal_only_to_those_who_played_it(
    env: simcord.Env, scene: Scene
) -> None:
    locked = await scene.bob.player.slash(scene.channel, "challenge results", deal=2)
    assert locked.ephemeral
    assert locked.response.content == t("challenge_results_locked", number=2)
    mine = await scene.bob.player.slash(scene.channel, "challenge results")
    assert "Deal 1: " in mine.response.content and "Deal 2: not played yet" in mine.response.content
    field = await scene.bob.player.slash(scene.channel, "challenge results", deal=1)
    assert field.ephemeral
    content = field.response.content
    assert "ann" in content and "bob" in content and content.startswith("**Challenge")
    assert "Par (the hard computer in your seat): " in content
    stranger = scene.guild.add_member(env.create_user("cat"))
    nothing = await stranger.slash(scene.channel, "challenge results")
    assert nothing.response.content == t("challenge_results_none", id=scene.challenge.id)
    peek = await stranger.slash(scene.channel, "challenge results", deal=1)
    assert peek.response.content == t("challenge_results_locked", number=1)


async def test_nobody_else_reaches_a_players_table(env: simcord.Env, scene: Scene) -> None:
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


async def test_the_deals_join_no_history_and_move_no_rating(env: simcord.Env, scene: Scene) -> None:
    for command in ("history", "stats"):
        answer = await scene.ann.player.slash(scene.channel, command)
        assert answer.ephemeral and "ann" not in answer.response.content.split(":")[0].lower()
    assert (
        await bot_of(env).storage.ratings.history(scene.guild.id, scene.ann.player.id, None) == []
    )
    board = await scene.ann.player.slash(scene.channel, "leaderboard", game="coinche")
    assert board.ephemeral
