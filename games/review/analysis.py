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
only deal and the cost is exact. Where the real deal is solved exactly after any card, every
alternative is valued in it, so that a choice the sampled deals could not fault but the real
deal did is told apart: its verdict is *unlucky* (``games.review.values``), not a mistake.

Deterministic for a record, a seat, a deal, a sample budget and a seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from games.actions import Action
from games.ai.search import play_values
from games.base import Game
from games.records import ParsedRecord
from games.review.candidates import candidates
from games.review.moments import Moment, ReviewedDeal, reviewed_deal
from games.review.playout import finish
from games.review.seen import seen
from games.review.units import HALF, OBJECTIVE, UNITS
from games.review.values import THRESHOLD, Decision, Review
from games.review.values import verdict as verdict_of
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
class Judged:
    """A decision's figures before its verdict: the best option, its cost and how often it did
    better, and the real deal's values."""

    best: int
    cost: float
    better_share: float
    deals: int
    real_choice: float = 0.0
    real_best: float = 0.0
    hindsight: int | None = None


def review(
    record: ParsedRecord,
    seat: int,
    deal: int,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> Review:
    """Every decision of ``seat`` in deal ``deal`` of ``record``, in the order played (raises
    as ``games.review.moments.reviewed_deal`` does)."""
    if samples < 1:
        raise ValueError("the review needs at least one sampled deal per decision")
    reviewed = reviewed_deal(record, deal, seat)
    decisions = tuple(
        judge(reviewed, moment, samples, random.Random(f"{seed}:{deal}:{seat}:{moment.index}"))
        for moment in reviewed.moments
    )
    return Review(record.game, seat, deal, UNITS[record.game], record.seats, decisions)


def judge(reviewed: ReviewedDeal, moment: Moment, samples: int, rng: random.Random) -> Decision:
    """One decision against its alternatives."""
    view = moment.game.view(moment.seat)
    options = candidates(moment, view)
    limit = REAL_EXACT_CARDS[moment.game.NAME]
    real_seed = rng.random()
    plays = moment.choice.type == "play"
    exact = plays and determined(view) and _cards_left(moment.game) <= limit
    if exact:
        values = {
            i: [_real(moment, reviewed.deal, a, limit, real_seed)] for i, a in enumerate(options)
        }
        judged = _real_values(_decide(values), values)
    else:
        if plays:
            cards = [str(a.card) for a in options]
            valued = play_values(view, cards, rng, samples, objective=OBJECTIVE)
            sampled = {i: [HALF * v for v in valued.values[c]] for i, c in enumerate(cards)}
        else:
            sampled = _worlds_values(reviewed, moment, options, samples, rng)
        judged = _decide(sampled)
        if plays and _cards_left(moment.game) <= limit:
            # The real deal is solved exactly after any card: every alternative is valued in
            # it, so that a choice the sampled deals could not fault but the real one did is
            # told apart (unlucky).
            real = {
                i: [_real(moment, reviewed.deal, a, limit, real_seed)]
                for i, a in enumerate(options)
            }
            judged = _real_values(judged, real)
        else:
            real = {0: [_real(moment, reviewed.deal, options[0], limit, real_seed)]}
            if judged.best != 0:
                real[judged.best] = [
                    _real(moment, reviewed.deal, options[judged.best], limit, real_seed)
                ]
            judged = _real_values(judged, real)
    unit = UNITS[moment.game.NAME]
    verdict = (
        "mistake"
        if judged.cost > THRESHOLD[unit]
        else "fine"
        if exact
        else verdict_of(judged.cost, judged.real_choice, judged.real_best, unit)
    )
    return Decision(
        moment.index,
        options[0],
        options[judged.best],
        judged.cost,
        judged.better_share,
        judged.real_choice,
        judged.real_best,
        judged.deals,
        exact,
        verdict,
        None if judged.hindsight is None else options[judged.hindsight],
        seen(reviewed, moment),
    )


def _real_values(judged: Judged, real: dict[int, list[float]]) -> Judged:
    """``judged`` with the real deal's values of the options in ``real`` (the choice's among
    them): the choice's, the best there, and the option that made it where it beat the choice."""
    choice = real[0][0]
    top = max(real, key=lambda i: (real[i][0], -i))
    best = real[top][0]
    hindsight = top if best > choice + EPSILON else None
    return replace(judged, real_choice=choice, real_best=best, hindsight=hindsight)


def _cards_left(game: Game) -> int:
    """Cards in hands and stock, and on the table, of the deal in progress."""
    total = 0
    for seat in range(game.seats):
        total += len(game.view(seat)["hand"])
    total += len(game.public_view()["trick"])
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


def _decide(values: dict[int, list[float]]) -> Judged:
    """The best option by its mean (the choice, option 0, when it is as good), its cost and how
    often it did better."""
    deals = len(values[0])
    if deals == 0:
        # No deal could be sampled: nothing is known against the choice.
        return Judged(0, 0.0, 0.0, 0)
    means = [sum(values[i]) / deals for i in range(len(values))]
    best = 0
    for i in range(1, len(values)):
        if means[i] > means[best] + EPSILON and _clear(values[i], values[0]):
            best = i
    cost = max(0.0, means[best] - means[0])
    better = 0
    if best != 0:
        better = sum(1 for a, b in zip(values[best], values[0], strict=True) if a > b + EPSILON)
    return Judged(best, cost, better / deals, deals)


__all__ = ["DEFAULT_SAMPLES", "REAL_EXACT_CARDS", "judge", "review"]
