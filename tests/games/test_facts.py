"""The card facts engines state (``games.facts``): hands sorted as card players sort them, the
card winning a trick so far, and agreement with the engines' own trick results."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import DECK_40, FRENCH_32
from games.facts import CardFacts, suit_sequence
from games.registry import GAME_NAMES, card_facts, new_game
from tests.games.conftest import random_action, random_seats, shuffled_deck


def sort_hand(cards: list[str], game: str, trump: str | None) -> list[str]:
    return card_facts(game).sort_hand(cards, trump)


def winning_index(trick: list[list[object]], game: str, trump: str | None) -> int | None:
    return card_facts(game).winning_index(trick, trump)


def test_belote_trumps_first_in_trump_order() -> None:
    hand = ["7H", "JH", "AS", "9H", "TS", "AH", "KD", "8C"]
    ordered = sort_hand(hand, "coinche", "H")
    assert ordered[:4] == ["JH", "9H", "AH", "7H"]
    assert ordered[4:6] == ["AS", "TS"]


def test_belote_plain_order() -> None:
    hand = ["JS", "9S", "AS", "TS", "KS", "QS", "8S", "7S"]
    assert sort_hand(hand, "belote", "H") == ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"]


def test_all_trumps_and_no_trumps() -> None:
    assert sort_hand(["AS", "JS", "9S"], "coinche", "AT") == ["JS", "9S", "AS"]
    assert sort_hand(["AS", "JS", "9S", "TS"], "coinche", "NT") == ["AS", "TS", "JS", "9S"]


def test_piquet_briscola_sueca_orders() -> None:
    assert sort_hand(["7S", "TS", "AS", "JS", "6S"], "piquet", None) == [
        "AS",
        "JS",
        "TS",
        "7S",
        "6S",
    ]
    assert sort_hand(["2C", "3C", "KC", "AC", "7C"], "briscola", None) == [
        "AC",
        "3C",
        "KC",
        "7C",
        "2C",
    ]
    assert sort_hand(["QD", "JD", "7D", "AD", "2D"], "sueca", None) == [
        "AD",
        "7D",
        "JD",
        "QD",
        "2D",
    ]


def test_suits_alternate_colours() -> None:
    assert suit_sequence({"S", "H", "D", "C"}, None) == ["S", "H", "C", "D"]
    order = suit_sequence({"S", "H", "D", "C"}, "H")
    assert order[0] == "H"
    colours = ["red" if s in "HD" else "black" for s in order]
    assert all(a != b for a, b in itertools.pairwise(colours))


@given(
    st.lists(st.sampled_from(FRENCH_32), unique=True, max_size=12),
    st.sampled_from(["S", "H", "D", "C", "NT", "AT", None]),
)
def test_sort_is_a_permutation_grouped_by_suit(hand: list[str], trump: str | None) -> None:
    ordered = sort_hand(hand, "belote", trump)
    assert sorted(ordered) == sorted(hand)
    suits = [c[1] for c in ordered]
    groups = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
    assert len(groups) == len(set(suits))
    if trump in ("S", "H", "D", "C") and trump in suits:
        assert suits[0] == trump


@given(st.lists(st.sampled_from(DECK_40), unique=True, max_size=10))
def test_forty_card_sort_is_stable_under_input_order(hand: list[str]) -> None:
    assert sort_hand(hand, "briscola", "D") == sort_hand(list(reversed(hand)), "briscola", "D")


def test_winning_card_of_a_trick() -> None:
    assert winning_index([[0, "AS"], [1, "TS"]], "belote", "H") == 0
    assert winning_index([[0, "AS"], [1, "7H"]], "belote", "H") == 1
    assert winning_index([[0, "9H"], [1, "JH"], [2, "AH"]], "coinche", "H") == 1
    assert winning_index([[0, "9S"], [1, "JS"]], "coinche", "AT") == 1
    assert winning_index([[0, "9S"], [1, "JS"], [2, "AD"]], "coinche", "NT") == 1
    assert winning_index([[0, "KC"], [1, "3C"]], "briscola", "D") == 1
    assert winning_index([[0, "7C"], [1, "KC"]], "sueca", None) == 0
    assert winning_index([[0, "7C"], [1, "AD"]], "piquet", None) == 0


def test_a_rank_table_names_each_rank_once() -> None:
    try:
        CardFacts("A3KQJ765432", "A3KQJ765432", {}, {})
    except ValueError as exc:
        assert "twice" in str(exc)
    else:
        raise AssertionError("an order listing the 3 twice was accepted")


def test_points_and_strength() -> None:
    belote = card_facts("belote")
    assert belote.points("JH", "H") == 20 and belote.points("JS", "H") == 2
    assert belote.points("9C", "AT") == 14
    assert belote.strength("JH", "H") > belote.strength("AH", "H")
    assert belote.strength("AS", "H") > belote.strength("TS", "H")
    assert sum(card_facts("briscola").points(c, "S") for c in DECK_40) == 120
    assert sum(card_facts("sueca").points(c, "S") for c in DECK_40) == 120
    assert sum(belote.points(c, "H") for c in FRENCH_32) == 152


@pytest.mark.parametrize("name", GAME_NAMES)
def test_engine_facts_agree_with_the_engines_own_tricks(name: str) -> None:
    """``view["winning"]`` and ``FACTS`` name the same card as the engine's trick events, at
    every card of two random matches; ``teams`` covers every seat once; ``decision`` is set
    exactly when somebody is to act."""
    facts = card_facts(name)
    for seed in (1, 2):
        rng = random.Random(seed)
        game = new_game(name, seats=random_seats(name, rng), dealer=0)
        seen_tricks = 0
        while not game.over:
            if game.awaiting_deck:
                game.deal(shuffled_deck(game, rng))
                continue
            view = game.public_view()
            assert sorted(s for team in view["teams"] for s in team) == list(range(game.seats))
            assert (view["decision"] is None) == (view["to_act"] is None)
            trick = view["trick"]
            assert view["winning"] == facts.winning_seat(trick, view["trump"])
            seat = game.to_act
            assert seat is not None
            game.apply(seat, random_action(game, seat, rng))
            for event in game.events:
                if event["type"] == "trick":
                    seen_tricks += 1
                    assert event["winner"] == facts.winning_seat(
                        event["cards"], game.view(None)["trump"]
                    )
        assert seen_tricks


def test_capot_side() -> None:
    from games.facts import capot_side

    assert capot_side([3, 0, 5, 0], [[0, 2], [1, 3]]) == 0
    assert capot_side([3, 1, 4, 0], [[0, 2], [1, 3]]) is None
    assert capot_side([0, 0, 0, 0], [[0, 2], [1, 3]]) is None
    assert capot_side([12, 0], [[0], [1]]) == 0
    assert capot_side([2], [[0]]) is None
