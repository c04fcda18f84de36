"""An independent check of open-hand puzzles: plain minimax on the engines themselves (a copy
of the game for every card, every legal card tried, the deal's end read from the engine's own
results), nothing of the solver's compact deal, its pruning or its scoring."""

from __future__ import annotations

import random
from typing import Any

from games.ai import choose
from games.ai.random_play import deal_shuffled
from games.base import Game
from games.registry import new_game


def played(game_name: str, seats: int, seed: int) -> Game:
    """One deal played by the normal computer player, from a deck shuffled by ``seed``."""
    rng = random.Random(seed)
    game = new_game(game_name, seats=seats, dealer=rng.randrange(seats))
    deal_shuffled(game, rng)
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, choose(game.view(seat), game.legal_actions(seat), "normal", rng))
    return game


def side_of(game: Game, seat: int) -> set[int]:
    """The seats that play with ``seat`` in this deal (chiamata: the declarer and the holder of
    the called card, once known)."""
    if game.NAME == "chiamata":
        view: dict[str, Any] = dict(game.view(seat))
        team = {int(view["declarer"]), int(view["partner"])}
        return team if seat in team else set(range(game.seats)) - team
    return next(set(t) for t in game.teams() if seat in t)


def start_points(game: Game, side: set[int]) -> int:
    """The card points ``side`` has taken so far in the deal in progress."""
    deals = game.replay_result()["deals"]
    points = deals[-1]["trick_points"] if deals else None
    if not points:
        return 0
    teams = game.teams()
    if len(points) == game.seats and len(teams) != game.seats:
        return sum(points[s] for s in side)
    return sum(p for t, p in zip(teams, points, strict=True) if set(t) <= side)


def _result(game: Game) -> dict[str, Any]:
    events: list[dict[str, Any]] = [dict(e) for e in game.public_view()["events"]]
    return next(e for e in reversed(events) if e.get("type") == "deal_result")


def measure(game: Game, seat: int, goal: dict[str, Any], start: int) -> float:
    """The goal's measure of a finished deal, for ``seat``'s side, from the engine's results."""
    side = side_of(game, seat)
    if goal["type"] == "card_points":
        return start_points(game, side) - start
    if goal["type"] == "contract":
        result = _result(game)
        made = result["success"] if "success" in result else result["outcome"] == "success"
        return 1.0 if made == (goal["side"] == "declarer") else 0.0
    scores = game.deal_results[-1]["scores"]
    teams = game.teams()
    mine = sum(scores[i] for i, t in enumerate(teams) if seat in t)
    return float(2 * mine - sum(scores))


def minimax(game: Game, seat: int, goal: dict[str, Any], start: int, deals: int) -> float:
    """The measure with best play by both sides from ``game`` to the deal's end."""
    if len(game.deal_results) > deals:
        return measure(game, seat, goal, start)
    to_act = game.to_act
    assert to_act is not None
    mine = to_act in side_of(game, seat)
    values = []
    for action in game.legal_actions(to_act):
        child = game.clone()
        child.apply(to_act, action)
        values.append(minimax(child, seat, goal, start, deals))
    return max(values) if mine else min(values)


def card_values(game: Game, seat: int, goal: dict[str, Any]) -> dict[str, float]:
    """Each legal card of ``seat`` (to play in ``game``) and its minimax measure."""
    side = side_of(game, seat)
    start = start_points(game, side)
    deals = len(game.deal_results)
    out = {}
    for action in game.legal_actions(seat):
        child = game.clone()
        child.apply(seat, action)
        out[str(action.card)] = minimax(child, seat, goal, start, deals)
    return out
