"""The built-in puzzles (``builtin.jsonl``, made once by ``scripts/make_builtin_puzzles.py``): open-hand
puzzles found in deals the computers played, each with its position as a record prefix, for a
server whose own recent deals are too few for a puzzle of the day.

A built-in puzzle's key is a digest of what it is (its position and its seat), not of where it
lies in the file: a set made again keeps the keys of the puzzles it keeps, so the answers stored
against them stay theirs.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("builtin.jsonl")


@dataclass(frozen=True)
class Entry:
    """A puzzle and its position, as ``games.puzzles.position`` reads them."""

    puzzle: dict[str, Any]  # JSON: one puzzle of python -m games puzzles --json
    record: dict[str, Any]  # JSON: the position as a record prefix

    @property
    def game(self) -> str:
        return str(self.puzzle["game"])

    @property
    def kind(self) -> str:
        return str(self.puzzle["kind"])


def builtin_key(entry: Entry) -> str:
    text = json.dumps([entry.record, entry.puzzle["seat"]], sort_keys=True)
    return "builtin:" + hashlib.sha256(text.encode()).hexdigest()[:16]


@functools.cache
def builtin_puzzles() -> tuple[Entry, ...]:
    """Every built-in puzzle, in the file's order (games together; one a line, so that a set made
    again diffs by puzzle)."""
    rows = [json.loads(line) for line in PATH.read_text().splitlines() if line]
    return tuple(Entry(row["puzzle"], row["record"]) for row in rows)


__all__ = ["PATH", "Entry", "builtin_key", "builtin_puzzles"]
