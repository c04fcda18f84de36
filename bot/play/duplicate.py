"""Tables whose deal is fixed in advance and whose computer players can be replayed: the deals of a
server challenge (docs/challenges.md), read from a table's settings.

A ``duplicate`` table plays one deal from a given dealer and deck, its computer players draw their
randomness from the deal's seed and the step (``games.duplicate.step_rng``) and search with a fixed
sample budget, and its play ends with that deal. So everybody who plays the deal makes the same
computer players answer the same way to the same decisions; the session reads this here and
nothing else about challenges. A ``private`` table is seen by its one player only: it speaks in
its private thread, or in that player's ephemeral messages, never in its channel.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.storage.interface import TableRow
from games.duplicate import FixedDeal, step_rng

DUPLICATE = "duplicate"
"""The table setting that makes a table a duplicate deal."""
PRIVATE = "private"
"""The table setting of a table only its seated player may see."""


@dataclass(frozen=True)
class Duplicate:
    deal: FixedDeal
    seed: str
    samples: int

    def settings(self) -> dict[str, Any]:  # JSON: the table setting
        return {
            "dealer": self.deal.dealer,
            "deck": list(self.deal.deck),
            "seed": self.seed,
            "samples": self.samples,
        }

    def rng(self, action_count: int) -> random.Random:
        """The computer player's randomness for the step after ``action_count`` actions."""
        return step_rng(self.seed, action_count)


def duplicate_of(row: TableRow) -> Duplicate | None:
    """The fixed deal a table plays, or None for an ordinary table."""
    value = row.settings.get(DUPLICATE)
    if not isinstance(value, dict):
        return None
    deal = FixedDeal(int(value["dealer"]), tuple(str(card) for card in value["deck"]))
    return Duplicate(deal, str(value["seed"]), int(value["samples"]))


def is_private(row: TableRow) -> bool:
    return row.settings.get(PRIVATE) is True
