"""Playing a deal to its end from any point, with every card known, and valuing it.

The review values a choice by what the deal would have brought after it. From the chosen point
the deal goes on by strong play: the rest of an auction by the hard auction's model (everybody
passes: a contract is judged as if the auction ended with it), a Piquet exchange or chiamata's
trump by the normal player, and the cards by the search's own means — the rollout policy
(``games.ai.rollout``) while many cards are left, the double-dummy solver (``games.ai.solver``)
once ``exact_cards`` or fewer are, playing for the table's score. The finished deal is scored by
the engines' own scoring under the table's options (``games.ai.scorer``), in the review's unit
(``games.review.units``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.actions import PASS, Action
from games.ai import knowledge as kn
from games.ai.deal import Deal
from games.ai.knowledge import Knowledge
from games.ai.normal import choose_normal
from games.ai.rollout import rollout
from games.ai.scorer import DealScoring, TableScoring, sides_for
from games.ai.solver import Solver
from games.base import Game
from games.review.units import HALF, OBJECTIVE, deal_value

Continue = Callable[[Game, int, random.Random], Action]
"""Who decides the auction, exchanges and calls after the reviewed choice."""


def auction_ends(game: Game, seat: int, rng: random.Random) -> Action:
    """The hard auction's model of the rest of a deal's calls: everybody passes where passing is
    allowed (a bid is judged by the contract it makes, a pass by the contract that stands); the
    normal player chooses what cannot be passed (chiamata's trump, Piquet's other exchange)."""
    legal = game.legal_actions(seat)
    if PASS in legal:
        return PASS
    return choose_normal(game.view(seat), legal, rng)


def open_deal(game: Game, seat: int) -> tuple[Deal, DealScoring]:
    """The play phase of ``game`` as the search's compact state, every hand as it really is,
    side 0 ``seat``'s (in chiamata, whoever holds the called card plays with the caller), and
    its scoring by the table's rules (the review's objective, ``games.review.units``)."""
    view = game.view(seat)
    know = Knowledge(view)
    rules = know.rules
    hands = [rules.mask(kn.hand(game.view(s))) for s in range(game.seats)]
    trick = [rules.index[c] for _, c in know.trick]
    to_act = game.to_act
    assert to_act is not None
    leader = know.trick[0][0] if know.trick else to_act
    for i, card in enumerate(trick):
        hands[(leader + i) % game.seats] |= 1 << card
    # Briscola's stock in drawing order (the face-up trump card last): the engine's own list.
    stock_codes: list[str] = list(getattr(game, "stock", [])) if game.NAME == "briscola" else []
    stock = [rules.index[c] for c in stock_codes]
    deal = Deal(rules, hands, sides_for(know, view, hands), leader, trick, stock)
    return deal, TableScoring(view, OBJECTIVE).start(deal)


def play_out(deal: Deal, scoring: DealScoring, rng: random.Random, exact_cards: int) -> float:
    """Side 0's value of ``deal`` (changed: played on) played to its end by the rollout policy
    while more than ``exact_cards`` cards are in play, then solved double dummy."""
    if deal.remaining_cards + len(deal.trick) > exact_cards:
        sim = deal.copy()
        rollout(sim, rng)
        for record in [r[1] for r in sim.undo]:
            if not deal.trick and deal.remaining_cards <= exact_cards:
                break
            deal.play(int(record))
    if deal.over():
        return scoring.value(deal)
    return Solver(scoring).solve(deal)


def finish(
    game: Game,
    seat: int,
    deal_no: int,
    rng: random.Random,
    exact_cards: int,
    proceed: Continue = auction_ends,
) -> float:
    """Deal ``deal_no`` (the one in progress, or just ended) of ``game`` (changed in place)
    played to its end: its value for ``seat`` (``games.review.units``)."""
    while len(game.deal_results) <= deal_no:
        to_act = game.to_act
        assert to_act is not None
        if game.decision == "play":
            deal, scoring = open_deal(game, seat)
            return HALF * play_out(deal, scoring, rng, exact_cards)
        game.apply(to_act, proceed(game, to_act, rng))
    return deal_value(game.NAME, game.deal_results[deal_no], game.teams(), seat)


__all__ = ["auction_ends", "finish", "open_deal", "play_out"]
