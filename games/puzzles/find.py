"""The puzzles of a record: every card play of every seat in its finished deals, looked at as
an open-hand puzzle (``games.puzzles.exact``) and as a single-dummy one
(``games.puzzles.single``).

Deterministic for a record and a seed: the single-dummy sampling of each position draws from
its own ``random.Random`` seeded with the seed, the deal, the seat and the action's index, so a
puzzle does not change when another deal or seat is looked at, or in another process.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal

from games.actions import Action
from games.base import Game
from games.puzzles.exact import solve_open
from games.puzzles.goals import Goal
from games.puzzles.single import SAMPLES, SHARE, solve_single
from games.records import ParsedRecord, replay, replay_before
from games.review.units import UNITS

Kind = Literal["open", "single"]
KINDS: frozenset[Kind] = frozenset(("open", "single"))


class NoPuzzleDeal(ValueError):
    """The record holds no such deal, or the deal is not finished (exit code 2)."""


@dataclass(frozen=True)
class Puzzle:
    """One position of a finished deal where one card is clearly best."""

    game: str
    deal: int
    action_index: int
    """The index in the deal's ``actions`` where ``seat`` is to act."""
    seat: int
    kind: Kind
    goal: dict[str, Any]
    """What the puzzle asks (docs/puzzles.md): an open-hand goal (``Goal.to_json``), or for a
    single-dummy puzzle ``{"type": "best", "share", "deals", "unit"}``."""
    answer: Action
    alternatives: tuple[tuple[Action, float], ...]
    """Every legal card and its value (docs/puzzles.md), the answer first."""
    line: tuple[tuple[int, Action], ...]
    """The answer and the best play after it, (seat, card), to the deal's end."""
    text: str
    """The goal in English, for the command line."""

    def to_json(self) -> dict[str, Any]:
        """One puzzle of ``python -m games puzzles --json``; actions as the records write them."""
        return {
            "game": self.game,
            "deal": self.deal,
            "action_index": self.action_index,
            "seat": self.seat,
            "kind": self.kind,
            "goal": self.goal,
            "answer": _written(self.seat, self.answer),
            "alternatives": [
                {"action": _written(self.seat, a), "value": round(v, 2)}
                for a, v in self.alternatives
            ],
            "line": [_written(s, a) for s, a in self.line],
        }


def _written(seat: int, action: Action) -> dict[str, Any]:
    return {"seat": seat, **action.to_json()}


def finished_deals(record: ParsedRecord) -> int:
    """How many deals of ``record`` are finished (it must replay: raises as ``replay``)."""
    return len(replay(record).deal_results)


def find_puzzles(
    record: ParsedRecord,
    deal: int | None = None,
    seed: int = 0,
    samples: int = SAMPLES,
    kinds: frozenset[Kind] = KINDS,
) -> list[Puzzle]:
    """The puzzles of deal ``deal`` of ``record``, or of every finished deal; raises as
    ``games.records.replay`` does, and ``NoPuzzleDeal`` for a deal the record does not hold
    to its end. ``kinds`` leaves out the single-dummy search where only open-hand puzzles are
    wanted (the bot's daily puzzle: docs/puzzles.md)."""
    done = finished_deals(record)
    if deal is not None:
        _check_deal(record, deal, done)
    wanted = range(done) if deal is None else range(deal, deal + 1)
    out: list[Puzzle] = []
    game = record.new_game()
    for number, parsed in enumerate(record.deals[: wanted.stop]):
        game.deal(parsed.deck)
        for index, (seat, action) in enumerate(parsed.actions):
            if number in wanted:
                found = _position(game, record.game, number, index, seat, seed, samples, kinds)
                out.extend(found)
            game.apply(seat, action)
    return out


def _check_deal(record: ParsedRecord, deal: int, done: int) -> None:
    if not 0 <= deal < len(record.deals):
        count = len(record.deals)
        raise NoPuzzleDeal(f"the record has no deal {deal} ({count} deals, counted from 0)")
    if deal >= done:
        raise NoPuzzleDeal(f"deal {deal} is not finished: only a whole deal has puzzles")


def puzzle_near(
    record: ParsedRecord,
    deal: int,
    seat: int,
    index: int,
    seed: int = 0,
    samples: int = SAMPLES,
) -> Puzzle | None:
    """The puzzle at ``seat``'s decision ``index`` of deal ``deal``, else at the nearest of the
    seat's other card plays in that deal (the earlier first at equal distance), else None: a
    reviewed mistake served back as a puzzle ("learn from my mistakes"), where the mistake's own
    position may be forced or obvious while the card just before or after it is not. An
    open-hand puzzle is preferred to a single-dummy one at the same position. Raises as
    ``find_puzzles`` does."""
    _check_deal(record, deal, finished_deals(record))
    game = replay_before(record, deal)
    parsed = record.deals[deal]
    game.deal(parsed.deck)
    positions: list[tuple[int, Game]] = []
    for at, (acting, action) in enumerate(parsed.actions):
        if acting == seat and action.type == "play":
            positions.append((at, game.clone()))
        game.apply(acting, action)
    positions.sort(key=lambda found: (abs(found[0] - index), found[0]))
    for at, position in positions:
        found = _position(position, record.game, deal, at, seat, seed, samples, KINDS)
        if found:
            return found[0]
    return None


def _position(
    game: Game,
    name: str,
    deal: int,
    index: int,
    seat: int,
    seed: int,
    samples: int,
    kinds: frozenset[Kind],
) -> list[Puzzle]:
    found: list[Puzzle] = []
    solved = solve_open(game, seat) if "open" in kinds else None
    if solved is not None:
        values = tuple((a, v) for a, v, _ in solved.values)
        found.append(
            Puzzle(
                name,
                deal,
                index,
                seat,
                "open",
                solved.goal.to_json(),
                solved.answer,
                values,
                solved.line,
                solved.goal.text(),
            )
        )
    if "single" not in kinds:
        return found
    rng = random.Random(f"{seed}:{deal}:{seat}:{index}")
    sampled = solve_single(game, seat, rng, samples)
    if sampled is not None:
        unit = UNITS[name]
        goal = {
            "type": "best",
            "share": round(sampled.share, 3),
            "deals": sampled.deals,
            "unit": unit,
        }
        text = (
            f"find the card that does better than every other in at least {SHARE:.0%} of the"
            f" deals you could face (here {sampled.share:.0%} of {sampled.deals})"
        )
        found.append(
            Puzzle(
                name,
                deal,
                index,
                seat,
                "single",
                goal,
                sampled.answer,
                sampled.values,
                sampled.line,
                text,
            )
        )
    return found


__all__ = [
    "KINDS",
    "Goal",
    "Kind",
    "NoPuzzleDeal",
    "Puzzle",
    "find_puzzles",
    "finished_deals",
    "puzzle_near",
]
