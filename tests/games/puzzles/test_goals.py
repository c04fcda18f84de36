"""A deal's puzzles in the game's own terms: a score margin only when the deal has no other."""

from __future__ import annotations

from typing import Any

from games.puzzles.goals import in_own_terms

CONTRACT: dict[str, Any] = {"type": "contract", "side": "defence"}
SCORE: dict[str, Any] = {"type": "score", "at_least": -20}
POINTS: dict[str, Any] = {"type": "card_points", "at_least": 25, "of": 31}


def test_a_contract_puzzle_is_taken_before_any_score_puzzle() -> None:
    goals = [("a", SCORE), ("b", CONTRACT), ("c", SCORE), ("d", CONTRACT)]
    assert in_own_terms(goals) == ["b", "d"]


def test_score_puzzles_stand_where_the_deal_has_nothing_else() -> None:
    assert in_own_terms([("a", SCORE), ("b", SCORE)]) == ["a", "b"]
    assert in_own_terms([]) == []


def test_card_points_are_a_game_s_own_terms() -> None:
    assert in_own_terms([("a", POINTS), ("b", CONTRACT)]) == ["a", "b"]
