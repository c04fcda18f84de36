"""Briscola properties over random legal play (hypothesis): random decks, options and seat counts.

Every match ends; every deal shares out 120 points; the totals are the hands won; snapshots and
clones are exact and independent; an illegal action raises and changes nothing; ``is_legal`` agrees
with ``legal_actions``; and no view ever shows a card its seat may not see. The helpers serve the
Sueca properties too (``test_sueca_props``), since both games share their trick play.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.actions import PLAY
from games.base import IllegalAction
from games.briscola import Briscola
from games.cards import DECK_40
from games.forty import FortyCardGame
from tests.games.conftest import cards_among, random_options, shuffled_deck

MAX_DEALS = 300


def cards_in(value: Any) -> set[str]:
    return cards_among(value, FORTY)


FORTY = frozenset(DECK_40)


def hidden_from(game: FortyCardGame, seat: int | None) -> set[str]:
    """Cards ``seat`` may not see now: other hands (bar partners' where allowed) and the stock.

    The face-up trump card is public wherever it goes: under the stock, into the hand of whoever
    draws it (Briscola), or in the dealer's hand until played (Sueca).
    """
    if game.phase != "play":
        return set()
    visible_hands = {seat} if seat is not None else set()
    if (
        isinstance(game, Briscola)
        and seat is not None
        and not game.stock
        and game.options["partners_view_after_stock"]
    ):
        visible_hands |= {s for s in range(game.seats) if game.side_of(s) == game.side_of(seat)}
    hidden = {c for s in range(game.seats) if s not in visible_hands for c in game.hands[s]}
    if isinstance(game, Briscola):
        hidden |= set(game.stock)
    deck = game.log[-1]["deck"]
    if isinstance(game, Briscola):
        next_card = game.options["trump_card_source"] == "next_card"
        face_up = deck[3 * game.seats] if next_card else deck[-1]
    else:
        face_up = deck[0] if game.options["trump_card"] == "dealer_first" else deck[39]
    return hidden - {face_up}


def check_views(game: FortyCardGame) -> None:
    for seat in [None, *range(game.seats)]:
        view = game.view(seat)
        json.dumps(view)
        # The options are the table's rules, the same for every seat and the whole match: they
        # cannot tell a card's place, although one names a 2 (``three_player_removed_card``).
        assert view["options"] == game.options
        rest = {key: value for key, value in view.items() if key != "options"}
        leaked = set(cards_in(rest)) & hidden_from(game, seat)
        assert not leaked, f"seat {seat} sees {sorted(leaked)} in phase {game.phase}"
        assert view["seat"] == seat and view["phase"] == game.phase
        assert view["to_act"] == game.to_act
        if seat is None:
            assert view["hand"] == []
        else:
            assert sorted(view["hand"]) == sorted(game.hands[seat])
        assert len(view["scores"]["deal"]) == game.sides
        assert view["scores"]["game"] == game.totals


def check_illegal(game: FortyCardGame, rng: random.Random) -> None:
    """``is_legal`` agrees with ``legal_actions``; one illegal action raises and changes nothing."""
    seat = game.to_act
    assert seat is not None
    legal = set(game.legal_actions(seat))
    illegal = []
    for card in game.full_deck():
        action = PLAY[card]
        assert game.is_legal(seat, action) == (action in legal)
        if action not in legal:
            illegal.append((seat, action))
        other = (seat + 1) % game.seats
        assert not game.is_legal(other, action)
    illegal.append(((seat + 1) % game.seats, rng.choice(sorted(legal, key=str))))
    before = game.to_dict()
    offender, action = rng.choice(illegal)
    try:
        game.apply(offender, action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{action} by seat {offender} was accepted")
    assert game.to_dict() == before


def play_match(
    game: FortyCardGame, rng: random.Random, checks: bool = False
) -> list[dict[str, Any]]:
    """Random legal play to the end of the match; returns the deal results."""
    while not game.over:
        assert len(game.deal_results) < MAX_DEALS, "the match does not end"
        if game.awaiting_deck:
            if checks:
                check_views(game)
            game.deal(shuffled_deck(game, rng))
        while game.phase == "play":
            seat = game.to_act
            assert seat is not None
            if checks:
                check_views(game)
                check_illegal(game, rng)
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
    if checks:
        check_views(game)
    return game.deal_results


def check_round_trip_and_clone(game: FortyCardGame, rng: random.Random) -> None:
    """Mid-match: a snapshot and a clone play on exactly like the original, independently."""
    seed = rng.randrange(2**32)
    data = json.loads(json.dumps(game.to_dict()))
    restored = type(game).from_dict(data)
    assert restored.to_dict() == data
    clone = game.clone()
    assert clone.to_dict() == data
    play_match(clone, random.Random(seed))
    assert game.to_dict() == data, "playing the clone changed the original"
    play_match(restored, random.Random(seed))
    assert restored.to_dict() == clone.to_dict()


SEEDS = st.integers(0, 2**32 - 1)


def new_briscola(rng: random.Random, **fixed: Any) -> Briscola:
    seats = rng.choice(Briscola.SEAT_COUNTS)
    options = {**random_options("briscola", rng), **fixed}
    return Briscola(options, seats=seats, dealer=rng.randrange(seats))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_matches_end_and_score_hands(seed: int) -> None:
    rng = random.Random(seed)
    game = new_briscola(rng)
    results = play_match(game, rng)
    target = game.options["hands_to_win"]
    for result in results:
        assert sum(result["trick_points"]) == 120
        assert sorted(result["scores"]) in ([0] * game.sides, [0] * (game.sides - 1) + [1])
        top = max(result["trick_points"])
        if result["scores"] != [0] * game.sides:
            assert result["trick_points"][result["scores"].index(1)] == top
    assert game.totals == [sum(r["scores"][i] for r in results) for i in range(game.sides)]
    assert game.over and len(game.winners) == 1
    assert game.totals[game.winners[0]] == target
    assert all(t < target for i, t in enumerate(game.totals) if i != game.winners[0])
    assert game.phase == "over" and game.to_act is None


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_views_legality_and_illegal_actions_in_every_phase(seed: int) -> None:
    rng = random.Random(seed)
    game = new_briscola(rng, hands_to_win=1)
    play_match(game, rng, checks=True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, stop=st.integers(0, 60))
def test_snapshot_and_clone_mid_match(seed: int, stop: int) -> None:
    rng = random.Random(seed)
    game = new_briscola(rng)
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
def test_drawing_keeps_hands_even(seed: int) -> None:
    """After every trick each hand holds 3 cards while the stock lasts, then one fewer a trick."""
    rng = random.Random(seed)
    game = new_briscola(rng)
    game.deal(shuffled_deck(game, rng))
    n = game.seats
    while game.phase == "play":
        for _ in range(n):
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
        if game.phase != "play":
            break
        sizes = {len(h) for h in game.hands}
        assert len(sizes) == 1
        assert len(game.stock) % n == 0
        if game.stock:
            assert sizes == {3} and game.trump_card == game.stock[-1]
        else:
            assert game.trump_card is None
    assert sum(game.tricks_won) == len(game.full_deck()) // n
