"""``/puzzle today`` through Discord: the server's puzzle of the day, answered by a card button,
privately; one try; the result (right or wrong, why, how many of the server found it) only for
those who answered; the buttons still work after a restart; two clicks at once, one answer."""

from __future__ import annotations

import asyncio
from typing import Any

import simcord

from bot.app import AtoutBot
from bot.config import Settings
from bot.puzzles.screens import Shown
from bot.puzzles.words import card as card_words
from bot.text.i18n import t
from cogs.puzzle import desk_of
from tests.bot.ui.test_fuzz_custom_ids import post_buttons
from tests.conftest import restart


def bot_of(env: simcord.Env) -> AtoutBot:
    return env.bot  # type: ignore[return-value]


def card_ids(message: Any) -> list[str]:
    return [
        child["custom_id"]
        for row in message.components
        for child in row.get("components", [])
        if child.get("custom_id")
    ]


async def open_today(player: simcord.MemberActor, channel: Any) -> Any:
    result = await player.slash(channel, "puzzle today")
    assert result.ephemeral and result.response is not None, result
    return result.response


async def test_everybody_gets_the_same_puzzle_and_answers_it_once(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("puzzles")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    first = await open_today(ann, channel)
    # The same question asked twice before answering (two messages with live buttons).
    copy = await open_today(ann, channel)
    assert first.ephemeral and first.attachments
    ids = card_ids(first)
    assert ids and all(i.startswith("atout:puzzle:") for i in ids)
    puzzle_id = int(ids[0].split(":")[2])
    second = await open_today(bob, channel)
    assert card_ids(second) == ids
    stored = await bot_of(env).storage.puzzles.get(puzzle_id)
    assert stored is not None
    shown = Shown.of(stored)
    right = shown.puzzle.answer.card
    wrong = next(c for c in shown.choices if c != right)
    # Sealed: the question says nothing of the answer nor of anybody's results.
    assert "found it" not in first.content

    answered = await ann.click(first, custom_id=f"atout:puzzle:{puzzle_id}:{right}")
    text = answered.response.content if answered.response else ""
    assert text.startswith(f"**{t('puzzle_title_day', game=t(f'game_{stored.game}'))}**")
    assert "✅" in text and "Why" in text
    assert t("puzzle_solvers", found=1, answered=1) in text
    assert card_ids(answered.response) == []

    again = await ann.click(copy, custom_id=f"atout:puzzle:{puzzle_id}:{wrong}")
    assert [f.content for f in again.followups] == [t("puzzle_already")]
    kept = await bot_of(env).storage.puzzles.get_answer(puzzle_id, ann.id)
    assert kept is not None and kept.solved and kept.card == right

    missed = await bob.click(second, custom_id=f"atout:puzzle:{puzzle_id}:{wrong}")
    assert missed.response is not None and "❌" in missed.response.content
    assert t("puzzle_solvers", found=1, answered=2) in missed.response.content
    # Issue 41.15: the line that beats the wrong card, in the answer's form, then the answer's.
    said = missed.response.content.splitlines()
    named = card_words(wrong, stored.game, "en")
    why_not = said.index(t("puzzle_why_not", card=named))
    why = said.index(t("puzzle_why", answer=card_words(right, stored.game, "en")))
    assert why_not < why and said[why_not + 1].startswith(
        t("puzzle_line_trick", number=1, plays="")
    )
    assert named in said[why_not + 1]
    # Asked again the same day: the result under the puzzle's picture, not the question
    # (issue 41.16: it came back without its picture).
    back = await open_today(bob, channel)
    assert "❌" in back.content and card_ids(back) == []
    assert back.attachments and back.attachments[0].filename.startswith(f"puzzle-{puzzle_id}")


async def test_two_clicks_at_once_record_one_answer(env: simcord.Env) -> None:
    """simcord runs one click at a time: the two answers race where the clicks meet, in the
    desk, as the table's two clicks race in its session (tests/bot/ui/test_refusals.py)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("puzzles")
    ann = guild.add_member(env.create_user("ann"))
    question = await open_today(ann, channel)
    cards = [i.split(":")[3] for i in card_ids(question)]
    desk = desk_of(env.bot)
    stored = await bot_of(env).storage.puzzles.get(int(card_ids(question)[0].split(":")[2]))
    assert stored is not None
    results = await asyncio.gather(
        *(desk.answer(stored, ann.id, guild.id, card) for card in cards[:2])
    )
    assert sum(r is not None for r in results) == 1
    answers = await bot_of(env).storage.puzzles.answers_of(ann.id)
    assert [a.card for a in answers] == [next(r for r in results if r is not None).card]
    # The button pressed afterwards is refused, and nothing changes.
    late = await ann.click(question, custom_id=card_ids(question)[2 % len(cards)])
    assert [f.content for f in late.followups] == [t("puzzle_already")]
    assert await bot_of(env).storage.puzzles.answers_of(ann.id) == answers


async def test_the_buttons_work_after_a_restart(env: simcord.Env, settings: Settings) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("puzzles")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    question = await open_today(ann, channel)
    ids = card_ids(question)
    before = await bob.click(await open_today(bob, channel), custom_id=ids[-1])
    assert before.response is not None
    await restart(env, settings)
    # Nothing lost: bob's answer stands, and the day's puzzle is the same.
    kept = await open_today(bob, channel)
    assert card_ids(kept) == [] and kept.content == before.response.content
    assert card_ids(await open_today(guild.add_member(env.create_user("cy")), channel)) == ids
    answered = await ann.click(question, custom_id=ids[0])
    assert answered.response is not None and t("puzzle_streak", current=0, best=0)[:7] in (
        answered.response.content
    )
    assert len(await bot_of(env).storage.puzzles.answers_of(ann.id)) == 1


async def test_forged_puzzle_buttons_are_refused_and_change_nothing(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("puzzles")
    ann = guild.add_member(env.create_user("ann"))
    question = await open_today(ann, channel)
    puzzle_id = int(card_ids(question)[0].split(":")[2])
    stored = await bot_of(env).storage.puzzles.get(puzzle_id)
    assert stored is not None
    outside = next(
        f"{rank}{suit}"
        for rank in "23456789TJQKA"
        for suit in "SHDC"
        if f"{rank}{suit}" not in Shown.of(stored).choices
    )
    expected = {
        f"atout:puzzle:{puzzle_id}:{outside}": t("puzzle_not_a_choice"),
        f"atout:puzzle:{puzzle_id + 999}:AS": t("puzzle_unknown"),
        f"atout:puzzle:{puzzle_id + 999}": t("puzzle_unknown"),
        f"atout:puzzle:{puzzle_id}:1X": t("error_malformed"),
        "atout:puzzle:x": t("error_malformed"),
    }
    [posted] = await post_buttons(env, channel, list(expected))
    for custom_id, refusal in expected.items():
        clicked = await ann.click(posted, custom_id=custom_id)
        said = [m for m in [clicked.response, *clicked.followups] if m is not None]
        assert said[-1].content == refusal and said[-1].ephemeral, custom_id
        assert posted.content == "forged"
    assert await bot_of(env).storage.puzzles.answers_of(ann.id) == []
