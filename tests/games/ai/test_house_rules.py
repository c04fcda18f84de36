"""The computer players model the table's own rules and teams, read from the view.

What a player infers about the others must hold in the real deal: a seat it takes for void in a
suit (or short of a trump it would have had to play) holds no such card, a card it takes for out
of play is in nobody's hand, and the cards it thinks it may play are the engine's legal plays.
That depends on the table's rules — Belote's and Coinche's trump duties, chiamata's duty to
follow, which 2 leaves three-player Briscola — so these checks run on house rules, against the
engines' own hands and legal actions. The players keep no default of their own: the rules and
the teams are the view's.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.ai.knowledge import Knowledge, known_partners
from games.base import Game
from games.registry import GAME_NAMES, game_class, new_game
from tests.games.conftest import random_action, random_options, shuffled_deck

TRUMP_ORDER = "78QKTA9J"
"""Belote's trump ranks, low to high."""

HOUSE_RULES: list[tuple[str, int, dict[str, Any]]] = [
    ("belote", 4, {"must_undertrump": False}),
    ("belote", 4, {"trump_lead_overtrump": "never", "partner_winning_trump": "free"}),
    ("coinche", 4, {"must_undertrump": False, "trump_lead_overtrump": "not_over_partner"}),
    ("coinche", 4, {"partner_winning_trump": "free", "trump_lead_overtrump": "never"}),
    ("chiamata", 5, {"follow_rule": "free"}),
    ("briscola", 3, {"three_player_removed_card": "2S"}),
    ("briscola", 3, {"three_player_removed_card": "2H"}),
    ("briscola", 4, {"partners_view_after_stock": True}),
    ("piquet", 2, {"rules_era": "c17", "discard_view": "own"}),
]


def _steps(game: Game, rng: random.Random, deals: int) -> Iterator[Game]:
    """The game before every action of ``deals`` deals of random legal play."""
    for _ in range(deals):
        if game.over:
            return
        game.deal(shuffled_deck(game, rng))
        while not game.awaiting_deck and not game.over:
            yield game
            seat = game.to_act
            assert seat is not None
            game.apply(seat, random_action(game, seat, rng))


def _check_inferences(game: Game) -> None:
    """Every seat's card counting agrees with the real hands (the engine's views of them)."""
    views = [game.view(s) for s in range(game.seats)]
    hands = [list(view["hand"]) for view in views]
    for seat in range(game.seats):
        know = Knowledge(views[seat])
        rules = know.rules
        for other in range(game.seats):
            if other == seat:
                continue
            held = rules.mask(hands[other])
            wrong = held & know.forbidden[other]
            assert not wrong, (
                f"seat {seat} thinks seat {other} cannot hold {rules.cards(wrong)}, which it holds"
            )
            gone = held & ~know.unseen
            assert not gone, f"seat {seat} takes {rules.cards(gone)} for out of play"
            assert not know.held[other] & ~held, f"seat {seat} gives seat {other} a card it lacks"


def _check_follow_rule(game: Game) -> None:
    """The cards the seat to act may play, as its player's rules see them, are the engine's."""
    seat = game.to_act
    assert seat is not None
    legal = game.legal_actions(seat)
    view = game.view(seat)
    if view["phase"] != "play" or any(a.type != "play" for a in legal):
        return
    know = Knowledge(view)
    rules = know.rules
    lead = win = -1
    partner_winning = False
    if know.trick:
        lead = rules.index[know.trick[0][1]]
        win_seat, win_code = rules.winner(know.trick)
        win = rules.index[win_code]
        partner_winning = win_seat in known_partners(view, seat)
    allowed = rules.cards(rules.legal(know.mine, lead, win, partner_winning))
    assert sorted(allowed) == sorted(str(a.card) for a in legal), (view["trick"], view["hand"])


