"""Forged and malformed custom_ids, clicked for real: a message carrying them (as a button of an
older version, or of another table, would) is posted, and a seated player and a passer-by click
every one. Each click is answered privately, and nothing changes: not the game, not the log, not
the seats."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest
import simcord
from simcord.actors import _component_interaction, _visible_message

from harness.driver import Table, components_of

VERBS = [
    "play", "bid", "pass", "coinche", "surcoinche", "take", "exchange", "call", "trump",
    "join", "leave", "addbot", "rmbot", "start", "hand", "last", "house", "rejoin", "rule",
    "level", "abandon", "",
]  # fmt: skip
JUNK = ["", "ZZ", "1H", "10H", "AS:AS", "é", "-1", "0x10", "999999999999999999999", "a" * 30, "::"]


def forged_ids(rng: random.Random, table_id: int, version: int, deck: list[str]) -> list[str]:
    """Custom_ids no hand of this moment shows: every action names a wrong version, a table
    that does not exist, or junk; table verbs name a table in play or none."""
    tables = [str(table_id), "0", "424242", "-1", "x", str(10**25)]
    versions = [str(version + 1), str(max(version - 1, 0) if version else 7), str(10**15), "v", ""]
    ids: set[str] = set()
    while len(ids) < 150:
        verb = rng.choice(VERBS)
        parts = ["atout", verb, rng.choice(tables)]
        if rng.random() < 0.7:
            parts.append(rng.choice(versions))
        for _ in range(rng.randrange(3)):
            parts.append(rng.choice([*JUNK, rng.choice(deck), "easy", "hard", "keep", "80"]))
        cid = ":".join(parts)
        if rng.random() < 0.1:
            cid = cid.replace("atout", rng.choice(["Atout", "atout ", "atou", "atout:atout"]), 1)
        if 0 < len(cid) <= 100:
            ids.add(cid)
    return sorted(ids)


async def post_buttons(env: simcord.Env, channel: Any, ids: list[str]) -> list[Any]:
    """Messages carrying ``ids`` as buttons (25 a message), sent by the bot itself."""
    target = env.bot.get_partial_messageable(channel.id)  # type: ignore[attr-defined]
    sent = []
    for start in range(0, len(ids), 25):
        view = discord.ui.View(timeout=None)
        for cid in ids[start : start + 25]:
            view.add_item(discord.ui.Button(label="?", custom_id=cid))
        message = await target.send("forged", view=view)
        sent.append(message.id)
    await env.settle()
    return [m for m in channel.history() if m.id in sent]


async def state(env: simcord.Env, table: Table) -> tuple[Any, ...]:
    session = table.session
    log = await env.bot.storage.tables.load_log(session.id)  # type: ignore[attr-defined]
    row = await env.bot.storage.tables.get(session.id)  # type: ignore[attr-defined]
    return (
        session.game.to_dict(),  # type: ignore[union-attr]
        len(log.actions),
        len(log.deals),
        [(s.seat, s.user_id, s.ai_level) for s in row.seat_list],
        row.status,
        row.options,
    )


async def test_forged_custom_ids_are_refused_and_change_nothing(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    mallory = guild.add_member(env.create_user("mallory"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    assert table.table_id is not None
    game = table.session.game
    assert game is not None
    rng = random.Random(14)
    ids = forged_ids(rng, table.table_id, game.action_count, list(game.full_deck()))
    messages = await post_buttons(env, table.where(), ids)
    before = await state(env, table)
    clicks = 0
    for message in messages:
        for component in components_of(message):
            for who in (alice, mallory):
                stored = _visible_message(who, message)
                data = {"custom_id": component["custom_id"], "component_type": 2}
                result = await _component_interaction(who, stored, data)
                clicks += 1
                cid = component["custom_id"]
                if not cid.startswith("atout:"):
                    continue  # not Atout's: discord.py leaves it alone, as it should
                assert result.acknowledged, cid
                assert answered_privately(result), (cid, result)
                assert await state(env, table) == before, cid
    assert clicks == 2 * len(ids)


def answered_privately(result: Any) -> bool:
    """Refused privately: an ephemeral answer, or (a click acknowledged at once with a deferred
    update that shows nothing) ephemeral follow-ups."""
    if result.ephemeral:
        return True
    return bool(result.deferred and result.followups) and all(f.ephemeral for f in result.followups)


async def test_forged_select_values_are_refused_and_change_nothing(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    game = table.session.game
    assert game is not None and table.table_id is not None
    version = game.action_count
    values = ["ZZ", "AS", "Q", "A:999", "7:-1", "", "S", "keep", "x" * 90]
    target = env.bot.get_partial_messageable(table.where().id)  # type: ignore[attr-defined]
    view = discord.ui.View(timeout=None)
    for verb in ("exchange", "call", "trump"):
        view.add_item(
            discord.ui.Select(
                custom_id=f"atout:{verb}:{table.table_id}:{version}",
                options=[discord.SelectOption(label=v or "-", value=v or "-") for v in values],
                max_values=len(values) if verb == "exchange" else 1,
            )
        )
    view.add_item(
        discord.ui.Select(
            custom_id=f"atout:rule:{table.table_id}:no_such_rule",
            options=[discord.SelectOption(label=v or "-", value=v or "-") for v in values],
        )
    )
    sent = await target.send("forged", view=view)
    await env.settle()
    message = next(m for m in table.where().history() if m.id == sent.id)
    before = await state(env, table)
    for component in components_of(message):
        options = [o["value"] for o in component["options"]]
        choices = [[v] for v in options] + (
            [options[:3], options] if component["max_values"] > 1 else []
        )
        for chosen in choices:
            result = await alice.select(message, chosen, custom_id=component["custom_id"])
            assert result.acknowledged, (component["custom_id"], chosen)
            assert answered_privately(result), (component["custom_id"], chosen)
            assert await state(env, table) == before


async def test_a_click_on_a_hand_rebuilds_its_view_once(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py rebuilds the clicked message's whole view for every item whose template
    matches the id; the answer to unknown ids is not one of them (it matched every ``atout:``
    id, and each click on a hand was rebuilt twice). Unknown ids are still answered (above)."""
    table = Table.alone(env)
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    rebuilt: list[int] = []
    from_message = discord.ui.View.from_message.__func__  # type: ignore[attr-defined]

    def counted(cls: Any, message: Any, /, *, timeout: float | None = 180.0) -> Any:
        rebuilt.append(message.id)
        return from_message(cls, message, timeout=timeout)

    monkeypatch.setattr(discord.ui.View, "from_message", classmethod(counted))
    for _ in range(3):
        await table.play_turn()  # Hand on the table message, then a card on the hand
    assert len(rebuilt) == 3 * 2, rebuilt
