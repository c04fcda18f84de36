"""Clicks that must change nothing: a user who is not seated, a stale hand, two clicks at once,
a full lobby, Start by someone else or before every seat is filled."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import simcord

from bot.text.i18n import t
from games.actions import Action
from harness.driver import Table, components_of


async def count_actions(env: simcord.Env, table_id: int) -> int:
    log = await env.bot.storage.tables.load_log(table_id)  # type: ignore[attr-defined]
    return len(log.actions)


@pytest.fixture
async def table(env: simcord.Env) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    players = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    table = Table(env, channel, players)
    await table.open("briscola", computers=2, seats=4, hands_to_win=1)
    return table


async def test_a_user_who_is_not_seated_changes_nothing(env: simcord.Env, table: Table) -> None:
    carol = table.channel.guild.add_member(env.create_user("carol"))  # type: ignore[union-attr]
    before = table.session.game.to_dict()  # type: ignore[union-attr]
    result = await carol.click(table.table_message(), custom_id=f"atout:hand:{table.table_id}")
    assert result.ephemeral and result.response is not None
    assert result.response.content == t("error_not_seated")
    slash = await carol.slash(table.channel, "table hand", table=table.table_id)
    assert slash.ephemeral and slash.response is not None
    assert slash.response.content == t("error_not_seated")
    # Spectators may look at the last trick once there is one; it is a public image.
    assert table.session.game.to_dict() == before  # type: ignore[union-attr]


async def test_a_click_on_a_stale_hand_changes_nothing(
    env: simcord.Env, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand the bot could not withdraw (its interaction token expired: simulated by a withdraw
    that cannot delete) keeps its buttons; once the game moved on, each of its clicks is refused."""
    from bot.table import hands

    async def expired(interaction: Any) -> bool:
        return False

    monkeypatch.setattr(hands, "withdraw", expired)
    game = table.session.game
    assert game is not None
    seat = table.session.seat(game.to_act)  # type: ignore[arg-type]
    assert seat is not None and seat.user_id is not None
    player = table.actor(seat.user_id)
    first = await table.hand(player)
    second = await table.hand(player)
    cards = [c for c in components_of(first) if c.get("custom_id", "").startswith("atout:play:")]
    assert len(cards) == 3
    result = await player.click(second, custom_id=cards[0]["custom_id"])
    assert result.acknowledged
    after_first = table.session.game.to_dict()  # type: ignore[union-attr]
    logged = await count_actions(env, table.session.id)
    # The first hand still shows the old version's buttons: each click is refused.
    stale = await player.click(first, custom_id=cards[1]["custom_id"])
    # Acknowledged at once (a deferred update: nothing public), then refused privately.
    assert stale.deferred and stale.followups
    assert stale.followups[-1].ephemeral
    assert stale.followups[-1].content == t("error_stale")
    assert table.session.game.to_dict() == after_first  # type: ignore[union-attr]
    assert await count_actions(env, table.session.id) == logged


async def test_two_clicks_at_once_apply_one_action(env: simcord.Env, table: Table) -> None:
    session = table.session
    game = session.game
    assert game is not None
    seat = session.seat(game.to_act)  # type: ignore[arg-type]
    assert seat is not None and seat.user_id is not None
    version = game.action_count
    first, second = game.legal_actions(game.to_act)[:2]  # type: ignore[arg-type]
    logged = await count_actions(env, session.id)
    results = await asyncio.gather(
        session.act(seat.user_id, version, first), session.act(seat.user_id, version, second)
    )
    assert sorted(r.ok for r in results) == [False, True]
    refused = next(r for r in results if not r.ok)
    assert refused.error in ("stale", "not_your_turn")
    assert await count_actions(env, session.id) == logged + 1
    played = session.game.log[-1]["actions"][-1]  # type: ignore[union-attr]
    winner = first if results[0].ok else second
    assert Action.from_json(played) == winner


async def test_lobby_refusals(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    opened = await alice.slash(channel, "briscola start", seats=2)
    lobby = opened.response
    assert lobby is not None
    table_id = int(
        next(c for c in components_of(lobby) if "join" in c["custom_id"])["custom_id"].split(":")[2]
    )
    # Start is disabled until every seat is filled: a real user cannot click it.
    with pytest.raises(simcord.SetupError):
        await alice.click(lobby, custom_id=f"atout:start:{table_id}")
    again = await alice.click(lobby, custom_id=f"atout:join:{table_id}")
    assert again.response is not None and again.response.content == t("error_already_seated")
    await bob.click(lobby, custom_id=f"atout:join:{table_id}")
    # A full table's Join is disabled (issue 11): a real user cannot click it any more; the
    # refusal stays for a click from an older copy of the lobby.
    with pytest.raises(simcord.SetupError):
        await carol.click(lobby, custom_id=f"atout:join:{table_id}")
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    assert [s.user_id for s in session.row.seat_list if s].count(carol.id) == 0
    not_starter = await bob.click(lobby, custom_id=f"atout:start:{table_id}")
    assert not_starter.response is not None
    assert not_starter.response.content == t("error_starter_only")
    house = await bob.click(lobby, custom_id=f"atout:house:{table_id}")
    assert house.response is not None and house.response.content == t("error_starter_only")
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    assert session.row.status == "lobby"
