"""Finding puzzles for the bot, off the event loop: a deal's open-hand puzzles (the server's puzzle
of the day) and the puzzle at or near a reviewed mistake (``/puzzle mine``).

``games.puzzles`` solves every legal card of a position exactly: about a second of pure Python
for a deal. It runs where the deal reviews run (``bot.play.reviews``): in a process of its own
when the bot has review processes (``ATOUT_REVIEW_PROCESSES``), niced below the bot, else in a
thread (tests). The jobs get records of finished deals only, and give back JSON (the puzzle and
its position as a record prefix), so that nothing but plain data crosses the process boundary.
"""

from __future__ import annotations

from typing import Any

from bot.play.background import Background
from bot.play.reviews import REVIEW_NICE
from bot.puzzles.builtin import Entry
from games.puzzles import find_puzzles, puzzle_near
from games.puzzles.find import Kind
from games.puzzles.goals import in_own_terms
from games.puzzles.position import from_json, position, prefix
from games.puzzles.refute import line_after
from games.records import ParsedRecord

OPEN_ONLY: frozenset[Kind] = frozenset({"open"})
"""The puzzle of the day is an open-hand one: single-dummy puzzles alone are not ordered easy <
normal < hard outside Briscola (benchmarks/results/README.md, "Puzzles")."""


def deal_puzzles(record: ParsedRecord, deal: int, seed: int) -> list[Entry]:
    """A worker's job: the open-hand puzzles of one finished deal, with their positions; a
    score goal only from a deal with no other (``games.puzzles.goals.in_own_terms``)."""
    found = find_puzzles(record, deal, seed=seed, kinds=OPEN_ONLY)
    return [
        Entry(p.to_json(), prefix(record, p)) for p in in_own_terms([(p, p.goal) for p in found])
    ]


def mistake_puzzle(
    record: ParsedRecord, deal: int, seat: int, index: int, seed: int
) -> Entry | None:
    """A worker's job: the puzzle at the seat's decision ``index``, or the nearest one."""
    found = puzzle_near(record, deal, seat, index, seed=seed)
    return None if found is None else Entry(found.to_json(), prefix(record, found))


def refutation(puzzle: dict[str, Any], record: dict[str, Any], card: str) -> list[list[Any]]:
    """A worker's job: ``card`` and both sides' best play after it from the puzzle's position
    (``games.puzzles.refute``), as ``[seat, card]`` pairs: a wrong answer's line."""
    line = line_after(position(record), from_json(puzzle), card)
    return [[seat, action.card] for seat, action in line]


class Finder:
    """One worker for the puzzles: a process (or a thread, with ``processes=0``), started at
    the first job."""

    def __init__(self, processes: int) -> None:
        self.worker = Background(min(processes, 1), "puzzles", REVIEW_NICE)

    async def deal(self, record: ParsedRecord, deal: int, seed: int) -> list[Entry]:
        return await self.worker.run(deal_puzzles, record, deal, seed)

    async def near(
        self, record: ParsedRecord, deal: int, seat: int, index: int, seed: int
    ) -> Entry | None:
        return await self.worker.run(mistake_puzzle, record, deal, seat, index, seed)

    async def refute(
        self, puzzle: dict[str, Any], record: dict[str, Any], card: str
    ) -> list[tuple[int, str]]:
        """The line that beats ``card`` (about 13 ms a puzzle, at most a second, over the
        built-in ones): off the event loop, where the puzzles are found."""
        line = await self.worker.run(refutation, puzzle, record, card)
        return [(int(seat), str(code)) for seat, code in line]

    def close(self) -> None:
        self.worker.close()


__all__ = ["Finder", "deal_puzzles", "mistake_puzzle"]
