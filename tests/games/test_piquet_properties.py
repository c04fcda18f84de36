"""Piquet properties under random legal play: matches end, snapshots round-trip, illegal actions
change nothing, and no view ever shows a card its viewer may not see (docs/rules.md §4.5–§4.7)."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.actions import PLAY, Action, ActionTemplate
from games.ai.random_play import deal_shuffled
from games.base import IllegalAction
from games.piquet import Piquet
from games.piquet_declarations import partie_score
from games.records import loads, replay
from tests.games.conftest import state_text
from tests.games.test_piquet_helpers import Oracle, cards_in

OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "rules_era": ("modern", "old", "c17"),
    "scoring_mode": ("target", "rubicon"),
    "target_score": (1, 30, 60, 100, 150),
    "games_to_win_match": (1, 2),
    "deal_packet": (2, 3),
    "younger_min_exchange": (1, 0),
    "talon_view": ("modern", "parlett"),
    "discard_view": ("none", "own"),
    "last_trick_point_on_capot": (True, False),
    "old_last_trick_needs_ten": (True, False),
}

options_strategy = st.fixed_dictionaries(
    {}, optional={key: st.sampled_from(values) for key, values in OPTION_VALUES.items()}
)


def random_exchange(game: Piquet, seat: int, rng: random.Random) -> Action:
    [template] = game.legal_actions(seat)
    assert isinstance(template, ActionTemplate)
    limits = game.view(seat)["exchange"]
    assert limits == {"min": template.min_count, "max": template.max_count}
    count = rng.randint(template.min_count, template.max_count)
    return template.concrete(rng.sample(game.hands[seat], count))


def random_action(game: Piquet, seat: int, rng: random.Random) -> Action:
    if game.phase == "exchange":
        return random_exchange(game, seat, rng)
    return rng.choice(game.legal_actions(seat))


def illegal_candidates(game: Piquet, seat: int, rng: random.Random) -> list[tuple[int, Action]]:
    """Actions that must be refused now: wrong seat, wrong phase, bad exchanges, bad plays."""
    other = 1 - seat
    hand = game.hands[seat]
    out: list[tuple[int, Action]] = [(other, random_action(game, seat, rng))]
    absent = [c for c in game.full_deck() if c not in hand]
    if game.phase == "exchange":
        low, high = game.exchange_limits(seat)
        out.append((seat, PLAY[hand[0]]))
        out.append((seat, game.legal_actions(seat)[0]))
        out.append((seat, Action("exchange")))
        out.append((seat, Action("exchange", cards=(hand[0], hand[0]))))
        out.append((seat, Action("exchange", cards=(absent[0],))))
        out.append((seat, Action("exchange", cards=tuple(hand[: high + 1]))))
        if low > 0:
            out.append((seat, Action("exchange", cards=())))
        if low > 1:
            out.append((seat, Action("exchange", cards=tuple(hand[: low - 1]))))
    else:
        legal = game.legal_actions(seat)
        out.append((seat, Action("exchange", cards=(hand[0],))))
        out.append((seat, PLAY[absent[0]]))
        out += [(seat, PLAY[c]) for c in hand if PLAY[c] not in legal]
        out.append((seat, Action("pass")))
    return out


def play_match(
    options: dict[str, Any], seed: int, each_step: Any = None, on_deal: Any = None
) -> Piquet:
    rng = random.Random(seed)
    game = Piquet(options=options, dealer=rng.randrange(2))
    steps = 0
    while not game.over:
        if game.awaiting_deck:
            deal_shuffled(game, rng)
            if on_deal is not None:
                on_deal(game)
            continue
        seat = game.to_act
        assert seat is not None
        assert game.legal_actions(1 - seat) == []
        action = random_action(game, seat, rng)
        assert game.is_legal(seat, action)
        game.apply(seat, action)
        if each_step is not None:
            each_step(game, seat, action)
        steps += 1
        assert steps < 20_000, "the match does not end"
    return game


FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(options=options_strategy, seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_ends_the_match(options: dict[str, Any], seed: int) -> None:
    game = play_match(options, seed)
    result = game.replay_result()
    wins = game.options["games_to_win_match"]
    assert result["over"] and len(result["winners"]) == 1
    assert result["games_won"][result["winners"][0]] == wins
    assert sum(result["games_won"]) <= 2 * wins - 1
    dealers = [d["dealer"] for d in result["deals"]]
    assert all(a != b for a, b in itertools.pairwise(dealers)), "the deal alternates"
    for deal in result["deals"]:
        assert deal["complete"]
        tricks = deal["trick_points"]
        assert sum(tricks) in (0, 12)
        if sum(tricks) == 0:
            assert game.options["scoring_mode"] == "target"
    # The final game's score is what the last game's deals added up to.
    assert sum(result["totals"]) <= sum(sum(d["scores"]) for d in result["deals"])
    winner = result["winners"][0]
    if game.options["scoring_mode"] == "target":
        assert result["totals"][winner] >= game.options["target_score"]
    else:
        assert result["totals"][winner] > result["totals"][1 - winner]
        last = game.game_results[-1]
        loser_total = last["totals"][1 - winner]
        assert last["partie_score"] == partie_score(last["totals"][winner], loser_total)
    again = replay(loads(json.dumps(game.to_record())))
    assert again.replay_result() == result


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_strategy, seed=st.integers(0, 2**32 - 1))
def test_snapshots_and_clones_round_trip(options: dict[str, Any], seed: int) -> None:
    def check(game: Piquet, seat: int, action: Action) -> None:
        before = state_text(game)
        data = json.loads(json.dumps(game.to_dict()))
        copy = Piquet.from_dict(data)
        clone = game.clone()
        assert copy.to_dict() == data == clone.to_dict()
        for viewer in (0, 1, None):
            assert copy.view(viewer) == game.view(viewer) == clone.view(viewer)
        assert copy.replay_result() == game.replay_result()
        # The clone is independent: playing on it leaves the game untouched.
        if clone.to_act is not None:
            rng = random.Random(seed)
            clone.apply(clone.to_act, random_action(clone, clone.to_act, rng))
            assert state_text(game) == before

    play_match({"games_to_win_match": 1, **options}, seed, check)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_strategy, seed=st.integers(0, 2**32 - 1))
def test_illegal_actions_raise_and_change_nothing(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed ^ 0x5A5A)

    def check(game: Piquet, _seat: int, _action: Action) -> None:
        seat = game.to_act
        if seat is None:
            return
        before = state_text(game)
        for who, action in illegal_candidates(game, seat, rng):
            if action.is_template:
                assert game.is_legal(seat, action)  # the template is offered…
            else:
                assert not game.is_legal(who, action)
            with pytest.raises(IllegalAction) as info:  # …but only named cards can be applied
                game.apply(who, action)
            assert info.value.reason and "\n" not in info.value.reason
            assert state_text(game) == before

    play_match({"games_to_win_match": 1, **options}, seed, check)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_strategy, seed=st.integers(0, 2**32 - 1))
def test_views_never_show_a_card_the_viewer_may_not_see(options: dict[str, Any], seed: int) -> None:
    game_box: list[Piquet] = []
    oracle_box: list[Oracle] = []

    def check_views(game: Piquet) -> None:
        oracle = oracle_box[0]
        for viewer in (0, 1, None):
            view = game.view(viewer)
            json.dumps(view)
            seen = cards_in(view)
            leaked = seen - oracle.allowed(viewer)
            assert not leaked, f"seat {viewer} sees {sorted(leaked)} in phase {view['phase']}"
            if viewer is None:
                assert view["hand"] == []
            else:
                assert sorted(view["hand"]) == sorted(game.hands[viewer])

    def on_deal(game: Piquet) -> None:
        if not oracle_box:
            oracle_box.append(Oracle(game))
        oracle_box[0].start_deal()
        check_views(game)

    def each_step(game: Piquet, seat: int, action: Action) -> None:
        oracle_box[0].after_action(seat, action)
        check_views(game)

    game_box.append(play_match(options, seed, each_step, on_deal))


@settings(max_examples=40, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**32 - 1))
def test_exchange_limits_follow_the_era(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    game = Piquet(options=options, dealer=rng.randrange(2))
    deal_shuffled(game, rng)
    c17 = game.options["rules_era"] == "c17"
    elder, younger = game.elder, game.younger
    assert game.view(elder)["exchange"] == {"min": 1, "max": 8 if c17 else 5}
    assert game.view(younger)["exchange"] is None
    assert game.view(elder)["talon_size"] == (12 if c17 else 8)
    action = random_exchange(game, elder, rng)
    game.apply(elder, action)
    left = (12 if c17 else 8) - len(action.cards or ())
    low = game.options["younger_min_exchange"]
    assert game.view(younger)["exchange"] == {"min": low, "max": left}
    assert game.view(elder)["exchange"] is None
    assert game.view(None)["exchanged"][elder] == len(action.cards or ())


TEN = frozenset("TJQKA")


def _expected_trick_points(game: Piquet, tricks: list[dict[str, Any]]) -> list[list[int]]:
    """Trick points per trick, from §4.8 written out again."""
    modern = game.options["rules_era"] == "modern"
    won = [0, 0]
    for trick in tricks:
        won[trick["winner"]] += 1
    out = []
    for number, trick in enumerate(tricks, start=1):
        (leader, lead), (follower, follow) = trick["cards"]
        winner = trick["winner"]
        points = [0, 0]
        if modern or lead[0] in TEN:
            points[leader] += 1
        if winner == follower and (modern or follow[0] in TEN):
            points[follower] += 1
        if number == 12:
            winning = follow if winner == follower else lead
            capot = won[winner] == 12
            if (game.options["last_trick_point_on_capot"] or not capot) and (
                not game.options["old_last_trick_needs_ten"] or winning[0] in TEN
            ):
                points[winner] += 1
        out.append(points)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_strategy, seed=st.integers(0, 2**32 - 1))
def test_hand_scores_add_up_from_the_events(options: dict[str, Any], seed: int) -> None:
    """Every point of a hand is in exactly one event, and trick points follow the era."""

    def check(game: Piquet, _seat: int, _action: Action) -> None:
        if game.phase not in ("deal", "over"):
            return
        events = game.events
        result = game.deal_results[-1]
        tricks = [e for e in events if e["type"] == "trick"]
        assert result["trick_points"] == (
            [0, 0] if not tricks else [sum(t["winner"] == s for t in tricks) for s in (0, 1)]
        )
        assert len(tricks) in (0, 12)
        assert [t["points"] for t in tricks] == _expected_trick_points(game, tricks)
        total = [0, 0]
        for event in events:
            if event["type"] == "trick":
                for s in (0, 1):
                    total[s] += event["points"][s]
            elif event["type"] in ("carte_blanche", "declaration", "repique", "pique"):
                if event["seat"] is not None and "points" in event:
                    total[event["seat"]] += event["points"]
            elif event["type"] == "cards_bonus":
                won = result["trick_points"][event["seat"]]
                assert event["points"] == (40 if won == 12 else 10) and won >= 7
                total[event["seat"]] += event["points"]
        if tricks:
            # A carte blanche announced but not reached (declarations cut short) never happens
            # once the cards are played, so every announced carte blanche has scored.
            assert total == result["scores"]
        else:
            assert sum(result["scores"]) <= sum(total)
        bonuses = [e for e in events if e["type"] in ("repique", "pique")]
        assert len(bonuses) <= 1
        for viewer in (0, 1, None):
            view = game.view(viewer)
            assert view["scores"] == {"deal": result["scores"], "game": game.totals}

    play_match({"games_to_win_match": 1, **options}, seed, check)
