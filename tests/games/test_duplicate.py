"""Duplicate play's pure part: the deals a seed gives, the computer players' randomness per step,
and a seat's result in each game's unit (docs/challenges.md)."""

from __future__ import annotations

import json
import random

import pytest

from games.ai import choose
from games.base import Game
from games.duplicate import (
    PLAYER_SEAT,
    deal_detail,
    deal_seed,
    detail_from_json,
    fixed_deals,
    seat_result,
    step_rng,
)
from games.registry import game_class

SEATINGS = [
    ("belote", 4),
    ("coinche", 4),
    ("piquet", 2),
    ("briscola", 2),
    ("briscola", 3),
    ("briscola", 4),
    ("briscola", 6),
    ("chiamata", 5),
    ("sueca", 4),
]


def played(game: str, seats: int, seed: str = "s") -> Game:
    """One deal of ``seed`` played to its end by the normal computer player."""
    deal = fixed_deals(game, {}, seats, 1, seed)[0]
    engine = game_class(game)(options={}, seats=seats, dealer=deal.dealer)
    engine.deal(list(deal.deck))
    rng = random.Random(3)
    while not engine.deal_results:
        seat = engine.to_act
        assert seat is not None
        engine.apply(seat, choose(engine.view(seat), engine.legal_actions(seat), "normal", rng))
    return engine


@pytest.mark.parametrize(("game", "seats"), SEATINGS)
def test_a_seed_gives_the_same_deals_and_another_seed_others(game: str, seats: int) -> None:
    deals = fixed_deals(game, {}, seats, 6, "secret")
    assert deals == fixed_deals(game, {}, seats, 6, "secret")
    full = sorted(game_class(game)(options={}, seats=seats, dealer=0).full_deck())
    assert all(sorted(deal.deck) == full for deal in deals)
    assert len({deal.deck for deal in deals}) == 6
    # The dealer moves one seat a deal: the person sits in every position in turn.
    first = deals[0].dealer
    assert [deal.dealer for deal in deals] == [(first + k) % seats for k in range(6)]
    others = fixed_deals(game, {}, seats, 6, "another")
    assert [d.deck for d in others] != [d.deck for d in deals]


def test_the_first_deals_do_not_depend_on_the_number_of_deals() -> None:
    assert fixed_deals("sueca", {}, 4, 3, "x") == fixed_deals("sueca", {}, 4, 8, "x")[:3]


def test_a_deal_seed_and_a_step_give_the_same_randomness_and_nothing_else_does() -> None:
    seed = deal_seed("secret", 2)
    assert seed == deal_seed("secret", 2) != deal_seed("secret", 3) != deal_seed("other", 2)
    draws = [step_rng(seed, 17).random() for _ in range(2)]
    assert draws[0] == draws[1]
    assert step_rng(seed, 17).random() != step_rng(seed, 18).random()


@pytest.mark.parametrize(("game", "seats"), SEATINGS)
def test_a_seats_result_is_in_its_games_unit(game: str, seats: int) -> None:
    engine = played(game, seats)
    result = engine.deal_results[0]
    side = engine.side_of(PLAYER_SEAT)
    value = seat_result(engine, PLAYER_SEAT)
    if game in ("briscola", "sueca"):
        assert value == result["trick_points"][side]
    elif engine.sides == 2:
        assert value == result["scores"][side] - result["scores"][1 - side]
        assert seat_result(engine, 1) == -value
    else:
        assert value == result["scores"][side]
    detail = deal_detail(engine, [f"p{s}" for s in range(seats)])
    assert detail["names"][0] == "p0" and detail["teams"] == engine.teams()
    assert detail["result"] is not None and detail["result"]["type"] == "deal_result"
    # Kept as JSON in the challenge's rows, and read back as it was written.
    assert detail_from_json(json.loads(json.dumps(detail))) == detail


def test_a_stored_detail_of_an_older_shape_reads_as_none() -> None:
    """Rows written before the detail was typed kept ``{}`` for no detail or no result."""
    assert detail_from_json({}) is None
    assert detail_from_json(None) is None
    old = {"names": ["ann", "bo"], "teams": [[0], [1]], "contract": None, "result": {}}
    assert detail_from_json(old) == {**old, "result": None}


def test_a_net_score_tells_apart_contracts_the_opponents_made() -> None:
    """Coinche: the opponents making 80 is better for the person's side than making 160, though
    the side's own deal score is 0 in both."""

    class Finished:
        NAME = "coinche"
        sides = 2

        def __init__(self, opponents: int) -> None:
            self.deal_results = [{"scores": [0, opponents], "trick_points": [0, 162]}]

        def side_of(self, seat: int) -> int:
            return seat % 2

    assert seat_result(Finished(80), 0) > seat_result(Finished(160), 0)  # type: ignore[arg-type]
