"""The path of one click under load, for what makes it safe (timings are in benchmarks/load.py):

- every click is acknowledged before the work behind it, and never with a public "thinking";
- a table still loading after a restart refuses nothing it would have accepted, and is loaded
  once however many clicks arrive;
- a storage error, even after a successful commit, leaves memory equal to the database and the
  table moving (issue 14, item 2);
- a computer player that takes more than a moment is shown thinking, and the search level runs
  in another process.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
import simcord

import bot.play.driving
import bot.play.sessions
import bot.storage.databases.sqlite as sqlite_storage
from bot.config import Settings
from bot.play import workers
from bot.play.computers import default_choose
from bot.play.driving import drive, stalled
from bot.play.lobby import seat_computer, start_game
from bot.play.tables import Tables
from bot.storage.backends import make_storage
from bot.storage.tables.settings import TableSettings
from bot.text.i18n import t
from bot.ui.codec import button_id
from games.actions import Action
from games.registry import game_class
from harness.driver import Table
from tests.conftest import restart


async def open_briscola(env: simcord.Env, computers: int = 1) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    people = [guild.add_member(env.create_user(f"p{i}")) for i in range(2 - computers)]
    table = Table(env, channel, people)
    await table.open("briscola", computers=computers, seats=2, hands_to_win=1)
    return table


async def test_clicks_are_acknowledged_privately_before_the_work(env: simcord.Env) -> None:
    table = await open_briscola(env)
    alice = table.players[0]
    hand = await table.hand(alice)
    assert hand.ephemeral
    game = table.session.game
    assert game is not None
    result = await table.click_action(alice, hand, table.decide(game.to_act))  # type: ignore[arg-type]
    # A deferred update of the hand message: nothing public, then the hand is edited in place.
    assert result.deferred and not result.followups
    assert result.response is not None and result.response.id == hand.id
    last = await alice.click(table.table_message(), custom_id=f"atout:last:{table.table_id}")
    assert last.ephemeral and last.response is not None


async def test_a_table_loading_lazily_refuses_nothing(
    env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a restart whose background restore has not reached the table yet, a click on an
    old hand is accepted as it would have been, and the table is loaded once."""
    table = await open_briscola(env)
    alice = table.players[0]
    await table.play_turn()
    hand = await table.hand(alice)
    version = table.session.game.action_count  # type: ignore[union-attr]
    monkeypatch.setattr(Tables, "start_restore", lambda self: None)
    loads: list[int] = []
    original = Tables._load

    async def counted(self: Tables, table_id: int) -> Any:
        loads.append(table_id)
        await asyncio.sleep(0.05)  # a slow load: the second click arrives meanwhile
        return await original(self, table_id)

    monkeypatch.setattr(Tables, "_load", counted)
    await restart(env, settings)
    assert table.table_id not in env.bot.tables.sessions  # type: ignore[attr-defined]
    first, second = await asyncio.gather(
        env.bot.tables.get(table.table_id),  # type: ignore[attr-defined]
        env.bot.tables.get(table.table_id),  # type: ignore[attr-defined]
    )
    assert first is second and loads == [table.table_id]
    action = table.decide(first.game.to_act)  # type: ignore[union-attr,arg-type]
    del env.bot.tables.sessions[table.table_id]  # type: ignore[attr-defined]
    loads.clear()
    # Now through Discord: the click on the hand of the previous process is played.
    result = await alice.click(hand, custom_id=button_id(table.table_id, version, action))
    assert result.acknowledged and not result.followups
    assert table.session.game.action_count > version  # type: ignore[union-attr]
    assert loads == [table.table_id]
    await table.play_to_end()


@pytest.mark.parametrize("when", ["before", "after"])
async def test_a_storage_error_leaves_memory_equal_to_the_database(
    env: simcord.Env,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    when: str,
) -> None:
    """The write fails before COMMIT (nothing recorded: the player is told and may try again)
    or after it (recorded: the move stands). Either way memory is reloaded from the database,
    and the table goes on to the end."""
    table = await open_briscola(env)
    alice = table.players[0]
    hand = await table.hand(alice)
    game = table.session.game
    assert game is not None
    version = game.action_count
    failures = [when]

    def fail(at: str) -> None:
        if failures and at == ("commit" if when == "before" else "committed"):
            failures.pop()
            raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(sqlite_storage, "crash_point", fail)
    result = await table.click_action(alice, hand, table.decide(game.to_act))  # type: ignore[arg-type]
    assert not failures
    await env.settle()
    stored = await env.bot.storage.tables.load_log(table.table_id)  # type: ignore[attr-defined]
    session = table.session
    assert session.game is not None
    if when == "before":
        assert result.followups and result.followups[-1].content == t("error_storage")
        assert session.game.action_count == version
    else:
        assert not result.followups  # recorded: no "something went wrong"
        assert session.game.action_count > version
    # Memory is the database.
    snap = await env.bot.storage.tables.load_snapshot(table.table_id)  # type: ignore[attr-defined]
    assert snap is not None and snap.action_count == session.game.action_count
    assert len(stored.actions) == session.game.action_count
    assert logged(caplog, "could not be recorded")
    caplog.clear()
    await table.play_to_end()


