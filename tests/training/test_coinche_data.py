"""Coinche's contract value data (``training.coinche``): the decisions are the auction's own and
the targets are the table's scoring of the true hands, the same for partners."""

from __future__ import annotations

import random

import numpy as np
import pytest

from games.ai import contract_value as cv
from training.coinche import play_auction, targets


@pytest.mark.parametrize("seed", range(3))
def test_each_decision_saw_the_auction_before_it(seed: int) -> None:
    first, hands, decisions = play_auction(random.Random(seed), 0.05)
    assert sorted(len(h) for h in hands) == [8, 8, 8, 8]
    assert len({c for h in hands for c in h}) == 32
    final = decisions[-1][1] if decisions else []
    for seat, auction in decisions:
        assert auction == final[: len(auction)]
        if auction:
            # The seat speaks after the one who spoke last.
            assert seat == (auction[-1]["seat"] + 1) % 4
        else:
            assert seat == (int(first["dealer"]) + 1) % 4


def test_partners_share_each_contract_margin() -> None:
    rng = random.Random(7)
    first, hands, _ = play_auction(rng, 0.0)
    found = targets(first, hands, [0, 1, 2, 3], rng)
    for trump in cv.SUIT_CODES:
        rows = found[trump]
        assert rows.shape == (4, len(cv.BID_LEVELS))
        np.testing.assert_allclose(rows[0], rows[2])
        np.testing.assert_allclose(rows[1], rows[3])
        # The levels differ: the margins are not one number repeated.
        assert len(set(rows[0].tolist())) > 1
