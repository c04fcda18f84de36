"""Playing a challenge (issue 24, item 7): the same decisions give the same deals and the same
computer moves; other decisions are answered by the same computer players; the par is what the
hard computer scores in the person's seat; a deal that ended just before a restart counts; an
attempt's records replay; the closing time holds; one attempt each; ephemeral messages where no
private thread may be opened."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.challenge.attempts import Attempts
from bot.config import Settings
from bot.play.computers import budget_choose
from bot.play.sessions import restore_game
from bot.storage.challenges.interface import Challenge
from bot.text.i18n import t
from games.actions import Action
from games.base import Game
from games.duplicate import PLAYER_SEAT, deal_seed, step_rng
from games.records import loads, replay
from games.registry import game_class
from harness.challenge import Attempt, admin, bot_of, card, cards_seen_by, new_challenge
from harness.driver import components_of
from tests.conftest import restart

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = 2


async def opened(
    env: simcord.Env, game: str = "coinche", **options: Any
) -> tuple[Any, Any, Challenge]:
    guild = env.create_guild()
    channel = guild.create_text_channel("challenges")
    boss = admin(env, guild)
    bot_of(env).challenges.samples = SAMPLES
    options.setdefault("deals", 2)
    challenge = await new_challenge(env, boss, channel, game, **options)
    return guild, channel, challenge


async def records(env: simcord.Env, attempt: Attempt) -> list[dict[str, Any]]:
    """The record of each deal the attempt played, read back from storage."""
    storage = bot_of(env).storage
    out = []
    for table_id in attempt.tables:
        row = await storage.tables.get(table_id)
        assert row is not None and row.status == "finished"
        out.append((await restore_game(storage, row)).to_record())
    return out


def hard(challenge: Challenge, deal_no: int) -> Any:
    """The move the challenge's hard computer makes at any seat of that deal."""
    seed = deal_seed(challenge.seed, deal_no)

    def move(game: Game, seat: int) -> Action:
        rng = step_rng(seed, game.action_count)
        return budget_choose(game.view(seat), game.legal_actions(seat), "hard", rng, SAMPLES)

    return move


def computer_moves_follow_the_seed(
    challenge: Challenge, deal_no: int, record: dict[str, Any]
) -> int:
    """Replays a deal's record and checks each computer move is the challenge's hard computer
    on that state (its seed and step): the computers answer what the person did. Returns how
    many computer moves were checked."""
    deal = record["deals"][0]
    game = game_class(record["game"])(
        options=record["options"], seats=record["seats"], dealer=deal["dealer"]
    )
    game.deal(deal["deck"])
    move = hard(challenge, deal_no)
    checked = 0
    for entry in deal["actions"]:
        action = Action.from_json(entry)
        if entry["seat"] != PLAYER_SEAT:
            assert move(game, entry["seat"]) == action, (deal_no, game.action_count, entry)
            checked += 1
        game.apply(entry["seat"], action)
    return checked


async def test_the_same_decisions_see_the_same_game_and_others_are_answered(
    env: simcord.Env,
) -> None:
    guild, channel, challenge = await opened(env)
    twins = [
        Attempt(env, channel, guild.add_member(env.create_user(name)), challenge, seed=5)
        for name in ("ann", "bob")
    ]
    # Other decisions: a legal action at random (the easy player may well choose as the twins).
    pick = random.Random(99)
    other = Attempt(
        env,
        channel,
        guild.add_member(env.create_user("cat")),
        challenge,
        decide=lambda game, seat: pick.choice(game.legal_actions(seat)),
    )
    for attempt in (*twins, other):
        await attempt.play_all()
    first, second, third = [await records(env, attempt) for attempt in (*twins, other)]
    assert len(first) == 2
    # The same deals and every move the same, the computers' included.
    assert first == second
    # Other decisions: the same decks and dealers, another game...
    assert [d["deals"][0]["deck"] for d in third] == [d["deals"][0]["deck"] for d in first]
    assert [d["deals"][0]["dealer"] for d in third] == [d["deals"][0]["dealer"] for d in first]
    assert [d["deals"][0]["actions"] for d in third] != [d["deals"][0]["actions"] for d in first]
    # ... in which every computer move is the challenge's computer answering that state.
    for deal_no, record in enumerate(third):
        assert computer_moves_follow_the_seed(challenge, deal_no, record) > 0


