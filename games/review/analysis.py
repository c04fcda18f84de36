"""The review of one seat's play in one finished deal: each decision against its alternatives.

For every decision of the seat that was a choice (``games.review.moments``), each alternative
(``games.review.candidates``) is valued over deals sampled from what the seat knew at that
moment, the way the hard player samples them, each continued by strong play
(``games.review.playout``):

- a card: ``games.ai.search.play_values``, the hard player's own valuation — every legal card
  in every sampled deal, solved exactly once few cards are left, rolled out before;
- a bid, a take, a coinche, a call, a trump, an exchange: sampled deals as whole decks
  (``games.review.worlds``), each alternative applied and the deal played to its end on the
  engine, the auction ending with it (the hard auction's model).

The best alternative is the one with the best mean among those whose gain over the choice, deal
by deal, is clear of the sampling noise (``CLEAR``); the cost of the choice is the best's mean
less the choice's (0 when no alternative is clearly better), in the unit of
``games.review.units``;
``better_share`` is the share of sampled deals in which the best did better than the choice.
The real deal, whose every card is known once it is over, values the choice and the best
alternative too: by the solver where few enough cards are left (``REAL_EXACT_CARDS``), by the
rollout policy and then the solver before. Where the seat's information leaves one possible
deal (``games.review.worlds.determined``) and the solver reaches the end, the real deal is the
only deal and the cost is exact.

Deterministic for a record, a seat, a deal, a sample budget and a seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from games.actions import Action
from games.ai.search import play_values
from games.base import Game
from games.records import ParsedRecord
from games.review.candidates import candidates
from games.review.moments import Moment, ReviewedDeal, reviewed_deal
from games.review.playout import finish
from games.review.units import HALF, UNITS
from games.review.worlds import Worlds, determined

DEFAULT_SAMPLES: Final = 24
"""Sampled deals per decision when none is asked for."""

REAL_EXACT_CARDS: Final[dict[str, int]] = {
    "belote": 16,
    "coinche": 16,
    "piquet": 20,
    "briscola": 14,
    "chiamata": 20,
    "sueca": 20,
}
"""Cards left in play at or below which a deal with open cards is solved exactly for the real
deal's values (one deal, not many: more than ``games.ai.search.DD_CARDS``). A solve of that
size takes a few hundredths of a second on one core."""

EPSILON: Final = 1e-9

CLEAR: Final = 2.0
"""An alternative is better than the choice only when its mean gain over the same sampled
deals is this many standard errors above nothing. The best of many alternatives over a few
dozen deals is always a little ahead by chance; without this, every choice would cost a few
points of noise, and the review would blame good play."""


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat, against its best alternative."""

    index: int
    """The action's index in the deal's ``actions`` (from 0)."""
    choice: Action
    best: Action
    cost: float
    """The best alternative's mean value less the choice's (0 when the choice was best)."""
    better_share: float
    """The share of sampled deals in which ``best`` did better than ``choice``."""
    real_choice: float
    real_best: float
    """The values of the choice and of the best alternative in the real deal."""
    deals: int
    """How many sampled deals the values are means over (1 when ``exact``)."""
    exact: bool
    """The seat's information left one possible deal, solved to the end: ``cost`` is exact."""


