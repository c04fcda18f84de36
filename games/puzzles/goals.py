"""What an open-hand puzzle asks for, in each game's own terms, and how the solver measures it.

A goal is a threshold on one measure of the finished deal, seen from the seat to play:

- ``card_points`` (Briscola, Sueca; chiamata once its contract is settled): the card points the
  seat's side takes from the decision on, of the points still in play (the trick on the table
  included) — "take at least 25 of the 31 points left";
- ``contract`` (Belote, Coinche, chiamata): whether the contract is made, as the engine's
  scoring judges it (melds, belote, the last trick, capot, the 82 of an 80): "make your
  contract" for the declaring side, "defeat the contract" for the defenders;
- ``score`` (Piquet; Belote and Coinche once their contract is settled): the deal's score
  margin over the other side, as the table scores it (Piquet: the hand's points with its
  declarations, pique, the cards and capot) — "finish the hand at least 6 points ahead".

The solver searches on ``Measure.value``: for a contract, made or not first, the deal's score
margin next (so that the principal line shows the defence fighting the contract, then the
points), for the others the measure itself. A card meets the goal when its exact value under
best play by both sides reaches the goal's target. Which cards make a contract is found first
on ``Made`` alone (0 or 1: the search stops at the first line that decides it), and the
values shown are searched only where exactly one card makes it.

A deal's puzzles are told in the game's own terms where they can be (``in_own_terms``): a
score margin is a fallback, kept only for a deal with no puzzle of another goal — in Belote and
Coinche, only when no card play of the deal is a contract to make or to defeat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeVar

from games.ai.deal import Deal
from games.ai.scorer import DealScoring

GoalType = Literal["card_points", "contract", "score"]
FALLBACK: Final[GoalType] = "score"
"""The goal a deal's puzzles are drawn from only when it has no puzzle of another: "finish at
most 20 points behind" is how the search measures a card, not what a Belote or Coinche player
plays for (issue 35: "make your contract")."""
T = TypeVar("T")

CONTRACT_WEIGHT: Final = 100_000.0
"""A contract's value: made (for the side that wants it made) weighs this much more than any
score margin, so that the search plays for the contract first and the points second."""


@dataclass(frozen=True)
class Goal:
    """One open-hand puzzle's goal, for the seat to play (its JSON form: ``to_json``)."""

    type: GoalType
    target: float
    """``card_points``: the points to take; ``score``: the margin to reach; ``contract``: 1."""
    of: int = 0
    """``card_points``: the card points still in play at the decision."""
    make: bool = True
    """``contract``: whether the seat's side is the declaring side (make it) or defends."""

    def met(self, value: float) -> bool:
        return value >= self.target - 1e-9

    def to_json(self) -> dict[str, Any]:
        if self.type == "card_points":
            return {"type": "card_points", "at_least": int(self.target), "of": self.of}
        if self.type == "contract":
            return {"type": "contract", "side": "declarer" if self.make else "defence"}
        return {"type": "score", "at_least": int(self.target)}

    def text(self) -> str:
        """The goal in English, for the command line (the bot words it in every language)."""
        if self.type == "card_points":
            return f"take at least {int(self.target)} of the {self.of} card points left"
        if self.type == "contract":
            return "make the contract" if self.make else "defeat the contract"
        margin = int(self.target)
        if margin >= 0:
            return f"finish the deal at least {margin} points ahead"
        return f"finish the deal at most {-margin} points behind"


class Measure:
    """What the solver maximises for side 0 (the seat's side), as a ``DealScoring`` stand-in:
    ``value`` of a finished deal, ``state`` (what the value depends on besides the cards left,
    for the transposition table) and ``bounds`` (for pruning, where the measure knows them)."""

    def __init__(self, scoring: DealScoring, kind: GoalType, make: bool = True) -> None:
        self.scoring = scoring
        self.kind = kind
        self.make = make
        self.state = scoring.state
        self.bounds = self._card_bounds if kind == "card_points" else None

    @staticmethod
    def _card_bounds(deal: Deal) -> tuple[float, float]:
        return float(deal.points[0]), float(deal.points[0] + deal.pool)

    def value(self, deal: Deal) -> float:
        if self.kind == "card_points":
            return float(deal.points[0])
        score = self.scoring.score(deal)
        margin = self.scoring.units(score)
        if self.kind == "score":
            return margin
        return (CONTRACT_WEIGHT if bool(score.made) == self.make else 0.0) + margin

    def reached(self, value: float) -> float:
        """The goal's measure in a solved ``value``: card points and margins are themselves; a
        contract is 1 (met) or 0 (not)."""
        if self.kind != "contract":
            return value
        return 1.0 if value >= CONTRACT_WEIGHT / 2 else 0.0

    def margin(self, value: float) -> float:
        """The deal's score margin in a solved contract ``value`` (the value itself otherwise)."""
        if self.kind != "contract":
            return value
        return value - CONTRACT_WEIGHT if value >= CONTRACT_WEIGHT / 2 else value


class Made(Measure):
    """Only whether the contract ends as the seat's side wants it: 1 or 0. The same cards reach
    the goal as under ``Measure`` (a minimax on made-first values decides made or not as a
    minimax on made alone does), and with its bounds a search stops at the first line that
    decides it, so most positions, whose contract no card or several cards make, cost little."""

    def __init__(self, scoring: DealScoring, make: bool) -> None:
        super().__init__(scoring, "contract", make)
        self.bounds = self._zero_one

    @staticmethod
    def _zero_one(deal: Deal) -> tuple[float, float]:
        return 0.0, 1.0

    def value(self, deal: Deal) -> float:
        return 1.0 if bool(self.scoring.score(deal).made) == self.make else 0.0

    def reached(self, value: float) -> float:
        return value


def in_own_terms(goals: Sequence[tuple[T, dict[str, Any]]]) -> list[T]:
    """Of one deal's puzzles (each with its goal's JSON), those told in the game's own terms:
    all but the ``FALLBACK`` ones, unless the deal has nothing else. In their order."""
    own = [item for item, goal in goals if goal["type"] != FALLBACK]
    return own or [item for item, _ in goals]


__all__ = ["CONTRACT_WEIGHT", "FALLBACK", "Goal", "GoalType", "Made", "Measure", "in_own_terms"]
