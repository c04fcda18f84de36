"""The puzzles' storage (migration 006), on SQLite and on PostgreSQL: a puzzle stored once per
key, one puzzle of the day per server (the first set stands), one answer per person and puzzle
(the first stands, nothing else changes), the server's count of solvers, the reviewed deals of a
person's own seats, the mistakes looked at, and the daily posts claimed once."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.storage.puzzles.interface import PuzzleAnswer, PuzzlePost
from bot.storage.shards import Shards
from bot.storage.storage import Storage
from bot.storage.tables.settings import TableSettings

PUZZLE: dict[str, Any] = {"game": "sueca", "seat": 2, "kind": "open", "answer": {"card": "4H"}}
RECORD: dict[str, Any] = {"format": "atout-record/1", "game": "sueca", "deals": []}
NOW = "2026-11-28T10:00:00Z"


async def _puzzle(storage: Storage, key: str, guild_id: int | None = 1) -> int:
    stored = await storage.puzzles.store(
        key=key,
        guild_id=guild_id,
        owner_id=None,
        game="sueca",
        kind="open",
        puzzle=PUZZLE,
        record=RECORD,
        names=["Ann", "Bob", "Cy", "Di"],
        created_at=NOW,
    )
    return stored.id


def _answer(puzzle_id: int, user_id: int, solved: bool, at: str = NOW, guild: int = 1) -> Any:
    return PuzzleAnswer(puzzle_id, user_id, guild, "sueca", "4H", solved, at)


async def test_a_puzzle_is_stored_once_per_key(storage: Storage) -> None:
    first = await _puzzle(storage, "builtin:abc")
    again = await _puzzle(storage, "builtin:abc", guild_id=None)
    assert again == first
    stored = await storage.puzzles.get(first)
    assert stored is not None and stored.puzzle == PUZZLE and stored.record == RECORD
    assert stored.names == ["Ann", "Bob", "Cy", "Di"] and stored.guild_id == 1
    assert await storage.puzzles.get(first + 100) is None


async def test_the_first_puzzle_of_the_day_stands(storage: Storage) -> None:
    one = await _puzzle(storage, "a")
    two = await _puzzle(storage, "b")
    assert await storage.puzzles.of_day(1, "2026-11-28") is None
    set_first = await storage.puzzles.set_of_day(1, "2026-11-28", one)
    set_second = await storage.puzzles.set_of_day(1, "2026-11-28", two)
    assert set_first.id == set_second.id == one
    today = await storage.puzzles.of_day(1, "2026-11-28")
    assert today is not None and today.id == one
    await storage.puzzles.set_of_day(2, "2026-11-28", two)
    assert await storage.puzzles.past_keys(1) == {"a"}
    assert await storage.puzzles.past_keys(2) == {"b"}


async def test_one_answer_per_person_even_at_once(storage: Storage) -> None:
    puzzle = await _puzzle(storage, "a")
    results = await asyncio.gather(
        storage.puzzles.record_answer(_answer(puzzle, 7, True)),
        storage.puzzles.record_answer(PuzzleAnswer(puzzle, 7, 1, "sueca", "KH", False, NOW)),
    )
    assert sorted(results) == [False, True]
    kept = await storage.puzzles.get_answer(puzzle, 7)
    assert kept is not None and kept == (_answer(puzzle, 7, True) if results[0] else kept)
    assert not await storage.puzzles.record_answer(_answer(puzzle, 7, False))
    assert await storage.puzzles.get_answer(puzzle, 7) == kept
    await storage.puzzles.record_answer(_answer(puzzle, 8, False))
    await storage.puzzles.record_answer(_answer(puzzle, 9, True, guild=2))
    found, answered = await storage.puzzles.solvers(puzzle, 1)
    assert (found, answered) == (int(kept.solved), 2)
    assert await storage.puzzles.solvers(puzzle, 2) == (1, 1)
    assert await storage.puzzles.solvers(puzzle, None) == (0, 0)
    await storage.puzzles.record_answer(PuzzleAnswer(puzzle, 10, None, "sueca", "4H", True, NOW))
    assert await storage.puzzles.solvers(puzzle, None) == (1, 1)


async def test_a_person_s_answers_come_in_order(storage: Storage) -> None:
    a, b, c = [await _puzzle(storage, key) for key in "abc"]
    await storage.puzzles.record_answer(_answer(b, 7, False, "2026-11-29T00:00:00Z"))
    await storage.puzzles.record_answer(_answer(a, 7, True, "2026-11-28T00:00:00Z"))
    await storage.puzzles.record_answer(_answer(c, 8, True))
    assert [x.puzzle_id for x in await storage.puzzles.answers_of(7)] == [a, b]


async def test_finished_tables_and_reviewed_deals(storage: Storage) -> None:
    mine = await storage.tables.create(1, 2, "briscola", 2, 7, {}, TableSettings())
    await storage.tables.set_seat(mine.id, 1, 7, None, "Ann")
    await storage.tables.set_seat(mine.id, 0, None, "easy", "Computer")
    other = await storage.tables.create(2, 2, "briscola", 2, 7, {}, TableSettings())
    await storage.tables.update(mine.id, status="finished", finished_at="2026-11-27T00:00:00Z")
    await storage.tables.update(other.id, status="finished", finished_at="2026-11-27T00:00:00Z")
    assert await storage.puzzles.finished_tables(1, "2026-11-20T00:00:00Z", 10) == [mine.id]
    assert await storage.puzzles.finished_tables(1, "2026-11-28T00:00:00Z", 10) == []
    await storage.reviews.store(mine.id, 0, 1, {"decisions": []})
    await storage.reviews.store(mine.id, 0, 0, {"decisions": ["the computer's"]})
    reviewed = await storage.puzzles.reviewed_deals(7, 10)
    assert [(r.table_id, r.deal_no, r.seat) for r in reviewed] == [(mine.id, 0, 1)]
    assert await storage.puzzles.mistake_looked_at(7, mine.id, 0, 5) == (False, None)
    await storage.puzzles.set_mistake_puzzle(7, mine.id, 0, 5, None)
    assert await storage.puzzles.mistake_looked_at(7, mine.id, 0, 5) == (True, None)
    puzzle = await _puzzle(storage, "m")
    await storage.puzzles.set_mistake_puzzle(7, mine.id, 0, 5, puzzle)
    assert await storage.puzzles.mistake_looked_at(7, mine.id, 0, 5) == (True, puzzle)


async def test_a_daily_post_is_claimed_once(storage: Storage) -> None:
    post = PuzzlePost(1, 10, 7, NOW)
    await storage.puzzles.set_daily(post)
    assert await storage.puzzles.due_daily("2026-11-27T00:00:00Z") == []
    assert await storage.puzzles.due_daily(NOW) == [post]
    storage.shards = Shards(2, (1,))  # server 1 is in shard 0: another cluster's
    assert await storage.puzzles.due_daily(NOW) == []
    storage.shards = None
    assert await storage.puzzles.claim_daily(post, "2026-11-29T10:00:00Z")
    assert not await storage.puzzles.claim_daily(post, "2026-11-29T10:00:00Z")
    assert await storage.puzzles.due_daily(NOW) == []
    assert await storage.puzzles.stop_daily(1)
    assert not await storage.puzzles.stop_daily(1)
