"""Independent audit of the Coinche engine against docs/rules.md §3, §8 and §10 items 5–10 and 13.

The auction tests follow the turn order of §3.2 seat by seat; the scoring tests take each
option of §3.8 through the situation where it changes a score, at the level of
``score_coinche_hand`` and in whole deals built to make it arise.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.actions import COINCHE, PASS, PLAY, SURCOINCHE, Action
from games.base import IllegalAction
from games.belote_rules import round_half_up_div
from games.cards import FRENCH_32
from games.coinche import Coinche, score_coinche_hand
from games.options import OptionError


def bid(value: int | str, trump: str) -> Action:
    return Action("bid", value=value, trump=trump)


def auction(dealer: int = 3, **options: Any) -> Coinche:
    game = Coinche(options, dealer=dealer)
    game.deal(list(FRENCH_32))
    return game


def calls(game: Coinche, *steps: tuple[int, Action]) -> None:
    for seat, action in steps:
        assert game.to_act == seat, (seat, action, game.to_act)
        game.apply(seat, action)


# ------------------------------------------------------------------------------ auction §3.2
@pytest.mark.parametrize("coincher, window", [(1, [2, 0]), (3, [0, 2])])
def test_after_a_coinche_the_bidding_side_answers_from_the_coinchers_right(
    coincher: int, window: list[int]
) -> None:
    game = auction()
    calls(game, (0, bid(80, "H")))
    for seat in range(1, coincher):
        calls(game, (seat, PASS))
    calls(game, (coincher, COINCHE))
    for seat in window:
        assert game.to_act == seat
        assert game.legal_actions(seat) == [PASS, SURCOINCHE]
        for other in range(4):
            if other != seat:
                assert game.legal_actions(other) == []
        assert not game.is_legal(seat, COINCHE) and not game.is_legal(seat, bid(90, "S"))
        game.apply(seat, PASS)
    # The coincher's partner was never asked; the contract stands doubled.
    assert game.phase == "play" and game.multiplier == 2
    assert game.view(None)["doubled"] == 1
    assert [e["seat"] for e in game.view(None)["auction"]][-2:] == window


def test_surcoinche_by_the_second_of_the_bidding_side_ends_at_four() -> None:
    game = auction()
    calls(game, (0, bid(100, "S")), (1, COINCHE), (2, PASS), (0, SURCOINCHE))
    assert game.phase == "play" and game.multiplier == 4
    assert game.view(None)["contract"]["multiplier"] == 4 and game.view(None)["doubled"] == 2


def test_a_bidder_may_coinche_nothing_of_his_own_side() -> None:
    game = auction()
    assert COINCHE not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="nothing to coinche"):
        game.apply(0, COINCHE)
    calls(game, (0, bid(80, "H")), (1, PASS))
    assert not game.is_legal(2, COINCHE)
    calls(game, (2, bid(90, "H")))  # over his own partner [W24]
    assert COINCHE in game.legal_actions(3)
    assert game.bidder == 2


def test_a_player_who_passed_may_bid_again_and_passes_restart_after_a_bid() -> None:
    game = auction()
    calls(game, (0, PASS), (1, bid(80, "C")), (2, PASS), (3, PASS))
    calls(game, (0, bid(90, "D")), (1, PASS), (2, PASS))
    assert game.phase == "auction"
    calls(game, (3, PASS))
    assert game.phase == "play" and game.declarer == 0 and game.to_act == 0


@pytest.mark.parametrize("value", ["capot", "generale"])
@pytest.mark.parametrize("bidder", [0, 1, 2, 3])
def test_capot_coinchable_window_item_10(value: str, bidder: int) -> None:
    game = auction(capot_coinchable=True, generale_enabled=True)
    for seat in range(bidder):
        calls(game, (seat, PASS))
    calls(game, (bidder, bid(value, "H")))
    first, second = (bidder + 1) % 4, (bidder + 3) % 4
    assert game.to_act == first
    assert game.legal_actions(first) == [PASS, COINCHE]
    for bad in (bid("generale", "S"), SURCOINCHE, bid(160, "S")):
        assert not game.is_legal(first, bad)
    calls(game, (first, PASS))
    assert game.to_act == second
    calls(game, (second, COINCHE))
    # Now the bidding side from the coincher's right: the bidder's partner or the bidder.
    answer = [(second + 1) % 4, (second + 3) % 4]
    assert sorted(answer) == sorted([bidder, (bidder + 2) % 4])
    calls(game, (answer[0], PASS), (answer[1], PASS))
    assert game.phase == "play" and game.multiplier == 2
    assert game.to_act == 0  # p_0 leads (dealer 3)


def test_capot_window_both_pass_and_first_coinche_skips_the_second() -> None:
    game = auction(capot_coinchable=True)
    calls(game, (0, bid("capot", "S")), (1, PASS), (3, PASS))
    assert game.phase == "play" and game.multiplier == 1
    game = auction(capot_coinchable=True)
    calls(game, (0, bid("capot", "S")), (1, COINCHE))
    assert game.to_act == 2  # seat 3 (the coincher's partner) is skipped
    calls(game, (2, SURCOINCHE))
    assert game.multiplier == 4


def test_without_capot_coinchable_capot_and_generale_end_the_auction() -> None:
    game = auction(generale_enabled=True)
    calls(game, (0, bid(120, "S")), (1, bid("generale", "NT")))
    assert game.phase == "play" and game.multiplier == 1 and game.declarer == 1
    game = auction(generale_enabled=True, capot_coinchable=True)
    calls(game, (0, bid("capot", "S")))
    # No générale over a capot, even while the window is open.
    assert not game.is_legal(1, bid("generale", "S"))


def test_four_passes_redeal_by_the_next_dealer() -> None:
    game = auction(dealer=1)
    calls(game, (2, PASS), (3, PASS), (0, PASS), (1, PASS))
    assert game.awaiting_deck and game.dealer == 2
    assert game.events[-1] == {"type": "deal_result", "seat": None, "passed_out": True}


# -------------------------------------------------------------------------- deck building
def coinche_deck(hands: dict[int, str], dealer: int = 3, packets: str = "3-2-3") -> list[str]:
    order = [(dealer + 1 + k) % 4 for k in range(4)]
    cards = {s: hands[s].split() for s in order}
    deck: list[str] = []
    start = 0
    for size in (int(n) for n in packets.split("-")):
        for s in order:
            deck += cards[s][start : start + size]
        start += size
    assert sorted(deck) == sorted(FRENCH_32)
    return deck


def play_with(game: Coinche, plans: dict[int, str]) -> None:
    """Each seat plays the first legal card of its plan, else its first legal card."""
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        legal = [a.card for a in game.legal_actions(seat)]
        card = next((c for c in plans.get(seat, "").split() if c in legal), legal[0])
        game.apply(seat, PLAY[card])


# Seat 0 holds every spade: it wins all eight tricks personally. Melds: every seat a run of
# eight (quinte); seat 0's is in trumps, so A wins them: M = 200 (seats 0 and 2). Belote A.
ALONE = {0: "7S 8S 9S TS JS QS KS AS", 1: "7H 8H 9H TH JH QH KH AH"}
ALONE |= {2: "7D 8D 9D TD JD QD KD AD", 3: "7C 8C 9C TC JC QC KC AC"}
# Seat 0 wins seven trump tricks, then leads 7H and the partner's AH takes the last: team A
# has all eight tricks, but not the bidder alone. Melds: A has spades A-8 (quinte, trump) and
# diamonds A-J (quarte) and 9-8-7 of clubs: 170; B's best, a quinte of clubs, loses to the
# trump quinte.
SHARED = {
    0: "JS 9S AS TS KS QS 8S 7H",
    1: "7S 8H 9H TH 7D 8D 9D TD",
    2: "AH KD QD JD AD 7C 8C 9C",
    3: "KH QH JH TC JC QC KC AC",
}
SHARED_PLAN = {0: "JS 9S AS TS KS QS 8S 7H", 2: "KD QD JD AD 7C 8C 9C AH"}


def contract_deal(
    hands: dict[int, str], value: int | str, options: dict[str, Any], plans: dict[int, str]
) -> Coinche:
    game = Coinche({"generale_enabled": True, **options}, dealer=3)
    game.deal(coinche_deck(hands))
    game.apply(0, bid(value, "S"))
    while game.phase == "auction":
        game.apply(game.to_act or 0, PASS)
    play_with(game, plans)
    return game


def test_generale_is_won_by_the_bidder_personally() -> None:
    game = contract_deal(ALONE, "generale", {}, {})
    assert game.tricks_won == [8, 0, 0, 0]
    assert game.meld_points() == [200, 0] and game.belote_points == [20, 0]
    assert game.deal_results[-1]["scores"] == [1000 + 200 + 20, 0]
    assert game.events[-1]["outcome"] == "success"
    game = contract_deal(SHARED, "generale", {}, SHARED_PLAN)
    assert game.tricks_won[0] == 7 and game.tricks_won[2] == 1
    assert game.meld_points() == [170, 0]
    assert game.deal_results[-1]["scores"] == [20, 1000]
    assert game.events[-1]["outcome"] == "failure"
    # The same tricks make a capot contract: the team's eight tricks are enough.
    game = contract_deal(SHARED, "capot", {}, SHARED_PLAN)
    assert game.deal_results[-1]["scores"] == [500 + 170 + 20, 0]


def test_coinche_game_ends_only_on_unequal_totals() -> None:
    game = contract_deal(ALONE, "generale", {"target_score": 1000}, {})
    assert game.over and game.winners == [0]
    game = Coinche({"generale_enabled": True, "target_score": 1000}, dealer=3)
    game.totals = [0, 1220]
    game.deal(coinche_deck(ALONE))
    game.apply(0, bid("generale", "S"))
    play_with(game, {})
    assert game.totals == [1220, 1220] and not game.over and game.awaiting_deck


@pytest.mark.parametrize("value", [350, 500, 700, 1000])
def test_generale_value_in_every_method(value: int) -> None:
    opts = {"generale_value": value}
    game = contract_deal(ALONE, "generale", opts, {})
    assert game.deal_results[-1]["scores"] == [value + 220, 0]
    game = contract_deal(SHARED, "generale", opts, SHARED_PLAN)
    assert game.deal_results[-1]["scores"] == [20, value]
    fails = {**opts, "failed_contract_melds": "all_to_defenders"}
    game = contract_deal(SHARED, "generale", fails, SHARED_PLAN)
    assert game.deal_results[-1]["scores"] == [20, value + 170]
    bonus = {**opts, "scoring_method": "bonus_only"}
    assert contract_deal(ALONE, "generale", bonus, {}).deal_results[-1]["scores"] == [value, 0]
    game = contract_deal(SHARED, "generale", bonus, SHARED_PLAN)
    assert game.deal_results[-1]["scores"] == [0, value]
    plus = {**opts, "scoring_method": "belote_plus_bonus", "rounding": "none"}
    game = contract_deal(ALONE, "generale", plus, {})
    assert game.deal_results[-1]["trick_points"] == [252, 0]
    assert game.deal_results[-1]["scores"] == [252 + 200 + 20 + value, 0]
    game = contract_deal(SHARED, "generale", plus, SHARED_PLAN)
    assert game.deal_results[-1]["scores"] == [20, 250 + value]  # §10 item 9


def test_capot_bid_scores_in_every_method() -> None:
    game = contract_deal(SHARED, "capot", {"scoring_method": "bonus_only"}, SHARED_PLAN)
    assert game.deal_results[-1]["scores"] == [250, 0]
    plus = {"scoring_method": "belote_plus_bonus", "rounding": "none"}
    game = contract_deal(SHARED, "capot", plus, SHARED_PLAN)
    assert game.deal_results[-1]["scores"] == [252 + 170 + 20 + 250, 0]


def test_success_needs_more_does_not_touch_a_capot_contract_item_7() -> None:
    # Seat 1's carré of jacks (200) outweighs team A's 162 card points; the capot still wins.
    opts = {"success_needs_more": True, "melds_enabled": True}
    assert score(170, [162, 0], melds=(0, 200), tricks=(8, 0), **opts) == [500, 200]


# ---------------------------------------------------------------------- scoring quantities
DEFAULTS: dict[str, Any] = dict(Coinche().options)


def score(
    level: int,
    cp: list[int],
    melds: tuple[int, int] = (0, 0),
    belote: tuple[int, int] = (0, 0),
    m: int = 1,
    tricks: tuple[int, int] = (4, 4),
    declarer_tricks: int = 2,
    declarer: int = 0,
    **options: Any,
) -> list[int]:
    opts = {**DEFAULTS, **options}
    result = score_coinche_hand(
        declarer, level, m, cp, list(melds), list(belote), list(tricks), declarer_tricks, opts
    )
    return list(result["scores"])


def test_contract_basis_chooses_what_counts() -> None:
    # A: cards 90 + tierce 20 + belote 20 = 130.
    args: dict[str, Any] = {"melds": (20, 0), "belote": (20, 0), "rounding": "none"}
    assert score(110, [90, 72], **args) == [110 + 130, 72]
    assert score(110, [90, 72], **args, contract_basis="cards_belote") == [110 + 130, 72]
    assert score(110, [90, 72], **args, contract_basis="cards") == [20, 160 + 110]
    assert score(120, [90, 72], **args, contract_basis="cards_belote") == [20, 160 + 120]
    assert score(120, [90, 72], **args) == [120 + 130, 72]


def test_eighty_needs_82() -> None:
    none: dict[str, Any] = {"rounding": "none"}
    assert score(80, [81, 81], **none) == [0, 240]
    assert score(80, [82, 80], **none) == [162, 80]
    assert score(80, [80, 82], eighty_needs_82=False, **none) == [160, 82]
    assert score(80, [70, 92], melds=(20, 0), eighty_needs_82=False, **none) == [170, 92]
    # Only the 80 contract is concerned.
    assert score(90, [90, 72], **none) == [180, 72]
    assert score(90, [89, 73], eighty_needs_82=False, **none) == [0, 160 + 90 + 0]
    assert score(90, [85, 77], **none) == [0, 250]


def test_success_needs_more_compares_tot_item_7() -> None:
    none: dict[str, Any] = {"rounding": "none", "success_needs_more": True}
    # Contract made on the cards, but B's melds make TOT B larger.
    assert score(100, [101, 61], melds=(0, 50), contract_basis="cards", **none) == [0, 260 + 50]
    # Equal totals are not "more".
    assert score(80, [81, 81], eighty_needs_82=False, **none) == [0, 240]
    assert score(80, [92, 70], melds=(0, 20), **none) == [172, 90]
    # TOT, not the contract basis: A's cards 82 and quarte 50 (132) beat B's 80 + belote 20.
    args: dict[str, Any] = {"melds": (50, 0), "belote": (0, 20), "contract_basis": "cards"}
    assert score(80, [82, 80], **args, **none) == [212, 100]


def test_belote_plus_bonus_details() -> None:
    plus: dict[str, Any] = {"scoring_method": "belote_plus_bonus", "rounding": "none"}
    # Success, m = 1: Belote records plus the contract.
    assert score(90, [100, 62], melds=(0, 20), belote=(0, 20), **plus) == [190, 102]
    # Success, m = 2: the bonus is doubled, B's record but its belote moves to A.
    assert score(90, [100, 62], melds=(0, 20), belote=(0, 20), m=2, **plus) == [
        100 + 180 + 82,
        20,
    ]
    # m = 4: the cards are not multiplied.
    assert score(90, [100, 62], m=4, **plus) == [100 + 360 + 62, 0]
    # Failure: D keeps its belote; B has the pool, both sides' melds, its belote and the bonus.
    assert score(160, [70, 92], melds=(50, 0), belote=(20, 20), **plus) == [
        20,
        162 + 50 + 20 + 160,
    ]
    assert score(160, [70, 92], melds=(50, 0), belote=(20, 0), m=2, **plus) == [20, 162 + 50 + 320]
    # A capot bid made, coinched: B's melds move over too.
    assert score(170, [252, 0], melds=(0, 50), tricks=(8, 0), m=2, **plus) == [
        252 + 500 + 50,
        0,
    ]
    # The B capot in a numeric contract: B's pool is 252 (the 100-point last trick).
    assert score(100, [0, 252], tricks=(0, 8), **plus) == [0, 252 + 100]
    # Rounding applies to this method too (§10 item 9).
    assert score(90, [100, 62], scoring_method="belote_plus_bonus") == [190, 60]


def test_bonus_only_ignores_everything_but_the_outcome() -> None:
    only: dict[str, Any] = {"scoring_method": "bonus_only", "rounding": "none"}
    assert score(110, [113, 49], melds=(0, 100), belote=(0, 20), **only) == [110, 0]
    assert score(110, [113, 49], m=4, **only) == [440, 0]
    assert score(170, [162, 0], tricks=(8, 0), m=2, **only) == [500, 0]
    assert score(170, [152, 10], tricks=(7, 1), m=2, **only) == [0, 500]
    assert score(110, [113, 49], declarer=1, **only) == [110, 0]  # B bid and failed


@pytest.mark.parametrize(
    "unbid, expected",
    [
        ("bonus", (100 + 162 + 250 + 20) * 2),
        ("replaces_cards", (100 + 250 + 20) * 2),
        ("none", 564),
    ],
)
def test_unbid_capot_with_a_multiplier(unbid: str, expected: int) -> None:
    scores = score(
        100, [162, 0], melds=(20, 0), tricks=(8, 0), m=2, unbid_capot=unbid, rounding="none"
    )
    assert scores == [expected, 0]


def test_unbid_capot_belongs_to_the_standard_method_only() -> None:
    plus: dict[str, Any] = {"scoring_method": "belote_plus_bonus", "rounding": "none"}
    for unbid in ("bonus", "replaces_cards", "none"):
        assert score(100, [252, 0], tricks=(8, 0), unbid_capot=unbid, **plus) == [352, 0]


def test_multiply_belote_false_everywhere() -> None:
    opts: dict[str, Any] = {"multiply_belote": False, "rounding": "none"}
    assert score(170, [162, 0], melds=(20, 0), belote=(20, 20), tricks=(8, 0), m=2, **opts) == [
        (500 + 20) * 2 + 20,
        20,
    ]
    assert score(170, [152, 10], belote=(20, 20), tricks=(7, 1), m=4, **opts) == [20, 2000 + 20]
    assert score(110, [113, 49], belote=(20, 20), m=2, **opts) == [(110 + 113) * 2 + 20, 98 + 20]


def test_rounding_none_and_half_up() -> None:
    assert score(110, [113, 49], rounding="none") == [223, 49]
    assert score(110, [113, 49]) == [220, 50]
    assert score(110, [115, 47]) == [230, 50]  # 225 → 230, 47 → 50


def test_failed_capot_gives_the_defenders_their_melds_by_option() -> None:
    args: dict[str, Any] = {"melds": (50, 20), "belote": (0, 20), "tricks": (7, 1)}
    assert score(170, [152, 10], **args) == [0, 500 + 20 + 20]
    assert score(170, [152, 10], **args, failed_contract_melds="all_to_defenders") == [0, 590]
    assert score(170, [152, 10], **args, failed_contract_melds="none") == [0, 520]


# ------------------------------------------------------------------- SA/TA scales (§3.3)
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    trump=st.sampled_from(["NT", "AT", "H"]),
    scale=st.sampled_from(["card_values_162", "proportional", "raw"]),
    method=st.sampled_from(["standard", "belote_plus_bonus"]),
)
def test_scales_convert_card_points(seed: int, trump: str, scale: str, method: str) -> None:
    rng = random.Random(seed)
    game = Coinche({"sa_ta_scale": scale, "scoring_method": method}, dealer=3)
    deck = list(FRENCH_32)
    rng.shuffle(deck)
    game.deal(deck)
    game.apply(0, bid(80, trump))
    for seat in (1, 2, 3):
        game.apply(seat, PASS)
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    result = game.events[-1]
    raw = result["trick_points"]
    pool = {"NT": 130, "AT": 258}.get(trump, 162)
    capot = 0 in game.side_tricks()
    bonus = 90 if capot and method == "belote_plus_bonus" else 0
    if scale == "card_values_162" or trump == "H":
        assert sum(raw) == 162 + bonus and result["card_points"] == raw
    elif scale == "raw":
        assert sum(raw) == pool + bonus and result["card_points"] == raw
    else:
        assert sum(raw) == pool + bonus
        extra = [bonus if t == 8 else 0 for t in game.side_tricks()]
        expect = [
            round_half_up_div((p - e) * 162, pool) + e for p, e in zip(raw, extra, strict=True)
        ]
        assert result["card_points"] == expect
        assert sum(expect) == 162 + bonus  # §10 item 8: 252 after conversion on a capot


def test_proportional_capot_under_belote_plus_bonus_makes_252_item_8() -> None:
    # SA by seat 0, who holds the four aces and four tens and leads them: all eight tricks.
    hands = {
        0: "AS TS AH TH AD TD AC TC",
        1: "KS QS JS 9S KH QH JH 9H",
        2: "8S 7S 8H 7H 8D 7D 8C 7C",
        3: "KD QD JD 9D KC QC JC 9C",
    }
    for scale, points in (("proportional", 252), ("raw", 220), ("card_values_162", 252)):
        opts = {"scoring_method": "belote_plus_bonus", "sa_ta_scale": scale, "rounding": "none"}
        game = Coinche({**opts, "melds_enabled": False}, dealer=3)
        game.deal(coinche_deck(hands))
        calls(game, (0, bid(80, "NT")), (1, PASS), (2, PASS), (3, PASS))
        play_with(game, {0: hands[0]})
        assert game.side_tricks() == [8, 0]
        result = game.events[-1]
        assert result["trick_points"] == [220 if scale != "card_values_162" else 252, 0]
        assert result["card_points"] == [points, 0]
        assert game.deal_results[-1]["scores"] == [points + 80, 0]
    game = Coinche({"sa_ta_scale": "proportional", "melds_enabled": False}, dealer=3)
    game.deal(coinche_deck(hands))
    calls(game, (0, bid(80, "NT")), (1, PASS), (2, PASS), (3, PASS))
    play_with(game, {0: hands[0]})
    assert game.events[-1]["card_points"] == [162, 0]
    assert game.deal_results[-1]["scores"] == [80 + 162 + 250 - 2, 0]  # 492 rounds to 490


def test_proportional_ta_conversion_and_success_test_item_8() -> None:
    # TA on the 258 scale: 155 / 103 raw points become 97 / 65 (sum 162), and the converted
    # points are what the success test and the score use.
    assert round_half_up_div(103 * 162, 258) == 65
    assert round_half_up_div(155 * 162, 258) == 97
    assert score(80, [97, 65], rounding="none") == [177, 65]


# ------------------------------------------------------------------------------- options
def test_coinche_rejects_the_belote_only_keys_item_5() -> None:
    for key, value in (
        ("redeal_by", "same_dealer"),
        ("round2_sa_ta", True),
        ("first_deal_packets", "2-3"),
        ("success_basis", "cards"),
        ("sa_card_multiplier", 2),
        ("ta_card_multiplier", 2),
        ("capot_takes_melds", True),
    ):
        with pytest.raises(OptionError, match=key):
            Coinche({key: value})


@pytest.mark.parametrize("method, target", [("standard", 3000), ("belote_plus_bonus", 2000)])
def test_target_default_decides_the_end(method: str, target: int) -> None:
    game = Coinche({"scoring_method": method}, dealer=3)
    assert game.options["target_score"] == target
    assert game.to_record()["options"]["target_score"] == target
    with pytest.raises(OptionError, match="target_score"):
        Coinche({"scoring_method": method, "target_score": 0})


# ------------------------------------------------------------------------------- deal §3.1
@pytest.mark.parametrize("packets", ["3-2-3", "3-3-2", "2-3-3"])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_every_packet_pattern_deals_by_the_index_formula(packets: str, dealer: int) -> None:
    deck = list(FRENCH_32)
    random.Random(dealer).shuffle(deck)
    game = Coinche({"deal_packets": packets}, dealer=dealer)
    game.deal(deck)
    sizes = [int(n) for n in packets.split("-")]
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        expected: list[str] = []
        start = 0
        for size in sizes:
            expected += deck[start + size * k : start + size * (k + 1)]
            start += 4 * size
        assert sorted(game.view(seat)["hand"]) == sorted(expected)
    assert game.to_act == (dealer + 1) % 4


# ------------------------------------------- §3.3–3.6 recomputed from the public events alone
SA_162 = {"A": 19, "T": 10, "K": 4, "Q": 3, "J": 2}
TA_162 = {"J": 14, "9": 9, "A": 6, "T": 5, "K": 3, "Q": 1}
PLAIN = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
TRUMP = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}


def card_points(card: str, trump: str, scale: str) -> int:
    if trump == "NT":
        return (SA_162 if scale == "card_values_162" else PLAIN).get(card[0], 0)
    if trump == "AT":
        return (TA_162 if scale == "card_values_162" else TRUMP).get(card[0], 0)
    return (TRUMP if card[1] == trump else PLAIN).get(card[0], 0)


def reference_coinche_hand(events: list[dict[str, Any]], opts: dict[str, Any]) -> dict[str, Any]:
    """docs/rules.md §3.3–3.6 with §10 items 7–9, from the auction, trick, melds and belote events."""
    bids = [e for e in events if e["type"] == "bid"]
    value, trump, bidder = bids[-1]["value"], bids[-1]["trump"], bids[-1]["seat"]
    kinds = [e["type"] for e in events]
    m = 4 if "surcoinche" in kinds else 2 if "coinche" in kinds else 1
    method, scale = opts["scoring_method"], opts["sa_ta_scale"]
    cp, tricks, bel, mp = [0, 0], [0, 0], [0, 0], [0, 0]
    bidder_tricks = 0
    for e in events:
        if e["type"] == "trick":
            side = e["winner"] % 2
            cp[side] += sum(card_points(c, trump, scale) for _, c in e["cards"])
            tricks[side] += 1
            bidder_tricks += e["winner"] == bidder
            last = side
        elif e["type"] == "rebelote":
            bel[e["seat"] % 2] += 20
        elif e["type"] == "melds" and e["side"] is not None:
            mp[e["side"]] = e["points"]
    capot = 8 in tricks
    cp[last] += 10
    raw = list(cp)
    if capot and method == "belote_plus_bonus":
        raw[last] += 90
    if scale == "proportional" and trump in ("NT", "AT"):
        pool = 130 if trump == "NT" else 258
        cp = [(2 * p * 162 + pool) // (2 * pool) for p in cp]  # round half up
    if capot and method == "belote_plus_bonus":
        cp[last] += 90
    d = bidder % 2
    o = 1 - d
    tot = [cp[i] + mp[i] + bel[i] for i in (0, 1)]
    test = {
        "all": tot[d],
        "cards_belote": cp[d] + bel[d],
        "cards_melds": cp[d] + mp[d],
        "cards": cp[d],
    }[opts["contract_basis"]]
    if value == "capot":
        success = tricks[d] == 8
    elif value == "generale":
        success = bidder_tricks == 8
    else:
        need = 82 if value == 80 and opts["eighty_needs_82"] else value
        success = test >= need and (not opts["success_needs_more"] or tot[d] > tot[o])
    big = {"capot": 250, "generale": opts["generale_value"]}
    bonus = big.get(value, value)
    win = d if success else o
    scores = [0, 0]
    if method == "bonus_only":
        scores[win] = bonus * m
    elif method == "belote_plus_bonus":
        if success:
            scores[d], scores[o] = tot[d] + bonus * m, tot[o]
            if m > 1:
                scores[d] += tot[o] - bel[o]
                scores[o] = bel[o]
        elif value in big:
            scores[d], scores[o] = bel[d], 250 + bonus * m + bel[o]
        else:
            scores[d], scores[o] = bel[d], sum(cp) + mp[0] + mp[1] + bel[o] + bonus * m
    else:
        bm = m if opts["multiply_belote"] else 1
        x_o = {
            "defenders_own": mp[o],
            "all_to_defenders": mp[o] + mp[d],
            "none": 0,
        }[opts["failed_contract_melds"]]
        flat = {"capot": 500, "generale": opts["generale_value"]}
        if value in flat and success:
            scores[d] = (flat[value] + mp[d]) * m + bel[d] * bm
            scores[o] = mp[o] * m + bel[o] * bm
        elif value in flat:
            scores[d] = bel[d] * bm
            scores[o] = (flat[value] + x_o) * m + bel[o] * bm
        elif success:
            made = value + cp[d] + mp[d]
            if tricks[d] == 8:
                made = {
                    "bonus": made + 250,
                    "replaces_cards": value + 250 + mp[d],
                    "none": made,
                }[opts["unbid_capot"]]
            scores[d] = made * m + bel[d] * bm
            scores[o] = (cp[o] + mp[o]) * m + bel[o] * bm
        else:
            scores[d] = bel[d] * bm
            scores[o] = (160 + value + x_o) * m + bel[o] * bm
    if opts["rounding"] == "half_up_10":
        scores = [10 * ((x + 5) // 10) for x in scores]
    return {"scores": scores, "raw": raw, "cp": cp, "success": success}


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_coinche_scores_recomputed_from_events(seed: int) -> None:
    from tests.games.conftest import random_options

    rng = random.Random(seed)
    options = random_options("coinche", rng)
    options["target_score"] = rng.choice([500, 1500, 3000])
    game = Coinche(options, dealer=rng.randrange(4))
    opts = game.options
    totals = [0, 0]
    while not game.over and len(game.deal_results) < 10:
        deck = list(FRENCH_32)
        rng.shuffle(deck)
        game.deal(deck)
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            passes = [a for a in legal if a.type == "pass"]
            bids = [a for a in legal if a.type == "bid"]
            roll = rng.random()
            if passes and roll < 0.55:
                action = passes[0]
            elif bids and roll < 0.8:
                action = bids[min(len(bids) - 1, int(rng.expovariate(0.4)))]
            else:
                action = rng.choice(legal)
            game.apply(seat, action)
        result = game.deal_results[-1]
        if result["trick_points"] is None:
            assert result["scores"] == [0, 0]
            continue
        expected = reference_coinche_hand(game.events, opts)
        assert result["trick_points"] == expected["raw"]
        assert game.events[-1]["card_points"] == expected["cp"]
        assert result["scores"] == expected["scores"], expected
        totals = [totals[0] + result["scores"][0], totals[1] + result["scores"][1]]
        assert game.totals == totals
        ends = max(totals) >= opts["target_score"] and totals[0] != totals[1]
        assert game.over == ends
