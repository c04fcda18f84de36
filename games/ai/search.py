"""The hard player's card play: every candidate card valued in deals sampled from what the seat knows.

Strong card programs handle hidden cards this way (determinized search): deal the unseen cards
many times consistently with everything the view revealed (``games.ai.sampler``), value each
candidate card in every such deal — exactly with the double-dummy solver (``games.ai.solver``)
once few cards are left, by the greedy rollout (``games.ai.rollout``) before — in the deal's own
scoring (``games.ai.scorer``), and play the card that does best on average.

``play_values`` is that valuation on its own, every sampled deal and every card's value in it,
for whoever wants to show why a card was good (a deal review); ``search_play`` is the hard
player's choice from it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from games.ai import knowledge as kn
from games.ai.belief import Belief
from games.ai.deal import Deal
from games.ai.knowledge import Knowledge
from games.ai.profiles import PROFILES
from games.ai.rollout import rollout
from games.ai.sampler import Sampler
from games.ai.scorer import Objective, TableScoring, sides_for
from games.ai.solver import Solver
from games.views import GameView

DD_CARDS: Final[dict[str, int]] = {name: p.dd_cards for name, p in PROFILES.items()}
"""Cards left in play (hands and stock) at or below which a sampled deal is solved exactly
(double dummy) instead of rolled out, by game (``games.ai.profiles.Profile.dd_cards``)."""


@dataclass(frozen=True)
class SampledDeal:
    """One deal of the unseen cards consistent with what the seat knows, at its decision."""

    hands: tuple[tuple[str, ...], ...]
    """Every seat's cards, the seat's own hand as it is; the cards of the trick on the table are
    not in them."""
    stock: tuple[str, ...]
    """Briscola's stock in drawing order, the face-up trump card last; empty in other games."""
    solved: bool
    """Whether the values in this deal are exact (double dummy) rather than rolled out."""


@dataclass(frozen=True)
class PlayValues:
    """Each candidate card's value in each sampled deal, for the seat of one view.

    A value is what the deal is worth to the seat at its end, points scored before the decision
    included, counted by the table's own scoring (``games.ai.scorer``) under its options, by the
    ``objective``: for ``score``, the seat's side's deal score in the game's unit (points in
    Belote, Coinche and Piquet, games in Sueca, hands in Briscola: the margin over the other
    side; in chiamata and three-player Briscola, where each player scores alone, the seat's own
    score — stakes, hands); for ``search`` (the hard player's), that too, plus in Sueca, Briscola
    and chiamata the card points margin, each unit of the deal's score weighing
    ``games.ai.scorer.RESULT_WEIGHT`` card points. The searching side is the seat's team (in
    chiamata, its side in that deal).
    """

    cards: tuple[str, ...]
    deals: tuple[SampledDeal, ...]
    values: dict[str, tuple[float, ...]]
    """Card → its value in each deal of ``deals``, in that order."""
    objective: Objective = "search"
    weights: tuple[float, ...] | None = None
    """Each deal's weight where the deals were drawn uniformly and weighed by a belief
    (``play_values(..., weighted=True)``); ``None``: every deal counts alike."""

    def total(self, card: str) -> float:
        """``card``'s values added up in deal order (what the hard player compares), each
        times its deal's weight where there are weights."""
        total = 0.0
        if self.weights is None:
            for value in self.values[card]:
                total += value
            return total
        for value, weight in zip(self.values[card], self.weights, strict=True):
            total += value * weight
        return total

    def mean(self, card: str) -> float:
        """``card``'s average value over the sampled deals."""
        return self.total(card) / len(self.deals)


