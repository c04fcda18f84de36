"""The line that shows why a card other than a puzzle's answer falls short: that card, then
both sides' best play after it in the real deal, found as the answer's own line is
(``games.puzzles.exact.principal_line``) with the same measure, so that a wrong answer reads in
the same form as the right one ("J♥ falls short" said nothing of the defence's reply).
"""

from __future__ import annotations

from games.actions import Action
from games.ai.solver import Solver
from games.base import Game
from games.puzzles.exact import principal_line
from games.puzzles.find import Puzzle
from games.puzzles.goals import Measure
from games.review.playout import open_deal


def line_after(game: Game, puzzle: Puzzle, card: str) -> tuple[tuple[int, Action], ...]:
    """``card`` played by the puzzle's seat in ``game`` (its position, not changed) and the best
    play after it for both sides to the deal's end: an open-hand puzzle's by its goal's
    measure, a single-dummy one's by the deal's score, as its answer's line was found."""
    deal, scoring = open_deal(game, puzzle.seat)
    if puzzle.kind == "open":
        kind = puzzle.goal["type"]
        make = puzzle.goal.get("side", "declarer") == "declarer"
        solver = Solver(Measure(scoring, kind, make))  # type: ignore[arg-type]
    else:
        solver = Solver(scoring)
    first = deal.rules.index[card]
    deal.play(first)
    value = solver.solve(deal)
    deal.unplay()
    return principal_line(deal, solver, first, value)


__all__ = ["line_after"]
