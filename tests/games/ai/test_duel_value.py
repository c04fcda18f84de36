"""Two-player Briscola's learned value (``games.ai.duel_value``): the shipped network loads and
plays, the exact endings are exact, and one network serves every trump suit."""

from __future__ import annotations

import random
from importlib import resources

import numpy as np
import pytest

from games.ai import choose, duel_value
from games.ai import duel_value as dv
from games.ai.hard import LEARNED_BRISCOLA2, choose_hard
from games.ai.nets import Ensemble, Mlp, from_bytes, load, members_to_bytes, to_bytes
from games.ai.random_play import deal_shuffled
from games.cards import DECK_40
from games.registry import new_game
from games.tricks import BRISCOLA_ORDER, strength_table, trick_winner


def test_the_shipped_network_loads_once_and_fits_the_features() -> None:
    data = resources.files("games.ai").joinpath(f"weights/{dv.NET}.npz").read_bytes()
    assert len(data) <= 5_000_000
    net = load(dv.NET)
    assert load(dv.NET) is net
    assert net.meta["features"] == dv.FEATURES
    assert net.inputs == dv.INPUTS
    assert net(np.zeros((1, dv.INPUTS), dtype=np.float32)).shape == (1, 4)


def test_a_network_trained_on_other_inputs_is_refused() -> None:
    rng = np.random.default_rng(0)
    layers = [(rng.normal(size=(dv.INPUTS, 4)).astype(np.float32), np.zeros(4, np.float32))]
    stale = from_bytes(to_bytes(layers, {"features": dv.FEATURES + 1}))
    with pytest.raises(ValueError, match="other inputs"):
        dv.Evaluator(dv.Table(0, False), stale)


def _play(seed: int, learned: bool = True) -> list[tuple[int, str]]:
    """A whole two-player deal between two hard players playing by the shipped network
    (``learned``) or as ``choose`` plays by default, the cards they played."""
    setup = random.Random(seed)
    game = new_game("briscola", options={"tie_rule": "last_trick"}, seats=2, dealer=0)
    deal_shuffled(game, setup)
    rng = random.Random(f"play:{seed}")
    played = []
    while not game.deal_results:
        seat = game.to_act
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions(seat)
        if learned:
            action = choose_hard(view, legal, rng, 8, 0, learned=True)
        else:
            action = choose(view, legal, "hard", rng, samples=8)
        game.apply(seat, action)  # raises on an illegal action
        played.append((seat, str(action.card)))
    return played


def test_hard_plays_a_whole_deal_legally_and_the_same_way_twice() -> None:
    first = _play(5)
    assert len(first) == 40
    assert _play(5) == first


def test_the_table_plays_by_the_network_exactly_when_it_ships() -> None:
    """``choose``'s hard player is the learned one if and only if ``LEARNED_BRISCOLA2``."""
    assert (_play(6, learned=False) == _play(6)) is LEARNED_BRISCOLA2


def _brute(mine: list[str], theirs: list[str], lead: bool, pm: int, pt: int, trump: str) -> float:
    """The open ending by the engine's trick rule, every line tried."""
    if not mine:
        return dv.result_utility(pm, pt, not lead, False)
    strength = strength_table(BRISCOLA_ORDER)
    first, second = (mine, theirs) if lead else (theirs, mine)
    outer = []
    for x in first:
        inner = []
        for y in second:
            winner = trick_winner([[0, x], [1, y]], strength, trump)
            points = dv.POINTS[DECK_40.index(x)] + dv.POINTS[DECK_40.index(y)]
            took = (winner == 0) == lead
            a = [c for c in mine if c not in (x, y)]
            b = [c for c in theirs if c not in (x, y)]
            inner.append(
                _brute(
                    a, b, took, pm + (points if took else 0), pt + (0 if took else points), trump
                )
            )
        outer.append(min(inner) if lead else max(inner))
    return max(outer) if lead else min(outer)


