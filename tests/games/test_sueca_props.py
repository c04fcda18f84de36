"""Sueca properties over random legal play (hypothesis): random decks and options.

Every match ends; every deal shares out 120 points and scores as §7.4 says; the totals are the
games won; snapshots and clones are exact and independent; an illegal action raises and changes
nothing; ``is_legal`` agrees with ``legal_actions`` (following suit); no view shows a hidden card.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.sueca import Sueca
from tests.games.conftest import random_options, shuffled_deck
from tests.games.test_briscola_props import check_round_trip_and_clone, play_match

SEEDS = st.integers(0, 2**32 - 1)


def new_sueca(rng: random.Random, **fixed: Any) -> Sueca:
    return Sueca({**random_options("sueca", rng), **fixed}, dealer=rng.randrange(4))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_matches_end_and_score_games(seed: int) -> None:
    rng = random.Random(seed)
    game = new_sueca(rng)
    carry = game.options["draw_bonus"] == "carry_one"
    target = game.options["games_to_win"]
    bonus = 0
    totals = [0, 0]
    while not game.over:
        assert len(game.deal_results) < 300, "the match does not end"
        game.deal(shuffled_deck(game, rng))
        while game.phase == "play":
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
        result = game.deal_results[-1]
        points, scores = result["trick_points"], result["scores"]
        assert sum(points) == 120
        tricks = [e["winner"] % 2 for e in game.events if e["type"] == "trick"]
        assert len(tricks) == 10
        if points == [60, 60]:
            assert scores == [0, 0]
            bonus += carry
            continue
        winner = 0 if points[0] > points[1] else 1
        assert scores[1 - winner] == 0
        if tricks == [winner] * 10:
            if game.options["bandeira"] == "match":
                assert scores[winner] == target - totals[winner]
            else:
                assert scores[winner] == 4 + bonus
        else:
            assert scores[winner] == (1 if points[winner] <= 90 else 2) + bonus
        bonus = 0
        totals[winner] += scores[winner]
        assert game.pending_bonus == 0
    assert game.totals == totals
    assert len(game.winners) == 1
    assert game.totals[game.winners[0]] >= target
    assert game.totals[1 - game.winners[0]] < target
    assert game.phase == "over" and game.to_act is None


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_views_legality_and_illegal_actions_in_every_phase(seed: int) -> None:
    rng = random.Random(seed)
    game = new_sueca(rng, games_to_win=1)
    play_match(game, rng, checks=True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, stop=st.integers(0, 40))
def test_snapshot_and_clone_mid_match(seed: int, stop: int) -> None:
    rng = random.Random(seed)
    game = new_sueca(rng)
    game.deal(shuffled_deck(game, rng))
    for _ in range(stop):
        if game.phase != "play":
            break
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    check_round_trip_and_clone(game, rng)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_follow_suit_whenever_possible(seed: int) -> None:
    rng = random.Random(seed)
    game = new_sueca(rng)
    game.deal(shuffled_deck(game, rng))
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        hand = game.hands[seat]
        legal = {a.card for a in game.legal_actions(seat)}
        if game.trick:
            led = game.trick[0][1][1]
            held = {c for c in hand if c[1] == led}
            assert legal == (held or set(hand))
        else:
            assert legal == set(hand)
        game.apply(seat, game.legal_actions(seat)[rng.randrange(len(legal))])
    assert sum(game.tricks_won) == 10
