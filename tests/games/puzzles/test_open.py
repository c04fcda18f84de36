"""Open-hand puzzles in all six games: the answer is the only card that reaches the goal, by a
brute force on the engines themselves (``brute``), and its line plays out to what it claims."""

from __future__ import annotations

import pytest

from games.actions import Action
from games.ai.solver import Solver
from games.base import Game
from games.puzzles.exact import (
    CHOICES,
    CONTRACT_CARDS,
    OPEN_CARDS,
    Solved,
    cards_left,
    solve_open,
)
from games.puzzles.goals import Measure
from games.registry import new_game
from games.review.playout import open_deal
from tests.games.puzzles.brute import card_values, measure, played, side_of, start_points

BRUTE_CARDS = {
    "belote": 12,
    "coinche": 12,
    "piquet": 8,
    "briscola": 18,
    "chiamata": 15,
    "sueca": 12,
}
"""Positions small enough for the brute force (a few hundredths of a second each)."""

CASES = [
    ("belote", 4, 32),
    ("belote", 4, 102),  # a contract to make
    ("coinche", 4, 3),
    ("coinche", 4, 16),  # a contract to make
    ("piquet", 2, 4),
    ("briscola", 2, 2),
    ("briscola", 3, 0),
    ("briscola", 4, 1),
    ("briscola", 6, 1),
    ("chiamata", 5, 1),
    ("chiamata", 5, 24),  # a contract to defeat
    ("sueca", 4, 5),
]
"""Deals of the normal player (``brute.played``) holding open-hand puzzles near their end."""


def small_puzzles(name: str, seats: int, seed: int) -> list[tuple[Game, int, Solved]]:
    """The open-hand puzzles of one deal in its last positions, each with the game there."""
    whole = played(name, seats, seed)
    record = whole.to_record()["deals"][0]
    game = new_game(name, seats=seats, dealer=record["dealer"])
    game.deal(record["deck"])
    out = []
    for raw in record["actions"]:
        seat = raw["seat"]
        if (
            game.decision == "play"
            and game.to_act == seat
            and cards_left(game) <= BRUTE_CARDS[name]
        ):
            solved = solve_open(game, seat)
            if solved is not None:
                out.append((game.clone(), seat, solved))
        game.apply(seat, Action.from_json(raw))
    return out


@pytest.mark.parametrize(("name", "seats", "seed"), CASES)
def test_the_answer_is_the_only_card_that_reaches_the_goal(
    name: str, seats: int, seed: int
) -> None:
    found = small_puzzles(name, seats, seed)
    assert found, "the deal was chosen for its puzzles"
    for game, seat, solved in found:
        goal = solved.goal.to_json()
        brute = card_values(game, seat, goal)
        assert len(brute) >= CHOICES  # never a forced card, nor a coin toss
        if solved.goal.type == "contract":
            winners = [card for card, made in brute.items() if made == 1.0]
        else:
            winners = [card for card, v in brute.items() if v >= solved.goal.target]
            # The values shown are the brute force's, card by card.
            assert {str(a.card): v for a, v, _ in solved.values} == brute
            assert max(brute.values()) == solved.goal.target
        assert winners == [solved.answer.card]
        assert solved.values[0][0] == solved.answer and solved.values[0][2]
        assert not any(wins for _, _, wins in solved.values[1:])


@pytest.mark.parametrize(("name", "seats", "seed"), CASES[::3])
def test_the_line_is_legal_and_ends_where_the_answer_s_value_says(
    name: str, seats: int, seed: int
) -> None:
    for game, seat, solved in small_puzzles(name, seats, seed):
        start = start_points(game, side_of(game, seat))
        deals = len(game.deal_results)
        assert solved.line[0] == (seat, solved.answer)
        for who, action in solved.line:
            game.apply(who, action)  # raises on an illegal card or a wrong seat
        assert len(game.deal_results) == deals + 1  # the line reaches the deal's end
        end = measure(game, seat, solved.goal.to_json(), start)
        if solved.goal.type == "contract":
            assert end == 1.0
        else:
            assert end == solved.values[0][1]


def test_contract_puzzles_are_found_for_both_sides() -> None:
    goals = {
        solved.goal.to_json()["side"]
        for name, seats, seed in (("belote", 4, 102), ("chiamata", 5, 24))
        for _, _, solved in small_puzzles(name, seats, seed)
        if solved.goal.type == "contract"
    }
    assert goals == {"declarer", "defence"}


def test_a_contract_is_looked_at_before_the_last_tricks() -> None:
    """Coinche's contract puzzles are looked for from ``CONTRACT_CARDS`` cards (the other goals
    from ``OPEN_CARDS``): here one card alone makes the contract with 20 cards left. The cards
    that make it, found on made-or-not alone (``Made``), are those of the full measure, and the
    line makes the contract."""
    whole = played("coinche", 4, 53)
    record = whole.to_record()["deals"][0]
    game = new_game("coinche", seats=4, dealer=record["dealer"])
    game.deal(record["deck"])
    found = []
    for raw in record["actions"]:
        seat = raw["seat"]
        left = cards_left(game)
        if game.decision == "play" and game.to_act == seat and left > OPEN_CARDS["coinche"]:
            solved = solve_open(game, seat)
            if solved is not None:
                found.append((game.clone(), seat, solved))
        game.apply(seat, Action.from_json(raw))
    [(position, seat, solved)] = found
    assert OPEN_CARDS["coinche"] < cards_left(position) <= CONTRACT_CARDS["coinche"]
    assert solved.goal.to_json() == {"type": "contract", "side": "declarer"}
    deal, scoring = open_deal(position, seat)
    full = Measure(scoring, "contract", make=True)
    solver = Solver(full)  # type: ignore[arg-type]
    made = []
    for action in position.legal_actions(seat):
        deal.play(deal.rules.index[action.card or ""])
        if full.reached(solver.solve(deal)) == 1.0:
            made.append(action)
        deal.unplay()
    assert made == [solved.answer]
    start = start_points(position, side_of(position, seat))
    for who, action in solved.line:
        position.apply(who, action)
    assert measure(position, seat, solved.goal.to_json(), start) == 1.0
