"""A failure after a step is committed never leaves a table stuck: a computer player that
fails, a hand image that cannot be drawn, a drive that stopped half-way."""

from __future__ import annotations

import random
from typing import Any

import pytest
import simcord

import bot.play.driving
import bot.ui.images
from bot.config import Settings
from bot.play.driving import stalled
from bot.play.sessions import TableSession
from bot.text.i18n import t
from games.actions import Action
from harness.driver import Table
from tests.conftest import restart


async def open_briscola(env: simcord.Env) -> Table:
    table = Table.alone(env)
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    return table


def logged(caplog: pytest.LogCaptureFixture, text: str) -> bool:
    return any(text in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("failure", ["raises", "illegal"])
async def test_a_failing_computer_player_does_not_stop_the_game(
    env: simcord.Env, caplog: pytest.LogCaptureFixture, failure: str
) -> None:
    """Its seat takes a legal action instead, and the failure is logged with the table."""

    def broken(view: dict[str, Any], legal: list[Action], level: str, rng: random.Random) -> Action:
        if failure == "raises":
            raise RuntimeError("the computer player crashed")
        return Action("play", card="2S" if view["hand"][0] != "2S" else "3S")

    env.bot.tables.choose = broken  # type: ignore[attr-defined]
    table = await open_briscola(env)
    await table.play_to_end()
    assert logged(caplog, f"table {table.table_id}: the computer player of seat")
    caplog.clear()


async def test_a_hand_that_cannot_be_redrawn_still_moves_the_game_on(
    env: simcord.Env, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_briscola(env)
    session = table.session
    game = session.game
    assert game is not None
    alice = table.players[0]
    hand = await table.hand(alice)
    version = game.action_count
    shown = table.table_message().content
    original = bot.ui.images.hand_file

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise OSError("no image today")

    monkeypatch.setattr(bot.ui.images, "hand_file", broken)
    result = await table.click_action(alice, hand, table.decide(game.to_act))  # type: ignore[arg-type]
    assert result.acknowledged and result.followups
    assert result.followups[-1].ephemeral
    assert result.followups[-1].content == t("hand_not_updated")
    # The game moved on: the table message shows alice's card, and the next player is asked.
    game = table.session.game
    assert game is not None and game.action_count > version
    assert table.table_message().content != shown
    assert game.to_act is not None and table.session.seat(game.to_act).user_id == alice.id  # type: ignore[union-attr]
    assert logged(caplog, f"table {table.table_id}: could not update the hand")
    caplog.clear()
    monkeypatch.setattr(bot.ui.images, "hand_file", original)
    await table.play_to_end()


async def test_a_stalled_table_is_driven_again_when_someone_looks_at_it(
    env: simcord.Env, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_briscola(env)
    alice = table.players[0]
    failures = [RuntimeError("the database was locked")]
    original = bot.play.driving.computer_turn

    async def flaky(session: TableSession, seat: Any, *args: Any) -> None:
        if failures:
            raise failures.pop()
        await original(session, seat, *args)

    monkeypatch.setattr(bot.play.driving, "computer_turn", flaky)
    # Play until the computer player must act after alice: its step fails, the drive stops.
    for _ in range(40):
        if not failures:
            break
        await table.play_turn()
    assert not failures
    await env.settle()
    assert stalled(table.session)
    assert logged(caplog, f"table {table.table_id}: error while driving the game")
    caplog.clear()
    version = table.session.game.action_count  # type: ignore[union-attr]
    await table.hand(alice)  # looking at the table drives it again
    await env.settle()
    assert table.session.game.action_count > version  # type: ignore[union-attr]
    assert not stalled(table.session)
    caplog.clear()
    await table.play_to_end()


async def test_a_failing_computer_player_still_exchanges_at_piquet(
    env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    """Piquet's exchange is a template (1 to 5 cards): the stand-in finds a legal one."""

    def broken(view: dict[str, Any], legal: list[Action], level: str, rng: random.Random) -> Action:
        raise RuntimeError("the computer player crashed")

    env.bot.tables.choose = broken  # type: ignore[attr-defined]
    table = Table.alone(env)
    await table.open("piquet", computers=1, target_score=30, games_to_win_match=1)
    await table.play_to_end()
    game = table.session.game
    assert game is not None
    computer = next(s.seat for s in table.session.row.seat_list if s.is_computer)
    exchanges = [
        a
        for deal in game.log
        for a in deal["actions"]
        if a["type"] == "exchange" and a["seat"] == computer
    ]
    assert exchanges
    caplog.clear()


async def test_a_game_whose_end_was_not_recorded_is_finished_after_a_restart(
    env: simcord.Env,
    settings: Settings,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The last action is committed, then writing the result fails: the table must not stay
    "playing" for ever. The next process records the result and posts it."""
    table = await open_briscola(env)
    storage = env.bot.storage  # type: ignore[attr-defined]
    original = type(storage.tables).finish
    failures = [OSError("disk full")]

    async def flaky(self: Any, *args: Any, **kwargs: Any) -> None:
        if failures and args[1:2] == ("finished",):
            raise failures.pop()
        await original(self, *args, **kwargs)

    monkeypatch.setattr(type(storage.tables), "finish", flaky)
    with pytest.raises(AssertionError):
        await table.play_to_end()  # the driver notices the table never finishes
    assert not failures
    game = table.session.game
    assert game is not None and game.over and table.session.row.status == "playing"
    caplog.clear()
    thread = table.where()
    assert not any(m.content.startswith("**Game over") for m in thread.history())

    await restart(env, settings)
    await env.settle()
    row = await env.bot.storage.tables.get(table.table_id)  # type: ignore[attr-defined]
    assert row is not None and row.status == "finished"
    assert any(m.content.startswith("**Game over") for m in thread.history())