def play_values(
    view: GameView,
    cards: Sequence[str],
    rng: random.Random,
    samples: int,
    dd_cards: int | None = None,
    deadline: float | None = None,
    objective: Objective = "search",
    belief: Belief | None = None,
    weighted: bool = False,
) -> PlayValues:
    """For the seat of ``view``, which is to play: up to ``samples`` deals of the unseen cards
    consistent with what it knows, and in each deal the value of playing each of ``cards`` (its
    candidate cards, legal plays) continued by strong play for every seat — solved exactly when
    ``dd_cards`` or fewer cards are left in play (default: ``DD_CARDS`` of the game), otherwise
    played out by the rollout policy (the same rollout for every card of one deal). Values are
    by ``objective`` (``PlayValues``); the exact solver plays for that objective too. The
    deals are drawn by ``belief`` where one is given (``games.ai.belief``), else uniformly
    within the hard constraints and fitted to the hand-written claims (``games.ai.sampler``).
    ``weighted`` (with a belief): the deals are drawn uniformly within the hard constraints
    instead, and each is weighed by its likelihood under the belief (the product of its cards'
    odds, normalised to the best deal's); the weights are in ``PlayValues.weights``.

    Deterministic for a given ``rng`` state (which it advances) and ``samples``; ``deadline``
    (a ``time.monotonic()`` value) stops sampling early, after one deal at least. Fewer deals
    come back when the constraints of the view cannot be met (none if no deal can be drawn).
    The hard player's card is the one with the best ``PlayValues.total``.
    """
    know = Knowledge(view)
    rules = know.rules
    limit = rules.profile.dd_cards if dd_cards is None else dd_cards
    odds: list[list[float]] | None = None
    if belief is not None and weighted:
        odds = belief.holders(view, know)
        sampler = Sampler(know, view)
        sampler.claims = []  # uniform within the hard constraints: the belief weighs instead
    else:
        sampler = Sampler(know, view, belief)
    log_weights: list[float] = []
    table = TableScoring(view, objective)
    trick = [rules.index[c] for _, c in know.trick]
    leader = know.trick[0][0] if know.trick else know.seat
    stock_left, face_up = kn.stock_size(view), kn.face_up_trump(view)
    values: dict[str, list[float]] = {code: [] for code in cards}
    deals: list[SampledDeal] = []
    solved: dict[tuple[int, ...], list[float]] = {}
    for _ in range(samples):
        if deadline is not None and deals and time.monotonic() > deadline:
            break
        dealt = sampler.sample(rng)
        if dealt is None:
            break
        hands, rest = dealt
        sampled = tuple(tuple(rules.cards(h)) for h in hands)
        if odds is not None:
            log_weights.append(log_likelihood(odds, hands, sampler.unseen))
        # Put the cards of the current trick back so that the deal replays it from its lead.
        for i, card in enumerate(trick):
            hands[(leader + i) % know.seats] |= 1 << card
        stock: list[int] = []
        if stock_left > 0:
            # The cards no hand holds are the stock; the face-up trump card is drawn last.
            stock = list(rest)[: stock_left - 1]
            if face_up is not None:
                stock.append(rules.index[face_up])
        deal = Deal(rules, hands, sides_for(know, view, hands), leader, trick, stock)
        solve = deal.remaining_cards <= limit
        seed = rng.random()
        known = solved.get((*hands, *stock)) if solve else None
        if known is not None:
            # Late in a deal few hidden layouts remain and samples repeat: solved once is enough.
            for code, value in zip(cards, known, strict=True):
                values[code].append(value)
            deals.append(SampledDeal(sampled, tuple(rules.deck[c] for c in stock), True))
            continue
        scoring = table.start(deal)
        solver = Solver(scoring) if solve else None
        exact: list[float] = []
        for code in cards:
            card = rules.index[code]
            if solver is not None:
                deal.play(card)
                value = solver.solve(deal)
                deal.unplay()
                exact.append(value)
            else:
                sim = deal.copy()
                sim.play(card)
                rollout(sim, random.Random(seed))
                value = scoring.value(sim)
            values[code].append(value)
        if solver is not None:
            solved[(*hands, *stock)] = exact
        deals.append(SampledDeal(sampled, tuple(rules.deck[c] for c in stock), solver is not None))
    weights = None
    if odds is not None and log_weights:
        top = max(log_weights)
        weights = tuple(math.exp(w - top) for w in log_weights)
    return PlayValues(
        tuple(cards),
        tuple(deals),
        {code: tuple(v) for code, v in values.items()},
        objective,
        weights,
    )


def log_likelihood(odds: list[list[float]], hands: list[int], unseen: list[int]) -> float:
    """A deal's log-likelihood under a belief, up to a constant: its unseen cards' odds of being
    where it put them (in no hand: the last column). The uniform draw's own odds are the same
    for every deal (each hand gets its room), so this is the deal's weight."""
    total = 0.0
    for c in unseen:
        row = odds[c]
        holder = next((s for s, hand in enumerate(hands) if hand >> c & 1), len(row) - 1)
        total += math.log(max(row[holder], 1e-12))
    return total


def search_play(
    view: GameView,
    candidates: list[str],
    rng: random.Random,
    samples: int,
    dd_cards: int,
    deadline: float | None,
    fallback: Callable[[], str],
    belief: Belief | None = None,
    weighted: bool = False,
) -> str:
    """The candidate card with the best total value over ``samples`` sampled deals
    (``play_values``); ``fallback()`` breaks ties and stands in when no deal can be sampled."""
    valued = play_values(
        view, candidates, rng, samples, dd_cards, deadline, belief=belief, weighted=weighted
    )
    if not valued.deals:
        return fallback()
    totals = {code: valued.total(code) for code in candidates}
    best = max(totals.values())
    ties = [c for c in candidates if totals[c] >= best - 1e-9]
    if len(ties) == 1:
        return ties[0]
    preferred = fallback()
    return preferred if preferred in ties else ties[0]


__all__ = ["DD_CARDS", "PlayValues", "SampledDeal", "log_likelihood", "play_values", "search_play"]
