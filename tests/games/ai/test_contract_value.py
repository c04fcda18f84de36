"""Coinche's learned contract value (``games.ai.contract_value``): one network for every trump
suit, refused when trained on other inputs, and the hard auction bids legally with one."""

from __future__ import annotations

import random

import numpy as np
import pytest

from games.ai import contract_value as cv
from games.ai.bidding import choose_bid
from games.ai.nets import Mlp, from_bytes, to_bytes
from games.ai.random_play import deal_shuffled
from games.registry import new_game

RENAME = str.maketrans("SHDC", "HSCD")
"""Spades and hearts swapped, diamonds and clubs swapped."""


def _net(features: int = cv.FEATURES) -> Mlp:
    rng = np.random.default_rng(3)
    layers = [
        (rng.normal(size=(cv.INPUTS, 16)).astype(np.float32) * 0.1, np.zeros(16, np.float32)),
        (
            rng.normal(size=(16, len(cv.BID_LEVELS))).astype(np.float32) * 0.1,
            np.zeros(len(cv.BID_LEVELS), np.float32),
        ),
    ]
    return from_bytes(to_bytes(layers, {"features": features}))


def test_the_inputs_see_the_candidate_trump_first_whatever_its_suit() -> None:
    hand = ["JH", "9H", "AH", "TS", "7D", "8D", "KC", "AC"]
    auction = [{"type": "bid", "seat": 1, "value": 90, "trump": "H"}, {"type": "pass", "seat": 2}]
    renamed_hand = [c.translate(RENAME) for c in hand]
    renamed_auction = [{**e, "trump": "S"} if e["type"] == "bid" else e for e in auction]
    for trump in "SHDC":
        x = cv.encode_state(hand, auction, 3, 0, {}, trump)
        y = cv.encode_state(renamed_hand, renamed_auction, 3, 0, {}, trump.translate(RENAME))
        # The hand's first block is the trump suit; the other suits keep SHDC order, which the
        # renaming does not keep, so only the trump block and the auction must agree.
        np.testing.assert_array_equal(x[:8], y[:8])
        np.testing.assert_array_equal(x[32:], y[32:])
    x = cv.encode_state(hand, auction, 3, 0, {}, "H")
    assert x[:8].sum() == 3  # J, 9 and A of hearts
    assert x.shape == (cv.INPUTS,)


def test_the_rules_are_inputs() -> None:
    hand = ["JH", "9H", "AH", "TS", "7D", "8D", "KC", "AC"]
    plain = cv.encode_state(hand, [], 1, 0, {"scoring_method": "standard"}, "H")
    bonus = cv.encode_state(hand, [], 1, 0, {"scoring_method": "bonus_only"}, "H")
    assert not np.array_equal(plain, bonus)


def test_a_network_trained_on_other_inputs_is_refused() -> None:
    view = _auction_view(1)
    with pytest.raises(ValueError, match="other inputs"):
        cv.margins(view, _net(cv.FEATURES + 1), ["S"])


def _auction_view(seed: int) -> dict[str, object]:
    game = new_game("coinche", options={}, seats=4, dealer=seed % 4)
    deal_shuffled(game, random.Random(seed))
    seat = game.to_act
    assert seat is not None
    return dict(game.view(seat))


@pytest.mark.parametrize("seed", range(3))
def test_the_hard_auction_bids_legally_and_deterministically_with_a_network(seed: int) -> None:
    game = new_game("coinche", options={}, seats=4, dealer=seed % 4)
    deal_shuffled(game, random.Random(seed))
    seat = game.to_act
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions(seat)
    net = _net()
    first = choose_bid(view, legal, random.Random(seed), 4, net)
    assert first in legal
    assert choose_bid(view, legal, random.Random(seed), 4, net) == first
    margins = cv.margins(view, net, list("SHDC"))
    assert set(margins) == set("SHDC")
    assert all(set(m) == set(cv.BID_LEVELS) for m in margins.values())