def logged(caplog: pytest.LogCaptureFixture, text: str) -> bool:
    return any(text in r.getMessage() for r in caplog.records)


async def test_a_computer_failing_to_record_does_not_collide_with_its_fallback(
    env: simcord.Env, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computer's step recorded, then an error: the drive reloads and goes on; no fallback
    move is tried at the taken step number (which stalled the table until a restart)."""
    failures = ["computer"]
    table = await open_briscola(env)
    original = bot.play.driving.computer_turn

    async def step(session: Any, seat: Any, *args: Any) -> None:
        if failures:
            failures.pop()
            monkeypatch.setattr(
                sqlite_storage,
                "crash_point",
                lambda at: _raise_once(at, monkeypatch),
            )
        await original(session, seat, *args)

    monkeypatch.setattr(bot.play.driving, "computer_turn", step)
    for _ in range(10):
        if not failures:
            break
        await table.play_turn()
    await env.settle()
    assert not stalled(table.session)
    caplog.clear()
    await table.play_to_end()


def _raise_once(at: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if at == "committed":
        monkeypatch.setattr(sqlite_storage, "crash_point", None)
        raise sqlite3.OperationalError("disk I/O error")


class Watcher:
    """A listener that only notes what it was told."""

    def __init__(self) -> None:
        self.thinking_seats: list[int] = []

    async def deal_started(self, session: Any) -> None:
        return None

    async def deal_finished(self, session: Any, deal_index: int) -> None:
        return None

    async def changed(self, session: Any) -> None:
        return None

    async def game_over(self, session: Any) -> None:
        return None

    async def thinking(self, session: Any, seat: int) -> None:
        self.thinking_seats.append(seat)


async def test_a_slow_computer_is_said_to_be_thinking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past THINKING_AFTER_S the listener hears it once; a quick move says nothing. (Real
    time: simcord's virtual clock does not run while a worker thread computes.)"""
    # A threshold well above a loaded machine's thread hand-over (the quick seat must never be
    # said to think), and the slow seat past it on its first three moves only.
    monkeypatch.setattr(bot.play.driving, "THINKING_AFTER_S", 0.2)
    slow_moves = [0.3, 0.3, 0.3]

    def timed(view: dict[str, Any], legal: list[Action], level: str, rng: random.Random) -> Action:
        if level == "normal" and slow_moves:
            time.sleep(slow_moves.pop())
        return legal[0]

    store = make_storage(str(tmp_path / "k.sqlite3"))
    await store.open()
    try:
        row = await store.tables.create(
            1, 2, "briscola", 2, 10, {"hands_to_win": 1}, TableSettings()
        )
        session = bot.play.sessions.TableSession(store, row, choose=timed)
        watcher = Watcher()
        session.listener = watcher
        assert await seat_computer(session, "easy", "Quick") is None
        assert await seat_computer(session, "normal", "Slow") is None
        assert await start_game(session) is None
        await drive(session)
        assert session.game is not None and session.game.over
        assert set(watcher.thinking_seats) == {1}
    finally:
        await store.close()


async def test_the_table_says_who_is_thinking(env: simcord.Env) -> None:
    table = await open_briscola(env)
    await env.bot.ui.thinking(table.session, 1)  # type: ignore[attr-defined]
    thinking = t("table_thinking", name="Computer 1")
    assert thinking in table.table_message().content
    await table.play_turn()  # the next drawing replaces it
    assert thinking not in table.table_message().content


def test_the_search_level_runs_in_another_process(tmp_path: Path) -> None:
    """The worker process gets the seat's view and answers with one of the legal actions."""
    cls = game_class("briscola")
    game = cls(options={"hands_to_win": 1}, seats=2, dealer=0)
    game.deal(list(game.full_deck()))
    seat = game.to_act
    assert seat is not None
    legal = game.legal_actions(seat)

    async def run() -> Action:
        return await workers.run_ai(
            workers.ai_processes(),
            default_choose,
            game.view(seat),
            legal,
            "hard",
            random.Random(1),
        )

    assert asyncio.run(run()) in legal
    assert "hard" in workers.SEARCH_LEVELS


async def test_lazy_loading_without_discord(tmp_path: Path) -> None:
    """A failing load is reported to every waiter and retried by the next click."""
    store = make_storage(str(tmp_path / "l.sqlite3"))
    await store.open()
    try:
        tables = Tables(store)
        assert await tables.get(404) is None
        row = await store.tables.create(
            1, 2, "briscola", 2, 10, {"hands_to_win": 1}, TableSettings()
        )
        session = await tables.get(row.id)
        assert session is not None and await tables.get(row.id) is session
    finally:
        await store.close()