@dataclass(frozen=True)
class Review:
    game: str
    seat: int
    deal: int
    unit: str
    decisions: tuple[Decision, ...]

    @property
    def total_cost(self) -> float:
        return sum(d.cost for d in self.decisions)

    def to_json(self) -> dict[str, Any]:  # JSON: the review object of docs/records.md
        """The ``--json`` object of ``python -m games review`` (docs/records.md)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "deal": self.deal,
            "unit": self.unit,
            "decisions": [
                {
                    "action_index": d.index,
                    "choice": d.choice.to_json(),
                    "best": d.best.to_json(),
                    "cost": round(d.cost, 2),
                    "better_share": round(d.better_share, 3),
                    "real": {"choice": round(d.real_choice, 2), "best": round(d.real_best, 2)},
                }
                for d in self.decisions
            ],
        }


def review(
    record: ParsedRecord,
    seat: int,
    deal: int,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> Review:
    """Every decision of ``seat`` in deal ``deal`` of ``record`` (raises as
    ``games.review.moments.reviewed_deal`` does)."""
    if samples < 1:
        raise ValueError("the review needs at least one sampled deal per decision")
    reviewed = reviewed_deal(record, deal, seat)
    decisions = tuple(
        judge(reviewed, moment, samples, random.Random(f"{seed}:{deal}:{seat}:{moment.index}"))
        for moment in reviewed.moments
    )
    return Review(record.game, seat, deal, UNITS[record.game], decisions)


def judge(reviewed: ReviewedDeal, moment: Moment, samples: int, rng: random.Random) -> Decision:
    """One decision against its alternatives."""
    view = moment.game.view(moment.seat)
    options = candidates(moment, view)
    limit = REAL_EXACT_CARDS[moment.game.NAME]
    real_seed = rng.random()
    plays = moment.choice.type == "play"
    if plays and determined(view) and _cards_left(moment.game) <= limit:
        values = {
            i: [_real(moment, reviewed.deal, a, limit, real_seed)] for i, a in enumerate(options)
        }
        return _decide(moment, options, values, values, exact=True)
    if plays:
        cards = [str(a.card) for a in options]
        valued = play_values(view, cards, rng, samples, objective="search")
        sampled = {i: [HALF * v for v in valued.values[c]] for i, c in enumerate(cards)}
    else:
        sampled = _worlds_values(reviewed, moment, options, samples, rng)
    decision = _decide(moment, options, sampled, {}, exact=False)
    best = next(i for i, a in enumerate(options) if a == decision.best)
    real_choice = _real(moment, reviewed.deal, options[0], limit, real_seed)
    real_best = (
        real_choice if best == 0 else _real(moment, reviewed.deal, options[best], limit, real_seed)
    )
    return Decision(
        decision.index,
        decision.choice,
        decision.best,
        decision.cost,
        decision.better_share,
        real_choice,
        real_best,
        decision.deals,
        False,
    )


def _cards_left(game: Game) -> int:
    """Cards in hands and stock, and on the table, of the deal in progress."""
    total = 0
    for seat in range(game.seats):
        total += len(game.view(seat).get("hand") or [])
    total += len(game.public_view().get("trick") or [])
    return total + len(getattr(game, "stock", []) or [])


def _real(moment: Moment, deal: int, action: Action, exact_cards: int, seed: float) -> float:
    """``action``'s value in the real deal, every card known."""
    game = moment.game.clone()
    game.apply(moment.seat, action)
    return finish(game, moment.seat, deal, random.Random(seed), exact_cards)


def _worlds_values(
    reviewed: ReviewedDeal,
    moment: Moment,
    options: Sequence[Action],
    samples: int,
    rng: random.Random,
) -> dict[int, list[float]]:
    """Each option's value in each sampled deal, the deal going on after it on the engine."""
    values: dict[int, list[float]] = {i: [] for i in range(len(options))}
    for world in Worlds(reviewed, moment).draw(rng, samples):
        seed = rng.random()
        for i, action in enumerate(options):
            played = world.game.clone()
            played.apply(moment.seat, action)
            values[i].append(finish(played, moment.seat, reviewed.deal, random.Random(seed), 0))
    return values


def _clear(better: Sequence[float], choice: Sequence[float]) -> bool:
    """Whether ``better``'s gain over ``choice``, deal by deal, is clear of sampling noise."""
    gains = [a - b for a, b in zip(better, choice, strict=True)]
    n = len(gains)
    mean = sum(gains) / n
    if mean <= EPSILON:
        return False
    if n == 1:
        return True
    spread = sum((g - mean) ** 2 for g in gains) / (n - 1)
    return mean > CLEAR * math.sqrt(spread / n)


def _decide(
    moment: Moment,
    options: Sequence[Action],
    values: dict[int, list[float]],
    real: dict[int, list[float]],
    *,
    exact: bool,
) -> Decision:
    """The best option by its mean (the choice when it is as good), its cost and how often it
    did better; ``real`` holds the real deal's values where they are already known."""
    deals = len(values[0])
    if deals == 0:
        # No deal could be sampled: nothing is known against the choice.
        return Decision(moment.index, options[0], options[0], 0.0, 0.0, 0.0, 0.0, 0, exact)
    means = [sum(values[i]) / deals for i in range(len(options))]
    best = 0
    for i in range(1, len(options)):
        if means[i] > means[best] + EPSILON and _clear(values[i], values[0]):
            best = i
    cost = max(0.0, means[best] - means[0])
    better = 0
    if best != 0:
        better = sum(1 for a, b in zip(values[best], values[0], strict=True) if a > b + EPSILON)
    real_choice = real[0][0] if real else 0.0
    real_best = real[best][0] if real else 0.0
    return Decision(
        moment.index,
        options[0],
        options[best],
        cost,
        better / deals,
        real_choice,
        real_best,
        deals,
        exact,
    )


__all__ = ["DEFAULT_SAMPLES", "REAL_EXACT_CARDS", "Decision", "Review", "judge", "review"]