async def test_the_par_is_the_hard_computer_in_the_persons_seat(env: simcord.Env) -> None:
    guild, channel, challenge = await opened(env)
    await bot_of(env).challenges.work_out_pars()
    pars = await bot_of(env).storage.challenges.pars(challenge.id)
    assert sorted(pars) == [0, 1]
    player = guild.add_member(env.create_user("robot"))
    # A person who makes the hard computer's move at each of their turns.
    attempt = Attempt(env, channel, player, challenge)
    attempt.decider = lambda game, seat: hard(challenge, len(attempt.tables) - 1)(game, seat)
    await attempt.play_all()
    results = await bot_of(env).storage.challenges.own_results(challenge.id, player.id)
    assert [r.score for r in results] == [pars[0].score, pars[1].score]
    for deal_no, record in enumerate(await records(env, attempt)):
        game = replay(loads(json.dumps(record))).replay_result()
        assert game["deals"][0]["complete"]
        assert pars[deal_no].detail["result"]["scores"] == game["deals"][0]["scores"]


async def test_a_deal_that_ended_just_before_a_restart_counts(
    env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild, channel, challenge = await opened(env)
    attempt = Attempt(env, channel, guild.add_member(env.create_user("ann")), challenge)
    await attempt.start()
    first_table = attempt.table_id

    # The process dies once the table's end is written, before the challenge hears of it.
    async def lost(self: Attempts, session: Any) -> None:
        return None

    monkeypatch.setattr(Attempts, "deal_over", lost)
    while attempt.session.row.status != "finished":
        await attempt.play_turn()
    stored = await bot_of(env).storage.challenges.get_attempt(challenge.id, attempt.player.id)
    assert stored is not None and stored.deals_done == 0 and stored.table_id == first_table
    monkeypatch.undo()

    await restart(env, settings)
    recovered = await bot_of(env).storage.challenges.get_attempt(challenge.id, attempt.player.id)
    assert recovered is not None and recovered.deals_done == 1
    assert recovered.table_id not in (None, first_table)
    thread = next(t for t in channel.threads if t.id == recovered.thread_id)
    assert any("Deal 1 of 2 is over" in m.content for m in thread.history())
    await attempt.play_all()
    assert (
        len(await bot_of(env).storage.challenges.own_results(challenge.id, attempt.player.id)) == 2
    )


async def test_an_attempts_records_replay_with_python_m_games(
    env: simcord.Env, tmp_path: Path
) -> None:
    guild, channel, challenge = await opened(env, "sueca")
    player = guild.add_member(env.create_user("ann"))
    attempt = Attempt(env, channel, player, challenge)
    refused = await player.slash(channel, "challenge export")
    assert refused.ephemeral and "not finished a deal" in refused.response.content
    await attempt.play_all()
    result = await player.slash(channel, "challenge export")
    assert result.ephemeral and result.response is not None
    files = result.response.attachments
    assert [f.filename for f in files] == [
        f"atout-challenge-{challenge.id}-deal-{n}.json" for n in (1, 2)
    ]
    scores = [
        r.score for r in await bot_of(env).storage.challenges.own_results(challenge.id, player.id)
    ]
    for number, attachment in enumerate(files):
        path = tmp_path / attachment.filename
        path.write_bytes(await attachment.read())
        done = subprocess.run(
            [sys.executable, "-m", "games", "replay", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        replayed = json.loads(done.stdout)
        assert replayed["deals"][0]["complete"]
        assert replayed["deals"][0]["trick_points"][0] == scores[number]


async def test_the_closing_time_is_honoured(env: simcord.Env) -> None:
    guild, channel, challenge = await opened(env, closes_in=1)
    early = Attempt(env, channel, guild.add_member(env.create_user("ann")), challenge)
    await early.start()
    await early.play_deal()
    late = Attempt(env, channel, guild.add_member(env.create_user("bob")), challenge)
    await late.start()
    await late.play_turns(2)
    hand = await late.hand(late.player)
    table = late.session

    await env.advance_time(3600 + 120)

    closed = await bot_of(env).storage.challenges.get(challenge.id)
    assert closed is not None and closed.closed
    assert table.row.status == "abandoned"
    # The deal in play does not count; the deal finished before the closing does.
    assert len(await bot_of(env).storage.challenges.own_results(challenge.id, late.player.id)) == 0
    assert len(await bot_of(env).storage.challenges.own_results(challenge.id, early.player.id)) == 1
    game = table.game
    assert game is not None
    # A click on the hand of the deal in play changes nothing. (Its first row may hold the
    # auction's level select: the challenge's seed, and so the deal, is new each run.)
    buttons = [c for c in components_of(hand) if c.get("type") == 2 and c.get("custom_id")]
    clicked = await late.player.click(hand, custom_id=buttons[0]["custom_id"])
    assert clicked.followups[-1].ephemeral
    assert clicked.followups[-1].content == t("error_not_playing")
    assert game.action_count == table.game.action_count  # type: ignore[union-attr]
    # Play is gone from the card, and asking again is refused.
    shown = card(channel, challenge)
    assert "Closed" in shown.content and "Winner" in shown.content
    assert f"atout:challenge:play:{challenge.id}" not in str(shown.components)
    again = await late.player.slash(channel, "challenge play")
    assert again.ephemeral and "is closed" in again.response.content
    standings = await late.player.slash(channel, "challenge standings")
    assert "final standings" in standings.response.content


async def test_a_second_attempt_is_refused_politely(env: simcord.Env) -> None:
    guild, channel, challenge = await opened(env, "briscola", deals=1)
    player = guild.add_member(env.create_user("ann"))
    attempt = Attempt(env, channel, player, challenge)
    await attempt.play_all()
    for again in (
        await player.slash(channel, "challenge play"),
        await player.click(
            card(channel, challenge), custom_id=f"atout:challenge:play:{challenge.id}"
        ),
    ):
        assert again.ephemeral
        assert again.response.content == (
            f"You have played challenge #{challenge.id} already (one attempt each):"
            " `/challenge results` shows your deals."
        )
    assert len(await bot_of(env).storage.challenges.own_results(challenge.id, player.id)) == 1


async def test_where_no_private_thread_may_be_opened_the_table_is_in_ephemeral_messages(
    env: simcord.Env,
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel(
        "no-threads",
        overwrites={guild.me: discord.PermissionOverwrite(create_private_threads=False)},
    )
    boss = admin(env, guild)
    bot_of(env).challenges.samples = SAMPLES
    challenge = await new_challenge(env, boss, channel, "coinche", deals=2)
    player = guild.add_member(env.create_user("ann"))
    attempt = Attempt(env, channel, player, challenge)
    answer = await attempt.start()
    assert not attempt.in_thread and channel.threads == []
    # The answer is the table and the hand, for this person only.
    names = [a.filename for a in answer.attachments]
    assert names[0].startswith("table-") and names[1].startswith("hand-")
    await attempt.play_all()
    assert len(await bot_of(env).storage.challenges.own_results(challenge.id, player.id)) == 2
    # Nothing but the card was posted where everybody reads.
    public = [m for m in channel.history() if not m.flags.ephemeral]
    assert [m.id for m in public] == [challenge.message_id]
    assert cards_seen_by(env, boss.id) == {}
    endings = [m.content for m in channel.history(viewer=player) if "is over**" in m.content]
    assert len(endings) == 2 and "Challenge complete" in endings[-1]
    # Issue 41.4: alone on the challenge, a 50 % average means nothing: she is told so.
    assert "nobody else has played it yet" in endings[-1] and "average" not in endings[-1]


async def test_each_finished_deal_offers_its_review_to_the_player(env: simcord.Env) -> None:
    """Issue 24 item 4: once a deal is finished, its review is offered on it (privately)."""
    guild, channel, challenge = await opened(env, "briscola", deals=2, seats=2)
    bot_of(env).review.reviews.samples = SAMPLES
    player = guild.add_member(env.create_user("dana"))
    attempt = Attempt(env, channel, player, challenge)
    await attempt.start()
    first = attempt.table_id
    assert first is not None
    await attempt.play_deal()
    wanted = f"atout:review:{first}:0"
    offers = [
        message
        for message in attempt.where().history()
        if any(c.get("custom_id") == wanted for c in components_of(message))
    ]
    assert offers, "no review offered on the finished deal"
    clicked = await player.click(offers[-1], custom_id=wanted)
    assert clicked.ephemeral and clicked.response is not None
    assert clicked.response.content.splitlines()[0] == t(
        "review_title", deal=1, table=first, game=t("game_briscola")
    )
