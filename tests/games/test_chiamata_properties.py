"""Briscola a chiamata properties over random legal play (hypothesis): every match ends, every deal
shares out 120 points and zero-sum scores, snapshots and clones are exact, the fast ``check``
agrees with ``legal_actions`` and with ``apply``, and no view can tell who holds the called card
before it is played (§6.3)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.actions import PASS, PLAY, Action
from games.base import IllegalAction
from games.cards import DECK_40, RANKS, SUITS
from games.chiamata import Chiamata
from games.records import loads, replay
from tests.games.conftest import state_text

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "deal_packet": st.sampled_from([4, 1, 2, 8]),
        "bidding": st.sampled_from(["rank_only", "two_then_points"]),
        "follow_rule": st.sampled_from(["must_follow", "free"]),
        "first_lead": st.sampled_from(["eldest", "declarer"]),
        "cappotto_basis": st.sampled_from(["points", "tricks"]),
        "match_deals": st.sampled_from([5, 10]),
    },
)

# Every action a seat could try: all ranks (also 8, 9, T), points bids, trumps, all cards.
CANDIDATES: list[Action] = (
    [PASS]
    + [Action("call", rank=r) for r in RANKS]
    + [Action("call", rank=r, points=p) for r in "2A" for p in (61, 62, 75, 120, 121)]
    + [Action("trump", suit=s) for s in SUITS]
    + list(PLAY[c] for c in DECK_40)
    + [PLAY["8S"], Action("coinche")]
)


def play_match(
    options: dict[str, Any], seed: int, each_step: Callable[[Chiamata], None] | None = None
) -> Chiamata:
    rng = random.Random(seed)
    game = Chiamata(options=options, dealer=rng.randrange(5))
    steps = 0
    while not game.over:
        if game.awaiting_deck:
            deck = list(DECK_40)
            rng.shuffle(deck)
            game.deal(deck)
        else:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            # Pass more often than not, so that auctions end in every way.
            calls = [a for a in legal if a.type == "call"]
            action = PASS if calls and rng.random() < 0.55 else rng.choice(legal)
            game.apply(seat, action)
        if each_step is not None:
            each_step(game)
        steps += 1
        assert steps < 5000
    return game


SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1))
def test_random_matches_end_with_sound_scores(options: dict[str, Any], seed: int) -> None:
    game = play_match(options, seed)
    played = [d for d in game.deal_results if d["trick_points"] is not None]
    assert len(played) == game.options["match_deals"]
    for deal in game.deal_results:
        assert sum(deal["scores"]) == 0
        if deal["trick_points"] is None:
            assert deal["scores"] == [0] * 5
        else:
            assert sum(deal["trick_points"]) == 120
            assert len(deal["trick_points"]) == 5
            assert sorted(abs(s) for s in deal["scores"]) in (
                [1, 1, 1, 1, 2],
                [1, 1, 1, 1, 4],
                [2, 2, 2, 2, 4],
                [2, 2, 2, 2, 8],
            )
    assert game.totals == [sum(d["scores"][s] for d in game.deal_results) for s in range(5)]
    best = max(game.totals)
    assert game.winners == [s for s in range(5) if game.totals[s] == best]
    again = replay(loads(json.dumps(game.to_record())))
    assert again.replay_result() == game.replay_result()


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1))
def test_snapshots_and_clones_are_exact(options: dict[str, Any], seed: int) -> None:
    def check(game: Chiamata) -> None:
        data = json.loads(json.dumps(game.to_dict()))
        copy = Chiamata.from_dict(data)
        assert copy.to_dict() == data
        clone = game.clone()
        assert clone.to_dict() == data
        seat = game.to_act
        if seat is not None:
            assert copy.legal_actions(seat) == game.legal_actions(seat)
            assert copy.view(seat) == game.view(seat)
            clone.apply(seat, clone.legal_actions(seat)[0])  # the original must not move
            assert json.loads(json.dumps(game.to_dict())) == data

    play_match(options, seed, check)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1))
def test_check_agrees_with_legal_actions_and_apply(options: dict[str, Any], seed: int) -> None:
    def check(game: Chiamata) -> None:
        seat = game.to_act
        if seat is None:
            return
        before = state_text(game)
        legal = game.legal_actions(seat)
        for who in range(5):
            for action in CANDIDATES:
                ok = game.is_legal(who, action)
                assert ok == (who == seat and action in legal), (who, action)
                if not ok and (who == seat or action == legal[0]):
                    try:
                        game.apply(who, action)
                    except IllegalAction as exc:
                        assert exc.reason and "\n" not in exc.reason
                    else:
                        raise AssertionError(f"{action} by seat {who} was applied")
        assert state_text(game) == before

    play_match(options, seed, check)


def _swap_called_card(game: Chiamata, to_seat: int) -> Chiamata:
    """The same game but with the called card in ``to_seat``'s hand (one card swapped)."""
    other = game.clone()
    holder, card = other.partner, other.called_card
    assert holder is not None and card is not None and other.hands[to_seat]
    given_back = other.hands[to_seat][0]
    other.hands[to_seat][0] = card
    other.hands[holder][other.hands[holder].index(card)] = given_back
    other.partner = to_seat
    return other


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1))
def test_no_view_reveals_the_hidden_partner(options: dict[str, Any], seed: int) -> None:
    """Before the called card is played, moving it to another hand changes no view but the two
    hands concerned: nobody else can tell who holds it."""

    def check(game: Chiamata) -> None:
        if game.phase != "play" or game.partner_revealed:
            return
        holder = game.partner
        assert holder is not None
        for to_seat in range(5):
            if to_seat == holder or not game.hands[to_seat]:
                continue
            other = _swap_called_card(game, to_seat)
            assert other.public_view() == game.public_view()
            for seat in range(5):
                if seat not in (holder, to_seat):
                    assert other.view(seat) == game.view(seat)
        for seat in range(5):
            if seat != holder:
                assert game.view(seat)["partner"] is None
                assert game.view(seat)["alone"] is None
        assert game.view(holder)["partner"] == holder

    play_match(options, seed, check)
