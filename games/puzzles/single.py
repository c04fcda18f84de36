"""Single-dummy puzzles: only what the seat knew, and one card better in nearly every deal.

At a seat's card play, the deals it could be facing are sampled from everything its view shows
(the hand, the auction, the play so far: ``games.ai.sampler``, as the hard player and the
review draw them), and every legal card is valued exactly in each of them
(``games.ai.search.play_values`` with every sampled deal solved double dummy, hence the card
limit ``SINGLE_CARDS``), by the hard player's measure in the review's unit
(``games.review.units``: card points in the forty-card games, the deal's points elsewhere).

The position is a puzzle when the best card by its mean

- does strictly better than *each* other legal card in at least ``SHARE`` of the sampled deals
  (a tie is not better: a card that only matters in a few layouts is not worth a puzzle);
- is ahead of the second best by at least the game's ``SINGLE_GAP`` on average;
- is, in the real deal, solved with every card known, at least as good as every other card, so
  that the line of play shown with the answer (the solver's principal line in the real deal)
  shows it winning, never the unlucky layout.

Where the seat's information leaves one possible deal (``games.review.worlds.determined``) the
position is an open-hand one and is left to ``games.puzzles.exact``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from games.actions import Action
from games.ai.search import play_values
from games.ai.solver import Solver
from games.base import Game
from games.puzzles.exact import CHOICES, cards_left, principal_line
from games.review.playout import open_deal
from games.review.units import HALF
from games.review.worlds import determined

SINGLE_CARDS: Final[dict[str, int]] = {
    "belote": 14,
    "coinche": 14,
    "piquet": 12,
    "briscola": 10,
    "chiamata": 15,
    "sueca": 14,
}
"""Cards left in play at or below which a position is looked at: every sampled deal is then
solved exactly (no rollout noise in a puzzle's values), each in a few milliseconds."""

SAMPLES: Final = 40
"""Sampled deals per position: 90 % of 40 is 36, and a card better in only 80 % of the deals
the seat could face passes by chance about once in fifty."""

SHARE: Final = 0.9
"""The share of sampled deals in which the answer must do strictly better than each other card."""

SINGLE_GAP: Final[dict[str, float]] = {
    "belote": 10,
    "coinche": 10,
    "piquet": 2,
    "briscola": 4,
    "chiamata": 4,
    "sueca": 4,
}
"""The least mean lead of the answer over the second best card, in the review's unit."""


@dataclass(frozen=True)
class Sampled:
    """One single-dummy puzzle's finding, before it is placed in its record."""

    answer: Action
    values: tuple[tuple[Action, float], ...]
    """Every legal card and its mean value over the sampled deals, the answer first."""
    share: float
    """The least share of sampled deals in which the answer did better than another card."""
    deals: int
    line: tuple[tuple[int, Action], ...]
    """The answer and the solver's best play after it in the real deal, to the deal's end."""


def single_position(game: Game, seat: int) -> bool:
    """Whether ``seat``'s card play in ``game`` can hold a single-dummy puzzle: a choice of
    cards (``games.puzzles.exact.CHOICES``), few enough left, and something the seat does not know."""
    if game.decision != "play" or game.to_act != seat:
        return False
    if len(game.legal_actions(seat)) < CHOICES or cards_left(game) > SINGLE_CARDS[game.NAME]:
        return False
    return not determined(game.view(seat))


def solve_single(
    game: Game, seat: int, rng: random.Random, samples: int = SAMPLES
) -> Sampled | None:
    """The single-dummy puzzle at ``seat``'s card play in ``game`` (not changed), or ``None``;
    deterministic for ``rng``'s state, which it advances."""
    if not single_position(game, seat):
        return None
    legal = list(game.legal_actions(seat))
    cards = [a.card or "" for a in legal]
    limit = SINGLE_CARDS[game.NAME]
    valued = play_values(game.view(seat), cards, rng, samples, dd_cards=limit)
    deals = len(valued.deals)
    if deals < samples // 2:
        return None  # the seat's information is too tight to sample: nothing to judge by
    means = [valued.mean(c) for c in cards]
    best = max(range(len(cards)), key=lambda i: (means[i], -i))
    others = [i for i in range(len(cards)) if i != best]
    runner_up = max(means[i] for i in others)
    if HALF * (means[best] - runner_up) < SINGLE_GAP[game.NAME] - 1e-9:
        return None
    mine = valued.values[cards[best]]
    share = min(
        sum(1 for a, b in zip(mine, valued.values[cards[i]], strict=True) if a > b + 1e-9) / deals
        for i in others
    )
    if share < SHARE - 1e-9:
        return None
    deal, scoring = open_deal(game, seat)
    solver = Solver(scoring)
    rules = deal.rules
    real: list[float] = []
    for code in cards:
        deal.play(rules.index[code])
        real.append(solver.solve(deal))
        deal.unplay()
    if real[best] < max(real[i] for i in others) - 1e-9:
        return None
    order = [best, *sorted(others, key=lambda i: (-means[i], cards[i]))]
    values = tuple((legal[i], HALF * means[i]) for i in order)
    line = principal_line(deal, solver, rules.index[cards[best]], real[best])
    return Sampled(legal[best], values, share, deals, line)


__all__ = [
    "SAMPLES",
    "SHARE",
    "SINGLE_CARDS",
    "SINGLE_GAP",
    "Sampled",
    "single_position",
    "solve_single",
]
