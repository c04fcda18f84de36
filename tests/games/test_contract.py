"""The engine contract, checked the same way for all six games (docs/architecture.md).

Random legal play from random decks and random options always reaches the end of the match;
snapshots round-trip at every step; an illegal action raises and changes nothing; records export
and replay to the same result; the easy computer player always picks a legal action.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.actions import PLAY, Action
from games.ai import choose
from games.base import Game, IllegalAction
from games.records import loads, replay
from games.registry import GAME_NAMES, game_class, new_game
from tests.games.conftest import (
    random_action,
    random_options,
    random_seats,
    shuffled_deck,
    state_text,
)

MAX_STEPS = 20_000
STEPWISE_TARGETS = {"piquet": 150}
"""The highest target the two tests that snapshot the state at every step draw. A snapshot holds
the whole match, so they cost the square of its length: a Piquet game to 400 is some 40 deals of
the same steps (over 200 seeds, a mean 4 800 deal-snapshots a match and up to 57 000), to 150
still twelve deals over two games (2 200, at most 10 600). The other tests draw targets up to
400."""


def _new(name: str, rng: random.Random, *, stepwise: bool = False) -> Game:
    seats = random_seats(name, rng)
    options = random_options(name, rng)
    cap = STEPWISE_TARGETS.get(name) if stepwise else None
    if cap is not None and options.get("target_score", 0) > cap:
        options["target_score"] = cap
    return new_game(name, options, seats=seats, dealer=rng.randrange(seats))


def _play_match(game: Game, rng: random.Random, each_step: object = None) -> None:
    steps = 0
    while not game.over:
        if game.awaiting_deck:
            game.deal(shuffled_deck(game, rng))
            continue
        seat = game.to_act
        assert seat is not None
        for other in range(game.seats):
            if other != seat:
                assert game.legal_actions(other) == []
        game.apply(seat, random_action(game, seat, rng))
        if callable(each_step):
            each_step(game)
        steps += 1
        assert steps < MAX_STEPS, "the match does not end"


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_reaches_the_end(name: str, seed: int) -> None:
    rng = random.Random(seed)
    game = _new(name, rng)
    _play_match(game, rng)
    result = game.replay_result()
    assert result["over"] is True
    assert result["winners"], "a finished match has a winner"
    assert all(d["complete"] for d in result["deals"])
    assert game.to_act is None
    assert game.legal_actions(0) == []


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_snapshots_round_trip_at_every_step(name: str, seed: int) -> None:
    rng = random.Random(seed)
    game = _new(name, rng, stepwise=True)

    def check(current: Game) -> None:
        data = json.loads(json.dumps(current.to_dict()))
        copy = game_class(name).from_dict(data)
        assert copy.to_dict() == data
        seat = current.to_act
        if seat is not None:
            assert copy.legal_actions(seat) == current.legal_actions(seat)
            assert copy.view(seat) == current.view(seat)
        assert copy.public_view() == current.public_view()
        assert copy.replay_result() == current.replay_result()

    _play_match(game, rng, check)


def _illegal_candidates(game: Game, seat: int) -> list[tuple[int, Action]]:
    legal = game.legal_actions(seat)
    wrong_seat = (seat + 1) % game.seats
    candidates: list[tuple[int, Action]] = []
    if legal:
        candidates.append((wrong_seat, legal[0]))
    candidates += [(seat, a) for a in PLAY.values() if a not in legal][:6]
    candidates += [
        (seat, Action("pass")),
        (seat, Action("coinche")),
        (seat, Action("trump", suit="H")),
    ]
    return [(s, a) for s, a in candidates if not (s == seat and a in legal)]


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_an_illegal_action_raises_and_changes_nothing(name: str, seed: int) -> None:
    rng = random.Random(seed)
    game = _new(name, rng, stepwise=True)

    def check(current: Game) -> None:
        seat = current.to_act
        if seat is None:
            return
        # One comparison per step, after every candidate was refused: a snapshot of a long match
        # costs more than the rest of the test, and a refused action that changed something
        # would still show (no other candidate could undo the change exactly).
        before = state_text(current)
        for who, action in _illegal_candidates(current, seat):
            if action.type == "exchange" or current.is_legal(who, action):
                continue
            with pytest.raises(IllegalAction) as info:
                current.apply(who, action)
            assert info.value.reason and "\n" not in info.value.reason
        assert state_text(current) == before

    _play_match(game, rng, check)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_records_export_and_replay_to_the_same_result(name: str) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        game = _new(name, rng)
        _play_match(game, rng)
        record = game.to_record()
        again = replay(loads(json.dumps(record)))
        assert again.replay_result() == game.replay_result()
        assert again.to_record() == record


@pytest.mark.parametrize("name", GAME_NAMES)
def test_in_progress_export_hides_the_current_deal(name: str) -> None:
    rng = random.Random(7)
    game = _new(name, rng)
    game.deal(shuffled_deck(game, rng))
    seat = game.to_act
    assert seat is not None
    game.apply(seat, random_action(game, seat, rng))
    record = game.to_record(completed_only=True)
    assert len(record["deals"]) == len(game.deal_results)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_easy_computer_players_finish_a_match_with_legal_actions(name: str) -> None:
    rng = random.Random(11)
    game = _new(name, rng)
    steps = 0
    while not game.over:
        if game.awaiting_deck:
            game.deal(shuffled_deck(game, rng))
            continue
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        action = choose(view, game.legal_actions(seat), "easy", rng)
        assert game.is_legal(seat, action)
        game.apply(seat, action)
        steps += 1
        assert steps < MAX_STEPS


@pytest.mark.parametrize("name", GAME_NAMES)
def test_options_are_validated_with_the_key_named(name: str) -> None:
    cls = game_class(name)
    with pytest.raises(ValueError, match="no_such_rule"):
        cls(options={"no_such_rule": True})
    for spec in cls.OPTIONS:
        with pytest.raises(ValueError, match=spec.name):
            cls(options={spec.name: "not a valid value"})


@pytest.mark.parametrize("name", GAME_NAMES)
def test_views_have_the_common_keys(name: str) -> None:
    rng = random.Random(3)
    game = _new(name, rng)
    game.deal(shuffled_deck(game, rng))
    common = {
        "game",
        "seats",
        "seat",
        "dealer",
        "phase",
        "to_act",
        "hand",
        "hand_sizes",
        "trick",
        "last_trick",
        "tricks_won",
        "scores",
        "events",
    }
    for seat in [None, *range(game.seats)]:
        view = game.view(seat)
        assert common <= set(view), common - set(view)
        assert view["seat"] == seat
        json.dumps(view)
        if seat is None:
            assert view["hand"] == []


@pytest.mark.parametrize("name", GAME_NAMES)
def test_clone_is_exact_and_independent(name: str) -> None:
    """``Game.clone`` (one generic copy for every engine): at several points of a match the clone
    equals the original, plays on to the end of the match, and leaves the original untouched;
    the original then plays on exactly as a snapshot of it does."""
    rng = random.Random(sum(map(ord, name)))
    game = _new(name, rng)
    stops = {5, 60}
    step = 0
    while not game.over and step <= max(stops):
        if game.awaiting_deck:
            game.deal(shuffled_deck(game, rng))
            continue
        if step in stops:
            before = json.dumps(game.to_dict(), sort_keys=True)
            twin = game_class(name).from_dict(json.loads(before))
            clone = game.clone()
            assert json.dumps(clone.to_dict(), sort_keys=True) == before
            assert clone.view(None) == game.view(None)
            _play_match(clone, random.Random(step))
            assert json.dumps(game.to_dict(), sort_keys=True) == before, "the clone changed it"
            _play_match(twin, random.Random(step))
            replay = game.clone()
            _play_match(replay, random.Random(step))
            assert replay.to_dict() == twin.to_dict()
        seat = game.to_act
        assert seat is not None
        game.apply(seat, random_action(game, seat, rng))
        step += 1
