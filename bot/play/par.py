"""The par of a challenge's deal: what the hard computer scores in the person's seat, with the same
computer partners and opponents (docs/challenges.md).

It is the deal a person would play if they made, at each of their turns, the move the hard
computer makes there: every seat is played by the hard computer with the deal's seed and the
challenge's sample budget, drawing each step's randomness exactly as the computers of the
challenge's tables do (``games.duplicate.step_rng``) and falling back exactly as they do. Each move
is one job of the computer players' workers, so a par being worked out never holds the tables in
play for more than one move.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.play.computers import ChooseFn, decide, default_choose, fallback_action
from games.base import Game
from games.duplicate import FixedDeal, step_rng
from games.registry import game_class

log = logging.getLogger(__name__)

PAR_LEVEL = "hard"


async def play_par(
    game: str,
    seats: int,
    options: dict[str, Any],  # JSON: rule options
    deal: FixedDeal,
    seed: str,
    samples: int,
    choose_fn: ChooseFn = default_choose,
) -> Game:
    """The deal played to its end by the hard computer in every seat."""
    engine = game_class(game)(options=options, seats=seats, dealer=deal.dealer)
    engine.deal(list(deal.deck))
    while not engine.deal_results and not engine.over:
        seat = engine.to_act
        assert seat is not None
        legal = engine.legal_actions(seat)
        rng = step_rng(seed, engine.action_count)
        view = engine.view(seat)
        try:
            action = await decide(choose_fn, view, legal, PAR_LEVEL, rng, samples)
            engine.check(seat, action)
        except Exception:
            log.exception("par of a %s deal: the computer player of seat %s failed", game, seat)
            action = fallback_action(engine, seat, legal, rng)
        engine.apply(seat, action)
    return engine
