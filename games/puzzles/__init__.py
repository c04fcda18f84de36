"""Puzzles from finished deals (``find_puzzles``; ``python -m games puzzles``): the positions
where one card is clearly best and the others clearly worse, with every hand shown (proved by
the exact solver) or with only what the seat knew (better in nearly every deal it could face).

Pure like the rest of ``games``: no Discord, no I/O, deterministic for a record and a seed.
docs/puzzles.md says what a puzzle is in each game and why the thresholds are what they are.
"""

from __future__ import annotations

from games.puzzles.find import KINDS, NoPuzzleDeal, Puzzle, find_puzzles, puzzle_near

__all__ = ["KINDS", "NoPuzzleDeal", "Puzzle", "find_puzzles", "puzzle_near"]
