"""The per-card belief (``games.ai.card_belief``): a network of other features is refused, the
block-by-block forward pass is the plain one, an untrained network is the
uniform draw, odds and samples keep the hard constraints, and the hard player with it is
deterministic, its auction untouched, its
default budget more worlds, its deals weighed by it when asked. Small random networks: the plumbing, not the learning."""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest

from games.ai import belief as bf
from games.ai import card_belief as cb
from games.ai import hard
from games.ai.hard import BELIEF_AUCTION, BELIEF_WORLDS, choose_hard
from games.ai.knowledge import Knowledge
from games.ai.nets import Mlp, from_bytes, to_bytes
from games.ai.sampler import Sampler
from games.ai.search import play_values
from games.base import RECORD_FORMAT
from games.registry import new_game, random_rules
from tests.games.ai.test_belief import _positions
from tests.games.conftest import random_action, shuffled_deck


def _net(scale: float = 1.0, seed: int = 0, **meta: Any) -> Mlp:
    blocks = cb.blocks("coinche", 4)
    rng = np.random.default_rng(seed)
    sizes = (sum(blocks), 12, 8, 1)
    layers = [
        (
            rng.standard_normal((a, b)).astype(np.float32) * (scale if b == 1 else 0.3),
            rng.standard_normal(b).astype(np.float32) * 0.1,
        )
        for a, b in itertools.pairwise(sizes)
    ]
    info: dict[str, Any] = {
        "kind": cb.KIND,
        "features": cb.FEATURES,
        "game": "coinche",
        "seats": 4,
        "blocks": list(blocks),
    }
    return Mlp(layers, {**info, **meta})


def _play_views(seed: int) -> list[Any]:
    return [t for t in _positions("coinche", 4, seed) if t.decision == "play"]


def test_a_network_of_other_features_is_refused() -> None:
    assert isinstance(cb.belief_of(_net(), "coinche", 4), cb.CardBelief)
    for meta in ({"features": cb.FEATURES + 1}, {"game": "belote"}, {"blocks": [1, 2, 3, 4, 5]}):
        with pytest.raises(ValueError, match="other inputs"):
            cb.CardBelief(_net(**meta), "coinche", 4)
    with pytest.raises(ValueError, match="other inputs"):
        cb.CardBelief(_net(), "belote", 4)
    flat = _net(kind="per-view")
    with pytest.raises(ValueError, match="other inputs"):
        cb.belief_of(flat, "coinche", 4)  # a per-view belief of these weights' shape
    # The file round trip keeps the kind.
    again = from_bytes(to_bytes(_net().layers, _net().meta))
    assert isinstance(cb.belief_of(again, "coinche", 4), cb.CardBelief)


