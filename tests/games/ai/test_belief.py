"""The learned belief (``games.ai.belief``): a network of other inputs is refused, its odds are
masked by the hard constraints so that a sampled deal is never impossible, an untrained network
is the uniform sampler, and the hard player with a belief is deterministic for a seed.

The networks here are small random ones of the right shape (the shipped ones are checked by
loading them): what is tested is the plumbing, not what a network learned."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from games.ai import belief as bf
from games.ai import card_belief as cb
from games.ai.hard import choose_hard
from games.ai.knowledge import Knowledge
from games.ai.nets import Mlp
from games.ai.sampler import Sampler
from games.base import Game
from games.registry import new_game, random_rules
from tests.games.conftest import random_action, shuffled_deck

GAMES = sorted(bf.NETS)


def _net(
    game: str, seats: int, seed: int = 0, scale: float = 1.0, meta: dict[str, object] | None = None
) -> Mlp:
    deck, inputs, holders = bf.sizes(game, seats)
    rng = np.random.default_rng(seed)
    layers = [
        (rng.standard_normal((inputs, 16)).astype(np.float32) * 0.1, np.zeros(16, np.float32)),
        (
            rng.standard_normal((16, deck * holders)).astype(np.float32) * scale,
            np.zeros(deck * holders, np.float32),
        ),
    ]
    return Mlp(layers, {"features": bf.FEATURES, "game": game, "seats": seats, **(meta or {})})


def _positions(game: str, seats: int, seed: int) -> Iterator[Game]:
    """Decisions of one deal under random house rules, reached by random play."""
    rng = random.Random(seed)
    table = new_game(
        game, options=random_rules(game, rng), seats=seats, dealer=rng.randrange(seats)
    )
    table.deal(shuffled_deck(table, rng))
    while not table.awaiting_deck and not table.over:
        seat = table.to_act
        assert seat is not None
        yield table.clone()
        table.apply(seat, random_action(table, seat, rng))


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_a_network_of_other_inputs_is_refused(game: str, seats: int) -> None:
    bf.Belief(_net(game, seats), game, seats)
    other = "sueca" if game != "sueca" else "belote"
    with pytest.raises(ValueError, match="other inputs"):
        bf.Belief(_net(game, seats, meta={"features": bf.FEATURES + 1}), game, seats)
    with pytest.raises(ValueError, match="other inputs"):
        bf.Belief(_net(game, seats, meta={"game": other}), game, seats)
    _, inputs, _ = bf.sizes(game, seats)
    short = _net(game, seats)
    short.layers[0] = (short.layers[0][0][: inputs - 1], short.layers[0][1])
    with pytest.raises(ValueError, match="other inputs"):
        bf.Belief(short, game, seats)


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_odds_and_samples_keep_the_hard_constraints(game: str, seats: int) -> None:
    belief = bf.Belief(_net(game, seats, scale=3.0), game, seats)
    rng = random.Random(1)
    for k, table in enumerate(_positions(game, seats, seed=len(game) + seats)):
        if k % 4:
            continue
        seat = table.to_act
        assert seat is not None
        view = table.view(seat)
        know = Knowledge(view)
        odds = belief.holders(view, know)
        allow = bf.allowed(know, view)
        truth = {c: s for s in range(seats) for c in table.view(s)["hand"]}
        for card in range(know.rules.size):
            row = odds[card]
            if not know.unseen >> card & 1:
                assert not any(row)
                continue
            assert sum(row) == pytest.approx(1.0)
            holder = truth.get(know.rules.deck[card], seats)
            assert allow[card][holder], "the hard constraints rule out the true deal"
            for h, p in enumerate(row):
                assert (p > 0) == allow[card][h]
                if allow[card][h]:
                    assert p >= bf.FLOOR / sum(allow[card]) - 1e-12
        sampler = Sampler(know, view, belief)
        sizes = view["hand_sizes"]
        for _ in range(3):
            dealt = sampler.sample(rng)
            assert dealt is not None
            hands, _ = dealt
            for s in range(seats):
                assert hands[s].bit_count() == sizes[s]
                if s != seat:
                    assert not hands[s] & know.forbidden[s]
                    assert hands[s] & know.held[s] == know.held[s]


def test_an_untrained_network_is_the_uniform_sampler() -> None:
    belief = bf.Belief(_net("coinche", 4, scale=0.0), "coinche", 4)
    for k, table in enumerate(_positions("coinche", 4, seed=3)):
        if k != 20:
            continue
        seat = table.to_act
        assert seat is not None
        view = table.view(seat)
        know = Knowledge(view)
        odds = belief.holders(view, know)
        room = bf.rooms(know, view)
        allow = bf.allowed(know, view)
        for card in range(32):
            if not any(allow[card]):
                continue
            weights = [
                max(room[(h - seat) % 4 - 1] if h < 4 else room[3], bf.PRIOR_FLOOR)
                if allow[card][h]
                else 0
                for h in range(5)
            ]
            total = sum(weights)
            count = sum(allow[card])
            for h in range(5):
                expected = (
                    bf.FLOOR / count + (1 - bf.FLOOR) * weights[h] / total if weights[h] else 0
                )
                assert odds[card][h] == pytest.approx(expected)


def test_the_hard_player_with_a_belief_is_deterministic() -> None:
    belief = bf.Belief(_net("coinche", 4, scale=2.0), "coinche", 4)
    tables = [t for k, t in enumerate(_positions("coinche", 4, seed=11)) if k in (0, 12, 25)]
    for table in tables:
        seat = table.to_act
        assert seat is not None
        view, legal = table.view(seat), table.legal_actions(seat)
        first = choose_hard(view, legal, random.Random(4), 8, beliefs=belief)
        again = choose_hard(view, legal, random.Random(4), 8, beliefs=belief)
        assert first == again and first in legal


@pytest.mark.parametrize(("game", "seats"), cb.shipped())
def test_the_shipped_networks_load(game: str, seats: int) -> None:
    belief = cb.packaged(game, seats)
    assert belief is not None and belief.net.meta["game"] == game


@pytest.mark.parametrize(("game", "seats"), [("coinche", 4), ("sueca", 4), ("belote", 4)])
def test_the_hard_player_draws_its_card_play_by_the_shipped_belief(
    game: str, seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a belief ships, the hard player's card play draws its deals by it; elsewhere
    uniformly, fitted to the claims (``BELIEFS`` on)."""
    from games.ai import search

    drawn_by: list[object] = []

    class Spy(Sampler):
        def __init__(self, *args: object) -> None:
            drawn_by.append(args[2] if len(args) > 2 else None)
            super().__init__(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "Sampler", Spy)
    table = next(
        t
        for t in _positions(game, seats, seed=5)
        if t.phase == "play" and len(t.legal_actions(t.to_act or 0)) > 1
    )
    seat = table.to_act
    assert seat is not None
    choose_hard(table.view(seat), table.legal_actions(seat), random.Random(1), 4)
    assert drawn_by == [cb.packaged(game, seats)]
    assert (drawn_by[0] is not None) == cb.has_net(game, seats)
