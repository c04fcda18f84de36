"""Where puzzles come from: a server's own recent deals (never a challenge's private ones), else
the built-in set; ``/puzzle mine`` serves a member's reviewed mistakes back, never one they
answered; ``/puzzle stats`` counts what they solved."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from bot.puzzles.desk import day_of, now
from bot.puzzles.screens import Shown
from bot.storage.challenges.interface import iso
from bot.text.i18n import t
from games.records import parse
from tests.bot.puzzles.deals import finished_table
from tests.bot.puzzles.test_today import bot_of, card_ids, open_today
from tests.bot.ui.test_fuzz_custom_ids import post_buttons


async def test_a_server_s_puzzle_comes_from_its_own_deals(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("puzzles")
    ann = guild.add_member(env.create_user("ann"))
    storage = bot_of(env).storage
    when = iso(now())
    hidden = await finished_table(
        storage,
        guild.id,
        "sueca",
        4,
        {0: ann.id},
        deals=3,
        seed=1,
        finished_at=when,
        settings={"private": True},
    )
    tables = [
        await finished_table(storage, guild.id, "sueca", 4, {0: ann.id}, seed=s, finished_at=when)
        for s in (2, 3, 4)
    ]
    question = await open_today(ann, channel)
    puzzle_id = int(card_ids(question)[0].split(":")[2])
    stored = await storage.puzzles.get(puzzle_id)
    assert stored is not None and stored.guild_id == guild.id
    table = int(stored.key.split(":")[1])
    assert table in tables and table != hidden
    assert stored.names[1:] == ["Computer 1", "Computer 2", "Computer 3"]
    # Its position is the table's own deal up to the puzzle's decision.
    row = await storage.tables.get(table)
    assert row is not None
    record = (await storage.tables.load_log(table)).record(row)
    shown = Shown.of(stored)
    deal = record.deals[shown.puzzle.deal]
    assert stored.record["deals"][0]["deck"] == deal.deck
    assert len(stored.record["deals"][0]["actions"]) == shown.puzzle.action_index
    # Another server's member cannot open it, even with a button made for it.
    other = env.create_guild()
    there = other.create_text_channel("elsewhere")
    stranger = other.add_member(env.create_user("stranger"))
    [posted] = await post_buttons(env, there, [f"atout:puzzle:{puzzle_id}"])
    refused = await stranger.click(posted, custom_id=f"atout:puzzle:{puzzle_id}")
    assert refused.response is not None and refused.response.content == t("puzzle_unknown")
    assert await storage.puzzles.of_day(guild.id, day_of(now())) == stored


async def test_too_few_deals_or_only_private_ones_draw_a_built_in_puzzle(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("puzzles")
    ann = guild.add_member(env.create_user("ann"))
    storage = bot_of(env).storage
    await finished_table(
        storage,
        guild.id,
        "sueca",
        4,
        {0: ann.id},
        deals=3,
        seed=1,
        finished_at=iso(now()),
        settings={"duplicate": {"dealer": 0, "deck": [], "seed": "x", "samples": 2}},
    )
    question = await open_today(ann, channel)
    stored = await storage.puzzles.get(int(card_ids(question)[0].split(":")[2]))
    assert stored is not None and stored.guild_id is None and stored.key.startswith("builtin:")


def _mistake(record: Any, seat: int) -> dict[str, Any]:
    """A review of ``seat`` in deal 0 whose one costly decision is the seat's fourth card."""
    plays = [i for i, (s, a) in enumerate(record.deals[0].actions) if s == seat]
    index = plays[3]
    action = record.deals[0].actions[index][1]
    return {
        "game": record.game,
        "seat": seat,
        "deal": 0,
        "unit": "card points",
        "decisions": [
            {
                "action_index": index,
                "choice": action.to_json(),
                "best": action.to_json(),
                "cost": 12.0,
                "better_share": 1.0,
                "real": {"choice": 0.0, "best": 12.0},
            }
        ],
    }


async def test_my_mistakes_come_back_as_puzzles_once(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("puzzles")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    storage = bot_of(env).storage
    none = await ann.slash(channel, "puzzle mine")
    assert none.response is not None and none.response.content == t("puzzle_mine_none")
    table = await finished_table(
        storage, guild.id, "sueca", 4, {2: ann.id}, seed=5, finished_at=iso(now())
    )
    row = await storage.tables.get(table)
    assert row is not None
    record = (await storage.tables.load_log(table)).record(row)
    await storage.reviews.store(table, 0, 2, _mistake(record, 2))
    mine = await ann.slash(channel, "puzzle mine")
    question = mine.response
    assert question is not None and question.ephemeral and question.attachments
    assert t("puzzle_from_mine", deal=1, table=table) in question.content
    ids = card_ids(question)
    puzzle_id = int(ids[0].split(":")[2])
    stored = await storage.puzzles.get(puzzle_id)
    assert stored is not None and stored.owner_id == ann.id
    assert Shown.of(stored).puzzle.seat == 2
    # Nobody else may answer it.
    [posted] = await post_buttons(env, channel, [ids[0]])
    refused = await bob.click(posted, custom_id=ids[0])
    assert [f.content for f in refused.followups] == [t("puzzle_not_yours")]
    answered = await ann.click(question, custom_id=ids[0])
    assert answered.response is not None
    assert "found it" not in answered.response.content  # a puzzle of one's own: no server count
    done = await ann.slash(channel, "puzzle mine")
    assert done.response is not None and done.response.content == t("puzzle_mine_done")

    stats = await ann.slash(channel, "puzzle stats")
    assert stats.ephemeral and stats.response is not None
    answer = await storage.puzzles.get_answer(puzzle_id, ann.id)
    assert answer is not None
    solved = int(answer.solved)
    assert (
        t("puzzle_stats_line", game="Sueca", solved=solved, tried=1, current=solved, best=solved)
        in stats.response.content
    )
    empty = await bob.slash(channel, "puzzle stats")
    assert empty.response is not None and empty.response.content == t("puzzle_stats_none")
    assert isinstance(parse(stored.record).deals[0].deck, list)
    assert isinstance(question.message, discord.Message)
