"""Computer players: ``choose(view, legal_actions, level, rng, ...)`` for every game.

They see a seat's view only — never a hidden card — and return one of ``legal_actions`` (for
Piquet's exchange template, a concrete exchange within the view's limits). The search-based
levels sample the unseen cards consistently with the view; the easy level is rule-based.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.actions import Action
from games.ai.easy import choose_easy

LEVELS = ("easy", "normal", "hard")
"""Levels a table may seat. Only ``easy`` has its own play yet: the stronger ones, which search
sampled deals, arrive with the computer-players issue and play as ``easy`` until then."""


def choose(
    view: dict[str, Any],
    legal_actions: Sequence[Action],
    level: str,
    rng: random.Random,
    samples: int | None = None,
    time_cap_s: float | None = None,
) -> Action:
    """One action for the seat of ``view``; deterministic for a given ``rng`` state."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; the levels are {', '.join(LEVELS)}")
    if not legal_actions:
        raise ValueError("the computer player was asked to act with no legal action")
    return choose_easy(view, list(legal_actions), rng)
