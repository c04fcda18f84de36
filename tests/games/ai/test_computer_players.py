"""The computer players: legal, deterministic, blind to hidden cards; the easy faults stay fixed.

No timings and no strength here: those are ``benchmarks/ai.py`` and ``benchmarks/ai_duel.py``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import games.ai as ai
from games.actions import Action
from games.ai import choose
from games.ai.deal import Deal
from games.ai.knowledge import Knowledge, Rules, with_trump
from games.ai.random_play import deal_shuffled
from games.ai.sampler import Sampler
from games.ai.solver import Solver, distinct_moves
from games.base import Game
from games.registry import GAME_NAMES, game_class, new_game
from tests.games.conftest import random_options

HARD_SAMPLES = 3


def _copy(value: Any) -> Any:
    """``copy.deepcopy`` of a view, in a fraction of its time: a view is made of dicts, lists,
    tuples and plain values (anything else is handed to ``deepcopy``)."""
    kind = type(value)
    if kind is dict:
        return {key: _copy(item) for key, item in value.items()}
    if kind is list:
        return [_copy(item) for item in value]
    if kind is tuple:
        return tuple(_copy(item) for item in value)
    if kind in PLAIN:
        return value
    return copy.deepcopy(value)


PLAIN = (str, int, float, bool, type(None))


def _play_deal(
    game: Game, levels: list[str], rng: random.Random, check: Any = None, samples: int = 3
) -> None:
    """One deal with ``levels[seat]`` at each seat, every action checked legal by the engine."""
    deal_shuffled(game, rng)
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        legal = game.legal_actions(seat)
        before = _copy(view)
        action = choose(view, legal, levels[seat], rng, samples=samples)
        assert view == before, "a computer player changed the view it was given"
        if check is not None:
            check(game, seat, view, action)
        assert game.is_legal(seat, action), f"{levels[seat]} chose illegal {action} in {game.NAME}"
        game.apply(seat, action)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_level_plays_legally_under_random_options(name: str) -> None:
    rng = random.Random(f"legal:{name}")
    for round_no in range(3):
        seats = rng.choice(game_class(name).SEAT_COUNTS)
        game = new_game(
            name, options=random_options(name, rng), seats=seats, dealer=round_no % seats
        )
        levels = [ai.LEVELS[(s + round_no) % 3] for s in range(seats)]
        _play_deal(game, levels, rng)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_rule_based_levels_play_legally_over_many_deals(name: str) -> None:
    rng = random.Random(f"many:{name}")
    for round_no in range(24):
        seats = rng.choice(game_class(name).SEAT_COUNTS)
        game = new_game(
            name, options=random_options(name, rng), seats=seats, dealer=round_no % seats
        )
        levels = [("easy", "normal")[(s + round_no) % 2] for s in range(seats)]
        _play_deal(game, levels, rng)


def _shown(view: Any) -> str:
    """A view as JSON, without its options: the table's rules, which may name a card (Briscola's
    removed 2) that is in play (the test checks that they are the table's)."""
    return json.dumps({key: value for key, value in view.items() if key != "options"})


def _public_cards(game: Game, seat: int) -> set[str]:
    """Card codes the seat may know: its hand and whatever the public view shows."""
    text = _shown(game.view(None)) + json.dumps(game.view(seat).get("partner_hands", {}))
    codes = {c for c in game.full_deck() if f'"{c}"' in text}
    return codes | set(game.view(seat)["hand"])


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_input_of_a_computer_player_holds_no_hidden_card(name: str) -> None:
    seen: list[tuple[Game, int, dict[str, Any]]] = []

    def check(game: Game, seat: int, view: dict[str, Any], action: Action) -> None:
        assert view == game.view(seat), "the computer player must get the seat's view"
        assert view["options"] == game.options
        text = _shown(view)
        hidden = {c for c in game.full_deck() if f'"{c}"' in text} - _public_cards(game, seat)
        assert not hidden, f"hidden cards in a computer player's input: {sorted(hidden)}"
        seen.append((game, seat, view))

    rng = random.Random(f"hidden:{name}")
    seats = game_class(name).SEAT_COUNTS[0]
    _play_deal(new_game(name, seats=seats), ["hard"] * seats, rng, check)
    assert seen


def _mid_play(name: str, seed: int, cards_played: int) -> Game:
    """A game in its play phase with about ``cards_played`` cards already played."""
    rng = random.Random(seed)
    while True:
        game = new_game(name, seats=game_class(name).SEAT_COUNTS[0])
        deal_shuffled(game, rng)
        plays = 0
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            if game.view(seat)["phase"] == "play":
                if plays >= cards_played and len(legal) > 1:
                    return game
                plays += 1
            game.apply(seat, choose(game.view(seat), legal, "normal", rng))


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("level", ai.LEVELS)
def test_a_seed_and_a_sample_budget_fix_the_choice(name: str, level: str) -> None:
    for seed in range(3):
        game = _mid_play(name, seed, 3 + 2 * seed)
        seat = game.to_act
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions(seat)
        picks = {choose(view, legal, level, random.Random(9), samples=5) for _ in range(2)}
        assert len(picks) == 1


def test_unknown_level_and_empty_legal_list_are_refused() -> None:
    game = _mid_play("coinche", 1, 2)
    seat = game.to_act
    assert seat is not None
    with pytest.raises(ValueError, match="unknown computer level"):
        choose(game.view(seat), game.legal_actions(seat), "expert", random.Random(1))
    with pytest.raises(ValueError, match="no legal action"):
        choose(game.view(seat), [], "easy", random.Random(1))


# ------------------------------------------------------------------------ the easy faults
def _coinched_partner_contract() -> Game:
    """Seat 1 bids 80♥, seat 2 coinches; seat 3 (seat 1's partner) holds only the 7♥ (and no
    meld, which would count toward the contract)."""
    game = new_game("coinche", dealer=0)
    # Packets 3-2-3 from the dealer's right: seat 1, 2, 3, 0.
    hands = {
        1: ["AH", "TH", "KH", "JH", "9H", "QH", "8H", "AS"],
        2: ["AD", "TD", "KD", "JS", "9S", "QS", "8S", "7S"],
        3: ["7H", "AC", "TC", "KC", "7D", "8D", "9C", "8C"],
        0: ["QC", "JC", "9D", "JD", "QD", "KS", "TS", "7C"],
    }
    deck: list[str] = []
    start = {1: 0, 2: 0, 3: 0, 0: 0}
    for size in (3, 2, 3):
        for seat in (1, 2, 3, 0):
            deck += hands[seat][start[seat] : start[seat] + size]
            start[seat] += size
    game.deal(deck)
    game.apply(1, Action("bid", value=80, trump="H"))
    game.apply(2, Action("coinche"))
    return game


@pytest.mark.parametrize("level", ai.LEVELS)
def test_no_level_surcoinches_the_partners_contract_with_the_seven_alone(level: str) -> None:
    game = _coinched_partner_contract()
    assert game.to_act == 3
    legal = game.legal_actions(3)
    assert {a.type for a in legal} == {"pass", "surcoinche"}
    # The easy player errs at random, so it is asked often; the hard one weighs a table of
    # sampled deals (about 0.2 s an ask): ten such tables show whether it misjudges the 7 alone.
    for seed in range(40 if level != "hard" else 10):
        action = choose(game.view(3), legal, level, random.Random(seed))
        assert action.type == "pass"


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_chiamata_declarer_names_a_suit_whose_called_card_another_player_holds(
    level: str,
) -> None:
    """The hard declarer names the suit whose sampled deals pay him best, which may be one
    whose called card he holds himself: alone (``tests/games/ai/test_calling.py``)."""
    rng = random.Random(f"called:{level}")
    named = 0
    for _ in range(60):
        game = new_game("chiamata", dealer=rng.randrange(5))
        deal_shuffled(game, rng)
        while game.phase == "auction" or (game.phase != "play" and not game.awaiting_deck):
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions(seat)
            action = choose(view, legal, level, rng)
            if action.type == "trump":
                rank = view["called_rank"]
                hand = set(view["hand"])
                avoidable = any(rank + a.suit not in hand for a in legal if a.suit)
                if avoidable:
                    assert rank + str(action.suit) not in hand
                named += 1
            game.apply(seat, action)
            if game.awaiting_deck:
                break
    assert named > 5


# ---------------------------------------------------------------------- search pieces
def test_sampled_deals_keep_every_known_fact() -> None:
    for seed in range(20):
        game = _mid_play("coinche", seed, 6 + seed % 12)
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        know = Knowledge(view)
        sampler = Sampler(know, view)
        rng = random.Random(seed)
        for _ in range(10):
            dealt = sampler.sample(rng)
            assert dealt is not None
            hands, rest = dealt
            assert hands[seat] == know.mine
            assert [h.bit_count() for h in hands] == view["hand_sizes"]
            assert not rest
            union = 0
            for other, h in enumerate(hands):
                assert not h & union
                union |= h
                if other != seat:
                    assert not h & know.forbidden[other], "a sampled hand breaks a shown void"
                    assert h & know.held[other] == know.held[other]
            assert union == know.mine | know.unseen


def test_knowledge_sees_a_void_shown_by_not_following() -> None:
    view = {
        "game": "sueca",
        "seats": 4,
        "seat": 0,
        "hand": ["AS", "2H"],
        "hand_sizes": [2, 2, 2, 2],
        "trump": "D",
        "contract": None,
        "trump_card": None,
        "trump_card_seat": None,
        "trick": [],
        "events": [{"type": "trick", "cards": [[0, "3S"], [1, "4H"], [2, "5S"], [3, "6S"]]}],
        "teams": [[0, 2], [1, 3]],
        "options": dict(new_game("sueca").options),
    }
    know = Knowledge(view)
    rules = know.rules
    assert know.forbidden[1] & rules.suit_mask[0] == rules.suit_mask[0]
    assert not know.forbidden[2] & rules.mask(["7S"])


def _brute_force(deal: Deal) -> int:
    """Side 0's margin by plain minimax: what the solver's pruning must agree with."""
    if deal.remaining_cards == 0 and not deal.trick:
        return deal.points[0] - deal.points[1]
    legal = deal.legal()
    values = []
    for card in range(deal.rules.size):
        if legal >> card & 1:
            deal.play(card)
            values.append(_brute_force(deal))
            deal.unplay()
    return max(values) if deal.side[deal.turn] == 0 else min(values)


@pytest.mark.parametrize("name", ["coinche", "sueca", "briscola", "piquet"])
def test_the_double_dummy_solver_agrees_with_plain_minimax(name: str) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        game = new_game(name, seats=game_class(name).SEAT_COUNTS[0])
        rules = Rules(with_trump(game.public_view(), "H"))
        n = game.seats
        per_hand = 3 if n == 4 else 4
        cards = rng.sample(range(rules.size), per_hand * n)
        hands = [sum(1 << c for c in cards[i * per_hand : (i + 1) * per_hand]) for i in range(n)]
        side = [s % 2 for s in range(n)]
        deal = Deal(rules, list(hands), side, 0, [])
        snapshot = (list(deal.hands), list(deal.points), deal.turn)
        base = deal.points[0] - deal.points[1]
        solved = Solver().solve(deal)
        assert (list(deal.hands), list(deal.points), deal.turn) == snapshot
        if name == "piquet":
            continue  # the piquet bonus needs the whole deal; the margin is checked elsewhere
        assert solved + base == _brute_force(Deal(rules, list(hands), side, 0, []))


def test_equivalent_cards_are_tried_once() -> None:
    rules = Rules(
        {
            "game": "sueca",
            "seats": 4,
            "trump": "D",
            "contract": None,
            "options": dict(new_game("sueca").options),
        }
    )
    hands = [rules.mask(["5S", "4S", "KS"]), rules.mask(["AS", "2H", "3H"]), 0, 0]
    hands[2] = rules.mask(["7S", "5H", "6H"])
    hands[3] = rules.mask(["JS", "QH", "JH"])
    deal = Deal(rules, hands, [0, 1, 0, 1], 0, [])
    moves = {rules.deck[c] for c in distinct_moves(deal, deal.legal())}
    assert moves == {"KS", "5S"}  # 5♠ and 4♠ touch (3♠, 2♠ are out of play) and score alike


def _hearts_of_the_bidder(weighted: bool, monkeypatch: pytest.MonkeyPatch) -> float:
    """Mean number of hearts that seat 1 holds in seat 2's samples after seat 1 bid 120♥."""
    import games.ai.sampler as sampler_module

    monkeypatch.setattr(sampler_module, "AUCTION_WEIGHTS", weighted)
    game = new_game("coinche", dealer=0)
    deal_shuffled(game, random.Random(7))
    game.apply(1, Action("bid", value=120, trump="H"))
    view = game.view(2)
    sampler = Sampler(Knowledge(view), view)
    rules = Rules(view)
    hearts = sum(1 << rules.index[c] for c in rules.deck if c[1] == "H")
    rng = random.Random(1)
    counts = []
    for _ in range(200):
        dealt = sampler.sample(rng)
        assert dealt is not None
        counts.append((dealt[0][1] & hearts).bit_count())
    return sum(counts) / len(counts)


def test_a_bidder_is_sampled_with_the_hand_his_bid_claims(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = _hearts_of_the_bidder(False, monkeypatch)
    fitted = _hearts_of_the_bidder(True, monkeypatch)
    assert fitted > plain + 0.5, (plain, fitted)


def _first_bidder_holding(cards: list[str]) -> Game:
    """Coinche, dealer 0: seat 1 speaks first and holds ``cards``."""
    game = new_game("coinche", dealer=0)
    rest = [c for c in game.full_deck() if c not in cards]
    random.Random(3).shuffle(rest)
    hands = {1: cards, 2: rest[:8], 3: rest[8:16], 0: rest[16:]}
    deck: list[str] = []
    start = dict.fromkeys(hands, 0)
    for size in (3, 2, 3):
        for seat in (1, 2, 3, 0):
            deck += hands[seat][start[seat] : start[seat] + size]
            start[seat] += size
    game.deal(deck)
    return game


@pytest.mark.parametrize(
    ("cards", "trump"),
    [
        (["JS", "JH", "JD", "JC", "9S", "9H", "9D", "9C"], "AT"),
        (["AS", "AH", "AD", "AC", "TS", "TH", "TD", "TC"], "NT"),
    ],
)
def test_the_hard_auction_bids_sa_and_ta_with_the_hands_for_them(
    cards: list[str], trump: str
) -> None:
    game = _first_bidder_holding(cards)
    assert game.to_act == 1
    legal = game.legal_actions(1)
    for seed in range(3):
        action = choose(game.view(1), legal, "hard", random.Random(seed), samples=16)
        assert action.type == "bid" and action.trump == trump, action
