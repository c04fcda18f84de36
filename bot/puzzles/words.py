"""Puzzles in the reader's language: the goal (a structured object in ``games.puzzles``, worded
here), each card's value, the line of play that shows why (who plays what, trick by trick), the
seats' names and the stats.

Nothing here reads a hand: the words name the cards of the answer, of its alternatives (the
seat's own legal cards) and of the line, which the reader sees only once they have answered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.puzzles.interface import PuzzleAnswer
from bot.text.cards import card_name
from bot.text.i18n import t
from games.puzzles.find import Puzzle
from games.review.units import CARD_POINTS

DECK = "auto"
"""Puzzles are drawn and named with each game's own deck (Italian for the Italian games)."""


def card(code: str, game: str, locale: str) -> str:
    return card_name(code, game, DECK, locale)


def goal_text(puzzle: Puzzle, locale: str) -> str:
    goal = puzzle.goal
    kind = goal["type"]
    if kind == "card_points":
        return t("puzzle_goal_card_points", locale, at_least=goal["at_least"], of=goal["of"])
    if kind == "contract":
        return t(f"puzzle_goal_contract_{goal['side']}", locale)
    if kind == "score":
        margin = int(goal["at_least"])
        key = "puzzle_goal_score_ahead" if margin >= 0 else "puzzle_goal_score_behind"
        return t(key, locale, margin=abs(margin))
    return t("puzzle_goal_best", locale, share=f"{float(goal['share']):.0%}")


def _number(value: float) -> str:
    return f"{value:+.0f}" if abs(value - round(value)) < 0.05 else f"{value:+.1f}"


def values_text(puzzle: Puzzle, locale: str) -> str:
    """Every legal card and what it does with best play after it, the answer first."""
    kind = puzzle.goal["type"]
    words: list[str] = []
    for action, value in puzzle.alternatives:
        name = card(action.card or "", puzzle.game, locale)
        if kind == "contract":
            # The values are the deal's margins; the answer alone makes (or defeats) the
            # contract: an open-hand puzzle has exactly one card that reaches its goal.
            met = action == puzzle.answer
            words.append(t("puzzle_value_met" if met else "puzzle_value_missed", locale, card=name))
        elif kind == "card_points":
            words.append(f"{name} {value:.0f}")
        else:
            words.append(f"{name} {_number(value)}")
    values = " · ".join(words)
    if kind == "best":
        unit_key = (
            "puzzle_unit_card_points"
            if puzzle.goal["unit"] == CARD_POINTS
            else "puzzle_unit_points"
        )
        return t(
            "puzzle_values_best",
            locale,
            deals=puzzle.goal["deals"],
            unit=t(unit_key, locale),
            values=values,
        )
    return t(f"puzzle_values_{kind}", locale, values=values)


def line_text(
    puzzle: Puzzle,
    trick: Sequence[tuple[int, str]],
    seats: int,
    names: Sequence[str],
    locale: str,
    refuted: Sequence[tuple[int, str]] = (),
) -> str:
    """The line, trick by trick: the first trick with the cards that were on the table (the
    reader saw them), then one card from each seat a trick. With ``refuted`` (a wrong answer's
    card and the best play after it: ``games.puzzles.refute``), that line in the same form,
    under "why it falls short", instead of the answer's."""

    def play(seat: int, code: str) -> str:
        return t("puzzle_line_play", locale, name=names[seat], card=card(code, puzzle.game, locale))

    line = (
        [(seat, code) for seat, code in refuted]
        if refuted
        else [(seat, action.card or "") for seat, action in puzzle.line]
    )
    rows: list[str] = []
    plays = [play(seat, code) for seat, code in trick]
    for seat, code in line:
        plays.append(play(seat, code))
        if len(plays) == seats:
            rows.append(
                t("puzzle_line_trick", locale, number=len(rows) + 1, plays=" · ".join(plays))
            )
            plays = []
    if plays:
        rows.append(t("puzzle_line_trick", locale, number=len(rows) + 1, plays=" · ".join(plays)))
    if refuted:
        chosen = card(refuted[0][1], puzzle.game, locale)
        return "\n".join([t("puzzle_why_not", locale, card=chosen), *rows])
    answer = card(puzzle.answer.card or "", puzzle.game, locale)
    return "\n".join([t("puzzle_why", locale, answer=answer), *rows])


def seat_names(names: Sequence[str], seats: int, seat: int, locale: str) -> list[str]:
    """The seats' names as the puzzle shows them: "You" at the puzzle's seat, the table's
    names at the others, or for a built-in puzzle its computers, numbered from the seat on."""
    shown: list[str] = []
    for index in range(seats):
        if index == seat:
            shown.append(t("puzzle_you", locale))
        elif index < len(names) and names[index]:
            shown.append(names[index])
        else:
            shown.append(t("computer_name", locale, number=(index - seat) % seats))
    return shown


@dataclass(frozen=True)
class Tally:
    """Solved, tried, and the streaks of consecutive puzzles solved."""

    solved: int = 0
    tried: int = 0
    current: int = 0
    best: int = 0


def tally(answers: Sequence[PuzzleAnswer]) -> Tally:
    """``answers`` oldest first: the current streak is the run of puzzles solved since the last
    one missed, the best the longest such run."""
    current = best = solved = 0
    for answer in answers:
        if answer.solved:
            solved += 1
            current += 1
            best = max(best, current)
        else:
            current = 0
    return Tally(solved, len(answers), current, best)


def stats_text(answers: Sequence[PuzzleAnswer], games: Sequence[str], locale: str) -> str:
    if not answers:
        return t("puzzle_stats_none", locale)
    lines = [t("puzzle_stats_title", locale)]
    every = tally(answers)
    for game in games:
        mine = [a for a in answers if a.game == game]
        if mine:
            one = tally(mine)
            lines.append(
                t(
                    "puzzle_stats_line",
                    locale,
                    game=t(f"game_{game}", locale),
                    solved=one.solved,
                    tried=one.tried,
                    current=one.current,
                    best=one.best,
                )
            )
    lines.append(
        t(
            "puzzle_stats_all",
            locale,
            solved=every.solved,
            tried=every.tried,
            current=every.current,
            best=every.best,
        )
    )
    return "\n".join(lines)


__all__ = [
    "Tally",
    "card",
    "goal_text",
    "line_text",
    "seat_names",
    "stats_text",
    "tally",
    "values_text",
]
