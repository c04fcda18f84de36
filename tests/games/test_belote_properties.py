"""Property tests of Belote and Coinche: random options, random decks, random legal play."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.actions import PASS, PLAY, Action
from games.base import IllegalAction
from games.belote import Belote
from games.belote_play import BeloteFamily
from games.cards import FRENCH_32
from games.coinche import Coinche
from games.options import OptionSpec

POOLS = {"NT": 130, "AT": 258}


def option_strategy(specs: tuple[OptionSpec, ...]) -> st.SearchStrategy[dict[str, Any]]:
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for spec in specs:
        if spec.kind == "bool":
            fields[spec.name] = st.booleans()
        elif spec.kind == "int":
            fields[spec.name] = st.integers(min_value=100, max_value=700)
        else:
            assert spec.choices is not None
            fields[spec.name] = st.sampled_from(spec.choices)
    return st.fixed_dictionaries({}, optional=fields)


def expected_pools(game: BeloteFamily, trump: str) -> set[int]:
    """Card points of a complete deal (docs/rules.md §2.2, §3.3, §10 item 13)."""
    if isinstance(game, Belote):
        pool = POOLS.get(trump, 162)
        return {pool, pool + 90}
    scale = game.options["sa_ta_scale"]
    pool = 162 if scale == "card_values_162" else POOLS.get(trump, 162)
    if game.options["scoring_method"] == "belote_plus_bonus":
        return {pool, pool + 90}
    return {pool}


def wrong_action(game: BeloteFamily, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Some action that is not among ``legal`` (a card, a bid, a take)."""
    candidates = [PLAY[c] for c in FRENCH_32] + [
        PASS,
        Action("take", trump="H"),
        Action("bid", value=80, trump="S"),
        Action("coinche"),
        Action("surcoinche"),
    ]
    return rng.choice([a for a in candidates if a not in legal])


def play_game(cls: type[BeloteFamily], options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    game = cls(options=options, dealer=rng.randrange(4))
    deck = list(FRENCH_32)
    for _ in range(60):
        if game.over:
            break
        rng.shuffle(deck)
        game.deal(deck)
        trump = None
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            assert legal
            assert game.legal_actions((seat + 1) % 4) == []
            assert game.view(seat)["hand"] == game.view(seat)["hand"]
            if rng.random() < 0.05:
                before = game.to_dict()
                bad = wrong_action(game, seat, legal, rng)
                assert not game.is_legal(seat, bad)
                with pytest.raises(IllegalAction):
                    game.apply(seat, bad)
                assert game.to_dict() == before
            if rng.random() < 0.03:
                copy = cls.from_dict(game.to_dict())
                assert copy.to_dict() == game.to_dict()
                assert copy.view(seat) == game.view(seat)
                assert game.clone().to_dict() == game.to_dict()
            passes = [a for a in legal if a.type == "pass"]
            action = passes[0] if passes and rng.random() < 0.6 else rng.choice(legal)
            assert game.is_legal(seat, action)
            trump = game.view(None)["trump"]
            game.apply(seat, action)
        result = game.deal_results[-1]
        if result["trick_points"] is not None:
            assert sum(result["trick_points"]) in expected_pools(game, trump or "S")
            assert all(points >= 0 for points in result["scores"])
    if game.over:
        target = game.options["target_score"]
        (winner,) = game.winners
        assert game.totals[winner] >= target
        assert game.totals[winner] > game.totals[1 - winner]
        assert game.view(None)["phase"] == "over"
    record = game.to_record()
    assert len(record["deals"]) == len(game.deal_results) == len(game.log)


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=option_strategy(Belote.OPTIONS), seed=st.integers(0, 2**32))
def test_belote_random_games(options: dict[str, Any], seed: int) -> None:
    play_game(Belote, options, seed)


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=option_strategy(Coinche.OPTIONS), seed=st.integers(0, 2**32))
def test_coinche_random_games(options: dict[str, Any], seed: int) -> None:
    play_game(Coinche, options, seed)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 40))
def test_snapshot_resumes_identically(seed: int, cut: int) -> None:
    """A game restored from ``to_dict`` and the original, fed the same actions, stay equal."""
    rng = random.Random(seed)
    deck = list(FRENCH_32)
    rng.shuffle(deck)
    game = Coinche(dealer=0)
    game.deal(deck)
    steps = 0
    while not game.awaiting_deck and steps < cut:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        steps += 1
    copy = Coinche.from_dict(game.to_dict())
    while not game.awaiting_deck:
        seat = game.to_act
        assert seat is not None and copy.legal_actions(seat) == game.legal_actions(seat)
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        copy.apply(seat, action)
        assert copy.to_dict() == game.to_dict()
    assert copy.replay_result() == game.replay_result()