def test_the_block_forward_is_the_plain_network_on_each_pair() -> None:
    net = _net(seed=3)
    table = _play_views(seed=5)[9]
    seat = table.to_act
    assert seat is not None
    p = cb.parts(table.view(seat))
    per = len(p.order) // 4
    rows = [
        np.concatenate(
            [p.card[k], p.holder[h], p.suit_holder[k // per, h], p.card_holder[k, h], p.deal]
        )
        for k in range(len(p.order))
        for h in range(4)
    ]
    plain = net(np.stack(rows)).reshape(len(p.order), 4)
    assert np.allclose(cb.forward(net, p), plain, atol=1e-5)


def test_an_untrained_network_is_the_uniform_draw() -> None:
    plain = bf.Belief(
        Mlp(
            [
                (np.zeros((bf.sizes("coinche", 4)[1], 4), np.float32), np.zeros(4, np.float32)),
                (np.zeros((4, 128), np.float32), np.zeros(128, np.float32)),
            ],
            {"features": bf.FEATURES, "game": "coinche", "seats": 4},
        ),
        "coinche",
        4,
    )
    card = cb.CardBelief(_net(scale=0.0), "coinche", 4)
    for table in _play_views(seed=3)[::7]:
        seat = table.to_act
        assert seat is not None
        view = table.view(seat)
        assert np.allclose(card.holders(view), plain.holders(view))


def test_odds_and_samples_keep_the_hard_constraints() -> None:
    belief = cb.CardBelief(_net(scale=3.0), "coinche", 4)
    rng = random.Random(2)
    for table in _play_views(seed=9)[::5]:
        seat = table.to_act
        assert seat is not None
        view = table.view(seat)
        know = Knowledge(view)
        odds = belief.holders(view, know)
        allow = bf.allowed(know, view)
        truth = {c: s for s in range(4) for c in table.view(s)["hand"]}
        for c in range(know.rules.size):
            if not know.unseen >> c & 1:
                assert not any(odds[c])
                continue
            assert sum(odds[c]) == pytest.approx(1.0)
            assert allow[c][truth.get(know.rules.deck[c], 4)]
            assert all((p > 0) == ok for p, ok in zip(odds[c], allow[c], strict=True))
        dealt = Sampler(know, view, belief).sample(rng)
        assert dealt is not None
        for s in range(4):
            assert dealt[0][s].bit_count() == view["hand_sizes"][s]
            if s != seat:
                assert not dealt[0][s] & know.forbidden[s]


def test_the_hard_player_with_it_is_deterministic_and_bids_as_without() -> None:
    belief = cb.CardBelief(_net(scale=2.0), "coinche", 4)
    tables = [t for k, t in enumerate(_positions("coinche", 4, seed=11)) if k in (0, 1, 12, 25)]
    for table in tables:
        seat = table.to_act
        assert seat is not None
        view, legal = table.view(seat), table.legal_actions(seat)
        first = choose_hard(view, legal, random.Random(4), 8, beliefs=belief)
        assert first == choose_hard(view, legal, random.Random(4), 8, beliefs=belief)
        assert first in legal
        if table.decision != "play" and not BELIEF_AUCTION:
            assert first == choose_hard(view, legal, random.Random(4), 8, beliefs=False)


def test_with_a_belief_the_default_budget_samples_more_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its draws are cheaper than the claims': the default budget buys Coinche's ``BELIEF_WORLDS`` times
    the deals; a budget given in samples is kept as given."""
    budgets: list[int] = []

    def spy(view: Any, cards: list[str], rng: Any, samples: int, *rest: Any) -> str:
        budgets.append(samples)
        return cards[0]

    monkeypatch.setattr(hard, "search_play", spy)
    belief = cb.CardBelief(_net(), "coinche", 4)
    table = _play_views(seed=3)[0]
    seat = table.to_act
    assert seat is not None
    view, legal = table.view(seat), table.legal_actions(seat)
    for wanted, worlds, samples in (
        (False, None, None),
        (belief, None, None),
        (belief, 3.0, None),
        (belief, None, 8),
        (False, 2.0, None),
    ):
        choose_hard(view, legal, random.Random(1), samples, 0, beliefs=wanted, worlds=worlds)
    plain, learned, tripled, given, doubled = budgets
    assert BELIEF_WORLDS["coinche"] > 1
    assert learned == round(plain * BELIEF_WORLDS["coinche"])
    assert tripled == 3 * plain
    assert given == 8
    assert doubled == 2 * plain


def test_weighed_deals_count_by_the_belief_and_alike_under_an_untrained_one() -> None:
    """Deals drawn uniformly and weighed by the belief: an untrained network (the uniform
    belief) weighs every deal alike, a trained one does not; the best deal weighs 1."""
    untrained = cb.CardBelief(_net(scale=0.0), "coinche", 4)
    trained = cb.CardBelief(_net(scale=3.0), "coinche", 4)
    spread = 0.0
    for table in _play_views(seed=5)[:12:3]:
        seat = table.to_act
        assert seat is not None
        view = table.view(seat)
        cards = sorted({str(a.card) for a in table.legal_actions(seat)})
        flat = play_values(view, cards, random.Random(2), 12, belief=untrained, weighted=True)
        assert flat.weights is not None and len(flat.weights) == len(flat.deals)
        assert np.allclose(flat.weights, 1.0, rtol=1e-3)  # the odds are float32
        for card in cards:
            assert flat.total(card) == pytest.approx(sum(flat.values[card]), rel=1e-3)
        weighed = play_values(view, cards, random.Random(2), 12, belief=trained, weighted=True)
        assert weighed.weights is not None and max(weighed.weights) == 1.0
        assert min(weighed.weights) > 0.0
        spread = max(spread, 1.0 - min(weighed.weights))
        drawn = play_values(view, cards, random.Random(2), 12, belief=trained)
        assert drawn.weights is None
    assert spread > 0.1


def test_training_rows_hold_each_unseen_card_where_it_is() -> None:
    from training.card_belief import rows_of, view_nll

    rng = random.Random(13)
    options = random_rules("coinche", rng)
    game = new_game("coinche", options=options, seats=4, dealer=1)
    deck = shuffled_deck(game, rng)
    game.deal(list(deck))
    actions = []
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        assert seat is not None
        action = random_action(game, seat, rng)
        actions.append({"seat": seat, **action.to_json()})
        game.apply(seat, action)
    record = {
        "format": RECORD_FORMAT,
        "game": "coinche",
        "seats": 4,
        "options": options,
        "deals": [{"dealer": 1, "deck": list(deck), "actions": actions}],
    }
    rows = rows_of(record, 7)
    if not rows["y"]:
        pytest.skip("every seat passed: no card play")
    assert len(rows["y"]) == 4 * 32 and set(rows["deal_id"]) == {7}
    for y, allow in zip(rows["y"], rows["allow"], strict=True):
        known = y >= 0
        assert allow[np.arange(32)[known], y[known]].all()
    untrained = cb.CardBelief(_net(scale=0.0), "coinche", 4)
    table = _play_views(seed=3)[10]
    seat = table.to_act
    assert seat is not None
    where = {c: s for s in range(4) for c in table.view(s)["hand"]}
    loss, cards = view_nll(untrained, table.view(seat), where)
    assert cards > 0
    assert loss == pytest.approx(view_nll(None, table.view(seat), where)[0], rel=1e-6)