@pytest.mark.parametrize("seed", range(6))
def test_the_open_ending_is_solved_exactly(seed: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(DECK_40, 6)
    trump_card = rng.choice([c for c in DECK_40 if c not in cards])
    mine, theirs = cards[:3], cards[3:]
    lead = seed % 2 == 0
    pm = rng.randrange(0, 50)
    pt = 120 - pm - sum(dv.POINTS[DECK_40.index(c)] for c in cards) - rng.randrange(0, 10)
    endings = dv.Endings(dv.Table(DECK_40.index(trump_card), False))
    mask = sum(1 << DECK_40.index(c) for c in mine)
    other = sum(1 << DECK_40.index(c) for c in theirs)
    assert endings.solve(mask, other, lead, pm, pt) == pytest.approx(
        _brute(mine, theirs, lead, pm, pt, trump_card[1])
    )


def test_one_network_serves_every_trump_suit() -> None:
    """The same position with diamonds for trumps, or clubs (the two suits swapped), has the
    same inputs."""
    rename = {"S": "S", "H": "H", "D": "C", "C": "D"}

    def index(code: str) -> int:
        return DECK_40.index(code)

    def renamed(code: str) -> int:
        return index(code[0] + rename[code[1]])

    hand, gone = ["AS", "3D", "7C"], ["KS", "2H", "JD", "QC"]
    rows = []
    for name, trump in ((index, "4D"), (renamed, "4D")):
        table = dv.Table(name(trump), True)
        after = dv.After(
            sum(1 << name(c) for c in hand), sum(1 << name(c) for c in gone), 17, 4, 30, True
        )
        rows.append(dv.encode(table, [after]))
    assert np.array_equal(rows[0], rows[1])


def test_the_view_and_the_self_play_see_the_same_position() -> None:
    """``choose_card`` on a table's view and the self-play's ``lead`` on the same facts choose
    alike: the view is read into the position the network was trained on."""
    game = new_game("briscola", seats=2, dealer=1)
    deal_shuffled(game, random.Random(3))
    for _ in range(6):  # three tricks
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    cards = [str(c) for c in view["hand"]]
    via_view = duel_value.choose_card(view, cards, random.Random(9), 16)
    played = 0
    for event in view["events"]:
        if event.get("type") == "trick":
            for _, code in event["cards"]:
                played |= 1 << DECK_40.index(code)
    hand = sum(1 << DECK_40.index(c) for c in cards)
    trump_card = DECK_40.index(str(view["trump_card"]))
    unseen = dv.FULL & ~hand & ~played & ~(1 << trump_card)
    points = view["scores"]["deal"]
    ev = dv.Evaluator(dv.Table(trump_card, False), load(dv.NET))
    direct = dv.lead(
        ev,
        hand,
        played,
        points[seat],
        points[1 - seat],
        int(view["stock_size"]),
        unseen,
        3,
        random.Random(9),
        16,
    )
    assert via_view == DECK_40[direct]
    assert isinstance(load(dv.NET), Mlp)


def test_an_ensemble_file_plays_the_mean_of_its_networks() -> None:
    """Several generations shipped in one file (``members_to_bytes``) load as an ensemble whose
    outputs are the mean of theirs, checked against the same inputs."""
    rng = np.random.default_rng(1)
    members = [
        Mlp(
            [
                (rng.normal(size=(dv.INPUTS, 8)).astype(np.float32), np.zeros(8, np.float32)),
                (rng.normal(size=(8, 4)).astype(np.float32), rng.normal(size=4).astype(np.float32)),
            ],
            {"features": dv.FEATURES},
        )
        for _ in range(3)
    ]
    net = from_bytes(members_to_bytes(members, {"features": dv.FEATURES}))
    assert isinstance(net, Ensemble)
    assert net.inputs == dv.INPUTS
    x = rng.random((5, dv.INPUTS)).astype(np.float32)
    expected = sum(m(x) for m in members) / 3
    np.testing.assert_allclose(net(x), expected, rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match="share their inputs"):
        Ensemble([members[0], Mlp([(np.zeros((3, 4), np.float32), np.zeros(4, np.float32))], {})])
