"""Table sessions without Discord: commit before telling, the log as the truth, restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.play.absence import MISSED_TURNS_LIMIT, turn_missed
from bot.play.driving import computer_to_act, drive
from bot.play.lobby import join, seat_computer, start_game
from bot.play.sessions import TableSession, restore_game
from bot.play.tables import Tables
from bot.storage.backends import make_storage
from bot.storage.storage import Storage
from bot.storage.tables.settings import TableSettings
from games.sueca import Sueca


@pytest.fixture
async def storage(tmp_path: Path):  # type: ignore[no-untyped-def]
    store = make_storage(str(tmp_path / "s.sqlite3"))
    await store.open()
    yield store
    await store.close()


async def seated_sueca(storage: Storage) -> TableSession:
    """Alice at seat 0, three computer players; dealt, and played until Alice must act."""
    row = await storage.tables.create(
        1, 2, "sueca", 4, 10, {"games_to_win": 2}, TableSettings(level="easy")
    )
    session = TableSession(storage, row)
    assert await join(session, 10, "alice") is None
    for number in range(3):
        assert await seat_computer(session, "easy", f"Computer {number + 1}") is None
    assert await start_game(session) is None
    await drive(session)
    assert session.game is not None and session.game.to_act == 0
    return session


async def play_as_alice(session: TableSession) -> None:
    game = session.game
    assert game is not None
    result = await session.act(10, game.action_count, game.legal_actions(0)[0])
    assert result.ok, result


async def test_a_snapshot_of_another_engine_version_is_rebuilt_from_the_log(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = await seated_sueca(storage)
    await play_as_alice(session)
    await drive(session)
    game = session.game
    assert game is not None
    row = await storage.tables.get(session.id)
    assert row is not None
    monkeypatch.setattr(Sueca, "ENGINE_VERSION", Sueca.ENGINE_VERSION + 1)
    rebuilt = await restore_game(storage, row)
    assert rebuilt.action_count == game.action_count
    assert rebuilt.view(0) == game.view(0)
    assert rebuilt.replay_result() == game.replay_result()


async def test_the_snapshot_is_used_when_it_matches_the_log(storage: Storage) -> None:
    session = await seated_sueca(storage)
    row = await storage.tables.get(session.id)
    assert row is not None
    snap = await storage.tables.load_snapshot(session.id)
    assert snap is not None and snap.action_count == session.game.action_count  # type: ignore[union-attr]
    restored = await restore_game(storage, row)
    assert restored.to_dict() == session.game.to_dict()  # type: ignore[union-attr]


async def test_an_illegal_action_changes_nothing(storage: Storage) -> None:
    session = await seated_sueca(storage)
    game = session.game
    assert game is not None
    before = game.to_dict()
    not_in_hand = next(c for c in game.full_deck() if c not in game.view(0)["hand"])
    from games.actions import Action

    result = await session.act(10, game.action_count, Action("play", card=not_in_hand))
    assert not result.ok and result.error == "illegal" and result.reason
    assert session.game.to_dict() == before  # type: ignore[union-attr]
    assert len((await storage.tables.load_log(session.id)).actions) == game.action_count


async def test_a_restart_lets_the_computer_players_move_on(storage: Storage) -> None:
    session = await seated_sueca(storage)
    await play_as_alice(session)  # committed; the bot "stops" before the computers act
    while computer_to_act(session) is None and session.game.to_act == 0:  # type: ignore[union-attr]
        await play_as_alice(session)
    count = session.game.action_count  # type: ignore[union-attr]
    tables = Tables(storage)
    assert await tables.restore_all() == 1
    restored = tables.sessions[session.id]
    assert restored.game is not None and restored.game.action_count == count
    driver = restored.driver
    assert driver is not None
    await asyncio.wait_for(driver, 30)
    game = restored.game
    assert game.action_count > count
    assert game.over or restored.seat(game.to_act).user_id == 10  # type: ignore[union-attr,arg-type]


async def test_all_computer_table_plays_to_the_end(storage: Storage) -> None:
    row = await storage.tables.create(1, 2, "briscola", 3, 10, {"hands_to_win": 1}, TableSettings())
    session = TableSession(storage, row)
    for number in range(3):
        await seat_computer(session, "normal", f"Computer {number + 1}")
    await start_game(session)
    await drive(session)
    assert session.game is not None and session.game.over
    stored = await storage.tables.get(row.id)
    assert stored is not None and stored.status == "finished"


async def test_the_table_row_changes_in_memory_and_in_storage_together(
    storage: Storage,
) -> None:
    """``update_row`` is the one place a table row changes: what the session holds is what a
    restart reads back; ``defer_row`` (the ping's id) rides along with the next write."""
    row = await storage.tables.create(1, 2, "sueca", 4, 10, {}, TableSettings(level="easy"))
    session = TableSession(storage, row)
    await session.update_row(lobby_message_id=77, settings=TableSettings(level="hard"))
    session.defer_row(ping_message_id=88)
    assert (session.row.lobby_message_id, session.row.ping_message_id) == (77, 88)
    await storage.tables.flush()
    await asyncio.sleep(0.05)
    stored = await storage.tables.get(session.id)
    assert stored is not None
    assert stored.lobby_message_id == 77 and stored.settings == TableSettings(level="hard")
    assert stored.ping_message_id == 88


async def test_a_missed_turn_too_many_gives_the_seat_to_a_computer(
    storage: Storage,
) -> None:
    """The turns the timer played for a player are counted: at the limit a computer keeps the
    seat (named in the table's language); a turn played in time starts the count again."""
    session = await seated_sueca(storage)
    for _ in range(MISSED_TURNS_LIMIT - 1):
        assert await turn_missed(session, 0, 10) is None
    await play_as_alice(session)
    await drive(session)
    for _ in range(MISSED_TURNS_LIMIT - 1):
        assert await turn_missed(session, 0, 10) is None
    assert await turn_missed(session, 0, 10) == "Computer 4"
    seat = session.seat(0)
    assert seat is not None and seat.is_computer and session.away_user(0) == 10
