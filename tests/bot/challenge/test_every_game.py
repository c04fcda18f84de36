"""Every game, every seat count and house rules of any kind make a challenge (issue 24, item 6): a
deal is played through Discord, its result recorded in the game's unit, its par worked out, and
its record replays."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord

from bot.play.sessions import restore_game
from games.duplicate import PLAYER_SEAT, seat_result
from games.records import loads, replay
from harness.challenge import Attempt, admin, bot_of, new_challenge

CASES: list[tuple[str, dict[str, Any]]] = [
    ("belote", {"rules": "round2_sa_ta=true"}),
    ("coinche", {"rules": "sa_ta_enabled=true, target_score=2000"}),
    ("piquet", {}),
    ("briscola", {"seats": 2}),
    ("briscola", {"seats": 3}),
    ("briscola", {"seats": 4}),
    ("briscola", {"seats": 6}),
    ("chiamata", {"rules": "bidding=two_then_points"}),
    ("sueca", {}),
]


@pytest.mark.parametrize(
    ("game", "options"),
    CASES,
    ids=[f"{g}-{o.get('seats', '')}{o.get('rules', '')}" for g, o in CASES],
)
async def test_a_challenge_of_every_game(
    env: simcord.Env, game: str, options: dict[str, Any]
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("challenges")
    boss = admin(env, guild)
    bot_of(env).challenges.samples = 2
    challenge = await new_challenge(env, boss, channel, game, deals=1, **options)
    if "seats" in options:
        assert challenge.seats == options["seats"]
    if "rules" in options:
        assert challenge.options
    player = guild.add_member(env.create_user("ann"))
    attempt = Attempt(env, channel, player, challenge)
    await attempt.play_all()
    await bot_of(env).challenges.work_out_pars()
    storage = bot_of(env).storage
    row = await storage.tables.get(attempt.tables[0])
    assert row is not None and row.options == challenge.options
    engine = await restore_game(storage, row)
    assert engine.log[0]["deck"] == list(challenge.deals[0].deck)
    assert engine.log[0]["dealer"] == challenge.deals[0].dealer
    [result] = await storage.challenges.own_results(challenge.id, player.id)
    assert result.score == seat_result(engine, PLAYER_SEAT)
    assert 0 in await storage.challenges.pars(challenge.id)
    replayed = replay(loads(json.dumps(engine.to_record()))).replay_result()
    assert replayed["deals"][0]["complete"]
