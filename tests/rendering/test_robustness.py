"""Every view an engine gives renders: each phase of each game, the public view and every seat's,
and the deal summary whenever a deal ends.

Views are typed (``games.views``) and checked by mypy, so the renderer does not re-check their
shape; what this test guards is the other direction — no phase or option of a game yields a view
the renderer cannot draw. Random options widen the phases seen (rubicon, SA/TA, six players…).
"""

from __future__ import annotations

import random

import pytest

from games.registry import GAME_NAMES, new_game
from rendering import render_deal_summary, render_hand, render_last_trick, render_table
from rendering.demo import DEMO_NAMES
from tests.games.conftest import random_action, random_options, random_seats, shuffled_deck

STEPS = 90
"""Actions per game: enough to pass the bidding and a few tricks, or a whole Piquet deal."""


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", [3, 11])
def test_views_of_every_phase_render(name: str, seed: int) -> None:
    rng = random.Random(seed)
    seats = random_seats(name, rng)
    game = new_game(name, random_options(name, rng), seats=seats, dealer=rng.randrange(seats))
    names = DEMO_NAMES[:seats]
    phases: set[str] = set()
    for step in range(STEPS):
        if game.over:
            break
        if game.awaiting_deck:
            game.deal(shuffled_deck(game, rng))
        seat = game.to_act
        assert seat is not None
        view = game.public_view()
        if view["phase"] not in phases or step % 15 == 0:
            phases.add(view["phase"])
            render_table(view, names, bots=[True] * seats)
            render_last_trick(view, names)
            private = game.view(seat)
            legal = [a.card for a in game.legal_actions(seat) if a.card is not None]
            render_hand(private, legal)
            render_table(private, names)
        deals = len(game.deal_results)
        game.apply(seat, random_action(game, seat, rng))
        if len(game.deal_results) > deals:
            render_deal_summary(game.public_view(), names, game.deal_results[-1])
    assert phases


def test_a_chiamata_deal_everybody_passed_is_summed_up_as_passed_out() -> None:
    """All five pass: chiamata's deal ends in a ``redeal`` event, with no result to read (the
    summary raised KeyError on its called card, and the table posted no summary)."""
    from games.actions import Action
    from rendering.sheets import merged_deal_result

    rng = random.Random(5)
    game = new_game("chiamata", seats=5, dealer=0)
    game.deal(shuffled_deck(game, rng))
    while not game.deal_results:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, Action("pass"))
    view, result = game.public_view(), game.deal_results[-1]
    assert merged_deal_result(view, result).get("passed_out") is True  # its headline: passed out
    assert render_deal_summary(view, DEMO_NAMES[:5], result)
