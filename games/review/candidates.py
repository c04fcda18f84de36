"""The alternatives a review weighs against a seat's choice.

Where the legal choices are few, all of them: every legal card, Belote's takes, chiamata's rank
calls and trumps, Coinche's pass, coinche and surcoinche. Elsewhere a set a good player would
consider, with the seat's own choice always in it:

- Coinche's bids (up to 60 at the first call): in each trump, the lowest bid the seat could
  make. The review judges an auction action as the hard auction does, by the contract that
  stands if the auction ended with it; that model cannot see the raises an auction allows, so
  it would find every lowest bid too low. Bidding too high is still weighed: the seat's own bid
  against the lowest in its trump. A capot or générale is weighed when the seat called one;

- Piquet's exchange (any 1 to 5 cards of twelve for the elder, 792 ways to discard five): for
  every number of cards the seat may exchange, the discards of the normal player (which keeps
  the point suit, sequences and high sets) and of the easy player (which keeps long suits and
  high cards), so that exchanging fewer or more cards than the seat did is weighed too;
- chiamata's calls of a target over a 2 (``two_then_points``: 62 to 120 points): the lowest
  target the seat could call, and the one it called. The review counts card points, which a
  higher target does not change, so the lowest stands for all of them.
"""

from __future__ import annotations

import random

from games.actions import Action
from games.ai.easy import choose_easy
from games.ai.normal import choose_normal
from games.review.moments import Moment
from games.views import GameView


def candidates(moment: Moment, view: GameView) -> list[Action]:
    """The actions the review weighs at ``moment`` (seen through ``view``, the seat's), the
    seat's own choice first."""
    out: list[Action] = [moment.choice]
    if any(a.is_template for a in moment.legal):
        proposals = _exchanges(moment, view)
    elif any(a.type == "call" and a.points is not None for a in moment.legal):
        points = [a for a in moment.legal if a.type == "call" and a.points is not None]
        lowest = min(points, key=lambda a: int(a.points or 0))
        proposals = [a for a in moment.legal if a.points is None] + [lowest]
    elif any(a.type == "bid" for a in moment.legal):
        proposals = _lowest_bids(moment.legal)
    else:
        proposals = list(moment.legal)
    for action in proposals:
        if not any(_same(action, known) for known in out):
            out.append(action)
    return out


def _same(a: Action, b: Action) -> bool:
    if a.type == "exchange" and b.type == "exchange":
        return sorted(a.cards or ()) == sorted(b.cards or ())
    return a == b


def _lowest_bids(legal: tuple[Action, ...]) -> list[Action]:
    """Pass, coinche and surcoinche, and the first (lowest) legal numeric bid in each trump."""
    out = [a for a in legal if a.type != "bid"]
    named: set[str | None] = set()
    for action in legal:
        if action.type == "bid" and isinstance(action.value, int) and action.trump not in named:
            named.add(action.trump)
            out.append(action)
    return out


def _exchanges(moment: Moment, view: GameView) -> list[Action]:
    template = next(a for a in moment.legal if a.is_template)
    low = int(getattr(template, "min_count", 0))
    high = int(getattr(template, "max_count", 0))
    out: list[Action] = []
    for count in range(low, high + 1):
        limited: GameView = view.copy()
        limited["exchange"] = {"min": count, "max": count}  # type: ignore[typeddict-unknown-key]
        for player in (choose_normal, choose_easy):
            out.append(player(limited, [template], random.Random(count)))
    return out


__all__ = ["candidates"]
