"""Which actions were choices: a review lists every decision that left the seat more than one
thing to do, and nothing else (a forced card costs nothing and teaches nothing)."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from games.actions import Action, ActionTemplate


def is_choice(legal: Sequence[Action], hand_size: int) -> bool:
    """Whether ``legal`` leaves the seat more than one thing to do: several actions, or an
    exchange template (Piquet) whose limits allow more than one set of discards."""
    if len(legal) > 1:
        return True
    template = legal[0] if legal else None
    if not isinstance(template, ActionTemplate):
        return False
    ways = sum(comb(hand_size, k) for k in range(template.min_count, template.max_count + 1))
    return ways > 1


__all__ = ["is_choice"]