@pytest.mark.parametrize(("name", "seats", "options"), HOUSE_RULES)
def test_what_the_players_infer_holds_under_house_rules(
    name: str, seats: int, options: dict[str, Any]
) -> None:
    rng = random.Random(f"house:{name}:{sorted(options.items())}")
    game = new_game(name, options=options, seats=seats, dealer=0)
    for state in _steps(game, rng, deals=15):
        _check_inferences(state)
        _check_follow_rule(state)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_what_the_players_infer_holds_under_random_rules(name: str) -> None:
    rng = random.Random(f"random-rules:{name}")
    for round_no in range(4):
        seats = rng.choice(game_class(name).SEAT_COUNTS)
        options = random_options(name, rng)
        game = new_game(name, options=options, seats=seats, dealer=round_no % seats)
        for state in _steps(game, rng, deals=2):
            _check_inferences(state)
            _check_follow_rule(state)


# --------------------------------------------------------------- the view is the only source
def _discard_over_an_opponents_trump() -> tuple[Game, int, str]:
    """A Belote game without the duty to undertrump, just after a seat that held a trump below
    the opponent's winning trump discarded a plain card instead: (game, that seat, that trump)."""
    rng = random.Random(5)
    games = (new_game("belote", options={"must_undertrump": False}) for _ in range(100))
    for state in (state for game in games for state in _steps(game, rng, deals=3)):
        view = state.view(None)
        trick, trump, seat = view["trick"], view["trump"], state.to_act
        if view["phase"] != "play" or not trick or trump not in ("S", "H", "D", "C"):
            continue
        assert seat is not None
        win_seat = view["winning"]
        win_card = next(card for s, card in trick if s == win_seat)
        led = trick[0][1][1]
        hand = state.view(seat)["hand"]
        below = [
            c
            for c in hand
            if c[1] == trump and TRUMP_ORDER.index(c[0]) < TRUMP_ORDER.index(win_card[0])
        ]
        above = [c for c in hand if c[1] == trump and c not in below]
        discards = [c for c in hand if c[1] not in (led, trump)]
        opponent = win_seat is not None and (win_seat - seat) % 2 == 1
        if (
            opponent
            and win_card[1] == trump != led
            and below
            and not above
            and discards
            and not any(c[1] == led for c in hand)
        ):
            state.apply(seat, next(a for a in state.legal_actions(seat) if a.card == discards[0]))
            return state, seat, below[0]
    raise AssertionError("no such trick in 300 random deals")


def test_the_duty_to_undertrump_is_the_views() -> None:
    game, discarder, trump = _discard_over_an_opponents_trump()
    watcher = (discarder + 1) % 4
    view = game.view(watcher)
    know = Knowledge(view)
    assert not know.forbidden[discarder] & know.rules.mask([trump]), "no duty, no void"
    strict = copy.deepcopy(view)
    strict["options"]["must_undertrump"] = True
    assert Knowledge(strict).forbidden[discarder] & know.rules.mask([trump]), (
        "with the duty, the discard shows no trump: the inference follows the view's rule"
    )


def test_the_removed_two_of_three_player_briscola_is_the_tables() -> None:
    game = new_game("briscola", options={"three_player_removed_card": "2S"}, seats=3, dealer=0)
    game.deal(shuffled_deck(game, random.Random(1)))
    for seat in range(3):
        view = game.view(seat)
        know = Knowledge(view)
        assert not know.unseen & know.rules.mask(["2S"]), "the removed 2 is in no hand"
        if "2C" not in {*view["hand"], view["trump_card"]}:
            assert know.unseen & know.rules.mask(["2C"]), "the 2♣ is in play"


def test_the_teams_are_the_views() -> None:
    game = new_game("coinche", dealer=0)
    game.deal(shuffled_deck(game, random.Random(2)))
    view = game.view(0)
    assert known_partners(view, 0) == {2}
    swapped = copy.deepcopy(view)
    swapped["teams"] = [[0, 1], [2, 3]]
    assert known_partners(swapped, 0) == {1}
    assert known_partners(swapped, 3) == {2}


@pytest.mark.parametrize("name", ["belote", "coinche", "chiamata", "briscola"])
def test_a_view_without_the_tables_rules_is_refused(name: str) -> None:
    """No default stands in for a rule the view does not state."""
    game = new_game(name, seats=3 if name == "briscola" else None)
    game.deal(shuffled_deck(game, random.Random(3)))
    view: dict[str, Any] = dict(game.view(game.to_act or 0))
    del view["options"]
    with pytest.raises(KeyError, match="options"):
        Knowledge(view)  # type: ignore[arg-type]
