"""A puzzle's position as a record of its own: the deal's dealer and deck, and the actions up to
the seat's decision (``prefix``), so that a puzzle can be kept apart from the game it came from
(a built-in set, a server's stored puzzle) and its position replayed by the engines
(``position``). A prefix holds one deal only: the deals before it change nothing a puzzle asks,
and the table drawn from it shows that deal's play alone.

The prefix holds the whole deck: a caller that shows the position decides which hands its reader
may see (every hand for an open-hand puzzle, the seat's own for a single-dummy one).
"""

from __future__ import annotations

from typing import Any

from games.actions import Action
from games.base import RECORD_FORMAT, Game
from games.puzzles.find import Puzzle
from games.puzzles.goals import Goal
from games.records import ParsedRecord, parse, replay, replay_before


def prefix(record: ParsedRecord, puzzle: Puzzle) -> dict[str, Any]:
    """The record (``atout-record/1``) of ``puzzle``'s deal up to its decision."""
    game = replay_before(record, puzzle.deal)
    deal = record.deals[puzzle.deal]
    actions = [{"seat": s, **a.to_json()} for s, a in deal.actions[: puzzle.action_index]]
    return {
        "format": RECORD_FORMAT,
        "game": record.game,
        "seats": record.seats,
        "options": dict(record.options),
        "deals": [{"dealer": game.dealer, "deck": list(deal.deck), "actions": actions}],
    }


def position(record: dict[str, Any]) -> Game:  # JSON: a prefix (above)
    """The engine at a prefix's end: where the puzzle's seat is to act. Raises as
    ``games.records.parse`` and ``replay`` do for a malformed or illegal prefix."""
    return replay(parse(record))


def goal_text(goal: dict[str, Any]) -> str:  # JSON: Puzzle.goal
    """A puzzle's goal in English, for the command line (the bot words it in every language)."""
    if goal["type"] == "best":
        return (
            "find the card that does better than every other in at least"
            f" {goal['share']:.0%} of the deals you could face"
        )
    if goal["type"] == "card_points":
        return Goal("card_points", goal["at_least"], goal["of"]).text()
    if goal["type"] == "contract":
        return Goal("contract", 1, make=goal["side"] == "declarer").text()
    return Goal("score", goal["at_least"]).text()


def from_json(obj: dict[str, Any]) -> Puzzle:  # JSON: one puzzle of python -m games puzzles
    """A puzzle back from its JSON (``Puzzle.to_json``); ``KeyError``/``ValueError`` when it
    is not one."""
    seat = int(obj["seat"])
    kind = obj["kind"]
    if kind not in ("open", "single"):
        raise ValueError(f"no puzzle kind {kind!r}")

    def action(written: dict[str, Any]) -> Action:
        return Action.from_json({k: v for k, v in written.items() if k != "seat"})

    return Puzzle(
        game=str(obj["game"]),
        deal=int(obj["deal"]),
        action_index=int(obj["action_index"]),
        seat=seat,
        kind=kind,
        goal=dict(obj["goal"]),
        answer=action(obj["answer"]),
        alternatives=tuple(
            (action(alt["action"]), float(alt["value"])) for alt in obj["alternatives"]
        ),
        line=tuple((int(step["seat"]), action(step)) for step in obj["line"]),
        text=goal_text(obj["goal"]),
    )


__all__ = ["from_json", "goal_text", "position", "prefix"]
