"""Discord's global limit kept by the bot (``bot.global_limit``): requests wait their place in
order, never more than the rate in any second, an interaction's routes not counted; the setting
``ATOUT_DISCORD_RATE``, shared among clusters; and a whole game played under a tight limit."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest
import simcord
from discord.http import Route

from bot.config import Settings, load_settings
from bot.global_limit import DEFAULT_RATE, MAX_RATE, GlobalLimit, exempt, install
from bot.text.i18n import t
from harness.driver import Table


class Clock:
    """A clock that moves only when a request sleeps (the sleep is recorded, not waited)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sent: list[float] = []
        self.slept: list[float] = []

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)


def _limit(rate: int, clock: Clock) -> GlobalLimit:
    return GlobalLimit(rate, clock=lambda: clock.now, sleep=clock.sleep)


def _most_in_a_second(instants: list[float]) -> int:
    return max(sum(1 for s in instants if start <= s < start + 1.0) for start in instants)


async def test_requests_beyond_the_rate_wait_their_place_in_order() -> None:
    clock = Clock()
    limit = _limit(3, clock)
    for _ in range(7):
        await limit.take()
    # Three at once, then three a second later, then the seventh two seconds later.
    assert clock.slept == [1.0, 1.0, 1.0, 2.0]
    assert limit.waited == 4
    given = list(limit._given)
    assert given == [1.0, 1.0, 2.0]


async def test_no_second_ever_holds_more_than_the_rate() -> None:
    clock = Clock()
    limit = _limit(5, clock)
    sent: list[float] = []
    for step in range(60):
        clock.now = step * 0.07  # a request every 70 ms: 14 a second asked, 5 allowed
        before = len(clock.slept)
        await limit.take()
        sent.append(clock.now + (clock.slept[-1] if len(clock.slept) > before else 0.0))
    assert sent == sorted(sent), "served in the order asked"
    assert _most_in_a_second(sent) == 5


async def test_a_quiet_bot_never_waits() -> None:
    clock = Clock()
    limit = _limit(5, clock)
    for step in range(50):
        clock.now = step * 0.25  # 4 a second
        await limit.take()
    assert clock.slept == [] and limit.waited == 0


async def test_a_request_cancelled_while_waiting_keeps_its_place() -> None:
    """Its place is not given again: the limit holds even if it was sent after all."""
    limit = GlobalLimit(1, per=60.0)
    await limit.take()
    waiting = asyncio.ensure_future(limit.take())
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert len(limit._given) == 1 and limit._given[0] > asyncio.get_running_loop().time()


def test_a_limit_needs_a_request_a_second() -> None:
    with pytest.raises(ValueError):
        GlobalLimit(0)


@pytest.mark.parametrize(
    ("path", "counted"),
    [
        ("/channels/{channel_id}/messages", True),
        ("/channels/{channel_id}/messages/{message_id}", True),
        ("/channels/{channel_id}/threads", True),
        ("/interactions/{interaction_id}/{interaction_token}/callback", False),
        ("/webhooks/{webhook_id}/{webhook_token}/messages/@original", False),
    ],
)
def test_an_interactions_routes_are_not_counted(path: str, counted: bool) -> None:
    assert exempt(path) is not counted


async def test_installed_on_a_client_the_counted_routes_wait_and_the_others_go() -> None:
    clock = Clock()
    arrived: list[str] = []

    class Http:
        async def request(self, route: Route, **kwargs: Any) -> str:
            arrived.append(route.path)
            return route.path

    http = Http()
    install(http, _limit(2, clock))
    message = Route("POST", "/channels/{channel_id}/messages", channel_id=1)
    answer = Route(
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        interaction_id=2,
        interaction_token="x",
    )
    for _ in range(3):
        assert await http.request(message, json={"content": "a"}) == message.path
    assert clock.slept == [1.0], "the third message waited"
    for _ in range(5):
        await http.request(answer)
    assert clock.slept == [1.0], "an interaction's answers never wait"
    assert arrived == [message.path] * 3 + [answer.path] * 5


def test_the_rate_is_read_from_the_environment_and_shared_among_clusters() -> None:
    assert load_settings({}, "/x/.env").discord_rate == DEFAULT_RATE
    assert load_settings({"ATOUT_DISCORD_RATE": " 300 "}, "/x/.env").discord_rate == 300
    assert load_settings({"ATOUT_DISCORD_RATE": "0"}, "/x/.env").discord_rate == 0
    two_of_four = {"ATOUT_SHARD_COUNT": "4", "ATOUT_SHARDS": "0,1"}
    assert load_settings(two_of_four, "/x/.env").discord_rate == DEFAULT_RATE * 2 // 4
    one_of_sixty = {"ATOUT_SHARD_COUNT": "60", "ATOUT_SHARDS": "7"}
    assert load_settings(one_of_sixty, "/x/.env").discord_rate == 1
    # Settings made in code (tests, benchmarks) keep to no limit unless told.
    assert Settings().discord_rate == 0


@pytest.mark.parametrize("value", ["-1", "fast", "1.5", "²", str(MAX_RATE + 1)])
def test_a_wrong_rate_is_refused_in_one_line(value: str) -> None:
    with pytest.raises(ValueError) as refused:
        load_settings({"ATOUT_DISCORD_RATE": value}, "/nonexistent/.env")
    assert str(refused.value) == t("cli_discord_rate", most=MAX_RATE, value=repr(value))
    assert "ATOUT_DISCORD_RATE" in str(refused.value)


def _counted(world: simcord.Env) -> int:
    """Requests simcord's Discord received that Discord's global limit counts."""
    return sum(1 for entry in world.backend.http_requests if not exempt(entry.path))


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The suite's bot, keeping to a limit it never reaches: every request it counts is seen."""
    return dataclasses.replace(settings, discord_rate=1_000)


async def test_every_counted_request_of_a_whole_game_keeps_to_the_limit(env: simcord.Env) -> None:
    """Installed when the bot starts, before its commands are synced: from then on every
    request that Discord counts took its place, and no answer to a click did. (How the places
    are given is the tests above: simcord's timers would wait in real time.)"""
    limit = env.bot.global_limit  # type: ignore[attr-defined]
    assert limit is not None and limit.rate == 1_000
    before_start = _counted(env) - limit.taken  # discord.py's login, before the hook
    table = Table.alone(env)
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    await table.play_to_end()
    assert limit.taken > 20, "the table's messages, edits and pings"
    assert _counted(env) - limit.taken == before_start
    answers = len(env.backend.http_requests) - _counted(env)
    assert answers > 20, "the clicks' answers and the hands went, not counted"
