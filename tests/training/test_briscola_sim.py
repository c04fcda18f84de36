"""The self-play's two-player Briscola (``training.briscola_sim``) is the engine's: the same deck
and the same choices give the same tricks, the same points and the same positions."""

from __future__ import annotations

import random

import pytest

from games.ai import duel_value as dv
from games.ai.knowledge import bits
from games.ai.nets import load
from games.cards import DECK_40
from games.registry import new_game
from training.briscola_sim import Seat, learned, new_deal, play_deal


@pytest.mark.parametrize("seed", range(4))
def test_a_deal_goes_as_in_the_engine(seed: int) -> None:
    rng = random.Random(seed)
    deck, tie_last = new_deal(rng)
    dealer = seed % 2
    seen: list[Seat] = []

    def policy(seat: Seat) -> int:
        seen.append(seat)
        return seat.rng.choice(bits(seat.hand))

    record = play_deal(deck, tie_last, (dealer + 1) % 2, (policy, policy), random.Random(seed))
    options = {"tie_rule": "last_trick" if tie_last else "draw"}
    game = new_game("briscola", options=options, seats=2, dealer=dealer)
    game.deal([DECK_40[c] for c in deck])
    for (seat, card), known in zip(record.cards, seen, strict=True):
        assert game.to_act == seat
        view = game.view(seat)
        assert sorted(view["hand"]) == sorted(DECK_40[c] for c in bits(known.hand))
        assert view["stock_size"] == known.stock
        assert view["scores"]["deal"][seat] == known.mine
        game.apply(seat, next(a for a in game.legal_actions(seat) if a.card == DECK_40[card]))
    result = game.deal_results[-1]
    assert list(result["trick_points"]) == record.points
    winner = [1 if record.result(s) == 1 else 0 for s in (0, 1)]
    assert list(result["scores"]) == winner


def test_the_self_play_plays_as_the_table_does() -> None:
    """The self-play's player and the table's hard player choose the same cards in a deal."""
    deck, tie_last = new_deal(random.Random(11))
    policy = learned(load(dv.NET), 8, 0.0)
    record = play_deal(deck, tie_last, 1, (policy, policy), random.Random(2))
    options = {"tie_rule": "last_trick" if tie_last else "draw"}
    game = new_game("briscola", options=options, seats=2, dealer=0)
    game.deal([DECK_40[c] for c in deck])
    for seat, card in record.cards:
        view = game.view(seat)
        hand = [str(c) for c in view["hand"]]
        if view["trick"] or view["stock_size"] == 0:
            # Without sampling (a reply, or the open ending), the choice is the same.
            assert dv.choose_card(view, hand, random.Random(0), 8) == DECK_40[card]
        game.apply(seat, next(a for a in game.legal_actions(seat) if a.card == DECK_40[card]))
