"""Playing a deal to its end from any point, with every card known, and scoring it.

The review values a choice by what the deal would have brought after it. From the chosen point
the deal goes on by strong play: the rest of an auction by the hard auction's model (everybody
passes: a contract is judged as if the auction ended with it), a Piquet exchange or chiamata's
trump by the normal player, and the cards by the search's own means — the rollout policy
(``games.ai.rollout``) while many cards are left, the double-dummy solver (``games.ai.solver``)
once ``exact_cards`` or fewer are. The cards are played on the rules engine itself, so the deal
is scored exactly as the table's options score it (melds, belote, capot, declarations, Sueca's
and Briscola's card points), in the unit of ``games.review.units``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.actions import PASS, PLAY, Action
from games.ai import knowledge as kn
from games.ai.deal import Deal
from games.ai.knowledge import Knowledge
from games.ai.normal import choose_normal
from games.ai.rollout import rollout
from games.ai.scorer import sides_for
from games.ai.solver import Solver, distinct_moves
from games.base import Game
from games.review.units import deal_value

Line = list[tuple[int, str]]
"""Cards played from some point of a deal, in order: (seat, card)."""

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


def open_deal(game: Game, seat: int) -> Deal:
    """The play phase of ``game`` as the search's compact state, every hand as it really is;
    side 0 is ``seat``'s (in chiamata, whoever holds the called card plays with the caller)."""
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
    side, _ = sides_for(know, view, hands)
    return Deal(rules, hands, side, leader, trick, stock)


def _played(deal: Deal) -> Line:
    deck = deal.rules.deck
    return [(int(record[0]), deck[int(record[1])]) for record in deal.undo]


def rollout_line(deal: Deal, rng: random.Random) -> Line:
    """The cards the rollout policy plays from here to the end (``deal`` is left as it is)."""
    sim = deal.copy()
    rollout(sim, rng)
    return _played(sim)


def solved_line(deal: Deal, solver: Solver | None = None) -> Line:
    """A line of best play for both sides with open cards (the solver's principal variation):
    at every card, one that keeps the double-dummy margin. ``deal`` is left as it is; a
    ``solver`` already used on this deal brings its transposition table."""
    sim = deal.copy()
    solver = solver or Solver()
    target = _final_margin(solver, sim)
    while not sim.over():
        moves = distinct_moves(sim, sim.legal())
        chosen = moves[0]
        for card in moves:
            sim.play(card)
            # The first card that keeps the margin is a best card: its siblings need no solve.
            found = _final_margin(solver, sim) == target
            sim.unplay()
            if found:
                chosen = card
                break
        sim.play(chosen)
    return _played(sim)


def _final_margin(solver: Solver, deal: Deal) -> int:
    """Side 0's margin at the end of the deal with best play from here."""
    return solver.solve(deal) + deal.points[0] - deal.points[1]


def strong_line(
    deal: Deal, rng: random.Random, exact_cards: int, solver: Solver | None = None
) -> Line:
    """The rollout policy while more than ``exact_cards`` cards are in play, then the solver
    (``solver``, when given, for a deal it has already searched)."""
    if deal.remaining_cards + len(deal.trick) <= exact_cards:
        return solved_line(deal, solver)
    line = rollout_line(deal, rng)
    sim = deal.copy()
    played: Line = []
    for seat, code in line:
        if not sim.trick and sim.remaining_cards <= exact_cards:
            break
        sim.play(sim.rules.index[code])
        played.append((seat, code))
    if sim.over():
        return played
    sim.undo.clear()
    return played + solved_line(sim)


def finish(
    game: Game,
    seat: int,
    deal_no: int,
    rng: random.Random,
    exact_cards: int,
    proceed: Continue = auction_ends,
    lines: dict[tuple[int, ...], Line] | None = None,
) -> float:
    """Play deal ``deal_no`` (the one in progress, or just ended) of ``game`` (changed in place)
    to its end and return its value for ``seat`` (``games.review.units``). ``lines`` caches the
    cards played from each start of the play (one sampled deal reached by several choices is
    played once)."""
    while len(game.deal_results) <= deal_no:
        to_act = game.to_act
        assert to_act is not None
        if game.decision != "play":
            game.apply(to_act, proceed(game, to_act, rng))
            continue
        deal = open_deal(game, seat)
        key = (*deal.hands, deal.leader, *deal.trick, *deal.stock, deal.rules.mode)
        key += (deal.rules.trump_suit,)
        line = lines.get(key) if lines is not None else None
        if line is None:
            line = strong_line(deal, rng, exact_cards)
            if lines is not None:
                lines[key] = line
        for who, code in line:
            game.apply(who, PLAY[code])
    result = game.deal_results[deal_no]
    return deal_value(game.NAME, result, game.teams(), seat)


__all__ = [
    "Line",
    "auction_ends",
    "finish",
    "open_deal",
    "rollout_line",
    "solved_line",
    "strong_line",
]
