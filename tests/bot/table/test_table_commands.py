"""The lobby's house rules and computer levels, and the shared ``/table`` commands."""

from __future__ import annotations

import json

import discord
import simcord

from bot.text.i18n import t
from harness.driver import Table, components_of


async def test_house_rules_are_chosen_in_the_lobby_by_the_starter(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    opened = await alice.slash(channel, "coinche start", target_score=1000)
    lobby = opened.response
    assert lobby is not None and "Coinche to 1,000 points" in lobby.content
    table_id = int(components_of(lobby)[0]["custom_id"].split(":")[2])
    panel = await alice.click(lobby, custom_id=f"atout:house:{table_id}")
    assert panel.ephemeral and panel.response is not None
    picked = await alice.select(
        panel.response, ["melds_enabled"], custom_id=f"atout:rule:{table_id}"
    )
    assert picked.response is not None
    await alice.select(picked.response, ["false"], custom_id=f"atout:rule:{table_id}:melds_enabled")
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    assert session.row.options == {"target_score": 1000, "melds_enabled": False}
    stored = await env.bot.storage.tables.get(table_id)  # type: ignore[attr-defined]
    assert stored.options == {"target_score": 1000, "melds_enabled": False}
    refreshed = next(m for m in channel.history() if m.id == lobby.id)
    assert "Coinche to 1,000 points · no melds" in refreshed.content


async def test_computer_levels_are_stored_per_seat(env: simcord.Env) -> None:
    table = Table.alone(env)
    await table.open("sueca", computers=3, games_to_win=1)
    levels = [s.ai_level for s in table.session.row.seat_list]
    assert levels == [None, "easy", "normal", "hard"]
    stored = await env.bot.storage.tables.get(table.table_id)  # type: ignore[attr-defined]
    assert [s.ai_level for s in stored.seat_list] == levels


async def test_table_commands_in_the_thread(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    table = Table(env, channel, [alice, bob])
    await table.open("briscola", computers=0, seats=2, hands_to_win=2)
    thread = table.where()
    assert thread.is_thread

    rules = await alice.slash(thread, "table rules")
    assert rules.ephemeral and rules.response is not None
    assert "Hands to win: 2" in rules.response.content

    hand = await bob.slash(thread, "table hand")
    assert hand.ephemeral and hand.response is not None
    assert hand.response.attachments

    # While the game is in progress the record holds only the completed deals.
    await table.play_until(lambda g: len(g.deal_results) == 1)
    exported = await alice.slash(channel, "table export", table=table.table_id)
    assert exported.response is not None and exported.ephemeral
    record = json.loads(await exported.response.attachments[0].read())
    assert record["format"] == "atout-record/1"
    assert len(record["deals"]) == len(table.session.game.deal_results)  # type: ignore[union-attr]

    left = await bob.slash(thread, "table leave")
    assert left.response is not None and left.ephemeral
    seat = table.session.row.seat(1)
    assert seat is not None and seat.is_computer
    # Bob's seat is played by a computer now: Alice alone plays the game to its end.
    table.players = [alice]
    await table.play_to_end()


async def test_abandon_by_the_starter(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    table = Table(env, channel, [alice, bob])
    await table.open("sueca", computers=2)
    thread = table.where()
    to_act = table.session.seat(table.session.game.to_act)  # type: ignore[union-attr,arg-type]
    player = table.actor(to_act.user_id)  # type: ignore[union-attr,arg-type]
    old_hand = await table.hand(player)
    vote = await bob.slash(thread, "table abandon")
    assert vote.response is not None
    assert table.session.row.status == "playing"
    done = await alice.slash(thread, "table abandon")
    assert done.response is not None and done.response.content == t(
        "table_abandoned", id=table.table_id
    )
    stored = await env.bot.storage.tables.get(table.table_id)  # type: ignore[attr-defined]
    assert stored.status == "abandoned"
    message = table.table_message()
    assert message.content.endswith(t("table_abandoned", id=table.table_id))
    assert not message.components
    # A hand opened before the table was abandoned refuses every click.
    card = next(c for c in components_of(old_hand) if c["custom_id"].startswith("atout:play:"))
    refused = await player.click(old_hand, custom_id=card["custom_id"])
    assert refused.followups and refused.followups[-1].ephemeral
    assert refused.followups[-1].content == t("error_not_playing")


async def test_games_of_two_guilds_are_independent(env: simcord.Env) -> None:
    tables = []
    for name in ("one", "two"):
        guild = env.create_guild(name=name)
        channel = guild.create_text_channel("cards")
        player = guild.add_member(env.create_user(f"{name}-player"))
        table = Table(env, channel, [player], seed=len(tables))
        await table.open("briscola", computers=1, seats=2, hands_to_win=1)
        tables.append(table)
    assert tables[0].table_id != tables[1].table_id
    while not all(t.session.game.over for t in tables):  # type: ignore[union-attr]
        for table in tables:
            if not table.session.game.over:  # type: ignore[union-attr]
                before = [t.session.game.action_count for t in tables]  # type: ignore[union-attr]
                await table.play_turn()
                other = tables[1 - tables.index(table)]
                assert other.session.game.action_count == before[1 - tables.index(table)]  # type: ignore[union-attr]


async def test_a_spectator_may_look_at_the_last_trick(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    carol = guild.add_member(env.create_user("carol"))
    table = Table(env, channel, [alice])
    await table.open("sueca", computers=3, games_to_win=1)
    await table.play_until(lambda g: g.public_view().get("last_trick"))
    shown = await carol.click(table.table_message(), custom_id=f"atout:last:{table.table_id}")
    assert shown.ephemeral and shown.response is not None
    assert shown.response.attachments[0].filename.startswith("last-")


async def test_without_threads_the_table_stays_in_the_channel(env: simcord.Env) -> None:
    guild = env.create_guild()
    assert guild.me is not None
    channel = guild.create_text_channel(
        "cards", overwrites={guild.me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    assert table.session.row.thread_id is None
    assert channel.threads == []
    lobby = next(m for m in channel.history() if m.id == table.lobby.id)
    assert t("lobby_started", where=t("lobby_here")) in lobby.content
    await table.play_to_end()
    assert any(m.content.startswith("**Game over") for m in channel.history())


def test_house_rule_values() -> None:
    from bot.table.house_rules import option_values
    from games.registry import game_class

    specs = {s.name: s for s in game_class("belote").OPTIONS}
    assert option_values(specs["la_vache"], False) == [True, False]
    assert option_values(specs["rounding"], "none") == list(specs["rounding"].choices or ())
    targets = option_values(specs["target_score"], 1000)
    assert {500, 1000, 2000} <= set(targets) and len(targets) <= 25
    assert min(targets) >= 100, "a 1000-point game is not offered a target of 1, 2 or 3"
    # The lobby offers what /belote start suggests for the same rule.
    assert set(specs["target_score"].suggested) <= set(targets)
    for game in ("belote", "coinche", "piquet", "briscola", "sueca", "chiamata"):
        for spec in game_class(game).OPTIONS:
            if spec.suggested:
                assert set(spec.suggested) <= set(option_values(spec, spec.default)), spec.name
    briscola = {s.name: s for s in game_class("briscola").OPTIONS}
    assert option_values(briscola["hands_to_win"], 3)[:5] == [1, 2, 3, 4, 5]
    coinche = {s.name: s for s in game_class("coinche").OPTIONS}
    assert 3000 in option_values(coinche["target_score"], 3000)
    chiamata = {s.name: s for s in game_class("chiamata").OPTIONS}
    assert all(v % 5 == 0 for v in option_values(chiamata["match_deals"], 5))


def _rule_values(message: object) -> list[str]:
    select = next(c for c in components_of(message) if c.get("options"))
    return [o["value"] for o in select["options"]]


async def test_every_coinche_rule_is_reachable_past_discords_25_options(env: simcord.Env) -> None:
    """Coinche has more house rules than one select holds: a "More rules" entry turns the page."""
    from games.registry import game_class

    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    lobby = (await alice.slash(channel, "coinche start")).response
    assert lobby is not None
    table_id = int(components_of(lobby)[0]["custom_id"].split(":")[2])
    panel = await alice.click(lobby, custom_id=f"atout:house:{table_id}")
    assert panel.response is not None
    first = _rule_values(panel.response)
    assert len(first) == 25 and first[-1] == "page:1"
    turned = await alice.select(panel.response, ["page:1"], custom_id=f"atout:rule:{table_id}")
    assert turned.response is not None
    second = _rule_values(turned.response)
    assert second[-1] == "page:0"
    names = [s.name for s in game_class("coinche").OPTIONS]
    assert first[:-1] + second[:-1] == names
    assert {"carre_values", "target_score"} <= set(second)
    picked = await alice.select(
        turned.response, ["carre_values"], custom_id=f"atout:rule:{table_id}"
    )
    assert picked.response is not None and "J 200" in picked.response.content
    await alice.select(picked.response, ["fixed"], custom_id=f"atout:rule:{table_id}:carre_values")
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    assert session.row.options == {"carre_values": "fixed"}


async def test_belote_house_rules_list_the_new_keys_in_words(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    lobby = (await alice.slash(channel, "belote start")).response
    assert lobby is not None
    table_id = int(components_of(lobby)[0]["custom_id"].split(":")[2])
    panel = await alice.click(lobby, custom_id=f"atout:house:{table_id}")
    assert panel.response is not None
    values = _rule_values(panel.response)
    assert {"ta_belote", "carre_values", "success_basis"} <= set(values)
    picked = await alice.select(panel.response, ["ta_belote"], custom_id=f"atout:rule:{table_id}")
    assert picked.response is not None and "all trump" in picked.response.content
    assert _rule_values(picked.response) == ["each_suit", "none"]
    await alice.select(picked.response, ["none"], custom_id=f"atout:rule:{table_id}:ta_belote")
    refreshed = next(m for m in channel.history() if m.id == lobby.id)
    assert "Belote in TA: no belote" in refreshed.content
