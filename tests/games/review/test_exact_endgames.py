"""Exact where the deal is known (issue 33.1): wherever the seat's information leaves one
possible deal, the review's cost is the exact minimax cost, checked here against a brute-force
minimax written apart from the review — every line of play tried on the rules engine itself,
the deal scored by the engine's own result.

Two-player Briscola once the stock is empty, and the trick games whose voids place every card
(Belote, Coinche, Sueca, Piquet). Briscola for three, four and six and chiamata never leave one
possible deal before their last trick: nobody has to follow suit, so no void is ever shown.

The deals are random play from fixed seeds, chosen so that each game has decisions that cost
something (and, in Briscola, one whose choice also lost the hand: counted at 20 card points
more by the review before this test, which called the total "card points")."""

from __future__ import annotations

import json
import random

import pytest

from games.actions import Action
from games.ai import choose
from games.ai.random_play import deal_shuffled
from games.base import Game
from games.records import loads
from games.registry import new_game
from games.review.analysis import judge
from games.review.moments import Moment, reviewed_deal
from games.review.worlds import determined
from tests.games.review.test_exact_costs import coinche_record


def side_of(game: Game, seat: int) -> set[int]:
    """``seat``'s side in the finished deal (chiamata is not here: it is never known early)."""
    return set(next(team for team in game.teams() if seat in team))


def worth(game: Game, seat: int) -> float:
    """Half the side's margin at the end of the deal: card points in the forty-card games, the
    deal's score elsewhere (the review's unit, docs/records.md)."""
    result = game.deal_results[0]
    figures = result["trick_points"] if game.NAME in ("briscola", "sueca") else result["scores"]
    teams = game.teams()
    mine = next(i for i, team in enumerate(teams) if seat in team)
    return (figures[mine] - sum(figures[i] for i in range(len(teams)) if i != mine)) / 2


def minimax(game: Game, seat: int) -> float:
    if game.deal_results:
        return worth(game, seat)
    to_act = game.to_act
    assert to_act is not None
    values = []
    for action in game.legal_actions(to_act):
        after = game.clone()
        after.apply(to_act, action)
        values.append(minimax(after, seat))
    return max(values) if to_act in side_of(game, seat) else min(values)


def exact_cost(moment: Moment) -> float:
    values: dict[Action, float] = {}
    for action in moment.legal:
        after = moment.game.clone()
        after.apply(moment.seat, action)
        values[action] = minimax(after, moment.seat)
    return max(values.values()) - values[moment.choice]


def random_deal(name: str, seats: int, seed: int) -> Game:
    """One deal of random legal play (Piquet's exchanges by the easy player)."""
    rng = random.Random(seed)
    game = new_game(name, seats=seats, dealer=0)
    deal_shuffled(game, rng)
    while not game.deal_results:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions(seat)
        if legal[0].is_template:
            game.apply(seat, choose(game.view(seat), legal, "easy", rng))
        else:
            game.apply(seat, rng.choice(legal))
    return game


CASES = [
    # game, seats, seed, the index of the decision, its exact cost
    ("briscola", 2, 7, 35, 11.0),  # 11 card points, and the hand: the review said 31
    ("briscola", 2, 19, 34, 20.0),  # 20 card points, and the hand: the review said 40
    ("briscola", 2, 0, 34, 0.0),
    ("belote", 4, 15, 28, 113.0),
    ("belote", 4, 52, 30, 10.0),
    ("sueca", 4, 129, 35, 18.0),
    ("sueca", 4, 273, 35, 15.0),
    ("piquet", 2, 106, 20, 7.0),
    ("piquet", 2, 246, 20, 12.0),
]


@pytest.mark.parametrize(("name", "seats", "seed", "index", "cost"), CASES)
def test_a_known_deal_s_cost_is_the_minimax_cost(
    name: str, seats: int, seed: int, index: int, cost: float
) -> None:
    game = random_deal(name, seats, seed)
    record = loads(json.dumps(game.to_record()))
    actions = record.deals[0].actions
    seat = actions[index][0]
    reviewed = reviewed_deal(record, 0, seat)
    moment = next(m for m in reviewed.moments if m.index == index)
    assert determined(moment.game.view(seat))
    decision = judge(reviewed, moment, 4, random.Random(1))
    assert decision.exact
    assert exact_cost(moment) == cost
    assert decision.cost == cost
    assert decision.verdict == (
        "mistake" if cost > (4 if name in ("briscola", "sueca") else 10) else "fine"
    )


def test_a_coinche_defender_s_known_last_tricks() -> None:
    record = coinche_record()
    reviewed = reviewed_deal(record, 0, 3)
    moment = next(m for m in reviewed.moments if m.index == 36)
    decision = judge(reviewed, moment, 4, random.Random(1))
    assert decision.exact
    assert decision.cost == exact_cost(moment) == 10


def test_a_choice_beaten_only_in_the_real_deal_is_unlucky() -> None:
    # Issue 33.3: a Sueca card as good as any over the deals seat 1 could face (cost 0), which
    # the real deal, solved with every card known, punished: bad luck, not a mistake. The real
    # deal's values are the brute-force minimax of the engine.
    game = random_deal("sueca", 4, 3)
    record = loads(json.dumps(game.to_record()))
    reviewed = reviewed_deal(record, 0, 1)
    moment = next(m for m in reviewed.moments if m.index == 28)
    assert not determined(moment.game.view(1))
    decision = judge(reviewed, moment, 8, random.Random(1))
    assert decision.verdict == "unlucky" and not decision.exact
    assert decision.cost <= 4 and decision.best == decision.choice
    assert decision.hindsight is not None and decision.hindsight != decision.choice

    def real(action: Action) -> float:
        after = moment.game.clone()
        after.apply(1, action)
        return minimax(after, 1)

    assert decision.real_choice == real(decision.choice)
    assert decision.real_best == real(decision.hindsight)
    assert decision.real_best == max(real(a) for a in moment.legal) > decision.real_choice
