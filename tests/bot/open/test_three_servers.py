"""Issue 44, item 9: players of three servers fill a four-player Coinche table and play it
through, each server reading its mirror in its own language; a quick-chat phrase reaches the
other mirrors in their languages, and a player muted is no longer read; a restart mid-deal
brings every mirror back."""

from __future__ import annotations

from typing import Any

import simcord

from bot.app import AtoutBot
from bot.config import Settings
from bot.table.places import places
from harness.driver import components_of, custom_ids
from tests.bot.open.players import OpenTable, open_server
from tests.cogs.test_languages_games import speaking
from tests.conftest import restart

__all__ = ["speaking"]  # the fixture, imported to be used here


def thread_words(table: OpenTable, user_id: int) -> str:
    return "\n".join(m.content for m in table.mirror_channel(user_id).history())


async def say(table: OpenTable, user_id: int, value: str) -> Any:
    """The player picks ``value`` on their hand's quick-chat menu, while another plays (at
    their own turn of a Coinche auction, its controls fill every row of the hand)."""
    while table.session.seat(table.to_act()).user_id == user_id:  # type: ignore[union-attr]
        await table.play_turn()
    hand = await table.hand(user_id)
    (chat,) = [c for c in custom_ids(hand) if c.startswith("atout:chat:")]
    options = next(c for c in components_of(hand) if c.get("custom_id") == chat)["options"]
    assert value in [o["value"] for o in options], options
    result = await table.actor(user_id).select(hand, [value], custom_id=chat)
    assert result.acknowledged
    return result


async def test_three_servers_at_one_coinche_table(
    env: simcord.Env, settings: Settings, speaking: dict[int, str]
) -> None:
    north = await open_server(env, "north", 2)
    nord = await open_server(env, "nord", 1)
    kita = await open_server(env, "kita", 1)
    ann, amy = north.people
    (luc,), (yui,) = nord.people, kita.people
    speaking[luc.id], speaking[yui.id] = "fr", "ja"

    # North offers a lobby to the queue (a short game); Luc and Yui come from the queue, Amy
    # joins with the lobby's button.
    opened = await ann.slash(north.channel, "coinche start", open=True, target_score=100)
    assert opened.response is not None
    table_id = int(next(c for c in custom_ids(opened.response) if ":join:" in c).split(":")[2])
    await amy.click(opened.response, custom_id=f"atout:join:{table_id}")
    shorter = {luc.id: "Coinche en 100 points", yui.id: "コワンシュ、100 点先取"}
    for actor, server in ((luc, nord), (yui, kita)):
        answer = await actor.slash(server.channel, "play", game="coinche", seats=4)
        assert answer.response is not None and str(table_id) in answer.response.content
        # The lobby's house rules are not the queue's standard ones: the player reads them.
        assert shorter[actor.id] in answer.response.content, answer.response.content
    lobby = next(m for m in north.channel.history() if m.id == opened.response.id)
    assert "Luc" not in lobby.content or f"<@{luc.id}>" not in lobby.content
    assert f"<@{luc.id}>" not in lobby.content, "another server's player is named, never pinged"
    await ann.click(opened.response, custom_id=f"atout:start:{table_id}")

    who = {ann.id: north, amy.id: north, luc.id: nord, yui.id: kita}
    table = OpenTable(env, table_id, who)
    assert len(places(table.session)) == 3, "one mirror per server, north's two share theirs"
    assert "Places :" in thread_words(table, luc.id) and "席：" in thread_words(table, yui.id)
    assert "Règles\xa0: Coinche en 100 points" in thread_words(table, luc.id)

    for _ in range(3):
        await table.play_turn()
    # A phrase from north reaches the others in their languages.
    await say(table, ann.id, "well_played")
    assert "💬 **North 0**: Well played!" in thread_words(table, amy.id)
    assert "💬 **North 0** : Bien joué !" in thread_words(table, luc.id)
    assert "ナイスプレー！" in thread_words(table, yui.id)
    # Luc mutes Ann: her next phrase reaches north and kita, never nord again.
    ann_seat = table.session.seat_of(ann.id)
    await say(table, luc.id, f"mute:{ann_seat}")
    await env.advance_time(5.0)
    await say(table, ann.id, "good_luck")
    assert "Bonne chance" not in thread_words(table, luc.id)
    assert "幸運" not in thread_words(table, yui.id) and "よろしく" in thread_words(table, yui.id)

    # A restart mid-deal: every mirror comes back, and the game goes on from where it stood.
    game = table.session.game
    assert game is not None and not game.over and game.log[-1]["actions"], "mid-deal"
    version = game.action_count
    bot: AtoutBot = await restart(env, settings)
    if bot.tables.restore_task is not None:
        await bot.tables.restore_task
    await env.settle()
    resumed = table.session.game
    assert resumed is not None and resumed.action_count == version
    assert len(places(table.session)) == 3
    while table.session.game is not None and not table.session.game.over:
        await table.play_turn()
    assert table.session.row.status == "finished"
    for user, ended in ((amy.id, "Game over"), (luc.id, "Partie terminée"), (yui.id, "ゲーム終了")):
        assert ended in thread_words(table, user), user
